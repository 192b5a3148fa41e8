// Board statistics for the viewer's summary and the upload API's `stats`:
// item counts and the board size from its Edge.Cuts outline.

import { arcBounds, type Point } from './kicad-common.ts';
import type { FootprintGraphic } from './footprint.ts';
import { copperLayers, footprintToBoard, type Board } from './board.ts';

export interface BoardStats {
  footprints: number;
  pads: number;
  vias: number;
  /** Segments plus arcs. */
  tracks: number;
  /** Named nets (net 0, "no net", not counted). */
  nets: number;
  copperLayers: number;
  zones: number;
  /** Edge.Cuts bounding box size in mm (outline centre lines, stroke width not included); 0 without an outline. */
  widthMm: number;
  heightMm: number;
}

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export function boardStats(board: Board): BoardStats {
  let pads = 0;
  for (const fp of board.footprints) pads += fp.pads.length;
  const box = edgeCutsBounds(board);
  const round = (v: number): number => Math.round(v * 1e4) / 1e4;
  return {
    footprints: board.footprints.length,
    pads,
    vias: board.vias.length,
    tracks: board.tracks.length,
    nets: board.nets.filter((n) => n.name !== '').length,
    copperLayers: copperLayers(board).length,
    zones: board.zones.length,
    widthMm: box ? round(box.maxX - box.minX) : 0,
    heightMm: box ? round(box.maxY - box.minY) : 0,
  };
}

/** Bounding box of every Edge.Cuts drawing, board-level and inside footprints; null when there is none. */
export function edgeCutsBounds(board: Board): Bounds | null {
  const box: Bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  const addPoint = (p: Point): void => {
    if (p.x < box.minX) box.minX = p.x;
    if (p.y < box.minY) box.minY = p.y;
    if (p.x > box.maxX) box.maxX = p.x;
    if (p.y > box.maxY) box.maxY = p.y;
  };
  for (const g of board.graphics) if (g.layer === 'Edge.Cuts') graphicPoints(g, addPoint);
  for (const fp of board.footprints) {
    for (const g of fp.graphics) if (g.layer === 'Edge.Cuts') graphicPoints(g, (p) => addPoint(footprintToBoard(fp, p)));
  }
  return box.minX <= box.maxX ? box : null;
}

/** Points whose bounding box is the drawing's (arcs and circles by their extremes). */
function graphicPoints(g: FootprintGraphic, add: (p: Point) => void): void {
  switch (g.kind) {
    case 'line':
    case 'rect':
    case 'textbox':
      add(g.start);
      add(g.end);
      if (g.kind !== 'line') {
        add({ x: g.start.x, y: g.end.y });
        add({ x: g.end.x, y: g.start.y });
      }
      return;
    case 'circle':
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) add({ x: g.center.x + dx * g.radius, y: g.center.y + dy * g.radius });
      return;
    case 'arc': {
      const b = arcBounds(g.start, g.mid, g.end);
      add({ x: b.minX, y: b.minY });
      add({ x: b.maxX, y: b.maxY });
      return;
    }
    case 'poly':
    case 'curve':
      for (const p of g.points) add(p);
      return;
  }
}
