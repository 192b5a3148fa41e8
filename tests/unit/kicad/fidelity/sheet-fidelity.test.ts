// Sheets against the schematic PDFs the fixture projects publish (issue #13 item 8), rasterised
// by scripts/kicad-sheet-references.ts. Until the schematic painter lands (branch wt/sch), the
// comparison runs on the model's wires, buses and junctions: every one must lie on KiCad's ink
// (precision), which pins down page origin, scale and the page → sheet mapping.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSchematic } from '../../../../src/lib/kicad/schematic.ts';
import { KICAD_PROJECTS_DIR } from '../fixtures.ts';
import { compareMasks } from './compare.ts';
import { inkCount, readMaskPng } from './mask.ts';
import { REFERENCE_DIR } from './reference.ts';
import { pageFrame, readSheetReferences, SHEET_TOLERANCE_MM } from './sheet-frame.ts';
import { wireSource } from './sheet-source.ts';

const refs = readSheetReferences();

describe('sheets against their published PDF plots', () => {
  it('has at least four sheets from at least two projects', () => {
    expect(refs.sheets.length).toBeGreaterThanOrEqual(4);
    expect(new Set(refs.sheets.map((s) => s.project)).size).toBeGreaterThanOrEqual(2);
  });

  for (const ref of refs.sheets) {
    it(`${ref.project}/${ref.sheet} (page ${ref.page} of ${ref.pdf}): page frame, wires on KiCad's ink`, async () => {
      const schematic = parseSchematic(readFileSync(join(KICAD_PROJECTS_DIR, ref.project, ref.sheet)), ref.sheet);
      expect(schematic.errors).toEqual([]);
      // The reference covers the sheet's own paper at the sheet scale.
      expect(pageFrame(schematic.paper)).toEqual(ref.frame);
      const reference = await readMaskPng(join(REFERENCE_DIR, 'sheets', ref.png));
      expect([reference.width, reference.height]).toEqual([ref.frame.width, ref.frame.height]);
      expect(inkCount(reference)).toBe(ref.ink);

      const ours = await wireSource({ schematic, frame: ref.frame });
      const scores = compareMasks(ours, reference, SHEET_TOLERANCE_MM * ref.frame.pxPerMm);
      expect(scores.ours).toBeGreaterThan(1000);
      expect(scores.precision).toBeGreaterThanOrEqual(0.995);
    });
  }
});
