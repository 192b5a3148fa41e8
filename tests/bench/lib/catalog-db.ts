// The PostgreSQL database the search and BOM benches share (chipedia_search_bench by default):
// migrated, demo catalogue loaded, `scripts/gen-catalog.ts --parts N` run (a few minutes the first
// time), then reused while it holds the expected rows. Used by search.bench.ts and bom.bench.ts.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

export const BENCH_PG_URL = process.env.SEARCH_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/chipedia_search_bench';
export const BENCH_PARTS = Number(process.env.SEARCH_BENCH_PARTS ?? 1_000_000);

/** Migrations (the server would apply them too) and VACUUM, so index-only scans see an all-visible table. */
export async function tidyBenchCatalog(url = BENCH_PG_URL): Promise<void> {
  const { openDatabase, migrateDatabase } = await import('../../../src/lib/server/db/client.server.ts');
  const database = await openDatabase({ kind: 'postgres', url });
  await migrateDatabase(database);
  await database.exec('VACUUM ANALYZE products');
  await database.exec('VACUUM ANALYZE product_params');
  await database.close();
}

/** Creates (or recreates, when incomplete) the bench catalogue; `log` reports the slow path. */
export async function prepareBenchCatalog(log: (m: string) => void, url = BENCH_PG_URL, parts = BENCH_PARTS): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount! > 0;
  let ready = false;
  if (exists) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const r = await c.query(
        `SELECT (SELECT count(*) FROM products WHERE source LIKE 'synthetic%')::int AS syn, (SELECT count(*) FROM import_runs WHERE kind = 'demo' AND finished_at IS NOT NULL)::int AS demo`,
      );
      ready = r.rows[0].syn === parts && r.rows[0].demo > 0;
    } catch {
      ready = false;
    }
    await c.end();
  }
  if (!ready) {
    log(`preparing ${name}: demo catalogue + ${parts} generated parts (a few minutes)`);
    if (exists) await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  }
  await admin.end();
  if (ready) return;
  const { openDatabase, migrateDatabase } = await import('../../../src/lib/server/db/client.server.ts');
  const { loadDemoCatalog } = await import('../../../src/lib/catalog/demo/demo-catalog.server.ts');
  const database = await openDatabase({ kind: 'postgres', url });
  await migrateDatabase(database);
  const demo = await loadDemoCatalog(database);
  log(`demo catalogue: ${JSON.stringify(demo)}`);
  await database.close();
  const gen = spawnSync(process.execPath, ['scripts/gen-catalog.ts', '--parts', String(parts)], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (gen.status !== 0) throw new Error('gen-catalog failed');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('VACUUM ANALYZE products');
  await c.query('VACUUM ANALYZE product_params');
  await c.end();
}
