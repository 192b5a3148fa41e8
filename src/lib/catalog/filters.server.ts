import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Locale } from '../i18n/i18n.ts';
import type { Db } from '../server/db/client.server.ts';
import { brands, productParams, products } from '../server/db/schema/index.ts';
import { AppError, Code } from '../server/errors.ts';
import { categoryName } from './catalog.ts';
import { catalogMemo, categoryPathOf, categoryTree, subtreeIds } from './catalog.server.ts';
import { paramNames } from './filters.ts';
import type { BrandCount, FilterColumn, FilterValue, QueryHeader } from './catalog.schema.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import { readDbOf } from '../server/db/read-replica.server.ts';

// queryHeader (SPEC §7 Products): the filter columns of a category — every parameter used by
// its products (and its descendants'), with names, unit, value counts for text parameters and
// min/max for numeric ones — plus the brands and packages present.


export const TEXT_VALUES_LIMIT = 40;
export const BRANDS_LIMIT = 60;
export const PACKAGES_LIMIT = 60;
/** `package` is a product column with its own filter, not a parameter column. */
const SKIPPED_KEYS = new Set(['package']);

type Raw = Omit<QueryHeader, 'cateName' | 'path' | 'children' | 'columns' | 'brands'> & {
  columns: Omit<FilterColumn, 'name'>[];
  brands: Omit<BrandCount, 'name'>[];
};

export const HEADER_TTL_MS = 5 * 60_000;
const headerMemo = catalogMemo<number, Raw>({ ttlMs: HEADER_TTL_MS, maxEntries: 2000 });

/**
 * The filter columns of a category. Aggregates are cached per category for HEADER_TTL_MS: on a
 * large category they scan every parameter row, and they change only with imports.
 */
export async function queryHeader(db: Db, cateId: number, locale: Locale, now = Date.now()): Promise<QueryHeader> {
  const tree = await categoryTree(db, now);
  const node = tree.byId.get(cateId);
  if (!node) throw new AppError(Code.notFound, serverMessage('catalog.noCategory', locale, { cateId }));
  // The aggregates read the replica when there is one (DATABASE_READ_URL); the cache stays keyed by `db`.
  const raw = await headerMemo.get(db, cateId, async () => loadHeader(await readDbOf(db), cateId, subtreeIds(node), node.productCount, node.level), now);
  const name = (n: { cateName: string; cateNameEn: string }) => categoryName(n, locale);
  return {
    ...raw,
    cateName: name(node),
    path: categoryPathOf(tree, cateId).map((n) => ({ cateId: n.cateId, cateName: name(n) })),
    children: node.children.map((c) => ({ cateId: c.cateId, cateName: name(c), productCount: c.productCount })),
    columns: raw.columns.map((c) => ({ ...c, name: locale === 'en' ? c.nameEn : c.nameZh })),
    brands: raw.brands.map((b) => ({ ...b, name: locale === 'en' ? b.nameEn : b.nameZh })),
  };
}

async function loadHeader(db: Db, cateId: number, ids: number[], productCount: number, level: number): Promise<Raw> {
  const inCate = inArray(products.cateId, ids);
  const [numeric, text, brandRows, packageRows] = await Promise.all([
    db
      .select({
        key: productParams.key,
        unit: productParams.unit,
        n: sql<number>`count(*)::int`,
        min: sql<number>`min(${productParams.valueNum})`,
        max: sql<number>`max(${productParams.valueNum})`,
      })
      .from(productParams)
      .innerJoin(products, eq(products.id, productParams.productId))
      .where(and(inCate, isNotNull(productParams.valueNum)))
      .groupBy(productParams.key, productParams.unit),
    db
      .select({ key: productParams.key, value: productParams.valueText, n: sql<number>`count(*)::int` })
      .from(productParams)
      .innerJoin(products, eq(products.id, productParams.productId))
      .where(and(inCate, isNotNull(productParams.valueText)))
      .groupBy(productParams.key, productParams.valueText),
    db
      .select({ brandId: products.brandId, nameZh: brands.nameZh, nameEn: brands.nameEn, n: sql<number>`count(*)::int` })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(inCate)
      .groupBy(products.brandId, brands.nameZh, brands.nameEn),
    db
      .select({ value: products.package, n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(inCate, isNotNull(products.package)))
      .groupBy(products.package),
  ]);

  const columns = new Map<string, Omit<FilterColumn, 'name'>>();
  for (const r of numeric) {
    if (SKIPPED_KEYS.has(r.key)) continue;
    const prev = columns.get(r.key);
    // One unit per key is the import contract; if two slipped in, keep the more common one.
    if (prev && prev.count >= Number(r.n)) continue;
    columns.set(r.key, { key: r.key, ...paramNames(r.key), unit: r.unit, kind: 'number', count: Number(r.n), min: Number(r.min), max: Number(r.max) });
  }
  const textByKey = new Map<string, FilterValue[]>();
  for (const r of text) {
    if (SKIPPED_KEYS.has(r.key) || r.value === null) continue;
    const list = textByKey.get(r.key) ?? [];
    list.push({ value: r.value, count: Number(r.n) });
    textByKey.set(r.key, list);
  }
  for (const [key, values] of textByKey) {
    const count = values.reduce((s, v) => s + v.count, 0);
    if (columns.has(key) && columns.get(key)!.count >= count) continue;
    values.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
    columns.set(key, { key, ...paramNames(key), unit: null, kind: 'text', count, values: values.slice(0, TEXT_VALUES_LIMIT), distinctValues: values.length });
  }
  const byCount = <T extends { count: number }>(a: T, b: T) => b.count - a.count;
  return {
    cateId,
    level,
    productCount,
    columns: [...columns.values()].sort((a, b) => byCount(a, b) || a.key.localeCompare(b.key)),
    brands: brandRows
      .filter((b) => b.brandId !== null)
      .map((b) => ({ brandId: b.brandId!, nameZh: b.nameZh, nameEn: b.nameEn, count: Number(b.n) }))
      .sort((a, b) => byCount(a, b) || a.nameEn.localeCompare(b.nameEn))
      .slice(0, BRANDS_LIMIT),
    packages: packageRows
      .map((p) => ({ value: p.value!, count: Number(p.n) }))
      .sort((a, b) => byCount(a, b) || a.value.localeCompare(b.value))
      .slice(0, PACKAGES_LIMIT),
  };
}
