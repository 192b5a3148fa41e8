import type { z } from '@hono/zod-openapi';
import type { Locale } from '../i18n/i18n.ts';
import { categoryName } from '../catalog/catalog.ts';
import { categoryPathOf, categoryTree, type CountedNode } from '../catalog/catalog.server.ts';
import type { Db } from '../server/db/client.server.ts';
import { inTransaction, rawOf, runnerOf } from '../server/db/raw-sql.server.ts';
import { logger } from '../server/logger.server.ts';
import { partScore, rankTrend, TOP200_SIZE, type PartUse } from './designs.ts';
import type { Top200Schema } from './designs.schema.ts';

// Top200 (issue #14 item 7): every part scored by partScore (designs.ts) from its tracking
// counters and the public designs that use it, the best TOP200_SIZE kept overall ('all') and per
// top-level category (scope = its cateId as text). Each refresh rewrites part_ranks in one
// transaction and remembers each part's rank at the refresh before (prevRank) for the trend.

export const PART_RANK_INTERVAL_MS = 3600_000;

type Scored = { productId: number; rootId: number | null; use: PartUse; score: number };

/** Recomputes every scope's ranking as of `now`; returns how many rows each scope got. */
export async function refreshPartRanks(db: Db, now: Date): Promise<Record<string, number>> {
  const tree = await categoryTree(db, now.getTime());
  const rows = await runnerOf(db).rows<Record<string, number | null>>(
    `WITH u AS (
       SELECT dp.product_id, count(*)::int AS n
         FROM design_parts dp JOIN designs d ON d.id = dp.design_id
        WHERE d.visibility = 'public'
        GROUP BY dp.product_id
     )
     SELECT p.id, p.cate_id, coalesce(u.n, 0) AS designs,
            p.component_placement_count, p.module_placement_count, p.eda_count, p.pdf_count,
            p.like_count, p.module_count, p.tag_click_count
       FROM products p LEFT JOIN u ON u.product_id = p.id
      WHERE u.n > 0 OR p.component_placement_count > 0 OR p.module_placement_count > 0 OR p.eda_count > 0
         OR p.pdf_count > 0 OR p.like_count > 0 OR p.module_count > 0 OR p.tag_click_count > 0`,
  );
  const scored: Scored[] = [];
  for (const r of rows) {
    const use = useOf(r);
    const score = partScore(use);
    if (score <= 0) continue;
    const root = r.cate_id === null || r.cate_id === undefined ? undefined : categoryPathOf(tree, Number(r.cate_id))[0];
    scored.push({ productId: Number(r.id), rootId: root?.cateId ?? null, use, score });
  }
  // Ties: more public designs first, then the older product (stable across refreshes).
  scored.sort((a, b) => b.score - a.score || b.use.designs - a.use.designs || a.productId - b.productId);

  const scopes = new Map<string, Scored[]>([['all', scored.slice(0, TOP200_SIZE)]]);
  for (const s of scored) {
    if (s.rootId === null) continue;
    const key = String(s.rootId);
    const list = scopes.get(key) ?? [];
    if (list.length < TOP200_SIZE) list.push(s);
    scopes.set(key, list);
  }

  const ranked: { scope: string; rank: number; productId: number; score: number; counts: PartUse }[] = [];
  for (const [scope, list] of scopes) list.forEach((s, i) => ranked.push({ scope, rank: i + 1, productId: s.productId, score: s.score, counts: s.use }));

  await inTransaction(rawOf(db), async (run) => {
    // One refresher at a time (several processes may share the database).
    await run.rows(`SELECT pg_advisory_xact_lock(hashtext('part_ranks'))`);
    const prev = await run.rows<{ scope: string; product_id: number; rank: number }>(`SELECT scope, product_id, rank FROM part_ranks`);
    const prevRank = new Map(prev.map((p) => [`${p.scope}|${p.product_id}`, Number(p.rank)]));
    await run.rows(`DELETE FROM part_ranks`);
    if (ranked.length === 0) return;
    await run.rows(
      `INSERT INTO part_ranks (scope, rank, product_id, score, prev_rank, counts, computed_at)
       SELECT * FROM unnest($1::text[], $2::smallint[], $3::int[], $4::float8[], $5::smallint[], $6::jsonb[], $7::timestamptz[])`,
      [
        ranked.map((r) => r.scope),
        ranked.map((r) => r.rank),
        ranked.map((r) => r.productId),
        ranked.map((r) => r.score),
        ranked.map((r) => prevRank.get(`${r.scope}|${r.productId}`) ?? null),
        ranked.map((r) => JSON.stringify(r.counts)),
        ranked.map(() => now.toISOString()),
      ],
    );
  });
  return Object.fromEntries([...scopes].map(([k, v]) => [k, v.length]));
}

/** A row's PartUse (public designs and the products' counter columns). */
function useOf(r: Record<string, unknown>): PartUse {
  return {
    designs: Number(r.designs),
    componentPlacementCount: Number(r.component_placement_count),
    modulePlacementCount: Number(r.module_placement_count),
    edaCount: Number(r.eda_count),
    pdfCount: Number(r.pdf_count),
    likeCount: Number(r.like_count),
    moduleCount: Number(r.module_count),
    tagClickCount: Number(r.tag_click_count),
  };
}

export type Top200 = z.infer<typeof Top200Schema>;

/** The top-level categories that have a Top200 tab, in menu order. */
export async function rankScopes(db: Db, locale: Locale): Promise<{ scope: string; name: string }[]> {
  const tree = await categoryTree(db);
  return tree.roots.map((n: CountedNode) => ({ scope: String(n.cateId), name: categoryName(n, locale) }));
}

/** A scope is 'all' or a top-level category's id; anything else is not one. */
export async function isRankScope(db: Db, scope: string): Promise<boolean> {
  if (scope === 'all') return true;
  if (!/^[1-9][0-9]{0,8}$/.test(scope)) return false;
  const tree = await categoryTree(db);
  return tree.roots.some((n) => String(n.cateId) === scope);
}

type RankRow = {
  rank: number;
  prev_rank: number | null;
  score: number;
  counts: PartUse | string;
  mfg_mpn_code: string;
  mpn: string;
  package: string | null;
  cate_id: number | null;
  name_zh: string | null;
  name_en: string | null;
};

/** A part_ranks row as the API shows it (counts may arrive as JSON text, depending on the driver). */
function rankEntry<P>(r: { rank: number; prev_rank: number | null; score: number; counts: PartUse | string }, product: P) {
  const rank = Number(r.rank);
  const prevRank = r.prev_rank === null ? null : Number(r.prev_rank);
  return {
    rank,
    prevRank,
    trend: rankTrend(rank, prevRank),
    score: Number(r.score),
    counts: typeof r.counts === 'string' ? (JSON.parse(r.counts) as PartUse) : r.counts,
    product,
  };
}

/** A scope's list as the last refresh left it, best first; computedAt null before the first refresh. */
export async function readPartRanks(db: Db, scope: string, locale: Locale, limit = TOP200_SIZE): Promise<Top200> {
  const run = runnerOf(db);
  const [tree, rows, last] = await Promise.all([
    categoryTree(db),
    run.rows<RankRow>(
      `SELECT r.rank, r.prev_rank, r.score, r.counts, p.mfg_mpn_code, p.mpn, p.package, p.cate_id, b.name_zh, b.name_en
         FROM part_ranks r JOIN products p ON p.id = r.product_id LEFT JOIN brands b ON b.id = p.brand_id
        WHERE r.scope = $1 ORDER BY r.rank LIMIT $2`,
      [scope, limit],
    ),
    lastRefresh(db),
  ]);
  return {
    scope,
    computedAt: last,
    list: rows.map((r) => {
      const cate = r.cate_id === null ? undefined : tree.byId.get(r.cate_id);
      return rankEntry(r, {
        mfgMpnCode: r.mfg_mpn_code,
        mpn: r.mpn,
        brandName: (locale === 'en' ? r.name_en : r.name_zh) ?? r.name_en ?? '',
        cateName: cate ? categoryName(cate, locale) : '',
        package: r.package,
      });
    }),
  };
}

/** When part_ranks was last rewritten (null: never). */
export async function lastRefresh(db: Db): Promise<string | null> {
  const rows = await runnerOf(db).rows<{ t: string | Date | null }>(`SELECT max(computed_at) AS t FROM part_ranks`);
  const t = rows[0]?.t;
  return t ? new Date(t).toISOString() : null;
}

/** One part's Top200 standing: its entry in 'all' and in its top-level category, when ranked. */
export type PartRankCard = {
  mfgMpnCode: string;
  mpn: string;
  brandName: string;
  cateName: string;
  package: string | null;
  rootScope: { scope: string; name: string } | null;
  all: Top200['list'][number] | null;
  inCategory: Top200['list'][number] | null;
  /** The counts now (the ranks are as of computedAt). */
  counts: PartUse;
  computedAt: string | null;
};

/** The /top200/productCard data; null for an unknown part. */
export async function partRankCard(db: Db, mfgMpnCode: string, locale: Locale): Promise<PartRankCard | null> {
  const run = runnerOf(db);
  const [tree, parts] = await Promise.all([
    categoryTree(db),
    run.rows<{ id: number; mfg_mpn_code: string; mpn: string; package: string | null; cate_id: number | null; name_zh: string | null; name_en: string | null } & Record<string, number>>(
      `SELECT p.id, p.mfg_mpn_code, p.mpn, p.package, p.cate_id, b.name_zh, b.name_en,
              (SELECT count(*)::int FROM design_parts dp JOIN designs d ON d.id = dp.design_id WHERE dp.product_id = p.id AND d.visibility = 'public') AS designs,
              p.component_placement_count, p.module_placement_count, p.eda_count, p.pdf_count, p.like_count, p.module_count, p.tag_click_count
         FROM products p LEFT JOIN brands b ON b.id = p.brand_id WHERE p.mfg_mpn_code = $1`,
      [mfgMpnCode],
    ),
  ]);
  const p = parts[0];
  if (!p) return null;
  const root = p.cate_id === null ? undefined : categoryPathOf(tree, p.cate_id)[0];
  const cate = p.cate_id === null ? undefined : tree.byId.get(p.cate_id);
  const ranks = await run.rows<{ scope: string; rank: number; prev_rank: number | null; score: number; counts: PartUse | string }>(
    `SELECT scope, rank, prev_rank, score, counts FROM part_ranks WHERE product_id = $1 AND scope = ANY($2::text[])`,
    [p.id, ['all', ...(root ? [String(root.cateId)] : [])]],
  );
  const brandName = (locale === 'en' ? p.name_en : p.name_zh) ?? p.name_en ?? '';
  const product = { mfgMpnCode: p.mfg_mpn_code, mpn: p.mpn, brandName, cateName: cate ? categoryName(cate, locale) : '', package: p.package };
  const entry = (scope: string) => {
    const r = ranks.find((x) => x.scope === scope);
    return r ? rankEntry(r, product) : null;
  };
  return {
    ...product,
    rootScope: root ? { scope: String(root.cateId), name: categoryName(root, locale) } : null,
    all: entry('all'),
    inCategory: root ? entry(String(root.cateId)) : null,
    counts: useOf(p),
    computedAt: await lastRefresh(db),
  };
}

/** One logged refresh; failures are logged, never fatal. */
export async function refreshPartRanksLogged(db: Db): Promise<void> {
  try {
    const started = performance.now();
    const counts = await refreshPartRanks(db, new Date());
    logger.info({ scopes: Object.keys(counts).length, ranked: counts.all ?? 0, ms: Math.round(performance.now() - started) }, 'Top200 refreshed');
  } catch (error) {
    logger.warn({ err: error }, 'Top200 refresh failed');
  }
}

/** Refreshes now and then every `intervalMs` (hourly by default). */
export function schedulePartRanks(db: Db, intervalMs = PART_RANK_INTERVAL_MS): void {
  void refreshPartRanksLogged(db);
  setInterval(() => void refreshPartRanksLogged(db), intervalMs).unref();
}
