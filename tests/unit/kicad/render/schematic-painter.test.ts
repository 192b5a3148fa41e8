// The schematic sheet painter on real sheets: Debian's kicad-demos (KiCad 6) and
// the KiCad 7–9 fixture projects. Counts are compared with the model, and pin
// placement with the wires KiCad drew to those pins.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSchematic, type KicadSchematic } from '../../../../src/lib/kicad/schematic.ts';
import { buildSheetHierarchy } from '../../../../src/lib/kicad/schematic-hierarchy.ts';
import { paintSchematicSheet } from '../../../../src/lib/kicad/render/schematic-painter.ts';
import { SCHEMATIC_THEMES } from '../../../../src/lib/kicad/render/schematic-theme.ts';
import type { GroupSpec, Shape } from '../../../../src/lib/kicad/render/renderer.ts';
import { fixtureProjects, filesUnder, HAVE_KICAD_DEMOS, KICAD_DEMOS_DIR } from '../fixtures.ts';
import { RecordingRenderer, type Call } from './recording-renderer.ts';

const DEMO_SHEETS = HAVE_KICAD_DEMOS ? filesUnder(KICAD_DEMOS_DIR, '.kicad_sch') : [];
const FIXTURE_SHEETS = fixtureProjects().flatMap((p) => p.files.filter((f) => f.endsWith('.kicad_sch')).map((f) => p.dir + f));
const ALL_SHEETS = [...DEMO_SHEETS, ...FIXTURE_SHEETS];

const cache = new Map<string, KicadSchematic>();
function load(file: string): KicadSchematic {
  let s = cache.get(file);
  if (!s) cache.set(file, (s = parseSchematic(readFileSync(file), file)));
  return s;
}

function paint(sch: KicadSchematic, extra: Partial<Parameters<typeof paintSchematicSheet>[2]> = {}): RecordingRenderer {
  const r = new RecordingRenderer();
  paintSchematicSheet(r, sch, { theme: SCHEMATIC_THEMES.light, ...extra });
  return r;
}

/** Distinct `data-uuid`s of groups whose class is `cls`. */
function groupUuids(r: RecordingRenderer, cls: string): Set<string> {
  const out = new Set<string>();
  for (const c of r.calls) if (c.op === 'group' && c.spec.meta?.class === cls) out.add(c.spec.meta['data-uuid'] ?? '');
  return out;
}

function groupCount(r: RecordingRenderer, cls: string): number {
  return r.calls.filter((c) => c.op === 'group' && c.spec.meta?.class === cls).length;
}

function inGroup(c: Call, pred: (g: GroupSpec) => boolean): GroupSpec | undefined {
  return c.op === 'group' ? undefined : c.groups.find(pred);
}

interface PinEnd {
  symbol: string;
  ref: string;
  number: string;
  x: number;
  y: number;
}

/** Connection points of painted pins: the first box point each pin group declares (its outer end). */
function pinEnds(r: RecordingRenderer): PinEnd[] {
  const out: PinEnd[] = [];
  const seen = new Set<GroupSpec>();
  for (const c of r.calls) {
    if (c.op !== 'bounds') continue;
    const pin = inGroup(c, (g) => g.meta?.class === 'pin');
    const sym = inGroup(c, (g) => g.meta?.class === 'symbol');
    if (!pin || !sym || seen.has(pin) || pin.visible === false) continue;
    seen.add(pin);
    out.push({ symbol: sym.meta?.['data-uuid'] ?? '', ref: pin.meta?.['data-ref'] ?? '', number: pin.meta?.['data-number'] ?? '', x: c.x, y: c.y });
  }
  return out;
}

// A 1 µm grid: KiCad writes coordinates to 0.1 µm, so computed and written points meet on it.
const key = (x: number, y: number): string => `${Math.round(x * 1000)},${Math.round(y * 1000)}`;

describe('paintSchematicSheet on every real sheet', () => {
  it('finds the sheets', () => {
    expect(FIXTURE_SHEETS.length).toBeGreaterThanOrEqual(6);
    if (HAVE_KICAD_DEMOS) expect(DEMO_SHEETS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(ALL_SHEETS)('%s: paints every item the model has', (file) => {
    const sch = load(file);
    expect(sch.errors).toEqual([]);
    const r = paint(sch);
    expect(groupUuids(r, 'symbol').size).toBe(sch.symbols.length);
    expect(groupCount(r, 'wire')).toBe(sch.wires.length);
    expect(groupCount(r, 'bus')).toBe(sch.buses.length);
    expect(groupCount(r, 'bus-entry')).toBe(sch.busEntries.length);
    expect(groupCount(r, 'junction')).toBe(sch.junctions.length);
    expect(groupCount(r, 'no-connect')).toBe(sch.noConnects.length);
    for (const kind of ['local', 'global', 'hierarchical', 'directive'] as const) {
      expect(groupCount(r, `label label-${kind}`), kind).toBe(sch.labels.filter((l) => l.kind === kind).length);
    }
    expect(groupUuids(r, 'sheet').size).toBe(sch.sheets.length);
    expect(groupCount(r, 'sheet-pin')).toBe(sch.sheets.reduce((n, s) => n + s.pins.length, 0));
    expect(groupCount(r, 'image')).toBe(sch.images.length);
    expect(groupCount(r, 'text-box')).toBe(sch.textBoxes.length);
    expect(groupCount(r, 'text')).toBe(sch.texts.filter((t) => t.text !== '').length);
    // Every text is readable: never upside down or downward.
    for (const t of r.texts()) expect([0, 90]).toContain(t.angle);
    // Nothing is NaN.
    const b = r.bounds();
    if (b) for (const v of [b.minX, b.minY, b.maxX, b.maxY]) expect(Number.isFinite(v)).toBe(true);
  });

  it.each(ALL_SHEETS)('%s: pin ends land on the wire ends KiCad drew to them', (file) => {
    const sch = load(file);
    const pins = pinEnds(paint(sch, { showHiddenPins: true }));
    // Wire end points and every point on a wire segment (a pin may touch a wire mid-way).
    const ends = new Set<string>();
    for (const w of sch.wires) for (const p of w.points) ends.add(key(p.x, p.y));
    const onLine = (lines: typeof sch.wires, x: number, y: number, except?: unknown): boolean =>
      lines.some((w) => {
        if (w === except) return false;
        for (let i = 1; i < w.points.length; i++) {
          const a = w.points[i - 1] as { x: number; y: number };
          const b = w.points[i] as { x: number; y: number };
          const len = Math.hypot(b.x - a.x, b.y - a.y);
          const cross = Math.abs((b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x)) / (len || 1);
          const dot = (x - a.x) * (b.x - a.x) + (y - a.y) * (b.y - a.y);
          if (cross < 0.01 && dot >= -0.01 && dot <= len * len + 0.01) return true;
        }
        return false;
      });
    const onWire = (x: number, y: number): boolean => onLine(sch.wires, x, y);
    const pinKeys = new Set(pins.map((p) => key(p.x, p.y)));
    // A pin that touches a wire touches it at a wire end (KiCad ends wires on pins).
    for (const p of pins) if (onWire(p.x, p.y)) expect(ends.has(key(p.x, p.y)), `${p.ref} pin ${p.number} at ${p.x},${p.y}`).toBe(true);
    // Not vacuous: wires do end on the painted pins.
    let onPins = 0;
    for (const w of sch.wires) for (const p of [w.points[0], w.points[w.points.length - 1]]) if (p && pinKeys.has(key(p.x, p.y))) onPins++;
    if (sch.symbols.length > 0 && sch.wires.length > 0) expect(onPins).toBeGreaterThan(0);
  });
});

describe('symbols as KiCad places them', () => {
  it('mirrored, quarter-turned symbols meet their wires (the order of rotation and mirror matters only for them)', () => {
    let symbols = 0;
    for (const file of ALL_SHEETS) {
      const sch = load(file);
      const turned = sch.symbols.filter((s) => s.mirror && Math.round(s.at.rotation) % 180 !== 0);
      if (turned.length === 0) continue;
      const ends = sch.wires.flatMap((w) => [w.points[0], w.points[w.points.length - 1]]).flatMap((p) => (p ? [p] : []));
      const endKeys = new Set(ends.map((p) => key(p.x, p.y)));
      const pins = pinEnds(paint(sch, { showHiddenPins: true }));
      for (const s of turned) {
        const mine = pins.filter((p) => p.symbol === s.uuid);
        const reach = Math.max(...mine.map((p) => Math.hypot(p.x - s.at.x, p.y - s.at.y))) + 0.01;
        // A symbol with wire ends within its pins' reach is wired: some of its pins must be on them.
        if (!ends.some((p) => Math.hypot(p.x - s.at.x, p.y - s.at.y) <= reach)) continue;
        symbols++;
        expect(mine.some((p) => endKeys.has(key(p.x, p.y))), `${file} ${s.reference}`).toBe(true);
      }
    }
    expect(symbols).toBeGreaterThan(20);
  });
});

describe.skipIf(!HAVE_KICAD_DEMOS)('symbols of kicad-demos', () => {
  it('a multi-unit symbol paints only its own unit (ecc83: U1A, U1B, U1C of one ECC83)', () => {
    const sch = load(`${KICAD_DEMOS_DIR}/ecc83/ecc83-pp.kicad_sch`);
    const r = paint(sch);
    const byRef = new Map<string, string[]>();
    for (const p of pinEnds(r)) byRef.set(p.ref, [...(byRef.get(p.ref) ?? []), p.number]);
    const u1 = sch.symbols.filter((s) => s.reference === 'U1');
    expect(u1.map((s) => s.unit).sort()).toEqual([1, 2, 3]);
    const lib = sch.libSymbols.find((l) => l.name === (u1[0]?.libName ?? u1[0]?.libId));
    expect(lib).toBeDefined();
    const painted = pinEnds(r).filter((p) => u1.some((s) => s.uuid === p.symbol));
    for (const s of u1) {
      const mine = painted.filter((p) => p.symbol === s.uuid).map((p) => p.number);
      const expected = (lib?.units ?? []).filter((u) => u.unit === s.unit || u.unit === 0).flatMap((u) => u.pins.filter((p) => !p.hidden).map((p) => p.number));
      expect(mine.sort()).toEqual(expected.sort());
      expect(mine.length).toBeGreaterThan(0);
    }
    // The three units share no pin.
    const all = painted.map((p) => p.number);
    expect(new Set(all).size).toBe(all.length);
    // References carry the unit letter.
    const refs = r.texts('field reference').map((t) => t.text);
    expect(refs).toEqual(expect.arrayContaining(['U1A', 'U1B', 'U1C']));
  });

  it('a De Morgan symbol paints its alternate body (74HC04 from a demo sheet’s library cache)', () => {
    const file = DEMO_SHEETS.find((f) => load(f).libSymbols.some((l) => l.units.some((u) => u.bodyStyle === 2) && load(f).symbols.some((s) => (s.libName ?? s.libId) === l.name)));
    expect(file).toBeDefined();
    const sch = load(file as string);
    const lib = sch.libSymbols.find((l) => l.units.some((u) => u.bodyStyle === 2) && sch.symbols.some((s) => (s.libName ?? s.libId) === l.name));
    const placed = sch.symbols.find((s) => (s.libName ?? s.libId) === lib?.name);
    expect(placed).toBeDefined();
    // No demo places one in its De Morgan style: the same symbol is painted both ways.
    const only = (bodyStyle: number): KicadSchematic => ({ ...sch, symbols: [{ ...(placed as NonNullable<typeof placed>), bodyStyle }], wires: [], labels: [], junctions: [], noConnects: [], texts: [], sheets: [], graphics: [] });
    const shapes = (bodyStyle: number): Shape[] => paint(only(bodyStyle)).shapes('sym-body');
    const normal = shapes(1);
    const alt = shapes(2);
    const unit = (placed as NonNullable<typeof placed>).unit;
    const expectedAlt = lib?.units.filter((u) => (u.unit === unit || u.unit === 0) && (u.bodyStyle === 2 || u.bodyStyle === 0)).reduce((n, u) => n + u.graphics.filter((g) => g.kind !== 'text' && g.kind !== 'textbox').length, 0);
    expect(alt.length).toBe(expectedAlt);
    expect(JSON.stringify(alt)).not.toBe(JSON.stringify(normal));
  });

  it('per-instance references differ on a sheet used twice (complex_hierarchy)', () => {
    const dir = `${KICAD_DEMOS_DIR}/complex_hierarchy/`;
    const root = load(dir + 'complex_hierarchy.kicad_sch');
    const h = buildSheetHierarchy(dir + 'complex_hierarchy.kicad_sch', root, (f) => load(f));
    const shared = h.sheets.filter((s) => s.fileName.endsWith('ampli_ht.kicad_sch'));
    expect(shared.length).toBe(2);
    const refs = shared.map((node) => {
      const r = paint(node.schematic as KicadSchematic, { instancePath: node.path, root });
      return new Set(r.calls.flatMap((c) => (c.op === 'group' && c.spec.meta?.class === 'symbol' ? [c.spec.meta['data-ref'] ?? ''] : [])));
    });
    // Units too come from the instance: the two LM358 halves of the first instance are U3A and U3B.
    const first = shared[0] as (typeof shared)[number];
    const fieldRefs = paint(first.schematic as KicadSchematic, { instancePath: first.path, root })
      .texts('field reference')
      .map((t) => t.text);
    expect(fieldRefs).toEqual(expect.arrayContaining(['U3A', 'U3B']));
    const [a, b] = refs as [Set<string>, Set<string>];
    expect(a.size).toBeGreaterThan(5);
    expect([...a].filter((x) => b.has(x) && !x.startsWith('#'))).toEqual([]);
    expect([...a].some((x) => x.endsWith('?'))).toBe(false);
  });

  it('pins and wires carry the nets given, fields their text variables', () => {
    const sch = load(`${KICAD_DEMOS_DIR}/ecc83/ecc83-pp.kicad_sch`);
    const wire = sch.wires[0];
    const sym = sch.symbols.find((s) => s.reference === 'R1');
    expect(wire && sym).toBeTruthy();
    const nets = { items: new Map([[wire?.uuid ?? '', 'NET_A']]), pins: new Map([[`${sym?.uuid}:1`, 'NET_B']]) };
    const r = paint(sch, { nets });
    expect(r.calls.some((c) => c.op === 'group' && c.spec.meta?.class === 'wire' && c.spec.meta['data-net'] === 'NET_A')).toBe(true);
    expect(r.calls.some((c) => c.op === 'group' && c.spec.meta?.class === 'pin' && c.spec.meta['data-net'] === 'NET_B' && c.spec.meta['data-ref'] === 'R1')).toBe(true);
  });
});
