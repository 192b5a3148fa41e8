// Reading the SQL side's rows into hits (search-sql.ts builds the statements, search-hits.server.ts
// runs them). KiCad families and reverse prefixes are confirmed here and scored per word; a typed
// part number that begins catalogue part numbers means those parts, so the second statement
// (substring and text matches, which would all rank below them) is then skipped.

import type { QueryToken } from './search.ts';
import { familyMatches } from './mpn-lookup.ts';
import type { Plan } from './search-plan.ts';
import { reverseScore, SCORE } from './search-scores.ts';
import { BRANCH, branchOfRow, hitOfRow, HIT_CAP, type ExtraIds, type FirstStatement, type IdScores, type Push, type SqlHit } from './search-sql.ts';

/** The candidate rows of a plan's SQL words, with the scores found outside the tiers. */
export type Hits = {
  hits: SqlHit[];
  capped: boolean;
  /** Per SQL word: id → score of family / reverse-prefix / typo matches. */
  idLists: Map<QueryToken, IdScores>;
  /** The same for the whole keyword read as one MPN. */
  wholeIds: IdScores;
  /** Some catalogue MPN starts with the primary typed MPN (so it is not a typo). */
  hasPrefix: boolean;
  /** Brand / package filters pushed into SQL for these hits. */
  push: Push;
};

/** What the first statement's rows gave. */
export type FirstRead = {
  byId: Map<number, SqlHit>;
  idLists: Map<QueryToken, IdScores>;
  wholeIds: IdScores;
  /** Rows of the prefix branch (more than HIT_CAP: capped). */
  prefixRows: number;
};

function raise(scores: IdScores, id: number, score: number): void {
  scores.set(id, Math.max(scores.get(id) ?? 0, score));
}

function scoresOf(idLists: Map<QueryToken, IdScores>, token: QueryToken): IdScores {
  let scores = idLists.get(token);
  if (!scores) idLists.set(token, (scores = new Map()));
  return scores;
}

/** Adds rows not seen yet as hits. */
export function addHitRows(byId: Map<number, SqlHit>, rows: readonly unknown[][], tokenCount: number): void {
  for (const row of rows) {
    const id = Number(row[0]);
    if (!byId.has(id)) byId.set(id, hitOfRow(row, tokenCount));
  }
}

/**
 * The first statement's rows as hits: families whose wildcards do not match the typed MPN are
 * dropped, and catalogue MPNs it extends count only when nothing starts with it. `prev`: the hits
 * of an earlier run of the same plan, whose id scores are kept; `extra` ids are merged in.
 */
export function readFirstRows(plan: Plan, first: FirstStatement, rows: readonly unknown[][], extra: ExtraIds | null, prev: Hits | null): FirstRead {
  const idLists = new Map<QueryToken, IdScores>();
  if (prev) for (const [token, scores] of prev.idLists) idLists.set(token, new Map(scores));
  const wholeIds: IdScores = new Map(prev?.wholeIds ?? []);
  if (extra) {
    const scores = scoresOf(idLists, extra.token);
    for (const [id, score] of extra.ids) raise(scores, id, score);
  }
  const byId = new Map<number, SqlHit>();
  let prefixRows = 0;
  let wholePrefixRows = 0;
  for (const row of rows) {
    const { kind } = branchOfRow(row, first.tokenCount);
    if (kind === BRANCH.prefix) prefixRows++;
    if (kind === BRANCH.whole) wholePrefixRows++;
  }
  for (const row of rows) {
    const { kind, text } = branchOfRow(row, first.tokenCount);
    const id = Number(row[0]);
    const forPrimary = kind === BRANCH.prefix || kind === BRANCH.family || kind === BRANCH.reverse;
    const typedKey = forPrimary ? first.primaryKey : first.wholeKey;
    const scores = () => (forPrimary ? scoresOf(idLists, plan.sqlTokens[first.primary]!) : wholeIds);
    if (kind === BRANCH.family || kind === BRANCH.wholeFamily) {
      if (!typedKey || !familyMatches(text, typedKey)) continue;
      raise(scores(), id, SCORE.family);
    } else if (kind === BRANCH.reverse || kind === BRANCH.wholeReverse) {
      // 'LM358' for a typed 'LM358DR' — only when nothing starts with what was typed.
      const startsSomething = (kind === BRANCH.reverse ? prefixRows : wholePrefixRows) > 0;
      if (!typedKey || startsSomething || text.length < 4 || typedKey.length - text.length < 1) continue;
      raise(scores(), id, reverseScore(typedKey.length - text.length));
    }
    addHitRows(byId, [row], first.tokenCount);
  }
  return { byId, idLists, wholeIds, prefixRows };
}

/**
 * Whether the second statement (every row matching all words) is to run: not when the prefix
 * branch already exceeds HIT_CAP (the rest cannot rank higher), nor when the typed part number
 * begins catalogue part numbers (it means those parts; plain words such as 'cortex' still run it).
 */
export function needsSecondStatement(plan: Plan, first: FirstStatement, read: FirstRead): boolean {
  const primary = first.primary >= 0 ? plan.sqlTokens[first.primary] : undefined;
  const primaryIsMpn = primary?.kind === 'term' && primary.mpnLike;
  return read.prefixRows <= HIT_CAP && !(primaryIsMpn && read.prefixRows > 0);
}
