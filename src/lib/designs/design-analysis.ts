import type { Board } from '../kicad/board.ts';
import { renderBoardSvg } from '../kicad/board-svg.ts';
import { extractBoardBom, extractDesignBom, type DesignBomLine as KicadBomLine } from '../kicad/design-bom.ts';
import { symbolOccurrences } from '../kicad/schematic-hierarchy.ts';
import { renderSchematicSvg } from '../kicad/schematic-svg.ts';
import { loadProject, ProjectLoadError, type LoadedProject } from '../kicad-viewer/project-load.ts';
import type { InputFile } from '../kicad-viewer/protocol.ts';
import type { ServerMessageKey } from '../server/messages/server-message.ts';
import { designStats, type DesignStats } from '../viewer/design-read.ts';
import type { DesignBomLine } from './designs.schema.ts';

// The server's analysis of a stored design (issue #14 item 1), pure and thread-free so it runs in
// the jobs' worker pool: the project is loaded with the viewer's own loader (same limits, same
// choice of project, root sheet and board), its BOM extracted with the KiCad models, its
// statistics computed, and a cover drawn: the board (copper, silkscreen, outline) or else the
// root sheet, kept small enough for a gallery card.

export type AnalysisProblem = { key: ServerMessageKey; vars: Record<string, string | number> };
export type DesignAnalysis = { bom: DesignBomLine[]; stats: DesignStats; cover: string | null };
export type AnalysisOutcome = { ok: true; result: DesignAnalysis } | { ok: false; problem: AnalysisProblem };

/** A cover larger than this is drawn again with less, or not at all. */
export const MAX_COVER_BYTES = 300 * 1024;

/** Layer sets tried in turn for a board cover: each drops what weighs most. */
const BOARD_COVER_LAYERS: readonly (readonly string[])[] = [
  ['F.Cu', 'B.Cu', 'F.SilkS', 'B.SilkS', 'Edge.Cuts'],
  ['F.Cu', 'F.SilkS', 'Edge.Cuts'],
  ['F.Cu', 'Edge.Cuts'],
  ['Edge.Cuts', 'F.SilkS'],
];

export async function analyseProject(files: readonly InputFile[]): Promise<AnalysisOutcome> {
  let project: LoadedProject;
  try {
    project = await loadProject(files);
  } catch (error) {
    if (error instanceof ProjectLoadError) {
      const first = error.issues.find((i) => i.severity === 'error') ?? error.issues[0];
      return { ok: false, problem: first ? { key: first.key, vars: first.vars } : { key: 'design.analysis.noContent', vars: {} } };
    }
    throw error;
  }
  if (!project.board && !project.hierarchy) return { ok: false, problem: { key: 'design.analysis.noContent', vars: {} } };
  const lines = project.hierarchy ? extractDesignBom(project.hierarchy, { project: project.name }) : extractBoardBom(project.board!);
  return { ok: true, result: { bom: lines.map(toBomLine), stats: statsOf(project), cover: coverOf(project) } };
}

function toBomLine(l: KicadBomLine): DesignBomLine {
  const out: DesignBomLine = { value: l.value, footprint: l.footprint, refs: l.refs, quantity: l.quantity, dnp: l.dnp };
  const f = l.fields;
  if (f.mpn?.trim()) out.mpn = f.mpn.trim();
  if (f.manufacturer?.trim()) out.manufacturer = f.manufacturer.trim();
  if (f.lcsc?.trim()) out.lcsc = f.lcsc.trim();
  if (f.description?.trim()) out.description = f.description.trim();
  return out;
}

function statsOf(p: LoadedProject): DesignStats {
  const sheets = p.hierarchy ? p.hierarchy.sheets.filter((s) => s.schematic).length : 0;
  const symbols = p.hierarchy ? symbolOccurrences(p.hierarchy, p.name).length : 0;
  return designStats(sheets, symbols, p.board);
}

const byteLength = (s: string): number => Buffer.byteLength(s, 'utf8');

/** The board when it draws something within the size, else the root sheet, else none. */
export function coverOf(p: LoadedProject): string | null {
  if (p.board && p.board.footprints.length + p.board.graphics.length > 0) {
    const svg = boardCover(p.board);
    if (svg) return svg;
  }
  const root = p.hierarchy?.root.schematic;
  if (!root) return null;
  for (const opts of [{ strokeFont: false, pxPerMm: 1 }, { strokeFont: false, pxPerMm: 1, frame: false as const }]) {
    const svg = renderSchematicSvg(root, { ...opts, project: p.name, vars: { ...(p.project?.textVariables ?? {}) } });
    if (byteLength(svg) <= MAX_COVER_BYTES) return svg;
  }
  return null;
}

function boardCover(board: Board): string | null {
  for (const layers of BOARD_COVER_LAYERS) {
    const svg = renderBoardSvg(board, { layers: new Set(layers), pxPerMm: 2 });
    if (byteLength(svg) <= MAX_COVER_BYTES) return svg;
  }
  return null;
}
