// The messages between the viewer page and its Web Worker (viewer.worker.ts), and the names of
// files the viewer opens. Types and tiny pure helpers only: both sides import this file, so it
// must pull in neither the parsers (main thread) nor the DOM (worker).
import type { PackedScene } from './scene.ts';
import type { ServerMessageKey } from '../server/messages/zh.ts';

/** A file as the user gave it: a path relative to the picked folder (or just the name), and its bytes. */
export interface InputFile {
  path: string;
  bytes: Uint8Array;
}

export type ProjectFileKind = 'project' | 'schematic' | 'board' | 'local-settings' | 'worksheet' | 'legacy' | 'zip';

const KINDS: Readonly<Record<string, ProjectFileKind>> = {
  '.kicad_pro': 'project',
  '.kicad_sch': 'schematic',
  '.kicad_pcb': 'board',
  '.kicad_prl': 'local-settings',
  '.kicad_wks': 'worksheet',
  // KiCad 5 and older: refused with kicad.legacyFile.
  '.sch': 'legacy',
  '.brd': 'legacy',
  '.pro': 'legacy',
  '.zip': 'zip',
};

/** What the viewer does with a file of this name; null = not ours (PDFs, 3D models, dot folders). */
export function fileKindOf(path: string): ProjectFileKind | null {
  const p = path.replace(/\\/g, '/');
  if (p.split('/').some((part) => part.startsWith('.') && part !== '.' && part !== '..') || p.startsWith('__MACOSX/')) return null;
  const name = p.slice(p.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? null : (KINDS[name.slice(dot).toLowerCase()] ?? null);
}

/** The message keys a problem can carry: the server's `kicad.*` and `viewer.*` tables (one text per language, rendered by the page). */
export type ProblemKey = Extract<ServerMessageKey, `kicad.${string}` | `viewer.${string}`>;

export interface ProjectIssue {
  key: ProblemKey;
  severity: 'error' | 'warning';
  /** File at fault, when one is. */
  file?: string;
  /** 1-based line, when known. */
  line?: number;
  vars: Record<string, string | number>;
}

export type LoadPhase = 'read' | 'unzip' | 'parse' | 'hierarchy' | 'analyse' | 'done';

export interface LoadProgress {
  phase: LoadPhase;
  filesDone: number;
  filesTotal: number;
  bytesDone: number;
  bytesTotal: number;
  /** The file being worked on. */
  file?: string;
}

export interface SheetSummary {
  /** Instance path (SheetNode.path): the key of scene requests. */
  path: string;
  name: string;
  namePath: string;
  fileName: string;
  page?: string;
  missing: boolean;
  children: SheetSummary[];
}

export interface BoardLayerSummary {
  name: string;
  userName?: string;
  copper: boolean;
}

export interface BoardSummary {
  fileName: string;
  layers: BoardLayerSummary[];
  stats: { footprints: number; pads: number; vias: number; tracks: number; nets: number; copperLayers: number; zones: number; widthMm: number; heightMm: number };
}

/** One placed part, from the schematic and/or the board, for search and the properties panel. */
export interface PartSummary {
  ref: string;
  value: string;
  footprint: string;
  /** Other fields (Datasheet, MPN, …). */
  fields: Record<string, string>;
  /** Schematic occurrence: sheet instance path and symbol uuid. */
  sheetPath?: string;
  symbolUuid?: string;
  /** Board footprint: side layer and position in mm. */
  boardLayer?: string;
  x?: number;
  y?: number;
  rotation?: number;
  pads?: number;
  dnp?: boolean;
}

export interface NetSummary {
  name: string;
  /** Pads on the board, pins in the schematic. */
  pads: number;
  pins: number;
}

export interface BomLineSummary {
  value: string;
  footprint: string;
  refs: string[];
  quantity: number;
  mpn?: string;
  manufacturer?: string;
  lcsc?: string;
  description?: string;
  dnp: boolean;
}

export interface ProjectSummary {
  name: string;
  files: { path: string; kind: ProjectFileKind; bytes: number }[];
  /** Root of the sheet tree, null without schematics. */
  root: SheetSummary | null;
  board: BoardSummary | null;
  schematicStats: { sheets: number; symbols: number };
  parts: PartSummary[];
  nets: NetSummary[];
  bom: BomLineSummary[];
  issues: ProjectIssue[];
  /** Milliseconds spent reading and analysing, for the page's status line. */
  ms: number;
  /**
   * False for the early summary sent with the board alone (no sheets, schematic nets or BOM yet);
   * the complete one follows.
   */
  complete: boolean;
}

export type SceneTarget = { kind: 'board' } | { kind: 'sheet'; path: string; theme: 'light' | 'dark' };

/** Page → worker. */
export type WorkerRequest =
  | { type: 'open'; id: number; files: InputFile[] }
  | { type: 'scene'; id: number; target: SceneTarget };

/** Worker → page. */
export type WorkerReply =
  | { type: 'progress'; id: number; progress: LoadProgress }
  | { type: 'opened'; id: number; summary: ProjectSummary }
  /** The board and its scene, before the sheets are read (an 'opened' with the complete summary follows). */
  | { type: 'board'; id: number; summary: ProjectSummary; scene: PackedScene }
  | { type: 'scene'; id: number; scene: PackedScene }
  | { type: 'failed'; id: number; issues: ProjectIssue[] };

/** Fills `{name}` placeholders (a missing one stays visible, as in the page's i18n). */
export function fillText(text: string, vars: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`));
}
