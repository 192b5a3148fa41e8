// Our side of the board comparison: one KiCad layer of a board painted by board-painter.ts onto
// an SvgRenderer, in monochrome (every paint black, holes white as KiCad's "actual size" drill
// marks plot them), framed like the reference PNG and rasterised by the same code. The image
// source is a function so the WebGL view can be screenshotted into the same comparison.
import { readFileSync } from 'node:fs';
import { parseBoard, type Board } from '../../../../src/lib/kicad/board.ts';
import { paintBoard } from '../../../../src/lib/kicad/render/board-painter.ts';
import type { GroupSpec, LayerSpec, Renderer, Shape, Style, TextShape } from '../../../../src/lib/kicad/render/renderer.ts';
import { SvgRenderer } from '../../../../src/lib/kicad/render/svg-renderer.ts';
import type { Point } from '../../../../src/lib/kicad/kicad-common.ts';
import { strokeText } from '../../../../src/lib/kicad/text/stroke-font.ts';
import { rasterizeSvg, type Frame, type Mask } from './mask.ts';

export interface LayerImageRequest {
  board: Board;
  /** KiCad canonical layer name (F.Cu, F.SilkS, Edge.Cuts …). */
  layer: string;
  frame: Frame;
  /** Leave texts out (compared against the reference with KiCad's stroked texts removed). */
  noText: boolean;
}

/**
 * How texts reach the image: 'none' leaves them out, 'svg' lets SvgRenderer write <text> (a
 * sans-serif font, as the SVG previews do), 'stroke' lays them out in KiCad's stroke font
 * (text/stroke-font.ts, as the WebGL view draws them) and strokes the polylines.
 */
export type TextMode = 'none' | 'svg' | 'stroke';

/** Anything that can produce the mask of one board layer in a frame. */
export type LayerImageSource = (req: LayerImageRequest) => Promise<Mask>;

export function loadBoard(path: string): Board {
  const { board, errors } = parseBoard(readFileSync(path), path);
  if (!board || errors.length) throw new Error(`${path}: ${errors.map((e) => e.reason).join('; ')}`);
  return board;
}

/** KiCad 7+ user names → the canonical names our painter and KiCad 6's plot use. */
const CANONICAL: Record<string, string> = {
  'F.Silkscreen': 'F.SilkS',
  'B.Silkscreen': 'B.SilkS',
  'F.Courtyard': 'F.CrtYd',
  'B.Courtyard': 'B.CrtYd',
  'User.Drawings': 'Dwgs.User',
  'User.Comments': 'Cmts.User',
  'User.Eco1': 'Eco1.User',
  'User.Eco2': 'Eco2.User',
  'F.Adhesive': 'F.Adhes',
  'B.Adhesive': 'B.Adhes',
};

export function canonicalLayer(name: string): string {
  return CANONICAL[name] ?? name;
}

const BLACK = '#000000';
const WHITE = '#ffffff';

function mono(p: string | undefined): string | undefined {
  return p === undefined || p === 'none' || p === 'currentColor' ? p : BLACK;
}

/**
 * A Renderer that forwards to another one only what is drawn on the accepted layers, with every
 * colour turned black and opacity dropped; a hole (meta class "hole") is white and unstroked.
 */
export class MonochromeLayerFilter implements Renderer {
  private depth = 0;
  private active = false;
  private readonly styles = new Map<Style, Style>();

  private readonly inner: Renderer;
  private readonly accept: (layer: string) => boolean;
  private readonly texts: TextMode;

  constructor(inner: Renderer, accept: (layer: string) => boolean, texts: TextMode) {
    this.inner = inner;
    this.accept = accept;
    this.texts = texts;
  }

  private style(s: Style | undefined): Style | undefined {
    if (!s) return s;
    let m = this.styles.get(s);
    if (!m) {
      m = { ...s, fill: mono(s.fill), stroke: mono(s.stroke), color: mono(s.color) };
      for (const k of ['fill', 'stroke', 'color'] as const) if (m[k] === undefined) delete m[k];
      delete m.opacity;
      this.styles.set(s, m);
    }
    return m;
  }

  beginLayer(spec: LayerSpec): void {
    this.active = this.accept(spec.name);
    if (this.active) this.inner.beginLayer({ ...spec, style: this.style(spec.style) });
  }
  endLayer(): void {
    if (this.active) this.inner.endLayer();
    this.active = false;
  }
  beginGroup(spec: GroupSpec): void {
    if (!this.active) return;
    this.depth++;
    const hole = spec.meta?.class === 'hole';
    this.inner.beginGroup({ ...spec, style: hole ? { fill: WHITE, stroke: 'none' } : this.style(spec.style) });
  }
  endGroup(): void {
    if (!this.active) return;
    this.depth--;
    this.inner.endGroup();
  }
  shape(s: Shape): void {
    if (this.active) this.inner.shape(s.style ? { ...s, style: this.style(s.style) } : s);
  }
  text(t: TextShape): void {
    if (!this.active || this.texts === 'none' || t.text === '') return;
    if (this.texts === 'svg') {
      this.inner.text({ ...t, fill: mono(t.fill) ?? BLACK });
      return;
    }
    const st = strokeText(t);
    const parts: Point[][] = [];
    for (const line of st.strokes) {
      const pts: Point[] = [];
      for (let i = 0; i + 1 < line.length; i += 2) pts.push({ x: line[i] as number, y: line[i + 1] as number });
      // A dot (one point) is a zero-length round-capped stroke.
      if (pts.length === 1) pts.push(pts[0] as Point);
      parts.push(pts);
    }
    if (parts.length) this.inner.shape({ kind: 'path', parts, style: { fill: 'none', stroke: BLACK, width: st.thickness, cap: 'round' } });
  }
  addBounds(x: number, y: number, pad?: number): void {
    if (this.active) this.inner.addBounds(x, y, pad);
  }
  bounds(): ReturnType<Renderer['bounds']> {
    return this.inner.bounds();
  }
}

/** Renderer layers that make up one KiCad layer's image: the layer itself, plus pads and vias for copper. */
export function rendererLayersFor(layer: string): (name: string) => boolean {
  const copper = layer.endsWith('.Cu');
  return (name) => name === layer || (copper && (name === ':Pads:Front' || name === ':Pads:Back' || name === ':Vias'));
}

/** The SVG of one layer in the frame (white background, black ink). */
export function ourLayerSvg(req: LayerImageRequest, texts: TextMode = 'stroke'): string {
  const layer = canonicalLayer(req.layer);
  const svg = new SvgRenderer();
  paintBoard(new MonochromeLayerFilter(svg, rendererLayersFor(layer), req.noText ? 'none' : texts), req.board, { layers: new Set([layer]) });
  const { frame } = req;
  const w = frame.width / frame.pxPerMm;
  const h = frame.height / frame.pxPerMm;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${frame.width}" height="${frame.height}" viewBox="${frame.x0} ${frame.y0} ${w} ${h}"><rect x="${frame.x0}" y="${frame.y0}" width="${w}" height="${h}" fill="#fff"/>${svg.finish().svg}</svg>`;
}

/** Board painter → SvgRenderer (texts in KiCad's stroke font) → sharp. */
export const svgPainterSource: LayerImageSource = (req) => rasterizeSvg(ourLayerSvg(req, 'stroke'), req.frame);
