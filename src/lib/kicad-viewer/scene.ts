// The viewer's scene: what a painter drew, tessellated once (in the worker) into
// flat typed arrays per layer that the WebGL2 view uploads as they are and the
// Canvas 2D view draws directly. World coordinates in mm, as the painters give
// them (boards and sheets are Y-down). No DOM here: runs in Node and in workers.
//
// Geometry per layer comes in two kinds, both carrying a per-vertex/instance
// colour (RGBA8) and item id:
// - triangles (fills: zones, pads, polygons, rects, pies), indexed;
// - capsules: round-capped segments as instances (x0, y0, x1, y1, radius). A
//   stroke of any width, a track, a via or a filled circle is one instance that
//   the shader draws exactly (distance to the segment), so round caps and joins
//   cost nothing and stay round at every zoom.
// The id's top bit (CURRENT_COLOR) marks colours that came from the layer's own
// colour, so recolouring a layer changes them and nothing else.

import type { Board } from '../kicad/board.ts';
import { paintBoard } from '../kicad/render/board-painter.ts';
import type { Box, Renderer } from '../kicad/render/renderer.ts';
import { MeshRenderer } from './scene-build.ts';

export type { Box };

export interface SceneItem {
  id: number;
  layer: string;
  meta: Readonly<Record<string, string>>;
  box: Box;
}

export type SceneLayerKind = 'copper' | 'silk' | 'mask' | 'paste' | 'fab' | 'courtyard' | 'edge' | 'user' | 'virtual' | 'sheet';

export interface SceneLayerInfo {
  name: string;
  z: number;
  /** Default colour, CSS hex. */
  color: string;
  kind: SceneLayerKind;
  side: 'front' | 'back' | null;
}

/** One layer's geometry (index i of `Scene.batches` belongs to `Scene.layers[i]`). */
export interface LayerBatch {
  /** Triangle vertices: x, y per vertex (mm). */
  triPos: Float32Array;
  /** RGBA8 per vertex, red in the lowest byte (as WebGL reads UNSIGNED_BYTE × 4 on little-endian machines). */
  triCol: Uint32Array;
  /** Item id per vertex (0 = none) | CURRENT_COLOR. */
  triId: Uint32Array;
  /** Triangle vertex indices, three per triangle. */
  triIdx: Uint32Array;
  /**
   * Indices (into the same vertices) of large polygons as triangle fans, one
   * fan per polygon: a point is inside when an odd number of its fan's
   * triangles cover it (drawn with an even-odd stencil).
   */
  fanIdx: Uint32Array;
  /** The fanned polygons as rings of consecutive vertices: first vertex, count (Canvas 2D fills these directly). */
  fanRings: Uint32Array;
  /** Capsule instances: x0, y0, x1, y1, radius (mm). */
  capGeo: Float32Array;
  capCol: Uint32Array;
  capId: Uint32Array;
}

/** A bitmap to draw as a textured quad (schematic images). */
export interface SceneImage {
  layer: number;
  /** Corners in world coordinates: top-left, top-right, bottom-left (rotation kept). */
  quad: Float32Array;
  mime: 'image/png' | 'image/jpeg';
  data: string;
  item: number;
}

export interface Scene {
  kind: 'board' | 'sheet';
  /** z order, lowest first. */
  layers: SceneLayerInfo[];
  /** Every painter group with meta; `items[i].id === i + 1`. */
  items: SceneItem[];
  bounds: Box | null;
  batches: LayerBatch[];
  /** Net index per item id (index 0 unused; 0 = no net). */
  itemNets: Uint32Array;
  /** Net names by net index (index 0 = no net). */
  nets: string[];
  /** Per item id (RANGE numbers each; slot 0 unused): triangle index range [start, end), capsule range [start, end), fan index range [start, end) in its layer's batch. */
  itemRanges: Uint32Array;
  /** Layer index per item id (slot 0 unused). */
  itemLayers: Uint16Array;
  images: SceneImage[];
}

/** Set in an id when the colour is the layer's own (recolourable). */
export const CURRENT_COLOR = 0x80000000;
export const ID_MASK = 0x7fffffff;
/** Numbers per item in `Scene.itemRanges`. */
export const RANGE = 6;

export function buildBoardScene(board: Board, opts: { padNumbers?: boolean } = {}): Scene {
  const r = new MeshRenderer('board');
  paintBoard(r, board, { padNumbers: opts.padNumbers === true });
  return r.finish();
}

export function buildSheetScene(paint: (r: Renderer) => void): Scene {
  const r = new MeshRenderer('sheet');
  paint(r);
  return r.finish();
}

/** The buffers to list in postMessage so the scene moves to the main thread without copies. */
export function sceneTransferables(scene: Scene): Transferable[] {
  const out: ArrayBuffer[] = [];
  const add = (a: ArrayBufferView): void => {
    const b = a.buffer;
    if (b instanceof ArrayBuffer && b.byteLength > 0 && !out.includes(b)) out.push(b);
  };
  for (const b of scene.batches) {
    add(b.triPos);
    add(b.triCol);
    add(b.triId);
    add(b.triIdx);
    add(b.fanIdx);
    add(b.fanRings);
    add(b.capGeo);
    add(b.capCol);
    add(b.capId);
  }
  add(scene.itemNets);
  add(scene.itemRanges);
  add(scene.itemLayers);
  for (const im of scene.images) add(im.quad);
  return out;
}

/**
 * A scene in the form to post from the worker: the items (tens of thousands of small objects,
 * which structured clone copies one by one: about 190 ms both sides for video.kicad_pcb's 22k
 * items) become one JSON string of their metas, a box array and a layer-name table.
 */
export interface PackedScene {
  packed: true;
  scene: Omit<Scene, 'items'>;
  itemMeta: string;
  itemBoxes: Float64Array;
  itemLayerNames: string[];
  itemLayerIdx: Uint16Array;
}

/** Pack a scene for postMessage; `transfer` lists every buffer to move without copying. */
export function packScene(scene: Scene): { packed: PackedScene; transfer: Transferable[] } {
  const { items, ...rest } = scene;
  const n = items.length;
  const boxes = new Float64Array(n * 4);
  const names: string[] = [];
  const nameIdx = new Map<string, number>();
  const layerIdx = new Uint16Array(n);
  const metas: Readonly<Record<string, string>>[] = new Array<Readonly<Record<string, string>>>(n);
  for (let i = 0; i < n; i++) {
    const it = items[i] as SceneItem;
    boxes[4 * i] = it.box.minX;
    boxes[4 * i + 1] = it.box.minY;
    boxes[4 * i + 2] = it.box.maxX;
    boxes[4 * i + 3] = it.box.maxY;
    let k = nameIdx.get(it.layer);
    if (k === undefined) {
      k = names.length;
      names.push(it.layer);
      nameIdx.set(it.layer, k);
    }
    layerIdx[i] = k;
    metas[i] = it.meta;
  }
  const packed: PackedScene = { packed: true, scene: rest, itemMeta: JSON.stringify(metas), itemBoxes: boxes, itemLayerNames: names, itemLayerIdx: layerIdx };
  return { packed, transfer: [...sceneTransferables(scene), boxes.buffer, layerIdx.buffer] };
}

/** The scene back from packScene's form (on the receiving thread). */
export function unpackScene(p: PackedScene): Scene {
  const metas = JSON.parse(p.itemMeta) as Record<string, string>[];
  const b = p.itemBoxes;
  const items: SceneItem[] = new Array<SceneItem>(metas.length);
  for (let i = 0; i < metas.length; i++) {
    items[i] = {
      id: i + 1,
      layer: p.itemLayerNames[p.itemLayerIdx[i] as number] as string,
      meta: metas[i] as Record<string, string>,
      box: { minX: b[4 * i] as number, minY: b[4 * i + 1] as number, maxX: b[4 * i + 2] as number, maxY: b[4 * i + 3] as number },
    };
  }
  return { ...p.scene, items };
}

/** Bytes held by the scene's typed arrays (memory figures). */
export function sceneBytes(scene: Scene): number {
  let n = scene.itemNets.byteLength + scene.itemRanges.byteLength + scene.itemLayers.byteLength;
  for (const b of scene.batches) n += b.triPos.byteLength + b.triCol.byteLength + b.triId.byteLength + b.triIdx.byteLength + b.fanIdx.byteLength + b.fanRings.byteLength + b.capGeo.byteLength + b.capCol.byteLength + b.capId.byteLength;
  return n;
}

/** Layer kind and side from a KiCad layer name (virtual layers start with ':'). */
export function layerKindOf(name: string, sceneKind: Scene['kind']): Pick<SceneLayerInfo, 'kind' | 'side'> {
  if (sceneKind === 'sheet') return { kind: 'sheet', side: null };
  const side = /^F\.|:Front$/.test(name) ? 'front' : /^B\.|:Back$/.test(name) ? 'back' : null;
  if (name.startsWith(':')) return { kind: name.startsWith(':Pads') ? 'copper' : 'virtual', side };
  if (name.endsWith('.Cu')) return { kind: 'copper', side };
  if (/SilkS|Silkscreen/.test(name)) return { kind: 'silk', side };
  if (name.endsWith('.Mask')) return { kind: 'mask', side };
  if (name.endsWith('.Paste')) return { kind: 'paste', side };
  if (name.endsWith('.Fab')) return { kind: 'fab', side };
  if (/CrtYd|Courtyard/.test(name)) return { kind: 'courtyard', side };
  if (name === 'Edge.Cuts') return { kind: 'edge', side: null };
  return { kind: 'user', side };
}

/** CSS hex (#rgb, #rrggbb, #rrggbbaa) of a packed RGBA8 colour's RGB. */
export function rgbaToHex(c: number): string {
  const h = (v: number): string => v.toString(16).padStart(2, '0');
  return `#${h(c & 255)}${h((c >>> 8) & 255)}${h((c >>> 16) & 255)}`;
}
