// Painters for footprint items, one per kind: graphics and texts on their
// KiCad layer, pads (shape, hole, number) on the virtual pad layer of their
// copper side. Footprints are Y-down like the screen; coordinates are passed
// as in the file and pads are placed with a group transform (rotation is
// counter-clockwise as seen in KiCad). Layers are stacked in KiCad's drawing
// order: back layers first, front copper, then front technical layers.

import { tessellateArc, type Point } from '../kicad-common.ts';
import { padCopperSides, type Footprint, type FootprintGraphic, type FootprintText, type Pad, type PadPrimitive } from '../footprint.ts';
import { padApertureLayers, padExpansion, type BoardPadRules } from './pad-expansion.ts';
import { textWidth } from '../svg-text.ts';
import type { LayerSpec, Meta, Renderer, Shape, Style, Transform } from './renderer.ts';

/** KiCad default PCB colours. */
export const PCB_COLORS = {
  background: '#001023',
  'F.Cu': '#C83434',
  'B.Cu': '#4D7FC4',
  'In.Cu': '#C2C200',
  'F.SilkS': '#F2EDA1',
  'B.SilkS': '#E8B2A7',
  'F.Fab': '#AFAFAF',
  'B.Fab': '#585D84',
  'F.CrtYd': '#FF26E2',
  'B.CrtYd': '#26E9FF',
  'F.Mask': '#D864FF',
  'B.Mask': '#02FFEE',
  'F.Paste': '#B4A09D',
  'B.Paste': '#00C2C2',
  'F.Adhes': '#840084',
  'B.Adhes': '#0000C2',
  'Dwgs.User': '#C2C2C2',
  'Cmts.User': '#5994DC',
  'Eco1.User': '#B4DBD2',
  'Eco2.User': '#D8C852',
  'Edge.Cuts': '#D0D2CD',
  Margin: '#FF26E2',
  user: '#C2C2C2',
  hole: '#06080C',
  npthHole: '#06080C',
  npthRing: '#1AC4D2',
  padNumber: '#FFFFFF',
  viaThrough: '#ECECEC',
  viaBlindBuried: '#BB9726',
  viaMicro: '#008484',
} as const;

const COLOR_BY_LAYER: Readonly<Record<string, string | undefined>> = PCB_COLORS;

/** Layer aliases (KiCad 7+ user-visible names) mapped to canonical names. */
const ALIASES: Record<string, string> = {
  'F.Silkscreen': 'F.SilkS',
  'B.Silkscreen': 'B.SilkS',
  'F.Courtyard': 'F.CrtYd',
  'B.Courtyard': 'B.CrtYd',
  'F.Adhesive': 'F.Adhes',
  'B.Adhesive': 'B.Adhes',
  'User.Drawings': 'Dwgs.User',
  'User.Comments': 'Cmts.User',
  'User.Eco1': 'Eco1.User',
  'User.Eco2': 'Eco2.User',
};

// Bottom-to-top drawing order; pads go right after their copper layer.
const ORDER = [
  'B.Adhes', 'B.CrtYd', 'B.Fab', 'B.SilkS', 'B.Paste', 'B.Mask', 'B.Cu',
  'In.Cu', 'F.Cu',
  'F.Adhes', 'F.Mask', 'F.Paste', 'F.SilkS', 'F.Fab', 'F.CrtYd',
  'User', 'Margin', 'Edge.Cuts', 'Eco2.User', 'Eco1.User', 'Cmts.User', 'Dwgs.User',
];
const TRANSLUCENT: Record<string, number> = { 'F.Mask': 0.4, 'B.Mask': 0.4, 'F.Paste': 0.9, 'B.Paste': 0.9 };
const PAD_OPACITY = 0.8;
/** Line width used where the file says 0 (and the box padding of unstroked filled shapes). */
const MIN_LINE = 0.05;

function canonical(layer: string): string {
  const a = ALIASES[layer];
  if (a) return a;
  if (/^In\d+\.Cu$/.test(layer)) return 'In.Cu';
  if (/^User\.\d+$/.test(layer)) return 'User';
  return layer;
}

/** Drawing order of a KiCad layer (unknown layers stack with the user layers). */
export function layerRank(layer: string): number {
  const i = ORDER.indexOf(canonical(layer));
  return i < 0 ? ORDER.indexOf('User') : i;
}

export function layerColor(layer: string): string {
  return COLOR_BY_LAYER[canonical(layer)] ?? PCB_COLORS.user;
}

const boardLayers = new Map<string, LayerSpec>();

/** A KiCad layer: outlines in the layer colour, which 'currentColor' fills also take. */
export function boardLayer(layer: string): LayerSpec {
  let spec = boardLayers.get(layer);
  if (!spec) {
    spec = makeBoardLayer(layer);
    // Footprint files name few layers; bound the cache anyway against odd inputs.
    if (boardLayers.size < 256) boardLayers.set(layer, spec);
  }
  return spec;
}

function makeBoardLayer(layer: string): LayerSpec {
  const color = layerColor(layer);
  const opacity = TRANSLUCENT[canonical(layer)];
  const style: Style = { fill: 'none', stroke: color, color };
  if (opacity !== undefined) style.opacity = opacity;
  return { name: layer, z: layerRank(layer), meta: { class: 'layer', 'data-layer': layer }, style };
}

/** The virtual layers of each side's pads, right above that side's copper. */
export const PAD_LAYERS = {
  back: { name: ':Pads:Back', z: layerRank('B.Cu') + 0.5, meta: { class: 'pads', 'data-side': 'back' } },
  front: { name: ':Pads:Front', z: layerRank('F.Cu') + 0.5, meta: { class: 'pads', 'data-side': 'front' } },
} as const satisfies Record<string, LayerSpec>;

export interface FootprintPaint {
  /** Draw pad numbers (default true). */
  padNumbers?: boolean;
  /** Boards: draw the footprint at its placement (`fp.at`), every item tagged with the reference. */
  placed?: boolean;
  /** Only items on these layers (a pad: when one of its layers, wildcards included, is here); default all. */
  layers?: ReadonlySet<string>;
  /**
   * Draw each pad also on the technical layers it lists (mask and paste openings, grown or shrunk
   * by the mask/paste rules; silkscreen/fab flashes as is), as KiCad shows and plots them.
   * Default: for placed (board) footprints.
   */
  apertures?: boolean;
  /** The board's mask/paste rules (Board Setup); default none. */
  padRules?: BoardPadRules;
}

/**
 * A footprint placed on a board: its items are drawn in a group with this
 * placement, inside each item's layer (layers do not nest in groups). Pad and
 * text angles in a board file are absolute (they include the footprint's
 * rotation), so `rotation` is subtracted from them inside the group. Back-side
 * footprints are stored mirrored by KiCad, so no flip is added.
 */
export interface Placed {
  transform: Transform;
  meta: Meta;
  ref: string;
}

/** The placement of a board footprint (null outside a board). */
export function placementOf(fp: Footprint): Placed | null {
  if (!fp.at) return null;
  const ref = fp.reference;
  return { transform: { x: fp.at.x, y: fp.at.y, rotation: fp.at.rotation }, meta: { class: 'footprint', 'data-ref': ref }, ref };
}

/** Paint a whole footprint: graphics, texts, then pads. */
export function paintFootprint(r: Renderer, fp: Footprint, opts: FootprintPaint = {}): void {
  const place = opts.placed ? placementOf(fp) : null;
  const shown = opts.layers;
  for (const g of fp.graphics) if (!shown || shown.has(g.layer)) paintGraphic(r, g, place);
  for (const t of fp.texts) if (!shown || shown.has(t.layer)) paintText(r, fp, t, place);
  const numbers = opts.padNumbers !== false;
  const apertures = opts.apertures ?? opts.placed === true;
  for (const pad of fp.pads) {
    if (!apertures) {
      if (!shown || padOnLayers(pad, shown)) paintPad(r, pad, numbers, place);
      continue;
    }
    // A pad with no copper (a paste or mask aperture of its own) exists only on its technical
    // layers: its first drawn one carries the pad's identity (one "pad" item per pad, as before).
    const copper = padHasCopper(pad);
    if (copper && (!shown || padOnCopper(pad, shown))) paintPad(r, pad, numbers, place);
    let primary = !copper;
    for (const layer of padApertureLayers(pad)) {
      if (shown && !shown.has(layer)) continue;
      paintPadAperture(r, fp, pad, layer, opts.padRules, place, primary);
      primary = false;
    }
  }
}

function padHasCopper(pad: Pad): boolean {
  return pad.type === 'np_thru_hole' || pad.layers.some((l) => l.endsWith('.Cu'));
}

/** Whether a shown copper layer holds the pad (a non-plated hole: any copper layer). */
function padOnCopper(pad: Pad, shown: ReadonlySet<string>): boolean {
  if (pad.type === 'np_thru_hole') {
    for (const l of shown) if (l.endsWith('.Cu')) return true;
    return false;
  }
  for (const l of pad.layers) {
    if (!l.endsWith('.Cu')) continue;
    if (shown.has(l)) return true;
    if (l === '*.Cu') {
      for (const v of shown) if (v.endsWith('.Cu')) return true;
    } else if (l === 'F&B.Cu' && (shown.has('F.Cu') || shown.has('B.Cu'))) return true;
  }
  return false;
}

const APERTURE_STYLE: Style = { fill: 'currentColor', stroke: 'none' };

/** A pad's opening or flash on one technical layer, in that layer's colour, grown or shrunk by KiCad's rules. */
function paintPadAperture(r: Renderer, fp: Footprint, pad: Pad, layer: string, rules: BoardPadRules | undefined, place: Placed | null | undefined, primary: boolean): void {
  const grow = padExpansion(pad, fp, layer, rules);
  const rotation = pad.at.rotation - (place?.transform.rotation ?? 0);
  const meta: Record<string, string> = primary
    ? { class: 'pad', 'data-number': pad.number, 'data-type': pad.type, 'data-shape': pad.shape }
    : { class: 'pad-aperture', 'data-number': pad.number };
  if (place) {
    meta['data-ref'] = place.ref;
    if (primary && pad.net && pad.net.name !== '') meta['data-net'] = pad.net.name;
  }
  openItem(r, boardLayer(layer), place);
  r.beginGroup({ meta, transform: { x: pad.at.x, y: pad.at.y, rotation }, style: APERTURE_STYLE });
  for (const s of padShapes(pad, grow)) r.shape(s);
  for (const p of padLocalPoints(pad)) r.addBounds(p.x, p.y, Math.max(0, grow.x, grow.y));
  r.endGroup();
  closeItem(r, place);
}

/** Whether one of a pad's layers (`*.Cu`, `F&B.Cu`, `*.Mask` wildcards included) is in the set. */
export function padOnLayers(pad: Pad, layers: ReadonlySet<string>): boolean {
  for (const l of pad.layers) {
    if (layers.has(l)) return true;
    if (l === '*.Cu') {
      for (const v of layers) if (v.endsWith('.Cu')) return true;
    } else if (l === 'F&B.Cu') {
      if (layers.has('F.Cu') || layers.has('B.Cu')) return true;
    } else if (l.startsWith('*.') && (layers.has(`F.${l.slice(2)}`) || layers.has(`B.${l.slice(2)}`))) return true;
  }
  return false;
}

/** Open an item's layer and, for a placed footprint, its placement group. */
function openItem(r: Renderer, layer: LayerSpec, place: Placed | null | undefined): void {
  r.beginLayer(layer);
  if (place) r.beginGroup({ meta: place.meta, transform: place.transform });
}

function closeItem(r: Renderer, place: Placed | null | undefined): void {
  if (place) r.endGroup();
  r.endLayer();
}

function lineWidth(w: number): number {
  return w > 0 ? w : MIN_LINE;
}

/** A graphic item on its layer. Filled shapes with no width have no outline (but keep a thin line's box). */
export function paintGraphic(r: Renderer, g: FootprintGraphic, place?: Placed | null): void {
  const sw = lineWidth(g.width);
  const style: Style = g.width > 0 || !g.filled ? { width: sw } : { stroke: 'none', width: sw };
  if (g.filled) style.fill = 'currentColor';
  let shape: Shape | null = null;
  switch (g.kind) {
    case 'line':
      shape = { kind: 'path', parts: [[g.start, g.end]], style: { width: sw } };
      break;
    case 'rect':
      shape = { kind: 'rect', x0: Math.min(g.start.x, g.end.x), y0: Math.min(g.start.y, g.end.y), x1: Math.max(g.start.x, g.end.x), y1: Math.max(g.start.y, g.end.y), style };
      break;
    case 'circle':
      shape = { kind: 'circle', center: g.center, radius: g.radius, style };
      break;
    case 'arc':
      shape = { kind: 'arc', start: g.start, mid: g.mid, end: g.end, style: { width: sw } };
      break;
    case 'poly':
    case 'curve': {
      const pts = g.points;
      if (pts.length === 0) return;
      if (g.kind === 'curve' && pts.length >= 4) shape = { kind: 'bezier', points: [pts[0], pts[1], pts[2], pts[3]] as [Point, Point, Point, Point], style };
      else shape = { kind: 'path', parts: [pts], closed: g.kind === 'poly', style };
      break;
    }
    case 'textbox':
      openItem(r, boardLayer(g.layer), place);
      paintTextBox(r, g);
      closeItem(r, place);
      return;
  }
  openItem(r, boardLayer(g.layer), place);
  r.shape(shape);
  // A curve's box covers every point given.
  if (g.kind === 'curve' && g.points.length > 4) for (const p of g.points.slice(4)) r.addBounds(p.x, p.y, sw / 2);
  closeItem(r, place);
}

function paintTextBox(r: Renderer, g: Extract<FootprintGraphic, { kind: 'textbox' }>): void {
  const x0 = Math.min(g.start.x, g.end.x);
  const y0 = Math.min(g.start.y, g.end.y);
  // The box counts without its border width.
  r.addBounds(x0, y0);
  r.addBounds(Math.max(g.start.x, g.end.x), Math.max(g.start.y, g.end.y));
  if (g.width > 0) r.shape({ kind: 'rect', x0, y0, x1: Math.max(g.start.x, g.end.x), y1: Math.max(g.start.y, g.end.y), style: { width: g.width }, bounds: false });
  r.text({ text: g.text, at: { x: x0 + 0.2, y: y0 + 0.2 }, angle: 0, size: g.effects.height, h: 'left', v: 'top', fill: 'currentColor' });
}

/** A text (reference, value, user text, property) with ${REFERENCE}/${VALUE} substituted; board texts have no footprint. */
export function paintText(r: Renderer, fp: Footprint | null, t: FootprintText, place?: Placed | null): void {
  if (t.hidden || t.text === '') return;
  const text = fp ? t.text.replace(/\$\{REFERENCE\}/g, fp.reference || 'REF**').replace(/\$\{VALUE\}/g, fp.value || fp.name) : t.text;
  openItem(r, boardLayer(t.layer), place);
  r.text({
    text,
    at: t.at,
    // In a board the text angle is absolute; the placement group adds the footprint's rotation back.
    angle: (fp && t.keepUpright !== false ? uprightAngle(t.at.rotation) : t.at.rotation) - (place?.transform.rotation ?? 0),
    size: t.effects.height,
    // Glyph width and pen: board texts often differ from the square default ((size 1 0.9) (thickness 0.225)).
    width: t.effects.width,
    ...(t.effects.thickness !== undefined ? { thickness: t.effects.thickness } : {}),
    h: t.effects.hAlign,
    v: t.effects.vAlign,
    fill: layerColor(t.layer),
    bold: t.effects.bold,
    italic: t.effects.italic,
    mirror: t.effects.mirror,
    ...(t.knockout ? { knockout: true } : {}),
    cls: `text ${t.kind}`,
  });
  closeItem(r, place);
}

/**
 * KiCad keeps footprint texts readable: the on-board angle, taken in 0°…360°, is turned by 180°
 * until it is at most 90° (so 270° becomes 90°, 180° becomes 0°; -90° stays as 270° → 90°).
 * Decided here on the absolute angle, as the renderer only sees the angle inside the footprint's
 * group. Board texts are drawn at their angle as stored (KiCad 6 plots them upside down). Both
 * measured against KiCad 6 plots (tests/unit/kicad/fidelity).
 */
export function uprightAngle(angle: number): number {
  let a = ((angle % 360) + 360) % 360;
  while (a > 90) a -= 180;
  return a;
}

/**
 * A pad as one item: its copper shape (in the pad's own frame), its hole and its
 * number. The pad's box is KiCad's pad outline and hole, declared here.
 */
export function paintPad(r: Renderer, pad: Pad, showNumber: boolean, place?: Placed | null): void {
  const sides = padCopperSides(pad);
  const back = sides.back && !sides.front;
  const { x, y } = pad.at;
  // In a board the pad's angle is absolute; the placement group already rotates by the footprint's.
  const rotation = pad.at.rotation - (place?.transform.rotation ?? 0);
  const transform = { x, y, rotation };
  const color = back ? PCB_COLORS['B.Cu'] : sides.front || sides.back ? PCB_COLORS['F.Cu'] : layerColor(pad.layers[0] ?? 'F.Paste');
  const meta: Record<string, string> = { class: 'pad', 'data-number': pad.number, 'data-type': pad.type, 'data-shape': pad.shape };
  if (place) {
    meta['data-ref'] = place.ref;
    if (pad.net && pad.net.name !== '') meta['data-net'] = pad.net.name;
  }
  r.beginLayer(back ? PAD_LAYERS.back : PAD_LAYERS.front);
  if (place) r.beginGroup({ transform: place.transform });
  r.beginGroup({ meta });

  const npth = pad.type === 'np_thru_hole';
  r.beginGroup({ transform, style: npth ? undefined : padStyle(color) });
  if (!npth) for (const s of padShapes(pad)) r.shape(s);
  for (const p of padLocalPoints(pad)) r.addBounds(p.x, p.y);
  r.endGroup();

  const d = pad.drill;
  if (d && d.width > 0) {
    const ox = d.offset?.x ?? 0;
    const oy = d.offset?.y ?? 0;
    r.beginGroup({ meta: HOLE_META, transform, style: npth ? NPTH_HOLE : PLATED_HOLE });
    if (d.oval && d.height !== d.width) {
      const x0 = ox - d.width / 2;
      const y0 = oy - d.height / 2;
      r.shape({ kind: 'rect', x0, y0, x1: x0 + d.width, y1: y0 + d.height, radius: Math.min(d.width, d.height) / 2, bounds: false });
    } else r.shape({ kind: 'circle', center: { x: ox, y: oy }, radius: d.width / 2, bounds: false });
    r.endGroup();
    r.addBounds(x, y, Math.max(d.width, d.height) / 2 + Math.hypot(ox, oy));
  }
  if (showNumber && pad.number !== '') paintPadNumber(r, pad, rotation);
  r.endGroup();
  if (place) r.endGroup();
  r.endLayer();
}

const HOLE_META = { class: 'hole' } as const;
const PLATED_HOLE: Style = { fill: PCB_COLORS.hole, stroke: 'none' };
/** A non-plated hole: the hole with a thin ring in the NPTH colour. */
const NPTH_HOLE: Style = { fill: PCB_COLORS.npthHole, stroke: PCB_COLORS.npthRing, width: 0.05 };
const padStyles = new Map<string, Style>();

/** A pad's copper style for its colour (a few colours: one object each, so renderers can reuse what they derive). */
function padStyle(color: string): Style {
  let style = padStyles.get(color);
  if (!style) padStyles.set(color, (style = { fill: color, color, stroke: 'none', opacity: PAD_OPACITY }));
  return style;
}

/** Number along the pad's long side, sized to fit (KiCad shows numbers on pads this way); not part of the box. */
function paintPadNumber(r: Renderer, pad: Pad, rotation: number): void {
  const tall = pad.size.height > pad.size.width;
  const long = Math.max(pad.size.width, pad.size.height);
  const short = Math.min(pad.size.width, pad.size.height);
  const perUnit = textWidth(pad.number, 1) || 1;
  const size = Math.min(short * 0.55, (long * 0.8) / perUnit, 1.5);
  if (size <= 0.05) return;
  r.text({ text: pad.number, at: pad.at, angle: rotation + (tall ? 90 : 0), size, h: 'center', v: 'center', fill: PCB_COLORS.padNumber, cls: 'pad-number', bounds: false });
}

/**
 * Copper outline of a pad in pad-local coordinates (centre 0,0, before rotation); the pad's box is
 * declared separately. `grow` (mm per side, x and y; negative shrinks) gives a mask or paste
 * opening: the size grows by twice it, a corner radius by the smaller one (so a grown
 * rectangle gets rounded corners, as KiCad plots a positive mask margin).
 */
export function padShapes(pad: Pad, grow: Point = NO_GROWTH): Shape[] {
  const w = Math.max(0, pad.size.width + 2 * grow.x);
  const h = Math.max(0, pad.size.height + 2 * grow.y);
  const g = Math.min(grow.x, grow.y);
  const hw = w / 2;
  const hh = h / 2;
  const rect = (radius: number): Shape => ({ kind: 'rect', x0: -hw, y0: -hh, x1: hw, y1: hh, radius, bounds: false });
  switch (pad.shape) {
    case 'circle':
      return [{ kind: 'circle', radius: Math.max(0, pad.size.width / 2 + grow.x), bounds: false }];
    case 'oval':
      return [rect(Math.min(w, h) / 2)];
    case 'roundrect':
    case 'rect': {
      if (pad.chamfer && pad.chamfer.length > 0 && (pad.chamferRatio ?? 0) > 0) return [chamferedRect(w, h, pad)];
      const ratio = pad.shape === 'rect' ? 0 : Math.min(0.5, Math.max(0, pad.roundrectRatio ?? 0.25));
      const radius = ratio * Math.min(pad.size.width, pad.size.height) + g;
      return [rect(Math.min(Math.max(0, radius), Math.min(w, h) / 2))];
    }
    case 'trapezoid': {
      // Corners as KiCad builds them from (rect_delta dx dy).
      const dx = (pad.rectDelta?.x ?? 0) / 2;
      const dy = (pad.rectDelta?.y ?? 0) / 2;
      const pts: Point[] = [
        { x: -hw - dy, y: hh + dx },
        { x: -hw + dy, y: -hh - dx },
        { x: hw - dy, y: -hh + dx },
        { x: hw + dy, y: hh - dx },
      ];
      return [{ kind: 'path', parts: [pts], closed: true, bounds: false }];
    }
    case 'custom': {
      const out: Shape[] = [pad.anchor === 'circle' ? { kind: 'circle', radius: hw, bounds: false } : rect(Math.max(0, g))];
      // Primitives grow by a stroke of twice the margin around them (shrinking is not drawn: too small to see).
      for (const prim of pad.primitives) {
        const s = primitiveShape(prim, Math.max(0, g));
        if (s) out.push({ ...s, bounds: false });
      }
      return out;
    }
    default:
      return [rect(0)];
  }
}

const NO_GROWTH: Point = { x: 0, y: 0 };

function chamferedRect(w: number, h: number, pad: Pad): Shape {
  const hw = w / 2;
  const hh = h / 2;
  const c = (pad.chamferRatio ?? 0) * Math.min(w, h);
  const has = (k: string): boolean => pad.chamfer?.includes(k) ?? false;
  const pts: Point[] = [];
  if (has('top_left')) pts.push({ x: -hw, y: -hh + c }, { x: -hw + c, y: -hh });
  else pts.push({ x: -hw, y: -hh });
  if (has('top_right')) pts.push({ x: hw - c, y: -hh }, { x: hw, y: -hh + c });
  else pts.push({ x: hw, y: -hh });
  if (has('bottom_right')) pts.push({ x: hw, y: hh - c }, { x: hw - c, y: hh });
  else pts.push({ x: hw, y: hh });
  if (has('bottom_left')) pts.push({ x: -hw + c, y: hh }, { x: -hw, y: hh - c });
  else pts.push({ x: -hw, y: hh });
  return { kind: 'path', parts: [pts], closed: true, bounds: false };
}

/** A custom pad's primitive: filled in the pad colour, outlined when it has a width (grown by `grow` mm each side). */
function primitiveShape(p: PadPrimitive, grow = 0): Shape | null {
  const outline = (width: number, filled: boolean): Style => {
    const s: Style = filled ? {} : { fill: 'none' };
    const w = width + 2 * grow;
    if (w > 0) {
      s.stroke = 'currentColor';
      s.width = w;
    }
    return s;
  };
  // KiCad draws thick pad segments and arcs with round ends.
  const line: Style = { fill: 'none', stroke: 'currentColor', width: lineWidth(p.width) + 2 * grow, cap: 'round' };
  switch (p.kind) {
    case 'line':
      return { kind: 'path', parts: [[p.start, p.end]], style: line };
    case 'rect': {
      return { kind: 'rect', x0: Math.min(p.start.x, p.end.x), y0: Math.min(p.start.y, p.end.y), x1: Math.max(p.start.x, p.end.x), y1: Math.max(p.start.y, p.end.y), style: outline(p.width, p.filled) };
    }
    case 'circle':
      return { kind: 'circle', center: p.center, radius: p.radius, style: outline(p.width, p.filled || p.width <= 0) };
    case 'arc':
      return { kind: 'arc', start: p.start, mid: p.mid, end: p.end, style: line };
    case 'poly':
      return p.points.length ? { kind: 'path', parts: [p.points], closed: true, style: outline(p.width, p.filled) } : null;
    case 'curve': {
      if (p.points.length < 4) return null;
      const [a, b, c, e] = p.points as [Point, Point, Point, Point];
      return { kind: 'bezier', points: [a, b, c, e], style: line };
    }
  }
}

/** KiCad's pad box in pad-local coordinates: the size rectangle, trapezoid delta and custom primitives. */
function padLocalPoints(pad: Pad): Point[] {
  const hw = pad.size.width / 2;
  const hh = pad.size.height / 2;
  const pts: Point[] = [
    { x: -hw, y: -hh },
    { x: hw, y: -hh },
    { x: hw, y: hh },
    { x: -hw, y: hh },
  ];
  if (pad.rectDelta) {
    const m = Math.max(Math.abs(pad.rectDelta.x), Math.abs(pad.rectDelta.y)) / 2;
    pts.push({ x: -hw - m, y: -hh - m }, { x: hw + m, y: hh + m });
  }
  for (const p of pad.primitives) {
    const w = (p.width ?? 0) / 2;
    switch (p.kind) {
      case 'line':
      case 'rect':
        pts.push({ x: p.start.x - w, y: p.start.y - w }, { x: p.end.x + w, y: p.end.y + w }, { x: p.start.x + w, y: p.start.y + w }, { x: p.end.x - w, y: p.end.y - w });
        break;
      case 'circle':
        pts.push({ x: p.center.x - p.radius - w, y: p.center.y - p.radius - w }, { x: p.center.x + p.radius + w, y: p.center.y + p.radius + w });
        break;
      case 'arc':
        for (const q of tessellateArc(p.start, p.mid, p.end, 8)) pts.push(q);
        break;
      case 'poly':
      case 'curve':
        for (const q of p.points) pts.push(q);
        break;
    }
  }
  return pts;
}
