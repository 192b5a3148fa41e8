import { loadDemoCatalog } from '../../catalog/demo/demo-catalog.server.ts';
import { seedCategories } from '../../catalog/import/seed-categories.server.ts';
import type { Database } from './client.server.ts';
import { logger } from '../logger.server.ts';

/**
 * First-start data: the category tree (always kept current) and, once, the demo catalogue
 * (KiCad-derived parts and the everyday passives). Later starts see the finished run and skip it.
 */
export async function seedDatabase(database: Database): Promise<void> {
  await seedCategories(database);
  const stats = await loadDemoCatalog(database, undefined, (m) => process.stdout.isTTY && process.stdout.write(`\r${m}`));
  if (stats) {
    if (process.stdout.isTTY) process.stdout.write('\n');
    logger.info(stats, 'demo catalogue loaded');
    console.log(`chipedia: demo catalogue loaded: ${stats.products} KiCad parts, ${stats.passives} passives, ${stats.symbols} symbols, ${stats.footprints} footprints in ${stats.seconds} s`);
  }
}
