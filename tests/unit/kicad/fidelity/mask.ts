// Binary images ("masks": 1 = ink) for the fidelity tests: SVG → mask through sharp (librsvg),
// 1-bit PNG in and out. A frame fixes which world rectangle (board mm) a mask covers and at
// what scale, so KiCad's plot and ours land on the same pixel grid.
import sharp from 'sharp';

export interface Mask {
  width: number;
  height: number;
  /** One byte per pixel, row-major, 1 = ink. */
  data: Uint8Array;
}

/** World rectangle of a mask: top-left corner in mm and pixels per mm (Y down, as boards and sheets). */
export interface Frame {
  x0: number;
  y0: number;
  pxPerMm: number;
  width: number;
  height: number;
}

/** A frame around a box (mm), grown by `margin` mm and snapped outwards to whole pixels. */
export function frameAround(box: { minX: number; minY: number; maxX: number; maxY: number }, pxPerMm: number, margin: number): Frame {
  const x0 = Math.floor((box.minX - margin) * pxPerMm) / pxPerMm;
  const y0 = Math.floor((box.minY - margin) * pxPerMm) / pxPerMm;
  const x1 = Math.ceil((box.maxX + margin) * pxPerMm) / pxPerMm;
  const y1 = Math.ceil((box.maxY + margin) * pxPerMm) / pxPerMm;
  return { x0, y0, pxPerMm, width: Math.round((x1 - x0) * pxPerMm), height: Math.round((y1 - y0) * pxPerMm) };
}

/** Pixels darker than mid-grey (after flattening on white) are ink: anti-aliased edges split at 50 % coverage. */
const INK_BELOW = 128;

/** Rasterise an SVG document whose size is already the frame's pixel size. */
export async function rasterizeSvg(svg: string | Buffer, frame: Frame): Promise<Mask> {
  const { data, info } = await sharp(typeof svg === 'string' ? Buffer.from(svg) : svg, { limitInputPixels: false, unlimited: true })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.width !== frame.width || info.height !== frame.height) throw new Error(`rasterised ${info.width}×${info.height}, frame ${frame.width}×${frame.height}`);
  const out = new Uint8Array(frame.width * frame.height);
  const step = info.channels;
  for (let i = 0, j = 0; j < out.length; i += step, j++) out[j] = (data[i] as number) < INK_BELOW ? 1 : 0;
  return { width: info.width, height: info.height, data: out };
}

/** Write a mask as a 1-bit PNG (black ink on white). */
export async function writeMaskPng(mask: Mask, path: string): Promise<void> {
  const grey = new Uint8Array(mask.data.length);
  for (let i = 0; i < grey.length; i++) grey[i] = mask.data[i] ? 0 : 255;
  await sharp(grey, { raw: { width: mask.width, height: mask.height, channels: 1 } })
    .png({ palette: true, colours: 2, compressionLevel: 9, effort: 10 })
    .toFile(path);
}

export async function readMaskPng(path: string): Promise<Mask> {
  const { data, info } = await sharp(path).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const out = new Uint8Array(info.width * info.height);
  for (let i = 0, j = 0; j < out.length; i += info.channels, j++) out[j] = (data[i] as number) < INK_BELOW ? 1 : 0;
  return { width: info.width, height: info.height, data: out };
}

export function inkCount(m: Mask): number {
  let n = 0;
  for (let i = 0; i < m.data.length; i++) n += m.data[i] as number;
  return n;
}
