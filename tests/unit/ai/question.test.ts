import { describe, expect, it } from 'vitest';
import { filtersFor, readQuestion, satisfies } from '../../../src/lib/ai/question.ts';
import { buildDictionary } from '../../../src/lib/search/search.ts';

// Reading questions (issue #15 item 3) with the search engine's dictionary built from a small
// category tree of the real taxonomy's ids.

const dict = buildDictionary(
  [
    {
      cateId: 150,
      cateName: '线性稳压器 (LDO)',
      cateNameEn: 'Linear Regulators (LDO)',
      level: 2,
      parentId: null,
    },
    {
      cateId: 151,
      cateName: '开关稳压器 (DC-DC)',
      cateNameEn: 'Switching Regulators (DC-DC)',
      level: 2,
      parentId: null,
    },
    {
      cateId: 15101,
      cateName: '降压 (Buck)',
      cateNameEn: 'Step-Down (Buck)',
      level: 3,
      parentId: 151,
    },
    {
      cateId: 453,
      cateName: 'MOS管',
      cateNameEn: 'MOSFETs',
      level: 2,
      parentId: null,
    },
    {
      cateId: 45301,
      cateName: 'N 沟道 MOSFET',
      cateNameEn: 'N-Channel MOSFETs',
      level: 3,
      parentId: 453,
    },
    {
      cateId: 550,
      cateName: '电阻',
      cateNameEn: 'Resistors',
      level: 2,
      parentId: null,
    },
    {
      cateId: 100,
      cateName: '单片机',
      cateNameEn: 'Microcontrollers (MCU)',
      level: 2,
      parentId: null,
    },
    {
      cateId: 352,
      cateName: 'Flash 存储器',
      cateNameEn: 'Flash Memory',
      level: 2,
      parentId: null,
    },
    {
      cateId: 30101,
      cateName: 'CAN 收发器',
      cateNameEn: 'CAN Transceivers',
      level: 3,
      parentId: null,
    },
  ],
  [],
);
const read = (q: string, design = false) => readQuestion(q, dict, design);

describe('readQuestion', () => {
  it('reads a selection with quantities, their directions and the package, in English and Chinese', () => {
    for (const q of ['3.3V LDO, at least 1A, SOT-223', '3.3V LDO，至少1A，SOT-223', 'I need a 3.3V LDO with at least 1A output current in SOT-223 package']) {
      const r = read(q);
      expect(r.intent, q).toBe('selection');
      expect(r.cateIds, q).toContain(150);
      expect(r.packages, q).toEqual(['SOT-223']);
      expect(
        r.quantities.map((x) => [x.value, x.unit, x.bound]),
        q,
      ).toEqual([
        [3.3, 'V', null],
        [1, 'A', 'min'],
      ]);
      expect(r.mpns, q).toEqual([]);
    }
    expect(read('输出电流1A以上').quantities[0]!.bound).toBe('min');
    expect(read('导通电阻小于20mΩ').quantities[0]).toMatchObject({
      value: 0.02,
      bound: 'max',
      key: 'onResistance',
    });
    expect(read('at most 5% tolerance').quantities[0]!.bound).toBe('max');
  });

  it("keeps package and bus names that look like question words ('TO-220', 'CAN')", () => {
    expect(read('5V LDO TO-220').packages).toEqual(['TO-220']);
    expect(read('CAN收发器 SOIC-8').cateIds).toContain(30101);
  });

  it('tells input from output: Chinese labels first, English labels after, and "12V to 3.3V"', () => {
    const sides = (q: string) => read(q).quantities.map((x) => x.side);
    expect(sides('输入12V输出3.3V的降压芯片')).toEqual(['input', 'output']);
    expect(sides('buck 24V input 5V output')).toEqual(['input', 'output']);
    expect(sides('buck 12V to 3.3V')).toEqual(['input', 'output']);
    expect(sides('Vin 24V buck')).toEqual(['input']);
  });

  it('reads a parameter word beside a quantity as that parameter, not a category', () => {
    const r = read('单片机 Flash至少128KB RAM至少32KB');
    expect(r.quantities.map((x) => x.key)).toEqual(['flashSize', 'ramSize']);
    expect(r.cateIds).not.toContain(352);
    expect(read('MCU with 128KB flash and 32KB RAM').quantities.map((x) => x.key)).toEqual(['flashSize', 'ramSize']);
    expect(read('STM32 with at least 64KB flash').quantities.map((x) => x.key)).toEqual(['flashSize']);
    expect(read('N沟道MOSFET 30V 导通电阻小于20mΩ').cateIds).not.toContain(550);
  });

  it('tells the intents apart', () => {
    expect(read('AMS1117 的替代').intent).toBe('replacement');
    expect(read('what replaces AMS1117').intent).toBe('replacement');
    expect(read('LM358 和 TL072 对比').intent).toBe('comparison');
    expect(read('compare AMS1117 and LM1117').mpns).toEqual(['AMS1117', 'LM1117']);
    expect(read('NE5532 vs OPA2134').intent).toBe('comparison');
    expect(read('what is the max input voltage of TPS5430 (page?)').intent).toBe('datasheet');
    expect(read('TPS5430 最大输入电压是多少').intent).toBe('datasheet');
    expect(read('BOM line: 10k 0603 1%').intent).toBe('bomLine');
    expect(read('STM32F103C8T6').intent).toBe('selection');
    // Design questions only when a design is open.
    expect(read('how many resistors', true)).toMatchObject({
      intent: 'design',
      design: 'count',
    });
    expect(read('which parts are not in the catalogue', true)).toMatchObject({
      intent: 'design',
      design: 'missing',
    });
    expect(read('BOM cost drivers', true)).toMatchObject({
      intent: 'design',
      design: 'cost',
    });
    expect(read('how many resistors').intent).toBe('selection');
  });

  it('reads 国产 / domestic', () => {
    expect(read('国产 3.3V LDO').domestic).toBe(true);
    expect(read('domestic USB to UART bridge').domestic).toBe(true);
    expect(read('3.3V LDO').domestic).toBe(false);
  });

  it('finds nothing to search in punctuation', () => {
    expect(read('？？？').parsed.unusable || read('？？？').text === '').toBe(true);
  });
});

describe('filtersFor', () => {
  const keys = new Set(['outputVoltage', 'outputCurrent', 'supplyVoltageMin', 'supplyVoltageMax', 'onResistance']);
  const ask = (value: number, bound: 'min' | 'max' | null = null) => ({
    text: '',
    value,
    unit: null,
    bound,
    side: null,
    at: 0,
    before: '',
    after: '',
  });
  it('reads ratings as at least, losses as at most, values as equal and min/max pairs as within', () => {
    expect(filtersFor(ask(1), 'outputCurrent', keys)).toEqual([{ key: 'outputCurrent', min: 1 }]);
    expect(filtersFor(ask(0.02), 'onResistance', keys)).toEqual([{ key: 'onResistance', max: 0.02 }]);
    const [eq] = filtersFor(ask(3.3), 'outputVoltage', keys);
    expect(satisfies(3.3, eq!)).toBe(true);
    expect(satisfies(3.31, eq!)).toBe(false);
    expect(filtersFor(ask(3.3), 'supplyVoltageMax', keys)).toEqual([
      { key: 'supplyVoltageMin', max: 3.3 },
      { key: 'supplyVoltageMax', min: 3.3 },
    ]);
    // A direction word wins over the key's habit.
    expect(filtersFor(ask(5, 'max'), 'outputCurrent', keys)).toEqual([{ key: 'outputCurrent', max: 5 }]);
  });
});

describe('issue #33: limits named by their parameter, directions with 不', () => {
  it("reads '压差不超过300mV' as a dropout at most 300 mV beside the output voltage, and '不超过' as at most", () => {
    const r = read('3.3V LDO 压差不超过300mV');
    expect(r.quantities.map((x) => [x.text, x.key ?? null, x.bound])).toEqual([
      ['3.3V', null, null],
      ['300mV', 'dropoutVoltage', 'max'],
    ]);
    expect(read('MOS管 100V 导通电阻不超过10mΩ').quantities.map((x) => x.bound)).toEqual([null, 'max']);
    expect(read('3.3V LDO with dropout no more than 300mV').quantities.map((x) => [x.key ?? null, x.bound])).toEqual([
      [null, null],
      ['dropoutVoltage', 'max'],
    ]);
    expect(read('MOSFET 30V no less than 5A').quantities.map((x) => x.bound)).toEqual([null, 'min']);
    expect(read('3.3V LDO with quiescent current below 10uA').quantities.map((x) => [x.key ?? null, x.bound])).toEqual([
      [null, null],
      ['quiescentCurrent', 'max'],
    ]);
  });

  it('does not read the names 低压差稳压器 / low dropout regulator as a dropout limit', () => {
    expect(read('2.5V低压差稳压器').quantities.map((x) => x.key ?? null)).toEqual([null]);
    expect(read('low dropout regulator 5V TO-252').quantities.map((x) => x.key ?? null)).toEqual([null]);
  });

  it('reads a comparison asked with 哪个 / which, and "Chinese alternative" as domestic', () => {
    expect(read('LM358 和 TL072 哪个适合 5V 单电源').intent).toBe('comparison');
    expect(read('Chinese alternative to STM32F103C8T6').domestic).toBe(true);
  });
});
