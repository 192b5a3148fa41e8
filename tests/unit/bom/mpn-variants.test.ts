import { describe, expect, it } from 'vitest';
import { canonicalMpn, MPN_LOOSE_SUFFIX_RULES, normalizeMpn } from '../../../src/lib/catalog/mpn.ts';
import { mpnMatchTier, mpnVariants, orderingTail } from '../../../src/lib/bom/mpn-variants.ts';
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
    // TI's reel 'R' after the package letters: the tube part is looked up too (a TI-only rule).
    ['LM358DR', [['exact', 'LM358DR'], ['packaging', 'LM358D']]],
    ['AMS1117-3.3', [['exact', 'AMS111733']]],
    ['LT1763CS8-3.3#TRPBF', [['exact', 'LT1763CS833']]],
    ['BC847B,215', [['exact', 'BC847B']]],
    ['MIC5205-3.3YM5-TR', [['exact', 'MIC520533YM5']]],
    ['LM358DR/TR', [['exact', 'LM358DR'], ['packaging', 'LM358D']]],
    ['AD8605ARTZ-REEL7', [['exact', 'AD8605ARTZ']]],
    // Loose suffixes give packaging variants after the exact key.
    ['SS34-E3/57T', [['exact', 'SS34E357T'], ['packaging', 'SS34']]],
    ['BZX84C5V1-GE3', [['exact', 'BZX84C5V1GE3'], ['packaging', 'BZX84C5V1']]],
    ['BAT54S-7-F', [['exact', 'BAT54S7F'], ['packaging', 'BAT54S']]],
    ['IRF540NPBF', [['exact', 'IRF540NPBF'], ['packaging', 'IRF540N']]],
    ['IRLML6402TRPBF', [['exact', 'IRLML6402TRPBF'], ['packaging', 'IRLML6402']]],
    ['LIS3DHTR', [['exact', 'LIS3DHTR'], ['packaging', 'LIS3DH']]],
    ['SN74HC595DRG4', [['exact', 'SN74HC595DRG4'], ['packaging', 'SN74HC595DR'], ['packaging', 'SN74HC595D']]],
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
    // Murata's last letter is its packing (D: 180 mm paper reel).
    ['GRM188R71H104KA93D', [['exact', 'GRM188R71H104KA93D'], ['packaging', 'GRM188R71H104KA93']]],
    // Molex, not a Mouser code; also written with its leading zeros.
    ['22-23-2021', [['exact', '22232021'], ['canonical', '0022232021']]],
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
    expect(keys('LM358DRCT-ND')).toEqual([['supplier', 'LM358DR'], ['supplier', 'LM358D']]);
    expect(keys('P10KHDKR-ND')).toEqual([['supplier', 'P10KH']]);
    const n = mpnVariants('296-1395-1-ND');
    expect(n.supplierPn).toMatchObject({ supplier: 'digikey', code: '296-1395-1-ND' });
    expect(n.lookups).toEqual([]);
  });

  it('keeps a Mouser code as written first, then the MPN inside it', () => {
    const v = mpnVariants('595-LM358DR');
    expect(v.supplierPn?.supplier).toBe('mouser');
    expect(keys('595-LM358DR')).toEqual([['exact', '595LM358DR'], ['packaging', '595LM358D'], ['supplier', 'LM358DR'], ['supplier', 'LM358D']]);
    expect(keys('71-CRCW060310K0FKEA')).toEqual([['exact', '71CRCW060310K0FKEA'], ['supplier', 'CRCW060310K0FKEA']]);
    expect(v.lookups[2]?.reason).toEqual({ key: 'bom.reason.mpnFromSupplier', vars: { supplier: 'Mouser', code: '595-LM358DR', mpn: 'LM358DR' } });
  });

  it('turns ordering wildcards into a family pattern, looked up as written only', () => {
    const v = mpnVariants('STM32F407VGTx');
    // As written (a KiCad family record of that name is found, and known as a family by its name);
    // no packaging rule reads the wildcard 'x' as a reel letter.
    expect(keys('STM32F407VGTx')).toEqual([['exact', 'STM32F407VGTX']]);
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

// Issue #30 item 3: makers' ordering and packing codes, from real MPNs of the JLCPCB/LCSC snapshot.
describe('ordering and packing codes', () => {
  it("reads TI's and ST's reel letters after the package code, for those makers only", () => {
    // NE555DR (C7593) is the reel of NE555D; TPS5430DDAR (C9864) of TPS5430DDA; ST's LM358DT of LM358D.
    for (const [line, part] of [['NE555DR', 'NE555D'], ['NE555D', 'NE555DR'], ['TPS5430DDA', 'TPS5430DDAR'], ['LM358D', 'LM358DT'], ['SN74LVC1G14DRL', 'SN74LVC1G14DRLR']]) {
      expect(mpnMatchTier(line!, part!)).toMatchObject({ tier: 'packaging', makers: ['ti', 'st'] });
    }
    // Elsewhere a last 'T' is another package: 1N4148WT is SOD-523, 1N4148W SOD-123. The match
    // carries the makers, so the matcher takes it only for a TI / ST part.
    expect(mpnMatchTier('1N4148W', '1N4148WT')?.makers).toEqual(['ti', 'st']);
    // 'LM2596T-5.0': TI's T is the TO-220 package there, and nothing follows the digits.
    expect(keys('LM2596T-5.0')).toEqual([['exact', 'LM2596T50']]);
  });

  it("reads TI's /NOPB, National's X reel and reel quantities, Diodes' TRG1, Microchip's R", () => {
    expect(mpnMatchTier('LM1117MPX-3.3/NOPB', 'LM1117MPX-3.3')).toMatchObject({ tier: 'packaging', makers: ['ti'] });
    expect(mpnMatchTier('LM5109BMAX/NOPB', 'LM5109BMA')).toMatchObject({ tier: 'packaging', makers: ['ti'] });
    expect(mpnMatchTier('INA155UA/2K5', 'INA155UA')).toMatchObject({ tier: 'packaging', makers: ['ti'] });
    expect(mpnMatchTier('AP2127K-3.3', 'AP2127K-3.3TRG1')).toMatchObject({ tier: 'packaging', makers: ['diodes'] });
    expect(mpnMatchTier('ATTINY816-MN', 'ATTINY816-MNR')).toMatchObject({ tier: 'packaging', makers: ['microchip', 'nordic'] });
    // '-TR', '/TR' and a space before TR: any maker.
    expect(mpnMatchTier('MT41K64M16TW-107:J TR', 'MT41K64M16TW-107:J')).toMatchObject({ tier: 'packaging' });
    expect(mpnMatchTier('MT41K64M16TW-107:J TR', 'MT41K64M16TW-107:J')?.makers).toBeUndefined();
    expect(mpnMatchTier('STM32F103C8T6TR', 'STM32F103C8T6')?.tier).toBe('packaging');
  });

  it("reads Murata's packing letter and Molex's leading zeros", () => {
    // GRM033R61A105ME15 (esp32-s3-box BOM) is sold as GRM033R61A105ME15D (C181054).
    expect(mpnMatchTier('GRM033R61A105ME15', 'GRM033R61A105ME15D')).toMatchObject({ tier: 'packaging', makers: ['murata'] });
    expect(mpnMatchTier('GRM155R71C104KA88D', 'GRM155R71C104KA88J')).toMatchObject({ tier: 'packaging', makers: ['murata'] });
    // Digi-Key writes Molex 43650-0200 as 0436500200; the snapshot as 436500200 (C192562).
    expect(mpnMatchTier('0436500200', '436500200')).toMatchObject({ tier: 'canonical', makers: ['molex'] });
    expect(mpnMatchTier('22-23-2021', '0022232021')).toMatchObject({ tier: 'canonical', makers: ['molex'] });
    expect(keys('0436500200')).toEqual([['exact', '0436500200'], ['canonical', '436500200']]);
    // Different numbers stay apart.
    expect(mpnMatchTier('0436500200', '436500201')).toBeNull();
  });

  it('finds a maker\'s full ordering code of a part number written without it, never another number', () => {
    expect(orderingTail('LM358', 'LM358DR')).toBe('DR');
    expect(orderingTail('STM32F103C8', 'STM32F103C8T6')).toBe('T6');
    expect(orderingTail('AP2127K-3.3', 'AP2127K-3.3TRG1')).toBe('TRG1');
    expect(orderingTail('SGM6036-3.3', 'SGM6036-3.3YUDT6G/TR')).toBe('YUDT6G/TR');
    expect(orderingTail('1TS003B', '1TS003B-2500-3500A-CT')).toBe('-2500-3500A-CT');
    // TPS54302 is another regulator, not an ordering code of TPS5430.
    expect(orderingTail('TPS5430', 'TPS54302DDCR')).toBeNull();
    expect(orderingTail('LM358', 'LM358')).toBeNull();
    expect(orderingTail('SS3', 'SS34')).toBeNull();
  });

  it("splits EasyEDA's 'MPN_Cxxxxx' into the MPN and its LCSC code", () => {
    const v = mpnVariants('CL21A226MAQNNNE_C45783');
    expect(v.supplierPn).toMatchObject({ supplier: 'lcsc', code: 'C45783' });
    expect(v.text).toBe('CL21A226MAQNNNE');
    expect(v.lookups[0]?.key).toBe('CL21A226MAQNNNE');
    expect(mpnVariants('WS2812B-Mini_C527089').supplierPn?.code).toBe('C527089');
  });
});

describe('numbers inside part numbers', () => {
  it('keeps decimal points: the digits must group the same way', () => {
    // RMC060352.3K1%N (52.3 kΩ, C325624's number) is not RMC0603523K1%N (523 kΩ), though both have one key.
    expect(normalizeMpn('RMC060352.3K1%N')).toBe(normalizeMpn('RMC0603523K1%N'));
    expect(mpnMatchTier('RMC060352.3K1%N', 'RMC0603523K1%N')).toBeNull();
    expect(mpnMatchTier('1.5KE6.8CA', '1.5KE68CA')).toBeNull();
    expect(mpnMatchTier('AMS1117-3.3', 'AMS1117-33')).toBeNull();
    // The same decimals with other differences still match.
    expect(mpnMatchTier('1.5KE6.8CA', '1.5KE6.8CA-E3/54')?.tier).toBe('packaging');
    expect(mpnMatchTier('LT1763CS8-3.3#TRPBF', 'LT1763CS8-3.3')?.tier).toBe('packaging');
  });

  it("reads a voltage written with its unit as the point ('AMS1117-3V3')", () => {
    expect(mpnMatchTier('AMS1117-3V3', 'AMS1117-3.3')).toMatchObject({ tier: 'canonical', reason: { key: 'bom.reason.mpnWritten' } });
    expect(keys('AMS1117-3V3')).toContainEqual(['canonical', 'AMS111733']);
    // A zener's '3V3' is its name (BZT52C3V3), not a point.
    expect(keys('BZT52C3V3')).toEqual([['exact', 'BZT52C3V3']]);
  });
});
