// Text for the mesh scene: KiCad's stroke font (kicad/text/stroke-font.ts)
// lays the text out as polylines in the text's own world frame; each stroke
// becomes round-capped segments (capsules) of the pen width under the current
// group placement, and KiCad's text box grows the bounds.

import type { TextShape } from '../kicad/render/renderer.ts';
import { strokeText } from '../kicad/text/stroke-font.ts';

/** Where text geometry goes: segments in world mm (drawn with the current text colour) and box points. */
export interface TextSink {
  textSegment(x0: number, y0: number, x1: number, y1: number, r: number): void;
  textBounds(x: number, y: number, pad: number): void;
}

interface Placement {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

/** Draw (when `draw`) and measure (when `bounds`) a text primitive under the placement `m`. */
export function drawText(sink: TextSink, t: TextShape, m: Placement, draw: boolean, bounds = true): void {
  if ((!draw && !bounds) || t.text === '') return;
  const st = strokeText(t);
  if (draw) {
    const r = st.thickness / 2;
    const { a, b, c, d, e, f } = m;
    for (const line of st.strokes) {
      let px = a * (line[0] as number) + c * (line[1] as number) + e;
      let py = b * (line[0] as number) + d * (line[1] as number) + f;
      if (line.length === 2) sink.textSegment(px, py, px, py, r);
      for (let i = 2; i + 1 < line.length; i += 2) {
        const x = a * (line[i] as number) + c * (line[i + 1] as number) + e;
        const y = b * (line[i] as number) + d * (line[i + 1] as number) + f;
        sink.textSegment(px, py, x, y, r);
        px = x;
        py = y;
      }
    }
  }
  if (bounds) {
    const bx = st.box;
    for (const [x, y] of [
      [bx.minX, bx.minY],
      [bx.maxX, bx.minY],
      [bx.minX, bx.maxY],
      [bx.maxX, bx.maxY],
    ] as const) {
      sink.textBounds(m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f, 0);
    }
  }
}
