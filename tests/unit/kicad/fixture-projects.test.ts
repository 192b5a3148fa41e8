// The real KiCad 7–9 projects used as viewer fixtures: each file is well formed, written by
// KiCad 7 or later, each hierarchy is complete, and SOURCES.md accounts for every folder.
import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { atomAt, child, headOf, isList, parseSexprDocument, type SexprList } from '../../../src/lib/kicad/sexpr.ts';
import { KICAD_PROJECTS_DIR, fixtureProjects } from './fixtures.ts';

/**
 * First file-format versions written by KiCad 7.0 (the `(version …)` token). KiCad 8 writes
 * 20240108 / 20231120 and KiCad 9 20241229 / 20250114, with `(generator_version "8.0" | "9.0")`.
 */
const KICAD7_BOARD = 20221018;
const KICAD7_SCHEMATIC = 20230121;
/** First versions of KiCad 8 and 9, to check `generator_version` against the version token. */
const FIRST_VERSION: Record<string, { board: number; schematic: number }> = {
  '8.0': { board: 20240108, schematic: 20231120 },
  '9.0': { board: 20241229, schematic: 20250114 },
};
const MAX_TOTAL_BYTES = 25 * 1024 * 1024;

const projects = fixtureProjects();

/** Sheet files named by the `sheet` symbols of a schematic (KiCad 7+: property "Sheetfile"). */
function sheetFiles(root: SexprList): string[] {
  const out: string[] = [];
  for (const item of root.items) {
    if (!isList(item) || headOf(item) !== 'sheet') continue;
    for (const p of item.items) {
      if (isList(p) && headOf(p) === 'property' && atomAt(p, 1) === 'Sheetfile') out.push(atomAt(p, 2) ?? '');
    }
  }
  return out;
}

describe('KiCad fixture projects', () => {
  it('has at least six projects, each with a project file, a schematic and a board', () => {
    expect(projects.length).toBeGreaterThanOrEqual(6);
    for (const p of projects) {
      const kinds = ['.kicad_pro', '.kicad_sch', '.kicad_pcb'].filter((ext) => p.files.some((f) => f.endsWith(ext)));
      expect(kinds, p.name).toEqual(['.kicad_pro', '.kicad_sch', '.kicad_pcb']);
    }
  });

  it('stays within 25 MB in total', () => {
    let total = 0;
    for (const p of projects) for (const f of p.files) total += statSync(p.dir + f).size;
    expect(total).toBeLessThanOrEqual(MAX_TOTAL_BYTES);
  });

  it('lists every project folder in SOURCES.md', () => {
    const sources = readFileSync(KICAD_PROJECTS_DIR + 'SOURCES.md', 'utf8');
    const headings = [...sources.matchAll(/^## `([^`]+)`/gm)].map((m) => m[1]);
    expect(headings.sort()).toEqual(projects.map((p) => p.name));
  });

  for (const p of projects) {
    describe(p.name, () => {
      for (const f of p.files.filter((name) => /\.kicad_(sch|pcb)$/.test(name))) {
        it(`${f} parses and was written by KiCad 7 or later`, () => {
          const doc = parseSexprDocument(readFileSync(p.dir + f));
          expect(doc.errors).toEqual([]);
          expect(doc.replacedInvalidUtf8).toBe(false);
          const root = doc.root;
          if (!root) throw new Error(`${f}: no root list`);
          const board = f.endsWith('.kicad_pcb');
          expect(headOf(root)).toBe(board ? 'kicad_pcb' : 'kicad_sch');

          const version = Number(atomAt(child(root, 'version'), 1));
          expect(version).toBeGreaterThanOrEqual(board ? KICAD7_BOARD : KICAD7_SCHEMATIC);
          const generatorVersion = atomAt(child(root, 'generator_version'), 1);
          if (generatorVersion !== undefined) {
            const first = FIRST_VERSION[generatorVersion];
            if (!first) throw new Error(`${f}: unexpected generator_version ${generatorVersion}`);
            expect(version).toBeGreaterThanOrEqual(board ? first.board : first.schematic);
          }

          for (const sheet of board ? [] : sheetFiles(root)) expect(p.files, `${f} → ${sheet}`).toContain(sheet);
        });
      }

      it('has a project file (JSON) that names the project', () => {
        const pro = p.files.filter((f) => f.endsWith('.kicad_pro'));
        expect(pro).toHaveLength(1);
        const proFile = pro[0] ?? '';
        const json = JSON.parse(readFileSync(p.dir + proFile, 'utf8')) as { meta?: { filename?: string } };
        expect(json.meta?.filename).toBe(proFile);
        // The root schematic and the board carry the project's name.
        const stem = proFile.replace(/\.kicad_pro$/, '');
        expect(p.files).toContain(`${stem}.kicad_sch`);
        expect(p.files).toContain(`${stem}.kicad_pcb`);
      });
    });
  }
});
