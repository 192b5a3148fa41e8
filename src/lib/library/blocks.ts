import { parseSchematic, type KicadSchematic } from '../kicad/schematic.ts';
import { renderSchematicSvg } from '../kicad/schematic-svg.ts';
import type { KicadMessageKey } from '../kicad/kicad-common.ts';
import type { WorkerTaskContext } from '../jobs/worker-task.ts';
import { LIBRARY_LIMITS } from './library.ts';

// Design blocks (issue #16 item 6), the pure part: limits, plain-text names, what a block's sheet
// holds (info) and its preview, computed from the .kicad_sch alone. Runs in the jobs' worker pool
// too (blockSheetTask), so everything here is plain-Node TypeScript with `.ts` imports.

const MB = 1024 * 1024;

export const BLOCK_LIMITS = {
  /** A block's .kicad_sch (a snippet; the whole 10 MB is far beyond any real block). */
  sheetMaxBytes: 10 * MB,
  /** One persisted file (file/operation/persistence*). */
  persistMaxBytes: 10 * MB,
  /** Persisted files are a scratch area: beyond this many per user the oldest are released. */
  persistedPerUser: 200,
  nameMaxChars: LIBRARY_LIMITS.nameMaxChars,
  descriptionMaxChars: LIBRARY_LIMITS.descriptionMaxChars,
  keywordsMaxChars: 200,
  fileNameMaxChars: 200,
  blocksPerUser: LIBRARY_LIMITS.blocksPerUser,
  pageSizeMax: LIBRARY_LIMITS.pageSizeMax,
  /** A preview larger than this is drawn again with less, or not kept. */
  previewMaxBytes: 300 * 1024,
} as const;

/** Why a name or one-line text is refused. */
export type TextRefusal = 'empty' | 'tooLong' | 'markup' | 'control';

// `<b>`, `</p>`, `<!--`, `<?xml`, `<script`: a tag or markup opener. A lone '<' in "a < b" is text.
const MARKUP = /<[A-Za-z!/?]/;
const CONTROL_LINE = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
// Multi-line text may hold line breaks and tabs, nothing else of the kind.
// eslint-disable-next-line no-control-regex
const CONTROL_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\p{Cf}\u2028\u2029]/u;

/** A one-line plain-text value (already trimmed): why it is refused, or null. */
export function lineTextProblem(value: string, max: number, required: boolean): TextRefusal | null {
  if (value === '') return required ? 'empty' : null;
  if ([...value].length > max) return 'tooLong';
  if (CONTROL_LINE.test(value)) return 'control';
  if (MARKUP.test(value)) return 'markup';
  return null;
}

/** A multi-line plain-text value (description): why it is refused, or null. */
export function multilineTextProblem(value: string, max: number): TextRefusal | null {
  if ([...value].length > max) return 'tooLong';
  if (CONTROL_MULTILINE.test(value)) return 'control';
  if (MARKUP.test(value)) return 'markup';
  return null;
}

/**
 * The block's name as KiCad 9 names its folder and files (`<name>.kicad_block/<name>.kicad_sch`):
 * no path separators or characters Windows refuses, and no '.', since KiCad reads a block's name
 * as what comes before the first '.' of its folder name. Empty → 'block'.
 */
export function blockFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[\\/:*?"<>|.\p{Cc}\p{Cf}]/gu, '_')
    .replace(/\s+/g, ' ')
    .trim();
  return [...cleaned].slice(0, 80).join('') || 'block';
}

/** What the server tells about a block's sheet: counts, the format version and the KiCad it came from. */
export type BlockInfo = {
  symbols: number;
  /** Symbols that are not power symbols (#PWR, #FLG). */
  parts: number;
  wires: number;
  labels: number;
  junctions: number;
  sheets: number;
  /** `(version YYYYMMDD)` of the file. */
  version: number | null;
  /** 'KiCad 6' … 'KiCad 9' (generator_version when written, else from the format version). */
  kicad: string | null;
  /** The preview was drawn (false when it would have been too large). */
  preview: boolean;
};

/** The KiCad major release a schematic format version belongs to (first version of each release). */
export function kicadReleaseOf(version: number | null, generatorVersion?: string): string | null {
  const gv = generatorVersion && /^(\d+)(?:\.\d+)?/.exec(generatorVersion);
  if (gv) return `KiCad ${gv[1]}`;
  if (version === null) return null;
  if (version >= 20250114) return 'KiCad 9';
  if (version >= 20231120) return 'KiCad 8';
  if (version >= 20230121) return 'KiCad 7';
  return 'KiCad 6';
}

export function blockInfoOf(sch: KicadSchematic, preview: boolean): BlockInfo {
  const parts = sch.symbols.filter((s) => !s.libId.startsWith('power:') && !/^#(PWR|FLG)/.test(s.reference)).length;
  return {
    symbols: sch.symbols.length,
    parts,
    wires: sch.wires.length,
    labels: sch.labels.length,
    junctions: sch.junctions.length,
    sheets: sch.sheets.length,
    version: sch.version,
    kicad: kicadReleaseOf(sch.version, sch.generatorVersion),
    preview,
  };
}

/** A problem of the sheet, told with a server message (a kicad.* one or blocks.sheetEmpty). */
export type SheetProblem = { key: KicadMessageKey | 'blocks.sheetEmpty'; vars: Record<string, string | number> };
export type SheetOutcome = { ok: true; info: BlockInfo; svg: string | null } | { ok: false; problem: SheetProblem };

/** Nothing a block could place: no symbol, wire, label, text or graphic. */
function isEmptySheet(sch: KicadSchematic): boolean {
  return (
    sch.symbols.length + sch.wires.length + sch.buses.length + sch.labels.length + sch.texts.length + sch.textBoxes.length + sch.graphics.length + sch.sheets.length + sch.tables.length + sch.images.length ===
    0
  );
}

/**
 * Reads a block's .kicad_sch: refused (KiCad 5, not a schematic, damaged, empty) with the reason,
 * else its info and an SVG preview without the page frame, small enough for a card.
 */
export function readBlockSheet(bytes: Uint8Array | string, fileName: string): SheetOutcome {
  const sch = parseSchematic(bytes, fileName);
  const fatal = sch.errors.find((e) => ['kicad.legacyFile', 'kicad.binary', 'kicad.empty', 'kicad.notSchematic', 'kicad.damaged'].includes(e.key));
  if (fatal) return { ok: false, problem: { key: fatal.key, vars: fatal.vars } };
  if (isEmptySheet(sch)) return { ok: false, problem: { key: 'blocks.sheetEmpty', vars: { file: fileName } } };
  const svg = previewOf(sch);
  return { ok: true, info: blockInfoOf(sch, svg !== null), svg };
}

function previewOf(sch: KicadSchematic): string | null {
  for (const opts of [
    { strokeFont: false, pxPerMm: 4 },
    { strokeFont: false, pxPerMm: 2 },
  ]) {
    const svg = renderSchematicSvg(sch, { ...opts, frame: false });
    if (new TextEncoder().encode(svg).length <= BLOCK_LIMITS.previewMaxBytes) return svg;
  }
  return null;
}

export type BlockSheetTaskInput = { readonly bytes: Uint8Array; readonly fileName: string };

/** readBlockSheet as a step of the jobs' worker pool (ADR 0007): a large sheet never blocks the event loop. */
export function blockSheetTask(data: BlockSheetTaskInput, ctx: WorkerTaskContext): SheetOutcome {
  ctx.throwIfStopped();
  return readBlockSheet(data.bytes, data.fileName);
}
