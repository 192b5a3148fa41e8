import { useEffect } from 'react';
import { toast as sonner } from 'sonner';
import { Toaster } from '@/components/ui/sonner';
import { pageToasts, type Toast } from '../../lib/client/toast.ts';
import type { ToasterProps } from './toaster.tsx';

/** sonner takes a closed toast off the page 200 ms after it starts leaving (its exit animation). */
export const TOAST_EXIT_MS = 200;
/** Checked every so often after that until the toast's element is gone (at most 2 s). */
const GONE_CHECK_MS = 40;
const GONE_MAX_MS = 2000;
const keyOf = (toast: Toast) => `chipedia-toast-${toast.id}`;

const SHOW = { info: sonner.info, success: sonner.success, warning: sonner.warning, error: sonner.error } as const;

/**
 * sonner's Toaster as the view of the page's toast queue. The queue hands over one toast at a time;
 * sonner shows it for its duration (pausing while it is hovered or the tab is hidden) and, when it
 * times out or is closed, the next one is asked for once the old one's element has left the page:
 * never two toasts at once.
 */
export default function ToastView({ closeLabel, regionLabel }: ToasterProps) {
  useEffect(() => {
    const queue = pageToasts();
    const timers = new Set<ReturnType<typeof setTimeout>>();
    // The next toast is asked for once this one's element has left the page: never two at once.
    const gone = (toast: Toast) => {
      const started = Date.now();
      const later = (ms: number) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (document.getElementsByClassName(keyOf(toast)).length === 0 || Date.now() - started > GONE_MAX_MS) queue.done(toast.id);
          else later(GONE_CHECK_MS);
        }, ms);
        timers.add(timer);
      };
      later(TOAST_EXIT_MS);
    };
    const disconnect = queue.connect((toast) => {
      SHOW[toast.kind](toast.message, {
        id: keyOf(toast),
        className: keyOf(toast),
        duration: toast.duration,
        testId: 'toast',
        onAutoClose: () => gone(toast),
        onDismiss: () => gone(toast),
      });
    });
    return () => {
      disconnect();
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);
  return <Toaster position="top-center" offset={{ top: '4.5rem' }} visibleToasts={1} closeButton richColors toastOptions={{ closeButtonAriaLabel: closeLabel }} {...(regionLabel ? { containerAriaLabel: regionLabel } : {})} />;
}
