import { workerTask } from '../../jobs/worker-task.ts';
import type { WorkerTaskContext } from '../../jobs/worker-task.ts';
import type { BomReadLimits } from './limits.ts';
import { BomReadError, type BomReadProblem } from './problems.ts';
import { readBomFile } from './read-bom-file.ts';
import type { BomReadResult } from './sheet.ts';

// readBomFile as a step for the jobs' worker pool (ADR 0007): the upload's bytes are transferred
// to the worker, the sheets come back. A refused file is an answer, not a crash: the problem key
// and its numbers come back as data (an error crossing the thread would keep only its message).

export type ReadBomTaskInput = { readonly bytes: Uint8Array; readonly fileName: string; readonly limits?: BomReadLimits };
export type ReadBomTaskOutput = { readonly ok: true; readonly result: BomReadResult } | { readonly ok: false; readonly problem: BomReadProblem };

export function readBomTask(data: ReadBomTaskInput, ctx: WorkerTaskContext): ReadBomTaskOutput {
  ctx.throwIfStopped();
  try {
    return { ok: true, result: readBomFile(data.bytes, data.fileName, data.limits) };
  } catch (error) {
    if (error instanceof BomReadError) return { ok: false, problem: error.problem };
    throw error;
  }
}

export const READ_BOM_TASK = workerTask<ReadBomTaskInput, ReadBomTaskOutput>('src/lib/bom/read/read-task.ts', 'readBomTask');
