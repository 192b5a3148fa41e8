// One-at-a-time toast queue (SPEC §4, §9: default display 3000 ms). The queue logic is DOM-free
// so it can be unit-tested; mountToasts() binds it to the page's live region.
import { clientMessage } from './messages.ts';

export const TOAST_DEFAULT_MS = 3000;
export type ToastKind = 'info' | 'success' | 'warning' | 'error';
export type Toast = { message: string; kind: ToastKind; duration: number };

type Timers = { set: (fn: () => void, ms: number) => unknown; clear: (handle: unknown) => void };
const realTimers: Timers = { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h as number) };

export function createToastQueue(render: (toast: Toast | null) => void, timers: Timers = realTimers) {
  const queue: Toast[] = [];
  let current: Toast | null = null;
  let handle: unknown;

  const showNext = () => {
    current = queue.shift() ?? null;
    render(current);
    if (current) handle = timers.set(dismiss, current.duration);
  };
  function dismiss() {
    if (handle !== undefined) timers.clear(handle);
    handle = undefined;
    showNext();
  }
  return {
    push(message: string, kind: ToastKind = 'info', duration = TOAST_DEFAULT_MS) {
      // The same message already waiting is not queued twice (e.g. ten failing requests).
      if (queue.some((t) => t.message === message) || current?.message === message) return;
      queue.push({ message, kind, duration });
      if (!current) showNext();
    },
    dismiss,
    get current() {
      return current;
    },
    get pending() {
      return queue.length;
    },
  };
}

type Queue = ReturnType<typeof createToastQueue>;
let pageQueue: Queue | undefined;

/** Binds the queue to #toast-region; called once by the shell. */
export function mountToasts(region: HTMLElement, closeLabel: string): Queue {
  pageQueue = createToastQueue((toast) => {
    region.replaceChildren();
    if (!toast) return;
    const el = document.createElement('div');
    el.className = `toast toast-${toast.kind}`;
    el.setAttribute('role', toast.kind === 'error' ? 'alert' : 'status');
    el.dataset.testid = 'toast';
    const text = document.createElement('span');
    text.textContent = toast.message;
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'toast-close';
    close.setAttribute('aria-label', closeLabel);
    close.textContent = '×';
    close.addEventListener('click', () => pageQueue?.dismiss());
    el.append(text, close);
    region.append(el);
  });
  return pageQueue;
}

/** Shows a toast from anywhere (islands, the API client); binds to #toast-region on first use. */
export function toast(message: string, kind: ToastKind = 'info', duration = TOAST_DEFAULT_MS): void {
  if (!pageQueue && typeof document !== 'undefined') {
    const region = document.getElementById('toast-region');
    if (region) mountToasts(region, clientMessage('toast.close'));
  }
  if (pageQueue) pageQueue.push(message, kind, duration);
  else console.warn(message);
}
