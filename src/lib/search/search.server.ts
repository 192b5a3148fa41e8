// Part search (SPEC §7 /api/chiplet/products/queryPage and the header's suggestions).
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
// Ranking, best first: exact MPN (normalised: case, spaces, dashes, dots, packaging suffixes),
// MPN prefix (closer lengths first), KiCad family ('STM32F103C8Tx' for a typed STM32F103C8T6, via
// products_mpn_family_prefix_idx) and catalogue MPNs the typed one extends ('LM358' for LM358DR),
// MPN substring, MPN with one or two typos (an edit distance in which KiCad's 'x' matches any
// character; candidates from memory for small catalogues, else prefix-anchored and ranked by
// trigram similarity in SQL), then text and dictionary matches; ties by popularity (usage counters
// plus a small prior for well-known parts), then MPN. A typed part number that begins catalogue
// MPNs means those parts: substring and text matches are only looked for when nothing does.
//
// Bounds: every SQL candidate scan has a LIMIT (HIT_CAP rows); PostgreSQL statements run with a
// statement_timeout (search-db.server.ts); results past MAX_WINDOW cannot be paged. When SQL finds
// more than HIT_CAP rows, totals and facets are counted on those and flagged (totalExact,
// facetsExact); answers from memory are always exact.

import { categoryName, filterPageHref } from '../catalog/catalog.ts';
import { kicadWildcardPattern, normalizeMpn } from '../catalog/mpn.ts';
import { parseQuantity, isUnit } from '../catalog/units.ts';
import { apiMessage, type Locale } from '../server/api-locale.ts';
import type { Db } from '../server/db/client.server.ts';
import { AppError, Code } from '../server/errors.ts';
import {
  asciiLower,
  boundedDistance,
  cleanKeyword,
  editVariants,
  escapeLike,
  findNeedles,
  hasCjk,
  highlightMpn,
  highlightNeedles,
  isCjk,
  markRanges,
  MAX_KEYWORD_LENGTH,
  nearestTerm,
  parseQuery,
  popularityPrior,
  termKey,
  typoBudget,
  wildcardKey,
  WEIGHT_EXACT_CATEGORY,
  type DictToken,
  type ParsedQuery,
  type QuantityToken,
  type QueryToken,
  type TermToken,
} from './search.ts';
import { isQueryTimeout, runnerOf, withSearchRunner, type SqlRunner } from './search-db.server.ts';
import { getSearchIndex, type SearchIndex } from './search-index.server.ts';

export type ParamFilter = {
  key: string;
  values?: string[];
  min?: number;
  max?: number;
};
export type SearchSort = 'relevance' | 'mpn' | 'mpnDesc' | 'popular';
export type SearchParams = {
  keyword?: string;
  cateId?: number;
  brandIds?: number[];
  params?: ParamFilter[];
  package?: string[];
  sort?: SearchSort;
  pageNum: number;
  pageSize: number;
  locale: 'zh' | 'en';
};
export type SearchItem = {
  mfgMpnCode: string;
  mpn: string;
  brandId: number | null;
  brandName: string;
  cateId: number;
  cateName: string;
  description: string;
  package: string | null;
  datasheetUrl: string | null;
  /** HTML-escaped text with <mark> around the matched parts. */
  highlight: { mpn: string; description: string };
  params: {
    key: string;
    value: number | null;
    unit: string | null;
    text: string | null;
  }[];
};
export type SearchFacets = {
  categories: { cateId: number; cateName: string; count: number }[];
  brands: { brandId: number; brandName: string; count: number }[];
  packages: { package: string; count: number }[];
};
export type SearchResult = {
  list: SearchItem[];
  total: number;
  facets: SearchFacets;
  didYouMean: string | null;
  /** False when more than HIT_CAP parts matched the text: total is then a lower bound. */
  totalExact: boolean;
  /** False when the facets were counted on the first HIT_CAP text matches only. */
  facetsExact: boolean;
};
export type Suggestion = {
  kind: 'mpn' | 'brand' | 'category';
  text: string;
  href: string;
  sub?: string;
};

export const MAX_PAGE_SIZE = 100;
/** Results past this position cannot be paged (pageNum × pageSize). */
export const MAX_WINDOW = 1000;
/** Most rows one SQL candidate scan returns. */
export const HIT_CAP = 1000;
/** Facet lists are cut to this many entries. */
export const FACET_LIMIT = 50;
const MAX_FILTER_VALUES = 50;
const PARAM_KEY_RE = /^[a-z][a-zA-Z0-9_]{0,63}$/;

// ── Validation ───────────────────────────────────────────────────────────────

const PROBLEMS = {
  keywordLong: {
    zh: `不能超过 ${MAX_KEYWORD_LENGTH} 个字符`,
    en: `must be at most ${MAX_KEYWORD_LENGTH} characters`,
  },
  pageNum: { zh: '必须是不小于 1 的整数', en: 'must be an integer ≥ 1' },
  pageSize: {
    zh: `必须是 1 到 ${MAX_PAGE_SIZE} 之间的整数`,
    en: `must be an integer from 1 to ${MAX_PAGE_SIZE}`,
  },
  window: {
    zh: `只能翻到前 ${MAX_WINDOW} 条结果（pageNum × pageSize ≤ ${MAX_WINDOW}），请缩小搜索范围`,
    en: `only the first ${MAX_WINDOW} results can be paged (pageNum × pageSize ≤ ${MAX_WINDOW}); refine the search`,
  },
  cateId: { zh: '分类不存在', en: 'no such category' },
  tooMany: {
    zh: `最多 ${MAX_FILTER_VALUES} 个值`,
    en: `at most ${MAX_FILTER_VALUES} values`,
  },
  paramKey: { zh: '参数名格式不正确', en: 'not a parameter key' },
  paramEmpty: { zh: '需要 values、min 或 max', en: 'needs values, min or max' },
  paramNumber: { zh: '必须是有限的数字', en: 'must be a finite number' },
  paramRange: { zh: 'min 不能大于 max', en: 'min must not exceed max' },
  value: {
    zh: '必须是 1 到 200 个字符的文本',
    en: 'must be text of 1 to 200 characters',
  },
  id: { zh: '必须是正整数', en: 'must be a positive integer' },
  timeout: {
    zh: '搜索超时，请缩小搜索范围后重试',
    en: 'The search took too long; please refine it and try again',
  },
} as const;

function badField(locale: Locale, field: string, problem: keyof typeof PROBLEMS): AppError {
  return new AppError(Code.badInput, apiMessage('field', locale, { field, problem: PROBLEMS[problem][locale] }));
}

function validate(p: SearchParams): void {
  const locale: Locale = p.locale === 'en' ? 'en' : 'zh';
  if (p.keyword !== undefined && p.keyword !== null && cleanKeyword(String(p.keyword)).length > MAX_KEYWORD_LENGTH) throw badField(locale, 'keyword', 'keywordLong');
  if (!Number.isInteger(p.pageNum) || p.pageNum < 1) throw badField(locale, 'pageNum', 'pageNum');
  if (!Number.isInteger(p.pageSize) || p.pageSize < 1 || p.pageSize > MAX_PAGE_SIZE) throw badField(locale, 'pageSize', 'pageSize');
  if (p.pageNum * p.pageSize > MAX_WINDOW) throw badField(locale, 'pageNum', 'window');
  if (p.cateId !== undefined && p.cateId !== null && (!Number.isInteger(p.cateId) || p.cateId < 1)) throw badField(locale, 'cateId', 'id');
  if (p.brandIds) {
    if (p.brandIds.length > MAX_FILTER_VALUES) throw badField(locale, 'brandIds', 'tooMany');
    p.brandIds.forEach((b, i) => {
      if (!Number.isInteger(b) || b < 1) throw badField(locale, `brandIds.${i}`, 'id');
    });
  }
  if (p.package) {
    if (p.package.length > MAX_FILTER_VALUES) throw badField(locale, 'package', 'tooMany');
    p.package.forEach((v, i) => {
      if (typeof v !== 'string' || v.length < 1 || v.length > 200) throw badField(locale, `package.${i}`, 'value');
    });
  }
  if (p.params) {
    if (p.params.length > 20) throw badField(locale, 'params', 'tooMany');
    p.params.forEach((f, i) => {
      if (!f || typeof f.key !== 'string' || !PARAM_KEY_RE.test(f.key)) throw badField(locale, `params.${i}.key`, 'paramKey');
      const hasValues = Array.isArray(f.values) && f.values.length > 0;
      if (!hasValues && f.min === undefined && f.max === undefined) throw badField(locale, `params.${i}`, 'paramEmpty');
      if (f.values && f.values.length > MAX_FILTER_VALUES) throw badField(locale, `params.${i}.values`, 'tooMany');
      f.values?.forEach((v, j) => {
        if (typeof v !== 'string' || v.length < 1 || v.length > 200) throw badField(locale, `params.${i}.values.${j}`, 'value');
      });
      for (const side of ['min', 'max'] as const) {
        const v = f[side];
        if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v))) throw badField(locale, `params.${i}.${side}`, 'paramNumber');
      }
      if (f.min !== undefined && f.max !== undefined && f.min > f.max) throw badField(locale, `params.${i}.min`, 'paramRange');
    });
  }
}

// ── Structured constraints (memory) ─────────────────────────────────────────

/** A constraint on rows evaluated in memory: the rows it can hold (to drive a scan) and a test. */
type MemConstraint = {
  /** Lists whose union holds every row that can pass (null: any row). */
  readonly lists: readonly Int32Array[] | null;
  readonly size: number;
  /** Every row of the lists passes the test (a scan driven by this constraint need not test it). */
  readonly exact: boolean;
  /** No row is in two of the lists (a scan needs no de-duplication). */
  readonly disjoint: boolean;
  /** The score every passing row gets, or null when it varies by row. */
  readonly uniform: number | null;
  /** For a constraint on the category alone: weight per category id (0: excluded). */
  readonly cateTable?: Float64Array;
  test(r: number): boolean;
  /** Ranking contribution of a passing row. */
  score(r: number): number;
};

function sizeOf(lists: readonly Int32Array[]): number {
  let s = 0;
  for (const l of lists) s += l.length;
  return s;
}

function maskOf(n: number, lists: readonly Int32Array[]): Uint8Array {
  const m = new Uint8Array(n);
  for (const l of lists) for (let i = 0; i < l.length; i++) m[l[i]!] = 1;
  return m;
}

/** Category weights: each node of the sense expanded to its subtree (the best weight wins). */
function cateWeights(index: SearchIndex, cates: ReadonlyMap<number, number>): Map<number, number> {
  const out = new Map<number, number>();
  for (const [id, w] of cates) for (const c of index.subtree(id)) if ((out.get(c) ?? 0) < w) out.set(c, w);
  return out;
}

function cateConstraint(index: SearchIndex, weights: ReadonlyMap<number, number>, brandIds: ReadonlySet<number>): MemConstraint {
  const table = new Float64Array(index.maxCateId + 1);
  const lists: Int32Array[] = [];
  for (const [c, w] of weights) {
    if (c <= index.maxCateId) table[c] = w;
    const l = index.cateRows.get(c);
    if (l) lists.push(l);
  }
  const brandTable = new Uint8Array(index.maxBrandId + 1);
  for (const b of brandIds) {
    if (b <= index.maxBrandId) brandTable[b] = 1;
    const l = index.brandRows.get(b);
    if (l) lists.push(l);
  }
  const cate = index.cate;
  const brand = index.brand;
  const ws = new Set(weights.values());
  return {
    lists,
    size: sizeOf(lists),
    exact: true,
    ...(brandIds.size === 0 ? { cateTable: table } : {}),
    disjoint: brandIds.size === 0 || weights.size === 0,
    uniform: brandIds.size === 0 && ws.size === 1 ? [...ws][0]! : weights.size === 0 ? 150 : null,
    test: (r) => {
      const c = cate[r]!;
      const b = brand[r]!;
      return (c >= 0 && table[c]! > 0) || (b >= 0 && brandTable[b] === 1);
    },
    score: (r) => {
      const c = cate[r]!;
      const b = brand[r]!;
      return Math.max(c >= 0 ? (table[c] ?? 0) : 0, b >= 0 && brandTable[b] === 1 ? 150 : 0);
    },
  };
}

/** Keys preferred for a bare quantity of a unit ('64KB' is a flash size before a RAM size). */
const PREFERRED_KEYS: Readonly<Record<string, readonly string[]>> = {
  B: ['flashSize', 'ramSize', 'eepromSize', 'memorySize'],
  V: ['outputVoltage', 'ratedVoltage', 'supplyVoltageMax', 'inputVoltageMax'],
  Hz: ['maxFrequency', 'frequency', 'switchingFrequency'],
  F: ['capacitance'],
  Ω: ['resistance'],
  H: ['inductance'],
  A: ['outputCurrent', 'drainCurrent', 'forwardCurrent', 'ratedCurrent'],
};

function sameValue(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-6 * Math.max(Math.abs(a), Math.abs(b)) + 1e-15;
}

/** Rows (with a score per row) whose parameters equal the quantity. */
function quantityConstraint(index: SearchIndex, t: QuantityToken): MemConstraint & { empty: boolean } {
  // A bare '10k' / '4k7' / '100n' is a resistance, capacitance or inductance value.
  const units = t.unit === null ? ['Ω', 'F', 'H'] : [t.unit];
  const keys = units.flatMap((u) => [...(index.keysByUnit.get(u) ?? [])]);
  const preferred = t.unit ? (PREFERRED_KEYS[t.unit] ?? []) : ['resistance', 'capacitance', 'inductance'];
  const lists: Int32Array[] = [];
  const scoreLists: { list: Int32Array; score: number }[] = [];
  for (const key of keys) {
    const col = index.params.get(key);
    if (!col || col.nums.length === 0) continue;
    // Binary search for the value.
    let lo = 0;
    let hi = col.nums.length - 1;
    const v = t.value;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const x = col.nums[mid]!;
      if (sameValue(x, v)) {
        lo = mid;
        break;
      }
      if (x < v) lo = mid + 1;
      else hi = mid - 1;
    }
    for (const at of [lo - 1, lo, lo + 1]) {
      if (at < 0 || at >= col.nums.length || !sameValue(col.nums[at]!, v)) continue;
      const list = col.numRows[at]!;
      lists.push(list);
      const rank = preferred.indexOf(key);
      scoreLists.push({ list, score: rank < 0 ? 80 : 100 - rank * 5 });
    }
  }
  const best = new Map<number, number>();
  const mask = new Uint8Array(index.n);
  for (const { list, score: s } of scoreLists) {
    for (let i = 0; i < list.length; i++) {
      const r = list[i]!;
      mask[r] = 1;
      if ((best.get(r) ?? 0) < s) best.set(r, s);
    }
  }
  const scores = new Set(scoreLists.map((x) => x.score));
  return {
    lists,
    size: sizeOf(lists),
    exact: true,
    disjoint: lists.length <= 1,
    uniform: scores.size <= 1 ? ([...scores][0] ?? 0) : null,
    test: (r) => mask[r] === 1,
    score: (r) => best.get(r) ?? 0,
    empty: lists.length === 0,
  };
}

function packageCodes(index: SearchIndex, parts: readonly string[]): number[] {
  const codes: number[] = [];
  index.packageParts.forEach((pkgs, code) => {
    if (pkgs.some((p) => parts.length <= p.length && parts.every((x, i) => p[i] === x))) codes.push(code);
  });
  return codes;
}

function packageConstraint(index: SearchIndex, codes: readonly number[], score: number): MemConstraint {
  const table = new Uint8Array(index.packages.length);
  for (const c of codes) table[c] = 1;
  const lists = codes.map((c) => index.packageRows[c]!).filter(Boolean);
  const pkg = index.pkg;
  return {
    lists,
    size: sizeOf(lists),
    exact: true,
    disjoint: true,
    uniform: score,
    test: (r) => {
      const c = pkg[r]!;
      return c >= 0 && table[c] === 1;
    },
    score: () => score,
  };
}

/** An explicit parameter filter (values and/or a min-max range in base units). */
function paramConstraint(index: SearchIndex, f: ParamFilter): MemConstraint {
  const col = index.params.get(f.key);
  if (!col)
    return {
      lists: [],
      size: 0,
      exact: true,
      disjoint: true,
      uniform: 0,
      test: () => false,
      score: () => 0,
    };
  const lists: Int32Array[] = [];
  if (f.values && f.values.length) {
    for (const raw of f.values) {
      const text = col.texts.get(raw.trim().toLowerCase());
      if (text) lists.push(text.rows);
      // A value given as a quantity ('100nF', '0.1uF', '25') for a numeric key.
      if (col.nums.length) {
        const q = parseQuantity(raw, col.unit && isUnit(col.unit) ? col.unit : undefined);
        if (q.ok) {
          for (let i = 0; i < col.nums.length; i++) if (sameValue(col.nums[i]!, q.value)) lists.push(col.numRows[i]!);
        }
      }
    }
  }
  const hasRange = f.min !== undefined || f.max !== undefined;
  if (hasRange) {
    const min = f.min ?? -Infinity;
    const max = f.max ?? Infinity;
    const eps = (x: number) => 1e-9 * Math.abs(x);
    const rangeLists: Int32Array[] = [];
    for (let i = 0; i < col.nums.length; i++) {
      const v = col.nums[i]!;
      if (v >= min - eps(min) && v <= max + eps(max)) rangeLists.push(col.numRows[i]!);
    }
    if (f.values && f.values.length) {
      // values AND range: keep value rows inside the range.
      const inRange = maskOf(index.n, rangeLists);
      const valueMask = maskOf(index.n, lists);
      return {
        lists: rangeLists,
        size: sizeOf(rangeLists),
        exact: false,
        disjoint: true,
        uniform: 0,
        test: (r) => inRange[r] === 1 && valueMask[r] === 1,
        score: () => 0,
      };
    }
    const m = maskOf(index.n, rangeLists);
    return {
      lists: rangeLists,
      size: sizeOf(rangeLists),
      exact: true,
      disjoint: true,
      uniform: 0,
      test: (r) => m[r] === 1,
      score: () => 0,
    };
  }
  const m = maskOf(index.n, lists);
  return {
    lists,
    size: sizeOf(lists),
    exact: true,
    disjoint: false,
    uniform: 0,
    test: (r) => m[r] === 1,
    score: () => 0,
  };
}

// ── Query plan ──────────────────────────────────────────────────────────────

type Plan = {
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
  readonly sqlDict: { token: DictToken; weights: Map<number, number>; brands: Set<number> }[];
  readonly brandOk: Uint8Array | null;
  readonly pkgOk: Uint8Array | null;
  /** A constraint that can never hold (a strict term with nothing behind it). */
  readonly impossible: boolean;
};

function makePlan(index: SearchIndex, p: SearchParams, parsed: ParsedQuery, relaxed: boolean): Plan {
  const mem: MemConstraint[] = [];
  const sqlTokens: QueryToken[] = [];
  const sqlDict: Plan['sqlDict'] = [];
  let impossible = false;
  const cateFilter = p.cateId ? index.subtree(p.cateId) : null;
  if (cateFilter) mem.push(cateConstraint(index, new Map(cateFilter.map((c) => [c, 0.0001])), new Set()));
  for (const t of parsed.tokens) {
    switch (t.kind) {
      case 'dict': {
        const weights = cateWeights(index, t.sense.cates);
        const brands = t.sense.brands;
        sqlDict.push({ token: t, weights, brands: new Set(brands) });
        if (t.loose || relaxed) sqlTokens.push(t);
        else {
          const c = cateConstraint(index, weights, brands);
          if (c.size === 0) impossible = true;
          mem.push(c);
        }
        break;
      }
      case 'quantity': {
        // Relaxed: the quantity as written in the text ('100nF', '100 nF').
        if (relaxed) sqlTokens.push(t);
        else {
          const c = quantityConstraint(index, t);
          if (c.empty) impossible = true;
          mem.push(c);
        }
        break;
      }
      case 'package': {
        if (relaxed) sqlTokens.push(t);
        else {
          const codes = packageCodes(index, t.parts);
          if (codes.length === 0) impossible = true;
          mem.push(packageConstraint(index, codes, 100));
        }
        break;
      }
      default:
        sqlTokens.push(t);
    }
  }
  for (const f of p.params ?? []) mem.push(paramConstraint(index, f));
  let brandOk: Uint8Array | null = null;
  if (p.brandIds && p.brandIds.length) {
    brandOk = new Uint8Array(index.maxBrandId + 1);
    for (const b of p.brandIds) if (b <= index.maxBrandId) brandOk[b] = 1;
  }
  let pkgOk: Uint8Array | null = null;
  if (p.package && p.package.length) {
    pkgOk = new Uint8Array(index.packages.length);
    const wanted = new Set(p.package.map((x) => x.trim()));
    index.packages.forEach((name, code) => {
      if (wanted.has(name)) pkgOk![code] = 1;
    });
  }
  return {
    index,
    parsed,
    relaxed,
    cateFilter,
    mem,
    sqlTokens,
    sqlDict,
    brandOk,
    pkgOk,
    impossible,
  };
}

/** Whether a strict reading could be relaxed (dictionary terms, quantities or packages present). */
function relaxable(parsed: ParsedQuery): boolean {
  return parsed.tokens.some((t) => (t.kind === 'dict' && !t.loose) || t.kind === 'quantity' || t.kind === 'package');
}

// ── Collecting matches, facets and the page ─────────────────────────────────

type Collected = {
  total: number;
  totalExact: boolean;
  facetsExact: boolean;
  cateCounts: Map<number, number>;
  brandCounts: Map<number, number>;
  pkgCounts: Map<number, number>;
  /** Page rows in order, with their score. */
  page: { row: number; score: number }[];
};

class FacetCounter {
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
  add(r: number): boolean {
    const b = this.index.brand[r]!;
    const k = this.index.pkg[r]!;
    const bOk = !this.plan.brandOk || (b >= 0 && this.plan.brandOk[b] === 1);
    const kOk = !this.plan.pkgOk || (k >= 0 && this.plan.pkgOk[k] === 1);
    if (kOk && b >= 0) this.brand[b]!++;
    if (bOk && k >= 0) this.pkg[k]!++;
    if (bOk && kOk) {
      const c = this.index.cate[r]!;
      if (c >= 0) this.cate[c]!++;
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
    const toMap = (a: Int32Array) => {
      const m = new Map<number, number>();
      for (let i = 0; i < a.length; i++) if (a[i]! > 0) m.set(i, a[i]!);
      return m;
    };
    return {
      cateCounts: toMap(this.cate),
      brandCounts: toMap(this.brand),
      pkgCounts: toMap(this.pkg),
    };
  }
}

/** The row order of a sort: row numbers are MPN order; popularity (and relevance ties) use popOrder. */
function orderOf(index: SearchIndex, sort: SearchSort): { order: Int32Array | null; desc: boolean } {
  if (sort === 'mpn') return { order: null, desc: false };
  if (sort === 'mpnDesc') return { order: null, desc: true };
  return { order: index.popOrder, desc: false };
}

/** Answers a plan with no SQL tokens from memory alone (exact totals and facets). */
function collectFromMemory(plan: Plan, sort: SearchSort, offset: number, limit: number): Collected {
  if (!plan.impossible && plan.mem.length > 0 && plan.mem.every((c) => c.cateTable)) return collectCategories(plan, sort, offset, limit);
  const { index } = plan;
  const n = index.n;
  const counter = new FacetCounter(index, plan);
  const mark = new Uint8Array(n); // 0: not matched; 1 + level: in the final list
  const levelOf = new Map<number, number>();
  const levelScores: number[] = [];
  // The most selective constraint drives the scan; the others are tested per row.
  let driver: MemConstraint | null = null;
  for (const c of plan.mem) if (c.lists && (!driver || c.size < driver.size)) driver = c;
  const tests = plan.mem.filter((c) => !(c === driver && c.exact));
  const uniform = plan.mem.every((c) => c.uniform !== null) ? plan.mem.reduce((s, c) => s + (c.uniform ?? 0), 0) : null;
  const levelFor = (s: number): number => {
    let lv = levelOf.get(s);
    if (lv === undefined) {
      // More than 250 distinct scores: the rest share the last level.
      lv = Math.min(levelScores.length, 250);
      if (lv === levelScores.length) levelScores.push(s);
      levelOf.set(s, lv);
    }
    return lv;
  };
  const uniformMark = uniform === null ? 0 : levelFor(Math.round(uniform * 1000) / 1000) + 1;
  // Matched rows, kept while few (a small result is sorted directly instead of walking every row).
  const few = new Int32Array(Math.max(16, n >> 4));
  let fewCount = 0;
  const visit = (r: number) => {
    for (let i = 0; i < tests.length; i++) if (!tests[i]!.test(r)) return;
    if (!counter.add(r)) return;
    if (fewCount < few.length) few[fewCount] = r;
    fewCount++;
    if (uniformMark) {
      mark[r] = uniformMark;
      return;
    }
    let s = 0;
    for (const c of plan.mem) s += c.score(r);
    s = Math.round(s * 1000) / 1000;
    mark[r] = levelFor(s) + 1;
  };
  if (plan.impossible) {
    // nothing matches
  } else if (!driver || !driver.lists) {
    for (let r = 0; r < n; r++) visit(r);
  } else {
    const seen = driver.disjoint ? null : new Uint8Array(n);
    for (const list of driver.lists) {
      for (let i = 0; i < list.length; i++) {
        const r = list[i]!;
        if (seen) {
          if (seen[r]) continue;
          seen[r] = 1;
        }
        visit(r);
      }
    }
  }
  // Page: levels by score (relevance only), then the requested order.
  const page: { row: number; score: number }[] = [];
  const want = offset + limit;
  const byScore = sort === 'relevance' && levelScores.length > 1;
  const levels = byScore ? levelScores.map((s, i) => ({ s, i })).sort((a, b) => b.s - a.s) : [{ s: levelScores[0] ?? 0, i: -1 }];
  const { order, desc } = orderOf(index, sort);
  if (fewCount <= few.length) {
    const rows = Array.from(few.subarray(0, fewCount));
    const pop = index.pop;
    const lv = (r: number) => (byScore ? (levelScores[mark[r]! - 1] ?? 0) : 0);
    rows.sort((a, b) => {
      const d = lv(b) - lv(a);
      if (d !== 0) return d;
      if (sort === 'mpn') return a - b;
      if (sort === 'mpnDesc') return b - a;
      return pop[b]! - pop[a]! || a - b;
    });
    for (const r of rows.slice(offset, offset + limit)) page.push({ row: r, score: levelScores[mark[r]! - 1] ?? 0 });
    return {
      total: counter.total,
      totalExact: true,
      facetsExact: true,
      ...counter.maps(),
      page,
    };
  }
  let taken = 0;
  outer: for (const level of levels) {
    for (let k = 0; k < n; k++) {
      const r = order ? order[desc ? n - 1 - k : k]! : desc ? n - 1 - k : k;
      const m = mark[r]!;
      if (m === 0 || (level.i >= 0 && m !== level.i + 1)) continue;
      if (taken >= offset) page.push({ row: r, score: levelScores[m - 1] ?? 0 });
      taken++;
      if (taken >= want) break outer;
    }
  }
  return {
    total: counter.total,
    totalExact: true,
    facetsExact: true,
    ...counter.maps(),
    page,
  };
}

/**
 * Constraints on the category alone (browsing a category, 电容, 运放 MCU…): totals and facets come
 * from per-category counts, and only the page's rows are visited.
 */
function collectCategories(plan: Plan, sort: SearchSort, offset: number, limit: number): Collected {
  const { index } = plan;
  const n = index.n;
  // Category → score, for categories every constraint admits.
  const scoreOf = new Map<number, number>();
  for (const c of index.cateRows.keys()) {
    let s = 0;
    let ok = true;
    for (const m of plan.mem) {
      const w = c <= index.maxCateId ? m.cateTable![c]! : 0;
      if (!(w > 0)) {
        ok = false;
        break;
      }
      s += w;
    }
    if (ok) scoreOf.set(c, Math.round(s * 1000) / 1000);
  }
  const brandOk = plan.brandOk;
  const pkgOk = plan.pkgOk;
  const cateCounts = new Map<number, number>();
  const brandCounts = new Map<number, number>();
  const pkgCounts = new Map<number, number>();
  let total = 0;
  for (const c of scoreOf.keys()) {
    const t = index.cateTriples.get(c);
    if (!t) continue;
    for (let j = 0; j < t.length; j += 3) {
      const b = t[j]!;
      const k = t[j + 1]!;
      const count = t[j + 2]!;
      const bOk = !brandOk || (b >= 0 && brandOk[b] === 1);
      const kOk = !pkgOk || (k >= 0 && pkgOk[k] === 1);
      if (kOk && b >= 0) brandCounts.set(b, (brandCounts.get(b) ?? 0) + count);
      if (bOk && k >= 0) pkgCounts.set(k, (pkgCounts.get(k) ?? 0) + count);
      if (bOk && kOk) {
        cateCounts.set(c, (cateCounts.get(c) ?? 0) + count);
        total += count;
      }
    }
  }
  const passes = (r: number) => {
    const b = index.brand[r]!;
    const k = index.pkg[r]!;
    return (!brandOk || (b >= 0 && brandOk[b] === 1)) && (!pkgOk || (k >= 0 && pkgOk[k] === 1));
  };
  const page: { row: number; score: number }[] = [];
  const want = offset + limit;
  const byScore = sort === 'relevance' && new Set(scoreOf.values()).size > 1;
  const levels = byScore ? [...new Set(scoreOf.values())].sort((a, b) => b - a) : [null];
  const pop = index.pop;
  if (total * 16 < n) {
    // Few rows: gather them from the category lists and sort.
    const rows: number[] = [];
    for (const c of scoreOf.keys()) for (const r of index.cateRows.get(c) ?? []) if (passes(r)) rows.push(r);
    const lv = (r: number) => (byScore ? (scoreOf.get(index.cate[r]!) ?? 0) : 0);
    rows.sort((a, b) => lv(b) - lv(a) || (sort === 'mpn' ? a - b : sort === 'mpnDesc' ? b - a : pop[b]! - pop[a]! || a - b));
    for (const r of rows.slice(offset, want)) page.push({ row: r, score: scoreOf.get(index.cate[r]!) ?? 0 });
  } else {
    const { order, desc } = orderOf(index, sort);
    let taken = 0;
    outer: for (const level of levels) {
      for (let i = 0; i < n; i++) {
        const r = order ? order[desc ? n - 1 - i : i]! : desc ? n - 1 - i : i;
        const s = scoreOf.get(index.cate[r]!);
        if (s === undefined || (level !== null && s !== level) || !passes(r)) continue;
        if (taken >= offset) page.push({ row: r, score: s });
        if (++taken >= want) break outer;
      }
    }
  }
  return { total, totalExact: true, facetsExact: true, cateCounts, brandCounts, pkgCounts, page };
}

// ── SQL side ────────────────────────────────────────────────────────────────

class Sql {
  readonly values: unknown[] = [];
  p(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

/**
 * Renumbers the parameters a statement uses ($1, $2… in order of first use) and drops the rest:
 * a statement built from shared fragments may leave some parameters unreferenced, which
 * PostgreSQL rejects ('could not determine data type of parameter').
 */
export function compactParams(text: string, values: readonly unknown[]): { text: string; values: unknown[] } {
  const map = new Map<number, number>();
  const out: unknown[] = [];
  const sql = text.replace(/\$(\d+)/g, (_, d: string) => {
    const old = Number(d);
    let now = map.get(old);
    if (now === undefined) {
      out.push(values[old - 1]);
      now = out.length;
      map.set(old, now);
    }
    return `$${now}`;
  });
  return { text: sql, values: out };
}

/** Text predicate for a Chinese fragment: every character pair as a word of search_text. */
function cjkTextPred(q: Sql, text: string): string {
  const chars = [...text].filter(isCjk);
  if (chars.length === 0) return 'false';
  if (chars.length === 1) return `search_text LIKE ${q.p(`%${escapeLike(chars[0]!)}%`)}`;
  const parts: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) parts.push(`search_text LIKE ${q.p(`% ${escapeLike(chars[i]! + chars[i + 1]!)} %`)}`);
  return `(${[...new Set(parts)].join(' AND ')})`;
}

/** Text predicate for a Latin word or phrase ('cortex-m3', 'op amp'). */
function latinTextPred(q: Sql, lower: string): string | null {
  const t = lower.trim();
  if (t.length >= 3) return `search_text LIKE ${q.p(`%${escapeLike(t)}%`)}`;
  if (t.length === 2) return `search_text LIKE ${q.p(`% ${escapeLike(t)}%`)}`;
  return null;
}

function surfaceTextPred(q: Sql, surface: string): string | null {
  if (hasCjk(surface)) {
    const zh = [...surface].filter(isCjk).join('');
    const latin = asciiLower(surface.replace(new RegExp('[\\u3400-\\u9fff]', 'g'), ' ')).trim();
    const parts = [zh.length ? cjkTextPred(q, zh) : null, latin.length >= 2 ? latinTextPred(q, latin) : null].filter((x): x is string => !!x);
    return parts.length ? `(${parts.join(' AND ')})` : null;
  }
  return latinTextPred(q, asciiLower(surface));
}

type IdScores = Map<number, number>;

/**
 * The literal part of a KiCad family name before its first wildcard, normalised — the expression
 * of products_mpn_family_prefix_idx (schema/catalog.ts), written identically so the index serves it.
 */
const FAMILY_PREFIX_SQL = `regexp_replace(upper(regexp_replace("mpn", '(?<![a-z])x+(?![a-z]).*$', '')), '[^A-Z0-9]', '', 'g')`;

/** Prefixes of a typed key that a family's literal part may be (3 characters or more). */
function familyPrefixes(N: string): string[] {
  const out: string[] = [];
  for (let len = 3; len <= N.length; len++) out.push(N.slice(0, len));
  return out;
}

/** Score of a KiCad family whose wildcards match the typed MPN ('STM32F103C8Tx' for STM32F103C8T6). */
const FAMILY_SCORE = 850;
/** Score of a catalogue MPN that the typed one extends by `extra` characters ('LM358' for LM358DR). */
const reverseScore = (extra: number) => 800 - 15 * extra;

/**
 * Part numbers one or two edits away from the typed key, in one statement: candidates share the
 * longest prefix the catalogue has (minus one character) and are ranked by trigram similarity;
 * short keys also look up every key one edit away (a typo in the first characters); small
 * catalogues add a plain trigram neighbour search. An edit distance in which a KiCad wildcard
 * matches any character confirms each candidate.
 */
async function fuzzyCandidates(r: SqlRunner, N: string, small: boolean, limit = 20): Promise<{ id: number; mpn: string; d: number; sim: number }[]> {
  const budget = typoBudget(N.length);
  if (budget === 0) return [];
  const prefixes: string[] = [];
  for (let k = 3; k < N.length; k++) prefixes.push(N.slice(0, k));
  const rows = await r.arrays(
    `WITH pre AS (
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
    [N, prefixes, N.length <= 8 ? editVariants(N) : []],
  );
  const seen = new Map<number, { id: number; mpn: string; d: number; sim: number }>();
  const consider = (list: unknown[][]) => {
    for (const [id, mpn, norm, sim] of list) {
      const key = wildcardKey(String(mpn));
      const plain = String(norm);
      const d = Math.min(boundedDistance(N, key.length ? key : plain, budget), boundedDistance(N, plain, budget));
      if (d <= budget && plain !== N) {
        const prev = seen.get(Number(id));
        if (!prev || prev.d > d)
          seen.set(Number(id), {
            id: Number(id),
            mpn: String(mpn),
            d,
            sim: Number(sim),
          });
      }
    }
  };
  consider(rows);
  if (seen.size === 0 && small) {
    consider(
      await r.arrays(
        `SELECT id, mpn, mpn_normalized, similarity(mpn_normalized, $1) AS s FROM products
          WHERE mpn_normalized % $1 ORDER BY s DESC, mpn_normalized LIMIT 60`,
        [N],
      ),
    );
  }
  const prior = (m: string) => popularityPrior(normalizeMpn(m));
  return [...seen.values()].sort((a, b) => a.d - b.d || prior(b.mpn) - prior(a.mpn) || b.sim - a.sim || a.mpn.localeCompare(b.mpn)).slice(0, limit);
}

/** Typo neighbours from the MPNs an index of a small catalogue keeps in memory (no SQL). */
function fuzzyInMemory(index: SearchIndex, N: string, limit = 20): { id: number; mpn: string; d: number; sim: number }[] {
  const budget = typoBudget(N.length);
  const keys = index.mpnKeys;
  const mpns = index.mpns;
  if (budget === 0 || !keys || !mpns) return [];
  const found: { id: number; mpn: string; d: number; sim: number; prior: number }[] = [];
  for (let r = 0; r < keys.length; r++) {
    const key = keys[r]!;
    if (Math.abs(key.length - N.length) > budget || key === N) continue;
    const d = boundedDistance(N, key, budget);
    if (d <= budget) found.push({ id: index.ids[r]!, mpn: mpns[r]!, d, sim: 0, prior: index.pop[r]! });
  }
  return found
    .sort((a, b) => a.d - b.d || b.prior - a.prior || a.mpn.localeCompare(b.mpn))
    .slice(0, limit)
    .map(({ prior: _prior, ...f }) => f);
}

type SqlHit = { id: number; tiers: number[]; flags: number[]; whole: number };

type SqlTokenPlan = {
  token: QueryToken;
  pred: string;
  prefixTier?: string;
  tier: string | null;
  flag: string | null;
};

type HitsOut = {
  hits: SqlHit[];
  capped: boolean;
  /** Per term token: id → score of family / reverse-prefix / fuzzy matches. */
  idLists: Map<QueryToken, IdScores>;
  /** The same for the whole keyword read as one MPN. */
  wholeIds: IdScores;
  /** Some catalogue MPN starts with the primary typed MPN (so it is not a typo). */
  hasPrefix: boolean;
  /** Brand / package filters pushed into SQL for these hits. */
  push: { brands: readonly number[] | null; packages: readonly string[] | null };
};

/**
 * Candidate rows of the SQL tokens, in at most two statements. The first fetches what ranks
 * best and is cheap through btree indexes: MPN prefix matches in index order, KiCad families of
 * the typed MPN, catalogue MPNs the typed one extends, the whole keyword as one MPN, and given ids
 * (typo neighbours). When that already exceeds HIT_CAP the rest cannot rank higher and is
 * skipped; otherwise the second statement adds every row matching all tokens (substring and text
 * matches through pg_trgm), capped at HIT_CAP + 1.
 */
async function sqlHits(
  r: SqlRunner,
  plan: Plan,
  push: {
    brands: readonly number[] | null;
    packages: readonly string[] | null;
  },
  extra: { token: QueryToken; ids: IdScores } | null,
  /** Hits of an earlier run of the same plan: only `extra` is fetched and merged in. */
  prev: HitsOut | null = null,
): Promise<HitsOut> {
  const build = () => {
    const q = new Sql();
    const tokens: SqlTokenPlan[] = [];
    for (const t of plan.sqlTokens) {
      if (t.kind === 'term') {
        const N = t.mpn;
        const nP = q.p(N);
        const preP = q.p(`${escapeLike(N)}%`);
        const subP = N.length >= 3 ? q.p(`%${escapeLike(N)}%`) : null;
        const text = latinTextPred(q, t.lower);
        const parts = [`mpn_normalized LIKE ${preP}`];
        if (subP) parts.push(`mpn_normalized LIKE ${subP}`);
        if (text) parts.push(text);
        const tier = `CASE WHEN mpn_normalized = ${nP} THEN 1000 WHEN mpn_normalized LIKE ${preP} THEN 900 - least(length(mpn_normalized) - ${N.length}, 60)${
          subP ? ` WHEN mpn_normalized LIKE ${subP} THEN 600` : ''
        }${text ? ` WHEN ${text} THEN 300` : ''} ELSE 0 END`;
        // The same tier for rows known to start with the typed key (computed from the index alone).
        const prefixTier = `CASE WHEN mpn_normalized = ${nP} THEN 1000 ELSE 900 - least(length(mpn_normalized) - ${N.length}, 60) END`;
        tokens.push({ token: t, pred: `(${parts.join(' OR ')})`, tier, flag: null, prefixTier });
      } else if (t.kind === 'cjk') {
        tokens.push({
          token: t,
          pred: cjkTextPred(q, t.text),
          tier: null,
          flag: null,
        });
      } else if (t.kind === 'quantity' || t.kind === 'package') {
        const lower = asciiLower(t.text);
        const forms = new Set([lower]);
        if (t.kind === 'package') forms.add(asciiLower(t.parts.join('')));
        else {
          const m = /^([0-9.]+)\s*(.+)$/.exec(lower);
          if (m) forms.add(`${m[1]} ${m[2]}`);
        }
        const preds = [...forms].map((f) => latinTextPred(q, f)).filter((x): x is string => !!x);
        tokens.push({
          token: t,
          pred: preds.length ? `(${preds.join(' OR ')})` : 'false',
          tier: null,
          flag: null,
        });
      } else if (t.kind === 'dict') {
        const d = plan.sqlDict.find((x) => x.token === t)!;
        const cates = [...d.weights.keys()];
        const parts: string[] = [];
        if (cates.length) parts.push(`cate_id = ANY(${q.p(cates)}::int[])`);
        if (d.brands.size) parts.push(`brand_id = ANY(${q.p([...d.brands])}::int[])`);
        const surfaces = [t.text, ...(plan.index.dict.surfaces.get(t.key) ?? [])];
        const texts = [...new Set(surfaces.map((x) => x.trim()).filter((x) => termKey(x).length >= 2))]
          .slice(0, 6)
          .map((x) => surfaceTextPred(q, x))
          .filter((x): x is string => !!x);
        const textPred = texts.length ? `(${texts.join(' OR ')})` : null;
        if (textPred) parts.push(textPred);
        // A loose/relaxed term that is also an MPN fragment ('RS485', 'STM8').
        if (isMpnLikeKey(t.text)) parts.push(`mpn_normalized LIKE ${q.p(`${escapeLike(normalizeMpn(t.text))}%`)}`);
        tokens.push({
          token: t,
          pred: parts.length ? `(${parts.join(' OR ')})` : 'false',
          tier: null,
          flag: textPred ? `CASE WHEN ${textPred} THEN 1 ELSE 0 END` : null,
        });
      }
    }
    const whole = plan.parsed.wholeMpn;
    const wholeEq = whole ? q.p(whole) : null;
    const wholePre = whole ? q.p(`${escapeLike(whole)}%`) : null;
    const colsFor = (prefixOf: number) =>
      [
        'id',
        ...tokens.map((t, i) => `${(i === prefixOf ? t.prefixTier : undefined) ?? t.tier ?? '0'} AS t${i}`),
        ...tokens.map((t, i) => `${t.flag ?? '0'} AS f${i}`),
        whole ? `CASE WHEN mpn_normalized = ${wholeEq} THEN 1000 WHEN mpn_normalized LIKE ${wholePre} THEN 900 ELSE 0 END AS w` : '0 AS w',
      ].join(', ');
    const cols = colsFor(-1);
    const common: string[] = [];
    if (plan.cateFilter) common.push(`cate_id = ANY(${q.p(plan.cateFilter)}::int[])`);
    if (push.brands) common.push(`brand_id = ANY(${q.p(push.brands)}::int[])`);
    if (push.packages) common.push(`package = ANY(${q.p(push.packages)}::text[])`);
    const where = (preds: string[]) => {
      const all = [...preds, ...common];
      return all.length ? `WHERE ${all.join(' AND ')}` : '';
    };
    const allPreds = tokens.map((t) => t.pred);
    const k = tokens.length;
    return { q, tokens, cols, colsFor, where, allPreds, k, whole, wholePre };
  };
  const { q, tokens, cols, colsFor, where, allPreds, k, whole, wholePre } = build();

  // Branches of the first statement: [sql, kind]. Kinds: 1 prefix, 2 family, 3 reverse, 4 whole, 5 whole family, 6 whole reverse, 7 ids.
  const first: string[] = [];
  const branch = (kind: number, extraCol: string, body: string, columns = cols) => first.push(`(SELECT ${columns}, ${kind} AS b, ${extraCol} AS x FROM products ${body})`);
  const primary = tokens.findIndex((t) => t.token.kind === 'term' && (t.token as TermToken).mpn.length >= 3);
  const mpnLookups = (N: string, others: string[], famKind: number, revKind: number) => {
    if (N.length < 4 || !/[0-9]/.test(N)) return;
    const prefixes: string[] = [];
    for (let len = Math.max(3, N.length - 5); len < N.length; len++) prefixes.push(N.slice(0, len));
    // KiCad families whose literal part before the first wildcard is a prefix of the typed key
    // (products_mpn_family_prefix_idx); the full wildcard pattern is confirmed below.
    const fam = [`mpn LIKE '%x%'`, `${FAMILY_PREFIX_SQL} = ANY(${q.p(familyPrefixes(N))}::text[])`];
    branch(famKind, 'mpn', `${where([...fam, ...others])} LIMIT 200`);
    branch(revKind, 'mpn_normalized', `${where([`mpn_normalized = ANY(${q.p(prefixes)}::text[])`, ...others])} LIMIT 200`);
  };
  let primaryN: string | null = primary >= 0 ? (tokens[primary]!.token as TermToken).mpn : null;
  if (prev) {
    // Only the extra ids below.
  } else if (primary >= 0) {
    const t = tokens[primary]!.token as TermToken;
    primaryN = t.mpn;
    const others = allPreds.filter((_, i) => i !== primary);
    // Alone, this reads (mpn_normalized, id) from products_mpn_norm_id_idx without visiting rows.
    branch(
      1,
      'NULL::text',
      `${where([`mpn_normalized LIKE ${q.p(`${escapeLike(t.mpn)}%`)}`, ...others])} ORDER BY mpn_normalized USING ~<~ LIMIT ${HIT_CAP + 1}`,
      colsFor(primary),
    );
    if (t.mpnLike) mpnLookups(t.mpn, others, 2, 3);
  }
  // The whole keyword as one MPN ('LM358 DR'), when some word is a part-number term.
  if (whole && primary >= 0 && !prev) {
    branch(4, 'NULL::text', `${where([`mpn_normalized LIKE ${wholePre}`])} ORDER BY mpn_normalized USING ~<~ LIMIT 100`);
    mpnLookups(whole, [], 5, 6);
  }
  if (extra && extra.ids.size) {
    const i = tokens.findIndex((t) => t.token === extra.token);
    branch(7, 'NULL::text', `${where([`id = ANY(${q.p([...extra.ids.keys()])}::int[])`, ...allPreds.filter((_, j) => j !== i)])} LIMIT 500`);
  }

  const byId = new Map<number, SqlHit>();
  const idLists = new Map<QueryToken, IdScores>();
  const wholeIds: IdScores = new Map(prev?.wholeIds ?? []);
  if (prev) for (const [t, m] of prev.idLists) idLists.set(t, new Map(m));
  if (extra) {
    const m = idLists.get(extra.token) ?? new Map<number, number>();
    for (const [id, sc] of extra.ids) m.set(id, Math.max(m.get(id) ?? 0, sc));
    idLists.set(extra.token, m);
  }
  const add = (row: unknown[]) => {
    const id = Number(row[0]);
    if (!byId.has(id)) {
      byId.set(id, {
        id,
        tiers: Array.from({ length: k }, (_, i) => Number(row[1 + i] ?? 0)),
        flags: Array.from({ length: k }, (_, i) => Number(row[1 + k + i] ?? 0)),
        whole: Number(row[1 + 2 * k] ?? 0),
      });
    }
  };
  const setScore = (map: IdScores, id: number, score: number) => map.set(id, Math.max(map.get(id) ?? 0, score));
  let prefixRows = 0;
  let wholePrefixRows = 0;
  if (first.length) {
    const stmt = compactParams(first.join(' UNION ALL '), q.values);
    const rows = await r.arrays(stmt.text, stmt.values);
    const kindOf = (row: unknown[]) => Number(row[2 + 2 * k]);
    for (const row of rows) {
      if (kindOf(row) === 1) prefixRows++;
      if (kindOf(row) === 4) wholePrefixRows++;
    }
    for (const row of rows) {
      const kind = kindOf(row);
      const id = Number(row[0]);
      const x = row[3 + 2 * k] === null ? '' : String(row[3 + 2 * k]);
      const N = kind <= 3 ? primaryN : whole;
      if (kind === 2 || kind === 5) {
        const pat = kicadWildcardPattern(x);
        if (!N || !pat.hasWildcard || !pat.regex.test(N)) continue;
        if (kind === 2) setScore(idLists.get(tokens[primary]!.token) ?? idLists.set(tokens[primary]!.token, new Map()).get(tokens[primary]!.token)!, id, FAMILY_SCORE);
        else setScore(wholeIds, id, FAMILY_SCORE);
      } else if (kind === 3 || kind === 6) {
        // 'LM358' for a typed 'LM358DR' — only when nothing starts with what was typed.
        if (!N || (kind === 3 ? prefixRows : wholePrefixRows) > 0 || x.length < 4 || N.length - x.length < 1) continue;
        if (kind === 3)
          setScore(idLists.get(tokens[primary]!.token) ?? idLists.set(tokens[primary]!.token, new Map()).get(tokens[primary]!.token)!, id, reverseScore(N.length - x.length));
        else setScore(wholeIds, id, reverseScore(N.length - x.length));
      }
      add(row);
    }
  }
  // A typed part number that begins catalogue part numbers means those parts (with its KiCad
  // families and shorter catalogue MPNs): substring and text matches, which would all rank below
  // them, are looked for only when nothing starts with it (or for plain words such as 'cortex').
  const primaryIsMpn = primary >= 0 && (tokens[primary]!.token as TermToken).mpnLike;
  let capped = prefixRows > HIT_CAP;
  const skipSecond = primaryIsMpn && prefixRows > 0;
  if (prev) {
    for (const h of prev.hits) if (!byId.has(h.id)) byId.set(h.id, h);
    capped = prev.capped;
  } else if (!capped && !skipSecond) {
    // A statement of its own parameters (the first one's extra parameters would be unreferenced).
    const second = build();
    const rows = await r.arrays(`SELECT ${second.cols} FROM products ${second.where(second.allPreds)} LIMIT ${HIT_CAP + 1}`, second.q.values);
    capped = rows.length > HIT_CAP;
    for (const row of rows) add(row);
  }
  return {
    hits: [...byId.values()],
    capped,
    idLists,
    wholeIds,
    hasPrefix: prev ? prev.hasPrefix : prefixRows > 0,
    push,
  };
}

function isMpnLikeKey(text: string): boolean {
  const n = normalizeMpn(text);
  return n.length >= 3 && /[0-9]/.test(n) && /[A-Z]/.test(n);
}

/** Scores SQL hits with memory constraints, counts facets and cuts the page. */
function collectFromSql(
  plan: Plan,
  hits: readonly SqlHit[],
  idLists: Map<QueryToken, IdScores>,
  wholeIds: IdScores,
  capped: boolean,
  sort: SearchSort,
  offset: number,
  limit: number,
): Collected {
  const { index } = plan;
  const counter = new FacetCounter(index, plan);
  const rows: { row: number; score: number }[] = [];
  const termTokens = plan.sqlTokens;
  for (const h of hits) {
    const r = index.rowOf(h.id);
    if (r < 0) continue; // added after the index was built; picked up at the next rebuild
    let ok = true;
    for (const c of plan.mem) {
      if (!c.test(r)) {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    let score = 0;
    for (const c of plan.mem) score += c.score(r);
    for (let i = 0; i < termTokens.length; i++) {
      const t = termTokens[i]!;
      let tier = h.tiers[i] ?? 0;
      const listScore = idLists.get(t)?.get(h.id);
      if (listScore !== undefined && listScore > tier) tier = listScore;
      if (t.kind === 'cjk') tier = 250;
      if (t.kind === 'quantity' || t.kind === 'package') tier = 80;
      if (t.kind === 'dict') {
        const d = plan.sqlDict.find((x) => x.token === t)!;
        const c = index.cate[r]!;
        const b = index.brand[r]!;
        const byCate = c >= 0 ? (d.weights.get(c) ?? 0) : 0;
        const byBrand = b >= 0 && d.brands.has(b) ? 150 : 0;
        tier = Math.max(byCate, byBrand, h.flags[i] === 1 ? 100 : 0, 60);
      }
      score += tier;
    }
    const whole = Math.max(h.whole, wholeIds.get(h.id) ?? 0);
    if (whole > 0) score = Math.max(score, whole + 100 * termTokens.length);
    if (!counter.add(r)) continue;
    rows.push({ row: r, score });
  }
  const pop = index.pop;
  const cmp: (a: { row: number; score: number }, b: { row: number; score: number }) => number =
    sort === 'mpn'
      ? (a, b) => a.row - b.row
      : sort === 'mpnDesc'
        ? (a, b) => b.row - a.row
        : sort === 'popular'
          ? (a, b) => pop[b.row]! - pop[a.row]! || a.row - b.row
          : (a, b) => b.score - a.score || pop[b.row]! - pop[a.row]! || a.row - b.row;
  rows.sort(cmp);
  return {
    total: counter.total,
    totalExact: !capped,
    facetsExact: !capped,
    ...counter.maps(),
    page: rows.slice(offset, offset + limit),
  };
}

// ── Items ───────────────────────────────────────────────────────────────────

type ItemRow = {
  id: number;
  mfg_mpn_code: string;
  mpn: string;
  brand_id: number | null;
  cate_id: number | null;
  description_zh: string | null;
  description_en: string | null;
  package: string | null;
  datasheet_url: string | null;
  params: [string, number | null, string | null, string | null][] | string | null;
};

async function fetchItems(r: SqlRunner, index: SearchIndex, ids: readonly number[], locale: Locale, parsed: ParsedQuery): Promise<SearchItem[]> {
  if (ids.length === 0) return [];
  const rows = await r.rows<ItemRow>(
    `SELECT p.id, p.mfg_mpn_code, p.mpn, p.brand_id, p.cate_id, p.description_zh, p.description_en, p.package, p.datasheet_url,
            (SELECT coalesce(json_agg(json_build_array(pp.key, pp.value_num, pp.unit, pp.value_text) ORDER BY pp.key), '[]'::json)
               FROM product_params pp WHERE pp.product_id = p.id) AS params
       FROM products p WHERE p.id = ANY($1::int[])`,
    [ids],
  );
  const byId = new Map(rows.map((x) => [Number(x.id), x]));
  const needles = highlightNeedles(parsed, index.dict);
  const mpnKeys = [...parsed.tokens.filter((t): t is TermToken => t.kind === 'term').map((t) => t.mpn), ...(parsed.wholeMpn ? [parsed.wholeMpn] : [])].sort(
    (a, b) => b.length - a.length,
  );
  const out: SearchItem[] = [];
  for (const id of ids) {
    const x = byId.get(id);
    if (!x) continue;
    const brand = x.brand_id === null ? undefined : index.brands.get(Number(x.brand_id));
    const cate = x.cate_id === null ? undefined : index.categories.get(Number(x.cate_id));
    const description = (locale === 'en' ? (x.description_en ?? x.description_zh) : (x.description_zh ?? x.description_en)) ?? '';
    const rawParams = typeof x.params === 'string' ? (JSON.parse(x.params) as ItemRow['params']) : x.params;
    out.push({
      mfgMpnCode: x.mfg_mpn_code,
      mpn: x.mpn,
      brandId: x.brand_id === null ? null : Number(x.brand_id),
      brandName: brand ? (locale === 'en' ? brand.nameEn : brand.nameZh) : '',
      cateId: x.cate_id === null ? 0 : Number(x.cate_id),
      cateName: cate ? categoryName(cate, locale) : '',
      description,
      package: x.package,
      datasheetUrl: x.datasheet_url,
      highlight: {
        mpn: highlightMpn(x.mpn, mpnKeys),
        description: markRanges(description, findNeedles(description, needles)),
      },
      params: (Array.isArray(rawParams) ? rawParams : []).map(([key, value, unit, text]) => ({
        key,
        value: value === null ? null : Number(value),
        unit: unit ?? null,
        text: text ?? null,
      })),
    });
  }
  return out;
}

function facetsOf(index: SearchIndex, c: Collected, locale: Locale): SearchFacets {
  const top = <T extends { count: number }>(list: T[], name: (x: T) => string) => list.sort((a, b) => b.count - a.count || name(a).localeCompare(name(b))).slice(0, FACET_LIMIT);
  const categories = top(
    [...c.cateCounts].map(([cateId, count]) => {
      const node = index.categories.get(cateId);
      return {
        cateId,
        cateName: node ? categoryName(node, locale) : String(cateId),
        count,
      };
    }),
    (x) => x.cateName,
  );
  const brands = top(
    [...c.brandCounts].map(([brandId, count]) => {
      const b = index.brands.get(brandId);
      return {
        brandId,
        brandName: b ? (locale === 'en' ? b.nameEn : b.nameZh) : String(brandId),
        count,
      };
    }),
    (x) => x.brandName,
  );
  const packages = top(
    [...c.pkgCounts].map(([code, count]) => ({
      package: index.packages[code] ?? '',
      count,
    })),
    (x) => x.package,
  );
  return { categories, brands, packages };
}

function emptyResult(): SearchResult {
  return {
    list: [],
    total: 0,
    facets: { categories: [], brands: [], packages: [] },
    didYouMean: null,
    totalExact: true,
    facetsExact: true,
  };
}

// ── The search ──────────────────────────────────────────────────────────────

type Evaluation = {
  plan: Plan;
  collected: Collected;
  mpnHit: boolean;
  hits: HitsOut | null;
};

/** One reading (strict or relaxed) of the query; `extra` adds typo neighbours of a term. */
async function evaluate(
  r: SqlRunner | null,
  index: SearchIndex,
  p: SearchParams,
  parsed: ParsedQuery,
  relaxed: boolean,
  extra: { token: QueryToken; ids: IdScores } | null,
  prev: HitsOut | null = null,
): Promise<Evaluation> {
  const plan = makePlan(index, p, parsed, relaxed);
  const sort = p.sort ?? 'relevance';
  const offset = (p.pageNum - 1) * p.pageSize;
  if (plan.sqlTokens.length === 0 || !r) {
    return {
      plan,
      collected: collectFromMemory(plan, sort, offset, p.pageSize),
      mpnHit: false,
      hits: null,
    };
  }
  let out = await sqlHits(r, plan, prev?.push ?? { brands: null, packages: null }, extra, prev);
  if (!prev && out.capped && (plan.brandOk || plan.pkgOk)) {
    // The capped sample may miss the chosen brands/packages: push them into SQL for the list.
    out = await sqlHits(r, plan, { brands: p.brandIds ?? null, packages: p.package ?? null }, extra);
  }
  const collected = collectFromSql(plan, out.hits, out.idLists, out.wholeIds, out.capped, sort, offset, p.pageSize);
  // Did the typed part number match as a part number (prefix, family, substring…)?
  const termIdx = plan.sqlTokens.findIndex((t) => t.kind === 'term' && t.mpnLike);
  let mpnHit = out.hasPrefix;
  if (termIdx >= 0 && !mpnHit) {
    const ids = out.idLists.get(plan.sqlTokens[termIdx]!);
    mpnHit = out.hits.some((h) => (h.tiers[termIdx] ?? 0) >= 600 || (ids?.get(h.id) ?? 0) >= 600);
  }
  return { plan, collected, mpnHit, hits: out };
}

/** The keyword with one word replaced (for 'did you mean'). */
function replaceWord(text: string, word: string, by: string): string {
  const at = text.toLowerCase().indexOf(word.toLowerCase());
  return at < 0 ? by : text.slice(0, at) + by + text.slice(at + word.length);
}

function needsSql(parsed: ParsedQuery): boolean {
  return parsed.tokens.some((t) => t.kind === 'term' || t.kind === 'cjk' || (t.kind === 'dict' && t.loose)) || relaxable(parsed);
}

/** One page of a finished evaluation: its rows, total, facets and the 'did you mean'. */
async function resultOf(r: SqlRunner, index: SearchIndex, c: Collected, locale: Locale, parsed: ParsedQuery, didYouMean: string | null): Promise<SearchResult> {
  const list = await fetchItems(
    r,
    index,
    c.page.map((x) => index.ids[x.row]!),
    locale,
    parsed,
  );
  return { list, total: c.total, facets: facetsOf(index, c, locale), didYouMean, totalExact: c.totalExact, facetsExact: c.facetsExact };
}

export async function searchProducts(db: Db, params: SearchParams): Promise<SearchResult> {
  validate(params);
  const locale: Locale = params.locale === 'en' ? 'en' : 'zh';
  const index = await getSearchIndex(db);
  if (params.cateId !== undefined && params.cateId !== null && !index.categories.has(params.cateId)) throw badField(locale, 'cateId', 'cateId');
  const parsed = parseQuery(params.keyword ?? '', index.dict);
  if (parsed.unusable) return emptyResult();

  // A query answered from memory needs SQL only for its page of rows (no transaction, no timeout).
  if (!needsSql(parsed)) {
    const run = await evaluate(null, index, params, parsed, false, null);
    return resultOf(runnerOf(db), index, run.collected, locale, parsed, null);
  }
  try {
    return await withSearchRunner(db, async (r) => {
      let run = await evaluate(r, index, params, parsed, false, null);
      if (run.collected.total === 0 && relaxable(parsed)) run = await evaluate(r, index, params, parsed, true, null);
      let didYouMean: string | null = null;
      // Part numbers: typos. When a typed part number found nothing as a part number, look for
      // neighbours one or two edits away, add them to the results and offer the best one.
      const terms = parsed.tokens.filter((t): t is TermToken => t.kind === 'term' && t.mpnLike && t.mpn.length >= 4);
      if (terms.length === 1 && (!run.mpnHit || run.collected.total === 0)) {
        const t = terms[0]!;
        const fuzzy = index.mpnKeys ? fuzzyInMemory(index, t.mpn) : await fuzzyCandidates(r, t.mpn, false);
        if (fuzzy.length) {
          didYouMean = parsed.tokens.length === 1 ? fuzzy[0]!.mpn : replaceWord(parsed.text, t.text, fuzzy[0]!.mpn);
          const ids: IdScores = new Map(fuzzy.map((f) => [f.id, 500 - 40 * f.d]));
          const again = await evaluate(r, index, params, parsed, run.plan.relaxed, { token: t, ids }, run.hits);
          if (again.collected.total > 0) run = again;
        }
      }
      if (run.collected.total === 0 && !didYouMean) {
        // Words: the nearest dictionary term to an unknown word.
        for (const t of parsed.tokens) {
          if (t.kind !== 'cjk' && !(t.kind === 'term' && !t.mpnLike)) continue;
          const near = nearestTerm(t.text, index.dict);
          if (near) {
            didYouMean = replaceWord(parsed.text, t.text, near);
            break;
          }
        }
      }
      return resultOf(r, index, run.collected, locale, parsed, didYouMean);
    });
  } catch (error) {
    if (isQueryTimeout(error)) throw new AppError(Code.unavailable, PROBLEMS.timeout[locale]);
    throw error;
  }
}

// ── Suggestions ─────────────────────────────────────────────────────────────

function localePrefix(locale: Locale): string {
  return locale === 'en' ? '/en' : '';
}

/**
 * Search-box suggestions: part numbers starting with the text (or KiCad families matching a full
 * part number), brands and categories whose names start with or contain it. Part numbers first
 * when the text has a digit, names first otherwise.
 */
export async function suggest(db: Db, q: string, locale: 'zh' | 'en', limit = 8): Promise<Suggestion[]> {
  const text = cleanKeyword(q ?? '').slice(0, MAX_KEYWORD_LENGTH);
  const max = Math.max(1, Math.min(20, Math.floor(limit)));
  if (text === '') return [];
  const index = await getSearchIndex(db);
  const key = termKey(text);
  const names: (Suggestion & { rank: number })[] = [];
  if (key.length >= 1) {
    for (const c of index.categories.values()) {
      const name = categoryName(c, locale);
      const zhKey = termKey(c.cateName);
      const enKey = termKey(c.cateNameEn);
      const rank = zhKey.startsWith(key) || enKey.startsWith(key) ? 0 : key.length >= 2 && (zhKey.includes(key) || enKey.includes(key)) ? 1 : -1;
      if (rank < 0 || (!index.cateRows.has(c.cateId) && !(index.children.get(c.cateId) ?? []).some((x) => index.subtree(x).some((y) => index.cateRows.has(y))))) continue;
      const parent = c.parentId === null ? undefined : index.categories.get(c.parentId);
      names.push({
        kind: 'category',
        text: name,
        href: filterPageHref(c, name, locale),
        ...(parent ? { sub: categoryName(parent, locale) } : {}),
        rank: rank * 10 + c.level,
      });
    }
    // Synonyms ('运放' → 运算放大器) point at their first category.
    const sense = index.dict.terms.get(key);
    if (sense) {
      for (const [cateId, w] of sense.cates) {
        const c = index.categories.get(cateId);
        if (!c || w < WEIGHT_EXACT_CATEGORY || names.some((x) => x.kind === 'category' && x.href === filterPageHref(c, categoryName(c, locale), locale))) continue;
        const name = categoryName(c, locale);
        names.push({
          kind: 'category',
          text: name,
          href: filterPageHref(c, name, locale),
          rank: -1,
        });
      }
    }
    for (const b of index.brands.values()) {
      if (!index.brandRows.has(b.id)) continue;
      const forms = [b.nameZh, b.nameEn, b.key].map((x) => termKey(x));
      const aliasHit = sense?.brands.has(b.id) ?? false;
      const rank = aliasHit || forms.some((f) => f.startsWith(key)) ? 0 : key.length >= 2 && forms.some((f) => f.includes(key)) ? 1 : -1;
      if (rank < 0) continue;
      const name = locale === 'en' ? b.nameEn : b.nameZh;
      names.push({
        kind: 'brand',
        text: name,
        href: `${localePrefix(locale)}/search?name=${encodeURIComponent(name)}`,
        sub: locale === 'en' ? b.nameZh : b.nameEn,
        rank: rank * 10,
      });
    }
  }
  names.sort((a, b) => a.rank - b.rank || a.text.length - b.text.length);
  const mpns: Suggestion[] = [];
  const N = normalizeMpn(text);
  if (N.length >= 2 && !hasCjk(text)) {
    const rows = await withSearchRunner(db, async (r) => {
      const found = await r.arrays(`SELECT id, mpn, mfg_mpn_code, brand_id, cate_id FROM products WHERE mpn_normalized LIKE $1 ORDER BY mpn_normalized USING ~<~ LIMIT $2`, [
        `${escapeLike(N)}%`,
        max,
      ]);
      if (found.length > 0 || N.length < 5 || !/[0-9]/.test(N)) return found;
      // A full orderable number: its KiCad family, or the catalogue MPN it extends.
      const prefixes: string[] = [];
      for (let len = Math.max(4, N.length - 5); len < N.length; len++) prefixes.push(N.slice(0, len));
      const cands = await r.arrays(
        `(SELECT id, mpn, mfg_mpn_code, brand_id, cate_id, mpn AS x, 'f' AS k FROM products WHERE mpn LIKE '%x%' AND ${FAMILY_PREFIX_SQL} = ANY($1::text[]) LIMIT 200)
         UNION ALL (SELECT id, mpn, mfg_mpn_code, brand_id, cate_id, mpn_normalized, 'r' FROM products WHERE mpn_normalized = ANY($2::text[]) LIMIT 50)`,
        [familyPrefixes(N), prefixes],
      );
      const fam = cands.filter((c) => c[6] === 'f' && kicadWildcardPattern(String(c[5])).regex.test(N));
      const rev = cands.filter((c) => c[6] === 'r').sort((a, b) => String(b[5]).length - String(a[5]).length);
      return [...fam, ...rev].slice(0, max);
    });
    for (const [, mpn, code, brandId, cateId] of rows) {
      const b = brandId === null ? undefined : index.brands.get(Number(brandId));
      const c = cateId === null ? undefined : index.categories.get(Number(cateId));
      const sub = [b ? (locale === 'en' ? b.nameEn : b.nameZh) : '', c ? categoryName(c, locale) : ''].filter(Boolean).join(' · ');
      mpns.push({
        kind: 'mpn',
        text: String(mpn),
        href: `${localePrefix(locale)}/productDetail/${encodeURIComponent(String(code))}`,
        ...(sub ? { sub } : {}),
      });
    }
  }
  const named = names.slice(0, Math.max(2, max - mpns.length)).map(({ rank: _rank, ...s }) => s);
  const merged = /[0-9]/.test(text) ? [...mpns, ...named] : [...named, ...mpns];
  const seen = new Set<string>();
  return merged.filter((s) => (seen.has(s.href) ? false : (seen.add(s.href), true))).slice(0, max);
}
