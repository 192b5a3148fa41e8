// The drawing interface between KiCad painters and graphics back ends. Painters
// (symbol-painter.ts, footprint-painter.ts; later the board/schematic viewer's)
// turn model items into shapes in WORLD coordinates (mm, as in the file: symbol
// libraries Y-up, footprints and boards Y-down); a Renderer turns shapes into
// output: SvgRenderer (svg-renderer.ts) for server previews, a WebGL2 renderer
// for the viewer. No DOM here: painters run on the server and in workers.
//
// Decisions (after KiCanvas's src/graphics, see docs/architecture.md):
// - Retained, layered: every shape goes into the current layer; layers are
//   composited by `z` (then first use), whatever order painters visit items in.
// - Transforms belong to the renderer: the view transform (the Y flip of a
//   Y-up world) is fixed at construction, item placement (translate + rotate)
//   is a group transform. Painters never flip or rotate coordinates themselves.
// - The renderer computes the bounding box from what is drawn, after
//   transformation (as KiCanvas's renderer does), so every back end gets the
//   same box for hit-testing and framing. Where KiCad's item box is not the ink
//   (a pin's connection area, a pad's outline), the painter draws with
//   `bounds: false` and declares the extent with `addBounds`.
// - Text is a primitive (KiCad markup, justification, angle): SVG writes
//   <text>, the viewer may shape it into stroke-font polylines.

import type { Point } from '../kicad-common.ts';

/** A CSS colour, 'none' (not painted) or 'currentColor' (the enclosing group's `color`, e.g. its layer's colour). */
export type Paint = string;

/** Drawing state; unset properties are inherited from the enclosing groups and layer. */
export interface Style {
  fill?: Paint;
  stroke?: Paint;
  /** Line width in mm. It also pads the shape's bounding box (half each side), even when the outline is not stroked. */
  width?: number;
  /** The colour 'currentColor' paints resolve to (a layer's colour). */
  color?: string;
  opacity?: number;
  /** Dash and gap lengths in mm. */
  dash?: readonly [number, number];
  /** Line ends: 'round' for tracks (KiCad draws segments with round caps); unset = butt. */
  cap?: 'round';
}

/** Placement of a group's content: rotate (degrees counter-clockwise as seen on screen, KiCad's convention) then translate. */
export interface Transform {
  x: number;
  y: number;
  rotation?: number;
}

/** Identification of an item or layer: SVG attributes (`class`, `data-*`, `aria-label`); the viewer's hit-test keys. */
export type Meta = Readonly<Record<string, string>>;

export interface GroupSpec {
  meta?: Meta;
  transform?: Transform;
  style?: Style;
  /** false = drawn invisible (kept for hit-testing / markup). */
  visible?: boolean;
  /** Keep the group in the output when it has no content (default: dropped). */
  keepEmpty?: boolean;
}

export interface LayerSpec extends GroupSpec {
  /** Layer name (KiCad layer, or a virtual layer such as ':Pads:Front'). */
  name: string;
  /** Compositing order, lowest first. */
  z: number;
}

interface ShapeBase {
  style?: Style;
  /** false = do not grow the bounding box (the painter declares the item's extent with addBounds). */
  bounds?: false;
}

/** Axis-aligned rectangle between two corners, optionally with rounded corners. */
export interface RectShape extends ShapeBase {
  kind: 'rect';
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  radius?: number;
}

/** Circle; without `center` it sits at the group's origin (a placed item's anchor). */
export interface CircleShape extends ShapeBase {
  kind: 'circle';
  center?: Point;
  radius: number;
}

/** Three-point arc (KiCad's form). `pie` closes it through its centre (KiCad's filled arc). */
export interface ArcShape extends ShapeBase {
  kind: 'arc';
  start: Point;
  mid: Point;
  end: Point;
  pie?: boolean;
}

/** One or more polylines drawn as one shape; `closed` closes the last one (a polygon). */
export interface PathShape extends ShapeBase {
  kind: 'path';
  parts: readonly (readonly Point[])[];
  closed?: boolean;
}

/** Cubic Bézier curve: start, two control points, end; `closed` joins the end back to the start. */
export interface BezierShape extends ShapeBase {
  kind: 'bezier';
  points: readonly [Point, Point, Point, Point];
  closed?: boolean;
}

/** A bitmap (schematic `image`): centred at `at`, `width` × `height` mm, PNG or JPEG as base64 (no data: prefix). */
export interface ImageShape extends ShapeBase {
  kind: 'image';
  at: Point;
  width: number;
  height: number;
  mime: 'image/png' | 'image/jpeg';
  data: string;
}

export type Shape = RectShape | CircleShape | ArcShape | PathShape | BezierShape | ImageShape;

export interface TextShape {
  /** KiCad text, markup included (~{overbar}, _{sub}, ^{super}). */
  text: string;
  /** Anchor in world coordinates. */
  at: Point;
  /** Degrees counter-clockwise as seen on screen. */
  angle: number;
  /** KiCad glyph height in mm. */
  size: number;
  /** KiCad glyph width in mm (`(size H W)`); unset = `size`. */
  width?: number;
  /** Stroke width of the glyphs in mm (`thickness`); unset = KiCad's default for the size (bold: size/5, else size/8). */
  thickness?: number;
  /** Extra space between lines as a factor of the line pitch (KiCad `line_spacing`); unset = 1. */
  lineSpacing?: number;
  /** Board text that KiCad turns to stay readable (never upside down). */
  keepUpright?: boolean;
  /** Board knockout text: drawn as a box with the glyphs cut out. */
  knockout?: boolean;
  h: 'left' | 'center' | 'right';
  v: 'top' | 'center' | 'bottom';
  fill: Paint;
  bold?: boolean;
  italic?: boolean;
  /** Mirrored about the anchor's vertical axis (KiCad text on back layers). */
  mirror?: boolean;
  /** Class of text (styling and identification, e.g. 'pin-name'). */
  cls?: string;
  bounds?: false;
  /** Line placement of KiCad 7 and later (stroke-font.ts); unset = KiCad 6's. */
  metrics?: 'kicad7';
}

/** Axis-aligned box in world coordinates. */
export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/**
 * Specs, shapes, texts and styles passed in are not changed afterwards by the
 * painter: a renderer may keep them (retained back ends) or cache what it
 * derived from them (SvgRenderer reuses the text of the last style written).
 */
export interface Renderer {
  /** Draw into this layer until endLayer(); layers do not nest. */
  beginLayer(spec: LayerSpec): void;
  endLayer(): void;
  /** An item (pin, pad) or a styled/placed group of shapes; groups nest inside a layer. */
  beginGroup(spec: GroupSpec): void;
  endGroup(): void;
  shape(s: Shape): void;
  text(t: TextShape): void;
  /** Grow the bounding box by a point (current group coordinates) padded by `pad` mm. */
  addBounds(x: number, y: number, pad?: number): void;
  /** Bounding box of everything drawn so far, in world coordinates; null when nothing was. */
  bounds(): Box | null;
}

/** Points whose box contains a shape (corners, arc's three points, control points): for bounding boxes. */
export function shapeExtentPoints(s: Shape): Point[] {
  switch (s.kind) {
    case 'rect':
      return [
        { x: s.x0, y: s.y0 },
        { x: s.x1, y: s.y1 },
      ];
    case 'circle': {
      const c = s.center ?? { x: 0, y: 0 };
      return [
        { x: c.x - s.radius, y: c.y - s.radius },
        { x: c.x + s.radius, y: c.y + s.radius },
      ];
    }
    case 'arc':
      return [s.start, s.mid, s.end];
    case 'path':
      return s.parts.flat();
    case 'bezier':
      return [...s.points];
    case 'image':
      return [
        { x: s.at.x - s.width / 2, y: s.at.y - s.height / 2 },
        { x: s.at.x + s.width / 2, y: s.at.y + s.height / 2 },
      ];
  }
}
