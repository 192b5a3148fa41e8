import { describe, expect, it } from 'vitest';
import {
  compareCandidates,
  compareParam,
  comparePins,
  numberAffinity,
  diffParams,
  electricalCompatible,
  gradeCandidate,
  pinFunction,
  sameFootprint,
  scoreOf,
  type PartFacts,
  type ParamRow,
  type PinRow,
} from '../../../src/lib/replace/replace.ts';

// Grading and diffs on hand-built parts: two 0603 10k resistors, ceramic capacitors, a SOT-23
// MOSFET pair with symbols and pins.

const num = (key: string, valueNum: number, unit: string | null = null): ParamRow => ({ key, unit, valueNum, valueText: null });
const txt = (key: string, valueText: string): ParamRow => ({ key, unit: null, valueNum: null, valueText });
const pin = (number: string, name: string, electricalType = 'passive', unit = 1): PinRow => ({ unit, number, name, electricalType });

let nextId = 1;
function part(over: Partial<PartFacts>): PartFacts {
  return { id: nextId++, cateId: 10, package: '0603', footprint: 'R_0603_1608Metric', symbolId: 1, pins: [], params: [], ...over };
}

const resistor = (tolerance: number, power: number, extra: Partial<PartFacts> = {}) =>
  part({ params: [num('resistance', 10_000, 'Ω'), num('tolerance', tolerance, '%'), num('power', power, 'W'), num('maxWorkingVoltage', 75, 'V')], ...extra });

describe('compareParam', () => {
  it('reads each parameter by its rule', () => {
    expect(compareParam('tolerance', num('tolerance', 5), num('tolerance', 1))).toBe('better');
    expect(compareParam('tolerance', num('tolerance', 1), num('tolerance', 5))).toBe('worse');
    expect(compareParam('power', num('power', 0.1), num('power', 0.125))).toBe('better');
    expect(compareParam('ratedVoltage', num('ratedVoltage', 50), num('ratedVoltage', 25))).toBe('worse');
    expect(compareParam('resistance', num('resistance', 10_000), num('resistance', 10_000.000001))).toBe('same');
    expect(compareParam('resistance', num('resistance', 10_000), num('resistance', 4700))).toBe('different');
    expect(compareParam('operatingTempMin', num('operatingTempMin', -40), num('operatingTempMin', -55))).toBe('better');
    expect(compareParam('somethingElse', num('somethingElse', 3), num('somethingElse', 4))).toBe('different');
    expect(compareParam('tolerance', num('tolerance', 1), undefined)).toBe('missing');
  });

  it('ranks ceramic dielectrics by stability, C0G = NP0', () => {
    expect(compareParam('dielectric', txt('dielectric', 'X7R'), txt('dielectric', 'C0G'))).toBe('better');
    expect(compareParam('dielectric', txt('dielectric', 'X7R'), txt('dielectric', 'X5R'))).toBe('worse');
    expect(compareParam('dielectric', txt('dielectric', 'NP0'), txt('dielectric', 'C0G'))).toBe('same');
    expect(compareParam('dielectric', txt('dielectric', 'x7r'), txt('dielectric', 'X7R '))).toBe('same');
    expect(compareParam('dielectric', txt('dielectric', 'X7R'), txt('dielectric', 'Tantalum'))).toBe('different');
  });
});

describe('diffParams', () => {
  it('lists the original parameters with display values, without the package', () => {
    const rows = diffParams([num('resistance', 10_000, 'Ω'), num('tolerance', 1, '%'), txt('package', '0603')], [num('resistance', 10_000, 'Ω'), num('tolerance', 5, '%')]);
    expect(rows).toEqual([
      { key: 'resistance', original: '10 kΩ', candidate: '10 kΩ', verdict: 'same' },
      { key: 'tolerance', original: '1%', candidate: '5%', verdict: 'worse' },
    ]);
    expect(diffParams([num('power', 0.1, 'W')], [])).toEqual([{ key: 'power', original: '100 mW', candidate: null, verdict: 'missing' }]);
  });
});

describe('pins', () => {
  const nmos = (names: [string, string, string], types = ['input', 'passive', 'passive']) =>
    part({ symbolId: nextId + 100, package: 'SOT-23', footprint: 'SOT-23', pins: [pin('1', names[0], types[0]), pin('2', names[1], types[1]), pin('3', names[2], types[2])] });

  it('names pins by function', () => {
    expect(pinFunction('GATE')).toBe('G');
    expect(pinFunction('~')).toBe('~');
    expect(pinFunction('~{RESET}')).toBe('!RESET');
    expect(pinFunction(' vss ')).toBe('GND');
  });

  it('accepts bidirectional for input, not passive for input', () => {
    expect(electricalCompatible('input', 'bidirectional')).toBe(true);
    expect(electricalCompatible('input', 'passive')).toBe(false);
    expect(electricalCompatible('power_in', 'unspecified')).toBe(true);
  });

  it('compares pin maps number by number', () => {
    expect(comparePins(nmos(['G', 'S', 'D']), nmos(['GATE', 'SOURCE', 'DRAIN']))).toEqual({ same: true });
    expect(comparePins(nmos(['G', 'S', 'D']), nmos(['G', 'D', 'S']))).toEqual({ same: false, unknown: false, detail: '2: S ≠ D' });
    expect(comparePins(nmos(['G', 'S', 'D']), nmos(['G', 'S', 'D'], ['passive', 'passive', 'passive']))).toMatchObject({ same: false, detail: '1: input ≠ passive' });
    expect(comparePins(nmos(['G', 'S', 'D']), part({ symbolId: null, pins: [] }))).toEqual({ same: false, unknown: true, detail: '' });
    const four = part({ symbolId: 999, pins: [pin('1', 'G'), pin('2', 'S'), pin('3', 'D'), pin('4', 'D')] });
    expect(comparePins(nmos(['G', 'S', 'D']), four)).toMatchObject({ same: false, detail: '3 ≠ 4' });
  });

  it('trusts a shared symbol without reading pins', () => {
    expect(comparePins(part({ symbolId: 7 }), part({ symbolId: 7 }))).toEqual({ same: true });
  });
});

describe('sameFootprint', () => {
  it('compares footprints when both have one, else packages', () => {
    expect(sameFootprint(part({ footprint: 'SOT-23' }), part({ footprint: 'SOT-23-3' }))).toBe(true);
    expect(sameFootprint(part({ footprint: 'R_0603_1608Metric' }), part({ footprint: 'R_0805_2012Metric' }))).toBe(false);
    expect(sameFootprint(part({ footprint: null, package: '0603' }), part({ footprint: 'R_0603_1608Metric', package: '0603' }))).toBe(true);
    expect(sameFootprint(part({ footprint: null, package: null }), part({ footprint: null, package: null }))).toBe(false);
  });
});

describe('gradeCandidate', () => {
  it('drop-in: same footprint and pins, every parameter within the envelope', () => {
    const g = gradeCandidate(resistor(5, 0.1), resistor(1, 0.1));
    expect(g?.grade).toBe('dropIn');
    expect(g?.diff.map((d) => d.verdict)).toEqual(['same', 'better', 'same', 'same']);
    expect(g?.notes).toEqual([{ kind: 'dropIn' }]);
  });

  it('pin-compatible: a wider tolerance is outside the envelope', () => {
    const g = gradeCandidate(resistor(1, 0.1), resistor(5, 0.1));
    expect(g?.grade).toBe('pinCompatible');
    expect(g?.notes).toEqual([{ kind: 'outside', keys: ['tolerance'] }]);
  });

  it('functional: same value in another package', () => {
    const g = gradeCandidate(resistor(1, 0.1), resistor(1, 0.125, { package: '0805', footprint: 'R_0805_2012Metric' }));
    expect(g?.grade).toBe('functional');
    expect(g?.notes[0]).toEqual({ kind: 'package', original: '0603', candidate: '0805' });
  });

  it('no replacement: another value, another category or an unconfirmed main value', () => {
    const other = part({ params: [num('resistance', 4700, 'Ω'), num('tolerance', 1, '%')] });
    expect(gradeCandidate(resistor(1, 0.1), other)).toBeNull();
    expect(gradeCandidate(resistor(1, 0.1), resistor(1, 0.1, { cateId: 11 }))).toBeNull();
    expect(gradeCandidate(resistor(1, 0.1), part({ params: [num('tolerance', 1, '%')] }))).toBeNull();
  });

  it('grades capacitors by dielectric and voltage', () => {
    const cap = (dielectric: string, volts: number) => part({ footprint: 'C_0603_1608Metric', symbolId: 2, params: [num('capacitance', 1e-7, 'F'), num('ratedVoltage', volts, 'V'), txt('dielectric', dielectric)] });
    expect(gradeCandidate(cap('X7R', 25), cap('C0G', 50))?.grade).toBe('dropIn');
    expect(gradeCandidate(cap('X7R', 25), cap('X5R', 50))?.grade).toBe('pinCompatible');
    expect(gradeCandidate(cap('X7R', 50), cap('X7R', 16))?.notes).toEqual([{ kind: 'outside', keys: ['ratedVoltage'] }]);
  });

  it('MOSFETs: swapped pins make a same-package part functional', () => {
    const fet = (symbolId: number, names: string[], vds: number) =>
      part({ cateId: 20, package: 'SOT-23', footprint: 'SOT-23', symbolId, pins: names.map((n, i) => pin(String(i + 1), n, 'passive')), params: [num('drainSourceVoltage', vds, 'V'), num('drainCurrent', 3, 'A'), num('onResistance', 0.05, 'Ω')] });
    const original = fet(50, ['G', 'S', 'D'], 30);
    expect(gradeCandidate(original, fet(51, ['G', 'S', 'D'], 40))?.grade).toBe('dropIn');
    const swapped = gradeCandidate(original, fet(52, ['G', 'D', 'S'], 30));
    expect(swapped?.grade).toBe('functional');
    expect(swapped?.notes).toEqual([{ kind: 'pins', detail: '2: S ≠ D' }]);
    // No main value: a part with most parameters worse is not offered at all.
    const weak = part({ cateId: 20, package: 'SOT-23', footprint: 'SOT-23', symbolId: 53, pins: [], params: [num('drainSourceVoltage', 20, 'V'), num('drainCurrent', 1, 'A'), num('onResistance', 0.2, 'Ω')] });
    expect(gradeCandidate(original, weak)).toBeNull();
  });
});

describe('ordering', () => {
  it('scores by grade band, then closeness', () => {
    expect(scoreOf('dropIn', 1)).toBe(1);
    expect(scoreOf('dropIn', 0)).toBe(0.7);
    expect(scoreOf('pinCompatible', 1)).toBeLessThanOrEqual(scoreOf('dropIn', 0));
    expect(scoreOf('packageCompatible', 1)).toBeLessThanOrEqual(scoreOf('pinCompatible', 0));
    expect(scoreOf('functional', 1)).toBeLessThanOrEqual(scoreOf('packageCompatible', 0));
    expect(scoreOf('functional', 0.5)).toBe(0.15);
  });

  it('puts own pairs first, then grade, domestic when asked, closeness', () => {
    const item = (mpn: string, grade: 'dropIn' | 'pinCompatible' | 'functional', closeness: number, domestic = false, userPair = false) => ({ mpn, grade, closeness, domestic, userPair });
    const list = [item('A', 'functional', 1), item('B', 'dropIn', 0.9), item('C', 'dropIn', 0.95, true), item('D', 'pinCompatible', 1, false, true), item('E', 'dropIn', 1)];
    expect([...list].sort((a, b) => compareCandidates(a, b, false)).map((x) => x.mpn)).toEqual(['D', 'E', 'C', 'B', 'A']);
    expect([...list].sort((a, b) => compareCandidates(a, b, true)).map((x) => x.mpn)).toEqual(['D', 'C', 'E', 'B', 'A']);
  });
});

// Issue #33: domestic alternatives of STM32F103C8T6 as the shipped JLC snapshot records them
// (catalog/jlcparts-2026-05-21: C8734 STM32F103C8T6 with the KiCad symbol the importer merged;
// C77994 GD32F103C8T6 and C2687451 CH32F103C8T6 without any symbol; core 'ARM Cortex-M3' and
// WCH's 'ARM-M3'; flash 64 KB; package 'LQFP-48(7x7)').
describe('graded honestly: a pin map is claimed only when both pin tables are known', () => {
  const mcu = (over: Partial<PartFacts>, core: string, supplyMin: number) =>
    part({ cateId: 100, package: 'LQFP-48(7x7)', footprint: null, symbolId: null, params: [txt('core', core), num('flashSize', 65536, 'B'), num('supplyVoltageMin', supplyMin, 'V')], ...over });
  const stm32 = mcu({ symbolId: 7812, pins: [pin('1', 'VBAT', 'power_in'), pin('2', 'PC13', 'bidirectional')] }, 'ARM Cortex-M3', 2);

  it('same package, no pin table on the candidate: package-compatible, pins not verified, with the parameter differences', () => {
    const gd32 = gradeCandidate(stm32, mcu({}, 'ARM Cortex-M3', 2.6));
    expect(gd32?.grade).toBe('packageCompatible');
    expect(gd32?.notes).toEqual([{ kind: 'pinsUnknown' }, { kind: 'outside', keys: ['supplyVoltageMin'] }]);
    expect(gd32?.diff.find((d) => d.key === 'supplyVoltageMin')).toMatchObject({ original: '2 V', candidate: '2.6 V', verdict: 'worse' });
  });

  it("reads WCH's 'ARM-M3' as the same core", () => {
    expect(compareParam('core', txt('core', 'ARM Cortex-M3'), txt('core', 'ARM-M3'))).toBe('same');
    expect(compareParam('core', txt('core', 'ARM Cortex-M3'), txt('core', 'ARM Cortex-M4'))).toBe('different');
    expect(gradeCandidate(stm32, mcu({}, 'ARM-M3', 2.7))?.grade).toBe('packageCompatible');
  });

  it('both pin tables known and agreeing: pin-compatible or drop-in; another package: functional', () => {
    const samePins = mcu({ symbolId: 9, pins: stm32.pins }, 'ARM Cortex-M3', 2);
    expect(gradeCandidate(stm32, samePins)?.grade).toBe('dropIn');
    expect(gradeCandidate(stm32, mcu({ symbolId: 9, pins: stm32.pins }, 'ARM Cortex-M3', 2.6))?.grade).toBe('pinCompatible');
    expect(gradeCandidate(stm32, mcu({ package: 'QFN-48' }, 'ARM Cortex-M3', 2))?.grade).toBe('functional');
  });

  it('a KiCad record in a finer category is the same kind when the caller says so', () => {
    const kicad = { ...stm32, cateId: 10003 };
    expect(gradeCandidate(kicad, mcu({}, 'ARM Cortex-M3', 2))).toBeNull();
    expect(gradeCandidate(kicad, mcu({}, 'ARM Cortex-M3', 2), new Set([10003, 100]))?.grade).toBe('packageCompatible');
  });

  it("ranks second sources that keep the original's number first within a grade", () => {
    expect(numberAffinity('STM32F103C8T6', 'GD32F103C8T6')).toBe(1);
    expect(numberAffinity('STM32F103C8T6', 'CH32F103C8T6')).toBe(1);
    expect(numberAffinity('STM32F103C8T6', 'GD32F103CBT6')).toBeLessThan(1);
    const item = (mpn: string, closeness: number) => ({ mpn, grade: 'packageCompatible' as const, closeness, domestic: true, userPair: false, affinity: numberAffinity('STM32F103C8T6', mpn) });
    const list = [item('APM32F103CBT6', 0.99), item('GD32F103C8T6', 0.7), item('CH32F103C8T6', 0.6)];
    expect(list.sort((a, b) => compareCandidates(a, b, true)).map((x) => x.mpn)).toEqual(['GD32F103C8T6', 'CH32F103C8T6', 'APM32F103CBT6']);
  });
});
