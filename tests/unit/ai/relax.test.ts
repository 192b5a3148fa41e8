import { describe, expect, it } from 'vitest';
import { familyPackages, inFamily } from '../../../src/lib/ai/package-family.ts';
import { mergeResults, nearestValue, relaxationSteps, relaxedText, widen } from '../../../src/lib/ai/relax.ts';
import type { SearchPartsData } from '../../../src/lib/ai/tools/search-parts.server.ts';

// Relaxation of a selection (issue #33 item 1). Package names are spellings of the shipped JLC
// snapshot (catalog/jlcparts-2026-05-21: AP2112K-3.3TRG1 is 'SOT-23-5', NE555P 'PDIP-8',
// W25Q32JVSSIQ 'SOIC-8', many 150-mil parts 'SOP-8'); the filters are the ones the question
// "推荐一个3.3V LDO，输出电流500mA以上，SOT-23封装" produces.

describe('package families', () => {
  it('reads SOT-23 as its 3/5/6-pin forms, DIP-8 as PDIP-8, SO-8 as SOIC-8 and 150-mil SOP-8', () => {
    for (const name of ['SOT-23-5', 'SOT-23-6', 'SOT-23-3', 'SOT-23-3L', 'SOT-23-5L']) expect(inFamily('SOT-23', name), name).toBe(true);
    expect(inFamily('SOT-23-5', 'SOT-23-6')).toBe(false);
    expect(inFamily('SOT-23-3', 'SOT-23')).toBe(true);
    expect(inFamily('SOT-23', 'SOT-223')).toBe(false);
    expect(inFamily('SOT-23', 'SOT-89')).toBe(false);
    expect(inFamily('DIP-8', 'PDIP-8')).toBe(true);
    expect(inFamily('PDIP-8', 'DIP-8')).toBe(true);
    expect(inFamily('DIP-8', 'DIP-14')).toBe(false);
    expect(inFamily('SO-8', 'SOIC-8')).toBe(true);
    expect(inFamily('SOIC-8', 'SOP-8')).toBe(true);
    expect(inFamily('SOIC-8', 'SOP-8_150mil')).toBe(true);
    expect(inFamily('SOIC-8', 'SOP-8_208mil')).toBe(false);
    expect(inFamily('SOIC-8', 'TSSOP-8')).toBe(false);
  });

  it('lists the catalogue names of the family without the exact ones, a name of several packages by any of them', () => {
    const names = ['SOT-23', 'SOT-23-5', 'SOT-23-6', 'SOT-223', 'SC-70-5', 'DIP-8/SOIC-8'];
    expect(familyPackages('SOT-23', names, ['SOT-23'])).toEqual(['SOT-23-5', 'SOT-23-6']);
    expect(familyPackages('SO-8', names, [])).toEqual(['DIP-8/SOIC-8']);
  });
});

describe('relaxation steps', () => {
  const filters = [
    { key: 'outputVoltage', min: 3.3 * (1 - 1e-6), max: 3.3 * (1 + 1e-6) },
    { key: 'outputCurrent', min: 0.5 },
  ];

  it('loosens a limit by its tolerance before dropping anything, and never an exact value', () => {
    const steps = relaxationSteps(filters);
    expect(steps[0]!.changed).toEqual([{ kind: 'tolerance', from: filters[1], to: { key: 'outputCurrent', min: 0.45 } }]);
    expect(steps.some((s) => s.changed.some((c) => c.kind === 'tolerance' && c.from.key === 'outputVoltage'))).toBe(false);
    // Then one constraint dropped, the last stated first.
    expect(steps.slice(1).map((s) => s.changed[0]!.kind)).toEqual(['dropped', 'dropped']);
    expect(steps[1]!.filters).toEqual([filters[0]]);
    expect(steps[2]!.filters).toEqual([filters[1]]);
  });

  it('drops the two halves of a supply range together', () => {
    const steps = relaxationSteps([
      { key: 'supplyVoltageMin', max: 5 },
      { key: 'supplyVoltageMax', min: 5 },
    ]);
    const dropped = steps.filter((s) => s.changed[0]!.kind === 'dropped');
    expect(dropped).toHaveLength(1);
    expect(dropped[0]!.filters).toEqual([]);
  });

  it('widens min down and max up', () => {
    expect(widen({ key: 'outputCurrent', min: 1 })).toEqual({ key: 'outputCurrent', min: 0.9 });
    expect(widen({ key: 'onResistance', max: 0.05 }).max).toBeCloseTo(0.055, 12);
  });

  it('names the nearest value among the parts shown', () => {
    expect(nearestValue({ key: 'outputCurrent', min: 0.5 }, [0.3, 0.15, undefined])).toBe(0.3);
    expect(nearestValue({ key: 'onResistance', max: 0.01 }, [0.02, 0.013])).toBe(0.013);
    expect(nearestValue({ key: 'outputVoltage', min: 3.2, max: 3.4 }, [2.5, 3.6, 3.0])).toBe(3.0);
    expect(nearestValue({ key: 'outputCurrent', min: 0.5 }, [undefined])).toBeNull();
    const data: SearchPartsData = {
      total: 2,
      didYouMean: null,
      parts: [0.3, 0.15].map((v, i) => ({ mfgMpnCode: `c${i}`, mpn: `m${i}`, brand: '', category: '', package: null, description: '', params: {}, filterValues: { outputCurrent: v } })),
    };
    const words = {
      describe: (f: { key: string; min?: number }) => `${f.key} ≥ ${f.min}`,
      format: (_k: string, v: number) => `${v * 1000} mA`,
      say: (key: string, vars: Record<string, string> = {}) => `${key}(${Object.values(vars).join('|')})`,
    };
    expect(relaxedText({ kind: 'dropped', from: [{ key: 'outputCurrent', min: 0.5 }] }, data, words)).toBe('ai.relax.dropped(outputCurrent ≥ 0.5)ai.relax.nearest(300 mA)');
  });

  it('lists exact-value results first, then the rest not yet listed, counting the wider total', () => {
    const part = (code: string) => ({ mfgMpnCode: code, mpn: code, brandName: '', cateName: '', package: null, params: [], url: '', matched: [] });
    const row = (code: string) => ({ mfgMpnCode: code, mpn: code, brand: '', category: '', package: null, description: '', params: {}, filterValues: {} });
    const first = { data: { total: 1, didYouMean: null, parts: [row('a')] }, parts: [part('a')] };
    const rest = { data: { total: 3, didYouMean: null, parts: [row('b'), row('a'), row('c')] }, parts: [part('b'), part('a'), part('c')] };
    const merged = mergeResults(first, rest, 3);
    expect(merged.parts!.map((p) => p.mfgMpnCode)).toEqual(['a', 'b', 'c']);
    expect(merged.data.parts.map((p) => p.mfgMpnCode)).toEqual(['a', 'b', 'c']);
    expect(merged.data.total).toBe(3);
  });
});

describe('bracketed body sizes', () => {
  it("reads LCSC's 'LQFP-48(7x7)' and 'SMA(DO-214AC)' as the package before the bracket", () => {
    expect(inFamily('LQFP-48', 'LQFP-48(7x7)')).toBe(true);
    expect(inFamily('SMA', 'SMA(DO-214AC)')).toBe(true);
    expect(inFamily('SOT-23', 'SOT-23-5(SC-74A)')).toBe(true);
    expect(inFamily('LQFP-48', 'LQFP-64(10x10)')).toBe(false);
  });
});
