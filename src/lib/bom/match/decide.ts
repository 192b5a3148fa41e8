// Ranking a line's candidates and deciding its status (notes/bom-matching.md §2.4). Only the
// exact tiers are accepted on their own: a supplier code or an exact/canonical MPN with no maker
// conflict ('exact'); a packaging variant, a remembered choice, or a value-only passive whose
// kind, value and package the line states and the part satisfies ('matched'). Anything else
// with candidates needs the user ('doubtful'). Among candidates of equal confidence the order is
// the user's preferences (BomTrends), then JLCPCB's basic and preferred parts (jlcPartClass),
// then parts one can order, then the snapshot's LCSC stock; none of these lifts a candidate above
// a better one or makes a doubtful line accepted. One exception to "a tie between different parts
// is the user's call": second sources of one part number (the same MPN from several makers,
// 'AMS1117-3.3' from 22) on a line that names no maker and states the package they all have —
// any of them is what the line asks for, so the order above picks one. Pure.

import type { BomTrends, MatchTier } from '../bom.schema.ts';
import type { BomReason } from '../mpn-variants.ts';
import type { LineMatch, StoredCandidate } from './match-types.ts';
import { MAX_CANDIDATES } from './match-types.ts';
import type { ManufacturerAgreement } from './manufacturer.ts';
import type { ProductFacts } from './parametric.ts';

export type Draft = {
  readonly productId: number;
  readonly tier: MatchTier;
  readonly confidence: number;
  readonly reasons: readonly BomReason[];
  /** Candidates of one group are the same part (packaging variants of one base MPN). */
  readonly group: string;
  /** May be chosen without the user (its tier allows it and nothing contradicts it). */
  readonly auto: boolean;
  readonly agreement: ManufacturerAgreement;
  /** Defaults score of a parametric candidate (0..1), 0 otherwise. */
  readonly defaults: number;
  /**
   * Set when the candidate is one of several makers' parts with the same part number, and the
   * line names no maker and states this candidate's package: the part number (canonical), so a
   * tie with other makers' parts of that number may be settled by the order of equals.
   */
  readonly secondSource?: string;
};

/** Base confidence per tier; the order of the cascade. */
export const TIER_CONFIDENCE: Readonly<Record<MatchTier, number>> = {
  memory: 1,
  supplier: 1,
  exact: 0.99,
  canonical: 0.98,
  packaging: 0.95,
  parametric: 0.85,
  family: 0.7,
  fuzzy: 0.6,
  keyword: 0.3,
};

const LIFECYCLE_RANK: Readonly<Record<string, number>> = { active: 0, preview: 1, unknown: 1, nrnd: 2, obsolete: 3 };
/** JLCPCB's classes: basic parts are on the assembly lines, preferred ones nearly so. */
const PART_CLASS_RANK: Readonly<Record<string, number>> = { basic: 0, preferred: 1, extended: 2 };

/**
 * Orders candidates: confidence, then (only among equals) the user's preferences, then JLC's
 * basic / preferred parts, parts with an offer, the snapshot's stock, and last the id.
 */
export function compareDrafts(trends: BomTrends, facts: ReadonlyMap<number, ProductFacts>): (a: Draft, b: Draft) => number {
  return (a, b) => {
    const d = b.confidence - a.confidence;
    if (Math.abs(d) > 1e-9) return d;
    const fa = facts.get(a.productId);
    const fb = facts.get(b.productId);
    if (trends.preferOriginalBrand && a.agreement !== b.agreement) return a.agreement === 'agree' ? -1 : b.agreement === 'agree' ? 1 : 0;
    if (fa && fb) {
      if (trends.preferDomestic && fa.domestic !== fb.domestic) return fa.domestic ? -1 : 1;
      if (trends.preferKicad && fa.kicad !== fb.kicad) return fa.kicad ? -1 : 1;
      if (trends.preferActive) {
        const la = LIFECYCLE_RANK[fa.lifecycle] ?? 1;
        const lb = LIFECYCLE_RANK[fb.lifecycle] ?? 1;
        if (la !== lb) return la - lb;
      }
      const ca = PART_CLASS_RANK[fa.partClass ?? ''] ?? 3;
      const cb = PART_CLASS_RANK[fb.partClass ?? ''] ?? 3;
      if (ca !== cb) return ca - cb;
      if ((fa.orderable ?? false) !== (fb.orderable ?? false)) return fa.orderable ? -1 : 1;
      const sa = fa.stock ?? -1;
      const sb = fb.stock ?? -1;
      if (sa !== sb) return sb - sa;
    }
    return a.productId - b.productId;
  };
}

/** One candidate per product (its best reading), best first. */
export function rankDrafts(drafts: readonly Draft[], trends: BomTrends, facts: ReadonlyMap<number, ProductFacts>): Draft[] {
  const best = new Map<number, Draft>();
  for (const d of drafts) {
    const prev = best.get(d.productId);
    if (!prev || d.confidence > prev.confidence || (d.confidence === prev.confidence && d.auto && !prev.auto)) best.set(d.productId, d);
  }
  return [...best.values()].sort(compareDrafts(trends, facts));
}

const round = (x: number): number => Math.round(Math.max(0, Math.min(1, x)) * 1000) / 1000;

function stored(d: Draft): StoredCandidate {
  return { productId: d.productId, confidence: round(d.confidence), tier: d.tier, reasons: d.reasons };
}

/**
 * The line's status from its ranked candidates. The top one is chosen only when it may be
 * (auto) and no candidate of another part is as good: a tie between different parts is the
 * user's call, except among parametric candidates, where the line's stated attributes are all
 * met and the defaults (then the preferences) pick one.
 */
/** A line that is not a part (非元器件): no look-up, no candidate, its own status. */
export const NOT_A_PART_MATCH: LineMatch = { status: 'notAPart', chosenProductId: null, confidence: null, candidates: [] };

export function decide(ranked: readonly Draft[], dnp: boolean): LineMatch {
  if (dnp) return { status: 'dnp', chosenProductId: null, confidence: null, candidates: ranked.slice(0, MAX_CANDIDATES).map(stored) };
  const top = ranked.slice(0, MAX_CANDIDATES);
  const best = top[0];
  if (!best) return { status: 'notFound', chosenProductId: null, confidence: null, candidates: [] };
  const candidates = top.map(stored);
  // Second sources of the best one's part number do not make a tie (see the head of this file).
  const secondSource = (d: Draft): boolean => best.secondSource !== undefined && d.secondSource === best.secondSource;
  const rival = ranked.find((d) => d !== best && d.group !== best.group && Math.abs(d.confidence - best.confidence) < 0.005 && !secondSource(d));
  const tieAllowed = best.tier === 'parametric' || best.tier === 'memory';
  if (!best.auto || (rival && !tieAllowed)) return { status: 'doubtful', chosenProductId: null, confidence: null, candidates };
  const status = best.tier === 'supplier' || best.tier === 'exact' || best.tier === 'canonical' ? 'exact' : 'matched';
  return { status, chosenProductId: best.productId, confidence: round(best.confidence), candidates };
}
