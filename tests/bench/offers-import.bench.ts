// `npm run bench:offers [-- --offers N]`: the operator offers import (ADR 0015 §4) on PostgreSQL
// with SYNTHETIC data: N (default 500,000) synthetic offers, five distributors for each of N/5
// synthetic products that this bench inserts itself, written as NDJSON to /tmp. Measures the
// first import (inserts) and a re-import of the same file (every row replaced), printed as JSON.
// Budget: ≥ 50,000 offers/s. Database: TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres;
// a database chipedia_bench_<random> is created for the run and dropped afterwards.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { importOffersFile } from '../../src/lib/offers/offers-import.server.ts';
import { migrateDatabase, openDatabase } from '../../src/lib/server/db/client.server.ts';

const at = process.argv.indexOf('--offers');
const offers = at >= 0 ? Number(process.argv[at + 1]) : 500_000;
if (!Number.isInteger(offers) || offers < 5) throw new Error('--offers needs an integer ≥ 5');
const DISTRIBUTORS = ['SYN-A', 'SYN-B', 'SYN-C', 'SYN-D', 'SYN-E'];
const productsCount = Math.ceil(offers / DISTRIBUTORS.length);
const base = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `chipedia_bench_${randomBytes(5).toString('hex')}`;
const file = join(tmpdir(), `${name}-offers.synthetic.ndjson`);

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function writeSyntheticFile(): Promise<void> {
  const out = createWriteStream(file);
  const dataTime = new Date(Date.now() - 3_600_000).toISOString();
  let buffer = '';
  for (let i = 0; i < offers; i++) {
    const p = Math.floor(i / DISTRIBUTORS.length);
    const d = DISTRIBUTORS[i % DISTRIBUTORS.length]!;
    const price = 0.01 + ((i * 7919) % 10_000) / 1000;
    buffer +=
      JSON.stringify({
        mfgMpnCode: `SYN-OFFER-${p}`,
        distributor: d,
        distributorSku: `${d}-${p}`,
        stock: (i * 31) % 50_000,
        moq: 1,
        multiple: 1,
        packaging: 'Cut tape',
        currency: i % 2 ? 'USD' : 'CNY',
        priceBreaks: [
          { qty: 1, price: +price.toFixed(4) },
          { qty: 10, price: +(price * 0.9).toFixed(4) },
          { qty: 100, price: +(price * 0.8).toFixed(4) },
        ],
        url: `https://example.com/synthetic/${d}/${p}`,
        dataTime,
      }) + '\n';
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
}

await admin(`CREATE DATABASE ${name}`);
let exitCode = 0;
try {
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  try {
    await migrateDatabase(database);
    await database.exec(
      `INSERT INTO products (mfg_mpn_code, mpn, mpn_normalized, source, licence)
       SELECT 'SYN-OFFER-' || g, 'SYN-OFFER-' || g, 'SYNOFFER' || g, 'synthetic', 'synthetic' FROM generate_series(0, ${productsCount - 1}) g; ANALYZE products`,
    );
    await writeSyntheticFile();
    const bytes = (await stat(file)).size;
    // This process's CPU time: the reading and checking side (PostgreSQL works in parallel).
    const cpu0 = process.cpuUsage();
    const first = await importOffersFile(database, file);
    const cpu1 = process.cpuUsage(cpu0);
    const again = await importOffersFile(database, file);
    if (!first.applied || first.imported !== offers || again.imported !== offers) throw new Error(`unexpected result: ${JSON.stringify({ first, again })}`);
    const rate = (s: number) => Math.round(offers / s);
    const result = {
      bench: 'offers-import',
      data: 'synthetic',
      database: 'postgres',
      offers,
      products: productsCount,
      fileMB: +(bytes / 1e6).toFixed(1),
      firstImport: { seconds: first.seconds, offersPerSecond: rate(first.seconds), nodeCpuSeconds: +((cpu1.user + cpu1.system) / 1e6).toFixed(2) },
      reImport: { seconds: again.seconds, offersPerSecond: rate(again.seconds) },
      budgetOffersPerSecond: 50_000,
      // The machine's load when the run ended (shared machines distort timings).
      loadAverage1m: +loadavg()[0]!.toFixed(1),
      cores: (await import('node:os')).availableParallelism(),
      withinBudget: rate(first.seconds) >= 50_000 && rate(again.seconds) >= 50_000,
    };
    console.log(JSON.stringify(result));
    if (!result.withinBudget) exitCode = 1;
  } finally {
    await database.close();
  }
} finally {
  await rm(file, { force: true });
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
process.exit(exitCode);
