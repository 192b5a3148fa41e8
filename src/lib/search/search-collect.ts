// Collecting the matches of a plan answered from memory alone: every row passing the structured
// constraints is counted into the facets (brand and package facets ignore their own filter, so
// they show what else could be picked) and the requested page is cut by score, then sort order.
// Exact totals and facets. Scoring SQL hits is search-rank.ts.

import type { SearchSort } from './search.schema.ts';
import type { SearchIndex } from './search-index.server.ts';
import type { MemConstraint } from './search-constraints.ts';
import type { Plan } from './search-plan.ts';

export type Collected = {
  total: number;
  totalExact: boolean;
  facetsExact: boolean;
  cateCounts: Map<number, number>;
  brandCounts: Map<number, number>;
  pkgCounts: Map<number, number>;
  /** Page rows in order, with their score. */
  page: PageRow[];
};

export type PageRow = { row: number; score: number };

/** Distinct scores a page is ordered by; the rest share the last level. */
const MAX_LEVELS = 250;

export class FacetCounter {
  readonly cate: Int32Array;
  readonly brand: Int32Array;
  readonly pkg: Int32Array;
  noBrand = 0;
  total = 0;
  readonly index: SearchIndex;
  readonly plan: Plan;
  constructor(index: SearchIndex, plan: Plan) {
    this.index = index;
    this.plan = plan;
    this.cate = new Int32Array(index.maxCateId + 1);
    this.brand = new Int32Array(index.maxBrandId + 1);
    this.pkg = new Int32Array(index.packages.length);
  }
  /** Counts one row that passed the base constraints; returns whether it is in the final list. */
  add(row: number): boolean {
    const brand = this.index.brand[row]!;
    const pkgCode = this.index.pkg[row]!;
    const brandPasses = !this.plan.brandOk || (brand >= 0 && this.plan.brandOk[brand] === 1);
    const pkgPasses = !this.plan.pkgOk || (pkgCode >= 0 && this.plan.pkgOk[pkgCode] === 1);
    if (pkgPasses && brand >= 0) this.brand[brand]!++;
    if (brandPasses && pkgCode >= 0) this.pkg[pkgCode]!++;
    if (brandPasses && pkgPasses) {
      const cate = this.index.cate[row]!;
      if (cate >= 0) this.cate[cate]!++;
      this.total++;
      return true;
    }
    return false;
  }
  maps(): {
    cateCounts: Map<number, number>;
    brandCounts: Map<number, number>;
    pkgCounts: Map<number, number>;
  } {
    const toMap = (counts: Int32Array) => {
      const map = new Map<number, number>();
      for (let i = 0; i < counts.length; i++) if (counts[i]! > 0) map.set(i, counts[i]!);
      return map;
    };
    return {
      cateCounts: toMap(this.cate),
      brandCounts: toMap(this.brand),
      pkgCounts: toMap(this.pkg),
    };
  }
}

/** The row order of a sort: row numbers are MPN order; popularity (and relevance ties) use popOrder. */
export function orderOf(index: SearchIndex, sort: SearchSort): { order: Int32Array | null; desc: boolean } {
  if (sort === 'mpn') return { order: null, desc: false };
  if (sort === 'mpnDesc') return { order: null, desc: true };
  return { order: index.popOrder, desc: false };
}

/** Answers a plan with no SQL tokens from memory alone (exact totals and facets). */
export function collectFromMemory(plan: Plan, sort: SearchSort, offset: number, limit: number): Collected {
  if (!plan.impossible && plan.mem.length > 0 && plan.mem.every((constraint) => constraint.cateTable)) return collectCategories(plan, sort, offset, limit);
  const { index } = plan;
  const n = index.n;
  const counter = new FacetCounter(index, plan);
  const mark = new Uint8Array(n); // 0: not matched; 1 + level: in the final list
  const levelOf = new Map<number, number>();
  const levelScores: number[] = [];
  // The most selective constraint drives the scan; the others are tested per row.
  let driver: MemConstraint | null = null;
  for (const constraint of plan.mem) if (constraint.lists && (!driver || constraint.size < driver.size)) driver = constraint;
  const tests = plan.mem.filter((constraint) => !(constraint === driver && constraint.exact));
  const uniform = plan.mem.every((constraint) => constraint.uniform !== null) ? plan.mem.reduce((sum, constraint) => sum + (constraint.uniform ?? 0), 0) : null;
  const levelFor = (score: number): number => {
    let level = levelOf.get(score);
    if (level === undefined) {
      // More than MAX_LEVELS distinct scores: the rest share the last level.
      level = Math.min(levelScores.length, MAX_LEVELS);
      if (level === levelScores.length) levelScores.push(score);
      levelOf.set(score, level);
    }
    return level;
  };
  const uniformMark = uniform === null ? 0 : levelFor(Math.round(uniform * 1000) / 1000) + 1;
  // Matched rows, kept while few (a small result is sorted directly instead of walking every row).
  const few = new Int32Array(Math.max(16, n >> 4));
  let fewCount = 0;
  const visit = (row: number) => {
    for (let i = 0; i < tests.length; i++) if (!tests[i]!.test(row)) return;
    if (!counter.add(row)) return;
    if (fewCount < few.length) few[fewCount] = row;
    fewCount++;
    if (uniformMark) {
      mark[row] = uniformMark;
      return;
    }
    let score = 0;
    for (const constraint of plan.mem) score += constraint.score(row);
    mark[row] = levelFor(Math.round(score * 1000) / 1000) + 1;
  };
  if (plan.impossible) {
    // nothing matches
  } else if (!driver || !driver.lists) {
    for (let row = 0; row < n; row++) visit(row);
  } else {
    const seen = driver.disjoint ? null : new Uint8Array(n);
    for (const list of driver.lists) {
      for (let i = 0; i < list.length; i++) {
        const row = list[i]!;
        if (seen) {
          if (seen[row]) continue;
          seen[row] = 1;
        }
        visit(row);
      }
    }
  }
  // Page: levels by score (relevance only), then the requested order.
  const page: PageRow[] = [];
  const want = offset + limit;
  const byScore = sort === 'relevance' && levelScores.length > 1;
  // Levels best first (their index in levelScores); -1: every matched row at once.
  const levels = byScore ? levelScores.map((score, level) => ({ score, level })).sort((a, b) => b.score - a.score) : [{ score: levelScores[0] ?? 0, level: -1 }];
  const { order, desc } = orderOf(index, sort);
  // Every matched row was visited in memory, so the total and the facets are exact.
  const collected = () => ({ total: counter.total, totalExact: true, facetsExact: true, ...counter.maps(), page });
  if (fewCount <= few.length) {
    const rows = Array.from(few.subarray(0, fewCount));
    const pop = index.pop;
    const levelScore = (row: number) => (byScore ? (levelScores[mark[row]! - 1] ?? 0) : 0);
    rows.sort((a, b) => {
      const byLevel = levelScore(b) - levelScore(a);
      if (byLevel !== 0) return byLevel;
      if (sort === 'mpn') return a - b;
      if (sort === 'mpnDesc') return b - a;
      return pop[b]! - pop[a]! || a - b;
    });
    for (const row of rows.slice(offset, offset + limit)) page.push({ row, score: levelScores[mark[row]! - 1] ?? 0 });
    return collected();
  }
  let taken = 0;
  outer: for (const { level } of levels) {
    for (let rank = 0; rank < n; rank++) {
      const row = order ? order[desc ? n - 1 - rank : rank]! : desc ? n - 1 - rank : rank;
      const rowMark = mark[row]!;
      if (rowMark === 0 || (level >= 0 && rowMark !== level + 1)) continue;
      if (taken >= offset) page.push({ row, score: levelScores[rowMark - 1] ?? 0 });
      taken++;
      if (taken >= want) break outer;
    }
  }
  return collected();
}

/**
 * Constraints on the category alone (browsing a category, 电容, 运放 MCU…): totals and facets come
 * from per-category counts, and only the page's rows are visited.
 */
export function collectCategories(plan: Plan, sort: SearchSort, offset: number, limit: number): Collected {
  const { index } = plan;
  const n = index.n;
  // Category → score, for categories every constraint admits.
  const scoreOf = new Map<number, number>();
  for (const cate of index.cateRows.keys()) {
    let score = 0;
    let admitted = true;
    for (const constraint of plan.mem) {
      const weight = cate <= index.maxCateId ? constraint.cateTable![cate]! : 0;
      if (!(weight > 0)) {
        admitted = false;
        break;
      }
      score += weight;
    }
    if (admitted) scoreOf.set(cate, Math.round(score * 1000) / 1000);
  }
  const brandOk = plan.brandOk;
  const pkgOk = plan.pkgOk;
  const cateCounts = new Map<number, number>();
  const brandCounts = new Map<number, number>();
  const pkgCounts = new Map<number, number>();
  let total = 0;
  for (const cate of scoreOf.keys()) {
    const triples = index.cateTriples.get(cate);
    if (!triples) continue;
    for (let j = 0; j < triples.length; j += 3) {
      const brand = triples[j]!;
      const pkgCode = triples[j + 1]!;
      const count = triples[j + 2]!;
      const brandPasses = !brandOk || (brand >= 0 && brandOk[brand] === 1);
      const pkgPasses = !pkgOk || (pkgCode >= 0 && pkgOk[pkgCode] === 1);
      if (pkgPasses && brand >= 0) brandCounts.set(brand, (brandCounts.get(brand) ?? 0) + count);
      if (brandPasses && pkgCode >= 0) pkgCounts.set(pkgCode, (pkgCounts.get(pkgCode) ?? 0) + count);
      if (brandPasses && pkgPasses) {
        cateCounts.set(cate, (cateCounts.get(cate) ?? 0) + count);
        total += count;
      }
    }
  }
  const passes = (row: number) => {
    const brand = index.brand[row]!;
    const pkgCode = index.pkg[row]!;
    return (!brandOk || (brand >= 0 && brandOk[brand] === 1)) && (!pkgOk || (pkgCode >= 0 && pkgOk[pkgCode] === 1));
  };
  const page: PageRow[] = [];
  const want = offset + limit;
  const byScore = sort === 'relevance' && new Set(scoreOf.values()).size > 1;
  const levels = byScore ? [...new Set(scoreOf.values())].sort((a, b) => b - a) : [null];
  const pop = index.pop;
  if (total * 16 < n) {
    // Few rows: gather them from the category lists and sort.
    const rows: number[] = [];
    for (const cate of scoreOf.keys()) for (const row of index.cateRows.get(cate) ?? []) if (passes(row)) rows.push(row);
    const levelScore = (row: number) => (byScore ? (scoreOf.get(index.cate[row]!) ?? 0) : 0);
    rows.sort((a, b) => levelScore(b) - levelScore(a) || (sort === 'mpn' ? a - b : sort === 'mpnDesc' ? b - a : pop[b]! - pop[a]! || a - b));
    for (const row of rows.slice(offset, want)) page.push({ row, score: scoreOf.get(index.cate[row]!) ?? 0 });
  } else {
    const { order, desc } = orderOf(index, sort);
    let taken = 0;
    outer: for (const level of levels) {
      for (let rank = 0; rank < n; rank++) {
        const row = order ? order[desc ? n - 1 - rank : rank]! : desc ? n - 1 - rank : rank;
        const score = scoreOf.get(index.cate[row]!);
        if (score === undefined || (level !== null && score !== level) || !passes(row)) continue;
        if (taken >= offset) page.push({ row, score });
        if (++taken >= want) break outer;
      }
    }
  }
  return { total, totalExact: true, facetsExact: true, cateCounts, brandCounts, pkgCounts, page };
}

