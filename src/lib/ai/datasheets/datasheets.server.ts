import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { normalizeMpn } from '../../catalog/mpn.ts';
import { fileKeyReferences } from '../../files/file-references.server.ts';
import { linkFile, releaseFile } from '../../files/file-refs.server.ts';
import type { FileStore } from '../../files/file-store.ts';
import type { Locale } from '../../i18n/i18n.ts';
import type { WorkerPool } from '../../jobs/worker-pool.server.ts';
import type { Db } from '../../server/db/client.server.ts';
import { datasheetPassages, datasheetProducts, datasheets, products } from '../../server/db/schema/index.ts';
import { AppError, Code } from '../../server/errors.ts';
import { logger } from '../../server/logger.server.ts';
import { serverMessage, type ServerMessageKey } from '../../server/messages/server-message.ts';
import { AI_LIMITS } from '../ai.ts';
import { EXTRACT_DATASHEET_TASK } from './datasheet-extract-task.ts';
import { looksLikePdf, type ExtractFailure, type ExtractOutcome } from './datasheet-extract.ts';
import { looksLikePartNumber } from './datasheet-text.ts';
import { indexPassageVectors } from './passage-vectors.server.ts';

// Datasheets (issue #15 item 4): a PDF is checked (bytes, not name), stored in the file store,
// read in the jobs' worker pool, and kept with its passages and its catalogue parts in one
// transaction. A PDF that cannot be indexed (encrypted, scanned, damaged) is kept with status
// 'failed' and the reason, so nothing uploaded is lost. A user's upload is theirs alone; the
// catalogue's datasheets (owner null) are public. A private datasheet and a made-up id get the
// same 40400, so ids cannot be probed.

export type DatasheetError = { key: ServerMessageKey; vars: Record<string, string | number> };

export type DatasheetView = {
  id: string;
  name: string;
  title: string;
  size: number;
  pages: number;
  status: 'ok' | 'failed';
  /** Why it could not be indexed, in the caller's language; null when indexed. */
  error: string | null;
  passages: number;
  parts: { mfgMpnCode: string; mpn: string }[];
  /** '/api/rag/datasheet/<id>/file'. */
  url: string;
  own: boolean;
  createdAt: string;
};

export type IngestInput = {
  bytes: Uint8Array;
  /** The file's name as uploaded. */
  name: string;
  /** The uploader; null for a catalogue datasheet (public). */
  ownerId: number | null;
  /** A catalogue part to attach besides the ones found in the PDF. */
  mfgMpnCode?: string | undefined;
  /** Where a catalogue datasheet comes from. */
  source?: string | undefined;
  locale: Locale;
  signal?: AbortSignal | undefined;
};

const FAILURE_KEYS: Record<ExtractFailure, ServerMessageKey> = {
  notPdf: 'rag.failed.unreadable',
  encrypted: 'rag.failed.encrypted',
  noText: 'rag.failed.noText',
  unreadable: 'rag.failed.unreadable',
};

/** Largest number of catalogue parts one datasheet is attached to (a family datasheet lists many). */
export const MAX_PARTS_PER_DATASHEET = 200;
const INSERT_CHUNK = 400;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];


const notFound = (locale: Locale) => new AppError(Code.notFound, serverMessage('rag.notFound', locale));

export function datasheetFileUrl(id: string): string {
  return `/api/rag/datasheet/${id}/file`;
}

/** Part-number-like words of the first pages (title, ordering information), as normalised keys. */
export function partKeysOf(text: string, max = 300): string[] {
  const keys = new Set<string>();
  for (const m of text.normalize('NFKC').matchAll(/[A-Za-z0-9][A-Za-z0-9\-./_#+]{2,39}/g)) {
    const word = m[0].replace(/[-./_#+]+$/, '');
    if (!looksLikePartNumber(word)) continue;
    const key = normalizeMpn(word);
    if (key.length >= 4) keys.add(key);
    if (keys.size >= max) break;
  }
  return [...keys];
}

/**
 * Catalogue parts a datasheet describes: part numbers of its first pages found in the catalogue
 * (exact key), and for the title's part numbers the catalogue's variants of them ('AMS1117' →
 * 'AMS1117-3.3'), at most MAX_PARTS_PER_DATASHEET.
 */
export async function findDatasheetParts(db: Pick<Db, 'select'>, firstPagesText: string, title: string): Promise<number[]> {
  const keys = partKeysOf(firstPagesText);
  const found = new Set<number>();
  if (keys.length) {
    const rows = await db.select({ id: products.id }).from(products).where(inArray(products.mpnNormalized, keys)).limit(MAX_PARTS_PER_DATASHEET);
    for (const r of rows) found.add(r.id);
  }
  for (const key of partKeysOf(title, 10).filter((k) => k.length >= 5)) {
    if (found.size >= MAX_PARTS_PER_DATASHEET) break;
    const rows = await db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.mpnNormalized} LIKE ${`${key}%`}`)
      .limit(MAX_PARTS_PER_DATASHEET - found.size);
    for (const r of rows) found.add(r.id);
  }
  return [...found];
}

async function runExtraction(pool: WorkerPool, bytes: Uint8Array, name: string, signal: AbortSignal | undefined): Promise<ExtractOutcome | { ok: false; crashed: string }> {
  const copy = new Uint8Array(bytes);
  try {
    return await pool.run(EXTRACT_DATASHEET_TASK, { bytes: copy, name }, { transfer: [copy.buffer], ...(signal ? { signal } : {}) });
  } catch (error) {
    if (signal?.aborted) throw error;
    logger.warn({ err: error, name }, 'datasheet extraction crashed');
    return { ok: false, crashed: error instanceof Error ? error.message.slice(0, 200) : 'error' };
  }
}

export type IngestResult = { id: string; status: 'ok' | 'failed'; error: DatasheetError | null; passages: number; parts: number };

/**
 * Stores and indexes one PDF. Refuses (40000) bytes that are not a PDF and (41300) more than
 * AI_LIMITS.pdfBytes; everything else is kept, indexed or marked 'failed' with the reason.
 */
export async function ingestDatasheet(db: Db, store: FileStore, pool: WorkerPool, input: IngestInput): Promise<IngestResult> {
  const { bytes, locale } = input;
  const name = input.name.slice(0, 200) || 'datasheet.pdf';
  if (bytes.byteLength > AI_LIMITS.pdfBytes) throw new AppError(Code.tooLarge, serverMessage('rag.tooLarge', locale, { megabytes: AI_LIMITS.pdfBytes / 1024 / 1024 }));
  if (!looksLikePdf(bytes)) throw new AppError(Code.badInput, serverMessage('rag.notPdf', locale, { name }));
  let attachId: number | null = null;
  if (input.mfgMpnCode) {
    const [p] = await db.select({ id: products.id }).from(products).where(eq(products.mfgMpnCode, input.mfgMpnCode));
    if (!p) throw new AppError(Code.badInput, serverMessage('rag.partNotFound', locale, { mpn: input.mfgMpnCode }));
    attachId = p.id;
  }

  const put = () => store.put(bytes, { maxBytes: AI_LIMITS.pdfBytes, contentType: 'application/pdf', filename: name });
  const stored = await put();
  let outcome: Awaited<ReturnType<typeof runExtraction>>;
  try {
    outcome = await runExtraction(pool, bytes, name, input.signal);
  } catch (error) {
    // The upload was cancelled while the PDF was read: no row will reference the bytes.
    await releaseFile(db, store, stored.key, fileKeyReferences(stored.key)).catch(() => {});
    throw error;
  }

  let error: DatasheetError | null = null;
  if (!outcome.ok) error = 'crashed' in outcome ? { key: 'rag.failed.crashed', vars: { reason: outcome.crashed } } : { key: FAILURE_KEYS[outcome.reason], vars: {} };
  const partIds = outcome.ok ? await findDatasheetParts(db, outcome.firstPagesText, outcome.title) : [];
  if (attachId !== null && !partIds.includes(attachId)) partIds.unshift(attachId);

  const result = await linkFile(db, store, stored.key, put, async (tx: Tx) => {
    const [row] = await tx
      .insert(datasheets)
      .values({
        ownerId: input.ownerId,
        name,
        title: outcome.ok ? outcome.title : name.replace(/\.pdf$/i, ''),
        fileKey: stored.key,
        size: stored.size,
        pages: 'pages' in outcome ? outcome.pages : 0,
        status: outcome.ok ? 'ok' : 'failed',
        error,
        source: input.source ?? null,
      })
      .returning({ id: datasheets.id });
    const id = row!.id;
    const passages = outcome.ok ? outcome.passages : [];
    for (let i = 0; i < passages.length; i += INSERT_CHUNK) {
      await tx.insert(datasheetPassages).values(passages.slice(i, i + INSERT_CHUNK).map((p) => ({ datasheetId: id, page: p.page, seq: p.seq, kind: p.kind, text: p.text, searchText: p.searchText })));
    }
    if (partIds.length) await tx.insert(datasheetProducts).values(partIds.slice(0, MAX_PARTS_PER_DATASHEET).map((productId) => ({ datasheetId: id, productId }))).onConflictDoNothing();
    return { id, passages: passages.length };
  });
  // Vectors after the passages are committed: bounded, and a failure only logs (the datasheet is
  // searchable lexically already). Nothing happens unless LLM_EMBEDDING_MODEL is set.
  if (outcome.ok && result.passages > 0) await indexPassageVectors(db, result.id);
  return { id: result.id, status: outcome.ok ? 'ok' : 'failed', error, passages: result.passages, parts: Math.min(partIds.length, MAX_PARTS_PER_DATASHEET) };
}

/** Visible to a caller: the catalogue's, or the caller's own. */
export function visibleDatasheet(userId: number | null) {
  return userId === null ? isNull(datasheets.ownerId) : or(isNull(datasheets.ownerId), eq(datasheets.ownerId, userId))!;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isDatasheetId(id: string): boolean {
  return UUID.test(id);
}

async function viewsOf(db: Db, rows: (typeof datasheets.$inferSelect)[], userId: number | null, locale: Locale): Promise<DatasheetView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const counts = await db
    .select({ id: datasheetPassages.datasheetId, n: count() })
    .from(datasheetPassages)
    .where(inArray(datasheetPassages.datasheetId, ids))
    .groupBy(datasheetPassages.datasheetId);
  const parts = await db
    .select({ id: datasheetProducts.datasheetId, mfgMpnCode: products.mfgMpnCode, mpn: products.mpn })
    .from(datasheetProducts)
    .innerJoin(products, eq(products.id, datasheetProducts.productId))
    .where(inArray(datasheetProducts.datasheetId, ids))
    .orderBy(products.mpn);
  return rows.map((r) => {
    const e = r.error as DatasheetError | null;
    return {
      id: r.id,
      name: r.name,
      title: r.title,
      size: r.size,
      pages: r.pages,
      status: r.status === 'ok' ? 'ok' : 'failed',
      error: e ? serverMessage(e.key, locale, e.vars) : null,
      passages: Number(counts.find((c) => c.id === r.id)?.n ?? 0),
      parts: parts.filter((p) => p.id === r.id).map((p) => ({ mfgMpnCode: p.mfgMpnCode, mpn: p.mpn })),
      url: datasheetFileUrl(r.id),
      own: userId !== null && r.ownerId === userId,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/** One datasheet the caller may see, or 40400. */
export async function getDatasheet(db: Db, id: string, userId: number | null, locale: Locale): Promise<DatasheetView> {
  if (!isDatasheetId(id)) throw notFound(locale);
  const rows = await db.select().from(datasheets).where(and(eq(datasheets.id, id), visibleDatasheet(userId)));
  if (!rows[0]) throw notFound(locale);
  return (await viewsOf(db, rows, userId, locale))[0]!;
}

/** The caller's uploads, newest first. */
export async function listDatasheets(db: Db, userId: number, page: { pageNum: number; pageSize: number }, locale: Locale): Promise<{ list: DatasheetView[]; total: number }> {
  const [t] = await db.select({ n: count() }).from(datasheets).where(eq(datasheets.ownerId, userId));
  const rows = await db
    .select()
    .from(datasheets)
    .where(eq(datasheets.ownerId, userId))
    .orderBy(desc(datasheets.createdAt), desc(datasheets.id))
    .limit(page.pageSize)
    .offset((page.pageNum - 1) * page.pageSize);
  return { list: await viewsOf(db, rows, userId, locale), total: Number(t?.n ?? 0) };
}

/** Deletes the caller's datasheet (passages and links go with it) and releases its file. */
export async function deleteDatasheet(db: Db, store: FileStore, userId: number, id: string, locale: Locale): Promise<{ id: string }> {
  if (!isDatasheetId(id)) throw notFound(locale);
  const [gone] = await db
    .delete(datasheets)
    .where(and(eq(datasheets.id, id), eq(datasheets.ownerId, userId)))
    .returning({ key: datasheets.fileKey });
  if (!gone) throw notFound(locale);
  await releaseFile(db, store, gone.key, fileKeyReferences(gone.key));
  return { id };
}

/** Deletes a catalogue datasheet (operators: the import script's --replace). */
export async function deleteCatalogueDatasheet(db: Db, store: FileStore, id: string): Promise<boolean> {
  const [gone] = await db
    .delete(datasheets)
    .where(and(eq(datasheets.id, id), isNull(datasheets.ownerId)))
    .returning({ key: datasheets.fileKey });
  if (!gone) return false;
  await releaseFile(db, store, gone.key, fileKeyReferences(gone.key));
  return true;
}

/** The stored PDF of a datasheet the caller may see (any status), or 40400. */
export async function datasheetFile(db: Db, id: string, userId: number | null, locale: Locale): Promise<{ key: string; name: string }> {
  if (!isDatasheetId(id)) throw notFound(locale);
  const [row] = await db
    .select({ key: datasheets.fileKey, name: datasheets.name })
    .from(datasheets)
    .where(and(eq(datasheets.id, id), visibleDatasheet(userId)));
  if (!row) throw notFound(locale);
  return row;
}
