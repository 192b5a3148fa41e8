import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseBoard, type Board } from '../../../src/lib/kicad/board.ts';
import { boardStats } from '../../../src/lib/kicad/board-stats.ts';
import { parseFootprint } from '../../../src/lib/kicad/footprint.ts';
import { renderBoardSvg } from '../../../src/lib/kicad/board-svg.ts';
import { paintBoard, VIA_LAYER } from '../../../src/lib/kicad/render/board-painter.ts';
import { SvgRenderer } from '../../../src/lib/kicad/render/svg-renderer.ts';
import type { GroupSpec } from '../../../src/lib/kicad/render/renderer.ts';
import type { Point } from '../../../src/lib/kicad/kicad-common.ts';
import { RecordingRenderer, type Call } from './render/recording-renderer.ts';
import { assertWellFormedSvg, viewBoxOf } from './svg-check.ts';
import { filesUnder, fixtureProjects, HAVE_KICAD_DEMOS, HAVE_KICAD_FOOTPRINTS, KICAD_DEMOS_DIR, KICAD_DEMOS_SKIP_REASON, KICAD_FOOTPRINTS_DIR } from './fixtures.ts';

const DEMOS = KICAD_DEMOS_DIR;
const HAVE_DEMOS = HAVE_KICAD_DEMOS;
const SKIP_REASON = KICAD_DEMOS_SKIP_REASON;
/** KiCad 5 board among the demos: refused by parseBoard, nothing to paint. */
const LEGACY = 'microwave.kicad_pcb';

function demoBoards(): string[] {
  return HAVE_DEMOS ? filesUnder(DEMOS, '.kicad_pcb').filter((p) => !p.endsWith(LEGACY)) : [];
}

function fixtureBoards(): string[] {
  return fixtureProjects().flatMap((p) => p.files.filter((f) => f.endsWith('.kicad_pcb')).map((f) => p.dir + f));
}

function load(path: string): Board {
  const r = parseBoard(readFileSync(path), path);
  if (!r.board) throw new Error(`${path}: ${r.errors.map((e) => e.reason).join('; ')}`);
  return r.board;
}

/** Groups whose meta class (first word) is `cls`. */
function groupsOf(rec: RecordingRenderer, cls: string): Extract<Call, { op: 'group' }>[] {
  return rec.calls.filter((c): c is Extract<Call, { op: 'group' }> => c.op === 'group' && c.spec.meta?.class?.split(' ')[0] === cls);
}

function checkBoard(path: string): void {
  const board = load(path);
  const stats = boardStats(board);
  const rec = new RecordingRenderer();
  paintBoard(rec, board);
  expect(groupsOf(rec, 'pad').length).toBe(stats.pads);
  expect(groupsOf(rec, 'via').length).toBe(stats.vias);
  expect(groupsOf(rec, 'track').length).toBe(stats.tracks);
  // Every pad names its footprint; pads with a net name it.
  for (const g of groupsOf(rec, 'pad')) expect(g.spec.meta?.['data-ref']).toBeDefined();

  // The SVG of Edge.Cuts alone is the outline's box, grown by its line width.
  if (stats.widthMm > 0) {
    const edge = new SvgRenderer();
    paintBoard(edge, board, { layers: new Set(['Edge.Cuts']) });
    const b = edge.bounds();
    expect(b).not.toBeNull();
    if (!b) return;
    expect(Math.abs(b.maxX - b.minX - stats.widthMm)).toBeLessThan(1);
    expect(Math.abs(b.maxY - b.minY - stats.heightMm)).toBeLessThan(1);
    // The whole board's SVG frames at least the outline.
    const svg = renderBoardSvg(board);
    assertWellFormedSvg(svg);
    const vb = viewBoxOf(svg);
    expect(vb.x).toBeLessThanOrEqual(b.minX);
    expect(vb.y).toBeLessThanOrEqual(b.minY);
    expect(vb.x + vb.w).toBeGreaterThanOrEqual(b.maxX);
    expect(vb.y + vb.h).toBeGreaterThanOrEqual(b.maxY);
  }
}

describe.skipIf(!HAVE_DEMOS)(`board painter: every kicad-demos board (${SKIP_REASON})`, () => {
  for (const path of demoBoards()) {
    it(`${path.slice(DEMOS.length + 1)}: paints; pad/via/track groups = boardStats; Edge.Cuts box`, () => checkBoard(path));
  }
});

describe('board painter: every fixture board (KiCad 7-9)', () => {
  const boards = fixtureBoards();
  it('has the six fixture boards', () => expect(boards.length).toBe(6));
  for (const path of boards) {
    it(`${path.split('/').slice(-2).join('/')}: paints; pad/via/track groups = boardStats; Edge.Cuts box`, () => checkBoard(path));
  }
});

/** A point in group coordinates → world (rotation counter-clockwise on screen, Y down), innermost group first. */
function toWorld(groups: readonly GroupSpec[], p: Point): Point {
  let q = p;
  for (let i = groups.length - 1; i >= 0; i--) {
    const t = groups[i]?.transform;
    if (!t) continue;
    const a = ((t.rotation ?? 0) * Math.PI) / 180;
    const c = Math.cos(a);
    const s = Math.sin(a);
    q = { x: t.x + q.x * c + q.y * s, y: t.y - q.x * s + q.y * c };
  }
  return q;
}

/** World centre of each pad, by reference and number, from the pads' copper shapes (drawn at their group origin). */
function padCentres(rec: RecordingRenderer): Map<string, Point> {
  const out = new Map<string, Point>();
  for (const c of rec.calls) {
    if (c.op !== 'shape') continue;
    const pad = c.groups.find((g) => g.meta?.class === 'pad');
    if (!pad?.meta) continue;
    const key = `${pad.meta['data-ref']}/${pad.meta['data-number']}`;
    if (!out.has(key)) out.set(key, toWorld(c.groups, { x: 0, y: 0 }));
  }
  return out;
}

function signedArea(a: Point, b: Point, c: Point): number {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

describe.skipIf(!HAVE_DEMOS)('board painter: placement and layers on video.kicad_pcb', () => {
  const board = HAVE_DEMOS ? load(join(DEMOS, 'video/video.kicad_pcb')) : null;

  it('places pads where KiCad has them (pad centres = footprint placement of the pad position)', () => {
    if (!board) return;
    const rec = new RecordingRenderer();
    paintBoard(rec, board);
    const centres = padCentres(rec);
    // Keys that name one pad only (pads may share a number; footprints may share a reference).
    const count = new Map<string, number>();
    for (const fp of board.footprints) for (const pad of fp.pads) count.set(`${fp.reference}/${pad.number}`, (count.get(`${fp.reference}/${pad.number}`) ?? 0) + 1);
    let checked = 0;
    for (const fp of board.footprints) {
      const at = fp.at ?? { x: 0, y: 0, rotation: 0 };
      const a = (at.rotation * Math.PI) / 180;
      for (const pad of fp.pads) {
        const key = `${fp.reference}/${pad.number}`;
        const w = centres.get(key);
        if (!w || pad.type === 'np_thru_hole' || count.get(key) !== 1) continue;
        // The same rule written out: rotate counter-clockwise on screen (Y down), then translate.
        const ex = at.x + pad.at.x * Math.cos(a) + pad.at.y * Math.sin(a);
        const ey = at.y - pad.at.x * Math.sin(a) + pad.at.y * Math.cos(a);
        expect(Math.hypot(w.x - ex, w.y - ey)).toBeLessThan(1e-6);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('a pad keeps its absolute board angle (pad rotation inside the placed group + footprint rotation)', () => {
    if (!board) return;
    const rec = new RecordingRenderer();
    paintBoard(rec, board);
    const fp = board.footprints.find((f) => f.at && f.at.rotation !== 0 && f.pads.length > 0);
    expect(fp).toBeDefined();
    if (!fp?.at) return;
    const pad = fp.pads[0];
    if (!pad) return;
    const shape = rec.calls.find((c) => c.op === 'shape' && c.groups.some((g) => g.meta?.class === 'pad' && g.meta['data-ref'] === fp.reference && g.meta['data-number'] === pad.number));
    if (!shape || shape.op !== 'shape') throw new Error('pad not painted');
    const total = shape.groups.reduce((s, g) => s + (g.transform?.rotation ?? 0), 0);
    expect(total).toBeCloseTo(pad.at.rotation, 9);
  });

  it('a back-side footprint is mirrored: its pads wind the other way than in the library footprint, on the back pad layer', () => {
    if (!board || !HAVE_KICAD_FOOTPRINTS) return;
    const rec = new RecordingRenderer();
    paintBoard(rec, board);
    const centres = padCentres(rec);
    const sideOf = (fpRef: string): string | null => rec.calls.find((c) => c.op === 'group' && c.spec.meta?.class === 'pad' && c.spec.meta['data-ref'] === fpRef)?.layer ?? null;
    const seen = { back: 0, front: 0 };
    for (const fp of board.footprints) {
      const [lib, name] = fp.name.split(':');
      const file = `${KICAD_FOOTPRINTS_DIR}/${lib}.pretty/${name}.kicad_mod`;
      if (!lib || !name || !existsSync(file)) continue;
      const libFp = parseFootprint(readFileSync(file, 'utf8'), file).footprint;
      if (!libFp) continue;
      // Three pads that are not in a line, in the library and on the board.
      const nums = [...new Set(libFp.pads.map((p) => p.number).filter((n) => n !== ''))];
      const libAt = (n: string): Point | undefined => libFp.pads.find((p) => p.number === n)?.at;
      let tri: [string, string, string] | null = null;
      for (let i = 2; i < nums.length && !tri; i++) {
        const [a, b, c] = [nums[0], nums[1], nums[i]] as [string, string, string];
        const pa = libAt(a);
        const pb = libAt(b);
        const pc = libAt(c);
        if (pa && pb && pc && Math.abs(signedArea(pa, pb, pc)) > 0.01) tri = [a, b, c];
      }
      if (!tri) continue;
      const lp = tri.map((n) => libAt(n)) as Point[];
      const bp = tri.map((n) => centres.get(`${fp.reference}/${n}`));
      if (bp.some((p) => !p)) continue;
      const libSign = Math.sign(signedArea(lp[0] as Point, lp[1] as Point, lp[2] as Point));
      const boardSign = Math.sign(signedArea(bp[0] as Point, bp[1] as Point, bp[2] as Point));
      const back = fp.layer === 'B.Cu';
      expect(boardSign, `${fp.reference} ${fp.name}`).toBe(back ? -libSign : libSign);
      expect(sideOf(fp.reference)).toBe(back ? ':Pads:Back' : ':Pads:Front');
      if (back) seen.back++;
      else seen.front++;
    }
    expect(seen.back).toBeGreaterThan(0);
    expect(seen.front).toBeGreaterThan(0);
  });

  it('back-side texts are mirrored and on back layers', () => {
    if (!board) return;
    const rec = new RecordingRenderer();
    paintBoard(rec, board);
    const back = board.footprints.find((f) => f.layer === 'B.Cu' && f.texts.some((t) => !t.hidden && t.kind === 'reference'));
    expect(back).toBeDefined();
    const texts = rec.calls.filter((c) => c.op === 'text' && c.groups.some((g) => g.meta?.['data-ref'] === back?.reference));
    expect(texts.length).toBeGreaterThan(0);
    for (const t of texts) {
      if (t.op !== 'text') continue;
      expect(t.layer?.startsWith('B.')).toBe(true);
      expect(t.text.mirror).toBe(true);
    }
  });

  it('layer visibility removes a layer and keeps the others', () => {
    if (!board) return;
    const all = new RecordingRenderer();
    paintBoard(all, board);
    const names = new Set(all.calls.map((c) => c.layer).filter((l): l is string => l !== null));
    expect(all.shapes('B.Cu').length).toBeGreaterThan(0);
    expect(all.shapes('F.SilkS').length + all.texts().length).toBeGreaterThan(0);
    const without = new Set([...names, ...board.layers.map((l) => l.name)]);
    without.delete('B.Cu');
    const rec = new RecordingRenderer();
    paintBoard(rec, board, { layers: without });
    expect(rec.shapes('B.Cu')).toHaveLength(0);
    expect(rec.shapes('F.Cu').length).toBe(all.shapes('F.Cu').length);
    expect(rec.shapes('F.SilkS').length).toBe(all.shapes('F.SilkS').length);
    // Only B.Cu: no silkscreen, front-only pads gone, through-hole pads and vias stay.
    const only = new RecordingRenderer();
    paintBoard(only, board, { layers: new Set(['B.Cu']) });
    expect(only.shapes('F.SilkS')).toHaveLength(0);
    expect(only.shapes('F.Cu')).toHaveLength(0);
    expect(only.shapes('B.Cu').length).toBe(all.shapes('B.Cu').length);
    expect(groupsOf(only, 'pad').length).toBeLessThan(groupsOf(all, 'pad').length);
    expect(groupsOf(only, 'pad').length).toBeGreaterThan(0);
    expect(groupsOf(only, 'via').length).toBe(board.vias.length);
  });

  it('stacks layers as KiCad does: back copper < front copper < mask, silkscreen; vias above the front pads', () => {
    if (!board) return;
    const rec = new RecordingRenderer();
    paintBoard(rec, board);
    const z = new Map(rec.layers.map((l) => [l.name, l.z]));
    const zOf = (n: string): number => z.get(n) ?? NaN;
    expect(zOf('B.Cu')).toBeLessThan(zOf('F.Cu'));
    expect(zOf(':Pads:Back')).toBeLessThan(zOf('F.Cu'));
    expect(zOf('F.Cu')).toBeLessThan(zOf(':Pads:Front'));
    expect(zOf(':Pads:Front')).toBeLessThan(VIA_LAYER.z);
    expect(VIA_LAYER.z).toBeLessThan(zOf('F.SilkS'));
    expect(zOf('F.Cu')).toBeLessThan(zOf('F.SilkS'));
    expect(zOf('B.SilkS')).toBeLessThan(zOf('B.Cu'));
  });

  it('tracks are drawn with round caps, vias as an annulus with a hole, each tagged with its net', () => {
    if (!board) return;
    const rec = new RecordingRenderer();
    paintBoard(rec, board);
    const track = groupsOf(rec, 'track')[0];
    expect(track?.spec.style?.cap).toBe('round');
    const netted = groupsOf(rec, 'track').filter((g) => g.spec.meta?.['data-net']);
    expect(netted.length).toBeGreaterThan(board.tracks.length / 2);
    const via = rec.calls.filter((c) => c.op === 'shape' && c.layer === VIA_LAYER.name);
    // One copper disc and one hole per via.
    expect(via.length).toBe(board.vias.length * 2);
    expect(groupsOf(rec, 'zone').length).toBeGreaterThan(0);
  });
});

describe('board painter: via kinds', () => {
  it('tells through, blind, buried and micro vias apart (type and colour)', () => {
    const text = `(kicad_pcb (version 20221018) (generator pcbnew)
  (general (thickness 1.6))
  (layers (0 "F.Cu" signal) (1 "In1.Cu" signal) (2 "In2.Cu" signal) (31 "B.Cu" signal) (44 "Edge.Cuts" user))
  (net 0 "") (net 1 "GND")
  (via (at 1 1) (size 0.8) (drill 0.4) (layers "F.Cu" "B.Cu") (net 1))
  (via blind (at 2 1) (size 0.6) (drill 0.3) (layers "F.Cu" "In1.Cu") (net 1))
  (via blind (at 3 1) (size 0.6) (drill 0.3) (layers "In1.Cu" "In2.Cu") (net 1))
  (via micro (at 4 1) (size 0.3) (drill 0.1) (layers "F.Cu" "In1.Cu") (net 1))
)`;
    const r = parseBoard(text, 'vias.kicad_pcb');
    if (!r.board) throw new Error('board not read');
    const rec = new RecordingRenderer();
    paintBoard(rec, r.board);
    const vias = groupsOf(rec, 'via');
    expect(vias.map((g) => g.spec.meta?.['data-type'])).toEqual(['through', 'blind', 'buried', 'micro']);
    expect(vias.every((g) => g.spec.meta?.['data-net'] === 'GND')).toBe(true);
    const discs = rec.calls.filter((c) => c.op === 'shape' && c.layer === VIA_LAYER.name && !c.groups.some((g) => g.meta?.class === 'hole'));
    const colours = discs.map((c) => (c.op === 'shape' ? c.shape.style?.fill : undefined));
    expect(new Set(colours).size).toBe(3);
    expect(colours[1]).toBe(colours[2]);
    // Hiding In2.Cu keeps the blind via (F.Cu–In1.Cu), hiding everything but In2.Cu keeps the through and buried ones.
    const onlyIn2 = new RecordingRenderer();
    paintBoard(onlyIn2, r.board, { layers: new Set(['In2.Cu']) });
    expect(groupsOf(onlyIn2, 'via').map((g) => g.spec.meta?.['data-type'])).toEqual(['through', 'buried']);
  });
});
