// Our side of the sheet comparison: `painterSource` is the schematic painter (renderSchematicSvg:
// sheet items, KiCad's default frame and title block) on the whole page, binarised by "not
// background" like the PDF; `wireSource` draws the model's wires, buses and junctions alone,
// which checks the frame (page origin, scale) and the page → sheet mapping by precision.
import sharp from 'sharp';
import type { KicadSchematic } from '../../../../src/lib/kicad/schematic.ts';
import type { DrawingSheet } from '../../../../src/lib/kicad/drawing-sheet.ts';
import { renderSchematicSvg, type SchematicSvgOptions } from '../../../../src/lib/kicad/schematic-svg.ts';
import { rasterizeSvg, type Frame, type Mask } from './mask.ts';
import { inkOfColourImage } from './sheet-frame.ts';

export interface SheetImageRequest {
  schematic: KicadSchematic;
  frame: Frame;
  /** Page number and count shown in the title block. */
  page: number;
  pageCount: number;
  /** The project's own drawing sheet (`page_layout_descr_file`), when the project ships it. */
  drawingSheet?: DrawingSheet;
  /** `${SHEETNAME}` / `${SHEETPATH}` as eeschema shows them for this page. */
  sheetName?: string;
  sheetPath?: string;
  /** Everything else eeschema knows from the project: instance path, drawing settings, page lists. */
  paint?: Omit<SchematicSvgOptions, 'frame' | 'sheetName' | 'sheetPath' | 'page' | 'pageCount' | 'background'>;
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

/** Resize a standalone SVG document's root to the frame (its drawing is in sheet mm). */
function reframe(svg: string, frame: Frame): string {
  const vb = `${frame.x0} ${frame.y0} ${frame.width / frame.pxPerMm} ${frame.height / frame.pxPerMm}`;
  return svg.replace(/<svg\b[^>]*>/, (root) =>
    root
      .replace(/\swidth="[^"]*"/, ` width="${frame.width}"`)
      .replace(/\sheight="[^"]*"/, ` height="${frame.height}"`)
      .replace(/\sviewBox="[^"]*"/, ` viewBox="${vb}"`),
  );
}

export const painterSource: SheetImageSource = async ({ schematic, frame, page, pageCount, drawingSheet, sheetName, sheetPath, paint }) => {
  const svg = renderSchematicSvg(schematic, { ...paint, background: null, page: String(page), pageCount, frame: drawingSheet, sheetName, sheetPath });
  const png = await sharp(Buffer.from(reframe(svg, frame))).png().toBuffer();
  return inkOfColourImage(png);
};
