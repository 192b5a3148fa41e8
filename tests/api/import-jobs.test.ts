import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { CATEGORY_TREE } from '../../src/lib/catalog/kicad-library-map.ts';
import { migrateDatabase, openDatabase, type Database } from '../../src/lib/server/db/client.server.ts';
import { jobs } from '../../src/lib/server/db/schema/index.ts';

// `npm run import:catalog` as an operator would run it: a job row per run, progress printed from
// it, Ctrl-C as cancel (exit 130, row `cancelled`), and a second run resuming the import.
// PGlite in a temporary data directory, or a fresh PostgreSQL database when TEST_DATABASE_URL is set.

const cateId = CATEGORY_TREE.find((c) => c.level === 3)!.cateId;
const record = (i: number) => JSON.stringify({ mpn: `JOB-PART-${i}`, brand: 'yageo', cateId, source: 'test feed', licence: 'test', params: [{ key: 'resistance', value: i, unit: 'Ω' }] });

let dir: string;
let env: Record<string, string>;
let dropDatabase: (() => Promise<void>) | null = null;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'chipedia-import-jobs-'));
  env = { ...(process.env as Record<string, string>), DATA_DIR: dir, DATABASE_URL: '' };
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const name = `chipedia_test_import_${process.pid}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
});
afterAll(async () => {
  await dropDatabase?.();
  rmSync(dir, { recursive: true, force: true });
});

type Run = { code: number | null; stdout: string; stderr: string };

/** Runs the script; `interruptWhen` sees stderr as it grows and may return true to send SIGINT once. */
function runImport(args: string[], interruptWhen?: (stderr: string) => boolean): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/import-catalog.ts', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let interrupted = false;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (!interrupted && interruptWhen?.(stderr)) {
        interrupted = true;
        child.kill('SIGINT');
      }
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function withDatabase<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  const database = env.DATABASE_URL ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL }) : await openDatabase({ kind: 'pglite', dataDir: dir });
  try {
    await migrateDatabase(database);
    return await fn(database);
  } finally {
    await database.close();
  }
}

const lastJob = (database: Database) => database.db.select().from(jobs).where(eq(jobs.kind, 'import-catalog')).orderBy(desc(jobs.createdAt)).limit(1);

describe(`import:catalog as a job (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('records a succeeded job with the summary as its result, and prints the same summary and line errors', async () => {
    const file = join(dir, 'small.ndjson');
    writeFileSync(file, [record(1), '{oops', record(2)].join('\n'));
    const run = await runImport([file]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`${file}:2: `);
    const summary = JSON.parse(run.stdout.trim()) as Record<string, unknown>;
    expect(summary).toMatchObject({ file, lines: 3, imported: 2, skipped: 1, resumedFromLine: 0, dryRun: false });
    await withDatabase(async (database) => {
      const [job] = await lastJob(database);
      expect(job).toMatchObject({ state: 'succeeded', ownerId: null, errorCode: null, input: { file, dryRun: false, restart: false, batchSize: 1000 } });
      expect(job!.result).toEqual(summary);
      expect(job!.finishedAt).not.toBeNull();
    });
  }, 120_000);

  it('turns Ctrl-C into a cancel: exit 130, a cancelled row; the next run resumes', async () => {
    const file = join(dir, 'large.ndjson');
    const lines = 30_000;
    writeFileSync(file, Array.from({ length: lines }, (_, i) => record(1000 + i)).join('\n'));
    // Interrupt once the job has recorded progress (the status line shows '… imported').
    const first = await runImport([file, '--batch', '200'], (stderr) => /\d+ imported/.test(stderr));
    expect(first.code, first.stderr).toBe(130);
    expect(first.stderr).toContain('cancelling job');
    expect(first.stdout).toBe('');
    const cancelled = await withDatabase(async (database) => (await lastJob(database))[0]!);
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.errorCode).toBe('cancelled');
    expect(cancelled.progressDone).toBeGreaterThan(0);
    expect(cancelled.progressDone).toBeLessThan(lines);
    const second = await runImport([file, '--batch', '200']);
    expect(second.code, second.stderr).toBe(0);
    const summary = JSON.parse(second.stdout.trim()) as { resumedFromLine: number; lines: number };
    expect(summary.resumedFromLine).toBeGreaterThan(0);
    expect(summary.resumedFromLine + summary.lines).toBe(lines);
    await withDatabase(async (database) => {
      const [job] = await lastJob(database);
      expect(job!.state).toBe('succeeded');
      expect(job!.id).not.toBe(cancelled.id);
    });
  }, 240_000);
});
