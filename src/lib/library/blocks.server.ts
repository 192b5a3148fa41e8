import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { fileKeyReferences } from '../files/file-references.server.ts';
import { lockFileKey, releaseFile } from '../files/file-refs.server.ts';
import { FileTooLargeError, type FileKey, type FileStore } from '../files/file-store.ts';
import { createZip } from '../files/zip.ts';
import type { Locale } from '../i18n/i18n.ts';
import type { WorkerPool } from '../jobs/worker-pool.server.ts';
import { workerTask } from '../jobs/worker-task.ts';
import type { Db } from '../server/db/client.server.ts';
import { designBlocks, userCategories } from '../server/db/schema/index.ts';
import { AppError, Code } from '../server/errors.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import { logger } from '../server/logger.server.ts';
import { BLOCK_LIMITS, blockFileName, type BlockInfo, type BlockSheetTaskInput, type SheetOutcome } from './blocks.ts';
import type { Block, BlockList, BlockListQuery, BlockSave } from './blocks.schema.ts';
import { writeDesignBlock } from './design-block-format.ts';
import { persistedFileOf, storedBytes } from './persistence.server.ts';

// Design blocks (issue #16 item 6, u/fragment*): the caller's circuit snippets, each a KiCad
// schematic kept in the file store with an SVG preview drawn by our engine, listed, changed,
// deleted and downloaded as a KiCad 9 design-block folder. Only the owner sees a block: another
// user's id, or a guessed one, is the same 40400 as a missing one. Sheets are read in the jobs'
// worker pool (readBlockSheet), so a large sheet does not hold up other requests.

const MB = 1024 * 1024;

export const BLOCK_SHEET_TASK = workerTask<BlockSheetTaskInput, SheetOutcome>('src/lib/library/blocks.ts', 'blockSheetTask');

type Row = typeof designBlocks.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const notFound = (locale: Locale) => new AppError(Code.notFound, serverMessage('blocks.notFound', locale));
const categoryNotFound = (locale: Locale) => new AppError(Code.notFound, serverMessage('blocks.categoryNotFound', locale));
const fieldError = (locale: Locale, field: string, problem: string) => new AppError(Code.badInput, serverMessage('field', locale, { field, problem }));

export const previewUrlOf = (id: number, key: string | null) => (key ? `/api/chiplet/u/fragment/preview?id=${id}&v=${key.slice(0, 16)}` : null);
export const downloadUrlOf = (id: number) => `/api/chiplet/u/fragment/download?id=${id}`;

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

function toBlock(r: Row, category: { id: number; name: string } | null): Block {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    keywords: r.keywords,
    categoryId: r.categoryId,
    category,
    previewUrl: previewUrlOf(r.id, r.previewKey),
    downloadUrl: downloadUrlOf(r.id),
    info: (r.info as BlockInfo | null) ?? null,
    schSize: Number(r.schSize),
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

/** The caller's category of scope 'block' (checked before) and its descendants (three levels at most). */
function categoryAndBelow(ownerId: number, categoryId: number): SQL {
  return sql`${designBlocks.categoryId} in (
    select c1.id from ${userCategories} c1 where c1.owner_id = ${ownerId} and c1.scope = 'block' and (
      c1.id = ${categoryId}
      or c1.parent_id = ${categoryId}
      or c1.parent_id in (select c2.id from ${userCategories} c2 where c2.owner_id = ${ownerId} and c2.scope = 'block' and c2.parent_id = ${categoryId})
    )
  )`;
}

async function assertOwnCategory(db: Pick<Db, 'select'>, ownerId: number, categoryId: number, locale: Locale): Promise<void> {
  const [c] = await db
    .select({ id: userCategories.id })
    .from(userCategories)
    .where(and(eq(userCategories.id, categoryId), eq(userCategories.ownerId, ownerId), eq(userCategories.scope, 'block')));
  if (!c) throw categoryNotFound(locale);
}

const withCategory = { b: designBlocks, categoryName: userCategories.name };
type JoinedRow = { b: Row; categoryName: string | null };
const joinedToBlock = (r: JoinedRow) => toBlock(r.b, r.b.categoryId !== null && r.categoryName !== null ? { id: r.b.categoryId, name: r.categoryName } : null);

export async function listBlocks(db: Db, ownerId: number, q: BlockListQuery, locale: Locale): Promise<BlockList> {
  const where: SQL[] = [eq(designBlocks.ownerId, ownerId)];
  if (q.keyword) {
    // One case-insensitive substring test per row over the three texts (strpos on lower(): a third
    // cheaper than three ILIKEs on PostgreSQL; no pattern characters to escape).
    where.push(sql`strpos(lower(concat_ws(' ', ${designBlocks.name}, ${designBlocks.keywords}, ${designBlocks.description})), lower(${q.keyword})) > 0`);
  }
  if (q.categoryId !== undefined) {
    await assertOwnCategory(db, ownerId, q.categoryId, locale);
    where.push(categoryAndBelow(ownerId, q.categoryId));
  }
  const filter = and(...where)!;
  const order = [desc(designBlocks.updatedAt), desc(designBlocks.id)];
  if (q.keyword) {
    // Words are matched by a scan of the owner's rows: once, for the ids in order (the total is
    // their count), then the page's rows by key, instead of scanning twice (page and count).
    const ids = (await db.select({ id: designBlocks.id }).from(designBlocks).where(filter).orderBy(...order)).map((r) => r.id);
    const pageIds = ids.slice((q.pageNum - 1) * q.pageSize, q.pageNum * q.pageSize);
    const rows = pageIds.length
      ? await db
          .select(withCategory)
          .from(designBlocks)
          .leftJoin(userCategories, eq(userCategories.id, designBlocks.categoryId))
          .where(inArray(designBlocks.id, pageIds))
      : [];
    const byId = new Map(rows.map((r) => [r.b.id, r]));
    return { list: pageIds.flatMap((id) => (byId.has(id) ? [joinedToBlock(byId.get(id)!)] : [])), total: ids.length };
  }
  // One statement for the page (the owner's index walked newest first, each row's category by its
  // key) and one for the total, side by side.
  const [rows, totals] = await Promise.all([
    db
      .select(withCategory)
      .from(designBlocks)
      .leftJoin(userCategories, eq(userCategories.id, designBlocks.categoryId))
      .where(filter)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    db.select({ n: count() }).from(designBlocks).where(filter),
  ]);
  return { list: rows.map(joinedToBlock), total: Number(totals[0]?.n ?? 0) };
}

async function ownRow(db: Pick<Db, 'select'>, ownerId: number, id: number, locale: Locale): Promise<Row> {
  const [row] = await db
    .select()
    .from(designBlocks)
    .where(and(eq(designBlocks.id, id), eq(designBlocks.ownerId, ownerId)));
  if (!row) throw notFound(locale);
  return row;
}

export async function getBlock(db: Db, ownerId: number, id: number, locale: Locale): Promise<Block> {
  const [row] = await db
    .select(withCategory)
    .from(designBlocks)
    .leftJoin(userCategories, eq(userCategories.id, designBlocks.categoryId))
    .where(and(eq(designBlocks.id, id), eq(designBlocks.ownerId, ownerId)));
  if (!row) throw notFound(locale);
  return joinedToBlock(row);
}

// --- the sheet -----------------------------------------------------------------------------------

export type SheetInput = { fileId?: string | undefined; schematic?: string | undefined; fileName?: string | undefined };
export type Sheet = { bytes: Uint8Array; fileName: string };

/** The sheet a call gives: a persisted file of the caller's, or the text; null when none. */
export async function sheetOf(db: Db, store: FileStore, ownerId: number, input: SheetInput, locale: Locale): Promise<Sheet | null> {
  if (input.fileId !== undefined && input.schematic !== undefined) throw new AppError(Code.badInput, serverMessage('blocks.sheetBoth', locale));
  if (input.fileId !== undefined) {
    const row = await persistedFileOf(db, ownerId, input.fileId, locale);
    if (Number(row.size) > BLOCK_LIMITS.sheetMaxBytes) throw sheetTooLarge(locale, Number(row.size));
    const bytes = await storedBytes(store, row.fileKey);
    if (!bytes) throw new AppError(Code.notFound, serverMessage('blocks.fileNotFound', locale));
    return { bytes, fileName: row.fileName };
  }
  if (input.schematic !== undefined) {
    const bytes = new TextEncoder().encode(input.schematic);
    if (bytes.length > BLOCK_LIMITS.sheetMaxBytes) throw sheetTooLarge(locale, bytes.length);
    return { bytes, fileName: input.fileName || 'block.kicad_sch' };
  }
  return null;
}

function sheetTooLarge(locale: Locale, size: number): AppError {
  return new AppError(Code.tooLarge, serverMessage('blocks.sheetTooLarge', locale, { megabytes: BLOCK_LIMITS.sheetMaxBytes / MB, size: (size / MB).toFixed(1) }));
}

/** The sheet read in the worker pool: its info and preview, or a refusal naming the reason. */
export async function readSheet(pool: WorkerPool, sheet: Sheet, locale: Locale): Promise<{ info: BlockInfo; svg: string | null }> {
  if (!/\.kicad_sch$/i.test(sheet.fileName) && /\.(kicad_pcb|kicad_pro|kicad_sym|kicad_mod|zip|pdf|png|jpe?g)$/i.test(sheet.fileName)) {
    throw new AppError(Code.badInput, serverMessage('blocks.sheetType', locale, { file: sheet.fileName.slice(0, 200) }));
  }
  let outcome: SheetOutcome;
  try {
    outcome = await pool.run(BLOCK_SHEET_TASK, { bytes: sheet.bytes.slice(), fileName: sheet.fileName });
  } catch (error) {
    logger.warn({ err: error }, 'design block sheet read crashed');
    throw new AppError(Code.internal, serverMessage('blocks.sheetUnreadable', locale));
  }
  if (!outcome.ok) throw new AppError(Code.badInput, serverMessage(outcome.problem.key, locale, outcome.problem.vars));
  return { info: outcome.info, svg: outcome.svg };
}

// --- save, delete ----------------------------------------------------------------------------------

type Put = { key: FileKey; put: () => Promise<unknown> };

async function putBytes(store: FileStore, bytes: Uint8Array, contentType: string, filename: string, maxBytes: number, locale: Locale): Promise<Put> {
  const put = () => store.put(bytes, { maxBytes, contentType, filename });
  try {
    const { key } = await put();
    return { key, put };
  } catch (error) {
    if (error instanceof FileTooLargeError) throw sheetTooLarge(locale, bytes.length);
    throw error;
  }
}

/** In one transaction: every new key locked (in a fixed order) and restored if a release removed it meanwhile. */
async function withLinkedKeys<T>(db: Db, store: FileStore, puts: readonly Put[], body: (tx: Tx) => Promise<T>): Promise<T> {
  const sorted = [...new Map(puts.map((p) => [p.key, p])).values()].sort((a, b) => (a.key < b.key ? -1 : 1));
  return db.transaction(async (tx) => {
    for (const p of sorted) {
      await lockFileKey(tx, p.key);
      if (!(await store.exists(p.key))) await p.put();
    }
    return body(tx);
  });
}

async function releaseKeys(db: Db, store: FileStore, keys: readonly (string | null | undefined)[]): Promise<void> {
  for (const key of new Set(keys)) if (key) await releaseFile(db, store, key, fileKeyReferences(key));
}

/** Creates (no id) or changes the caller's block; a new sheet is read, previewed and stored. */
export async function saveBlock(db: Db, store: FileStore, pool: WorkerPool, ownerId: number, input: BlockSave, locale: Locale): Promise<Block> {
  const existing = input.id !== undefined ? await ownRow(db, ownerId, input.id, locale) : null;
  if (!existing && input.name === undefined) throw fieldError(locale, 'name', serverMessage('blocks.text.empty', locale));
  if (input.categoryId !== undefined && input.categoryId !== null) await assertOwnCategory(db, ownerId, input.categoryId, locale);
  const sheet = await sheetOf(db, store, ownerId, input, locale);
  if (!existing && !sheet) throw new AppError(Code.badInput, serverMessage('blocks.sheetMissing', locale));
  if (!existing) await assertRoom(db, ownerId, locale);

  let read: { info: BlockInfo; svg: string | null } | null = null;
  const puts: Put[] = [];
  if (sheet) {
    read = await readSheet(pool, sheet, locale);
    puts.push(await putBytes(store, sheet.bytes, 'text/plain', sheet.fileName, BLOCK_LIMITS.sheetMaxBytes, locale));
    if (read.svg) puts.push(await putBytes(store, new TextEncoder().encode(read.svg), 'image/svg+xml', 'preview.svg', BLOCK_LIMITS.previewMaxBytes * 2, locale));
  }
  const schKey = puts[0]?.key;
  const previewKey = read ? (puts[1]?.key ?? null) : undefined;

  let result: { id: number; old: (string | null)[] };
  try {
    result = await withLinkedKeys(db, store, puts, async (tx) => {
      const set: Partial<typeof designBlocks.$inferInsert> = {};
      if (input.name !== undefined) set.name = input.name;
      if (input.description !== undefined) set.description = input.description;
      if (input.keywords !== undefined) set.keywords = input.keywords;
      if (input.categoryId !== undefined) set.categoryId = input.categoryId;
      if (sheet && read && schKey) {
        set.schKey = schKey;
        set.schSize = sheet.bytes.length;
        set.previewKey = previewKey ?? null;
        set.info = read.info;
      }
      if (existing) {
        const [cur] = await tx
          .select({ schKey: designBlocks.schKey, previewKey: designBlocks.previewKey })
          .from(designBlocks)
          .where(and(eq(designBlocks.id, existing.id), eq(designBlocks.ownerId, ownerId)))
          .for('update');
        if (!cur) throw notFound(locale);
        await tx
          .update(designBlocks)
          .set({ ...set, updatedAt: new Date() })
          .where(eq(designBlocks.id, existing.id));
        return { id: existing.id, old: sheet ? [cur.schKey, cur.previewKey] : [] };
      }
      // The count and the insert under the owner's lock: two saves at once cannot pass the limit together.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`design-blocks:${ownerId}`}, 0))`);
      const [n] = await tx.select({ n: count() }).from(designBlocks).where(eq(designBlocks.ownerId, ownerId));
      if (Number(n?.n ?? 0) >= BLOCK_LIMITS.blocksPerUser) throw tooMany(locale);
      const [row] = await tx
        .insert(designBlocks)
        .values({
          ownerId,
          name: set.name!,
          description: set.description ?? '',
          keywords: set.keywords ?? '',
          categoryId: set.categoryId ?? null,
          schKey: set.schKey!,
          schSize: set.schSize!,
          previewKey: set.previewKey ?? null,
          info: set.info,
        })
        .returning({ id: designBlocks.id });
      return { id: row!.id, old: [] };
    });
  } catch (error) {
    // Nothing references what was just stored: it goes (unless another row holds the same bytes).
    await releaseKeys(
      db,
      store,
      puts.map((p) => p.key),
    );
    throw error;
  }
  const kept = new Set(puts.map((p) => p.key));
  await releaseKeys(
    db,
    store,
    result.old.filter((k) => k && !kept.has(k)),
  );
  return getBlock(db, ownerId, result.id, locale);
}

const tooMany = (locale: Locale) => new AppError(Code.badInput, serverMessage('blocks.tooMany', locale, { max: BLOCK_LIMITS.blocksPerUser }));

/** Refuses early (before reading the sheet) when the user already has the most blocks allowed. */
async function assertRoom(db: Db, ownerId: number, locale: Locale): Promise<void> {
  const [n] = await db.select({ n: count() }).from(designBlocks).where(eq(designBlocks.ownerId, ownerId));
  if (Number(n?.n ?? 0) >= BLOCK_LIMITS.blocksPerUser) throw tooMany(locale);
}

export async function deleteBlock(db: Db, store: FileStore, ownerId: number, id: number, locale: Locale): Promise<{ id: number; deleted: true }> {
  const [gone] = await db
    .delete(designBlocks)
    .where(and(eq(designBlocks.id, id), eq(designBlocks.ownerId, ownerId)))
    .returning({ schKey: designBlocks.schKey, previewKey: designBlocks.previewKey });
  if (!gone) throw notFound(locale);
  await releaseKeys(db, store, [gone.schKey, gone.previewKey]);
  return { id, deleted: true };
}

// --- preview, download ----------------------------------------------------------------------------

export async function blockPreviewKey(db: Db, ownerId: number, id: number, locale: Locale): Promise<string> {
  const row = await ownRow(db, ownerId, id, locale);
  if (!row.previewKey) throw new AppError(Code.notFound, serverMessage('blocks.previewMissing', locale));
  return row.previewKey;
}

/** The block as a KiCad 9 design-block folder in a zip: `<name>.kicad_block/<name>.kicad_sch` and `<name>.json`. */
export async function blockDownload(db: Db, store: FileStore, ownerId: number, id: number, locale: Locale): Promise<{ fileName: string; zip: Uint8Array }> {
  const row = await ownRow(db, ownerId, id, locale);
  const bytes = await storedBytes(store, row.schKey);
  if (!bytes) throw new AppError(Code.notFound, serverMessage('blocks.fileNotFound', locale));
  const files = writeDesignBlock({ name: row.name, schematic: new TextDecoder().decode(bytes), description: row.description, keywords: row.keywords, fields: {} });
  const zip = createZip(files.map((f) => ({ name: f.path, data: f.data })));
  return { fileName: `${blockFileName(row.name)}.kicad_block.zip`, zip };
}
