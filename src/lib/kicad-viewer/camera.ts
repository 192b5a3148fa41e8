// 2D camera of the viewer: a centre in world mm and a scale in CSS pixels per
// mm, over a canvas of width × height CSS pixels. World is Y-down like the
// screen; `flipped` (board seen from the back) mirrors X about the centre.

import type { Box } from '../kicad/render/renderer.ts';

export class Camera {
  cx = 0;
  cy = 0;
  /** CSS pixels per mm. */
  scale = 1;
  /** Canvas size in CSS pixels. */
  width = 1;
  height = 1;
  flipped = false;
  minScale = 0.01;
  maxScale = 20000;

  /** Screen (CSS px from the canvas's top-left) to world mm. */
  toWorld(sx: number, sy: number): [number, number] {
    const fx = this.flipped ? -1 : 1;
    return [this.cx + (fx * (sx - this.width / 2)) / this.scale, this.cy + (sy - this.height / 2) / this.scale];
  }

  toScreen(x: number, y: number): [number, number] {
    const fx = this.flipped ? -1 : 1;
    return [this.width / 2 + fx * (x - this.cx) * this.scale, this.height / 2 + (y - this.cy) * this.scale];
  }

  /** World → clip space as a column-major 3×3 matrix (WebGL uniformMatrix3fv). */
  matrix(out: Float32Array = new Float32Array(9)): Float32Array {
    const sx = ((this.flipped ? -2 : 2) * this.scale) / this.width;
    const sy = (-2 * this.scale) / this.height;
    out[0] = sx;
    out[1] = 0;
    out[2] = 0;
    out[3] = 0;
    out[4] = sy;
    out[5] = 0;
    out[6] = -this.cx * sx;
    out[7] = -this.cy * sy;
    out[8] = 1;
    return out;
  }

  /** Frame `box` with `margin` (fraction of the view kept free on each side). */
  fit(box: Box | null, margin = 0.05): void {
    if (!box) return;
    this.cx = (box.minX + box.maxX) / 2;
    this.cy = (box.minY + box.maxY) / 2;
    this.scale = this.fitScale(box, margin);
    this.clampScale();
  }

  /** The scale at which `box` fits the view with `margin` (the camera unchanged). */
  fitScale(box: Box, margin = 0.05): number {
    const w = Math.max(box.maxX - box.minX, 1e-3);
    const h = Math.max(box.maxY - box.minY, 1e-3);
    const usable = 1 - 2 * margin;
    return Math.min((this.width * usable) / w, (this.height * usable) / h);
  }

  /** Zoom by `factor` keeping the world point under screen (sx, sy) in place. */
  zoomAt(sx: number, sy: number, factor: number): void {
    const [wx, wy] = this.toWorld(sx, sy);
    this.scale *= factor;
    this.clampScale();
    const [nx, ny] = this.toWorld(sx, sy);
    this.cx += wx - nx;
    this.cy += wy - ny;
  }

  /** Move the content by (dx, dy) CSS pixels on screen. */
  panBy(dx: number, dy: number): void {
    this.cx -= ((this.flipped ? -1 : 1) * dx) / this.scale;
    this.cy -= dy / this.scale;
  }

  /** Limits relative to a scene box: from a tenth of the fitted size down to a micrometre per pixel. */
  setLimits(box: Box | null): void {
    if (!box) return;
    const span = Math.max(box.maxX - box.minX, box.maxY - box.minY, 1);
    this.minScale = Math.min(this.width, this.height, 200) / span / 10;
    this.maxScale = 1000;
  }

  private clampScale(): void {
    this.scale = Math.max(this.minScale, Math.min(this.maxScale, this.scale));
  }
}
