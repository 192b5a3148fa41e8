// Painter for a whole board (.kicad_pcb model, board.ts) onto a Renderer, in
// the PCB editor's look: zone fills, tracks (round caps) and arcs, vias, the
// footprints (through footprint-painter.ts, placed with a group transform),
// board drawings and texts, dimensions. Layers are KiCad's (boardLayer) plus
// the virtual pad and via layers, composited in KiCad's order: back copper
// below front, silkscreen and mask above copper, vias with their holes above
// the front pads. Every item is a group whose meta says what it is (track,
// via, zone, pad with footprint reference and net), the viewer's hit-test keys.

import { copperLayers, type Board, type Track, type Via, type Zone } from '../board.ts';
import type { Point } from '../kicad-common.ts';
import type { FootprintText } from '../footprint.ts';
import { boardLayer, layerRank, paintFootprint, paintGraphic, paintText, PCB_COLORS } from './footprint-painter.ts';
import type { LayerSpec, Meta, Renderer, Style } from './renderer.ts';
import { ViaFlashIndex } from './via-flash.ts';

export interface BoardPaint {
  /** Paint only these layers (KiCad canonical names: F.Cu, In1.Cu, F.SilkS, Edge.Cuts ...); default all. */
  layers?: ReadonlySet<string>;
  /** Draw pad numbers (default false: a whole board shows them too small to read). */
  padNumbers?: boolean;
}

/** Vias and their holes, above the front pads and below the front mask and silkscreen. */
export const VIA_LAYER: LayerSpec = { name: ':Vias', z: layerRank('F.Cu') + 0.7, meta: { class: 'vias' } };

/** KiCad's default zone opacity, so tracks and pads stay visible over a fill. */
const ZONE_OPACITY = 0.6;

const VIA_COLOR: Record<Via['type'], string> = {
  through: PCB_COLORS.viaThrough,
  blind: PCB_COLORS.viaBlindBuried,
  buried: PCB_COLORS.viaBlindBuried,
  micro: PCB_COLORS.viaMicro,
};
const HOLE_META: Meta = { class: 'hole' };
const HOLE_STYLE: Style = { fill: PCB_COLORS.hole, stroke: 'none' };
const ZONE_STYLE: Style = { fill: 'currentColor', stroke: 'none', opacity: ZONE_OPACITY };

/** Paint a board. Items are visited by kind; the renderer stacks them by layer. */
export function paintBoard(r: Renderer, board: Board, opts: BoardPaint = {}): void {
  const shown = opts.layers;
  const visible = (layer: string): boolean => !shown || shown.has(layer);
  const ctx = new PaintContext(board);

  for (const z of board.zones) paintZone(r, z, ctx, visible);
  for (const t of board.tracks) if (visible(t.layer)) paintTrack(r, t, ctx);
  const copper = copperLayers(board).map((l) => l.name);
  const flash = new ViaFlashIndex(board);
  for (const v of board.vias) {
    const span = viaSpan(v, copper);
    const layers = shown ? span.filter((l) => shown.has(l)) : span;
    // The ring shows when one of the drawn layers keeps it; otherwise only the hole does.
    if (layers.length) paintVia(r, v, ctx, layers.some((l) => flash.flashed(v, l)));
  }
  const padRules = { maskMargin: board.setup.padToMaskClearance, pasteMargin: board.setup.padToPasteClearance, pasteRatio: board.setup.padToPasteClearanceRatio };
  for (const fp of board.footprints) paintFootprint(r, fp, { placed: true, layers: shown, padNumbers: opts.padNumbers === true, padRules });
  paintViaMaskOpenings(r, board, copper, visible);
  for (const g of board.graphics) if (visible(g.layer)) paintGraphic(r, g);
  for (const t of board.texts) if (visible(t.layer)) paintText(r, null, withVariables(t, board.properties));
  for (const d of board.dimensions) {
    if (!visible(d.layer)) continue;
    r.beginLayer(boardLayer(d.layer));
    r.beginGroup({ meta: DIMENSION_META, style: { width: d.width > 0 ? d.width : 0.1 } });
    if (d.lines.length) r.shape({ kind: 'path', parts: d.lines.map((l) => [l.start, l.end]) });
    r.endGroup();
    r.endLayer();
    if (d.text) paintText(r, null, d.text);
  }
}

const DIMENSION_META: Meta = { class: 'dimension' };

/** Per-board caches: one meta object per net and item kind, one style per track width (renderers may reuse what they derive from them). */
class PaintContext {
  private readonly netNames = new Map<number, string>();
  private readonly metas = new Map<string, Meta>();
  private readonly trackStyles = new Map<number, Style>();

  constructor(board: Board) {
    for (const n of board.nets) this.netNames.set(n.number, n.name);
  }

  meta(kind: string, net: number): Meta {
    const key = `${kind}\u0000${net}`;
    let m = this.metas.get(key);
    if (!m) {
      const name = this.netNames.get(net) ?? '';
      m = name === '' ? { class: kind } : { class: kind, 'data-net': name };
      this.metas.set(key, m);
    }
    return m;
  }

  trackStyle(width: number): Style {
    let s = this.trackStyles.get(width);
    if (!s) this.trackStyles.set(width, (s = { width, cap: 'round' }));
    return s;
  }
}

function paintTrack(r: Renderer, t: Track, ctx: PaintContext): void {
  r.beginLayer(boardLayer(t.layer));
  r.beginGroup({ meta: ctx.meta('track', t.net), style: ctx.trackStyle(t.width) });
  if (t.kind === 'segment') r.shape({ kind: 'path', parts: [[t.start, t.end]] });
  else r.shape({ kind: 'arc', start: t.start, mid: t.mid, end: t.end });
  r.endGroup();
  r.endLayer();
}

/** Copper layers a via connects, front to back (a through via: all of them). */
export function viaSpan(v: Via, copper: readonly string[]): string[] {
  if (v.type === 'through') return [...copper];
  const a = copper.indexOf(v.layers[0]);
  const b = copper.indexOf(v.layers[1]);
  if (a < 0 || b < 0) return [...v.layers];
  return copper.slice(Math.min(a, b), Math.max(a, b) + 1);
}

function paintVia(r: Renderer, v: Via, ctx: PaintContext, ring: boolean): void {
  const meta: Record<string, string> = { ...ctx.meta('via', v.net), 'data-type': v.type, 'data-layers': `${v.layers[0]} ${v.layers[1]}` };
  r.beginLayer(VIA_LAYER);
  r.beginGroup({ meta, transform: { x: v.at.x, y: v.at.y } });
  if (ring) r.shape({ kind: 'circle', radius: v.size / 2, style: viaStyle(v.type) });
  else r.addBounds(0, 0, v.size / 2);
  if (v.drill > 0) {
    r.beginGroup({ meta: HOLE_META, style: HOLE_STYLE });
    r.shape({ kind: 'circle', radius: v.drill / 2, bounds: false });
    r.endGroup();
  }
  r.endGroup();
  r.endLayer();
}

const VIA_OPENING_META: Meta = { class: 'via-opening' };
const VIA_OPENING_STYLE: Style = { fill: 'currentColor', stroke: 'none' };

/** Untented vias (Board Setup / plot settings) open the mask of each outer side they reach, grown by the mask margin. */
function paintViaMaskOpenings(r: Renderer, board: Board, copper: readonly string[], visible: (layer: string) => boolean): void {
  const open = board.setup.viaMaskOpen;
  const margin = board.setup.padToMaskClearance;
  for (const [side, cu, mask] of [['front', 'F.Cu', 'F.Mask'], ['back', 'B.Cu', 'B.Mask']] as const) {
    if (!open[side] || !visible(mask)) continue;
    r.beginLayer(boardLayer(mask));
    r.beginGroup({ meta: VIA_OPENING_META, style: VIA_OPENING_STYLE });
    for (const v of board.vias) if (viaSpan(v, copper).includes(cu)) r.shape({ kind: 'circle', center: v.at, radius: Math.max(0, v.size / 2 + margin) });
    r.endGroup();
    r.endLayer();
  }
}

const viaStyles = new Map<string, Style>();

function viaStyle(type: Via['type']): Style {
  let s = viaStyles.get(type);
  if (!s) viaStyles.set(type, (s = { fill: VIA_COLOR[type], stroke: 'none' }));
  return s;
}

/** A zone's filled areas, one group per copper layer (rule areas and unfilled zones draw nothing). */
function paintZone(r: Renderer, z: Zone, ctx: PaintContext, visible: (layer: string) => boolean): void {
  if (z.fills.length === 0) return;
  const meta = z.name ? { ...ctx.meta('zone', z.net), 'data-name': z.name } : ctx.meta('zone', z.net);
  let layer: string | null = null;
  for (const f of z.fills) {
    if (!visible(f.layer) || f.points.length < 6) continue;
    // Fills of one layer are consecutive in the file: one group for them.
    if (f.layer !== layer) {
      if (layer !== null) {
        r.endGroup();
        r.endLayer();
      }
      layer = f.layer;
      r.beginLayer(boardLayer(layer));
      r.beginGroup({ meta, style: ZONE_STYLE });
    }
    r.shape({ kind: 'path', parts: [flatToPoints(f.points)], closed: true });
  }
  if (layer !== null) {
    r.endGroup();
    r.endLayer();
  }
}

function flatToPoints(flat: Float64Array): Point[] {
  const out: Point[] = new Array<Point>(flat.length >> 1);
  for (let i = 0, j = 0; j < out.length; i += 2, j++) out[j] = { x: flat[i] as number, y: flat[i + 1] as number };
  return out;
}

/** A board text with `${NAME}` replaced by the board's text variables (unknown names stay as written, as KiCad shows them). */
function withVariables(t: FootprintText, vars: Record<string, string>): FootprintText {
  if (!t.text.includes('${')) return t;
  const text = t.text.replace(/\$\{([^}]+)\}/g, (all, name: string) => vars[name] ?? all);
  return text === t.text ? t : { ...t, text };
}
