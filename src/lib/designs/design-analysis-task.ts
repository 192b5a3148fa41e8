import { workerTask, type WorkerTaskContext } from '../jobs/worker-task.ts';
import type { InputFile } from '../kicad-viewer/protocol.ts';
import { analyseProject, type AnalysisOutcome } from './design-analysis.ts';

// analyseProject as a step for the jobs' worker pool (ADR 0007), like READ_DESIGN_TASK: the
// stored files' bytes are transferred in; BOM, statistics and cover come back. A design that does
// not read is an answer ({ ok: false, problem }), not a crash.

export type AnalyseDesignTaskInput = { readonly files: readonly InputFile[] };

export async function analyseDesignTask(data: AnalyseDesignTaskInput, ctx: WorkerTaskContext): Promise<AnalysisOutcome> {
  ctx.throwIfStopped();
  return analyseProject(data.files);
}

export const ANALYSE_DESIGN_TASK = workerTask<AnalyseDesignTaskInput, AnalysisOutcome>('src/lib/designs/design-analysis-task.ts', 'analyseDesignTask');
