// A library symbol placed on a sheet: KiCad library drawings are Y-up, sheets
// Y-down, and a placed symbol may be rotated by multiples of 90° and mirrored.
// The Renderer's group transforms only rotate and translate, so the symbol
// painter draws through `PlacedRenderer`, which maps every coordinate with
// the placement's 2×2 matrix and forwards to the sheet's renderer. Text is
// never mirrored or upside down on a schematic: a text's direction is mapped
// and then turned readable (0° or 90°) with its justification recomputed, as
// KiCad does for placed symbols.

import type { Point } from '../kicad-common.ts';
import { shapeExtentPoints, type Box, type GroupSpec, type LayerSpec, type Meta, type Renderer, type Shape, type Style, type TextShape } from './renderer.ts';

/** Row-major 2×2 matrix [a, b, c, d]: (x, y) → (a·x + b·y, c·x + d·y). */
export type Mat2 = readonly [number, number, number, number];

export const IDENTITY: Mat2 = [1, 0, 0, 1];
/** Library (Y-up) to sheet (Y-down). */
export const FLIP_Y: Mat2 = [1, 0, 0, -1];

export function mul(m: Mat2, n: Mat2): Mat2 {
  return [m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3], m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3]];
}

export function apply(m: Mat2, x: number, y: number): Point {
  return { x: m[0] * x + m[1] * y, y: m[2] * x + m[3] * y };
}

/** Rotation by `deg` counter-clockwise as seen on screen, in Y-down coordinates (exact for multiples of 90°). */
function screenRotation(deg: number): Mat2 {
  const q = ((Math.round(deg) % 360) + 360) % 360;
  if (q === 0) return IDENTITY;
  if (q === 90) return [0, 1, -1, 0];
  if (q === 180) return [-1, 0, 0, -1];
  if (q === 270) return [0, -1, 1, 0];
  const a = (deg * Math.PI) / 180;
  return [Math.cos(a), Math.sin(a), -Math.sin(a), Math.cos(a)];
}

/**
 * The placement of a symbol in sheet (Y-down) coordinates, without the
 * library's Y flip: `(mirror x)` flips about the horizontal axis, `(mirror y)`
 * about the vertical one; KiCad turns the symbol first and mirrors the result
 * (the other order puts the pins of mirrored quarter-turned symbols off
 * their wires: checked in the placement tests).
 */
export function placementMatrix(rotation: number, mirror?: 'x' | 'y'): Mat2 {
  const m: Mat2 = mirror === 'x' ? [1, 0, 0, -1] : mirror === 'y' ? [-1, 0, 0, 1] : IDENTITY;
  return mul(m, screenRotation(rotation));
}

/** Where a library point lands on the sheet. */
export function libToSheet(placement: Mat2, at: Point, p: Point): Point {
  const q = apply(mul(placement, FLIP_Y), p.x, p.y);
  return { x: at.x + q.x, y: at.y + q.y };
}

type H = TextShape['h'];
type V = TextShape['v'];

/**
 * Readable angle (0 or 90) and justification of a text whose baseline
 * direction `d` and glyph-down direction `n` (screen, Y-down) come from a
 * mapping: the box around the anchor keeps its side, the glyphs turn upright.
 */
export function readableText(d: Point, n: Point, h: H, v: V): { angle: number; h: H; v: V } {
  const hx = h === 'left' ? 1 : h === 'right' ? -1 : 0;
  const vy = v === 'top' ? 1 : v === 'bottom' ? -1 : 0;
  // Direction from the anchor to the box centre, on screen.
  const ox = hx * d.x + vy * n.x;
  const oy = hx * d.y + vy * n.y;
  const just = (hs: number, vs: number): { h: H; v: V } => ({
    h: hx === 0 ? 'center' : hs > 0 ? 'left' : 'right',
    v: vy === 0 ? 'center' : vs > 0 ? 'top' : 'bottom',
  });
  // Horizontal: left-justified text extends to +x, top-justified hangs below (+y).
  if (Math.abs(d.x) >= Math.abs(d.y)) return { angle: 0, ...just(ox, oy) };
  // Vertical (reads bottom to top): left-justified extends up (−y), top-justified hangs to the right (+x).
  return { angle: 90, ...just(-oy, ox) };
}

export interface PlacedRendererOptions {
  /** Sheet layer for each symbol layer name (SYMBOL_LAYERS names). */
  layers: Readonly<Record<string, LayerSpec>>;
  /** Symbol painter colours → theme colours. */
  colors: ReadonlyMap<string, string>;
  /** Group opened inside every layer the symbol draws on (the symbol's identity). */
  meta: Meta;
}

/**
 * Forwards a symbol painter's drawing onto a sheet renderer: coordinates
 * through `matrix` then `origin`; symbol layers to sheet layers, each wrapped
 * in the symbol's group; painter colours to theme colours; pin groups get
 * the placed symbol's identity. Tracks the box of body graphics (for DNP).
 */
export class PlacedRenderer implements Renderer {
  matrix: Mat2 = FLIP_Y;
  origin: Point = { x: 0, y: 0 };
  /** Box of the body's shapes and the pins' ends, sheet coordinates. */
  body: Box | null = null;
  /** Group opened inside every layer the symbol draws on (the symbol's identity). */
  meta: Meta;
  /** Style of the symbol's groups (a do-not-populate symbol is faded). */
  groupStyle: Style | undefined = undefined;
  /** Extra identity for pin groups (data-ref, data-net), by pin number. */
  pinMeta: ((number: string) => Record<string, string>) | null = null;
  private readonly styles = new Map<Style, Style>();
  private inLayer = false;
  private groupDepth = 0;

  private readonly inner: Renderer;
  private readonly o: PlacedRendererOptions;

  constructor(inner: Renderer, o: PlacedRendererOptions) {
    this.inner = inner;
    this.o = o;
    this.meta = o.meta;
  }

  beginLayer(spec: LayerSpec): void {
    const target = this.o.layers[spec.name] ?? spec;
    this.inner.beginLayer(target);
    this.inner.beginGroup(this.groupStyle ? { meta: this.meta, style: this.groupStyle } : { meta: this.meta });
    this.inLayer = target.name.endsWith('body') || target.name.endsWith('body-fill');
  }

  endLayer(): void {
    this.inner.endGroup();
    this.inner.endLayer();
    this.inLayer = false;
  }

  beginGroup(spec: GroupSpec): void {
    this.groupDepth++;
    let meta = spec.meta;
    if (meta && meta.class === 'pin' && this.pinMeta) meta = { ...meta, ...this.pinMeta(meta['data-number'] ?? '') };
    // Symbol painters place nothing through group transforms; a transform would bypass the mapping.
    this.inner.beginGroup({ meta, style: spec.style && this.style(spec.style), visible: spec.visible, keepEmpty: spec.keepEmpty });
  }

  endGroup(): void {
    this.groupDepth--;
    this.inner.endGroup();
  }

  private pt(p: Point): Point {
    const m = this.matrix;
    return { x: this.origin.x + m[0] * p.x + m[1] * p.y, y: this.origin.y + m[2] * p.x + m[3] * p.y };
  }

  private style(s: Style): Style {
    let out = this.styles.get(s);
    if (out) return out;
    const c = this.o.colors;
    out = { ...s };
    if (s.fill && c.has(s.fill)) out.fill = c.get(s.fill);
    if (s.stroke && c.has(s.stroke)) out.stroke = c.get(s.stroke);
    if (s.color && c.has(s.color)) out.color = c.get(s.color);
    this.styles.set(s, out);
    return out;
  }

  private grow(p: Point, pad: number): void {
    const b = this.body;
    if (!b) this.body = { minX: p.x - pad, minY: p.y - pad, maxX: p.x + pad, maxY: p.y + pad };
    else {
      b.minX = Math.min(b.minX, p.x - pad);
      b.minY = Math.min(b.minY, p.y - pad);
      b.maxX = Math.max(b.maxX, p.x + pad);
      b.maxY = Math.max(b.maxY, p.y + pad);
    }
  }

  shape(s: Shape): void {
    const style = s.style && this.style(s.style);
    let out: Shape;
    switch (s.kind) {
      case 'rect': {
        const a = this.pt({ x: s.x0, y: s.y0 });
        const b = this.pt({ x: s.x1, y: s.y1 });
        out = { ...s, style, x0: Math.min(a.x, b.x), y0: Math.min(a.y, b.y), x1: Math.max(a.x, b.x), y1: Math.max(a.y, b.y) };
        break;
      }
      case 'circle':
        out = { ...s, style, center: this.pt(s.center ?? { x: 0, y: 0 }) };
        break;
      case 'arc':
        out = { ...s, style, start: this.pt(s.start), mid: this.pt(s.mid), end: this.pt(s.end) };
        break;
      case 'path':
        out = { ...s, style, parts: s.parts.map((part) => part.map((p) => this.pt(p))) };
        break;
      case 'bezier':
        out = { ...s, style, points: [this.pt(s.points[0]), this.pt(s.points[1]), this.pt(s.points[2]), this.pt(s.points[3])] };
        break;
      case 'image': {
        const swap = Math.abs(this.matrix[1]) > Math.abs(this.matrix[0]);
        out = { ...s, style, at: this.pt(s.at), width: swap ? s.height : s.width, height: swap ? s.width : s.height };
        break;
      }
    }
    if (this.inLayer && this.groupDepth === 0 && s.bounds !== false) {
      const pad = (s.style?.width ?? 0) / 2;
      for (const p of shapeExtentPoints(out)) this.grow(p, pad);
    }
    this.inner.shape(out);
  }

  text(t: TextShape): void {
    const a = (t.angle * Math.PI) / 180;
    const m = this.matrix;
    // Library text frame (Y-up): baseline (cos, sin), glyph-down (sin, −cos).
    const d = apply(m, Math.cos(a), Math.sin(a));
    const n = apply(m, Math.sin(a), -Math.cos(a));
    const r = readableText(d, n, t.h, t.v);
    const fill = this.o.colors.get(t.fill) ?? t.fill;
    this.inner.text({ ...t, at: this.pt(t.at), angle: r.angle, h: r.h, v: r.v, fill, mirror: undefined });
  }

  addBounds(x: number, y: number, pad?: number): void {
    const p = this.pt({ x, y });
    // Pins declare their ends here: the body box (for the DNP cross) spans them, as KiCad's does.
    this.grow(p, 0);
    this.inner.addBounds(p.x, p.y, pad);
  }

  bounds(): Box | null {
    return this.inner.bounds();
  }
}

