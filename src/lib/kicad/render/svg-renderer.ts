// SVG implementation of the Renderer: accumulates shapes per layer as SVG
// markup, grows the bounding box, and writes the document. The one place where
// world coordinates become SVG coordinates: a Y-up world (symbol libraries) is
// flipped here, numerically, so text is never drawn through a mirroring
// transform; group placements become `transform` attributes. Groups and layers
// become <g> elements carrying their meta and style (a style's properties are
// written in the order given); unset style is inherited, as SVG does.

import { arcBounds, arcFromThreePoints, type Point } from '../kicad-common.ts';
import { arcPath, Bounds, esc, fmt, svgDocument, svgText, type TextSpec } from '../svg-text.ts';
import { strokeText } from '../text/stroke-font.ts';
import type { Box, GroupSpec, LayerSpec, Renderer, Shape, Style, TextShape, Transform } from './renderer.ts';

/** 2D affine matrix: x' = e + a·x + c·y, y' = f + b·x + d·y. */
interface Matrix {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

interface Frame {
  spec: GroupSpec;
  out: string;
  /** Inherited stroke paint and line width (whether a width is written, and shapes' bounding-box padding). */
  stroke: string | undefined;
  width: number | undefined;
  matrix: Matrix;
  /** Sum of rotations of the enclosing groups (degrees, as seen on screen). */
  rotation: number;
}

interface Run {
  name: string;
  spec: LayerSpec;
  /** The layer's drawing state and markup, reused each time the run is resumed. */
  frame: Frame;
}

export interface SvgRendererOptions {
  /** The world is Y-up (KiCad symbol libraries): flip Y into SVG's Y-down. */
  yUp?: boolean;
  /**
   * Draw texts in KiCad's stroke font as stroked <path>s (KiCad's glyphs, pen
   * and text box) instead of <text> in a browser font. Default false: symbol
   * and footprint previews keep <text>.
   */
  strokeFont?: boolean;
  /**
   * Pen (mm) of stroke-font texts that set no thickness and are not bold; unset =
   * the font's default (height/8). The schematic editor uses its default line
   * width here, at most 0.18 × the height (KiCad's Clamp_Text_PenSize).
   */
  textPen?: number;
}

export interface SvgDocumentArgs {
  className: string;
  label: string;
  title: string;
  pxPerMm: number;
  background: string | null;
  /** Margin around the drawing, from its bounds (SVG coordinates). */
  margin: (b: Bounds) => number;
  /** Half-size of the box used when nothing was drawn. */
  emptyPad: number;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export class SvgRenderer implements Renderer {
  private readonly yUp: boolean;
  private readonly strokeFont: boolean;
  private readonly textPen: number | undefined;
  private readonly view: Matrix;
  /** In SVG coordinates. */
  private readonly box = new Bounds();
  private readonly layers = new Map<number, Run[]>();
  private run: Run | null = null;
  private readonly stack: Frame[];
  /** Group frames by stack depth, reused (layers keep their own in their Run). */
  private readonly groupFrames: Frame[] = [];
  /** The innermost open group or layer (the stack's last entry). */
  private cur: Frame;
  /** The last placement composed (parent matrix, transform → matrix) and written (transform → attribute): an item's groups often share one (a pad's copper and hole). */
  private lastParent: Matrix | null = null;
  private lastTransform: Transform | null = null;
  private lastPlaced: Matrix | null = null;
  private lastWritten: Transform | null = null;
  private lastWrittenText = '';

  constructor(opts: SvgRendererOptions = {}) {
    this.yUp = opts.yUp === true;
    this.strokeFont = opts.strokeFont === true;
    this.textPen = opts.textPen;
    this.view = { a: 1, b: 0, c: 0, d: this.yUp ? -1 : 1, e: 0, f: 0 };
    this.cur = { spec: {}, out: '', stroke: undefined, width: undefined, matrix: this.view, rotation: 0 };
    this.stack = [this.cur];
  }

  beginLayer(spec: LayerSpec): void {
    if (this.run) throw new Error('layers do not nest');
    let runs = this.layers.get(spec.z);
    if (!runs) this.layers.set(spec.z, (runs = []));
    let run = runs[runs.length - 1];
    // Consecutive items on the same layer share one <g>.
    if (!run || run.name !== spec.name) runs.push((run = { name: spec.name, spec, frame: this.frame(spec, this.cur) }));
    this.run = run;
    this.stack.push((this.cur = run.frame));
  }

  endLayer(): void {
    if (!this.run || this.stack.length !== 2) throw new Error('endLayer without beginLayer, or a group left open');
    this.stack.pop();
    this.cur = this.top();
    this.run = null;
  }

  beginGroup(spec: GroupSpec): void {
    this.push(spec);
  }

  endGroup(): void {
    if (this.stack.length <= (this.run ? 2 : 1)) throw new Error('endGroup without beginGroup');
    const frame = this.stack.pop() as Frame;
    this.cur = this.top();
    this.cur.out += element(frame.spec, frame.out, this.transformAttr(frame.spec.transform));
    // The frame is free again for the next group at this depth.
    frame.out = '';
  }

  shape(s: Shape): void {
    const top = this.cur;
    const attrs = styleAttrs(s.style, s.style?.stroke ?? top.stroke);
    const pad = (s.style?.width ?? top.width ?? 0) / 2;
    const track = s.bounds !== false;
    switch (s.kind) {
      case 'rect': {
        const y0 = this.yUp ? -s.y1 : s.y0;
        const y1 = this.yUp ? -s.y0 : s.y1;
        if (track) {
          this.grow(s.x0, s.y0, pad);
          this.grow(s.x1, s.y1, pad);
          if (top.rotation !== 0) {
            this.grow(s.x0, s.y1, pad);
            this.grow(s.x1, s.y0, pad);
          }
        }
        const rx = s.radius !== undefined && s.radius > 0 ? ` rx="${fmt(s.radius)}"` : '';
        top.out += `<rect x="${fmt(s.x0)}" y="${fmt(y0)}" width="${fmt(s.x1 - s.x0)}" height="${fmt(y1 - y0)}"${rx}${attrs}/>`;
        return;
      }
      case 'circle': {
        const c = s.center;
        if (track) {
          const cx = c?.x ?? 0;
          const cy = c?.y ?? 0;
          if (top.rotation === 0) {
            this.grow(cx - s.radius, cy - s.radius, pad);
            this.grow(cx + s.radius, cy + s.radius, pad);
          } else this.grow(cx, cy, s.radius + pad);
        }
        const at = c ? `cx="${fmt(c.x)}" cy="${fmt(this.y(c.y))}" ` : '';
        top.out += `<circle ${at}r="${fmt(s.radius)}"${attrs}/>`;
        return;
      }
      case 'arc': {
        const st = this.local(s.start);
        const m = this.local(s.mid);
        const e = this.local(s.end);
        if (track) {
          // Arc extremes in SVG space: the group matrix is applied to the SVG-space points.
          const ab = arcBounds(st, m, e);
          this.growLocal(ab.minX, ab.minY, pad);
          this.growLocal(ab.maxX, ab.maxY, pad);
          if (top.rotation !== 0) {
            this.growLocal(ab.minX, ab.maxY, pad);
            this.growLocal(ab.maxX, ab.minY, pad);
          }
        }
        if (!s.pie) {
          top.out += `<path d="${arcPath(st, m, e)}"${attrs}/>`;
          return;
        }
        const geo = arcFromThreePoints(st, m, e);
        if (geo) top.out += `<path d="M${fmt(geo.center.x)} ${fmt(geo.center.y)}L${arcPath(st, m, e).slice(1)}Z"${attrs}/>`;
        return;
      }
      case 'path': {
        let d = '';
        for (const part of s.parts) {
          for (let i = 0; i < part.length; i++) {
            const p = part[i] as Point;
            if (track) this.grow(p.x, p.y, pad);
            d += (i === 0 ? 'M' : 'L') + fmt(p.x) + ' ' + fmt(this.y(p.y));
          }
        }
        if (s.closed) d += 'Z';
        top.out += `<path d="${d}"${attrs}/>`;
        return;
      }
      case 'bezier': {
        const [a, b, c, e] = s.points;
        if (track) for (const p of s.points) this.grow(p.x, p.y, pad);
        const d = `M${fmt(a.x)} ${fmt(this.y(a.y))}C${fmt(b.x)} ${fmt(this.y(b.y))} ${fmt(c.x)} ${fmt(this.y(c.y))} ${fmt(e.x)} ${fmt(this.y(e.y))}`;
        top.out += `<path d="${s.closed ? d + 'Z' : d}"${attrs}/>`;
        return;
      }
      case 'image': {
        // The data comes from uploaded files: only base64 characters reach the attribute.
        if (!BASE64.test(s.data)) return;
        const x0 = s.at.x - s.width / 2;
        const y0 = s.at.y - s.height / 2;
        if (track) {
          this.grow(x0, y0, 0);
          this.grow(x0 + s.width, y0 + s.height, 0);
        }
        const top0 = this.yUp ? -(s.at.y + s.height / 2) : y0;
        top.out += `<image x="${fmt(x0)}" y="${fmt(top0)}" width="${fmt(s.width)}" height="${fmt(s.height)}" href="data:${s.mime};base64,${s.data}"/>`;
        return;
      }
    }
  }

  text(t: TextShape): void {
    if (this.strokeFont) {
      this.strokedText(t);
      return;
    }
    const top = this.cur;
    // One reused spec (svgText keeps nothing): no allocation per text, one object shape.
    const spec = TEXT_SPEC;
    spec.text = t.text;
    spec.x = t.at.x;
    spec.y = this.y(t.at.y);
    spec.angle = t.angle;
    spec.size = t.size;
    spec.h = t.h;
    spec.v = t.v;
    spec.fill = t.fill;
    spec.bold = t.bold;
    spec.italic = t.italic;
    spec.cls = t.cls;
    const placed = top.matrix !== this.view;
    const x = spec.x;
    let svg = svgText(spec, t.bounds === false || placed ? null : this.box);
    if (placed && t.bounds !== false) {
      // Inside a placed group: measure again at the anchor and angle on the page.
      const m = top.matrix;
      spec.x = m.e + m.a * t.at.x + m.c * t.at.y;
      spec.y = m.f + m.b * t.at.x + m.d * t.at.y;
      spec.angle = t.angle + top.rotation;
      svgText(spec, this.box);
    }
    // Text is filled, never outlined by an inherited stroke.
    if (top.stroke !== undefined && top.stroke !== 'none') svg = `<g stroke="none">${svg}</g>`;
    if (t.mirror) svg = `<g transform="translate(${fmt(x)} 0) scale(-1 1) translate(${fmt(-x)} 0)">${svg}</g>`;
    top.out += svg;
  }

  /**
   * A text in KiCad's stroke font: one stroked path in the current group's SVG
   * coordinates; the font handles markup, multi-line text and mirroring. Like
   * <text>, it is kept readable on screen (turned by 180° with its
   * justification swapped), whatever the enclosing groups' rotation.
   */
  private strokedText(t: TextShape): void {
    const top = this.cur;
    let angle = t.angle;
    let h = t.h;
    let v = t.v;
    const screen = (((angle + top.rotation) % 360) + 360) % 360;
    if (screen > 90 && screen <= 270) {
      angle += 180;
      h = h === 'left' ? 'right' : h === 'right' ? 'left' : h;
      v = v === 'top' ? 'bottom' : v === 'bottom' ? 'top' : v;
    }
    let thickness = t.thickness;
    if ((thickness === undefined || thickness <= 0) && !t.bold && this.textPen !== undefined) {
      thickness = Math.min(this.textPen, 0.18 * Math.min(t.size, t.width ?? t.size));
    }
    const local: TextShape = { ...t, at: { x: t.at.x, y: this.y(t.at.y) }, angle, h, v, thickness, keepUpright: false };
    const s = strokeText(local);
    if (t.bounds !== false) {
      // KiCad's text box, placed by the enclosing groups (exact for the usual quarter turns).
      const b = s.box;
      this.growLocal(b.minX, b.minY, 0);
      this.growLocal(b.maxX, b.maxY, 0);
      if (top.rotation !== 0) {
        this.growLocal(b.minX, b.maxY, 0);
        this.growLocal(b.maxX, b.minY, 0);
      }
    }
    let d = '';
    for (const p of s.strokes) {
      d += 'M' + fmt(p[0] ?? 0) + ' ' + fmt(p[1] ?? 0);
      for (let i = 2; i < p.length; i += 2) d += 'L' + fmt(p[i] ?? 0) + ' ' + fmt(p[i + 1] ?? 0);
    }
    if (d === '') return;
    const cls = t.cls ? ` class="${esc(t.cls)}"` : '';
    top.out += `<path d="${d}" fill="none" stroke="${t.fill}" stroke-width="${fmt(s.thickness)}" stroke-linecap="round" stroke-linejoin="round"${cls}/>`;
  }

  addBounds(x: number, y: number, pad = 0): void {
    this.grow(x, y, pad);
  }

  bounds(): Box | null {
    const b = this.box;
    if (b.isEmpty()) return null;
    return this.yUp ? { minX: b.minX, minY: -b.maxY, maxX: b.maxX, maxY: -b.minY } : { minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY };
  }

  /** Insert an already rendered drawing (e.g. one unit of a symbol) at the current position; `box` is its extent in SVG coordinates. */
  embed(svg: string, box: Bounds): void {
    this.cur.out += svg;
    this.growLocal(box.minX, box.minY, 0);
    this.growLocal(box.maxX, box.maxY, 0);
  }

  /** The drawing's SVG markup (layers composited by z) and its bounding box in SVG coordinates. */
  finish(): { svg: string; box: Bounds } {
    if (this.run || this.stack.length !== 1) throw new Error('a layer or group is still open');
    let svg = this.stack[0]?.out ?? '';
    for (const z of [...this.layers.keys()].sort((a, b) => a - b)) {
      for (const run of this.layers.get(z) ?? []) svg += element(run.spec, run.frame.out, this.transformAttr(run.spec.transform));
    }
    return { svg, box: this.box };
  }

  /** A standalone SVG document: viewBox from the bounds plus a margin. */
  toDocument(args: SvgDocumentArgs): string {
    const { svg, box } = this.finish();
    if (box.isEmpty()) box.add(0, 0, args.emptyPad);
    return svgDocument({
      className: args.className,
      label: args.label,
      title: args.title,
      bounds: box,
      margin: args.margin(box),
      pxPerMm: args.pxPerMm,
      background: args.background,
      body: svg,
    });
  }

  private top(): Frame {
    return this.stack[this.stack.length - 1] as Frame;
  }

  /** Open a group: group frames are reused by depth (a pin's, a pad's), as a group's markup is taken at endGroup. */
  private push(spec: GroupSpec): void {
    const depth = this.stack.length;
    let f = this.groupFrames[depth];
    if (f) this.setFrame(f, spec, this.cur);
    else this.groupFrames[depth] = f = this.frame(spec, this.cur);
    this.stack.push((this.cur = f));
  }

  private frame(spec: GroupSpec, parent: Frame): Frame {
    const f: Frame = { spec, out: '', stroke: undefined, width: undefined, matrix: this.view, rotation: 0 };
    this.setFrame(f, spec, parent);
    return f;
  }

  private setFrame(f: Frame, spec: GroupSpec, parent: Frame): void {
    const t = spec.transform;
    const style = spec.style;
    f.spec = spec;
    f.stroke = style?.stroke ?? parent.stroke;
    f.width = style?.width ?? parent.width;
    f.matrix = t ? this.placed(parent.matrix, t) : parent.matrix;
    f.rotation = parent.rotation + (t?.rotation ?? 0);
  }

  /** compose(), remembering the last result. */
  private placed(m: Matrix, t: Transform): Matrix {
    if (this.lastPlaced && this.lastParent === m && this.lastTransform === t) return this.lastPlaced;
    this.lastParent = m;
    this.lastTransform = t;
    return (this.lastPlaced = this.compose(m, t));
  }

  /** parent · translate(t) · rotate(t.rotation as seen on screen). */
  private compose(m: Matrix, t: Transform): Matrix {
    const e = m.e + m.a * t.x + m.c * t.y;
    const f = m.f + m.b * t.x + m.d * t.y;
    // Most items are not rotated: no trigonometry (cos 0 = 1 and sin 0 = 0 give this matrix, up to the sign of zeros).
    if ((t.rotation ?? 0) === 0) return { a: m.a, b: m.b, c: m.c, d: m.d, e, f };
    // Counter-clockwise on screen is a negative angle in Y-down worlds, positive in Y-up ones.
    const a = ((this.yUp ? 1 : -1) * (t.rotation ?? 0) * Math.PI) / 180;
    const cos = Math.cos(a);
    const sin = Math.sin(a);
    return {
      a: m.a * cos + m.c * sin,
      b: m.b * cos + m.d * sin,
      c: m.a * -sin + m.c * cos,
      d: m.b * -sin + m.d * cos,
      e,
      f,
    };
  }

  /** World Y to SVG Y (the view flip). */
  private y(y: number): number {
    return this.yUp ? -y : y;
  }

  private local(p: Point): Point {
    return this.yUp ? { x: p.x, y: -p.y } : p;
  }

  /** Grow by a world point of the current group. */
  private grow(x: number, y: number, pad: number): void {
    const m = this.cur.matrix;
    if (m === this.view) this.box.add(x, this.y(y), pad);
    else this.box.add(m.e + m.a * x + m.c * y, m.f + m.b * x + m.d * y, pad);
  }

  /** Grow by a point already in SVG orientation (view flip applied), placed by the group transforms. */
  private growLocal(x: number, y: number, pad: number): void {
    this.grow(x, this.y(y), pad);
  }

  private transformAttr(t: Transform | undefined): string {
    if (!t) return '';
    if (t === this.lastWritten) return this.lastWrittenText;
    const r = t.rotation ? ` rotate(${fmt(-t.rotation)})` : '';
    this.lastWritten = t;
    return (this.lastWrittenText = ` transform="translate(${fmt(t.x)} ${fmt(this.y(t.y))})${r}"`);
  }

}

/** The spec text() fills in for svgText, reused for every text (single-threaded, svgText does not keep it). */
const TEXT_SPEC: TextSpec = { text: '', x: 0, y: 0, angle: 0, size: 0, h: 'left', v: 'top', fill: '', bold: undefined, italic: undefined, cls: undefined };

/** A group's <g>, or its bare content when it has nothing to say; empty groups are dropped unless kept. */
function element(spec: GroupSpec, content: string, transform: string): string {
  if (content === '' && !spec.keepEmpty) return '';
  let attrs = '';
  const meta = spec.meta;
  if (meta) for (const k in meta) attrs += ' ' + k + '="' + esc(meta[k] as string) + '"';
  attrs += transform + styleAttrs(spec.style, spec.style?.stroke);
  if (spec.visible === false) attrs += ' display="none"';
  return attrs === '' ? content : `<g${attrs}>${content}</g>`;
}

/**
 * The last style written, and its text: painters draw runs of shapes with one
 * constant style (pin lines, a layer's outlines, a pad colour's copper).
 * Styles are not changed once drawn (renderer.ts), so the text stays valid.
 */
let lastStyle: Style | undefined;
let lastUnstroked = false;
let lastStyleText = '';

/** Style as SVG presentation attributes, in the style's own order; a width is written only where a stroke is drawn. */
function styleAttrs(style: Style | undefined, stroke: string | undefined): string {
  if (!style) return '';
  const unstroked = stroke === 'none';
  if (style === lastStyle && unstroked === lastUnstroked) return lastStyleText;
  lastStyle = style;
  lastUnstroked = unstroked;
  return (lastStyleText = writeStyle(style, stroke));
}

function writeStyle(style: Style, stroke: string | undefined): string {
  let out = '';
  const keys = Object.keys(style);
  for (let i = 0; i < keys.length; i++) {
    switch (keys[i]) {
      case 'fill':
        out += ` fill="${style.fill}"`;
        break;
      case 'stroke':
        out += ` stroke="${style.stroke}"`;
        break;
      case 'width':
        if (stroke !== 'none' && style.width !== undefined) out += ` stroke-width="${fmt(style.width)}"`;
        break;
      case 'color':
        out += ` color="${style.color}"`;
        break;
      case 'opacity':
        out += ` opacity="${fmt(style.opacity as number)}"`;
        break;
      case 'dash': {
        const [on, off] = style.dash as readonly [number, number];
        out += ` stroke-dasharray="${fmt(on)} ${fmt(off)}"`;
        break;
      }
      case 'cap':
        out += ` stroke-linecap="${style.cap}"`;
        break;
    }
  }
  return out;
}
