import { describe, expect, it } from 'vitest';
import { DEFAULT_BOM_TRENDS, type BomTrends } from '../../../src/lib/bom/bom.schema.ts';
import { decide, rankDrafts, TIER_CONFIDENCE, type Draft } from '../../../src/lib/bom/match/decide.ts';
import type { ProductFacts } from '../../../src/lib/bom/match/parametric.ts';

function draft(productId: number, tier: Draft['tier'], over: Partial<Draft> = {}): Draft {
  return { productId, tier, confidence: TIER_CONFIDENCE[tier], reasons: [], group: `g${productId}`, auto: true, agreement: 'unknown', defaults: 0, ...over };
}
function facts(id: number, over: Partial<ProductFacts> = {}): [number, ProductFacts] {
  return [id, { id, mpn: `P${id}`, mpnNormalized: `P${id}`, cateId: null, package: null, brandKey: null, domestic: false, kicad: false, lifecycle: 'unknown', params: new Map(), ...over }];
}
const none = new Map<number, ProductFacts>();
const run = (drafts: Draft[], trends: BomTrends = DEFAULT_BOM_TRENDS, f: ReadonlyMap<number, ProductFacts> = none) => decide(rankDrafts(drafts, trends, f), false);

describe('decide', () => {
  it('accepts a unique supplier code or exact MPN as exact', () => {
    expect(run([draft(1, 'supplier')])).toMatchObject({ status: 'exact', chosenProductId: 1, confidence: 1 });
    expect(run([draft(2, 'exact'), draft(3, 'packaging', { group: 'g2' })])).toMatchObject({ status: 'exact', chosenProductId: 2 });
  });

  it('accepts a packaging variant, packaging siblings of one part, and a remembered choice as matched', () => {
    expect(run([draft(4, 'packaging', { group: 'lm358' }), draft(5, 'packaging', { group: 'lm358' })])).toMatchObject({ status: 'matched', chosenProductId: 4 });
    expect(run([draft(6, 'memory'), draft(7, 'exact')])).toMatchObject({ status: 'matched', chosenProductId: 6 });
  });

  it('leaves equally good different parts, conflicts and lower tiers to the user', () => {
    expect(run([draft(1, 'exact'), draft(2, 'exact')])).toMatchObject({ status: 'doubtful', chosenProductId: null });
    expect(run([draft(1, 'exact', { auto: false, confidence: 0.69 })])).toMatchObject({ status: 'doubtful' });
    for (const tier of ['family', 'fuzzy', 'keyword'] as const) expect(run([draft(1, tier, { auto: false })]).status).toBe('doubtful');
  });

  it('lets the defaults choose among parametric parts that meet every stated attribute', () => {
    const m = run([draft(1, 'parametric', { confidence: 0.9 }), draft(2, 'parametric', { confidence: 0.93 }), draft(3, 'parametric', { confidence: 0.93 })]);
    expect(m).toMatchObject({ status: 'matched', chosenProductId: 2 });
    expect(m.candidates.map((c) => c.productId)).toEqual([2, 3, 1]);
  });

  it('answers notFound and dnp', () => {
    expect(run([])).toEqual({ status: 'notFound', chosenProductId: null, confidence: null, candidates: [] });
    expect(decide([draft(1, 'exact')], true).status).toBe('dnp');
  });

  it('keeps one candidate per product, at its best reading, and at most ten', () => {
    const m = run([draft(1, 'fuzzy', { auto: false }), draft(1, 'exact'), ...Array.from({ length: 20 }, (_, i) => draft(100 + i, 'keyword', { auto: false }))]);
    expect(m.candidates).toHaveLength(10);
    expect(m.candidates[0]).toMatchObject({ productId: 1, tier: 'exact' });
  });
});

describe('preferences', () => {
  const f = new Map([facts(1), facts(2, { domestic: true }), facts(3, { kicad: true }), facts(4, { lifecycle: 'obsolete' })]);
  const equal = [1, 2, 3, 4].map((id) => draft(id, 'parametric', { confidence: 0.9 }));
  const order = (trends: Partial<BomTrends>) => rankDrafts(equal, { ...DEFAULT_BOM_TRENDS, preferActive: false, ...trends }, f).map((d) => d.productId);

  it('order equally good candidates', () => {
    expect(order({})).toEqual([1, 2, 3, 4]);
    expect(order({ preferDomestic: true })[0]).toBe(2);
    expect(order({ preferKicad: true })[0]).toBe(3);
    expect(order({ preferActive: true }).at(-1)).toBe(4);
    expect(rankDrafts([draft(1, 'exact'), draft(2, 'exact', { agreement: 'agree' })], DEFAULT_BOM_TRENDS, f)[0]?.productId).toBe(2);
  });

  it('never lift a worse candidate or turn a doubtful line into an accepted one', () => {
    const drafts = [draft(1, 'exact'), draft(2, 'packaging', { group: 'other' })];
    expect(rankDrafts(drafts, { ...DEFAULT_BOM_TRENDS, preferDomestic: true }, f)[0]?.productId).toBe(1);
    expect(run([draft(1, 'exact'), draft(2, 'exact')], { ...DEFAULT_BOM_TRENDS, preferDomestic: true }, f).status).toBe('doubtful');
  });
});

// Issue #30 item 3: among equal candidates, the preferences, then JLC's class, then stock.
describe('equal candidates', () => {
  // AMS1117-3.3 in SOT-223 from three makers (C6186 AMS basic, C347222 UMW, C5250992 TWGMC).
  const f = new Map([
    facts(1, { partClass: 'extended', orderable: true, stock: 1314752 }),
    facts(2, { partClass: 'basic', orderable: true, stock: 2499408 }),
    facts(3, { partClass: 'extended', orderable: true, stock: 134709, domestic: true }),
    facts(4, { orderable: false }),
  ]);
  const same = [1, 2, 3, 4].map((id) => draft(id, 'exact', { confidence: 0.996 }));

  it('rank basic / preferred parts first, then parts one can order, then the stock', () => {
    expect(rankDrafts(same, DEFAULT_BOM_TRENDS, f).map((d) => d.productId)).toEqual([2, 1, 3, 4]);
    expect(rankDrafts([draft(1, 'exact'), draft(3, 'exact')], DEFAULT_BOM_TRENDS, f)[0]?.productId).toBe(1);
  });

  it('put the user\'s preferences before the class', () => {
    expect(rankDrafts(same, { ...DEFAULT_BOM_TRENDS, preferDomestic: true }, f)[0]?.productId).toBe(3);
  });

  it('never lift a worse candidate over a better one', () => {
    const ranked = rankDrafts([draft(1, 'exact', { confidence: 0.996 }), draft(2, 'exact', { confidence: 0.69, auto: false })], DEFAULT_BOM_TRENDS, f);
    expect(ranked[0]?.productId).toBe(1);
  });

  it('accept one of several makers\' parts of one number only when they are second sources in the stated package', () => {
    // A line naming no maker, in SOT-223: any AMS1117-3.3 in SOT-223 is what it asks for.
    const second = [1, 2, 3].map((id) => draft(id, 'exact', { confidence: 0.996, secondSource: 'AMS111733' }));
    expect(decide(rankDrafts(second, DEFAULT_BOM_TRENDS, f), false)).toMatchObject({ status: 'exact', chosenProductId: 2 });
    // Without a package (no secondSource mark) it stays the user's call.
    expect(decide(rankDrafts(same.slice(0, 3), DEFAULT_BOM_TRENDS, f), false).status).toBe('doubtful');
    // A rival that is not a second source of the same number still makes a tie.
    const mixed = [...second, draft(5, 'exact', { confidence: 0.996 })];
    expect(decide(rankDrafts(mixed, DEFAULT_BOM_TRENDS, f), false).status).toBe('doubtful');
  });
});
