// Board dimensions (KiCad 6+ `(dimension (type ...) ...)`) reduced to what a
// painter draws: line segments and the measurement text KiCad stored with it.
// The geometry follows KiCad's own construction (crossbar offset by `height`
// along the perpendicular, extension lines, 27.5° arrow heads), so a viewer
// does not need to know dimension rules.

import { atomAt, child, numAt, type SexprList } from './sexpr.ts';
import { readPoints, type Point } from './kicad-common.ts';
import { readText, type FootprintText } from './footprint.ts';

export interface DimensionLine {
  start: Point;
  end: Point;
}

export interface BoardDimension {
  /** aligned | orthogonal | leader | center | radial (later types drawn as a line between their points). */
  type: string;
  layer: string;
  /** Stroke width of every line (`(style (thickness t))`). */
  width: number;
  lines: DimensionLine[];
  /** The measurement text as KiCad stored it (value, units and position). */
  text?: FootprintText;
  line: number;
}

const ARROW_ANGLE = (27.5 * Math.PI) / 180;

const add = (a: Point, b: Point): Point => ({ x: a.x + b.x, y: a.y + b.y });
const sub = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y });
const scale = (a: Point, k: number): Point => ({ x: a.x * k, y: a.y * k });

function unit(v: Point): Point {
  const len = Math.hypot(v.x, v.y);
  return len > 0 ? { x: v.x / len, y: v.y / len } : { x: 0, y: 0 };
}

function rotate(v: Point, a: number): Point {
  const c = Math.cos(a);
  const s = Math.sin(a);
  return { x: v.x * c - v.y * s, y: v.x * s + v.y * c };
}

/** Two arrow-head strokes at `tip`, opening back along `towards`. */
function arrow(tip: Point, towards: Point, length: number): DimensionLine[] {
  const d = scale(unit(sub(towards, tip)), length);
  return [
    { start: tip, end: add(tip, rotate(d, ARROW_ANGLE)) },
    { start: tip, end: add(tip, rotate(d, -ARROW_ANGLE)) },
  ];
}

interface Style {
  thickness: number;
  arrowLength: number;
  extensionHeight: number;
  extensionOffset: number;
}

function readStyle(node: SexprList | undefined): Style {
  if (!node) return { thickness: 0.15, arrowLength: 1.27, extensionHeight: 0.58642, extensionOffset: 0 };
  return {
    thickness: numAt(child(node, 'thickness'), 1, 0.15),
    arrowLength: numAt(child(node, 'arrow_length'), 1, 1.27),
    extensionHeight: numAt(child(node, 'extension_height'), 1, 0.58642),
    extensionOffset: numAt(child(node, 'extension_offset'), 1, 0),
  };
}

/** Crossbar plus extension lines from the two measured points `a`, `b` to crossbar ends `ca`, `cb`. */
function measuredLines(a: Point, b: Point, ca: Point, cb: Point, s: Style): DimensionLine[] {
  const lines: DimensionLine[] = [{ start: ca, end: cb }];
  for (const [p, c] of [
    [a, ca],
    [b, cb],
  ] as const) {
    const dir = unit(sub(c, p));
    if (dir.x === 0 && dir.y === 0) continue;
    lines.push({ start: add(p, scale(dir, s.extensionOffset)), end: add(c, scale(dir, s.extensionHeight)) });
  }
  lines.push(...arrow(ca, cb, s.arrowLength), ...arrow(cb, ca, s.arrowLength));
  return lines;
}

export function readDimension(it: SexprList): BoardDimension {
  const type = atomAt(child(it, 'type'), 1) ?? 'aligned';
  const pts = readPoints(child(it, 'pts'));
  const style = readStyle(child(it, 'style'));
  const textNode = child(it, 'gr_text');
  const dim: BoardDimension = { type, layer: atomAt(child(it, 'layer'), 1) ?? 'Cmts.User', width: style.thickness, lines: [], line: it.line };
  if (textNode) dim.text = readText(textNode, 'user', atomAt(textNode, 1) ?? '');
  const a = pts[0];
  const b = pts[1] ?? a;
  if (!a || !b) return dim;
  const height = numAt(child(it, 'height'), 1);
  switch (type) {
    case 'aligned': {
      // KiCad offsets the crossbar along the measured vector's perpendicular (-y, x).
      const d = unit(sub(b, a));
      const off = scale({ x: -d.y, y: d.x }, height);
      dim.lines = measuredLines(a, b, add(a, off), add(b, off), style);
      break;
    }
    case 'orthogonal': {
      // orientation 0: horizontal measurement (crossbar parallel to X), 1: vertical.
      const vertical = numAt(child(it, 'orientation'), 1) === 1;
      const ca = vertical ? { x: a.x + height, y: a.y } : { x: a.x, y: a.y + height };
      const cb = vertical ? { x: a.x + height, y: b.y } : { x: b.x, y: a.y + height };
      dim.lines = measuredLines(a, b, ca, cb, style);
      break;
    }
    case 'leader': {
      dim.lines = [{ start: a, end: b }, ...arrow(a, b, style.arrowLength)];
      if (dim.text) dim.lines.push({ start: b, end: { x: dim.text.at.x, y: dim.text.at.y } });
      break;
    }
    case 'center': {
      const d = sub(b, a);
      const p = { x: -d.y, y: d.x };
      dim.lines = [
        { start: sub(a, d), end: add(a, d) },
        { start: sub(a, p), end: add(a, p) },
      ];
      break;
    }
    case 'radial': {
      // a = centre, b = point on the circle; the leader continues outwards from b.
      const leader = numAt(child(it, 'leader_length'), 1, 0);
      const out = add(b, scale(unit(sub(b, a)), leader));
      dim.lines = [{ start: b, end: out }, ...arrow(b, out, style.arrowLength)];
      if (dim.text) dim.lines.push({ start: out, end: { x: dim.text.at.x, y: dim.text.at.y } });
      break;
    }
    default:
      dim.lines = [{ start: a, end: b }];
  }
  return dim;
}
