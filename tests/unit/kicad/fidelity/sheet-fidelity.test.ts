// Sheets against the schematic PDFs the fixture projects publish (issue #13 item 8), rasterised
// by scripts/kicad-sheet-references.ts. First the model's wires, buses and junctions alone: every
// one must lie on KiCad's ink (precision), which pins down page origin, scale and the page →
// sheet mapping. Then the whole page as the schematic painter draws it, against SHEET_THRESHOLD
// (README in tests/fixtures/kicad/reference); on failure a diff image is written and named.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { KicadSchematic } from '../../../../src/lib/kicad/schematic.ts';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { compareMasks, writeDiffPng } from './compare.ts';
import { inkCount, readMaskPng } from './mask.ts';
import { REFERENCE_DIR } from './reference.ts';
import { pageFrame, readSheetReferences, SHEET_TOLERANCE_MM } from './sheet-frame.ts';
import { loadSheetContext } from './sheet-project.ts';
import { painterSource, wireSource } from './sheet-source.ts';
import { SHEET_EXCEPTIONS, SHEET_THRESHOLD } from './thresholds.ts';

const refs = readSheetReferences();

describe('sheets against their published PDF plots', () => {
  it('has at least four sheets from at least two projects', () => {
    expect(refs.sheets.length).toBeGreaterThanOrEqual(4);
    expect(new Set(refs.sheets.map((s) => s.project)).size).toBeGreaterThanOrEqual(2);
  });

  for (const ref of refs.sheets) {
    it(`${ref.project}/${ref.sheet} (page ${ref.page} of ${ref.pdf}): page frame, wires on KiCad's ink`, async () => {
      const ctx = loadSheetContext(ref.project, ref.sheet);
      const schematic = ctx.node.schematic as KicadSchematic;
      expect(schematic.errors).toEqual([]);
      // The reference covers the sheet's own paper at the sheet scale.
      expect(pageFrame(schematic.paper)).toEqual(ref.frame);
      const reference = await readMaskPng(join(REFERENCE_DIR, 'sheets', ref.png));
      expect([reference.width, reference.height]).toEqual([ref.frame.width, ref.frame.height]);
      expect(inkCount(reference)).toBe(ref.ink);

      const pageCount = refs.sheets.filter((s) => s.project === ref.project).length;
      const req = { schematic, frame: ref.frame, page: ref.page, pageCount, ...ctx.request };
      const wires = compareMasks(await wireSource(req), reference, SHEET_TOLERANCE_MM * ref.frame.pxPerMm);
      expect(wires.ours).toBeGreaterThan(1000);
      expect(wires.precision).toBeGreaterThanOrEqual(0.995);

      const ours = await painterSource(req);
      const scores = compareMasks(ours, reference, SHEET_TOLERANCE_MM * ref.frame.pxPerMm);
      const mark = { ...SHEET_THRESHOLD, ...SHEET_EXCEPTIONS[`${ref.project}/${ref.sheet}`] };
      const failed = scores.precision < mark.precision || scores.recall < mark.recall || scores.iou < mark.iou;
      // SHEET_DEBUG=1 prints the scores and writes the diff image of every page, not only failures.
      const file = join(tmpdir(), 'kicad-fidelity', `sheet-${ref.project}-${ref.sheet}.png`);
      if (failed || process.env.SHEET_DEBUG) {
        mkdirSync(join(tmpdir(), 'kicad-fidelity'), { recursive: true });
        await writeDiffPng(ours, reference, file);
        if (process.env.SHEET_DEBUG) console.log(`${ref.project}/${ref.sheet}: ours ${scores.ours} px, precision ${scores.precision.toFixed(5)}, recall ${scores.recall.toFixed(5)}, IoU ${scores.iou.toFixed(4)}; ${file}`);
      }
      if (failed) {
        throw new Error(`${ref.sheet}: precision ${scores.precision.toFixed(5)}, recall ${scores.recall.toFixed(5)}, IoU ${scores.iou.toFixed(4)} (marks ${mark.precision} / ${mark.recall} / ${mark.iou}); diff (ours red, KiCad blue): ${file}`);
      }
    });
  }
});
