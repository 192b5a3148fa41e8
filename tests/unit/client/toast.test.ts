import { describe, expect, it } from 'vitest';
import { createToastQueue, TOAST_DEFAULT_MS, type Toast } from '../../../src/lib/client/toast.ts';

function fakeTimers() {
  let now = 0;
  const pending: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  return {
    timers: {
      set: (fn: () => void, ms: number) => {
        const id = nextId++;
        pending.push({ at: now + ms, fn, id });
        return id;
      },
      clear: (id: unknown) => {
        const i = pending.findIndex((p) => p.id === id);
        if (i >= 0) pending.splice(i, 1);
      },
    },
    advance(ms: number) {
      now += ms;
      for (;;) {
        pending.sort((a, b) => a.at - b.at);
        const due = pending[0];
        if (!due || due.at > now) break;
        pending.shift();
        due.fn();
      }
    },
  };
}

describe('toast queue', () => {
  it('shows one toast at a time, each for 3000 ms by default, in order', () => {
    const shown: (string | null)[] = [];
    const clock = fakeTimers();
    const q = createToastQueue((t: Toast | null) => shown.push(t?.message ?? null), clock.timers);
    q.push('a');
    q.push('b');
    q.push('c', 'error', 1000);
    expect(shown).toEqual(['a']);
    clock.advance(TOAST_DEFAULT_MS - 1);
    expect(shown).toEqual(['a']);
    clock.advance(1);
    expect(shown).toEqual(['a', 'b']);
    clock.advance(3000);
    expect(shown).toEqual(['a', 'b', 'c']);
    clock.advance(1000);
    expect(shown).toEqual(['a', 'b', 'c', null]);
    expect(q.current).toBeNull();
  });

  it('dismissing early shows the next one; duplicates are not queued', () => {
    const shown: (string | null)[] = [];
    const clock = fakeTimers();
    const q = createToastQueue((t) => shown.push(t?.message ?? null), clock.timers);
    q.push('x');
    q.push('x');
    q.push('y');
    q.push('y');
    expect(q.pending).toBe(1);
    q.dismiss();
    expect(shown).toEqual(['x', 'y']);
  });
});
