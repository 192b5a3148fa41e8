import { boardStats } from '../kicad/board-stats.ts';
import { parseBoard, type Board } from '../kicad/board.ts';
import { parseProject } from '../kicad/project.ts';
import { buildSheetHierarchy, symbolOccurrences } from '../kicad/schematic-hierarchy.ts';
import { parseSchematic, type KicadSchematic } from '../kicad/schematic.ts';
import { safeFilename } from '../files/file-store.ts';
import { openZip, ZipError, type ZipReadLimits } from '../files/zip.ts';
import type { ServerMessageKey } from '../server/messages/server-message.ts';
import { DESIGN_READ_LIMITS, isUnsafePath, type DesignReadLimits } from './design-limits.ts';

// Reading an uploaded KiCad design (issue #13 item 6), pure and thread-free so it runs in the
// jobs' worker pool: a .zip is opened with limits and its paths checked, every KiCad file is
// parsed with the models of src/lib/kicad, and the design's statistics are computed. A file that
// cannot be read at all refuses the upload; damage the models read past becomes a warning.

export type DesignFileKind = 'project' | 'schematic' | 'board';
export type UploadedFile = { readonly name: string; readonly bytes: Uint8Array };
export type DesignFile = UploadedFile & { readonly kind: DesignFileKind };
export type DesignMessage = { readonly key: ServerMessageKey; readonly vars: Record<string, string | number> };
export type DesignProblem = DesignMessage & { readonly tooLarge?: boolean };

export type DesignStats = {
  sheets: number;
  symbols: number;
  footprints: number;
  pads: number;
  vias: number;
  tracks: number;
  nets: number;
  copperLayers: number;
  boardWidthMm: number;
  boardHeightMm: number;
};

export type DesignReadResult = { files: DesignFile[]; stats: DesignStats; warnings: DesignMessage[] };

export { DESIGN_READ_LIMITS, isUnsafePath, type DesignReadLimits };

const MB = 1024 * 1024;
/** Warnings kept in an answer: a badly damaged project could produce thousands. */
export const MAX_WARNINGS = 50;

export class DesignReadError extends Error {
  readonly problem: DesignProblem;
  constructor(problem: DesignProblem) {
    super(problem.key);
    this.name = 'DesignReadError';
    this.problem = problem;
  }
}

const refuse = (key: ServerMessageKey, vars: Record<string, string | number> = {}, tooLarge = false): never => {
  throw new DesignReadError({ key, vars, ...(tooLarge ? { tooLarge } : {}) });
};

const KINDS: Record<string, DesignFileKind> = { '.kicad_pro': 'project', '.kicad_sch': 'schematic', '.kicad_pcb': 'board' };

export function kindOf(name: string): DesignFileKind | null {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? null : (KINDS[name.slice(dot).toLowerCase()] ?? null);
}

export const isZipName = (name: string): boolean => name.toLowerCase().endsWith('.zip');

/** The KiCad files of an upload: loose files as they are, or the KiCad entries of one archive. */
export function designFilesOf(uploads: readonly UploadedFile[], limits: DesignReadLimits = DESIGN_READ_LIMITS): DesignFile[] {
  if (uploads.length === 0) refuse('viewer.fileMissing');
  if (uploads.length > limits.maxFiles) refuse('viewer.tooManyFiles', { max: limits.maxFiles });
  const zips = uploads.filter((u) => isZipName(u.name));
  if (zips.length > 0 && uploads.length > 1) refuse('viewer.zipMixed');
  const files = zips.length === 1 ? zipEntries(zips[0]!, limits) : uploads.map(looseFile(limits));
  const seen = new Set<string>();
  for (const f of files) {
    if (seen.has(f.name)) refuse('viewer.duplicateName', { file: f.name });
    seen.add(f.name);
  }
  if (!files.some((f) => f.kind !== 'project')) refuse('viewer.noKicadFiles');
  return files;
}

const looseFile =
  (limits: DesignReadLimits) =>
  (u: UploadedFile): DesignFile => {
    const kind = kindOf(u.name);
    if (!kind) return refuse('viewer.badType', { file: u.name });
    if (u.bytes.length > limits.maxFileBytes) refuse('viewer.tooLarge', { file: u.name, megabytes: Math.floor(limits.maxFileBytes / MB) }, true);
    return { name: safeFilename(u.name, 'design'), kind, bytes: u.bytes };
  };

function zipEntries(zip: UploadedFile, limits: DesignReadLimits): DesignFile[] {
  const zipLimits: ZipReadLimits = {
    maxEntries: limits.maxFiles,
    maxTotalBytes: limits.maxZipBytes,
    maxEntryBytes: limits.maxZipBytes,
    maxRatio: limits.maxRatio,
    ratioCheckFromBytes: limits.ratioCheckFromBytes,
  };
  const tooLarge = { file: zip.name, entries: limits.maxFiles, megabytes: Math.floor(limits.maxZipBytes / MB) };
  try {
    const archive = openZip(zip.bytes, zipLimits);
    // Every name is checked, KiCad or not: an archive with such a path is hostile or broken.
    for (const name of archive.names) if (isUnsafePath(name)) refuse('viewer.zipUnsafePath', { file: zip.name, path: name.slice(0, 200) });
    const out: DesignFile[] = [];
    for (const name of archive.names) {
      const kind = kindOf(name);
      if (!kind || name.endsWith('/') || name.split('/').some((part) => part.startsWith('.') && part !== '.')) continue; // folders, __MACOSX-style dot files, other files
      if (name.startsWith('__MACOSX/')) continue;
      const data = archive.read(name)!;
      if (data.length > limits.maxFileBytes) refuse('viewer.tooLarge', { file: name, megabytes: Math.floor(limits.maxFileBytes / MB) }, true);
      // A fresh buffer per entry: small Buffers may share a pool, which must not cross threads.
      out.push({ name: cleanPath(name), kind, bytes: new Uint8Array(data) });
    }
    return out;
  } catch (error) {
    if (!(error instanceof ZipError)) throw error;
    if (error.problem === 'tooLarge') return refuse('viewer.zipTooLarge', tooLarge, true);
    if (error.problem === 'encrypted') return refuse('viewer.zipEncrypted', { file: zip.name });
    return refuse('viewer.zipCorrupt', { file: zip.name });
  }
}

/** An archive path with each segment cleaned of control and direction characters (folders kept). */
const cleanPath = (path: string): string => path.replace(/\\/g, '/').split('/').filter((p) => p !== '' && p !== '.').map((p) => safeFilename(p, '_')).join('/');

const baseName = (name: string): string => name.slice(name.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
const FATAL_SCH: ReadonlySet<string> = new Set(['kicad.legacyFile', 'kicad.binary', 'kicad.empty', 'kicad.notSchematic']);

/** Nothing was read from a schematic: no version, no item. */
function nothingRead(sch: KicadSchematic): boolean {
  return sch.version === null && sch.symbols.length === 0 && sch.sheets.length === 0 && sch.wires.length === 0 && sch.labels.length === 0 && sch.libSymbols.length === 0;
}

/** Parses every file and computes the statistics; throws DesignReadError for a file that cannot be read at all. */
export function readDesign(files: readonly DesignFile[]): DesignReadResult {
  const warnings: DesignMessage[] = [];
  const warn = (key: ServerMessageKey, vars: Record<string, string | number>) => {
    if (warnings.length < MAX_WARNINGS) warnings.push({ key, vars });
  };
  const projects = files.filter((f) => f.kind === 'project');
  for (const f of projects) {
    const pro = parseProject(f.bytes, f.name);
    // The project file adds nothing to the statistics: a damaged one is noted, not fatal.
    if (pro.error) warn(pro.error.key, pro.error.vars);
  }
  const stem = projects[0] ? baseName(projects[0].name) : undefined;

  const boards: Board[] = [];
  for (const f of files.filter((x) => x.kind === 'board')) {
    const r = parseBoard(f.bytes, f.name);
    if (!r.board) {
      const first = r.errors[0];
      return refuse(first?.key ?? 'kicad.notBoard', first?.vars ?? { file: f.name });
    }
    for (const e of r.errors) warn(e.key, e.vars);
    for (const w of r.warnings) warn(w.key, w.vars);
    boards.push(r.board);
  }

  const schematics = new Map<string, KicadSchematic>();
  for (const f of files.filter((x) => x.kind === 'schematic')) {
    const sch = parseSchematic(f.bytes, f.name);
    const fatal = sch.errors.find((e) => FATAL_SCH.has(e.key)) ?? (nothingRead(sch) ? sch.errors[0] : undefined);
    if (fatal) return refuse(fatal.key, fatal.vars);
    for (const e of sch.errors) warn(e.key, e.vars);
    for (const w of sch.warnings) warn(w.key, w.vars);
    schematics.set(f.name, sch);
  }

  const board = boards.find((b) => baseName(b.fileName) === stem) ?? boards[0];
  let sheets = 0;
  let symbols = 0;
  const root = rootSchematic(schematics, stem ?? (board ? baseName(board.fileName) : undefined));
  if (root) {
    const h = buildSheetHierarchy(root.fileName, root, (name) => schematics.get(name) ?? null, stem ? { project: stem } : {});
    for (const i of h.issues) warn(i.key, i.vars);
    sheets = h.sheets.filter((s) => s.schematic).length;
    symbols = symbolOccurrences(h, stem).length;
  }
  const stats = designStats(sheets, symbols, board);
  return { files: [...files], stats, warnings };
}

/** The root sheet: the one named like the project (or board), else one no other sheet opens. */
/** A design's statistics from its sheet and symbol counts and its board (zeros without one). */
export function designStats(sheets: number, symbols: number, board: Board | null | undefined): DesignStats {
  const b = board ? boardStats(board) : null;
  return {
    sheets,
    symbols,
    footprints: b?.footprints ?? 0,
    pads: b?.pads ?? 0,
    vias: b?.vias ?? 0,
    tracks: b?.tracks ?? 0,
    nets: b?.nets ?? 0,
    copperLayers: b?.copperLayers ?? 0,
    boardWidthMm: b?.widthMm ?? 0,
    boardHeightMm: b?.heightMm ?? 0,
  };
}

function rootSchematic(schematics: ReadonlyMap<string, KicadSchematic>, stem: string | undefined): KicadSchematic | undefined {
  const all = [...schematics.values()];
  const named = all.filter((s) => baseName(s.fileName) === stem).sort((a, b) => a.fileName.length - b.fileName.length)[0];
  if (named) return named;
  const opened = new Set(all.flatMap((s) => s.sheets.map((sh) => baseName(sh.fileName))));
  return all.find((s) => !opened.has(baseName(s.fileName))) ?? all[0];
}
