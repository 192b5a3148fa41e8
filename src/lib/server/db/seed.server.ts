import { loadDemoCatalog } from '../../catalog/demo/demo-catalog.server.ts';
import { loadDemoModels } from '../../catalog/demo/demo-models.server.ts';
import { seedCategories } from '../../catalog/import/seed-categories.server.ts';
import { getFileStore } from '../../files/file-store.server.ts';
import { moveLegacyAvatars } from '../../users/account.server.ts';
import type { Database } from './client.server.ts';
import { logger } from '../logger.server.ts';

/**
 * First-start data: the category tree (always kept current) and, once, the demo catalogue
 * (KiCad-derived parts and the everyday passives) and its 3D models. Later starts see the
 * finished runs and skip them.
 */
export async function seedDatabase(database: Database, progress?: (line: string) => void): Promise<void> {
  await seedStructure(database);
  await seedDemoData(database, progress);
}

/** What a page needs before the server listens: the file store checked, the category tree. Fast. */
export async function seedStructure(database: Database): Promise<void> {
  await moveAvatarsIntoFileStore(database);
  await seedCategories(database);
}

/**
 * The demo catalogue and its 3D models, once per installation (about a minute on PGlite, 2 cores).
 * `npm start` runs it behind the first page (ADR 0022); `progress` gets a line at least every few
 * seconds so a log never stays silent while it loads.
 */
export async function seedDemoData(database: Database, progress?: (line: string) => void): Promise<void> {
  const stats = await loadDemoCatalog(database, undefined, progress);
  if (stats) {
    logger.info(stats, 'demo catalogue loaded');
    console.log(`chipedia: demo catalogue loaded: ${stats.products} KiCad parts, ${stats.passives} passives, ${stats.symbols} symbols, ${stats.footprints} footprints in ${stats.seconds} s`);
  }
  progress?.('the demo 3D models');
  const models = await loadDemoModels(database);
  if (models) {
    logger.info(models, 'demo 3D models loaded');
    console.log(`chipedia: demo 3D models loaded: ${models.meshes} previews from ${models.models} KiCad model files in ${models.seconds} s`);
  }
}

/** Once per installation (ADR 0008): avatars still in the database move into the file store. */
async function moveAvatarsIntoFileStore(database: Database): Promise<void> {
  const store = getFileStore(); // a bad FILE_STORE/S3_* setting stops the start here
  try {
    const moved = await moveLegacyAvatars(database.db, store);
    if (moved > 0) logger.info({ moved }, 'avatars moved from the database into the file store');
  } catch (error) {
    // Not fatal: each avatar also moves on its first read; the next start tries the rest again.
    logger.error({ err: error }, 'moving avatars into the file store failed');
  }
}
