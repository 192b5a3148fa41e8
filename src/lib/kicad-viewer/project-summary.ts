// What the page learns about an opened project (ProjectSummary, plain data for postMessage): the
// file list, the sheet tree, the board's layers and counts, the parts for search and properties,
// the nets with their pad and pin counts, and the BOM lines. The analyses themselves (schematic
// nets, BOM) are done elsewhere (src/lib/kicad); they come in here in the shapes below.
import { boardSummary, naturalCompare, partsOf, sheetSummary, type LoadedProject } from './project-load.ts';
import type { BomLineSummary, NetSummary, ProjectSummary } from './protocol.ts';

/** The parts of a schematic net this summary reads. */
export interface NetInput {
  name: string;
  pins: readonly unknown[];
}

/** The parts of a BOM line this summary reads (design-bom.ts's DesignBomLine fits). */
export interface BomInput {
  value: string;
  footprint: string;
  refs: readonly string[];
  quantity: number;
  fields: Readonly<Record<string, string | undefined>>;
  dnp: boolean;
  excludedFromBom?: boolean;
}

export interface Analysis {
  nets?: readonly NetInput[];
  bom?: readonly BomInput[];
}

/** Board nets (pads per name) joined with schematic nets (pins per name). */
export function netsOf(p: LoadedProject, schNets: readonly NetInput[] = []): NetSummary[] {
  const byName = new Map<string, NetSummary>();
  const get = (name: string): NetSummary => {
    let n = byName.get(name);
    if (!n) byName.set(name, (n = { name, pads: 0, pins: 0 }));
    return n;
  };
  for (const fp of p.board?.footprints ?? []) for (const pad of fp.pads) if (pad.net?.name) get(pad.net.name).pads++;
  for (const n of p.board?.nets ?? []) if (n.name !== '') get(n.name);
  for (const n of schNets) get(n.name).pins += n.pins.length;
  return [...byName.values()].sort((a, b) => naturalCompare(a.name, b.name));
}

export function bomOf(lines: readonly BomInput[]): BomLineSummary[] {
  const out: BomLineSummary[] = [];
  for (const l of lines) {
    if (l.excludedFromBom) continue;
    const line: BomLineSummary = { value: l.value, footprint: l.footprint, refs: [...l.refs], quantity: l.quantity, dnp: l.dnp };
    const f = l.fields;
    if (f['mpn']) line.mpn = f['mpn'];
    if (f['manufacturer']) line.manufacturer = f['manufacturer'];
    if (f['lcsc']) line.lcsc = f['lcsc'];
    if (f['description']) line.description = f['description'];
    out.push(line);
  }
  return out;
}

export function summarise(p: LoadedProject, analysis: Analysis, ms: number, complete = true): ProjectSummary {
  const parts = partsOf(p);
  return {
    name: p.name,
    files: p.files.map((f) => ({ path: f.path, kind: f.kind, bytes: f.bytes.length })),
    root: p.hierarchy ? sheetSummary(p.hierarchy.root) : null,
    board: p.board ? boardSummary(p.board) : null,
    schematicStats: {
      sheets: p.hierarchy?.sheets.filter((s) => s.schematic).length ?? 0,
      symbols: parts.filter((x) => x.symbolUuid).length,
    },
    parts,
    nets: netsOf(p, analysis.nets),
    bom: bomOf(analysis.bom ?? []),
    issues: p.issues,
    ms,
    complete,
  };
}
