import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

// Benchmarks in a working tree that others build in at the same time: a rebuild replaces dist/
// under a running server, whose pages then load chunks of another build (500s, mixed figures).
// A snapshot is a directory under /tmp holding a private copy of dist/ and symlinks to everything
// else (sources, node_modules, demo-catalog); `scripts/start.ts --no-build` run there serves the
// copied build whatever happens to dist/ meanwhile.

const SKIP = new Set(['dist', 'data', '.git', 'test-results', 'playwright-report']);

function listing(dir: string): string {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      const stat = statSync(path);
      if (stat.isDirectory()) walk(path);
      else out.push(`${relative(dir, path)} ${stat.size} ${stat.mtimeMs}`);
    }
  };
  walk(dir);
  return out.sort().join('\n');
}

/** Copies `root`/dist into a new snapshot directory (retrying while dist/ changes under the copy). */
export function snapshotBuild(root = process.cwd()): { dir: string; remove: () => void } {
  const dist = join(root, 'dist');
  for (let attempt = 1; ; attempt++) {
    if (!existsSync(join(dist, 'server/entry.mjs'))) throw new Error(`no build in ${dist}`);
    const before = listing(dist);
    const dir = mkdtempSync(join(tmpdir(), 'chipedia-bench-build-'));
    cpSync(dist, join(dir, 'dist'), { recursive: true });
    if (listing(dist) === before && existsSync(join(dir, 'dist/server/entry.mjs'))) {
      for (const name of readdirSync(root)) if (!SKIP.has(name)) symlinkSync(join(root, name), join(dir, name));
      return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
    }
    rmSync(dir, { recursive: true, force: true });
    if (attempt === 10) throw new Error(`${dist} kept changing during the copy (someone is building)`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5_000);
  }
}
