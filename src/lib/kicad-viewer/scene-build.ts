// MeshRenderer: a kicad/render Renderer that tessellates what painters draw into
// the viewer's Scene (scene.ts): per layer, indexed triangles for fills and
// capsule instances for strokes and round things, in world mm after group
// transforms; an item per group with meta, with its box, net and the ranges of
// its geometry (hit-testing). Arrays grow by doubling; no per-vertex objects.

import earcut from 'earcut';
import { arcFromThreePoints, type Point } from '../kicad/kicad-common.ts';
import type { Box, GroupSpec, LayerSpec, Renderer, Shape, Style, TextShape } from '../kicad/render/renderer.ts';
import { parseColor, withOpacity } from './color.ts';
import { CURRENT_COLOR, RANGE, layerKindOf, rgbaToHex, type LayerBatch, type Scene, type SceneImage, type SceneItem, type SceneLayerInfo } from './scene.ts';
import { drawText, type TextSink } from './scene-text.ts';

/** Chord tolerance of tessellated curves, mm (a few µm: invisible at any zoom a board is read at). */
const CHORD_TOLERANCE = 0.003;
const MIN_SEGMENTS = 8;
const MAX_SEGMENTS = 128;
/** Polygons with more points than this are drawn as stencilled fans (no triangulation: zone fills have thousands of points). */
const FAN_MIN_POINTS = 24;
/** Ring vertices per local fan (see fanLoop). */
const FAN_CHUNK = 8;

/** Segments for a full circle of radius r within the chord tolerance. */
export function circleSegments(r: number): number {
  if (!(r > CHORD_TOLERANCE)) return MIN_SEGMENTS;
  const n = Math.ceil(Math.PI / Math.acos(1 - CHORD_TOLERANCE / r));
  return Math.max(MIN_SEGMENTS, Math.min(MAX_SEGMENTS, n));
}

class F32 {
  a: Float32Array;
  n = 0;
  constructor(cap: number) {
    this.a = new Float32Array(cap);
  }
  reserve(k: number): Float32Array {
    if (this.n + k > this.a.length) {
      const b = new Float32Array(Math.max(this.a.length * 2, this.n + k));
      b.set(this.a.subarray(0, this.n));
      this.a = b;
    }
    return this.a;
  }
  done(): Float32Array {
    return this.a.slice(0, this.n);
  }
}

class U32 {
  a: Uint32Array;
  n = 0;
  constructor(cap: number) {
    this.a = new Uint32Array(cap);
  }
  reserve(k: number): Uint32Array {
    if (this.n + k > this.a.length) {
      const b = new Uint32Array(Math.max(this.a.length * 2, this.n + k));
      b.set(this.a.subarray(0, this.n));
      this.a = b;
    }
    return this.a;
  }
  done(): Uint32Array {
    return this.a.slice(0, this.n);
  }
}

class LayerBuild {
  readonly triPos = new F32(256);
  readonly triCol = new U32(128);
  readonly triId = new U32(128);
  readonly triIdx = new U32(256);
  readonly fanIdx = new U32(256);
  readonly fanRings = new U32(16);
  readonly capGeo = new F32(320);
  readonly capCol = new U32(64);
  readonly capId = new U32(64);
  /** Packed layer colour (0 = none yet). */
  color = 0;
  colorCss = '';
  readonly name: string;
  readonly z: number;
  readonly order: number;
  constructor(name: string, z: number, order: number) {
    this.name = name;
    this.z = z;
    this.order = order;
  }
}

interface Frame {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
  fill: string | undefined;
  stroke: string | undefined;
  width: number | undefined;
  color: string | undefined;
  opacity: number;
  dash: readonly [number, number] | undefined;
  round: boolean;
  /** Item id the geometry belongs to (0 = none). */
  item: number;
  /** This frame opened `item`. */
  opens: boolean;
  visible: boolean;
}

function frame(): Frame {
  return { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0, fill: undefined, stroke: undefined, width: undefined, color: undefined, opacity: 1, dash: undefined, round: false, item: 0, opens: false, visible: true };
}

/** Groups whose meta names a part of the enclosing item, not an item of its own. */
const PART_CLASSES = new Set(['hole', 'pad-number']);

export class MeshRenderer implements Renderer, TextSink {
  private readonly layers = new Map<string, LayerBuild>();
  private layer: LayerBuild | null = null;
  private lastSpec: LayerSpec | null = null;
  private lastLayer: LayerBuild | null = null;
  private readonly stack: Frame[] = [frame()];
  private depth = 0;
  private readonly items: SceneItem[] = [];
  private layerOfItem: number[] = [0];
  private ranges = new U32(1024);
  private boxes = new Float64Array(1024);
  private itemNet: number[] = [0];
  private readonly netIndex = new Map<string, number>([['', 0]]);
  private readonly nets: string[] = [''];
  private readonly images: SceneImage[] = [];
  private minX = Infinity;
  private minY = Infinity;
  private maxX = -Infinity;
  private maxY = -Infinity;
  /** Scratch for transformed polyline points. */
  private pts = new Float64Array(256);
  /** Current shape's resolved colours and flags. */
  private fillCol = 0;
  private fillFlag = 0;
  private strokeCol = 0;
  private strokeFlag = 0;

  private readonly kind: Scene['kind'];

  constructor(kind: Scene['kind']) {
    this.kind = kind;
    this.ranges.n = RANGE;
  }

  beginLayer(spec: LayerSpec): void {
    let L = this.lastSpec === spec ? this.layer ?? this.lastLayer : this.layers.get(spec.name);
    if (!L) {
      L = new LayerBuild(spec.name, spec.z, this.layers.size);
      this.layers.set(spec.name, L);
    }
    this.layer = L;
    const st = spec.style;
    const colour = st?.color ?? (st?.stroke && st.stroke !== 'none' && st.stroke !== 'currentColor' ? st.stroke : undefined);
    if (colour && !L.color) {
      L.color = parseColor(colour);
      L.colorCss = colour;
    }
    this.lastSpec = spec;
    this.lastLayer = L;
    this.depth = 0;
    const root = this.stack[0] as Frame;
    root.a = 1;
    root.b = 0;
    root.c = 0;
    root.d = 1;
    root.e = 0;
    root.f = 0;
    root.fill = root.stroke = root.color = undefined;
    root.width = undefined;
    root.opacity = 1;
    root.dash = undefined;
    root.round = false;
    root.item = 0;
    root.opens = false;
    root.visible = true;
    this.push(spec, root);
  }

  endLayer(): void {
    while (this.depth > 0) this.endGroup();
    this.layer = null;
  }

  beginGroup(spec: GroupSpec): void {
    const parent = this.stack[this.depth] as Frame;
    this.depth++;
    let f = this.stack[this.depth];
    if (!f) this.stack.push((f = frame()));
    f.a = parent.a;
    f.b = parent.b;
    f.c = parent.c;
    f.d = parent.d;
    f.e = parent.e;
    f.f = parent.f;
    f.fill = parent.fill;
    f.stroke = parent.stroke;
    f.width = parent.width;
    f.color = parent.color;
    f.opacity = parent.opacity;
    f.dash = parent.dash;
    f.round = parent.round;
    f.item = parent.item;
    f.visible = parent.visible;
    f.opens = false;
    this.push(spec, f);
  }

  private push(spec: GroupSpec, f: Frame): void {
    const t = spec.transform;
    if (t) {
      const e = f.e + f.a * t.x + f.c * t.y;
      const ff = f.f + f.b * t.x + f.d * t.y;
      const rot = t.rotation ?? 0;
      if (rot !== 0) {
        // Counter-clockwise as seen on screen is a negative angle in this Y-down world.
        const ang = (-rot * Math.PI) / 180;
        const cos = Math.cos(ang);
        const sin = Math.sin(ang);
        const { a, b, c, d } = f;
        f.a = a * cos + c * sin;
        f.b = b * cos + d * sin;
        f.c = -a * sin + c * cos;
        f.d = -b * sin + d * cos;
      }
      f.e = e;
      f.f = ff;
    }
    const s = spec.style;
    if (s) {
      if (s.fill !== undefined) f.fill = s.fill;
      if (s.stroke !== undefined) f.stroke = s.stroke;
      if (s.width !== undefined) f.width = s.width;
      if (s.color !== undefined) f.color = s.color;
      if (s.opacity !== undefined) f.opacity *= s.opacity;
      if (s.dash !== undefined) f.dash = s.dash;
      if (s.cap !== undefined) f.round = s.cap === 'round';
    }
    if (spec.visible === false) f.visible = false;
    const meta = spec.meta;
    if (meta && this.layer && this.depth > 0 && !(f.item !== 0 && PART_CLASSES.has(meta.class ?? ''))) {
      f.item = this.openItem(meta);
      f.opens = true;
    }
  }

  private openItem(meta: Readonly<Record<string, string>>): number {
    const L = this.layer as LayerBuild;
    const id = this.items.length + 1;
    this.items.push({ id, layer: L.name, meta, box: { minX: 0, minY: 0, maxX: 0, maxY: 0 } });
    const r = this.ranges.reserve(RANGE);
    const ro = id * RANGE;
    r[ro] = L.triIdx.n;
    r[ro + 2] = L.capGeo.n / 5;
    r[ro + 4] = L.fanIdx.n;
    this.ranges.n = ro + RANGE;
    const o = id * 4;
    if (this.boxes.length < (id + 1) * 4) {
      const nb = new Float64Array(this.boxes.length * 2);
      nb.set(this.boxes);
      this.boxes = nb;
    }
    this.boxes[o] = Infinity;
    this.boxes[o + 1] = Infinity;
    this.boxes[o + 2] = -Infinity;
    this.boxes[o + 3] = -Infinity;
    this.layerOfItem[id] = L.order;
    const net = meta['data-net'];
    let ni = 0;
    if (net) {
      ni = this.netIndex.get(net) ?? 0;
      if (ni === 0) {
        ni = this.nets.length;
        this.nets.push(net);
        this.netIndex.set(net, ni);
      }
    }
    this.itemNet[id] = ni;
    return id;
  }

  endGroup(): void {
    if (this.depth === 0) return;
    const f = this.stack[this.depth] as Frame;
    if (f.opens) {
      const L = this.layer as LayerBuild;
      const id = f.item;
      const ro = id * RANGE;
      this.ranges.a[ro + 1] = L.triIdx.n;
      this.ranges.a[ro + 3] = L.capGeo.n / 5;
      this.ranges.a[ro + 5] = L.fanIdx.n;
      const o = id * 4;
      const bx = this.boxes;
      const parent = (this.stack[this.depth - 1] as Frame).item;
      if (parent !== 0 && bx[o] !== Infinity) {
        const p = parent * 4;
        bx[p] = Math.min(bx[p] as number, bx[o] as number);
        bx[p + 1] = Math.min(bx[p + 1] as number, bx[o + 1] as number);
        bx[p + 2] = Math.max(bx[p + 2] as number, bx[o + 2] as number);
        bx[p + 3] = Math.max(bx[p + 3] as number, bx[o + 3] as number);
      }
    }
    this.depth--;
  }

  addBounds(x: number, y: number, pad = 0): void {
    const f = this.stack[this.depth] as Frame;
    this.grow(f.a * x + f.c * y + f.e, f.b * x + f.d * y + f.f, pad);
  }

  bounds(): Box | null {
    return this.minX <= this.maxX ? { minX: this.minX, minY: this.minY, maxX: this.maxX, maxY: this.maxY } : null;
  }

  private grow(x: number, y: number, pad: number): void {
    if (x - pad < this.minX) this.minX = x - pad;
    if (y - pad < this.minY) this.minY = y - pad;
    if (x + pad > this.maxX) this.maxX = x + pad;
    if (y + pad > this.maxY) this.maxY = y + pad;
    const id = (this.stack[this.depth] as Frame).item;
    if (id !== 0) {
      const o = id * 4;
      const b = this.boxes;
      if (x - pad < (b[o] as number)) b[o] = x - pad;
      if (y - pad < (b[o + 1] as number)) b[o + 1] = y - pad;
      if (x + pad > (b[o + 2] as number)) b[o + 2] = x + pad;
      if (y + pad > (b[o + 3] as number)) b[o + 3] = y + pad;
    }
  }

  /** Resolve a paint to a packed colour; sets the CURRENT_COLOR flag when it is the layer's colour. Returns false for 'none'. */
  private resolve(paint: string | undefined, style: Style | undefined, f: Frame, isFill: boolean): boolean {
    if (paint === undefined || paint === 'none') return false;
    const L = this.layer as LayerBuild;
    let css = paint;
    if (paint === 'currentColor') css = style?.color ?? f.color ?? L.colorCss;
    if (!css || css === 'none') return false;
    const opacity = f.opacity * (style?.opacity ?? 1);
    let col = parseColor(css);
    if (!L.color) {
      L.color = col;
      L.colorCss = css;
    }
    const flag = (col & 0xffffff) === (L.color & 0xffffff) ? CURRENT_COLOR : 0;
    col = withOpacity(col, opacity);
    if ((col >>> 24) === 0) return false;
    if (isFill) {
      this.fillCol = col;
      this.fillFlag = flag;
    } else {
      this.strokeCol = col;
      this.strokeFlag = flag;
    }
    return true;
  }

  shape(s: Shape): void {
    const L = this.layer;
    if (!L) return;
    const f = this.stack[this.depth] as Frame;
    const st = s.style;
    const width = st?.width ?? f.width ?? 0;
    const pad = width / 2;
    const track = s.bounds !== false;
    if (!f.visible) {
      if (track) this.shapeBounds(s, f, pad);
      return;
    }
    const hasFill = this.resolve(st?.fill ?? f.fill, st, f, true);
    const hasStroke = this.resolve(st?.stroke ?? f.stroke, st, f, false);
    const dash = st?.dash ?? f.dash;
    const r = width / 2;
    switch (s.kind) {
      case 'rect': {
        const rad = Math.max(0, Math.min(s.radius ?? 0, Math.abs(s.x1 - s.x0) / 2, Math.abs(s.y1 - s.y0) / 2));
        const n = rad > 0 ? this.roundRectPoints(s.x0, s.y0, s.x1, s.y1, rad, f) : this.quadPoints(s.x0, s.y0, s.x1, s.y1, f);
        if (hasFill) this.fan(n, this.fillCol | 0, this.fillFlag);
        if (hasStroke) this.strokePts(n, true, r, dash);
        if (track) for (let i = 0; i < n; i++) this.grow(this.pts[2 * i] as number, this.pts[2 * i + 1] as number, pad);
        return;
      }
      case 'circle': {
        const cx = s.center?.x ?? 0;
        const cy = s.center?.y ?? 0;
        const wx = f.a * cx + f.c * cy + f.e;
        const wy = f.b * cx + f.d * cy + f.f;
        const sameColour = hasFill && hasStroke && this.fillCol === this.strokeCol;
        if (hasFill) this.capsule(wx, wy, wx, wy, sameColour ? s.radius + r : s.radius, this.fillCol, this.fillFlag);
        if (hasStroke && !sameColour) {
          const n = this.circlePoints(wx, wy, s.radius);
          this.strokePts(n, true, r, dash);
        }
        if (track) this.grow(wx, wy, s.radius + pad);
        return;
      }
      case 'arc': {
        const g = arcFromThreePoints(s.start, s.mid, s.end);
        let n: number;
        let cx = 0;
        let cy = 0;
        if (!g) {
          n = this.localPoints([s.start, s.end], f);
        } else {
          const segs = Math.max(2, Math.ceil((circleSegments(g.radius) * Math.abs(g.sweep)) / (2 * Math.PI)));
          n = segs + 1;
          const p = this.scratch(n + 1);
          for (let i = 0; i <= segs; i++) {
            const a = g.startAngle + (g.sweep * i) / segs;
            const x = g.center.x + g.radius * Math.cos(a);
            const y = g.center.y + g.radius * Math.sin(a);
            p[2 * i] = f.a * x + f.c * y + f.e;
            p[2 * i + 1] = f.b * x + f.d * y + f.f;
          }
          cx = f.a * g.center.x + f.c * g.center.y + f.e;
          cy = f.b * g.center.x + f.d * g.center.y + f.f;
        }
        if (s.pie && hasFill && g) {
          // Centre as the last point: a fan of the closed pie.
          const p = this.pts;
          p[2 * n] = cx;
          p[2 * n + 1] = cy;
          this.fill(n + 1, this.fillCol, this.fillFlag);
        }
        if (hasStroke) this.strokePts(s.pie && g ? this.pieOutline(n, cx, cy) : n, false, r, dash);
        if (track) for (let i = 0; i < n; i++) this.grow(this.pts[2 * i] as number, this.pts[2 * i + 1] as number, pad);
        return;
      }
      case 'path': {
        const parts = s.parts;
        for (let k = 0; k < parts.length; k++) {
          const part = parts[k] as readonly Point[];
          const n = this.localPoints(part, f);
          if (n === 0) continue;
          if (track) for (let i = 0; i < n; i++) this.grow(this.pts[2 * i] as number, this.pts[2 * i + 1] as number, pad);
          if (hasFill && n >= 3) this.fill(n, this.fillCol, this.fillFlag);
          if (hasStroke) this.strokePts(n, s.closed === true && k === parts.length - 1, r, dash);
        }
        return;
      }
      case 'bezier': {
        const n = this.bezierPoints(s.points, f);
        if (track) for (let i = 0; i < n; i++) this.grow(this.pts[2 * i] as number, this.pts[2 * i + 1] as number, pad);
        if (hasFill && n >= 3) this.fill(n, this.fillCol, this.fillFlag);
        if (hasStroke) this.strokePts(n, s.closed === true, r, dash);
        return;
      }
      case 'image': {
        const x0 = s.at.x - s.width / 2;
        const y0 = s.at.y - s.height / 2;
        const q = new Float32Array(6);
        const put = (i: number, x: number, y: number): void => {
          q[2 * i] = f.a * x + f.c * y + f.e;
          q[2 * i + 1] = f.b * x + f.d * y + f.f;
        };
        put(0, x0, y0);
        put(1, x0 + s.width, y0);
        put(2, x0, y0 + s.height);
        this.images.push({ layer: L.order, quad: q, mime: s.mime, data: s.data, item: f.item });
        if (track) {
          this.grow(q[0] as number, q[1] as number, 0);
          this.grow(q[2] as number, q[3] as number, 0);
          this.grow(q[4] as number, q[5] as number, 0);
          this.grow((q[2] as number) + (q[4] as number) - (q[0] as number), (q[3] as number) + (q[5] as number) - (q[1] as number), 0);
        }
        return;
      }
    }
  }

  /** Bounds of an invisible shape (kept for hit-testing and framing). */
  private shapeBounds(s: Shape, f: Frame, pad: number): void {
    let n = 0;
    switch (s.kind) {
      case 'rect':
        n = this.quadPoints(s.x0, s.y0, s.x1, s.y1, f);
        break;
      case 'circle': {
        const cx = s.center?.x ?? 0;
        const cy = s.center?.y ?? 0;
        this.grow(f.a * cx + f.c * cy + f.e, f.b * cx + f.d * cy + f.f, s.radius + pad);
        return;
      }
      case 'arc':
        n = this.localPoints([s.start, s.mid, s.end], f);
        break;
      case 'path':
        for (const part of s.parts) {
          const k = this.localPoints(part, f);
          for (let i = 0; i < k; i++) this.grow(this.pts[2 * i] as number, this.pts[2 * i + 1] as number, pad);
        }
        return;
      case 'bezier':
        n = this.localPoints(s.points, f);
        break;
      case 'image':
        n = this.quadPoints(s.at.x - s.width / 2, s.at.y - s.height / 2, s.at.x + s.width / 2, s.at.y + s.height / 2, f);
        break;
    }
    for (let i = 0; i < n; i++) this.grow(this.pts[2 * i] as number, this.pts[2 * i + 1] as number, pad);
  }

  text(t: TextShape): void {
    const L = this.layer;
    if (!L) return;
    const f = this.stack[this.depth] as Frame;
    const fillPaint = t.fill === 'currentColor' ? (f.color ?? L.colorCss) : t.fill;
    if (!this.resolve(fillPaint, undefined, f, false)) {
      if (t.bounds !== false) drawText(this, t, f, false);
      return;
    }
    drawText(this, t, f, f.visible, t.bounds !== false);
  }

  // TextSink: text strokes arrive in world coordinates with the current stroke colour.
  textSegment(x0: number, y0: number, x1: number, y1: number, r: number): void {
    this.capsule(x0, y0, x1, y1, r, this.strokeCol, this.strokeFlag);
  }

  textBounds(x: number, y: number, pad: number): void {
    this.grow(x, y, pad);
  }

  // ---- geometry into the scratch buffer (world coordinates) ----

  private scratch(n: number): Float64Array {
    if (this.pts.length < 2 * n + 4) this.pts = new Float64Array(Math.max(2 * n + 4, this.pts.length * 2));
    return this.pts;
  }

  private localPoints(pts: readonly Point[], f: Frame): number {
    const p = this.scratch(pts.length + 1);
    const { a, b, c, d, e } = f;
    const ff = f.f;
    for (let i = 0; i < pts.length; i++) {
      const q = pts[i] as Point;
      p[2 * i] = a * q.x + c * q.y + e;
      p[2 * i + 1] = b * q.x + d * q.y + ff;
    }
    return pts.length;
  }

  private quadPoints(x0: number, y0: number, x1: number, y1: number, f: Frame): number {
    const p = this.scratch(4);
    const put = (i: number, x: number, y: number): void => {
      p[2 * i] = f.a * x + f.c * y + f.e;
      p[2 * i + 1] = f.b * x + f.d * y + f.f;
    };
    put(0, x0, y0);
    put(1, x1, y0);
    put(2, x1, y1);
    put(3, x0, y1);
    return 4;
  }

  private roundRectPoints(x0: number, y0: number, x1: number, y1: number, rad: number, f: Frame): number {
    const lx = Math.min(x0, x1);
    const hx = Math.max(x0, x1);
    const ly = Math.min(y0, y1);
    const hy = Math.max(y0, y1);
    const q = Math.max(2, Math.ceil(circleSegments(rad) / 4));
    const p = this.scratch(4 * (q + 1));
    const corners = [
      [hx - rad, ly + rad, -Math.PI / 2],
      [hx - rad, hy - rad, 0],
      [lx + rad, hy - rad, Math.PI / 2],
      [lx + rad, ly + rad, Math.PI],
    ] as const;
    let k = 0;
    for (const [cx, cy, a0] of corners) {
      for (let i = 0; i <= q; i++) {
        const a = a0 + ((Math.PI / 2) * i) / q;
        const x = cx + rad * Math.cos(a);
        const y = cy + rad * Math.sin(a);
        p[2 * k] = f.a * x + f.c * y + f.e;
        p[2 * k + 1] = f.b * x + f.d * y + f.f;
        k++;
      }
    }
    return k;
  }

  private circlePoints(wx: number, wy: number, radius: number): number {
    const n = circleSegments(radius);
    const p = this.scratch(n);
    for (let i = 0; i < n; i++) {
      const a = (2 * Math.PI * i) / n;
      p[2 * i] = wx + radius * Math.cos(a);
      p[2 * i + 1] = wy + radius * Math.sin(a);
    }
    return n;
  }

  /** The pie's outline: centre, then the arc (points shifted by one). */
  private pieOutline(n: number, cx: number, cy: number): number {
    const p = this.scratch(n + 2);
    for (let i = 2 * n - 1; i >= 0; i--) p[i + 2] = p[i] as number;
    p[0] = cx;
    p[1] = cy;
    p[2 * (n + 1)] = cx;
    p[2 * (n + 1) + 1] = cy;
    return n + 2;
  }

  private bezierPoints(q: readonly [Point, Point, Point, Point], f: Frame): number {
    const [p0, p1, p2, p3] = q;
    const len = Math.hypot(p1.x - p0.x, p1.y - p0.y) + Math.hypot(p2.x - p1.x, p2.y - p1.y) + Math.hypot(p3.x - p2.x, p3.y - p2.y);
    const segs = Math.max(4, Math.min(64, Math.ceil(Math.sqrt(len / CHORD_TOLERANCE) / 2)));
    const p = this.scratch(segs + 2);
    for (let i = 0; i <= segs; i++) {
      const t = i / segs;
      const u = 1 - t;
      const w0 = u * u * u;
      const w1 = 3 * u * u * t;
      const w2 = 3 * u * t * t;
      const w3 = t * t * t;
      const x = w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x;
      const y = w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y;
      p[2 * i] = f.a * x + f.c * y + f.e;
      p[2 * i + 1] = f.b * x + f.d * y + f.f;
    }
    return segs + 1;
  }

  // ---- emission ----

  private pushVertices(n: number, col: number, flag: number): number {
    const L = this.layer as LayerBuild;
    const base = L.triPos.n / 2;
    const pos = L.triPos.reserve(2 * n);
    const cols = L.triCol.reserve(n);
    const ids = L.triId.reserve(n);
    const id = ((this.stack[this.depth] as Frame).item | flag) >>> 0;
    const p = this.pts;
    let o = L.triPos.n;
    for (let i = 0; i < n; i++) {
      pos[o++] = p[2 * i] as number;
      pos[o++] = p[2 * i + 1] as number;
      cols[base + i] = col;
      ids[base + i] = id;
    }
    L.triPos.n = o;
    L.triCol.n = base + n;
    L.triId.n = base + n;
    return base;
  }

  /** A convex polygon of the n scratch points as a triangle fan. */
  private fan(n: number, col: number, flag: number): void {
    if (n < 3) return;
    const L = this.layer as LayerBuild;
    const base = this.pushVertices(n, col >>> 0, flag);
    const idx = L.triIdx.reserve(3 * (n - 2));
    let o = L.triIdx.n;
    for (let i = 1; i < n - 1; i++) {
      idx[o++] = base;
      idx[o++] = base + i;
      idx[o++] = base + i + 1;
    }
    L.triIdx.n = o;
  }

  /**
   * Any simple polygon of the n scratch points: triangles and convex quads
   * directly, small polygons by earcut, large ones as a fan drawn with an
   * even-odd stencil (the XOR of a fan's triangles is the polygon, whatever its
   * shape), which costs O(n) here instead of ear clipping's much worse cases.
   */
  private fill(n: number, col: number, flag: number): void {
    if (n <= 4 && (n === 3 || this.convexQuad())) {
      this.fan(n, col, flag);
      return;
    }
    if (n > FAN_MIN_POINTS) {
      const L = this.layer as LayerBuild;
      const base = this.pushVertices(n, col >>> 0, flag);
      const ring = new Uint32Array(n);
      for (let i = 0; i < n; i++) ring[i] = base + i;
      const rings = L.fanRings.reserve(2);
      rings[L.fanRings.n] = base;
      rings[L.fanRings.n + 1] = n;
      L.fanRings.n += 2;
      this.fanLoop(L.fanIdx, ring, n);
      return;
    }
    const tris = earcut(this.pts.subarray(0, 2 * n));
    if (tris.length === 0) return;
    const L = this.layer as LayerBuild;
    const base = this.pushVertices(n, col >>> 0, flag);
    const idx = L.triIdx.reserve(tris.length);
    let o = L.triIdx.n;
    for (let i = 0; i < tris.length; i++) idx[o++] = base + (tris[i] as number);
    L.triIdx.n = o;
  }

  /**
   * Even-odd fans of a vertex ring with little overdraw: the ring is cut into
   * chunks of FAN_CHUNK consecutive vertices, each chunk closed by a chord and
   * fanned locally, and the loop of chunk starts is treated the same way,
   * recursively. The loops' boundaries sum to the ring's (every chord is walked
   * once each way), so their parities XOR to the polygon; one fan over a
   * fractured zone outline would instead cover the board tens of times.
   */
  private fanLoop(out: U32, ring: Uint32Array, n: number): void {
    if (n < 3) return;
    if (n <= FAN_CHUNK + 1) {
      const idx = out.reserve(3 * (n - 2));
      let o = out.n;
      for (let i = 1; i < n - 1; i++) {
        idx[o++] = ring[0] as number;
        idx[o++] = ring[i] as number;
        idx[o++] = ring[i + 1] as number;
      }
      out.n = o;
      return;
    }
    const m = Math.ceil(n / FAN_CHUNK);
    const starts = new Uint32Array(m);
    const idx0 = out.reserve(3 * n);
    void idx0;
    for (let j = 0; j < m; j++) {
      const s0 = j * FAN_CHUNK;
      const s1 = Math.min(s0 + FAN_CHUNK, n);
      starts[j] = ring[s0] as number;
      const apex = ring[s0] as number;
      const last = s1 === n ? (ring[0] as number) : (ring[s1] as number);
      const idx = out.reserve(3 * FAN_CHUNK);
      let o = out.n;
      for (let i = s0 + 1; i < s1; i++) {
        idx[o++] = apex;
        idx[o++] = ring[i] as number;
        idx[o++] = i + 1 < s1 ? (ring[i + 1] as number) : last;
      }
      out.n = o;
    }
    this.fanLoop(out, starts, m);
  }

  private convexQuad(): boolean {
    const p = this.pts;
    let sign = 0;
    for (let i = 0; i < 4; i++) {
      const j = (i + 1) % 4;
      const k = (i + 2) % 4;
      const cr = ((p[2 * j] as number) - (p[2 * i] as number)) * ((p[2 * k + 1] as number) - (p[2 * j + 1] as number)) - ((p[2 * j + 1] as number) - (p[2 * i + 1] as number)) * ((p[2 * k] as number) - (p[2 * j] as number));
      if (cr === 0) continue;
      const s = cr > 0 ? 1 : -1;
      if (sign === 0) sign = s;
      else if (s !== sign) return false;
    }
    return true;
  }

  private capsule(x0: number, y0: number, x1: number, y1: number, r: number, col: number, flag: number): void {
    const L = this.layer as LayerBuild;
    const g = L.capGeo.reserve(5);
    let o = L.capGeo.n;
    g[o++] = x0;
    g[o++] = y0;
    g[o++] = x1;
    g[o++] = y1;
    g[o++] = r;
    L.capGeo.n = o;
    const k = L.capCol.n;
    L.capCol.reserve(1)[k] = col >>> 0;
    L.capCol.n = k + 1;
    L.capId.reserve(1)[k] = ((this.stack[this.depth] as Frame).item | flag) >>> 0;
    L.capId.n = k + 1;
  }

  /** Stroke the n scratch points as round-capped segments (round joins come free), dashed if asked. */
  private strokePts(n: number, closed: boolean, r: number, dash: readonly [number, number] | undefined): void {
    const p = this.pts;
    const col = this.strokeCol;
    const flag = this.strokeFlag;
    if (n === 1) {
      this.capsule(p[0] as number, p[1] as number, p[0] as number, p[1] as number, r, col, flag);
      return;
    }
    const segs = closed ? n : n - 1;
    if (dash && dash[0] > 0 && dash[1] >= 0) {
      const period = dash[0] + dash[1];
      let phase = 0;
      for (let i = 0; i < segs; i++) {
        const j = (i + 1) % n;
        const x0 = p[2 * i] as number;
        const y0 = p[2 * i + 1] as number;
        const dx = (p[2 * j] as number) - x0;
        const dy = (p[2 * j + 1] as number) - y0;
        const len = Math.hypot(dx, dy);
        let t = 0;
        while (t < len) {
          const inDash = phase < dash[0];
          const step = Math.min(len - t, inDash ? dash[0] - phase : period - phase);
          if (inDash && step > 0) this.capsule(x0 + (dx * t) / len, y0 + (dy * t) / len, x0 + (dx * (t + step)) / len, y0 + (dy * (t + step)) / len, r, col, flag);
          t += step;
          phase = (phase + step) % period;
          if (step <= 0) break;
        }
      }
      return;
    }
    for (let i = 0; i < segs; i++) {
      const j = (i + 1) % n;
      this.capsule(p[2 * i] as number, p[2 * i + 1] as number, p[2 * j] as number, p[2 * j + 1] as number, r, col, flag);
    }
  }

  finish(): Scene {
    const builds = [...this.layers.values()].sort((x, y) => x.z - y.z || x.order - y.order);
    const remap = new Uint16Array(builds.length);
    builds.forEach((L, i) => (remap[L.order] = i));
    const layers: SceneLayerInfo[] = builds.map((L) => ({
      name: L.name,
      z: L.z,
      color: L.color ? rgbaToHex(L.color) : '#c2c2c2',
      ...layerKindOf(L.name, this.kind),
    }));
    const batches: LayerBatch[] = builds.map((L) => ({
      triPos: L.triPos.done(),
      triCol: L.triCol.done(),
      triId: L.triId.done(),
      triIdx: L.triIdx.done(),
      fanIdx: L.fanIdx.done(),
      fanRings: L.fanRings.done(),
      capGeo: L.capGeo.done(),
      capCol: L.capCol.done(),
      capId: L.capId.done(),
    }));
    const n = this.items.length;
    const itemLayers = new Uint16Array(n + 1);
    const itemNets = new Uint32Array(n + 1);
    const b = this.boxes;
    for (let id = 1; id <= n; id++) {
      itemLayers[id] = remap[this.layerOfItem[id] as number] as number;
      itemNets[id] = this.itemNet[id] as number;
      const item = this.items[id - 1] as SceneItem;
      const o = id * 4;
      if (b[o] !== Infinity) item.box = { minX: b[o] as number, minY: b[o + 1] as number, maxX: b[o + 2] as number, maxY: b[o + 3] as number };
    }
    for (const im of this.images) im.layer = remap[im.layer] as number;
    const ranges = this.ranges;
    ranges.reserve(0);
    return {
      kind: this.kind,
      layers,
      items: this.items,
      bounds: this.bounds(),
      batches,
      itemNets,
      nets: this.nets,
      itemRanges: ranges.a.slice(0, (n + 1) * RANGE),
      itemLayers,
      images: this.images,
    };
  }
}
