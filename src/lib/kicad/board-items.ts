// Readers for a board's own copper items: tracks (segments and arcs), vias and
// zones. Tracks and vias are the most numerous nodes of a large board, so they
// are read in one pass over their children instead of one `child()` scan per
// field.

import { atomAt, child, hasFlag, isList, numAt, type SexprList } from './sexpr.ts';
import { readPoint, tessellateArc, type Point } from './kicad-common.ts';
import { readNetRef } from './footprint.ts';

/** Resolves a `(net ...)` reference to the board's net number (assigning one for name-only nets). */
export type NetResolver = (ref: { number?: number; name: string }) => number;

export interface TrackSegment {
  kind: 'segment';
  start: Point;
  end: Point;
  width: number;
  layer: string;
  net: number;
  locked: boolean;
  line: number;
}

export interface TrackArc {
  kind: 'arc';
  start: Point;
  mid: Point;
  end: Point;
  width: number;
  layer: string;
  net: number;
  locked: boolean;
  line: number;
}

export type Track = TrackSegment | TrackArc;

/** through: all copper layers; blind: one outer layer to an inner one; buried: inner to inner; micro: one layer pair. */
export type ViaType = 'through' | 'blind' | 'buried' | 'micro';

export interface Via {
  type: ViaType;
  at: Point;
  /** Pad diameter. */
  size: number;
  drill: number;
  /** The two copper layers the via spans (`F.Cu`/`B.Cu` for through vias). */
  layers: [string, string];
  net: number;
  locked: boolean;
  /** `(remove_unused_layers)`: no annular ring on unconnected inner layers. */
  removeUnusedLayers: boolean;
  /** `(keep_end_layers)`: with removeUnusedLayers, the ring stays on the two end layers. */
  keepEndLayers: boolean;
  line: number;
}

/** Flat polygon outline: x0, y0, x1, y1, ... in mm (kept flat: zone fills are the bulk of a large board). */
export type FlatPolygon = Float64Array;

export interface ZoneFill {
  layer: string;
  island: boolean;
  points: FlatPolygon;
}

export interface ZoneKeepout {
  /** True where the rule area forbids the item (`not_allowed`). */
  tracks: boolean;
  vias: boolean;
  pads: boolean;
  copperpour: boolean;
  footprints: boolean;
}

export interface Zone {
  net: number;
  name?: string;
  layers: string[];
  hatch: { style: string; pitch: number };
  priority: number;
  /** `(connect_pads [yes|no|thru_hole_only] (clearance c))`; mode '' = thermal reliefs (the default). */
  connectPads: { mode: string; clearance: number };
  minThickness: number;
  /** Outline polygons as drawn by the user (first = outline; KiCad writes one). */
  outlines: FlatPolygon[];
  /** Filled areas as computed by KiCad's last zone fill, per layer. */
  fills: ZoneFill[];
  /** Present for rule areas (keepouts). */
  keepout?: ZoneKeepout;
  line: number;
}

function netOf(node: SexprList, resolve: NetResolver): number {
  return resolve(readNetRef(node));
}

export function readTrack(it: SexprList, resolve: NetResolver, arc: boolean): Track {
  let start: Point = { x: 0, y: 0 };
  let mid: Point = { x: 0, y: 0 };
  let end: Point = { x: 0, y: 0 };
  let width = 0;
  let layer = '';
  let net = 0;
  let locked = false;
  const items = it.items;
  for (let i = 1; i < items.length; i++) {
    const c = items[i];
    if (typeof c !== 'object') {
      if (c === 'locked') locked = true;
      continue;
    }
    switch (c.items[0]) {
      case 'start':
        start = readPoint(c);
        break;
      case 'mid':
        mid = readPoint(c);
        break;
      case 'end':
        end = readPoint(c);
        break;
      case 'width':
        width = numAt(c, 1);
        break;
      case 'layer':
        layer = atomAt(c, 1) ?? '';
        break;
      case 'net':
        net = netOf(c, resolve);
        break;
      case 'locked':
        locked = hasFlag(it, 'locked');
        break;
      default:
        break;
    }
  }
  return arc
    ? { kind: 'arc', start, mid, end, width, layer, net, locked, line: it.line }
    : { kind: 'segment', start, end, width, layer, net, locked, line: it.line };
}

/** Outer copper layers in every KiCad numbering (KiCad 9 renumbered layers; names are stable). */
function isOuterCopper(layer: string): boolean {
  return layer === 'F.Cu' || layer === 'B.Cu';
}

export function readVia(it: SexprList, resolve: NetResolver): Via {
  let declared = '';
  const via: Via = {
    type: 'through',
    at: { x: 0, y: 0 },
    size: 0,
    drill: 0,
    layers: ['F.Cu', 'B.Cu'],
    net: 0,
    locked: false,
    removeUnusedLayers: false,
    keepEndLayers: false,
    line: it.line,
  };
  const items = it.items;
  for (let i = 1; i < items.length; i++) {
    const c = items[i];
    if (typeof c !== 'object') {
      // KiCad 6-9: `(via blind ...)`, `(via micro ...)`, bare `locked`.
      if (c === 'locked') via.locked = true;
      else if (c !== undefined) declared = c;
      continue;
    }
    switch (c.items[0]) {
      case 'at':
        via.at = readPoint(c);
        break;
      case 'size':
        via.size = numAt(c, 1);
        break;
      case 'drill':
        via.drill = numAt(c, 1);
        break;
      case 'layers': {
        const a = atomAt(c, 1);
        const b = atomAt(c, 2);
        if (a !== undefined && b !== undefined) via.layers = [a, b];
        break;
      }
      case 'net':
        via.net = netOf(c, resolve);
        break;
      case 'type':
        // Later formats may spell the type as a child list.
        declared = atomAt(c, 1) ?? declared;
        break;
      case 'locked':
        via.locked = hasFlag(it, 'locked');
        break;
      case 'remove_unused_layers':
        via.removeUnusedLayers = c.items.length < 2 || atomAt(c, 1) === 'yes';
        break;
      case 'keep_end_layers':
        via.keepEndLayers = c.items.length < 2 || atomAt(c, 1) === 'yes';
        break;
      default:
        break;
    }
  }
  if (declared === 'micro') via.type = 'micro';
  else if (declared === 'blind' || declared === 'buried' || declared === 'blind_buried') {
    via.type = isOuterCopper(via.layers[0]) || isOuterCopper(via.layers[1]) ? 'blind' : 'buried';
  }
  return via;
}

/** `(pts (xy x y) ...)` as a flat array; `(arc ...)` entries (KiCad 7+ outlines) are tessellated. */
export function readFlatPoints(pts: SexprList | undefined): FlatPolygon {
  if (!pts) return new Float64Array(0);
  const items = pts.items;
  let hasArc = false;
  for (let i = 1; i < items.length; i++) {
    const p = items[i];
    if (typeof p === 'object' && p.items[0] === 'arc') hasArc = true;
  }
  if (!hasArc) {
    const out = new Float64Array((items.length - 1) * 2);
    let n = 0;
    for (let i = 1; i < items.length; i++) {
      const p = items[i];
      if (typeof p !== 'object') continue;
      out[n++] = numAt(p, 1);
      out[n++] = numAt(p, 2);
    }
    return n === out.length ? out : out.slice(0, n);
  }
  const flat: number[] = [];
  for (let i = 1; i < items.length; i++) {
    const p = items[i];
    if (!isList(p)) continue;
    if (p.items[0] === 'xy') flat.push(numAt(p, 1), numAt(p, 2));
    else if (p.items[0] === 'arc') {
      for (const q of tessellateArc(readPoint(child(p, 'start')), readPoint(child(p, 'mid')), readPoint(child(p, 'end')), 16)) flat.push(q.x, q.y);
    }
  }
  return Float64Array.from(flat);
}

function readLayerList(node: SexprList): string[] {
  const out: string[] = [];
  for (let i = 1; i < node.items.length; i++) {
    const l = node.items[i];
    if (typeof l === 'string') out.push(l);
  }
  return out;
}

export function readZone(it: SexprList, resolve: NetResolver): Zone {
  const zone: Zone = {
    net: 0,
    layers: [],
    hatch: { style: 'edge', pitch: 0.5 },
    priority: 0,
    connectPads: { mode: '', clearance: 0 },
    minThickness: 0,
    outlines: [],
    fills: [],
    line: it.line,
  };
  let netName: string | undefined;
  const items = it.items;
  for (let i = 1; i < items.length; i++) {
    const c = items[i];
    if (typeof c !== 'object') continue;
    switch (c.items[0]) {
      case 'net':
        zone.net = netOf(c, resolve);
        break;
      case 'net_name':
        netName = atomAt(c, 1);
        break;
      case 'name':
        zone.name = atomAt(c, 1) ?? '';
        break;
      case 'layer':
      case 'layers':
        zone.layers = readLayerList(c);
        break;
      case 'hatch':
        zone.hatch = { style: atomAt(c, 1) ?? 'edge', pitch: numAt(c, 2) };
        break;
      case 'priority':
        zone.priority = numAt(c, 1);
        break;
      case 'connect_pads': {
        const mode = atomAt(c, 1);
        zone.connectPads = { mode: mode ?? '', clearance: numAt(child(c, 'clearance'), 1) };
        break;
      }
      case 'min_thickness':
        zone.minThickness = numAt(c, 1);
        break;
      case 'keepout':
        zone.keepout = readKeepout(c);
        break;
      case 'polygon':
        zone.outlines.push(readFlatPoints(child(c, 'pts')));
        break;
      case 'filled_polygon': {
        const layer = atomAt(child(c, 'layer'), 1) ?? zone.layers[0] ?? '';
        zone.fills.push({ layer, island: child(c, 'island') !== undefined, points: readFlatPoints(child(c, 'pts')) });
        break;
      }
      default:
        break;
    }
  }
  // KiCad 6-9 write `(net N)` plus `(net_name "X")`; a net unknown to the table is resolved by name.
  if (zone.net === 0 && netName) zone.net = resolve({ name: netName });
  return zone;
}

function readKeepout(node: SexprList): ZoneKeepout {
  const forbidden = (what: string): boolean => atomAt(child(node, what), 1) === 'not_allowed';
  return {
    tracks: forbidden('tracks'),
    vias: forbidden('vias'),
    pads: forbidden('pads'),
    copperpour: forbidden('copperpour'),
    footprints: forbidden('footprints'),
  };
}
