// The worker's second step after loading: the schematic's nets and the design's BOM (modules of
// src/lib/kicad), and painting one sheet instance with them (net names on wires and pins, the
// drawing sheet, the project's text variables). Kept apart from project-load.ts, which needs
// only the models.
import { extractBoardBom, extractDesignBom, type DesignBomLine } from '../kicad/design-bom.ts';
import { defaultDrawingSheet } from '../kicad/drawing-sheet-default.ts';
import type { DrawingSheet } from '../kicad/drawing-sheet.ts';
import { paintDrawingSheet } from '../kicad/render/drawing-sheet-painter.ts';
import type { Renderer } from '../kicad/render/renderer.ts';
import { paintSchematicSheet } from '../kicad/render/schematic-painter.ts';
import { SCHEMATIC_THEMES } from '../kicad/render/schematic-theme.ts';
import { buildSchematicNets, type SchematicNets } from '../kicad/schematic-nets.ts';
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

let frame: DrawingSheet | null = null;

export function paintSheet(r: Renderer, p: LoadedProject, a: ProjectAnalysis | null, node: SheetNode, theme: 'light' | 'dark'): void {
  const sch = node.schematic;
  const h = p.hierarchy;
  if (!sch || !h) return;
  const vars: Record<string, string> = { ...(p.project?.textVariables ?? {}) };
  const pageCount = h.sheets.length;
  const pageIndex = h.sheets.indexOf(node) + 1;
  const colors = SCHEMATIC_THEMES[theme];
  const nets = a?.nets?.sheets.get(node.path);
  frame ??= defaultDrawingSheet();
  const ws = frame;
  paintSchematicSheet(r, sch, {
    theme: colors,
    instancePath: node.path,
    project: p.name,
    ...(h.root.schematic ? { root: h.root.schematic } : {}),
    ...(nets ? { nets } : {}),
    vars,
    sheetName: node.name,
    page: node.page ?? String(pageIndex),
    pageCount,
    drawingSheet: (rr: Renderer) =>
      paintDrawingSheet(rr, ws, {
        paper: sch.paper,
        titleBlock: sch.titleBlock,
        sheetName: node.name || '/',
        sheetPath: node.namePath,
        pageNumber: Number(node.page) || pageIndex,
        pageCount,
        fileName: node.fileName.slice(node.fileName.lastIndexOf('/') + 1),
        vars,
        color: colors.frame,
      }),
  });
}
