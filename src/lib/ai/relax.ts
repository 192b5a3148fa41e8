// Relaxing a selection the way an applications engineer would (issue #33 item 1), pure. The
// package family is widened by the search tool itself (package-family.ts: exact spelling first);
// when no part meets every limit, the steps here are tried in order and the first that finds
// parts is used: a limit's tolerance first (a 'min' 10 % lower, a 'max' 10 % higher, one limit at
// a time, the last stated first), then one constraint dropped (the last first). An exact value
// ('3.3 V') is never loosened by tolerance: another output voltage is another part. Every change
// is named in the answer with the nearest value among the parts shown.

import { AI_LIMITS } from './ai.ts';
import type { ParamAsk } from './question.ts';
import type { SearchPartsData, SearchPartsResult } from './tools/search-parts.server.ts';

/** How far a limit may move before it is dropped (a tenth: '500 mA' accepts 450 mA). */
export const LIMIT_TOLERANCE = 0.1;

export type RelaxChange = { kind: 'tolerance'; from: ParamAsk; to: ParamAsk } | { kind: 'dropped'; from: ParamAsk[] };
export type RelaxStep = { filters: ParamAsk[]; changed: RelaxChange[] };

/** A one-sided limit ('≥ 500 mA', '≤ 50 mΩ'), not an exact value or a range. */
function isLimit(f: ParamAsk): boolean {
  return (f.min === undefined) !== (f.max === undefined);
}

/** Filters that are one constraint: a value inside a part's min/max pair is two filters of one stem. */
function groupsOf(filters: readonly ParamAsk[]): number[][] {
  const groups: number[][] = [];
  const byStem = new Map<string, number[]>();
  filters.forEach((f, i) => {
    const stem = /^(.*)(?:Min|Max)$/.exec(f.key)?.[1];
    if (stem !== undefined) {
      const g = byStem.get(stem);
      if (g) {
        g.push(i);
        return;
      }
      const fresh = [i];
      byStem.set(stem, fresh);
      groups.push(fresh);
    } else groups.push([i]);
  });
  return groups;
}

export function widen(f: ParamAsk): ParamAsk {
  if (f.min !== undefined) return { key: f.key, min: f.min * (f.min >= 0 ? 1 - LIMIT_TOLERANCE : 1 + LIMIT_TOLERANCE) };
  return { key: f.key, max: f.max! * (f.max! >= 0 ? 1 + LIMIT_TOLERANCE : 1 - LIMIT_TOLERANCE) };
}

/** The relaxation steps, in the order they are tried. */
export function relaxationSteps(filters: readonly ParamAsk[]): RelaxStep[] {
  const steps: RelaxStep[] = [];
  for (let i = filters.length - 1; i >= 0; i--) {
    const f = filters[i]!;
    if (!isLimit(f)) continue;
    const to = widen(f);
    steps.push({ filters: filters.map((g, j) => (j === i ? to : g)), changed: [{ kind: 'tolerance', from: f, to }] });
  }
  const groups = groupsOf(filters);
  for (let g = groups.length - 1; g >= 0; g--) {
    const drop = new Set(groups[g]);
    steps.push({ filters: filters.filter((_, j) => !drop.has(j)), changed: [{ kind: 'dropped', from: filters.filter((_, j) => drop.has(j)) }] });
  }
  return steps;
}

/** The value among the parts shown nearest to what a filter asked (null when none states the key). */
export function nearestValue(f: ParamAsk, values: readonly (number | undefined)[]): number | null {
  const known = values.filter((v): v is number => v !== undefined && Number.isFinite(v));
  if (known.length === 0) return null;
  const target = f.min !== undefined && f.max !== undefined ? (f.min + f.max) / 2 : (f.min ?? f.max!);
  if (f.min !== undefined && f.max === undefined) return Math.max(...known);
  if (f.max !== undefined && f.min === undefined) return Math.min(...known);
  return known.reduce((best, v) => (Math.abs(v - target) < Math.abs(best - target) ? v : best));
}

export type RelaxWords = {
  describe: (f: ParamAsk) => string;
  format: (key: string, value: number) => string;
  say: (key: 'ai.relax.tolerance' | 'ai.relax.dropped' | 'ai.relax.nearest' | 'ai.relax.noValue', vars?: Record<string, string>) => string;
};

/** '输出电流 ≥ 500 mA 放宽为 ≥ 450 mA（所列器件中最接近的：300 mA）'. */
export function relaxedText(change: RelaxChange, data: SearchPartsData, words: RelaxWords): string {
  const filters = change.kind === 'tolerance' ? [change.from] : change.from;
  const nearest = filters
    .map((f) => {
      const v = nearestValue(
        f,
        data.parts.map((p) => p.filterValues[f.key]),
      );
      return v === null ? null : words.format(f.key, v);
    })
    .filter((v): v is string => v !== null);
  const head =
    change.kind === 'tolerance'
      ? words.say('ai.relax.tolerance', { from: words.describe(change.from), to: words.describe(change.to) })
      : words.say('ai.relax.dropped', { from: change.from.map(words.describe).join(', ') });
  return head + (nearest.length ? words.say('ai.relax.nearest', { value: [...new Set(nearest)].join(', ') }) : words.say('ai.relax.noValue'));
}

type SearchResult = SearchPartsResult;

/** The exact-value results first, then the rest's parts not yet listed (the rest's total counts). */
export function mergeResults(first: SearchResult, rest: SearchResult, limit: number = AI_LIMITS.parts): SearchResult {
  const seen = new Set(first.parts.map((p) => p.mfgMpnCode));
  const added = rest.parts.filter((p) => !seen.has(p.mfgMpnCode)).slice(0, Math.max(0, limit - first.parts.length));
  const addedCodes = new Set(added.map((p) => p.mfgMpnCode));
  const family = [...new Set([...(first.data.packages?.family ?? []), ...(rest.data.packages?.family ?? [])])];
  const packages = first.data.packages ?? rest.data.packages;
  return {
    ...rest,
    data: {
      ...rest.data,
      total: Math.max(rest.data.total, first.data.total),
      parts: [...first.data.parts, ...rest.data.parts.filter((p) => addedCodes.has(p.mfgMpnCode))],
      ...(packages ? { packages: { ...packages, family } } : {}),
    },
    parts: [...first.parts, ...added],
  };
}
