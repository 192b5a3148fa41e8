// searchParts: the catalogue search with the filters a selection needs (keyword and/or category
// words, parameter ranges, brand, package, domestic brands), through the search engine.

import { z } from 'zod';
import { searchProducts } from '../../search/search.server.ts';
import { packageParts } from '../../search/search.ts';
import { getSearchIndex, type SearchIndex } from '../../search/search-index.server.ts';
import { MAX_FILTER_VALUES, MAX_PAGE_SIZE, PARAM_KEY_RE } from '../../search/search.schema.ts';
import { AI_LIMITS } from '../ai.ts';
import type { AiTool, AiToolContext, AiToolResult } from '../ai-tools.ts';
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
  parts: Array<{
    mfgMpnCode: string;
    mpn: string;
    brand: string;
    category: string;
    package: string | null;
    description: string;
    params: Record<string, string>;
  }>;
};

export async function runSearchParts(ctx: AiToolContext, input: SearchPartsInput): Promise<AiToolResult & { data: SearchPartsData }> {
  const limit = input.limit ?? AI_LIMITS.parts;
  // A package names exactly that package ('SOT-23' is not SOT-23-5) when the catalogue has it;
  // otherwise the search engine reads the word as it would in the search box.
  const packages = input.package ? strictPackages(await getSearchIndex(ctx.db), input.package) : [];
  const keyword = [input.keyword, input.category, input.brand, packages.length ? '' : input.package]
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
  const parts = await loadParts(ctx.db, ids, ctx.locale, (nums) => matchedKeys(nums, params));
  return {
    data: {
      total,
      didYouMean: result.didYouMean,
      ...(input.domestic && total === 0 ? { noDomestic: true } : {}),
      parts: parts.map((l) => ({
        mfgMpnCode: l.part.mfgMpnCode,
        mpn: l.part.mpn,
        brand: l.part.brandName,
        category: l.part.cateName,
        package: l.part.package,
        description: l.description.slice(0, 160),
        params: Object.fromEntries(l.part.params.map((p) => [p.key, p.value])),
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
    'Search the Chipedia catalogue for parts. Give a keyword (part number, category or words, Chinese or English) and/or a category, optional parameter ranges in SI base units (e.g. {key:"outputVoltage",min:3.3,max:3.3}, {key:"outputCurrent",min:1}), a brand, a package and domestic=true for Chinese brands. Returns the best matches with their key parameters.',
  input: searchPartsInput,
  run: runSearchParts,
};
