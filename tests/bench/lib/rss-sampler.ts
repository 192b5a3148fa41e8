import { readFileSync, readdirSync } from 'node:fs';

// Resident memory of a process tree from /proc (Linux): the server's own threads (its worker
// pool runs in worker_threads, inside the same RSS) plus any child processes it started.

function rssKB(pid: number): number {
  try {
    const m = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0; // gone between listing and reading
  }
}

function children(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8')
        .split(' ')
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    return [];
  }
}

/** RSS in MB of `pid` and all its descendants. */
export function treeRssMB(pid: number): number {
  let kb = 0;
  const todo = [pid];
  for (let p = todo.pop(); p !== undefined; p = todo.pop()) {
    kb += rssKB(p);
    todo.push(...children(p));
  }
  return kb / 1024;
}

export type RssSample = { t: number; mb: number };

/** Samples `treeRssMB(pid)` every second until stopped; `t` in seconds since the start. */
export function sampleRss(pid: number): { samples: RssSample[]; stop: () => void } {
  const started = performance.now();
  const samples: RssSample[] = [];
  const take = () => samples.push({ t: Math.round((performance.now() - started) / 100) / 10, mb: Math.round(treeRssMB(pid) * 10) / 10 });
  take();
  const timer = setInterval(take, 1000);
  return { samples, stop: () => clearInterval(timer) };
}
