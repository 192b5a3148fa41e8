// Issue #30 items 1-2: the BOM matcher on the 31 hand-graded real BOMs of tests/fixtures/bom-real
// against the SHIPPED catalogue — the database a fresh install holds after its first start (the
// KiCad demo catalogue + the JLCPCB/LCSC snapshot of 2026-05-21, 582,280 parts), built by
// tests/fixtures/bom-real/tools/shipped-db.ts with the loaders `npm start` runs and kept under
// node_modules/.cache (PGlite) or as database chipedia_shipped_<hash> (PostgreSQL) until an input
// changes. Figures are printed per file, per set (tuning / held-out) and in total; the old
// evaluation set (tests/fixtures/bom/eval, its own catalogue) stays in tests/api/bom-match-eval.test.ts
// and is reported there, apart.
//
// Run: `npm run eval:bom` (PGlite), `TEST_DATABASE_URL=… npm run eval:bom` (PostgreSQL). Not part of
// the default Vitest run: building the shipped catalogue takes minutes on 2 cores (measured figures
// in docs/decisions/0021-bom-eval-shipped-catalogue.md); npm test does not run it.
//
// Every budget of item 2 is printed with its verdict. A met budget is asserted. An unmet one is
// printed as NOT met with the reason and asserted at the level measured when it was last worked on
// (FLOOR), so a regression fails and issue #30 (`issues show 30`) stays open until it is met.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchHeader } from '../../src/lib/bom/header-match.ts';
import { readBomFile } from '../../src/lib/bom/read/read-bom-file.ts';
import { figures, headerEdits, readManifest, ROOT, scoreFile, type FileScore, type Figures, type ManifestEntry } from '../fixtures/bom-real/tools/evaluate.ts';
import { openShippedDb, type ShippedDb } from '../fixtures/bom-real/tools/shipped-db.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Issue #30 item 2, against the shipped catalogue on the graded set. */
const BUDGET = { precisionPct: 99.5, top1Pct: 95, top5Pct: 98, headerNoEditPct: 95, notInCatalogueAutoAccepted: 0 };

/**
 * Levels measured on this set (see the ADR); used only for budgets not met, so a regression still
 * fails. Each unmet budget names why it is not met in UNMET_REASON.
 */
const FLOOR = { precisionPct: 99.5, top1Pct: 95, top5Pct: 98, headerNoEditPct: (29 / 31) * 100, notInCatalogueAutoAccepted: 1 };
const UNMET_REASON: Record<keyof typeof BUDGET, string> = {
  precisionPct: 'wrong auto-accepts on held-out files (listed below as WRONG-AUTO); issue #30',
  top1Pct: 'right part not ranked first (MISS-TOP1 lines below); issue #30',
  top5Pct: 'right part not in the first five (MISS-TOP5 lines below); issue #30',
  headerNoEditPct: 'chappie-core.xlsx and picoemp.xls need a header edit (tests/unit/bom/header-real.test.ts); issue #30',
  notInCatalogueAutoAccepted: "bitaxe-ultra.xlsx row 18 (held out): MPN '0470531000' auto-accepted as Molex 470531000 (C240840) by the leading-zero rule, graded not in the catalogue (WRONG-AUTO below); issue #30",
};

const postgres = process.env.TEST_DATABASE_URL || undefined;
const label = postgres ? 'postgres' : 'pglite';
let shipped: ShippedDb;
const scores = new Map<string, FileScore>();
const headerNoEdit = new Map<string, boolean>();
let manifest: ManifestEntry[];

beforeAll(async () => {
  shipped = await openShippedDb(postgres, (line) => console.log(line));
  manifest = readManifest();
  const started = performance.now();
  for (const m of manifest) {
    scores.set(m.file, await scoreFile(shipped.database.db, m.file, { misses: true }));
    // The header mapping with no edit: the detected header row and the answer's columns.
    const answer = JSON.parse(readFileSync(join(ROOT, 'answers', m.file.replace(/\.[^.]+$/, '.json')), 'utf8')) as { headerRow: number; columns: Record<string, string> };
    const rows = readBomFile(new Uint8Array(readFileSync(join(ROOT, 'files', m.file))), m.file).sheets[0]!.rows;
    const edits = headerEdits(matchHeader(rows), answer);
    headerNoEdit.set(m.file, edits.length === 0);
    if (edits.length) scores.get(m.file)!.headerNotes.push(`${m.file}: header edits needed: ${edits.join('; ')}`);
  }
  console.log(`bom-real eval (${label}): catalogue ${shipped.hash}${shipped.builtMs === null ? ' (cached)' : ` (built in ${shipped.builtMs} ms)`}, matched and scored ${manifest.length} files in ${Math.round(performance.now() - started)} ms`);
}, 60 * 60_000);

afterAll(async () => {
  await shipped?.close();
});

type Verdict = { budget: keyof typeof BUDGET; value: number | null; met: boolean };

function verdicts(total: Figures, headerPct: number): Verdict[] {
  return [
    { budget: 'precisionPct', value: total.precisionPct, met: (total.precisionPct ?? 0) >= BUDGET.precisionPct },
    { budget: 'top1Pct', value: total.top1Pct, met: (total.top1Pct ?? 0) >= BUDGET.top1Pct },
    { budget: 'top5Pct', value: total.top5Pct, met: (total.top5Pct ?? 0) >= BUDGET.top5Pct },
    { budget: 'headerNoEditPct', value: Math.round(headerPct * 100) / 100, met: headerPct >= BUDGET.headerNoEditPct },
    { budget: 'notInCatalogueAutoAccepted', value: total.notInCatalogueAutoAccepted, met: total.notInCatalogueAutoAccepted <= BUDGET.notInCatalogueAutoAccepted },
  ];
}

describe(`BOM matching on the graded real BOMs against the shipped catalogue (${label})`, () => {
  it('prints the figures per file, per set and in total, and holds the budgets of issue #30 item 2', () => {
    expect(manifest.length).toBeGreaterThanOrEqual(30);
    const all = [...scores.values()].flatMap((s) => s.scored);
    const of = (heldOut: boolean) => all.filter((x) => manifest.find((m) => m.file === x.file)!.heldOut === heldOut);
    for (const m of manifest) {
      const s = scores.get(m.file)!;
      console.log(`  ${m.heldOut ? 'held-out' : 'tuning  '} ${m.style.padEnd(10)} ${m.file.padEnd(30)} header ${headerNoEdit.get(m.file) ? 'ok  ' : 'EDIT'} ${s.ms} ms ${JSON.stringify(figures(s.scored))}`);
    }
    const headerPct = ([...headerNoEdit.values()].filter(Boolean).length / manifest.length) * 100;
    const total = figures(all);
    console.log(`tuning   ${JSON.stringify(figures(of(false)))}`);
    console.log(`held-out ${JSON.stringify(figures(of(true)))}`);
    console.log(`total    ${JSON.stringify(total)} headerNoEdit ${[...headerNoEdit.values()].filter(Boolean).length}/${manifest.length}`);
    for (const s of scores.values()) for (const n of s.headerNotes) console.log(`  ${n}`);
    for (const x of all) {
      const wrongAuto = x.kind === 'part' && x.auto && !x.autoCorrect;
      const miss = x.kind === 'part' && x.inCatalogue && !x.top1;
      if (wrongAuto || miss || (x.kind !== 'part' && x.auto)) console.log(`  ${wrongAuto ? 'WRONG-AUTO' : x.kind !== 'part' ? 'NONPART-AUTO' : x.top5 ? 'MISS-TOP1' : 'MISS-TOP5'} ${x.detail.slice(0, 400)}`);
    }
    const vs = verdicts(total, headerPct);
    for (const v of vs) console.log(`budget ${v.budget}: ${v.value} (budget ${BUDGET[v.budget]}) ${v.met ? 'met' : `NOT met — ${UNMET_REASON[v.budget]}`}`);

    expect(total.partLines).toBeGreaterThan(1000);
    // Non-part rows are never auto-accepted.
    expect(total.notAPartAutoAccepted).toBe(0);
    for (const v of vs) {
      const lowerIsBetter = v.budget === 'notInCatalogueAutoAccepted';
      const bar = v.met ? BUDGET[v.budget] : FLOOR[v.budget];
      if (lowerIsBetter) expect(v.value ?? Infinity, v.budget).toBeLessThanOrEqual(bar);
      else expect(v.value ?? 0, v.budget).toBeGreaterThanOrEqual(bar - 1e-9);
    }
    // The tuning files, on which the rules were made, are all right when auto-accepted.
    expect(figures(of(false)).precisionPct).toBe(100);
  });
});
