import { describe, expect, it } from 'vitest';
import { createToastQueue, TOAST_DEFAULT_MS, type Toast } from '../../../src/lib/client/toast.ts';

/** A view that records what it was handed, like the sonner view does. */
function recorder() {
  const shown: Toast[] = [];
  return { shown, view: (t: Toast) => shown.push(t), messages: () => shown.map((t) => t.message) };
}

describe('toast queue', () => {
  it('hands the view one toast at a time, in order, the next only when the shown one is done', () => {
    const q = createToastQueue();
    const r = recorder();
    q.connect(r.view);
    q.push('a');
    q.push('b');
    q.push('c', 'error', 1000);
    expect(r.messages()).toEqual(['a']);
    expect(q.pending).toBe(2);
    q.done(r.shown[0]!.id);
    expect(r.messages()).toEqual(['a', 'b']);
    q.done(r.shown[1]!.id);
    expect(r.messages()).toEqual(['a', 'b', 'c']);
    q.done(r.shown[2]!.id);
    expect(q.current).toBeNull();
    expect(q.pending).toBe(0);
  });

  it('gives each toast its kind and duration, 3000 ms by default', () => {
    const q = createToastQueue();
    const r = recorder();
    q.connect(r.view);
    q.push('plain');
    q.done(r.shown[0]!.id);
    q.push('short error', 'error', 600);
    expect(r.shown.map(({ message, kind, duration }) => ({ message, kind, duration }))).toEqual([
      { message: 'plain', kind: 'info', duration: TOAST_DEFAULT_MS },
      { message: 'short error', kind: 'error', duration: 600 },
    ]);
    expect(TOAST_DEFAULT_MS).toBe(3000);
  });

  it('does not queue a message that is shown or already waiting', () => {
    const q = createToastQueue();
    const r = recorder();
    q.connect(r.view);
    expect(q.push('x')).not.toBeNull();
    expect(q.push('x')).toBeNull();
    q.push('y');
    expect(q.push('y')).toBeNull();
    expect(q.pending).toBe(1);
    q.done(r.shown[0]!.id);
    expect(r.messages()).toEqual(['x', 'y']);
    // Once gone, the same message may come again.
    q.done(r.shown[1]!.id);
    q.push('x');
    expect(r.messages()).toEqual(['x', 'y', 'x']);
  });

  it('a late or foreign done() does not skip the toast on show', () => {
    const q = createToastQueue();
    const r = recorder();
    q.connect(r.view);
    q.push('a');
    q.push('b');
    const a = r.shown[0]!;
    q.done(a.id);
    q.done(a.id); // sonner may report a toast twice (timed out, then dismissed)
    q.done(9999);
    expect(r.messages()).toEqual(['a', 'b']);
    expect(q.current?.message).toBe('b');
  });

  it('keeps toasts raised before a view connects, tells the toaster, and shows them once it does', () => {
    const q = createToastQueue();
    let told = 0;
    q.onWaiting(() => told++);
    q.push('before hydration');
    q.push('second');
    expect(told).toBe(2);
    expect(q.current).toBeNull();
    expect(q.pending).toBe(2);
    const r = recorder();
    const disconnect = q.connect(r.view);
    expect(r.messages()).toEqual(['before hydration']);
    q.push('third');
    expect(told).toBe(2); // a connected view needs no telling
    disconnect();
    q.done(r.shown[0]!.id);
    expect(r.messages()).toEqual(['before hydration']); // nobody to show it to
    const again = recorder();
    q.connect(again.view);
    expect(again.messages()).toEqual(['second']);
  });
});
