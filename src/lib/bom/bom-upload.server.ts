import type { FileStore } from '../files/file-store.ts';
import { safeFilename } from '../files/file-store.ts';
import { UPLOAD_LIMITS } from '../files/upload-limits.ts';
import type { WorkerPool } from '../jobs/worker-pool.server.ts';
import type { Locale } from '../i18n/i18n.ts';
import type { Db } from '../server/db/client.server.ts';
import { AppError, Code } from '../server/errors.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import type { BomUploadResult } from './bom.schema.ts';
import { storeUpload } from './bom-store.server.ts';
import { BOM_READ_LIMITS } from './read/limits.ts';
import { UPLOAD_READ_TASK } from './upload-read-task.ts';

// POST /bom/upload (issue #12 items 1 and 9): the size is checked before anything is read; the
// file is parsed in the jobs' worker pool with the read limits (never on the request loop); only a
// file that reads is stored (file store + bom + bom_sheets in one transaction), so a refused
// upload leaves nothing behind and touches nothing saved before.

/** The read limits of an upload: the file store's BOM limit is the one size limit. */
export const UPLOAD_READ_LIMITS = { ...BOM_READ_LIMITS, maxFileBytes: UPLOAD_LIMITS.bom };

/**
 * A logged-out caller's tighter limits (issue #36 item 1): every row costs matching work that
 * nobody is accountable for, so an anonymous BOM is at most 5,000 rows and 2 MB.
 */
export const ANONYMOUS_READ_LIMITS = { ...UPLOAD_READ_LIMITS, maxRows: 5000, maxFileBytes: 2 * 1024 * 1024 };

export function tooLargeMessage(locale: Locale): string {
  return serverMessage('bom.read.tooLarge', locale, { megabytes: Math.floor(UPLOAD_LIMITS.bom / (1024 * 1024)) });
}

export async function uploadBom(
  db: Db,
  store: FileStore,
  pool: WorkerPool,
  input: { file: Blob; fileName: string; name?: string | undefined; ownerId: number | null; ownerKey?: string | null; locale: Locale; now: Date; signal?: AbortSignal | undefined },
): Promise<BomUploadResult> {
  const { file, locale } = input;
  if (file.size > UPLOAD_LIMITS.bom) throw new AppError(Code.tooLarge, tooLargeMessage(locale));
  const fileName = safeFilename(input.fileName, 'bom');
  const bytes = new Uint8Array(await file.arrayBuffer());
  // A caller who leaves stops the read (the worker checks the flag between chunks).
  const limits = input.ownerId === null ? ANONYMOUS_READ_LIMITS : UPLOAD_READ_LIMITS;
  const out = await pool.run(UPLOAD_READ_TASK, { bytes, fileName, limits }, { transfer: [bytes.buffer as ArrayBuffer], ...(input.signal ? { signal: input.signal } : {}) });
  if (!out.ok) {
    const code = out.problem.key === 'bom.read.tooLarge' ? Code.tooLarge : Code.badInput;
    if (input.ownerId === null && out.problem.key === 'bom.read.tooManyRows') {
      throw new AppError(code, serverMessage('bom.read.anonymousTooManyRows', locale, { ...out.problem.vars, loggedIn: UPLOAD_READ_LIMITS.maxRows }));
    }
    throw new AppError(code, serverMessage(out.problem.key, locale, out.problem.vars));
  }
  const read = out.result;
  const bom = await storeUpload(db, store, { file, fileName, name: input.name, ownerId: input.ownerId, ownerKey: input.ownerKey ?? null, read, now: input.now });
  const sheetIndex = Math.max(0, read.defaultSheet);
  return {
    bomId: bom.id,
    sheets: read.sheets.map((s) => ({ name: s.name, rows: s.filledRows, hidden: s.hidden })),
    sheet: read.sheets[sheetIndex]?.name ?? '',
    format: read.format,
    warnings: read.warnings.map((w) => serverMessage(w.key, locale, w.vars)),
  };
}
