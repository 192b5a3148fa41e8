import { and, asc, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.server.ts';
import { runnerOf } from '../server/db/raw-sql.server.ts';
import { products } from '../server/db/schema/index.ts';
import { categoryTree } from '../catalog/catalog.server.ts';
import { filterPageHref } from '../catalog/catalog.ts';
import { alternateUrlEntries, PRODUCTS_PER_SITEMAP, productPath, sitemapIndexXml, URLSET_CLOSE, URLSET_OPEN } from './seo.ts';

// Sitemaps that scale to millions of parts. Products are split by id range: sitemap n holds the
// products with id in ((n-1)·P, n·P], P = 25,000 products = 50,000 <url> entries (zh + en). A
// page is read by a keyset range scan on the primary key (never OFFSET), a part stays in the same
// sitemap for life, and the index lists only non-empty ranges, found by a recursive skip-scan
// that costs one index probe per sitemap.

/** Public, indexable static routes (SPEC §2); host dialogs and personal pages are left out. */
export const STATIC_SITEMAP_PATHS = ['/', '/catalog', '/search', '/bom', '/ecadViewer', '/ecadViewer/top100', '/top200', '/aiChat', '/subsMaterial'];

/** Sitemap numbers (1-based) that contain at least one product. */
export async function productSitemapNumbers(db: Db, perSitemap = PRODUCTS_PER_SITEMAP): Promise<number[]> {
  const rows = await runnerOf(db).rows<{ bucket: number | string }>(
    `WITH RECURSIVE b(bucket) AS (
       SELECT (min(id) - 1) / $1 FROM products
       UNION ALL
       SELECT (SELECT (min(id) - 1) / $1 FROM products WHERE id > (b.bucket + 1) * $1) FROM b WHERE b.bucket IS NOT NULL
     )
     SELECT bucket FROM b WHERE bucket IS NOT NULL`,
    [perSitemap],
  );
  return rows.map((r) => Number(r.bucket) + 1);
}

export async function sitemapIndex(db: Db, origin: string): Promise<string> {
  const numbers = await productSitemapNumbers(db);
  return sitemapIndexXml([{ loc: `${origin}/sitemap-pages.xml` }, ...numbers.map((n) => ({ loc: `${origin}/sitemap-products-${n}.xml` }))]);
}

export async function pagesSitemap(db: Db, origin: string): Promise<string> {
  const tree = await categoryTree(db);
  let xml = URLSET_OPEN;
  for (const path of STATIC_SITEMAP_PATHS) xml += alternateUrlEntries(origin, path);
  for (const node of tree.byId.values()) {
    if (node.productCount === 0) continue;
    // The zh name is the path segment in both locales (one canonical URL per category).
    xml += alternateUrlEntries(origin, filterPageHref(node, node.cateName, 'zh'));
  }
  return xml + URLSET_CLOSE;
}

/** Sitemap n of the products, or null when the range is empty (the endpoint answers 404). */
export async function productsSitemap(db: Db, origin: string, n: number, perSitemap = PRODUCTS_PER_SITEMAP): Promise<string | null> {
  // Product ids are int4: a sitemap number past the last possible range holds nothing.
  if (!Number.isInteger(n) || n < 1 || (n - 1) * perSitemap >= 2_147_483_647) return null;
  const lo = (n - 1) * perSitemap;
  const hi = Math.min(lo + perSitemap, 2_147_483_647);
  const rows = await db
    .select({ code: products.mfgMpnCode, updatedAt: sql<string>`to_char(${products.updatedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')` })
    .from(products)
    .where(and(gt(products.id, lo), lte(products.id, hi)))
    .orderBy(asc(products.id));
  if (rows.length === 0) return null;
  const parts: string[] = [URLSET_OPEN];
  for (const r of rows) parts.push(alternateUrlEntries(origin, productPath(r.code), r.updatedAt));
  parts.push(URLSET_CLOSE);
  return parts.join('');
}
