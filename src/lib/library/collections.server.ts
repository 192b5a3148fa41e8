import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '../i18n/i18n.ts';
import { categoryName } from '../catalog/catalog.ts';
import { categoryTree } from '../catalog/catalog.server.ts';
import { notFoundPart } from '../catalog/detail.server.ts';
import { normalizeMpn } from '../catalog/mpn.ts';
import type { Db } from '../server/db/client.server.ts';
import { runnerOf } from '../server/db/raw-sql.server.ts';
import { collectFolders, collectItems, modules, products } from '../server/db/schema/index.ts';
import { AppError, Code } from '../server/errors.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import { DEFAULT_FOLDER_STORED_NAME, type CollectKind } from './collections.ts';
import type { CollectFolder, CollectItem, CollectItemList, ProdList } from './collections.schema.ts';
import { LIBRARY_LIMITS } from './library.ts';

// Collections (issue #16 items 1 and 7): a user's folders and the catalogue parts and modules in
// them. One default folder per user, made on first use. Every call is scoped to the caller: a
// folder or item of someone else is answered exactly like a missing one (40400, same message).
// Writes that count or move run in a transaction holding the caller's default folder row
// (SELECT … FOR UPDATE), so two tabs cannot pass a limit together or lose items to a deleted folder.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Q = Db | Tx;

export const folderNotFound = (locale: Locale) => new AppError(Code.notFound, serverMessage('collections.folderNotFound', locale));
const itemNotFound = (id: string | number, locale: Locale) => new AppError(Code.notFound, serverMessage('collections.itemNotFound', locale, { id: String(id).slice(0, 160) }));

/** The caller's default folder id, made on first use (two first uses at once make one). */
export async function defaultFolderId(db: Q, ownerId: number): Promise<number> {
  const find = () =>
    db
      .select({ id: collectFolders.id })
      .from(collectFolders)
      .where(and(eq(collectFolders.ownerId, ownerId), eq(collectFolders.isDefault, true)))
      .limit(1);
  const found = await find();
  if (found[0]) return found[0].id;
  await db.insert(collectFolders).values({ ownerId, name: DEFAULT_FOLDER_STORED_NAME, isDefault: true }).onConflictDoNothing();
  const made = await find();
  return made[0]!.id;
}

/** Runs `work` in a transaction that holds the caller's default folder row (the per-user lock). */
async function locked<T>(db: Db, ownerId: number, work: (tx: Tx, defaultId: number) => Promise<T>): Promise<T> {
  const defaultId = await defaultFolderId(db, ownerId);
  return db.transaction(async (tx) => {
    await tx.select({ id: collectFolders.id }).from(collectFolders).where(eq(collectFolders.id, defaultId)).for('update');
    return work(tx, defaultId);
  });
}

/** The folder if it is the caller's, else 40400 (the same answer as for a missing id). */
async function ownFolder(db: Q, ownerId: number, id: number, locale: Locale) {
  const r = await db
    .select()
    .from(collectFolders)
    .where(and(eq(collectFolders.id, id), eq(collectFolders.ownerId, ownerId)))
    .limit(1);
  if (!r[0]) throw folderNotFound(locale);
  return r[0];
}

const folderName = (f: { name: string; isDefault: boolean }, locale: Locale) => (f.isDefault ? serverMessage('collections.defaultName', locale) : f.name);

// --- Folders -------------------------------------------------------------------------------------

/** The caller's folders with their item counts: the default first, then by sort and age. */
export async function listFolders(db: Db, ownerId: number, locale: Locale): Promise<CollectFolder[]> {
  await defaultFolderId(db, ownerId);
  const counts = db.select({ folderId: collectItems.folderId, n: count().as('n') }).from(collectItems).where(eq(collectItems.ownerId, ownerId)).groupBy(collectItems.folderId).as('c');
  const rows = await db
    .select({ f: collectFolders, n: counts.n })
    .from(collectFolders)
    .leftJoin(counts, eq(counts.folderId, collectFolders.id))
    .where(eq(collectFolders.ownerId, ownerId))
    .orderBy(desc(collectFolders.isDefault), asc(collectFolders.sort), asc(collectFolders.createdAt), asc(collectFolders.id));
  return rows.map(({ f, n }) => ({ id: f.id, name: folderName(f, locale), isDefault: f.isDefault, sort: f.sort, count: Number(n ?? 0), createdAt: f.createdAt.toISOString() }));
}

async function folderView(db: Q, folder: typeof collectFolders.$inferSelect, locale: Locale): Promise<CollectFolder> {
  const [c] = await db.select({ n: count() }).from(collectItems).where(eq(collectItems.folderId, folder.id));
  return { id: folder.id, name: folderName(folder, locale), isDefault: folder.isDefault, sort: folder.sort, count: Number(c?.n ?? 0), createdAt: folder.createdAt.toISOString() };
}

async function refuseTakenName(tx: Tx, ownerId: number, name: string, exceptId: number | null, locale: Locale): Promise<void> {
  const r = await tx
    .select({ id: collectFolders.id })
    .from(collectFolders)
    .where(and(eq(collectFolders.ownerId, ownerId), eq(collectFolders.name, name)))
    .limit(1);
  if (r[0] && r[0].id !== exceptId) throw new AppError(Code.badInput, serverMessage('collections.folderExists', locale, { name }));
}

export async function addFolder(db: Db, ownerId: number, input: { name: string; sort?: number | undefined }, locale: Locale): Promise<CollectFolder> {
  return locked(db, ownerId, async (tx) => {
    const [n] = await tx.select({ n: count() }).from(collectFolders).where(eq(collectFolders.ownerId, ownerId));
    if (Number(n?.n ?? 0) >= LIBRARY_LIMITS.foldersPerUser) throw new AppError(Code.badInput, serverMessage('collections.tooManyFolders', locale, { max: LIBRARY_LIMITS.foldersPerUser }));
    await refuseTakenName(tx, ownerId, input.name, null, locale);
    const [f] = await tx
      .insert(collectFolders)
      .values({ ownerId, name: input.name, sort: input.sort ?? 0 })
      .returning();
    return { id: f!.id, name: f!.name, isDefault: false, sort: f!.sort, count: 0, createdAt: f!.createdAt.toISOString() };
  });
}

export async function updateFolder(db: Db, ownerId: number, input: { id: number; name?: string | undefined; sort?: number | undefined }, locale: Locale): Promise<CollectFolder> {
  return locked(db, ownerId, async (tx) => {
    const folder = await ownFolder(tx, ownerId, input.id, locale);
    const set: Partial<typeof collectFolders.$inferInsert> = {};
    if (input.name !== undefined && input.name !== folder.name) {
      if (folder.isDefault) throw new AppError(Code.badInput, serverMessage('collections.defaultNoRename', locale));
      await refuseTakenName(tx, ownerId, input.name, folder.id, locale);
      set.name = input.name;
    }
    if (input.sort !== undefined) set.sort = input.sort;
    if (Object.keys(set).length === 0) return folderView(tx, folder, locale);
    const [f] = await tx.update(collectFolders).set(set).where(eq(collectFolders.id, folder.id)).returning();
    return folderView(tx, f!, locale);
  });
}

/** Deletes a folder; its items move to the default folder first (never lost). */
export async function deleteFolder(db: Db, ownerId: number, id: number, locale: Locale): Promise<{ id: number; moved: number; defaultFolderId: number }> {
  return locked(db, ownerId, async (tx, defaultId) => {
    const folder = await ownFolder(tx, ownerId, id, locale);
    if (folder.isDefault) throw new AppError(Code.badInput, serverMessage('collections.defaultNoDelete', locale));
    const moved = await tx.update(collectItems).set({ folderId: defaultId }).where(eq(collectItems.folderId, folder.id)).returning({ id: collectItems.id });
    await tx.delete(collectFolders).where(eq(collectFolders.id, folder.id));
    return { id: folder.id, moved: moved.length, defaultFolderId: defaultId };
  });
}

// --- Items ---------------------------------------------------------------------------------------

export type Target = { mfgMpnCode: string } | { productId: number } | { moduleId: number };

/** The catalogue row a target names: a product or a module id, or 40400 with the part's message. */
async function resolveTarget(db: Q, target: Target, locale: Locale): Promise<{ kind: CollectKind; id: number }> {
  if ('mfgMpnCode' in target) {
    const r = await db.select({ id: products.id }).from(products).where(eq(products.mfgMpnCode, target.mfgMpnCode)).limit(1);
    if (!r[0]) throw notFoundPart(target.mfgMpnCode, locale);
    return { kind: 'part', id: r[0].id };
  }
  if ('productId' in target) {
    const r = await db.select({ id: products.id }).from(products).where(eq(products.id, target.productId)).limit(1);
    if (!r[0]) throw new AppError(Code.notFound, serverMessage('collections.noProduct', locale, { id: target.productId }));
    return { kind: 'part', id: r[0].id };
  }
  const r = await db.select({ id: modules.id }).from(modules).where(eq(modules.id, target.moduleId)).limit(1);
  if (!r[0]) throw new AppError(Code.notFound, serverMessage('collections.noModule', locale, { id: target.moduleId }));
  return { kind: 'module', id: r[0].id };
}

const itemOf = (kind: CollectKind, id: number) => (kind === 'part' ? eq(collectItems.productId, id) : eq(collectItems.moduleId, id));

/**
 * Collects a part or module (idempotent): a new item goes to `folderId` (default: the default
 * folder); one already collected moves to `folderId` when one is given, else stays where it is.
 */
export async function addItem(
  db: Db,
  ownerId: number,
  target: Target,
  folderId: number | undefined,
  locale: Locale,
): Promise<CollectItem & { created: boolean; moved: boolean }> {
  const what = await resolveTarget(db, target, locale);
  const { itemId, created, moved } = await locked(db, ownerId, async (tx, defaultId) => {
    const folder = folderId === undefined ? defaultId : (await ownFolder(tx, ownerId, folderId, locale)).id;
    const existing = await tx
      .select({ id: collectItems.id, folderId: collectItems.folderId })
      .from(collectItems)
      .where(and(eq(collectItems.ownerId, ownerId), itemOf(what.kind, what.id)))
      .limit(1);
    if (existing[0]) {
      const move = folderId !== undefined && existing[0].folderId !== folder;
      if (move) await tx.update(collectItems).set({ folderId: folder }).where(eq(collectItems.id, existing[0].id));
      return { itemId: existing[0].id, created: false, moved: move };
    }
    const [n] = await tx.select({ n: count() }).from(collectItems).where(eq(collectItems.ownerId, ownerId));
    if (Number(n?.n ?? 0) >= LIBRARY_LIMITS.itemsPerUser) throw new AppError(Code.badInput, serverMessage('collections.tooManyItems', locale, { max: LIBRARY_LIMITS.itemsPerUser }));
    const [row] = await tx
      .insert(collectItems)
      .values({ ownerId, folderId: folder, kind: what.kind, productId: what.kind === 'part' ? what.id : null, moduleId: what.kind === 'module' ? what.id : null })
      .returning({ id: collectItems.id });
    return { itemId: row!.id, created: true, moved: false };
  });
  const [view] = await itemViews(db, [itemId], locale);
  return { ...view!, created, moved };
}

/**
 * The caller's item ids named by `targets` (item ids or part codes), in order; any that is not the
 * caller's makes it 40400 naming the first such one.
 */
async function ownItemIds(db: Q, ownerId: number, targets: readonly (number | string)[], locale: Locale): Promise<number[]> {
  const ids = [...new Set(targets.filter((t): t is number => typeof t === 'number'))];
  const codes = [...new Set(targets.filter((t): t is string => typeof t === 'string'))];
  const found = new Map<number | string, number>();
  if (ids.length > 0) {
    const rows = await db
      .select({ id: collectItems.id })
      .from(collectItems)
      .where(and(eq(collectItems.ownerId, ownerId), inArray(collectItems.id, ids)));
    for (const r of rows) found.set(r.id, r.id);
  }
  if (codes.length > 0) {
    const rows = await db
      .select({ id: collectItems.id, code: products.mfgMpnCode })
      .from(collectItems)
      .innerJoin(products, eq(products.id, collectItems.productId))
      .where(and(eq(collectItems.ownerId, ownerId), inArray(products.mfgMpnCode, codes)));
    for (const r of rows) found.set(r.code, r.id);
  }
  const missing = targets.find((t) => !found.has(t));
  if (missing !== undefined) throw itemNotFound(missing, locale);
  return [...new Set(found.values())];
}

/** Un-collects items (all named must be the caller's, else nothing changes). */
export async function removeItems(db: Db, ownerId: number, targets: readonly (number | string)[], locale: Locale): Promise<{ removed: number }> {
  return db.transaction(async (tx) => {
    const ids = await ownItemIds(tx, ownerId, targets, locale);
    const gone = await tx
      .delete(collectItems)
      .where(and(eq(collectItems.ownerId, ownerId), inArray(collectItems.id, ids)))
      .returning({ id: collectItems.id });
    return { removed: gone.length };
  });
}

/** Moves items to one of the caller's folders (all named must be the caller's, else nothing changes). */
export async function moveItems(db: Db, ownerId: number, targets: readonly (number | string)[], folderId: number, locale: Locale): Promise<{ moved: number; folderId: number }> {
  return locked(db, ownerId, async (tx) => {
    const folder = await ownFolder(tx, ownerId, folderId, locale);
    const ids = await ownItemIds(tx, ownerId, targets, locale);
    const moved = await tx
      .update(collectItems)
      .set({ folderId: folder.id })
      .where(and(eq(collectItems.ownerId, ownerId), inArray(collectItems.id, ids), sql`${collectItems.folderId} <> ${folder.id}`))
      .returning({ id: collectItems.id });
    return { moved: moved.length, folderId: folder.id };
  });
}

/** Un-collects one part or module by what it is (the host's u/collect/del). */
export async function removeTarget(db: Db, ownerId: number, target: Target, locale: Locale): Promise<{ removed: number }> {
  const what = await resolveTarget(db, target, locale);
  const gone = await db
    .delete(collectItems)
    .where(and(eq(collectItems.ownerId, ownerId), itemOf(what.kind, what.id)))
    .returning({ id: collectItems.id });
  if (gone.length === 0) throw notCollected(target, locale);
  return { removed: gone.length };
}

const notCollected = (target: Target, locale: Locale) =>
  new AppError(Code.notFound, serverMessage('collections.notCollected', locale, { what: 'mfgMpnCode' in target ? target.mfgMpnCode : 'productId' in target ? `#${target.productId}` : `module #${target.moduleId}` }));

/** Whether the caller collected one part or module, and where (the host's u/collect/get). */
export async function itemState(db: Db, ownerId: number, target: Target, locale: Locale): Promise<{ collected: boolean; id: number | null; folderId: number | null }> {
  const what = await resolveTarget(db, target, locale);
  const r = await db
    .select({ id: collectItems.id, folderId: collectItems.folderId })
    .from(collectItems)
    .where(and(eq(collectItems.ownerId, ownerId), itemOf(what.kind, what.id)))
    .limit(1);
  return r[0] ? { collected: true, id: r[0].id, folderId: r[0].folderId } : { collected: false, id: null, folderId: null };
}

/** Which of the given part codes and module ids the caller collected, with their folders (Collect buttons). */
export async function collectState(db: Db, ownerId: number, codes: readonly string[], moduleIds: readonly number[]): Promise<{ collected: Record<string, number>; modules: Record<string, number> }> {
  const collected: Record<string, number> = {};
  const mods: Record<string, number> = {};
  if (codes.length > 0) {
    const rows = await db
      .select({ code: products.mfgMpnCode, folderId: collectItems.folderId })
      .from(products)
      .innerJoin(collectItems, and(eq(collectItems.productId, products.id), eq(collectItems.ownerId, ownerId)))
      .where(inArray(products.mfgMpnCode, [...new Set(codes)]));
    for (const r of rows) collected[r.code] = r.folderId;
  }
  if (moduleIds.length > 0) {
    const rows = await db
      .select({ id: collectItems.moduleId, folderId: collectItems.folderId })
      .from(collectItems)
      .where(and(eq(collectItems.ownerId, ownerId), inArray(collectItems.moduleId, [...new Set(moduleIds)])));
    for (const r of rows) if (r.id !== null) mods[String(r.id)] = r.folderId;
  }
  return { collected, modules: mods };
}

// --- Lists ---------------------------------------------------------------------------------------

/** LIKE pattern with the user's % and _ taken literally (ESCAPE '\'). */
const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of the caller's items, newest first, and their total in one statement. Without a
 * keyword the items' (owner, created_at, id) / (folder, created_at, id) indexes serve both. A
 * keyword is matched once per item (a materialized CTE feeds the count and the page): the part's
 * search document (products.search_text: part number, English description, keywords, package,
 * Chinese description in character pairs), its brand (ids looked up first: the brands table is
 * small), the Chinese description itself for longer Chinese words, the normalized part number
 * for a keyword with punctuation, and module names. Then the page's rows in full.
 */
export async function listItems(db: Db, ownerId: number, q: Omit<ProdList, 'folderId'> & { folderId?: number | undefined }, locale: Locale): Promise<CollectItemList> {
  if (q.folderId !== undefined) await ownFolder(db, ownerId, q.folderId, locale);
  const run = runnerOf(db);
  const params: unknown[] = [ownerId];
  const where = ['ci.owner_id = $1'];
  if (q.folderId !== undefined) where.push(`ci.folder_id = $${params.push(q.folderId)}`);
  if (q.kind !== undefined) where.push(`ci.kind = $${params.push(q.kind)}`);
  const keyword = q.keyword?.trim() ?? '';
  const limit = () => `$${params.push(q.pageSize)}`;
  const offset = () => `$${params.push((q.pageNum - 1) * q.pageSize)}`;
  let text: string;
  if (keyword === '') {
    const w = where.join(' AND ');
    text = `SELECT (SELECT count(*) FROM collect_items ci WHERE ${w}) AS total,
                   array(SELECT ci.id FROM collect_items ci WHERE ${w} ORDER BY ci.created_at DESC, ci.id DESC LIMIT ${limit()} OFFSET ${offset()}) AS ids`;
  } else {
    const lower = keyword.toLowerCase();
    const like = likeOf(lower);
    const brandIds = (await run.rows<{ id: number }>(`SELECT id FROM brands WHERE lower(name_en) LIKE $1 OR lower(name_zh) LIKE $1 OR lower(key) LIKE $1`, [like])).map((r) => r.id);
    const kw = `$${params.push(like)}`;
    const part = ['p.search_text LIKE ' + kw];
    if (brandIds.length > 0) part.push(`p.brand_id = ANY($${params.push(brandIds)}::int[])`);
    if (/[\u3400-\u9fff]/.test(keyword)) part.push(`p.description_zh LIKE ${kw}`);
    const norm = normalizeMpn(keyword);
    if (norm !== '' && norm.toLowerCase() !== lower) part.push(`p.mpn_normalized LIKE $${params.push(likeOf(norm))}`);
    const w = where.join(' AND ');
    // Parts and modules apart (UNION ALL), so each side's test can be pushed into its own table's scan.
    text = `WITH hits AS MATERIALIZED (
              SELECT ci.id, ci.created_at FROM collect_items ci JOIN products p ON p.id = ci.product_id WHERE ${w} AND (${part.join(' OR ')})
              UNION ALL
              SELECT ci.id, ci.created_at FROM collect_items ci JOIN modules m ON m.id = ci.module_id WHERE ${w} AND (m.name ILIKE ${kw} OR m.name_en ILIKE ${kw}))
            SELECT (SELECT count(*) FROM hits) AS total,
                   array(SELECT id FROM hits ORDER BY created_at DESC, id DESC LIMIT ${limit()} OFFSET ${offset()}) AS ids`;
  }
  const [head] = await run.rows<{ total: number | string; ids: number[] | null }>(text, params);
  const ids = (head?.ids ?? []).map(Number);
  return { list: await itemViews(db, ids, locale), total: Number(head?.total ?? 0), pageNum: q.pageNum, pageSize: q.pageSize };
}

type ItemRow = {
  id: number;
  kind: CollectKind;
  folder_id: number;
  created_at: string | Date;
  p_id: number | null;
  code: string | null;
  mpn: string | null;
  cate_id: number | null;
  d_zh: string | null;
  d_en: string | null;
  package: string | null;
  datasheet_url: string | null;
  brand_zh: string | null;
  brand_en: string | null;
  s_lib: string | null;
  s_name: string | null;
  f_lib: string | null;
  f_name: string | null;
  model3d_path: string | null;
  m_id: number | null;
  m_name: string | null;
  m_name_en: string | null;
  m_desc: string | null;
  m_desc_en: string | null;
  m_code: string | null;
  m_cat: number | null;
  ms_lib: string | null;
  ms_name: string | null;
  mf_lib: string | null;
  mf_name: string | null;
};

const ITEMS_SQL = `SELECT ci.id, ci.kind, ci.folder_id, ci.created_at,
  p.id AS p_id, p.mfg_mpn_code AS code, p.mpn, p.cate_id, p.description_zh AS d_zh, p.description_en AS d_en, p.package, p.datasheet_url,
  b.name_zh AS brand_zh, b.name_en AS brand_en,
  s.library AS s_lib, s.name AS s_name, f.library AS f_lib, f.name AS f_name, f.model3d_path,
  m.id AS m_id, m.name AS m_name, m.name_en AS m_name_en, m.description AS m_desc, m.description_en AS m_desc_en, m.mfg_mpn_code AS m_code, m.category_id AS m_cat,
  ms.library AS ms_lib, ms.name AS ms_name, mf.library AS mf_lib, mf.name AS mf_name
FROM collect_items ci
LEFT JOIN products p ON p.id = ci.product_id
LEFT JOIN brands b ON b.id = p.brand_id
LEFT JOIN symbols s ON s.id = p.symbol_id
LEFT JOIN footprints f ON f.id = p.footprint_id
LEFT JOIN modules m ON m.id = ci.module_id
LEFT JOIN symbols ms ON ms.id = m.symbol_id
LEFT JOIN footprints mf ON mf.id = m.footprint_id
WHERE ci.id = ANY($1::int[])`;

const libId = (lib: string | null, name: string | null) => (lib && name ? `${lib}:${name}` : null);
const pick = (locale: Locale, zhText: string | null, enText: string | null) => (locale === 'en' ? enText || zhText : zhText || enText) ?? null;

/** Items in full, in the order of `ids`. */
export async function itemViews(db: Db, ids: readonly number[], locale: Locale): Promise<CollectItem[]> {
  if (ids.length === 0) return [];
  const [rows, tree] = await Promise.all([runnerOf(db).rows<ItemRow>(ITEMS_SQL, [ids]), categoryTree(db)]);
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const out: CollectItem[] = [];
  for (const id of ids) {
    const r = byId.get(id);
    if (!r) continue;
    const node = r.cate_id === null ? undefined : tree.byId.get(r.cate_id);
    out.push({
      id: Number(r.id),
      kind: r.kind,
      folderId: Number(r.folder_id),
      createdAt: new Date(r.created_at).toISOString(),
      product:
        r.p_id === null
          ? null
          : {
              id: Number(r.p_id),
              mfgMpnCode: r.code!,
              mpn: r.mpn!,
              brandName: pick(locale, r.brand_zh, r.brand_en),
              cateId: r.cate_id,
              cateName: node ? categoryName(node, locale) : null,
              package: r.package,
              description: pick(locale, r.d_zh, r.d_en),
              datasheetUrl: r.datasheet_url,
              symbol: libId(r.s_lib, r.s_name),
              footprint: libId(r.f_lib, r.f_name),
              has3d: Boolean(r.model3d_path),
              imageUrl: r.s_name ? `/api/chiplet/products/symbol.svg?mfgMpnCode=${encodeURIComponent(r.code!)}` : null,
            },
      module:
        r.m_id === null
          ? null
          : {
              id: Number(r.m_id),
              name: pick(locale, r.m_name, r.m_name_en) ?? '',
              description: pick(locale, r.m_desc, r.m_desc_en),
              mfgMpnCode: r.m_code,
              categoryId: r.m_cat,
              symbol: libId(r.ms_lib, r.ms_name),
              footprint: libId(r.mf_lib, r.mf_name),
            },
    });
  }
  return out;
}
