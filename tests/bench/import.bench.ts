// `npm run bench:import [-- --parts N] [--seed S]`: bulk load of N (default 1,000,000) synthetic
// parts with their parameters into a fresh PostgreSQL database ('fresh' mode: COPY, index
// rebuilds, foreign-key validation, ANALYZE), printed as JSON.
// Budgets: ≥ 20,000 parts/s, 1M parts in ≤ 300 s, peak RSS of this process ≤ 1 GiB.
// Database: TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres; a database
// chipedia_bench_<random> is created for the run and dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { generateCatalog } from '../../src/lib/catalog/generate/synthetic.ts';
import { loadCatalogRecords } from '../../src/lib/catalog/import/bulk-load.server.ts';
import { seedCategories } from '../../src/lib/catalog/import/seed-categories.server.ts';
import { migrateDatabase, openDatabase } from '../../src/lib/server/db/client.server.ts';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} needs a non-negative number`);
  return Math.floor(v);
}

const parts = arg('parts', 1_000_000);
const seed = arg('seed', 1);
const base = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `chipedia_bench_${randomBytes(5).toString('hex')}`;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

await admin(`CREATE DATABASE ${name}`);
let exitCode = 0;
try {
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 6 });
  try {
    await migrateDatabase(database);
    await seedCategories(database);
    const started = performance.now();
    let lastLog = 0;
    const result = await loadCatalogRecords(database, generateCatalog({ parts, seed }), {
      mode: 'fresh',
      onProgress: (done) => {
        if (done - lastLog >= 250_000) {
          lastLog = done;
          process.stderr.write(`  ${done} parts, ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
        }
      },
    });
    const seconds = (performance.now() - started) / 1000;
    const rows = (await database.db.execute('SELECT (SELECT count(*) FROM products)::int AS products, (SELECT count(*) FROM product_params)::int AS params')) as unknown as {
      rows: { products: number; params: number }[];
    };
    const peakRssMB = process.resourceUsage().maxRSS / 1024;
    const partsPerSecond = result.imported / seconds;
    const out = {
      bench: 'import',
      database: 'postgres',
      parts: result.imported,
      params: result.params,
      rowsInDatabase: rows.rows[0],
      seconds: +seconds.toFixed(2),
      partsPerSecond: Math.round(partsPerSecond),
      peakRssMB: Math.round(peakRssMB),
      phasesSeconds: result.timings,
      budgets: {
        partsPerSecond: { limit: 20_000, ok: partsPerSecond >= 20_000 },
        secondsPerMillion: { limit: 300, value: +((seconds * 1_000_000) / Math.max(1, result.imported)).toFixed(1), ok: (seconds * 1_000_000) / Math.max(1, result.imported) <= 300 },
        peakRssMB: { limit: 1024, ok: peakRssMB <= 1024 },
      },
    };
    console.log(JSON.stringify(out, null, 2));
    if (!Object.values(out.budgets).every((b) => b.ok)) exitCode = 1;
  } finally {
    await database.close();
  }
} finally {
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
process.exitCode = exitCode;
