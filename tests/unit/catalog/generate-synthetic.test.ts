import { brandKeyOf } from '../../../src/lib/catalog/import/catalog-record.ts';
import { describe, expect, it } from 'vitest';
import { makePermutation } from '../../../src/lib/catalog/generate/permutation.ts';
import { generateCatalog, SYNTHETIC_SCHEMES } from '../../../src/lib/catalog/generate/synthetic.ts';
import { CatalogRecordSchema } from '../../../src/lib/catalog/import/catalog-record.ts';
import { CATEGORY_BY_ID } from '../../../src/lib/catalog/kicad-library-map.ts';
import { checkRecordAgainstScheme } from './generate-helpers.ts';

describe('makePermutation', () => {
  it('is a bijection of [0, n) for any size', () => {
    for (const n of [1, 2, 7, 1000, 4097]) {
      const perm = makePermutation(n, 42);
      const seen = new Set<number>();
      for (let i = 0; i < n; i++) seen.add(perm(i));
      expect(seen.size).toBe(n);
      expect(Math.min(...seen)).toBe(0);
      expect(Math.max(...seen)).toBe(n - 1);
    }
  });

  it('depends on the seed', () => {
    const a = makePermutation(10_000, 1);
    const b = makePermutation(10_000, 2);
    expect([0, 1, 2, 3, 4].map(a)).not.toEqual([0, 1, 2, 3, 4].map(b));
  });
});

describe('generateCatalog', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = [...generateCatalog({ parts: 500, seed: 7 })].map((r) => r.mpn);
    const b = [...generateCatalog({ parts: 500, seed: 7 })].map((r) => r.mpn);
    const c = [...generateCatalog({ parts: 500, seed: 8 })].map((r) => r.mpn);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect([...generateCatalog({ parts: 0 })]).toEqual([]);
  });

  it('never repeats an MPN or URL key and labels every record synthetic', () => {
    const mpns = new Set<string>();
    const codes = new Set<string>();
    const brands = new Set<string>();
    let n = 0;
    for (const r of generateCatalog({ parts: 60_000, seed: 3 })) {
      n++;
      mpns.add(r.mpn);
      codes.add(r.mfgMpnCode ?? '');
      brands.add(brandKeyOf(r.brand) ?? '(none)');
      if (n % 97 === 0) {
        expect(r.source).toBe('synthetic (seed 3)');
        expect(r.licence).toBe('synthetic, for benchmarks');
        expect(r.mfgMpnCode).toMatch(/_syn$/);
        expect(r.keywords).toBe('synthetic');
      }
    }
    expect(n).toBe(60_000);
    expect(mpns.size).toBe(n);
    expect(codes.size).toBe(n);
    expect([...brands].sort()).toEqual(['gigadevice', 'murata', 'samsung-em', 'st', 'yageo']);
  });

  it('emits records that are schema-valid and decode back to their parameters', () => {
    const problems: string[] = [];
    for (const r of generateCatalog({ parts: 5000, seed: 11 })) {
      const parsed = CatalogRecordSchema.safeParse(r);
      if (!parsed.success) problems.push(`${r.mpn}: ${parsed.error.issues[0]?.message}`);
      if (!CATEGORY_BY_ID.has(r.cateId)) problems.push(`${r.mpn}: unknown cateId ${r.cateId}`);
      problems.push(...checkRecordAgainstScheme(r));
    }
    expect(problems).toEqual([]);
  });

  it('walks each scheme space without repeats', () => {
    const yageo = SYNTHETIC_SCHEMES.find((s) => s.name === 'yageo-rc');
    expect(yageo).toBeDefined();
    if (!yageo) return;
    const prov = { source: 'synthetic (seed 0)', licence: 'synthetic, for benchmarks', synthetic: true };
    const mpns = new Set<string>();
    let valid = 0;
    for (let i = 0; i < yageo.size; i++) {
      const r = yageo.at(i, prov);
      if (r) {
        valid++;
        mpns.add(r.mpn);
      }
    }
    expect(mpns.size).toBe(valid);
    expect(valid).toBe(8 * 3 * (799 + 170)); // sizes × reels × (±1 % values + ±5 % values and jumper)
  });
});
