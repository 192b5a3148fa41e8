// Browser side of the WebGL fidelity source (bundled by gl-source.ts): parses a board, paints one
// layer through the monochrome filter into the viewer's MeshRenderer, shows the scene in the
// viewer's WebGL2 view on a white background and reads the frame back tile by tile at exactly
// the reference scale (camera centre and scale set directly, one CSS pixel per device pixel).
import { parseBoard, type Board } from '../../../../src/lib/kicad/board.ts';
import { paintBoard } from '../../../../src/lib/kicad/render/board-painter.ts';
import { createDebugView, type ViewerViewDebug } from '../../../../src/lib/kicad-viewer/gl-view.ts';
import { MeshRenderer } from '../../../../src/lib/kicad-viewer/scene-build.ts';
import { canonicalLayer, MonochromeLayerFilter, rendererLayersFor } from './mono-filter.ts';

interface FrameArg {
  x0: number;
  y0: number;
  pxPerMm: number;
  width: number;
  height: number;
}

const TILE = 1024;
const boards = new Map<string, Board>();
let view: ViewerViewDebug | null = null;

function canvas(): HTMLCanvasElement {
  return document.getElementById('view') as HTMLCanvasElement;
}

const api = {
  async load(url: string): Promise<number> {
    if (!boards.has(url)) {
      const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
      const { board, errors } = parseBoard(bytes, url);
      if (!board || errors.length) throw new Error(`${url}: ${errors.map((e) => e.reason).join('; ')}`);
      boards.set(url, board);
    }
    return boards.get(url)?.footprints.length ?? 0;
  },

  /** One layer of a loaded board in the frame: base64 of one byte per pixel (1 = ink). */
  render(url: string, layerName: string, frame: FrameArg): { backend: string; data: string } {
    const board = boards.get(url);
    if (!board) throw new Error(`not loaded: ${url}`);
    const layer = canonicalLayer(layerName);
    const mesh = new MeshRenderer('board');
    // Texts go to the scene, which lays them out in KiCad's stroke font itself.
    paintBoard(new MonochromeLayerFilter(mesh, rendererLayersFor(layer), 'svg'), board, { layers: new Set([layer]) });
    const scene = mesh.finish();
    const el = canvas();
    el.style.width = `${TILE}px`;
    el.style.height = `${TILE}px`;
    view ??= createDebugView(el, { prefer: 'webgl2' });
    view.setBackground('#ffffff');
    view.setScene(scene);
    const gl = el.getContext('webgl2') as WebGL2RenderingContext;
    const out = new Uint8Array(frame.width * frame.height);
    const px = new Uint8Array(TILE * TILE * 4);
    for (let ty = 0; ty < frame.height; ty += TILE) {
      for (let tx = 0; tx < frame.width; tx += TILE) {
        const cam = view.camera;
        cam.scale = frame.pxPerMm;
        cam.cx = frame.x0 + (tx + TILE / 2) / frame.pxPerMm;
        cam.cy = frame.y0 + (ty + TILE / 2) / frame.pxPerMm;
        view.drawNow();
        // Same task as the draw: the drawing buffer is still there (no preserveDrawingBuffer).
        gl.readPixels(0, 0, TILE, TILE, gl.RGBA, gl.UNSIGNED_BYTE, px);
        const w = Math.min(TILE, frame.width - tx);
        const h = Math.min(TILE, frame.height - ty);
        for (let y = 0; y < h; y++) {
          // readPixels rows run bottom-up.
          const src = (TILE - 1 - y) * TILE * 4;
          const dst = (ty + y) * frame.width + tx;
          for (let x = 0; x < w; x++) {
            const i = src + x * 4;
            const grey = 0.299 * (px[i] as number) + 0.587 * (px[i + 1] as number) + 0.114 * (px[i + 2] as number);
            out[dst + x] = grey < 128 ? 1 : 0;
          }
        }
      }
    }
    let bin = '';
    for (let i = 0; i < out.length; i += 0x8000) bin += String.fromCharCode(...out.subarray(i, i + 0x8000));
    return { backend: view.backend, data: btoa(bin) };
  },
};

(window as unknown as { fidelity: typeof api }).fidelity = api;
document.body.dataset.ready = '1';
