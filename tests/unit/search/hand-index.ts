// A search index built by hand for unit tests of the search modules: six parts in three
// branches of a small category tree, no database. Rows are in MPN order, as the real index keeps
// them (search-index.server.ts).

import { normalizeMpn } from '../../../src/lib/catalog/mpn.ts';
import { buildDictionary, packageParts, wildcardKey, type BrandLite, type CategoryLite } from '../../../src/lib/search/search.ts';
import type { ParamColumn, SearchIndex } from '../../../src/lib/search/search-index.server.ts';

export type HandPart = {
  id: number;
  mpn: string;
  cate: number;
  brand: number | null;
  pkg: string;
  pop: number;
  params?: Record<string, number | string>;
};

export const CATEGORIES: CategoryLite[] = [
  { cateId: 1, cateName: '单片机', cateNameEn: 'Microcontrollers', level: 1, parentId: null },
  { cateId: 2, cateName: '电容', cateNameEn: 'Capacitors', level: 1, parentId: null },
  { cateId: 21, cateName: '贴片电容', cateNameEn: 'Chip Capacitors', level: 2, parentId: 2 },
  { cateId: 3, cateName: '电阻', cateNameEn: 'Resistors', level: 1, parentId: null },
  { cateId: 5, cateName: '运算放大器', cateNameEn: 'Op Amps', level: 1, parentId: null },
];
export const BRANDS: BrandLite[] = [
  { id: 1, key: 'st', nameZh: '意法半导体', nameEn: 'STMicroelectronics' },
  { id: 2, key: 'ti', nameZh: '德州仪器', nameEn: 'Texas Instruments' },
  { id: 3, key: 'murata', nameZh: '村田', nameEn: 'Murata' },
];
export const PARTS: HandPart[] = [
  { id: 101, mpn: 'GRM188R71H104', cate: 21, brand: 3, pkg: '0603', pop: 5, params: { capacitance: 1e-7, ratedVoltage: 50, dielectric: 'X7R' } },
  { id: 102, mpn: 'GRM21BR61A106', cate: 21, brand: 3, pkg: '0805', pop: 2, params: { capacitance: 1e-5, ratedVoltage: 10, dielectric: 'X5R' } },
  { id: 103, mpn: 'LM358DR', cate: 5, brand: 2, pkg: 'SOIC-8', pop: 9 },
  { id: 104, mpn: 'RC0603FR-0710K', cate: 3, brand: null, pkg: '0603', pop: 0, params: { resistance: 1e4 } },
  { id: 105, mpn: 'STM32F103C8T6', cate: 1, brand: 1, pkg: 'LQFP-48', pop: 10, params: { flashSize: 65536 } },
  { id: 106, mpn: 'STM32F407VGT6', cate: 1, brand: 1, pkg: 'LQFP-100', pop: 7, params: { flashSize: 1048576 } },
];
const UNITS: Record<string, string> = { capacitance: 'F', ratedVoltage: 'V', resistance: 'Ω', flashSize: 'B' };

function groupRows(keys: readonly number[]): Map<number, Int32Array> {
  const out = new Map<number, number[]>();
  keys.forEach((key, row) => {
    if (key >= 0) (out.get(key) ?? out.set(key, []).get(key)!).push(row);
  });
  return new Map([...out].map(([key, rows]) => [key, Int32Array.from(rows)]));
}

export function handIndex(parts: readonly HandPart[] = PARTS): SearchIndex {
  const n = parts.length;
  const packages = [...new Set(parts.map((p) => p.pkg))].sort();
  const cate = Int32Array.from(parts.map((p) => p.cate));
  const brand = Int32Array.from(parts.map((p) => p.brand ?? -1));
  const pkg = Int32Array.from(parts.map((p) => packages.indexOf(p.pkg)));
  const pop = Float64Array.from(parts.map((p) => p.pop));
  const byPkg = groupRows([...pkg]);
  const cateRows = groupRows([...cate]);
  const cateTriples = new Map<number, Int32Array>();
  for (const [cateId, rows] of cateRows) {
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(`${brand[row]},${pkg[row]}`, (counts.get(`${brand[row]},${pkg[row]}`) ?? 0) + 1);
    cateTriples.set(cateId, Int32Array.from([...counts].flatMap(([key, count]) => [...key.split(',').map(Number), count])));
  }
  const params = new Map<string, ParamColumn>();
  for (const key of new Set(parts.flatMap((p) => Object.keys(p.params ?? {})))) {
    const numeric = new Map<number, number[]>();
    const texts = new Map<string, { text: string; rows: number[] }>();
    parts.forEach((p, row) => {
      const value = p.params?.[key];
      if (typeof value === 'number') (numeric.get(value) ?? numeric.set(value, []).get(value)!).push(row);
      else if (typeof value === 'string') (texts.get(value.toLowerCase()) ?? texts.set(value.toLowerCase(), { text: value, rows: [] }).get(value.toLowerCase())!).rows.push(row);
    });
    const nums = [...numeric.keys()].sort((a, b) => a - b);
    params.set(key, {
      key,
      unit: UNITS[key] ?? null,
      nums: Float64Array.from(nums),
      numRows: nums.map((v) => Int32Array.from(numeric.get(v)!)),
      texts: new Map([...texts].map(([lower, t]) => [lower, { text: t.text, rows: Int32Array.from(t.rows) }])),
    });
  }
  const keysByUnit = new Map<string, string[]>();
  for (const [key, unit] of Object.entries(UNITS)) if (params.has(key)) (keysByUnit.get(unit) ?? keysByUnit.set(unit, []).get(unit)!).push(key);
  const categories = new Map(CATEGORIES.map((c) => [c.cateId, c]));
  const children = new Map<number, number[]>();
  for (const c of CATEGORIES) if (c.parentId !== null) (children.get(c.parentId) ?? children.set(c.parentId, []).get(c.parentId)!).push(c.cateId);
  const subtree = (id: number): number[] => [id, ...(children.get(id) ?? []).flatMap(subtree)];
  const rowById = new Map(parts.map((p, row) => [p.id, row]));
  const popOrder = Int32Array.from([...parts.keys()].sort((a, b) => pop[b]! - pop[a]! || a - b));
  return {
    n,
    ids: Int32Array.from(parts.map((p) => p.id)),
    cate,
    brand,
    pkg,
    pop,
    popOrder,
    packages,
    packageParts: packages.map((p) => p.split('/').map((part) => packageParts(part))),
    packageRows: packages.map((_, code) => byPkg.get(code) ?? new Int32Array()),
    cateRows,
    cateTriples,
    brandRows: groupRows([...brand]),
    params,
    mpns: parts.map((p) => p.mpn),
    mpnKeys: parts.map((p) => (p.mpn.includes('x') ? wildcardKey(p.mpn) : normalizeMpn(p.mpn))),
    keysByUnit,
    categories,
    children,
    brands: new Map(BRANDS.map((b) => [b.id, b])),
    dict: buildDictionary(CATEGORIES, BRANDS),
    maxCateId: Math.max(...CATEGORIES.map((c) => c.cateId)),
    maxBrandId: Math.max(...BRANDS.map((b) => b.id)),
    builtAt: 0,
    buildMs: 0,
    signature: 'hand-built',
    rowOf: (id) => rowById.get(id) ?? -1,
    subtree,
  };
}
