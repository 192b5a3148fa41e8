// Canvas 2D back end: draws the same per-layer batches as the WebGL2 view
// (fallback when WebGL2 is missing; measured by the viewer bench). Runs of
// equal colour become one path: triangles filled, large polygons filled
// even-odd from their rings, capsules stroked with round caps (zero-length
// ones as dots). Pictures after their layer; the selection outline last.

import { MAX_IMAGE_SIDE, type ImageStats } from './gl-images.ts';
import { CURRENT_COLOR, ID_MASK, type Scene } from './scene.ts';
import { outlineColor, outlineRects } from './selection-outline.ts';
import type { Backend, DrawState } from './view-core.ts';

export class CanvasBackend implements Backend {
  readonly name = 'canvas2d' as const;
  private readonly ctx: CanvasRenderingContext2D;
  private readonly images = new Map<string, HTMLImageElement>();
  private failed = 0;
  onChange: (() => void) | null = null;

  constructor(canvas: HTMLCanvasElement) {
    const ctx = canvas.getContext('2d', { alpha: false });
    if (!ctx) throw new Error('Canvas 2D is unavailable');
    this.ctx = ctx;
  }

  setScene(scene: Scene): void {
    this.images.clear();
    this.failed = 0;
    for (const im of scene.images) {
      const key = `${im.mime}:${im.data.length}:${im.data.slice(0, 64)}`;
      if (this.images.has(key) || typeof Image === 'undefined') continue;
      const img = new Image();
      // Redraw when it arrives; a broken picture is counted and never drawn.
      img.onload = () => this.onChange?.();
      img.onerror = () => {
        if (this.images.get(key) === img) this.failed++;
      };
      img.src = `data:${im.mime};base64,${im.data}`;
      this.images.set(key, img);
    }
  }

  imageStats(): ImageStats {
    const out: ImageStats = { pending: 0, ready: 0, failed: this.failed, skipped: 0 };
    for (const img of this.images.values()) {
      if (!img.complete) out.pending++;
      else if (!drawable(img)) out.skipped += img.naturalWidth > 0 ? 1 : 0;
      else out.ready++;
    }
    return out;
  }

  draw(s: DrawState): void {
    const ctx = this.ctx;
    const cam = s.camera;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    ctx.fillStyle = css(s.background, 1);
    ctx.fillRect(0, 0, s.pixelWidth, s.pixelHeight);
    const k = cam.scale * s.dpr;
    const fx = cam.flipped ? -1 : 1;
    ctx.setTransform(fx * k, 0, 0, k, s.pixelWidth / 2 - fx * cam.cx * k, s.pixelHeight / 2 - cam.cy * k);
    const px = 1 / k;
    const bg = s.background;
    const scene = s.scene;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    for (const li of s.order) {
      const b = scene.batches[li];
      const st = s.layers[li];
      if (!b || !st) continue;
      const colour = (raw: number, rawId: number): string => {
        let c = raw;
        if (st.color !== null && rawId & CURRENT_COLOR) c = ((st.color & 0xffffff) | (c & 0xff000000)) >>> 0;
        const id = rawId & ID_MASK;
        if (s.highlightNet !== 0) c = scene.itemNets[id] === s.highlightNet ? mix(c, 0xffffffff, 0.25) : mix(c, bg, 0.78);
        if (s.selected !== 0 && id === s.selected) c = mix(c, 0xffffffff, 0.5);
        return css(c, st.opacity);
      };
      const pos = b.triPos;
      // Triangles: runs of one colour as one path.
      let run = '';
      const idx = b.triIdx;
      for (let i = 0; i < idx.length; i += 3) {
        const a = idx[i] as number;
        const c = colour(b.triCol[a] as number, b.triId[a] as number);
        if (c !== run) {
          if (run) ctx.fill();
          run = c;
          ctx.fillStyle = c;
          ctx.beginPath();
        }
        const bb = idx[i + 1] as number;
        const cc = idx[i + 2] as number;
        ctx.moveTo(pos[2 * a] as number, pos[2 * a + 1] as number);
        ctx.lineTo(pos[2 * bb] as number, pos[2 * bb + 1] as number);
        ctx.lineTo(pos[2 * cc] as number, pos[2 * cc + 1] as number);
        ctx.closePath();
      }
      if (run) ctx.fill();
      // Large polygons: their rings, filled even-odd (not the fans: Skia is slow on those).
      const rings = b.fanRings;
      run = '';
      for (let k = 0; k < rings.length; k += 2) {
        const v0 = rings[k] as number;
        const n = rings[k + 1] as number;
        const c = colour(b.triCol[v0] as number, b.triId[v0] as number);
        if (c !== run) {
          if (run) ctx.fill('evenodd');
          run = c;
          ctx.fillStyle = c;
          ctx.beginPath();
        }
        ctx.moveTo(pos[2 * v0] as number, pos[2 * v0 + 1] as number);
        for (let v = v0 + 1; v < v0 + n; v++) ctx.lineTo(pos[2 * v] as number, pos[2 * v + 1] as number);
        ctx.closePath();
      }
      if (run) ctx.fill('evenodd');
      const g = b.capGeo;
      run = '';
      let width = -1;
      for (let i = 0; i < b.capId.length; i++) {
        const c = colour(b.capCol[i] as number, b.capId[i] as number);
        const o = 5 * i;
        const r = Math.max(g[o + 4] as number, px / 2);
        const x0 = g[o] as number;
        const y0 = g[o + 1] as number;
        const x1 = g[o + 2] as number;
        const y1 = g[o + 3] as number;
        if (x0 === x1 && y0 === y1) {
          ctx.fillStyle = c;
          ctx.beginPath();
          ctx.arc(x0, y0, r, 0, 2 * Math.PI);
          ctx.fill();
          continue;
        }
        if (c !== run || 2 * r !== width) {
          if (run) ctx.stroke();
          run = c;
          width = 2 * r;
          ctx.strokeStyle = c;
          ctx.lineWidth = width;
          ctx.beginPath();
        }
        ctx.moveTo(x0, y0);
        ctx.lineTo(x1, y1);
      }
      if (run) ctx.stroke();
      for (const im of scene.images) {
        if (im.layer !== li) continue;
        const img = this.images.get(`${im.mime}:${im.data.length}:${im.data.slice(0, 64)}`);
        if (!img || !drawable(img)) continue;
        const q = im.quad;
        const w = img.naturalWidth || 1;
        const h = img.naturalHeight || 1;
        ctx.save();
        ctx.transform(((q[2] as number) - (q[0] as number)) / w, ((q[3] as number) - (q[1] as number)) / w, ((q[4] as number) - (q[0] as number)) / h, ((q[5] as number) - (q[1] as number)) / h, q[0] as number, q[1] as number);
        ctx.globalAlpha = st.opacity;
        ctx.drawImage(img, 0, 0);
        ctx.restore();
      }
    }
    this.drawOutline(s);
  }

  /** The selected item's outline, over everything (in world units: the transform is still the camera's). */
  private drawOutline(s: DrawState): void {
    const item = s.selected ? s.scene.items[s.selected - 1] : undefined;
    if (!item) return;
    const ctx = this.ctx;
    const r = outlineRects(item.box, s.camera.scale);
    ctx.globalAlpha = 1;
    ctx.fillStyle = css(outlineColor(s.background), 1);
    for (let k = 0; k < r.length; k += 4) {
      const x0 = r[k] as number;
      const y0 = r[k + 1] as number;
      ctx.fillRect(x0, y0, (r[k + 2] as number) - x0, (r[k + 3] as number) - y0);
    }
  }

  sync(): void {
    this.ctx.getImageData(0, 0, 1, 1);
  }

  readPixel(x: number, y: number): [number, number, number, number] {
    const d = this.ctx.getImageData(x, y, 1, 1).data;
    return [d[0] as number, d[1] as number, d[2] as number, d[3] as number];
  }

  destroy(): void {
    this.images.clear();
  }
}

/** Loaded, and within the size the WebGL view accepts (the same pictures in both views). */
function drawable(img: HTMLImageElement): boolean {
  return img.complete && img.naturalWidth > 0 && img.naturalWidth <= MAX_IMAGE_SIDE && img.naturalHeight <= MAX_IMAGE_SIDE;
}

function mix(c: number, to: number, t: number): number {
  const ch = (v: number, s: number): number => Math.round(((v >>> s) & 255) * (1 - t) + ((to >>> s) & 255) * t);
  return (ch(c, 0) | (ch(c, 8) << 8) | (ch(c, 16) << 16) | (c & 0xff000000)) >>> 0;
}

const cssCache = new Map<number, string>();

function css(c: number, opacity: number): string {
  const key = opacity === 1 ? c : -1;
  if (key !== -1) {
    const hit = cssCache.get(key);
    if (hit) return hit;
  }
  const a = (((c >>> 24) & 255) / 255) * opacity;
  const out = `rgba(${c & 255},${(c >>> 8) & 255},${(c >>> 16) & 255},${a.toFixed(3)})`;
  if (key !== -1 && cssCache.size < 4096) cssCache.set(key, out);
  return out;
}

