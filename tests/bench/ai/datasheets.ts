// Datasheet budgets of issue #15 (part of `npm run bench:ai`):
// - ingest100PagesMs: a 100-page datasheet stored, read in the worker pool and indexed (passages
//   and parts in one transaction) on PostgreSQL. No real 100-page datasheet ≤ 2 MB is committed,
//   so the PDF is assembled with qpdf from the real fixtures' pages (TL431 ×4, AMS1117 ×2,
//   CH340 ×1 + pages to 100); without qpdf the real fixtures are ingested and the time per page
//   scaled to 100 pages (said in the output);
// - passageSearchP95Ms: searchPassages over 10,000 datasheets' passages on PostgreSQL. A temporary
//   database is filled from the real fixtures' passages copied under varied part numbers
//   (labelled synthetic), 10 % of them private to a user; questions from the evaluation set,
//   with and without part numbers, as a logged-out and as a logged-in caller. It is dropped after.
// BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { ingestDatasheet } from '../../../src/lib/ai/datasheets/datasheets.server.ts';
import { searchPassages } from '../../../src/lib/ai/datasheets/passage-search.server.ts';
import { LocalFileStore } from '../../../src/lib/files/local-file-store.server.ts';
import { WorkerPool } from '../../../src/lib/jobs/worker-pool.server.ts';
import { migrateDatabase, openDatabase } from '../../../src/lib/server/db/client.server.ts';
import { users } from '../../../src/lib/server/db/schema/index.ts';

const ROOT = join(import.meta.dirname, '../../..');
const FIXTURES = join(ROOT, 'tests/fixtures/datasheets');
const REAL = ['AMS1117-wpmtek.pdf', 'CH340DS1.pdf', 'TL431-nexperia.pdf'] as const;
const DATASHEETS = 10_000;
const BUDGETS = { ingest100PagesMs: 10_000, passageSearchP95Ms: 50 };

type Budget = { limit: number; value: number; ok: boolean };
const budget = (limit: number, value: number): Budget => ({ limit, value: Math.round(value * 10) / 10, ok: value <= limit });
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

function haveQpdf(): boolean {
  try {
    execFileSync('qpdf', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** 100 real datasheet pages in one PDF (qpdf), or null. */
function assemble100Pages(dir: string): string | null {
  if (!haveQpdf()) return null;
  const out = join(dir, 'assembled-100-pages.pdf');
  const tl = join(FIXTURES, 'TL431-nexperia.pdf');
  const ams = join(FIXTURES, 'AMS1117-wpmtek.pdf');
  const ch = join(FIXTURES, 'CH340DS1.pdf');
  // 4 × 19 + 2 × 9 + 6 = 100 pages.
  execFileSync('qpdf', ['--empty', '--pages', tl, tl, tl, tl, ams, ams, ch, '--', out], { stdio: 'ignore' });
  return out;
}

export async function bench(log: (m: string) => void) {
  const base = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  // DATASHEET_BENCH_DB reuses a database a run with DATASHEET_BENCH_KEEP=1 left (search tuning only).
  const reuse = process.env.DATASHEET_BENCH_DB;
  const keep = process.env.DATASHEET_BENCH_KEEP === '1' || !!reuse;
  const name = reuse ?? `chipedia_bench_ds_${randomBytes(5).toString('hex')}`;
  if (!reuse) {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  const dir = mkdtempSync(join(tmpdir(), 'chipedia-bench-ds-'));
  const pool = new WorkerPool({ size: 1 });
  try {
    await migrateDatabase(database);
    const db = database.db;
    const store = new LocalFileStore(dir);

    // ── Ingest ──────────────────────────────────────────────────────────────────────────────
    const templateIds: string[] = [];
    if (reuse) await db.execute(sql`DELETE FROM datasheets WHERE source = 'bench'`);
    for (const file of REAL) {
      const r = await ingestDatasheet(db, store, pool, { bytes: new Uint8Array(readFileSync(join(FIXTURES, file))), name: file, ownerId: null, locale: 'en', source: 'bench' });
      templateIds.push(r.id);
    }
    const assembled = assemble100Pages(dir);
    let ingest: Record<string, unknown>;
    let ingestMs: number;
    if (assembled) {
      const bytes = new Uint8Array(readFileSync(assembled));
      const runs: number[] = [];
      let pages = 0;
      let passages = 0;
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        const r = await ingestDatasheet(db, store, pool, { bytes, name: `assembled-${i}.pdf`, ownerId: null, locale: 'en' });
        runs.push(performance.now() - t0);
        passages = r.passages;
        const rows = await db.execute(sql`SELECT pages FROM datasheets WHERE id = ${r.id}`);
        pages = Number((rows as unknown as { rows: { pages: number }[] }).rows[0]?.pages ?? 0);
        await db.execute(sql`DELETE FROM datasheets WHERE id = ${r.id}`);
      }
      ingestMs = Math.max(...runs);
      ingest = { pdf: 'assembled with qpdf from the real fixtures’ pages (TL431 ×4, AMS1117 ×2, CH340 ×1)', pages, bytes: bytes.byteLength, passages, runsMs: runs.map((x) => Math.round(x)), worstMs: Math.round(ingestMs) };
    } else {
      const t0 = performance.now();
      let pages = 0;
      for (const file of REAL) {
        const r = await ingestDatasheet(db, store, pool, { bytes: new Uint8Array(readFileSync(join(FIXTURES, file))), name: `again-${file}`, ownerId: null, locale: 'en' });
        const rows = await db.execute(sql`SELECT pages FROM datasheets WHERE id = ${r.id}`);
        pages += Number((rows as unknown as { rows: { pages: number }[] }).rows[0]?.pages ?? 0);
      }
      const ms = performance.now() - t0;
      ingestMs = (ms / pages) * 100;
      ingest = { pdf: 'qpdf not installed: the three real fixtures ingested, time per page scaled to 100 pages', pages, measuredMs: Math.round(ms), scaledTo100PagesMs: Math.round(ingestMs) };
    }
    log(`ingest: ${JSON.stringify(ingest)}`);

    // ── 10,000 datasheets (synthetic copies of the real passages) ─────────────────────────────
    const [u] = await db.insert(users).values({ username: 'bench-ds-user' }).onConflictDoNothing().returning({ id: users.id });
    const userId = u?.id ?? Number(((await db.execute(sql`SELECT id FROM users WHERE username = 'bench-ds-user'`)) as unknown as { rows: { id: number }[] }).rows[0]!.id);
    const t0 = performance.now();
    if (!reuse) {
    // Bulk fill without the search indexes, then build them once (as a bulk import would).
    await database.exec('DROP INDEX IF EXISTS datasheet_passages_tsv_idx; DROP INDEX IF EXISTS datasheet_passages_trgm_idx;');
    const families = [
      { tpl: 0, from: 'AMS1117', prefix: 'AMS' },
      { tpl: 1, from: 'CH340', prefix: 'CH' },
      { tpl: 2, from: 'TL431', prefix: 'TL' },
    ];
    const BATCH = 1000;
    for (let start = 0; start < DATASHEETS; start += BATCH) {
      for (const f of families) {
        // Datasheet i of this batch and family: part number prefix + (1000 + i), 10 % private.
        await db.execute(sql`
          WITH made AS (
            INSERT INTO datasheets (owner_id, name, title, file_key, size, pages, status, source)
            SELECT CASE WHEN g % 10 = 0 THEN ${userId}::int ELSE NULL END,
                   ${f.prefix} || (1000 + g) || '.pdf',
                   ${f.prefix} || (1000 + g) || ' datasheet (synthetic)',
                   repeat('0', 64), 1, 10, 'ok', 'synthetic (bench)'
              FROM generate_series(${start}::int, ${start + BATCH - 1}::int) g
             WHERE g % 3 = ${f.tpl}
            RETURNING id, title
          )
          INSERT INTO datasheet_passages (datasheet_id, page, seq, kind, text, search_text)
          SELECT m.id, p.page, p.seq, p.kind,
                 replace(p.text, ${f.from}, split_part(m.title, ' ', 1)),
                 replace(p.search_text, lower(${f.from}), lower(split_part(m.title, ' ', 1)))
            FROM made m CROSS JOIN datasheet_passages p
           WHERE p.datasheet_id = ${templateIds[f.tpl]!}::uuid`);
      }
      if ((start / BATCH) % 3 === 0) log(`filled ${start + BATCH} of ${DATASHEETS} synthetic datasheets`);
    }
    await database.exec(`
      CREATE INDEX datasheet_passages_tsv_idx ON datasheet_passages USING gin (tsv);
      CREATE INDEX datasheet_passages_trgm_idx ON datasheet_passages USING gin (search_text gin_trgm_ops);
      ANALYZE datasheets; ANALYZE datasheet_passages;`);
    }
    const fillMs = performance.now() - t0;
    const counts = (await db.execute(sql`SELECT (SELECT count(*) FROM datasheets)::int AS d, (SELECT count(*) FROM datasheet_passages)::int AS p`)) as unknown as { rows: { d: number; p: number }[] };
    log(`filled in ${Math.round(fillMs)} ms: ${JSON.stringify(counts.rows[0])}`);

    // ── Search ──────────────────────────────────────────────────────────────────────────────
    const evalSet = JSON.parse(readFileSync(join(ROOT, 'tests/eval/ai-datasheets.json'), 'utf8')) as { questions: { question: string }[] };
    const questions: string[] = [];
    for (const [i, q] of evalSet.questions.entries()) {
      questions.push(q.question);
      // The same question about another (synthetic) part, and without any part number.
      questions.push(q.question.replace(/AMS1117/g, `AMS${1000 + ((i * 37) % DATASHEETS)}`).replace(/CH340G?/g, `CH${1000 + ((i * 53) % DATASHEETS)}`).replace(/TL431/g, `TL${1000 + ((i * 71) % DATASHEETS)}`));
      questions.push(q.question.replace(/\b(AMS1117(-3\.3)?|CH340[A-Z]?|TL431)\b/g, '').trim());
    }
    for (const q of questions.slice(0, 10)) await searchPassages(db, { query: q, userId: null });
    const times: number[] = [];
    let empty = 0;
    for (let round = 0; round < 2; round++) {
      for (const [i, q] of questions.entries()) {
        const t = performance.now();
        const found = await searchPassages(db, { query: q, userId: i % 2 === 0 ? null : userId, limit: 5 });
        times.push(performance.now() - t);
        if (found.length === 0) empty++;
      }
    }
    const search = {
      datasheets: counts.rows[0]!.d,
      passages: counts.rows[0]!.p,
      synthetic: 'copies of the 3 real fixtures’ passages under varied part numbers (10 % private to one user)',
      queries: times.length,
      emptyAnswers: empty,
      p50Ms: Math.round(pct(times, 50) * 10) / 10,
      p95Ms: Math.round(pct(times, 95) * 10) / 10,
      maxMs: Math.round(Math.max(...times) * 10) / 10,
    };
    log(`search: ${JSON.stringify(search)}`);
    return {
      ingest,
      search,
      budgets: { ingest100PagesMs: budget(BUDGETS.ingest100PagesMs, ingestMs), passageSearchP95Ms: budget(BUDGETS.passageSearchP95Ms, search.p95Ms) },
    };
  } finally {
    await pool.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
    if (keep) log(`kept database ${name}`);
    else {
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    }
  }
}

// Run alone: node tests/bench/ai/datasheets.ts
if (process.argv[1] && existsSync(process.argv[1]) && import.meta.filename === process.argv[1]) {
  const out = await bench((m) => process.stderr.write(`[datasheets] ${m}\n`));
  console.log(JSON.stringify(out, null, 2));
  process.exit(0);
}
