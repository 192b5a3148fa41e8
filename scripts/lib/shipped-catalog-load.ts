// `npm start`, after the server listens: the shipped JLCPCB/LCSC catalogue loads in the background
// (src/lib/catalog/jlcparts/shipped-catalog.server.ts); when it is in, the search index is rebuilt
// and the new parts' cross-asset checks run.
import type { Database } from '../../src/lib/server/db/client.server.ts';
import { loadShippedCatalog } from '../../src/lib/catalog/jlcparts/shipped-catalog.server.ts';
import { logger } from '../../src/lib/server/logger.server.ts';

export async function loadCatalogInBackground(database: Database): Promise<void> {
  await loadShippedCatalog(
    database,
    {
      info: (line) => {
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
      const { invalidateSearchIndex, warmSearchIndex } = await import('../../src/lib/search/search-index.server.ts');
      invalidateSearchIndex(database.db);
      const { parts, ms } = await warmSearchIndex(database.db);
      console.log(`chipedia: search index rebuilt: ${parts} parts in ${ms} ms`);
      const { checkStaleCatalog } = await import('../../src/lib/library/product-checks.server.ts');
      void checkStaleCatalog(database.db, logger);
    },
  );
}
