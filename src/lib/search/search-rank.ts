// Ranking SQL hits: each hit is tested against the plan's memory constraints, scored (constraint
// scores plus one tier per SQL word, SCORE in search-scores.ts), counted into the facets and
// sorted; the requested page is cut from the result. Totals and facets are flagged inexact when
// SQL found more than HIT_CAP rows.

import type { SearchSort } from './search.schema.ts';
import { FacetCounter, type Collected, type PageRow } from './search-collect.ts';
import type { Hits } from './search-hits.ts';
import type { Plan } from './search-plan.ts';
import { SCORE } from './search-scores.ts';
import type { SqlHit } from './search-sql.ts';

/** The score of one SQL word for a hit at `row`: its tier, raised by id scores; fixed for some kinds. */
function wordScore(plan: Plan, hits: Hits, hit: SqlHit, row: number, at: number): number {
  const token = plan.sqlTokens[at]!;
  if (token.kind === 'cjk') return SCORE.cjkText;
  if (token.kind === 'quantity' || token.kind === 'package') return SCORE.quantityOrPackageText;
  if (token.kind === 'dict') {
    const term = plan.sqlDict.find((x) => x.token === token)!;
    const cate = plan.index.cate[row]!;
    const brand = plan.index.brand[row]!;
    const byCate = cate >= 0 ? (term.weights.get(cate) ?? 0) : 0;
    const byBrand = brand >= 0 && term.brands.has(brand) ? SCORE.brand : 0;
    return Math.max(byCate, byBrand, hit.flags[at] === 1 ? SCORE.dictText : 0, SCORE.dictFloor);
  }
  const tier = hit.tiers[at] ?? 0;
  const listScore = hits.idLists.get(token)?.get(hit.id);
  return listScore !== undefined && listScore > tier ? listScore : tier;
}

/** Scores SQL hits with memory constraints, counts facets and cuts the page. */
export function collectFromSql(plan: Plan, hits: Hits, sort: SearchSort, offset: number, limit: number): Collected {
  const { index } = plan;
  const counter = new FacetCounter(index, plan);
  const rows: PageRow[] = [];
  const wordCount = plan.sqlTokens.length;
  for (const hit of hits.hits) {
    const row = index.rowOf(hit.id);
    if (row < 0) continue; // added after the index was built; picked up at the next rebuild
    if (!plan.mem.every((constraint) => constraint.test(row))) continue;
    let score = 0;
    for (const constraint of plan.mem) score += constraint.score(row);
    for (let at = 0; at < wordCount; at++) score += wordScore(plan, hits, hit, row, at);
    const whole = Math.max(hit.whole, hits.wholeIds.get(hit.id) ?? 0);
    if (whole > 0) score = Math.max(score, whole + SCORE.wholePerToken * wordCount);
    if (!counter.add(row)) continue;
    rows.push({ row, score });
  }
  const pop = index.pop;
  const compare: (a: PageRow, b: PageRow) => number =
    sort === 'mpn'
      ? (a, b) => a.row - b.row
      : sort === 'mpnDesc'
        ? (a, b) => b.row - a.row
        : sort === 'popular'
          ? (a, b) => pop[b.row]! - pop[a.row]! || a.row - b.row
          : (a, b) => b.score - a.score || pop[b.row]! - pop[a.row]! || a.row - b.row;
  rows.sort(compare);
  return {
    total: counter.total,
    totalExact: !hits.capped,
    facetsExact: !hits.capped,
    ...counter.maps(),
    page: rows.slice(offset, offset + limit),
  };
}
