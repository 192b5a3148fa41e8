// MeshRenderer tessellation against analytic shapes, and the scene of a real board.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBoard } from '../../../src/lib/kicad/board.ts';
import type { Renderer, Shape, Style } from '../../../src/lib/kicad/render/renderer.ts';
import { HitIndex } from '../../../src/lib/kicad-viewer/hit-test.ts';
import { buildBoardScene, buildSheetScene, CURRENT_COLOR, ID_MASK, packScene, RANGE, sceneTransferables, unpackScene, type Scene } from '../../../src/lib/kicad-viewer/scene.ts';
import { circleSegments } from '../../../src/lib/kicad-viewer/scene-build.ts';
import { KICAD_PROJECTS_DIR } from '../kicad/fixtures.ts';

const LAYER = { name: 'F.Cu', z: 1, style: { color: '#c83434', stroke: '#c83434', fill: 'none' } };
const FILL: Style = { fill: '#00ff00', stroke: 'none' };

/** A scene of one item (class `x`) holding `shapes`, optionally placed. */
function one(shapes: Shape[], group: Parameters<Renderer['beginGroup']>[0] = {}): Scene {
  return buildSheetScene((r) => {
    r.beginLayer(LAYER);
    r.beginGroup({ meta: { class: 'x' }, ...group });
    for (const s of shapes) r.shape(s);
    r.endGroup();
    r.endLayer();
  });
}

function triArea(scene: Scene, signed = false, which: 'triIdx' | 'fanIdx' = 'triIdx'): number {
  let a = 0;
  for (const b of scene.batches) {
    const p = b.triPos;
    const idx = b[which];
    for (let t = 0; t < idx.length; t += 3) {
      const [i, j, k] = [idx[t]!, idx[t + 1]!, idx[t + 2]!];
      const v = ((p[2 * j]! - p[2 * i]!) * (p[2 * k + 1]! - p[2 * i + 1]!) - (p[2 * k]! - p[2 * i]!) * (p[2 * j + 1]! - p[2 * i + 1]!)) / 2;
      a += signed ? v : Math.abs(v);
    }
  }
  return a;
}

/** Area covered by item 1 (its triangles, even-odd fans and capsules), sampled on a grid over its box. */
function sampledArea(scene: Scene, n = 400): number {
  const hits = new HitIndex(scene);
  const b = scene.items[0]!.box;
  const dx = (b.maxX - b.minX) / n;
  const dy = (b.maxY - b.minY) / n;
  let count = 0;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (hits.exact(1, 0, b.minX + (i + 0.5) * dx, b.minY + (j + 0.5) * dy, 0)) count++;
  return count * dx * dy;
}

describe('MeshRenderer tessellation', () => {
  it('fills a rectangle with two triangles of its exact area, wound one way', () => {
    const s = one([{ kind: 'rect', x0: 1, y0: 2, x1: 5, y1: 5, style: FILL }]);
    expect(s.batches[0]!.triIdx.length).toBe(6);
    expect(triArea(s)).toBeCloseTo(12, 9);
    expect(Math.abs(triArea(s, true))).toBeCloseTo(12, 9);
    expect(s.items[0]!.box).toEqual({ minX: 1, minY: 2, maxX: 5, maxY: 5 });
  });

  it('rounds rectangle corners: area w·h − (4 − π)r² within the chord tolerance', () => {
    const r = 0.5;
    const s = one([{ kind: 'rect', x0: 0, y0: 0, x1: 3, y1: 2, radius: r, style: FILL }]);
    const exact = 6 - (4 - Math.PI) * r * r;
    expect(Math.abs(triArea(s) - exact) / exact).toBeLessThan(0.002);
    expect(Math.abs(triArea(s, true))).toBeCloseTo(triArea(s), 9);
  });

  it('draws a filled circle as one exact capsule of zero length and a circle outline as a ring of segments', () => {
    const s = one([{ kind: 'circle', center: { x: 2, y: 3 }, radius: 1.5, style: FILL }]);
    expect(Array.from(s.batches[0]!.capGeo)).toEqual([2, 3, 2, 3, 1.5]);
    expect(Math.abs(sampledArea(s) - Math.PI * 1.5 * 1.5) / (Math.PI * 2.25)).toBeLessThan(0.01);

    const ring = one([{ kind: 'circle', radius: 4, style: { fill: 'none', stroke: '#fff', width: 0.2 } }]);
    const g = ring.batches[0]!.capGeo;
    expect(g.length / 5).toBe(circleSegments(4));
    for (let i = 0; i < g.length; i += 5) {
      expect(Math.hypot(g[i]!, g[i + 1]!)).toBeCloseTo(4, 5);
      expect(g[i + 4]).toBeCloseTo(0.1, 6);
    }
    const hits = new HitIndex(ring);
    expect(hits.exact(1, 0, 4, 0, 0)).toBe(true);
    expect(hits.exact(1, 0, 0, 0, 0)).toBe(false);
  });

  it('gives more segments to bigger circles, within bounds', () => {
    expect(circleSegments(0.1)).toBeLessThan(circleSegments(2));
    expect(circleSegments(1000)).toBeLessThanOrEqual(128);
    expect(circleSegments(0)).toBeGreaterThanOrEqual(8);
  });

  it('draws a round-capped track as a capsule: area 2rL + πr²', () => {
    const s = one([{ kind: 'path', parts: [[{ x: 0, y: 0 }, { x: 4, y: 3 }]] }], { style: { width: 0.5, cap: 'round' } });
    expect(Array.from(s.batches[0]!.capGeo)).toEqual([0, 0, 4, 3, 0.25]);
    const exact = 2 * 0.25 * 5 + Math.PI * 0.25 * 0.25;
    expect(Math.abs(sampledArea(s, 600) - exact) / exact).toBeLessThan(0.02);
  });

  it('strokes a three-point arc with segments on its circle and fills a pie', () => {
    const s = one([{ kind: 'arc', start: { x: 1, y: 0 }, mid: { x: 0, y: -1 }, end: { x: -1, y: 0 }, style: { stroke: '#fff', fill: 'none', width: 0.1 } }]);
    const g = s.batches[0]!.capGeo;
    expect(g.length / 5).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < g.length; i += 5) expect(Math.hypot(g[i + 2]!, g[i + 3]!)).toBeCloseTo(1, 5);
    const pie = one([{ kind: 'arc', start: { x: 1, y: 0 }, mid: { x: 0, y: -1 }, end: { x: -1, y: 0 }, pie: true, style: FILL }]);
    expect(Math.abs(triArea(pie) - Math.PI / 2) / (Math.PI / 2)).toBeLessThan(0.005);
  });

  it('triangulates a small polygon with a hole (keyhole bridge) by earcut: outer minus hole', () => {
    // 10 × 10 square with a 4 × 4 hole, joined by a zero-width bridge, as KiCad fractures zone fills.
    const pts = [
      [0, 0], [10, 0], [10, 10], [0, 10], [0, 5], [3, 5], [3, 7], [7, 7], [7, 3], [3, 3], [3, 5], [0, 5],
    ].map(([x, y]) => ({ x: x!, y: y! }));
    const s = one([{ kind: 'path', parts: [pts], closed: true, style: FILL }]);
    expect(s.batches[0]!.fanIdx.length).toBe(0);
    expect(triArea(s)).toBeCloseTo(100 - 16, 6);
  });

  it('draws a large zone fill with a hole as even-odd fans: sampled area = outer minus hole', () => {
    // Outer circle r = 10 and a square hole, both finely divided (> 24 points: the fan path).
    const outer = Array.from({ length: 200 }, (_, i) => ({ x: 10 * Math.cos((2 * Math.PI * i) / 200), y: 10 * Math.sin((2 * Math.PI * i) / 200) }));
    // The hole runs the other way round, as in a fractured fill.
    const hole = [{ x: 10, y: 0 }, { x: 4, y: 0 }, { x: 4, y: -4 }, { x: -4, y: -4 }, { x: -4, y: 4 }, { x: 4, y: 4 }, { x: 4, y: 0 }];
    const s = one([{ kind: 'path', parts: [[...outer, ...hole]], closed: true, style: FILL }]);
    expect(s.batches[0]!.fanIdx.length).toBeGreaterThan(0);
    expect(Array.from(s.batches[0]!.fanRings)).toEqual([0, 207]);
    const ringArea = 200 * 0.5 * 100 * Math.sin((2 * Math.PI) / 200);
    expect(Math.abs(triArea(s, true, 'fanIdx'))).toBeCloseTo(ringArea - 64, 3);
    expect(Math.abs(sampledArea(s) - (ringArea - 64)) / (ringArea - 64)).toBeLessThan(0.01);
    const hits = new HitIndex(s);
    expect(hits.exact(1, 0, 0.37, 0.21, 0)).toBe(false);
    expect(hits.exact(1, 0, 7.3, 7.1, 0)).toBe(false);
    expect(hits.exact(1, 0, 0.3, 7.2, 0)).toBe(true);
  });

  it('places groups: rotate (counter-clockwise on screen) then translate, nested', () => {
    const s = buildSheetScene((r) => {
      r.beginLayer(LAYER);
      r.beginGroup({ transform: { x: 10, y: 5, rotation: 90 } });
      r.beginGroup({ meta: { class: 'x' } });
      r.shape({ kind: 'rect', x0: 0, y0: 0, x1: 2, y1: 1, style: FILL });
      r.endGroup();
      r.endGroup();
      r.endLayer();
    });
    const b = s.items[0]!.box;
    expect(b.minX).toBeCloseTo(10, 9);
    expect(b.maxX).toBeCloseTo(11, 9);
    expect(b.minY).toBeCloseTo(3, 9);
    expect(b.maxY).toBeCloseTo(5, 9);
    expect(s.bounds).toEqual(b);
  });

  it("marks the layer's own colour (and currentColor) as recolourable, other colours not", () => {
    const s = buildSheetScene((r) => {
      r.beginLayer(LAYER);
      r.beginGroup({ meta: { class: 'a' }, style: { fill: 'currentColor', stroke: 'none' } });
      r.shape({ kind: 'rect', x0: 0, y0: 0, x1: 1, y1: 1 });
      r.endGroup();
      r.beginGroup({ meta: { class: 'b' }, style: { fill: '#123456', stroke: 'none', opacity: 0.5 } });
      r.shape({ kind: 'rect', x0: 2, y0: 0, x1: 3, y1: 1 });
      r.endGroup();
      r.endLayer();
    });
    const b = s.batches[0]!;
    expect((b.triId[0]! & CURRENT_COLOR) >>> 0).toBe(CURRENT_COLOR);
    expect(b.triId[0]! & ID_MASK).toBe(1);
    expect(b.triId[4]! & CURRENT_COLOR).toBe(0);
    expect(b.triId[4]! & ID_MASK).toBe(2);
    expect(b.triCol[0]).toBe(0xff3434c8);
    // #123456 at half opacity: alpha 128.
    expect(b.triCol[4]).toBe(0x80563412);
    expect(s.layers[0]!.color).toBe('#c83434');
  });

  it('keeps the ranges of each item and moves the scene without copies', () => {
    const s = one([
      { kind: 'rect', x0: 0, y0: 0, x1: 1, y1: 1, style: FILL },
      { kind: 'circle', radius: 1, style: FILL },
    ]);
    expect(Array.from(s.itemRanges.subarray(RANGE, 2 * RANGE))).toEqual([0, 6, 0, 1, 0, 0]);
    const t = sceneTransferables(s);
    expect(t.length).toBeGreaterThan(0);
    expect(new Set(t).size).toBe(t.length);
  });
});

describe('buildBoardScene on a real board (bitaxe-gamma)', () => {
  const board = parseBoard(readFileSync(KICAD_PROJECTS_DIR + 'bitaxe-gamma/bitaxeGamma.kicad_pcb'), 'bitaxeGamma.kicad_pcb').board!;
  const scene = buildBoardScene(board);
  const netName = new Map(board.nets.map((n) => [n.number, n.name]));
  const ofClass = (c: string) => scene.items.filter((i) => i.meta.class === c);

  it('makes every track an item with its net, in file order', () => {
    const tracks = ofClass('track');
    expect(tracks.length).toBe(board.tracks.length);
    tracks.forEach((it, k) => {
      const net = netName.get(board.tracks[k]!.net) ?? '';
      expect(it.meta['data-net'] ?? '').toBe(net);
      expect(scene.nets[scene.itemNets[it.id]!]).toBe(net);
      expect(it.layer).toBe(board.tracks[k]!.layer);
    });
  });

  it('makes every via an item with its net, its box around its centre', () => {
    const vias = ofClass('via');
    expect(vias.length).toBe(board.vias.length);
    vias.forEach((it, k) => {
      const v = board.vias[k]!;
      expect(it.meta['data-net'] ?? '').toBe(netName.get(v.net) ?? '');
      expect((it.box.minX + it.box.maxX) / 2).toBeCloseTo(v.at.x, 6);
      expect((it.box.minY + it.box.maxY) / 2).toBeCloseTo(v.at.y, 6);
      expect(it.box.maxX - it.box.minX).toBeCloseTo(v.size, 6);
    });
  });

  it('makes every pad an item with its footprint reference, number and net', () => {
    const pads = ofClass('pad');
    const expected = board.footprints.flatMap((fp) => fp.pads.map((p) => ({ ref: fp.reference, number: p.number, net: p.net?.name ?? '' })));
    expect(pads.length).toBe(expected.length);
    expect(pads.length).toBeGreaterThan(400);
    const got = pads.map((p) => ({ ref: p.meta['data-ref'], number: p.meta['data-number'], net: p.meta['data-net'] ?? '' }));
    expect(got).toEqual(expected);
  });

  it('picks the pad at its own centre', () => {
    const hits = new HitIndex(scene);
    const all = ofClass('pad');
    const overlaps = (a: (typeof all)[number], b: (typeof all)[number]) =>
      a !== b && a.layer === b.layer && a.box.minX < b.box.maxX && b.box.minX < a.box.maxX && a.box.minY < b.box.maxY && b.box.minY < a.box.maxY;
    // Pads no other pad of their side overlaps (thermal pads with paste windows do).
    const pads = all.filter((p) => p.meta['data-type'] === 'smd' && !all.some((q) => overlaps(p, q))).slice(0, 60);
    expect(pads.length).toBe(60);
    for (const p of pads) {
      const x = (p.box.minX + p.box.maxX) / 2;
      const y = (p.box.minY + p.box.maxY) / 2;
      const got = hits.pick(x, y, 0.01, () => true, (l) => l);
      expect(got?.id).toBe(p.id);
    }
  });

  it('frames the board: bounds contain every item', () => {
    const b = scene.bounds!;
    for (const it of scene.items) {
      expect(it.box.minX).toBeGreaterThanOrEqual(b.minX - 1e-9);
      expect(it.box.maxY).toBeLessThanOrEqual(b.maxY + 1e-9);
    }
    expect(scene.layers.map((l) => l.z)).toEqual([...scene.layers.map((l) => l.z)].sort((a, c) => a - c));
    expect(scene.layers.find((l) => l.name === 'F.Cu')).toMatchObject({ kind: 'copper', side: 'front' });
  });

  it('packs for postMessage and unpacks to an equal scene (items as one string, boxes and arrays transferred)', () => {
    const own = buildBoardScene(board); // its buffers are moved away below
    const { packed, transfer } = packScene(own);
    const copy = structuredClone(packed, { transfer });
    expect(typeof copy.itemMeta).toBe('string');
    expect(packed.itemBoxes.byteLength).toBe(0); // moved, not copied
    const back = unpackScene(copy);
    expect(own.itemNets.byteLength).toBe(0);
    expect(back.items).toEqual(scene.items);
    expect(back.layers).toEqual(scene.layers);
    expect(back.nets).toEqual(scene.nets);
    expect(back.batches.length).toBe(scene.batches.length);
    expect(back.batches.reduce((a, b) => a + b.capId.length, 0)).toBeGreaterThan(0);
  });
});
