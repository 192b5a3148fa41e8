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
import { READ_BOM_TASK } from './read/read-task.ts';

// POST /bom/upload (issue #12 items 1 and 9): the size is checked before anything is read; the
// file is parsed in the jobs' worker pool with the read limits (never on the request loop); only a
// file that reads is stored (file store + bom + bom_sheets in one transaction), so a refused
// upload leaves nothing behind and touches nothing saved before.

/** The read limits of an upload: the file store's BOM limit is the one size limit. */
export const UPLOAD_READ_LIMITS = { ...BOM_READ_LIMITS, maxFileBytes: UPLOAD_LIMITS.bom };

export function tooLargeMessage(locale: Locale): string {
  return serverMessage('bom.read.tooLarge', locale, { megabytes: Math.floor(UPLOAD_LIMITS.bom / (1024 * 1024)) });
}

export async function uploadBom(
  db: Db,
  store: FileStore,
  pool: WorkerPool,
  input: { file: Blob; fileName: string; ownerId: number | null; locale: Locale; now: Date },
): Promise<BomUploadResult> {
  const { file, locale } = input;
  if (file.size > UPLOAD_LIMITS.bom) throw new AppError(Code.tooLarge, tooLargeMessage(locale));
  const fileName = safeFilename(input.fileName, 'bom');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const out = await pool.run(READ_BOM_TASK, { bytes, fileName, limits: UPLOAD_READ_LIMITS }, { transfer: [bytes.buffer as ArrayBuffer] });
  if (!out.ok) {
    const code = out.problem.key === 'bom.read.tooLarge' ? Code.tooLarge : Code.badInput;
    throw new AppError(code, serverMessage(out.problem.key, locale, out.problem.vars));
  }
  const read = out.result;
  const bom = await storeUpload(db, store, { file, fileName, ownerId: input.ownerId, read, now: input.now });
  const sheetIndex = Math.max(0, read.defaultSheet);
  return {
    bomId: bom.id,
    sheets: read.sheets.map((s) => ({ name: s.name, rows: s.rows.filter((r) => r.some((c) => c !== '')).length, hidden: s.hidden })),
    sheet: read.sheets[sheetIndex]?.name ?? '',
    format: read.format,
    warnings: read.warnings.map((w) => serverMessage(w.key, locale, w.vars)),
  };
}
