// Loads the real KiCad projects used to check connectivity, BOM and cross-probing against
// their boards: the fixture projects (KiCad 7–9) and the kicad-demos projects (KiCad 6) that
// have both a schematic and a board.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseBoard, type Board } from '../../../src/lib/kicad/board.ts';
import { parseSchematic } from '../../../src/lib/kicad/schematic.ts';
import { buildSheetHierarchy, type SchematicHierarchy } from '../../../src/lib/kicad/schematic-hierarchy.ts';
import { HAVE_KICAD_DEMOS, KICAD_DEMOS_DIR, fixtureProjects } from './fixtures.ts';

export interface DesignProject {
  /** Fixture folder name, or `demos/<folder>/<stem>`. */
  name: string;
  dir: string;
  /** Project stem (the `.kicad_pro` name without extension). */
  stem: string;
}

/** Every project with `<stem>.kicad_sch` and `<stem>.kicad_pcb` side by side. */
export function designProjects(): DesignProject[] {
  const out: DesignProject[] = [];
  for (const p of fixtureProjects()) {
    for (const f of p.files) {
      const stem = f.replace(/\.kicad_pro$/, '');
      if (stem !== f && p.files.includes(`${stem}.kicad_sch`) && p.files.includes(`${stem}.kicad_pcb`)) out.push({ name: p.name, dir: p.dir, stem });
    }
  }
  if (HAVE_KICAD_DEMOS) {
    for (const d of readdirSync(KICAD_DEMOS_DIR).sort()) {
      const dir = join(KICAD_DEMOS_DIR, d) + '/';
      if (!existsSync(dir) || !readdirSync(dir).length) continue;
      for (const f of readdirSync(dir).sort()) {
        const stem = f.replace(/\.kicad_pro$/, '');
        if (stem !== f && existsSync(`${dir}${stem}.kicad_sch`) && existsSync(`${dir}${stem}.kicad_pcb`)) out.push({ name: `demos/${d}/${stem}`, dir, stem });
      }
    }
  }
  return out;
}

const hierarchies = new Map<string, SchematicHierarchy>();

/** The project's sheet hierarchy, parsed once per test file (callers must not modify it). */
export function loadHierarchy(p: DesignProject): SchematicHierarchy {
  const cached = hierarchies.get(p.name);
  if (cached) return cached;
  const h = readHierarchy(p);
  hierarchies.set(p.name, h);
  return h;
}

function readHierarchy(p: DesignProject): SchematicHierarchy {
  const rootFile = `${p.stem}.kicad_sch`;
  const root = parseSchematic(readFileSync(p.dir + rootFile), rootFile);
  return buildSheetHierarchy(rootFile, root, (f) => (existsSync(p.dir + f) ? parseSchematic(readFileSync(p.dir + f), f) : null), { project: p.stem });
}

export function loadBoard(p: DesignProject): Board {
  const file = `${p.stem}.kicad_pcb`;
  const { board, errors } = parseBoard(readFileSync(p.dir + file), file);
  if (!board) throw new Error(`${file}: ${errors.map((e) => e.reason).join('; ')}`);
  return board;
}
