import { randomBytes, randomInt } from 'node:crypto';
import sharp from 'sharp';
import { CAPTCHA_HEIGHT, CAPTCHA_PIECE_WIDTH, CAPTCHA_TRACK_WIDTH } from './sso.ts';

// The slider's pictures, drawn on the server for each challenge: a procedural background (gradient,
// soft shapes, bars, lines, noise) with a jigsaw-shaped gap cut at the secret x, at least one decoy
// gap elsewhere, and the piece as a full-height transparent strip `CAPTCHA_PIECE_WIDTH` wide. The
// answer is only in the pixels: nothing in the challenge's JSON tells where the gap is.
//
// Everything is rasterised here into plain arrays (signed distance fields with one pixel of
// anti-aliasing); sharp only encodes the two WebP images. One challenge takes about 11 ms (p95
// 15 ms) on a 2-core machine; the pictures weigh about 7 KB and 1.3 KB.

const W = CAPTCHA_TRACK_WIDTH;
const H = CAPTCHA_HEIGHT;
const PW = CAPTCHA_PIECE_WIDTH;

/** The strip's left edge must land on targetX; the gap never overlaps the piece's start (x 0..PW). */
export const TARGET_MIN = PW + 10;
export const TARGET_MAX = W - PW - 4;

export type Puzzle = {
  /** The strip's left edge must be dragged here (±5 px); stored on the server, never sent. */
  targetX: number;
  /** `data:image/webp;base64,…`, W × H. */
  background: string;
  /** `data:image/webp;base64,…`, PW × H, transparent but for the piece at its height. */
  piece: string;
};

type Rng = () => number;

/** sfc32 seeded from the CSPRNG: fast enough for per-pixel noise, fresh for every challenge. */
function seededRng(): Rng {
  const seed = randomBytes(16);
  let a = seed.readUInt32LE(0);
  let b = seed.readUInt32LE(4);
  let c = seed.readUInt32LE(8);
  let d = seed.readUInt32LE(12) | 1;
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

const between = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng();
const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

type Rgb = [number, number, number];

function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

// ---- The jigsaw shape ------------------------------------------------------------------------

type Knob = { x: number; y: number; r: number; tab: boolean };

/** A jigsaw piece: a rounded square with tabs (bumps) and blanks (notches) on some sides. */
export type PieceShape = {
  /** Bounding box, relative to the shape's own origin (the box's top-left is 0,0). */
  width: number;
  height: number;
  /** Signed distance (px; negative inside) at a point relative to the origin. */
  sdf(x: number, y: number): number;
  /** Which side has what: 't' tab, 'b' blank, '-' flat; top, right, bottom, left. */
  sides: string;
};

function makeShape(rng: Rng, maxWidth: number): PieceShape {
  const kinds = ['t', 'b', '-'] as const;
  let sides: string[];
  do sides = [0, 1, 2, 3].map(() => kinds[Math.floor(rng() * 2.6) % 3]!);
  while (sides.every((s) => s === '-') || (sides[1] === 't' && sides[3] === 't' && rng() < 0.5));
  const r = between(rng, 5, 7);
  const e = r * between(rng, 0.35, 0.5);
  const reach = r + e;
  const horizontal = (sides[1] === 't' ? reach : 0) + (sides[3] === 't' ? reach : 0);
  const size = Math.min(between(rng, 28, 35), maxWidth - horizontal);
  const half = size / 2;
  const corner = between(rng, 2, 5);
  // The body's centre, so that the bounding box starts at 0,0.
  const cx = (sides[3] === 't' ? reach : 0) + half;
  const cy = (sides[0] === 't' ? reach : 0) + half;
  const knobs: Knob[] = [];
  const normals: [number, number][] = [
    [0, -1],
    [1, 0],
    [0, 1],
    [-1, 0],
  ];
  sides.forEach((kind, i) => {
    if (kind === '-') return;
    const [nx, ny] = normals[i]!;
    const along = between(rng, -0.18, 0.18) * size;
    const tab = kind === 't';
    const out = tab ? e : -e;
    knobs.push({ x: cx + nx * (half + out) + ny * along, y: cy + ny * (half + out) - nx * along, r, tab });
  });
  const inner = half - corner;
  return {
    width: Math.ceil(cx + half + (sides[1] === 't' ? reach : 0)),
    height: Math.ceil(cy + half + (sides[2] === 't' ? reach : 0)),
    sides: sides.join(''),
    sdf(x, y) {
      const qx = Math.abs(x - cx) - inner;
      const qy = Math.abs(y - cy) - inner;
      let d = Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - corner;
      for (const k of knobs) if (k.tab) d = Math.min(d, Math.hypot(x - k.x, y - k.y) - k.r);
      for (const k of knobs) if (!k.tab) d = Math.max(d, k.r - Math.hypot(x - k.x, y - k.y));
      return d;
    },
  };
}

// ---- Background ------------------------------------------------------------------------------

/** RGB floats, row-major, 3 per pixel. */
type Canvas = { w: number; h: number; px: Float32Array };

const newCanvas = (w: number, h: number): Canvas => ({ w, h, px: new Float32Array(w * h * 3) });

/** Blends a colour over the pixels inside the shape given by a distance function, within a box. */
function fillSdf(cv: Canvas, box: [number, number, number, number], sdf: (x: number, y: number) => number, color: Rgb, alpha: number): void {
  const x0 = Math.max(0, Math.floor(box[0]));
  const y0 = Math.max(0, Math.floor(box[1]));
  const x1 = Math.min(cv.w, Math.ceil(box[2]));
  const y1 = Math.min(cv.h, Math.ceil(box[3]));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const cover = clamp01(0.5 - sdf(x + 0.5, y + 0.5)) * alpha;
      if (cover <= 0) continue;
      const i = (y * cv.w + x) * 3;
      cv.px[i] = cv.px[i]! + (color[0] - cv.px[i]!) * cover;
      cv.px[i + 1] = cv.px[i + 1]! + (color[1] - cv.px[i + 1]!) * cover;
      cv.px[i + 2] = cv.px[i + 2]! + (color[2] - cv.px[i + 2]!) * cover;
    }
  }
}

function paintBackground(rng: Rng): Canvas {
  const cv = newCanvas(W, H);
  const hue = rng() * 360;
  const c1 = hsl(hue, between(rng, 0.35, 0.7), between(rng, 0.45, 0.68));
  const c2 = hsl((hue + between(rng, 60, 200)) % 360, between(rng, 0.35, 0.7), between(rng, 0.4, 0.7));
  const angle = rng() * Math.PI * 2;
  const gx = Math.cos(angle);
  const gy = Math.sin(angle);
  const span = Math.abs(gx) * W + Math.abs(gy) * H;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const f = clamp01(((x - W / 2) * gx + (y - H / 2) * gy) / span + 0.5);
      const i = (y * W + x) * 3;
      cv.px[i] = c1[0] + (c2[0] - c1[0]) * f;
      cv.px[i + 1] = c1[1] + (c2[1] - c1[1]) * f;
      cv.px[i + 2] = c1[2] + (c2[2] - c1[2]) * f;
    }
  }
  const color = (): Rgb => hsl(rng() * 360, between(rng, 0.3, 0.8), between(rng, 0.25, 0.85));
  // Soft discs and rings.
  for (let n = 6 + Math.floor(rng() * 6); n > 0; n--) {
    const cx = rng() * W;
    const cy = rng() * H;
    const rx = between(rng, 8, 60);
    const ry = rx * between(rng, 0.5, 1.5);
    const ring = rng() < 0.3 ? between(rng, 2, 6) : 0;
    const sdf = (x: number, y: number) => {
      const d = (Math.hypot((x - cx) / rx, (y - cy) / ry) - 1) * Math.min(rx, ry);
      return ring ? Math.abs(d) - ring : d;
    };
    fillSdf(cv, [cx - rx - 2, cy - ry - 2, cx + rx + 2, cy + ry + 2], sdf, color(), between(rng, 0.25, 0.7));
  }
  // Rotated bars, squares and triangles.
  for (let n = 4 + Math.floor(rng() * 5); n > 0; n--) {
    const cx = rng() * W;
    const cy = rng() * H;
    const hw = between(rng, 6, 45);
    const hh = between(rng, 3, 30);
    const a = rng() * Math.PI;
    const ca = Math.cos(a);
    const sa = Math.sin(a);
    const triangle = rng() < 0.35;
    const sdf = (x: number, y: number) => {
      const u = (x - cx) * ca + (y - cy) * sa;
      const v = -(x - cx) * sa + (y - cy) * ca;
      if (triangle) return Math.max(-v - hh, v + (Math.abs(u) * 2 * hh) / hw - hh);
      return Math.max(Math.abs(u) - hw, Math.abs(v) - hh);
    };
    const reach = Math.hypot(hw, hh) + 2;
    fillSdf(cv, [cx - reach, cy - reach, cx + reach, cy + reach], sdf, color(), between(rng, 0.3, 0.75));
  }
  // Lines across, 1 to 3 px wide.
  for (let n = 5 + Math.floor(rng() * 6); n > 0; n--) {
    const ax = rng() * W;
    const ay = rng() * H;
    const bx = rng() * W;
    const by = rng() * H;
    const half = between(rng, 0.5, 1.6);
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy || 1;
    const sdf = (x: number, y: number) => {
      const t = clamp01(((x - ax) * dx + (y - ay) * dy) / len2);
      return Math.hypot(x - ax - t * dx, y - ay - t * dy) - half;
    };
    fillSdf(cv, [Math.min(ax, bx) - 3, Math.min(ay, by) - 3, Math.max(ax, bx) + 3, Math.max(ay, by) + 3], sdf, color(), between(rng, 0.35, 0.8));
  }
  return cv;
}

/** Per-pixel noise: luminance grain plus a little colour grain. */
function addNoise(cv: Canvas, rng: Rng, amount: number): void {
  const px = cv.px;
  for (let i = 0; i < px.length; i += 3) {
    const grain = (rng() + rng() - 1) * amount;
    px[i] = px[i]! + grain + (rng() - 0.5) * amount * 0.4;
    px[i + 1] = px[i + 1]! + grain + (rng() - 0.5) * amount * 0.4;
    px[i + 2] = px[i + 2]! + grain + (rng() - 0.5) * amount * 0.4;
  }
}

/** Cuts a gap-looking hole: the inside darkened (with a softer inner edge), a light outline. */
function shadeGap(cv: Canvas, shape: PieceShape, left: number, top: number, darkness: number, outline: number): void {
  for (let y = Math.max(0, top - 2); y < Math.min(H, top + shape.height + 2); y++) {
    for (let x = Math.max(0, left - 2); x < Math.min(W, left + shape.width + 2); x++) {
      const d = shape.sdf(x + 0.5 - left, y + 0.5 - top);
      const inside = clamp01(0.5 - d);
      const edge = clamp01(1.1 - Math.abs(d + 0.3)) * outline;
      if (inside <= 0 && edge <= 0) continue;
      // Darker towards the rim, as if the hole had depth.
      const factor = 1 - inside * (1 - darkness * (d < -4 ? 1 : 0.85 + 0.15 * Math.max(0, -d / 4)));
      const i = (y * W + x) * 3;
      for (let k = 0; k < 3; k++) {
        const v = cv.px[i + k]! * factor;
        cv.px[i + k] = v + (245 - v) * edge;
      }
    }
  }
}

function toBytes(px: Float32Array): Buffer {
  const out = Buffer.allocUnsafe(px.length);
  for (let i = 0; i < px.length; i++) {
    const v = px[i]!;
    out[i] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
  }
  return out;
}

// ---- The puzzle ------------------------------------------------------------------------------

export type PuzzleDetails = Puzzle & {
  /** Where the shape sits: its box's top-left inside the background, and its offset inside the strip. */
  gap: { left: number; top: number; width: number; height: number; offsetInStrip: number; sides: string };
  decoys: { left: number; top: number; width: number; height: number }[];
};

/** Draws one challenge's pictures. `targetX` defaults to a fresh CSPRNG draw in [TARGET_MIN, TARGET_MAX]. */
export async function drawPuzzle(targetX = randomInt(TARGET_MIN, TARGET_MAX + 1)): Promise<PuzzleDetails> {
  const rng = seededRng();
  const cv = paintBackground(rng);
  const clean = new Float32Array(cv.px);

  const shape = makeShape(rng, PW - 6);
  const offsetInStrip = 3 + Math.floor(rng() * (PW - 6 - shape.width + 1));
  const left = targetX + offsetInStrip;
  const top = 4 + Math.floor(rng() * (H - 8 - shape.height + 1));

  // Decoys: gap-like holes of other shapes at other heights (and never over the real gap's columns),
  // so that "the darkest outlined blob" or column edge sums do not give the answer away.
  const decoys: PuzzleDetails['decoys'] = [];
  const count = rng() < 0.5 ? 2 : 1;
  for (let tries = 0; decoys.length < count && tries < 40; tries++) {
    const other = makeShape(rng, PW - 6);
    const dl = Math.floor(rng() * (W - other.width - 4)) + 2;
    const dt = 4 + Math.floor(rng() * (H - 8 - other.height + 1));
    const clearOfGap = dl + other.width + 4 <= left || dl >= left + shape.width + 4 || Math.abs(dt - top) >= 36;
    const apartFromRows = Math.abs(dt + other.height / 2 - (top + shape.height / 2)) >= 40;
    const clearOfDecoys = decoys.every((o) => dl + other.width + 4 <= o.left || dl >= o.left + o.width + 4 || Math.abs(dt - o.top) >= 40);
    if (!clearOfGap || !apartFromRows || !clearOfDecoys) continue;
    shadeGap(cv, other, dl, dt, between(rng, 0.4, 0.6), between(rng, 0.45, 0.8));
    decoys.push({ left: dl, top: dt, width: other.width, height: other.height });
  }

  shadeGap(cv, shape, left, top, between(rng, 0.4, 0.55), between(rng, 0.55, 0.85));
  addNoise(cv, rng, 14);

  // The piece: the clean background under the shape, with its own brightness, tint and noise, a
  // light rim and a faint dark halo so it stands out when dragged.
  const piece = new Uint8Array(PW * H * 4);
  const gain = between(rng, 1.04, 1.16);
  const lift = between(rng, 4, 14);
  const tint: Rgb = [between(rng, -6, 6), between(rng, -6, 6), between(rng, -6, 6)];
  for (let y = Math.max(0, top - 3); y < Math.min(H, top + shape.height + 3); y++) {
    for (let x = 0; x < PW; x++) {
      const d = shape.sdf(x + 0.5 - offsetInStrip, y + 0.5 - top);
      const inside = clamp01(0.5 - d);
      const rim = clamp01(1.2 - Math.abs(d + 0.6));
      const halo = clamp01(2 - d) * (d > 0 ? 0.35 : 0);
      const alpha = Math.max(inside, halo);
      if (alpha <= 0) continue;
      const o = (y * PW + x) * 4;
      const bx = Math.min(W - 1, Math.max(0, x + targetX));
      const i = (y * W + bx) * 3;
      const grain = (rng() + rng() - 1) * 16;
      for (let k = 0; k < 3; k++) {
        let v = clean[i + k]! * gain + lift + tint[k]! + grain + (rng() - 0.5) * 6;
        v = v + (250 - v) * rim * 0.8;
        v = inside > 0 ? v : 20;
        piece[o + k] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
      }
      piece[o + 3] = Math.round(alpha * 255);
    }
  }

  const [background, pieceImage] = await Promise.all([
    sharp(toBytes(cv.px), { raw: { width: W, height: H, channels: 3 } }).webp({ quality: 72, effort: 2 }).toBuffer(),
    sharp(Buffer.from(piece.buffer), { raw: { width: PW, height: H, channels: 4 } }).webp({ quality: 80, alphaQuality: 90, effort: 2 }).toBuffer(),
  ]);
  return {
    targetX,
    background: `data:image/webp;base64,${background.toString('base64')}`,
    piece: `data:image/webp;base64,${pieceImage.toString('base64')}`,
    gap: { left, top, width: shape.width, height: shape.height, offsetInStrip, sides: shape.sides },
    decoys,
  };
}
