import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// scripts/lib/progress-ticker.ts: a long start phase reports its latest state at a fixed pace, even
// while the main thread is held (PGlite's work runs there) — issue #31: no start is silent for
// more than 15 s. The child below holds its main thread for 1.5 s; every ticker line printed before
// its 'released' line was written during that hold.

const CHILD = `
import('./scripts/lib/progress-ticker.ts').then(async ({ startTicker }) => {
  const ticker = startTicker('loading the demo catalogue', 100);
  ticker.note('demo catalogue: 400 footprints');
  await new Promise((r) => setTimeout(r, 300));
  const until = Date.now() + 1500;
  while (Date.now() < until);
  console.log('released');
  ticker.stop();
  await new Promise((r) => setTimeout(r, 400));
  console.log('end');
});
`;

describe('progress ticker', () => {
  it('prints the latest state at its pace while the main thread is held, and nothing after stop', () => {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', CHILD], { encoding: 'utf8', timeout: 20_000 });
    const lines = r.stdout.trim().split('\n');
    const released = lines.indexOf('released');
    expect(released, r.stdout + r.stderr).toBeGreaterThan(0);
    const during = lines.slice(0, released).filter((l) => l.includes('400 footprints'));
    // 1.8 s at 100 ms: well over 8 lines even on a loaded machine; the hold alone is 15 ticks.
    expect(during.length, r.stdout).toBeGreaterThanOrEqual(8);
    expect(lines[0]).toMatch(/^chipedia: loading the demo catalogue: (started|demo catalogue: 400 footprints) \(\d+ s\)$/);
    // After stop: at most the tick already under way, then silence until 'end'.
    expect(lines.slice(released + 1, -1).length, r.stdout).toBeLessThanOrEqual(1);
    expect(lines.at(-1)).toBe('end');
  });
});
