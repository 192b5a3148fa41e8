import { workerTask, type WorkerTaskContext } from '../jobs/worker-task.ts';
import { readBomTask, type ReadBomTaskInput } from './read/read-task.ts';
import { filledRowCount, type BomReadResult, type RawSheet } from './read/sheet.ts';

// The upload's read (issue #36 item 1), a step for the jobs' worker pool: readBomFile as in
// READ_BOM_TASK, but each sheet comes back as its first SHEET_HEAD_ROWS rows and its counts. The
// stored file is the whole sheet (confirm reads it again in the pool); the database keeps the head
// that header detection and the preview read, so storing a 20,000-row sheet is not one statement
// of megabytes on the request thread (PGlite), nor 20,000 row objects cloned back to it.

/** Rows of each sheet kept in bom_sheets: header detection scans 20 rows and samples 50 after. */
export const SHEET_HEAD_ROWS = 500;

export type HeadSheet = RawSheet & { readonly filledRows: number; readonly totalRows: number };
export type UploadRead = Omit<BomReadResult, 'sheets'> & { readonly sheets: HeadSheet[] };
export type UploadReadOutput = { readonly ok: true; readonly result: UploadRead } | { readonly ok: false; readonly problem: Extract<ReturnType<typeof readBomTask>, { ok: false }>['problem'] };

export function readUploadTask(data: ReadBomTaskInput, ctx: WorkerTaskContext): UploadReadOutput {
  const out = readBomTask(data, ctx);
  if (!out.ok) return out;
  const sheets = out.result.sheets.map((s) => ({ name: s.name, hidden: s.hidden, rows: s.rows.slice(0, SHEET_HEAD_ROWS), filledRows: filledRowCount(s.rows), totalRows: s.rows.length }));
  return { ok: true, result: { ...out.result, sheets } };
}

export const UPLOAD_READ_TASK = workerTask<ReadBomTaskInput, UploadReadOutput>('src/lib/bom/upload-read-task.ts', 'readUploadTask');
