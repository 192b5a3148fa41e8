import { asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.server.ts';
import { categories, modules, products, trackingMarks } from '../server/db/schema/index.ts';
import { AppError, Code } from '../server/errors.ts';
import { createMemo, type Memo, type MemoOptions } from '../server/memo.server.ts';
import { buildCategoryTree, type CategoryNode, type CategoryTreeNode } from './catalog.ts';
import type { CateTreeItem, CounterName, Counters, MarkType } from './catalog.schema.ts';
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

/**
 * Adds one to each named counter of the part `mKey` (a product's mfgMpnCode) and returns the new
 * values. COMPONENT marks address the product directly. MODULE marks address a module by its
 * mfgMpnCode: the module must exist, and the counters live on the product it is built around
 * (the modules table has no counters of its own). Unknown keys are 40400; nothing is created.
 */
/** Who counts once a day: `u:<user id>` for a signed-in caller, else a keyed hash of the IP. */
export type MarkClient = { client: string; day: number };

export async function bumpCounters(
  db: Db,
  mKey: string,
  mType: MarkType,
  names: readonly CounterName[],
  locale: 'zh' | 'en' = 'zh',
  once?: MarkClient,
): Promise<Counters> {
  if (names.length === 0) throw new AppError(Code.badInput, serverMessage('catalog.noCounter', locale));
  if (mType === 'MODULE') {
    const mod = await db.select({ id: modules.id }).from(modules).where(eq(modules.mfgMpnCode, mKey)).limit(1);
    if (mod.length === 0) throw new AppError(Code.notFound, serverMessage('catalog.noModuleKey', locale, { key: mKey }));
  }
  const notFound = () => new AppError(Code.notFound, serverMessage('catalog.noPart', locale, { code: mKey }));
  return db.transaction(async (tx) => {
    let fresh = [...new Set(names)];
    if (once) {
      await purgeOldMarks(tx, once.day);
      // Only the counters this client has not marked today count; a repeat answers the values as they are.
      const inserted = await tx
        .insert(trackingMarks)
        .values(fresh.map((counter) => ({ day: once.day, client: once.client, mKey, mType, counter })))
        .onConflictDoNothing()
        .returning({ counter: trackingMarks.counter });
      const added = new Set(inserted.map((r) => r.counter));
      fresh = fresh.filter((n) => added.has(n));
    }
    if (fresh.length === 0) {
      const [row] = await tx.select(COUNTER_COLUMNS).from(products).where(eq(products.mfgMpnCode, mKey)).limit(1);
      if (!row) throw notFound();
      return row;
    }
    const set: Record<string, unknown> = {};
    for (const name of fresh) set[name] = sql`${COUNTER_COLUMNS[name]} + 1`;
    const [row] = await tx.update(products).set(set).where(eq(products.mfgMpnCode, mKey)).returning(COUNTER_COLUMNS);
    // Throwing rolls the marks back too: an unknown part leaves nothing behind.
    if (!row) throw notFound();
    return row;
  });
}

let purgedBefore = 0;
/** Once a day per process: marks older than yesterday are no longer needed. */
async function purgeOldMarks(tx: Pick<Db, 'delete'>, today: number): Promise<void> {
  if (purgedBefore >= today - 1) return;
  purgedBefore = today - 1;
  await tx.delete(trackingMarks).where(lt(trackingMarks.day, today - 1));
}
