import type { CheckInput, CheckResult } from './library.ts';

// The cross-asset check (issue #16 item 4): one pure function over a component's symbol,
// footprint and 3D model. Own components and catalogue parts go through it alike.

/** Bumped when the check changes, so stored results made by an older one are re-run. */
export const CHECK_VERSION = 1;

/** TEMP contract placeholder (helper H3 replaces the body): checks nothing yet. */
export function checkComponentAssets(input: CheckInput): CheckResult {
  void input;
  return { quality: 'unchecked', findings: [], version: CHECK_VERSION, ms: 0 };
}
