import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type RunningServer = { child: ChildProcess; readyMs: number; stop: () => Promise<void> };

/**
 * Starts `scripts/start.ts` (of this checkout, or of `cwd` run by that checkout's own Node) and
 * resolves once it prints its listening line. A first start builds the site and loads the demo
 * catalogue, hence the long wait.
 */
export function startServer(env: Record<string, string>, args: string[] = [], cwd?: string): Promise<RunningServer> {
  const started = performance.now();
  const ownNode = cwd ? join(cwd, 'node_modules/.bin/node') : '';
  const child = spawn(ownNode && existsSync(ownNode) ? ownNode : process.execPath, ['scripts/start.ts', ...args], {
    ...(cwd ? { cwd } : {}),
    env: { ...process.env, LOG_LEVEL: 'warn', CATALOG: 'kicad', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const where = cwd ? ` in ${cwd}` : '';
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`server${where} did not start:\n${out}`));
    }, 600_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/Chipedia listening on/.test(out)) {
        clearTimeout(timer);
        resolve({
          child,
          readyMs: performance.now() - started,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server${where} exited ${code}:\n${out}`));
    });
  });
}

/** CPU seconds a process has used (Linux /proc). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
}

/**
 * Waits until a freshly started server has finished its first-start background work (search index
 * warm-up, the catalogue-wide asset check) — under 5 % of a core for 2 s — so timings measure the
 * request, not the start. Gives up after `maxMs` and says so.
 */
export async function waitUntilIdle(pid: number, maxMs = 300_000): Promise<{ waitedMs: number; idle: boolean }> {
  const started = Date.now();
  let last = cpuSeconds(pid);
  let quiet = 0;
  while (Date.now() - started < maxMs) {
    await new Promise((r) => setTimeout(r, 500));
    const now = cpuSeconds(pid);
    quiet = now - last < 0.025 ? quiet + 1 : 0;
    last = now;
    if (quiet >= 4) return { waitedMs: Date.now() - started, idle: true };
  }
  return { waitedMs: Date.now() - started, idle: false };
}
