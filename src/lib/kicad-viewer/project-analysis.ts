// The worker's second step after loading: the schematic's nets and the design's BOM (modules of
// src/lib/kicad), and painting one sheet instance with them (net names on wires and pins, the
// drawing sheet, the project's text variables). Kept apart from project-load.ts, which needs
// only the models.
import type { Renderer } from '../kicad/render/renderer.ts';
import { paintSchematicSheet, SCHEMATIC_THEMES } from '../kicad/render/schematic-painter.ts';
import { paintDrawingSheet } from '../kicad/render/drawing-sheet-painter.ts';
import { DEFAULT_DRAWING_SHEET } from '../kicad/drawing-sheet.ts';
import { buildSchematicNets, type SchematicNets } from '../kicad/schematic-nets.ts';
import { extractBoardBom, extractDesignBom, type DesignBomLine } from '../kicad/design-bom.ts';
import type { SheetNode } from '../kicad/schematic-hierarchy.ts';
import type { LoadedProject } from './project-load.ts';

export interface ProjectAnalysis {
  nets: SchematicNets | null;
  bom: DesignBomLine[] | null;
}

export function analyse(p: LoadedProject): ProjectAnalysis {
  const nets = p.hierarchy ? buildSchematicNets(p.hierarchy, p.name) : null;
  const bom = p.hierarchy ? extractDesignBom(p.hierarchy, { project: p.name }) : p.board ? extractBoardBom(p.board) : null;
  return { nets, bom };
}

export function paintSheet(r: Renderer, p: LoadedProject, a: ProjectAnalysis | null, node: SheetNode, theme: 'light' | 'dark'): void {
  const sch = node.schematic;
  if (!sch) return;
  const vars: Record<string, string> = { ...(p.project?.textVariables ?? {}) };
  const pageCount = p.hierarchy?.sheets.length ?? 1;
  const colors = SCHEMATIC_THEMES[theme];
  const nets = a?.nets?.sheets.get(node.path);
  paintSchematicSheet(r, sch, {
    theme: colors,
    instancePath: node.path,
    project: p.name,
    ...(nets ? { nets } : {}),
    vars,
    drawingSheet: (rr: Renderer) =>
      paintDrawingSheet(rr, DEFAULT_DRAWING_SHEET, {
        paper: sch.paper,
        titleBlock: sch.titleBlock,
        sheetName: node.name,
        sheetPath: node.namePath,
        pageNumber: node.page ?? String((p.hierarchy?.sheets.indexOf(node) ?? 0) + 1),
        pageCount: String(pageCount),
        fileName: node.fileName.slice(node.fileName.lastIndexOf('/') + 1),
        vars,
        color: colors.frame,
      }),
  });
}
