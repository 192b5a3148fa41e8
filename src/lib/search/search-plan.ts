// The plan of one reading (strict or relaxed) of a query: which words become structured
// constraints answered in memory and which are searched in SQL, plus the brand and package
// filters. Pure: it reads the in-memory index and runs nothing.

import type { DictToken, ParsedQuery, QueryToken } from './search.ts';
import type { SearchParams } from './search.schema.ts';
import type { SearchIndex } from './search-index.server.ts';
import { cateConstraint, cateWeights, packageCodes, packageConstraint, paramConstraint, quantityConstraint, type MemConstraint } from './search-constraints.ts';
import { SCORE } from './search-scores.ts';

export type Plan = {
  readonly index: SearchIndex;
  readonly parsed: ParsedQuery;
  readonly relaxed: boolean;
  /** Explicit cateId subtree (drill-down: facets are counted inside it). */
  readonly cateFilter: readonly number[] | null;
  /** Structured constraints, all required. */
  readonly mem: MemConstraint[];
  /** Tokens searched in SQL (term, cjk, loose or relaxed dictionary terms). */
  readonly sqlTokens: QueryToken[];
  /** Dictionary tokens filtered in SQL by category/brand (strict) — scored from memory. */
  readonly sqlDict: SqlDictTerm[];
  /** Brand / package filters as lookup tables by brand id / package code (null: no filter). */
  readonly brandOk: Uint8Array | null;
  readonly pkgOk: Uint8Array | null;
  /** A constraint that can never hold (a strict term with nothing behind it). */
  readonly impossible: boolean;
};

/** A dictionary term with its categories (weight per category id) and brands. */
export type SqlDictTerm = { token: DictToken; weights: Map<number, number>; brands: Set<number> };

/** The request fields a plan reads. */
export type PlanRequest = Pick<SearchParams, 'cateId' | 'params' | 'brandIds' | 'package'>;

export function makePlan(index: SearchIndex, request: PlanRequest, parsed: ParsedQuery, relaxed: boolean): Plan {
  const mem: MemConstraint[] = [];
  const sqlTokens: QueryToken[] = [];
  const sqlDict: SqlDictTerm[] = [];
  let impossible = false;
  const cateFilter = request.cateId ? index.subtree(request.cateId) : null;
  if (cateFilter) mem.push(cateConstraint(index, new Map(cateFilter.map((cate) => [cate, SCORE.drillDown])), new Set()));
  for (const token of parsed.tokens) {
    switch (token.kind) {
      case 'dict': {
        const weights = cateWeights(index, token.sense.cates);
        const brands = token.sense.brands;
        sqlDict.push({ token, weights, brands: new Set(brands) });
        if (token.loose || relaxed) sqlTokens.push(token);
        else {
          const constraint = cateConstraint(index, weights, brands);
          if (constraint.size === 0) impossible = true;
          mem.push(constraint);
        }
        break;
      }
      case 'quantity': {
        // Relaxed: the quantity as written in the text ('100nF', '100 nF').
        if (relaxed) sqlTokens.push(token);
        else {
          const constraint = quantityConstraint(index, token);
          if (constraint.empty) impossible = true;
          mem.push(constraint);
        }
        break;
      }
      case 'package': {
        if (relaxed) sqlTokens.push(token);
        else {
          const codes = packageCodes(index, token.parts);
          if (codes.length === 0) impossible = true;
          mem.push(packageConstraint(index, codes, SCORE.package, token.parts, SCORE.packageExact));
        }
        break;
      }
      default:
        sqlTokens.push(token);
    }
  }
  for (const filter of request.params ?? []) mem.push(paramConstraint(index, filter));
  let brandOk: Uint8Array | null = null;
  if (request.brandIds && request.brandIds.length) {
    brandOk = new Uint8Array(index.maxBrandId + 1);
    for (const brandId of request.brandIds) if (brandId <= index.maxBrandId) brandOk[brandId] = 1;
  }
  let pkgOk: Uint8Array | null = null;
  if (request.package && request.package.length) {
    const table = new Uint8Array(index.packages.length);
    const wanted = new Set(request.package.map((name) => name.trim()));
    index.packages.forEach((name, code) => {
      if (wanted.has(name)) table[code] = 1;
    });
    pkgOk = table;
  }
  return { index, parsed, relaxed, cateFilter, mem, sqlTokens, sqlDict, brandOk, pkgOk, impossible };
}

/** Whether a strict reading could be relaxed (dictionary terms, quantities or packages present). */
export function relaxable(parsed: ParsedQuery): boolean {
  return parsed.tokens.some((token) => (token.kind === 'dict' && !token.loose) || token.kind === 'quantity' || token.kind === 'package');
}

/** Whether a query needs SQL beyond its page of rows (free words, or a reading that may be relaxed). */
export function needsSql(parsed: ParsedQuery): boolean {
  return parsed.tokens.some((token) => token.kind === 'term' || token.kind === 'cjk' || (token.kind === 'dict' && token.loose)) || relaxable(parsed);
}
