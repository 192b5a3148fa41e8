// What the WebGL2 and Canvas 2D views share: camera and controls, layer state
// (visible, colour, opacity, solo), flip, net highlight and selection, picking,
// events, resize and devicePixelRatio, and redraw coalescing (one frame per
// animation frame, only after a change). A back end only draws a DrawState.

import type { Box } from '../kicad/render/renderer.ts';
import { Camera } from './camera.ts';
import { parseColor } from './color.ts';
import { attachControls } from './controls.ts';
import type { ImageStats } from './gl-images.ts';
import { HitIndex } from './hit-test.ts';
import type { Scene, SceneItem } from './scene.ts';

export interface LayerState {
  visible: boolean;
  /** Packed RGBA8 colour override for the layer's own colour; null = the scene's. */
  color: number | null;
  opacity: number;
}

export interface DrawState {
  scene: Scene;
  camera: Camera;
  layers: readonly LayerState[];
  /** Layer indices to draw, in drawing order (bottom first; reversed when flipped). */
  order: readonly number[];
  /** Net index to highlight (0 = none). */
  highlightNet: number;
  /** Selected item id (0 = none). */
  selected: number;
  background: number;
  dpr: number;
  /** Device pixels of the drawing buffer. */
  pixelWidth: number;
  pixelHeight: number;
}

export interface Backend {
  readonly name: 'webgl2' | 'canvas2d';
  setScene(scene: Scene): void;
  draw(s: DrawState): void;
  /** A camera-only frame from a cached image where drawing is slow (software GL); false = not available. */
  drawCached?(s: DrawState): boolean;
  /** Wait until the GPU has finished the last frame (benchmarks). */
  sync(): void;
  /** RGBA of a device pixel of the last frame (tests). */
  readPixel(x: number, y: number): [number, number, number, number];
  /** The scene's pictures: decoding, ready, failed, too large. */
  imageStats(): ImageStats;
  /** Set by the view: called when the back end has something new to show (a picture decoded). */
  onChange: (() => void) | null;
  destroy(): void;
}

export type ViewEvent = 'select' | 'hover' | 'frame' | 'camera';

/** The argument of 'camera' events. */
export interface CameraState {
  cx: number;
  cy: number;
  scale: number;
  zoom: number;
  flipped: boolean;
}

export interface ViewerView {
  setScene(scene: Scene): void;
  fit(): void;
  zoomTo(box: Box): void;
  setLayer(name: string, state: { visible?: boolean; color?: string; opacity?: number }): void;
  solo(name: string | null): void;
  setFlipped(flipped: boolean): void;
  setBackground(color: string): void;
  highlightNet(net: string | null): void;
  select(itemId: number | null): void;
  hitTest(clientX: number, clientY: number): SceneItem | null;
  on(event: ViewEvent, cb: (arg: unknown) => void): () => void;
  readonly backend: 'webgl2' | 'canvas2d';
  destroy(): void;
}

/** Beyond the contract: direct camera access and synchronous frames for benchmarks and tests. */
export interface ViewerViewDebug extends ViewerView {
  readonly camera: Camera;
  /** Draw now (not at the next animation frame); returns the draw call time in ms. */
  drawNow(): number;
  /** A camera-move frame now, as pan/zoom input draws it (from the cache on software GL). */
  drawInteractive(): number;
  sync(): void;
  /** RGBA at CSS pixel (x, y) of the canvas, after drawing a frame now. */
  pixelAt(x: number, y: number): [number, number, number, number];
  imageStats(): ImageStats;
}

/** Fraction of the view left free around fitted content. */
const FIT_MARGIN = 0.04;
/** Pick tolerance in CSS pixels. */
const PICK_PX = 3;
/** Rest after the last camera move before a full redraw (software GL). */
const SETTLE_MS = 140;

export class ViewCore implements ViewerViewDebug {
  readonly camera = new Camera();
  private scene: Scene | null = null;
  private hits: HitIndex | null = null;
  private layerStates: LayerState[] = [];
  private soloLayer: number | null = null;
  private flipped = false;
  private background = parseColor('#001023');
  private hiNet = 0;
  private selected = 0;
  private netIds = new Map<string, number>();
  private raf = 0;
  private readonly listeners = new Map<ViewEvent, Set<(arg: unknown) => void>>();
  private readonly detach: () => void;
  private readonly resize: ResizeObserver | null;
  private readonly canvas: HTMLCanvasElement;
  private readonly impl: Backend;
  private hoverId = 0;
  private cameraOnly = false;
  private settle: ReturnType<typeof setTimeout> | null = null;
  private dpr = 1;

  constructor(canvas: HTMLCanvasElement, impl: Backend) {
    this.canvas = canvas;
    this.impl = impl;
    this.impl.onChange = () => this.invalidate();
    this.measure();
    this.detach = attachControls(canvas, {
      camera: this.camera,
      changed: () => {
        this.emit('camera', this.cameraState());
        this.invalidateCamera();
      },
      click: (sx, sy) => {
        const item = this.pickAt(sx, sy);
        this.select(item ? item.id : null);
        this.emit('select', item);
      },
      hover: (sx, sy) => {
        const item = this.pickAt(sx, sy);
        const id = item ? item.id : 0;
        if (id !== this.hoverId) {
          this.hoverId = id;
          this.emit('hover', item);
        }
      },
    });
    this.resize =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            if (this.measure()) this.invalidate();
          });
    this.resize?.observe(canvas);
  }

  get backend(): 'webgl2' | 'canvas2d' {
    return this.impl.name;
  }

  /** Size the drawing buffer to the element × devicePixelRatio; true when it changed. */
  private measure(): boolean {
    const dpr = typeof devicePixelRatio === 'number' && devicePixelRatio > 0 ? devicePixelRatio : 1;
    const w = Math.max(1, this.canvas.clientWidth || this.canvas.width);
    const h = Math.max(1, this.canvas.clientHeight || this.canvas.height);
    const pw = Math.round(w * dpr);
    const ph = Math.round(h * dpr);
    const changed = pw !== this.canvas.width || ph !== this.canvas.height || w !== this.camera.width || h !== this.camera.height;
    if (this.canvas.width !== pw) this.canvas.width = pw;
    if (this.canvas.height !== ph) this.canvas.height = ph;
    // Keep the world centre; a resize only shows more or less around it.
    this.camera.width = w;
    this.camera.height = h;
    this.dpr = dpr;
    return changed;
  }

  setScene(scene: Scene): void {
    this.scene = scene;
    this.impl.setScene(scene);
    this.hits = new HitIndex(scene);
    this.layerStates = scene.layers.map(() => ({ visible: true, color: null, opacity: 1 }));
    this.netIds = new Map(scene.nets.map((n, i) => [n, i]));
    this.soloLayer = null;
    this.hiNet = 0;
    this.selected = 0;
    this.camera.setLimits(scene.bounds);
    this.fit();
  }

  fit(): void {
    this.measure();
    if (this.scene) this.camera.fit(this.scene.bounds, FIT_MARGIN);
    this.emit('camera', this.cameraState());
    this.invalidate();
  }

  zoomTo(box: Box): void {
    this.measure();
    this.camera.fit(box, 0.2);
    this.emit('camera', this.cameraState());
    this.invalidate();
  }

  setLayer(name: string, state: { visible?: boolean; color?: string; opacity?: number }): void {
    const i = this.layerIndex(name);
    const s = this.layerStates[i];
    if (!s) return;
    if (state.visible !== undefined) s.visible = state.visible;
    if (state.color !== undefined) s.color = state.color ? parseColor(state.color) : null;
    if (state.opacity !== undefined) s.opacity = Math.max(0, Math.min(1, state.opacity));
    this.invalidate();
  }

  solo(name: string | null): void {
    const i = name === null ? -1 : this.layerIndex(name);
    this.soloLayer = i < 0 ? null : i;
    this.invalidate();
  }

  setFlipped(flipped: boolean): void {
    this.flipped = flipped;
    this.camera.flipped = flipped;
    this.emit('camera', this.cameraState());
    this.invalidate();
  }

  setBackground(color: string): void {
    this.background = parseColor(color);
    this.invalidate();
  }

  highlightNet(net: string | null): void {
    this.hiNet = net ? (this.netIds.get(net) ?? 0) : 0;
    this.invalidate();
  }

  select(itemId: number | null): void {
    this.selected = itemId ?? 0;
    this.invalidate();
  }

  hitTest(clientX: number, clientY: number): SceneItem | null {
    const r = this.canvas.getBoundingClientRect();
    return this.pickAt(clientX - r.left, clientY - r.top);
  }

  private pickAt(sx: number, sy: number): SceneItem | null {
    if (!this.hits || !Number.isFinite(sx) || !Number.isFinite(sy)) return null;
    const [x, y] = this.camera.toWorld(sx, sy);
    const order = this.order();
    const rank = new Map(order.map((l, i) => [l, i]));
    return this.hits.pick(x, y, PICK_PX / this.camera.scale, (l) => rank.has(l), (l) => rank.get(l) ?? -1);
  }

  on(event: ViewEvent, cb: (arg: unknown) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(cb);
    return () => set.delete(cb);
  }

  private emit(event: ViewEvent, arg: unknown): void {
    for (const cb of this.listeners.get(event) ?? []) cb(arg);
  }

  /** `zoom`: the scale relative to the whole scene fitted (1 = as after fit()). */
  private cameraState(): CameraState {
    const fitted = this.scene?.bounds ? this.camera.fitScale(this.scene.bounds, FIT_MARGIN) : this.camera.scale;
    return { cx: this.camera.cx, cy: this.camera.cy, scale: this.camera.scale, zoom: this.camera.scale / fitted, flipped: this.flipped };
  }

  private layerIndex(name: string): number {
    return this.scene ? this.scene.layers.findIndex((l) => l.name === name) : -1;
  }

  /** Visible layers in drawing order: z order, reversed from the back. */
  private order(): number[] {
    const out: number[] = [];
    const n = this.layerStates.length;
    for (let k = 0; k < n; k++) {
      const i = this.flipped ? n - 1 - k : k;
      const s = this.layerStates[i] as LayerState;
      if (this.soloLayer !== null ? i === this.soloLayer : s.visible && s.opacity > 0) out.push(i);
    }
    return out;
  }

  /**
   * The camera moved: where the back end caches (software GL), show the cached
   * image moved and scaled now and draw a full frame once the camera rests.
   */
  invalidateCamera(): void {
    if (!this.impl.drawCached) {
      this.invalidate();
      return;
    }
    this.cameraOnly = true;
    if (this.settle) clearTimeout(this.settle);
    this.settle = setTimeout(() => {
      this.settle = null;
      this.invalidate();
    }, SETTLE_MS);
    this.schedule();
  }

  invalidate(): void {
    this.cameraOnly = false;
    this.schedule();
  }

  private schedule(): void {
    if (this.raf || typeof requestAnimationFrame === 'undefined') return;
    this.raf = requestAnimationFrame(() => {
      this.raf = 0;
      const ms = this.cameraOnly ? this.drawInteractive() : this.drawNow();
      this.cameraOnly = false;
      this.emit('frame', { ms });
    });
  }

  /** A frame while the camera moves: from the back end's cache when it has one, else a full frame. */
  drawInteractive(): number {
    if (!this.scene) return 0;
    const t0 = performance.now();
    if (this.impl.drawCached?.(this.state(this.scene))) return performance.now() - t0;
    return this.drawNow();
  }

  private state(scene: Scene): DrawState {
    return {
      scene,
      camera: this.camera,
      layers: this.layerStates,
      order: this.order(),
      highlightNet: this.hiNet,
      selected: this.selected,
      background: this.background,
      dpr: this.dpr,
      pixelWidth: this.canvas.width,
      pixelHeight: this.canvas.height,
    };
  }

  drawNow(): number {
    if (!this.scene) return 0;
    this.measure();
    const t0 = performance.now();
    this.impl.draw(this.state(this.scene));
    return performance.now() - t0;
  }

  sync(): void {
    this.impl.sync();
  }

  pixelAt(x: number, y: number): [number, number, number, number] {
    this.drawNow();
    return this.impl.readPixel(Math.floor(x * this.dpr), Math.floor(y * this.dpr));
  }

  imageStats(): ImageStats {
    return this.impl.imageStats();
  }

  destroy(): void {
    this.impl.onChange = null;
    if (this.raf) cancelAnimationFrame(this.raf);
    this.raf = 0;
    if (this.settle) clearTimeout(this.settle);
    this.detach();
    this.resize?.disconnect();
    this.impl.destroy();
    this.listeners.clear();
  }
}
