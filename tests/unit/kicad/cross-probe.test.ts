// Cross-probing on the real projects: every on-board symbol finds its footprint through
// KiCad's path (the reference only as fallback), and back.
import { describe, expect, it } from 'vitest';
import { buildCrossProbe, footprintPathOf, footprintToSymbols, symbolToFootprint } from '../../../src/lib/kicad/cross-probe.ts';
import { libSymbolFor } from '../../../src/lib/kicad/schematic.ts';
import { designProjects, loadBoard, loadHierarchy } from './design-projects.ts';

const projects = designProjects();

describe('cross-probe on the real projects', () => {
  for (const p of projects) {
    it(`${p.name}: on-board symbols find their footprint and back`, () => {
      const h = loadHierarchy(p);
      const board = loadBoard(p);
      const index = buildCrossProbe(h, board, p.stem);
      let onBoard = 0;
      let byPath = 0;
      let byRef = 0;
      const missing: string[] = [];
      for (const o of index.occurrences) {
        const lib = o.sheet.schematic ? libSymbolFor(o.sheet.schematic, o.symbol) : undefined;
        const match = symbolToFootprint(index, { sheetPath: o.sheet.path, symbolUuid: o.symbol.uuid, unit: o.unit });
        if (lib?.power || o.reference.startsWith('#')) {
          expect(match, `${o.reference} is virtual`).toBeUndefined();
          continue;
        }
        if (!o.symbol.onBoard) continue;
        onBoard++;
        if (!match) {
          missing.push(o.reference);
          continue;
        }
        if (match.by === 'path') byPath++;
        else byRef++;
        // The footprint found is the one with this reference (the path and the reference agree).
        expect(match.footprint.reference, o.reference).toBe(o.reference);
        // And back: the footprint leads to this occurrence.
        expect(footprintToSymbols(index, match.footprint)).toContain(o);
      }
      console.log(`${p.name}: ${onBoard - missing.length}/${onBoard} on-board symbol units find their footprint (${byPath} by path, ${byRef} by reference)`);
      expect(missing).toEqual([]);
      // These boards were updated from these schematics: KiCad's path links every one.
      expect(byRef).toBe(0);
    });
  }

  it('builds footprint paths from the sheet instance below the root', () => {
    const p = projects.find((x) => x.name === 'bitaxe-gamma')!;
    const h = loadHierarchy(p);
    const board = loadBoard(p);
    const paths = new Set(board.footprints.map((f) => f.path));
    const sub = buildCrossProbe(h, board, p.stem).occurrences.filter((o) => o.sheet.parent && o.symbol.onBoard && !o.reference.startsWith('#'));
    expect(sub.length).toBeGreaterThan(20);
    for (const o of sub) {
      expect(footprintPathOf(o).split('/').length).toBe(3);
      expect(paths.has(footprintPathOf(o)), o.reference).toBe(true);
    }
  });

  it('falls back to the reference when the path is unknown', () => {
    const p = projects.find((x) => x.name === 'glasgow-revc')!;
    const h = loadHierarchy(p);
    const board = loadBoard(p);
    for (const fp of board.footprints) delete fp.path;
    const index = buildCrossProbe(h, board, p.stem);
    const o = index.occurrences.find((x) => x.reference === 'C1')!;
    const m = symbolToFootprint(index, { sheetPath: o.sheet.path, symbolUuid: o.symbol.uuid });
    expect(m?.by).toBe('reference');
    expect(m?.footprint.reference).toBe('C1');
    expect(symbolToFootprint(index, { sheetPath: '/nowhere', symbolUuid: o.symbol.uuid })).toBeUndefined();
  });
});
