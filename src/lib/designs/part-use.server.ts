import { createMemo } from '../server/memo.server.ts';
import type { z } from '@hono/zod-openapi';
import type { Locale } from '../i18n/i18n.ts';
import { categoryName } from '../catalog/catalog.ts';
import { categoryTree, subtreeIds } from '../catalog/catalog.server.ts';
import { normalizeMpn } from '../catalog/mpn.ts';
import type { Db } from '../server/db/client.server.ts';
import { runnerOf } from '../server/db/raw-sql.server.ts';
import type { EcadPageBodySchema, EcadPageSchema } from './designs.schema.ts';
import { coverUrlOf } from './designs.server.ts';

// Parts in public designs (issue #14 item 5, the part side): design_parts (filled by the design
// analysis) joined with designs.visibility = 'public'. Read by the product detail page ('used in N
// public designs'), POST /api/chiplet/products/queryEcadPage and Top200 (part-rank.server.ts).

/** A design as a part's page lists it. */
export type PartDesign = { id: string; title: string; coverUrl: string | null; likeCount: number };

/** Designs shown per part in queryEcadPage's list. */
export const ECAD_PAGE_DESIGNS = 3;

/** How many public designs use the part. */
export async function publicDesignCount(db: Db, productId: number): Promise<number> {
  const rows = await runnerOf(db).rows<{ n: number }>(
    `SELECT count(*)::int AS n FROM design_parts dp JOIN designs d ON d.id = dp.design_id
      WHERE dp.product_id = $1 AND d.visibility = 'public'`,
    [productId],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Up to `limit` public designs that use the part, most liked first (then newest). */
export async function publicDesignsOfPart(db: Db, productId: number, limit: number): Promise<PartDesign[]> {
  const rows = await runnerOf(db).rows<{ id: string; title: string; cover_key: string | null; like_count: number }>(
    `SELECT d.id, coalesce(nullif(d.title, ''), d.name) AS title, d.cover_key, d.like_count
       FROM design_parts dp JOIN designs d ON d.id = dp.design_id
      WHERE dp.product_id = $1 AND d.visibility = 'public'
      ORDER BY d.like_count DESC, d.published_at DESC NULLS LAST, d.id
      LIMIT $2`,
    [productId, Math.max(0, Math.min(100, Math.floor(limit)))],
  );
  return rows.map((r) => ({ id: r.id, title: r.title, coverUrl: coverUrlOf(r.id, r.cover_key), likeCount: Number(r.like_count) }));
}

/** Count and the first designs together (the product detail page's section). */
export async function partDesignUse(db: Db, productId: number, limit = 6): Promise<{ count: number; designs: PartDesign[] }> {
  const [count, designs] = await Promise.all([publicDesignCount(db, productId), publicDesignsOfPart(db, productId, limit)]);
  return { count, designs };
}

type EcadPageBody = z.infer<typeof EcadPageBodySchema>;
type EcadPage = z.infer<typeof EcadPageSchema>;

/**
 * Parts used by at least one public design, with a few of those designs: filtered by part number
 * prefix (normalised as the catalogue stores mpn_normalized) and by a category with all its
 * descendants; sorted by use (most designs first) or by part number.
 */
export async function queryEcadPage(db: Db, body: EcadPageBody, locale: Locale): Promise<EcadPage> {
  const tree = await categoryTree(db);
  let prefix: string | null = null;
  if (body.keyword) {
    prefix = normalizeMpn(body.keyword);
    // Only punctuation or other scripts: no part number can start with it.
    if (!prefix) return { list: [], total: 0 };
  }
  let cateIds: number[] | null = null;
  if (body.cateId !== undefined) {
    const node = tree.byId.get(body.cateId);
    if (!node) return { list: [], total: 0 };
    cateIds = subtreeIds(node);
  }
  const order = body.sort === 'mpn' ? 'p.mpn_normalized, p.id' : 'u.n DESC, p.mpn_normalized, p.id';
  const run = runnerOf(db);
  const rows = await run.rows<{ id: number; mfg_mpn_code: string; mpn: string; package: string | null; cate_id: number | null; name_zh: string | null; name_en: string | null; n: number; total: number }>(
    `WITH u AS (
       SELECT dp.product_id, count(*)::int AS n
         FROM design_parts dp JOIN designs d ON d.id = dp.design_id
        WHERE d.visibility = 'public'
        GROUP BY dp.product_id
     )
     SELECT p.id, p.mfg_mpn_code, p.mpn, p.package, p.cate_id, b.name_zh, b.name_en, u.n, count(*) OVER ()::int AS total
       FROM u JOIN products p ON p.id = u.product_id LEFT JOIN brands b ON b.id = p.brand_id
      WHERE ($1::text IS NULL OR p.mpn_normalized LIKE $1 || '%')
        AND ($2::int[] IS NULL OR p.cate_id = ANY($2::int[]))
      ORDER BY ${order}
      LIMIT $3 OFFSET $4`,
    [prefix, cateIds, body.pageSize, (body.pageNum - 1) * body.pageSize],
  );
  if (rows.length === 0) {
    // Past the last page the window count is gone: count on its own.
    const total = body.pageNum > 1 ? await ecadTotal(db, prefix, cateIds) : 0;
    return { list: [], total };
  }
  const designs = await run.rows<{ product_id: number; id: string; title: string }>(
    `SELECT pid.product_id, x.id, x.title
       FROM unnest($1::int[]) AS pid(product_id)
       CROSS JOIN LATERAL (
         SELECT d.id, coalesce(nullif(d.title, ''), d.name) AS title
           FROM design_parts dp JOIN designs d ON d.id = dp.design_id
          WHERE dp.product_id = pid.product_id AND d.visibility = 'public'
          ORDER BY d.like_count DESC, d.published_at DESC NULLS LAST, d.id
          LIMIT ${ECAD_PAGE_DESIGNS}
       ) x`,
    [rows.map((r) => r.id)],
  );
  const byPart = new Map<number, { id: string; title: string }[]>();
  for (const d of designs) {
    const list = byPart.get(Number(d.product_id)) ?? [];
    list.push({ id: d.id, title: d.title });
    byPart.set(Number(d.product_id), list);
  }
  return {
    total: Number(rows[0]!.total),
    list: rows.map((r) => {
      const cate = r.cate_id === null ? undefined : tree.byId.get(r.cate_id);
      return {
        mfgMpnCode: r.mfg_mpn_code,
        mpn: r.mpn,
        brandName: (locale === 'en' ? r.name_en : r.name_zh) ?? r.name_en ?? '',
        cateName: cate ? categoryName(cate, locale) : '',
        package: r.package,
        designCount: Number(r.n),
        designs: byPart.get(r.id) ?? [],
      };
    }),
  };
}

async function ecadTotal(db: Db, prefix: string | null, cateIds: number[] | null): Promise<number> {
  const rows = await runnerOf(db).rows<{ n: number }>(
    `SELECT count(DISTINCT dp.product_id)::int AS n
       FROM design_parts dp JOIN designs d ON d.id = dp.design_id JOIN products p ON p.id = dp.product_id
      WHERE d.visibility = 'public'
        AND ($1::text IS NULL OR p.mpn_normalized LIKE $1 || '%')
        AND ($2::int[] IS NULL OR p.cate_id = ANY($2::int[]))`,
    [prefix, cateIds],
  );
  return Number(rows[0]?.n ?? 0);
}

const mostUsedMemo = createMemo<string, EcadPage['list']>({ ttlMs: 60_000, maxEntries: 8 });

/**
 * The gallery's part cards: the parts most used by public designs, kept a minute per database and
 * language (they move only when designs are published or analysed; the aggregate over every
 * design's parts cost the gallery ~20–30 ms a render at 10,000 designs).
 */
export function mostUsedParts(db: Db, locale: Locale, limit = 12): Promise<EcadPage['list']> {
  return mostUsedMemo.get(db, `${locale}:${limit}`, async () => (await queryEcadPage(db, { sort: 'use', pageNum: 1, pageSize: limit }, locale)).list);
}
