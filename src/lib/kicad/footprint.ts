// Typed model of KiCad footprints (.kicad_mod): KiCad 5 `(module ...)` and
// KiCad 6-9 `(footprint ...)` files. Coordinates are millimetres with the
// Y axis pointing DOWN (PCB convention); rotations are degrees,
// counter-clockwise as seen on screen. Unknown tokens are ignored.

import {
  atomAt,
  child,
  hasFlag,
  headOf,
  isList,
  isQuoted,
  numAt,
  parseSexprDocument,
  type SexprList,
} from './sexpr.ts';
import { readEffects, readPlacement, readPoint, readPoints, readStroke, type Placement, type Point, type TextEffects } from './kicad-common.ts';

export type { Placement, Point, TextEffects } from './kicad-common.ts';

export type FootprintType = 'smd' | 'through_hole' | 'unspecified';

export interface FootprintAttributes {
  type: FootprintType;
  boardOnly: boolean;
  excludeFromPosFiles: boolean;
  excludeFromBom: boolean;
  allowMissingCourtyard: boolean;
  dnp: boolean;
}

export interface FootprintText {
  /** reference | value | user (fp_text), or property (KiCad 8+ `(property ...)` fields other than Reference/Value). */
  kind: 'reference' | 'value' | 'user' | 'property';
  /** Property name for KiCad 8+ fields ("Reference", "Value", "Datasheet", ...). */
  key?: string;
  text: string;
  at: Placement;
  layer: string;
  hidden: boolean;
  effects: TextEffects;
  /** Board texts: `(layer "F.SilkS" knockout)` draws the text cut out of a filled box. */
  knockout?: boolean;
  /** False when the file turns KiCad's "keep upright" off (`unlocked` in `(at …)`, `(unlocked yes)`, `(keep_upright no)`); footprint texts keep upright by default. */
  keepUpright?: false;
}

interface GraphicBase {
  layer: string;
  /** Stroke width in mm (0 = hairline / filled only). */
  width: number;
  filled: boolean;
}

export type FootprintGraphic =
  | (GraphicBase & { kind: 'line'; start: Point; end: Point })
  | (GraphicBase & { kind: 'rect'; start: Point; end: Point })
  /** `end` is the point on the circle as written (kept for lossless writing); radius = |end - center|. */
  | (GraphicBase & { kind: 'circle'; center: Point; end: Point; radius: number })
  | (GraphicBase & { kind: 'arc'; start: Point; mid: Point; end: Point })
  | (GraphicBase & { kind: 'poly'; points: Point[] })
  | (GraphicBase & { kind: 'curve'; points: Point[] })
  | (GraphicBase & { kind: 'textbox'; text: string; start: Point; end: Point; effects: TextEffects });

export type PadType = 'smd' | 'thru_hole' | 'np_thru_hole' | 'connect' | string;
export type PadShape = 'rect' | 'roundrect' | 'circle' | 'oval' | 'trapezoid' | 'custom' | string;

export interface PadDrill {
  oval: boolean;
  /** Drill diameter (or oval width). */
  width: number;
  /** Equal to width for round drills. */
  height: number;
  offset?: Point;
}

/** Custom-pad primitive, in pad-local coordinates (before the pad's rotation). */
export type PadPrimitive =
  | { kind: 'line'; start: Point; end: Point; width: number }
  | { kind: 'rect'; start: Point; end: Point; width: number; filled: boolean }
  | { kind: 'circle'; center: Point; end: Point; radius: number; width: number; filled: boolean }
  | { kind: 'arc'; start: Point; mid: Point; end: Point; width: number }
  | { kind: 'poly'; points: Point[]; width: number; filled: boolean }
  | { kind: 'curve'; points: Point[]; width: number };

export interface Pad {
  number: string;
  type: PadType;
  shape: PadShape;
  at: Placement;
  size: { width: number; height: number };
  drill?: PadDrill;
  layers: string[];
  roundrectRatio?: number;
  /** Trapezoid `(rect_delta dx dy)`. */
  rectDelta?: Point;
  chamferRatio?: number;
  /** Chamfered corners: top_left, top_right, bottom_left, bottom_right. */
  chamfer?: string[];
  /** Custom pads: anchor shape (rect | circle). */
  anchor?: string;
  primitives: PadPrimitive[];
  /**
   * Boards only: the pad's net. `number` is absent when the file names nets only
   * (KiCad 10 writes `(net "GND")`); the board model then assigns one.
   */
  net?: { number?: number; name: string };
  /** Boards only: `(zone_connect n)`: 0 none, 1 thermal relief, 2 solid, 3 thermal for PTH only. */
  zoneConnect?: number;
  pinFunction?: string;
  pinType?: string;
  /** Local overrides of the board's mask/paste rules (present = set; KiCad writes them only then). */
  margins?: PadMarginOverrides;
  line: number;
}

/** `(solder_mask_margin mm)`, `(solder_paste_margin mm)`, `(solder_paste_margin_ratio r)` (footprints: also `solder_paste_ratio`). */
export interface PadMarginOverrides {
  mask?: number;
  paste?: number;
  pasteRatio?: number;
}

export interface Footprint3dModel {
  path: string;
  offset: { x: number; y: number; z: number };
  scale: { x: number; y: number; z: number };
  rotate: { x: number; y: number; z: number };
  hidden: boolean;
}

export interface Footprint {
  name: string;
  fileName: string;
  /** `(version YYYYMMDD)`, null for KiCad 5 `(module ...)` files. */
  version: number | null;
  generator?: string;
  generatorVersion?: string;
  /** `footprint` (KiCad 6+) or `module` (KiCad 5). */
  format: 'footprint' | 'module';
  layer: string;
  description: string;
  tags: string[];
  attributes: FootprintAttributes;
  /** Reference designator text ("REF**"). */
  reference: string;
  value: string;
  /** Fields other than Reference/Value (KiCad 8+ `(property ...)`): Datasheet, Description, ... */
  properties: Record<string, string>;
  /** All texts: reference, value, user texts and KiCad 8+ property fields. */
  texts: FootprintText[];
  graphics: FootprintGraphic[];
  pads: Pad[];
  models: Footprint3dModel[];
  /** Footprint-wide mask/paste overrides, used by pads that set none of their own. */
  margins?: PadMarginOverrides;
  /**
   * Boards only: placement on the board. Pad `at` angles inside a board are
   * absolute (they already include this rotation); pad positions are local.
   */
  at?: Placement;
  locked?: boolean;
  /** Boards only: the schematic symbol path (`(path "/uuid/uuid")`), for cross-probing. */
  path?: string;
  uuid?: string;
  /** The source root node, when parsed with `keepNodes`. */
  node?: SexprList;
}

export interface FootprintIssue {
  line: number;
  reason: string;
}

export interface FootprintParseResult {
  /** Null only when the file is not readable as a footprint at all. */
  footprint: Footprint | null;
  /** Fatal problems and items dropped because they were malformed. */
  errors: FootprintIssue[];
  /** Non-fatal problems, e.g. invalid UTF-8 replaced. */
  warnings: FootprintIssue[];
}

export interface FootprintParseOptions {
  keepNodes?: boolean;
}

/** Parse a .kicad_mod file (text or raw bytes). Never throws for bad content. */
export function parseFootprint(input: string | Uint8Array, fileName: string, opts: FootprintParseOptions = {}): FootprintParseResult {
  const result: FootprintParseResult = { footprint: null, errors: [], warnings: [] };
  let doc;
  try {
    doc = parseSexprDocument(input, { tolerant: true });
  } catch (e) {
    const err = e as { line?: number; reason?: string; message?: string };
    result.errors.push({ line: err.line ?? 1, reason: err.reason ?? String(err.message ?? e) });
    return result;
  }
  for (const w of doc.warnings) result.warnings.push({ line: w.line, reason: w.reason });
  for (const e of doc.errors) {
    const what = e.entryName !== undefined ? ` (in ${e.entryName})` : '';
    result.errors.push({ line: e.line, reason: e.reason + what });
  }
  const root = doc.root;
  if (!root) {
    if (result.errors.length === 0) result.errors.push({ line: 1, reason: 'empty file: no S-expression found' });
    return result;
  }
  const head = headOf(root);
  if (head !== 'footprint' && head !== 'module') {
    result.errors.push({ line: root.line, reason: `not a footprint: top-level token is '${head}'` });
    return result;
  }
  result.footprint = readFootprintNode(root, fileName, result.errors, opts);
  return result;
}

/**
 * Reads one `(footprint ...)` / `(module ...)` node: a .kicad_mod file's root,
 * or a footprint placed on a board. Malformed items are dropped into `errors`.
 */
export function readFootprintNode(root: SexprList, fileName: string, errors: FootprintIssue[], opts: FootprintParseOptions = {}): Footprint {
  const head = headOf(root) === 'module' ? 'module' : 'footprint';
  const fp: Footprint = {
    name: atomAt(root, 1) ?? '',
    fileName,
    version: null,
    format: head,
    layer: 'F.Cu',
    description: '',
    tags: [],
    attributes: { type: 'unspecified', boardOnly: false, excludeFromPosFiles: false, excludeFromBom: false, allowMissingCourtyard: false, dnp: false },
    reference: '',
    value: '',
    properties: {},
    texts: [],
    graphics: [],
    pads: [],
    models: [],
  };
  if (opts.keepNodes) fp.node = root;
  if (hasFlag(root, 'locked')) fp.locked = true;
  for (let i = 2; i < root.items.length; i++) {
    const it = root.items[i];
    if (!isList(it)) continue;
    try {
      readFootprintItem(fp, it);
    } catch (e) {
      errors.push({ line: it.line, reason: `unreadable '${headOf(it)}': ${(e as Error).message}` });
    }
  }
  return fp;
}

function readFootprintItem(fp: Footprint, it: SexprList): void {
  const h = headOf(it);
  switch (h) {
    case 'version': {
      const v = numAt(it, 1, NaN);
      fp.version = Number.isFinite(v) ? v : null;
      return;
    }
    case 'generator': {
      const g = atomAt(it, 1);
      if (g !== undefined) fp.generator = g;
      return;
    }
    case 'generator_version': {
      const g = atomAt(it, 1);
      if (g !== undefined) fp.generatorVersion = g;
      return;
    }
    case 'layer':
      fp.layer = atomAt(it, 1) ?? fp.layer;
      return;
    case 'at':
      fp.at = readPlacement(it);
      return;
    case 'path':
      fp.path = atomAt(it, 1) ?? '';
      return;
    case 'uuid':
    case 'tstamp':
      fp.uuid = atomAt(it, 1) ?? '';
      return;
    case 'descr':
      fp.description = atomAt(it, 1) ?? '';
      return;
    case 'tags': {
      const t = (atomAt(it, 1) ?? '').trim();
      fp.tags = t ? t.split(/\s+/) : [];
      return;
    }
    case 'attr':
      readAttributes(fp.attributes, it);
      return;
    case 'fp_text': {
      const kind = atomAt(it, 1);
      const t = readText(it, kind === 'reference' || kind === 'value' ? kind : 'user', atomAt(it, 2) ?? '');
      if (kind === 'reference') {
        fp.reference = t.text;
        t.key = 'Reference';
      } else if (kind === 'value') {
        fp.value = t.text;
        t.key = 'Value';
      }
      fp.texts.push(t);
      return;
    }
    case 'property': {
      const key = atomAt(it, 1) ?? '';
      const value = atomAt(it, 2) ?? '';
      const kind = key === 'Reference' ? 'reference' : key === 'Value' ? 'value' : 'property';
      const t = readText(it, kind, value);
      t.key = key;
      if (kind === 'reference') fp.reference = value;
      else if (kind === 'value') fp.value = value;
      else fp.properties[key] = value;
      // KiCad 8 writes properties without a layer/position for non-visual fields; keep those out of texts.
      if (child(it, 'layer') || child(it, 'at')) fp.texts.push(t);
      return;
    }
    case 'pad':
      fp.pads.push(readPad(it));
      return;
    case 'model':
      fp.models.push(readModel(it));
      return;
    case 'solder_mask_margin':
    case 'solder_paste_margin':
    case 'solder_paste_ratio':
    case 'solder_paste_margin_ratio':
      fp.margins = readMargin(fp.margins ?? {}, h, it);
      return;
    default: {
      const g = readGraphic(it, h);
      if (g) fp.graphics.push(g);
    }
  }
}

function readAttributes(a: FootprintAttributes, it: SexprList): void {
  for (let i = 1; i < it.items.length; i++) {
    const v = it.items[i];
    if (typeof v !== 'string') continue;
    switch (v) {
      case 'smd':
        a.type = 'smd';
        break;
      case 'through_hole':
      case 'virtual':
        a.type = v === 'virtual' ? 'unspecified' : 'through_hole';
        if (v === 'virtual') {
          a.excludeFromBom = true;
          a.excludeFromPosFiles = true;
        }
        break;
      case 'board_only':
        a.boardOnly = true;
        break;
      case 'exclude_from_pos_files':
        a.excludeFromPosFiles = true;
        break;
      case 'exclude_from_bom':
        a.excludeFromBom = true;
        break;
      case 'allow_missing_courtyard':
        a.allowMissingCourtyard = true;
        break;
      case 'dnp':
        a.dnp = true;
        break;
      default:
        break;
    }
  }
}

/** A footprint text or field, or a board `gr_text` (kind 'user'). */
export function readText(it: SexprList, kind: FootprintText['kind'], text: string): FootprintText {
  const effects = readEffects(child(it, 'effects'), 1);
  const layerNode = child(it, 'layer');
  const t: FootprintText = {
    kind,
    text,
    at: readPlacement(child(it, 'at')),
    layer: atomAt(layerNode, 1) ?? 'F.SilkS',
    hidden: effects.hidden || hasFlag(it, 'hide'),
    effects,
  };
  if (layerNode && hasFlag(layerNode, 'knockout')) t.knockout = true;
  // KiCad 6/7 write a text that does not keep upright as `(at x y a unlocked)`, KiCad 8+ as `(unlocked yes)`.
  const at = child(it, 'at');
  const unlocked = child(it, 'unlocked');
  const upright = child(it, 'keep_upright') ?? child(child(it, 'effects') ?? it, 'keep_upright');
  if ((at && hasFlag(at, 'unlocked')) || (unlocked && atomAt(unlocked, 1) !== 'no') || (upright && (atomAt(upright, 1) === 'no' || atomAt(upright, 1) === 'false'))) t.keepUpright = false;
  return t;
}

function isFilled(it: SexprList): boolean {
  const fill = child(it, 'fill');
  if (!fill) return false;
  const v = atomAt(fill, 1) ?? atomAt(child(fill, 'type'), 1);
  return v === 'solid' || v === 'yes' || v === 'true' || v === 'color';
}

/** A footprint `fp_*` or board `gr_*` drawing (same shapes, same tokens); null for anything else. */
export function readGraphic(it: SexprList, h: string): FootprintGraphic | null {
  const kind = h.startsWith('fp_') || h.startsWith('gr_') ? h.slice(3) : '';
  if (!kind) return null;
  const layer = atomAt(child(it, 'layer'), 1) ?? 'F.SilkS';
  const width = readStroke(it).width;
  switch (kind) {
    case 'line':
      return { kind: 'line', layer, width, filled: false, start: readPoint(child(it, 'start')), end: readPoint(child(it, 'end')) };
    case 'rect':
      return { kind: 'rect', layer, width, filled: isFilled(it), start: readPoint(child(it, 'start')), end: readPoint(child(it, 'end')) };
    case 'circle': {
      const center = readPoint(child(it, 'center'));
      const end = readPoint(child(it, 'end'));
      return { kind: 'circle', layer, width, filled: isFilled(it), center, end, radius: Math.hypot(end.x - center.x, end.y - center.y) };
    }
    case 'arc': {
      const a = readArc(it);
      return { kind: 'arc', layer, width, filled: false, ...a };
    }
    case 'poly': {
      // KiCad 5 polygons were always filled; KiCad 6+ says so explicitly.
      const filled = child(it, 'fill') ? isFilled(it) : true;
      return { kind: 'poly', layer, width, filled, points: readPoints(child(it, 'pts')) };
    }
    case 'curve':
      return { kind: 'curve', layer, width, filled: false, points: readPoints(child(it, 'pts')) };
    case 'text_box': {
      const start = readPoint(child(it, 'start'));
      const end = readPoint(child(it, 'end'));
      return { kind: 'textbox', layer, width, filled: false, text: atomAt(it, 1) ?? '', start, end, effects: readEffects(child(it, 'effects'), 1) };
    }
    default:
      return null;
  }
}

/**
 * KiCad 6+ arcs are (start, mid, end). KiCad 5 arcs are (start = centre,
 * end = arc start, angle = sweep in degrees, clockwise on screen).
 */
function readArc(it: SexprList): { start: Point; mid: Point; end: Point } {
  const midNode = child(it, 'mid');
  if (midNode) return { start: readPoint(child(it, 'start')), mid: readPoint(midNode), end: readPoint(child(it, 'end')) };
  const c = readPoint(child(it, 'start'));
  const s = readPoint(child(it, 'end'));
  const angle = numAt(child(it, 'angle'), 1);
  const rot = (p: Point, deg: number): Point => {
    const a = (deg * Math.PI) / 180;
    const dx = p.x - c.x;
    const dy = p.y - c.y;
    return { x: c.x + dx * Math.cos(a) - dy * Math.sin(a), y: c.y + dx * Math.sin(a) + dy * Math.cos(a) };
  };
  return { start: s, mid: rot(s, angle / 2), end: rot(s, angle) };
}

function readPad(it: SexprList): Pad {
  const sizeNode = child(it, 'size');
  const w = numAt(sizeNode, 1);
  const pad: Pad = {
    number: atomAt(it, 1) ?? '',
    type: atomAt(it, 2) ?? 'smd',
    shape: atomAt(it, 3) ?? 'rect',
    at: readPlacement(child(it, 'at')),
    size: { width: w, height: numAt(sizeNode, 2, w) },
    layers: [],
    primitives: [],
    line: it.line,
  };
  const layers = child(it, 'layers');
  if (layers) for (let i = 1; i < layers.items.length; i++) {
    const l = layers.items[i];
    if (typeof l === 'string') pad.layers.push(l);
  }
  const drill = child(it, 'drill');
  if (drill) {
    let i = 1;
    const oval = drill.items[1] === 'oval';
    if (oval) i = 2;
    const dw = numAt(drill, i);
    const d: PadDrill = { oval, width: dw, height: oval ? numAt(drill, i + 1, dw) : dw };
    const off = child(drill, 'offset');
    if (off) d.offset = readPoint(off);
    if (dw > 0 || oval) pad.drill = d;
  }
  const rr = child(it, 'roundrect_rratio');
  if (rr) pad.roundrectRatio = numAt(rr, 1);
  const delta = child(it, 'rect_delta');
  if (delta) pad.rectDelta = readPoint(delta);
  const cr = child(it, 'chamfer_ratio');
  if (cr) pad.chamferRatio = numAt(cr, 1);
  const ch = child(it, 'chamfer');
  if (ch) pad.chamfer = ch.items.slice(1).filter((x): x is string => typeof x === 'string');
  const net = child(it, 'net');
  if (net) pad.net = readNetRef(net);
  const zc = child(it, 'zone_connect');
  if (zc) pad.zoneConnect = numAt(zc, 1);
  const pf = atomAt(child(it, 'pinfunction'), 1);
  if (pf !== undefined) pad.pinFunction = pf;
  const pt = atomAt(child(it, 'pintype'), 1);
  if (pt !== undefined) pad.pinType = pt;
  for (const h of MARGIN_TOKENS) {
    const m = child(it, h);
    if (m) pad.margins = readMargin(pad.margins ?? {}, h, m);
  }
  const options = child(it, 'options');
  if (options) {
    const anchor = atomAt(child(options, 'anchor'), 1);
    if (anchor !== undefined) pad.anchor = anchor;
  }
  const prims = child(it, 'primitives');
  if (prims) {
    for (let i = 1; i < prims.items.length; i++) {
      const p = prims.items[i];
      if (!isList(p)) continue;
      const prim = readPrimitive(p);
      if (prim) pad.primitives.push(prim);
    }
  }
  return pad;
}

const MARGIN_TOKENS = ['solder_mask_margin', 'solder_paste_margin', 'solder_paste_margin_ratio', 'solder_paste_ratio'] as const;

function readMargin(m: PadMarginOverrides, h: string, it: SexprList): PadMarginOverrides {
  const v = numAt(it, 1);
  if (h === 'solder_mask_margin') m.mask = v;
  else if (h === 'solder_paste_margin') m.paste = v;
  else m.pasteRatio = v;
  return m;
}

/**
 * A `(net ...)` reference on a board item: `(net 3 "GND")` (pads, KiCad 6-9),
 * `(net 3)` (tracks, vias, zones) or `(net "GND")` (KiCad 10: names only).
 */
export function readNetRef(net: SexprList): { number?: number; name: string } {
  const first = atomAt(net, 1);
  if (first === undefined) return { name: '' };
  if (isQuoted(net, 1)) return { name: first };
  const n = Number(first);
  if (!Number.isInteger(n)) return { name: first };
  return { number: n, name: atomAt(net, 2) ?? '' };
}

function readPrimitive(p: SexprList): PadPrimitive | null {
  const width = readStroke(p).width;
  switch (headOf(p)) {
    case 'gr_line':
      return { kind: 'line', start: readPoint(child(p, 'start')), end: readPoint(child(p, 'end')), width };
    case 'gr_rect':
      return { kind: 'rect', start: readPoint(child(p, 'start')), end: readPoint(child(p, 'end')), width, filled: isFilled(p) };
    case 'gr_circle': {
      const center = readPoint(child(p, 'center'));
      const end = readPoint(child(p, 'end'));
      return { kind: 'circle', center, end, radius: Math.hypot(end.x - center.x, end.y - center.y), width, filled: isFilled(p) };
    }
    case 'gr_arc':
      return { kind: 'arc', ...readArc(p), width };
    case 'gr_poly':
      return { kind: 'poly', points: readPoints(child(p, 'pts')), width, filled: child(p, 'fill') ? isFilled(p) : true };
    case 'gr_curve':
      return { kind: 'curve', points: readPoints(child(p, 'pts')), width };
    default:
      return null;
  }
}

function readXyz(list: SexprList | undefined, fallback: number): { x: number; y: number; z: number } {
  const xyz = list ? child(list, 'xyz') : undefined;
  if (!xyz) return { x: fallback, y: fallback, z: fallback };
  return { x: numAt(xyz, 1, fallback), y: numAt(xyz, 2, fallback), z: numAt(xyz, 3, fallback) };
}

function readModel(it: SexprList): Footprint3dModel {
  // KiCad 5 used (at (xyz ...)) in inches; KiCad 6+ uses (offset (xyz ...)) in mm.
  const offset = child(it, 'offset');
  const at = child(it, 'at');
  const off = offset ? readXyz(offset, 0) : at ? scaleXyz(readXyz(at, 0), 25.4) : { x: 0, y: 0, z: 0 };
  return {
    path: atomAt(it, 1) ?? '',
    offset: off,
    scale: readXyz(child(it, 'scale'), 1),
    rotate: readXyz(child(it, 'rotate'), 0),
    hidden: hasFlag(it, 'hide'),
  };
}

function scaleXyz(v: { x: number; y: number; z: number }, k: number): { x: number; y: number; z: number } {
  return { x: v.x * k, y: v.y * k, z: v.z * k };
}

/** Copper side(s) of a pad from its layer list. */
export function padCopperSides(pad: Pad): { front: boolean; back: boolean } {
  let front = false;
  let back = false;
  for (const l of pad.layers) {
    if (l === '*.Cu' || l === 'F&B.Cu') {
      front = true;
      back = true;
    } else if (l === 'F.Cu') front = true;
    else if (l === 'B.Cu') back = true;
  }
  return { front, back };
}

/** All pad numbers, unique, in file order (unnumbered mechanical pads excluded). */
export function padNumbers(fp: Footprint): string[] {
  const seen = new Set<string>();
  for (const p of fp.pads) if (p.number !== '' && !seen.has(p.number)) seen.add(p.number);
  return [...seen];
}


/** A footprint description (`descr`) split into its prose and the links it quotes. */
export interface FootprintDescriptionParts {
  /** The description without its links, tidied ('LQFP, 48 Pin, generated with …'); may be ''. */
  text: string;
  /** The http(s) links the description quotes, unique, in order. */
  references: string[];
}

const DESCR_URL_RE = /https?:\/\/[^\s<>"]+/g;

/** A URL as quoted in running text: trailing punctuation and an unbalanced ')' are not part of it. */
function trimQuotedUrl(url: string): string {
  let u = url;
  for (;;) {
    if (/[.,;:]$/.test(u)) u = u.slice(0, -1);
    else if (u.endsWith(')') && (u.match(/\(/g)?.length ?? 0) < (u.match(/\)/g)?.length ?? 0)) u = u.slice(0, -1);
    else return u;
  }
}

/**
 * KiCad footprint descriptions quote where a package's dimensions come from, and for a generic
 * package that is some maker's datasheet: 'LQFP, 48 Pin (https://www.analog.com/…/ltc2358-16.pdf),
 * generated with kicad-footprint-generator …' for every LQFP-48 part, an STM32 included. Those
 * links are package drawing references, never the datasheet of a part that uses the footprint, so
 * they are returned apart from the prose for a page to label as such.
 */
export function footprintDescriptionParts(description: string | null | undefined): FootprintDescriptionParts {
  const raw = typeof description === 'string' ? description : '';
  const references: string[] = [];
  let text = raw.replace(DESCR_URL_RE, (m) => {
    const url = trimQuotedUrl(m);
    if (!references.includes(url)) references.push(url);
    // A private-use character marks where the link was; the punctuation trimmed off it belongs to the sentence.
    return `\uE000${m.slice(url.length)}`;
  });
  if (references.length === 0) return { text: raw.replace(/\s+/g, ' ').trim(), references };
  text = text
    // A parenthesis that only points at links goes whole: '(see Texas Instruments LM25119 <link>)', '(see <link> and <link>'.
    .replace(/\(\s*(?:see|source|from|body\s+size\s+(?:source|from))\b[^()]*\uE000[^()]*(?:\)|$)/gi, '')
    // What introduced a link, and a page or figure reference into it: 'see section 7.1 of', '(Body size source: …)', '… (page 1083)'.
    .replace(/\b(?:see(?:\s+also)?(?:\s+section\s+[\d.]+\s+of)?|(?:Body\s+size\s+)?(?:source|from)\s*:|datasheet\s*:|based\s+on)\s*(?=\uE000)/gi, '')
    .replace(/\uE000\s*\((?:page|p\.)\s*[^()]*\)/gi, '\uE000')
    .replace(/\uE000\s*(?:p\.\s*\d+)?/g, '')
    .replace(/\(\s*(?:[,;]\s*)*\)/g, '')
    .replace(/\(\s*\(([^()]*)\)\s*\)/g, '($1)')
    .replace(/\(\s+/g, '(')
    .replace(/\s+\)/g, ')')
    .replace(/\s+([,;.])/g, '$1')
    .replace(/([,;])(?:\s*[,;])+/g, '$1')
    .replace(/\.,/g, ',')
    .replace(/[,;:]\./g, '.')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:.(]+|[\s,;:(]+$/g, '')
    .trim();
  return { text, references };
}
