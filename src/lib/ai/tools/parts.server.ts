// Catalogue rows as the assistant shows them (AiPart): one query for a list of product ids, in the
// order given, with the parameters that matched a question first. Every part an assistant tool
// returns goes through here, so nothing shown is invented: it is a row of our catalogue.

import { formatParamValue, paramNames } from '../../catalog/filters.ts';
import type { Locale } from '../../server/api-locale.ts';
import type { Db } from '../../server/db/client.server.ts';
import { runnerOf } from '../../server/db/raw-sql.server.ts';
import type { AiParam, AiPart } from '../ai.ts';

/** Parameters shown per part (matched ones first); the rest are left to the product page. */
export const SHOWN_PARAMS = 8;

type Row = {
  id: number;
  mfg_mpn_code: string;
  mpn: string;
  package: string | null;
  brand_zh: string | null;
  brand_en: string | null;
  country: string | null;
  cate_id: number | null;
  cate_zh: string | null;
  cate_en: string | null;
  description_zh: string | null;
  description_en: string | null;
  params: Array<[string, number | null, string | null, string | null]> | string | null;
};

/** A part with its numeric parameter values (for checks) beside the shown AiPart. */
export type LoadedPart = {
  id: number;
  part: AiPart;
  nums: Map<string, number>;
  /** Text values by key ('railToRail': 'Rail-to-Rail Output'). */
  texts: Map<string, string>;
  cateId: number | null;
  domestic: boolean;
  description: string;
};

export function productUrl(mfgMpnCode: string): string {
  return `/detail?mfgMpnCode=${encodeURIComponent(mfgMpnCode)}`;
}

export function aiParam(key: string, valueNum: number | null, unit: string | null, valueText: string | null, locale: Locale): AiParam {
  const names = paramNames(key);
  return {
    key,
    name: locale === 'en' ? names.nameEn : names.nameZh,
    value: formatParamValue(valueNum, valueText, unit, locale),
  };
}

/** Parts by product id, in the given order (unknown ids are skipped); `matched` keys are shown first. */
export async function loadParts(
  db: Db,
  ids: readonly number[],
  locale: Locale,
  matched: ReadonlyMap<number, readonly string[]> | ((nums: ReadonlyMap<string, number>) => string[]) = new Map(),
  shown = SHOWN_PARAMS,
): Promise<LoadedPart[]> {
  if (ids.length === 0) return [];
  const rows = await runnerOf(db).rows<Row>(
    `SELECT p.id, p.mfg_mpn_code, p.mpn, p.package, b.name_zh AS brand_zh, b.name_en AS brand_en, b.country,
            p.cate_id, c.cate_name AS cate_zh, c.cate_name_en AS cate_en, p.description_zh, p.description_en,
            (SELECT coalesce(json_agg(json_build_array(pp.key, pp.value_num, pp.unit, pp.value_text) ORDER BY pp.key), '[]'::json)
               FROM product_params pp WHERE pp.product_id = p.id) AS params
       FROM products p
       LEFT JOIN brands b ON b.id = p.brand_id
       LEFT JOIN categories c ON c.cate_id = p.cate_id
      WHERE p.id = ANY($1::int[])`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: LoadedPart[] = [];
  for (const id of ids) {
    const r = byId.get(id);
    if (!r) continue;
    const raw = typeof r.params === 'string' ? (JSON.parse(r.params) as Row['params']) : r.params;
    // The package is its own field; as a parameter it would repeat it.
    const list = (Array.isArray(raw) ? raw : []).filter(([key]) => key !== 'package');
    const nums = new Map<string, number>();
    for (const [key, value] of list) if (value !== null && Number.isFinite(Number(value))) nums.set(key, Number(value));
    const texts = new Map<string, string>();
    for (const [key, , , text] of list) if (text) texts.set(key, text);
    const want = typeof matched === 'function' ? matched(nums) : (matched.get(id) ?? []);
    const sorted = [...list].sort((a, b) => rank(want, a[0]) - rank(want, b[0]));
    const params = sorted.slice(0, Math.max(shown, want.length)).map(([key, value, unit, text]) => aiParam(key, value === null ? null : Number(value), unit, text, locale));
    out.push({
      id,
      nums,
      texts,
      cateId: r.cate_id,
      domestic: r.country === 'CN',
      description: (locale === 'en' ? r.description_en || r.description_zh : r.description_zh || r.description_en) ?? '',
      part: {
        mfgMpnCode: r.mfg_mpn_code,
        mpn: r.mpn,
        brandName: (locale === 'en' ? r.brand_en : r.brand_zh) ?? r.brand_en ?? r.brand_zh ?? '',
        cateName: (locale === 'en' ? r.cate_en : r.cate_zh) ?? '',
        package: r.package,
        params,
        url: productUrl(r.mfg_mpn_code),
        matched: want.filter((key) => list.some(([k]) => k === key)),
      },
    });
  }
  return out;
}

function rank(want: readonly string[], key: string): number {
  const at = want.indexOf(key);
  return at < 0 ? want.length : at;
}

/** Product ids of catalogue codes (unknown codes are skipped), in the given order. */
export async function idsOfCodes(db: Db, codes: readonly string[]): Promise<number[]> {
  if (codes.length === 0) return [];
  const rows = await runnerOf(db).rows<{ id: number; mfg_mpn_code: string }>('SELECT id, mfg_mpn_code FROM products WHERE mfg_mpn_code = ANY($1::text[])', [codes]);
  const byCode = new Map(rows.map((r) => [r.mfg_mpn_code, r.id]));
  return codes.map((c) => byCode.get(c)).filter((id): id is number => id !== undefined);
}

/** Brand ids of Chinese brands (brands.country = 'CN'), for '国产' / 'domestic'. */
export async function domesticBrandIds(db: Db): Promise<number[]> {
  const rows = await runnerOf(db).rows<{ id: number }>("SELECT id FROM brands WHERE country = 'CN' ORDER BY id");
  return rows.map((r) => r.id);
}
