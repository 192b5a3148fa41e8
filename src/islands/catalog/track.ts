import { apiFetch } from '../../lib/client/api.ts';

/** Tracking calls (SPEC §7): fire and forget, errors silenced. */
export function track(path: string, body: Record<string, unknown>): void {
  void apiFetch(path, { method: 'POST', body, suppressError: true, keepalive: true }).catch(() => undefined);
}

/**
 * Counts the part's datasheet opens (`data-mark="pdf"`) and tag clicks (`data-mark="tag"`) on the
 * server-rendered links of its page (SPEC §3 counters). Returns the uninstaller.
 */
export function trackMarkClicks(root: HTMLElement | Document, mKey: string): () => void {
  const onClick = (event: Event) => {
    const el = (event.target as Element | null)?.closest?.<HTMLElement>('[data-mark]');
    if (!el) return;
    if (el.dataset.mark === 'pdf') track('/api/chiplet/mark/add', { mKey, mType: 'COMPONENT', pdfCount: 1 });
    else if (el.dataset.mark === 'tag') track('/api/chiplet/mark/tagClick', { mKey, mType: 'COMPONENT' });
  };
  root.addEventListener('click', onClick);
  return () => root.removeEventListener('click', onClick);
}
