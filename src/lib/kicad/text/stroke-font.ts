// KiCad's stroke font ("newstroke") for the viewer: glyph decoding, KiCad's
// text metrics and text → polylines in world mm. Pure (no DOM): runs in Node,
// workers and the page.
//
// Metrics follow KiCad 6 (pcbnew 6.0.11 is the reference the tests measure
// against; see tests/fixtures/kicad/stroke-font/):
// - a glyph string is two extent characters (left, right) and coordinate
//   pairs, each character minus 'R' in units of 1/21 of the glyph height;
//   " R" lifts the pen; y is shifted by -10 units (the font's historical
//   origin), so the baseline is y = 0 (capitals span −22/21 to −1/21);
// - advance = right − left extent, scaled by the glyph width;
// - line pitch 1.61 × height (× line spacing);
// - text box: width = Σ advances + pen width, height = lines × pitch +
//   1.5 × pen (+ 0.18 × height + 0.5 × pen when a line has an overbar);
// - lines are justified and their ink placed as KiCad 6 plots them: a line is
//   Σ advances + pen wide and its ink starts half a pen in; for bold text the
//   pen counts 1.3× here (KiCad's bold factor). pcbnew 6 plots every board
//   text with the bold flag set (its own thickness kept), so board painters
//   that want pcbnew's plot pass `bold: true` with the text's thickness;
//   italic lines count 1.61/8 × height wider;
// - sub/superscripts: 0.8 × size, baseline moved +0.1 / −0.3 × height;
// - overbar 1.33 × height above the baseline; italic slant 1/8 (x −= y/8),
//   the overbar of italic text starts 1.33/8 × height further right;
// - default pen: height/8, bold height/5 (KiCad's bold pen), clamped to
//   height/4 as KiCad clamps it.
// A text marked `metrics: 'kicad7'` (the schematic painter marks every text of
// a KiCad 7+ sheet) has its lines placed as KiCad 7+ places them
// (kicad7LineShift; measured on eeschema 7 and 9 PDF plots); widths are alike.

import type { Box, TextShape } from '../render/renderer.ts';
import { MISSING_GLYPH, NEWSTROKE_FIRST, NEWSTROKE_GLYPHS } from './newstroke-glyphs.ts';

const UNIT = 1 / 21;
const FONT_OFFSET = -10;
const R = 82; // 'R'
export const INTERLINE_PITCH = 1.61;
export const OVERBAR_POSITION = 1.33;
export const ITALIC_TILT = 1 / 8;
export const SCRIPT_SCALE = 0.8;
const SUBSCRIPT_SHIFT = 0.1;
const SUPERSCRIPT_SHIFT = -0.3;
/** KiCad 6 lays out bold text as if its pen were this much wider. */
const BOLD_PEN_FACTOR = 1.3;

/** A decoded glyph in units of the glyph size: x from the glyph's left edge, y from the baseline (down). */
export interface Glyph {
  advance: number;
  /** Polylines as flat x,y pairs. */
  strokes: Float32Array[];
  /** Numbers in all strokes together. */
  size: number;
}

/** Decode one glyph string (exported for tests). */
export function decodeGlyph(s: string): Glyph {
  if (s.length < 2) return { advance: 0, strokes: [], size: 0 };
  const start = s.charCodeAt(0) - R;
  const advance = (s.charCodeAt(1) - start - R) * UNIT;
  const strokes: Float32Array[] = [];
  let run: number[] = [];
  for (let i = 2; i + 1 < s.length; i += 2) {
    const a = s.charCodeAt(i);
    const b = s.charCodeAt(i + 1);
    if (a === 32 && b === R) {
      if (run.length >= 2) strokes.push(Float32Array.from(run));
      run = [];
      continue;
    }
    run.push((a - R - start) * UNIT, (b - R + FONT_OFFSET) * UNIT);
  }
  if (run.length >= 2) strokes.push(Float32Array.from(run));
  let size = 0;
  for (const st of strokes) size += st.length;
  return { advance, strokes, size };
}

// Tables split on first use; glyphs decoded on first use.
let mainTable: string[] | null = null;
let cjkTable: string[] | null = null;
let cjkFirst = Infinity;
let cjkLoading: Promise<void> | null = null;
const glyphCache = new Map<number, Glyph>();
let missing: Glyph | null = null;

function table(): string[] {
  mainTable ??= NEWSTROKE_GLYPHS.split('\n');
  return mainTable;
}

/** Does this text use code points of the on-demand CJK table (not yet loaded)? */
export function needsCjk(text: string): boolean {
  if (cjkTable) return false;
  const first = NEWSTROKE_FIRST + table().length;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= first) return true;
  return false;
}

/**
 * Do UTF-8 file bytes hold characters of the CJK table (U+2E80 and up)? A cheap scan for their
 * lead bytes, so a viewer loads the CJK glyphs before drawing a file that needs them.
 */
export function bytesNeedCjk(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    if (b < 0xe2) continue;
    // E2 BA 80 = U+2E80; E3..EF lead U+3000..U+FFFF.
    if (b > 0xe2 && b <= 0xef) return true;
    if (b === 0xe2 && (bytes[i + 1] ?? 0) >= 0xba) return true;
  }
  return false;
}

/** Load the CJK glyphs (a separate ~2 MB module, ~0.8 MB gzip). Until then CJK characters draw KiCad's "no glyph" box. */
export function loadCjkGlyphs(): Promise<void> {
  cjkLoading ??= import('./newstroke-cjk.ts').then((m) => {
    cjkTable = m.CJK_GLYPHS.split('\n');
    cjkFirst = m.CJK_FIRST;
    // Boxes drawn for CJK code points before the table arrived are replaced.
    for (const cp of glyphCache.keys()) if (cp >= cjkFirst) glyphCache.delete(cp);
  });
  return cjkLoading;
}

/** The glyph KiCad draws for a code point ('?' outside the table, a box for unassigned ones). */
export function glyphFor(cp: number): Glyph {
  const cached = glyphCache.get(cp);
  if (cached) return cached;
  const t = table();
  let src: string | undefined;
  const i = cp - NEWSTROKE_FIRST;
  if (i >= 0 && i < t.length) src = t[i];
  else if (cjkTable && cp >= cjkFirst) src = cjkTable[cp - cjkFirst];
  else if (cp >= NEWSTROKE_FIRST + t.length && cp <= 0xffee) src = ''; // CJK not loaded yet: a box
  if (src === undefined) return cp === 0x3f ? decodeGlyph('') : glyphFor(0x3f);
  let g: Glyph;
  if (src === '') g = missing ??= decodeGlyph(MISSING_GLYPH);
  else g = decodeGlyph(src);
  glyphCache.set(cp, g);
  return g;
}

// ---------------------------------------------------------------- markup

/** 0 normal, 1 subscript, 2 superscript. */
type Style = 0 | 1 | 2;
const Style = { Normal: 0, Sub: 1, Super: 2 } as const;

/** A run of one line: code points with one style. */
interface Run {
  cps: number[];
  style: Style;
  overbar: boolean;
}

/** Split one line of KiCad markup (`~{over}`, `_{sub}`, `^{super}`, nestable) into runs. */
export function markupRuns(line: string): Run[] {
  const runs: Run[] = [];
  const stack: { style: Style; overbar: boolean }[] = [];
  let style: Style = Style.Normal;
  let overbar = false;
  let cur: Run | null = null;
  const push = (cp: number): void => {
    if (!cur || cur.style !== style || cur.overbar !== overbar) {
      cur = { cps: [], style, overbar };
      runs.push(cur);
    }
    cur.cps.push(cp);
  };
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if ((c === 126 || c === 95 || c === 94) && line.charCodeAt(i + 1) === 123 /* { */ && line.indexOf('}', i + 2) > 0) {
      stack.push({ style, overbar });
      if (c === 126) overbar = true;
      else style = c === 95 ? Style.Sub : Style.Super;
      i++;
      continue;
    }
    if (c === 125 /* } */ && stack.length) {
      const prev = stack.pop();
      if (prev) ({ style, overbar } = prev);
      continue;
    }
    let cp = c;
    if (c >= 0xd800 && c < 0xdc00 && i + 1 < line.length) {
      cp = line.codePointAt(i) ?? c;
      i++;
    }
    push(cp);
  }
  return runs;
}

// ---------------------------------------------------------------- metrics

export interface TextMetricsOptions {
  /** Glyph height in mm. */
  size: number;
  /** Glyph width in mm (default = size). */
  width?: number;
  /** Pen width in mm (default: KiCad's for the size). */
  thickness?: number;
  bold?: boolean;
  italic?: boolean;
  /** Line pitch factor (KiCad line_spacing), default 1. */
  lineSpacing?: number;
}

/** KiCad's pen width for a text: the given thickness, else height/8 (bold height/5), at most height/4. */
export function penWidth(size: number, thickness: number | undefined, bold?: boolean): number {
  const pen = thickness && thickness > 0 ? thickness : bold ? size / 5 : size / 8;
  return Math.min(pen, size / 4);
}

/** Advance of one line in units of the glyph width (scripts scaled). */
function lineAdvance(runs: Run[]): { advance: number; overbar: boolean } {
  let adv = 0;
  let overbar = false;
  const space = glyphFor(32).advance;
  for (const run of runs) {
    const k = run.style === Style.Normal ? 1 : SCRIPT_SCALE;
    if (run.overbar) overbar = true;
    for (const cp of run.cps) {
      // Tab: to the next column of four spaces, as KiCad aligns it.
      if (cp === 9) adv += 4 * space - (adv % (4 * space));
      else adv += glyphFor(cp).advance * k;
    }
  }
  return { advance: adv, overbar };
}

/**
 * KiCad 7+ places lines differently from KiCad 6 (learnt from its font code and checked on the
 * bms-c1 / olimex PDF plots): the first line's origin lies `size − 1.17·size·k − 0.052·pen`
 * below the anchor (k = 0 top, ½ centre, 1 bottom; 1.17 is its "fudge to match 6.0") and the
 * glyphs sit 2/21 of the size lower on that origin (font offset −8 instead of −10 units). As a
 * shift of KiCad 6's first baseline: bottom −0.075·size, centre +0.010·size, top +0.095·size.
 */
export function kicad7LineShift(size: number, pen: number, v: 'top' | 'center' | 'bottom'): number {
  const k = v === 'top' ? 0 : v === 'center' ? 0.5 : 1;
  const kicad6Base = size * (1 - k);
  return size - KICAD7_FIRST_LINE * size * k + 2 * UNIT * size - KICAD7_PEN_LIFT * pen - kicad6Base;
}
const KICAD7_FIRST_LINE = 1.17;
const KICAD7_PEN_LIFT = 0.052;

/**
 * A text's lines as KiCad splits them (its wxStringSplit): a final empty line, as after a
 * trailing "\n", is dropped ("UEXT\n" in the olimex sheet is one line in eeschema's plot).
 */
export function textLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Size in mm of KiCad's text box (what pcbnew's GetTextBox() measures). */
export function measureText(text: string, o: TextMetricsOptions): { width: number; height: number } {
  const w = o.width ?? o.size;
  const pen = penWidth(o.size, o.thickness, o.bold);
  let maxAdv = 0;
  let overbar = false;
  const lines = textLines(text);
  for (const line of lines) {
    const m = lineAdvance(markupRuns(line));
    if (m.advance > maxAdv) maxAdv = m.advance;
    if (m.overbar) overbar = true;
  }
  const pitch = o.size * INTERLINE_PITCH * (o.lineSpacing ?? 1);
  return {
    width: maxAdv * w + pen,
    height: lines.length * pitch + 1.5 * pen + (overbar ? 0.18 * o.size + 0.5 * pen : 0),
  };
}

// ---------------------------------------------------------------- layout

export interface StrokedText {
  /** Polylines x0,y0,x1,y1… in world mm (Y down), placed at the text's anchor. */
  strokes: Float32Array[];
  /** Pen width in mm. */
  thickness: number;
  /** World-space box of KiCad's text box (after rotation). */
  box: Box;
}

/** Angle in [0, 360). */
function normAngle(a: number): number {
  if (a >= 0 && a < 360) return a;
  const r = a % 360;
  return r < 0 ? r + 360 : r;
}

/**
 * Lay out a text as KiCad draws it. Local frame: x along the text, y down,
 * origin at the anchor; mirroring flips x about the anchor, then the frame is
 * rotated (degrees counter-clockwise on screen) and moved to `t.at`.
 */
export function strokeText(t: TextShape): StrokedText {
  const size = t.size;
  const gw = t.width ?? size;
  const pen = penWidth(size, t.thickness, t.bold);
  let angle = normAngle(t.angle);
  let h = t.h;
  let v = t.v;
  if (t.keepUpright && angle > 90 && angle <= 270) {
    // KiCad turns the text by 180°; flipping the justification keeps it in place.
    angle -= 180;
    h = h === 'left' ? 'right' : h === 'right' ? 'left' : h;
    v = v === 'top' ? 'bottom' : v === 'bottom' ? 'top' : v;
  }
  const rad = (angle * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const mx = t.mirror ? -1 : 1;
  const ox = t.at.x;
  const oy = t.at.y;
  const tilt = t.italic ? ITALIC_TILT : 0;

  const lines = textLines(t.text);
  const n = lines.length;
  const pitch = size * INTERLINE_PITCH * (t.lineSpacing ?? 1);
  const parsed = lines.map((l) => markupRuns(l));
  const advances = parsed.map((r) => lineAdvance(r));
  let maxAdv = 0;
  let anyOverbar = false;
  for (const a of advances) {
    if (a.advance > maxAdv) maxAdv = a.advance;
    if (a.overbar) anyOverbar = true;
  }
  const boxW = maxAdv * gw + pen;
  const overExtra = anyOverbar ? 0.18 * size + 0.5 * pen : 0;
  const boxH = n * pitch + 1.5 * pen + overExtra;

  // First baseline and the box's top edge in the local frame.
  let base0: number;
  let boxTop: number;
  if (v === 'top') {
    base0 = size;
    boxTop = -0.75 * pen - overExtra;
  } else if (v === 'center') {
    base0 = size / 2 - ((n - 1) * pitch) / 2;
    boxTop = -boxH / 2;
  } else {
    base0 = -(n - 1) * pitch;
    boxTop = 0.75 * pen - boxH;
  }
  if (t.metrics === 'kicad7') {
    const dy = kicad7LineShift(size, pen, v);
    base0 += dy;
    boxTop += dy;
  }
  const boxLeft = h === 'left' ? 0 : h === 'right' ? -boxW : -boxW / 2;

  // All polylines share one buffer (one allocation per text, views into it).
  let total = 0;
  for (const runs of parsed) {
    for (const run of runs) {
      for (const cp of run.cps) total += glyphFor(cp).size;
      if (run.overbar) total += 4;
    }
  }
  const buf = new Float32Array(total);
  let used = 0;
  const strokes: Float32Array[] = [];
  // Local → world, with mirror, as plain arithmetic (no per-point objects).
  const wx = (x: number, y: number): number => ox + mx * x * cos + y * sin;
  const wy = (x: number, y: number): number => oy - mx * x * sin + y * cos;

  const space = glyphFor(32).advance;
  const inkPen = t.bold ? BOLD_PEN_FACTOR * pen : pen;
  for (let li = 0; li < n; li++) {
    const runs = parsed[li] ?? [];
    // Italic lines are justified as if wider by their slant over one line pitch (KiCad 6).
    const lineW = (advances[li]?.advance ?? 0) * gw + inkPen + (t.italic ? size * INTERLINE_PITCH * ITALIC_TILT : 0);
    const lineLeft = h === 'left' ? 0 : h === 'right' ? -lineW : -lineW / 2;
    const baseline = base0 + li * pitch;
    let cursor = lineLeft + inkPen / 2;
    for (const run of runs) {
      const k = run.style === Style.Normal ? 1 : SCRIPT_SCALE;
      const sx = gw * k;
      const sy = size * k;
      const by = baseline + (run.style === Style.Sub ? SUBSCRIPT_SHIFT * size : run.style === Style.Super ? SUPERSCRIPT_SHIFT * size : 0);
      const runStart = cursor;
      for (const cp of run.cps) {
        if (cp === 9) {
          const col = 4 * space * gw;
          const rel = cursor - lineLeft - inkPen / 2;
          cursor += col - (rel % col);
          continue;
        }
        const g = glyphFor(cp);
        for (const s of g.strokes) {
          const start = used;
          for (let i = 0; i < s.length; i += 2) {
            const gy = (s[i + 1] ?? 0) * sy;
            const lx = cursor + (s[i] ?? 0) * sx - gy * tilt;
            const ly = by + gy;
            buf[used++] = wx(lx, ly);
            buf[used++] = wy(lx, ly);
          }
          strokes.push(buf.subarray(start, used));
        }
        cursor += g.advance * sx;
      }
      if (run.overbar && cursor > runStart) {
        const y = baseline - OVERBAR_POSITION * size;
        const x0 = runStart + OVERBAR_POSITION * size * tilt;
        const start = used;
        buf[used++] = wx(x0, y);
        buf[used++] = wy(x0, y);
        buf[used++] = wx(cursor, y);
        buf[used++] = wy(cursor, y);
        strokes.push(buf.subarray(start, used));
      }
    }
  }

  // Box corners → world AABB.
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let c = 0; c < 4; c++) {
    const lx = boxLeft + (c & 1 ? boxW : 0);
    const ly = boxTop + (c & 2 ? boxH : 0);
    const x = wx(lx, ly);
    const y = wy(lx, ly);
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { strokes, thickness: pen, box: { minX, minY, maxX, maxY } };
}

/** SVG path data (`M x y L …`) of a stroked text, for SVG previews drawn in KiCad's font (stroke it with `thickness`, round caps). */
export function strokeTextPath(t: TextShape, digits = 3): { d: string; thickness: number; box: Box } {
  const s = strokeText(t);
  const f = 10 ** digits;
  const r = (x: number): string => String(Math.round(x * f) / f);
  const parts: string[] = [];
  for (const p of s.strokes) {
    let d = `M${r(p[0] ?? 0)} ${r(p[1] ?? 0)}`;
    for (let i = 2; i < p.length; i += 2) d += `L${r(p[i] ?? 0)} ${r(p[i + 1] ?? 0)}`;
    parts.push(d);
  }
  return { d: parts.join(''), thickness: s.thickness, box: s.box };
}
