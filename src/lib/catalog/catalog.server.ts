import { asc, sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.server.ts';
import { categories, products } from '../server/db/schema/index.ts';
import { AppError, Code } from '../server/errors.ts';
import { createMemo, type Memo, type MemoOptions } from '../server/memo.server.ts';
import { buildCategoryTree, type CategoryNode, type CategoryTreeNode } from './catalog.ts';
import type { CateTreeItem, CounterName } from './catalog.schema.ts';
import { serverMessage } from '../server/messages/server-message.ts';

/** Every memo of catalogue aggregates, so one invalidation clears them all without an import cycle. */
const catalogMemos: Memo<never, unknown>[] = [];

/** A memo that invalidateCatalogCache clears (filters.server.ts makes its header memo here). */
export function catalogMemo<K, V>(options: MemoOptions<V>): Memo<K, V> {
  const memo = createMemo<K, V>(options);
  catalogMemos.push(memo as Memo<never, unknown>);
  return memo;
}

/** Drops the cached tree, list and filter headers (after an import, or in tests that change categories). */
export function invalidateCatalogCache(db: Db): void {
  for (const memo of catalogMemos) memo.clear(db);
}

/** How long the category list and the counted tree stay cached. */
export const CATALOG_TREE_TTL_MS = 60_000;
const listMemo = catalogMemo<'all', CategoryNode[]>({ ttlMs: CATALOG_TREE_TTL_MS, keep: (rows) => rows.length > 0 });
const treeMemo = catalogMemo<'all', CatalogTree>({ ttlMs: CATALOG_TREE_TTL_MS });

/**
 * Every category, parents before children, in display order. The header renders it on every
 * page, so it is cached per database for CATALOG_TREE_TTL_MS (categories change only with
 * imports; invalidateCatalogCache drops it). An empty result is not cached: a fresh catalogue is
 * about to be seeded. Callers must not mutate the returned rows.
 */
export function listCategories(db: Db, now = Date.now()): Promise<CategoryNode[]> {
  return listMemo.get(db, 'all', () => listCategoriesFresh(db), now);
}

/** The categories straight from the database (no cache). */
export async function listCategoriesFresh(db: Db): Promise<CategoryNode[]> {
  return db
    .select({
      cateId: categories.cateId,
      cateName: categories.cateName,
      cateNameEn: categories.cateNameEn,
      level: categories.level,
      parentId: categories.parentId,
    })
    .from(categories)
    .orderBy(asc(categories.level), asc(categories.sort), asc(categories.cateId));
}

// ── Category tree with product counts ────────────────────────────────────────

export type CountedNode = CategoryNode & {
  /** Products in this category and all its descendants. */
  productCount: number;
  /** Products filed directly on this node. */
  ownCount: number;
  children: CountedNode[];
};

export type CatalogTree = {
  roots: CountedNode[];
  byId: ReadonlyMap<number, CountedNode>;
  /** Products in the catalogue (sum over all categories, plus uncategorised). */
  total: number;
  loadedAt: number;
};

/**
 * The whole tree with counts: one grouped COUNT over products, rolled up in memory. The catalogue
 * page, the filter page (breadcrumbs, subtree ids) and the detail page share it; it is cached per
 * database for CATALOG_TREE_TTL_MS because counts move only with imports.
 */
export function categoryTree(db: Db, now = Date.now()): Promise<CatalogTree> {
  return treeMemo.get(db, 'all', () => loadCategoryTree(db, now), now);
}

async function loadCategoryTree(db: Db, now: number): Promise<CatalogTree> {
  const [nodes, counts] = await Promise.all([
    listCategoriesFresh(db),
    db
      .select({ cateId: products.cateId, n: sql<number>`count(*)::int` })
      .from(products)
      .groupBy(products.cateId),
  ]);
  const own = new Map<number | null, number>();
  let total = 0;
  for (const c of counts) {
    own.set(c.cateId, Number(c.n));
    total += Number(c.n);
  }
  const roots = buildCategoryTree(nodes) as CountedNode[];
  const byId = new Map<number, CountedNode>();
  const visit = (node: CountedNode): number => {
    byId.set(node.cateId, node);
    node.ownCount = own.get(node.cateId) ?? 0;
    node.productCount = node.ownCount;
    for (const child of node.children) node.productCount += visit(child);
    return node.productCount;
  };
  for (const root of roots) visit(root);
  return { roots, byId, total, loadedAt: now };
}

/** The category and all its descendants' ids (for filters over a subtree). */
export function subtreeIds(node: CategoryTreeNode): number[] {
  const ids: number[] = [];
  const stack: CategoryTreeNode[] = [node];
  while (stack.length) {
    const n = stack.pop()!;
    ids.push(n.cateId);
    stack.push(...n.children);
  }
  return ids;
}

/** Root → node path (for breadcrumbs); empty when the id is unknown. */
export function categoryPathOf(tree: CatalogTree, cateId: number | null): CountedNode[] {
  const path: CountedNode[] = [];
  const seen = new Set<number>();
  let node = cateId === null ? undefined : tree.byId.get(cateId);
  while (node && !seen.has(node.cateId)) {
    seen.add(node.cateId);
    path.unshift(node);
    node = node.parentId === null ? undefined : tree.byId.get(node.parentId);
  }
  return path;
}

/** Trims a counted tree for the API: ids, names in both languages, counts, children (CateTreeItem, catalog.schema.ts). */
export async function cateTreeFor(db: Db, locale: 'zh' | 'en', rootId?: number, depth = 3): Promise<CateTreeItem[]> {
  const tree = await categoryTree(db);
  let roots: CountedNode[] = tree.roots;
  if (rootId !== undefined) {
    const node = tree.byId.get(rootId);
    if (!node) throw new AppError(Code.notFound, serverMessage('catalog.noCategory', locale, { cateId: rootId }));
    roots = [node];
  }
  const shape = (n: CountedNode, d: number): CateTreeItem => ({
    cateId: n.cateId,
    cateName: locale === 'en' && n.cateNameEn ? n.cateNameEn : n.cateName,
    cateNameZh: n.cateName,
    cateNameEn: n.cateNameEn,
    level: n.level,
    parentId: n.parentId,
    productCount: n.productCount,
    children: d > 1 ? n.children.map((c) => shape(c, d - 1)) : [],
  });
  return roots.map((r) => shape(r, depth));
}

// ── Tracking counters (SPEC §3, §7 "fire and forget") ────────────────────────

/** The seven counters of the tracking payload (CountersSchema, catalog.schema.ts) and their columns. */
export const COUNTER_COLUMNS = {
  pdfCount: products.pdfCount,
  edaCount: products.edaCount,
  likeCount: products.likeCount,
  moduleCount: products.moduleCount,
  componentPlacementCount: products.componentPlacementCount,
  modulePlacementCount: products.modulePlacementCount,
  tagClickCount: products.tagClickCount,
} as const satisfies Record<CounterName, unknown>;

// The mark/* calls write these in batches: mark-batch.server.ts.
