import { describe, expect, it } from 'vitest';
import { bodyDimensions, footprintPackage, isExactPackage, packagesCompatible, packagesContradict } from '../../../src/lib/bom/footprint-package.ts';
import { MFR_STYLES } from '../../../src/lib/catalog/generate/yageo-mfr.ts';

describe('footprintPackage', () => {
  it.each([
    // KiCad footprints (library:name).
    ['Resistor_SMD:R_0603_1608Metric', { package: '0603', chip: true, kind: 'resistor', mounting: 'smd' }],
    ['Capacitor_SMD:C_0805_2012Metric', { package: '0805', chip: true, kind: 'capacitor', mounting: 'smd' }],
    ['Capacitor_SMD:C_0603_1608Metric_Pad1.08x0.95mm_HandSolder', { package: '0603', kind: 'capacitor' }],
    ['LED_SMD:LED_0805_2012Metric', { package: '0805', kind: 'led' }],
    ['Inductor_SMD:L_1210_3225Metric', { package: '1210', kind: 'inductor' }],
    ['Resistor_SMD:R_2512_6332Metric', { package: '2512', kind: 'resistor' }],
    ['Package_SO:SOIC-8_3.9x4.9mm_P1.27mm', { package: 'SOIC-8', chip: false, exposedPad: false, mounting: 'smd' }],
    ['Package_TO_SOT_SMD:SOT-23', { package: 'SOT-23', chip: false, mounting: 'smd' }],
    ['Package_TO_SOT_SMD:SOT-23-5', { package: 'SOT-23-5' }],
    ['Package_TO_SOT_SMD:SOT-223-3_TabPin2', { package: 'SOT-223' }],
    ['Package_DFN_QFN:QFN-32-1EP_5x5mm_P0.5mm_EP3.45x3.45mm', { package: 'QFN-32', exposedPad: true }],
    ['Package_QFP:LQFP-48_7x7mm_P0.5mm', { package: 'LQFP-48' }],
    ['Package_SO:TSSOP-20_4.4x6.5mm_P0.65mm', { package: 'TSSOP-20' }],
    ['Package_DIP:DIP-8_W7.62mm', { package: 'DIP-8', mounting: 'tht' }],
    // Axial bodies by DIN size, whatever the pitch or mounting direction.
    ['Resistor_THT:R_Axial_DIN0207_L6.3mm_D2.5mm_P10.16mm_Horizontal', { package: 'Axial-DIN0207', chip: false, kind: 'resistor', mounting: 'tht' }],
    ['R_Axial_DIN0309_L9.0mm_D3.2mm_P12.70mm_Horizontal', { package: 'Axial-DIN0309', chip: false, kind: 'resistor', mounting: 'tht' }],
    ['Resistor_THT:R_Axial_DIN0207_L6.3mm_D2.5mm_P2.54mm_Vertical', { package: 'Axial-DIN0207', mounting: 'tht' }],
    ['Axial-DIN0207', { package: 'Axial-DIN0207', mounting: 'tht' }],
    ['Package_TO_SOT_THT:TO-220-3_Vertical', { package: 'TO-220', mounting: 'tht' }],
    ['Diode_SMD:D_SOD-123', { package: 'SOD-123', kind: 'diode' }],
    ['Diode_SMD:D_SMA', { package: 'SMA', kind: 'diode' }],
    // Altium / EasyEDA / Eagle names and plain text.
    ['0603', { package: '0603', chip: true, kind: null }],
    ['R0603', { package: '0603', kind: 'resistor' }],
    ['C0805', { package: '0805', kind: 'capacitor' }],
    ['LED0603', { package: '0603', kind: 'led' }],
    ['M0805', { package: '0805', kind: null }],
    ['R_0402', { package: '0402', kind: 'resistor' }],
    ['CAP-SMD_0603', { package: '0603' }],
    ['SOT-23-3', { package: 'SOT-23' }],
    ['SOT23', { package: 'SOT-23' }],
    ['TO-236AB', { package: 'SOT-23' }],
    ['SOP-8', { package: 'SOP-8' }],
    ['SOP8', { package: 'SOP-8' }],
    ['LQFP-48_7x7x05P', { package: 'LQFP-48' }],
    ['LQFP48', { package: 'LQFP-48' }],
    ['DO-214AC', { package: 'SMA' }],
    ['SMB', { package: 'SMB' }],
    ['封装 SOT-89-3', { package: 'SOT-89' }],
  ] as const)('%s', (text, want) => {
    expect(footprintPackage(text)).toMatchObject(want);
  });

  it('reads metric sizes only with care', () => {
    // A code that is only metric resolves; '0603' alone is imperial; a metric cue flips it.
    expect(footprintPackage('1608')).toMatchObject({ package: '0603', evidence: expect.arrayContaining(['metric 1608 → imperial 0603']) });
    expect(footprintPackage('2012')?.package).toBe('0805');
    expect(footprintPackage('0603')?.package).toBe('0603');
    expect(footprintPackage('0603 metric')?.package).toBe('0201');
    expect(footprintPackage('0402公制')?.package).toBe('01005');
    // 'R_0603_1608Metric' carries both and they agree.
    expect(footprintPackage('R_0603_1608Metric')?.evidence).not.toContain('metric 0603 → imperial 0201');
    // A pair that disagrees trusts the metric twin and says so.
    const odd = footprintPackage('C_0603_2012Metric');
    expect(odd?.package).toBe('0805');
    expect(odd?.evidence.join(' ')).toMatch(/disagree/);
  });

  it('ignores numbers inside part numbers, SKUs and crystal bodies', () => {
    expect(footprintPackage('XL-1606UWC')).toBeNull();
    expect(footprintPackage('RC0402FR-0710KL')).toBeNull();
    expect(footprintPackage('CL10B104KB8NNNC')).toBeNull();
    // 3225 is the crystal's 3.2 × 2.5 mm body, not a 1210 chip: the snapshot's 'SMD3225-4P'.
    expect(footprintPackage('Crystal:Crystal_SMD_3225-4Pin_3.2x2.5mm')).toMatchObject({ package: 'SMD3225-4P', chip: false });
    expect(footprintPackage('1000')).toBeNull();
    expect(footprintPackage('')).toBeNull();
    expect(footprintPackage(42 as unknown as string)).toBeNull();
    expect(footprintPackage('x'.repeat(301))).toBeNull();
  });
});

describe('axial packages and the catalogue', () => {
  it('reads each MFR style\'s KiCad footprint as the package its records carry', () => {
    for (const style of Object.values(MFR_STYLES)) {
      expect(footprintPackage(style.footprint)?.package).toBe(style.package);
      expect(footprintPackage(style.package)?.package).toBe(style.package);
      expect(isExactPackage(footprintPackage(style.footprint))).toBe(true);
    }
  });

  it('tells the two bodies apart and leaves other through-hole shapes unread', () => {
    expect(packagesCompatible('R_Axial_DIN0207_L6.3mm_D2.5mm_P7.62mm_Horizontal', 'Axial-DIN0207')).toBe('same');
    expect(packagesCompatible('R_Axial_DIN0309_L9.0mm_D3.2mm_P12.70mm_Horizontal', 'Axial-DIN0207')).toBe('different');
    expect(packagesCompatible('Axial-DIN0207', '0207')).toBe('different');
    expect(footprintPackage('C_Disc_D6.0mm_W4.4mm_P5.00mm')).toBeNull();
    expect(footprintPackage('R_Box_L13.0mm_W4.0mm_P9.00mm')).toBeNull();
    expect(isExactPackage(footprintPackage('SOIC-8'))).toBe(false);
    expect(isExactPackage(footprintPackage('0603'))).toBe(true);
  });
});

describe('packagesCompatible', () => {
  it.each([
    ['0603', 'R_0603_1608Metric', 'same'],
    ['0603', '1608', 'same'],
    ['0603', 'Capacitor_SMD:C_0603_1608Metric', 'same'],
    ['SOT-23', 'SOT-23-3', 'same'],
    ['SOT-23', 'Package_TO_SOT_SMD:SOT-23', 'same'],
    ['QFN-32', 'QFN-32-1EP', 'same'],
    ['DIP-8', 'PDIP-8', 'same'],
    ['SMA', 'DO-214AC', 'same'],
    ['SOIC-8', 'SO-8', 'similar'],
    ['SOIC-8', 'SOP-8', 'similar'],
    ['SO-8', 'SOP8', 'similar'],
    ['VQFN-20', 'QFN-20', 'similar'],
    ['SOT-23-5', 'TSOT-23-5', 'similar'],
    ['DIP-8/SOIC-8', 'SO-8', 'similar'],
    ['DIP-8/SOIC-8', 'PDIP-8', 'same'],
    ['0603', '0402', 'different'],
    ['0603', '0603 metric', 'different'],
    ['0805', 'LED_SMD:LED_1206_3216Metric', 'different'],
    ['SOT-23', 'SOT-23-5', 'different'],
    ['SOIC-8', 'SOIC-14', 'different'],
    ['TSSOP-20', 'SSOP-20', 'different'],
    ['', '0603', 'different'],
  ] as const)('%s vs %s → %s', (a, b, want) => {
    expect(packagesCompatible(a, b)).toBe(want);
    expect(packagesCompatible(b, a)).toBe(want);
  });
});

// Issue #30 item 3: a stated package or footprint that contradicts a candidate's package.
describe('packagesContradict', () => {
  it('claims a contradiction between two different bodies it reads', () => {
    // '1N4148' on a SOD-323 footprint is not the DO-35 part; AMS1117-3.3 on SOT-89 not the SOT-223 one.
    expect(packagesContradict('Diode_SMD:D_SOD-323', 'DO-35')).toBe(true);
    expect(packagesContradict('Package_TO_SOT_SMD:SOT-89-3', 'SOT-223-3')).toBe(true);
    expect(packagesContradict('0603', '0805')).toBe(true);
    expect(packagesContradict('SOIC-8', 'SOIC-14')).toBe(true);
  });

  it('never for one body under two names, a near body, or a package it does not read', () => {
    expect(packagesContradict('SOT-753', 'SOT-23-5')).toBe(false);
    expect(packagesContradict('SC-70-5', 'SOT-353')).toBe(false);
    expect(packagesContradict('DPAK', 'TO-252-2L')).toBe(false);
    expect(packagesContradict('SMA', 'SMA(DO-214AC)')).toBe(false);
    expect(packagesContradict('SOIC-8', 'SOP-8')).toBe(false);
    expect(packagesContradict('QFN-32', 'UFQFPN-32(5x5)')).toBe(false);
    expect(packagesContradict('Package_BGA:BGA-96_9.0x13.0mm_Layout2x3x16_P0.8mm', 'FBGA-96(8x14)')).toBe(false);
    expect(packagesContradict('LQFP-48', 'TQFP-48')).toBe(false);
    expect(packagesContradict('SOT-23-6', '插件')).toBe(false);
    expect(packagesContradict('SOD-123', 'SOD-123FL')).toBe(false);
  });

  it('is strict for a supplier code: only another chip size, chip against pins, or another pin count', () => {
    expect(packagesContradict('SOIC-8', 'TSSOP-8', true)).toBe(false);
    expect(packagesContradict('0603', '0805', true)).toBe(true);
    expect(packagesContradict('0603', 'SOT-23', true)).toBe(true);
    expect(packagesContradict('SOT-23-5', 'SOT-23-6', true)).toBe(true);
  });
});

describe('package names of crystals, electrolytic cans and leaded bodies', () => {
  it('reads HC-49 cans and SMD crystal bodies as the snapshot writes them', () => {
    expect(footprintPackage('49S')).toMatchObject({ package: 'HC-49S', mounting: 'tht' });
    expect(footprintPackage('12MHz 49S直插无源晶振')).toMatchObject({ package: 'HC-49S' });
    expect(footprintPackage('HC-49S-SMD')).toMatchObject({ package: 'HC-49S-SMD', mounting: 'smd' });
    expect(footprintPackage('2016_4P')).toMatchObject({ package: 'SMD2016-4P', mounting: 'smd' });
    expect(footprintPackage('SMD3225-4P')?.package).toBe('SMD3225-4P');
    expect(packagesCompatible('HC-49S', 'HC-49S-SMD')).toBe('different');
  });

  it("reads KiCad's electrolytic cans and compares cylindrical bodies as similar at best", () => {
    expect(footprintPackage('Capacitor_SMD:CP_Elec_6.3x7.7')).toMatchObject({ package: 'SMD,D6.3xL7.7mm', mounting: 'smd' });
    expect(footprintPackage('Capacitor_THT:CP_Radial_D8.0mm_P3.50mm')).toMatchObject({ package: 'Radial-D8mm', mounting: 'tht' });
    expect(packagesCompatible('Radial-D8mm', '插件,D8xL11.5mm')).toBe('similar');
    expect(packagesCompatible('Radial-D8mm', 'SMD,D8xL10.5mm')).toBe('different');
    expect(packagesCompatible('SMD,D6.3xL7.7mm', 'SMD,D6.3xL5.4mm')).toBe('different');
    // An axial DIN 0207 body against the snapshot's leaded resistors by their size.
    expect(packagesCompatible('Axial-DIN0207', '插件,D2.4xL6.3mm')).toBe('similar');
    expect(packagesCompatible('Axial-DIN0207', '插件,D4.5xL11.5mm')).toBe('different');
    expect(bodyDimensions('0603')).toBeNull();
  });
});
