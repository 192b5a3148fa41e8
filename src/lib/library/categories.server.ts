import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { normalizeMpn } from '../catalog/mpn.ts';
import type { Locale } from '../i18n/i18n.ts';
import type { Db } from '../server/db/client.server.ts';
import { brands, designBlocks, products, productChecks, userCategories, userCategoryLinks, userComponents, users } from '../server/db/schema/index.ts';
import { AppError, Code } from '../server/errors.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import { buildCategoryTree, sharePath, subtreeHeight, subtreeIds, type CategoryNode, type CategoryRow, type CategoryScope, type DirectCounts } from './categories.ts';
import type { Deleted, ItemList, LinkedItem, ListBody, OpenResult, RelateBody, RelateResult, Saved, SaveBody, Shared, SharedQuery, Tree, UnrelateBody } from './categories.schema.ts';
import { LIBRARY_LIMITS, type Quality } from './library.ts';

// The own category trees (issue #16 item 2): queries behind categories.routes.ts and the share
// page. Ownership: every call names the owner; another user's category, link or component is
// answered exactly like a missing one (40400, same message). A share token reads, never writes.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Conn = Db | Tx;

const notFound = (locale: Locale) => new AppError(Code.notFound, serverMessage('categories.notFound', locale));
const badInput = (locale: Locale, key: Parameters<typeof serverMessage>[0], vars: Record<string, string | number> = {}) =>
  new AppError(Code.badInput, serverMessage(key, locale, vars));

const rowColumns = {
  id: userCategories.id,
  name: userCategories.name,
  parentId: userCategories.parentId,
  level: userCategories.level,
  sort: userCategories.sort,
  shareToken: userCategories.shareToken,
};

async function scopeRows(db: Conn, ownerId: number, scope: CategoryScope): Promise<CategoryRow[]> {
  return db
    .select(rowColumns)
    .from(userCategories)
    .where(and(eq(userCategories.ownerId, ownerId), eq(userCategories.scope, scope)));
}

/** The caller's category `id` (any scope), or 40400 like a missing one. */
async function ownCategory(db: Conn, ownerId: number, id: number, locale: Locale) {
  const [row] = await db
    .select({ ...rowColumns, scope: userCategories.scope })
    .from(userCategories)
    .where(and(eq(userCategories.id, id), eq(userCategories.ownerId, ownerId)))
    .limit(1);
  if (!row) throw notFound(locale);
  return { ...row, scope: row.scope as CategoryScope };
}

/**
 * For other library modules (design blocks, own components): the caller's category of `scope`, or
 * 40400 with the categories' not-found message (another user's id reads exactly like a missing one).
 */
export async function requireOwnCategory(db: Db, ownerId: number, id: number, scope: CategoryScope, locale: Locale): Promise<{ id: number; name: string; level: number }> {
  const cat = await ownCategory(db, ownerId, id, locale);
  if (cat.scope !== scope) throw badInput(locale, 'categories.wrongScope');
  return { id: cat.id, name: cat.name, level: cat.level };
}

/** What each category of one owner holds directly: links (scope 'part') or design blocks (scope 'block'). */
async function directCounts(db: Conn, ownerId: number, scope: CategoryScope, categoryIds?: number[]): Promise<Map<number, DirectCounts>> {
  if (categoryIds && categoryIds.length === 0) return new Map();
  if (scope === 'block') {
    const rows = await db
      .select({ categoryId: designBlocks.categoryId, n: count() })
      .from(designBlocks)
      .where(and(eq(designBlocks.ownerId, ownerId), categoryIds ? inArray(designBlocks.categoryId, categoryIds) : isNotNull(designBlocks.categoryId)))
      .groupBy(designBlocks.categoryId);
    return new Map(rows.filter((r) => r.categoryId !== null).map((r) => [r.categoryId!, { parts: 0, components: 0, blocks: Number(r.n) }]));
  }
  const rows = await db
    .select({ categoryId: userCategoryLinks.categoryId, parts: count(userCategoryLinks.productId), components: count(userCategoryLinks.componentId) })
    .from(userCategoryLinks)
    .where(and(eq(userCategoryLinks.ownerId, ownerId), categoryIds ? inArray(userCategoryLinks.categoryId, categoryIds) : undefined))
    .groupBy(userCategoryLinks.categoryId);
  return new Map(rows.map((r) => [r.categoryId, { parts: Number(r.parts), components: Number(r.components), blocks: 0 }]));
}

/** u/cate: the caller's tree of one scope, nested, with counts. */
export async function categoryTree(db: Db, ownerId: number, scope: CategoryScope): Promise<Tree> {
  const rows = await scopeRows(db, ownerId, scope);
  const counts = await directCounts(db, ownerId, scope);
  return { scope, list: buildCategoryTree(rows, counts), total: rows.length, limit: LIBRARY_LIMITS.categoriesPerUser };
}

/** Serialises one user's tree edits (limits, sibling names, moves) without a table lock. */
async function lockOwner(tx: Tx, ownerId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
}

const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/** u/cate/save: create (no id) or rename / move / re-sort (id). */
export async function saveCategory(db: Db, ownerId: number, body: SaveBody, locale: Locale): Promise<Saved> {
  return db.transaction(async (tx) => {
    await lockOwner(tx, ownerId);
    const existing = body.id !== undefined ? await ownCategory(tx, ownerId, body.id, locale) : null;
    if (existing && body.scope !== undefined && body.scope !== existing.scope) throw badInput(locale, 'categories.scopeChange');
    const scope: CategoryScope = existing?.scope ?? body.scope ?? 'part';
    const rows = await scopeRows(tx, ownerId, scope);
    // The parent: given (null = top level), or the current one on update.
    const parentId = body.parentId !== undefined ? body.parentId : (existing?.parentId ?? null);
    let parentLevel = 0;
    if (parentId !== null) {
      const parent = rows.find((r) => r.id === parentId);
      if (!parent) {
        // The caller's category in the other tree is a clear mistake; anyone else's is simply missing.
        const [other] = await tx
          .select({ id: userCategories.id })
          .from(userCategories)
          .where(and(eq(userCategories.id, parentId), eq(userCategories.ownerId, ownerId)));
        if (other) throw badInput(locale, 'categories.parentScope');
        throw notFound(locale);
      }
      if (existing && subtreeIds(rows, existing.id).includes(parentId)) throw badInput(locale, 'categories.cycle');
      parentLevel = parent.level;
    }
    const height = existing ? subtreeHeight(rows, existing.id) : 1;
    if (parentLevel + height > LIBRARY_LIMITS.categoryDepth) throw badInput(locale, 'categories.depth', { max: LIBRARY_LIMITS.categoryDepth });
    if (rows.some((r) => r.parentId === parentId && r.id !== existing?.id && sameName(r.name, body.name))) throw badInput(locale, 'categories.name.taken', { name: body.name });
    const level = parentLevel + 1;

    if (!existing) {
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(userCategories).where(eq(userCategories.ownerId, ownerId));
      if (Number(n) >= LIBRARY_LIMITS.categoriesPerUser) throw badInput(locale, 'categories.limit', { max: LIBRARY_LIMITS.categoriesPerUser });
      const sort = body.sort ?? rows.filter((r) => r.parentId === parentId).reduce((m, r) => Math.max(m, r.sort + 1), 0);
      const [created] = await tx.insert(userCategories).values({ ownerId, scope, name: body.name, parentId, level, sort }).returning(rowColumns);
      return { ...created!, scope };
    }

    const [updated] = await tx
      .update(userCategories)
      .set({ name: body.name, parentId, level, sort: body.sort ?? existing.sort, updatedAt: new Date() })
      .where(eq(userCategories.id, existing.id))
      .returning(rowColumns);
    // Moving shifts the levels of everything below by the same amount.
    const shift = level - existing.level;
    if (shift !== 0) {
      const below = subtreeIds(rows, existing.id).filter((id) => id !== existing.id);
      if (below.length > 0) await tx.update(userCategories).set({ level: sql`${userCategories.level} + ${shift}` }).where(inArray(userCategories.id, below));
    }
    return { ...updated!, scope };
  });
}

/** u/cate/del: the category and its subtree; links go, the parts and components they named stay. */
export async function deleteCategory(db: Db, ownerId: number, id: number, locale: Locale): Promise<Deleted> {
  return db.transaction(async (tx) => {
    await lockOwner(tx, ownerId);
    const cat = await ownCategory(tx, ownerId, id, locale);
    const ids = subtreeIds(await scopeRows(tx, ownerId, cat.scope), id);
    const counts = await directCounts(tx, ownerId, 'part', ids);
    let unlinkedParts = 0;
    let unlinkedComponents = 0;
    for (const c of counts.values()) {
      unlinkedParts += c.parts;
      unlinkedComponents += c.components;
    }
    await tx.delete(userCategoryLinks).where(and(eq(userCategoryLinks.ownerId, ownerId), inArray(userCategoryLinks.categoryId, ids)));
    // design_blocks.category_id is ON DELETE SET NULL: the blocks stay, uncategorised.
    await tx.delete(userCategories).where(and(eq(userCategories.ownerId, ownerId), inArray(userCategories.id, ids)));
    return { categories: ids.length, unlinkedParts, unlinkedComponents };
  });
}

/** u/cate/open: share read-only by a random token, or stop sharing (the old link dies). */
export async function openCategory(db: Db, ownerId: number, id: number, open: boolean, locale: Locale): Promise<OpenResult> {
  const cat = await ownCategory(db, ownerId, id, locale);
  let token = cat.shareToken;
  if (open && token === null) {
    token = randomBytes(24).toString('base64url');
    await db.update(userCategories).set({ shareToken: token, updatedAt: new Date() }).where(eq(userCategories.id, id));
  } else if (!open && token !== null) {
    token = null;
    await db.update(userCategories).set({ shareToken: null, updatedAt: new Date() }).where(eq(userCategories.id, id));
  }
  return { id, shared: token !== null, token, shareUrl: token !== null ? sharePath(token) : null };
}

// ── Links ─────────────────────────────────────────────────────────────────────

/** u/relate/cate: link catalogue parts and own components to a 'part' category; all or nothing. */
export async function relate(db: Db, ownerId: number, body: RelateBody, locale: Locale): Promise<RelateResult> {
  return db.transaction(async (tx) => {
    await lockOwner(tx, ownerId);
    const cat = await ownCategory(tx, ownerId, body.categoryId, locale);
    if (cat.scope !== 'part') throw badInput(locale, 'categories.relate.blockScope');
    const productIds = new Set(body.productIds ?? []);
    if (body.productIds?.length) {
      const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, [...productIds]));
      const have = new Set(found.map((r) => r.id));
      const missing = [...productIds].find((id) => !have.has(id));
      if (missing !== undefined) throw new AppError(Code.notFound, serverMessage('categories.partNotFound', locale, { what: String(missing) }));
    }
    if (body.mfgMpnCodes?.length) {
      const codes = [...new Set(body.mfgMpnCodes)];
      const found = await tx.select({ id: products.id, code: products.mfgMpnCode }).from(products).where(inArray(products.mfgMpnCode, codes));
      const byCode = new Map(found.map((r) => [r.code, r.id]));
      // A part number typed as shown (not the page key) is taken when exactly one part has it.
      const typed = codes.filter((c) => !byCode.has(c));
      if (typed.length > 0) {
        const norms = new Map(typed.map((c) => [normalizeMpn(c), c]));
        const byMpn = await tx
          .select({ id: products.id, norm: products.mpnNormalized })
          .from(products)
          .where(inArray(products.mpnNormalized, [...norms.keys()]));
        for (const [norm, code] of norms) {
          const hits = byMpn.filter((r) => r.norm === norm);
          if (hits.length === 1) byCode.set(code, hits[0]!.id);
        }
      }
      const missing = codes.find((c) => !byCode.has(c));
      if (missing !== undefined) throw new AppError(Code.notFound, serverMessage('categories.partNotFound', locale, { what: missing }));
      for (const id of byCode.values()) productIds.add(id);
    }
    const componentIds = [...new Set(body.componentIds ?? [])];
    if (componentIds.length > 0) {
      const found = await tx
        .select({ id: userComponents.id })
        .from(userComponents)
        .where(and(inArray(userComponents.id, componentIds), eq(userComponents.ownerId, ownerId)));
      if (found.length !== componentIds.length) throw new AppError(Code.notFound, serverMessage('categories.componentNotFound', locale));
    }
    const existing = await tx
      .select({ productId: userCategoryLinks.productId, componentId: userCategoryLinks.componentId })
      .from(userCategoryLinks)
      .where(eq(userCategoryLinks.categoryId, cat.id));
    const linkedProducts = new Set(existing.map((r) => r.productId).filter((v): v is number => v !== null));
    const linkedComponents = new Set(existing.map((r) => r.componentId).filter((v): v is number => v !== null));
    const values = [
      ...[...productIds].filter((id) => !linkedProducts.has(id)).map((productId) => ({ categoryId: cat.id, ownerId, productId })),
      ...componentIds.filter((id) => !linkedComponents.has(id)).map((componentId) => ({ categoryId: cat.id, ownerId, componentId })),
    ];
    const already = productIds.size + componentIds.length - values.length;
    if (values.length === 0) return { linked: 0, already };
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(userCategoryLinks).where(eq(userCategoryLinks.ownerId, ownerId));
    if (Number(n) + values.length > LIBRARY_LIMITS.itemsPerUser) throw badInput(locale, 'categories.linkLimit', { max: LIBRARY_LIMITS.itemsPerUser });
    await tx.insert(userCategoryLinks).values(values).onConflictDoNothing();
    return { linked: values.length, already };
  });
}

/** u/relate/cate/del: remove links of one category (by part, own component or link id). */
export async function unrelate(db: Db, ownerId: number, body: UnrelateBody, locale: Locale): Promise<{ removed: number }> {
  const cat = await ownCategory(db, ownerId, body.categoryId, locale);
  const componentIds = [...new Set(body.componentIds ?? [])];
  if (componentIds.length > 0) {
    const found = await db
      .select({ id: userComponents.id })
      .from(userComponents)
      .where(and(inArray(userComponents.id, componentIds), eq(userComponents.ownerId, ownerId)));
    if (found.length !== componentIds.length) throw new AppError(Code.notFound, serverMessage('categories.componentNotFound', locale));
  }
  const linkIds = [...new Set(body.linkIds ?? [])];
  if (linkIds.length > 0) {
    const found = await db
      .select({ id: userCategoryLinks.id })
      .from(userCategoryLinks)
      .where(and(inArray(userCategoryLinks.id, linkIds), eq(userCategoryLinks.ownerId, ownerId), eq(userCategoryLinks.categoryId, cat.id)));
    if (found.length !== linkIds.length) throw new AppError(Code.notFound, serverMessage('categories.linkNotFound', locale));
  }
  const which: SQL[] = [];
  if (body.productIds?.length) which.push(inArray(userCategoryLinks.productId, body.productIds));
  if (componentIds.length > 0) which.push(inArray(userCategoryLinks.componentId, componentIds));
  if (linkIds.length > 0) which.push(inArray(userCategoryLinks.id, linkIds));
  const removed = await db
    .delete(userCategoryLinks)
    .where(and(eq(userCategoryLinks.ownerId, ownerId), eq(userCategoryLinks.categoryId, cat.id), or(...which)))
    .returning({ id: userCategoryLinks.id });
  return { removed: removed.length };
}

const QUALITIES: readonly Quality[] = ['ok', 'warnings', 'errors', 'unchecked'];
const qualityOf = (v: string | null): Quality => (QUALITIES.includes(v as Quality) ? (v as Quality) : 'unchecked');

/** The links of some categories (one owner), newest first, with the part or component they name. */
async function listLinks(db: Db, ownerId: number, categoryIds: number[], page: { pageNum: number; pageSize: number; keyword?: string | undefined }, locale: Locale): Promise<ItemList> {
  const { pageNum, pageSize } = page;
  if (categoryIds.length === 0) return { list: [], total: 0, pageNum, pageSize };
  const kw = page.keyword ? `%${page.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const where = and(
    eq(userCategoryLinks.ownerId, ownerId),
    inArray(userCategoryLinks.categoryId, categoryIds),
    kw
      ? or(
          ilike(products.mpn, kw),
          ilike(locale === 'en' ? products.descriptionEn : products.descriptionZh, kw),
          ilike(userComponents.mpn, kw),
          ilike(userComponents.brand, kw),
          ilike(userComponents.description, kw),
        )
      : undefined,
  );
  const base = db
    .select({
      linkId: userCategoryLinks.id,
      categoryId: userCategoryLinks.categoryId,
      productId: userCategoryLinks.productId,
      componentId: userCategoryLinks.componentId,
      createdAt: userCategoryLinks.createdAt,
      mfgMpnCode: products.mfgMpnCode,
      pMpn: products.mpn,
      pDescZh: products.descriptionZh,
      pDescEn: products.descriptionEn,
      pPackage: products.package,
      brandZh: brands.nameZh,
      brandEn: brands.nameEn,
      pQuality: productChecks.quality,
      cMpn: userComponents.mpn,
      cBrand: userComponents.brand,
      cDesc: userComponents.description,
      cQuality: userComponents.quality,
    })
    .from(userCategoryLinks)
    .leftJoin(products, eq(products.id, userCategoryLinks.productId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(productChecks, eq(productChecks.productId, userCategoryLinks.productId))
    // The owner condition again on the join: a link can only ever show the owner's component.
    .leftJoin(userComponents, and(eq(userComponents.id, userCategoryLinks.componentId), eq(userComponents.ownerId, ownerId)));
  // The page is chosen on the links alone (the owner/category/created index; the keyword needs the
  // joins), then only its rows are joined to their parts and components.
  const order = [desc(userCategoryLinks.createdAt), desc(userCategoryLinks.id)] as const;
  const offset = (pageNum - 1) * pageSize;
  const ids = kw
    ? db
        .select({ id: userCategoryLinks.id })
        .from(userCategoryLinks)
        .leftJoin(products, eq(products.id, userCategoryLinks.productId))
        .leftJoin(userComponents, and(eq(userComponents.id, userCategoryLinks.componentId), eq(userComponents.ownerId, ownerId)))
    : db.select({ id: userCategoryLinks.id }).from(userCategoryLinks);
  const counted = kw
    ? db
        .select({ n: count() })
        .from(userCategoryLinks)
        .leftJoin(products, eq(products.id, userCategoryLinks.productId))
        .leftJoin(userComponents, and(eq(userComponents.id, userCategoryLinks.componentId), eq(userComponents.ownerId, ownerId)))
    : db.select({ n: count() }).from(userCategoryLinks);
  const [pageIds, totals] = await Promise.all([
    ids
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset(offset),
    counted.where(where),
  ]);
  const rank = new Map(pageIds.map((r, i) => [r.id, i]));
  const rows =
    pageIds.length === 0
      ? []
      : (await base.where(and(eq(userCategoryLinks.ownerId, ownerId), inArray(userCategoryLinks.id, [...rank.keys()])))).sort((a, b) => rank.get(a.linkId)! - rank.get(b.linkId)!);
  const list: LinkedItem[] = rows.map((r) => {
    const isPart = r.productId !== null;
    return {
      linkId: r.linkId,
      categoryId: r.categoryId,
      kind: isPart ? 'part' : 'component',
      productId: r.productId,
      mfgMpnCode: isPart ? r.mfgMpnCode : null,
      componentId: r.componentId,
      mpn: (isPart ? r.pMpn : r.cMpn) ?? '',
      brand: isPart ? ((locale === 'en' ? r.brandEn : r.brandZh) ?? r.brandZh ?? null) : r.cBrand || null,
      description: isPart ? ((locale === 'en' ? r.pDescEn : r.pDescZh) ?? r.pDescEn ?? r.pDescZh ?? null) : r.cDesc || null,
      package: isPart ? r.pPackage : null,
      quality: qualityOf(isPart ? r.pQuality : r.cQuality),
      createdAt: r.createdAt.toISOString(),
    };
  });
  return { list, total: Number(totals[0]?.n ?? 0), pageNum, pageSize };
}

/** u/relate/c: what one of the caller's categories holds, paged, optionally with its descendants. */
export async function listCategoryItems(db: Db, ownerId: number, body: ListBody, locale: Locale): Promise<ItemList> {
  const cat = await ownCategory(db, ownerId, body.categoryId, locale);
  const ids = body.includeDescendants ? subtreeIds(await scopeRows(db, ownerId, cat.scope), cat.id) : [cat.id];
  return listLinks(db, ownerId, ids, body, locale);
}

/** Strips share links from a subtree shown to visitors (a sub-category's own link is its owner's business). */
function publicNode(n: CategoryNode): CategoryNode {
  return { ...n, shared: false, shareUrl: null, children: n.children.map(publicNode) };
}

/**
 * The read-only view of a shared category (no login): the subtree below it and what it holds.
 * Unknown, malformed or withdrawn tokens are 40400; `categoryId` may pick a category inside.
 */
export async function readSharedCategory(db: Db, query: SharedQuery, locale: Locale): Promise<Shared> {
  const [root] = await db
    .select({ id: userCategories.id, ownerId: userCategories.ownerId, scope: userCategories.scope, nickname: users.nickname })
    .from(userCategories)
    .innerJoin(users, eq(users.id, userCategories.ownerId))
    .where(and(isNotNull(userCategories.shareToken), eq(userCategories.shareToken, query.token)))
    .limit(1);
  if (!root) throw new AppError(Code.notFound, serverMessage('categories.shareNotFound', locale));
  const scope = root.scope as CategoryScope;
  const rows = await scopeRows(db, root.ownerId, scope);
  const inside = subtreeIds(rows, root.id);
  const counts = await directCounts(db, root.ownerId, scope, inside);
  const [tree] = buildCategoryTree(
    rows.filter((r) => inside.includes(r.id)),
    counts,
    root.id,
  );
  const target = query.categoryId ?? root.id;
  if (!inside.includes(target)) throw new AppError(Code.notFound, serverMessage('categories.notFound', locale));
  const items = scope === 'part' ? await listLinks(db, root.ownerId, subtreeIds(rows, target), query, locale) : { list: [], total: 0, pageNum: query.pageNum, pageSize: query.pageSize };
  return { scope, owner: root.nickname, tree: publicNode({ ...tree!, parentId: null }), categoryId: target, items };
}
