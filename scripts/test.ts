// `npm test`: the whole suite: type-check, lint, Vitest (PGlite, then PostgreSQL when
// TEST_DATABASE_URL is set) beside the full catalogue's fresh start, then Playwright end-to-end in
// Chromium and the fault and scale-out tests (each runner's output printed whole when it ends). Ends with one plain line
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

/** One test runner as a child process; its output goes to a file, printed whole when it ends. */
type Step = { label: string; cmd: string; args: string[]; env: Record<string, string | undefined>; kind: 'vitest' | 'playwright'; before?: () => boolean; after?: () => void };

function parseTally(step: Step, out: string, status: number): Tally {
  if (!existsSync(out)) return { passed: 0, failed: 1, skipped: 0 };
  if (step.kind === 'vitest') {
    const r = JSON.parse(readFileSync(out, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; numFailedTestSuites: number };
    // A suite that fails to load has no failed tests of its own; count it so it cannot hide.
    const failed = r.numFailedTests + (status !== 0 && r.numFailedTests === 0 ? Math.max(1, r.numFailedTestSuites) : 0);
    return { passed: r.numPassedTests, failed, skipped: r.numPendingTests + r.numTodoTests };
  }
  const st = (JSON.parse(readFileSync(out, 'utf8')) as { stats: { expected: number; unexpected: number; skipped: number; flaky: number } }).stats;
  return { passed: st.expected + st.flaky, failed: st.unexpected + (status !== 0 && st.unexpected === 0 ? 1 : 0), skipped: st.skipped };
}

function runStep(step: Step): Promise<void> {
  const slug = step.label.replace(/\W+/g, '-');
  const out = join(work, `${slug}.json`);
  const logFile = join(work, `${slug}.log`);
  if (step.before && !step.before()) {
    add(step.label, { passed: 0, failed: 1, skipped: 0 });
    return Promise.resolve();
  }
  const args = step.kind === 'vitest'
    ? ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...step.args]
    // Each Playwright run keeps its own output folder: runs side by side must not clear each other's.
    : ['test', '--output', join(work, `${slug}-results`), ...step.args];
  const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...(step.kind === 'playwright' ? { PLAYWRIGHT_JSON: out } : {}), ...step.env };
  const started = performance.now();
  console.log(`\n▶ started: ${step.label} (${step.cmd} ${args.join(' ')})`);
  return new Promise((done) => {
    const fd = openSync(logFile, 'w');
    const child = spawn(step.cmd, args, { stdio: ['ignore', fd, fd], env });
    child.on('exit', (code) => {
      const status = code ?? 1;
      const minutes = ((performance.now() - started) / 60_000).toFixed(1);
      console.log(`\n▶ ${step.label}: ended after ${minutes} min (exit ${status})\n${readFileSync(logFile, 'utf8')}`);
      add(step.label, parseTally(step, out, status));
      step.after?.();
      done();
    });
  });
}

/** The site build's result, once: the steps that serve pages wait for it. */
let buildRow: Promise<boolean> | null = null;
function built(): Promise<boolean> {
  buildRow ??= (build ?? Promise.resolve(1)).then((status) => {
    if (!build) return false;
    console.log(`\n▶ site build (beside the type-check and lint)\n${readFileSync(buildLog, 'utf8').split('\n').slice(-15).join('\n')}`);
    add('site build', { passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, skipped: 0 });
    return status === 0;
  });
  return buildRow;
}

/** Runs the steps of each lane one after another, the lanes side by side; a step that serves pages first waits for the build. */
async function lanes(...laneSteps: Step[][]): Promise<void> {
  await Promise.all(laneSteps.map(async (steps) => {
    for (const step of steps) {
      if (needsBuild.has(step)) await built();
      await runStep(step);
    }
  }));
  if (build) await built();
}

const vitestBin = bin('vitest');
const playwrightBin = bin('playwright');
const unitPglite: Step = { label: 'vitest (PGlite)', cmd: vitestBin, args: [], env: { TEST_DATABASE_URL: '' }, kind: 'vitest' };
const apiPostgres: Step = { label: 'vitest API (PostgreSQL)', cmd: vitestBin, args: ['tests/api'], env: {}, kind: 'vitest' };
// Issue #29: a fresh start on the full shipped catalogue (582k parts into PGlite, one core for
// minutes), with its own server, port and data.
const catalog: Step = {
  label: 'fresh start on the full catalogue (Chromium)',
  cmd: playwrightBin,
  args: ['-c', 'playwright.catalog.config.ts'],
  env: { E2E_CATALOG_DATA_DIR: join(work, 'catalog-data'), DATABASE_URL: '' },
  kind: 'playwright',
};
const e2e: Step = { label: 'playwright (Chromium)', cmd: playwrightBin, args: [], env: { E2E_DATA_DIR: join(work, 'e2e-data'), DATABASE_URL: '' }, kind: 'playwright' };
// The journeys that need the server on PostgreSQL (*.pg.spec.ts), on a database made for them.
const pgBase = process.env.TEST_DATABASE_URL ? new URL(process.env.TEST_DATABASE_URL) : null;
const pgName = `chipedia_e2e_${process.pid}`;
const admin = (sql: string) => run(process.execPath, ['-e', `const pg=require('pg');const c=new pg.Client(${JSON.stringify(String(pgBase))});c.connect().then(()=>c.query(${JSON.stringify(sql)})).then(()=>c.end(),e=>{console.error(e.message);process.exit(1)})`]);
const e2ePostgres: Step = {
  label: 'playwright on PostgreSQL (Chromium)',
  cmd: playwrightBin,
  args: ['pg.spec.ts'],
  env: { DATABASE_URL: pgBase ? Object.assign(new URL(pgBase.toString()), { pathname: `/${pgName}` }).toString() : '', E2E_PORT: '4389', E2E_DATA_DIR: join(work, 'e2e-pg-data') },
  kind: 'playwright',
  before: () => admin(`CREATE DATABASE ${pgName}`) === 0,
  after: () => void admin(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`),
};
// Issue #18's fault tests: the real server killed, and starved of its database (a throwaway
// PostgreSQL cluster they make with Debian's binaries) and of disk (a tmpfs they mount: root).
const faults: Step = { label: 'fault tests (real server)', cmd: vitestBin, args: ['-c', 'vitest.faults.config.ts'], env: { TEST_DATABASE_URL: '', DATABASE_URL: '' }, kind: 'vitest' };
// Issue #18's scale-out: a PostgreSQL primary and streaming replica, two nodes behind HAProxy,
// backups restored (root, Debian's PostgreSQL 15 and HAProxy).
const scale: Step = { label: 'scale-out (PostgreSQL replica, two nodes, HAProxy)', cmd: vitestBin, args: ['-c', 'vitest.scale.config.ts'], env: { TEST_DATABASE_URL: '', DATABASE_URL: '' }, kind: 'vitest' };

if (wanted('e2e') && !pgBase) console.log('\nThe *.pg.spec.ts journeys need TEST_DATABASE_URL (a PostgreSQL server): not run.');

// Issue #31 item 5: Vitest (PGlite, then PostgreSQL) beside the full catalogue's fresh start (one
// core for minutes), each with its own ports, data and output folder; then the browser journeys
// and the real-server fault and scale-out tests one at a time. Running the journeys beside Vitest
// as well was tried (TEST_LANES=2): on 2 cores the journeys' server then answered too slowly for
// their timeouts (the 5,000-line BOM, replacements) and the whole run was no shorter (≈35 min).
const needsBuild = new Set<Step>([catalog, e2e, e2ePostgres, faults, scale]);
const pick = (...steps: (Step | false | null | undefined)[]) => steps.filter((x): x is Step => Boolean(x));
const vitestLane = pick(wanted('unit') && unitPglite, wanted('unit') && pgBase && apiPostgres);
const catalogLane = pick(wanted('catalog') && build && catalog);
const serverSteps = pick(wanted('e2e') && build && e2e, wanted('e2e') && build && pgBase && e2ePostgres, wanted('faults') && build && faults, wanted('scale') && build && scale);
if (process.env.TEST_LANES === '1') await lanes([...vitestLane, ...catalogLane, ...serverSteps]);
else if (process.env.TEST_LANES === '2') await lanes([...vitestLane, ...serverSteps.filter((x) => x === faults || x === scale)], [...catalogLane, ...serverSteps.filter((x) => x === e2e || x === e2ePostgres)]);
else {
  await lanes(vitestLane, catalogLane);
  await lanes(serverSteps);
}

rmSync(work, { recursive: true, force: true });
console.log(`\n${rows.join('\n')}`);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
