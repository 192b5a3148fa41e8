import { track } from './track.ts';

// The detail page's small enhancements (no island needed): the in-page datasheet preview loads
// only when opened, the 3D viewer only when its frame nears the viewport, and datasheet opens
// and tag clicks are counted (SPEC §3 counters).
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
  const frame = root.querySelector<HTMLElement>('[data-model3d]');
  if (frame) {
    const status = frame.querySelector<HTMLElement>('[data-model3d-status]');
    if (status) status.textContent = frame.dataset.labelLoading ?? '';
    loadWhenNear(frame, () => import('./model-viewer.ts').then((m) => m.mountModelViewer(frame)));
  }
  root.addEventListener('click', (event) => {
    const el = (event.target as Element | null)?.closest<HTMLElement>('[data-mark]');
    if (!el) return;
    if (el.dataset.mark === 'pdf') track('/api/chiplet/mark/add', { mKey, mType: 'COMPONENT', pdfCount: 1 });
    else if (el.dataset.mark === 'tag') track('/api/chiplet/mark/tagClick', { mKey, mType: 'COMPONENT' });
  });
}

/** Runs `load` once, when `el` comes within a screen of the viewport (at once without IntersectionObserver). */
function loadWhenNear(el: HTMLElement, load: () => Promise<unknown>): void {
  const run = () => void load().catch((error: unknown) => console.warn('3D preview:', error));
  if (!('IntersectionObserver' in window)) return run();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      run();
    },
    { rootMargin: '100% 0px' },
  );
  observer.observe(el);
}
