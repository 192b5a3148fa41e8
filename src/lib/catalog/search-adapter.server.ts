import type { Db } from '../server/db/client.server.ts';
import { AppError, Code } from '../server/errors.ts';
import type { SearchItem, SearchParams, SearchResult } from '../search/search.schema.ts';
import { searchProducts } from '../search/search.server.ts';
import { formatParamValue } from './filters.ts';
import type { Locale } from '../i18n/i18n.ts';

// How the pages call the search engine (src/lib/search): a rejected or timed-out search becomes
// a state the page can show instead of an error page, and results are read in one shape.

export type { SearchItem, SearchParams, SearchResult };

export type PageSearch = { result: SearchResult; problem: null } | { result: null; problem: { code: number; msg: string } };

const EMPTY: SearchResult = { list: [], total: 0, facets: { categories: [], brands: [], packages: [] }, didYouMean: null, totalExact: true, facetsExact: true };

/** searchProducts for a page: bad input (40000) and timeouts (50300) come back as `problem`. */
export async function searchForPage(db: Db, params: SearchParams): Promise<PageSearch> {
  try {
    return { result: await searchProducts(db, params), problem: null };
  } catch (error) {
    if (error instanceof AppError && (error.code === Code.badInput || error.code === Code.unavailable)) return { result: null, problem: { code: error.code, msg: error.message } };
    throw error;
  }
}

export function emptyResult(): SearchResult {
  return { ...EMPTY, facets: { categories: [], brands: [], packages: [] } };
}

/** One parameter of a result, formatted ('4.7 kΩ', 'X7R'); null when the part does not state it. */
export function itemParamDisplay(item: SearchItem, key: string, fallbackUnit: string | null = null, locale?: Locale): string | null {
  const p = item.params.find((x) => x.key === key);
  if (!p) return null;
  return formatParamValue(p.value, p.text, p.unit ?? fallbackUnit, locale);
}

export type FacetItem = { id: string; name: string; count: number };

export function facetItems(kind: 'categories' | 'brands' | 'packages', facets: SearchResult['facets'] | undefined): FacetItem[] {
  if (!facets) return [];
  if (kind === 'categories') return facets.categories.map((c) => ({ id: String(c.cateId), name: c.cateName, count: c.count }));
  if (kind === 'brands') return facets.brands.map((b) => ({ id: String(b.brandId), name: b.brandName, count: b.count }));
  return facets.packages.map((p) => ({ id: p.package, name: p.package, count: p.count }));
}
