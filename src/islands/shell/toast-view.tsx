import { useEffect } from 'react';
import { toast as sonner } from 'sonner';
import { Toaster } from '@/components/ui/sonner';
import { pageToasts, type Toast } from '../../lib/client/toast.ts';
import type { ToasterProps } from './toaster.tsx';

/** sonner takes a closed toast off the page 200 ms after it starts leaving (its exit animation). */
export const TOAST_EXIT_MS = 200;

const SHOW = { info: sonner.info, success: sonner.success, warning: sonner.warning, error: sonner.error } as const;

/**
 * sonner's Toaster as the view of the page's toast queue. The queue hands over one toast at a time;
 * sonner shows it for its duration (pausing while it is hovered or the tab is hidden) and, when it
 * times out or is closed, the next one is asked for once the old one has left the page: never two
 * toasts at once.
 */
export default function ToastView({ closeLabel }: ToasterProps) {
  useEffect(() => {
    const queue = pageToasts();
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const gone = (toast: Toast) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        queue.done(toast.id);
      }, TOAST_EXIT_MS);
      timers.add(timer);
    };
    const disconnect = queue.connect((toast) => {
      SHOW[toast.kind](toast.message, {
        id: `chipedia-toast-${toast.id}`,
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
  return <Toaster position="top-center" offset={{ top: '4.5rem' }} visibleToasts={1} closeButton richColors toastOptions={{ closeButtonAriaLabel: closeLabel }} />;
}
