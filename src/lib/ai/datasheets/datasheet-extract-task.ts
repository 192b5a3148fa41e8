import { workerTask, type WorkerTaskContext } from '../../jobs/worker-task.ts';
import { extractPdf, type ExtractOutcome } from './datasheet-extract.ts';

// extractPdf as a step for the jobs' worker pool (ADR 0007): the PDF's bytes are transferred in,
// passages come back. Requests never parse PDFs; a PDF that cannot be read is an answer, not a crash.

export type ExtractDatasheetInput = { readonly bytes: Uint8Array; readonly name: string };

export async function extractDatasheetTask(data: ExtractDatasheetInput, ctx: WorkerTaskContext): Promise<ExtractOutcome> {
  ctx.throwIfStopped();
  return extractPdf(data.bytes, {
    fallbackTitle: data.name,
    checkStopped: () => ctx.throwIfStopped(),
    onPage: (done, total) => ctx.progress({ done, total }),
  });
}

export const EXTRACT_DATASHEET_TASK = workerTask<ExtractDatasheetInput, ExtractOutcome>('src/lib/ai/datasheets/datasheet-extract-task.ts', 'extractDatasheetTask');
