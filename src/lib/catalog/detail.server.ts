import { asc, eq, like } from 'drizzle-orm';
import type { Locale } from '../i18n/i18n.ts';
import type { Db } from '../server/db/client.server.ts';
import { readRunnerOf } from '../server/db/read-replica.server.ts';
import { createMemo } from '../server/memo.server.ts';
import { brands, products } from '../server/db/schema/index.ts';
import { AppError, Code } from '../server/errors.ts';
import { categoryName } from './catalog.ts';
import type { DetailParam, DetailPin, ProductDetail, SimilarPart } from './catalog.schema.ts';
import { categoryPathOf, categoryTree } from './catalog.server.ts';
import { formatParamValue, paramNames } from './filters.ts';
import { normalizeMpn } from './mpn.ts';
import { serverMessage } from '../server/messages/server-message.ts';

// POST /api/chiplet/products/detail and the /productDetail page: one part with its brand,
// category path, parameters, symbol (with pins), footprint, 3D model reference and similar parts.
// The answer's shape is declared in catalog.schema.ts.

export const SIMILAR_LIMIT = 8;
const pinCollator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export function notFoundPart(code: string, locale: Locale): AppError {
  return new AppError(Code.notFound, serverMessage('catalog.noPart', locale, { code }));
}

type JsonRow = {
  p: {
    id: number;
    mfg_mpn_code: string;
    mpn: string;
    cate_id: number | null;
    description_zh: string | null;
    description_en: string | null;
    package: string | null;
    datasheet_url: string | null;
    lifecycle: string;
    keywords: string | null;
    source: string;
    licence: string;
    asset_match: string | null;
    updated_at: string;
    pdf_count: number;
    eda_count: number;
    like_count: number;
    module_count: number;
    component_placement_count: number;
    module_placement_count: number;
    tag_click_count: number;
  };
  b: { id: number; key: string; name_zh: string; name_en: string; country: string | null; website: string | null } | null;
  s: { library: string; name: string; unit_count: number; pin_count: number; has_demorgan: boolean; source: string; licence: string } | null;
  f: { library: string; name: string; description: string | null; pad_count: number; smd: boolean; model3d_path: string | null; source: string; licence: string; model3d: { path: string; format: string; byte_size: number } | null; preview3d: { path: string; source: string; licence: string } | null } | null;
  params: { key: string; unit: string | null; value_num: number | null; value_text: string | null }[];
  pins: DetailPin[];
};

/**
 * The whole part in one statement (one round trip, one plan): the product row with its brand,
 * symbol, footprint (and imported 3D model), parameters and pins aggregated as JSON. `preview3d`
 * picks the row findStoredModel() (model3d/find-model.server.ts) would: the file, else its VRML twin.
 */
const DETAIL_SQL = `SELECT json_build_object(
  'p', row_to_json(p),
  'b', (SELECT row_to_json(b) FROM (SELECT id, key, name_zh, name_en, country, website FROM brands WHERE id = p.brand_id) b),
  's', (SELECT row_to_json(s) FROM (SELECT library, name, unit_count, pin_count, has_demorgan, source, licence FROM symbols WHERE id = p.symbol_id) s),
  'f', (SELECT row_to_json(f) FROM (
          SELECT library, name, description, pad_count, smd, model3d_path, source, licence,
            (SELECT row_to_json(m) FROM (SELECT path, format, byte_size FROM models3d WHERE path = k.key LIMIT 1) m) AS model3d,
            (SELECT row_to_json(v) FROM (SELECT path, source, licence FROM models3d
               WHERE mesh IS NOT NULL AND path IN (k.key, regexp_replace(k.key, '\\.(step|stp)$', '.wrl', 'i'))
               ORDER BY path = k.key DESC LIMIT 1) v) AS preview3d
          FROM footprints, LATERAL (SELECT regexp_replace(footprints.model3d_path, '^\\$\\{[A-Z0-9_]+\\}/?', '') AS key) k
          WHERE id = p.footprint_id) f),
  'params', (SELECT coalesce(json_agg(x), '[]'::json) FROM (SELECT key, unit, value_num, value_text FROM product_params WHERE product_id = p.id) x),
  'pins', (SELECT coalesce(json_agg(x), '[]'::json) FROM (SELECT unit, number, name, electrical_type AS "electricalType" FROM symbol_pins WHERE symbol_id = p.symbol_id) x)
) AS j
FROM (SELECT id, mfg_mpn_code, mpn, brand_id, cate_id, description_zh, description_en, package, datasheet_url, lifecycle, keywords,
        symbol_id, footprint_id, source, licence, asset_match, updated_at, pdf_count, eda_count, like_count, module_count,
        component_placement_count, module_placement_count, tag_click_count
      FROM products WHERE mfg_mpn_code = $1) p`;

export async function productDetail(db: Db, mfgMpnCode: string, locale: Locale, options: { similar?: boolean } = {}): Promise<ProductDetail> {
  const [result, tree] = await Promise.all([readRunnerOf(db).rows<{ j: JsonRow | string }>(DETAIL_SQL, [mfgMpnCode]), categoryTree(db)]);
  const raw = result[0]?.j;
  if (!raw) throw notFoundPart(mfgMpnCode, locale);
  const row: JsonRow = typeof raw === 'string' ? (JSON.parse(raw) as JsonRow) : raw;
  const p = row.p;
  const paramRows = row.params.map((r) => ({ key: r.key, unit: r.unit, valueNum: r.value_num, valueText: r.value_text }));
  const similar =
    options.similar === false
      ? []
      : await similarParts(db, p.id, locale, SIMILAR_LIMIT, { cateId: p.cate_id, package: p.package, params: paramRows });

  const params: DetailParam[] = paramRows
    .filter((r) => !(r.key === 'package' && r.valueText === p.package))
    .map((r) => {
      const names = paramNames(r.key);
      return { key: r.key, name: locale === 'en' ? names.nameEn : names.nameZh, ...names, unit: r.unit, valueNum: r.valueNum, valueText: r.valueText, display: formatParamValue(r.valueNum, r.valueText, r.unit, locale) };
    })
    .sort((a, b) => a.nameEn.localeCompare(b.nameEn));
  // By pin number (what a layout engineer looks up); unit 0 pins are shared by every unit.
  const pins = row.pins.sort((a, b) => pinCollator.compare(a.number, b.number) || a.unit - b.unit || pinCollator.compare(a.name, b.name));

  const b = row.b;
  const f = row.f;
  return {
    id: p.id,
    mfgMpnCode: p.mfg_mpn_code,
    mpn: p.mpn,
    brand: b ? { id: b.id, key: b.key, name: locale === 'en' ? b.name_en : b.name_zh, nameZh: b.name_zh, nameEn: b.name_en, country: b.country, website: b.website } : null,
    cateId: p.cate_id,
    categoryPath: categoryPathOf(tree, p.cate_id).map((n) => ({ cateId: n.cateId, cateName: categoryName(n, locale), level: n.level })),
    description: (locale === 'en' ? p.description_en || p.description_zh : p.description_zh || p.description_en) ?? null,
    descriptionZh: p.description_zh,
    descriptionEn: p.description_en,
    package: p.package,
    datasheetUrl: p.datasheet_url,
    lifecycle: p.lifecycle,
    keywords: p.keywords,
    source: p.source,
    licence: p.licence,
    assetMatch: p.asset_match === 'specific' || p.asset_match === 'generic' ? p.asset_match : null,
    updatedAt: new Date(p.updated_at).toISOString(),
    counters: {
      pdfCount: p.pdf_count,
      edaCount: p.eda_count,
      likeCount: p.like_count,
      moduleCount: p.module_count,
      componentPlacementCount: p.component_placement_count,
      modulePlacementCount: p.module_placement_count,
      tagClickCount: p.tag_click_count,
    },
    params,
    symbol: row.s ? { library: row.s.library, name: row.s.name, unitCount: row.s.unit_count, pinCount: row.s.pin_count, hasDeMorgan: row.s.has_demorgan, source: row.s.source, licence: row.s.licence } : null,
    pins,
    footprint: f
      ? {
          library: f.library,
          name: f.name,
          description: f.description,
          padCount: f.pad_count,
          smd: f.smd,
          model3dPath: f.model3d_path,
          model3d: f.model3d ? { path: f.model3d.path, format: f.model3d.format, byteSize: Number(f.model3d.byte_size) } : null,
          preview3d: f.preview3d,
          source: f.source,
          licence: f.licence,
        }
      : null,
    similar,
  };
}

export type SimilarContext = {
  cateId: number | null;
  package: string | null;
  params: { key: string; unit: string | null; valueNum: number | null; valueText: string | null }[];
};

/** Parameters whose nearest values find the best candidates (passives first). */
const ANCHOR_PRIORITY = ['resistance', 'capacitance', 'inductance', 'frequency', 'outputVoltage', 'flashSize', 'maxFrequency'];
const CANDIDATES_PER_SIDE = 120;
const CANDIDATES_BY_ID = 120;

/**
 * Similar parts: the same category and package, ranked by how close their parameters are.
 * Candidates come from index-backed probes so a category of millions stays cheap: the nearest
 * values of the part's main numeric parameter (both sides), and the first parts of the same
 * category and package. Distance per shared parameter: |ln(a/b)| for positive numbers (4k7 vs
 * 5k1 is as far as 47k vs 51k), relative difference otherwise, 1 for a different text value;
 * each parameter of the part that the candidate lacks adds 1. Results are cached per part for
 * SIMILAR_TTL_MS (they change only with imports).
 */
export async function similarParts(db: Db, productId: number, locale: Locale, limit = SIMILAR_LIMIT, context?: SimilarContext): Promise<SimilarPart[]> {
  return similarMemo.get(db, `${productId}:${locale}:${limit}`, () => computeSimilar(db, productId, locale, limit, context));
}

export const SIMILAR_TTL_MS = 10 * 60_000;
// About 7 KB an entry (6–7 parts): 5,000 keep it near 35 MB (20,000 let a long crawl reach 140 MB).
const SIMILAR_CACHE_SIZE = 5_000;
const similarMemo = createMemo<string, SimilarPart[]>({ ttlMs: SIMILAR_TTL_MS, maxEntries: SIMILAR_CACHE_SIZE });

async function computeSimilar(db: Db, productId: number, locale: Locale, limit: number, context?: SimilarContext): Promise<SimilarPart[]> {
  const client = readRunnerOf(db);
  let ctx = context;
  if (!ctx) {
    const me = await client.rows<{ cate_id: number | null; package: string | null }>('SELECT cate_id, package FROM products WHERE id = $1', [productId]);
    if (!me[0]) return [];
    const mine = await client.rows<{ key: string; unit: string | null; value_num: number | null; value_text: string | null }>(
      'SELECT key, unit, value_num, value_text FROM product_params WHERE product_id = $1',
      [productId],
    );
    ctx = { cateId: me[0].cate_id, package: me[0].package, params: mine.map((r) => ({ key: r.key, unit: r.unit, valueNum: r.value_num, valueText: r.value_text })) };
  }
  if (ctx.cateId === null) return [];
  const numeric = ctx.params.filter((p) => p.valueNum !== null && p.key !== 'package');
  const anchor = [...numeric].sort((a, b) => rank(a.key) - rank(b.key) || a.key.localeCompare(b.key))[0];
  const probes = [`(SELECT id FROM products WHERE cate_id = $1 AND package IS NOT DISTINCT FROM $2 ORDER BY id LIMIT ${CANDIDATES_BY_ID})`];
  const args: unknown[] = [ctx.cateId, ctx.package, productId];
  const textAnchor = ctx.params.find((p) => p.valueText !== null && p.key !== 'package');
  if (anchor) {
    args.push(anchor.key, anchor.valueNum);
    probes.push(
      `(SELECT product_id FROM product_params WHERE key = $4 AND value_num >= $5 ORDER BY value_num LIMIT ${CANDIDATES_PER_SIDE})`,
      `(SELECT product_id FROM product_params WHERE key = $4 AND value_num < $5 ORDER BY value_num DESC LIMIT ${CANDIDATES_PER_SIDE})`,
    );
  } else if (textAnchor) {
    // No number to be near to: parts sharing the first text value ('ARM Cortex-M3', 'X7R').
    args.push(textAnchor.key, textAnchor.valueText);
    probes.push(`(SELECT product_id FROM product_params WHERE key = $4 AND value_text = $5 LIMIT ${CANDIDATES_PER_SIDE * 2})`);
  }
  const cand = await client.rows<{ id: number }>(
    `SELECT p.id FROM products p
     WHERE p.id = ANY(ARRAY(${probes.join(' UNION ')}))
       AND p.cate_id = $1 AND p.package IS NOT DISTINCT FROM $2 AND p.id <> $3`,
    args,
  );
  if (cand.length === 0) return [];
  const ids = cand.map((r) => r.id);
  const scored = await client.rows<{
    id: number;
    mfg_mpn_code: string;
    mpn: string;
    brand_zh: string | null;
    brand_en: string | null;
    package: string | null;
    description_zh: string | null;
    description_en: string | null;
    shared: number;
    distance: number;
  }>(
    // Shaped so that it plans well without statistics (PGlite has no autovacuum): each candidate's
    // parameters are read by its own product_id index probe (LATERAL … OFFSET 0), then joined to
    // the part's parameters in memory.
    `WITH mine(key, value_num, value_text) AS MATERIALIZED (SELECT * FROM unnest($2::text[], $3::float8[], $4::text[])),
     cp AS MATERIALIZED (
       SELECT c.id, pp.key, pp.value_num, pp.value_text
       FROM unnest($1::int[]) AS c(id)
       CROSS JOIN LATERAL (SELECT key, value_num, value_text FROM product_params WHERE product_id = c.id OFFSET 0) pp
     ),
     s AS (
       SELECT c.id, count(mine.key)::int AS shared,
         coalesce(sum(CASE
           WHEN mine.key IS NULL THEN 0
           WHEN mine.value_num IS NOT NULL AND cp.value_num IS NOT NULL THEN
             CASE WHEN mine.value_num > 0 AND cp.value_num > 0 THEN abs(ln(cp.value_num / mine.value_num))
                  ELSE abs(cp.value_num - mine.value_num) / greatest(abs(mine.value_num), abs(cp.value_num), 1e-30) END
           WHEN mine.value_text IS NOT NULL AND cp.value_text IS NOT NULL THEN
             CASE WHEN lower(cp.value_text) = lower(mine.value_text) THEN 0 ELSE 1 END
           ELSE 1 END), 0)::float8 AS distance
       FROM unnest($1::int[]) AS c(id)
       LEFT JOIN (cp JOIN mine ON mine.key = cp.key) ON cp.id = c.id
       GROUP BY c.id
     )
     SELECT p.id, p.mfg_mpn_code, p.mpn, b.name_zh AS brand_zh, b.name_en AS brand_en, p.package,
            p.description_zh, p.description_en, s.shared, s.distance + ($5::int - s.shared) AS distance
     FROM s JOIN products p ON p.id = s.id LEFT JOIN brands b ON b.id = p.brand_id
     ORDER BY s.distance + ($5::int - s.shared), p.pdf_count + p.eda_count DESC, p.mpn
     LIMIT $6`,
    [ids, ctx.params.map((p) => p.key), ctx.params.map((p) => p.valueNum), ctx.params.map((p) => p.valueText), ctx.params.length, limit],
  );
  if (scored.length === 0) return [];
  const theirs = await client.rows<{ product_id: number; key: string; value_num: number | null; value_text: string | null; unit: string | null }>(
    'SELECT product_id, key, value_num, value_text, unit FROM product_params WHERE product_id = ANY($1::int[])',
    [scored.map((r) => r.id)],
  );
  const myDisplay = new Map(ctx.params.map((r) => [r.key, formatParamValue(r.valueNum, r.valueText, r.unit, locale)]));
  const byProduct = new Map<number, SimilarPart['params']>();
  for (const r of theirs) {
    if (!myDisplay.has(r.key) || r.key === 'package') continue;
    const display = formatParamValue(r.value_num, r.value_text, r.unit, locale);
    const names = paramNames(r.key);
    const list = byProduct.get(r.product_id) ?? [];
    list.push({ key: r.key, name: locale === 'en' ? names.nameEn : names.nameZh, display, same: display === myDisplay.get(r.key) });
    byProduct.set(r.product_id, list);
  }
  return scored.map((r) => ({
    mfgMpnCode: r.mfg_mpn_code,
    mpn: r.mpn,
    brandName: (locale === 'en' ? r.brand_en : r.brand_zh) ?? null,
    package: r.package,
    description: (locale === 'en' ? r.description_en || r.description_zh : r.description_zh || r.description_en) ?? null,
    sharedParams: Number(r.shared),
    distance: Number(Number(r.distance).toFixed(4)),
    params: (byProduct.get(r.id) ?? []).sort((a, b) => a.key.localeCompare(b.key)),
  }));
}

function rank(key: string): number {
  const i = ANCHOR_PRIORITY.indexOf(key);
  return i < 0 ? ANCHOR_PRIORITY.length : i;
}

/** The part's id only (cheap existence check for routes that need no detail). */
export async function productIdByCode(db: Db, mfgMpnCode: string): Promise<number | null> {
  const r = await db.select({ id: products.id }).from(products).where(eq(products.mfgMpnCode, mfgMpnCode)).limit(1);
  return r[0]?.id ?? null;
}


export type PartSuggestion = { mfgMpnCode: string; mpn: string; brandName: string | null; description: string | null };

/** The MPN a part code stands for: 'NE555D_ti' → 'NE555D'. */
export function mpnFromCode(code: string): string {
  return code.replace(/_[a-z0-9-]+$/, '').replace(/_/g, ' ').trim();
}

/**
 * Parts whose normalized MPN starts with the longest possible prefix of the requested one (for
 * the part-not-found page): 'STM32F103C8T6' finds STM32F103C8Tx, then STM32F103…; index-backed.
 */
export async function suggestParts(db: Db, code: string, locale: Locale, limit = 8): Promise<PartSuggestion[]> {
  const norm = normalizeMpn(mpnFromCode(code)).replace(/[\\%_]/g, '');
  for (let len = norm.length; len >= Math.min(3, norm.length) && len > 0; len = len > 8 ? len - 2 : len - 1) {
    const rows = await db
      .select({ mfgMpnCode: products.mfgMpnCode, mpn: products.mpn, zh: brands.nameZh, en: brands.nameEn, dzh: products.descriptionZh, den: products.descriptionEn })
      .from(products)
      .leftJoin(brands, eq(brands.id, products.brandId))
      .where(like(products.mpnNormalized, `${norm.slice(0, len)}%`))
      .orderBy(asc(products.mpnNormalized))
      .limit(limit);
    if (rows.length > 0) {
      return rows.map((r) => ({
        mfgMpnCode: r.mfgMpnCode,
        mpn: r.mpn,
        brandName: (locale === 'en' ? r.en : r.zh) ?? null,
        description: (locale === 'en' ? r.den || r.dzh : r.dzh || r.den) ?? null,
      }));
    }
  }
  return [];
}
