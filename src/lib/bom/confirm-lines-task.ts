import { workerTask, type WorkerTaskContext } from '../jobs/worker-task.ts';
import { linesFromSheet } from './bom-line.ts';
import type { HeaderColumn } from './header-match.ts';
import type { BomReadLimits } from './read/limits.ts';
import { BomReadError } from './read/problems.ts';
import { readBomFile } from './read/read-bom-file.ts';

// The CPU part of /bom/confirm (issue #36 item 1), a step for the jobs' worker pool: the sheet's
// rows (read again from the stored file, or as stored when the BOM has no file), the mapping
// checked against them, and the lines made and serialised for the insert. A 19,000-line sheet
// takes seconds here; on the request thread it stalled every other request.

/** Lines per serialised piece; the insert joins pieces into statements sized by time. */
export const LINE_PIECE = 50;

export type ConfirmLinesInput = {
  readonly source: { readonly bytes: Uint8Array; readonly fileName: string; readonly limits: BomReadLimits } | { readonly rows: readonly (readonly string[])[] };
  readonly sheetIndex: number;
  readonly headerRow: number | null;
  readonly columns: readonly HeaderColumn[];
  /** Fields that identify a part: a mapping needs one of them. */
  readonly identifying: readonly string[];
};

export type ConfirmProblem = { readonly key: string; readonly vars: Record<string, string | number> };

export type ConfirmLinesOutput =
  | { readonly ok: true; readonly lines: number; /** JSON arrays of insert records, LINE_PIECE lines each. */ readonly pieces: readonly string[] }
  | { readonly ok: false; readonly problem: ConfirmProblem };

/** One line as the insert reads it (jsonb_to_recordset in bom-lines.server.ts). */
export type LineRecord = {
  position: number;
  row: number;
  designators: readonly string[];
  quantity: number | null;
  source: { fields: unknown; cells: readonly string[] };
  dnp: boolean;
  problems: unknown;
};

function sheetRows(data: ConfirmLinesInput): readonly (readonly string[])[] | ConfirmProblem {
  if ('rows' in data.source) return data.source.rows;
  try {
    const read = readBomFile(data.source.bytes, data.source.fileName, data.source.limits);
    const sheet = read.sheets[data.sheetIndex];
    return sheet ? sheet.rows : { key: 'bom.api.sheetNotFound', vars: { sheet: String(data.sheetIndex) } };
  } catch (error) {
    if (error instanceof BomReadError) return { key: error.problem.key, vars: error.problem.vars as Record<string, string | number> };
    throw error;
  }
}

export function confirmLinesTask(data: ConfirmLinesInput, ctx: WorkerTaskContext): ConfirmLinesOutput {
  ctx.throwIfStopped();
  const rows = sheetRows(data);
  if (!Array.isArray(rows)) return { ok: false, problem: rows as ConfirmProblem };
  // The checks of the mapping, in the order the API has always reported them.
  if (data.headerRow !== null && data.headerRow >= rows.length) return { ok: false, problem: { key: 'bom.api.headerRowOutOfRange', vars: { row: data.headerRow, max: rows.length } } };
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0);
  const seen = new Set<number>();
  for (const c of data.columns) {
    if (c.index >= width) return { ok: false, problem: { key: 'bom.api.columnOutOfRange', vars: { index: c.index, max: width } } };
    if (seen.has(c.index)) return { ok: false, problem: { key: 'bom.api.columnRepeated', vars: { index: c.index } } };
    seen.add(c.index);
  }
  if (!data.columns.some((c) => data.identifying.includes(c.field))) return { ok: false, problem: { key: 'bom.header.noIdentifyingColumn', vars: {} } };
  ctx.throwIfStopped();
  const lines = linesFromSheet(rows, { headerRow: data.headerRow, columns: data.columns });
  ctx.throwIfStopped();
  const pieces: string[] = [];
  for (let i = 0; i < lines.length; i += LINE_PIECE) {
    const records: LineRecord[] = lines.slice(i, i + LINE_PIECE).map((l, j) => ({
      position: i + j,
      row: l.row,
      designators: l.designators,
      quantity: l.quantity,
      source: { fields: l.source.fields, cells: l.source.cells },
      dnp: l.dnp,
      problems: l.problems,
    }));
    pieces.push(JSON.stringify(records));
  }
  return { ok: true, lines: lines.length, pieces };
}

export const CONFIRM_LINES_TASK = workerTask<ConfirmLinesInput, ConfirmLinesOutput>('src/lib/bom/confirm-lines-task.ts', 'confirmLinesTask');
