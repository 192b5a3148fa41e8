// Structured constraints evaluated in memory (search-index.server.ts): a category or brand sense,
// a quantity ('64KB', '10k'), a package ('LQFP48') or an explicit parameter filter. Each gives the
// row lists that can pass (to drive a scan), a per-row test and the score a passing row earns.

import { isUnit, parseQuantity } from '../catalog/units.ts';
import type { QuantityToken } from './search.ts';
import type { ParamFilter } from './search.schema.ts';
import type { SearchIndex } from './search-index.server.ts';
import { SCORE } from './search-scores.ts';


/** A constraint on rows evaluated in memory: the rows it can hold (to drive a scan) and a test. */
export type MemConstraint = {
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
  test(row: number): boolean;
  /** Ranking contribution of a passing row. */
  score(row: number): number;
};

function sizeOf(lists: readonly Int32Array[]): number {
  let size = 0;
  for (const list of lists) size += list.length;
  return size;
}

function maskOf(n: number, lists: readonly Int32Array[]): Uint8Array {
  const mask = new Uint8Array(n);
  for (const list of lists) for (let i = 0; i < list.length; i++) mask[list[i]!] = 1;
  return mask;
}

/** Category weights: each node of the sense expanded to its subtree (the best weight wins). */
export function cateWeights(index: SearchIndex, cates: ReadonlyMap<number, number>): Map<number, number> {
  const out = new Map<number, number>();
  for (const [id, weight] of cates) for (const cate of index.subtree(id)) if ((out.get(cate) ?? 0) < weight) out.set(cate, weight);
  return out;
}

export function cateConstraint(index: SearchIndex, weights: ReadonlyMap<number, number>, brandIds: ReadonlySet<number>): MemConstraint {
  const table = new Float64Array(index.maxCateId + 1);
  const lists: Int32Array[] = [];
  for (const [cate, weight] of weights) {
    if (cate <= index.maxCateId) table[cate] = weight;
    const list = index.cateRows.get(cate);
    if (list) lists.push(list);
  }
  const brandTable = new Uint8Array(index.maxBrandId + 1);
  for (const brandId of brandIds) {
    if (brandId <= index.maxBrandId) brandTable[brandId] = 1;
    const list = index.brandRows.get(brandId);
    if (list) lists.push(list);
  }
  const cateOf = index.cate;
  const brandOf = index.brand;
  const distinctWeights = new Set(weights.values());
  return {
    lists,
    size: sizeOf(lists),
    exact: true,
    ...(brandIds.size === 0 ? { cateTable: table } : {}),
    disjoint: brandIds.size === 0 || weights.size === 0,
    uniform: brandIds.size === 0 && distinctWeights.size === 1 ? [...distinctWeights][0]! : weights.size === 0 ? SCORE.brand : null,
    test: (row) => {
      const cate = cateOf[row]!;
      const brand = brandOf[row]!;
      return (cate >= 0 && table[cate]! > 0) || (brand >= 0 && brandTable[brand] === 1);
    },
    score: (row) => {
      const cate = cateOf[row]!;
      const brand = brandOf[row]!;
      return Math.max(cate >= 0 ? (table[cate] ?? 0) : 0, brand >= 0 && brandTable[brand] === 1 ? SCORE.brand : 0);
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
export function quantityConstraint(index: SearchIndex, token: QuantityToken): MemConstraint & { empty: boolean } {
  // A bare '10k' / '4k7' / '100n' is a resistance, capacitance or inductance value.
  const units = token.unit === null ? ['Ω', 'F', 'H'] : [token.unit];
  const keys = units.flatMap((u) => [...(index.keysByUnit.get(u) ?? [])]);
  const preferred = token.unit ? (PREFERRED_KEYS[token.unit] ?? []) : ['resistance', 'capacitance', 'inductance'];
  const lists: Int32Array[] = [];
  const scoreLists: { list: Int32Array; score: number }[] = [];
  for (const key of keys) {
    const col = index.params.get(key);
    if (!col || col.nums.length === 0) continue;
    // Binary search for the value.
    let lo = 0;
    let hi = col.nums.length - 1;
    const wanted = token.value;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const value = col.nums[mid]!;
      if (sameValue(value, wanted)) {
        lo = mid;
        break;
      }
      if (value < wanted) lo = mid + 1;
      else hi = mid - 1;
    }
    for (const at of [lo - 1, lo, lo + 1]) {
      if (at < 0 || at >= col.nums.length || !sameValue(col.nums[at]!, wanted)) continue;
      const list = col.numRows[at]!;
      lists.push(list);
      const rank = preferred.indexOf(key);
      scoreLists.push({ list, score: rank < 0 ? SCORE.quantityOther : SCORE.quantityPreferred - rank * SCORE.quantityPreferredStep });
    }
  }
  const best = new Map<number, number>();
  const mask = new Uint8Array(index.n);
  for (const { list, score } of scoreLists) {
    for (let i = 0; i < list.length; i++) {
      const row = list[i]!;
      mask[row] = 1;
      if ((best.get(row) ?? 0) < score) best.set(row, score);
    }
  }
  const scores = new Set(scoreLists.map((x) => x.score));
  return {
    lists,
    size: sizeOf(lists),
    exact: true,
    disjoint: lists.length <= 1,
    uniform: scores.size <= 1 ? ([...scores][0] ?? 0) : null,
    test: (row) => mask[row] === 1,
    score: (row) => best.get(row) ?? 0,
    empty: lists.length === 0,
  };
}

export function packageCodes(index: SearchIndex, parts: readonly string[]): number[] {
  const codes: number[] = [];
  index.packageParts.forEach((pkgs, code) => {
    if (pkgs.some((pkgParts) => parts.length <= pkgParts.length && parts.every((part, i) => pkgParts[i] === part))) codes.push(code);
  });
  return codes;
}

/**
 * Rows whose package is one of `codes`. A package that is exactly the one asked ('0603') scores
 * `exactBonus` above one that only starts with it ('0603x4', a resistor network), so the parts the
 * engineer named come first.
 */
export function packageConstraint(index: SearchIndex, codes: readonly number[], score: number, askedParts: readonly string[] = [], exactBonus = 0): MemConstraint {
  const table = new Uint8Array(index.packages.length);
  for (const code of codes) table[code] = 1;
  const exact = new Uint8Array(index.packages.length);
  let anyExact = false;
  let anyLonger = false;
  for (const code of codes) {
    const same = (index.packageParts[code] ?? []).some((parts) => parts.length === askedParts.length);
    if (same && exactBonus > 0) {
      exact[code] = 1;
      anyExact = true;
    } else anyLonger = true;
  }
  const lists = codes.map((code) => index.packageRows[code]!).filter(Boolean);
  const pkgOf = index.pkg;
  return {
    lists,
    size: sizeOf(lists),
    exact: true,
    disjoint: true,
    uniform: anyExact && anyLonger ? null : anyExact ? score + exactBonus : score,
    test: (row) => {
      const code = pkgOf[row]!;
      return code >= 0 && table[code] === 1;
    },
    score: (row) => (exact[pkgOf[row]!] === 1 ? score + exactBonus : score),
  };
}

/** An explicit parameter filter (values and/or a min-max range in base units). */
export function paramConstraint(index: SearchIndex, filter: ParamFilter): MemConstraint {
  const col = index.params.get(filter.key);
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
  if (filter.values && filter.values.length) {
    for (const raw of filter.values) {
      const text = col.texts.get(raw.trim().toLowerCase());
      if (text) lists.push(text.rows);
      // A value given as a quantity ('100nF', '0.1uF', '25') for a numeric key.
      if (col.nums.length) {
        const quantity = parseQuantity(raw, col.unit && isUnit(col.unit) ? col.unit : undefined);
        if (quantity.ok) {
          for (let i = 0; i < col.nums.length; i++) if (sameValue(col.nums[i]!, quantity.value)) lists.push(col.numRows[i]!);
        }
      }
    }
  }
  const hasRange = filter.min !== undefined || filter.max !== undefined;
  if (hasRange) {
    const min = filter.min ?? -Infinity;
    const max = filter.max ?? Infinity;
    const eps = (bound: number) => 1e-9 * Math.abs(bound);
    const rangeLists: Int32Array[] = [];
    for (let i = 0; i < col.nums.length; i++) {
      const value = col.nums[i]!;
      if (value >= min - eps(min) && value <= max + eps(max)) rangeLists.push(col.numRows[i]!);
    }
    if (filter.values && filter.values.length) {
      // values AND range: keep value rows inside the range.
      const inRange = maskOf(index.n, rangeLists);
      const valueMask = maskOf(index.n, lists);
      return {
        lists: rangeLists,
        size: sizeOf(rangeLists),
        exact: false,
        disjoint: true,
        uniform: 0,
        test: (row) => inRange[row] === 1 && valueMask[row] === 1,
        score: () => 0,
      };
    }
    const inRange = maskOf(index.n, rangeLists);
    return {
      lists: rangeLists,
      size: sizeOf(rangeLists),
      exact: true,
      disjoint: true,
      uniform: 0,
      test: (row) => inRange[row] === 1,
      score: () => 0,
    };
  }
  const valueMask = maskOf(index.n, lists);
  return {
    lists,
    size: sizeOf(lists),
    exact: true,
    disjoint: false,
    uniform: 0,
    test: (row) => valueMask[row] === 1,
    score: () => 0,
  };
}

