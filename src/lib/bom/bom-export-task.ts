import { writeXlsx } from '../files/xlsx-write.ts';
import { workerTask } from '../jobs/worker-task.ts';
import { bomExportSheet, type ExportInput, type ExportLine } from './bom-export.ts';

// The CPU part of /bom/download (issue #36 item 1), a step for the jobs' worker pool: the sheet of
// bomExportSheet written as xlsx. The lines come as JSON pieces (strings cross the thread as one
// copy; 19,000 line objects would be cloned on the request thread).

export type ExportTaskInput = Omit<ExportInput, 'lines'> & { readonly linePieces: readonly string[] };

export function exportBomTask(data: ExportTaskInput): Uint8Array {
  const lines = data.linePieces.flatMap((p) => JSON.parse(p) as ExportLine[]);
  const bytes = writeXlsx({ sheets: [bomExportSheet({ sheetName: data.sheetName, header: data.header, boardCount: data.boardCount, labels: data.labels, lines })] });
  // A copy in its own buffer: the writer's may be a slice of Node's shared pool, which cannot be transferred.
  return new Uint8Array(bytes);
}

export const EXPORT_BOM_TASK = workerTask<ExportTaskInput, Uint8Array>('src/lib/bom/bom-export-task.ts', 'exportBomTask');
