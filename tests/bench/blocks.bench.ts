// `node tests/bench/blocks.bench.ts`: design blocks' figures (issue #16 item 6), one JSON object.
// (a) The block list (u/fragment, listBlocks) with 10,000 blocks for one user on PostgreSQL — the
//     library lists' budget is p95 ≤ 30 ms at 10,000 items per user; blocks are capped at 1,000 per
//     user, so this is ten times the real worst case. The rows are synthetic (labelled so below), all
//     pointing at one real stored sheet; 300 calls per variant (first page, a deep page, keyword,
//     category with sub-categories), through app.request so validation and the envelope count too.
// (b) Reading a block's sheet (parse, counts, preview SVG): KiCad's rectifier demo and a KiCad 9
//     sheet of the bitaxe-gamma project, 30 runs each, in this thread.
// The database is created and dropped here: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/postgres names the server.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { setFileStore } from '../../src/lib/files/file-store.server.ts';
import { LocalFileStore } from '../../src/lib/files/local-file-store.server.ts';
import { readBlockSheet } from '../../src/lib/library/blocks.ts';
import { BlockListQuerySchema } from '../../src/lib/library/blocks.schema.ts';
import { listBlocks } from '../../src/lib/library/blocks.server.ts';
import { createSession } from '../../src/lib/server/auth.server.ts';
import { createApp } from '../../src/lib/server/app.ts';
import { migrateDatabase, openDatabase } from '../../src/lib/server/db/client.server.ts';
import { designBlocks, userCategories, users } from '../../src/lib/server/db/schema/index.ts';

const log = (m: string) => process.stderr.write(`[bench:blocks] ${m}\n`);
const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `chipedia_blocks_bench_${randomBytes(4).toString('hex')}`;
const BLOCKS = Number(process.env.BLOCKS ?? 10_000);
const RECTIFIER = readFileSync('tests/fixtures/library/blocks/rectifier.kicad_sch', 'utf8');
const FAN9 = readFileSync('tests/fixtures/kicad/projects/bitaxe-gamma/fan.kicad_sch', 'utf8');

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! * 100) / 100 : 0;
};
const stats = (values: number[]) => ({ n: values.length, p50: pct(values, 50), p95: pct(values, 95), max: pct(values, 100) });

const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = Object.assign(new URL(base), { pathname: `/${dbName}` }).toString();
const database = await openDatabase({ kind: 'postgres', url, poolSize: 10 });
const dir = mkdtempSync(join(tmpdir(), 'bench-blocks-'));
const store = new LocalFileStore(dir);
setFileStore(store);
const result: Record<string, unknown> = { database: 'postgres', synthetic: `${BLOCKS} blocks are synthetic rows made by this bench, all holding KiCad's rectifier demo sheet` };
try {
  await migrateDatabase(database);
  const db = database.db;
  const app = createApp({ db, logger: pino({ level: 'silent' }) });
  const [u] = await db.insert(users).values({ username: 'bench-blocks' }).returning({ id: users.id });
  const ownerId = u!.id;
  const token = (await createSession(db, ownerId, Math.floor(Date.now() / 1000))).token;
  const [other] = await db.insert(users).values({ username: 'bench-blocks-other' }).returning({ id: users.id });

  const cat = async (name: string, level: number, parentId: number | null) =>
    (await db.insert(userCategories).values({ ownerId, name, level, parentId, scope: 'block' }).returning({ id: userCategories.id }))[0]!.id;
  const roots: number[] = [];
  const leaves: number[] = [];
  for (let i = 0; i < 5; i++) {
    const r = await cat(`root ${i}`, 1, null);
    roots.push(r);
    for (let j = 0; j < 4; j++) {
      const c = await cat(`child ${i}.${j}`, 2, r);
      for (let k = 0; k < 3; k++) leaves.push(await cat(`leaf ${i}.${j}.${k}`, 3, c));
    }
  }
  const sheet = await store.put(new TextEncoder().encode(RECTIFIER), { maxBytes: 1 << 24, contentType: 'text/plain' });
  const words = ['ldo', 'buck', 'usb', 'rectifier', 'opamp', 'filter', 'crystal', 'esd', 'can', 'rs485'];
  log(`inserting ${BLOCKS} blocks (+ ${BLOCKS} of another user)…`);
  for (const owner of [ownerId, other!.id]) {
    for (let i = 0; i < BLOCKS; i += 1000) {
      await db.insert(designBlocks).values(
        Array.from({ length: Math.min(1000, BLOCKS - i) }, (_, j) => {
          const n = i + j;
          return {
            ownerId: owner,
            name: `${words[n % words.length]} block ${n}`,
            description: `synthetic ${words[(n * 7) % words.length]} snippet ${n}`,
            keywords: `${words[(n * 3) % words.length]} ${words[(n * 5) % words.length]}`,
            categoryId: owner === ownerId && n % 3 !== 0 ? leaves[n % leaves.length]! : null,
            schKey: sheet.key,
            schSize: sheet.size,
            info: { symbols: 7, parts: 5, wires: 20, labels: 0, junctions: 2, sheets: 0, version: 20210621, kicad: 'KiCad 6', preview: false },
            updatedAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000),
          };
        }),
      );
    }
  }
  await database.exec('ANALYZE');

  const variants: Record<string, unknown> = {
    firstPage: { pageNum: 1, pageSize: 24 },
    deepPage: { pageNum: Math.floor(BLOCKS / 24) - 1, pageSize: 24 },
    keyword: { pageNum: 1, pageSize: 24, keyword: 'rectifier' },
    rareKeyword: { pageNum: 1, pageSize: 24, keyword: `snippet ${BLOCKS - 1}` },
    rootCategory: { pageNum: 1, pageSize: 24, categoryId: roots[2] },
    leafCategory: { pageNum: 1, pageSize: 24, categoryId: leaves[7] },
    page100: { pageNum: 1, pageSize: 100 },
  };
  const lists: Record<string, unknown> = {};
  let worst = 0;
  for (const [name, body] of Object.entries(variants)) {
    const call = async () => {
      const res = await app.request('/api/chiplet/u/fragment', { method: 'POST', headers: { 'x-token': token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const json = (await res.json()) as { code: number; result: { total: number } };
      if (json.code !== 200000) throw new Error(`${name}: ${JSON.stringify(json)}`);
      return json.result.total;
    };
    for (let i = 0; i < 20; i++) await call();
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < 300; i++) {
      const t0 = performance.now();
      total = await call();
      times.push(performance.now() - t0);
    }
    const s = stats(times);
    worst = Math.max(worst, s.p95);
    // The same list called in-process (listBlocks): the query's share of the time above.
    const direct: number[] = [];
    const q = BlockListQuerySchema.parse(body);
    for (let i = 0; i < 100; i++) {
      const t0 = performance.now();
      await listBlocks(db, ownerId, q, 'zh');
      direct.push(performance.now() - t0);
    }
    lists[name] = { total, ...s, inProcessP50: pct(direct, 50), inProcessP95: pct(direct, 95) };
  }
  // The plumbing alone (session, validation, envelope): one block by id.
  const [anyBlock] = await db.select({ id: designBlocks.id }).from(designBlocks).limit(1);
  const one: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t0 = performance.now();
    await app.request(`/api/chiplet/u/fragment/one?id=${anyBlock!.id}`, { headers: { 'x-token': token } });
    one.push(performance.now() - t0);
  }
  lists.oneBlockBaseline = stats(one);
  const [load1] = (await import('node:os')).loadavg();
  result.loadAverage1m = Math.round(load1! * 100) / 100;
  result.list = { blocksOfUser: BLOCKS, ms: lists, worstP95: worst, budgetP95: 30, withinBudget: worst <= 30 };

  const sheets: Record<string, unknown> = {};
  for (const [name, text] of Object.entries({ 'rectifier (KiCad 6 demo)': RECTIFIER, 'bitaxe-gamma fan (KiCad 9)': FAN9 })) {
    const times: number[] = [];
    let svgBytes = 0;
    for (let i = 0; i < 30; i++) {
      const t0 = performance.now();
      const out = readBlockSheet(text, 'x.kicad_sch');
      times.push(performance.now() - t0);
      if (out.ok) svgBytes = out.svg?.length ?? 0;
    }
    sheets[name] = { bytes: Buffer.byteLength(text), svgBytes, ...stats(times) };
  }
  result.readSheet = sheets;
} finally {
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  rmSync(dir, { recursive: true, force: true });
}
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
