import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { confirmDialog } from '../../lib/client/confirm-dialog.ts';
import { requestLogin } from '../../lib/client/login-request.ts';
import { $token } from '../../lib/client/store.ts';
import { toast } from '../../lib/client/toast.ts';
import type { ComponentList, ComponentSummary } from '../../lib/library/components.schema.ts';
import { QUALITIES } from '../../lib/library/components.ts';
import type { Quality } from '../../lib/library/library.ts';
import type { LibraryPanelProps } from '../account/account-center.tsx';
import { deleteComponent, downloadPrivate, fill, listComponents } from './component-editor-api.ts';
import { CategoryTree } from './category-tree.tsx';
import { QualityBadge, type QualityLabels } from './quality-badge.tsx';

// Tab 4 of /singleInfo (issue #16 item 3): the user's own components with their quality badges,
// a search, quality and own-category filters, "new component" (the editor at /addSymbolDevice),
// edit, download and delete (confirmed).
// The own-category filter is the CategoryTree of scope 'part'; the list call includes descendants.

const PAGE_SIZE = 20;

const editorHref = (locale: 'zh' | 'en', id?: number) => `${locale === 'en' ? '/en' : ''}/addSymbolDevice${id ? `?id=${id}` : ''}`;

export function ComponentsPanel({ locale, labels }: LibraryPanelProps) {
  const token = useStore($token);
  const L = (key: string) => labels[`components.${key}`] ?? key;
  const qualityLabels = Object.fromEntries(QUALITIES.map((q) => [q, labels[`check.quality.${q}`] ?? q])) as QualityLabels;
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const [quality, setQuality] = useState<Quality | ''>('');
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<ComponentList | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      const r = await listComponents({
        pageNum: page,
        pageSize: PAGE_SIZE,
        ...(applied ? { keyword: applied } : {}),
        ...(quality ? { quality } : {}),
        ...(categoryId !== null ? { categoryId } : {}),
      });
      if (r) setData(r);
      else setFailed(true);
    } catch {
      setFailed(true);
    }
  }, [page, applied, quality, categoryId]);

  useEffect(() => {
    if (token) void load();
  }, [token, load]);

  if (!token) {
    return (
      <div className="flex min-h-48 flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center" data-testid="components-login">
        <p className="text-sm text-slate-700">{L('loginPrompt')}</p>
        <Button type="button" onClick={() => requestLogin()}>
          {L('login')}
        </Button>
      </div>
    );
  }

  const remove = async (c: ComponentSummary) => {
    const yes = await confirmDialog({ title: L('deleteTitle'), body: fill(L('deleteBody'), { mpn: c.mpn }), confirm: L('delete'), cancel: L('cancel') }, 'component-delete-confirm');
    if (!yes) return;
    setBusy(c.id);
    try {
      if (await deleteComponent(c.id)) {
        toast(L('deleted'), 'success');
        await load();
      }
    } finally {
      setBusy(null);
    }
  };

  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const filtered = applied !== '' || quality !== '' || categoryId !== null;
  const date = (iso: string) => new Date(iso).toLocaleDateString(locale === 'en' ? 'en-GB' : 'zh-CN');

  return (
    <div className="space-y-4" data-testid="components-panel" data-total={data?.total ?? ''}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">{L('title')}</h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">{L('intro')}</p>
        </div>
        <Button asChild>
          <a href={editorHref(locale)} data-testid="component-new">
            {L('new')}
          </a>
        </Button>
      </div>

      <form
        className="flex flex-wrap items-end gap-2"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setApplied(keyword.trim());
        }}
      >
        <label className="flex min-w-56 flex-1 flex-col gap-1 text-xs text-slate-600">
          {L('search')}
          <Input value={keyword} onChange={(e) => setKeyword(e.target.value)} maxLength={100} data-testid="components-search" />
        </label>
        <label className="flex flex-col gap-1 text-xs text-slate-600">
          {L('filterQuality')}
          <select
            className="h-9 rounded-md border border-input bg-white px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring/40"
            value={quality}
            onChange={(e) => {
              setPage(1);
              setQuality(e.target.value as Quality | '');
            }}
            data-testid="components-quality"
          >
            <option value="">{L('filterQualityAll')}</option>
            {QUALITIES.map((q) => (
              <option key={q} value={q}>
                {qualityLabels[q]}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="outline">
          {L('searchButton')}
        </Button>
      </form>

      <div className="flex flex-col gap-4 md:flex-row">
        <aside className="shrink-0 md:w-60" aria-label={L('filterCategory')} data-testid="components-category-filter">
          <CategoryTree
            scope="part"
            locale={locale}
            labels={labels}
            selectedId={categoryId}
            onSelect={(next) => {
              setCategoryId(next);
              setPage(1);
            }}
          />
        </aside>
        <div className="min-w-0 flex-1">
          {!data && !failed && (
            <p className="text-sm text-slate-500" role="status">
              {L('loading')}
            </p>
          )}
          {failed && (
            <p className="text-sm text-red-700" role="alert">
              {L('failed')}{' '}
              <button type="button" className="underline" onClick={() => void load()}>
                {L('retry')}
              </button>
            </p>
          )}
          {data && (
            <>
              <p className="text-sm text-slate-600">{fill(L('total'), { total: data.total })}</p>
              {data.list.length === 0 && (
                <p className="mt-3 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-700" data-testid="components-empty">
                  {filtered ? L('emptyFiltered') : L('empty')}
                </p>
              )}
              <ul className="mt-3 grid gap-3">
                {data.list.map((c) => (
                  <li key={c.id} className="rounded-lg border border-slate-200 bg-white p-4" data-testid="component-row" data-id={c.id} data-quality={c.quality} data-status={c.status}>
                    <div className="flex flex-wrap items-center gap-2">
                      <a href={editorHref(locale, c.id)} className="font-mono text-base font-semibold text-brand-700 hover:underline" data-testid="component-mpn">
                        {c.mpn}
                      </a>
                      {c.brand && <span className="text-sm text-slate-600">{c.brand}</span>}
                      <QualityBadge quality={c.quality} labels={qualityLabels} />
                      <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${c.status === 'ready' ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'}`} data-testid="component-status">
                        {c.status === 'ready' ? L('statusReady') : L('statusDraft')}
                      </span>
                    </div>
                    {c.description && <p className="mt-1 line-clamp-2 text-sm text-slate-700">{c.description}</p>}
                    <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500">
                      {c.cate && <span>{c.cate}</span>}
                      <span>
                        {(
                          [
                            ['symbol', 'assetSymbol'],
                            ['footprint', 'assetFootprint'],
                            ['model3d', 'assetModel'],
                            ['datasheet', 'assetDatasheet'],
                          ] as const
                        ).map(([k, label]) => (
                          <span key={k} className={`mr-2 ${c.assets[k] ? 'text-slate-700' : 'text-slate-400 line-through'}`}>
                            {L(label)}
                          </span>
                        ))}
                      </span>
                      <span>{fill(L('updated'), { date: date(c.updatedAt) })}</span>
                    </p>
                    <div className="mt-2 flex flex-wrap gap-2">
                      <Button asChild size="sm" variant="outline">
                        <a href={editorHref(locale, c.id)}>{L('edit')}</a>
                      </Button>
                      {(c.assets.symbol || c.assets.footprint) && (
                        <Button type="button" size="sm" variant="outline" onClick={() => void downloadPrivate(`/api/chiplet/u/comp/download?userCompId=${c.id}`, `${c.mpn}.zip`)}>
                          {L('download')}
                        </Button>
                      )}
                      <Button type="button" size="sm" variant="outline" className="text-red-700" disabled={busy === c.id} onClick={() => void remove(c)} data-testid="component-delete">
                        {L('delete')}
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
              {pages > 1 && (
                <nav className="mt-4 flex items-center justify-center gap-3 text-sm" aria-label={fill(L('page'), { page, pages })}>
                  <Button type="button" size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    {L('prev')}
                  </Button>
                  <span>{fill(L('page'), { page, pages })}</span>
                  <Button type="button" size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                    {L('next')}
                  </Button>
                </nav>
              )}
            </>
          )}
        </div>
      </div>
    </div>
  );
}
