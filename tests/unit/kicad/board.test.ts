import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSexpr, type SexprList } from '../../../src/lib/kicad/sexpr.ts';
import { expandLayers, footprintToBoard, parseBoard, type Board } from '../../../src/lib/kicad/board.ts';
import { boardStats } from '../../../src/lib/kicad/board-stats.ts';
import { serverMessage } from '../../../src/lib/server/messages/server-message.ts';
import { filesUnder, fixtureProjects, HAVE_KICAD_DEMOS, KICAD_DEMOS_DIR, KICAD_DEMOS_SKIP_REASON, KICAD_PROJECTS_DIR } from './fixtures.ts';

// Debian's kicad-demos (KiCad 6 boards plus one KiCad 5 board); .ci/run installs it.
const DEMOS = KICAD_DEMOS_DIR;
const HAVE_DEMOS = HAVE_KICAD_DEMOS;
const SKIP_REASON = KICAD_DEMOS_SKIP_REASON;

function demoBoards(): string[] {
  return HAVE_DEMOS ? filesUnder(DEMOS, '.kicad_pcb') : [];
}

const LEGACY = 'microwave.kicad_pcb';

/** Counts taken straight from the S-expression tree, independently of board.ts. */
function rawCounts(root: SexprList) {
  const c = { footprints: 0, pads: 0, padsWithNet: 0, vias: 0, tracks: 0, nets: 0, namedNets: 0, zones: 0, copperLayers: 0 };
  const countPads = (l: SexprList): void => {
    for (const it of l.items) {
      if (typeof it !== 'object') continue;
      if (it.items[0] === 'pad') {
        c.pads++;
        const net = it.items.find((x): x is SexprList => typeof x === 'object' && x.items[0] === 'net');
        if (net && Number(net.items[1]) > 0) c.padsWithNet++;
      }
      countPads(it);
    }
  };
  for (const it of root.items) {
    if (typeof it !== 'object') continue;
    const h = it.items[0];
    if (h === 'footprint' || h === 'module') {
      c.footprints++;
      countPads(it);
    } else if (h === 'via') c.vias++;
    else if (h === 'segment' || h === 'arc') c.tracks++;
    else if (h === 'zone') c.zones++;
    else if (h === 'net' && it.items.length === 3 && /^\d+$/.test(String(it.items[1]))) {
      c.nets++;
      if (it.items[2] !== '') c.namedNets++;
    } else if (h === 'layers') {
      for (const l of it.items) if (typeof l === 'object' && String(l.items[1]).endsWith('.Cu')) c.copperLayers++;
    }
  }
  return c;
}

function load(path: string): Board {
  const r = parseBoard(readFileSync(path), path);
  expect(r.errors).toEqual([]);
  expect(r.board).not.toBeNull();
  return r.board as Board;
}

/** Opens a board and checks its model against counts taken from the raw tree. */
function checkAgainstRawTree(path: string): void {
  const bytes = readFileSync(path);
  const r = parseBoard(bytes, path);
  expect(r.errors).toEqual([]);
  expect(r.warnings).toEqual([]);
  const board = r.board as Board;
  expect(board.unknown.map((u) => u.items[0])).toEqual([]);
  const raw = rawCounts(parseSexpr(bytes));
  const stats = boardStats(board);
  expect(stats.footprints).toBe(raw.footprints);
  expect(stats.pads).toBe(raw.pads);
  expect(stats.vias).toBe(raw.vias);
  expect(stats.tracks).toBe(raw.tracks);
  expect(stats.zones).toBe(raw.zones);
  expect(stats.copperLayers).toBe(raw.copperLayers);
  expect(board.nets.length).toBe(raw.nets);
  expect(stats.nets).toBe(raw.namedNets);
  const padsWithNet = board.footprints.reduce((n, fp) => n + fp.pads.filter((p) => (p.net?.number ?? 0) > 0).length, 0);
  expect(padsWithNet).toBe(raw.padsWithNet);
  // Every pad's net name agrees with the net table.
  const names = new Map(board.nets.map((n) => [n.number, n.name]));
  for (const fp of board.footprints) for (const p of fp.pads) if (p.net) expect(names.get(p.net.number ?? -1)).toBe(p.net.name);
  expect(stats.widthMm).toBeGreaterThan(10);
  expect(stats.heightMm).toBeGreaterThan(10);
}

function demo(rel: string): Board {
  return load(join(DEMOS, rel));
}

describe.skipIf(!HAVE_DEMOS)(`board: every kicad-demos board (${SKIP_REASON})`, () => {
  const boards = demoBoards();

  it('finds the demo boards', () => {
    expect(boards.length).toBeGreaterThanOrEqual(14);
    expect(boards.some((b) => b.endsWith(LEGACY))).toBe(true);
  });

  for (const path of boards.filter((b) => !b.endsWith(LEGACY))) {
    it(`${path.slice(DEMOS.length + 1)}: parses, counts match the raw tree`, () => checkAgainstRawTree(path));
  }

  it(`${LEGACY} (KiCad 5) is refused with the zh/en message, file and line`, () => {
    const r = parseBoard(readFileSync(join(DEMOS, 'microwave', LEGACY)), LEGACY);
    expect(r.board).toBeNull();
    expect(r.errors).toHaveLength(1);
    const e = r.errors[0]!;
    expect(e.key).toBe('kicad.legacyFile');
    expect(e.line).toBe(1);
    expect(serverMessage(e.key, 'en', e.vars)).toBe('microwave.kicad_pcb: KiCad 5 files are not supported; open and save it in KiCad 6 or later');
    expect(serverMessage(e.key, 'zh', e.vars)).toContain('不支持 KiCad 5');
    expect(serverMessage(e.key, 'zh', e.vars)).toContain(LEGACY);
  });

  it('video: header, layers with user names, setup, nets, footprints on both sides', () => {
    const b = demo('video/video.kicad_pcb');
    expect(b.version).toBe(20211014);
    expect(b.generator).toBe('pcbnew');
    expect(b.thickness).toBe(1.6002);
    expect(b.paper).toEqual({ size: 'A3', portrait: false });
    expect(b.titleBlock).toMatchObject({ title: 'KiCad demo', date: '2015-10-14', rev: '1.A' });
    expect(b.layers[0]).toEqual({ id: 0, name: 'F.Cu', type: 'signal', userName: 'top_copper', copper: true });
    expect(b.layers.find((l) => l.name === 'B.SilkS')).toEqual({ id: 36, name: 'B.SilkS', type: 'user', userName: 'B.Silkscreen', copper: false });
    expect(b.layers.find((l) => l.name === 'B.Paste')?.userName).toBeUndefined();
    expect(b.setup.auxAxisOrigin).toEqual({ x: 40.9, y: 173.1 });
    expect(b.setup.copperFinish).toBe('HAL lead-free');
    expect(b.setup.stackup.find((l) => l.name === 'dielectric 1')).toEqual({ name: 'dielectric 1', type: 'core', thickness: 0.480066, material: 'FR4' });
    expect(b.nets[0]).toEqual({ number: 0, name: '' });
    expect(b.nets[1]).toEqual({ number: 1, name: '+12V' });
    const bus = b.footprints.find((f) => f.name === 'Connectors:BUSPCI');
    expect(bus?.locked).toBe(true);
    expect(b.footprints.some((f) => f.layer === 'B.Cu')).toBe(true);
    expect(b.footprints.every((f) => f.at !== undefined && f.reference !== '')).toBe(true);
    const gnd = b.zones.find((z) => z.layers[0] === 'In1.Cu');
    expect(b.nets.find((n) => n.number === gnd?.net)?.name).toBe('GND');
    expect(gnd?.outlines[0]?.length).toBe(20);
    expect(gnd?.fills.length).toBeGreaterThan(0);
    expect(gnd?.fills[0]?.layer).toBe('In1.Cu');
    expect(Array.from(gnd?.fills[0]?.points.subarray(0, 2) ?? [])).toEqual([364.96354, 57.536377]);
    expect(gnd?.hatch.style).toBe('edge');
    expect(gnd?.connectPads.clearance).toBe(0.4);
    expect(b.vias.every((v) => v.type === 'through' && v.drill > 0 && v.size > v.drill)).toBe(true);
  });

  it('custom_pads_test: custom pads with primitives and anchor, trapezoid, zone connection', () => {
    const b = demo('custom_pads_test/custom_pads_test.kicad_pcb');
    const pads = b.footprints.flatMap((f) => f.pads);
    const custom = pads.filter((p) => p.shape === 'custom');
    expect(custom.length).toBe(5);
    const five = custom.find((p) => p.number === '5' && p.type === 'connect');
    expect(five?.anchor).toBe('circle');
    expect(five?.zoneConnect).toBe(0);
    expect(five?.at).toEqual({ x: 8, y: 10, rotation: 180 });
    expect(five?.primitives.map((p) => p.kind)).toEqual(['circle', 'circle', 'circle', 'circle', 'line']);
    expect(five?.primitives[3]).toMatchObject({ kind: 'circle', center: { x: 0, y: -10 }, radius: 10, width: 1 });
    const trap = pads.find((p) => p.shape === 'trapezoid');
    expect(trap).toMatchObject({ type: 'thru_hole', rectDelta: { x: 0, y: 1 }, drill: { oval: false, width: 0.8128, height: 0.8128 }, layers: ['*.Cu', '*.Mask'] });
  });

  it('StickHub: oval NPTH drill, roundrect ratio, KiCad 6 fp_text reference/value, track arcs', () => {
    const b = demo('stickhub/StickHub.kicad_pcb');
    const pads = b.footprints.flatMap((f) => f.pads);
    expect(pads.find((p) => p.type === 'np_thru_hole' && p.shape === 'oval')).toMatchObject({ drill: { oval: true, width: 4, height: 1.5 }, layers: ['F&B.Cu', '*.Mask'] });
    expect(pads.some((p) => p.shape === 'roundrect' && (p.roundrectRatio ?? 0) > 0)).toBe(true);
    const fp = b.footprints.find((f) => f.reference !== '' && f.value !== '');
    expect(fp?.texts.some((t) => t.kind === 'reference' && t.text === fp.reference)).toBe(true);
    const arcs = b.tracks.filter((t) => t.kind === 'arc');
    expect(arcs.length).toBeGreaterThan(0);
  });

  it('interf_u: aligned dimensions become crossbar, extension lines and arrows with the stored text', () => {
    const b = demo('interf_u/interf_u.kicad_pcb');
    const d = b.dimensions[0]!;
    expect(d.type).toBe('aligned');
    expect(d.layer).toBe('Cmts.User');
    expect(d.text?.text).toBe('99.0600 mm');
    expect(d.width).toBe(0.20066);
    // pts (79.375 133.35) → (79.375 34.29), height -5.334: the crossbar sits at x = 79.375 - 5.334.
    const bar = d.lines[0]!;
    expect(bar.start.x).toBeCloseTo(74.041, 6);
    expect(bar.end.x).toBeCloseTo(74.041, 6);
    expect([bar.start.y, bar.end.y]).toEqual([133.35, 34.29]);
    expect(d.lines).toHaveLength(1 + 2 + 4);
    // Text is on the crossbar's outer side, as KiCad placed it.
    expect(d.text!.at.x).toBeLessThan(bar.start.x);
  });

  it('board size from Edge.Cuts: ecc83-pp', () => {
    const s = boardStats(demo('ecc83/ecc83-pp.kicad_pcb'));
    expect([s.widthMm, s.heightMm]).toEqual([52.07, 46.355]);
  });
});

// Synthetic boards for the KiCad 8-10 forms the demos (KiCad 6) do not have.
const K10 = `(kicad_pcb (version 20260206) (generator "pcbnew") (generator_version "10.0")
  (general (thickness 1.6) (legacy_teardrops no))
  (paper "User" 200 150 portrait)
  (title_block (title "T") (company "C") (comment 1 "first") (comment 4 "fourth"))
  (layers (0 "F.Cu" signal) (4 "In1.Cu" power) (2 "B.Cu" signal) (25 "Edge.Cuts" user) (5 "F.SilkS" user "F.Silkscreen"))
  (setup (pad_to_mask_clearance 0.05) (grid_origin 10 20))
  (footprint "R:R_0603" (layer "B.Cu") (uuid "u1") (at 100 50 90)
    (property "Reference" "R1" (at 0 -1.4 90) (layer "B.SilkS") (uuid "p1") (effects (font (size 1 1) (thickness 0.15)) (justify mirror)))
    (property "Value" "10k" (at 0 1.4 90) (layer "B.Fab") (hide yes) (uuid "p2") (effects (font (size 1 1))))
    (property "MPN" "RC0603FR-0710KL" (at 0 0 0) (layer "B.Fab") (hide yes) (uuid "p3") (effects (font (size 1 1))))
    (path "/abc/def")
    (attr smd dnp)
    (fp_line (start -1 -1) (end 1 -1) (stroke (width 0.1) (type solid)) (layer "B.SilkS") (uuid "l1"))
    (fp_rect (start -2 -1) (end 2 1) (stroke (width 0.05) (type default)) (fill no) (layer "Edge.Cuts") (uuid "r1"))
    (pad "1" smd roundrect (at -0.8 0 90) (size 0.9 0.95) (layers "B.Cu" "B.Mask" "B.Paste") (roundrect_rratio 0.25) (chamfer_ratio 0.2) (chamfer top_left bottom_right) (net "GND") (pinfunction "1") (pintype "passive") (uuid "pa1"))
    (pad "2" smd roundrect (at 0.8 0 90) (size 0.9 0.95) (layers "B.Cu" "B.Mask" "B.Paste") (roundrect_rratio 0.25) (net "/VCC") (uuid "pa2"))
    (future_pad_thing (x 1))
  )
  (gr_rect (start 0 0) (end 150 80) (stroke (width 0.1) (type default)) (fill no) (layer "Edge.Cuts") (uuid "e1"))
  (gr_arc (start 150 80) (mid 160 90) (end 150 100) (stroke (width 0.1) (type default)) (layer "Edge.Cuts") (uuid "e2"))
  (gr_text "HELLO" (at 10 10 0) (layer "F.SilkS" knockout) (uuid "t1") (effects (font (size 1.5 1.5) (thickness 0.3))))
  (gr_text_box "box" (start 1 1) (end 5 3) (layer "F.SilkS") (uuid "tb") (effects (font (size 1 1))))
  (segment (start 1 1) (end 2 2) (width 0.25) (layer "F.Cu") (net "GND") (uuid "s1"))
  (arc (start 2 2) (mid 3 2.5) (end 4 2) (width 0.25) (layer "B.Cu") (net "/VCC") (uuid "a1"))
  (via (at 5 5) (size 0.6) (drill 0.3) (layers "F.Cu" "B.Cu") (net "GND") (uuid "v1"))
  (via blind (at 6 5) (size 0.6) (drill 0.3) (layers "F.Cu" "In1.Cu") (net "GND") (uuid "v2"))
  (via blind (at 7 5) (size 0.6) (drill 0.3) (layers "In1.Cu" "In2.Cu") (uuid "v3"))
  (via micro (at 8 5) (size 0.3) (drill 0.1) (layers "F.Cu" "In1.Cu") (net "NEW") (uuid "v4"))
  (zone (net "GND") (layers "F.Cu" "B.Cu") (uuid "z1") (name "pour") (hatch full 0.5) (priority 2)
    (connect_pads yes (clearance 0.3)) (min_thickness 0.25)
    (polygon (pts (xy 0 0) (xy 10 0) (arc (start 10 0) (mid 12 5) (end 10 10)) (xy 0 10)))
    (filled_polygon (layer "B.Cu") (island) (pts (xy 1 1) (xy 9 1) (xy 9 9))))
  (zone (layers "*.Cu") (uuid "z2") (hatch edge 0.5)
    (keepout (tracks not_allowed) (vias not_allowed) (pads allowed) (copperpour not_allowed) (footprints allowed))
    (polygon (pts (xy 20 20) (xy 30 20) (xy 30 30))))
  (group "" (uuid "g1") (members "s1" "a1"))
  (property "BOARD_REV" "C")
  (future_board_item (thing 1 2 3))
)
`;

describe('board: the KiCad 7-9 fixture projects (tests/fixtures/kicad/projects)', () => {
  const boards = fixtureProjects().flatMap((p) => p.files.filter((f) => f.endsWith('.kicad_pcb')).map((f) => `${p.dir}${f}`));
  it('has a board in every project', () => expect(boards.length).toBe(fixtureProjects().length));
  for (const path of boards) it(`${path.slice(KICAD_PROJECTS_DIR.length)}: parses, counts match the raw tree`, () => checkAgainstRawTree(path));
});

describe('board: KiCad 8-10 forms (synthetic)', () => {
  const r = parseBoard(K10, 'k10.kicad_pcb');
  const b = r.board as Board;

  it('reads a name-only net board (KiCad 10): nets numbered in order of appearance', () => {
    expect(r.errors).toEqual([]);
    expect(b.nets).toEqual([
      { number: 0, name: '' },
      { number: 1, name: 'GND' },
      { number: 2, name: '/VCC' },
      { number: 3, name: 'NEW' },
    ]);
    expect(b.footprints[0]!.pads.map((p) => p.net)).toEqual([
      { number: 1, name: 'GND' },
      { number: 2, name: '/VCC' },
    ]);
    expect(b.tracks.map((t) => [t.kind, t.net])).toEqual([
      ['segment', 1],
      ['arc', 2],
    ]);
    expect(b.vias.map((v) => [v.type, v.net])).toEqual([
      ['through', 1],
      ['blind', 1],
      ['buried', 0],
      ['micro', 3],
    ]);
    expect(b.zones[0]!.net).toBe(1);
    expect(boardStats(b).nets).toBe(3);
  });

  it('reads KiCad 8 property fields, footprint placement, side, path and attributes', () => {
    const fp = b.footprints[0]!;
    expect(fp).toMatchObject({ name: 'R:R_0603', layer: 'B.Cu', at: { x: 100, y: 50, rotation: 90 }, reference: 'R1', value: '10k', path: '/abc/def', uuid: 'u1' });
    expect(fp.properties).toEqual({ MPN: 'RC0603FR-0710KL' });
    expect(fp.attributes).toMatchObject({ type: 'smd', dnp: true });
    expect(fp.texts.find((t) => t.key === 'Value')?.hidden).toBe(true);
    expect(fp.texts.find((t) => t.key === 'Reference')?.effects.mirror).toBe(true);
    expect(fp.pads[0]).toMatchObject({ shape: 'roundrect', roundrectRatio: 0.25, chamferRatio: 0.2, chamfer: ['top_left', 'bottom_right'], pinFunction: '1', pinType: 'passive' });
  });

  it('reads layers, paper, title block, setup, drawings, texts, zones and keeps unknown tokens', () => {
    expect(b.layers.map((l) => [l.name, l.copper])).toEqual([
      ['F.Cu', true],
      ['In1.Cu', true],
      ['B.Cu', true],
      ['Edge.Cuts', false],
      ['F.SilkS', false],
    ]);
    expect(b.paper).toEqual({ size: 'User', width: 200, height: 150, portrait: true });
    expect(b.titleBlock).toEqual({ title: 'T', date: '', rev: '', company: 'C', comments: { 1: 'first', 4: 'fourth' } });
    expect(b.setup.padToMaskClearance).toBe(0.05);
    expect(b.setup.gridOrigin).toEqual({ x: 10, y: 20 });
    expect(b.graphics.map((g) => g.kind)).toEqual(['rect', 'arc', 'textbox']);
    expect(b.texts).toHaveLength(1);
    expect(b.texts[0]).toMatchObject({ text: 'HELLO', layer: 'F.SilkS', knockout: true, at: { x: 10, y: 10, rotation: 0 } });
    const [pour, keepout] = b.zones;
    expect(pour).toMatchObject({ name: 'pour', layers: ['F.Cu', 'B.Cu'], hatch: { style: 'full', pitch: 0.5 }, priority: 2, connectPads: { mode: 'yes', clearance: 0.3 }, minThickness: 0.25 });
    expect(pour!.outlines[0]!.length).toBe(2 * (2 + 17 + 1));
    expect(pour!.fills[0]).toMatchObject({ layer: 'B.Cu', island: true });
    expect(Array.from(pour!.fills[0]!.points)).toEqual([1, 1, 9, 1, 9, 9]);
    expect(keepout!.keepout).toEqual({ tracks: true, vias: true, pads: false, copperpour: true, footprints: false });
    expect(b.unknown.map((u) => u.items[0])).toEqual(['future_board_item']);
  });

  it('board size: Edge.Cuts of the board (rect + arc) and of footprints (rotated into place)', () => {
    const s = boardStats(b);
    // rect 0..150 x 0..80, arc bulging to x = 160 and down to y = 100, footprint rect around (100, 50).
    expect(s.widthMm).toBeCloseTo(160, 3);
    expect(s.heightMm).toBeCloseTo(100, 3);
    expect(s).toMatchObject({ footprints: 1, pads: 2, vias: 4, tracks: 2, copperLayers: 3, zones: 2 });
  });

  it('expandLayers: wildcard and F&B layer lists become the board\'s layers', () => {
    expect(expandLayers(['*.Cu', '*.Mask'], b)).toEqual(['F.Cu', 'In1.Cu', 'B.Cu', 'F.Mask', 'B.Mask']);
    expect(expandLayers(['F&B.Cu', 'F.Cu', 'Edge.Cuts'], b)).toEqual(['F.Cu', 'B.Cu', 'Edge.Cuts']);
    expect(b.properties).toEqual({ BOARD_REV: 'C' });
  });

  it('footprintToBoard rotates counter-clockwise on screen (Y down)', () => {
    const fp = b.footprints[0]!;
    const p = footprintToBoard(fp, { x: 1, y: 0 });
    expect(p.x).toBeCloseTo(100, 9);
    expect(p.y).toBeCloseTo(49, 9);
  });
});

describe('board: bad input', () => {
  it('a future version with unknown tokens: read, unknowns kept, a warning, no error', () => {
    const text = K10.replace('(version 20260206)', '(version 20991231)');
    const r = parseBoard(text, 'future.kicad_pcb');
    expect(r.errors).toEqual([]);
    expect(r.warnings.map((w) => w.key)).toEqual(['kicad.newerVersion']);
    expect(serverMessage(r.warnings[0]!.key, 'en', r.warnings[0]!.vars)).toContain('20991231');
    expect(r.board?.unknown.map((u) => u.items[0])).toEqual(['future_board_item']);
    expect(r.board?.footprints[0]?.pads).toHaveLength(2);
  });

  it('a truncated file: the damage is reported with its line, the part before it is kept', () => {
    const lines = K10.split('\n');
    // Cut inside the first zone (it starts on line 29): the zone is dropped, everything before is kept.
    const r = parseBoard(lines.slice(0, 30).join('\n'), 'cut.kicad_pcb');
    expect(r.errors.map((e) => [e.key, e.line])).toEqual([['kicad.damaged', 29]]);
    expect(serverMessage(r.errors[0]!.key, 'zh', r.errors[0]!.vars)).toBe('cut.kicad_pcb 在第 29 行附近已损坏或不完整；已显示能读取的部分');
    expect(r.board?.footprints).toHaveLength(1);
    expect(r.board?.vias).toHaveLength(4);
    expect(r.board?.zones).toHaveLength(0);
    // Cut between two items: only the board's closing parenthesis is missing; the line is the last one.
    const r2 = parseBoard(lines.slice(0, 27).join('\n'), 'cut2.kicad_pcb');
    expect(r2.errors.map((e) => [e.key, e.line])).toEqual([['kicad.damaged', 27]]);
    expect(r2.board?.vias).toHaveLength(3);
  });

  it('HTML renamed .kicad_pcb is refused as not a board', () => {
    const r = parseBoard('<!DOCTYPE html>\n<html><head><title>404</title></head><body>(nope)</body></html>', 'page.kicad_pcb');
    expect(r.board).toBeNull();
    expect(r.errors.map((e) => e.key)).toEqual(['kicad.notBoard']);
    expect(serverMessage('kicad.notBoard', 'en', r.errors[0]!.vars)).toBe('page.kicad_pcb is not a KiCad board file (.kicad_pcb)');
  });

  it('binary bytes and other KiCad files are refused as not a board', () => {
    const bin = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0xff, 0xfe, 0x28]);
    expect(parseBoard(bin, 'x.kicad_pcb').errors.map((e) => e.key)).toEqual(['kicad.notBoard']);
    expect(parseBoard('(kicad_sch (version 20231120))', 's.kicad_pcb').errors.map((e) => e.key)).toEqual(['kicad.notBoard']);
    expect(parseBoard('', 'empty.kicad_pcb').errors.map((e) => e.key)).toEqual(['kicad.notBoard']);
  });

  it('legacy formats: KiCad 4 .brd text and a KiCad 4 s-expression board', () => {
    expect(parseBoard('PCBNEW-BOARD Version 1 date 02/04/2011\n$GENERAL\n', 'old.kicad_pcb').errors.map((e) => e.key)).toEqual(['kicad.legacyFile']);
    const r = parseBoard('(kicad_pcb (version 4) (host pcbnew 4.0.7)\n (general (links 0)))', 'k4.kicad_pcb');
    expect(r.board).toBeNull();
    expect(r.errors.map((e) => e.key)).toEqual(['kicad.legacyFile']);
  });
});
