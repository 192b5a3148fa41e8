// Outlines of schematic labels, sheet pins and netclass flags, and KiCad's
// line styles, as point lists in a label's own frame: +u runs from the
// connection point along the label (where its text goes), ±w across it.
// Proportions follow KiCad's eeschema (sch_label.cpp CreateGraphicShape,
// stroke_params), re-derived here; `toSheet` places a frame on the sheet.

import type { Point } from '../kicad-common.ts';

/** Label frame point: u along the label, w across. */
export type UW = readonly [number, number];

/** Unit vector along a label with this file angle (0 right, 90 up, 180 left, 270 down; Y-down sheet). */
export function labelDirection(angle: number): Point {
  const q = ((Math.round(angle / 90) % 4) + 4) % 4;
  return [
    { x: 1, y: 0 },
    { x: 0, y: -1 },
    { x: -1, y: 0 },
    { x: 0, y: 1 },
  ][q] as Point;
}

export function toSheet(at: Point, dir: Point, pts: readonly UW[]): Point[] {
  // w runs to the right of the direction (screen): for a rightward label, down.
  const px = -dir.y;
  const py = dir.x;
  return pts.map(([u, w]) => ({ x: at.x + u * dir.x + w * px, y: at.y + u * dir.y + w * py }));
}

const ARROW_IN = new Set(['input', 'bidirectional', 'tri_state']);
const ARROW_OUT = new Set(['output', 'bidirectional', 'tri_state']);

/**
 * A global label's closed outline around its text. `margin` is the box's
 * inner margin, `pen` the text pen width. Input (and bi-directional /
 * tri-state) labels point into the connection point, output ones away from it.
 * Returns the outline and where the text starts along the label.
 */
export function globalLabelOutline(shape: string | undefined, textWidth: number, height: number, margin: number, pen: number): { points: UW[]; textAt: number } {
  const half = height / 2 + margin;
  const x = textWidth + 2 * margin + pen;
  const y = half + pen;
  const inArrow = ARROW_IN.has(shape ?? '') ? half : 0;
  const outArrow = ARROW_OUT.has(shape ?? '') ? half : 0;
  const points: UW[] = [
    [0, 0],
    [inArrow, -y],
    [inArrow + x, -y],
    [inArrow + x + outArrow, 0],
    [inArrow + x, y],
    [inArrow, y],
    [0, 0],
  ];
  return { points, textAt: inArrow + margin + pen / 2 };
}

/**
 * Hierarchical label / sheet pin icon, `s` = half the glyph width: input
 * points into the connection point, output away, bi-directional and
 * tri-state are a diamond, passive a square. Extends 2·s along the label.
 */
export function hierarchicalOutline(shape: string | undefined, s: number): UW[] {
  switch (shape) {
    case 'input':
      return [
        [0, 0],
        [s, -s],
        [2 * s, -s],
        [2 * s, s],
        [s, s],
        [0, 0],
      ];
    case 'output':
      return [
        [0, -s],
        [s, -s],
        [2 * s, 0],
        [s, s],
        [0, s],
        [0, -s],
      ];
    case 'bidirectional':
    case 'tri_state':
      return [
        [0, 0],
        [s, -s],
        [2 * s, 0],
        [s, s],
        [0, 0],
      ];
    default:
      return [
        [0, -s],
        [2 * s, -s],
        [2 * s, s],
        [0, s],
        [0, -s],
      ];
  }
}

/** A sheet pin shows the parent's view of the signal: its input/output icons are swapped relative to a hierarchical label. */
export function sheetPinShape(shape: string): string {
  return shape === 'input' ? 'output' : shape === 'output' ? 'input' : shape;
}

/** Netclass flag (directive label): a stem of `length` from the connection point, then the flag. */
export function directiveFlag(shape: string | undefined, length: number, textHeight: number): { stem: UW[]; outline?: UW[]; circle?: { c: UW; r: number; filled: boolean } } {
  let size = textHeight * 0.7;
  switch (shape) {
    case 'dot':
    case 'round': {
      if (shape === 'dot') size *= 0.7;
      return { stem: [[0, 0], [length - size, 0]], circle: { c: [length, 0], r: size, filled: shape === 'dot' } };
    }
    case 'diamond':
      return {
        stem: [[0, 0], [length - size, 0]],
        outline: [
          [length - size, 0],
          [length, -2 * size],
          [length + size, 0],
          [length, 2 * size],
          [length - size, 0],
        ],
      };
    default: {
      size *= 0.8;
      return {
        stem: [[0, 0], [length - size, 0]],
        outline: [
          [length - size, 0],
          [length - size, -2 * size],
          [length + size, -2 * size],
          [length + size, 2 * size],
          [length - size, 2 * size],
          [length - size, 0],
        ],
      };
    }
  }
}

/** Netclass flags point up at angle 0, left at 90, down at 180, right at 270. */
export function directiveDirection(angle: number): Point {
  const q = ((Math.round(angle / 90) % 4) + 4) % 4;
  return [
    { x: 0, y: -1 },
    { x: -1, y: 0 },
    { x: 0, y: 1 },
    { x: 1, y: 0 },
  ][q] as Point;
}

/**
 * KiCad's dash patterns (mark, gap, ...) for a line width `w`, drawn with
 * round caps: dash (ratio − 1)·w, gap (ratio + 1)·w with the project's
 * ratios, by default 12 and 3, so 11w and 4w (measured on eeschema 7's PDF
 * plot of the olimex fixture: 0.254 mm lines plot 3.048 mm dashes with
 * 0.762 mm gaps, caps included), dots 0.2w; null for solid lines.
 */
export function dashPattern(type: string, w: number, dashRatio = 12, gapRatio = 3): number[] | null {
  const dash = Math.max(dashRatio - 1, 1) * w;
  const gap = Math.max(gapRatio + 1, 1) * w;
  const dot = 0.2 * w;
  switch (type) {
    case 'dash':
      return [dash, gap];
    case 'dot':
      return [dot, gap];
    case 'dash_dot':
      return [dash, gap, dot, gap];
    case 'dash_dot_dot':
      return [dash, gap, dot, gap, dot, gap];
    default:
      return null;
  }
}

/** Cut a polyline into the marks of a dash pattern (the pattern runs on across corners, as KiCad draws it). */
export function dashPolyline(points: readonly Point[], pattern: readonly number[]): Point[][] {
  const out: Point[][] = [];
  const total = pattern.reduce((a, b) => a + b, 0);
  if (points.length < 2 || !(total > 0)) return points.length ? [points.slice()] : [];
  let idx = 0;
  let left = pattern[0] as number;
  let cur: Point[] | null = [points[0] as Point];
  let guard = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as Point;
    const b = points[i] as Point;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    let t = 0;
    while (len - t > left) {
      // A line far longer than its pattern would emit millions of marks: draw the rest solid.
      if (++guard > 100000) {
        if (!cur) cur = [{ x: a.x + ((b.x - a.x) * t) / len, y: a.y + ((b.y - a.y) * t) / len }];
        left = Infinity;
        break;
      }
      t += left;
      const p = { x: a.x + ((b.x - a.x) * t) / len, y: a.y + ((b.y - a.y) * t) / len };
      if (cur) {
        cur.push(p);
        out.push(cur);
        cur = null;
      } else cur = [p];
      idx = (idx + 1) % pattern.length;
      left = pattern[idx] as number;
    }
    left -= len - t;
    if (cur) cur.push(b);
  }
  if (cur && cur.length > 1) out.push(cur);
  return out;
}
