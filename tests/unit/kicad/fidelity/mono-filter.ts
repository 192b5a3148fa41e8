// The monochrome single-layer view of a board painting, shared by the SVG and WebGL sources of
// the fidelity tests (no Node or DOM APIs: it is bundled into the browser page too).
import type { Point } from '../../../../src/lib/kicad/kicad-common.ts';
import type { GroupSpec, LayerSpec, Renderer, Shape, Style, TextShape } from '../../../../src/lib/kicad/render/renderer.ts';
import { strokeText } from '../../../../src/lib/kicad/text/stroke-font.ts';

/**
 * How texts reach the image: 'none' leaves them out, 'svg' passes them to the inner renderer
 * (SvgRenderer writes <text> in a sans-serif font; the WebGL scene strokes them in KiCad's font
 * itself), 'stroke' lays them out in KiCad's stroke font here and strokes the polylines.
 */
export type TextMode = 'none' | 'svg' | 'stroke';

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

