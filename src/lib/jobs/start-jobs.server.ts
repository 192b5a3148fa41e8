import type { Db } from '../server/db/client.server.ts';
import { getConfig } from '../server/config.server.ts';
import { logger } from '../server/logger.server.ts';
import { warmSearchIndex } from '../search/search-index.server.ts';
import { deleteExpiredJobs } from './jobs.server.ts';
import { purgeExpiredBoms } from '../bom/bom-store.server.ts';
import { resumeBomMatching } from '../bom/bom-job.server.ts';
import { getFileStore } from '../files/file-store.server.ts';
import { jobRunnerOf } from './runner.server.ts';
import { sharedWorkerPool } from './worker-pool.server.ts';
import { designAnalysesSettled, resumeDesignAnalysis } from '../designs/design-analysis.server.ts';
import { recomputeDesignScores } from '../designs/design-rank.server.ts';
import { seedDemoDesigns } from '../designs/design-seed.server.ts';
import { refreshPartRanksLogged, schedulePartRanks } from '../designs/part-rank.server.ts';
import { checkStaleCatalog } from '../library/product-checks.server.ts';

/**
 * At server start: fail the jobs a dead process left running, drop finished jobs past their
 * retention and anonymous BOMs past their expiry (again once a day), rank the Top200 parts (again hourly), then warm the search index (a `search-index` job). Failures are
 * logged, never fatal: searches build the index on demand. `catalogCheck: false` leaves the
 * catalogue's cross-asset check to the caller (npm start with the shipped catalogue).
 */
export async function startJobs(db: Db, options: { catalogCheck?: boolean } = {}): Promise<void> {
  try {
    const interrupted = await jobRunnerOf(db).recover();
    if (interrupted > 0) logger.warn({ interrupted }, 'jobs left running by a stopped process were marked failed');
    const resumed = (await resumeBomMatching(db)).length;
    if (resumed > 0) logger.info({ resumed }, 'BOM matching interrupted by a stop started again');
    await pruneJobs(db);
    setInterval(() => void pruneJobs(db), PRUNE_INTERVAL_MS).unref();
    // Top200: once now, then every RANKINGS_REFRESH_SECONDS (hourly by default; part-rank.server.ts).
    schedulePartRanks(db, rankingsInterval());
    const { parts, ms } = await warmSearchIndex(db);
    logger.info({ parts, ms }, 'search index built');
    // Catalogue quality badges (#16): parts not yet checked by this version of the check, in the
    // background — unless the shipped catalogue loads next, which runs the check once it is in (a
    // check reading a table that grows without its indexes stalled the loop for 87 s on PGlite).
    if (options.catalogCheck !== false) void checkStaleCatalog(db, logger);
  } catch (error) {
    logger.error({ err: error }, 'start-up jobs failed');
  }
  await startDesignJobs(db);
}

const rankingsInterval = (): number => getConfig().RANKINGS_REFRESH_SECONDS * 1000;

/**
 * Designs (issue #14): analyses a stop left pending go back in the queue, the demo projects are
 * published on a fresh install (in the background: the queue analyses them one at a time), and
 * Top100 scores are computed now and every hour.
 */
async function startDesignJobs(db: Db): Promise<void> {
  try {
    const pending = await resumeDesignAnalysis(db);
    if (pending > 0) logger.info({ pending }, 'design analyses left pending by a stop queued again');
    await rescoreDesigns(db);
    setInterval(() => void rescoreDesigns(db), rankingsInterval()).unref();
    const seeded = getConfig().DEMO_DESIGNS === 'on' ? await seedDemoDesigns(db, getFileStore(), sharedWorkerPool()) : { added: 0, skipped: 0, failed: 0 };
    if (seeded.added > 0) logger.info(seeded, 'demo designs published');
    // Analyses found new parts in designs: rank again once they are done rather than an hour later
    // (on a fresh install Top200 would otherwise stay empty for the first hour).
    if (pending > 0 || seeded.added > 0) {
      void designAnalysesSettled().then(async () => {
        await rescoreDesigns(db);
        await refreshPartRanksLogged(db);
      });
    }
  } catch (error) {
    logger.error({ err: error }, 'design start-up jobs failed');
  }
}

async function rescoreDesigns(db: Db): Promise<void> {
  try {
    await recomputeDesignScores(db, new Date());
  } catch (error) {
    logger.warn({ err: error }, 'recomputing Top100 scores failed');
  }
}

const PRUNE_INTERVAL_MS = 24 * 3600_000;

async function pruneJobs(db: Db): Promise<void> {
  try {
    const removed = await deleteExpiredJobs(db);
    if (removed > 0) logger.info({ removed }, 'finished jobs past their retention deleted');
  } catch (error) {
    logger.warn({ err: error }, 'pruning old jobs failed');
  }
  try {
    const boms = await purgeExpiredBoms(db, getFileStore());
    if (boms > 0) logger.info({ boms }, 'anonymous BOMs past their expiry deleted');
  } catch (error) {
    logger.warn({ err: error }, 'purging expired BOMs failed');
  }
}
