// Part-number lookups shared by the search and the suggestions: KiCad families of a typed MPN
// (through products_mpn_family_prefix_idx), catalogue MPNs the typed one extends, and typo
// neighbours (from memory for small catalogues, else ranked from a trigram statement's rows).
// Pure: statements are text here; search-hits.server.ts, mpn-lookup.server.ts and
// suggest.server.ts run them.

import { kicadWildcardPattern, normalizeMpn } from '../catalog/mpn.ts';
import { boundedDistance, editVariants, popularityPrior, typoBudget, wildcardKey } from './search.ts';
import type { SearchIndex } from './search-index.server.ts';

/**
 * The literal part of a KiCad family name before its first wildcard, normalised — the expression
 * of products_mpn_family_prefix_idx (schema/catalog.ts), written identically so the index serves it.
 */
export const FAMILY_PREFIX_SQL = `regexp_replace(upper(regexp_replace("mpn", '(?<![a-z])x+(?![a-z]).*$', '')), '[^A-Z0-9]', '', 'g')`;

/** Prefixes of a typed key that a family's literal part may be (3 characters or more). */
export function familyPrefixes(mpnKey: string): string[] {
  const out: string[] = [];
  for (let len = 3; len <= mpnKey.length; len++) out.push(mpnKey.slice(0, len));
  return out;
}

/** Catalogue MPNs a typed key may extend: its prefixes from `shortest` characters (at most 5 shorter). */
export function reversePrefixes(mpnKey: string, shortest: number): string[] {
  const out: string[] = [];
  for (let len = Math.max(shortest, mpnKey.length - 5); len < mpnKey.length; len++) out.push(mpnKey.slice(0, len));
  return out;
}

/**
 * `col` equal to one of `prefixes` (reversePrefixes of one key), with the range they span in
 * pattern-operator form: only the btree (text_pattern_ops) serves that, where `= ANY` alone lets
 * PostgreSQL pick the trigram GIN index, ~40 ms instead of 0.1 ms on the demo catalogue.
 * `param(value)` adds a bind value and returns its placeholder.
 */
export function prefixKeysSql(col: string, prefixes: readonly string[], param: (value: unknown) => string): string {
  const sorted = [...prefixes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `${col} ~>=~ ${param(sorted[0] ?? '')} AND ${col} ~<=~ ${param(sorted.at(-1) ?? '')} AND ${col} = ANY(${param(sorted)}::text[])`;
}

/** Whether a KiCad family name ('STM32F103C8Tx') has wildcards that match the typed key. */
export function familyMatches(familyName: string, mpnKey: string): boolean {
  const pattern = kicadWildcardPattern(familyName);
  return pattern.hasWildcard && pattern.regex.test(mpnKey);
}

export type TypoNeighbour = { id: number; mpn: string; distance: number; similarity: number };

/** Typo neighbours from the MPNs an index of a small catalogue keeps in memory (no SQL). */
export function fuzzyInMemory(index: SearchIndex, mpnKey: string, limit = 20): TypoNeighbour[] {
  const budget = typoBudget(mpnKey.length);
  const keys = index.mpnKeys;
  const mpns = index.mpns;
  if (budget === 0 || !keys || !mpns) return [];
  const found: (TypoNeighbour & { prior: number })[] = [];
  for (let row = 0; row < keys.length; row++) {
    const key = keys[row]!;
    if (Math.abs(key.length - mpnKey.length) > budget || key === mpnKey) continue;
    const distance = boundedDistance(mpnKey, key, budget);
    if (distance <= budget) found.push({ id: index.ids[row]!, mpn: mpns[row]!, distance, similarity: 0, prior: index.pop[row]! });
  }
  return found
    .sort((a, b) => a.distance - b.distance || b.prior - a.prior || a.mpn.localeCompare(b.mpn))
    .slice(0, limit)
    .map(({ prior: _prior, ...neighbour }) => neighbour);
}

/**
 * Part numbers one or two edits away from the typed key, in one statement: candidates share the
 * longest prefix the catalogue has (minus one character) and are ranked by trigram similarity;
 * short keys also look up every key one edit away (a typo in the first characters).
 * Rows: id, mpn, mpn_normalized, similarity.
 */
export function fuzzyStatement(mpnKey: string): { text: string; values: unknown[] } {
  const prefixes: string[] = [];
  for (let len = 3; len < mpnKey.length; len++) prefixes.push(mpnKey.slice(0, len));
  return {
    text: `WITH pre AS (
       SELECT left($1, greatest(3, max(length(p)) - 1)) AS pfx FROM unnest($2::text[]) AS p
        WHERE EXISTS (SELECT 1 FROM products WHERE mpn_normalized ~>=~ p AND mpn_normalized ~<~ (p || 'ÿ'))
       HAVING max(length(p)) >= 3),
     near AS (
       SELECT id, mpn_normalized, similarity(mpn_normalized, $1) AS s FROM (
         SELECT id, mpn_normalized FROM products
          WHERE mpn_normalized ~>=~ (SELECT pfx FROM pre) AND mpn_normalized ~<~ ((SELECT pfx FROM pre) || 'ÿ') LIMIT 1500) c
       ORDER BY s DESC, mpn_normalized LIMIT 60)
     (SELECT near.id, p.mpn, near.mpn_normalized, near.s FROM near JOIN products p ON p.id = near.id)
     UNION ALL
     (SELECT id, mpn, mpn_normalized, 1 FROM products WHERE mpn_normalized = ANY($3::text[]) LIMIT 200)`,
    values: [mpnKey, prefixes, mpnKey.length <= 8 ? editVariants(mpnKey) : []],
  };
}

/** A plain trigram neighbour search (small catalogues, when the statement above found nothing). */
export function trigramStatement(mpnKey: string): { text: string; values: unknown[] } {
  return {
    text: `SELECT id, mpn, mpn_normalized, similarity(mpn_normalized, $1) AS s FROM products
          WHERE mpn_normalized % $1 ORDER BY s DESC, mpn_normalized LIMIT 60`,
    values: [mpnKey],
  };
}

/**
 * Confirms candidate rows (id, mpn, mpn_normalized, similarity) by an edit distance in which a
 * KiCad wildcard matches any character; the best (closest) per id, into `found`.
 */
export function addTypoNeighbours(found: Map<number, TypoNeighbour>, rows: readonly unknown[][], mpnKey: string): void {
  const budget = typoBudget(mpnKey.length);
  for (const [id, mpn, normalized, similarity] of rows) {
    const key = wildcardKey(String(mpn));
    const plain = String(normalized);
    const distance = Math.min(boundedDistance(mpnKey, key.length ? key : plain, budget), boundedDistance(mpnKey, plain, budget));
    if (distance > budget || plain === mpnKey) continue;
    const previous = found.get(Number(id));
    if (!previous || previous.distance > distance) found.set(Number(id), { id: Number(id), mpn: String(mpn), distance, similarity: Number(similarity) });
  }
}

/** Neighbours best first: fewer edits, better-known part, more similar, then MPN. */
export function rankTypoNeighbours(found: ReadonlyMap<number, TypoNeighbour>, limit = 20): TypoNeighbour[] {
  const prior = (mpn: string) => popularityPrior(normalizeMpn(mpn));
  return [...found.values()]
    .sort((a, b) => a.distance - b.distance || prior(b.mpn) - prior(a.mpn) || b.similarity - a.similarity || a.mpn.localeCompare(b.mpn))
    .slice(0, limit);
}
