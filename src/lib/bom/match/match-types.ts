// The matcher's contract (issue #12 item 3): what the BOM API hands it and what it gives back.
// Stored as is in bom_lines (status, chosen_product_id, confidence, candidates); the API turns
// candidates into BomCandidate views (product fields, reasons in the caller's language).

import type { BomLineStatus, BomTrends, MatchTier } from '../bom.schema.ts';
import type { BomSourceField } from '../bom-line.ts';
import type { BomReason } from '../mpn-variants.ts';

export type LineToMatch = {
  /** The user's cells by field (as in bom_lines.source.fields). */
  readonly fields: Readonly<Partial<Record<BomSourceField, string>>>;
  readonly designators: readonly string[];
  readonly dnp: boolean;
  /** Set apart as not a part (非元器件, source.nonPart): never matched, status notAPart. */
  readonly notAPart?: boolean;
};

export type StoredCandidate = {
  readonly productId: number;
  /** 0..1. */
  readonly confidence: number;
  readonly tier: MatchTier;
  /** Server message keys + vars (bom.reason.*), rendered in the caller's language. */
  readonly reasons: readonly BomReason[];
};

export type LineMatch = {
  readonly status: Exclude<BomLineStatus, 'pending'>;
  /** Set for exact and matched (auto-accepted); null otherwise. */
  readonly chosenProductId: number | null;
  readonly confidence: number | null;
  /** Best first, at most MAX_CANDIDATES. */
  readonly candidates: readonly StoredCandidate[];
};

export const MAX_CANDIDATES = 10;

export type MatchOptions = {
  readonly trends: BomTrends;
  /** The owner's earlier confirmations: line signature → product id (bom_match_memory). */
  readonly memory?: ReadonlyMap<string, number>;
  readonly signal?: AbortSignal;
  /** Called as lines finish (done so far); the job turns it into progress. */
  readonly onProgress?: (done: number) => void;
  /** Time spent per cascade stage ('supplier', 'mpn', 'fuzzy', 'family', 'parametric', 'facts', 'keyword'), for the benchmark. */
  readonly onStage?: (stage: string, ms: number) => void;
};
