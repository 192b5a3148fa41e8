// Issue #30 item 3: how one found candidate becomes a ranked draft (src/lib/bom/match/draft.ts),
// with real MPNs and packages of the JLCPCB/LCSC snapshot.
import { describe, expect, it } from 'vitest';
import { DEFAULT_BOM_TRENDS } from '../../../src/lib/bom/bom.schema.ts';
import { decide, rankDrafts, TIER_CONFIDENCE } from '../../../src/lib/bom/match/decide.ts';
import { isFamilyRecord, toDraft, type Found } from '../../../src/lib/bom/match/draft.ts';
import { planLine } from '../../../src/lib/bom/match/line-plan.ts';
import { brandResolver } from '../../../src/lib/bom/match/manufacturer.ts';
import type { ProductFacts } from '../../../src/lib/bom/match/parametric.ts';

const resolver = brandResolver([]);
const plan = (fields: Record<string, string>, designators: string[] = ['U1']) => planLine({ fields, designators, dnp: false });

function product(id: number, over: Partial<ProductFacts>): ProductFacts {
  return { id, mpn: 'X', mpnNormalized: 'X', cateId: null, package: null, brandKey: null, domestic: false, kicad: false, lifecycle: 'active', params: new Map(), orderable: true, ...over };
}
const exact = (productId: number, mpn: string, over: Partial<Found> = {}): Found => ({
  productId,
  tier: 'exact',
  confidence: TIER_CONFIDENCE.exact,
  reasons: [{ key: 'bom.reason.mpnExact', vars: {} }],
  auto: true,
  fromMpn: mpn,
  ...over,
});

describe('the package the line states', () => {
  it('blocks auto-accept of a part in another body and ranks the stated one first', () => {
    // 1N4148 on a SOD-323 footprint: the DO-35 part (C402212) is not it.
    const p = plan({ value: '1N4148', package: 'Diode_SMD:D_SOD-323' }, ['D1']);
    const do35 = toDraft(exact(1, '1N4148'), p, product(1, { mpn: '1N4148', cateId: 45005, package: 'DO-35', brandKey: 'lge' }), resolver);
    expect(do35.auto).toBe(false);
    expect(do35.reasons.map((r) => r.key)).toContain('bom.reason.packageConflict');
    // An ordering code in the stated package (1N4148WS, family tier) ranks above it.
    const ws = toDraft({ productId: 2, tier: 'family', confidence: TIER_CONFIDENCE.family, reasons: [], auto: false, fromMpn: '1N4148' }, p, product(2, { mpn: '1N4148WS', cateId: 45005, package: 'SOD-323', brandKey: 'cj' }), resolver);
    expect(ws.confidence).toBeGreaterThan(do35.confidence);
  });

  it("keeps the line's maker and the package apart: AMS1117-3.3 from Slkor on SOT-89", () => {
    const p = plan({ mpn: 'AMS1117-3.3', manufacturer: 'Slkor', package: 'SOT-89' });
    const slkor223 = toDraft(exact(1, 'AMS1117-3.3'), p, product(1, { mpn: 'AMS1117-3.3', package: 'SOT-223', brandKey: 'slkor' }), resolver);
    const ams223 = toDraft(exact(2, 'AMS1117-3.3'), p, product(2, { mpn: 'AMS1117-3.3', package: 'SOT-223', brandKey: 'advanced-monolithic' }), resolver);
    expect(slkor223.auto).toBe(false);
    expect(ams223.auto).toBe(false);
    expect(decide(rankDrafts([slkor223, ams223], DEFAULT_BOM_TRENDS, new Map()), false).status).toBe('doubtful');
  });

  it('marks second sources of one number in the stated package on a line naming no maker', () => {
    const p = plan({ mpn: 'AMS1117-3.3', package: 'Package_TO_SOT_SMD:SOT-223-3_TabPin2' });
    const a = toDraft(exact(1, 'AMS1117-3.3'), p, product(1, { mpn: 'AMS1117-3.3', package: 'SOT-223', brandKey: 'advanced-monolithic', partClass: 'basic' }), resolver);
    const b = toDraft(exact(2, 'AMS1117-3.3'), p, product(2, { mpn: 'AMS1117-3.3', package: 'SOT-223-3L', brandKey: 'umw' }), resolver);
    expect(a.secondSource).toBe('AMS111733');
    expect(b.secondSource).toBe('AMS111733');
    // With a maker named, the maker decides instead.
    const named = plan({ mpn: 'AMS1117-3.3', manufacturer: 'UMW', package: 'SOT-223' });
    expect(toDraft(exact(2, 'AMS1117-3.3'), named, product(2, { mpn: 'AMS1117-3.3', package: 'SOT-223', brandKey: 'umw' }), resolver).secondSource).toBeUndefined();
  });
});

describe('makers, packing rules and library records', () => {
  it('takes a maker-only packing rule for that maker alone', () => {
    // NE555D found as NE555DR: TI's reel, a packaging variant of a TI part ...
    const p = plan({ mpn: 'NE555D' });
    const ti = toDraft(exact(1, 'NE555D', { tier: 'packaging', confidence: TIER_CONFIDENCE.packaging, makers: ['ti', 'st'] }), p, product(1, { mpn: 'NE555DR', brandKey: 'ti' }), resolver);
    expect(ti).toMatchObject({ tier: 'packaging', auto: true });
    // ... but another maker's part with a last 'T' is a candidate to confirm.
    const other = toDraft(exact(2, '1N4148W', { tier: 'packaging', confidence: TIER_CONFIDENCE.packaging, makers: ['ti', 'st'] }), p, product(2, { mpn: '1N4148WT', brandKey: 'diodes' }), resolver);
    expect(other).toMatchObject({ tier: 'family', auto: false });
  });

  it('agrees with a maker written in Chinese and conflicts with another one', () => {
    const p = plan({ mpn: 'SS34', manufacturer: '长晶' }, ['D1']);
    expect(toDraft(exact(1, 'SS34'), p, product(1, { mpn: 'SS34', brandKey: 'cj' }), resolver).agreement).toBe('agree');
    const mdd = toDraft(exact(2, 'SS34'), p, product(2, { mpn: 'SS34', brandKey: 'mdd' }), resolver);
    expect(mdd).toMatchObject({ agreement: 'conflict', auto: false });
  });

  it('never chooses a record without an offer while the line has a part to order, and ranks it below', () => {
    // KiCad's TPS5430DDA (no LCSC code) against the snapshot's TPS5430DDAR (C9864).
    const p = plan({ mpn: 'TPS5430DDA' });
    const kicad = toDraft(exact(1, 'TPS5430DDA'), p, product(1, { mpn: 'TPS5430DDA', brandKey: 'ti', orderable: false }), resolver, [], true);
    const reel = toDraft(exact(2, 'TPS5430DDA', { tier: 'packaging', confidence: TIER_CONFIDENCE.packaging, makers: ['ti', 'st'] }), p, product(2, { mpn: 'TPS5430DDAR', brandKey: 'ti' }), resolver);
    expect(kicad.auto).toBe(false);
    expect(reel.confidence).toBeGreaterThan(kicad.confidence);
    expect(decide(rankDrafts([kicad, reel], DEFAULT_BOM_TRENDS, new Map()), false)).toMatchObject({ status: 'matched', chosenProductId: 2 });
    // In a catalogue of library records only (CATALOG=kicad), the record is the part.
    expect(toDraft(exact(1, 'TPS5430DDA'), p, product(1, { mpn: 'TPS5430DDA', brandKey: 'ti', orderable: false }), resolver, [], false).auto).toBe(true);
  });

  it('knows a KiCad family record by its name', () => {
    expect(isFamilyRecord('STM32F103C8Tx')).toBe(true);
    expect(isFamilyRecord('STM32F103C8T6')).toBe(false);
    expect(isFamilyRecord('ATxmega128A1')).toBe(false);
  });
});

describe('a supplier code against the MPN', () => {
  const code = (productId: number, source: string): Found => ({ productId, tier: 'supplier', confidence: TIER_CONFIDENCE.supplier, reasons: [{ key: 'bom.reason.supplierPn', vars: { supplier: 'LCSC', code: source } }], auto: true, source });

  it("takes a code whose part is a full ordering code of the line's MPN", () => {
    // Voron's 'AP2127K-3.3' with C156285 (AP2127K-3.3TRG1).
    const p = plan({ value: 'AP2127K-3.3', supplierPn: 'C156285', package: 'SOT-23-5' });
    expect(toDraft(code(1, 'C156285'), p, product(1, { mpn: 'AP2127K-3.3TRG1', package: 'SOT-23-5', brandKey: 'diodes' }), resolver, ['AP2127K-3.3']).auto).toBe(true);
  });

  it('lets an MPN cell that names no catalogue part contradict nothing', () => {
    // EasyEDA's 'Header-Female-2.54_2x9' with C71956.
    const p = plan({ mpn: 'Header-Female-2.54_2x9', supplierPn: 'C71956' }, ['H1']);
    expect(toDraft(code(1, 'C71956'), p, product(1, { mpn: '2.54-2*9P母' }), resolver, []).auto).toBe(true);
  });

  it('leaves a code and an MPN that name two catalogue parts to the user', () => {
    const p = plan({ mpn: '17-21SUYC/TR8', supplierPn: 'C2296' }, ['LED1']);
    const d = toDraft(code(1, 'C2296'), p, product(1, { mpn: 'KT-0805Y', brandKey: 'hubei-kento-elec' }), resolver, ['17-21SUYC/TR8']);
    expect(d.auto).toBe(false);
    expect(d.reasons.map((r) => r.key)).toContain('bom.reason.supplierMpnConflict');
  });
});
