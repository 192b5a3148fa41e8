import { describe, expect, it } from 'vitest';
import { descriptionReason, parseDescription, type DescribeHints, type ParsedDescription } from '../../../src/lib/bom/describe-line.ts';
import { fillMessage } from '../../../src/lib/server/messages/server-message.ts';
import { en } from '../../../src/lib/server/messages/en.ts';
import { zh } from '../../../src/lib/server/messages/zh.ts';

type Expect = Partial<Omit<ParsedDescription, 'value'>> & { value?: { value: number; unit: string } | null };

/** Values compare with 9 significant digits (1e-7 F from '0.1uF' is not bit-exact everywhere). */
function check(text: string, hints: DescribeHints, want: Expect): void {
  const got = parseDescription(text, hints);
  const { value, ...rest } = want;
  expect(got).toMatchObject(rest);
  if (value === null) expect(got.value).toBeNull();
  else if (value) {
    expect(got.value?.unit).toBe(value.unit);
    expect(Number(got.value?.value.toPrecision(9))).toBe(Number(value.value.toPrecision(9)));
  }
}

const R = (v: number) => ({ value: v, unit: 'Ω' });
const F = (v: number) => ({ value: v, unit: 'F' });
const H = (v: number) => ({ value: v, unit: 'H' });

// The issue's and the research notes' own examples (#12 item 3, notes §3 "silent errors").
const issueCases: ReadonlyArray<readonly [string, DescribeHints, Expect]> = [
  ['贴片电阻 0603 10K ±1%', {}, { kind: 'resistor', value: R(10e3), package: '0603', tolerance: 1, mounting: 'smd' }],
  ['100nF 50V X7R 0402', {}, { kind: 'capacitor', value: F(100e-9), voltage: 50, dielectric: 'X7R', package: '0402', subtype: 'ceramic' }],
  ['4k7', { designator: 'R5' }, { kind: 'resistor', value: R(4700) }],
  ['4k7', {}, { kind: 'resistor', value: R(4700) }],
  ['2R2', {}, { kind: 'resistor', value: R(2.2) }],
  ['1uF/25V', {}, { kind: 'capacitor', value: F(1e-6), voltage: 25 }],
  ['LED 红色 0805', {}, { kind: 'led', colour: 'red', package: '0805', value: null }],
  ['0.1uF', {}, { kind: 'capacitor', value: F(100e-9) }],
  ['104', { designator: 'C12' }, { kind: 'capacitor', value: F(100e-9) }],
  ['104', {}, { kind: null, value: null }],
  ['10uF 10% 16V X5R 0805', {}, { kind: 'capacitor', value: F(10e-6), tolerance: 10, voltage: 16, dielectric: 'X5R', package: '0805' }],
  ['1K 1% 1/10W', {}, { kind: 'resistor', value: R(1000), tolerance: 1, power: 0.1 }],
  ['RES 10K OHM 1% 1/10W 0603', {}, { kind: 'resistor', value: R(10e3), tolerance: 1, power: 0.1, package: '0603' }],
  ['CAP CER 0.1UF 50V X7R 0603', {}, { kind: 'capacitor', value: F(100e-9), voltage: 50, dielectric: 'X7R', package: '0603', subtype: 'ceramic' }],
  ['22pF C0G', {}, { kind: 'capacitor', value: F(22e-12), dielectric: 'C0G' }],
  ['10mH', {}, { kind: 'inductor', value: H(10e-3) }],
  ['Ferrite bead 600R@100MHz', {}, { kind: 'ferrite', value: R(600) }],
  ['32.768kHz crystal', {}, { kind: 'crystal', value: { value: 32768, unit: 'Hz' } }],
  ['SS34', {}, { kind: 'diode', partNumber: 'SS34', value: null }],
  ['1N4148W', {}, { kind: 'diode', partNumber: '1N4148W' }],
  ['4,7k', { designator: 'R1' }, { kind: 'resistor', value: R(4700) }],
  ['CAP 100nF/50V 0402', {}, { kind: 'capacitor', value: F(100e-9), voltage: 50, package: '0402' }],
  ['100nF,50V,X7R,0402', {}, { kind: 'capacitor', value: F(100e-9), voltage: 50, dielectric: 'X7R', package: '0402' }],
  ['100nF/50V', {}, { kind: 'capacitor', value: F(100e-9), voltage: 50 }],
  ['贴片电容100nF 50V X7R 0402', {}, { kind: 'capacitor', value: F(100e-9), voltage: 50, dielectric: 'X7R', package: '0402', mounting: 'smd' }],
  ['容值:100nF 耐压:50V', {}, { kind: 'capacitor', value: F(100e-9), voltage: 50 }],
  ['10K(1002)', {}, { kind: 'resistor', value: R(10e3) }],
  ['104 0603', { designator: 'C1' }, { kind: 'capacitor', value: F(100e-9), package: '0603' }],
  ['10千欧', {}, { kind: 'resistor', value: R(10e3) }],
  ['1812 10uF 50V', {}, { kind: 'capacitor', value: F(10e-6), package: '1812', voltage: 50 }],
];

// Chinese purchasing-sheet and EasyEDA/JLC styles.
const zhCases: ReadonlyArray<readonly [string, DescribeHints, Expect]> = [
  ['贴片电阻 0402 100Ω ±5%', {}, { kind: 'resistor', value: R(100), package: '0402', tolerance: 5 }],
  ['电阻 1206 0R', {}, { kind: 'resistor', value: R(0), package: '1206' }],
  ['贴片电阻 4.7千欧 0805 1/8W', {}, { kind: 'resistor', value: R(4700), package: '0805', power: 0.125 }],
  ['阻值 1M 0603', {}, { kind: 'resistor', value: R(1e6), package: '0603' }],
  ['排阻 4x10K 0603', {}, { kind: 'resistor', package: '0603' }],
  ['贴片电容 22pF 50V NP0 0402', {}, { kind: 'capacitor', value: F(22e-12), dielectric: 'C0G', voltage: 50, package: '0402' }],
  ['贴片电容 10uF 25V X5R ±10% 0805', {}, { kind: 'capacitor', value: F(10e-6), voltage: 25, dielectric: 'X5R', tolerance: 10, package: '0805' }],
  ['电解电容 100uF 16V 插件', {}, { kind: 'capacitor', value: F(100e-6), voltage: 16, subtype: 'electrolytic', mounting: 'tht' }],
  ['钽电容 10uF 16V', {}, { kind: 'capacitor', value: F(10e-6), voltage: 16, subtype: 'tantalum' }],
  ['瓷片电容 104', {}, { kind: 'capacitor', value: F(100e-9), subtype: 'ceramic' }],
  ['贴片电容 0.1微法 0603', {}, { kind: 'capacitor', value: F(100e-9), package: '0603' }],
  ['贴片电容 100纳法 50伏', {}, { kind: 'capacitor', value: F(100e-9), voltage: 50 }],
  ['贴片电容 47皮法', {}, { kind: 'capacitor', value: F(47e-12) }],
  ['功率电感 4.7uH 3A', {}, { kind: 'inductor', value: H(4.7e-6), current: 3 }],
  ['贴片电感 10微亨 0805', {}, { kind: 'inductor', value: H(10e-6), package: '0805' }],
  ['磁珠 600R@100MHz 0603', {}, { kind: 'ferrite', value: R(600), package: '0603' }],
  ['贴片磁珠 120Ω 0805', {}, { kind: 'ferrite', value: R(120), package: '0805' }],
  ['LED 绿色 0603', {}, { kind: 'led', colour: 'green', package: '0603' }],
  ['发光二极管 蓝光 0805', {}, { kind: 'led', colour: 'blue', package: '0805' }],
  ['贴片LED 黄色 1206', {}, { kind: 'led', colour: 'yellow', package: '1206', mounting: 'smd' }],
  ['LED灯珠 白光 0603', {}, { kind: 'led', colour: 'white', package: '0603' }],
  ['橙色 LED 0805', {}, { kind: 'led', colour: 'orange', package: '0805' }],
  ['无源晶振 32.768KHz 12.5pF', {}, { kind: 'crystal', value: { value: 32768, unit: 'Hz' }, loadCapacitance: 12.5e-12 }],
  ['晶振 8MHz 3225', {}, { kind: 'crystal', value: { value: 8e6, unit: 'Hz' } }],
  ['肖特基二极管 SS34 SMA', {}, { kind: 'diode', subtype: 'schottky', partNumber: 'SS34', package: 'SMA' }],
  ['稳压管 5.1V SOD-123', {}, { kind: 'diode', subtype: 'zener', voltage: 5.1, package: 'SOD-123' }],
  ['自恢复保险丝 500mA 1206', {}, { kind: 'fuse', current: 0.5, package: '1206' }],
  ['保险丝 2A 250V', {}, { kind: 'fuse', current: 2, voltage: 250 }],
  ['三极管 SOT-23', {}, { kind: 'transistor', package: 'SOT-23' }],
  ['MOS管 AO3400 SOT-23', {}, { kind: 'transistor', partNumber: 'AO3400', package: 'SOT-23' }],
  ['贴片电阻 0603 10K 1% 1608公制', {}, { kind: 'resistor', value: R(10e3), package: '0603' }],
];

// Distributor / Altium / KiCad English styles.
const enCases: ReadonlyArray<readonly [string, DescribeHints, Expect]> = [
  ['RES SMD 4.7K OHM 5% 1/4W 1206', {}, { kind: 'resistor', value: R(4700), tolerance: 5, power: 0.25, package: '1206', mounting: 'smd' }],
  ['RES 0.1 OHM 1% 1W 2512', {}, { kind: 'resistor', value: R(0.1), tolerance: 1, power: 1, package: '2512' }],
  ['Resistor 100R 0402', {}, { kind: 'resistor', value: R(100), package: '0402' }],
  ['RES 1M OHM 1% 0.1W 0603', {}, { kind: 'resistor', value: R(1e6), power: 0.1, package: '0603' }],
  ['CAP CER 10UF 25V X5R 0805', {}, { kind: 'capacitor', value: F(10e-6), voltage: 25, dielectric: 'X5R', package: '0805' }],
  ['CAP CER 1000PF 50V C0G/NP0 0402', {}, { kind: 'capacitor', value: F(1e-9), voltage: 50, dielectric: 'C0G', package: '0402' }],
  ['CAP ALUM 220UF 20% 35V RADIAL', {}, { kind: 'capacitor', value: F(220e-6), tolerance: 20, voltage: 35, subtype: 'electrolytic', mounting: 'tht' }],
  ['CAP TANT 47UF 10V 10%', {}, { kind: 'capacitor', value: F(47e-6), voltage: 10, tolerance: 10, subtype: 'tantalum' }],
  ['Capacitor 4.7uF 6V3 0603', {}, { kind: 'capacitor', value: F(4.7e-6), voltage: 6.3, package: '0603' }],
  ['MLCC 2.2nF 100V X7R 0603', {}, { kind: 'capacitor', value: F(2.2e-9), voltage: 100, dielectric: 'X7R', package: '0603' }],
  ['Ceramic capacitor 10nF 16V Y5V', {}, { kind: 'capacitor', value: F(10e-9), voltage: 16, dielectric: 'Y5V' }],
  ['FIXED IND 10UH 1.5A 0805', {}, { kind: 'inductor', value: H(10e-6), current: 1.5, package: '0805' }],
  ['Inductor 22uH 2A', {}, { kind: 'inductor', value: H(22e-6), current: 2 }],
  ['IND 100NH 0402', {}, { kind: 'inductor', value: H(100e-9), package: '0402' }],
  ['FERRITE BEAD 120 OHM 0603', {}, { kind: 'ferrite', value: R(120), package: '0603' }],
  ['LED RED 0603', {}, { kind: 'led', colour: 'red', package: '0603' }],
  ['LED SMD WHITE 1206 20mA', {}, { kind: 'led', colour: 'white', package: '1206', current: 0.02 }],
  ['CRYSTAL 16MHZ 18PF SMD', {}, { kind: 'crystal', value: { value: 16e6, unit: 'Hz' }, loadCapacitance: 18e-12, mounting: 'smd' }],
  ['XTAL 25MHz', {}, { kind: 'crystal', value: { value: 25e6, unit: 'Hz' } }],
  ['DIODE SCHOTTKY 40V 3A SMA', {}, { kind: 'diode', subtype: 'schottky', voltage: 40, current: 3, package: 'SMA' }],
  ['Zener diode 3.3V SOD-323', {}, { kind: 'diode', subtype: 'zener', voltage: 3.3, package: 'SOD-323' }],
  ['TVS diode SMBJ5.0A', {}, { kind: 'diode', subtype: 'tvs' }],
  ['FUSE 1.5A 60V 1206', {}, { kind: 'fuse', current: 1.5, voltage: 60, package: '1206' }],
  ['PTC RESETTABLE FUSE 500MA', {}, { kind: 'fuse', current: 0.5 }],
  ['MOSFET N-CH 30V 5.8A SOT-23', {}, { kind: 'transistor', voltage: 30, current: 5.8, package: 'SOT-23' }],
  ['BSS138', {}, { kind: 'transistor', partNumber: 'BSS138' }],
  ['BAT54S', {}, { kind: 'diode', partNumber: 'BAT54S' }],
  ['1N4007', {}, { kind: 'diode', partNumber: '1N4007' }],
  ['10K 0603 1%', { designator: 'R3' }, { kind: 'resistor', value: R(10e3), package: '0603', tolerance: 1 }],
  ['100n', { designator: 'C7' }, { kind: 'capacitor', value: F(100e-9) }],
  ['10u', { designator: 'L2' }, { kind: 'inductor', value: H(10e-6) }],
  ['10u', { designator: 'C2' }, { kind: 'capacitor', value: F(10e-6) }],
  ['100', { designator: 'R9' }, { kind: 'resistor', value: R(100) }],
  ['0', { designator: 'R10' }, { kind: 'resistor', value: R(0) }],
  ['47k', { footprint: 'Resistor_SMD:R_0402_1005Metric' }, { kind: 'resistor', value: R(47e3), package: '0402', mounting: 'smd' }],
  ['100nF', { footprint: 'Capacitor_SMD:C_0402_1005Metric' }, { kind: 'capacitor', value: F(100e-9), package: '0402' }],
  ['LED', { footprint: 'LED_SMD:LED_1206_3216Metric', designator: 'D1' }, { kind: 'led', package: '1206' }],
  ['1uF 0805', { footprint: 'C_0603_1608Metric' }, { package: '0603' }],
  ['10k', { kind: 'resistor' }, { kind: 'resistor', value: R(10e3) }],
  ['4.7uF 25V', { designator: 'C4,C5,C6' }, { kind: 'capacitor', value: F(4.7e-6), voltage: 25 }],
  ['330R', { designator: 'R1-R4' }, { kind: 'resistor', value: R(330) }],
  ['10uF 50VDC', {}, { kind: 'capacitor', value: F(10e-6), voltage: 50 }],
  ['100nF 10PCT 50V', {}, { kind: 'capacitor', tolerance: 10, voltage: 50 }],
  ['10nF SOT-23', {}, { kind: 'capacitor', value: F(10e-9) }],
  ['2.2uH 0.5A 2520', {}, { kind: 'inductor', value: H(2.2e-6), package: '1008', current: 0.5 }],
  ['0R1 2512 1W', {}, { kind: 'resistor', value: R(0.1), package: '2512', power: 1 }],
  ['1M5', {}, { kind: 'resistor', value: R(1.5e6) }],
  ['2n2', {}, { kind: 'capacitor', value: F(2.2e-9) }],
  ['1u5', { designator: 'C1' }, { kind: 'capacitor', value: F(1.5e-6) }],
  ['680 kOhm', {}, { kind: 'resistor', value: R(680e3) }],
  ['Green', { designator: 'D3', footprint: 'LED_SMD:LED_0603_1608Metric' }, { kind: 'led', colour: 'green', package: '0603' }],
  ['LED_Red', { designator: 'D1' }, { kind: 'led', colour: 'red' }],
  ['1N4148W', { designator: 'D2', footprint: 'Diode_SMD:D_SOD-123' }, { kind: 'diode', partNumber: '1N4148W', package: 'SOD-123' }],
  ['0.1uF', { designator: 'C1', footprint: 'Capacitor_SMD:C_0402_1005Metric' }, { kind: 'capacitor', value: F(100e-9), package: '0402' }],
  ['BLM18PG221SN1D', { designator: 'FB1', footprint: 'Inductor_SMD:L_0603_1608Metric' }, { kind: 'ferrite', partNumber: 'BLM18PG221SN1D', package: '0603', problems: [] }],
  ['AMS1117-3.3', { designator: 'U1', footprint: 'Package_TO_SOT_SMD:SOT-223-3_TabPin2' }, { kind: null, partNumber: 'AMS1117-3.3', package: 'SOT-223' }],
  ['2x10K SOT-23', { designator: 'RN1' }, { kind: 'resistor', partNumber: null, package: 'SOT-23' }],
  ['10 k', { designator: 'R8' }, { kind: 'resistor', value: R(10e3) }],
  ['2.2 u', { designator: 'C8' }, { kind: 'capacitor', value: F(2.2e-6) }],
  ['150R 0805 LED限流', { designator: 'R5' }, { kind: 'resistor', value: R(150), package: '0805' }],
  ['10K±1% 0603 100ppm', {}, { kind: 'resistor', value: R(10e3), tolerance: 1, tempco: 100, package: '0603' }],
  ['CAP 10uF DC50V', {}, { kind: 'capacitor', value: F(10e-6), voltage: 50, partNumber: null }],
  ['10K_0603', {}, { kind: 'resistor', value: R(10e3), package: '0603' }],
  ['CAP 0.1MFD 50V', {}, { kind: 'capacitor', value: F(100e-9), voltage: 50 }],
];

// Source: kitspace/electro-grammar test/test_parse.js (MIT, commit 00dfc9faf9ce7b6614e5c31b9fd3d2a7dfa17921),
// found with the search tool; inputs and expected values reused as fixtures, expectations
// restated in our attribute names (characteristic → dielectric, size → package).
const electroGrammarCases: ReadonlyArray<readonly [string, Expect]> = [
  ['2uF 0603', { kind: 'capacitor', value: F(2e-6), package: '0603' }],
  ['2uF 0603 30%', { kind: 'capacitor', value: F(2e-6), tolerance: 30 }],
  ['2uF 0603 +/-30%', { kind: 'capacitor', tolerance: 30 }],
  ['2uF 0603 ±30%', { kind: 'capacitor', tolerance: 30 }],
  ['2uF 0603 +-30%', { kind: 'capacitor', tolerance: 30 }],
  ['10uF 0402', { kind: 'capacitor', value: F(10e-6), package: '0402' }],
  ['10 micro Farad 0402', { kind: 'capacitor', value: F(10e-6), package: '0402' }],
  ['10𝛍F 0402', { kind: 'capacitor', value: F(10e-6), package: '0402' }],
  ['10𝝁 F 0402', { kind: 'capacitor', value: F(10e-6), package: '0402' }],
  ['100nF 0603 kajdlkja alkdjlkajd', { kind: 'capacitor', value: F(100e-9), package: '0603' }],
  ['adjalkjd 0603 akjdlkjda 100nF kajdlkja alkdjlkajd', { kind: 'capacitor', value: F(100e-9), package: '0603' }],
  ['capacitor 100nF 0603, warehouse 5', { kind: 'capacitor', value: F(100e-9), package: '0603' }],
  ['100nF 0603 x7r', { dielectric: 'X7R' }],
  ['100nF 0603 Z5U', { dielectric: 'Z5U' }],
  ['100nF 0603 NP0', { dielectric: 'C0G' }],
  ['100nF 0603 C0G/NP0', { dielectric: 'C0G' }],
  ['1F 0603 25V', { kind: 'capacitor', value: F(1), voltage: 25 }],
  ['100nF 0603 25 v', { voltage: 25 }],
  ['C 100n 0603', { kind: 'capacitor', value: F(100e-9), package: '0603' }],
  ['Capacitor 100n 0603', { kind: 'capacitor', value: F(100e-9) }],
  ['cap 100n 0603', { kind: 'capacitor', value: F(100e-9) }],
  ['1k 0603', { kind: 'resistor', value: R(1000), package: '0603' }],
  ['1k ohm 0603', { kind: 'resistor', value: R(1000) }],
  ['1 ohm 0402', { kind: 'resistor', value: R(1) }],
  ['1k5 0402', { kind: 'resistor', value: R(1500) }],
  ['2r7 0402', { kind: 'resistor', value: R(2.7) }],
  ['1.5k 0402', { kind: 'resistor', value: R(1500) }],
  ['1Ω 0805', { kind: 'resistor', value: R(1), package: '0805' }],
  ['100R', { kind: 'resistor', value: R(100) }],
  ['100 R', { kind: 'resistor', value: R(100) }],
  ['1k 0805 5% 100mW', { kind: 'resistor', tolerance: 5, power: 0.1 }],
  ['0 ohm 0201 0.125W', { kind: 'resistor', value: R(0), package: '0201', power: 0.125 }],
  ['led red 0603', { kind: 'led', colour: 'red', package: '0603' }],
  ['SMD LED GREEN 0805', { kind: 'led', colour: 'green', package: '0805' }],
  ['this is total rubbish', { kind: null, value: null }],
];

describe('parseDescription', () => {
  it.each(issueCases)('issue example %s %j', (text, hints, want) => check(text, hints, want));
  it.each(zhCases)('Chinese %s %j', (text, hints, want) => check(text, hints, want));
  it.each(enCases)('English %s %j', (text, hints, want) => check(text, hints, want));
  it.each(electroGrammarCases)('electro-grammar fixture %s', (text, want) => check(text, {}, want));

  it('has at least 80 cases in the tables above', () => {
    expect(issueCases.length + zhCases.length + enCases.length + electroGrammarCases.length).toBeGreaterThanOrEqual(80);
  });

  it('uses the catalogue parameter keys', () => {
    const r = parseDescription('贴片电阻 0603 10K ±1% 1/10W');
    expect(r.params).toEqual([
      { key: 'resistance', value: 10000, text: null, unit: 'Ω' },
      { key: 'tolerance', value: 1, text: null, unit: '%' },
      { key: 'power', value: 0.1, text: null, unit: 'W' },
      { key: 'mounting', value: null, text: 'SMD', unit: null },
    ]);
    const c = parseDescription('CAP CER 0.1UF 50V X7R 0603');
    expect(c.params.map((p) => p.key)).toEqual(['capacitance', 'ratedVoltage', 'dielectric', 'mounting']);
    expect(parseDescription('LED 红色 0805').params).toContainEqual({ key: 'color', value: null, text: 'red', unit: null });
    expect(parseDescription('LED RED 0603 2V 20mA').params.filter((p) => p.unit === 'V' || p.unit === 'A').map((p) => p.key)).toEqual(['forwardVoltage', 'forwardCurrent']);
    expect(parseDescription('DIODE SCHOTTKY 40V 3A SMA').params.filter((p) => p.unit === 'V' || p.unit === 'A').map((p) => p.key)).toEqual(['reverseVoltage', 'forwardCurrent']);
  });

  it('does not read a bare EIA code or an ambiguous number without capacitor context', () => {
    expect(parseDescription('104').value).toBeNull();
    const c = parseDescription('100', { designator: 'C1' });
    expect(c.value).toBeNull();
    expect(c.problems.map((p) => p.key)).toContain('bom.describe.ambiguousNumber');
  });

  it('does not take SKU fragments or MPN digits for a size', () => {
    expect(parseDescription('LED XL-1606UWC white').package).toBeNull();
    expect(parseDescription('RC0402FR-0710KL').package).toBeNull();
  });

  it('trusts the footprint column over the text and says so', () => {
    const r = parseDescription('LED white 0603', { footprint: 'LED_SMD:LED_1206_3216Metric' });
    expect(r.package).toBe('1206');
    expect(r.problems).toContainEqual({ key: 'bom.describe.packageConflict', vars: { text: '0603', footprint: '1206' } });
    const agree = parseDescription('LED white 1206', { footprint: 'LED_SMD:LED_1206_3216Metric' });
    expect(agree.confidence).toBeGreaterThan(r.confidence);
  });

  it('reports a kind conflict between text and designator', () => {
    const r = parseDescription('CAP 100nF 0402', { designator: 'R4' });
    expect(r.kind).toBe('capacitor');
    expect(r.problems.map((p) => p.key)).toContain('bom.describe.kindConflict');
  });

  it('ranks confidence by completeness', () => {
    const full = parseDescription('RES 10K OHM 1% 1/10W 0603').confidence;
    const valueOnly = parseDescription('10K').confidence;
    const nothing = parseDescription('some words').confidence;
    expect(full).toBe(1);
    expect(valueOnly).toBeLessThan(full);
    expect(nothing).toBe(0);
  });

  it('keeps evidence for every attribute', () => {
    const r = parseDescription('1608 10K', { designator: 'R1' });
    expect(r.package).toBe('0603');
    expect(r.evidence).toContain('metric 1608 → imperial 0603');
    expect(r.evidence.some((e) => e.startsWith('value 10 kΩ'))).toBe(true);
  });

  it('rejects empty, non-string and overlong input with a message key', () => {
    expect(parseDescription('').problems[0]?.key).toBe('bom.describe.empty');
    expect(parseDescription(undefined as unknown as string).problems[0]?.key).toBe('bom.describe.empty');
    const long = parseDescription('1'.repeat(501));
    expect(long.problems[0]).toEqual({ key: 'bom.describe.tooLong', vars: { max: 500 } });
    expect(long.kind).toBeNull();
    const fpOnly = parseDescription('', { footprint: 'Resistor_SMD:R_0805_2012Metric' });
    expect(fpOnly).toMatchObject({ kind: 'resistor', package: '0805' });
  });

  it('never throws and reads nothing from junk', () => {
    for (const junk of ['%%%', '±', '1/0W', '1e400F', '...', '@@@', '0x1F', '－', '10K'.repeat(150), '\u0000R1', '𝛍𝛍𝛍']) {
      const r = parseDescription(junk);
      expect(r.confidence).toBeGreaterThanOrEqual(0);
      expect(r.confidence).toBeLessThanOrEqual(1);
      if (r.value) expect(Number.isFinite(r.value.value)).toBe(true);
    }
    expect(parseDescription('1e400F').value).toBeNull();
    expect(parseDescription('1/0W').power).toBeNull();
  });

  it('builds the description reason in both languages', () => {
    const reason = descriptionReason(parseDescription('贴片电阻 0603 10K ±1%'));
    expect(reason).toEqual({ key: 'bom.reason.description', vars: { attributes: '10kΩ, 0603, ±1%' } });
    expect(fillMessage(en[reason!.key], reason!.vars)).toBe('10kΩ, 0603, ±1% from description');
    expect(fillMessage(zh[reason!.key], reason!.vars)).toBe('由描述解析：10kΩ, 0603, ±1%');
    expect(descriptionReason(parseDescription('nothing here'))).toBeNull();
  });
});

// Issue #30 item 3: the component type a description or footprint states.
describe('construction, mounting and other part types', () => {
  it('reads a tantalum chip by its Chinese name and its metric case', () => {
    // '贴片钽电容' (SMD tantalum capacitor), case A = 3216 metric = 1206.
    check('贴片钽电容 10uF 16V A型 3216', {}, { kind: 'capacitor', subtype: 'tantalum', package: '1206', mounting: 'smd', voltage: 16, value: { value: 1e-5, unit: 'F' } });
  });

  it("takes the construction from KiCad's footprints and the CP / EC designators", () => {
    check('10uF', { designator: 'C3', footprint: 'Capacitor_Tantalum_SMD:CP_EIA-3216-18_Kemet-A' }, { subtype: 'tantalum' });
    check('100uF 16V', { designator: 'C4', footprint: 'Capacitor_SMD:CP_Elec_6.3x7.7' }, { subtype: 'electrolytic', package: 'SMD,D6.3xL7.7mm' });
    check('330uF', { designator: 'C5', footprint: 'Capacitor_THT:CP_Radial_D8.0mm_P3.50mm' }, { subtype: 'electrolytic', mounting: 'tht' });
    check('100nF', { designator: 'C6', footprint: 'Capacitor_THT:C_Disc_D5.0mm_W2.5mm_P5.00mm' }, { subtype: 'ceramic', mounting: 'tht' });
    check('47uF', { designator: 'EC1' }, { subtype: 'electrolytic' });
    check('47uF', { designator: 'CP2' }, { subtype: 'polarized' });
    check('100nF 50V X7R', { designator: 'C1' }, { subtype: 'ceramic' });
  });

  it('reads a jumper on a resistor line as 0 Ω', () => {
    check('跳线 Resistor', { designator: 'J1', footprint: '0402-0R' }, { kind: 'resistor', package: '0402', value: { value: 0, unit: 'Ω' } });
    check('RES JUMPER 0603', { designator: 'R7' }, { kind: 'resistor', value: { value: 0, unit: 'Ω' } });
  });

  it('does not read a connector or an oscillator by a unit in its text', () => {
    // A U.FL connector's '50 Ohm' is its impedance, not a resistor's value.
    check('Ultra Miniature Coaxial Connector Receptacle, Male Pin 50 Ohm Surface Mount', { designator: 'J8' }, { kind: null });
    // 有源晶振 is an active oscillator, not a crystal read by its frequency.
    check('12MHz 有源晶振 SMD3225', { designator: 'Y1' }, { kind: null });
    check('OSC 48MHz 2520', { designator: 'X2' }, { kind: null });
    check('12MHz 49S直插无源晶振', { designator: 'X1' }, { kind: 'crystal', package: 'HC-49S', mounting: 'tht' });
  });

  it('reads plural type words of distributor descriptions', () => {
    check('RF Inductors - SMD 10 NH 5%', { designator: 'MN1', footprint: 'RES0402' }, { kind: 'inductor', value: { value: 1e-8, unit: 'H' } });
  });
});

describe('crystal values without a unit', () => {
  it("reads '25M' and '32.768K' on a crystal line in hertz", () => {
    check('25M', { designator: 'X1', footprint: 'OSC 3225-4P' }, { kind: 'crystal', package: 'SMD3225-4P', value: { value: 25e6, unit: 'Hz' } });
    check('32.768K', { designator: 'X2' }, { kind: 'crystal', value: { value: 32768, unit: 'Hz' } });
    check('10n', { designator: 'Y1' }, { kind: 'crystal', value: null });
  });
});
