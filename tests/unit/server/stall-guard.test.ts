import { describe, expect, it } from 'vitest';
import { SliceSizer, inSlices, yieldToRequests } from '../../../src/lib/jobs/slices.ts';
import { clearStalls, enterActivity, recordedStalls, requestsInFlight, startStallGuard } from '../../../src/lib/server/observability/stall-guard.server.ts';

// The stall guard (issue #36 item 1) on real timers and a real busy loop, and the slice sizer.

const cpuMs = () => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};
/** Burns `ms` of this thread's CPU in one synchronous stretch (however long a loaded machine makes it). */
const busy = (ms: number) => {
  const end = cpuMs() + ms;
  while (cpuMs() < end) {
    // As a long synchronous step would.
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('stall guard', () => {
  it('records a 300 ms synchronous stretch with the work in flight; a short one and a quiet wait are not stalls', async () => {
    startStallGuard();
    await sleep(50);
    clearStalls();
    const leave = enterActivity('test:busy');
    busy(300);
    leave();
    await sleep(60);
    const stalls = recordedStalls();
    expect(stalls).toHaveLength(1);
    expect(stalls[0]!.activity).toEqual(['test:busy']);
    expect(stalls[0]!.cpuMs).toBeGreaterThan(100);
    clearStalls();
    for (let i = 0; i < 5; i++) {
      busy(30);
      await sleep(1);
    }
    await sleep(300);
    expect(recordedStalls()).toEqual([]);
  });
});

describe('slices', () => {
  it('sizes the next slice from the time the last one took, within bounds, growing at most twice', () => {
    const s = new SliceSizer({ targetMs: 40, first: 100, min: 10, max: 1000 });
    s.took(100, 400);
    expect(s.next).toBe(10);
    s.took(10, 1);
    expect(s.next).toBe(20);
    for (let i = 0; i < 20; i++) s.took(s.next, 0.001);
    expect(s.next).toBe(1000);
  });

  it('runs every item once, in order, giving the loop a turn before each slice', async () => {
    const seen: number[] = [];
    let ticks = 0;
    let ticking = true;
    const tick = () => {
      ticks++;
      if (ticking) setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    await inSlices(
      Array.from({ length: 1000 }, (_, i) => i),
      async (slice) => {
        seen.push(...slice);
        await sleep(2);
      },
      { targetMs: 5, first: 10, max: 50 },
    );
    ticking = false;
    expect(seen).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    expect(ticks).toBeGreaterThan(5);
  });
});

describe('background work yields to requests', () => {
  it('waits while a request is answered, not for jobs, and at most its cap', async () => {
    startStallGuard();
    expect(requestsInFlight()).toBe(0);
    const job = enterActivity('job:bom-match');
    expect(requestsInFlight()).toBe(0);
    const request = enterActivity('POST /api/chiplet/products/queryPage');
    expect(requestsInFlight()).toBe(1);
    let resumed = false;
    const started = performance.now();
    const waiting = yieldToRequests(2000).then(() => (resumed = true));
    await sleep(100);
    expect(resumed).toBe(false);
    request();
    await waiting;
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
    // Under continuous traffic the work still moves: the wait ends at its cap.
    const endless = enterActivity('GET /api/chiplet/products/suggest');
    const capped = performance.now();
    await yieldToRequests(80);
    expect(performance.now() - capped).toBeGreaterThanOrEqual(75);
    endless();
    job();
  });
});
