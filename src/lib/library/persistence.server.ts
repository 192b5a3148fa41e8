import { and, asc, count, eq } from 'drizzle-orm';
import { fileKeyReferences } from '../files/file-references.server.ts';
import { linkFile, releaseFile } from '../files/file-refs.server.ts';
import { FileTooLargeError, type FileKey, type FileStore } from '../files/file-store.ts';
import type { Locale } from '../i18n/i18n.ts';
import type { Db } from '../server/db/client.server.ts';
import { persistedFiles } from '../server/db/schema/index.ts';
import { AppError, Code } from '../server/errors.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import { BLOCK_LIMITS } from './blocks.ts';
import type { PersistedFile } from './blocks.schema.ts';

// file/operation/persistence* (issue #16): a file kept for a later call, e.g. the .kicad_sch the
// KiCad host sends before saving it as a design block. Rows of persisted_files point into the file
// store (content addressed, linkFile/releaseFile); only the owner reads one back, and another
// user's id (or a guessed one) is "no such file", like a missing one. It is a scratch area: beyond
// BLOCK_LIMITS.persistedPerUser files per user, the oldest are released.

const MB = 1024 * 1024;
type Row = typeof persistedFiles.$inferSelect;

export const persistedUrl = (id: string) => `/api/file/operation/persistence/file?id=${id}`;

function toView(r: Row): PersistedFile {
  return { id: r.id, fileName: r.fileName, mime: r.mime, size: Number(r.size), url: persistedUrl(r.id), createdAt: new Date(r.createdAt).toISOString() };
}

const notFound = (locale: Locale) => new AppError(Code.notFound, serverMessage('blocks.fileNotFound', locale));

export function tooLarge(locale: Locale, maxBytes = BLOCK_LIMITS.persistMaxBytes): AppError {
  return new AppError(Code.tooLarge, serverMessage('blocks.fileTooLarge', locale, { megabytes: Math.round(maxBytes / MB) }));
}

/** The file's name as kept: the last path segment, no control characters, at most 200 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const cleaned = base.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '').trim();
  return [...cleaned].slice(0, BLOCK_LIMITS.fileNameMaxChars).join('') || 'file';
}

/** Stores the bytes and the row; the user's oldest files beyond the cap are released. */
export async function persistFile(
  db: Db,
  store: FileStore,
  ownerId: number,
  file: { bytes: Uint8Array; fileName: string; mime: string },
  locale: Locale,
): Promise<PersistedFile> {
  const fileName = cleanFileName(file.fileName);
  const mime = file.mime.toLowerCase().slice(0, 100) || 'application/octet-stream';
  const put = () => store.put(file.bytes, { maxBytes: BLOCK_LIMITS.persistMaxBytes, contentType: mime, filename: fileName });
  let stored;
  try {
    stored = await put();
  } catch (error) {
    if (error instanceof FileTooLargeError) throw tooLarge(locale);
    throw error;
  }
  const row = await linkFile(db, store, stored.key, put, async (tx) => {
    const [r] = await tx.insert(persistedFiles).values({ ownerId, fileName, mime, fileKey: stored.key, size: stored.size }).returning();
    return r!;
  });
  await trimPersisted(db, store, ownerId);
  return toView(row);
}

/** Releases the owner's oldest persisted files beyond the cap. */
async function trimPersisted(db: Db, store: FileStore, ownerId: number): Promise<void> {
  const [n] = await db.select({ n: count() }).from(persistedFiles).where(eq(persistedFiles.ownerId, ownerId));
  const excess = Number(n?.n ?? 0) - BLOCK_LIMITS.persistedPerUser;
  if (excess <= 0) return;
  const oldest = await db
    .select({ id: persistedFiles.id })
    .from(persistedFiles)
    .where(eq(persistedFiles.ownerId, ownerId))
    .orderBy(asc(persistedFiles.createdAt), asc(persistedFiles.id))
    .limit(excess);
  for (const o of oldest) await deletePersisted(db, store, ownerId, o.id);
}

/** The owner's persisted file, or 40400 (also for another user's id). */
export async function persistedFileOf(db: Db, ownerId: number, id: string, locale: Locale): Promise<Row> {
  const [row] = await db
    .select()
    .from(persistedFiles)
    .where(and(eq(persistedFiles.id, id), eq(persistedFiles.ownerId, ownerId)));
  if (!row) throw notFound(locale);
  return row;
}

/** The bytes of a stored file, or null when the store lost them. */
export async function storedBytes(store: FileStore, key: FileKey): Promise<Uint8Array | null> {
  const body = await store.get(key);
  if (!body) return null;
  return new Uint8Array(await new Response(body.stream).arrayBuffer());
}

export async function deletePersisted(db: Db, store: FileStore, ownerId: number, id: string): Promise<boolean> {
  const [gone] = await db
    .delete(persistedFiles)
    .where(and(eq(persistedFiles.id, id), eq(persistedFiles.ownerId, ownerId)))
    .returning({ key: persistedFiles.fileKey });
  if (!gone) return false;
  await releaseFile(db, store, gone.key, fileKeyReferences(gone.key));
  return true;
}
