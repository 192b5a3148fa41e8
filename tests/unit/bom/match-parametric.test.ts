import { describe, expect, it } from 'vitest';
import { parseDescription } from '../../../src/lib/bom/describe-line.ts';
import { categoriesOf, kindOfCategory, parametricAutoAllowed, parametricFit, productMounting, subtypesAgree, wantedOf, type ProductFacts } from '../../../src/lib/bom/match/parametric.ts';

function product(over: Omit<Partial<ProductFacts>, 'params'> & { params?: Record<string, number | string> }): ProductFacts {
  const params = new Map(Object.entries(over.params ?? {}).map(([k, v]) => [k, typeof v === 'number' ? { num: v, text: null } : { num: null, text: v }]));
  return { id: 1, mpn: 'X', mpnNormalized: 'X', cateId: 55101, package: '0603', brandKey: null, domestic: false, kicad: false, lifecycle: 'unknown', ...over, params };
}

const want = (text: string, designator: string, footprint?: string) => wantedOf(parseDescription(text, { designator, ...(footprint ? { footprint } : {}) }))!;

describe('wantedOf', () => {
  it('needs a kind read by its main value', () => {
    expect(want('100nF 50V X7R', 'C1', 'C_0603_1608Metric')).toMatchObject({ kind: 'capacitor', key: 'capacitance', value: 1e-7, voltage: 50, dielectric: 'X7R', package: '0603' });
    expect(wantedOf(parseDescription('LED red', { designator: 'D1' }))).toBeNull();
  });
});

describe('kindOfCategory', () => {
  it('maps the category tree to line kinds', () => {
    expect(kindOfCategory(55001)).toBe('resistor');
    expect(kindOfCategory(55101)).toBe('capacitor');
    expect(kindOfCategory(55102)).toBe('capacitor');
    expect(kindOfCategory(55202)).toBe('ferrite');
    expect(kindOfCategory(45002)).toBe('diode');
    expect(kindOfCategory(10001)).toBeNull();
    expect(kindOfCategory(null)).toBeNull();
  });
});

describe('parametricFit', () => {
  const w = want('100nF 50V X7R', 'C1', 'C_0603_1608Metric');
  const good = { capacitance: 1e-7, ratedVoltage: 50, dielectric: 'X7R' };

  it('is satisfied when every stated attribute is met', () => {
    const fit = parametricFit(w, product({ params: good }))!;
    expect(fit.satisfied).toBe(true);
    expect(fit.unmet).toEqual([]);
    expect(fit.reasons[0]?.key).toBe('bom.reason.description');
  });

  it('accepts a better rating and a better dielectric class', () => {
    expect(parametricFit(w, product({ params: { ...good, ratedVoltage: 100, dielectric: 'C0G' } }))?.satisfied).toBe(true);
  });

  it('lists what is unmet or unknown', () => {
    expect(parametricFit(w, product({ params: { ...good, ratedVoltage: 25 } }))?.unmet).toEqual(['voltage']);
    expect(parametricFit(w, product({ params: { ...good, dielectric: 'Y5V' } }))?.unmet).toEqual(['dielectric']);
    expect(parametricFit(w, product({ params: { capacitance: 1e-7 } }))?.unmet).toEqual(['voltage', 'dielectric']);
    expect(parametricFit(w, product({ package: 'SOIC-8/0603', params: good }))?.satisfied).toBe(true);
  });

  it('never proposes another kind, value or size', () => {
    expect(parametricFit(w, product({ params: { ...good, capacitance: 1e-6 } }))).toBeNull();
    expect(parametricFit(w, product({ package: '0805', params: good }))).toBeNull();
    expect(parametricFit(w, product({ cateId: 55001, params: good }))).toBeNull();
  });

  it('marks a line without a package as not satisfied, and ranks 1 % resistors first by default', () => {
    const r = want('10k', 'R1');
    const f1 = parametricFit(r, product({ cateId: 55001, params: { resistance: 1e4, tolerance: 1 } }))!;
    const f5 = parametricFit(r, product({ cateId: 55001, params: { resistance: 1e4, tolerance: 5 } }))!;
    expect(f1.unmet).toEqual(['package']);
    expect(f1.defaults).toBeGreaterThan(f5.defaults);
  });
});

// Issue #30 item 3: the LCSC-style category tree, the component type and the mounting.
describe('the snapshot\'s categories', () => {
  it('maps chip, through-hole and shunt resistors, every capacitor family, inductors apart from beads', () => {
    expect(kindOfCategory(55006)).toBe('resistor'); // 贴片电阻, 85,105 parts
    expect(kindOfCategory(55007)).toBe('resistor'); // 插件电阻
    expect(kindOfCategory(55005)).toBe('resistor');
    expect(kindOfCategory(55002)).toBeNull(); // potentiometers
    expect(kindOfCategory(55108)).toBe('capacitor'); // 钽电容
    expect(kindOfCategory(55204)).toBe('inductor'); // 功率电感
    expect(kindOfCategory(55205)).toBe('inductor'); // 贴片电感
    expect(kindOfCategory(55202)).toBe('ferrite');
    expect(kindOfCategory(55401)).toBe('crystal');
    expect(kindOfCategory(55402)).toBeNull(); // 有源晶振: an oscillator
    expect(kindOfCategory(80102)).toBe('fuse');
    expect(kindOfCategory(80105)).toBeNull(); // fuse holders
  });

  it('tells how a product mounts from its category and the snapshot\'s package words', () => {
    expect(productMounting(55006, '0603')).toBe('smd');
    expect(productMounting(55007, '插件,D2.4xL6.3mm')).toBe('tht');
    expect(productMounting(55107, 'SMD,D6.3xL7.7mm')).toBe('smd');
    expect(productMounting(55401, 'HC-49S')).toBe('tht');
    expect(productMounting(55401, 'SMD3225-4P')).toBe('smd');
    expect(productMounting(null, null)).toBeNull();
  });

  it('lets a line\'s construction choose the categories it is read in', () => {
    expect(categoriesOf('capacitor', 'tantalum', 'smd')).toEqual([55101, 55102, 55103, 55104, 55108]);
    expect(categoriesOf('capacitor', 'electrolytic', null)).toContain(55109);
    expect(categoriesOf('resistor', null, 'tht')).not.toContain(55006);
    expect(subtypesAgree('polarized', 'tantalum')).toBe('near');
    expect(subtypesAgree('tantalum', 'ceramic')).toBe('different');
    expect(subtypesAgree(null, 'ceramic')).toBe('unknown');
  });
});

describe('parametricFit and the component type', () => {
  const tantalum = want('贴片钽电容 10uF 16V A型 3216', 'C1');
  const tant = { capacitance: 1e-5, ratedVoltage: 16 };

  it('never offers a ceramic chip for a tantalum line (the 贴片钽电容 accepted as a 1206 MLCC)', () => {
    expect(parametricFit(tantalum, product({ cateId: 55105, package: '1206', params: { ...tant, dielectric: 'X5R' } }))).toBeNull();
    expect(parametricFit(tantalum, product({ cateId: 55108, package: 'CASE-A-3216-18(mm)', params: tant }))?.satisfied).toBe(true);
  });

  it('keeps tantalum chips below ceramic ones on a chip line that names no construction', () => {
    const plain = want('10uF 16V', 'C2', 'C_1206_3216Metric');
    expect(parametricFit(plain, product({ cateId: 55108, package: '1206', params: tant }))?.unmet).toEqual(['subtype']);
    expect(parametricFit(plain, product({ cateId: 55105, package: '1206', params: { ...tant, dielectric: 'X5R' } }))?.satisfied).toBe(true);
  });

  it('never offers an SMD chip for an axial or through-hole line, nor a leaded part for an SMD one', () => {
    const axial = want('10k', 'R1', 'Resistor_THT:R_Axial_DIN0207_L6.3mm_D2.5mm_P10.16mm_Horizontal');
    expect(parametricFit(axial, product({ cateId: 55006, package: '0603', params: { resistance: 1e4 } }))).toBeNull();
    const tht = parametricFit(axial, product({ cateId: 55007, package: '插件,D2.4xL6.3mm', params: { resistance: 1e4 } }));
    expect(tht).not.toBeNull();
    expect(tht?.satisfied).toBe(false); // a similar body, for the user to confirm
    const chip = want('10k', 'R2', 'R_0603_1608Metric');
    expect(parametricFit(chip, product({ cateId: 55007, package: '插件,D2.4xL6.3mm', params: { resistance: 1e4 } }))).toBeNull();
  });

  it('lets sensible capacitors tie on defaults so JLC\'s class and the stock choose', () => {
    const c = want('100nF', 'C3', 'C_0402_1005Metric');
    const a = parametricFit(c, product({ cateId: 55105, package: '0402', params: { capacitance: 1e-7, ratedVoltage: 16, dielectric: 'X7R', tolerance: 10 } }))!;
    const b = parametricFit(c, product({ cateId: 55105, package: '0402', params: { capacitance: 1e-7, ratedVoltage: 50, dielectric: 'X7R', tolerance: 5 } }))!;
    expect(a.defaults).toBe(b.defaults);
    const y5v = parametricFit(c, product({ cateId: 55105, package: '0402', params: { capacitance: 1e-7, ratedVoltage: 16, dielectric: 'Y5V' } }))!;
    expect(y5v.defaults).toBeLessThan(a.defaults);
  });
});

describe('parametricAutoAllowed', () => {
  it('needs the rated voltage of a polarised capacitor, not of an MLCC', () => {
    // stm32f413-minisys style: '贴片钽电容 4.7uF, CD A(3216)' names no voltage.
    expect(parametricAutoAllowed(want('贴片钽电容 4.7uF', 'C1', 'CD A(3216)'))).toBe(false);
    expect(parametricAutoAllowed(want('贴片钽电容 10uF 16V', 'C2', 'CD A(3216)'))).toBe(true);
    expect(parametricAutoAllowed(want('100uF', 'C3', 'Capacitor_SMD:CP_Elec_6.3x7.7'))).toBe(false);
    expect(parametricAutoAllowed(want('100nF', 'C4', 'C_0402_1005Metric'))).toBe(true);
    expect(parametricAutoAllowed(want('10k', 'R1', 'R_0603_1608Metric'))).toBe(true);
  });
});
