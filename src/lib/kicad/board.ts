// Typed model of a KiCad 6-10 board (.kicad_pcb). Coordinates are mm, Y axis
// pointing DOWN, rotations in degrees counter-clockwise as seen in KiCad, all
// as in the file. Footprints are read by footprint.ts (the same reader as
// .kicad_mod files), drawings by its `readGraphic`/`readText`; tracks, vias and
// zones by board-items.ts; dimensions by board-dimension.ts. Unknown top-level
// tokens (newer KiCad versions) are kept on `unknown`, never fatal. KiCad 5
// (and older) boards are refused with a message the caller can show in zh/en.

import { atomAt, child, headOf, isList, numAt, parseSexprDocument, type SexprList } from './sexpr.ts';
import { kicadIssue, readPoint, type KicadIssue, type Point } from './kicad-common.ts';
import { readFootprintNode, readGraphic, readText, type Footprint, type FootprintGraphic, type FootprintIssue, type FootprintText } from './footprint.ts';
import { readTrack, readVia, readZone, type NetResolver, type Track, type Via, type Zone } from './board-items.ts';
import { readDimension, type BoardDimension } from './board-dimension.ts';
import { readPaper, readTitleBlock, type Paper, type TitleBlock } from './title-block.ts';

export type { Track, TrackSegment, TrackArc, Via, ViaType, Zone, ZoneFill, ZoneKeepout, FlatPolygon } from './board-items.ts';
export type { BoardDimension, DimensionLine } from './board-dimension.ts';
export type { Paper, TitleBlock } from './title-block.ts';

/** Last board format this model was written against (KiCad 10.0). Newer files are read with a warning. */
export const KNOWN_BOARD_VERSION = 20260206;
/** KiCad 6 development builds started at 2020xxxx; KiCad 5 wrote 20171130, KiCad 4 wrote 4. */
const FIRST_KICAD6_VERSION = 20200000;

export interface BoardLayer {
  /** The file's layer id: KiCad 6-8 and KiCad 9+ number layers differently, so match on `name`. */
  id: number;
  /** Canonical name: F.Cu, In1.Cu, B.SilkS, Edge.Cuts, User.1 ... */
  name: string;
  /** signal | power | mixed | jumper (copper) or user. */
  type: string;
  /** Name given in Board Setup ("top_copper", "F.Silkscreen"), when set. */
  userName?: string;
  copper: boolean;
}

export interface StackupLayer {
  name: string;
  type: string;
  thickness?: number;
  material?: string;
  color?: string;
}

export interface BoardSetup {
  padToMaskClearance: number;
  solderMaskMinWidth: number;
  padToPasteClearance: number;
  padToPasteClearanceRatio: number;
  /**
   * Vias left open in the solder mask, per side: KiCad 6/7 `(pcbplotparams (viasonmask yes))`
   * opens both; KiCad 8+ `(tenting front back)` lists the tented (covered) sides. Default: tented.
   */
  viaMaskOpen: { front: boolean; back: boolean };
  auxAxisOrigin: Point;
  gridOrigin: Point;
  stackup: StackupLayer[];
  copperFinish?: string;
}

export interface Net {
  number: number;
  name: string;
}

export interface Board {
  fileName: string;
  version: number;
  generator?: string;
  generatorVersion?: string;
  /** Board thickness in mm (`(general (thickness t))`). */
  thickness: number;
  paper: Paper;
  titleBlock: TitleBlock;
  layers: BoardLayer[];
  setup: BoardSetup;
  /**
   * Net table in file order (net 0 "" = no net). KiCad 10 boards have no table:
   * the nets named on items get numbers in order of first appearance.
   */
  nets: Net[];
  footprints: Footprint[];
  /** Segments and arcs in file order. */
  tracks: Track[];
  vias: Via[];
  zones: Zone[];
  /** Board drawings: gr_line, gr_arc, gr_circle, gr_rect, gr_poly, gr_curve, gr_text_box. */
  graphics: FootprintGraphic[];
  /** Board texts (`gr_text`, kind 'user'). */
  texts: FootprintText[];
  dimensions: BoardDimension[];
  /** Board-level `(property "name" "value")` entries (KiCad 7+ text variables). */
  properties: Record<string, string>;
  /** Top-level nodes this model does not read (newer KiCad tokens), kept as parsed. */
  unknown: SexprList[];
}

/** A board problem: the shared KiCad issue (`key` is a `kicad.*` server message). */
export type BoardIssue = KicadIssue;

export interface BoardParseResult {
  /** Null when the file is not a readable KiCad 6+ board at all. */
  board: Board | null;
  /** Fatal problems, and items dropped because they were malformed. */
  errors: BoardIssue[];
  /** Non-fatal: invalid UTF-8 replaced, a newer format than known. */
  warnings: BoardIssue[];
}

export interface BoardParseOptions {
  /** Keep each footprint's source node (for re-serialisation). */
  keepNodes?: boolean;
}

/** Top-level tokens deliberately not modelled (so they do not show up as unknown). */
const IGNORED = new Set(['group', 'generated', 'embedded_fonts', 'embedded_files', 'net_class', 'target', 'image', 'page']);

/** What a file that does not start with '(' is, for the refusal message. */
function sniffNonSexpr(input: string | Uint8Array, file: string): BoardIssue {
  const head = typeof input === 'string' ? input.slice(0, 256) : new TextDecoder('utf-8', { fatal: false }).decode(input.subarray(0, 256));
  if (/^\uFEFF?\s*PCBNEW-BOARD/.test(head)) return kicadIssue('kicad.legacyFile', file, 1, 'legacy .brd board (KiCad 4 or older)');
  return kicadIssue('kicad.notBoard', file, 1, 'not a KiCad board: the file does not start with an S-expression');
}

/** Parse a .kicad_pcb file (text or bytes). Never throws for bad content. */
export function parseBoard(input: string | Uint8Array, fileName: string, opts: BoardParseOptions = {}): BoardParseResult {
  const result: BoardParseResult = { board: null, errors: [], warnings: [] };
  let doc;
  try {
    doc = parseSexprDocument(input, { tolerant: true });
  } catch (e) {
    const err = e as { line?: number; reason?: string; message?: string };
    const line = err.line ?? 1;
    result.errors.push(kicadIssue('kicad.damaged', fileName, line, err.reason ?? String(err.message ?? e)));
    return result;
  }
  for (const w of doc.warnings) result.warnings.push(kicadIssue('kicad.invalidUtf8', fileName, w.line, w.reason));
  const root = doc.root;
  if (!root || headOf(root) === '') {
    result.errors.push(doc.errors.length > 0 && root ? kicadIssue('kicad.damaged', fileName, doc.errors[0]!.line, doc.errors[0]!.reason) : sniffNonSexpr(input, fileName));
    return result;
  }
  const head = headOf(root);
  if (head !== 'kicad_pcb') {
    result.errors.push(kicadIssue('kicad.notBoard', fileName, root.line, `not a board: top-level token is '${head}'`));
    return result;
  }
  const versionNode = child(root, 'version');
  const version = numAt(versionNode, 1, 0);
  if (version < FIRST_KICAD6_VERSION) {
    result.errors.push(kicadIssue('kicad.legacyFile', fileName, versionNode?.line ?? root.line, `KiCad 5 or older board (version ${version || 'missing'})`));
    return result;
  }
  if (version > KNOWN_BOARD_VERSION) {
    result.warnings.push(kicadIssue('kicad.newerVersion', fileName, versionNode?.line ?? root.line, `format ${version} is newer than ${KNOWN_BOARD_VERSION}`, { version }));
  }
  // A truncated or damaged file still gives the items before the damage, with the error.
  for (const e of doc.errors) {
    // An unclosed root (file cut between two items) is reported at the root's line 1: point at the end instead.
    const line = e.line === root.line && e.reason.startsWith('unexpected end of input') ? lineCount(input) : e.line;
    result.errors.push(kicadIssue('kicad.damaged', fileName, line, e.reason));
  }
  result.board = readBoard(root, fileName, version, result.errors, opts);
  return result;
}

function lineCount(input: string | Uint8Array): number {
  let n = 1;
  if (typeof input === 'string') {
    for (let i = input.indexOf('\n'); i !== -1; i = input.indexOf('\n', i + 1)) n++;
  } else {
    for (let i = input.indexOf(10); i !== -1; i = input.indexOf(10, i + 1)) n++;
  }
  return n;
}

function readBoard(root: SexprList, fileName: string, version: number, errors: BoardIssue[], opts: BoardParseOptions): Board {
  const board: Board = {
    fileName,
    version,
    thickness: 1.6,
    paper: readPaper(undefined),
    titleBlock: readTitleBlock(undefined),
    layers: [],
    setup: readSetup(undefined),
    nets: [],
    footprints: [],
    tracks: [],
    vias: [],
    zones: [],
    graphics: [],
    texts: [],
    dimensions: [],
    properties: {},
    unknown: [],
  };
  const nets = new NetTable(board.nets);
  const resolve: NetResolver = (ref) => nets.resolve(ref);
  const fpErrors: FootprintIssue[] = [];
  const items = root.items;
  for (let i = 1; i < items.length; i++) {
    const it = items[i];
    if (!isList(it)) continue;
    const h = headOf(it);
    try {
      switch (h) {
        case 'version':
          break;
        case 'generator':
          board.generator = atomAt(it, 1) ?? '';
          break;
        case 'generator_version':
          board.generatorVersion = atomAt(it, 1) ?? '';
          break;
        case 'general':
          board.thickness = numAt(child(it, 'thickness'), 1, 1.6);
          break;
        case 'paper':
          board.paper = readPaper(it);
          break;
        case 'title_block':
          board.titleBlock = readTitleBlock(it);
          break;
        case 'layers':
          board.layers = readLayers(it);
          break;
        case 'setup':
          board.setup = readSetup(it);
          break;
        case 'net':
          nets.declare(it);
          break;
        case 'footprint':
        case 'module': {
          const fp = readFootprintNode(it, fileName, fpErrors, { keepNodes: opts.keepNodes ?? false });
          for (const pad of fp.pads) if (pad.net) pad.net = { number: nets.resolve(pad.net), name: pad.net.name };
          board.footprints.push(fp);
          break;
        }
        case 'segment':
          board.tracks.push(readTrack(it, resolve, false));
          break;
        case 'arc':
          board.tracks.push(readTrack(it, resolve, true));
          break;
        case 'via':
          board.vias.push(readVia(it, resolve));
          break;
        case 'zone':
          board.zones.push(readZone(it, resolve));
          break;
        case 'gr_text':
          board.texts.push(readText(it, 'user', atomAt(it, 1) ?? ''));
          break;
        case 'dimension':
          board.dimensions.push(readDimension(it));
          break;
        case 'property':
          board.properties[atomAt(it, 1) ?? ''] = atomAt(it, 2) ?? '';
          break;
        default: {
          const g = h.startsWith('gr_') ? readGraphic(it, h) : null;
          if (g) board.graphics.push(g);
          else if (!IGNORED.has(h)) board.unknown.push(it);
        }
      }
    } catch (e) {
      errors.push(kicadIssue('kicad.itemSkipped', fileName, it.line, `unreadable '${h}': ${(e as Error).message}`, { item: h }));
    }
  }
  for (const e of fpErrors) errors.push(kicadIssue('kicad.itemSkipped', fileName, e.line, e.reason, { item: 'footprint' }));
  // Pads keep the name written on them; fill in names for pads that only had a number.
  for (const fp of board.footprints) for (const pad of fp.pads) if (pad.net && pad.net.name === '') pad.net.name = nets.nameOf(pad.net.number ?? 0);
  return board;
}

/** The board's nets: the file's table, plus numbers assigned to nets known only by name (KiCad 10). */
class NetTable {
  private readonly byNumber = new Map<number, Net>();
  private readonly byName = new Map<string, Net>();
  private next = 1;
  private readonly list: Net[];

  constructor(list: Net[]) {
    this.list = list;
  }

  declare(node: SexprList): void {
    const n = numAt(node, 1, NaN);
    if (!Number.isInteger(n)) {
      // `(net "name")` at top level: a name-only declaration.
      this.resolve({ name: atomAt(node, 1) ?? '' });
      return;
    }
    this.add({ number: n, name: atomAt(node, 2) ?? '' });
  }

  resolve(ref: { number?: number; name: string }): number {
    if (ref.number !== undefined) {
      if (!this.byNumber.has(ref.number)) this.add({ number: ref.number, name: ref.name });
      return ref.number;
    }
    const known = this.byName.get(ref.name);
    if (known) return known.number;
    if (ref.name === '') {
      if (!this.byNumber.has(0)) this.add({ number: 0, name: '' });
      return 0;
    }
    if (!this.byNumber.has(0)) this.add({ number: 0, name: '' });
    while (this.byNumber.has(this.next)) this.next++;
    const net = { number: this.next, name: ref.name };
    this.add(net);
    return net.number;
  }

  nameOf(n: number): string {
    return this.byNumber.get(n)?.name ?? '';
  }

  private add(net: Net): void {
    this.byNumber.set(net.number, net);
    if (!this.byName.has(net.name)) this.byName.set(net.name, net);
    this.list.push(net);
  }
}

function readLayers(node: SexprList): BoardLayer[] {
  const out: BoardLayer[] = [];
  for (let i = 1; i < node.items.length; i++) {
    const l = node.items[i];
    if (!isList(l)) continue;
    const name = atomAt(l, 1) ?? '';
    const type = atomAt(l, 2) ?? 'user';
    const layer: BoardLayer = { id: numAt(l, 0, -1), name, type, copper: name.endsWith('.Cu') };
    const userName = atomAt(l, 3);
    if (userName !== undefined && userName !== 'hide') layer.userName = userName;
    out.push(layer);
  }
  return out;
}

const YES = new Set(['yes', 'true']);

function readViaTenting(setup: SexprList): BoardSetup['viaMaskOpen'] {
  const tenting = child(setup, 'tenting');
  if (tenting) {
    // `(tenting front back)` (KiCad 8/9) or `(tenting (front yes) (back no))`.
    const tented = (side: string): boolean =>
      tenting.items.some((x) => x === side || (isList(x) && x.items[0] === side && YES.has(String(x.items[1] ?? 'yes'))));
    return { front: !tented('front'), back: !tented('back') };
  }
  const plot = child(setup, 'pcbplotparams');
  const open = plot !== undefined && YES.has(atomAt(child(plot, 'viasonmask'), 1) ?? '');
  return { front: open, back: open };
}

function readSetup(node: SexprList | undefined): BoardSetup {
  const setup: BoardSetup = {
    padToMaskClearance: 0,
    solderMaskMinWidth: 0,
    padToPasteClearance: 0,
    padToPasteClearanceRatio: 0,
    viaMaskOpen: { front: false, back: false },
    auxAxisOrigin: { x: 0, y: 0 },
    gridOrigin: { x: 0, y: 0 },
    stackup: [],
  };
  if (!node) return setup;
  setup.padToMaskClearance = numAt(child(node, 'pad_to_mask_clearance'), 1);
  setup.solderMaskMinWidth = numAt(child(node, 'solder_mask_min_width'), 1);
  setup.padToPasteClearance = numAt(child(node, 'pad_to_paste_clearance'), 1);
  setup.padToPasteClearanceRatio = numAt(child(node, 'pad_to_paste_clearance_ratio'), 1);
  setup.viaMaskOpen = readViaTenting(node);
  const aux = child(node, 'aux_axis_origin');
  if (aux) setup.auxAxisOrigin = readPoint(aux);
  const grid = child(node, 'grid_origin');
  if (grid) setup.gridOrigin = readPoint(grid);
  const stackup = child(node, 'stackup');
  if (stackup) {
    for (let i = 1; i < stackup.items.length; i++) {
      const l = stackup.items[i];
      if (!isList(l)) continue;
      if (l.items[0] === 'copper_finish') setup.copperFinish = atomAt(l, 1) ?? '';
      if (l.items[0] !== 'layer') continue;
      const sl: StackupLayer = { name: atomAt(l, 1) ?? '', type: atomAt(child(l, 'type'), 1) ?? '' };
      const th = child(l, 'thickness');
      if (th) sl.thickness = numAt(th, 1);
      const material = atomAt(child(l, 'material'), 1);
      if (material !== undefined) sl.material = material;
      const color = atomAt(child(l, 'color'), 1);
      if (color !== undefined) sl.color = color;
      setup.stackup.push(sl);
    }
  }
  return setup;
}

/** Whether a footprint sits on the back of the board. */
export function isBackSide(fp: Footprint): boolean {
  return fp.layer === 'B.Cu';
}

/** A footprint-local point on the board: rotate by the footprint's angle (CCW on screen, Y down), then translate. */
export function footprintToBoard(fp: Footprint, p: Point): Point {
  const at = fp.at ?? { x: 0, y: 0, rotation: 0 };
  if (at.rotation === 0) return { x: at.x + p.x, y: at.y + p.y };
  const a = (at.rotation * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return { x: at.x + p.x * c + p.y * s, y: at.y - p.x * s + p.y * c };
}

/** Copper layers of the board, front to back, from its layer table. */
export function copperLayers(board: Board): BoardLayer[] {
  const cu = board.layers.filter((l) => l.copper);
  const rank = (n: string): number => (n === 'F.Cu' ? 0 : n === 'B.Cu' ? 1000 : Number(/^In(\d+)\.Cu$/.exec(n)?.[1] ?? 999));
  return cu.sort((a, b) => rank(a.name) - rank(b.name));
}

/**
 * Concrete layer names for a layer list as written on pads, vias and zones:
 * `*.Cu` → every copper layer of the board, `F&B.Cu` → F.Cu and B.Cu, `*.Mask`
 * (and the other `*.` forms) → the front and back layer.
 */
export function expandLayers(names: readonly string[], board: Board): string[] {
  const out: string[] = [];
  const push = (n: string): void => {
    if (!out.includes(n)) out.push(n);
  };
  for (const n of names) {
    if (n === '*.Cu') for (const l of copperLayers(board)) push(l.name);
    else if (n === 'F&B.Cu') {
      push('F.Cu');
      push('B.Cu');
    } else if (n.startsWith('*.')) {
      push(`F.${n.slice(2)}`);
      push(`B.${n.slice(2)}`);
    } else push(n);
  }
  return out;
}
