// Mouse, touch, pen and keyboard input, all through Pointer Events, turned into camera moves.
// Left drag orbits; right, middle or shift+left drag pans; the wheel zooms towards the cursor;
// two fingers pinch-zoom and pan; a double click or double tap re-fits.

import type { OrbitCamera } from './camera.ts';

/** Radians of orbit per CSS pixel dragged. */
const ORBIT_PER_PX = 0.009;
const KEY_ORBIT = Math.PI / 18;
const KEY_PAN = 0.1;
const KEY_ZOOM = 0.8;
const DOUBLE_TAP_MS = 300;
/** Movement (CSS px) under which a press counts as a tap, not a drag. */
const TAP_SLOP = 10;

const ARROWS: Record<string, [number, number] | undefined> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

interface Pointer {
  x: number;
  y: number;
  pan: boolean;
}

export interface ControlHooks {
  /** After every camera move (the viewer redraws). */
  changed(): void;
  /** Double click or double tap. */
  refit(): void;
  /** 0 or Home. */
  reset(): void;
  /** View depth of the surface under normalised device coordinates (x, y), or Infinity. */
  pick(x: number, y: number): number;
}

/** Wires input on `canvas` to `camera`. Returns a function that removes it all again. */
export function attachControls(canvas: HTMLCanvasElement, camera: OrbitCamera, { changed, refit, reset, pick }: ControlHooks): () => void {
  const pointers = new Map<number, Pointer>();
  let lastTap = { t: 0, x: 0, y: 0 };
  // Distance moved since the last press: small enough, and the release counts as a tap.
  let moved = 0;
  // Depth of the grabbed surface, so pans and zooms move exactly what is under the pointer.
  let grab = 0;
  let wheelAt = { t: 0, x: 0, y: 0 };

  canvas.style.touchAction = 'none';
  if (!canvas.hasAttribute('tabindex')) canvas.tabIndex = 0;

  const rect = () => canvas.getBoundingClientRect();
  /** Normalised device coordinates of a client point (−1…1, y up). */
  const ndc = (x: number, y: number): [number, number] => {
    const r = rect();
    return [((x - r.left) / r.width) * 2 - 1, 1 - ((y - r.top) / r.height) * 2];
  };
  const centroid = () => {
    let x = 0, y = 0;
    for (const p of pointers.values()) {
      x += p.x;
      y += p.y;
    }
    return [x / pointers.size, y / pointers.size] as const;
  };
  const depthAt = (x: number, y: number) => {
    const t = pick(...ndc(x, y));
    return t < Infinity ? t : camera.distance;
  };
  const spread = () => {
    const [a, b] = [...pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  const down = (e: PointerEvent) => {
    if (pointers.size >= 2) return;
    // Capture keeps a drag alive outside the canvas; synthetic events have no pointer to capture.
    try {
      canvas.setPointerCapture(e.pointerId);
    } catch {
      /* keep going without capture */
    }
    canvas.focus({ preventScroll: true });
    const pan = e.button === 1 || e.button === 2 || e.shiftKey;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, pan });
    moved = 0;
    wheelAt.t = 0;
    if (pan || pointers.size === 2) grab = depthAt(...centroid());
    e.preventDefault();
  };

  const move = (e: PointerEvent) => {
    const p = pointers.get(e.pointerId);
    if (!p) return;
    const dx = e.clientX - p.x;
    const dy = e.clientY - p.y;
    moved += Math.abs(dx) + Math.abs(dy);
    const r = rect();
    if (pointers.size === 1) {
      p.x = e.clientX;
      p.y = e.clientY;
      if (p.pan) camera.pan((dx / r.width) * 2, (-dy / r.height) * 2, grab);
      else camera.orbit(-dx * ORBIT_PER_PX, dy * ORBIT_PER_PX);
    } else {
      // Two fingers: the midpoint pans, the change in spread zooms about the midpoint.
      const [x0, y0] = centroid();
      const s0 = spread();
      p.x = e.clientX;
      p.y = e.clientY;
      const [x1, y1] = centroid();
      const s1 = spread();
      camera.pan(((x1 - x0) / r.width) * 2, (-(y1 - y0) / r.height) * 2, grab);
      if (s0 > 0 && s1 > 0) grab *= camera.zoom(s0 / s1, ...ndc(x1, y1), grab);
    }
    changed();
  };

  const up = (e: PointerEvent) => {
    if (!pointers.delete(e.pointerId)) return;
    if (e.pointerType !== 'touch' || e.type !== 'pointerup' || moved > TAP_SLOP || pointers.size) return;
    // Our own double-tap: touch browsers don't reliably send dblclick with touch-action: none.
    const near = Math.hypot(e.clientX - lastTap.x, e.clientY - lastTap.y) < TAP_SLOP * 3;
    if (e.timeStamp - lastTap.t < DOUBLE_TAP_MS && near) {
      lastTap.t = 0;
      refit();
    } else lastTap = { t: e.timeStamp, x: e.clientX, y: e.clientY };
  };

  const wheel = (e: WheelEvent) => {
    // Listening on the canvas with passive:false: the page scrolls unless the pointer is over it.
    e.preventDefault();
    // Shift+wheel arrives as deltaX on some systems; lines and pages become pixels.
    const px = (e.deltaY || e.deltaX) * (e.deltaMode === 1 ? 33 : e.deltaMode === 2 ? rect().height : 1);
    const { clientX: x, clientY: y } = e;
    // One pick per gesture: zooming keeps the picked point under a still cursor, at a scaled depth.
    if (e.timeStamp - wheelAt.t > 250 || Math.abs(x - wheelAt.x) + Math.abs(y - wheelAt.y) > 2) grab = depthAt(x, y);
    grab *= camera.zoom(Math.exp(Math.max(-1, Math.min(1, px * 0.002))), ...ndc(x, y), grab);
    wheelAt = { t: e.timeStamp, x, y };
    changed();
  };

  const key = (e: KeyboardEvent) => {
    // Leave the browser's own shortcuts (Ctrl+0, Ctrl+−, …) alone.
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    wheelAt.t = 0;
    const arrow = ARROWS[e.key];
    if (e.key === '0' || e.key === 'Home') {
      e.preventDefault();
      return reset();
    }
    if (arrow) {
      const [x, y] = arrow;
      // Keys move the model the way a drag in that direction would.
      if (e.shiftKey) camera.pan(x * KEY_PAN, -y * KEY_PAN);
      else camera.orbit(-x * KEY_ORBIT, y * KEY_ORBIT);
    } else if (e.key === '+' || e.key === '=') camera.zoom(KEY_ZOOM);
    else if (e.key === '-' || e.key === '_') camera.zoom(1 / KEY_ZOOM);
    else return;
    e.preventDefault();
    changed();
  };

  const noMenu = (e: Event) => e.preventDefault();
  const listeners: [string, EventListener, AddEventListenerOptions?][] = [
    ['pointerdown', down as EventListener],
    ['pointermove', move as EventListener],
    ['pointerup', up as EventListener],
    ['pointercancel', up as EventListener],
    ['lostpointercapture', up as EventListener],
    ['wheel', wheel as EventListener, { passive: false }],
    ['keydown', key as EventListener],
    ['dblclick', refit],
    ['contextmenu', noMenu],
  ];
  for (const [type, fn, opts] of listeners) canvas.addEventListener(type, fn, opts);
  return () => {
    for (const [type, fn] of listeners) canvas.removeEventListener(type, fn);
  };
}
