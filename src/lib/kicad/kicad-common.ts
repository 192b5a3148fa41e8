// Small typed readers shared by the symbol and footprint models: positions,
// text effects, strokes. Kept separate so both models read these the same way
// across KiCad 6-9 spellings (bare `hide` vs `(hide yes)`, `(width)` vs `(stroke)`).

import { atomAt, child, hasFlag, headOf, isList, numAt, type SexprList } from './sexpr.ts';
import type { ServerMessageKey } from '../server/messages/zh.ts';

/** The server messages a KiCad design file problem can be told with (`kicad.*`, `kicad.sch.*`, `kicad.pro.*`). */
export type KicadMessageKey = Extract<ServerMessageKey, `kicad.${string}`>;

/**
 * One problem in a KiCad design file, the same for boards, schematics, sheet
 * hierarchies and projects: the user reads `serverMessage(key, locale, vars)`
 * (or the same key in a client table); `reason` is English detail for logs.
 */
export interface KicadIssue {
  key: KicadMessageKey;
  /** The file at fault (for a sheet hierarchy: the file holding the sheet symbol). */
  file: string;
  /** 1-based line in `file` (1 when the whole file is concerned). */
  line: number;
  reason: string;
  /** Placeholders of the message; always includes `file` and `line`. */
  vars: Record<string, string | number>;
}

export function kicadIssue(key: KicadMessageKey, file: string, line: number, reason: string, vars: Record<string, string | number> = {}): KicadIssue {
  return { key, file, line, reason, vars: { file, line, ...vars } };
}

export interface Point {
  x: number;
  y: number;
}

export interface Placement extends Point {
  /** Degrees, counter-clockwise as seen in KiCad. */
  rotation: number;
}

export type HAlign = 'left' | 'center' | 'right';
export type VAlign = 'top' | 'center' | 'bottom';

export interface TextEffects {
  /** Glyph height in mm (`(size H W)`). */
  height: number;
  /** Glyph width in mm. */
  width: number;
  thickness?: number;
  bold: boolean;
  italic: boolean;
  hAlign: HAlign;
  vAlign: VAlign;
  mirror: boolean;
  /** Hidden through `effects` (KiCad 6-8) - the owner may also carry `(hide yes)`. */
  hidden: boolean;
  face?: string;
}

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

export interface Stroke {
  /** mm; 0 means "default width" in KiCad. */
  width: number;
  /** default | solid | dash | dot | dash_dot | dash_dot_dot */
  type: string;
  color?: Rgba;
}

export const DEFAULT_TEXT_SIZE = 1.27;

export function readPoint(list: SexprList | undefined): Point {
  return { x: numAt(list, 1), y: numAt(list, 2) };
}

export function readPlacement(list: SexprList | undefined): Placement {
  return { x: numAt(list, 1), y: numAt(list, 2), rotation: numAt(list, 3) };
}

export function readColor(list: SexprList | undefined): Rgba | undefined {
  if (!list) return undefined;
  return { r: numAt(list, 1), g: numAt(list, 2), b: numAt(list, 3), a: numAt(list, 4, 1) };
}

export function defaultEffects(size = DEFAULT_TEXT_SIZE): TextEffects {
  return {
    height: size,
    width: size,
    bold: false,
    italic: false,
    hAlign: 'center',
    vAlign: 'center',
    mirror: false,
    hidden: false,
  };
}

/** Reads `(effects (font (size H W) (thickness t) bold italic) (justify ...) hide)`. */
export function readEffects(effects: SexprList | undefined, defaultSize = DEFAULT_TEXT_SIZE): TextEffects {
  const out = defaultEffects(defaultSize);
  if (!effects) return out;
  const font = child(effects, 'font');
  if (font) {
    const size = child(font, 'size');
    if (size) {
      out.height = numAt(size, 1, defaultSize);
      out.width = numAt(size, 2, out.height);
    }
    const th = child(font, 'thickness');
    if (th) out.thickness = numAt(th, 1);
    out.bold = hasFlag(font, 'bold');
    out.italic = hasFlag(font, 'italic');
    const face = atomAt(child(font, 'face'), 1);
    if (face !== undefined) out.face = face;
  }
  const justify = child(effects, 'justify');
  if (justify) {
    for (let i = 1; i < justify.items.length; i++) {
      const j = justify.items[i];
      if (j === 'left' || j === 'right') out.hAlign = j;
      else if (j === 'top' || j === 'bottom') out.vAlign = j;
      else if (j === 'mirror') out.mirror = true;
    }
  }
  out.hidden = hasFlag(effects, 'hide');
  return out;
}

/** Reads `(stroke (width w) (type t) (color r g b a))`, or a legacy `(width w)` sibling. */
export function readStroke(owner: SexprList): Stroke {
  const stroke = child(owner, 'stroke');
  if (stroke) {
    const out: Stroke = { width: numAt(child(stroke, 'width'), 1), type: atomAt(child(stroke, 'type'), 1) ?? 'default' };
    const color = readColor(child(stroke, 'color'));
    if (color && color.a > 0) out.color = color;
    return out;
  }
  return { width: numAt(child(owner, 'width'), 1), type: 'default' };
}

/** Every `(xy x y)` of a `(pts ...)` list, plus tessellated `(arc ...)` segments (KiCad 7+ polys). */
export function readPoints(pts: SexprList | undefined): Point[] {
  const out: Point[] = [];
  if (!pts) return out;
  for (let i = 1; i < pts.items.length; i++) {
    const it = pts.items[i];
    if (!isList(it)) continue;
    const h = headOf(it);
    if (h === 'xy') out.push({ x: numAt(it, 1), y: numAt(it, 2) });
    else if (h === 'arc') {
      const s = readPoint(child(it, 'start'));
      const m = readPoint(child(it, 'mid'));
      const e = readPoint(child(it, 'end'));
      for (const p of tessellateArc(s, m, e, 8)) out.push(p);
    }
  }
  return out;
}

export interface ArcGeometry {
  center: Point;
  radius: number;
  /** Radians, standard maths orientation in the arc's own coordinate system. */
  startAngle: number;
  /** Signed sweep in radians from start through mid to end. */
  sweep: number;
}

/** Circle through three points; null when they are (nearly) collinear. */
export function arcFromThreePoints(s: Point, m: Point, e: Point): ArcGeometry | null {
  const ax = s.x;
  const ay = s.y;
  const bx = m.x;
  const by = m.y;
  const cx = e.x;
  const cy = e.y;
  const d = 2 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by));
  if (Math.abs(d) < 1e-12) return null;
  const a2 = ax * ax + ay * ay;
  const b2 = bx * bx + by * by;
  const c2 = cx * cx + cy * cy;
  const ux = (a2 * (by - cy) + b2 * (cy - ay) + c2 * (ay - by)) / d;
  const uy = (a2 * (cx - bx) + b2 * (ax - cx) + c2 * (bx - ax)) / d;
  const radius = Math.hypot(ax - ux, ay - uy);
  const a0 = Math.atan2(ay - uy, ax - ux);
  const am = Math.atan2(by - uy, bx - ux);
  const a1 = Math.atan2(cy - uy, cx - ux);
  const TAU = Math.PI * 2;
  const norm = (v: number): number => ((v % TAU) + TAU) % TAU;
  // Counter-clockwise (increasing angle) sweep from start to end; if mid is not on it, go the other way.
  const ccw = norm(a1 - a0);
  const ccwMid = norm(am - a0);
  const sweep = ccwMid <= ccw ? ccw : ccw - TAU;
  return { center: { x: ux, y: uy }, radius, startAngle: a0, sweep };
}

/** Points along a three-point arc (segments+1 points, start and end included). */
export function tessellateArc(s: Point, m: Point, e: Point, segments: number): Point[] {
  const g = arcFromThreePoints(s, m, e);
  if (!g) return [s, m, e];
  const out: Point[] = [];
  for (let i = 0; i <= segments; i++) {
    const a = g.startAngle + (g.sweep * i) / segments;
    out.push({ x: g.center.x + g.radius * Math.cos(a), y: g.center.y + g.radius * Math.sin(a) });
  }
  return out;
}

/** Bounding box of a three-point arc (including the extreme points it passes). */
export function arcBounds(s: Point, m: Point, e: Point): { minX: number; minY: number; maxX: number; maxY: number } {
  const pts = tessellateArc(s, m, e, 24);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of pts) {
    if (p.x < minX) minX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.x > maxX) maxX = p.x;
    if (p.y > maxY) maxY = p.y;
  }
  return { minX, minY, maxX, maxY };
}
