// The stroke font against KiCad itself: expected.json holds pcbnew 6.0.11's
// GetTextBox() and TransformToSegmentList() for a set of texts (made by
// tests/fixtures/kicad/stroke-font/make-expected.py).
//
// Tolerances: boxes 2e-6 mm (KiCad works in integer nm and rounds each
// step); plotted polylines 2e-5 mm (nm rounding of each point). The segment
// lists are compared to 1e-4 mm after one documented shift: pcbnew 6's
// segment list starts the ink 0.13 × min(glyph width, height) right of the
// anchor, where we start it half a pen right, as KiCad 6 plots non-bold text.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TextShape } from '../../../src/lib/kicad/render/renderer.ts';
import { bytesNeedCjk, decodeGlyph, glyphFor, loadCjkGlyphs, markupRuns, measureText, needsCjk, penWidth, strokeText, strokeTextPath } from '../../../src/lib/kicad/text/stroke-font.ts';
import { FIXTURES } from './fixtures.ts';
import { covered, mergeCollinear, segmentsOf } from './stroke-segments.ts';

interface Case {
  text: string;
  size: number;
  width?: number;
  thickness: number;
  bold?: boolean;
  italic?: boolean;
  h?: 'left' | 'center' | 'right';
  v?: 'top' | 'center' | 'bottom';
}
interface Expected {
  kicad: string;
  boxes: (Case & { box: [number, number, number, number] })[];
  segments: (Case & { points: [number, number][] })[];
  plots: (Case & { angle?: number; mirror?: boolean; polylines: [number, number][][] })[];
}
const expected = JSON.parse(readFileSync(`${FIXTURES}stroke-font/expected.json`, 'utf8')) as Expected;

function shape(c: Case, extra: Partial<TextShape> = {}): TextShape {
  const t: TextShape = { text: c.text, at: { x: 0, y: 0 }, angle: 0, size: c.size, h: c.h ?? 'left', v: c.v ?? 'bottom', fill: '#000', ...extra };
  if (c.width !== undefined) t.width = c.width;
  if (c.thickness) t.thickness = c.thickness;
  if (c.bold) t.bold = true;
  if (c.italic) t.italic = true;
  return t;
}

/** Polylines → sorted segment keys (direction-free) after shifting x by dx. */
function segmentKeys(strokes: Float32Array[], dx: number): string[] {
  const out: string[] = [];
  const k = (x: number, y: number): string => `${(x + dx).toFixed(4)},${y.toFixed(4)}`;
  for (const s of strokes) {
    for (let i = 0; i + 3 < s.length; i += 2) {
      const a = k(s[i] ?? 0, s[i + 1] ?? 0);
      const b = k(s[i + 2] ?? 0, s[i + 3] ?? 0);
      out.push(a < b ? `${a} ${b}` : `${b} ${a}`);
    }
  }
  return out.sort();
}

function pointKeys(points: [number, number][]): string[] {
  const out: string[] = [];
  const k = (p: [number, number] | undefined): string => `${(p?.[0] ?? 0).toFixed(4)},${(p?.[1] ?? 0).toFixed(4)}`;
  for (let i = 0; i + 1 < points.length; i += 2) {
    const a = k(points[i]);
    const b = k(points[i + 1]);
    if (a !== b) out.push(a < b ? `${a} ${b}` : `${b} ${a}`);
  }
  return out.sort();
}

describe('glyph decoding', () => {
  it('decodes extents, pen-up and the font offset', () => {
    // 'H': extents G..] (22 units), two verticals and a bar.
    const g = decodeGlyph('G]L[LF RLPXP RX[XF');
    expect(g.advance).toBeCloseTo(22 / 21, 12);
    expect(g.strokes.length).toBe(3);
    const first = Array.from(g.strokes[0] ?? []);
    // x: 'L' − 'G' = 5 units; y: '[' − 'R' − 10 = −1 unit, 'F' → −22 units.
    expect(first[0]).toBeCloseTo(5 / 21, 6);
    expect(first[1]).toBeCloseTo(-1 / 21, 6);
    expect(first[3]).toBeCloseTo(-22 / 21, 6);
  });

  it('maps code points as KiCad does', () => {
    expect(glyphFor(32).strokes.length).toBe(0);
    expect(glyphFor(32).advance).toBeCloseTo(16 / 21, 12);
    // Control characters and code points past the table draw '?'.
    expect(glyphFor(1)).toBe(glyphFor(0x3f));
    expect(glyphFor(0x1f600)).toBe(glyphFor(0x3f));
    // An unassigned code point draws KiCad's box, not '?'.
    expect(glyphFor(0x80)).not.toBe(glyphFor(0x3f));
    expect(glyphFor(0x80).strokes.length).toBe(1);
    expect(glyphFor('Ω'.codePointAt(0) ?? 0).strokes.length).toBeGreaterThan(0);
  });

  it('parses markup runs, leaving lone markers as text', () => {
    const runs = markupRuns('a~{b_{c}}^{d}~e_');
    expect(runs.map((r) => [String.fromCodePoint(...r.cps), r.style, r.overbar])).toEqual([
      ['a', 0, false],
      ['b', 0, true],
      ['c', 1, true],
      ['d', 2, false],
      ['~e_', 0, false],
    ]);
    expect(markupRuns('${VAR}')[0]?.cps.length).toBe(6);
  });
});

describe('text boxes equal pcbnew 6 GetTextBox()', () => {
  beforeAll(async () => {
    expect(needsCjk('中文')).toBe(true);
    await loadCjkGlyphs();
    expect(needsCjk('中文')).toBe(false);
  });

  it(`for ${expected.boxes.length} texts (${expected.kicad})`, () => {
    expect(expected.boxes.length).toBeGreaterThan(20);
    for (const c of expected.boxes) {
      const [x, y, w, h] = c.box;
      const opts = { size: c.size, thickness: c.thickness, ...(c.width !== undefined ? { width: c.width } : {}), ...(c.bold ? { bold: true } : {}) };
      const m = measureText(c.text, opts);
      expect(Math.abs(m.width - w), `${JSON.stringify(c.text)} width ${m.width} vs ${w}`).toBeLessThan(2e-6);
      expect(Math.abs(m.height - h), `${JSON.stringify(c.text)} height ${m.height} vs ${h}`).toBeLessThan(2e-6);
      const b = strokeText(shape(c)).box;
      expect(Math.abs(b.minX - x), `${JSON.stringify(c.text)} x`).toBeLessThan(2e-6);
      expect(Math.abs(b.minY - y), `${JSON.stringify(c.text)} y`).toBeLessThan(2e-6);
      expect(Math.abs(b.maxX - b.minX - w)).toBeLessThan(2e-6);
      expect(Math.abs(b.maxY - b.minY - h)).toBeLessThan(2e-6);
    }
  });
});

describe('strokes equal pcbnew 6 TransformToSegmentList()', () => {
  for (const c of expected.segments) {
    it(JSON.stringify(c.text) + (c.italic ? ' italic' : ''), () => {
      const s = strokeText(shape(c));
      const dx = 0.13 * Math.min(c.size, c.width ?? c.size) - (c.bold ? 0.65 : 0.5) * s.thickness;
      expect(segmentKeys(s.strokes, dx)).toEqual(pointKeys(c.points));
    });
  }
});

describe('strokes equal what pcbnew 6 plots', () => {
  for (const c of expected.plots) {
    const name = JSON.stringify(c.text) + JSON.stringify({ ...c, text: undefined, polylines: undefined });
    it(name, () => {
      // pcbnew 6 plots board texts with the bold flag set and their own pen (see stroke-font.ts).
      const s = strokeText(shape(c, { at: { x: 0, y: 0 }, angle: c.angle ?? 0, bold: true, ...(c.mirror ? { mirror: true } : {}) }));
      const ours = mergeCollinear(segmentsOf(s.strokes), 2e-5);
      const theirs = mergeCollinear(segmentsOf(c.polylines.map((p) => p.flat())), 2e-5);
      expect(covered(theirs, ours, 2e-5)).toEqual([]);
      expect(covered(ours, theirs, 2e-5)).toEqual([]);
    });
  }
});

describe('placement', () => {
  const base: TextShape = { text: 'AB', at: { x: 10, y: 20 }, angle: 0, size: 1, thickness: 0.1, h: 'left', v: 'bottom', fill: '#000' };

  function inkBox(strokes: Float32Array[]): [number, number, number, number] {
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (const s of strokes) {
      for (let i = 0; i < s.length; i += 2) {
        x0 = Math.min(x0, s[i] ?? 0);
        x1 = Math.max(x1, s[i] ?? 0);
        y0 = Math.min(y0, s[i + 1] ?? 0);
        y1 = Math.max(y1, s[i + 1] ?? 0);
      }
    }
    return [x0, y0, x1, y1];
  }

  it('rotates counter-clockwise on screen (Y down) about the anchor', () => {
    const s = strokeText({ ...base, angle: 90 });
    const [x0, y0, x1, y1] = inkBox(s.strokes);
    // Text runs upwards from the anchor, glyph tops to the left.
    expect(y1).toBeLessThanOrEqual(20);
    expect(y0).toBeLessThan(18.5);
    expect(x1).toBeLessThanOrEqual(10.0001);
    expect(x0).toBeLessThan(9.5);
    expect(s.box.maxY).toBeCloseTo(20, 6);
  });

  it('mirrors about the anchor', () => {
    const a = inkBox(strokeText(base).strokes);
    const m = inkBox(strokeText({ ...base, mirror: true }).strokes);
    expect(m[0]).toBeCloseTo(20 - a[2], 5);
    expect(m[2]).toBeCloseTo(20 - a[0], 5);
    expect(m[1]).toBeCloseTo(a[1], 5);
  });

  it('keeps board text upright by turning it 180° in place', () => {
    const up = strokeText({ ...base, angle: 180, keepUpright: true, h: 'center', v: 'center' });
    const plain = strokeText({ ...base, angle: 0, h: 'center', v: 'center' });
    expect(up.box.minX).toBeCloseTo(plain.box.minX, 6);
    expect(up.box.minY).toBeCloseTo(plain.box.minY, 6);
    expect(inkBox(up.strokes)[0]).toBeCloseTo(inkBox(plain.strokes)[0], 5);
    const flipped = strokeText({ ...base, angle: 180, h: 'center', v: 'center' });
    expect(inkBox(flipped.strokes)[0]).not.toBeCloseTo(inkBox(plain.strokes)[0], 2);
  });

  it('uses KiCad pens: size/8, bold size/5, at most size/4', () => {
    expect(penWidth(1, undefined)).toBe(0.125);
    expect(penWidth(1, undefined, true)).toBe(0.2);
    expect(penWidth(1, 0.6)).toBe(0.25);
    expect(strokeText({ ...base, thickness: undefined, bold: true }).thickness).toBe(0.2);
  });

  it('writes an SVG path of the same strokes', () => {
    const s = strokeText(base);
    const p = strokeTextPath(base);
    expect((p.d.match(/M/g) ?? []).length).toBe(s.strokes.length);
    expect(p.thickness).toBe(s.thickness);
  });

  it('is fast enough for boards with tens of thousands of texts', () => {
    const t0 = performance.now();
    let n = 0;
    for (let i = 0; i < 20000; i++) n += strokeText({ ...base, text: `R${i}`, angle: i % 4 === 0 ? 90 : 0 }).strokes.length;
    const ms = performance.now() - t0;
    expect(n).toBeGreaterThan(40000);
    // Generous bound for a shared 2-core machine; typically a few tens of ms.
    expect(ms).toBeLessThan(1500);
  });
});

describe('bytesNeedCjk', () => {
  const utf8 = (s: string) => new TextEncoder().encode(s);
  it('finds CJK text in file bytes and ignores other non-ASCII text', () => {
    expect(bytesNeedCjk(utf8('(gr_text "电源 5V")'))).toBe(true);
    expect(bytesNeedCjk(utf8('(gr_text "⺀")'))).toBe(true); // U+2E80, first of the table
    expect(bytesNeedCjk(utf8('(gr_text "Ω → µ … •")'))).toBe(false);
    expect(bytesNeedCjk(utf8('(gr_text "plain")'))).toBe(false);
  });
});
