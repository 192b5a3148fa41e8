// searchParts: the catalogue search with the filters a selection needs (keyword and/or category
// words, parameter ranges, brand, package, domestic brands), through the search engine.

import { z } from 'zod';
import { searchProducts } from '../../search/search.server.ts';
import { packageParts } from '../../search/search.ts';
import { getSearchIndex, type SearchIndex } from '../../search/search-index.server.ts';
import { MAX_FILTER_VALUES, MAX_PAGE_SIZE, PARAM_KEY_RE } from '../../search/search.schema.ts';
import { AI_LIMITS } from '../ai.ts';
import type { AiPart } from '../ai.ts';
import type { AiTool, AiToolContext, AiToolResult } from '../ai-tools.ts';
import { familyPackages } from '../package-family.ts';
import { satisfies, type ParamAsk } from '../question.ts';
import { domesticBrandIds, idsOfCodes, loadParts } from './parts.server.ts';

export const searchPartsInput = z.object({
  keyword: z.string().max(200).optional().describe('Part number, category or free words, e.g. "LDO", "运放", "STM32F103"'),
  category: z.string().max(100).optional().describe('A category word, e.g. "LDO", "N-channel MOSFET", "电阻"'),
  params: z
    .array(
      z.object({
        key: z.string().regex(PARAM_KEY_RE).describe('Parameter key, e.g. outputVoltage, outputCurrent, drainSourceVoltage, resistance, capacitance'),
        min: z.number().optional().describe('Lower bound in SI base units (V, A, Ω, F, Hz, B, W)'),
        max: z.number().optional().describe('Upper bound in SI base units'),
      }),
    )
    .max(8)
    .optional(),
  brand: z.string().max(100).optional().describe('Brand name, e.g. "TI", "德州仪器"'),
  package: z.string().max(60).optional().describe('Package, e.g. "SOT-223", "0603"'),
  domestic: z.boolean().optional().describe('Only Chinese brands'),
  limit: z.number().int().min(1).max(AI_LIMITS.parts).optional(),
});
export type SearchPartsInput = z.infer<typeof searchPartsInput>;

export type SearchPartsData = {
  total: number;
  didYouMean: string | null;
  /** Set when domestic brands were asked and none matched (the list is then empty). */
  noDomestic?: boolean;
  /**
   * The package asked, read as the catalogue's names: `exact` its own spelling, `family` the other
   * forms of its body among the parts listed ('SOT-23' → SOT-23-5), empty when none is listed.
   */
  packages?: { asked: string; exact: string[]; family: string[] };
  parts: Array<{
    mfgMpnCode: string;
    mpn: string;
    brand: string;
    category: string;
    package: string | null;
    description: string;
    params: Record<string, string>;
    /** The part's values (SI base units) of the filters' keys, met or not. */
    filterValues: Record<string, number>;
  }>;
};

export type SearchPartsResult = AiToolResult & { data: SearchPartsData; parts: AiPart[] };

export async function runSearchParts(ctx: AiToolContext, input: SearchPartsInput): Promise<SearchPartsResult> {
  const limit = input.limit ?? AI_LIMITS.parts;
  // A package names its body: the exact spelling and the other forms of that body (package-family.ts:
  // 'SOT-23' is also SOT-23-5/6, 'DIP-8' also PDIP-8), reported under data.packages so the answer
  // says so. A package the catalogue does not spell is read by the search engine as in the search box.
  const index = input.package ? await getSearchIndex(ctx.db) : null;
  const exact = index && input.package ? strictPackages(index, input.package) : [];
  const family = index && input.package ? familyPackages(input.package, index.packages, exact).slice(0, MAX_FILTER_VALUES) : [];
  // One body, one search: the exact spelling and the other forms are ranked together (popularity
  // and stock decide), so a SOT-23-5 LDO with 200k in stock is not hidden behind SOT-23 ones.
  if (family.length === 0) return searchWith(ctx, input, limit, exact, input.package, null);
  return searchWith(ctx, input, limit, [...exact, ...family].slice(0, MAX_FILTER_VALUES), input.package!, { exact, family });
}

async function searchWith(
  ctx: AiToolContext,
  input: SearchPartsInput,
  limit: number,
  packages: string[],
  asked: string | undefined,
  widened: { exact: string[]; family: string[] } | null,
): Promise<SearchPartsResult> {
  const keyword = [input.keyword, input.category, input.brand, packages.length ? '' : asked]
    .filter((w): w is string => !!w && w.trim() !== '')
    .join(' ')
    .slice(0, 200);
  const params = (input.params ?? []).filter((p) => p.min !== undefined || p.max !== undefined);
  const brandIds = input.domestic ? await domesticBrandIds(ctx.db) : null;
  if (brandIds && brandIds.length === 0)
    return {
      data: { total: 0, didYouMean: null, noDomestic: true, parts: [] },
      parts: [],
    };
  // More Chinese brands than a filter takes: the best page of the unfiltered search, kept to those brands.
  const brandFilter = brandIds && brandIds.length <= MAX_FILTER_VALUES ? brandIds : null;
  const keepBrands = brandIds && !brandFilter ? new Set(brandIds) : null;
  const result = await searchProducts(ctx.db, {
    keyword,
    params: params.length
      ? params.map((p) => ({
          key: p.key,
          ...(p.min !== undefined ? { min: p.min } : {}),
          ...(p.max !== undefined ? { max: p.max } : {}),
        }))
      : null,
    brandIds: brandFilter,
    package: packages.length ? packages : null,
    locale: ctx.locale,
    pageNum: 1,
    pageSize: keepBrands ? MAX_PAGE_SIZE : limit,
    sort: 'relevance',
  });
  const list = keepBrands ? result.list.filter((i) => i.brandId !== null && keepBrands.has(i.brandId)).slice(0, limit) : result.list;
  const total = keepBrands ? list.length : result.total;
  ctx.signal?.throwIfAborted();
  const ids = await idsOfCodes(
    ctx.db,
    list.map((i) => i.mfgMpnCode),
  );
  // Every filter's key is shown (a relaxed one too, so its nearest value is seen); only the met ones count as matched.
  const loaded = await loadParts(ctx.db, ids, ctx.locale, (nums) => [...new Set(params.map((p) => p.key))].filter((k) => nums.has(k)));
  const parts = loaded.map((l) => ({ ...l, part: { ...l.part, matched: matchedKeys(l.nums, params) } }));
  return {
    data: {
      total,
      didYouMean: result.didYouMean,
      ...(input.domestic && total === 0 ? { noDomestic: true } : {}),
      ...(widened && asked ? { packages: { asked, exact: widened.exact, family: widened.family.filter((name) => parts.some((l) => l.part.package === name)) } } : {}),
      parts: parts.map((l) => ({
        mfgMpnCode: l.part.mfgMpnCode,
        mpn: l.part.mpn,
        brand: l.part.brandName,
        category: l.part.cateName,
        package: l.part.package,
        description: l.description.slice(0, 160),
        params: Object.fromEntries(l.part.params.map((p) => [p.key, p.value])),
        filterValues: Object.fromEntries(params.flatMap((p) => (l.nums.has(p.key) ? [[p.key, l.nums.get(p.key)!]] : []))),
      })),
    },
    parts: parts.map((l) => l.part),
  };
}

/** The catalogue's package names holding exactly this package as one of their '/'-separated names (at most a filter's worth). */
export function strictPackages(index: SearchIndex, pkg: string): string[] {
  const want = packageParts(pkg).join(' ');
  if (want === '') return [];
  const names = index.packages.filter((name) => name.split('/').some((piece) => packageParts(piece).join(' ') === want));
  return names.length <= MAX_FILTER_VALUES ? names : [];
}

/** Keys whose filters a part's values satisfy (each filter key once). */
export function matchedKeys(nums: ReadonlyMap<string, number>, params: readonly ParamAsk[]): string[] {
  const out: string[] = [];
  for (const p of params) {
    const v = nums.get(p.key);
    if (v !== undefined && satisfies(v, p) && !out.includes(p.key)) out.push(p.key);
  }
  return out;
}

export const searchPartsTool: AiTool<typeof searchPartsInput> = {
  name: 'searchParts',
  description:
    'Search the Chipedia catalogue for parts. Give a keyword (part number, category or words, Chinese or English) and/or a category, optional parameter ranges in SI base units (e.g. {key:"outputVoltage",min:3.3,max:3.3}, {key:"outputCurrent",min:1}), a brand, a package and domestic=true for Chinese brands. A package also matches the other forms of its body (SOT-23 → SOT-23-5/6, DIP-8 ↔ PDIP-8, SO-8 ↔ SOIC-8), reported under data.packages. Returns the best matches with their key parameters and their values of the filtered keys (filterValues).',
  input: searchPartsInput,
  run: runSearchParts,
};
