// Compare two masks of one frame with a distance tolerance: precision = share of our ink within
// r px of reference ink, recall = share of reference ink within r px of ours, IoU without
// tolerance. Distances are exact Euclidean (squared distance transform, Felzenszwalb &
// Huttenlocher's lower-envelope method, written from the paper's description).
import sharp from 'sharp';
import type { Mask } from './mask.ts';

export interface Scores {
  precision: number;
  recall: number;
  iou: number;
  /** Ink pixel counts. */
  ours: number;
  reference: number;
}

const INF = 1e20;

/** 1-D squared distance transform of f (0 at ink, INF elsewhere) into d; v, z are scratch. */
function edt1d(f: Float64Array, n: number, d: Float64Array, v: Int32Array, z: Float64Array): void {
  let k = 0;
  v[0] = 0;
  z[0] = -INF;
  z[1] = INF;
  for (let q = 1; q < n; q++) {
    const fq = f[q] as number;
    if (fq >= INF) continue;
    // Parabolas from INF sites never win; skip them by starting the envelope at the first finite one.
    if ((f[v[0] as number] as number) >= INF) {
      v[0] = q;
      continue;
    }
    let s: number;
    for (;;) {
      const p = v[k] as number;
      s = (fq + q * q - ((f[p] as number) + p * p)) / (2 * q - 2 * p);
      if (s <= (z[k] as number) && k > 0) k--;
      else break;
    }
    if (s <= (z[k] as number)) {
      v[k] = q;
      z[k + 1] = INF;
    } else {
      k++;
      v[k] = q;
      z[k] = s;
      z[k + 1] = INF;
    }
  }
  k = 0;
  const v0 = v[0] as number;
  if ((f[v0] as number) >= INF) {
    d.fill(INF, 0, n);
    return;
  }
  for (let q = 0; q < n; q++) {
    while ((z[k + 1] as number) < q) k++;
    const p = v[k] as number;
    d[q] = (q - p) * (q - p) + (f[p] as number);
  }
}

/** Squared Euclidean distance (px²) of every pixel to the nearest ink pixel of m. */
export function squaredDistance(m: Mask): Float64Array {
  const { width: w, height: h } = m;
  const out = new Float64Array(w * h);
  const n = Math.max(w, h);
  const f = new Float64Array(n);
  const d = new Float64Array(n);
  const v = new Int32Array(n);
  const z = new Float64Array(n + 1);
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; y++) f[y] = m.data[y * w + x] ? 0 : INF;
    edt1d(f, h, d, v, z);
    for (let y = 0; y < h; y++) out[y * w + x] = d[y] as number;
  }
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) f[x] = out[row + x] as number;
    edt1d(f, w, d, v, z);
    for (let x = 0; x < w; x++) out[row + x] = d[x] as number;
  }
  return out;
}

/** Scores of `ours` against `reference` with tolerance `r` px. */
export function compareMasks(ours: Mask, reference: Mask, r: number): Scores {
  if (ours.width !== reference.width || ours.height !== reference.height) throw new Error('masks of different frames');
  const dRef = squaredDistance(reference);
  const dOurs = squaredDistance(ours);
  const r2 = r * r;
  let o = 0;
  let ref = 0;
  let oNear = 0;
  let refNear = 0;
  let both = 0;
  let either = 0;
  const a = ours.data;
  const b = reference.data;
  for (let i = 0; i < a.length; i++) {
    const ai = a[i] as number;
    const bi = b[i] as number;
    if (ai) {
      o++;
      if ((dRef[i] as number) <= r2) oNear++;
    }
    if (bi) {
      ref++;
      if ((dOurs[i] as number) <= r2) refNear++;
    }
    if (ai && bi) both++;
    if (ai || bi) either++;
  }
  return {
    // An empty side matches an empty side perfectly and nothing otherwise.
    precision: o === 0 ? (ref === 0 ? 1 : 0) : oNear / o,
    recall: ref === 0 ? (o === 0 ? 1 : 0) : refNear / ref,
    iou: either === 0 ? 1 : both / either,
    ours: o,
    reference: ref,
  };
}

/** Diff image: ours only red, reference only blue, both black, neither white. */
export async function writeDiffPng(ours: Mask, reference: Mask, path: string): Promise<void> {
  const rgb = new Uint8Array(ours.data.length * 3);
  for (let i = 0, j = 0; i < ours.data.length; i++, j += 3) {
    const a = ours.data[i];
    const b = reference.data[i];
    const [r, g, bl] = a && b ? [0, 0, 0] : a ? [230, 30, 30] : b ? [30, 60, 230] : [255, 255, 255];
    rgb[j] = r;
    rgb[j + 1] = g;
    rgb[j + 2] = bl;
  }
  await sharp(rgb, { raw: { width: ours.width, height: ours.height, channels: 3 } }).png({ compressionLevel: 6 }).toFile(path);
}
