// `npm test`: the whole suite: type-check, lint, Vitest (PGlite, then PostgreSQL when
// TEST_DATABASE_URL is set), Playwright end-to-end in Chromium. Ends with one plain line
// `N passed, N failed[, N skipped]` summing every runner, and exits non-zero on any failure.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureSystemNeeds } from './lib/system-needs.ts';

type Tally = { passed: number; failed: number; skipped: number };
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
const rows: string[] = [];
const work = mkdtempSync(join(tmpdir(), 'chipedia-test-'));
const only = process.argv.slice(2); // e.g. `npm test -- unit e2e`
const wanted = (step: string) => only.length === 0 || only.includes(step);

// Issue #31 item 6: the system packages the wanted steps need, checked (and installed as root)
// in the first seconds, so no step fails late for a missing package.
const unmet = ensureSystemNeeds(wanted);
if (unmet) {
  console.error(unmet);
  rmSync(work, { recursive: true, force: true });
  console.log('0 passed, 1 failed');
  process.exit(1);
}

function run(cmd: string, args: string[], env: Record<string, string | undefined> = {}): number {
  console.log(`\n▶ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env } });
  return r.status ?? 1;
}

function add(label: string, t: Tally): void {
  total.passed += t.passed;
  total.failed += t.failed;
  total.skipped += t.skipped;
  rows.push(`${label}: ${t.passed} passed, ${t.failed} failed${t.skipped ? `, ${t.skipped} skipped` : ''}`);
}

const bin = (name: string) => join('node_modules', '.bin', name);

// The site build (minutes, mostly one core) runs beside the type-check and lint (one core each)
// instead of inside the first end-to-end run; `npm start` then finds it current.
const buildLog = join(work, 'build.log');
const build: Promise<number> | null = wanted('e2e') || wanted('faults') || wanted('scale') || wanted('catalog')
  ? new Promise((done) => {
      const out = openSync(buildLog, 'w');
      const child = spawn(process.execPath, ['--input-type=module', '-e', "import { ensureBuilt } from './scripts/lib/ensure-built.ts'; await ensureBuilt();"], {
        stdio: ['ignore', out, out],
        env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      });
      child.on('exit', (code) => done(code ?? 1));
    })
  : null;

if (wanted('typecheck')) {
  const status = run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
  add('type-check', { passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, skipped: 0 });
}
if (wanted('lint')) {
  const status = run(bin('eslint'), ['.']);
  add('lint', { passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, skipped: 0 });
}

function vitest(label: string, args: string[], env: Record<string, string | undefined>): void {
  const out = join(work, `${label.replace(/\W+/g, '-')}.json`);
  const status = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...args], env);
  if (!existsSync(out)) {
    add(label, { passed: 0, failed: 1, skipped: 0 });
    return;
  }
  const r = JSON.parse(readFileSync(out, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; numFailedTestSuites: number };
  // A suite that fails to load has no failed tests of its own; count it so it cannot hide.
  const failed = r.numFailedTests + (status !== 0 && r.numFailedTests === 0 ? Math.max(1, r.numFailedTestSuites) : 0);
  add(label, { passed: r.numPassedTests, failed, skipped: r.numPendingTests + r.numTodoTests });
}

if (build) {
  const status = await build;
  console.log(`\n▶ site build (beside the type-check and lint)\n${readFileSync(buildLog, 'utf8').split('\n').slice(-15).join('\n')}`);
  add('site build', { passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, skipped: 0 });
}

// Issue #29: a fresh start on the full shipped catalogue (582k parts into PGlite, one core for
// minutes) runs in the background beside the Vitest runs, with its own server, port and data.
const catalogJson = join(work, 'playwright-catalog.json');
const catalogRun: Promise<number> | null =
  wanted('catalog') && build
    ? new Promise((done) => {
        const out = openSync(join(work, 'catalog.log'), 'w');
        const child = spawn(bin('playwright'), ['test', '-c', 'playwright.catalog.config.ts'], {
          stdio: ['ignore', out, out],
          env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', PLAYWRIGHT_JSON: catalogJson, E2E_CATALOG_DATA_DIR: join(work, 'catalog-data'), DATABASE_URL: '' },
        });
        child.on('exit', (code) => done(code ?? 1));
      })
    : null;

if (wanted('unit')) vitest('vitest (PGlite)', [], { TEST_DATABASE_URL: '' });
if (wanted('unit') && process.env.TEST_DATABASE_URL) vitest('vitest API (PostgreSQL)', ['tests/api'], {});

function playwright(label: string, args: string[], env: Record<string, string | undefined>): void {
  const out = join(work, `${label.replace(/\W+/g, '-')}.json`);
  const status = run(bin('playwright'), ['test', ...args], { PLAYWRIGHT_JSON: out, ...env });
  if (existsSync(out)) {
    const s = (JSON.parse(readFileSync(out, 'utf8')) as { stats: { expected: number; unexpected: number; skipped: number; flaky: number } }).stats;
    add(label, { passed: s.expected + s.flaky, failed: s.unexpected + (status !== 0 && s.unexpected === 0 ? 1 : 0), skipped: s.skipped });
  } else add(label, { passed: 0, failed: 1, skipped: 0 });
}

if (catalogRun) {
  const status = await catalogRun;
  console.log(`\n▶ playwright -c playwright.catalog.config.ts (beside the Vitest runs)\n${readFileSync(join(work, 'catalog.log'), 'utf8').split('\n').slice(-25).join('\n')}`);
  if (existsSync(catalogJson)) {
    const st = (JSON.parse(readFileSync(catalogJson, 'utf8')) as { stats: { expected: number; unexpected: number; skipped: number; flaky: number } }).stats;
    add('fresh start on the full catalogue (Chromium)', { passed: st.expected + st.flaky, failed: st.unexpected + (status !== 0 && st.unexpected === 0 ? 1 : 0), skipped: st.skipped });
  } else add('fresh start on the full catalogue (Chromium)', { passed: 0, failed: 1, skipped: 0 });
}

if (wanted('e2e')) playwright('playwright (Chromium)', [], { E2E_DATA_DIR: join(work, 'e2e-data'), DATABASE_URL: '' });

// The journeys that need the server on PostgreSQL (*.pg.spec.ts), on a database made for them.
if (wanted('e2e') && process.env.TEST_DATABASE_URL) {
  const base = new URL(process.env.TEST_DATABASE_URL);
  const name = `chipedia_e2e_${process.pid}`;
  const admin = (sql: string) => run(process.execPath, ['-e', `const pg=require('pg');const c=new pg.Client(${JSON.stringify(base.toString())});c.connect().then(()=>c.query(${JSON.stringify(sql)})).then(()=>c.end(),e=>{console.error(e.message);process.exit(1)})`]);
  if (admin(`CREATE DATABASE ${name}`) === 0) {
    const url = Object.assign(new URL(base.toString()), { pathname: `/${name}` }).toString();
    playwright('playwright on PostgreSQL (Chromium)', ['pg.spec.ts'], { DATABASE_URL: url, E2E_PORT: '4389', E2E_DATA_DIR: join(work, 'e2e-pg-data') });
    admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } else add('playwright on PostgreSQL (Chromium)', { passed: 0, failed: 1, skipped: 0 });
} else if (wanted('e2e')) {
  console.log('\nThe *.pg.spec.ts journeys need TEST_DATABASE_URL (a PostgreSQL server): not run.');
}

// Issue #18's fault tests: the real server killed, and starved of its database (a throwaway
// PostgreSQL cluster they make with Debian's binaries) and of disk (a tmpfs they mount: root).
if (wanted('faults')) vitest('fault tests (real server)', ['-c', 'vitest.faults.config.ts'], { TEST_DATABASE_URL: '', DATABASE_URL: '' });

// Issue #18's scale-out: a PostgreSQL primary and streaming replica, two nodes behind HAProxy,
// backups restored (root, Debian's PostgreSQL 15 and HAProxy).
if (wanted('scale')) vitest('scale-out (PostgreSQL replica, two nodes, HAProxy)', ['-c', 'vitest.scale.config.ts'], { TEST_DATABASE_URL: '', DATABASE_URL: '' });

rmSync(work, { recursive: true, force: true });
console.log(`\n${rows.join('\n')}`);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
