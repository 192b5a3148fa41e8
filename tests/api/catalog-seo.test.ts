import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateCatalogCache } from '../../src/lib/catalog/catalog.server.ts';
import { PRODUCTS_PER_SITEMAP, robotsTxt, SITEMAP_MAX_URLS } from '../../src/lib/seo/seo.ts';
import { pagesSitemap, productSitemapNumbers, productsSitemap, sitemapIndex } from '../../src/lib/seo/sitemap.server.ts';
import { createTestDatabase } from '../helpers/test-db.ts';
import { seedCatalog } from '../unit/catalog-pages/seed.ts';

// Sitemaps: id-range pages (keyset scans), both locales with alternates, the index skipping empty
// ranges; robots.txt.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let total = 0;
const origin = 'https://chipedia.example';
type Raw = { query: <T>(q: string, p?: unknown[]) => Promise<{ rows: T[] }> };
const raw = () => (database.db as unknown as { $client: Raw }).$client;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalog(database);
  total = Number((await raw().query<{ n: number }>('SELECT count(*)::int AS n FROM products')).rows[0]!.n);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

const urls = (xml: string) => [...xml.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe(`sitemaps (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('holds 50,000 URLs per file: 25,000 parts in two locales', () => {
    expect(PRODUCTS_PER_SITEMAP * 2).toBe(SITEMAP_MAX_URLS);
  });

  it('pages products by id range: every part exactly once, zh and en with alternates', async () => {
    const per = 100;
    const numbers = await productSitemapNumbers(database.db, per);
    expect(numbers[0]).toBe(1);
    const seen = new Set<string>();
    for (const n of numbers) {
      const xml = (await productsSitemap(database.db, origin, n, per))!;
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/);
      const list = urls(xml);
      expect(list.length).toBeLessThanOrEqual(per * 2);
      for (const u of list) {
        expect(seen.has(u)).toBe(false);
        seen.add(u);
      }
    }
    expect(seen.size).toBe(total * 2);
    expect(seen).toContain(`${origin}/productDetail/LM358_ti`);
    expect(seen).toContain(`${origin}/en/productDetail/LM358_ti`);
    const one = (await productsSitemap(database.db, origin, 1, per))!;
    expect(one).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${origin}/en/productDetail/LM358_ti"/>`);
    expect(one).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it('skips empty id ranges in the index and answers null for them', async () => {
    const per = 100;
    const before = await productSitemapNumbers(database.db, per);
    expect(before.length).toBeGreaterThanOrEqual(3);
    // Remove every part of the second range: the index must skip it.
    await raw().query('DELETE FROM products WHERE id > $1 AND id <= $2', [per, per * 2]);
    const after = await productSitemapNumbers(database.db, per);
    expect(after).toEqual(before.filter((n) => n !== 2));
    expect(await productsSitemap(database.db, origin, 2, per)).toBeNull();
    expect(await productsSitemap(database.db, origin, 999, per)).toBeNull();
    expect(await productsSitemap(database.db, origin, 99_999)).toBeNull(); // beyond int4 ids: empty, not an error
    expect(await productsSitemap(database.db, origin, 0)).toBeNull();
  });

  it('the index lists the pages sitemap and each products sitemap', async () => {
    const xml = await sitemapIndex(database.db, origin);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(`<loc>${origin}/sitemap-pages.xml</loc>`);
    expect(xml).toContain(`<loc>${origin}/sitemap-products-1.xml</loc>`);
  });

  it('the pages sitemap has the static routes and the non-empty categories in both locales', async () => {
    invalidateCatalogCache(database.db);
    const xml = await pagesSitemap(database.db, origin);
    const list = urls(xml);
    expect(list).toEqual(expect.arrayContaining([`${origin}/`, `${origin}/en`, `${origin}/catalog`, `${origin}/en/catalog`]));
    expect(list).toContain(`${origin}/filterPage/200/${encodeURIComponent('运算放大器')}`);
    expect(list).toContain(`${origin}/en/filterPage/200/${encodeURIComponent('运算放大器')}`);
    expect(list.some((u) => u.includes('/filterPage/18/'))).toBe(false); // empty category
  });
});

describe('robots.txt', () => {
  it('allows pages, keeps crawlers out of the APIs, and names the sitemap', () => {
    const txt = robotsTxt(origin);
    expect(txt).toContain('User-agent: *\nAllow: /\nDisallow: /api/');
    expect(txt).toContain('Disallow: /api_module/');
    expect(txt).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});
