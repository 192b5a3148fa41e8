import { describe, expect, it } from 'vitest';
import { parseDescription } from '../../../src/lib/bom/describe-line.ts';
import { kindOfCategory, parametricFit, wantedOf, type ProductFacts } from '../../../src/lib/bom/match/parametric.ts';

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
