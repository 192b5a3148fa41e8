// The facets of an answer as the API shows them: named in the caller's language, most frequent
// first (ties by name), each list cut to FACET_LIMIT entries.

import { categoryName } from '../catalog/catalog.ts';
import type { Locale } from '../server/api-locale.ts';
import { FACET_LIMIT, type SearchFacets, type SearchResult } from './search.schema.ts';
import type { SearchIndex } from './search-index.server.ts';
import type { Collected } from './search-collect.ts';

export function facetsOf(index: SearchIndex, collected: Collected, locale: Locale): SearchFacets {
  const top = <T extends { count: number }>(list: T[], name: (x: T) => string) =>
    list.sort((a, b) => b.count - a.count || name(a).localeCompare(name(b))).slice(0, FACET_LIMIT);
  const categories = top(
    [...collected.cateCounts].map(([cateId, count]) => {
      const node = index.categories.get(cateId);
      return { cateId, cateName: node ? categoryName(node, locale) : String(cateId), count };
    }),
    (x) => x.cateName,
  );
  const brands = top(
    [...collected.brandCounts].map(([brandId, count]) => {
      const brand = index.brands.get(brandId);
      return { brandId, brandName: brand ? (locale === 'en' ? brand.nameEn : brand.nameZh) : String(brandId), count };
    }),
    (x) => x.brandName,
  );
  const packages = top(
    [...collected.pkgCounts].map(([code, count]) => ({ package: index.packages[code] ?? '', count })),
    (x) => x.package,
  );
  return { categories, brands, packages };
}

export function emptyResult(): SearchResult {
  return { list: [], total: 0, facets: { categories: [], brands: [], packages: [] }, didYouMean: null, totalExact: true, facetsExact: true };
}
