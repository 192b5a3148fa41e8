// What eeschema knew when it plotted a fixture sheet: the project's hierarchy (instance path,
// per-instance references, page numbers for intersheet references), its drawing settings and
// its own drawing sheet when the project folder ships the `.kicad_wks` it names.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseDrawingSheet } from '../../../../src/lib/kicad/drawing-sheet.ts';
import { intersheetPages, intersheetSettingsFromProject } from '../../../../src/lib/kicad/intersheet-refs.ts';
import { drawingFromProject } from '../../../../src/lib/kicad/render/schematic-theme.ts';
import { parseSchematic } from '../../../../src/lib/kicad/schematic.ts';
import { buildSheetHierarchy, type SheetNode } from '../../../../src/lib/kicad/schematic-hierarchy.ts';
import { KICAD_PROJECTS_DIR } from '../fixtures.ts';
import type { SheetImageRequest } from './sheet-source.ts';

/**
 * What the plotting eeschema printed that the files do not record, read off each PDF's title
 * block: `${KICAD_VERSION}` (KiCad 9.0.7 for bms-c1, Ubuntu's 7.0.11 build for the olimex
 * module) and the root sheet's `${SHEETNAME}` ("Root" in KiCad 9's plot, "/" in KiCad 7's).
 */
const PLOTTED_BY: Record<string, { version: string; rootName: string }> = {
  'libresolar-bms-c1': { version: 'KiCad E.D.A. 9.0.7', rootName: 'Root' },
  'olimex-mod-esp32-c5': { version: 'KiCad E.D.A.  kicad 7.0.11-7.0.11~ubuntu22.04.1', rootName: '/' },
};

export interface SheetContext {
  node: SheetNode;
  request: Pick<SheetImageRequest, 'drawingSheet' | 'sheetName' | 'sheetPath' | 'paint'>;
}

export function loadSheetContext(project: string, sheet: string): SheetContext {
  const dir = join(KICAD_PROJECTS_DIR, project);
  const proFile = readdirKicadPro(dir);
  const stem = basename(proFile, '.kicad_pro');
  const pro = JSON.parse(readFileSync(join(dir, proFile), 'utf8')) as { schematic?: { page_layout_descr_file?: string } };
  const rootFile = `${stem}.kicad_sch`;
  const root = parseSchematic(readFileSync(join(dir, rootFile)), rootFile);
  const h = buildSheetHierarchy(rootFile, root, (f) => (existsSync(join(dir, f)) ? parseSchematic(readFileSync(join(dir, f)), f) : null), { project: stem });
  const node = h.sheets.find((s) => s.fileName === sheet);
  if (!node) throw new Error(`${sheet} is not in ${project}'s hierarchy`);
  // Only a file name that is in the folder: absolute paths on the author's disk are not.
  const wks = pro.schematic?.page_layout_descr_file;
  const wksFile = wks && !wks.includes('/') && !wks.includes('\\') ? join(dir, wks) : '';
  const request: SheetContext['request'] = {
    sheetName: node.name || (PLOTTED_BY[project]?.rootName ?? '/'),
    sheetPath: node.namePath,
    paint: {
      instancePath: node.path,
      project: stem,
      root,
      drawing: drawingFromProject(pro),
      pageRefs: intersheetPages(h),
      intersheetRefs: intersheetSettingsFromProject(pro),
      vars: PLOTTED_BY[project] ? { KICAD_VERSION: PLOTTED_BY[project].version } : {},
    },
  };
  if (wksFile && existsSync(wksFile)) request.drawingSheet = parseDrawingSheet(readFileSync(wksFile));
  return { node, request };
}

function readdirKicadPro(dir: string): string {
  const f = readdirSync(dir).find((n) => n.endsWith('.kicad_pro'));
  if (!f) throw new Error(`no .kicad_pro in ${dir}`);
  return f;
}
