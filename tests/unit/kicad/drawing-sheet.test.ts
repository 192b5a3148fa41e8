// Drawing sheets: KiCad's template and demo .kicad_wks files, our description of
// KiCad 6's default sheet against the one compiled into KiCad, and the painter
// on a real schematic's paper and title block.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertLegacyCodes, incrementLabel, layoutDrawingSheet, paperSize, parseDrawingSheet, pngInfo, type DrawingSheet } from '../../../src/lib/kicad/drawing-sheet.ts';
import { defaultDrawingSheet } from '../../../src/lib/kicad/drawing-sheet-default.ts';
import { DRAWING_SHEET_LAYER, expandVariables, paintDrawingSheet, sheetVariables } from '../../../src/lib/kicad/render/drawing-sheet-painter.ts';
import { SvgRenderer } from '../../../src/lib/kicad/render/svg-renderer.ts';
import { parseSchematic } from '../../../src/lib/kicad/schematic.ts';
import { measureText, strokeText } from '../../../src/lib/kicad/text/stroke-font.ts';
import { kicadDefaultSheet, PAGES, placed } from '../../fixtures/kicad/drawing-sheet/default-sheet.ts';
import { FIXTURES, KICAD_DEMOS_DIR } from './fixtures.ts';
import { RecordingRenderer } from './render/recording-renderer.ts';
import { covered, mergeCollinear, segmentsOf } from './stroke-segments.ts';

const TEMPLATE_DIR = '/usr/share/kicad/template';
const LOGO_DEMO = `${KICAD_DEMOS_DIR}/interf_u/pagelayout_logo.kicad_wks`;

/** Installed real drawing sheets: Debian kicad-templates (when installed) and the kicad-demos logo sheet. */
function realSheets(): string[] {
  const out = existsSync(TEMPLATE_DIR) ? readdirSync(TEMPLATE_DIR).filter((f) => f.endsWith('.kicad_wks')).map((f) => `${TEMPLATE_DIR}/${f}`) : [];
  out.push(LOGO_DEMO);
  return out.sort();
}

/** Items of each kind counted straight from the file text. */
function rawCounts(text: string): Record<string, number> {
  const n = (re: RegExp): number => (text.match(re) ?? []).length;
  return { line: n(/\(\s*line[\s)]/g), rect: n(/\(\s*rect[\s)]/g), text: n(/\(\s*tbtext[\s)]/g), polygon: n(/\(\s*polygon[\s)]/g), bitmap: n(/\(\s*bitmap[\s)]/g) };
}

function kindCounts(ws: DrawingSheet): Record<string, number> {
  const c: Record<string, number> = { line: 0, rect: 0, text: 0, polygon: 0, bitmap: 0 };
  for (const it of ws.items) c[it.kind] = (c[it.kind] ?? 0) + 1;
  return c;
}

describe('reading .kicad_wks files', () => {
  const files = realSheets();

  it(`reads every installed sheet (${files.length}) with all its items`, () => {
    expect(files.length).toBeGreaterThanOrEqual(1);
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      const ws = parseDrawingSheet(text);
      expect(ws.issues, f).toEqual([]);
      expect(kindCounts(ws), f).toEqual(rawCounts(text));
      // Legacy %-codes are all converted to text variables.
      for (const it of ws.items) if (it.kind === 'text') expect(it.text, f).not.toMatch(/%[A-Z]/);
    }
  });

  it('reads the logo sheet of the interf_u demo: setup, corners, repeats, polygons', () => {
    const ws = parseDrawingSheet(readFileSync(LOGO_DEMO, 'utf8'));
    expect(ws.setup).toEqual({ textSize: { w: 1.5, h: 1.5 }, lineWidth: 0.15, textLineWidth: 0.15, margins: { left: 10, right: 10, top: 10, bottom: 10 } });
    const grid = ws.items.find((i) => i.kind === 'text' && i.text === 'A');
    expect(grid).toMatchObject({ pos: { x: 1, y: 25, corner: 'ltcorner' }, size: { w: 1.3, h: 1.3 }, h: 'center', v: 'center', repeat: 100, incry: 50 });
    const title = ws.items.find((i) => i.kind === 'text' && i.text.startsWith('Title'));
    expect(title).toMatchObject({ text: 'Title: ${TITLE}', bold: true, italic: false, size: { w: 2, h: 2 }, pos: { x: 109, y: 10.7, corner: 'rbcorner' } });
    const poly = ws.items.find((i) => i.kind === 'polygon');
    expect(poly?.kind === 'polygon' && poly.polys.length).toBeGreaterThan(0);
    expect(poly).toMatchObject({ rotate: 20, lineWidth: 0.00254 });
    // Polygons placed on an A4 page stay inside it.
    const placedPolys = layoutDrawingSheet(ws, { width: 297, height: 210 }).filter((d) => d.kind === 'polygon');
    expect(placedPolys.length).toBe(rawCounts(readFileSync(LOGO_DEMO, 'utf8')).polygon);
    for (const d of placedPolys) if (d.kind === 'polygon') for (const p of d.polys.flat()) expect(p.x > 10 && p.x < 287 && p.y > 10 && p.y < 200).toBe(true);
  });

  it('converts KiCad 5 codes and labels like KiCad', () => {
    expect(convertLegacyCodes('Id: %S/%N %C0 %C8 100%% %Q')).toBe('Id: ${#}/${##} ${COMMENT1} ${COMMENT9} 100% %Q');
    expect(incrementLabel('1', 9)).toBe('10');
    expect(incrementLabel('A', 3)).toBe('D');
    expect(incrementLabel('X1', 2)).toBe('X3');
  });

  it('shows page1only items on page 1 and notonpage1 items on the others (GOST sheet)', () => {
    const f = `${TEMPLATE_DIR}/gost_landscape.kicad_wks`;
    const text = existsSync(f) ? readFileSync(f, 'utf8') : null;
    // Without kicad-templates, the same rule on an item list of our own.
    const ws = text ? parseDrawingSheet(text) : defaultDrawingSheet();
    if (!text) {
      const first = ws.items[0];
      const second = ws.items[1];
      if (first) first.option = 'page1only';
      if (second) second.option = 'notonpage1';
    }
    const only1 = ws.items.filter((i) => i.option === 'page1only').length;
    const not1 = ws.items.filter((i) => i.option === 'notonpage1').length;
    expect(only1).toBeGreaterThan(0);
    expect(not1).toBeGreaterThan(0);
    const p1 = layoutDrawingSheet(ws, { width: 420, height: 297, pageNumber: 1 });
    const p2 = layoutDrawingSheet(ws, { width: 420, height: 297, pageNumber: 2 });
    expect(p1.some((d) => d.item.option === 'notonpage1')).toBe(false);
    expect(p2.some((d) => d.item.option === 'page1only')).toBe(false);
    expect(p1.some((d) => d.item.option === 'page1only')).toBe(true);
    expect(p2.some((d) => d.item.option === 'notonpage1')).toBe(true);
  });

  it('reads bitmaps, multi-line and rotated texts, and shrinks text to maxlen', () => {
    const ws = parseDrawingSheet(readFileSync(`${FIXTURES}drawing-sheet/bitmap-and-text.kicad_wks`, 'utf8'));
    const bmp = ws.items.find((i) => i.kind === 'bitmap');
    expect(bmp?.kind).toBe('bitmap');
    if (bmp?.kind !== 'bitmap') return;
    expect(pngInfo(bmp.png)).toEqual({ w: 4, h: 2, ppi: 600 });
    const resolve = (t: string): string => expandVariables(t, { TITLE: 'A very long title that will not fit at all' });
    const items = layoutDrawingSheet(ws, { width: 297, height: 210, resolve });
    const img = items.find((d) => d.kind === 'bitmap');
    // 4 × 2 px, scale 2, at KiCad's 300 ppi (its drawing sheets ignore the PNG's 600 ppi):
    // 0.6773 × 0.3387 mm, centred 30 mm inside the top left corner.
    expect(img).toMatchObject({ x: 40, y: 40 });
    if (img?.kind === 'bitmap') {
      expect(img.width).toBeCloseTo((4 / 300) * 25.4 * 2, 9);
      expect(img.height).toBeCloseTo((2 / 300) * 25.4 * 2, 9);
    }
    const multi = items.find((d) => d.kind === 'text' && d.text.includes('\n'));
    expect(multi).toMatchObject({ text: 'Line one\nline two', angle: 90, h: 'left', v: 'top', italic: true, x: 30, y: 30 });
    const long = items.find((d) => d.kind === 'text' && d.text.startsWith('A very'));
    expect(long?.kind).toBe('text');
    if (long?.kind !== 'text') return;
    expect(long.text).toBe('A very long title that will not fit at all — ${UNKNOWN_VAR}');
    expect(long.size).toBe(1.5);
    expect(long.glyphWidth).toBeLessThan(1.5);
    const w = measureText(long.text, { size: long.size, width: long.glyphWidth }).width;
    expect(w).toBeLessThan(20.6);
    expect(w).toBeGreaterThan(19);
  });
});

describe('default drawing sheet', () => {
  const expected = JSON.parse(readFileSync(`${FIXTURES}drawing-sheet/default-expected.json`, 'utf8')) as { page: string; items: Record<string, string | number | boolean>[] }[];
  const original = kicadDefaultSheet();

  function same(a: Record<string, string | number | boolean>[], b: Record<string, string | number | boolean>[], where: string): void {
    expect(a.length, where).toBe(b.length);
    for (let i = 0; i < a.length; i++) {
      const x = a[i] ?? {};
      const y = b[i] ?? {};
      expect(Object.keys(x).sort(), where).toEqual(Object.keys(y).sort());
      for (const k of Object.keys(x)) {
        const u = x[k];
        const v = y[k];
        if (typeof u === 'number' && typeof v === 'number') expect(Math.abs(u - v), `${where} #${i} ${k}`).toBeLessThan(0.01);
        else expect(u, `${where} #${i} ${k}`).toBe(v);
      }
    }
  }

  for (const p of PAGES) {
    it(`places the same lines and texts as KiCad 6's own on ${p.name}`, () => {
      const ours = placed(defaultDrawingSheet(), p.paper, p.pageNumber);
      const want = expected.find((e) => e.page === p.name)?.items ?? [];
      expect(want.length).toBeGreaterThan(30);
      same(ours, want, `${p.name} vs default-expected.json`);
      // Where Debian's KiCad is installed, also against its binary directly.
      if (original) same(ours, placed(original, p.paper, p.pageNumber), `${p.name} vs KiCad binary`);
    });
  }

  it('has the A4 reference grid KiCad shows: columns 1–6, rows A–D', () => {
    const items = layoutDrawingSheet(defaultDrawingSheet(), paperSize({ size: 'A4', portrait: false }));
    const texts = items.flatMap((d) => (d.kind === 'text' ? [d] : []));
    const top = texts.filter((t) => Math.abs(t.y - 11) < 1e-9).map((t) => t.text);
    expect(top).toEqual(['1', '2', '3', '4', '5', '6']);
    const left = texts.filter((t) => Math.abs(t.x - 11) < 1e-9).map((t) => t.text);
    expect(left).toEqual(['A', 'B', 'C', 'D']);
    // The outer border is the margin box, the inner one 2 mm inside it.
    const rects = items.filter((d) => d.kind === 'rect');
    const r = (v: number): number => Math.round(v * 1e6) / 1e6;
    expect(rects.map((d) => (d.kind === 'rect' ? [d.x0, d.y0, d.x1, d.y1].map(r) : []))).toEqual([
      [177.0022, 166.0072, 285.0022, 198.0072],
      [10, 10, 287.0022, 200.0072],
      [12, 12, 285.0022, 198.0072],
    ]);
  });

  it('knows KiCad paper sizes', () => {
    // KiCad sizes ISO pages in whole mils.
    const a4 = paperSize({ size: 'A4', portrait: false });
    expect(a4.width).toBeCloseTo(297.0022, 9);
    expect(a4.height).toBeCloseTo(210.0072, 9);
    const a3 = paperSize({ size: 'A3', portrait: true });
    expect(a3.width).toBeCloseTo(297.0022, 9);
    expect(a3.height).toBeCloseTo(419.9890, 9);
    expect(paperSize({ size: 'USLetter', portrait: false })).toEqual({ width: 279.4, height: 215.9 });
    expect(paperSize({ size: 'USLedger', portrait: false })).toEqual({ width: 431.8, height: 279.4 });
    expect(paperSize({ size: 'User', width: 123, height: 45, portrait: false })).toEqual({ width: 123, height: 45 });
  });
});

describe('painting the sheet of a real schematic', () => {
  const file = `${FIXTURES}projects/bitaxe-gamma/bitaxeGamma.kicad_sch`;
  const sch = parseSchematic(readFileSync(file), 'bitaxeGamma.kicad_sch');
  const ctx = {
    paper: sch.paper,
    titleBlock: sch.titleBlock,
    sheetName: '/',
    sheetPath: '/',
    pageNumber: 1,
    pageCount: 5,
    fileName: 'bitaxeGamma.kicad_sch',
    vars: { KICAD_VERSION: 'KiCad E.D.A. 9.0' },
    color: '#840000',
  };

  it('fills the title block from the file', () => {
    expect(sch.titleBlock.title).not.toBe('');
    const r = new RecordingRenderer();
    paintDrawingSheet(r, defaultDrawingSheet(), ctx);
    expect(r.layers).toEqual([DRAWING_SHEET_LAYER]);
    const texts = r.calls.flatMap((c) => (c.op === 'text' ? [c.text] : []));
    const strings = texts.map((t) => t.text);
    expect(strings).toContain(`Title: ${sch.titleBlock.title}`);
    expect(strings).toContain(`Size: ${sch.paper.size}`);
    expect(strings).toContain('Id: 1/5');
    expect(strings).toContain('File: bitaxeGamma.kicad_sch');
    expect(strings).toContain('Sheet: /');
    expect(strings).toContain('KiCad E.D.A. 9.0');
    if (sch.titleBlock.rev) expect(strings).toContain(`Rev: ${sch.titleBlock.rev}`);
    for (let i = 1; i <= 4; i++) {
      const c = sch.titleBlock.comments[i];
      if (c) expect(strings).toContain(c);
    }
    expect(strings.some((s) => s.includes('${'))).toBe(false);
    // Bold texts use KiCad's bold pen (size/5), the title 2 mm bold italic.
    const title = texts.find((t) => t.text.startsWith('Title:'));
    expect(title).toMatchObject({ size: 2, bold: true, italic: true, thickness: 0.4, h: 'left', v: 'center' });
    // Everything within the page.
    const { width, height } = paperSize(sch.paper);
    for (const c of r.calls) {
      if (c.op === 'shape' && c.shape.kind === 'path') for (const p of c.shape.parts.flat()) expect(p.x >= 0 && p.x <= width && p.y >= 0 && p.y <= height).toBe(true);
    }
  });

  it('substitutes every variable of the default sheet', () => {
    const v = sheetVariables(ctx);
    for (const it of defaultDrawingSheet().items) {
      if (it.kind !== 'text') continue;
      for (const m of it.text.matchAll(/\$\{([^}]*)\}/g)) expect(Object.hasOwn(v, m[1] ?? ''), m[1]).toBe(true);
    }
    expect(expandVariables('${COMMENT9}|${NOPE}', v)).toBe(`${sch.titleBlock.comments[9] ?? ''}|\${NOPE}`);
  });

  it('renders to SVG with the bitmap as an image', () => {
    const r = new SvgRenderer();
    const ws = parseDrawingSheet(readFileSync(`${FIXTURES}drawing-sheet/bitmap-and-text.kicad_wks`, 'utf8'));
    paintDrawingSheet(r, ws, ctx);
    const { svg: markup } = r.finish();
    expect(markup).toContain('<image');
    expect(markup).toContain('data:image/png;base64,iVBORw0KGgo');
    expect(markup).toContain('drawing-sheet');
  });
});

// KiCad 6 plotting its default frame (frame-plots.json, made by
// make-frame-plots.py): our painter + stroke font must draw the same
// rectangles, lines and text strokes. Tolerance 1e-4 mm (KiCad rounds to nm).
describe('the default frame equals pcbnew 6 plots', () => {
  interface PlotPage {
    paper: string;
    portrait: boolean;
    title: string;
    company: string;
    rev: string;
    date: string;
    comments: Record<string, string>;
    fileName: string;
    rects: number[][];
    lines: { points: number[][]; width: number }[];
    texts: { text: string; width: number; polylines: number[][][] }[];
  }
  const plots = JSON.parse(readFileSync(`${FIXTURES}drawing-sheet/frame-plots.json`, 'utf8')) as { kicad: string; pages: PlotPage[] };
  const TOL = 1e-4;

  for (const page of plots.pages) {
    it(`${page.paper}${page.portrait ? ' portrait' : ''} (${plots.kicad})`, () => {
      const comments: Record<number, string> = {};
      for (const [k, v] of Object.entries(page.comments)) comments[Number(k)] = v;
      const r = new RecordingRenderer();
      paintDrawingSheet(r, defaultDrawingSheet(), {
        paper: { size: page.paper, portrait: page.portrait },
        titleBlock: { title: page.title, date: page.date, rev: page.rev, company: page.company, comments },
        sheetName: 'frame',
        sheetPath: '/',
        pageNumber: 1,
        pageCount: 1,
        fileName: page.fileName,
        // pcbnew's plotter leaves this variable unexpanded.
        vars: { KICAD_VERSION: '${KICAD_VERSION}' },
        color: '#000',
      });
      const shapes = r.calls.flatMap((c) => (c.op === 'shape' ? [c.shape] : []));
      const rects = shapes.flatMap((s) => (s.kind === 'rect' ? [[Math.min(s.x0, s.x1), Math.min(s.y0, s.y1), Math.abs(s.x1 - s.x0), Math.abs(s.y1 - s.y0), s.style?.width ?? 0]] : []));
      expect(covered(page.rects, rects, TOL)).toEqual([]);
      expect(rects.length).toBe(page.rects.length);
      const lines = shapes.flatMap((s) => (s.kind === 'path' ? s.parts.map((p) => [p[0]?.x ?? 0, p[0]?.y ?? 0, p[1]?.x ?? 0, p[1]?.y ?? 0]) : []));
      const plotted = page.lines.map((l) => [l.points[0]?.[0] ?? 0, l.points[0]?.[1] ?? 0, l.points[1]?.[0] ?? 0, l.points[1]?.[1] ?? 0]);
      expect(covered(plotted, lines, TOL)).toEqual([]);
      expect(lines.length).toBe(plotted.length);
      for (const l of page.lines) expect(l.width).toBeCloseTo(0.15, 6);

      const texts = r.calls.flatMap((c) => (c.op === 'text' ? [c.text] : []));
      // KiCad also emits empty texts (blank comments), which draw nothing; we skip them.
      const plottedTexts = page.texts.filter((t) => t.text !== '');
      expect(texts.map((t) => t.text)).toEqual(plottedTexts.map((t) => t.text));
      texts.forEach((t, i) => {
        const want = plottedTexts[i];
        if (!want) return;
        const s = strokeText(t);
        expect(s.thickness, t.text).toBeCloseTo(want.width, 6);
        const ours = mergeCollinear(segmentsOf(s.strokes), TOL);
        const theirs = mergeCollinear(segmentsOf(want.polylines.map((p) => p.flat())), TOL);
        expect(covered(theirs, ours, TOL), t.text).toEqual([]);
        expect(covered(ours, theirs, TOL), t.text).toEqual([]);
      });
    });
  }
});
