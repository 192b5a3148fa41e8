// Opening a KiCad project from the user's own files, in the viewer's Web Worker (and in Node for
// tests): zips expanded with fflate under the server's limits (design-limits.ts), files sorted by
// kind, the project chosen, every file parsed with src/lib/kicad, the sheet tree built. Every
// problem becomes a ProjectIssue with a kicad.* / viewer.* message key; a file that cannot be read
// is dropped and reported, and the load fails only when nothing is left to show.
import { unzipSync, type UnzipFileInfo } from 'fflate';
import { boardStats } from '../kicad/board-stats.ts';
import { parseBoard, type Board } from '../kicad/board.ts';
import type { KicadIssue } from '../kicad/kicad-common.ts';
import { parseProject, type KicadProject } from '../kicad/project.ts';
import { buildSheetHierarchy, symbolOccurrences, type SchematicHierarchy, type SheetNode } from '../kicad/schematic-hierarchy.ts';
import { parseSchematic, type KicadSchematic } from '../kicad/schematic.ts';
import { DESIGN_READ_LIMITS, isUnsafePath, type DesignReadLimits } from '../viewer/design-limits.ts';
import {
  fileKindOf,
  type BoardSummary,
  type InputFile,
  type LoadProgress,
  type PartSummary,
  type ProblemKey,
  type ProjectFileKind,
  type ProjectIssue,
  type SheetSummary,
} from './protocol.ts';

const MB = 1024 * 1024;

/** Thrown when nothing can be shown: the issues say why (at least one error). */
export class ProjectLoadError extends Error {
  readonly issues: ProjectIssue[];
  constructor(issues: ProjectIssue[]) {
    super(issues[0]?.key ?? 'viewer.local.noKicadFiles');
    this.name = 'ProjectLoadError';
    this.issues = issues;
  }
}

export interface ProjectFile {
  path: string;
  kind: ProjectFileKind;
  bytes: Uint8Array;
}

export interface LoadedProject {
  /** Project name: the .kicad_pro's stem, else the board's or root sheet's. */
  name: string;
  files: ProjectFile[];
  project: KicadProject | null;
  board: Board | null;
  schematics: Map<string, KicadSchematic>;
  hierarchy: SchematicHierarchy | null;
  issues: ProjectIssue[];
}

export interface LoadOptions {
  signal?: AbortSignal;
  onProgress?: (p: LoadProgress) => void;
  limits?: DesignReadLimits;
  /**
   * Called once with the board alone (no schematics yet) when the project has exactly one board,
   * which is parsed first: the viewer shows it while the sheets are still being read.
   */
  onBoard?: (early: LoadedProject & { board: Board }) => void | Promise<void>;
}

const issue = (key: ProblemKey, severity: ProjectIssue['severity'], vars: Record<string, string | number> = {}): ProjectIssue => {
  const out: ProjectIssue = { key, severity, vars };
  if (typeof vars['file'] === 'string') out.file = vars['file'];
  if (typeof vars['line'] === 'number') out.line = vars['line'];
  return out;
};

const fromKicad = (i: KicadIssue, severity: ProjectIssue['severity']): ProjectIssue => ({ key: i.key, severity, file: i.file, line: i.line, vars: i.vars });

const fail = (key: ProblemKey, vars: Record<string, string | number> = {}): never => {
  throw new ProjectLoadError([issue(key, 'error', vars)]);
};

const dirOf = (path: string): string => path.slice(0, path.lastIndexOf('/') + 1);
const stemOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
const depth = (path: string): number => path.split('/').length;
const normalise = (path: string): string =>
  path
    .replace(/\\/g, '/')
    .split('/')
    .filter((p) => p !== '' && p !== '.')
    .join('/');

/**
 * The files the viewer reads, zips expanded: the same limits as the server's upload (entries,
 * bytes per file, expanded total, compression ratio) and no '../' or absolute path in an archive.
 */
export function expandInputs(inputs: readonly InputFile[], limits: DesignReadLimits = DESIGN_READ_LIMITS): { files: ProjectFile[]; issues: ProjectIssue[] } {
  const files: ProjectFile[] = [];
  const issues: ProjectIssue[] = [];
  for (const input of inputs) {
    const path = normalise(input.path);
    const kind = fileKindOf(path);
    if (kind === null) continue;
    if (kind === 'zip') files.push(...unzip(path, input.bytes, limits));
    else files.push({ path, kind, bytes: input.bytes });
  }
  if (files.length > limits.maxFiles) fail('viewer.local.tooManyFiles', { max: limits.maxFiles, count: files.length });
  const seen = new Set<string>();
  const kept: ProjectFile[] = [];
  let total = 0;
  for (const f of files) {
    if (seen.has(f.path)) fail('viewer.duplicateName', { file: f.path });
    seen.add(f.path);
    total += f.bytes.length;
    if (f.bytes.length > limits.maxFileBytes) {
      // One file over the limit (a 100 MB board) is left out; the rest may still be worth showing.
      issues.push(issue('viewer.tooLarge', 'error', { file: f.path, megabytes: Math.floor(limits.maxFileBytes / MB) }));
      continue;
    }
    kept.push(f);
  }
  if (total > limits.maxZipBytes) fail('viewer.local.totalTooLarge', { total: Math.ceil(total / MB), megabytes: Math.floor(limits.maxZipBytes / MB) });
  return { files: kept, issues };
}

function unzip(zipPath: string, bytes: Uint8Array, limits: DesignReadLimits): ProjectFile[] {
  let entries = 0;
  let declared = 0;
  // Set from the filter callback (TypeScript cannot see those writes: read through found()).
  const found = { unsafe: null as string | null, bomb: false };
  const wanted = (info: UnzipFileInfo): boolean => {
    entries++;
    if (isUnsafePath(info.name)) found.unsafe ??= info.name;
    declared += info.originalSize;
    const ratioBad = info.originalSize >= limits.ratioCheckFromBytes && info.originalSize > info.size * limits.maxRatio;
    if (entries > limits.maxFiles || declared > limits.maxZipBytes || ratioBad) found.bomb = true;
    if (found.unsafe !== null || found.bomb || info.name.endsWith('/')) return false;
    const kind = fileKindOf(info.name);
    return kind !== null && kind !== 'zip';
  };
  let out: Record<string, Uint8Array>;
  try {
    // The filter sees every entry's header before anything is inflated.
    out = unzipSync(bytes, { filter: wanted });
  } catch {
    refuseFound(zipPath, found, limits);
    return fail('viewer.zipCorrupt', { file: zipPath });
  }
  refuseFound(zipPath, found, limits);
  // Headers can lie: the sizes actually inflated are checked too.
  let actual = 0;
  const files: ProjectFile[] = [];
  for (const [name, data] of Object.entries(out)) {
    actual += data.length;
    if (actual > limits.maxZipBytes) fail('viewer.zipTooLarge', tooLargeVars(zipPath, limits));
    const path = normalise(name);
    files.push({ path, kind: fileKindOf(path) as ProjectFileKind, bytes: data });
  }
  return files;
}

function refuseFound(zipPath: string, found: { unsafe: string | null; bomb: boolean }, limits: DesignReadLimits): void {
  if (found.unsafe !== null) fail('viewer.zipUnsafePath', { file: zipPath, path: found.unsafe.slice(0, 200) });
  if (found.bomb) fail('viewer.zipTooLarge', tooLargeVars(zipPath, limits));
}

const tooLargeVars = (file: string, limits: DesignReadLimits) => ({ file, entries: limits.maxFiles, megabytes: Math.floor(limits.maxZipBytes / MB) });

/** A KiCad 5 schematic or board by its first bytes (whatever its extension says). */
const LEGACY_HEAD = /^\uFEFF?\s*(EESchema Schematic File|PCBNEW-BOARD|EESchema-LIBRARY)/;

/**
 * Which project to open when the selection holds several: the shallowest .kicad_pro (then by
 * name); its folder and sub-folders are the project. Without a .kicad_pro, everything is.
 */
function chooseProject(files: readonly ProjectFile[], issues: ProjectIssue[]): { pro: ProjectFile | null; files: ProjectFile[] } {
  const pros = files.filter((f) => f.kind === 'project').sort((a, b) => depth(a.path) - depth(b.path) || a.path.localeCompare(b.path));
  const pro = pros[0] ?? null;
  if (!pro) return { pro, files: [...files] };
  if (pros.length > 1) issues.push(issue('viewer.local.otherProjects', 'warning', { count: pros.length, project: stemOf(pro.path) }));
  const dir = dirOf(pro.path);
  const others = new Set(pros.slice(1).map((p) => dirOf(p.path)).filter((d) => d !== dir && d.startsWith(dir)));
  const inside = (p: string) => p.startsWith(dir) && ![...others].some((d) => p.startsWith(d));
  return { pro, files: files.filter((f) => inside(f.path)) };
}

/** Yields to the worker's event loop so a cancel can arrive between files. */
const breathe = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new DOMException('cancelled', 'AbortError');
}

/** Reads the user's files into models. Throws ProjectLoadError when nothing can be shown. */
export async function loadProject(inputs: readonly InputFile[], opts: LoadOptions = {}): Promise<LoadedProject> {
  const { signal, onProgress } = opts;
  const inputBytes = inputs.reduce((n, f) => n + f.bytes.length, 0);
  onProgress?.({ phase: 'unzip', filesDone: 0, filesTotal: inputs.length, bytesDone: 0, bytesTotal: inputBytes });
  checkAborted(signal);
  const expanded = expandInputs(inputs, opts.limits);
  const issues = expanded.issues;
  const chosen = chooseProject(expanded.files, issues);
  const files = chosen.files;

  // KiCad 5 leftovers beside a migrated project are ignored; a KiCad 5 project alone is refused.
  // The board first: onBoard can hand it over before any sheet is read.
  const modern = files.filter((f) => f.kind === 'board').concat(files.filter((f) => f.kind === 'schematic'));
  const legacy = files.filter((f) => f.kind === 'legacy' && !f.path.toLowerCase().endsWith('.pro'));
  if (modern.length === 0) {
    const first = legacy[0] ?? files.find((f) => f.kind === 'legacy');
    if (first) throw new ProjectLoadError([...issues, issue('kicad.legacyFile', 'error', { file: first.path, line: 1 })]);
    if (issues.some((i) => i.severity === 'error')) throw new ProjectLoadError(issues);
    fail('viewer.local.noKicadFiles');
  }
  for (const f of legacy) issues.push(issue('viewer.local.legacyIgnored', 'warning', { file: f.path }));

  const total = modern.length + (chosen.pro ? 1 : 0);
  const bytesTotal = modern.reduce((n, f) => n + f.bytes.length, 0);
  let done = 0;
  let bytesDone = 0;
  const step = async (f: ProjectFile) => {
    onProgress?.({ phase: 'parse', filesDone: done, filesTotal: total, bytesDone, bytesTotal, file: f.path });
    await breathe();
    checkAborted(signal);
  };
  const stepDone = (f: ProjectFile) => {
    done++;
    bytesDone += f.kind === 'project' ? 0 : f.bytes.length;
  };

  let project: KicadProject | null = null;
  if (chosen.pro) {
    await step(chosen.pro);
    const r = parseProject(chosen.pro.bytes, chosen.pro.path);
    if (r.error) issues.push(fromKicad(r.error, 'warning'));
    else project = r.project;
    stepDone(chosen.pro);
  }

  const stem = chosen.pro ? stemOf(chosen.pro.path) : undefined;
  const boards: Board[] = [];
  const schematics = new Map<string, KicadSchematic>();
  for (const f of modern) {
    await step(f);
    if (LEGACY_HEAD.test(new TextDecoder().decode(f.bytes.subarray(0, 64)))) {
      issues.push(issue('kicad.legacyFile', 'error', { file: f.path, line: 1 }));
    } else if (f.kind === 'board') {
      const r = parseBoard(f.bytes, f.path);
      for (const e of r.errors) issues.push(fromKicad(e, r.board ? 'warning' : 'error'));
      for (const w of r.warnings) issues.push(fromKicad(w, 'warning'));
      if (r.board) boards.push(r.board);
      if (r.board && opts.onBoard && modern.filter((m) => m.kind === 'board').length === 1) {
        await opts.onBoard({ name: stem ?? stemOf(r.board.fileName), files, project, board: r.board, schematics: new Map(), hierarchy: null, issues: [...issues] });
        checkAborted(signal);
      }
    } else {
      const sch = parseSchematic(f.bytes, f.path);
      const fatal = sch.errors.find((e) => FATAL_SCH.has(e.key)) ?? (nothingRead(sch) ? sch.errors[0] : undefined);
      if (fatal) issues.push(fromKicad(fatal, 'error'));
      else {
        for (const e of sch.errors) issues.push(fromKicad(e, 'warning'));
        for (const w of sch.warnings) issues.push(fromKicad(w, 'warning'));
        schematics.set(f.path, sch);
      }
    }
    stepDone(f);
  }
  onProgress?.({ phase: 'hierarchy', filesDone: done, filesTotal: total, bytesDone, bytesTotal });
  checkAborted(signal);
  if (boards.length === 0 && schematics.size === 0) throw new ProjectLoadError(issues.some((i) => i.severity === 'error') ? issues : [issue('viewer.local.noKicadFiles', 'error'), ...issues]);

  const proDir = chosen.pro ? dirOf(chosen.pro.path) : undefined;
  const board = pickBoard(boards, stem, proDir);
  const rootSch = rootSchematic(schematics, stem ?? (board ? stemOf(board.fileName) : undefined), proDir);
  let hierarchy: SchematicHierarchy | null = null;
  if (rootSch) {
    const project = stem ?? stemOf(rootSch.fileName);
    // Only files of the selection are ever loaded: a sheet path pointing elsewhere is just missing.
    hierarchy = buildSheetHierarchy(rootSch.fileName, rootSch, (name) => schematics.get(name) ?? null, { project });
    for (const i of hierarchy.issues) issues.push(fromKicad(i, 'warning'));
  }
  const name = stem ?? (board ? stemOf(board.fileName) : rootSch ? stemOf(rootSch.fileName) : 'project');
  onProgress?.({ phase: 'done', filesDone: total, filesTotal: total, bytesDone: bytesTotal, bytesTotal });
  return { name, files, project, board, schematics, hierarchy, issues };
}

const FATAL_SCH: ReadonlySet<string> = new Set(['kicad.legacyFile', 'kicad.binary', 'kicad.empty', 'kicad.notSchematic']);

/** Nothing was read from a schematic: no version, no item (the tolerant parser dropped it all). */
function nothingRead(sch: KicadSchematic): boolean {
  return sch.version === null && sch.symbols.length === 0 && sch.sheets.length === 0 && sch.wires.length === 0 && sch.labels.length === 0 && sch.libSymbols.length === 0;
}

function pickBoard(boards: readonly Board[], stem: string | undefined, dir: string | undefined): Board | null {
  return boards.find((b) => stemOf(b.fileName) === stem && dirOf(b.fileName) === dir) ?? boards.find((b) => stemOf(b.fileName) === stem) ?? boards[0] ?? null;
}

/** The root sheet: the one named like the project (or board), else one no other sheet opens. */
export function rootSchematic(schematics: ReadonlyMap<string, KicadSchematic>, stem: string | undefined, dir?: string): KicadSchematic | undefined {
  const all = [...schematics.values()];
  const named = all
    .filter((s) => stemOf(s.fileName) === stem)
    .sort((a, b) => Number(dirOf(b.fileName) === dir) - Number(dirOf(a.fileName) === dir) || depth(a.fileName) - depth(b.fileName))[0];
  if (named) return named;
  const opened = new Set(all.flatMap((s) => s.sheets.map((sh) => stemOf(sh.fileName))));
  return all.filter((s) => !opened.has(stemOf(s.fileName))).sort((a, b) => depth(a.fileName) - depth(b.fileName))[0] ?? all[0];
}

// ---------------------------------------------------------------------------
// What the page is told (plain data, structured-clone friendly)

export function sheetSummary(node: SheetNode): SheetSummary {
  const out: SheetSummary = {
    path: node.path,
    name: node.name,
    namePath: node.namePath,
    fileName: node.fileName,
    missing: node.schematic === null,
    children: node.children.map(sheetSummary),
  };
  if (node.page !== undefined) out.page = node.page;
  return out;
}

export function boardSummary(board: Board): BoardSummary {
  return {
    fileName: board.fileName,
    layers: board.layers.map((l) => ({ name: l.name, copper: l.copper, ...(l.userName ? { userName: l.userName } : {}) })),
    stats: boardStats(board),
  };
}

const STANDARD_FIELDS = new Set(['Reference', 'Value', 'Footprint']);

/** Every placed part (schematic symbols by per-instance reference, then board footprints), power symbols left out. */
export function partsOf(p: LoadedProject): PartSummary[] {
  const byRef = new Map<string, PartSummary>();
  if (p.hierarchy) {
    for (const o of symbolOccurrences(p.hierarchy, p.name)) {
      if (o.reference.startsWith('#') || byRef.has(o.reference)) continue;
      const fields: Record<string, string> = {};
      for (const prop of o.symbol.properties) if (!STANDARD_FIELDS.has(prop.key) && prop.value !== '' && prop.value !== '~') fields[prop.key] = prop.value;
      byRef.set(o.reference, { ref: o.reference, value: o.value, footprint: o.footprint, fields, sheetPath: o.sheet.path, symbolUuid: o.symbol.uuid, dnp: o.symbol.dnp });
    }
  }
  for (const fp of p.board?.footprints ?? []) {
    if (fp.reference === '' || fp.reference.startsWith('#')) continue;
    const part = byRef.get(fp.reference) ?? { ref: fp.reference, value: fp.value, footprint: fp.name, fields: { ...fp.properties } };
    part.boardLayer = fp.layer;
    part.pads = fp.pads.length;
    if (fp.at) {
      part.x = fp.at.x;
      part.y = fp.at.y;
      part.rotation = fp.at.rotation;
    }
    if (part.footprint === '') part.footprint = fp.name;
    byRef.set(fp.reference, part);
  }
  return [...byRef.values()].sort((a, b) => naturalCompare(a.ref, b.ref));
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
export const naturalCompare = (a: string, b: string): number => collator.compare(a, b);
