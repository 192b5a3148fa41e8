import { afterAll, expect } from 'vitest';
import { recordedStalls, type Stall } from '../../src/lib/server/observability/stall-guard.server.ts';

// Issue #36 item 1: no request or job of the API suite may stall the event loop over 100 ms.
// The guard starts with the first app a test file creates (plumb) and records each stall with the
// requests and jobs in flight. A stall while nothing of the app ran is the test's own set-up (a
// PGlite template loaded, fixtures built in the test's code), not the server's: it is left out.
//
// Strict (the file fails) for the files whose work has been moved off the request thread (ADR
// 0019) or was measured without a stall, and for every file with STALL_CHECK=strict. Elsewhere the stalls are printed: measured on
// 2026-12-02, search (the index built by the first query), designs (analysis, toBom) and bom-edits
// and bom / bom-files (the upload's multipart parse of 1–10 MB bodies, one-line re-match on the
// request) still stall — issue #36 item 1 is
// not done for them; the strict list grows as each is moved.

const STRICT_FILES = [
  'tests/api/bom-stall.test.ts',
  // Measured without a stall on 2026-12-02 (load 20–30 on 2 cores).
  'tests/api/catalog-import.test.ts',
  'tests/api/offers.test.ts',
  'tests/api/product-checks.test.ts',
];

afterAll(() => {
  const server: Stall[] = recordedStalls().filter((s) => s.activity.length > 0);
  const path = (expect.getState().testPath ?? '').replaceAll('\\', '/');
  const strict = process.env['STALL_CHECK'] === 'strict' || STRICT_FILES.some((f) => path.endsWith(f));
  const found = server.map((s) => `${s.ms} ms (cpu ${s.cpuMs} ms) during ${s.activity.slice(0, 6).join(', ')}`);
  if (!strict) {
    for (const line of found) console.warn(`event-loop stall: ${line}`);
    return;
  }
  expect(found, 'event-loop stalls over 100 ms caused by requests or jobs').toEqual([]);
});
