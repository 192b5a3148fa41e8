// Schematic painter details: label outlines, readable text, line styles, text
// variables, images, DNP. Real items from the fixture projects and kicad-demos
// where they exist; netclass flags, which no fixture uses, on hand-built labels.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultEffects } from '../../../../src/lib/kicad/kicad-common.ts';
import { dashPattern, dashPolyline, globalLabelOutline, hierarchicalOutline, sheetPinShape } from '../../../../src/lib/kicad/render/label-shapes.ts';
import { libToSheet, placementMatrix, readableText } from '../../../../src/lib/kicad/render/placed-symbol.ts';
import type { PathShape } from '../../../../src/lib/kicad/render/renderer.ts';
import { emitText, expandVars, paintSchematicSheet, pngInfo } from '../../../../src/lib/kicad/render/schematic-painter.ts';
import { DEFAULT_DRAWING, drawingFromProject, SCHEMATIC_THEMES } from '../../../../src/lib/kicad/render/schematic-theme.ts';
import { parseSchematic, type KicadSchematic, type SchLabel } from '../../../../src/lib/kicad/schematic.ts';
import { fixtureProjects, KICAD_PROJECTS_DIR } from '../fixtures.ts';
import { RecordingRenderer } from './recording-renderer.ts';

const SHEETS = fixtureProjects().flatMap((p) => p.files.filter((f) => f.endsWith('.kicad_sch')).map((f) => p.dir + f));
const load = (f: string): KicadSchematic => parseSchematic(readFileSync(f), f);

function paint(sch: KicadSchematic): RecordingRenderer {
  const r = new RecordingRenderer();
  paintSchematicSheet(r, sch, { theme: SCHEMATIC_THEMES.light });
  return r;
}

function empty(over: Partial<KicadSchematic>): KicadSchematic {
  return { ...parseSchematic('(kicad_sch (version 20231120) (generator test) (uuid "00000000-0000-0000-0000-000000000000"))', 'test.kicad_sch'), ...over };
}

function label(over: Partial<SchLabel>): SchLabel {
  return { line: 1, uuid: 'u1', kind: 'local', text: 'NET', at: { x: 10, y: 20, rotation: 0 }, effects: { ...defaultEffects(), hAlign: 'left' }, fieldsAutoplaced: false, properties: [], ...over };
}

describe('readable text', () => {
  it('turns mapped text upright: 180° reads at 0° from the other side, 270° at 90°', () => {
    // Baseline pointing left (a symbol turned half way): left-justified text now extends to the left.
    expect(readableText({ x: -1, y: 0 }, { x: 0, y: -1 }, 'left', 'bottom')).toEqual({ angle: 0, h: 'right', v: 'top' });
    // Baseline pointing down the page (270°): drawn at 90°, extending downwards = right-justified.
    expect(readableText({ x: 0, y: 1 }, { x: -1, y: 0 }, 'left', 'center')).toEqual({ angle: 90, h: 'right', v: 'center' });
    // Identity keeps everything.
    expect(readableText({ x: 1, y: 0 }, { x: 0, y: 1 }, 'right', 'top')).toEqual({ angle: 0, h: 'right', v: 'top' });
  });

  it('sheet texts and labels saved at 180° are drawn at 0° with their saved justification (fixture projects)', () => {
    let seen = 0;
    for (const f of SHEETS) {
      const sch = load(f);
      const turned = sch.labels.filter((l) => l.kind === 'local' && Math.round(l.at.rotation) === 180 && l.text !== '');
      if (turned.length === 0) continue;
      const texts = paint(empty({ labels: turned })).texts('label-text');
      expect(texts.length).toBe(turned.length);
      for (const t of texts) {
        expect(t.angle).toBe(0);
        expect(t.h).toBe('right');
        seen++;
      }
    }
    expect(seen).toBeGreaterThan(10);
  });

  it('multi-line text is stacked line by line, the block justified as a whole', () => {
    const r = new RecordingRenderer();
    r.beginLayer({ name: 'x', z: 0 });
    emitText(r, { text: 'a\nb\nc', at: { x: 0, y: 10 }, angle: 0, size: 1, h: 'left', v: 'bottom', fill: 'black' });
    emitText(r, { text: 'a\nb', at: { x: 5, y: 0 }, angle: 90, size: 1, h: 'left', v: 'top', fill: 'black' });
    r.endLayer();
    const [a, b, c, d, e] = r.texts();
    expect([a?.at.y, b?.at.y, c?.at.y]).toEqual([10 - 2 * 1.61, 10 - 1.61, 10]);
    // At 90° the lines step to the right (the glyphs' down direction).
    expect([d?.at.x, e?.at.x]).toEqual([5, 5 + 1.61]);
  });
});

describe('pin numbers', () => {
  it('KiCad 7+: with names outside but hidden, numbers sit above horizontal pins (as in bms-c1.pdf, plotted by eeschema)', () => {
    const sch = load(SHEETS.find((f) => f.endsWith('libresolar-bms-c1/power-part.kicad_sch')) as string);
    const q6 = sch.symbols.find((s) => s.reference === 'Q6');
    expect(q6?.mirror).toBe('x');
    const r = paint(empty({ symbols: [q6 as NonNullable<typeof q6>], libSymbols: sch.libSymbols }));
    // Each pin's outer end (its first declared box point) and its number.
    const ends = new Map<unknown, { x: number; y: number }>();
    for (const c of r.calls) {
      const pin = c.op === 'bounds' ? c.groups.find((g) => g.meta?.class === 'pin') : undefined;
      if (c.op === 'bounds' && pin && !ends.has(pin)) ends.set(pin, { x: c.x, y: c.y });
    }
    const numbers = r.calls.flatMap((c) => (c.op === 'text' && c.text.cls === 'pin-number' ? [{ t: c.text, end: ends.get(c.groups.find((g) => g.meta?.class === 'pin')) }] : []));
    expect(numbers.map((n) => n.t.text).sort()).toEqual(['1', '2', '3']);
    let horizontal = 0;
    for (const n of numbers) {
      if (n.t.angle !== 0) continue;
      horizontal++;
      // Above the pin's line (smaller y on the sheet), bottom-justified.
      expect(n.t.at.y).toBeLessThan(n.end?.y as number);
      expect(n.t.v).toBe('bottom');
    }
    expect(horizontal).toBe(2);
  });
});

describe('placement matrix', () => {
  it('rotates counter-clockwise on screen and flips the library Y axis', () => {
    const at = { x: 100, y: 50 };
    // A pin end at library (5.08, 0): right of the origin; at 90° it points up the page.
    expect(libToSheet(placementMatrix(0), at, { x: 5.08, y: 0 })).toEqual({ x: 105.08, y: 50 });
    const up = libToSheet(placementMatrix(90), at, { x: 5.08, y: 0 });
    expect(up.x).toBeCloseTo(100, 9);
    expect(up.y).toBeCloseTo(44.92, 9);
    // Library +Y is up on the sheet.
    expect(libToSheet(placementMatrix(0), at, { x: 0, y: 2 })).toEqual({ x: 100, y: 48 });
    // (mirror y) flips left and right, (mirror x) up and down.
    expect(libToSheet(placementMatrix(0, 'y'), at, { x: 5.08, y: 0 }).x).toBeCloseTo(94.92, 9);
    expect(libToSheet(placementMatrix(0, 'x'), at, { x: 0, y: 2 }).y).toBeCloseTo(52, 9);
  });
});

describe('label outlines', () => {
  it('global labels: input points into the connection, output away, passive is a box around the text', () => {
    const input = globalLabelOutline('input', 10, 1.27, 0.5, 0.2);
    const output = globalLabelOutline('output', 10, 1.27, 0.5, 0.2);
    const passive = globalLabelOutline('passive', 10, 1.27, 0.5, 0.2);
    // The tip of an input label is the connection point; its flat end is far.
    expect(input.points[0]).toEqual([0, 0]);
    expect(input.points[1]?.[0]).toBeGreaterThan(0);
    // Output: flat at the connection, a tip beyond the text.
    expect(output.points[1]?.[0]).toBe(0);
    expect(output.points[3]?.[0]).toBeGreaterThan(output.points[2]?.[0] as number);
    // The box is longer than the text plus margins, and the text starts after the input arrow.
    expect((passive.points[2]?.[0] as number) - (passive.points[1]?.[0] as number)).toBeGreaterThanOrEqual(10 + 2 * 0.5);
    expect(input.textAt).toBeGreaterThan(passive.textAt);
  });

  it('sheet pins swap input and output icons (the parent sees the signal leave)', () => {
    expect(sheetPinShape('input')).toBe('output');
    expect(sheetPinShape('output')).toBe('input');
    expect(sheetPinShape('bidirectional')).toBe('bidirectional');
    expect(hierarchicalOutline('input', 1)[0]).toEqual([0, 0]);
    expect(hierarchicalOutline('output', 1)).toContainEqual([2, 0]);
  });

  it('paints global labels of the fixtures closed around their anchor, in the global label colour', () => {
    const sch = load(SHEETS.find((f) => f.endsWith('zswatch-rev6/MCU.kicad_sch')) as string);
    const globals = sch.labels.filter((l) => l.kind === 'global');
    expect(globals.length).toBeGreaterThan(50);
    const r = paint(empty({ labels: globals }));
    const outlines = r.calls.flatMap((c) => (c.op === 'shape' && c.shape.kind === 'path' && c.groups[0]?.meta?.class === 'label label-global' ? [{ s: c.shape, g: c.groups[0] }] : []));
    expect(outlines.length).toBe(globals.length);
    for (const [i, o] of outlines.entries()) {
      const l = globals[i] as SchLabel;
      expect(o.s.closed).toBe(true);
      expect(o.g.style?.stroke).toBe(SCHEMATIC_THEMES.light.labelGlobal);
      // The outline starts at the connection point (the label's anchor) or beside it.
      const pts = (o.s as PathShape).parts[0] ?? [];
      expect(pts.some((p) => Math.abs(p.x - l.at.x) < 1e-9 && Math.abs(p.y - l.at.y) < 1e-9) || pts.some((p) => Math.hypot(p.x - l.at.x, p.y - l.at.y) < 2)).toBe(true);
    }
  });

  it('netclass flags (no fixture has one): stem of the given length, then the shape, pointing up at 0°', () => {
    for (const shape of ['dot', 'round', 'diamond', 'rectangle']) {
      const r = paint(empty({ labels: [label({ kind: 'directive', text: '', shape, length: 5.08 })] }));
      const shapes = r.shapes('labels');
      const stem = shapes[0] as PathShape;
      expect(stem.parts[0]).toEqual([
        { x: 10, y: 20 },
        { x: 10, y: expect.closeTo(20 - 5.08 + (shape === 'dot' ? 0.7 * 0.889 : shape === 'rectangle' ? 0.8 * 0.889 : 0.889), 6) },
      ]);
      expect(shapes.length).toBe(2);
      if (shape === 'dot' || shape === 'round') expect(shapes[1]).toMatchObject({ kind: 'circle', center: { x: 10, y: expect.closeTo(20 - 5.08, 9) } });
    }
  });
});

describe('line styles', () => {
  it('dashes follow KiCad’s proportions and run on across corners', () => {
    expect(dashPattern('solid', 1)).toBeNull();
    expect(dashPattern('default', 1)).toBeNull();
    expect(dashPattern('dash', 0.25)).toEqual([2.75, 1]);
    expect(dashPattern('dash_dot_dot', 1)?.length).toBe(6);
    const parts = dashPolyline(
      [
        { x: 0, y: 0 },
        { x: 3, y: 0 },
        { x: 3, y: 3 },
      ],
      [2, 1],
    );
    // Marks 0–2, then 3–(3,1) → (3,2)–(3,3) … : the second mark turns the corner.
    expect(parts[0]).toEqual([
      { x: 0, y: 0 },
      { x: 2, y: 0 },
    ]);
    expect(parts[1]).toEqual([
      { x: 3, y: 0 },
      { x: 3, y: 2 },
    ]);
  });

  it('paints dashed sheet graphics of a real sheet as marks', () => {
    const sch = SHEETS.map(load).find((s) => s.graphics.some((g) => g.stroke.type === 'dash'));
    expect(sch).toBeDefined();
    const dashed = (sch as KicadSchematic).graphics.filter((g) => g.stroke.type === 'dash');
    const r = paint(empty({ graphics: dashed }));
    const paths = r.shapes('notes').filter((s): s is PathShape => s.kind === 'path');
    expect(paths.length).toBe(dashed.length);
    for (const p of paths) expect(p.parts.length).toBeGreaterThan(1);
  });
});

describe('text variables, images, DNP', () => {
  it('substitutes variables and leaves unknown ones as KiCad shows them', () => {
    const vars: Record<string, string> = { A: 'x${B}', B: 'y' };
    expect(expandVars('${A}-${C}', (n) => vars[n])).toBe('xy-${C}');
    expect(expandVars('plain', () => 'never')).toBe('plain');
  });

  it('sheet texts get ${TITLE} and project variables', () => {
    const sch = empty({ titleBlock: { title: 'Board', date: '', rev: 'B', company: '', comments: {} } });
    sch.texts = [{ line: 1, uuid: 't', text: '${TITLE} rev ${REVISION} ${PROJ}', at: { x: 0, y: 0, rotation: 0 }, effects: defaultEffects() }];
    const r = new RecordingRenderer();
    paintSchematicSheet(r, sch, { theme: SCHEMATIC_THEMES.dark, vars: { PROJ: 'p1' } });
    expect(r.texts('text').map((t) => t.text)).toEqual(['Board rev B p1']);
    expect(r.texts('text')[0]?.fill).toBe(SCHEMATIC_THEMES.dark.notes);
  });

  it('images of a real sheet are drawn at their size from the PNG header and resolution', () => {
    const sch = SHEETS.map(load).find((s) => s.images.length > 0) as KicadSchematic;
    expect(sch).toBeDefined();
    const img = sch.images[0];
    const info = pngInfo(img?.data ?? '');
    expect(info && info.width > 0 && info.height > 0).toBe(true);
    const shapes = paint(empty({ images: sch.images })).shapes('images');
    expect(shapes.length).toBe(sch.images.length);
    const s = shapes[0];
    if (s?.kind !== 'image' || !info || !img) throw new Error('no image drawn');
    expect(s.width).toBeCloseTo((info.width * 25.4 * img.scale) / info.ppi, 9);
    expect(s.mime).toBe('image/png');
  });

  it('a do-not-populate symbol of a real sheet is crossed out over its body', () => {
    const sch = SHEETS.map(load).find((s) => s.symbols.some((x) => x.dnp)) as KicadSchematic;
    expect(sch).toBeDefined();
    const r = paint(sch);
    const crosses = r.calls.filter((c) => c.op === 'group' && c.spec.meta?.class === 'dnp');
    expect(crosses.length).toBe(sch.symbols.filter((s) => s.dnp).length);
    const dnpSymbols = r.calls.filter((c) => c.op === 'group' && c.spec.meta?.class === 'symbol' && c.spec.meta['data-dnp'] === 'true');
    expect(dnpSymbols.length).toBeGreaterThan(0);
    // Faded as KiCad draws them; the cross spans the pins' ends, not just the body.
    for (const g of dnpSymbols) if (g.op === 'group') expect(g.spec.style?.opacity).toBe(0.5);
    const cross = r.calls.find((c) => c.op === 'shape' && c.groups.some((g) => g.meta?.class === 'dnp'));
    const sym = sch.symbols.find((x) => x.dnp);
    if (cross?.op !== 'shape' || cross.shape.kind !== 'path' || !sym) throw new Error('no cross');
    const xs = cross.shape.parts.flat().map((p) => p.x);
    const ys = cross.shape.parts.flat().map((p) => p.y);
    expect(Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys))).toBeGreaterThan(2);
  });
});

describe('project drawing settings', () => {
  it('reads .kicad_pro drawing settings of the fixtures (junction size choice, label ratios, line width)', () => {
    const pro = (name: string): unknown => JSON.parse(readFileSync(`${KICAD_PROJECTS_DIR}${name}`, 'utf8'));
    const olimex = drawingFromProject(pro('olimex-mod-esp32-c5/MOD-ESP32-C5_Rev_A.kicad_pro'));
    // junction_size_choice 4 ("large"): 9 × the 6 mil line; eeschema's PDF of this project shows 1.44 mm dots.
    expect(olimex.junctionDiameter).toBeCloseTo(9 * 0.1524, 9);
    expect(olimex.labelSizeRatio).toBe(0.25);
    expect(olimex.textOffsetRatio).toBe(0.08);
    const glasgow = drawingFromProject(pro('glasgow-revc/glasgow.kicad_pro'));
    expect(glasgow.junctionDiameter).toBeCloseTo(0.9144, 9);
    expect(glasgow.line).toBeCloseTo(0.1524, 9);
    expect(drawingFromProject(null)).toEqual(DEFAULT_DRAWING);
    expect(drawingFromProject({ schematic: { drawing: { label_size_ratio: 'x', junction_size_choice: 99 } } })).toEqual(DEFAULT_DRAWING);
  });

  it('paints junctions at the project size and labels with its ratios', () => {
    const sch = load(SHEETS.find((f) => f.endsWith('olimex-mod-esp32-c5/MOD-ESP32-C5_Rev_A.kicad_sch')) as string);
    const drawing = drawingFromProject(JSON.parse(readFileSync(`${KICAD_PROJECTS_DIR}olimex-mod-esp32-c5/MOD-ESP32-C5_Rev_A.kicad_pro`, 'utf8')));
    const r = new RecordingRenderer();
    paintSchematicSheet(r, empty({ junctions: sch.junctions }), { theme: SCHEMATIC_THEMES.light, drawing });
    const dots = r.shapes('junctions');
    expect(dots.length).toBe(sch.junctions.length);
    for (const d of dots) if (d.kind === 'circle') expect(d.radius).toBeCloseTo(drawing.junctionDiameter / 2, 9);
  });
});

describe('junctions', () => {
  it('a junction on a bus takes the bus junction colour, one on a wire the layer’s', () => {
    const stroke = { width: 0, type: 'default' };
    const sch = empty({
      buses: [{ line: 1, uuid: 'b', points: [{ x: 0, y: 0 }, { x: 10, y: 0 }], stroke }],
      wires: [{ line: 2, uuid: 'w', points: [{ x: 0, y: 5 }, { x: 10, y: 5 }], stroke }],
      junctions: [
        { line: 3, uuid: 'j1', at: { x: 5, y: 0 }, diameter: 0 },
        { line: 4, uuid: 'j2', at: { x: 5, y: 5 }, diameter: 0 },
      ],
    });
    const dots = paint(sch).shapes('junctions');
    expect(dots[0]?.style?.fill).toBe(SCHEMATIC_THEMES.light.busJunction);
    expect(dots[1]?.style).toBeUndefined();
    expect(SCHEMATIC_THEMES.light.busJunction).not.toBe(SCHEMATIC_THEMES.light.junction);
  });
});

describe('damaged input', () => {
  it('a truncated real sheet paints what the model kept, with nothing non-finite', () => {
    const file = SHEETS.find((f) => f.endsWith('glasgow-revc/glasgow.kicad_sch')) as string;
    const bytes = readFileSync(file);
    for (const cut of [0.3, 0.6, 0.9]) {
      const sch = parseSchematic(bytes.subarray(0, Math.floor(bytes.length * cut)), file);
      expect(sch.errors.length).toBeGreaterThan(0);
      const r = paint(sch);
      const b = r.bounds();
      if (b) for (const v of [b.minX, b.minY, b.maxX, b.maxY]) expect(Number.isFinite(v)).toBe(true);
      expect(r.calls.filter((c) => c.op === 'group' && c.spec.meta?.class === 'wire').length).toBe(sch.wires.length);
    }
  });
});
