// The viewer bench/test page: a canvas with the viewer engine, driven from Playwright through
// window.viewerBench (open a file through the worker, frame timings, parse speed, pixels, picking).
import { parseBoard } from '../../../src/lib/kicad/board.ts';
import { parseSchematic } from '../../../src/lib/kicad/schematic.ts';
import { createDebugView, type ViewerViewDebug } from '../../../src/lib/kicad-viewer/gl-view.ts';
import { sceneBytes, type Scene } from '../../../src/lib/kicad-viewer/scene.ts';
import { ViewerClient } from '../../../src/lib/kicad-viewer/viewer-client.ts';

const canvas = document.getElementById('view') as HTMLCanvasElement;
let view: ViewerViewDebug | null = null;
let client: ViewerClient | null = null;
let scene: Scene | null = null;
const selectEvents: (number | null)[] = [];

function makeView(prefer: 'webgl2' | 'canvas2d'): ViewerViewDebug {
  view?.destroy();
  // A context type cannot change on a canvas: a fresh element per back end.
  const fresh = canvas.cloneNode() as HTMLCanvasElement;
  const old = document.getElementById('view') as HTMLCanvasElement;
  old.replaceWith(fresh);
  view = createDebugView(fresh, { prefer });
  return view;
}

async function fetchBytes(url: string): Promise<Uint8Array> {
  return new Uint8Array(await (await fetch(url)).arrayBuffer());
}

function stats(xs: number[]): { median: number; p95: number; max: number; n: number } {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number): number => s[Math.min(s.length - 1, Math.floor(p * s.length))] as number;
  return { median: round(q(0.5)), p95: round(q(0.95)), max: round(s[s.length - 1] as number), n: s.length };
}

const round = (x: number): number => Math.round(x * 100) / 100;

const api = {
  /**
   * File bytes (already in memory) → the app's worker (viewer.worker.ts through ViewerClient, as
   * the viewer page calls it) → scene transfer → upload → first complete frame. A board comes with
   * the worker's early reply (its scene built before any analysis); a sheet is opened, then its
   * scene asked for, as the page does.
   */
  async open(url: string, kind: 'board' | 'sheet', opts: { prefer?: 'webgl2' | 'canvas2d'; freshWorker?: boolean } = {}) {
    const file = await fetchBytes(url);
    if (opts.freshWorker || !client) {
      client?.destroy();
      client = new ViewerClient(() => new Worker('./worker.js', { type: 'module' }));
    }
    const v = view && view.backend === (opts.prefer ?? 'webgl2') ? view : makeView(opts.prefer ?? 'webgl2');
    const bytes = file.slice();
    const name = kind === 'board' ? 'bench.kicad_pcb' : 'bench.kicad_sch';
    const t0 = performance.now();
    const summary = await client.open([{ path: name, bytes }]);
    const t1 = performance.now();
    const root = summary.root?.path;
    const unpacked = kind === 'board' ? await client.scene({ kind: 'board' }) : root ? await client.scene({ kind: 'sheet', path: root, theme: 'light' }) : null;
    const t1b = performance.now();
    let uploadMs = 0;
    let frameMs = 0;
    if (unpacked) {
      scene = unpacked;
      const t2 = performance.now();
      v.setScene(unpacked);
      const t3 = performance.now();
      v.drawNow();
      v.sync();
      uploadMs = t3 - t2;
      frameMs = performance.now() - t3;
    }
    const total = performance.now() - t0;
    return {
      bytes: file.length,
      backend: v.backend,
      /** Inside the worker: read + parse + (board) scene build, until its reply. */
      workerMs: summary.ms,
      openReplyMs: round(t1 - t0),
      sceneReplyMs: round(t1b - t1),
      uploadMs: round(uploadMs),
      firstFrameMs: round(frameMs),
      openMs: round(total),
      errors: summary.issues.filter((i) => i.severity === 'error').length,
      items: unpacked?.items.length ?? 0,
      sceneBytes: unpacked ? sceneBytes(unpacked) : 0,
    };
  },

  /**
   * Frame times (draw + GPU sync) while panning and while zooming about a point: `interactive`
   * = what pan/zoom input draws (from the cached image on software GL), `full` = a complete
   * redraw of every visible layer each frame.
   */
  frames(n: number, mode: 'interactive' | 'full' = 'interactive') {
    const v = view as ViewerViewDebug;
    v.fit();
    v.drawNow();
    v.sync();
    const cam = v.camera;
    const draw = (): void => {
      if (mode === 'full') v.drawNow();
      else v.drawInteractive();
      v.sync();
    };
    const pan: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      cam.panBy(i % 100 < 50 ? 7 : -7, i % 60 < 30 ? 3 : -3);
      draw();
      pan.push(performance.now() - t);
    }
    v.fit();
    v.drawNow();
    v.sync();
    const zoom: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      cam.zoomAt(cam.width * 0.4, cam.height * 0.6, i % 80 < 40 ? 1.03 : 1 / 1.03);
      draw();
      zoom.push(performance.now() - t);
    }
    v.fit();
    // The full frame drawn when the camera comes to rest.
    const settle: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      v.drawNow();
      v.sync();
      settle.push(performance.now() - t);
    }
    return { mode, pan: stats(pan), zoom: stats(zoom), fullFrame: stats(settle) };
  },

  /** Median of n full redraws at the current camera (draw + 1-pixel read-back). */
  fullFrameMs(n: number): number {
    const v = view as ViewerViewDebug;
    const ms: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      v.drawNow();
      v.sync();
      ms.push(performance.now() - t);
    }
    return stats(ms).median;
  },

  /** Parse + model speed on the page's main thread. */
  async parse(url: string, kind: 'board' | 'sheet', runs: number) {
    const bytes = await fetchBytes(url);
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      if (kind === 'board') parseBoard(bytes, url);
      else parseSchematic(bytes, url);
      ms.push(performance.now() - t);
    }
    const s = stats(ms);
    return { bytes: bytes.length, medianMs: s.median, mbPerS: round(bytes.length / 1e6 / (s.median / 1000)) };
  },

  /** Record 'select' events (item id or null) from now on. */
  watchSelect(): void {
    selectEvents.length = 0;
    view?.on('select', (it) => selectEvents.push(it ? (it as { id: number }).id : null));
  },
  selectEvents(): (number | null)[] {
    return [...selectEvents];
  },
  renderer(): string {
    const gl = document.createElement('canvas').getContext('webgl2');
    if (!gl) return 'none';
    const ext = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(gl.getParameter(ext ? ext.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    // A probe context left alive makes the GPU process switch contexts on every frame of the view.
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return name;
  },
  fit(): void {
    view?.fit();
    view?.drawNow();
  },
  layers(): string[] {
    return scene ? scene.layers.map((l) => l.name) : [];
  },
  /** CSS pixel of the canvas where a world point is drawn. */
  toScreen(x: number, y: number): [number, number] {
    return (view as ViewerViewDebug).camera.toScreen(x, y);
  },
  pixel(x: number, y: number): [number, number, number, number] {
    return (view as ViewerViewDebug).pixelAt(x, y);
  },
  setLayer(name: string, state: { visible?: boolean; color?: string; opacity?: number }): void {
    view?.setLayer(name, state);
  },
  zoomTo(box: { minX: number; minY: number; maxX: number; maxY: number }): void {
    view?.zoomTo(box);
  },
  solo(name: string | null): void {
    view?.solo(name);
  },
  flip(on: boolean): void {
    view?.setFlipped(on);
  },
  highlight(net: string | null): void {
    view?.highlightNet(net);
  },
  /** Items of a class (with meta) and their boxes, for tests to aim at. */
  items(cls: string, limit: number) {
    return (scene?.items ?? []).filter((i) => i.meta.class === cls).slice(0, limit);
  },
  /** The scene's pictures (quad: top-left, top-right, bottom-left corners in world mm). */
  images() {
    return (scene?.images ?? []).map((im) => ({ layer: im.layer, quad: Array.from(im.quad), mime: im.mime, item: im.item, chars: im.data.length }));
  },
  imageStats() {
    return (view as ViewerViewDebug).imageStats();
  },
  select(id: number | null): void {
    view?.select(id);
  },
  background(color: string): void {
    view?.setBackground(color);
  },
  /**
   * Picture `index` decoded here on a 2D canvas: per (u, v) in 0..1 of the picture, its own
   * RGBA there (`want`) and the view's pixel where that point is drawn (`got`).
   */
  async imageSamples(index: number, uvs: [number, number][]) {
    const im = (scene as Scene).images[index];
    if (!im) throw new Error(`no image ${index}`);
    const bmp = await createImageBitmap(await (await fetch(`data:${im.mime};base64,${im.data.replace(/\s+/g, '')}`)).blob(), { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
    const c = new OffscreenCanvas(bmp.width, bmp.height).getContext('2d') as OffscreenCanvasRenderingContext2D;
    c.drawImage(bmp, 0, 0);
    const v = view as ViewerViewDebug;
    const q = im.quad;
    return uvs.map(([u, w]) => {
      const d = c.getImageData(Math.min(bmp.width - 1, Math.floor(u * bmp.width)), Math.min(bmp.height - 1, Math.floor(w * bmp.height)), 1, 1).data;
      const x = (q[0] as number) + u * ((q[2] as number) - (q[0] as number)) + w * ((q[4] as number) - (q[0] as number));
      const y = (q[1] as number) + u * ((q[3] as number) - (q[1] as number)) + w * ((q[5] as number) - (q[1] as number));
      const [sx, sy] = v.camera.toScreen(x, y);
      return { uv: [u, w], want: [d[0], d[1], d[2], d[3]], got: v.pixelAt(sx, sy) };
    });
  },
  hit(x: number, y: number) {
    const r = (document.getElementById('view') as HTMLCanvasElement).getBoundingClientRect();
    const it = (view as ViewerViewDebug).hitTest(r.left + x, r.top + y);
    return it ? { id: it.id, layer: it.layer, meta: it.meta } : null;
  },
};

(window as unknown as { viewerBench: typeof api }).viewerBench = api;
document.body.dataset.ready = '1';
