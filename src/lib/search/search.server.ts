// Part search (SPEC §7 /api/chiplet/products/queryPage and the search pages).
//
// Two engines share the work:
// - PostgreSQL answers what its indexes are good at: part numbers (exact, prefix through the
//   text_pattern_ops index, substring and typos through pg_trgm) and free text (pg_trgm over the
//   generated products.search_text column, which holds the MPN, English description, keywords,
//   package and the Chinese description cut into overlapping character pairs, so a two-character
//   word such as 电容 has trigrams to look up).
// - The in-memory index (search-index.server.ts) answers categories, brands, packages, parameter
//   constraints, facets and sorting; at a million parts a category plus three parameter ranges
//   takes milliseconds there, against one index probe per candidate row in SQL.
//
// A keyword made only of dictionary terms (categories, synonyms, brands), quantities ('64KB',
// '3.3V') and packages ('LQFP48', '0603') is answered entirely in memory; any other word goes
// through SQL and the memory index filters and ranks what SQL returns. Dictionary terms are
// first read strictly (运放 means the op-amp categories); when that finds nothing they are
// relaxed to 'the category or the words in the text'.
//
// Ranking (SCORE in search-scores.ts), best first: exact MPN (normalised: case, spaces, dashes,
// dots, packaging suffixes), MPN prefix (closer lengths first), KiCad family ('STM32F103C8Tx' for a
// typed STM32F103C8T6, via products_mpn_family_prefix_idx) and catalogue MPNs the typed one extends
// ('LM358' for LM358DR), MPN substring, MPN with one or two typos (an edit distance in which
// KiCad's 'x' matches any character; candidates from memory for small catalogues, else
// prefix-anchored and ranked by trigram similarity in SQL), then text and dictionary matches; ties
// by popularity (usage counters plus a small prior for well-known parts), then MPN. A typed part
// number that begins catalogue MPNs means those parts: substring and text matches are only looked
// for when nothing does.
//
// Bounds: every SQL candidate scan has a LIMIT (HIT_CAP rows); PostgreSQL statements run with a
// statement_timeout (search-db.server.ts); results past MAX_WINDOW cannot be paged. When SQL finds
// more than HIT_CAP rows, totals and facets are counted on those and flagged (totalExact,
// facetsExact); answers from memory are always exact.
//
// The modules, in the order a search runs: search.schema.ts (request shapes, validation),
// search-plan.ts with search-constraints.ts (what memory answers, what SQL does), search-collect.ts
// (memory answers), search-sql.ts / search-hits.ts / search-hits.server.ts (SQL candidates),
// search-rank.ts (scoring them), mpn-lookup.ts (families, reverse prefixes, typos; shared with
// suggest.server.ts), search-items.server.ts and search-facets.ts (the page).

import type { Locale } from '../server/api-locale.ts';
import type { Db } from '../server/db/client.server.ts';
import { AppError, Code } from '../server/errors.ts';
import { nearestTerm, parseQuery, type ParsedQuery, type TermToken } from './search.ts';
import { fieldError, problemText, validateSearchParams, type SearchParams, type SearchResult } from './search.schema.ts';
import { isQueryTimeout, withSearchRunner, type SqlRunner } from './search-db.server.ts';
import { getSearchIndex, type SearchIndex } from './search-index.server.ts';
import { readRunnerOf } from '../server/db/read-replica.server.ts';
import { collectFromMemory, type Collected } from './search-collect.ts';
import { emptyResult, facetsOf } from './search-facets.ts';
import type { Hits } from './search-hits.ts';
import { sqlHits } from './search-hits.server.ts';
import { fetchItems } from './search-items.server.ts';
import { fuzzyInMemory } from './mpn-lookup.ts';
import { fuzzyCandidates } from './mpn-lookup.server.ts';
import { makePlan, needsSql, relaxable, type Plan } from './search-plan.ts';
import { collectFromSql } from './search-rank.ts';
import { SCORE, typoScore } from './search-scores.ts';
import type { ExtraIds, IdScores } from './search-sql.ts';
import type { MemConstraint } from './search-constraints.ts';

/** Callers' extra required constraints, built once per search from the index in use (kicad/queryPage's haveEdaModel). */
export type SearchExtras = { constraints?: (index: SearchIndex) => Promise<MemConstraint[]> };

export async function searchProducts(db: Db, params: SearchParams, extras: SearchExtras = {}): Promise<SearchResult> {
  validateSearchParams(params);
  const locale: Locale = params.locale === 'en' ? 'en' : 'zh';
  const index = await getSearchIndex(db);
  const extra = (await extras.constraints?.(index)) ?? [];
  if (params.cateId !== undefined && params.cateId !== null && !index.categories.has(params.cateId)) throw fieldError(locale, 'cateId', 'cateId');
  const parsed = parseQuery(params.keyword ?? '', index.dict);
  if (parsed.unusable) return emptyResult();

  // A query answered from memory needs SQL only for its page of rows (no transaction, no timeout).
  if (!needsSql(parsed)) {
    const run = await evaluate(null, index, params, parsed, false, null, extra);
    return resultOf(readRunnerOf(db), index, run.collected, locale, parsed, null);
  }
  try {
    return await withSearchRunner(db, async (runner) => {
      let run = await evaluate(runner, index, params, parsed, false, null, extra);
      if (run.collected.total === 0 && relaxable(parsed)) run = await evaluate(runner, index, params, parsed, true, null, extra);
      run = await withSupplierCode(runner, index, params, parsed, run, extra);
      const typos = await withTypoNeighbours(runner, index, params, parsed, run, extra);
      run = typos.run;
      const didYouMean = typos.didYouMean ?? (run.collected.total === 0 ? nearestWord(index, parsed) : null);
      return resultOf(runner, index, run.collected, locale, parsed, didYouMean);
    });
  } catch (error) {
    if (isQueryTimeout(error)) throw new AppError(Code.unavailable, problemText('timeout', locale));
    throw error;
  }
}

type Evaluation = {
  plan: Plan;
  collected: Collected;
  /** The typed part number matched as a part number (prefix, family, substring…). */
  mpnHit: boolean;
  hits: Hits | null;
};

/** One reading (strict or relaxed) of the query; `extra` adds typo neighbours of a term. */
async function evaluate(
  runner: SqlRunner | null,
  index: SearchIndex,
  params: SearchParams,
  parsed: ParsedQuery,
  relaxed: boolean,
  extra: ExtraIds | null,
  required: readonly MemConstraint[],
  prev: Hits | null = null,
): Promise<Evaluation> {
  const made = makePlan(index, params, parsed, relaxed);
  const plan: Plan = required.length ? { ...made, mem: [...made.mem, ...required] } : made;
  const sort = params.sort ?? 'relevance';
  const offset = (params.pageNum - 1) * params.pageSize;
  if (plan.sqlTokens.length === 0 || !runner) {
    return { plan, collected: collectFromMemory(plan, sort, offset, params.pageSize), mpnHit: false, hits: null };
  }
  let hits = await sqlHits(runner, plan, prev?.push ?? { brands: null, packages: null }, extra, prev);
  if (!prev && hits.capped && (plan.brandOk || plan.pkgOk)) {
    // The capped sample may miss the chosen brands/packages: push them into SQL for the list.
    hits = await sqlHits(runner, plan, { brands: params.brandIds ?? null, packages: params.package ?? null }, extra);
  }
  const collected = collectFromSql(plan, hits, sort, offset, params.pageSize);
  const termAt = plan.sqlTokens.findIndex((token) => token.kind === 'term' && token.mpnLike);
  let mpnHit = hits.hasPrefix;
  if (termAt >= 0 && !mpnHit) {
    const ids = hits.idLists.get(plan.sqlTokens[termAt]!);
    mpnHit = hits.hits.some((hit) => (hit.tiers[termAt] ?? 0) >= SCORE.mpnSubstring || (ids?.get(hit.id) ?? 0) >= SCORE.mpnSubstring);
  }
  return { plan, collected, mpnHit, hits };
}

/** An LCSC code typed alone ('C8734'). */
const LCSC_CODE = /^C\d{3,12}$/i;

/**
 * Distributor codes: an LCSC code typed alone names exactly one part (product_supplier_codes);
 * that part comes first, above MPNs that merely contain the digits (DAC8734 for C8734).
 */
async function withSupplierCode(runner: SqlRunner, index: SearchIndex, params: SearchParams, parsed: ParsedQuery, run: Evaluation, required: readonly MemConstraint[]): Promise<Evaluation> {
  const term = parsed.tokens.length === 1 && parsed.tokens[0]!.kind === 'term' ? parsed.tokens[0] : null;
  if (!term || !LCSC_CODE.test(term.text)) return run;
  const rows = await runner.rows<{ id: number }>(`SELECT product_id AS id FROM product_supplier_codes WHERE supplier = 'lcsc' AND code = $1`, [term.text.toUpperCase()]);
  if (rows.length === 0) return run;
  const ids: IdScores = new Map(rows.map((r) => [Number(r.id), SCORE.supplierCode]));
  const again = await evaluate(runner, index, params, parsed, run.plan.relaxed, { token: term, ids }, required, run.hits);
  return again.collected.total > 0 ? again : run;
}

/**
 * Part numbers: typos. When the one typed part number found nothing as a part number, looks for
 * neighbours one or two edits away, adds them to the results and offers the best one.
 */
async function withTypoNeighbours(
  runner: SqlRunner,
  index: SearchIndex,
  params: SearchParams,
  parsed: ParsedQuery,
  run: Evaluation,
  required: readonly MemConstraint[],
): Promise<{ run: Evaluation; didYouMean: string | null }> {
  const terms = parsed.tokens.filter((token): token is TermToken => token.kind === 'term' && token.mpnLike && token.mpn.length >= 4);
  if (terms.length !== 1 || (run.mpnHit && run.collected.total > 0)) return { run, didYouMean: null };
  const term = terms[0]!;
  const neighbours = index.mpnKeys ? fuzzyInMemory(index, term.mpn) : await fuzzyCandidates(runner, term.mpn, false);
  if (neighbours.length === 0) return { run, didYouMean: null };
  const best = neighbours[0]!.mpn;
  const didYouMean = parsed.tokens.length === 1 ? best : replaceWord(parsed.text, term.text, best);
  const ids: IdScores = new Map(neighbours.map((neighbour) => [neighbour.id, typoScore(neighbour.distance)]));
  const again = await evaluate(runner, index, params, parsed, run.plan.relaxed, { token: term, ids }, required, run.hits);
  return { run: again.collected.total > 0 ? again : run, didYouMean };
}

/** Words: the nearest dictionary term to the first unknown word, as the keyword to try instead. */
function nearestWord(index: SearchIndex, parsed: ParsedQuery): string | null {
  for (const token of parsed.tokens) {
    if (token.kind !== 'cjk' && !(token.kind === 'term' && !token.mpnLike)) continue;
    const near = nearestTerm(token.text, index.dict);
    if (near) return replaceWord(parsed.text, token.text, near);
  }
  return null;
}

/** The keyword with one word replaced (for 'did you mean'). */
function replaceWord(text: string, word: string, by: string): string {
  const at = text.toLowerCase().indexOf(word.toLowerCase());
  return at < 0 ? by : text.slice(0, at) + by + text.slice(at + word.length);
}

/** One page of a finished evaluation: its rows, total, facets and the 'did you mean'. */
async function resultOf(runner: SqlRunner, index: SearchIndex, collected: Collected, locale: Locale, parsed: ParsedQuery, didYouMean: string | null): Promise<SearchResult> {
  const list = await fetchItems(
    runner,
    index,
    collected.page.map((entry) => index.ids[entry.row]!),
    locale,
    parsed,
  );
  return { list, total: collected.total, facets: facetsOf(index, collected, locale), didYouMean, totalExact: collected.totalExact, facetsExact: collected.facetsExact };
}
