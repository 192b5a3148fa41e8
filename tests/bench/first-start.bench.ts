// Issue #31 item 2: `npm start` on a fresh clone, as a newcomer runs it. `npm run bench:first-start
// [-- --keep] [-- --repo=/path]` clones the repository's HEAD (committed work only) into a temp
// folder, links this checkout's node_modules into it (a symlink: `npm install` is not what is
// measured, and no network is used), and runs `npm start` there with the defaults (CATALOG=full:
// the shipped catalogue loads behind the first page) on a free port. Measures: the first page (/)
// answering, the longest silence between the start's log lines until /readyz says ready, then a
// second `npm start` with no source change (no rebuild, no second load). Prints one JSON object.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = resolve(process.argv.find((a) => a.startsWith('--repo='))?.slice(7) ?? process.cwd());
const keep = process.argv.includes('--keep');
const dir = mkdtempSync(join(tmpdir(), 'chipedia-clone-'));

const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

type StartRun = {
  firstPageMs: number;
  readyMs: number;
  listenMs: number;
  longestSilenceMs: number;
  longestSilenceAfter: string;
  lines: number;
  rebuilt: boolean;
  demoLoaded: boolean;
};

/** One `npm start` in the clone: timings from the spawn, every output line time-stamped. */
async function npmStart(port: number, untilReady: boolean, maxMs = 900_000): Promise<StartRun> {
  const t0 = performance.now();
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: dir,
    // Its own process group: the stop below reaches npm's node child too.
    detached: true,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: { at: number; text: string }[] = [];
  const take = (b: Buffer) => {
    for (const text of b.toString().split(/[\n\r]/)) if (text.trim()) lines.push({ at: performance.now() - t0, text: text.trim() });
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  let exited = false;
  child.once('exit', () => (exited = true));
  const base = `http://127.0.0.1:${port}`;
  let firstPageMs = -1;
  let readyMs = -1;
  try {
    while (!exited && performance.now() - t0 < maxMs) {
      if (firstPageMs < 0 && (await fetch(`${base}/`, { signal: AbortSignal.timeout(30_000) }).then((r) => r.status === 200, () => false))) firstPageMs = performance.now() - t0;
      if (firstPageMs >= 0 && !untilReady) break;
      if (firstPageMs >= 0 && (await fetch(`${base}/readyz`).then((r) => r.status === 200, () => false))) {
        readyMs = performance.now() - t0;
        break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    if (!exited) {
      const gone = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid!, 'SIGTERM');
      await Promise.race([gone, new Promise((r) => setTimeout(r, 20_000))]);
      if (!exited) process.kill(-child.pid!, 'SIGKILL');
    }
  }
  if (firstPageMs < 0) throw new Error(`no first page in ${dir}:\n${lines.map((l) => l.text).join('\n').slice(-4000)}`);
  const end = readyMs > 0 ? readyMs : firstPageMs;
  const marks = [{ at: 0, text: '(spawn)' }, ...lines.filter((l) => l.at <= end), { at: end, text: '(end)' }];
  let longest = 0;
  let after = '';
  for (let i = 1; i < marks.length; i++) {
    const gap = marks[i]!.at - marks[i - 1]!.at;
    if (gap > longest) [longest, after] = [gap, marks[i - 1]!.text];
  }
  return {
    firstPageMs: Math.round(firstPageMs),
    readyMs: Math.round(readyMs),
    listenMs: Math.round(lines.find((l) => /Chipedia listening on/.test(l.text))?.at ?? -1),
    longestSilenceMs: Math.round(longest),
    longestSilenceAfter: after.slice(0, 160),
    lines: lines.length,
    rebuilt: lines.some((l) => /building the site/.test(l.text)),
    demoLoaded: lines.some((l) => /demo catalogue loaded/.test(l.text)),
  };
}

const load = { before: loadavg().map((x) => +x.toFixed(2)) };
const c0 = performance.now();
const cloned = spawnSync('git', ['clone', '--quiet', repo, dir], { encoding: 'utf8' });
if (cloned.status !== 0) throw new Error(`git clone failed: ${cloned.stderr}`);
const cloneMs = Math.round(performance.now() - c0);
const head = spawnSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'));

const first = await npmStart(await freePort(), true);
const second = await npmStart(await freePort(), false);
const after = loadavg().map((x) => +x.toFixed(2));
if (!keep) rmSync(dir, { recursive: true, force: true });

console.log(
  JSON.stringify({
    bench: 'first-start',
    commit: head,
    clone: { ms: cloneMs, nodeModules: `symlink to ${join(repo, 'node_modules')}`, dir: keep ? dir : null },
    first,
    second,
    loadavg: { before: load.before, after },
    budgets: {
      firstPageWithin90s: { value: first.firstPageMs, budget: 90_000, ok: first.firstPageMs <= 90_000 },
      progressEvery10s: { value: first.longestSilenceMs, budget: 10_000, ok: first.longestSilenceMs <= 10_000 },
      secondStartWithin10s: { value: second.firstPageMs, budget: 10_000, ok: second.firstPageMs <= 10_000 && !second.rebuilt },
    },
  }),
);
