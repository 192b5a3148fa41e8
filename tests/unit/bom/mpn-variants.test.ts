import { describe, expect, it } from 'vitest';
import { canonicalMpn, MPN_LOOSE_SUFFIX_RULES, normalizeMpn } from '../../../src/lib/catalog/mpn.ts';
import { mpnMatchTier, mpnVariants } from '../../../src/lib/bom/mpn-variants.ts';
import { fillMessage } from '../../../src/lib/server/messages/server-message.ts';
import { en } from '../../../src/lib/server/messages/en.ts';
import { zh } from '../../../src/lib/server/messages/zh.ts';

const keys = (cell: string) => mpnVariants(cell).lookups.map((l) => [l.tier, l.key]);

describe('canonicalMpn', () => {
  it('drops case and punctuation but keeps every suffix', () => {
    expect(canonicalMpn('lt1763cs8-3.3#TRPBF')).toBe('LT1763CS833TRPBF');
    expect(canonicalMpn('ＢＣ８４７Ｂ,215')).toBe('BC847B215');
    expect(canonicalMpn(7 as unknown as string)).toBe('');
    // normalizeMpn is canonicalMpn after the strict suffix rules.
    expect(normalizeMpn('lt1763cs8-3.3#TRPBF')).toBe('LT1763CS833');
  });

  it('documents every loose rule', () => {
    for (const rule of MPN_LOOSE_SUFFIX_RULES) {
      expect(rule.why.length).toBeGreaterThan(10);
      expect(rule.re.source.endsWith('$')).toBe(true);
    }
  });
});

describe('mpnVariants', () => {
  it.each([
    // The cell as written; the strict rules are already in its key.
    ['LM358DR', [['exact', 'LM358DR']]],
    ['AMS1117-3.3', [['exact', 'AMS111733']]],
    ['LT1763CS8-3.3#TRPBF', [['exact', 'LT1763CS833']]],
    ['BC847B,215', [['exact', 'BC847B']]],
    ['MIC5205-3.3YM5-TR', [['exact', 'MIC520533YM5']]],
    ['LM358DR/TR', [['exact', 'LM358DR']]],
    ['AD8605ARTZ-REEL7', [['exact', 'AD8605ARTZ']]],
    // Loose suffixes give packaging variants after the exact key.
    ['SS34-E3/57T', [['exact', 'SS34E357T'], ['packaging', 'SS34']]],
    ['BZX84C5V1-GE3', [['exact', 'BZX84C5V1GE3'], ['packaging', 'BZX84C5V1']]],
    ['BAT54S-7-F', [['exact', 'BAT54S7F'], ['packaging', 'BAT54S']]],
    ['IRF540NPBF', [['exact', 'IRF540NPBF'], ['packaging', 'IRF540N']]],
    ['IRLML6402TRPBF', [['exact', 'IRLML6402TRPBF'], ['packaging', 'IRLML6402']]],
    ['LIS3DHTR', [['exact', 'LIS3DHTR'], ['packaging', 'LIS3DH']]],
    ['SN74HC595DRG4', [['exact', 'SN74HC595DRG4'], ['packaging', 'SN74HC595DR']]],
    ['MMBT3904LT1G', [['exact', 'MMBT3904LT1G'], ['packaging', 'MMBT3904LT1']]],
    ['MCP1700T-3302E/TT', [['exact', 'MCP1700T3302ETT'], ['packaging', 'MCP17003302ETT']]],
    ['24LC256T-I/SN', [['exact', '24LC256TISN'], ['packaging', '24LC256ISN']]],
    // Without the reel 'T': its reel is looked up too (a catalogue may list only that).
    ['MCP1700-3302E/TT', [['exact', 'MCP17003302ETT'], ['packaging', 'MCP1700T3302ETT']]],
    ['24LC256-I/SN', [['exact', '24LC256ISN'], ['packaging', '24LC256TISN']]],
    ['PIC16F877A-I/P', [['exact', 'PIC16F877AIP'], ['packaging', 'PIC16F877ATIP']]],
    // Nothing loose to strip.
    ['LM2596T-5.0', [['exact', 'LM2596T50']]], // TI's 'T' is the TO-220 package, not a reel
    ['STM32F103C8T6', [['exact', 'STM32F103C8T6']]],
    ['GRM188R71H104KA93D', [['exact', 'GRM188R71H104KA93D']]],
    ['22-23-2021', [['exact', '22232021']]], // Molex, not a Mouser code
  ] as const)('%s', (cell, want) => {
    expect(keys(cell)).toEqual(want);
  });

  it('gives the packaging reason with the suffix removed', () => {
    const v = mpnVariants('SS34-E3/57T');
    expect(v.lookups[0]?.reason).toEqual({ key: 'bom.reason.mpnExact', vars: {} });
    expect(v.lookups[1]?.reason).toEqual({ key: 'bom.reason.mpnPackaging', vars: { suffix: '-E3/57T' } });
    expect(v.lookups[1]?.mpn).toBe('SS34');
  });

  it('recognises an LCSC code as a supplier part number, not an MPN', () => {
    const v = mpnVariants(' c25804 ');
    expect(v.mpn).toBeNull();
    expect(v.lookups).toEqual([]);
    expect(v.supplierPn).toEqual({ supplier: 'lcsc', code: 'C25804', reason: { key: 'bom.reason.supplierPn', vars: { supplier: 'LCSC', code: 'C25804' } } });
    // Too short to be an LCSC code: an MPN like any other.
    expect(mpnVariants('C12').supplierPn).toBeNull();
  });

  it('reads the MPN inside a Digi-Key code, and none from its numeric codes', () => {
    const v = mpnVariants('LM358DRCT-ND');
    expect(v.supplierPn?.supplier).toBe('digikey');
    expect(v.mpn).toBe('LM358DR');
    expect(keys('LM358DRCT-ND')).toEqual([['supplier', 'LM358DR']]);
    expect(keys('P10KHDKR-ND')).toEqual([['supplier', 'P10KH']]);
    const n = mpnVariants('296-1395-1-ND');
    expect(n.supplierPn).toMatchObject({ supplier: 'digikey', code: '296-1395-1-ND' });
    expect(n.lookups).toEqual([]);
  });

  it('keeps a Mouser code as written first, then the MPN inside it', () => {
    const v = mpnVariants('595-LM358DR');
    expect(v.supplierPn?.supplier).toBe('mouser');
    expect(keys('595-LM358DR')).toEqual([['exact', '595LM358DR'], ['supplier', 'LM358DR']]);
    expect(keys('71-CRCW060310K0FKEA')).toEqual([['exact', '71CRCW060310K0FKEA'], ['supplier', 'CRCW060310K0FKEA']]);
    expect(v.lookups[1]?.reason).toEqual({ key: 'bom.reason.mpnFromSupplier', vars: { supplier: 'Mouser', code: '595-LM358DR', mpn: 'LM358DR' } });
  });

  it('turns ordering wildcards into a family pattern, not lookups', () => {
    const v = mpnVariants('STM32F407VGTx');
    expect(v.lookups).toEqual([]);
    expect(v.family?.pattern.prefix).toBe('STM32F407VGT');
    expect(v.family?.pattern.regex.test('STM32F407VGT6')).toBe(true);
    expect(v.family?.reason).toEqual({ key: 'bom.reason.mpnFamily', vars: { family: 'STM32F407VGTx' } });
    expect(mpnVariants('MAX232').family).toBeNull();
  });

  it('gives nothing for unusable cells', () => {
    for (const cell of ['', '   ', '---', 'x'.repeat(81), null, 12]) {
      const v = mpnVariants(cell as string);
      expect(v.lookups).toEqual([]);
      expect(v.supplierPn).toBeNull();
    }
  });
});

describe('mpnMatchTier', () => {
  it.each([
    ['LM358DR', 'LM358DR', 'exact'],
    ['lm358dr ', 'LM358DR', 'exact'],
    ['LM 358-DR', 'LM358DR', 'canonical'],
    ['AMS1117 3.3', 'AMS1117-3.3', 'canonical'],
    ['LT1763CS8-3.3#TRPBF', 'LT1763CS8-3.3', 'packaging'],
    ['LT1763CS8-3.3', 'LT1763CS8-3.3#PBF', 'packaging'],
    ['BC847B,215', 'BC847B', 'packaging'],
    ['IRF540NPBF', 'IRF540N', 'packaging'],
    ['SS34-E3/57T', 'SS34', 'packaging'],
    ['BAT54S', 'BAT54S-7-F', 'packaging'],
    ['MCP1700T-3302E/TT', 'MCP1700-3302E/TT', 'packaging'],
    ['MCP1700-3302E/TT', 'MCP1700T-3302E/TT', 'packaging'],
    ['595-LM358DR', 'LM358DR', 'supplier'],
    ['LM358DRCT-ND', 'LM358DR', 'supplier'],
  ] as const)('%s vs %s → %s', (cell, product, tier) => {
    expect(mpnMatchTier(cell, product)?.tier).toBe(tier);
  });

  it.each([
    ['LM358', 'LM358DR'],
    ['LM358DR', 'LM358'],
    ['STM32F103C8T6', 'STM32F103CBT6'],
    ['C25804', 'C25804X'],
    ['', 'LM358'],
  ])('%s vs %s → no match', (cell, product) => {
    expect(mpnMatchTier(cell, product)).toBeNull();
  });

  it('names the suffix in both languages', () => {
    const m = mpnMatchTier('LT1763CS8-3.3#TRPBF', 'LT1763CS8-3.3');
    expect(m?.reason).toEqual({ key: 'bom.reason.mpnPackaging', vars: { suffix: '#TRPBF' } });
    expect(fillMessage(en[m!.reason.key], m!.reason.vars)).toBe('MPN equal after removing packaging suffix (#TRPBF)');
    expect(fillMessage(zh[m!.reason.key], m!.reason.vars)).toBe('去除包装后缀后型号一致（#TRPBF）');
    expect(mpnMatchTier('BC847B,215', 'BC847B')?.reason.vars).toEqual({ suffix: ',215' });
  });
});
