import { workerTask, type WorkerTaskContext } from '../jobs/worker-task.ts';
import { DesignReadError, designFilesOf, type DesignFile, readDesign, type DesignProblem, type DesignReadLimits, type DesignReadResult, type UploadedFile } from './design-read.ts';

// readDesign as a step for the jobs' worker pool (ADR 0007), like READ_BOM_TASK: the upload's
// bytes are transferred in, the files and statistics come back; a refusal is data, not a crash.

export type ReadDesignTaskInput = { readonly uploads: readonly UploadedFile[]; readonly limits?: DesignReadLimits };
/** A refusal carries the files when they were found but one did not parse (a stored design may keep them, marked as not analysed). */
export type ReadDesignTaskOutput =
  | { readonly ok: true; readonly result: DesignReadResult }
  | { readonly ok: false; readonly problem: DesignProblem; readonly files?: DesignFile[] };

export function readDesignTask(data: ReadDesignTaskInput, ctx: WorkerTaskContext): ReadDesignTaskOutput {
  ctx.throwIfStopped();
  let files: DesignFile[];
  try {
    files = designFilesOf(data.uploads, data.limits);
  } catch (error) {
    if (error instanceof DesignReadError) return { ok: false, problem: error.problem };
    throw error;
  }
  ctx.throwIfStopped();
  try {
    return { ok: true, result: readDesign(files) };
  } catch (error) {
    if (error instanceof DesignReadError) return { ok: false, problem: error.problem, files };
    throw error;
  }
}

export const READ_DESIGN_TASK = workerTask<ReadDesignTaskInput, ReadDesignTaskOutput>('src/lib/viewer/design-read-task.ts', 'readDesignTask');
