// Footprint painters against the recording Renderer, on hand-built models (Y-down, mm).
import { describe, expect, it } from 'vitest';
import { defaultEffects } from '../../../../src/lib/kicad/kicad-common.ts';
import type { Footprint, FootprintText, Pad } from '../../../../src/lib/kicad/footprint.ts';
import { layerRank, paintFootprint, paintGraphic, paintPad, paintText, PCB_COLORS } from '../../../../src/lib/kicad/render/footprint-painter.ts';
import { RecordingRenderer } from './recording-renderer.ts';

function pad(over: Partial<Pad> = {}): Pad {
  return {
    number: '1',
    type: 'thru_hole',
    shape: 'circle',
    at: { x: 2.54, y: 0, rotation: 0 },
    size: { width: 1.6, height: 1.6 },
    drill: { oval: false, width: 0.8, height: 0.8 },
    layers: ['*.Cu', '*.Mask'],
    primitives: [],
    line: 1,
    ...over,
  };
}

function footprint(over: Partial<Footprint> = {}): Footprint {
  return {
    name: 'TEST',
    fileName: 'TEST.kicad_mod',
    version: 20240108,
    format: 'footprint',
    layer: 'F.Cu',
    description: '',
    tags: [],
    attributes: { type: 'smd', boardOnly: false, excludeFromPosFiles: false, excludeFromBom: false, allowMissingCourtyard: false, dnp: false },
    reference: 'U1',
    value: 'CHIP',
    properties: {},
    texts: [],
    graphics: [],
    pads: [],
    models: [],
    ...over,
  };
}

function text(over: Partial<FootprintText> = {}): FootprintText {
  return { kind: 'reference', text: '${REFERENCE}', at: { x: 0, y: -3, rotation: 0 }, layer: 'F.SilkS', hidden: false, effects: defaultEffects(1), ...over };
}

describe('paintPad', () => {
  it('draws a plated through-hole pad: copper in its own frame, the hole, the number, and declares its box', () => {
    const r = new RecordingRenderer();
    paintPad(r, pad({ at: { x: 2.54, y: 1, rotation: 90 } }), true);
    expect(r.layers.map((l) => l.name)).toEqual([':Pads:Front']);

    const groups = r.calls.flatMap((c) => (c.op === 'group' ? [c.spec] : []));
    expect(groups[0]?.meta).toEqual({ class: 'pad', 'data-number': '1', 'data-type': 'thru_hole', 'data-shape': 'circle' });
    expect(groups[1]).toMatchObject({ transform: { x: 2.54, y: 1, rotation: 90 }, style: { fill: PCB_COLORS['F.Cu'], stroke: 'none', opacity: 0.8 } });
    expect(groups[2]).toMatchObject({ meta: { class: 'hole' }, transform: { x: 2.54, y: 1, rotation: 90 }, style: { fill: PCB_COLORS.hole, stroke: 'none' } });

    const [copper, hole] = r.shapes();
    expect(copper).toMatchObject({ kind: 'circle', radius: 0.8, bounds: false });
    expect(copper?.kind === 'circle' && copper.center).toBeUndefined();
    expect(hole).toMatchObject({ kind: 'circle', center: { x: 0, y: 0 }, radius: 0.4, bounds: false });

    // The pad outline's corners in the pad frame, then the hole around the pad centre.
    const declared = r.calls.flatMap((c) => (c.op === 'bounds' ? [[c.x, c.y, c.pad, c.groups.length]] : []));
    expect(declared).toEqual([
      [-0.8, -0.8, 0, 2],
      [0.8, -0.8, 0, 2],
      [0.8, 0.8, 0, 2],
      [-0.8, 0.8, 0, 2],
      [2.54, 1, 0.4, 1],
    ]);
    const [num] = r.texts('pad-number');
    expect(num).toMatchObject({ text: '1', at: { x: 2.54, y: 1 }, angle: 90, h: 'center', v: 'center', bounds: false });
  });

  it('draws only the ringed hole of a non-plated pad, and back-only pads on the back pad layer', () => {
    const r = new RecordingRenderer();
    paintPad(r, pad({ type: 'np_thru_hole', number: '' }), true);
    expect(r.shapes()).toEqual([{ kind: 'circle', center: { x: 0, y: 0 }, radius: 0.4, bounds: false }]);
    const hole = r.calls.find((c) => c.op === 'group' && c.spec.meta?.class === 'hole');
    expect(hole?.op === 'group' && hole.spec.style).toEqual({ fill: PCB_COLORS.npthHole, stroke: PCB_COLORS.npthRing, width: 0.05 });
    expect(r.texts()).toEqual([]);

    const back = new RecordingRenderer();
    paintPad(back, pad({ type: 'smd', shape: 'rect', drill: undefined, layers: ['B.Cu', 'B.Paste'] }), false);
    expect(back.layers.map((l) => [l.name, l.z])).toEqual([[':Pads:Back', layerRank('B.Cu') + 0.5]]);
    expect(back.shapes()).toMatchObject([{ kind: 'rect', x0: -0.8, y0: -0.8, x1: 0.8, y1: 0.8, radius: 0 }]);
  });

  it('draws an oval drill as a rounded rectangle', () => {
    const r = new RecordingRenderer();
    paintPad(r, pad({ shape: 'oval', size: { width: 3, height: 2 }, drill: { oval: true, width: 2, height: 1 } }), false);
    const [copper, hole] = r.shapes();
    expect(copper).toMatchObject({ kind: 'rect', x0: -1.5, y0: -1, x1: 1.5, y1: 1, radius: 1 });
    expect(hole).toMatchObject({ kind: 'rect', x0: -1, y0: -0.5, x1: 1, y1: 0.5, radius: 0.5 });
  });
});

describe('paintGraphic and paintText', () => {
  it('fills a zero-width polygon in the layer colour without an outline, on its KiCad layer', () => {
    const pts = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 0, y: 1 },
    ];
    const r = new RecordingRenderer();
    paintGraphic(r, { kind: 'poly', points: pts, layer: 'F.Silkscreen', width: 0, filled: true });
    expect(r.layers).toMatchObject([{ name: 'F.Silkscreen', z: layerRank('F.SilkS'), meta: { 'data-layer': 'F.Silkscreen' }, style: { stroke: PCB_COLORS['F.SilkS'] } }]);
    expect(r.shapes()).toEqual([{ kind: 'path', parts: [pts], closed: true, style: { stroke: 'none', width: 0.05, fill: 'currentColor' } }]);
  });

  it('draws a line with its width and an arc through its three points', () => {
    const r = new RecordingRenderer();
    paintGraphic(r, { kind: 'line', start: { x: 0, y: 0 }, end: { x: 1, y: 0 }, layer: 'F.Fab', width: 0.1, filled: false });
    paintGraphic(r, { kind: 'arc', start: { x: 1, y: 0 }, mid: { x: 0, y: -1 }, end: { x: -1, y: 0 }, layer: 'F.Fab', width: 0, filled: false });
    expect(r.shapes('F.Fab')).toEqual([
      { kind: 'path', parts: [[{ x: 0, y: 0 }, { x: 1, y: 0 }]], style: { width: 0.1 } },
      { kind: 'arc', start: { x: 1, y: 0 }, mid: { x: 0, y: -1 }, end: { x: -1, y: 0 }, style: { width: 0.05 } },
    ]);
  });

  it('substitutes ${REFERENCE}, keeps rotation, and mirrors back-side text', () => {
    const r = new RecordingRenderer();
    const fp = footprint();
    paintText(r, fp, text({ at: { x: 1, y: 2, rotation: 90 } }));
    paintText(r, fp, text({ kind: 'value', text: '${VALUE}', layer: 'B.SilkS', effects: { ...defaultEffects(1), mirror: true } }));
    paintText(r, fp, text({ hidden: true }));
    expect(r.texts()).toMatchObject([
      { text: 'U1', at: { x: 1, y: 2 }, angle: 90, fill: PCB_COLORS['F.SilkS'], cls: 'text reference' },
      { text: 'CHIP', mirror: true, fill: PCB_COLORS['B.SilkS'], cls: 'text value' },
    ]);
  });

  it('paints graphics, then texts, then pads', () => {
    const r = new RecordingRenderer();
    paintFootprint(r, footprint({ graphics: [{ kind: 'circle', center: { x: 0, y: 0 }, end: { x: 1, y: 0 }, radius: 1, layer: 'F.CrtYd', width: 0.05, filled: false }], texts: [text()], pads: [pad()] }), { padNumbers: false });
    expect(r.layers.map((l) => l.name)).toEqual(['F.CrtYd', 'F.SilkS', ':Pads:Front']);
    expect(r.texts('pad-number')).toEqual([]);
  });
});
