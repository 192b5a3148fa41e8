// Typed model of one KiCad schematic sheet (.kicad_sch, KiCad 6 to 9).
//
// Reads the S-expression tree from sexpr.ts into plain objects for the viewer
// (painters) and the server (BOM, statistics). Coordinates stay as in the
// file: millimetres, Y axis pointing DOWN (sheet space); the embedded library
// symbols keep their own Y-up convention (symbol-lib.ts). Tokens we do not
// model are kept on `unknown` (top level) and otherwise ignored, never fatal,
// so files from newer KiCad versions still open. The hierarchy of sheets is
// built by schematic-hierarchy.ts.

import {
  atomAt,
  child,
  children,
  decodeKicadText,
  hasFlag,
  headOf,
  isList,
  isYes,
  numAt,
  parseSexprDocument,
  type SexprList,
} from './sexpr.ts';
import { kicadIssue, readColor, readEffects, readPlacement, readPoint, readPoints, readStroke, type Placement, type Point, type Rgba, type Stroke, type TextEffects, type KicadIssue } from './kicad-common.ts';
import { readFill, readGraphic, readProperty, readSymbolNodes, type Fill, type KicadSymbol, type LibraryIssue, type SymbolGraphic, type SymbolProperty } from './symbol-lib.ts';
import { readPaper, readTitleBlock, type Paper, type TitleBlock } from './title-block.ts';
export type { Paper, TitleBlock };

export type { Fill, KicadSymbol, Placement, Point, Rgba, Stroke, SymbolProperty, TextEffects } from './symbol-lib.ts';

/** A schematic problem: the shared KiCad issue (`key` is a `kicad.*` server message). */
export type SchematicIssue = KicadIssue;

/** Newest schematic format version this model was written against (KiCad 9.0). */
export const NEWEST_KNOWN_SCH_VERSION = 20250114;

/** KiCad 7+ per-symbol instance data: `(instances (project "p" (path "/root/..." (reference ..) (unit ..))))`. */
export interface SymbolInstanceRef {
  project: string;
  /** Sheet path from the root sheet's uuid, e.g. "/<root-uuid>/<sheet-uuid>". */
  path: string;
  reference: string;
  unit: number;
  /** Present in KiCad 6 `symbol_instances` (and some KiCad 7+ files). */
  value?: string;
  footprint?: string;
}

export interface SchematicSymbol {
  line: number;
  uuid: string;
  /** `lib_id` ("Library:Name"). */
  libId: string;
  /** `lib_name`: the key in lib_symbols when it differs from lib_id (locally edited symbols). */
  libName?: string;
  at: Placement;
  /** `(mirror x)` / `(mirror y)`. */
  mirror?: 'x' | 'y';
  unit: number;
  /** 1 normal, 2 De Morgan (`convert` in KiCad 6-8, `body_style` in KiCad 9). */
  bodyStyle: number;
  inBom: boolean;
  onBoard: boolean;
  dnp: boolean;
  excludeFromSim: boolean;
  fieldsAutoplaced: boolean;
  properties: SymbolProperty[];
  /** Reference as written on the symbol (for a shared sheet this is one instance's; see resolveSymbolInstance). */
  reference: string;
  value: string;
  footprint: string;
  /** Pin uuids by pin number (and an alternate function when chosen). */
  pins: { number: string; uuid: string; alternate?: string }[];
  instances: SymbolInstanceRef[];
}

export interface SchLine {
  line: number;
  uuid: string;
  points: Point[];
  stroke: Stroke;
}

export interface BusEntry {
  line: number;
  uuid: string;
  at: Point;
  size: { x: number; y: number };
  stroke: Stroke;
}

export interface Junction {
  line: number;
  uuid: string;
  at: Point;
  /** 0 = default size. */
  diameter: number;
  color?: Rgba;
}

export interface NoConnect {
  line: number;
  uuid: string;
  at: Point;
}

/** local = `label`, global, hierarchical, directive = netclass flag (`netclass_flag` / `directive_label`). */
export type LabelKind = 'local' | 'global' | 'hierarchical' | 'directive';

export interface SchLabel {
  line: number;
  uuid: string;
  kind: LabelKind;
  text: string;
  at: Placement;
  /** input | output | bidirectional | tri_state | passive (global/hierarchical); dot | round | diamond | rectangle (directive). */
  shape?: string;
  /** Directive labels: length of the flag's stem, mm. */
  length?: number;
  effects: TextEffects;
  fieldsAutoplaced: boolean;
  /** Intersheet references, netclass and other fields. */
  properties: SymbolProperty[];
}

export interface SchText {
  line: number;
  uuid: string;
  text: string;
  /** Degrees (schematic text is not in tenths, unlike library text). */
  at: Placement;
  effects: TextEffects;
}

export interface SchTextBox {
  line: number;
  uuid: string;
  text: string;
  /** Top-left corner (Y-down) and size in mm. */
  at: Placement;
  size: { width: number; height: number };
  margins?: [number, number, number, number];
  stroke: Stroke;
  fill: Fill;
  effects: TextEffects;
}

/** A KiCad 9 table cell: a text box with a span (0 × 0 = covered by a neighbour's span). */
export interface SchTableCell extends SchTextBox {
  span: { cols: number; rows: number };
}

/** KiCad 9 `(table ...)`: cells in row-major order, `columnCount` per row. */
export interface SchTable {
  line: number;
  uuid: string;
  columnCount: number;
  columnWidths: number[];
  rowHeights: number[];
  border: { external: boolean; header: boolean; stroke: Stroke };
  separators: { rows: boolean; cols: boolean; stroke: Stroke };
  cells: SchTableCell[];
}

export interface SchImage {
  line: number;
  uuid: string;
  /** Centre of the image. */
  at: Point;
  scale: number;
  /** Base64 image data (PNG), whitespace removed. */
  data: string;
}

/** Polylines, rectangles, circles, arcs and beziers drawn on the sheet (Y-down). */
export type SheetGraphic = Exclude<SymbolGraphic, { kind: 'text' } | { kind: 'textbox' }> & { line: number; uuid: string };

export interface SheetPin {
  line: number;
  uuid: string;
  name: string;
  /** input | output | bidirectional | tri_state | passive */
  shape: string;
  at: Placement;
  /** Which edge of the sheet box the pin sits on (from its angle: 0 right, 90 top, 180 left, 270 bottom). */
  side: 'left' | 'right' | 'top' | 'bottom';
  effects: TextEffects;
}

export interface SheetSymbol {
  line: number;
  uuid: string;
  at: Point;
  size: { width: number; height: number };
  /** "Sheetname" (KiCad 7+) / "Sheet name" (KiCad 6). */
  name: string;
  /** "Sheetfile" / "Sheet file": path of the sub-sheet, as written (relative to the project). */
  fileName: string;
  properties: SymbolProperty[];
  stroke: Stroke;
  fill: Fill;
  fieldsAutoplaced: boolean;
  inBom: boolean;
  onBoard: boolean;
  dnp: boolean;
  excludeFromSim: boolean;
  pins: SheetPin[];
  /** KiCad 7+ `(instances (project "p" (path "/root-uuid" (page "2"))))`: path of the parent sheet. */
  instances: { project: string; path: string; page: string }[];
}

export interface SheetInstance {
  /** KiCad 6: "/" for the root, "/<sheet-uuid>" below it; KiCad 7+: same, from the root file. */
  path: string;
  page: string;
}

export interface BusAlias {
  name: string;
  members: string[];
}

export interface KicadSchematic {
  fileName: string;
  /** `(version YYYYMMDD)`, null when absent or unreadable. */
  version: number | null;
  generator?: string;
  generatorVersion?: string;
  uuid: string;
  paper: Paper;
  titleBlock: TitleBlock;
  /** The embedded library cache (`lib_symbols`), `extends` resolved. */
  libSymbols: KicadSymbol[];
  symbols: SchematicSymbol[];
  wires: SchLine[];
  buses: SchLine[];
  busEntries: BusEntry[];
  junctions: Junction[];
  noConnects: NoConnect[];
  labels: SchLabel[];
  texts: SchText[];
  textBoxes: SchTextBox[];
  /** KiCad 9 tables. */
  tables: SchTable[];
  images: SchImage[];
  graphics: SheetGraphic[];
  sheets: SheetSymbol[];
  sheetInstances: SheetInstance[];
  /** KiCad 6 top-level `symbol_instances` (root file only): paths without the root uuid. */
  symbolInstances: SymbolInstanceRef[];
  busAliases: BusAlias[];
  /** Top-level items we do not model (newer KiCad versions), kept as parsed. */
  unknown: SexprList[];
  /** Fatal problems (the file or an item could not be read). */
  errors: SchematicIssue[];
  /** Non-fatal notes (newer version, replaced invalid UTF-8). */
  warnings: SchematicIssue[];
}

/** The lib_symbols entry a placed symbol draws with (`lib_name` first, then `lib_id`). */
export function libSymbolFor(sch: KicadSchematic, sym: SchematicSymbol): KicadSymbol | undefined {
  const key = sym.libName ?? sym.libId;
  for (const s of sch.libSymbols) if (s.name === key) return s;
  return undefined;
}

/** Map of lib_symbols by name, for painting many symbols. */
export function libSymbolMap(sch: KicadSchematic): Map<string, KicadSymbol> {
  const m = new Map<string, KicadSymbol>();
  for (const s of sch.libSymbols) m.set(s.name, s);
  return m;
}

// ---------------------------------------------------------------------------
// Detection of input that is not a KiCad 6+ schematic

/** KiCad 4/5 schematics start 'EESchema Schematic File Version', their libraries 'EESchema-LIBRARY'. */
const LEGACY_HEADER = 'EESchema';

/** True when the bytes look binary (NUL bytes or mostly control characters in the first 8 KB). */
function looksBinary(input: string | Uint8Array): boolean {
  const n = Math.min(input.length, 8192);
  let control = 0;
  for (let i = 0; i < n; i++) {
    const c = typeof input === 'string' ? input.charCodeAt(i) : (input[i] as number);
    if (c === 0) return true;
    if (c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) control++;
  }
  return n > 0 && control / n > 0.05;
}

function emptySchematic(fileName: string): KicadSchematic {
  return {
    fileName,
    version: null,
    uuid: '',
    paper: { size: 'A4', portrait: false },
    titleBlock: { title: '', date: '', rev: '', company: '', comments: {} },
    libSymbols: [],
    symbols: [],
    wires: [],
    buses: [],
    busEntries: [],
    junctions: [],
    noConnects: [],
    labels: [],
    texts: [],
    textBoxes: [],
    tables: [],
    images: [],
    graphics: [],
    sheets: [],
    sheetInstances: [],
    symbolInstances: [],
    busAliases: [],
    unknown: [],
    errors: [],
    warnings: [],
  };
}

/**
 * Parse a .kicad_sch file (text or raw bytes). Never throws for bad content:
 * a file that cannot be a KiCad 6+ schematic comes back empty with one error
 * (`kicad.legacyFile` for KiCad 5, `kicad.binary`, `kicad.empty`,
 * `kicad.notSchematic`, `kicad.damaged`); a
 * damaged item is dropped with an error and the rest is kept.
 */
export function parseSchematic(input: string | Uint8Array, fileName: string): KicadSchematic {
  const sch = emptySchematic(fileName);
  if (looksBinary(input)) {
    sch.errors.push(kicadIssue('kicad.binary', fileName, 1, 'binary content (NUL or control bytes)'));
    return sch;
  }
  const decoded = decodeKicadText(input);
  const text = decoded.text;
  const start = text.trimStart();
  if (start === '') {
    sch.errors.push(kicadIssue('kicad.empty', fileName, 1, 'empty file'));
    return sch;
  }
  if (start.startsWith(LEGACY_HEADER)) {
    const firstLine = (start.split('\n', 1)[0] ?? '').trim().slice(0, 60);
    sch.errors.push(kicadIssue('kicad.legacyFile', fileName, 1, `KiCad 5 legacy file (${firstLine})`));
    return sch;
  }
  if (!start.startsWith('(')) {
    sch.errors.push(kicadIssue('kicad.notSchematic', fileName, 1, 'not an S-expression', { head: start.slice(0, 20) }));
    return sch;
  }
  const doc = parseSexprDocument(text, { tolerant: true });
  if (decoded.replaced) {
    sch.warnings.push(kicadIssue('kicad.invalidUtf8', fileName, decoded.firstInvalidLine ?? 1, 'invalid UTF-8 replaced with U+FFFD'));
  }
  for (const e of doc.errors) sch.errors.push(kicadIssue('kicad.damaged', fileName, e.entryLine ?? e.line, e.reason));
  const root = doc.root;
  if (!root) {
    if (sch.errors.length === 0) sch.errors.push(kicadIssue('kicad.damaged', fileName, 1, 'no S-expression found'));
    return sch;
  }
  const head = headOf(root);
  if (head !== 'kicad_sch') {
    sch.errors.length = 0;
    sch.errors.push(kicadIssue('kicad.notSchematic', fileName, root.line, `top-level token is '${head}'`, { head: `(${head}` }));
    return sch;
  }
  readTopLevel(sch, root);
  if (sch.version !== null && sch.version > NEWEST_KNOWN_SCH_VERSION) {
    sch.warnings.push(kicadIssue('kicad.newerVersion', fileName, 1, `format version ${sch.version} is newer than ${NEWEST_KNOWN_SCH_VERSION}`, { version: sch.version }));
  }
  return sch;
}

function readTopLevel(sch: KicadSchematic, root: SexprList): void {
  const items = root.items;
  const libIssues: LibraryIssue[] = [];
  for (let i = 1; i < items.length; i++) {
    const it = items[i];
    if (!isList(it)) continue;
    const h = headOf(it);
    try {
      if (!readTopItem(sch, it, h, libIssues)) sch.unknown.push(it);
    } catch (e) {
      sch.errors.push(kicadIssue('kicad.itemSkipped', sch.fileName, it.line, `unreadable ${h}: ${(e as Error).message}`, { item: h }));
    }
  }
  for (const li of libIssues) sch.errors.push(kicadIssue('kicad.itemSkipped', sch.fileName, li.line, li.reason, { item: `symbol ${li.symbol ?? ''}`.trim() }));
}

/** Reads one top-level item into the model; false when the token is not modelled. */
function readTopItem(sch: KicadSchematic, it: SexprList, h: string, libIssues: LibraryIssue[]): boolean {
  switch (h) {
    case 'wire':
      sch.wires.push(readLine(it));
      return true;
    case 'junction':
      sch.junctions.push(readJunction(it));
      return true;
    case 'label':
      sch.labels.push(readLabel(it, 'local'));
      return true;
    case 'symbol':
      sch.symbols.push(readSchematicSymbol(it));
      return true;
    case 'no_connect':
      sch.noConnects.push({ line: it.line, uuid: uuidOf(it), at: readPoint(child(it, 'at')) });
      return true;
    case 'global_label':
      sch.labels.push(readLabel(it, 'global'));
      return true;
    case 'hierarchical_label':
      sch.labels.push(readLabel(it, 'hierarchical'));
      return true;
    case 'netclass_flag':
    case 'directive_label':
      sch.labels.push(readLabel(it, 'directive'));
      return true;
    case 'bus':
      sch.buses.push(readLine(it));
      return true;
    case 'bus_entry':
      sch.busEntries.push(readBusEntry(it));
      return true;
    case 'text':
      sch.texts.push(readText(it));
      return true;
    case 'text_box':
      sch.textBoxes.push(readTextBox(it));
      return true;
    case 'table':
      sch.tables.push(readTable(it));
      return true;
    case 'image':
      sch.images.push(readImage(it));
      return true;
    case 'polyline':
    case 'rectangle':
    case 'circle':
    case 'arc':
    case 'bezier': {
      const g = readGraphic(it, h);
      if (!g || g.kind === 'text' || g.kind === 'textbox') return false;
      sch.graphics.push({ ...g, line: it.line, uuid: uuidOf(it) });
      return true;
    }
    case 'sheet':
      sch.sheets.push(readSheet(it));
      return true;
    case 'lib_symbols':
      sch.libSymbols = readSymbolNodes(children(it, 'symbol'), libIssues);
      return true;
    case 'sheet_instances':
      for (const p of children(it, 'path')) sch.sheetInstances.push({ path: atomAt(p, 1) ?? '', page: atomAt(child(p, 'page'), 1) ?? '' });
      return true;
    case 'symbol_instances':
      for (const p of children(it, 'path')) sch.symbolInstances.push(readInstancePath(p, ''));
      return true;
    case 'version': {
      const v = numAt(it, 1, NaN);
      sch.version = Number.isFinite(v) ? v : null;
      return true;
    }
    case 'generator':
      setIfDefined(atomAt(it, 1), (g) => (sch.generator = g));
      return true;
    case 'generator_version':
      setIfDefined(atomAt(it, 1), (g) => (sch.generatorVersion = g));
      return true;
    case 'uuid':
      sch.uuid = atomAt(it, 1) ?? '';
      return true;
    case 'paper':
      sch.paper = readPaper(it);
      return true;
    case 'title_block':
      sch.titleBlock = readTitleBlock(it);
      return true;
    case 'bus_alias':
      sch.busAliases.push({ name: atomAt(it, 1) ?? '', members: (child(it, 'members')?.items.slice(1) ?? []).filter((m): m is string => typeof m === 'string') });
      return true;
    default:
      return false;
  }
}

function setIfDefined(v: string | undefined, set: (v: string) => void): void {
  if (v !== undefined) set(v);
}

function uuidOf(node: SexprList): string {
  return atomAt(child(node, 'uuid'), 1) ?? '';
}

function readLine(node: SexprList): SchLine {
  return { line: node.line, uuid: uuidOf(node), points: readPoints(child(node, 'pts')), stroke: readStroke(node) };
}

function readBusEntry(node: SexprList): BusEntry {
  const size = child(node, 'size');
  return { line: node.line, uuid: uuidOf(node), at: readPoint(child(node, 'at')), size: { x: numAt(size, 1), y: numAt(size, 2) }, stroke: readStroke(node) };
}

function readJunction(node: SexprList): Junction {
  const j: Junction = { line: node.line, uuid: uuidOf(node), at: readPoint(child(node, 'at')), diameter: numAt(child(node, 'diameter'), 1) };
  const color = readColor(child(node, 'color'));
  if (color && color.a > 0) j.color = color;
  return j;
}

function readLabel(node: SexprList, kind: LabelKind): SchLabel {
  const label: SchLabel = {
    line: node.line,
    uuid: uuidOf(node),
    kind,
    text: atomAt(node, 1) ?? '',
    at: readPlacement(child(node, 'at')),
    effects: readEffects(child(node, 'effects')),
    fieldsAutoplaced: hasFlag(node, 'fields_autoplaced'),
    properties: children(node, 'property').map(readProperty),
  };
  const shape = atomAt(child(node, 'shape'), 1);
  if (shape !== undefined) label.shape = shape;
  const length = child(node, 'length');
  if (length) label.length = numAt(length, 1);
  return label;
}

function readText(node: SexprList): SchText {
  const effects = readEffects(child(node, 'effects'));
  if (hasFlag(node, 'hide')) effects.hidden = true;
  return { line: node.line, uuid: uuidOf(node), text: atomAt(node, 1) ?? '', at: readPlacement(child(node, 'at')), effects };
}

function readTextBox(node: SexprList): SchTextBox {
  let at: Placement;
  let size: { width: number; height: number };
  const atNode = child(node, 'at');
  if (atNode) {
    at = readPlacement(atNode);
    const s = child(node, 'size');
    size = { width: numAt(s, 1), height: numAt(s, 2) };
  } else {
    // Early KiCad 7 files wrote (start)(end) corners.
    const s = readPoint(child(node, 'start'));
    const e = readPoint(child(node, 'end'));
    at = { x: Math.min(s.x, e.x), y: Math.min(s.y, e.y), rotation: 0 };
    size = { width: Math.abs(e.x - s.x), height: Math.abs(e.y - s.y) };
  }
  const box: SchTextBox = {
    line: node.line,
    uuid: uuidOf(node),
    text: atomAt(node, 1) ?? '',
    at,
    size,
    stroke: readStroke(node),
    fill: readFill(node),
    effects: readEffects(child(node, 'effects')),
  };
  const m = child(node, 'margins');
  if (m) box.margins = [numAt(m, 1), numAt(m, 2), numAt(m, 3), numAt(m, 4)];
  return box;
}

function numbersOf(list: SexprList | undefined): number[] {
  const out: number[] = [];
  if (list) for (let i = 1; i < list.items.length; i++) out.push(numAt(list, i));
  return out;
}

function readTable(node: SexprList): SchTable {
  const border = child(node, 'border');
  const seps = child(node, 'separators');
  const flag = (owner: SexprList | undefined, h: string): boolean => isYes(atomAt(owner ? child(owner, h) : undefined, 1));
  const none: Stroke = { width: 0, type: 'default' };
  const table: SchTable = {
    line: node.line,
    uuid: uuidOf(node),
    columnCount: numAt(child(node, 'column_count'), 1, 1),
    columnWidths: numbersOf(child(node, 'column_widths')),
    rowHeights: numbersOf(child(node, 'row_heights')),
    border: { external: flag(border, 'external'), header: flag(border, 'header'), stroke: border ? readStroke(border) : none },
    separators: { rows: flag(seps, 'rows'), cols: flag(seps, 'cols'), stroke: seps ? readStroke(seps) : none },
    cells: [],
  };
  const cells = child(node, 'cells');
  if (cells) {
    for (const c of children(cells, 'table_cell')) {
      const span = child(c, 'span');
      table.cells.push({ ...readTextBox(c), span: { cols: numAt(span, 1, 1), rows: numAt(span, 2, 1) } });
    }
  }
  return table;
}

function readImage(node: SexprList): SchImage {
  const data = child(node, 'data');
  let b64 = '';
  // KiCad 6 splits the base64 text into bare atoms of 76 characters, KiCad 8 into quoted strings.
  if (data) for (let i = 1; i < data.items.length; i++) {
    const part = data.items[i];
    if (typeof part === 'string') b64 += part;
  }
  return { line: node.line, uuid: uuidOf(node), at: readPoint(child(node, 'at')), scale: numAt(child(node, 'scale'), 1, 1), data: b64.replace(/\s+/g, '') };
}

function readFlags(node: SexprList): { inBom: boolean; onBoard: boolean; dnp: boolean; excludeFromSim: boolean; fieldsAutoplaced: boolean } {
  const yes = (h: string, dflt: boolean): boolean => {
    const c = child(node, h);
    if (!c) return dflt;
    const v = atomAt(c, 1);
    return v === undefined ? true : isYes(v);
  };
  return { inBom: yes('in_bom', true), onBoard: yes('on_board', true), dnp: yes('dnp', false), excludeFromSim: yes('exclude_from_sim', false), fieldsAutoplaced: hasFlag(node, 'fields_autoplaced') };
}

function readInstancePath(p: SexprList, project: string): SymbolInstanceRef {
  const ref: SymbolInstanceRef = {
    project,
    path: atomAt(p, 1) ?? '',
    reference: atomAt(child(p, 'reference'), 1) ?? '',
    unit: numAt(child(p, 'unit'), 1, 1),
  };
  const value = atomAt(child(p, 'value'), 1);
  if (value !== undefined) ref.value = value;
  const fp = atomAt(child(p, 'footprint'), 1);
  if (fp !== undefined) ref.footprint = fp;
  return ref;
}

function readSchematicSymbol(node: SexprList): SchematicSymbol {
  const flags = readFlags(node);
  const properties = children(node, 'property').map(readProperty);
  const prop = (k: string): string => properties.find((p) => p.key === k)?.value ?? '';
  const sym: SchematicSymbol = {
    line: node.line,
    uuid: uuidOf(node),
    libId: atomAt(child(node, 'lib_id'), 1) ?? '',
    at: readPlacement(child(node, 'at')),
    unit: numAt(child(node, 'unit'), 1, 1),
    bodyStyle: numAt(child(node, 'body_style') ?? child(node, 'convert'), 1, 1),
    ...flags,
    properties,
    reference: prop('Reference'),
    value: prop('Value'),
    footprint: prop('Footprint'),
    pins: [],
    instances: [],
  };
  const libName = atomAt(child(node, 'lib_name'), 1);
  if (libName !== undefined) sym.libName = libName;
  const mirror = atomAt(child(node, 'mirror'), 1);
  if (mirror === 'x' || mirror === 'y') sym.mirror = mirror;
  for (const p of children(node, 'pin')) {
    const pin: SchematicSymbol['pins'][number] = { number: atomAt(p, 1) ?? '', uuid: uuidOf(p) };
    const alt = atomAt(child(p, 'alternate'), 1);
    if (alt !== undefined) pin.alternate = alt;
    sym.pins.push(pin);
  }
  const inst = child(node, 'instances');
  if (inst) {
    for (const proj of children(inst, 'project')) {
      const name = atomAt(proj, 1) ?? '';
      for (const p of children(proj, 'path')) sym.instances.push(readInstancePath(p, name));
    }
  }
  return sym;
}

const SHEET_NAME_KEYS = new Set(['Sheetname', 'Sheet name']);
const SHEET_FILE_KEYS = new Set(['Sheetfile', 'Sheet file']);

function pinSide(rotation: number): SheetPin['side'] {
  const r = ((Math.round(rotation) % 360) + 360) % 360;
  if (r === 180) return 'left';
  if (r === 90) return 'top';
  if (r === 270) return 'bottom';
  return 'right';
}

/**
 * The sheet's name or file property: by its KiCad 7+ or KiCad 6 English key,
 * else by the KiCad 6 field id (localised KiCad 6 writes e.g. "Nom feuille" /
 * "Fichier de feuille" with ids 0 and 1), else by position.
 */
function sheetField(nodes: SexprList[], properties: SymbolProperty[], keys: Set<string>, id: number): string {
  const byKey = properties.find((p) => keys.has(p.key));
  if (byKey) return byKey.value;
  const idx = nodes.findIndex((n) => numAt(child(n, 'id'), 1, -1) === id);
  return properties[idx >= 0 ? idx : id]?.value ?? '';
}

function readSheet(node: SexprList): SheetSymbol {
  const flags = readFlags(node);
  const propNodes = children(node, 'property');
  const properties = propNodes.map(readProperty);
  const size = child(node, 'size');
  const sheet: SheetSymbol = {
    line: node.line,
    uuid: uuidOf(node),
    at: readPoint(child(node, 'at')),
    size: { width: numAt(size, 1), height: numAt(size, 2) },
    name: sheetField(propNodes, properties, SHEET_NAME_KEYS, 0),
    fileName: sheetField(propNodes, properties, SHEET_FILE_KEYS, 1),
    properties,
    stroke: readStroke(node),
    fill: readFill(node),
    ...flags,
    pins: [],
    instances: [],
  };
  for (const p of children(node, 'pin')) {
    const at = readPlacement(child(p, 'at'));
    sheet.pins.push({ line: p.line, uuid: uuidOf(p), name: atomAt(p, 1) ?? '', shape: atomAt(p, 2) ?? 'passive', at, side: pinSide(at.rotation), effects: readEffects(child(p, 'effects')) });
  }
  const inst = child(node, 'instances');
  if (inst) {
    for (const proj of children(inst, 'project')) {
      const name = atomAt(proj, 1) ?? '';
      for (const p of children(proj, 'path')) sheet.instances.push({ project: name, path: atomAt(p, 1) ?? '', page: atomAt(child(p, 'page'), 1) ?? '' });
    }
  }
  return sheet;
}
