import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '../../lib/client/toast.ts';
import { localizePath } from '../../lib/i18n/i18n.ts';
import type { ItemList } from '../../lib/library/categories.schema.ts';
import type { Quality } from '../../lib/library/library.ts';
import { productPath } from '../../lib/seo/seo.ts';
import { categoriesChanged, categoryItems, CATEGORIES_CHANGED, relateToCategory, unrelate } from './category-api.ts';
import { lbl, type CategoryLabels } from './category-tree.tsx';
import { QualityBadge, type QualityLabels } from './quality-badge.tsx';

// What one of the caller's own categories holds (u/relate/c), paged, with its sub-categories on
// request; a part is added by its part number (u/relate/cate) and taken out again
// (u/relate/cate/del): the part itself is never deleted.

const PAGE_SIZE = 20;

export function qualityLabelsOf(labels: CategoryLabels): QualityLabels {
  const q = (k: Quality) => labels[`check.quality.${k}`] ?? k;
  return { ok: q('ok'), warnings: q('warnings'), errors: q('errors'), unchecked: q('unchecked') };
}

export function CategoryItems({ category, locale, labels }: { category: { id: number; name: string }; locale: 'zh' | 'en'; labels: CategoryLabels }) {
  const [page, setPage] = useState(1);
  const [descendants, setDescendants] = useState(false);
  const [data, setData] = useState<ItemList | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    const r = await categoryItems(category.id, page, PAGE_SIZE, descendants);
    if (r) setData(r);
  }, [category.id, page, descendants]);
  useEffect(() => {
    void load();
    const onChange = () => void load();
    window.addEventListener(CATEGORIES_CHANGED, onChange);
    return () => window.removeEventListener(CATEGORIES_CHANGED, onChange);
  }, [load]);
  useEffect(() => setPage(1), [category.id, descendants]);

  const add = async () => {
    const typed = code.trim();
    if (!typed || busy) return;
    setBusy(true);
    try {
      const r = await relateToCategory(category.id, { mfgMpnCodes: [typed] });
      if (!r) return;
      toast(lbl(labels, r.linked > 0 ? 'items.added' : 'items.already'), 'success');
      setCode('');
    } finally {
      setBusy(false);
    }
  };
  const remove = async (linkId: number, categoryId: number) => {
    const r = await unrelate(categoryId, [linkId]);
    if (!r) return;
    toast(lbl(labels, 'items.removed'), 'success');
    categoriesChanged();
  };
  const qualityLabels = qualityLabelsOf(labels);
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <section className="flex flex-col gap-3" aria-labelledby="category-items-title" data-testid="category-items">
      <h2 id="category-items-title" className="text-base font-semibold text-slate-900">
        {lbl(labels, 'items.title', { name: category.name })}
      </h2>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <div className="grid min-w-48 flex-1 gap-1">
          <Label htmlFor="category-add-part">{lbl(labels, 'items.add')}</Label>
          <Input id="category-add-part" value={code} placeholder={lbl(labels, 'items.addPlaceholder')} maxLength={200} onChange={(e) => setCode(e.target.value)} data-testid="category-add-part" />
        </div>
        <Button type="submit" disabled={busy || code.trim() === ''} data-testid="category-add-part-submit">
          {lbl(labels, 'items.addButton')}
        </Button>
      </form>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={descendants} onChange={(e) => setDescendants(e.target.checked)} data-testid="category-items-descendants" />
        {lbl(labels, 'items.descendants')}
      </label>
      {data && data.list.length === 0 && <p className="text-sm text-slate-500">{lbl(labels, 'items.empty')}</p>}
      {data && data.list.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {data.list.map((item) => (
            <li key={item.linkId} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm" data-testid="category-item" data-mpn={item.mpn}>
              {item.kind === 'part' && item.mfgMpnCode ? (
                <a href={localizePath(productPath(item.mfgMpnCode), locale)} className="font-medium text-brand-600 hover:underline">
                  {item.mpn}
                </a>
              ) : (
                <span className="font-medium text-slate-900">
                  {item.mpn} <span className="rounded bg-slate-100 px-1 text-xs text-slate-600">{lbl(labels, 'items.own')}</span>
                </span>
              )}
              {item.brand && <span className="text-slate-600">{item.brand}</span>}
              <QualityBadge quality={item.quality} labels={qualityLabels} />
              <span className="min-w-0 flex-1 truncate text-slate-500">{item.description}</span>
              <Button type="button" size="sm" variant="ghost" aria-label={lbl(labels, 'items.removeLabel', { mpn: item.mpn })} onClick={() => void remove(item.linkId, item.categoryId)} data-testid="category-item-remove">
                {lbl(labels, 'items.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {data && data.total > PAGE_SIZE && (
        <nav className="flex items-center gap-2 text-sm" aria-label={lbl(labels, 'items.total', { n: data.total })}>
          <Button type="button" size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {lbl(labels, 'items.prev')}
          </Button>
          <span>
            {page} / {pages}
          </span>
          <Button type="button" size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {lbl(labels, 'items.next')}
          </Button>
          <span className="text-slate-500">{lbl(labels, 'items.total', { n: data.total })}</span>
        </nav>
      )}
    </section>
  );
}
