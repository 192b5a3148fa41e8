// The real catalogue for `SEARCH_BENCH_CATALOG=real npm run bench:search` (issue #29 item 9):
// - PostgreSQL: chipedia_search_real = the generated bench database (demo catalogue + 1,000,000
//   generated parts, catalog-db.ts) copied as a template, then the shipped JLCPCB/LCSC snapshot
//   (catalog/jlcparts-2026-05-21, 582,280 parts) imported by the real importer into it. Kept and
//   reused while its import run is recorded as finished and its generated parts are all there.
// - PGlite: what a fresh install holds after its first start (category tree, demo catalogue,
//   snapshot), built here with the loaders the first start runs, or copied from a finished
//   shipped-catalogue build under node_modules/.cache/chipedia/ when there is one (the BOM
//   evaluation keeps it there). The copy is the bench's own, reused between runs.
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { BENCH_PARTS, BENCH_PG_URL, prepareBenchCatalog } from './catalog-db.ts';

export const REAL_PG_URL = process.env.SEARCH_BENCH_REAL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/chipedia_search_real';
export const REAL_LITE_DIR = process.env.SEARCH_BENCH_REAL_LITE_DIR ?? '/tmp/chipedia-search-bench-real-lite';
const SHIPPED_CACHE = resolve(import.meta.dirname, '../../../node_modules/.cache/chipedia');

const adminUrl = (url: string) => Object.assign(new URL(url), { pathname: '/postgres' }).toString();
const nameOf = (url: string) => new URL(url).pathname.slice(1);

async function syntheticCount(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(`SELECT count(*)::int AS n FROM products WHERE source LIKE 'synthetic%'`)).rows[0].n as number;
  } finally {
    await c.end();
  }
}

/** Real snapshot + BENCH_PARTS generated parts on PostgreSQL; `log` reports the slow paths. */
export async function prepareRealPostgres(log: (m: string) => void, url = REAL_PG_URL): Promise<void> {
  const name = nameOf(url);
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount! > 0;
    if (!exists || (await syntheticCount(url)) !== BENCH_PARTS) {
      await prepareBenchCatalog(log, BENCH_PG_URL, BENCH_PARTS);
      log(`preparing ${name}: a copy of ${nameOf(BENCH_PG_URL)} (CREATE DATABASE … TEMPLATE), then the JLCPCB/LCSC snapshot`);
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${nameOf(BENCH_PG_URL)}"`);
    }
  } finally {
    await admin.end();
  }
  const { openDatabase, migrateDatabase } = await import('../../../src/lib/server/db/client.server.ts');
  const { importJlcparts, jlcImportFinished } = await import('../../../src/lib/catalog/jlcparts/import-jlcparts.server.ts');
  const { SHIPPED_JLC_DIR } = await import('../../../src/lib/catalog/jlcparts/shipped-catalog.server.ts');
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  try {
    await migrateDatabase(database);
    if (!(await jlcImportFinished(database, SHIPPED_JLC_DIR))) {
      log(`${name}: importing ${SHIPPED_JLC_DIR} (resumable; several minutes)`);
      let last = 0;
      const s = await importJlcparts(database, SHIPPED_JLC_DIR, {
        onProgress: (p) => {
          if (performance.now() - last < 15_000) return;
          last = performance.now();
          log(`${name}: ${p.phase} ${p.done}/${p.total}`);
        },
      });
      log(`${name}: snapshot ${s.imported} imported, ${s.merged} merged, ${s.skipped} skipped in ${s.seconds} s`);
      await database.exec('VACUUM ANALYZE products');
      await database.exec('VACUUM ANALYZE product_params');
    }
  } finally {
    await database.close();
  }
}

/** A data directory (holding pglite/) with the shipped catalogue, as a fresh install has it after its first start. */
export async function prepareRealPglite(log: (m: string) => void, dataDir = REAL_LITE_DIR): Promise<void> {
  const target = join(dataDir, 'pglite');
  if (existsSync(join(target, 'PG_VERSION'))) return;
  mkdirSync(dataDir, { recursive: true });
  // A finished build of the shipped-catalogue cache (newest first), else built here.
  const cached = existsSync(SHIPPED_CACHE)
    ? readdirSync(SHIPPED_CACHE)
        .filter((n) => /^shipped-catalogue-[0-9a-f]+$/.test(n))
        .flatMap((n) => [join(SHIPPED_CACHE, n, 'pglite'), join(SHIPPED_CACHE, n)])
        .filter((d) => existsSync(join(d, 'PG_VERSION')))
        .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
    : [];
  if (cached[0]) {
    log(`PGlite: copying the shipped-catalogue cache ${cached[0]} to ${target}`);
    cpSync(cached[0], target, { recursive: true });
    return;
  }
  const partial = `${dataDir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  log(`PGlite: building the shipped catalogue into ${dataDir} (no finished cache in ${SHIPPED_CACHE}; many minutes)`);
  const { openDatabase, migrateDatabase } = await import('../../../src/lib/server/db/client.server.ts');
  const { seedCategories } = await import('../../../src/lib/catalog/import/seed-categories.server.ts');
  const { loadDemoCatalog } = await import('../../../src/lib/catalog/demo/demo-catalog.server.ts');
  const { importJlcparts } = await import('../../../src/lib/catalog/jlcparts/import-jlcparts.server.ts');
  const { SHIPPED_JLC_DIR } = await import('../../../src/lib/catalog/jlcparts/shipped-catalog.server.ts');
  const database = await openDatabase({ kind: 'pglite', dataDir: partial });
  try {
    await migrateDatabase(database);
    await seedCategories(database);
    log(`PGlite: demo catalogue ${JSON.stringify(await loadDemoCatalog(database))}`);
    const s = await importJlcparts(database, SHIPPED_JLC_DIR);
    log(`PGlite: snapshot ${s.imported} imported, ${s.merged} merged, ${s.skipped} skipped in ${s.seconds} s`);
  } finally {
    await database.close();
  }
  renameSync(join(partial, 'pglite'), target);
  rmSync(partial, { recursive: true, force: true });
}
