import { afterAll, expect } from 'vitest';
import { recordedStalls, type Stall } from '../../src/lib/server/observability/stall-guard.server.ts';

// Issue #36 item 1: no request or job of the API suite may stall the event loop over 100 ms.
// The guard starts with the first app a test file creates (plumb) and records each stall with the
// requests and jobs in flight; this file fails the test file whose work stalled. A stall while
// nothing of the app ran is the test's own set-up (a PGlite template loaded, fixtures built in
// the test's code) and is not the server's: it is left out, and printed when STALL_REPORT is set.

afterAll(() => {
  const all = recordedStalls();
  if (process.env['STALL_REPORT']) for (const s of all) console.warn(`stall ${s.ms} ms (gap ${s.gapMs}) during ${s.activity.join(', ') || 'test set-up'}`);
  const server: Stall[] = all.filter((s) => s.activity.length > 0);
  expect(server.map((s) => `${s.ms} ms during ${s.activity.join(', ')}`), 'event-loop stalls over 100 ms caused by requests or jobs').toEqual([]);
});
