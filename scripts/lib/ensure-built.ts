import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// `npm start` on a fresh clone has no dist/; after a `git pull` it has a stale one. Rebuild only
// when a source is newer than the last build, so a warm start stays well under 5 s.
const INPUTS = ['src', 'public', 'astro.config.mjs', 'package-lock.json'];
const STAMP = 'dist/.build-stamp';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export async function ensureBuilt(): Promise<void> {
  const sources = Math.max(...INPUTS.map(newestMtime));
  const built = existsSync(STAMP) && existsSync('dist/server/entry.mjs') ? Number(readFileSync(STAMP, 'utf8')) : 0;
  if (built >= sources) return;
  console.log('chipedia: building the site (sources changed since the last build)…');
  const started = performance.now();
  const status = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    // Astro prints nothing while a vite pass runs: a line every 5 s of silence says it is alive.
    let lastLine = performance.now();
    const relay = (to: NodeJS.WriteStream) => (chunk: Buffer) => {
      lastLine = performance.now();
      to.write(chunk);
    };
    child.stdout.on('data', relay(process.stdout));
    child.stderr.on('data', relay(process.stderr));
    const timer = setInterval(() => {
      if (performance.now() - lastLine < 4_500) return;
      lastLine = performance.now();
      console.log(`chipedia: still building the site (${Math.round((performance.now() - started) / 1000)} s)…`);
    }, 1_000);
    child.once('close', (code) => {
      clearInterval(timer);
      resolve(code);
    });
  });
  if (status !== 0) {
    console.error('chipedia: the site build failed (see above)');
    process.exit(1);
  }
  console.log(`chipedia: site built in ${Math.round((performance.now() - started) / 1000)} s`);
  writeFileSync(STAMP, String(sources));
}
