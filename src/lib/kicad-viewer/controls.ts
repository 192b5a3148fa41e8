// Pointer and wheel input → camera moves. Mouse: wheel zooms about the cursor,
// left or middle drag pans. Trackpad: two-finger scroll pans, pinch (a wheel
// event with ctrlKey in browsers) zooms. Touch: one finger pans, two pinch.
// A press released without moving is a click (select), never after a drag.

import type { Camera } from './camera.ts';

export interface ControlHooks {
  camera: Camera;
  /** The camera changed: redraw. */
  changed(): void;
  click(sx: number, sy: number, e: PointerEvent): void;
  hover(sx: number, sy: number): void;
}

/** Movement (CSS px) under which a press counts as a click. */
const CLICK_SLOP = 4;

export function attachControls(canvas: HTMLCanvasElement, h: ControlHooks): () => void {
  const pointers = new Map<number, { x: number; y: number }>();
  let moved = 0;
  let pinchDist = 0;
  let dragging = false;

  const local = (e: { clientX: number; clientY: number }): [number, number] => {
    const r = canvas.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  };

  const onWheel = (e: WheelEvent): void => {
    e.preventDefault();
    const [sx, sy] = local(e);
    const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
    const dx = e.deltaX * unit;
    const dy = e.deltaY * unit;
    // Pinch (ctrl+wheel) and notched mouse wheels zoom; smooth two-axis trackpad scrolls pan.
    const mouseWheel = e.deltaMode !== 0 || (dx === 0 && Math.abs(dy) >= 50 && Number.isInteger(dy));
    if (e.ctrlKey || mouseWheel) h.camera.zoomAt(sx, sy, Math.exp(-dy * (e.ctrlKey ? 0.01 : 0.0015)));
    else h.camera.panBy(-dx, -dy);
    h.changed();
  };

  const onDown = (e: PointerEvent): void => {
    if (e.pointerType === 'mouse' && e.button !== 0 && e.button !== 1) return;
    if (e.button === 1) e.preventDefault();
    canvas.setPointerCapture(e.pointerId);
    const [x, y] = local(e);
    pointers.set(e.pointerId, { x, y });
    if (pointers.size === 1) {
      moved = 0;
      dragging = true;
    }
    if (pointers.size === 2) pinchDist = spread();
  };

  const spread = (): number => {
    const [a, b] = [...pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  const onMove = (e: PointerEvent): void => {
    const [x, y] = local(e);
    const p = pointers.get(e.pointerId);
    if (!p) {
      if (e.pointerType === 'mouse') h.hover(x, y);
      return;
    }
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
      const mx0 = (a.x + b.x) / 2;
      const my0 = (a.y + b.y) / 2;
      p.x = x;
      p.y = y;
      const mx1 = (a.x + b.x) / 2;
      const my1 = (a.y + b.y) / 2;
      const d = spread();
      h.camera.panBy(mx1 - mx0, my1 - my0);
      if (pinchDist > 0 && d > 0) h.camera.zoomAt(mx1, my1, d / pinchDist);
      pinchDist = d;
      moved += CLICK_SLOP + 1;
      h.changed();
      return;
    }
    const dx = x - p.x;
    const dy = y - p.y;
    p.x = x;
    p.y = y;
    moved += Math.abs(dx) + Math.abs(dy);
    if (dragging && moved > CLICK_SLOP) {
      h.camera.panBy(dx, dy);
      h.changed();
    }
  };

  const onUp = (e: PointerEvent): void => {
    if (!pointers.has(e.pointerId)) return;
    pointers.delete(e.pointerId);
    if (pointers.size === 0) {
      dragging = false;
      if (moved <= CLICK_SLOP && e.type === 'pointerup') {
        const [x, y] = local(e);
        h.click(x, y, e);
      }
    }
    if (pointers.size < 2) pinchDist = 0;
  };

  const noMenu = (e: Event): void => {
    if (dragging) e.preventDefault();
  };

  // Leaving the canvas ends the hover (a point no item is at).
  const onLeave = (): void => h.hover(Number.NaN, Number.NaN);

  canvas.style.touchAction = 'none';
  canvas.addEventListener('wheel', onWheel, { passive: false });
  canvas.addEventListener('pointerdown', onDown);
  canvas.addEventListener('pointermove', onMove);
  canvas.addEventListener('pointerup', onUp);
  canvas.addEventListener('pointercancel', onUp);
  canvas.addEventListener('contextmenu', noMenu);
  canvas.addEventListener('pointerleave', onLeave);
  return () => {
    canvas.removeEventListener('pointerleave', onLeave);
    canvas.removeEventListener('wheel', onWheel);
    canvas.removeEventListener('pointerdown', onDown);
    canvas.removeEventListener('pointermove', onMove);
    canvas.removeEventListener('pointerup', onUp);
    canvas.removeEventListener('pointercancel', onUp);
    canvas.removeEventListener('contextmenu', noMenu);
  };
}
