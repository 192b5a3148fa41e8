import type { Db } from '../server/db/client.server.ts';
import { logger } from '../server/logger.server.ts';
import { warmSearchIndex } from '../search/search-index.server.ts';
import { jobRunnerOf } from './runner.server.ts';

/**
 * At server start: fail the jobs a dead process left running, then warm the search index (a
 * `search-index` job). Failures are logged, never fatal: searches build the index on demand.
 */
export async function startJobs(db: Db): Promise<void> {
  try {
    const interrupted = await jobRunnerOf(db).recover();
    if (interrupted > 0) logger.warn({ interrupted }, 'jobs left running by a stopped process were marked failed');
    const { parts, ms } = await warmSearchIndex(db);
    logger.info({ parts, ms }, 'search index built');
  } catch (error) {
    logger.error({ err: error }, 'start-up jobs failed');
  }
}
