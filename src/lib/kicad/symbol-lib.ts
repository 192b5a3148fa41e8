// Typed model of KiCad symbol libraries (.kicad_sym, KiCad 6 to 9).
//
// Reads the S-expression tree from sexpr.ts into plain objects the renderers
// and catalogue code can use without knowing the file format. Coordinates are
// kept exactly as in the file: millimetres, Y axis pointing UP (KiCad 6+
// symbol libraries are Y-up; renderers flip). Tokens from newer KiCad
// versions that we do not model are ignored rather than treated as errors.

import {
  atomAt,
  child,
  children,
  hasFlag,
  headOf,
  isList,
  isYes,
  numAt,
  parseSexprDocument,
  type SexprList,
} from './sexpr.ts';
import {
  defaultEffects,
  readColor,
  readEffects,
  readPlacement,
  readPoint,
  readPoints,
  readStroke,
  type Placement,
  type Point,
  type Rgba,
  type Stroke,
  type TextEffects,
} from './kicad-common.ts';

export type { Placement, Point, Rgba, Stroke, TextEffects } from './kicad-common.ts';

/** input | output | bidirectional | tri_state | passive | free | unspecified | power_in | power_out | open_collector | open_emitter | no_connect */
export type PinElectricalType = string;
/** line | inverted | clock | inverted_clock | input_low | clock_low | output_low | edge_clock_high | non_logic */
export type PinGraphicStyle = string;

export interface SymbolProperty {
  key: string;
  value: string;
  at: Placement;
  /** Hidden by `hide` in effects (KiCad 6-8) or `(hide yes)` on the property (KiCad 9). */
  hidden: boolean;
  effects: TextEffects;
  /** `(show_name)`: draw "Key: value" (KiCad 7+). */
  showName: boolean;
}

/** none | outline (filled with the stroke colour) | background (body colour) | color (explicit) */
export type FillType = string;

export interface Fill {
  type: FillType;
  color?: Rgba;
}

export type SymbolGraphic =
  | { kind: 'rectangle'; start: Point; end: Point; stroke: Stroke; fill: Fill }
  | { kind: 'circle'; center: Point; radius: number; stroke: Stroke; fill: Fill }
  | { kind: 'arc'; start: Point; mid: Point; end: Point; stroke: Stroke; fill: Fill }
  | { kind: 'polyline'; points: Point[]; stroke: Stroke; fill: Fill }
  | { kind: 'bezier'; points: Point[]; stroke: Stroke; fill: Fill }
  /** Rotation of text is in degrees here (the file stores tenths of a degree). */
  | { kind: 'text'; text: string; at: Placement; effects: TextEffects }
  | { kind: 'textbox'; text: string; start: Point; end: Point; rotation: number; stroke: Stroke; fill: Fill; effects: TextEffects };

export interface PinAlternate {
  name: string;
  electricalType: PinElectricalType;
  graphicStyle: PinGraphicStyle;
}

export interface SymbolPin {
  number: string;
  /** As written; "~" means no name. May contain KiCad markup such as ~{overbar}. */
  name: string;
  electricalType: PinElectricalType;
  graphicStyle: PinGraphicStyle;
  /** Connection point (the outer end of the pin), Y-up mm. */
  x: number;
  y: number;
  /** Direction from the connection point towards the body: 0 right, 90 up, 180 left, 270 down. */
  rotation: number;
  length: number;
  hidden: boolean;
  nameEffects: TextEffects;
  numberEffects: TextEffects;
  alternates: PinAlternate[];
  /** Unit number the pin belongs to (0 = common to all units). */
  unit: number;
  /** 0 = both body styles, 1 = normal, 2 = De Morgan alternate. */
  bodyStyle: number;
}

/** One `(symbol "NAME_U_S" ...)` block: items of unit U, body style S. */
export interface SymbolUnit {
  unit: number;
  bodyStyle: number;
  /** `(unit_name "...")` (KiCad 7+). */
  name?: string;
  graphics: SymbolGraphic[];
  pins: SymbolPin[];
}

export interface KicadSymbol {
  name: string;
  /** Line of the symbol's opening parenthesis in the source file. */
  line: number;
  /** Parent symbol name when the symbol was derived with `(extends ...)` (already resolved). */
  extends?: string;
  /** All properties in file order. `ki_description` is normalised to `Description` (as KiCad 8 does). */
  properties: SymbolProperty[];
  reference: string;
  value: string;
  footprint: string;
  datasheet: string;
  description: string;
  keywords: string;
  /** `ki_fp_filters`, split on whitespace. */
  fpFilters: string[];
  pinNames: { offset: number; hide: boolean };
  pinNumbers: { hide: boolean };
  inBom: boolean;
  onBoard: boolean;
  excludeFromSim: boolean;
  power: boolean;
  /** KiCad 9 `(power local)`: a power symbol whose net is local to its sheet (set only when true). */
  localPower?: boolean;
  /** Units and body styles; derived symbols share their parent's (treat as read-only). */
  units: SymbolUnit[];
  /** The source node, when parsed with `keepNodes`. */
  node?: SexprList;
}

export interface LibraryIssue {
  line: number;
  reason: string;
  symbol?: string;
}

export interface SymbolLibrary {
  fileName: string;
  /** `(version YYYYMMDD)`, or null when absent. */
  version: number | null;
  generator?: string;
  generatorVersion?: string;
  symbols: KicadSymbol[];
  /** Symbols that could not be read (dropped) and other fatal problems. */
  errors: LibraryIssue[];
  /** Non-fatal problems, e.g. invalid UTF-8 replaced. */
  warnings: LibraryIssue[];
}

export interface SymbolParseOptions {
  /** Keep each symbol's S-expression node on `node` (for lossless rewriting). */
  keepNodes?: boolean;
}

/** KiCad's default pin name offset (20 mil) when `(pin_names (offset ..))` is absent. */
export const DEFAULT_PIN_NAME_OFFSET = 0.508;

interface Declared {
  pinNames?: { offset: number; hide: boolean };
  pinNumbers?: { hide: boolean };
  inBom?: boolean;
  onBoard?: boolean;
  excludeFromSim?: boolean;
  power?: boolean;
  localPower?: boolean;
}

interface RawSymbol {
  sym: KicadSymbol;
  declared: Declared;
  parentName?: string;
}

/** Parse a .kicad_sym file (text or raw bytes). Never throws for bad content. */
export function parseSymbolLibrary(
  input: string | Uint8Array,
  fileName: string,
  opts: SymbolParseOptions = {},
): SymbolLibrary {
  const lib: SymbolLibrary = { fileName, version: null, symbols: [], errors: [], warnings: [] };
  let doc;
  try {
    doc = parseSexprDocument(input, { tolerant: true });
  } catch (e) {
    const err = e as { line?: number; reason?: string; message?: string };
    lib.errors.push({ line: err.line ?? 1, reason: err.reason ?? String(err.message ?? e) });
    return lib;
  }
  for (const w of doc.warnings) lib.warnings.push({ line: w.line, reason: w.reason });
  for (const e of doc.errors) {
    const issue: LibraryIssue = { line: e.line, reason: e.reason };
    if (e.entryName !== undefined) issue.symbol = e.entryName;
    lib.errors.push(issue);
  }
  const root = doc.root;
  if (!root) {
    if (lib.errors.length === 0) lib.errors.push({ line: 1, reason: 'empty file: no S-expression found' });
    return lib;
  }
  const head = headOf(root);
  if (head !== 'kicad_symbol_lib') {
    lib.errors.push({ line: root.line, reason: `not a symbol library: top-level token is '${head}'` });
    return lib;
  }
  const symbolNodes: SexprList[] = [];
  for (let i = 1; i < root.items.length; i++) {
    const it = root.items[i];
    if (!isList(it)) continue;
    const h = headOf(it);
    if (h === 'version') {
      const v = numAt(it, 1, NaN);
      lib.version = Number.isFinite(v) ? v : null;
    } else if (h === 'generator') {
      const g = atomAt(it, 1);
      if (g !== undefined) lib.generator = g;
    } else if (h === 'generator_version') {
      const g = atomAt(it, 1);
      if (g !== undefined) lib.generatorVersion = g;
    } else if (h === 'symbol') {
      symbolNodes.push(it);
    }
    // Anything else (e.g. future top-level tokens) is ignored.
  }
  for (const sym of readSymbolNodes(symbolNodes, lib.errors, opts)) lib.symbols.push(sym);
  return lib;
}

/**
 * Read `(symbol ...)` nodes that are already parsed, e.g. a schematic's
 * `lib_symbols` cache, with `extends` resolved among them. Unreadable symbols
 * are dropped and reported in `errors`.
 */
export function readSymbolNodes(nodes: readonly SexprList[], errors: LibraryIssue[], opts: SymbolParseOptions = {}): KicadSymbol[] {
  const raws: RawSymbol[] = [];
  for (const it of nodes) {
    try {
      raws.push(readSymbol(it, opts.keepNodes === true));
    } catch (e) {
      const issue: LibraryIssue = { line: it.line, reason: `unreadable symbol: ${(e as Error).message}` };
      const nm = atomAt(it, 1);
      if (nm !== undefined) issue.symbol = nm;
      errors.push(issue);
    }
  }
  resolveDerived(raws, errors);
  return raws.map((r) => r.sym);
}

/** Number of units (at least 1). */
export function unitCount(sym: KicadSymbol): number {
  let n = 1;
  for (const u of sym.units) if (u.unit > n) n = u.unit;
  return n;
}

/** True when the symbol has a De Morgan (alternate) body style. */
export function hasDeMorgan(sym: KicadSymbol): boolean {
  for (const u of sym.units) if (u.bodyStyle === 2) return true;
  return false;
}

/** Name of a unit: `(unit_name)` when set, else KiCad's letter (1 -> A, 27 -> AA). */
export function unitLetter(unit: number): string {
  let n = unit;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** Graphics and pins drawn for one unit and body style (common unit-0 / style-0 items included). */
export function unitItems(sym: KicadSymbol, unit: number, bodyStyle = 1): { graphics: SymbolGraphic[]; pins: SymbolPin[] } {
  const graphics: SymbolGraphic[] = [];
  const pins: SymbolPin[] = [];
  for (const u of sym.units) {
    if (u.unit !== 0 && u.unit !== unit) continue;
    if (u.bodyStyle !== 0 && u.bodyStyle !== bodyStyle) continue;
    for (const g of u.graphics) graphics.push(g);
    for (const p of u.pins) pins.push(p);
  }
  return { graphics, pins };
}

/**
 * Every pin once, by number, with the unit it belongs to. Pins repeated across
 * body styles (De Morgan) or units keep their first occurrence, preferring the
 * normal body style.
 */
export function allPins(sym: KicadSymbol): SymbolPin[] {
  const seen = new Map<string, SymbolPin>();
  const ordered = [...sym.units].sort((a, b) => (a.bodyStyle === 2 ? 1 : 0) - (b.bodyStyle === 2 ? 1 : 0) || a.unit - b.unit);
  for (const u of ordered) {
    for (const p of u.pins) {
      if (!seen.has(p.number)) seen.set(p.number, p);
    }
  }
  return [...seen.values()];
}

/** A property's value by key ('' when missing). */
export function propertyValue(sym: KicadSymbol, key: string): string {
  for (const p of sym.properties) if (p.key === key) return p.value;
  return '';
}

// ---------------------------------------------------------------------------

function readSymbol(node: SexprList, keepNode: boolean): RawSymbol {
  const name = atomAt(node, 1) ?? '';
  const sym: KicadSymbol = {
    name,
    line: node.line,
    properties: [],
    reference: '',
    value: '',
    footprint: '',
    datasheet: '',
    description: '',
    keywords: '',
    fpFilters: [],
    pinNames: { offset: DEFAULT_PIN_NAME_OFFSET, hide: false },
    pinNumbers: { hide: false },
    inBom: true,
    onBoard: true,
    excludeFromSim: false,
    power: false,
    units: [],
  };
  if (keepNode) sym.node = node;
  const declared: Declared = {};
  let parentName: string | undefined;
  const items = node.items;
  for (let i = 2; i < items.length; i++) {
    const it = items[i];
    if (!isList(it)) continue;
    switch (headOf(it)) {
      case 'extends':
        parentName = atomAt(it, 1);
        break;
      case 'power':
        // KiCad 9: `(power local)` or `(power global)`; older files write a bare `(power)`.
        declared.power = true;
        declared.localPower = atomAt(it, 1) === 'local';
        break;
      case 'pin_numbers':
        declared.pinNumbers = { hide: hasFlag(it, 'hide') };
        break;
      case 'pin_names': {
        const off = child(it, 'offset');
        declared.pinNames = { offset: off ? numAt(off, 1, DEFAULT_PIN_NAME_OFFSET) : DEFAULT_PIN_NAME_OFFSET, hide: hasFlag(it, 'hide') };
        break;
      }
      case 'in_bom':
        declared.inBom = isYes(atomAt(it, 1));
        break;
      case 'on_board':
        declared.onBoard = isYes(atomAt(it, 1));
        break;
      case 'exclude_from_sim':
        declared.excludeFromSim = isYes(atomAt(it, 1));
        break;
      case 'property':
        sym.properties.push(readProperty(it));
        break;
      case 'symbol':
        sym.units.push(readUnit(it));
        break;
      default:
        break; // unknown / newer tokens (embedded_fonts, in_pos_files, ...) are ignored
    }
  }
  applyDeclared(sym, declared, undefined);
  applyWellKnownProperties(sym);
  const raw: RawSymbol = { sym, declared };
  if (parentName !== undefined) raw.parentName = parentName;
  return raw;
}

function applyDeclared(sym: KicadSymbol, d: Declared, parent: KicadSymbol | undefined): void {
  sym.pinNames = d.pinNames ?? (parent ? { ...parent.pinNames } : { offset: DEFAULT_PIN_NAME_OFFSET, hide: false });
  sym.pinNumbers = d.pinNumbers ?? (parent ? { ...parent.pinNumbers } : { hide: false });
  sym.inBom = d.inBom ?? parent?.inBom ?? true;
  sym.onBoard = d.onBoard ?? parent?.onBoard ?? true;
  sym.excludeFromSim = d.excludeFromSim ?? parent?.excludeFromSim ?? false;
  sym.power = d.power ?? parent?.power ?? false;
  if (sym.power && (d.power ? d.localPower : parent?.localPower)) sym.localPower = true;
}

function applyWellKnownProperties(sym: KicadSymbol): void {
  sym.reference = propertyValue(sym, 'Reference');
  sym.value = propertyValue(sym, 'Value');
  sym.footprint = propertyValue(sym, 'Footprint');
  sym.datasheet = propertyValue(sym, 'Datasheet');
  sym.description = propertyValue(sym, 'Description');
  sym.keywords = propertyValue(sym, 'ki_keywords');
  const filters = propertyValue(sym, 'ki_fp_filters').trim();
  sym.fpFilters = filters ? filters.split(/\s+/) : [];
}

/** One `(property "Key" "Value" (at ...) (effects ...))`, as in libraries and placed schematic symbols. */
export function readProperty(node: SexprList): SymbolProperty {
  let key = atomAt(node, 1) ?? '';
  if (key === 'ki_description') key = 'Description';
  const effects = readEffects(child(node, 'effects'));
  // KiCad 6-8 hide a field inside `effects`, KiCad 9 on the property itself: normalise to both.
  const hidden = effects.hidden || hasFlag(node, 'hide');
  effects.hidden = hidden;
  return {
    key,
    value: atomAt(node, 2) ?? '',
    at: readPlacement(child(node, 'at')),
    hidden,
    effects,
    showName: hasFlag(node, 'show_name'),
  };
}

const UNIT_SUFFIX = /_(\d+)_(\d+)$/;

function readUnit(node: SexprList): SymbolUnit {
  const name = atomAt(node, 1) ?? '';
  const m = UNIT_SUFFIX.exec(name);
  const unit = m ? Number(m[1]) : 0;
  const bodyStyle = m ? Number(m[2]) : 0;
  const out: SymbolUnit = { unit, bodyStyle, graphics: [], pins: [] };
  const items = node.items;
  for (let i = 2; i < items.length; i++) {
    const it = items[i];
    if (!isList(it)) continue;
    const h = headOf(it);
    switch (h) {
      case 'pin':
        out.pins.push(readPin(it, unit, bodyStyle));
        break;
      case 'unit_name': {
        const un = atomAt(it, 1);
        if (un !== undefined) out.name = un;
        break;
      }
      default: {
        const g = readGraphic(it, h);
        if (g) out.graphics.push(g);
      }
    }
  }
  return out;
}

/** `(fill (type ...) (color ...))` of a graphic; `none` when absent. */
export function readFill(node: SexprList): Fill {
  const fill = child(node, 'fill');
  if (!fill) return { type: 'none' };
  const out: Fill = { type: atomAt(child(fill, 'type'), 1) ?? 'none' };
  const color = readColor(child(fill, 'color'));
  if (color) out.color = color;
  return out;
}

/**
 * A drawn item by its head (`rectangle`, `circle`, `arc`, `polyline`,
 * `bezier`, `text`, `text_box`), or null for other heads. Text angles and
 * text-box extents follow the symbol-library conventions (tenths of a degree,
 * Y-up), so schematic sheets read their own text and text boxes.
 */
export function readGraphic(node: SexprList, h: string): SymbolGraphic | null {
  switch (h) {
    case 'rectangle':
      return { kind: 'rectangle', start: readPoint(child(node, 'start')), end: readPoint(child(node, 'end')), stroke: readStroke(node), fill: readFill(node) };
    case 'circle':
      return { kind: 'circle', center: readPoint(child(node, 'center')), radius: numAt(child(node, 'radius'), 1), stroke: readStroke(node), fill: readFill(node) };
    case 'arc': {
      const start = readPoint(child(node, 'start'));
      const end = readPoint(child(node, 'end'));
      const midNode = child(node, 'mid');
      let mid: Point;
      if (midNode) mid = readPoint(midNode);
      else mid = legacyArcMid(node, start, end);
      return { kind: 'arc', start, mid, end, stroke: readStroke(node), fill: readFill(node) };
    }
    case 'polyline':
      return { kind: 'polyline', points: readPoints(child(node, 'pts')), stroke: readStroke(node), fill: readFill(node) };
    case 'bezier':
      return { kind: 'bezier', points: readPoints(child(node, 'pts')), stroke: readStroke(node), fill: readFill(node) };
    case 'text': {
      const at = readPlacement(child(node, 'at'));
      // Symbol-library text angles are stored in tenths of a degree (KiCad quirk).
      at.rotation = at.rotation / 10;
      const effects = readEffects(child(node, 'effects'));
      if (hasFlag(node, 'hide')) effects.hidden = true;
      return { kind: 'text', text: atomAt(node, 1) ?? '', at, effects };
    }
    case 'text_box': {
      const at = child(node, 'at');
      let start: Point;
      let end: Point;
      let rotation = 0;
      if (at) {
        const p = readPlacement(at);
        const size = child(node, 'size');
        start = { x: p.x, y: p.y };
        end = { x: p.x + numAt(size, 1), y: p.y - numAt(size, 2) };
        rotation = p.rotation;
      } else {
        start = readPoint(child(node, 'start'));
        end = readPoint(child(node, 'end'));
      }
      return { kind: 'textbox', text: atomAt(node, 1) ?? '', start, end, rotation, stroke: readStroke(node), fill: readFill(node), effects: readEffects(child(node, 'effects')) };
    }
    default:
      return null;
  }
}

/** Pre-6.0 arcs: `(radius (at cx cy) (length r) (angles a1 a2))` without `mid`. */
function legacyArcMid(node: SexprList, s: Point, e: Point): Point {
  const radius = child(node, 'radius');
  const c = readPoint(child(radius ?? node, 'at'));
  const r = numAt(child(radius ?? node, 'length'), 1, Math.hypot(s.x - c.x, s.y - c.y));
  let dx = (s.x + e.x) / 2 - c.x;
  let dy = (s.y + e.y) / 2 - c.y;
  let len = Math.hypot(dx, dy);
  if (len < 1e-9) {
    dx = -(e.y - s.y);
    dy = e.x - s.x;
    len = Math.hypot(dx, dy) || 1;
  }
  return { x: c.x + (dx / len) * r, y: c.y + (dy / len) * r };
}

function readPin(node: SexprList, unit: number, bodyStyle: number): SymbolPin {
  const at = readPlacement(child(node, 'at'));
  const nameNode = child(node, 'name');
  const numberNode = child(node, 'number');
  const pin: SymbolPin = {
    number: atomAt(numberNode, 1) ?? '',
    name: atomAt(nameNode, 1) ?? '',
    electricalType: atomAt(node, 1) ?? 'unspecified',
    graphicStyle: atomAt(node, 2) ?? 'line',
    x: at.x,
    y: at.y,
    rotation: at.rotation,
    length: numAt(child(node, 'length'), 1, 2.54),
    hidden: hasFlag(node, 'hide'),
    nameEffects: nameNode ? readEffects(child(nameNode, 'effects')) : defaultEffects(),
    numberEffects: numberNode ? readEffects(child(numberNode, 'effects')) : defaultEffects(),
    alternates: [],
    unit,
    bodyStyle,
  };
  for (const alt of children(node, 'alternate')) {
    pin.alternates.push({ name: atomAt(alt, 1) ?? '', electricalType: atomAt(alt, 2) ?? 'unspecified', graphicStyle: atomAt(alt, 3) ?? 'line' });
  }
  return pin;
}

/**
 * Resolve `(extends "Parent")`: the derived symbol takes the parent's units,
 * graphics and pins (and pin-name settings unless it declares its own), keeps
 * its own properties, and inherits parent properties it does not define.
 */
function resolveDerived(raws: RawSymbol[], errors: LibraryIssue[]): void {
  const byName = new Map<string, RawSymbol>();
  for (const r of raws) byName.set(r.sym.name, r);
  const done = new Set<RawSymbol>();
  const resolve = (r: RawSymbol, chain: Set<RawSymbol>): void => {
    if (done.has(r) || r.parentName === undefined) {
      done.add(r);
      return;
    }
    const parent = byName.get(r.parentName);
    r.sym.extends = r.parentName;
    if (!parent) {
      errors.push({ line: r.sym.line, reason: `extends unknown symbol "${r.parentName}"`, symbol: r.sym.name });
      done.add(r);
      return;
    }
    if (chain.has(parent) || parent === r) {
      errors.push({ line: r.sym.line, reason: `circular extends chain through "${r.parentName}"`, symbol: r.sym.name });
      done.add(r);
      return;
    }
    chain.add(r);
    resolve(parent, chain);
    const p = parent.sym;
    const s = r.sym;
    if (s.units.length === 0) s.units = p.units;
    const own = new Set(s.properties.map((x) => x.key));
    for (const prop of p.properties) if (!own.has(prop.key)) s.properties.push(prop);
    applyDeclared(s, r.declared, p);
    applyWellKnownProperties(s);
    done.add(r);
  };
  for (const r of raws) resolve(r, new Set());
}
