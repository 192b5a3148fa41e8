// `npm start`, after the server listens: the shipped JLCPCB/LCSC catalogue loads in the background
// (src/lib/catalog/jlcparts/shipped-catalog.server.ts); when it is in, the search index is rebuilt
// and the new parts' cross-asset checks run.
import type { Database } from '../../src/lib/server/db/client.server.ts';
import { loadShippedCatalog } from '../../src/lib/catalog/jlcparts/shipped-catalog.server.ts';
import { logger } from '../../src/lib/server/logger.server.ts';
import { startTicker } from './progress-ticker.ts';

export async function loadCatalogInBackground(database: Database): Promise<void> {
  // The loader's own lines come from a main-thread timer, which PGlite's long statements (the index
  // rebuild) delay past 10 s on a busy machine: a worker-thread ticker repeats its latest line.
  const ticker = startTicker('the JLCPCB/LCSC catalogue');
  ticker.note('waiting for its first progress line');
  try {
    await load(database, (line) => ticker.note(line.replace(/^chipedia: /, '')));
  } finally {
    ticker.stop();
  }
}

async function load(database: Database, note: (line: string) => void): Promise<void> {
  await loadShippedCatalog(
    database,
    {
      info: (line) => {
        note(line);
        console.log(line);
        logger.info(line);
      },
      error: (line, err) => {
        console.error(`${line}: ${(err as Error)?.message ?? String(err)}`);
        logger.error({ err }, line);
      },
    },
    undefined,
    async () => {
      note('parts in, rebuilding the search index');
      const { invalidateSearchIndex, warmSearchIndex } = await import('../../src/lib/search/search-index.server.ts');
      invalidateSearchIndex(database.db);
      const { parts, ms } = await warmSearchIndex(database.db);
      console.log(`chipedia: search index rebuilt: ${parts} parts in ${ms} ms`);
    },
  );
  // The start-up jobs left the cross-asset check to this point (start-jobs.server.ts): after a
  // load, or at once when an earlier start loaded the catalogue.
  const { checkStaleCatalog } = await import('../../src/lib/library/product-checks.server.ts');
  void checkStaleCatalog(database.db, logger);
}
