// The star of the Collect buttons (kept apart from the dialog, which loads on first use).

/** The star drawn on Collect buttons: outlined, or filled once collected. */
export function CollectStar({ filled }: { filled: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" aria-hidden="true" className={filled ? 'text-amber-500' : undefined}>
      <path d="m12 17.3-6.2 3.6 1.6-7L2 9.2l7.1-.6L12 2l2.9 6.6 7.1.6-5.4 4.7 1.6 7z" />
    </svg>
  );
}
