// Schematic connectivity over a whole sheet hierarchy: which pins, wires and
// labels form one net, and the net's name as KiCad gives it.
//
// Rules (from KiCad's behaviour and manual; checked against the boards KiCad
// produced from the fixture schematics, see tests/unit/kicad/schematic-nets.test.ts):
// - Items connect where their connection points coincide (wire ends, pin ends,
//   label anchors, junctions, sheet pins, no-connect flags, bus entry ends). A
//   connection point on the inside of a wire segment also connects to it; two
//   wires that merely cross do not (only a junction there joins them).
// - Pin connection points are the library pin's `at` (Y-up) placed by the
//   symbol: rotation, then mirror, then the symbol's position (Y-down sheet).
// - Local labels join the same name within one sheet instance (hierarchical
//   labels too: KiCad names both `/path/NAME`); global labels, power symbols
//   (value = net name) and hidden `power_in` pins join across the design (KiCad 9
//   local power symbols, `(power local)`, only within their sheet instance, named
//   `/path/VALUE` like a local label); a
//   hierarchical label joins the sheet pin of the same name on its sheet
//   symbol in the parent instance.
// - Buses (their own graph of bus segments, bus labels, bus sheet pins) carry
//   members (`D[0..7]`, `{…}` groups, aliases): the nets named like a member in
//   every sheet instance the bus touches are joined.
// - Net names: the strongest driver (global label > power > local power > local label >
//   hierarchical label > sheet pin), then the one nearer the root, then
//   alphabetical; without a label `Net-(REF-PIN)` (KiCad 7+: pin name, else
//   `Pad<n>`; KiCad 6: `Pad<n>`), `unconnected-(…)` for a lone pin.

import { isBusName, busMembers, parseVector } from './bus-members.ts';
import { naturalCompare } from './natural-compare.ts';
import { libSymbolFor, type BusAlias, type SchematicSymbol } from './schematic.ts';
import { resolveSymbolInstance, type SchematicHierarchy, type SheetNode } from './schematic-hierarchy.ts';
import { unitCount, unitItems, unitLetter, type KicadSymbol, type SymbolPin } from './symbol-lib.ts';

/** Net name per item uuid (wires, buses, labels, junctions, sheet pins, bus entries, no-connects) and per `${symbolUuid}:${pinNumber}`. */
export interface SheetNetMap {
  items: Map<string, string>;
  pins: Map<string, string>;
}

export interface SchematicNetPin {
  ref: string;
  pin: string;
  sheetPath: string;
}

export interface SchematicNet {
  name: string;
  /** Pins of real parts (power symbols and other `#` references left out), each (ref, pin) once. */
  pins: SchematicNetPin[];
  /** Label texts on the net (local, global, hierarchical, power), each once. */
  labels: string[];
}

export interface SchematicNets {
  /** Per sheet instance (`SheetNode.path`). */
  sheets: Map<string, SheetNetMap>;
  nets: SchematicNet[];
}

/** Grid cells one segment may occupy in the point-on-segment index (a sheet is at most ~120 × 85 cells). */
const MAX_CELLS_PER_SEGMENT = 1024;
/** Bus member nets created for a whole design, against labels like `A[0..4000]` repeated thousands of times. */
const MAX_BUS_MEMBERS = 200_000;

/** KiCad's schematic internal unit is 100 nm: coordinates are compared at that resolution. */
const IU_PER_MM = 1e4;
/** First schematic format of KiCad 7, which names unlabelled nets after the pin name. */
const KICAD7_SCH_VERSION = 20220000;

/** Driver strength, weakest first (KiCad's order). */
const Priority = {
  Pin: 1,
  SheetPin: 2,
  Hierarchical: 3,
  Local: 4,
  /** KiCad 9 local power symbol: between a local label and a global power symbol. */
  LocalPower: 5,
  Power: 6,
  Global: 7,
} as const;
type Priority = (typeof Priority)[keyof typeof Priority];

interface Driver {
  priority: Priority;
  name: string;
  depth: number;
}

interface PinRecord {
  ref: string;
  number: string;
  name: string;
  sheetPath: string;
  /** Power symbols and `#` references: drive names, are not parts. */
  virtual: boolean;
  /** Another pin of the symbol has the same name (KiCad then adds the pad number to `Net-(…)`). */
  sharedName: boolean;
  /** Reference with the unit letter for multi-unit symbols (U1A), as KiCad 7+ names nets. */
  unitRef: string;
}

class UnionFind {
  private parent: number[] = [];
  add(): number {
    this.parent.push(this.parent.length);
    return this.parent.length - 1;
  }
  find(a: number): number {
    const p = this.parent;
    let r = a;
    while (p[r] !== r) r = p[r] as number;
    while (p[a] !== r) {
      const next = p[a] as number;
      p[a] = r;
      a = next;
    }
    return r;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

interface Seg {
  node: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** Connection points of one kind of conductor (wires, or buses) within one sheet instance. */
class PointGraph {
  private points = new Map<string, { x: number; y: number; node: number }>();
  private segs: Seg[] = [];
  private uf: UnionFind;
  constructor(uf: UnionFind) {
    this.uf = uf;
  }

  anchor(x: number, y: number, node: number): void {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    const ix = Math.round(x * IU_PER_MM);
    const iy = Math.round(y * IU_PER_MM);
    const key = `${ix},${iy}`;
    const at = this.points.get(key);
    if (at) this.uf.union(at.node, node);
    else this.points.set(key, { x: ix, y: iy, node });
  }

  line(points: readonly { x: number; y: number }[], node: number): void {
    for (const p of points) this.anchor(p.x, p.y, node);
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1] as { x: number; y: number };
      const b = points[i] as { x: number; y: number };
      if (![a.x, a.y, b.x, b.y].every(Number.isFinite)) continue;
      this.segs.push({
        node,
        x1: Math.round(a.x * IU_PER_MM),
        y1: Math.round(a.y * IU_PER_MM),
        x2: Math.round(b.x * IU_PER_MM),
        y2: Math.round(b.y * IU_PER_MM),
      });
    }
  }

  /** True when (x, y) is on a segment of this graph, ends included. */
  touches(x: number, y: number): boolean {
    const ix = Math.round(x * IU_PER_MM);
    const iy = Math.round(y * IU_PER_MM);
    for (const s of this.segs) {
      if ((ix === s.x1 && iy === s.y1) || (ix === s.x2 && iy === s.y2) || insideSegment(ix, iy, s)) return true;
    }
    return false;
  }

  /** Joins every connection point lying strictly inside a segment to that segment (a grid keeps it near-linear). */
  connectInteriors(): void {
    if (this.segs.length === 0) return;
    const CELL = 50_000; // 5 mm
    const grid = new Map<string, Seg[]>();
    // Segments whose box covers many cells (a hostile or odd file) are tested against every point instead.
    const large: Seg[] = [];
    for (const s of this.segs) {
      const cx1 = Math.floor(Math.min(s.x1, s.x2) / CELL);
      const cx2 = Math.floor(Math.max(s.x1, s.x2) / CELL);
      const cy1 = Math.floor(Math.min(s.y1, s.y2) / CELL);
      const cy2 = Math.floor(Math.max(s.y1, s.y2) / CELL);
      if ((cx2 - cx1 + 1) * (cy2 - cy1 + 1) > MAX_CELLS_PER_SEGMENT) {
        large.push(s);
        continue;
      }
      for (let cx = cx1; cx <= cx2; cx++) {
        for (let cy = cy1; cy <= cy2; cy++) {
          const k = `${cx},${cy}`;
          const list = grid.get(k);
          if (list) list.push(s);
          else grid.set(k, [s]);
        }
      }
    }
    for (const p of this.points.values()) {
      const list = grid.get(`${Math.floor(p.x / CELL)},${Math.floor(p.y / CELL)}`);
      if (!list) continue;
      for (const s of list) if (insideSegment(p.x, p.y, s)) this.uf.union(p.node, s.node);
    }
    if (large.length > 0) for (const p of this.points.values()) for (const s of large) if (insideSegment(p.x, p.y, s)) this.uf.union(p.node, s.node);
  }
}

/** True when (x, y) lies on the segment, excluding its end points (integer coordinates: exact). */
function insideSegment(x: number, y: number, s: Seg): boolean {
  const dx = s.x2 - s.x1;
  const dy = s.y2 - s.y1;
  const px = x - s.x1;
  const py = y - s.y1;
  if (dx * py - dy * px !== 0) return false;
  const dot = px * dx + py * dy;
  return dot > 0 && dot < dx * dx + dy * dy;
}

/**
 * A library pin's connection point on the sheet. Library Y is up, the sheet's
 * down; the symbol is rotated (counter-clockwise on screen) and then mirrored
 * (`mirror x` flips vertically, `mirror y` horizontally).
 */
export function pinSheetPosition(sym: SchematicSymbol, pin: Pick<SymbolPin, 'x' | 'y'>): { x: number; y: number } {
  const x0 = pin.x;
  const y0 = -pin.y;
  const r = (((sym.at.rotation % 360) + 360) % 360);
  let x: number;
  let y: number;
  if (r === 0) [x, y] = [x0, y0];
  else if (r === 90) [x, y] = [y0, -x0];
  else if (r === 180) [x, y] = [-x0, -y0];
  else if (r === 270) [x, y] = [-y0, x0];
  else {
    const a = (r * Math.PI) / 180;
    const c = Math.cos(a);
    const s = Math.sin(a);
    x = x0 * c + y0 * s;
    y = -x0 * s + y0 * c;
  }
  if (sym.mirror === 'x') y = -y;
  else if (sym.mirror === 'y') x = -x;
  return { x: sym.at.x + x, y: sym.at.y + y };
}

/** KiCad escapes '/' in net names (it separates sheet paths). */
function escapeNetName(s: string): string {
  return s.replace(/\//g, '{slash}');
}

/** Pin names KiCad treats as "no name". */
function pinHasName(name: string): boolean {
  return name !== '' && name !== '~';
}

interface ItemNode {
  sheetPath: string;
  uuid: string;
  node: number;
  noConnect: boolean;
}

const sharedNamesCache = new WeakMap<KicadSymbol, Set<string>>();

/** Pin names used by more than one pin number in a library symbol. */
function sharedPinNames(lib: KicadSymbol): Set<string> {
  let set = sharedNamesCache.get(lib);
  if (set) return set;
  const numbersByName = new Map<string, Set<string>>();
  for (const u of lib.units) {
    for (const p of u.pins) {
      const n = numbersByName.get(p.name);
      if (n) n.add(p.number);
      else numbersByName.set(p.name, new Set([p.number]));
    }
  }
  set = new Set([...numbersByName].filter(([, n]) => n.size > 1).map(([name]) => name));
  sharedNamesCache.set(lib, set);
  return set;
}

interface BusOccurrence {
  node: number;
  text: string;
  instance: number;
  /** How the members are named: a local bus label gives `/sheet/D0`, a global one `D0`… */
  priority: Priority;
  namePath: string;
  depth: number;
}

/** Builds the nets of a whole design. `project` chooses among KiCad 7+ per-project instance data. */
export function buildSchematicNets(h: SchematicHierarchy, project?: string): SchematicNets {
  const uf = new UnionFind();
  const drivers = new Map<number, Driver[]>();
  const pinsOf = new Map<number, PinRecord[]>();
  const labelsOf = new Map<number, string[]>();
  const itemNodes: ItemNode[] = [];
  const pinNodes: { sheetPath: string; key: string; node: number }[] = [];
  const globalNames = new Map<string, number>();
  const globalBuses = new Map<string, number>();
  /** Per instance index: net name (local and hierarchical labels) → node. */
  const instanceNames: Map<string, number>[] = [];
  /** Sheet pins by the child instance path they lead to, then by name. */
  const sheetPinsByChild = new Map<string, Map<string, number[]>>();
  const hierLabels: { child: SheetNode; name: string; node: number }[] = [];
  const busOccurrences: BusOccurrence[] = [];
  const aliases: BusAlias[] = [];
  for (const s of h.sheets) if (s.schematic) for (const a of s.schematic.busAliases) aliases.push(a);
  const root = h.root.schematic;
  const newStyle = (root?.version ?? 0) >= KICAD7_SCH_VERSION;

  const addDriver = (node: number, d: Driver) => {
    const list = drivers.get(node);
    if (list) list.push(d);
    else drivers.set(node, [d]);
  };
  const addLabel = (node: number, text: string) => {
    const list = labelsOf.get(node);
    if (list) list.push(text);
    else labelsOf.set(node, [text]);
  };
  const joinName = (map: Map<string, number>, name: string, node: number) => {
    const at = map.get(name);
    if (at === undefined) map.set(name, node);
    else uf.union(at, node);
  };

  const depthOf = (s: SheetNode) => {
    let d = 0;
    for (let p = s.parent; p; p = p.parent) d++;
    return d;
  };

  h.sheets.forEach((sheet, instance) => {
    const names = new Map<string, number>();
    instanceNames.push(names);
    const sch = sheet.schematic;
    if (!sch || !root) return;
    const depth = depthOf(sheet);
    const wires = new PointGraph(uf);
    const buses = new PointGraph(uf);
    const item = (uuid: string, noConnect = false) => {
      const node = uf.add();
      itemNodes.push({ sheetPath: sheet.path, uuid, node, noConnect });
      return node;
    };

    for (const w of sch.wires) wires.line(w.points, item(w.uuid));
    for (const b of sch.buses) buses.line(b.points, item(b.uuid));
    for (const j of sch.junctions) {
      wires.anchor(j.at.x, j.at.y, item(j.uuid));
      buses.anchor(j.at.x, j.at.y, uf.add());
    }
    for (const nc of sch.noConnects) wires.anchor(nc.at.x, nc.at.y, item(nc.uuid, true));
    for (const e of sch.busEntries) {
      // The entry's wire end takes the wire's net; its bus end only touches the bus (several
      // entries often share one bus point, which must not join their nets).
      const node = item(e.uuid);
      const ends = [e.at, { x: e.at.x + e.size.x, y: e.at.y + e.size.y }];
      for (const end of ends) if (!buses.touches(end.x, end.y)) wires.anchor(end.x, end.y, node);
    }
    for (const l of sch.labels) {
      const node = item(l.uuid);
      // A net class flag sits on a net without naming it.
      if (l.kind === 'directive') {
        wires.anchor(l.at.x, l.at.y, node);
        continue;
      }
      if (isBusName(l.text, aliases)) {
        buses.anchor(l.at.x, l.at.y, node);
        if (l.kind === 'global') joinName(globalBuses, l.text, node);
        else joinName(names, `bus:${l.text}`, node);
        if (l.kind === 'hierarchical' && sheet.parent) hierLabels.push({ child: sheet, name: l.text, node });
        const priority = l.kind === 'global' ? Priority.Global : l.kind === 'local' ? Priority.Local : Priority.Hierarchical;
        busOccurrences.push({ node, text: l.text, instance, priority, namePath: sheet.namePath, depth });
        continue;
      }
      wires.anchor(l.at.x, l.at.y, node);
      addLabel(node, l.text);
      const text = escapeNetName(l.text);
      if (l.kind === 'global') {
        joinName(globalNames, text, node);
        addDriver(node, { priority: Priority.Global, name: text, depth });
      } else {
        joinName(names, text, node);
        addDriver(node, { priority: l.kind === 'local' ? Priority.Local : Priority.Hierarchical, name: `${sheet.namePath}${text}`, depth });
        if (l.kind === 'hierarchical' && sheet.parent) hierLabels.push({ child: sheet, name: l.text, node });
      }
    }
    for (const s of sch.sheets) {
      const childPath = `${sheet.path}/${s.uuid}`;
      let byName = sheetPinsByChild.get(childPath);
      if (!byName) sheetPinsByChild.set(childPath, (byName = new Map()));
      for (const p of s.pins) {
        const node = item(p.uuid);
        const list = byName.get(p.name);
        if (list) list.push(node);
        else byName.set(p.name, [node]);
        if (isBusName(p.name, aliases)) {
          buses.anchor(p.at.x, p.at.y, node);
          busOccurrences.push({ node, text: p.name, instance, priority: Priority.SheetPin, namePath: sheet.namePath, depth });
        } else {
          wires.anchor(p.at.x, p.at.y, node);
          addDriver(node, { priority: Priority.SheetPin, name: `${sheet.namePath}${escapeNetName(p.name)}`, depth });
        }
      }
    }
    for (const sym of sch.symbols) {
      const lib = libSymbolFor(sch, sym);
      if (!lib) continue;
      const inst = resolveSymbolInstance(sym, sheet, root, project);
      addSymbolPins(sym, lib, inst.reference, inst.unit, inst.value);
    }
    wires.connectInteriors();
    buses.connectInteriors();

    function addSymbolPins(sym: SchematicSymbol, lib: KicadSymbol, ref: string, unit: number, value: string): void {
      const virtual = lib.power || ref.startsWith('#');
      const shared = sharedPinNames(lib);
      const unitRef = unitCount(lib) > 1 ? `${ref}${unitLetter(unit)}` : ref;
      for (const pin of unitItems(lib, unit, sym.bodyStyle).pins) {
        const node = uf.add();
        pinNodes.push({ sheetPath: sheet.path, key: `${sym.uuid}:${pin.number}`, node });
        // A pin of type "not connected" never connects, even when stacked on another pin.
        if (pin.electricalType !== 'no_connect') {
          const pos = pinSheetPosition(sym, pin);
          wires.anchor(pos.x, pos.y, node);
        }
        const rec: PinRecord = { ref, number: pin.number, name: pin.name, sheetPath: sheet.path, virtual, sharedName: shared.has(pin.name), unitRef };
        const list = pinsOf.get(node);
        if (list) list.push(rec);
        else pinsOf.set(node, [rec]);
        // KiCad's global power pin: a power input that is hidden or belongs to a power symbol
        // (PWR_FLAG's power output pin names nothing).
        if (lib.localPower && pin.electricalType === 'power_in') {
          // KiCad 9 local power: joins its name within this sheet instance only, like a local label.
          const net = escapeNetName(value !== '' ? value : pin.name);
          if (net !== '') {
            joinName(names, net, node);
            addDriver(node, { priority: Priority.LocalPower, name: `${sheet.namePath}${net}`, depth });
            addLabel(node, net);
          }
        } else if (pin.electricalType === 'power_in' && (pin.hidden || lib.power)) {
          // KiCad 7+ names a power symbol's net by its value, KiCad 6 (and any hidden power pin) by the pin name.
          const net = escapeNetName(lib.power && newStyle && value !== '' ? value : pin.name);
          if (net !== '') {
            joinName(globalNames, net, node);
            addDriver(node, { priority: Priority.Power, name: net, depth });
            if (lib.power) addLabel(node, net);
          }
        }
      }
    }
  });

  // Hierarchical labels meet the sheet pins of their sheet symbol in the parent instance.
  for (const hl of hierLabels) {
    const pins = sheetPinsByChild.get(hl.child.path)?.get(hl.name);
    if (pins) for (const p of pins) uf.union(p, hl.node);
  }

  const busNames = joinBusMembers(uf, busOccurrences, instanceNames, globalNames, aliases, addDriver);
  return collectNets(h, uf, drivers, pinsOf, labelsOf, itemNodes, pinNodes, newStyle, busNames);
}

/**
 * Nets carried by buses: every bus label or bus sheet pin names members; a
 * member is the net of that name in the occurrence's sheet instance. Members
 * with the same name on one connected bus are joined, and two vectors of equal
 * width but different prefixes are joined position by position.
 */
function joinBusMembers(
  uf: UnionFind,
  occurrences: readonly BusOccurrence[],
  instanceNames: readonly Map<string, number>[],
  globalNames: Map<string, number>,
  aliases: readonly BusAlias[],
  addDriver: (node: number, d: Driver) => void,
): Map<number, string> {
  const busNames = new Map<number, string>();
  const groups = new Map<number, BusOccurrence[]>();
  for (const o of occurrences) {
    const r = uf.find(o.node);
    const g = groups.get(r);
    if (g) g.push(o);
    else groups.set(r, [o]);
  }
  const memberNode = (instance: number, member: string): number => {
    const names = instanceNames[instance] as Map<string, number>;
    const name = escapeNetName(member);
    const found = names.get(name) ?? globalNames.get(name);
    if (found !== undefined) return found;
    const node = uf.add();
    names.set(name, node);
    return node;
  };
  let budget = MAX_BUS_MEMBERS;
  for (const group of groups.values()) {
    const byName = new Map<string, number>();
    const vectors: { prefix: string; nodes: number[] }[] = [];
    for (const o of group) {
      const members = busMembers(o.text, aliases);
      budget -= members.length;
      if (budget < 0) break;
      const nodes = members.map((m) => memberNode(o.instance, m));
      members.forEach((m, i) => {
        const net = escapeNetName(m);
        addDriver(nodes[i] as number, { priority: o.priority, name: o.priority === Priority.Global ? net : `${o.namePath}${net}`, depth: o.depth });
      });
      members.forEach((m, i) => {
        const at = byName.get(m);
        if (at === undefined) byName.set(m, nodes[i] as number);
        else uf.union(at, nodes[i] as number);
      });
      const vec = parseVector(o.text);
      if (vec) vectors.push({ prefix: vec.prefix, nodes });
    }
    // The bus itself is named like a net: its strongest label.
    const best = bestDriver(group.map((o) => ({ priority: o.priority, name: o.priority === Priority.Global ? o.text : `${o.namePath}${o.text}`, depth: o.depth })));
    if (best) busNames.set(uf.find((group[0] as BusOccurrence).node), best.name);
    for (let i = 1; i < vectors.length; i++) {
      const a = vectors[0] as { prefix: string; nodes: number[] };
      const b = vectors[i] as { prefix: string; nodes: number[] };
      if (a.prefix === b.prefix || a.nodes.length !== b.nodes.length) continue;
      a.nodes.forEach((n, k) => uf.union(n, b.nodes[k] as number));
    }
  }
  return busNames;
}

function bestDriver(list: readonly Driver[]): Driver | undefined {
  let best: Driver | undefined;
  for (const d of list) {
    if (
      !best ||
      d.priority > best.priority ||
      (d.priority === best.priority && (d.depth < best.depth || (d.depth === best.depth && d.name < best.name)))
    )
      best = d;
  }
  return best;
}

/**
 * The name of a net without labels, from its pins: `Net-(R1-Pad1)`, or for a
 * lone pin with nothing but a no-connect flag `unconnected-(R1-Pad1)`. KiCad 7+
 * uses the pin name (`Net-(U1-SDA)`; the reference gets the unit letter in a
 * multi-unit symbol), adding the pad when the name is not unique in the symbol
 * or the pin is unconnected. A uniquely named pin is preferred; then the first
 * name in plain string order wins (KiCad compares strings, so R10 < R7).
 */
function pinNetName(pins: readonly PinRecord[], newStyle: boolean, lone: boolean): string {
  let best = '';
  let bestStrong = false;
  for (const p of pins) {
    const named = newStyle && pinHasName(p.name) && p.name !== p.number;
    const ref = newStyle ? p.unitRef : p.ref;
    const body = named ? `${ref}-${escapeNetName(p.name)}${p.sharedName || lone ? `-Pad${p.number}` : ''}` : `${ref}-Pad${p.number}`;
    const strong = named && !p.sharedName;
    const name = lone ? `unconnected-(${body})` : `Net-(${body})`;
    if (best === '' || (strong && !bestStrong) || (strong === bestStrong && name < best)) {
      best = name;
      bestStrong = strong;
    }
  }
  return best;
}

function collectNets(
  h: SchematicHierarchy,
  uf: UnionFind,
  drivers: Map<number, Driver[]>,
  pinsOf: Map<number, PinRecord[]>,
  labelsOf: Map<number, string[]>,
  itemNodes: readonly ItemNode[],
  pinNodes: readonly { sheetPath: string; key: string; node: number }[],
  newStyle: boolean,
  busNames: Map<number, string>,
): SchematicNets {
  interface Group {
    drivers: Driver[];
    pins: PinRecord[];
    labels: string[];
    /** Wires, labels, sheet pins… (not no-connect flags): a pin with any of them is not "unconnected". */
    items: number;
  }
  const groups = new Map<number, Group>();
  const groupOf = (node: number): Group => {
    const r = uf.find(node);
    let g = groups.get(r);
    if (!g) groups.set(r, (g = { drivers: [], pins: [], labels: [], items: 0 }));
    return g;
  };
  for (const [node, list] of drivers) groupOf(node).drivers.push(...list);
  for (const [node, list] of pinsOf) groupOf(node).pins.push(...list);
  for (const [node, list] of labelsOf) groupOf(node).labels.push(...list);
  for (const it of itemNodes) if (!it.noConnect) groupOf(it.node).items++;

  const nameOfRoot = new Map<number, string>();
  const nets = new Map<string, { pins: Map<string, SchematicNetPin>; labels: Set<string> }>();
  for (const [r, g] of groups) {
    const parts = g.pins.filter((p) => !p.virtual);
    const best = bestDriver(g.drivers);
    let name: string;
    if (best) name = best.name;
    else if (parts.length > 0) name = pinNetName(parts, newStyle, g.pins.length === 1 && g.items === 0);
    else continue;
    nameOfRoot.set(r, name);
    let net = nets.get(name);
    if (!net) nets.set(name, (net = { pins: new Map(), labels: new Set() }));
    for (const p of parts) {
      const k = `${p.ref}\u0000${p.number}`;
      if (!net.pins.has(k)) net.pins.set(k, { ref: p.ref, pin: p.number, sheetPath: p.sheetPath });
    }
    for (const l of g.labels) net.labels.add(l);
  }

  const sheets = new Map<string, SheetNetMap>();
  for (const s of h.sheets) sheets.set(s.path, { items: new Map(), pins: new Map() });
  for (const it of itemNodes) {
    const r = uf.find(it.node);
    const name = nameOfRoot.get(r) ?? busNames.get(r);
    if (name !== undefined) sheets.get(it.sheetPath)?.items.set(it.uuid, name);
  }
  for (const p of pinNodes) {
    const name = nameOfRoot.get(uf.find(p.node));
    if (name !== undefined) sheets.get(p.sheetPath)?.pins.set(p.key, name);
  }
  const out: SchematicNet[] = [];
  for (const [name, n] of nets) {
    const pins = [...n.pins.values()].sort((a, b) => naturalCompare(a.ref, b.ref) || naturalCompare(a.pin, b.pin));
    out.push({ name, pins, labels: [...n.labels].sort() });
  }
  out.sort((a, b) => naturalCompare(a.name, b.name));
  return { sheets, nets: out };
}
