import { importModels3dDir } from '../../catalog/model3d/import-models-dir.server.ts';
import type { Database } from '../../server/db/client.server.ts';
import { defineJob } from '../runner.server.ts';

// `import-3d`: a KiCad 3D library directory (model3d/). The per-file problems go to `onProblems`
// (the script prints them); the job's result is the summary.

export type Model3dProblems = { failures: { key: string; reason: string }[]; rejected: { key: string; reason: string }[]; tooLarge: string[] };

export function import3dJob(database: Database, hooks: { onProblems?: (problems: Model3dProblems) => void } = {}) {
  return defineJob('import-3d', async (input, ctx) => {
    const started = performance.now();
    ctx.progress({ phase: '3D models' });
    const r = await importModels3dDir(database.db, input.dir, { source: input.source, licence: input.licence }, (message) => ctx.progress({ message }), ctx.signal);
    hooks.onProblems?.({ failures: r.failures, rejected: r.rejected, tooLarge: r.tooLarge });
    return {
      stored: r.stored,
      previews: r.meshes,
      withoutPreview: r.failures.length,
      rejected: r.rejected.length,
      tooLarge: r.tooLarge.length,
      seconds: +((performance.now() - started) / 1000).toFixed(1),
    };
  });
}
