import { track } from './track.ts';

// The detail page's small enhancements (no island needed): the in-page datasheet preview loads
// only when opened, and datasheet opens and tag clicks are counted (SPEC §3 counters).
export function installDetailPage(root: HTMLElement): void {
  const mKey = root.dataset.mfgMpnCode;
  if (!mKey) return;
  const preview = root.querySelector<HTMLDetailsElement>('details[data-pdf-preview]');
  preview?.addEventListener('toggle', () => {
    const frame = preview.querySelector<HTMLIFrameElement>('iframe[data-src]');
    if (preview.open && frame && !frame.src) {
      frame.src = frame.dataset.src ?? '';
      track('/api/chiplet/mark/add', { mKey, mType: 'COMPONENT', pdfCount: 1 });
    }
  });
  root.addEventListener('click', (event) => {
    const el = (event.target as Element | null)?.closest<HTMLElement>('[data-mark]');
    if (!el) return;
    if (el.dataset.mark === 'pdf') track('/api/chiplet/mark/add', { mKey, mType: 'COMPONENT', pdfCount: 1 });
    else if (el.dataset.mark === 'tag') track('/api/chiplet/mark/tagClick', { mKey, mType: 'COMPONENT' });
  });
}
