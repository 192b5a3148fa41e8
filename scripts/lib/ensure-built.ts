import { spawnSync } from 'node:child_process';
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
  const result = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) {
    console.error('chipedia: the site build failed (see above)');
    process.exit(1);
  }
  writeFileSync(STAMP, String(sources));
}
