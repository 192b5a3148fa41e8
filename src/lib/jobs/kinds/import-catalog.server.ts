import { importCatalogFile } from '../../catalog/import/import-file.server.ts';
import { seedCategories } from '../../catalog/import/seed-categories.server.ts';
import type { Database } from '../../server/db/client.server.ts';
import { defineJob } from '../runner.server.ts';

// `import-catalog`: one NDJSON/CSV file into the catalogue (import-file.server.ts). A cancelled
// import leaves its import run open, so starting it again resumes after the last committed batch.

export function importCatalogJob(database: Database, hooks: { onError?: (e: { line: number; reason: string }) => void } = {}) {
  return defineJob('import-catalog', async (input, ctx) => {
    await seedCategories(database);
    ctx.progress({ phase: 'lines', done: 0, total: null });
    return importCatalogFile(database, input.file, {
      dryRun: input.dryRun,
      restart: input.restart,
      batchSize: input.batchSize,
      signal: ctx.signal,
      ...(hooks.onError ? { onError: hooks.onError } : {}),
      onProgress: ({ lines, imported, skipped }) => ctx.progress({ done: lines, message: `${imported} imported, ${skipped} skipped` }),
    });
  });
}
