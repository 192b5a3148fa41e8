import { cn } from '@/lib/utils';
import type { Quality } from '../../lib/library/library.ts';

// The cross-asset check's verdict as a small badge (issue #16 item 4): own components and, server
// rendered without a client directive, catalogue product pages. Colour is never the only signal:
// each level has its own icon and words.

export type QualityLabels = Record<Quality, string>;

const STYLE: Record<Quality, { className: string; icon: string }> = {
  ok: { className: 'border-emerald-200 bg-emerald-50 text-emerald-700', icon: 'M5 12l4 4L19 6' },
  warnings: { className: 'border-amber-200 bg-amber-50 text-amber-800', icon: 'M12 4l9 16H3zM12 10v4M12 17v.5' },
  errors: { className: 'border-red-200 bg-red-50 text-red-700', icon: 'M6 6l12 12M18 6L6 18' },
  unchecked: { className: 'border-slate-200 bg-slate-50 text-slate-600', icon: 'M12 8v5M12 16v.5M4 12a8 8 0 1 0 16 0 8 8 0 0 0-16 0' },
};

export function QualityBadge({ quality, labels, title, className }: { quality: Quality; labels: QualityLabels; title?: string; className?: string }) {
  const style = STYLE[quality];
  return (
    <span
      className={cn('inline-flex w-fit items-center gap-1 whitespace-nowrap rounded-md border px-2 py-0.5 text-xs font-medium', style.className, className)}
      title={title}
      data-testid="quality-badge"
      data-quality={quality}
    >
      <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d={style.icon} />
      </svg>
      {labels[quality]}
    </span>
  );
}
