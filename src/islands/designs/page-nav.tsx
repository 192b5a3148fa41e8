import { Button } from '@/components/ui/button';
import type { DesignsLabels } from './labels.ts';

// Previous / next for the per-user lists (they are small; numbered pages are the gallery's).
export function PageNav({ labels, page, pages, onPage }: { labels: DesignsLabels; page: number; pages: number; onPage: (n: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav className="mt-4 flex items-center gap-2 text-sm" aria-label={labels.next}>
      <Button type="button" variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {labels.prev}
      </Button>
      <span className="tabular-nums text-slate-600">
        {page} / {pages}
      </span>
      <Button type="button" variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {labels.next}
      </Button>
    </nav>
  );
}
