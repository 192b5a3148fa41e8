// The Renderer interface's own test implementation: records every call with the
// layer and group it was made in, so painter tests can assert what was drawn
// where, without going through SVG. Bounds are the plain union of declared
// points and shape points (no transforms), enough for painters that read them.
import { shapeExtentPoints, type Box, type GroupSpec, type LayerSpec, type Renderer, type Shape, type TextShape } from '../../../../src/lib/kicad/render/renderer.ts';

export type Call =
  | { op: 'shape'; layer: string | null; groups: GroupSpec[]; shape: Shape }
  | { op: 'text'; layer: string | null; groups: GroupSpec[]; text: TextShape }
  | { op: 'bounds'; layer: string | null; groups: GroupSpec[]; x: number; y: number; pad: number }
  | { op: 'group'; layer: string | null; spec: GroupSpec };

export class RecordingRenderer implements Renderer {
  readonly calls: Call[] = [];
  readonly layers: LayerSpec[] = [];
  private layer: LayerSpec | null = null;
  private readonly groups: GroupSpec[] = [];
  private box: Box | null = null;

  beginLayer(spec: LayerSpec): void {
    if (this.layer) throw new Error(`layer ${spec.name} begun inside ${this.layer.name}`);
    this.layer = spec;
    this.layers.push(spec);
  }

  endLayer(): void {
    if (!this.layer) throw new Error('endLayer without beginLayer');
    if (this.groups.length) throw new Error('endLayer with a group open');
    this.layer = null;
  }

  beginGroup(spec: GroupSpec): void {
    this.calls.push({ op: 'group', layer: this.layer?.name ?? null, spec });
    this.groups.push(spec);
  }

  endGroup(): void {
    if (!this.groups.pop()) throw new Error('endGroup without beginGroup');
  }

  shape(s: Shape): void {
    this.calls.push({ op: 'shape', layer: this.layer?.name ?? null, groups: [...this.groups], shape: s });
    if (s.bounds === false) return;
    for (const p of shapeExtentPoints(s)) this.grow(p.x, p.y, 0);
  }

  text(t: TextShape): void {
    this.calls.push({ op: 'text', layer: this.layer?.name ?? null, groups: [...this.groups], text: t });
    if (t.bounds !== false) this.grow(t.at.x, t.at.y, 0);
  }

  addBounds(x: number, y: number, pad = 0): void {
    this.calls.push({ op: 'bounds', layer: this.layer?.name ?? null, groups: [...this.groups], x, y, pad });
    this.grow(x, y, pad);
  }

  bounds(): Box | null {
    return this.box;
  }

  shapes(layer?: string): Shape[] {
    return this.calls.flatMap((c) => (c.op === 'shape' && (layer === undefined || c.layer === layer) ? [c.shape] : []));
  }

  texts(cls?: string): TextShape[] {
    return this.calls.flatMap((c) => (c.op === 'text' && (cls === undefined || c.text.cls === cls) ? [c.text] : []));
  }

  private grow(x: number, y: number, pad: number): void {
    const b = this.box;
    if (!b) this.box = { minX: x - pad, minY: y - pad, maxX: x + pad, maxY: y + pad };
    else {
      b.minX = Math.min(b.minX, x - pad);
      b.minY = Math.min(b.minY, y - pad);
      b.maxX = Math.max(b.maxX, x + pad);
      b.maxY = Math.max(b.maxY, y + pad);
    }
  }
}

