import { importJlcparts, type JlcProblem } from '../../catalog/jlcparts/import-jlcparts.server.ts';
import type { Database } from '../../server/db/client.server.ts';
import { defineJob } from '../runner.server.ts';

// `import-jlcparts`: the jlcparts snapshot directory into the catalogue (import-jlcparts.server.ts).
// A cancelled or killed run resumes when started again: products already in are not loaded twice.

export function importJlcpartsJob(database: Database, hooks: { onProblem?: (p: JlcProblem) => void } = {}) {
  return defineJob('import-jlcparts', async (input, ctx) => {
    ctx.progress({ phase: 'parts', done: 0, total: null });
    return importJlcparts(database, input.dir, {
      signal: ctx.signal,
      ...(hooks.onProblem ? { onProblem: hooks.onProblem } : {}),
      onProgress: (p) => ctx.progress({ phase: p.phase, done: p.done, total: p.total }),
    });
  });
}
