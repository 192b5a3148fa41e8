// The page's toast queue (SPEC §4, §9): one toast at a time, each shown for its duration (3000 ms by
// default), the same message never queued twice. Framework-free, so the vanilla page shell and any
// island can raise toasts without React. The queue decides WHICH toast is out; a view shows it and
// reports back when it is gone: the toaster island (src/islands/shell/toaster.tsx) draws it with
// sonner, which times it (pausing while hovered or while the tab is hidden). Toasts raised before the
// view has connected (before the island hydrates) wait in the queue and are shown once it does.

export const TOAST_DEFAULT_MS = 3000;
export type ToastKind = 'info' | 'success' | 'warning' | 'error';
export type Toast = { id: number; message: string; kind: ToastKind; duration: number };
/** Shows one toast; the view calls the queue's `done(toast.id)` once it has gone. */
export type ToastView = (toast: Toast) => void;

export function createToastQueue() {
  const waiting: Toast[] = [];
  let current: Toast | null = null;
  let view: ToastView | null = null;
  const listeners = new Set<() => void>();
  let nextId = 1;

  const pump = () => {
    if (current || !view) return;
    current = waiting.shift() ?? null;
    if (current) view(current);
  };

  return {
    /** Queues a toast; null when the same message is already out or waiting (e.g. ten failing requests). */
    push(message: string, kind: ToastKind = 'info', duration = TOAST_DEFAULT_MS): Toast | null {
      if (current?.message === message || waiting.some((t) => t.message === message)) return null;
      const toast = { id: nextId++, message, kind, duration: duration > 0 ? duration : TOAST_DEFAULT_MS };
      waiting.push(toast);
      pump();
      if (!view) for (const listener of listeners) listener();
      return toast;
    },
    /** The view attaches (the first waiting toast is shown at once); returns the detach function. */
    connect(next: ToastView): () => void {
      view = next;
      pump();
      return () => {
        if (view === next) view = null;
      };
    },
    /** The toast `id` is gone (timed out or closed): the next one, if any, is shown. */
    done(id: number): void {
      if (current?.id !== id) return;
      current = null;
      pump();
    },
    /** Called whenever a toast is queued while no view is connected (the toaster loads its view then). */
    onWaiting(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get current(): Toast | null {
      return current;
    },
    get pending(): number {
      return waiting.length;
    },
  };
}

export type ToastQueue = ReturnType<typeof createToastQueue>;

/**
 * The page's one queue. Kept on globalThis so the shell's bundle and the islands' bundles share it
 * even if a build ever gave them separate copies of this module.
 */
export function pageToasts(): ToastQueue {
  const g = globalThis as { __chipediaToasts?: ToastQueue };
  g.__chipediaToasts ??= createToastQueue();
  return g.__chipediaToasts;
}

/** Shows a toast from anywhere (the page shell, islands, the API client). */
export function toast(message: string, kind: ToastKind = 'info', duration = TOAST_DEFAULT_MS): void {
  if (typeof document === 'undefined') {
    console.warn(message);
    return;
  }
  pageToasts().push(message, kind, duration);
}
