// Our side of the board comparison: one KiCad layer of a board painted by board-painter.ts onto
// an SvgRenderer, in monochrome (every paint black, holes white as KiCad's "actual size" drill
// marks plot them), framed like the reference PNG and rasterised by the same code. The image
// source is a function so the WebGL view can be screenshotted into the same comparison.
import { readFileSync } from 'node:fs';
import { parseBoard, type Board } from '../../../../src/lib/kicad/board.ts';
import { paintBoard } from '../../../../src/lib/kicad/render/board-painter.ts';
import { SvgRenderer } from '../../../../src/lib/kicad/render/svg-renderer.ts';
import { canonicalLayer, MonochromeLayerFilter, rendererLayersFor, type TextMode } from './mono-filter.ts';
import { rasterizeSvg, type Frame, type Mask } from './mask.ts';

export interface LayerImageRequest {
  board: Board;
  /** KiCad canonical layer name (F.Cu, F.SilkS, Edge.Cuts …). */
  layer: string;
  frame: Frame;
  /** Leave texts out (compared against the reference with KiCad's stroked texts removed). */
  noText: boolean;
}

/** Anything that can produce the mask of one board layer in a frame. */
export type LayerImageSource = (req: LayerImageRequest) => Promise<Mask>;

export function loadBoard(path: string): Board {
  const { board, errors } = parseBoard(readFileSync(path), path);
  if (!board || errors.length) throw new Error(`${path}: ${errors.map((e) => e.reason).join('; ')}`);
  return board;
}

/** The SVG of one layer in the frame (white background, black ink). */
export function ourLayerSvg(req: LayerImageRequest, texts: TextMode = 'stroke'): string {
  const layer = canonicalLayer(req.layer);
  const svg = new SvgRenderer();
  paintBoard(new MonochromeLayerFilter(svg, rendererLayersFor(layer), req.noText ? 'none' : texts), req.board, { layers: new Set([layer]) });
  const { frame } = req;
  const w = frame.width / frame.pxPerMm;
  const h = frame.height / frame.pxPerMm;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${frame.width}" height="${frame.height}" viewBox="${frame.x0} ${frame.y0} ${w} ${h}"><rect x="${frame.x0}" y="${frame.y0}" width="${w}" height="${h}" fill="#fff"/>${svg.finish().svg}</svg>`;
}

/** Board painter → SvgRenderer (texts in KiCad's stroke font) → sharp. */
export const svgPainterSource: LayerImageSource = (req) => rasterizeSvg(ourLayerSvg(req, 'stroke'), req.frame);
