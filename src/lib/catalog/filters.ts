// The filter page's state and its URL, both ways, plus parameter names and value display.
// Pure: used by the pages (server) and by the filter island (browser).
//
// URL format (a GET form produces it; links and the island write the canonical form):
//   ?q=word&brand=3&brand=5&package=0603&p.resistance=4k7..10k&p.dielectric=X7R&sort=mpn&size=50&page=2
// - brand: brand ids (repeatable); package: package names (repeatable)
// - p.<key> for a text parameter: one value per occurrence (multi-select)
// - p.<key> for a numeric parameter: 'lo..hi', 'lo..', '..hi', a single value (exact), '>=lo',
//   '<=hi', or — from the form's two inputs — two occurrences [lo, hi]. Values carry units and
//   engineering notation ('4k7', '4.7kΩ', '100n', '0.1uF', '3.3V', '500mA'); the text the user
//   typed stays in the URL so a shared link reads as it was written.

import type { Locale } from '../i18n/i18n.ts';
import { localizeParamText } from '../i18n/param-values.ts';
import { PARAM_DEF_BY_KEY } from './param-extract.ts';
import { formatQuantity, isUnit, parseQuantity, type Unit } from './units.ts';

export type ColumnKind = 'number' | 'text';

// ── Parameter names ──────────────────────────────────────────────────────────

/** Names for keys the passives builders and operator imports use beyond PARAM_DEFS. */
const EXTRA_PARAM_NAMES: Readonly<Record<string, readonly [zh: string, en: string]>> = {
  resistance: ['阻值', 'Resistance'],
  capacitance: ['容值', 'Capacitance'],
  inductance: ['电感值', 'Inductance'],
  ratedVoltage: ['额定电压', 'Rated Voltage'],
  ratedCurrent: ['额定电流', 'Rated Current'],
  maxWorkingVoltage: ['最大工作电压', 'Max Working Voltage'],
  dielectric: ['介质材料', 'Dielectric'],
  pinCount: ['引脚数', 'Pin Count'],
  frequency: ['频率', 'Frequency'],
  loadCapacitance: ['负载电容', 'Load Capacitance'],
  forwardVoltage: ['正向压降 (Vf)', 'Forward Voltage (Vf)'],
  reverseVoltage: ['反向电压 (Vr)', 'Reverse Voltage (Vr)'],
  color: ['颜色', 'Colour'],
  mounting: ['安装方式', 'Mounting'],
  esr: ['等效串联电阻 (ESR)', 'ESR'],
  dcResistance: ['直流电阻 (DCR)', 'DC Resistance (DCR)'],
  saturationCurrent: ['饱和电流', 'Saturation Current'],
};

/** "maxWorkingVoltage" → "Max Working Voltage" for keys nobody named. */
function humanizeKey(key: string): string {
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function paramNames(key: string): { nameZh: string; nameEn: string } {
  const def = PARAM_DEF_BY_KEY.get(key);
  if (def) return { nameZh: def.nameZh, nameEn: def.nameEn };
  const extra = EXTRA_PARAM_NAMES[key];
  if (extra) return { nameZh: extra[0], nameEn: extra[1] };
  const h = humanizeKey(key);
  return { nameZh: h, nameEn: h };
}

export function paramLabel(key: string, locale: Locale): string {
  const n = paramNames(key);
  return locale === 'en' ? n.nameEn : n.nameZh;
}

export function asUnit(unit: string | null | undefined): Unit | null {
  return unit && isUnit(unit) ? unit : null;
}

/**
 * '4.7 kΩ', '100 nF', '64 KB', '-40°C', 'X7R'; unknown units are appended as written. With a
 * locale, a text value reads in that language ('Fixed' → '固定' on zh pages, issue #32).
 */
export function formatParamValue(valueNum: number | null | undefined, valueText: string | null | undefined, unit: string | null | undefined, locale?: Locale): string {
  if (valueNum !== null && valueNum !== undefined && Number.isFinite(valueNum)) {
    const u = asUnit(unit);
    if (u || !unit) return formatQuantity(valueNum, u);
    return `${formatQuantity(valueNum, null)} ${unit}`;
  }
  return locale && valueText ? localizeParamText(valueText, locale) : (valueText ?? '');
}

// ── Filter state ─────────────────────────────────────────────────────────────

export const SORTS = ['relevance', 'mpn', 'mpnDesc', 'popular'] as const;
export type Sort = (typeof SORTS)[number];
export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
/** Deep pages are not useful to a person and expensive to a database (pageNum × pageSize ≤ this, as the search engine's MAX_WINDOW). */
export const MAX_WINDOW = 5000;
export const MAX_PAGE = MAX_WINDOW / PAGE_SIZES[0];

/** The last page a result list can show at this page size. */
export function lastPage(total: number, size: number): number {
  return Math.max(1, Math.min(Math.ceil(total / size), Math.floor(MAX_WINDOW / size)));
}
export const MAX_VALUES_PER_FILTER = 50;

export type FilterColumnKind = { key: string; kind: ColumnKind; unit: string | null };

export type RangeProblem =
  | { kind: 'unparsable'; side: 'min' | 'max'; text: string }
  | { kind: 'wrongUnit'; side: 'min' | 'max'; text: string; unit: string }
  | { kind: 'inverted'; min: string; max: string };

export type RangeFilter = {
  /** The texts as typed ('' when open). */
  lo: string;
  hi: string;
  /** True when a single value was given: lo = hi, matched exactly. */
  exact: boolean;
  /** Parsed bounds in base units; undefined when open or unreadable. */
  min?: number;
  max?: number;
  problem?: RangeProblem;
};

export type FilterState = {
  keyword: string;
  brandIds: number[];
  packages: string[];
  /** Text parameters: key → selected values. */
  text: Map<string, string[]>;
  /** Numeric parameters: key → range. */
  ranges: Map<string, RangeFilter>;
  sort: Sort;
  page: number;
  size: number;
};

export function emptyFilterState(): FilterState {
  return { keyword: '', brandIds: [], packages: [], text: new Map(), ranges: new Map(), sort: 'relevance', page: 1, size: DEFAULT_PAGE_SIZE };
}

const clean = (s: string) => s.normalize('NFKC').replace(/\s+/g, ' ').trim();

/** Reads one bound with the column's unit; returns a problem instead of throwing. */
export function parseBound(text: string, unit: string | null, side: 'min' | 'max'): { value: number } | { problem: RangeProblem } {
  const u = asUnit(unit);
  const r = parseQuantity(text, u ?? undefined);
  if (r.ok && !r.plusMinus) return { value: r.value };
  if (!r.ok && /^expected |notation is for/.test(r.reason)) return { problem: { kind: 'wrongUnit', side, text, unit: unit ?? '' } };
  return { problem: { kind: 'unparsable', side, text } };
}

/** Splits one URL value into [lo, hi, exact]. */
function splitRangeText(raw: string): [string, string, boolean] {
  const s = clean(raw);
  const dots = s.indexOf('..');
  if (dots >= 0) return [s.slice(0, dots).trim(), s.slice(dots + 2).trim(), false];
  const cmp = /^(>=|≥|>|<=|≤|<)\s*(.+)$/.exec(s);
  if (cmp) return cmp[1]!.startsWith('>') || cmp[1] === '≥' ? [cmp[2]!, '', false] : ['', cmp[2]!, false];
  // '4k7-10k', '1.8V to 3.6V', '-40~85': a written range.
  const m = /^([+-]?.*?[0-9a-zA-ZΩ°%µ])\s*(?:to|~|至|…|-)\s*([+-]?\s*\.?[0-9].*)$/.exec(s);
  if (m) return [m[1]!.trim(), m[2]!.trim(), false];
  return [s, s, true];
}

export function buildRange(lo: string, hi: string, exact: boolean, unit: string | null): RangeFilter | null {
  lo = clean(lo);
  hi = clean(hi);
  if (lo === '' && hi === '') return null;
  const range: RangeFilter = { lo, hi, exact: exact && lo === hi };
  if (lo !== '') {
    const b = parseBound(lo, unit, 'min');
    if ('value' in b) range.min = b.value;
    else range.problem = b.problem;
  }
  if (hi !== '' && !range.exact) {
    const b = parseBound(hi, unit, 'max');
    if ('value' in b) range.max = b.value;
    else range.problem ??= b.problem;
  } else if (range.exact && range.min !== undefined) range.max = range.min;
  if (range.min !== undefined && range.max !== undefined && range.min > range.max) {
    range.problem = { kind: 'inverted', min: lo, max: hi };
  }
  return range;
}

function positiveInt(raw: string | null, fallback: number, max: number): number {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return fallback;
  const n = Number(raw);
  return n >= 1 ? Math.min(n, max) : fallback;
}

/**
 * Reads the filter state from a query string. `columns` gives each parameter's kind and unit
 * (from queryHeader); parameters the category does not have are dropped.
 */
export function parseFilterQuery(query: URLSearchParams, columns: readonly FilterColumnKind[]): FilterState {
  const state = emptyFilterState();
  state.keyword = clean(query.get('q') ?? '').slice(0, 200);
  const brandIds = new Set<number>();
  for (const b of query.getAll('brand')) if (/^\d{1,9}$/.test(b)) brandIds.add(Number(b));
  state.brandIds = [...brandIds].sort((a, b) => a - b).slice(0, MAX_VALUES_PER_FILTER);
  state.packages = uniq(query.getAll('package').map(clean).filter((p) => p !== '' && p.length <= 120)).slice(0, MAX_VALUES_PER_FILTER);
  for (const col of columns) {
    const values = query.getAll(`p.${col.key}`);
    if (values.length === 0) continue;
    if (col.kind === 'text') {
      const picked = uniq(values.map(clean).filter((v) => v !== '' && v.length <= 200)).slice(0, MAX_VALUES_PER_FILTER);
      if (picked.length) state.text.set(col.key, picked);
      continue;
    }
    let range: RangeFilter | null;
    if (values.length >= 2) range = buildRange(values[0]!, values[1]!, false, col.unit);
    else {
      const [lo, hi, exact] = splitRangeText(values[0]!);
      range = buildRange(lo, hi, exact, col.unit);
    }
    if (range) state.ranges.set(col.key, range);
  }
  const sort = query.get('sort');
  state.sort = (SORTS as readonly string[]).includes(sort ?? '') ? (sort as Sort) : 'relevance';
  const size = Number(query.get('size'));
  state.size = (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
  state.page = positiveInt(query.get('page'), 1, Math.floor(MAX_WINDOW / state.size));
  return state;
}

function uniq<T>(list: readonly T[]): T[] {
  return [...new Set(list)];
}

/** The range as it appears in the canonical URL: '4k7..10k', '4k7..', '..10k', '4k7'. */
export function rangeText(r: Pick<RangeFilter, 'lo' | 'hi' | 'exact'>): string {
  return r.exact ? r.lo : `${r.lo}..${r.hi}`;
}

/** The canonical query string (no '?'): fixed key order, defaults omitted. */
export function filterQueryString(state: FilterState, overrides: Partial<Pick<FilterState, 'page' | 'sort' | 'size'>> = {}): string {
  const s = { ...state, ...overrides };
  const q = new URLSearchParams();
  if (s.keyword) q.append('q', s.keyword);
  for (const b of s.brandIds) q.append('brand', String(b));
  for (const p of s.packages) q.append('package', p);
  const keys = [...new Set([...s.text.keys(), ...s.ranges.keys()])].sort();
  for (const key of keys) {
    const r = s.ranges.get(key);
    if (r) q.append(`p.${key}`, rangeText(r));
    for (const v of s.text.get(key) ?? []) q.append(`p.${key}`, v);
  }
  if (s.sort !== 'relevance') q.append('sort', s.sort);
  if (s.size !== DEFAULT_PAGE_SIZE) q.append('size', String(s.size));
  if (s.page > 1) q.append('page', String(s.page));
  return q.toString();
}

/** Whether the query as requested differs from its canonical form (the page then redirects). */
export function needsCanonicalRedirect(query: URLSearchParams, state: FilterState): boolean {
  return query.toString() !== filterQueryString(state);
}

/** Toggles one value of a multi-select in a copy of the state (for facet links); resets the page. */
export function toggled(state: FilterState, what: { brand?: number; package?: string; param?: { key: string; value: string } }): FilterState {
  const next: FilterState = { ...state, page: 1, brandIds: [...state.brandIds], packages: [...state.packages], text: new Map(state.text), ranges: new Map(state.ranges) };
  if (what.brand !== undefined) {
    const i = next.brandIds.indexOf(what.brand);
    if (i >= 0) next.brandIds.splice(i, 1);
    else next.brandIds = [...next.brandIds, what.brand].sort((a, b) => a - b);
  }
  if (what.package !== undefined) {
    const i = next.packages.indexOf(what.package);
    if (i >= 0) next.packages.splice(i, 1);
    else next.packages.push(what.package);
  }
  if (what.param) {
    const list = [...(next.text.get(what.param.key) ?? [])];
    const i = list.indexOf(what.param.value);
    if (i >= 0) list.splice(i, 1);
    else list.push(what.param.value);
    if (list.length) next.text.set(what.param.key, list);
    else next.text.delete(what.param.key);
  }
  return next;
}

/** Removes one parameter (text or range) from a copy of the state. */
export function withoutParam(state: FilterState, key: string): FilterState {
  const next: FilterState = { ...state, page: 1, text: new Map(state.text), ranges: new Map(state.ranges) };
  next.text.delete(key);
  next.ranges.delete(key);
  return next;
}

export function activeFilterCount(state: FilterState): number {
  return state.brandIds.length + state.packages.length + state.ranges.size + [...state.text.values()].reduce((n, v) => n + v.length, 0) + (state.keyword ? 1 : 0);
}

/** What the search engine is asked: valid ranges only (a problem keeps the rest of the filter). */
export type EngineParamFilter = { key: string; values?: string[]; min?: number; max?: number };

export function engineParamFilters(state: FilterState): EngineParamFilter[] {
  const out: EngineParamFilter[] = [];
  for (const [key, values] of state.text) out.push({ key, values });
  for (const [key, r] of state.ranges) {
    if (r.problem) continue;
    const f: EngineParamFilter = { key };
    if (r.exact && r.min !== undefined) {
      // Stored values went through toPrecision(12): match within that precision.
      const tol = Math.abs(r.min) * 1e-9;
      f.min = r.min - tol;
      f.max = r.min + tol;
    } else {
      if (r.min !== undefined) f.min = r.min;
      if (r.max !== undefined) f.max = r.max;
    }
    if (f.min !== undefined || f.max !== undefined) out.push(f);
  }
  return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** An example for the range inputs' placeholders, from the column's data ('4.7k', '100n'). */
export function exampleValue(value: number | undefined, unit: string | null): string {
  if (value === undefined || !Number.isFinite(value)) return '';
  return formatParamValue(value, null, unit).replace(/\s+/g, '');
}

// ── Search page query ────────────────────────────────────────────────────────

export type SearchQuery = { name: string; cateId?: number; brandIds: number[]; packages: string[]; sort: Sort; page: number; size: number };

export function parseSearchQuery(query: URLSearchParams): SearchQuery {
  const cate = query.get('cate');
  const brandIds = uniq(query.getAll('brand').filter((b) => /^\d{1,9}$/.test(b)).map(Number)).sort((a, b) => a - b).slice(0, MAX_VALUES_PER_FILTER);
  const sort = query.get('sort');
  const size = Number(query.get('size'));
  const out: SearchQuery = {
    name: clean(query.get('name') ?? '').slice(0, 200),
    brandIds,
    packages: uniq(query.getAll('package').map(clean).filter((p) => p !== '' && p.length <= 120)).slice(0, MAX_VALUES_PER_FILTER),
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as Sort) : 'relevance',
    page: 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
  out.page = positiveInt(query.get('page'), 1, Math.floor(MAX_WINDOW / out.size));
  if (cate !== null && /^\d{1,9}$/.test(cate)) out.cateId = Number(cate);
  return out;
}

export function searchQueryString(q: SearchQuery, overrides: Partial<SearchQuery> & { cateId?: number | undefined } = {}): string {
  const s = { ...q, ...overrides };
  const p = new URLSearchParams();
  if (s.name) p.append('name', s.name);
  if (s.cateId !== undefined) p.append('cate', String(s.cateId));
  for (const b of s.brandIds) p.append('brand', String(b));
  for (const pk of s.packages) p.append('package', pk);
  if (s.sort !== 'relevance') p.append('sort', s.sort);
  if (s.size !== DEFAULT_PAGE_SIZE) p.append('size', String(s.size));
  if (s.page > 1) p.append('page', String(s.page));
  return p.toString();
}

/** Page numbers to show around the current one: [1, '…', 4, 5, 6, '…', 20]. */
export function pageWindow(page: number, pages: number, radius = 2): (number | '…')[] {
  if (pages <= 1) return [1];
  const out: (number | '…')[] = [];
  const from = Math.max(2, page - radius);
  const to = Math.min(pages - 1, page + radius);
  out.push(1);
  // An ellipsis that would hide a single page shows that page instead.
  if (from === 3) out.push(2);
  else if (from > 3) out.push('…');
  for (let i = from; i <= to; i++) out.push(i);
  if (to === pages - 2) out.push(pages - 1);
  else if (to < pages - 2) out.push('…');
  out.push(pages);
  return out;
}
