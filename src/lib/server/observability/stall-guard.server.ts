import { performance } from 'node:perf_hooks';
import { logger } from '../logger.server.ts';

// The event-loop stall guard (issue #36 item 1): every stretch over STALL_MS in which this thread
// ran code and served nothing else is logged with the requests and jobs that were running.
//
// A timer ticks every TICK_MS; a tick that comes late measured a gap. Lateness alone is not a
// stall: on a loaded machine the process can wait for a core while it sleeps. The thread's own
// event-loop utilisation over the gap tells them apart (time outside the poll phase = running
// JavaScript, WASM such as PGlite, or native calls on this thread), and the thread's own CPU time
// over the gap tells work from waiting for a core while running: a stall is a gap whose active
// time and CPU time are both over STALL_MS (on an idle machine they are the same figure).
//
// Which work caused it: the guard cannot look at the code that ran, so it names what was in
// flight — every request and job that was running at the previous tick or started since. In
// practice one of them is alone, and the test that asserts "no stall" names its culprit.

export const STALL_MS = 100;
const TICK_MS = 20;

export type Stall = {
  /** Active time of the gap, ms. */
  readonly ms: number;
  /** Wall time since the previous tick, ms. */
  readonly gapMs: number;
  /** This thread's CPU time over the gap, ms. */
  readonly cpuMs: number;
  /** Requests (`METHOD /path`) and jobs (`job:kind`) running during the gap. */
  readonly activity: readonly string[];
  readonly at: string;
};

type Guard = {
  timer: ReturnType<typeof setInterval>;
  inFlight: Map<number, string>;
  /** Entries that started (and perhaps ended) since the previous tick. */
  sinceTick: Set<string>;
  nextId: number;
  stalls: Stall[];
};

// One guard per process, shared with the server bundle's copy through globalThis.
const key = Symbol.for('chipedia.stallGuard');
const store = globalThis as Record<symbol, Guard | undefined>;

/** Starts the guard (idempotent; the timer never keeps a process alive). */
export function startStallGuard(): void {
  if (store[key]) return;
  const guard: Guard = { timer: undefined as never, inFlight: new Map(), sinceTick: new Set(), nextId: 1, stalls: [] };
  let last = performance.now();
  let lastElu = performance.eventLoopUtilization();
  let lastCpu = threadCpuMs();
  guard.timer = setInterval(() => {
    const now = performance.now();
    const elu = performance.eventLoopUtilization();
    const delta = performance.eventLoopUtilization(elu, lastElu);
    const gapMs = now - last;
    const cpu = threadCpuMs();
    const cpuMs = cpu - lastCpu;
    lastCpu = cpu;
    const activity = [...new Set([...guard.inFlight.values(), ...guard.sinceTick])];
    last = now;
    lastElu = elu;
    guard.sinceTick = new Set(guard.inFlight.values());
    if (gapMs - TICK_MS <= STALL_MS || delta.active <= STALL_MS || cpuMs <= STALL_MS) return;
    record(guard, { ms: Math.round(delta.active), gapMs: Math.round(gapMs), cpuMs: Math.round(cpuMs), activity, at: new Date().toISOString() });
  }, TICK_MS);
  guard.timer.unref();
  store[key] = guard;
}

/** This thread's CPU time (user + system), ms; Node 24 measures it per thread. */
function threadCpuMs(): number {
  const usage = process.threadCpuUsage();
  return (usage.user + usage.system) / 1000;
}

function record(guard: Guard, stall: Stall): void {
  guard.stalls.push(stall);
  if (guard.stalls.length > 200) guard.stalls.shift();
  logger.warn({ stallMs: stall.ms, gapMs: stall.gapMs, cpuMs: stall.cpuMs, activity: stall.activity }, 'event loop stalled');
}

/** Marks `label` as running until the returned function is called (requests and jobs). */
export function enterActivity(label: string): () => void {
  const guard = store[key];
  if (!guard) return () => {};
  const id = guard.nextId++;
  guard.inFlight.set(id, label);
  guard.sinceTick.add(label);
  return () => {
    guard.inFlight.delete(id);
  };
}

/** HTTP requests being answered now (activities other than jobs): background work waits for them. */
export function requestsInFlight(): number {
  const guard = store[key];
  if (!guard) return 0;
  let n = 0;
  for (const label of guard.inFlight.values()) if (!label.startsWith('job:')) n++;
  return n;
}

/** Runs `work` marked as `label`. */
export async function withActivity<T>(label: string, work: () => Promise<T>): Promise<T> {
  const leave = enterActivity(label);
  try {
    return await work();
  } finally {
    leave();
  }
}

/** The stalls recorded in this process (newest last, at most 200). */
export function recordedStalls(): readonly Stall[] {
  return store[key]?.stalls ?? [];
}

/** Forgets the recorded stalls (tests that measure a window of their own). */
export function clearStalls(): void {
  const guard = store[key];
  if (guard) guard.stalls.length = 0;
}
