import { describe, expect, it } from 'vitest';
import { footprintMpns, lineSignature, mpnAfterMaker, mpnShaped, partFromUrl, planLine } from '../../../src/lib/bom/match/line-plan.ts';

describe('lineSignature', () => {
  it('is the same for the same part written differently, and differs for another part', () => {
    const a = lineSignature({ mpn: 'LM358DR', manufacturer: 'Texas Instruments Inc.', value: 'x' });
    expect(lineSignature({ mpn: 'lm358dr ', manufacturer: 'TEXAS INSTRUMENTS', value: 'y' })).toBe(a);
    expect(lineSignature({ mpn: 'LM358DR', manufacturer: 'ST' })).not.toBe(a);
    expect(lineSignature({ mpn: 'LM358D' })).not.toBe(lineSignature({ mpn: 'LM358DR' }));
    expect(lineSignature({ value: '10K', package: 'R_0603' })).toBe(lineSignature({ value: ' 10k ', package: 'r_0603' }));
    expect(lineSignature({ value: '10k' })).not.toBe(lineSignature({ value: '1k' }));
  });
});

describe('mpnShaped', () => {
  it('takes part numbers and leaves values to the parametric reading', () => {
    expect(mpnShaped('AMS1117-3.3')).toBe(true);
    expect(mpnShaped('SS34')).toBe(true);
    expect(mpnShaped('100nF')).toBe(false);
    expect(mpnShaped('4k7')).toBe(false);
    expect(mpnShaped('10uF/25V')).toBe(false);
    expect(mpnShaped('LED red')).toBe(false);
  });
});

describe('partFromUrl and footprintMpns', () => {
  it('reads the MPN or code a distributor URL names', () => {
    expect(partFromUrl('https://www.mouser.com/ProductDetail/Molex/47346-0001?qs=abc')).toEqual({ mpn: '47346-0001' });
    expect(partFromUrl('https://www.digikey.com/product-detail/en/texas-instruments/LM358DR/296-1395-1-ND/404790')).toEqual({ mpn: 'LM358DR' });
    expect(partFromUrl('https://www.lcsc.com/product-detail/Resistors_UNI-ROYAL_C25804.html')).toEqual({ code: 'C25804' });
    expect(partFromUrl('https://example.com/x')).toBeNull();
    expect(partFromUrl('LM358DR')).toBeNull();
  });

  it('finds MPNs in footprint names but not package names', () => {
    expect(footprintMpns('Connector_JST:JST_XH_B2B-XH-A_1x02_P2.50mm_Vertical')).toEqual(['B2B-XH-A']);
    expect(footprintMpns('Connector_USB:USB_Micro-B_Molex_47346-0001')).toEqual(['47346-0001']);
    expect(footprintMpns('Package_SO:SOIC-8_3.9x4.9mm_P1.27mm')).toEqual([]);
    expect(footprintMpns('Resistor_SMD:R_0603_1608Metric')).toEqual([]);
  });
});

describe('planLine', () => {
  const plan = (fields: Record<string, string>, designators: string[] = []) => planLine({ fields, designators, dnp: false });

  it('looks up supplier codes as codes and the MPN inside a Mouser code as an MPN', () => {
    const p = plan({ supplierPn: 'C25804 | 595-LM358DR' });
    expect(p.supplierCodes.map((s) => s.code)).toEqual(['C25804', '595-LM358DR']);
    expect(p.mpnCells.flatMap((c) => c.variants.lookups.map((l) => l.key))).toContain('LM358DR');
  });

  it('tries an unknown supplier cell as an MPN', () => {
    expect(plan({ supplierPn: 'TPS7A0533PDBVR' }).mpnCells.map((c) => [c.text, c.from])).toEqual([['TPS7A0533PDBVR', 'supplierPn']]);
  });

  it('reads a value-only passive with its footprint and designator', () => {
    const p = plan({ value: '4k7', package: 'Resistor_SMD:R_0603_1608Metric' }, ['R3']);
    expect(p.mpnCells).toEqual([]);
    expect(p.wanted).toMatchObject({ kind: 'resistor', key: 'resistance', value: 4700, package: '0603' });
  });

  it('joins a value and its prefixed unit split by a space', () => {
    expect(plan({ value: '10 mΩ', package: '1206' }, ['R17']).wanted?.value).toBeCloseTo(0.01, 9);
  });

  it('reads a description written in the MPN column, and ignores placeholders', () => {
    const p = plan({ mpn: '100nF 25V 0603电容' }, ['C1']);
    expect(p.mpnCells).toEqual([]);
    expect(p.wanted).toMatchObject({ kind: 'capacitor', value: 1e-7, package: '0603', voltage: 25 });
    expect(plan({ mpn: 'ANY', value: '1uF, 10V, X5R, 0402' }, ['C2']).mpnCells).toEqual([]);
  });

  it('reads values written in the MPN column, and keeps numeric MPNs as MPNs', () => {
    expect(plan({ mpn: '4k7', package: '0805' }, ['R5']).wanted).toMatchObject({ kind: 'resistor', value: 4700, package: '0805' });
    expect(plan({ mpn: '10K(1002)', package: '0603' }, ['R7']).wanted).toMatchObject({ kind: 'resistor', value: 10_000 });
    expect(plan({ mpn: '1uF/25V' }, ['C9']).wanted).toMatchObject({ kind: 'capacitor', value: 1e-6, voltage: 25 });
    expect(plan({ mpn: '865080345012' }, ['C1']).mpnCells.map((c) => c.text)).toEqual(['865080345012']);
    expect(plan({ mpn: '2-1825027-0' }, ['SW1']).mpnCells.map((c) => c.text)).toEqual(['2-1825027-0']);
  });

  it('uses a part number in the value column when there is no MPN column', () => {
    expect(plan({ value: 'AMS1117-3.3', package: 'SOT-223' }, ['U1']).mpnCells.map((c) => c.from)).toEqual(['value']);
  });

  it('keeps ordering-code families apart from MPN lookups', () => {
    const p = plan({ mpn: 'STM32F407VGTx' });
    expect(p.families).toHaveLength(1);
    // Looked up as written only (a KiCad family record of that name), never by packaging rules.
    expect(p.mpnCells.map((c) => c.variants.lookups.map((l) => l.key))).toEqual([['STM32F407VGTX']]);
  });
});

// Issue #30 item 3: part numbers where BOMs write them.
describe('part numbers in descriptions, footprints, URLs and maker-prefixed cells', () => {
  const plan = (fields: Record<string, string>, designators: string[] = []) => planLine({ fields, designators, dnp: false });
  it('reads the MPN after a maker\'s name in the MPN cell, and the maker', () => {
    expect(mpnAfterMaker('MOLEX 436500200')).toBe('436500200');
    expect(mpnAfterMaker('TI LM358DR')).toBe('LM358DR');
    expect(mpnAfterMaker('LED 0805')).toBeNull();
    expect(mpnAfterMaker('100nF 50V')).toBeNull();
    const p = plan({ mpn: 'MOLEX 430451400', description: 'Microfit 2x7 Connector' });
    expect(p.manufacturer).toBe('MOLEX');
    expect(p.mpnCells.map((c) => c.text)).toContain('430451400');
  });

  it("reads Digi-Key's current product URL", () => {
    expect(partFromUrl('https://www.digikey.com/en/products/detail/molex/0436500200/268989')).toEqual({ mpn: '0436500200' });
  });

  it('reads a maker\'s number from a footprint name, never a package or EasyEDA\'s dimensions', () => {
    expect(footprintMpns('KlipperExpander:Molex-105017-0001-USBMicroB')).toEqual(['105017-0001']);
    expect(footprintMpns('0603-CAP')).toEqual([]);
    expect(footprintMpns('SOT223-4P230_700X165L95X70L')).toEqual([]);
    expect(footprintMpns('SOD-123F_L2.7-W1.6-LS3.8-RD')).toEqual([]);
    expect(footprintMpns('HDR-SMD_24P-P1.27-V-F-R2-C12-LS4.8')).toEqual([]);
  });

  it('keeps a frequency in the value column a value, not a part number', () => {
    expect(mpnShaped('40MHz')).toBe(false);
    expect(plan({ value: '40MHz', package: '2016_4P' }, ['X1']).mpnCells).toEqual([]);
  });

  it('pairs each MPN with its own maker when a line gives several pairs', () => {
    const p = plan({ mpn: 'CL03B103KP3NNNC | CC0201KRX5R7BB103', manufacturer: 'Samsung Electro-Mechanics | YAGEO' }, ['C1']);
    expect(p.mpnCells.map((c) => [c.text, c.maker])).toEqual([
      ['CL03B103KP3NNNC', 'Samsung Electro-Mechanics'],
      ['CC0201KRX5R7BB103', 'YAGEO'],
    ]);
  });

  it('marks an MPN that opens a purchasing sheet\'s description as one that may be accepted', () => {
    expect(plan({ description: 'W25Q16JVSNIQ' }, ['U2']).mpnCells[0]).toMatchObject({ text: 'W25Q16JVSNIQ', from: 'description', leading: true });
    expect(plan({ description: 'XH-4A插座(2.54mm间距)' }, ['CN1']).mpnCells[0]).toMatchObject({ text: 'XH-4A', leading: true });
    // Further into the text it is only a hint; so it is in a board or module built around the part.
    expect(plan({ description: 'Buck converter with MP1584EN' }, ['U3']).mpnCells[0]?.leading).toBeUndefined();
    expect(plan({ description: 'STM32F103C8T6最小系统板' }, ['U4']).mpnCells[0]?.leading).toBeUndefined();
    expect(plan({ description: 'ESP32-S3 module' }, ['U5']).mpnCells[0]?.leading).toBeUndefined();
  });

  it('keeps a KiCad wildcard written in a description a wildcard', () => {
    const p = plan({ description: 'MCU STM32F042F6Px TSSOP-20' }, ['U1']);
    expect(p.families.map((f) => f.pattern.prefix)).toEqual(['STM32F042F6P']);
  });
});
