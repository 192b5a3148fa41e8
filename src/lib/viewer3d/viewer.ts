// The viewer's public face: give it a canvas and a decoded CPM1 mesh, get a live 3D view.
//   const viewer = createViewer(canvas, decodeMesh(buf));  // throws ViewerError without WebGL2
// It redraws only when something changed, and follows the canvas's size by itself.

import { OrbitCamera, type ViewName } from './camera.ts';
import { attachControls } from './controls.ts';
import type { DecodedMesh, MeshPartKind } from './mesh-format.ts';
import { raycast } from './math.ts';
import { buildRenderMesh } from './normals.ts';
import { Renderer, ViewerError, type Background } from './renderer.ts';

export { ViewerError };
export type { ViewName, Background };

export interface ViewerOptions {
  background?: Background;
  /** The named view now on screen, or null when the user has turned, panned or zoomed away. */
  onViewChange?: (view: ViewName | null) => void;
}

export interface Viewer {
  /** Live camera state (radians, mm), for tests and status displays. */
  readonly camera: { readonly yaw: number; readonly pitch: number; readonly distance: number };
  /** The named view on screen, or null after the user moved the camera. */
  readonly view: ViewName | null;
  readonly stats: { triangles: number; parts: number };
  setView(name: ViewName): void;
  setVisible(kind: MeshPartKind, on: boolean): void;
  /** Back to the default three-quarter view, fitted. */
  reset(): void;
  resize(): void;
  /** Draws now rather than on the next animation frame. */
  render(): void;
  dispose(): void;
}

let support: boolean | undefined;

/** Whether this browser can create a WebGL2 context (checked once). */
export function webglSupport(): boolean {
  if (support === undefined) {
    try {
      const gl = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('webgl2');
      support = !!gl;
      // Browsers cap live contexts; give the probe's back at once.
      gl?.getExtension('WEBGL_lose_context')?.loseContext();
    } catch {
      support = false;
    }
  }
  return support;
}

export function createViewer(canvas: HTMLCanvasElement, mesh: DecodedMesh, options: ViewerOptions = {}): Viewer {
  // Fail before the normals work when the browser can't draw at all.
  if (!webglSupport()) throw new ViewerError('WebGL2 is not available');
  const camera = new OrbitCamera();
  camera.setBounds(mesh.bbox);
  const parts = mesh.parts.map((p) => ({ kind: p.kind, material: p.material, mesh: buildRenderMesh(p) }));
  const renderer = new Renderer(canvas, parts, camera, options.background);
  // The named view on screen, or null once the user has moved the camera. While it is named, a
  // resize re-frames the model for the new aspect ratio.
  let view: ViewName | null = null;
  const show = (name: ViewName | null) => {
    if (name) camera.setView(name);
    renderer.invalidate();
    if (name === view) return;
    view = name;
    options.onViewChange?.(name);
  };
  const refit = () => {
    camera.fit();
    renderer.invalidate();
  };
  const reset = () => show('iso');
  const resize = () => {
    renderer.resize();
    if (view) camera.fit();
  };
  const detach = attachControls(canvas, camera, {
    changed: () => show(null),
    refit,
    reset,
    pick(x, y) {
      const [origin, dir] = camera.ray(x, y);
      let t = Infinity;
      for (const p of renderer.parts) if (p.visible) t = Math.min(t, raycast(p.mesh.positions, p.mesh.indices, origin, dir));
      return t;
    },
  });
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
  observer?.observe(canvas);
  resize();
  reset();

  return {
    camera,
    get view() {
      return view;
    },
    stats: { triangles: mesh.parts.reduce((n, p) => n + Math.floor(p.indices.length / 3), 0), parts: mesh.parts.length },
    setView: show,
    setVisible: (kind, on) => renderer.setVisible(kind, on),
    reset,
    resize,
    render: () => renderer.draw(),
    dispose() {
      observer?.disconnect();
      detach();
      renderer.dispose();
    },
  };
}
