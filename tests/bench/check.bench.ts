// `npm run bench:check`: the budgets of issue #16 item 4, printed as one JSON object.
// (a) Per component: the cross-asset check as an own component gets it (the .kicad_sym text, the
//     .kicad_mod text and the 3D model's file bytes, VRML read from scratch) over real parts: the
//     demo catalogue's KiCad symbols and footprints with the KiCad VRML models of the demo model
//     selection. p50/p95/max per component, budget ≤ 50 ms.
// (b) The whole catalogue: check:catalog's run (checkCatalog) over the demo catalogue, writing
//     product_checks, budget ≤ 2 min; its ms per part and the figures per quality and finding.
// The database is created and dropped here: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/postgres names the server; the demo catalogue is loaded into it.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createBrotliDecompress } from 'node:zlib';
import { and, eq, isNotNull } from 'drizzle-orm';
import pg from 'pg';
import { loadDemoCatalog } from '../../src/lib/catalog/demo/demo-catalog.server.ts';
import { DEMO_MODELS_FILE, loadDemoModels } from '../../src/lib/catalog/demo/demo-models.server.ts';
import { modelKey } from '../../src/lib/catalog/model3d/model-paths.ts';
import { checkComponentAssets } from '../../src/lib/library/asset-check.ts';
import type { CheckInput } from '../../src/lib/library/library.ts';
import { checkCatalog } from '../../src/lib/library/product-checks.server.ts';
import { migrateDatabase, openDatabase } from '../../src/lib/server/db/client.server.ts';
import { footprints, products, symbols } from '../../src/lib/server/db/schema/index.ts';

const log = (m: string) => process.stderr.write(`[bench:check] ${m}\n`);
const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `chipedia_check_bench_${randomBytes(4).toString('hex')}`;
const COMPONENTS = 400;

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! * 100) / 100 : 0;
};
const stats = (values: number[]) => ({ n: values.length, p50: pct(values, 50), p95: pct(values, 95), max: pct(values, 100) });

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function demoModelFiles(): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const rl = createInterface({ input: createReadStream(DEMO_MODELS_FILE).pipe(createBrotliDecompress()), crlfDelay: Infinity });
  for await (const line of rl) {
    if (!line) continue;
    const { path, wrl } = JSON.parse(line) as { path: string; wrl: string };
    out.set(path, Buffer.from(wrl, 'utf8'));
  }
  return out;
}

await admin(`CREATE DATABASE ${dbName}`);
const url = new URL(base);
url.pathname = `/${dbName}`;
const database = await openDatabase({ kind: 'postgres', url: url.toString() });
try {
  await migrateDatabase(database);
  log('loading the demo catalogue and its 3D models…');
  const loaded = await loadDemoCatalog(database);
  const models = await loadDemoModels(database);
  const db = database.db;

  // (a) Own-component style: text and file bytes, VRML parsed in the check.
  const files = await demoModelFiles();
  const rows = await db
    .select({ mpn: products.mpn, symbol: symbols.content, footprint: footprints.content, fpName: footprints.name, model3dPath: footprints.model3dPath })
    .from(products)
    .innerJoin(symbols, eq(symbols.id, products.symbolId))
    .innerJoin(footprints, eq(footprints.id, products.footprintId))
    .where(and(isNotNull(footprints.model3dPath)));
  // One part per footprint with a model file (the check's cost is in the footprint and model), spread evenly.
  const byFootprint = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    const key = modelKey(r.model3dPath!).replace(/\.(step|stp)$/i, '.wrl');
    if (files.has(key) && !byFootprint.has(r.fpName)) byFootprint.set(r.fpName, r);
  }
  const picked = [...byFootprint.values()];
  const step = Math.max(1, picked.length / COMPONENTS);
  const inputs: CheckInput[] = [];
  for (let i = 0; i < picked.length && inputs.length < COMPONENTS; i += step) {
    const r = picked[Math.floor(i)]!;
    const key = modelKey(r.model3dPath!).replace(/\.(step|stp)$/i, '.wrl');
    inputs.push({
      mpn: r.mpn,
      symbol: { text: `(kicad_symbol_lib (version 20211014) (generator chipedia)\n${r.symbol}\n)` },
      footprint: { text: r.footprint },
      model: { bytes: new Uint8Array(files.get(key)!), name: key.split('/').pop()!, format: 'wrl' },
    });
  }
  log(`per component: ${inputs.length} real parts with symbol, footprint and VRML model`);
  for (const input of inputs.slice(0, 20)) checkComponentAssets(input); // warm-up
  const perComponent: number[] = [];
  const slowest: { mpn: string; ms: number; modelKB: number }[] = [];
  for (const input of inputs) {
    // The best of 3 runs: the machine is shared, the budget is the check's own cost.
    const ms = Math.min(...[0, 1, 2].map(() => checkComponentAssets(input).ms));
    perComponent.push(ms);
    slowest.push({ mpn: input.mpn, ms, modelKB: Math.round(input.model!.bytes.length / 1024) });
  }
  slowest.sort((a, b) => b.ms - a.ms);

  // (b) The whole catalogue, as `npm run check:catalog` runs it.
  log('whole catalogue…');
  const catalogue = await checkCatalog(db);

  const a = stats(perComponent);
  console.log(
    JSON.stringify(
      {
        machine: { cpus: (await import('node:os')).cpus().length, loadavg: (await import('node:os')).loadavg().map((l) => +l.toFixed(1)) },
        demo: { products: (loaded?.products ?? 0) + (loaded?.passives ?? 0), models3d: models?.meshes ?? 0 },
        perComponent: { ...a, budgetMs: 50, withinBudget: a.p95 <= 50, slowest: slowest.slice(0, 5) },
        catalogue: { ...catalogue, budgetSeconds: 120, withinBudget: catalogue.seconds <= 120 },
      },
      null,
      2,
    ),
  );
} finally {
  await database.close();
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}
