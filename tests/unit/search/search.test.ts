import { describe, expect, it } from 'vitest';
import { BRANDS } from '../../../src/lib/catalog/brands.ts';
import { CATEGORY_TREE } from '../../../src/lib/catalog/kicad-library-map.ts';
import {
  asciiLower,
  boundedDistance,
  buildDictionary,
  categoryNameParts,
  cleanKeyword,
  escapeHtml,
  escapeLike,
  findNeedles,
  highlightMpn,
  markRanges,
  nearestTerm,
  packageOf,
  parseQuery,
  popularityPrior,
  quantityOf,
  termKey,
  typoBudget,
  wildcardKey,
  type DictToken,
  type QueryToken,
} from '../../../src/lib/search/search.ts';
import { CATEGORY_SYNONYMS } from '../../../src/lib/search/synonyms.ts';

// The real category tree and brand list, with brand ids as a database would number them.
const dict = buildDictionary(
  CATEGORY_TREE.map((c) => ({
    cateId: c.cateId,
    cateName: c.cateName,
    cateNameEn: c.cateNameEn,
    level: c.level,
    parentId: c.parentId,
  })),
  BRANDS.map((b, i) => ({
    id: i + 1,
    key: b.key,
    nameZh: b.nameZh,
    nameEn: b.nameEn,
  })),
);
const brandId = (key: string) => BRANDS.findIndex((b) => b.key === key) + 1;

function kinds(q: string): string[] {
  return parseQuery(q, dict).tokens.map((t) => `${t.kind}:${t.text}`);
}
function dictToken(tokens: readonly QueryToken[], i = 0): DictToken {
  const t = tokens[i];
  if (!t || t.kind !== 'dict') throw new Error(`token ${i} is ${t?.kind}`);
  return t;
}

describe('keyword clean-up', () => {
  it('folds full-width forms, collapses spaces and removes control characters', () => {
    expect(cleanKeyword('  ＳＴＭ３２\tF103\u0000  ')).toBe('STM32 F103');
    expect(asciiLower('LM358Ω')).toBe('lm358Ω');
    expect(escapeLike('10%_a\\b')).toBe('10\\%\\_a\\\\b');
  });

  it('builds dictionary keys that ignore case, spaces, dashes and plurals', () => {
    expect(termKey('Op Amps')).toBe('opamp');
    expect(termKey('op-amp')).toBe('opamp');
    expect(termKey('DC-DC')).toBe('dcdc');
    expect(termKey('MOS管')).toBe('mos管');
    expect(termKey('MOS')).toBe('mos');
    expect(termKey('Voltage Regulators')).toBe(termKey('voltage regulator'));
  });

  it('splits category names into what people type, not inside words', () => {
    expect(categoryNameParts('线性稳压器 (LDO)')).toEqual(['线性稳压器 (LDO)', '线性稳压器', 'LDO']);
    expect(categoryNameParts('USB 转串口/桥接')).toEqual(['USB 转串口/桥接', 'USB 转串口', '桥接']);
    expect(categoryNameParts('稳压(齐纳)二极管')).toEqual(['稳压(齐纳)二极管']);
    expect(categoryNameParts('I/O 扩展器')).toEqual(['I/O 扩展器']);
  });
});

describe('dictionary', () => {
  it('maps every synonym group onto existing categories', () => {
    const ids = new Set(CATEGORY_TREE.map((c) => c.cateId));
    for (const entry of CATEGORY_SYNONYMS) for (const id of entry.cateIds) expect(ids.has(id), `${entry.terms[0]} → ${id}`).toBe(true);
  });

  it('knows the engineering synonyms of the brief in Chinese and English', () => {
    const groups: [string[], number][] = [
      [['运放', '运算放大器', 'op amp', 'operational amplifier'], 200],
      [['单片机', 'MCU', '微控制器', 'microcontroller'], 100],
      [['LDO', '线性稳压器'], 150],
      [['电容', 'capacitor'], 551],
      [['电阻', 'resistor'], 550],
      [['二极管', 'diode'], 450],
      [['三极管', '晶体管', 'transistor', 'BJT'], 452],
      [['MOS管', '场效应管', 'MOSFET'], 453],
      [['晶振', 'crystal', 'oscillator'], 554],
      [['电感', 'inductor'], 552],
      [['连接器', 'connector'], 11],
      [['光耦', 'optocoupler'], 501],
      [['传感器', 'sensor'], 7],
    ];
    const parentOf = new Map(CATEGORY_TREE.map((c) => [c.cateId, c.parentId]));
    const within = (id: number, root: number) => {
      for (let c: number | null | undefined = id; c !== null && c !== undefined; c = parentOf.get(c)) if (c === root) return true;
      return false;
    };
    for (const [terms, cate] of groups) {
      for (const term of terms) {
        // The category itself, or a more specific one below it ('crystal' → Crystals under 晶振与振荡器).
        const best = [...(dict.terms.get(termKey(term))?.cates ?? [])].filter(([id, w]) => w >= 200 && within(id, cate));
        expect(best.length, `${term} → ${cate}`).toBeGreaterThan(0);
      }
    }
    // 稳压 / voltage regulator cover linear and switching regulators.
    expect([...dict.terms.get(termKey('voltage regulator'))!.cates.keys()]).toEqual(expect.arrayContaining([150, 151]));
  });

  it('reaches categories whose names contain a term with a lower weight', () => {
    const diode = dict.terms.get('二极管')!;
    expect(diode.cates.get(450)).toBe(220); // the category's own name
    expect(dict.terms.get(termKey('二极管管'))).toBeUndefined();
    expect(dict.terms.get(termKey('晶振'))!.cates.get(55401)).toBe(220); // since issue #29, LCSC's name of the crystals node
    expect(dict.terms.get(termKey('石英晶体'))!.cates.get(554)).toBe(200); // a synonym
    expect(diode.cates.get(40901)).toBe(120); // 光电二极管
  });

  it('prefers the specific category over an ancestor that also names the term', () => {
    const rs485 = dict.terms.get(termKey('RS-485'))!;
    expect(rs485.cates.get(30201)).toBe(220);
    expect(rs485.cates.get(302)).toBe(120); // 'RS-232 / RS-485 / UART'
    expect(dict.terms.get(termKey('有源晶振'))!.cates.get(55402)).toBe(220);
    expect(dict.terms.get(termKey('有源晶振'))!.cates.get(55404)).toBe(200);
  });

  it('knows brands by Chinese name, English name, key and alias', () => {
    for (const name of ['意法', '意法半导体', 'ST', 'STMicroelectronics']) expect(dict.terms.get(termKey(name))?.brands.has(brandId('st')), name).toBe(true);
    expect(dict.terms.get(termKey('德州仪器'))?.brands.has(brandId('ti'))).toBe(true);
    expect(dict.terms.get(termKey('TI'))?.brands.has(brandId('ti'))).toBe(true);
  });
});

describe('parseQuery', () => {
  it('segments Chinese by dictionary, longest term first', () => {
    expect(kinds('单片机')).toEqual(['dict:单片机']);
    expect(kinds('稳压二极管')).toEqual(['dict:稳压二极管']);
    expect(dictToken(parseQuery('稳压二极管', dict).tokens).sense.cates.has(45003)).toBe(true);
    expect(kinds('贴片电容')).toEqual(['dict:贴片电容']);
    expect(kinds('USB转串口')).toEqual(['dict:USB转串口']);
    expect(kinds('MOS管')).toEqual(['dict:MOS管']);
  });

  it('keeps unknown Chinese as text fragments and drops particles', () => {
    expect(kinds('触摸按键')).toEqual(['cjk:触摸', 'dict:按键']);
    expect(kinds('的运放')).toEqual(['dict:运放']);
  });

  it('reads quantities, packages and part numbers', () => {
    expect(kinds('单片机 64KB')).toEqual(['dict:单片机', 'quantity:64KB']);
    const q = parseQuery('LDO 3.3V', dict).tokens[1]!;
    expect(q).toMatchObject({ kind: 'quantity', value: 3.3, unit: 'V' });
    expect(parseQuery('3.3伏', dict).tokens[0]).toMatchObject({
      kind: 'quantity',
      value: 3.3,
      unit: 'V',
    });
    expect(parseQuery('4k7', dict).tokens[0]).toMatchObject({
      kind: 'quantity',
      value: 4700,
      unit: null,
    });
    expect(kinds('LQFP48 0603')).toEqual(['package:LQFP48', 'package:0603']);
    expect(parseQuery('STM32F103C8T6', dict).tokens[0]).toMatchObject({
      kind: 'term',
      mpn: 'STM32F103C8T6',
      mpnLike: true,
    });
    expect(parseQuery('ne555', dict).tokens[0]).toMatchObject({
      kind: 'term',
      mpn: 'NE555',
      mpnLike: true,
    });
  });

  it('reads brands and categories together', () => {
    const t = parseQuery('意法 MCU', dict).tokens;
    expect(dictToken(t, 0).sense.brands.has(brandId('st'))).toBe(true);
    expect(dictToken(t, 1).sense.cates.has(100)).toBe(true);
    expect(kinds('op amps')).toEqual(['dict:op amps']);
  });

  it('marks one-word terms that look like part numbers as loose (category or text)', () => {
    expect(dictToken(parseQuery('RS485', dict).tokens).loose).toBe(true);
    expect(dictToken(parseQuery('运放', dict).tokens).loose).toBe(false);
  });

  it('joins a Latin-only keyword into one MPN key', () => {
    expect(parseQuery('AMS1117 3.3', dict).wholeMpn).toBe('AMS111733');
    expect(parseQuery('运放 LM358', dict).wholeMpn).toBeNull();
  });

  it('finds nothing searchable in emoji, punctuation, regex and LIKE wildcards', () => {
    for (const q of ['🙂🙂', '%_', '.*[(', '%%%', '—…']) expect(parseQuery(q, dict).unusable, q).toBe(true);
    expect(parseQuery('', dict).unusable).toBe(false);
    expect(parseQuery('', dict).tokens).toEqual([]);
  });

  it('treats SQL-looking text as plain words', () => {
    const p = parseQuery("'; DROP TABLE products;--", dict);
    expect(p.unusable).toBe(false);
    expect(p.tokens.map((t) => t.text)).toEqual(['DROP', 'TABLE', 'products']);
  });

  it('caps the number of tokens and the keyword length', () => {
    const p = parseQuery('a1 b2 c3 d4 e5 f6 g7 h8 i9 j10 k11', dict);
    expect(p.tokens.length).toBe(8);
    expect(parseQuery('x'.repeat(10_000), dict).text.length).toBe(200);
  });
});

describe('part-number helpers', () => {
  it('turns KiCad wildcards into ?', () => {
    expect(wildcardKey('STM32F103C8Tx')).toBe('STM32F103C8T?');
    expect(wildcardKey('MCP6002-xSN')).toBe('MCP6002?SN');
    expect(wildcardKey('ATxmega128A1')).toBe('ATXMEGA128A1');
  });

  it('bounds the edit distance and lets ? match anything', () => {
    expect(boundedDistance('STM32F10C8T6', 'STM32F103C8T?', 2)).toBe(1);
    expect(boundedDistance('LM358', 'LM358', 2)).toBe(0);
    expect(boundedDistance('LM358', 'LM393', 1)).toBe(2);
    expect(boundedDistance('ABCDEFGH', 'XYZ', 2)).toBe(3);
    expect(typoBudget(3)).toBe(0);
    expect(typoBudget(5)).toBe(1);
    expect(typoBudget(12)).toBe(2);
  });

  it('recognises quantities and packages', () => {
    expect(quantityOf('64KB')).toEqual({ value: 65536, unit: 'B' });
    expect(quantityOf('100nF')).toEqual({ value: 1e-7, unit: 'F' });
    expect(quantityOf('10k')).toEqual({ value: 10000, unit: null });
    expect(quantityOf('555')).toBeNull();
    expect(quantityOf('LM358')).toBeNull();
    expect(packageOf('SOT-23')).toEqual(['SOT', '23']);
    expect(packageOf('lqfp48')).toEqual(['LQFP', '48']);
    expect(packageOf('0805')).toEqual(['0805']);
    expect(packageOf('LM358')).toBeNull();
  });

  it('gives well-known parts a popularity prior below one real count', () => {
    expect(popularityPrior('STM32F103C8TX')).toBeGreaterThan(popularityPrior('STM32F100C8TX'));
    expect(popularityPrior('1N4148')).toBeGreaterThan(popularityPrior('1N4148WS'));
    expect(popularityPrior('LM358')).toBeLessThan(1);
    expect(popularityPrior('XYZ123')).toBe(0);
  });
});

describe('highlighting', () => {
  it('escapes HTML everywhere and marks merged ranges', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(
      markRanges('<b>LM358</b>', [
        [3, 6],
        [5, 8],
      ]),
    ).toBe('&lt;b&gt;<mark>LM358</mark>&lt;/b&gt;');
    expect(markRanges('abc', [])).toBe('abc');
  });

  it('marks the typed MPN in the displayed one, across separators and families', () => {
    expect(highlightMpn('AMS1117-3.3', ['AMS11173'])).toBe('<mark>AMS1117-3</mark>.3');
    expect(highlightMpn('STM32F103C8Tx', ['STM32F103C8T6'])).toBe('<mark>STM32F103C8Tx</mark>');
    expect(highlightMpn('NE555P', ['NE555'])).toBe('<mark>NE555</mark>P');
    expect(highlightMpn('<x>', ['X'])).toBe('&lt;x&gt;');
  });

  it('finds Chinese and English needles, short Latin ones only as words', () => {
    expect(findNeedles('双路运放，封装 DIP-8', ['运放'])).toEqual([[2, 4]]);
    expect(findNeedles('Dual Op Amp', ['op amp'])).toEqual([[5, 11]]);
    expect(findNeedles('SOP loop op', ['op'])).toEqual([[9, 11]]);
  });
});

describe('did you mean (dictionary)', () => {
  it('suggests the nearest term for a near miss', () => {
    expect(nearestTerm('运方', dict)).toBe('运放');
    expect(nearestTerm('tempreture', dict)).toBe('temperature');
    expect(nearestTerm('mosfte', dict)?.toLowerCase()).toBe('mosfet');
    expect(nearestTerm('zz', dict)).toBeNull();
  });
});

describe('edit distance', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(boundedDistance('STM32F013C8T6', 'STM32F103C8T6', 2)).toBe(1);
    expect(boundedDistance('ab', 'ba', 1)).toBe(1);
    expect(boundedDistance('abc', 'abc', 0)).toBe(0);
    expect(boundedDistance('CH34OG', 'CH340G', 1)).toBe(1);
  });
});
