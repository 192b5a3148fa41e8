import { and, count, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { fileKeyReferences } from '../files/file-references.server.ts';
import { linkFile, lockFileKey, releaseFile } from '../files/file-refs.server.ts';
import type { FileStore } from '../files/file-store.ts';
import { UPLOAD_LIMITS } from '../files/upload-limits.ts';
import type { Db } from '../server/db/client.server.ts';
import { bomSheets, boms } from '../server/db/schema/index.ts';
import { ANONYMOUS_BOM_TTL_MS, type BomRow } from './bom-access.server.ts';
import type { UploadRead } from './upload-read-task.ts';

// A BOM's rows: storing an upload (the original file in the file store, every sheet as text),
// the owner's list, renaming, deleting, and the sweep of expired anonymous BOMs. The file's key is
// released when the last BOM that references it goes (content-addressed files are shared).

/** Every row that holds the same key, in any domain (content-addressed files are shared). */
const fileReferences = fileKeyReferences;

export type NewBom = {
  readonly file: Blob;
  readonly fileName: string;
  /** The user's name for it; the file name without its extension when not given. */
  readonly name?: string | undefined;
  readonly ownerId: number | null;
  /** An anonymous BOM's creating browser (bom-owner.server.ts); null for owned ones. */
  readonly ownerKey?: string | null;
  /** The read with each sheet's first rows and its counts (upload-read-task.ts). */
  readonly read: UploadRead;
  readonly now: Date;
};

/** Stores the original file and the BOM with all its sheets, in one transaction with the file's reference. */
export async function storeUpload(db: Db, store: FileStore, input: NewBom): Promise<BomRow> {
  const put = () => store.put(input.file.stream(), { maxBytes: UPLOAD_LIMITS.bom, contentType: input.file.type, filename: input.fileName });
  const { key } = await put();
  return linkFile(db, store, key, put, async (tx) => {
    const [bom] = await tx
      .insert(boms)
      .values({
        ownerId: input.ownerId,
        ownerKey: input.ownerId === null ? (input.ownerKey ?? null) : null,
        name: input.name ?? (input.fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '') || input.fileName),
        fileName: input.fileName,
        fileKey: key,
        format: input.read.format,
        sheetIndex: Math.max(0, input.read.defaultSheet),
        expiresAt: input.ownerId === null ? new Date(input.now.getTime() + ANONYMOUS_BOM_TTL_MS) : null,
      })
      .returning();
    // One insert per sheet of its first rows (the file holds the rest; confirm reads it again).
    for (const [index, sheet] of input.read.sheets.entries()) {
      await tx.insert(bomSheets).values({ bomId: bom!.id, index, name: sheet.name, hidden: sheet.hidden, rows: sheet.rows, rowCount: sheet.filledRows });
    }
    return bom!;
  });
}

export type SheetRow = typeof bomSheets.$inferSelect;

/** The sheets of a BOM without their rows (names, row counts, hidden). */
export async function sheetList(db: Db, bomId: string): Promise<{ index: number; name: string; rows: number; hidden: boolean }[]> {
  return db
    .select({ index: bomSheets.index, name: bomSheets.name, rows: bomSheets.rowCount, hidden: bomSheets.hidden })
    .from(bomSheets)
    .where(eq(bomSheets.bomId, bomId))
    .orderBy(bomSheets.index);
}

/** One sheet with its rows, by name, or by index when no name is given. */
export async function loadSheet(db: Db, bomId: string, which: { name?: string | undefined; index: number }): Promise<SheetRow | undefined> {
  const where = which.name !== undefined ? and(eq(bomSheets.bomId, bomId), eq(bomSheets.name, which.name)) : and(eq(bomSheets.bomId, bomId), eq(bomSheets.index, which.index));
  const [sheet] = await db.select().from(bomSheets).where(where).orderBy(bomSheets.index).limit(1);
  return sheet;
}

/** The owner's BOMs, most recently changed first. */
export async function listOwnBoms(db: Db, ownerId: number, page: { pageNum: number; pageSize: number }): Promise<{ rows: BomRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(boms)
      .where(eq(boms.ownerId, ownerId))
      .orderBy(desc(boms.updatedAt), desc(boms.id))
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize),
    db.select({ n: count() }).from(boms).where(eq(boms.ownerId, ownerId)),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Deletes a BOM (lines and sheets go with it) and releases its file; false when it was already gone. */
export async function deleteBom(db: Db, store: FileStore, bomId: string, ownerId: number): Promise<boolean> {
  const [gone] = await db
    .delete(boms)
    .where(and(eq(boms.id, bomId), eq(boms.ownerId, ownerId)))
    .returning({ fileKey: boms.fileKey });
  if (!gone) return false;
  if (gone.fileKey) await releaseFile(db, store, gone.fileKey, fileReferences(gone.fileKey));
  return true;
}

export async function renameBom(db: Db, bomId: string, ownerId: number, name: string): Promise<BomRow | undefined> {
  const [row] = await db
    .update(boms)
    .set({ name, version: sql`${boms.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(boms.id, bomId), eq(boms.ownerId, ownerId)))
    .returning();
  return row;
}

/**
 * Deletes anonymous BOMs whose expiry has passed and releases their files. Each BOM goes in its
 * own statement, conditional on still being anonymous and expired (a claim or an edit in between
 * wins). Returns how many were deleted.
 */
export async function purgeExpiredBoms(db: Db, store: FileStore, now = new Date(), limit = 1000): Promise<number> {
  const expired = await db
    .select({ id: boms.id })
    .from(boms)
    .where(and(isNull(boms.ownerId), isNotNull(boms.expiresAt), lt(boms.expiresAt, now)))
    .limit(limit);
  let removed = 0;
  for (const { id } of expired) {
    const [gone] = await db
      .delete(boms)
      .where(and(eq(boms.id, id), isNull(boms.ownerId), lt(boms.expiresAt, now)))
      .returning({ fileKey: boms.fileKey });
    if (!gone) continue;
    removed++;
    if (gone.fileKey) await releaseFile(db, store, gone.fileKey, fileReferences(gone.fileKey));
  }
  return removed;
}

/**
 * "Copy to my BOMs" (issue #36 item 3): a new BOM of the caller (a user, or the anonymous browser
 * with its owner key) holding the source's sheets, mapping and lines as they are now, sharing its
 * file (a second reference under the file's lock). A running match is not copied: a copy of a
 * BOM being matched starts as confirmed.
 */
export async function copyBom(db: Db, source: BomRow, owner: { ownerId: number | null; ownerKey: string | null }, now: Date): Promise<BomRow> {
  return db.transaction(async (tx) => {
    if (source.fileKey) await lockFileKey(tx, source.fileKey);
    const [copy] = await tx
      .insert(boms)
      .values({
        ownerId: owner.ownerId,
        ownerKey: owner.ownerId === null ? owner.ownerKey : null,
        name: source.name,
        fileName: source.fileName,
        fileKey: source.fileKey,
        format: source.format,
        sheetIndex: source.sheetIndex,
        headerRow: source.headerRow,
        columns: source.columns,
        state: source.state === 'matching' ? 'confirmed' : source.state,
        boardCount: source.boardCount,
        trends: source.trends,
        expiresAt: owner.ownerId === null ? new Date(now.getTime() + ANONYMOUS_BOM_TTL_MS) : null,
      })
      .returning();
    await tx.execute(sql`INSERT INTO bom_sheets (bom_id, index, name, hidden, rows, row_count)
      SELECT ${copy!.id}, index, name, hidden, rows, row_count FROM bom_sheets WHERE bom_id = ${source.id}`);
    await tx.execute(sql`INSERT INTO bom_lines (bom_id, position, row, designators, quantity, source, dnp, problems, status, chosen_product_id, chosen_by, candidates, confidence)
      SELECT ${copy!.id}, position, row, designators, quantity, source, dnp, problems, status, chosen_product_id, chosen_by, candidates, confidence
      FROM bom_lines WHERE bom_id = ${source.id} ORDER BY position`);
    return copy!;
  });
}
