import type { ComponentType } from 'react';
import { useEffect, useState } from 'react';
import { pageToasts, type Toast } from '../../lib/client/toast.ts';
import { reactIsland } from '../react-island.ts';

/** `regionLabel` names the toasts' landmark for screen readers (sonner's default is English). */
export type ToasterProps = { closeLabel: string; regionLabel?: string };

let viewChunk: Promise<ComponentType<ToasterProps>> | undefined;
/** sonner and its view are a chunk of their own (about 10 KB gzip), fetched for the first toast. */
export function loadToastView(): Promise<ComponentType<ToasterProps>> {
  viewChunk ??= import('./toast-view.tsx').then((m) => m.default);
  viewChunk.catch(() => (viewChunk = undefined)); // a later attempt may succeed
  return viewChunk;
}

const KIND_CLASS: Record<Toast['kind'], string> = {
  info: 'border-l-brand-600',
  success: 'border-l-green-600',
  warning: 'border-l-amber-600',
  error: 'border-l-red-600',
};

/**
 * The toasts of pages with the page shell (BaseLayout mounts it with the header, `client:idle`).
 * It renders `#toast-region` and, once a toast waits in the page's queue (src/lib/client/toast.ts),
 * loads the sonner view that shows the queue's toasts one at a time; toasts raised before this
 * island hydrated wait in the queue and show then. sonner stays out of the JavaScript a page loads
 * before any interaction (issue #10's budget). When its code cannot be fetched (the page's first
 * toast is 'you are offline'), the island shows the queue's toasts itself, plainly, one at a time,
 * until the network is back. Pages without the header (no page shell) mount none; an island there
 * that raises toasts renders this component itself (the /login page does).
 */
function Toaster({ closeLabel, regionLabel }: ToasterProps) {
  const [View, setView] = useState<ComponentType<ToasterProps> | null>(null);
  const [plain, setPlain] = useState<{ toast: Toast; close: () => void } | null>(null);

  useEffect(() => {
    const queue = pageToasts();
    let alive = true;
    let disconnectPlain: (() => void) | null = null;
    const timers = new Set<ReturnType<typeof setTimeout>>();

    const showPlain = (toast: Toast) => {
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        clearTimeout(timer);
        timers.delete(timer);
        if (alive) setPlain(null);
        queue.done(toast.id);
      };
      const timer = setTimeout(close, toast.duration);
      timers.add(timer);
      setPlain({ toast, close });
    };
    const plainUntilOnline = () => {
      disconnectPlain ??= queue.connect(showPlain);
      window.addEventListener('online', load, { once: true });
    };
    function load() {
      // Offline, the chunk cannot come (and a failed import would make the shell reload the page).
      if (!navigator.onLine) return plainUntilOnline();
      loadToastView()
        .then((view) => {
          if (!alive) return;
          // A plain toast on show finishes its time; the sonner view takes the next one.
          disconnectPlain?.();
          disconnectPlain = null;
          setView(() => view);
        })
        .catch(() => alive && plainUntilOnline());
    }

    const off = queue.onWaiting(load);
    if (queue.pending > 0) load();
    return () => {
      alive = false;
      off();
      disconnectPlain?.();
      window.removeEventListener('online', load);
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);

  // `contents`: the region is a handle for tests and scripts, not a box (sonner positions its list).
  return (
    <div id="toast-region" className="contents">
      {View && <View closeLabel={closeLabel} {...(regionLabel ? { regionLabel } : {})} />}
      {plain && (
        <div
          role={plain.toast.kind === 'error' ? 'alert' : 'status'}
          className={`fixed left-1/2 top-18 z-[90] flex -translate-x-1/2 items-center gap-3 rounded-lg border-l-4 bg-white px-4 py-2.5 text-sm shadow-lg ${KIND_CLASS[plain.toast.kind]}`}
          data-testid="toast"
        >
          <span>{plain.toast.message}</span>
          <button type="button" onClick={plain.close} aria-label={closeLabel} className="text-lg leading-none text-slate-500 hover:text-slate-800">
            ×
          </button>
        </div>
      )}
    </div>
  );
}

export default reactIsland(Toaster);
