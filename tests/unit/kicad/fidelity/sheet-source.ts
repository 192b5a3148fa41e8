// Our side of the sheet comparison. The full source (the schematic painter's renderSchematicSvg,
// branch wt/sch) plugs in as another SheetImageSource; until it lands, `wireSource` draws the
// model's wires, buses and junctions alone, which checks the frame (page origin, scale) and
// the page → sheet mapping against the published plot by precision only.
import type { KicadSchematic } from '../../../../src/lib/kicad/schematic.ts';
import { rasterizeSvg, type Frame, type Mask } from './mask.ts';

export interface SheetImageRequest {
  schematic: KicadSchematic;
  frame: Frame;
}

export type SheetImageSource = (req: SheetImageRequest) => Promise<Mask>;

/** A world-coordinate (sheet mm) SVG body placed on a white page of the frame. */
export function pageSvg(body: string, frame: Frame): string {
  const w = frame.width / frame.pxPerMm;
  const h = frame.height / frame.pxPerMm;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${frame.width}" height="${frame.height}" viewBox="${frame.x0} ${frame.y0} ${w} ${h}"><rect x="${frame.x0}" y="${frame.y0}" width="${w}" height="${h}" fill="#fff"/>${body}</svg>`;
}

/** KiCad's default wire and bus widths (mm) where the file says 0. */
const WIRE_MM = 0.1524;
const BUS_MM = 0.3048;

export const wireSource: SheetImageSource = ({ schematic, frame }) => {
  const line = (pts: readonly { x: number; y: number }[], width: number): string =>
    `<polyline fill="none" stroke="#000" stroke-linecap="round" stroke-width="${width}" points="${pts.map((p) => `${p.x},${p.y}`).join(' ')}"/>`;
  let body = '';
  for (const w of schematic.wires) body += line(w.points, w.stroke.width > 0 ? w.stroke.width : WIRE_MM);
  for (const b of schematic.buses) body += line(b.points, b.stroke.width > 0 ? b.stroke.width : BUS_MM);
  for (const j of schematic.junctions) body += `<circle cx="${j.at.x}" cy="${j.at.y}" r="${j.diameter > 0 ? j.diameter / 2 : 0.4572}" fill="#000"/>`;
  return rasterizeSvg(pageSvg(body, frame), frame);
};
