import { importKicadLibraries, type Skip } from '../../catalog/kicad-import/import-kicad.server.ts';
import type { Database } from '../../server/db/client.server.ts';
import { defineJob } from '../runner.server.ts';

// `import-kicad`: KiCad symbol, footprint and 3D libraries (kicad-import/). The importer reports
// progress as text ('footprints: 3/150 libraries, …'); its first word is the phase.

export function importKicadJob(database: Database, hooks: { onSkip?: (skip: Skip) => void } = {}) {
  return defineJob('import-kicad', async (input, ctx) =>
    importKicadLibraries(database, {
      symbolsDir: input.symbolsDir,
      ...(input.footprintsDir ? { footprintsDir: input.footprintsDir } : {}),
      ...(input.models3dDir ? { models3dDir: input.models3dDir } : {}),
      sourceLabel: input.sourceLabel,
      signal: ctx.signal,
      ...(hooks.onSkip ? { onSkip: hooks.onSkip } : {}),
      onProgress: (message) => ctx.progress({ phase: /^[^:]+/.exec(message)?.[0] ?? null, message }),
    }),
  );
}
