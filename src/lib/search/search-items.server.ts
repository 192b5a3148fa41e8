// The rows of a result page: one statement for the page's parts and their parameters, shaped as
// SearchItem with the matched parts of the MPN and description highlighted.

import { categoryName } from '../catalog/catalog.ts';
import type { Locale } from '../server/api-locale.ts';
import { findNeedles, highlightMpn, highlightNeedles, markRanges, type ParsedQuery, type TermToken } from './search.ts';
import type { SearchItem } from './search.schema.ts';
import type { SqlRunner } from './search-db.server.ts';
import type { SearchIndex } from './search-index.server.ts';

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

export async function fetchItems(runner: SqlRunner, index: SearchIndex, ids: readonly number[], locale: Locale, parsed: ParsedQuery): Promise<SearchItem[]> {
  if (ids.length === 0) return [];
  const rows = await runner.rows<ItemRow>(
    `SELECT p.id, p.mfg_mpn_code, p.mpn, p.brand_id, p.cate_id, p.description_zh, p.description_en, p.package, p.datasheet_url,
            (SELECT coalesce(json_agg(json_build_array(pp.key, pp.value_num, pp.unit, pp.value_text) ORDER BY pp.key), '[]'::json)
               FROM product_params pp WHERE pp.product_id = p.id) AS params
       FROM products p WHERE p.id = ANY($1::int[])`,
    [ids],
  );
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const needles = highlightNeedles(parsed, index.dict);
  const mpnKeys = [...parsed.tokens.filter((t): t is TermToken => t.kind === 'term').map((t) => t.mpn), ...(parsed.wholeMpn ? [parsed.wholeMpn] : [])].sort(
    (a, b) => b.length - a.length,
  );
  const out: SearchItem[] = [];
  for (const id of ids) {
    const product = byId.get(id);
    if (!product) continue;
    const brand = product.brand_id === null ? undefined : index.brands.get(Number(product.brand_id));
    const cate = product.cate_id === null ? undefined : index.categories.get(Number(product.cate_id));
    const description = (locale === 'en' ? (product.description_en ?? product.description_zh) : (product.description_zh ?? product.description_en)) ?? '';
    const rawParams = typeof product.params === 'string' ? (JSON.parse(product.params) as ItemRow['params']) : product.params;
    out.push({
      mfgMpnCode: product.mfg_mpn_code,
      mpn: product.mpn,
      brandId: product.brand_id === null ? null : Number(product.brand_id),
      brandName: brand ? (locale === 'en' ? brand.nameEn : brand.nameZh) : '',
      cateId: product.cate_id === null ? 0 : Number(product.cate_id),
      cateName: cate ? categoryName(cate, locale) : '',
      description,
      package: product.package,
      datasheetUrl: product.datasheet_url,
      highlight: {
        mpn: highlightMpn(product.mpn, mpnKeys),
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
