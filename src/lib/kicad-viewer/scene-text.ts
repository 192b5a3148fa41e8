// Text for the mesh scene. KiCad draws text with its stroke font
// (src/lib/kicad/text/stroke-font.ts, in progress on another branch); until it
// lands here, text only contributes its box (so items keep their extent and
// fit() is right) and draws nothing.

import type { TextShape } from '../kicad/render/renderer.ts';
import { textWidth } from '../kicad/svg-text.ts';

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

/** Draw (or only measure) a text primitive under the placement `m`. */
export function drawText(sink: TextSink, t: TextShape, m: Placement, _draw: boolean, bounds = true): void {
  if (!bounds || t.text === '') return;
  const lines = t.text.split('\n');
  const pitch = t.size * 1.62 * (t.lineSpacing ?? 1);
  let w = 0;
  for (const l of lines) w = Math.max(w, textWidth(l, t.width ?? t.size));
  const h = t.size + pitch * (lines.length - 1);
  const x0 = t.h === 'left' ? 0 : t.h === 'center' ? -w / 2 : -w;
  const y0 = t.v === 'top' ? 0 : t.v === 'center' ? -h / 2 : -h;
  // Angle is counter-clockwise on screen: negative in this Y-down world.
  const ang = (-t.angle * Math.PI) / 180;
  const cos = Math.cos(ang);
  const sin = Math.sin(ang);
  const pad = (t.thickness ?? t.size / 8) / 2;
  for (const [lx, ly] of [
    [x0, y0],
    [x0 + w, y0],
    [x0, y0 + h],
    [x0 + w, y0 + h],
  ] as const) {
    const x = t.at.x + lx * cos - ly * sin;
    const y = t.at.y + lx * sin + ly * cos;
    sink.textBounds(m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f, pad);
  }
}
