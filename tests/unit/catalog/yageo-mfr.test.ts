import { describe, expect, it } from 'vitest';
import { encodeMfr, isMfrValue, mfrRecord, MFR_VALUES } from '../../../src/lib/catalog/generate/yageo-mfr.ts';

describe('Yageo MFR ordering codes', () => {
  it('writes the codes distributors list', () => {
    // As sold: MFR-25FBF52-1K8, MFR-25FBF52-10K (bulk, 1/4 W), MFR-50FTE52-1K (tape on box, 1/2 W).
    expect(encodeMfr('MFR-25', 1800)).toBe('MFR-25FBF52-1K8');
    expect(encodeMfr('MFR-25', 10_000)).toBe('MFR-25FBF52-10K');
    expect(encodeMfr('MFR-50', 1000)).toBe('MFR-50FTE52-1K');
    expect(encodeMfr('MFR-25', 49.9)).toBe('MFR-25FBF52-49R9');
    expect(encodeMfr('MFR-50', 1e6)).toBe('MFR-50FTE52-1M');
  });

  it('offers ±1 % E24 and E96 values from 10 Ω to 1 MΩ only', () => {
    expect(isMfrValue(1800)).toBe(true);
    expect(isMfrValue(49.9)).toBe(true);
    expect(isMfrValue(50_000)).toBe(false);
    expect(isMfrValue(4.7)).toBe(false);
    expect(isMfrValue(2.2e6)).toBe(false);
    expect(MFR_VALUES[0]).toBe(10);
    expect(MFR_VALUES.at(-1)).toBe(1e6);
    expect(() => mfrRecord('MFR-25', 50_000)).toThrow(RangeError);
  });

  it('records kind, value, tolerance, power and the axial body', () => {
    const r = mfrRecord('MFR-50', 100_000);
    expect(r).toMatchObject({ mpn: 'MFR-50FTE52-100K', brand: 'yageo', cateId: 55001, package: 'Axial-DIN0309', footprint: { library: 'Resistor_THT' } });
    expect(r.params).toEqual([
      { key: 'resistance', value: 100_000, unit: 'Ω' },
      { key: 'tolerance', value: 1, unit: '%' },
      { key: 'power', value: 0.5, unit: 'W' },
    ]);
    expect(mfrRecord('MFR-25', 1000).package).toBe('Axial-DIN0207');
  });
});
