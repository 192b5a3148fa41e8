import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '../../lib/client/toast.ts';
import type { LibraryPanelProps } from '../account/account-center.tsx';
import { deleteBlock, downloadBlock, fill, listBlocks, saveBlock, type Block, type BlockList } from './block-api.ts';
import { BlockFields, type BlockFieldValues } from './block-fields.tsx';
import { BlockPreview } from './block-preview.tsx';

// The personal centre's design-block tab (/singleInfo?type=5, issue #16 item 6): the caller's
// blocks as cards (preview, name, description, what the sheet holds), searched by words, each
// opening a detail with the large preview, edit, download as a KiCad 9 design-block folder and
// delete (confirmed). New blocks are made on /addFragment.
// TODO(#16 H2): a CategoryTree (scope 'block') beside the grid filtering by categoryId, once
// src/islands/library/category-tree.tsx exists in this branch; the list call already takes it.

const PAGE_SIZE = 24;

export function infoLine(labels: Record<string, string>, b: Pick<Block, 'info'>): string {
  return b.info ? fill(labels['blocks.info'] ?? '', b.info) : '';
}

export function BlocksPanel({ locale, labels }: LibraryPanelProps) {
  const L = (k: string) => labels[`blocks.${k}`] ?? k;
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<BlockList | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<Block | null>(null);
  const [editing, setEditing] = useState<BlockFieldValues | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      const r = await listBlocks({ pageNum: page, pageSize: PAGE_SIZE, ...(query ? { keyword: query } : {}) });
      if (r) setData(r);
      else setFailed(true);
    } catch {
      setFailed(true);
    }
  }, [page, query]);
  useEffect(() => void load(), [load]);

  // Searching waits for a pause in typing.
  useEffect(() => {
    const timer = setTimeout(() => {
      setPage(1);
      setQuery(keyword.trim());
    }, 300);
    return () => clearTimeout(timer);
  }, [keyword]);

  const addHref = `${locale === 'en' ? '/en' : ''}/addFragment`;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  // Asked inside the detail dialog: a second (native) modal over Radix's would not take pointer events.
  const [confirming, setConfirming] = useState(false);
  const remove = async (b: Block) => {
    setConfirming(false);
    setBusy(true);
    try {
      if (await deleteBlock(b.id)) {
        toast(L('deleted'), 'success');
        setOpen(null);
        await load();
      }
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    if (!open || !editing) return;
    if (!editing.name.trim()) return toast(L('nameRequired'), 'error');
    setBusy(true);
    try {
      const r = await saveBlock({ id: open.id, name: editing.name, description: editing.description, keywords: editing.keywords, categoryId: editing.categoryId });
      if (r) {
        toast(L('saved'), 'success');
        setOpen(r);
        setEditing(null);
        await load();
      }
    } finally {
      setBusy(false);
    }
  };
  const download = async (b: Block) => {
    setBusy(true);
    try {
      if (!(await downloadBlock(b))) toast(L('loadFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5" data-testid="blocks-panel">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">{L('title')}</h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">{L('intro')}</p>
        </div>
        <Button asChild>
          <a href={addHref} data-testid="block-add">
            {L('add')}
          </a>
        </Button>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <label className="sr-only" htmlFor="blocks-search">
          {L('search')}
        </label>
        <Input id="blocks-search" type="search" className="max-w-xs" placeholder={L('searchPlaceholder')} value={keyword} onChange={(e) => setKeyword(e.target.value)} data-testid="blocks-search" />
        {data && (
          <span className="text-sm text-slate-600" role="status">
            {fill(L('total'), { total: data.total })}
          </span>
        )}
      </div>

      {!data && !failed && <p className="mt-6 text-sm text-slate-500">{L('loading')}</p>}
      {failed && (
        <div className="mt-6 flex items-center gap-3 text-sm text-red-700" role="alert">
          {L('loadFailed')}
          <Button type="button" size="sm" variant="outline" onClick={() => void load()}>
            {L('retry')}
          </Button>
        </div>
      )}
      {data && data.list.length === 0 && (
        <p className="mt-6 rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600" data-testid="blocks-empty">
          {query ? L('noMatch') : L('empty')}
        </p>
      )}
      {data && data.list.length > 0 && (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="blocks-grid" data-total={data.total}>
          {data.list.map((b) => (
            <li key={b.id} className="flex flex-col rounded-lg border border-slate-200 p-3 hover:border-brand-400" data-testid="block-card" data-id={b.id}>
              <BlockPreview url={b.previewUrl} alt={fill(L('previewAlt'), { name: b.name })} emptyText={L('noPreview')} className="h-36" />
              <h3 className="mt-2 truncate font-medium text-slate-900" title={b.name}>
                {b.name}
              </h3>
              {b.description && <p className="mt-0.5 line-clamp-2 text-sm text-slate-600">{b.description}</p>}
              <p className="mt-1 text-xs text-slate-500">{infoLine(labels, b)}</p>
              <div className="mt-auto flex gap-2 pt-3">
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    setOpen(b);
                    setEditing(null);
                  }}
                  data-testid="block-open"
                >
                  {L('open')}
                </Button>
                <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => void download(b)} data-testid="block-download">
                  {L('download')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {data && pages > 1 && (
        <nav className="mt-4 flex items-center justify-center gap-3 text-sm" aria-label={L('page')}>
          <Button type="button" size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {L('prev')}
          </Button>
          <span>{fill(L('page'), { page, pages })}</span>
          <Button type="button" size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {L('next')}
          </Button>
        </nav>
      )}

      <Dialog
        open={open !== null}
        onOpenChange={(o) => {
          if (!o) {
            setOpen(null);
            setEditing(null);
            setConfirming(false);
          }
        }}
      >
        <DialogContent closeLabel={L('close')} className="sm:max-w-3xl" data-testid="block-detail">
          {open && (
            <>
              <DialogHeader>
                <DialogTitle>{editing ? L('editTitle') : open.name}</DialogTitle>
                <DialogDescription>
                  {[infoLine(labels, open), open.info?.kicad ? fill(L('kicad'), { kicad: open.info.kicad }) : '', fill(L('updated'), { date: new Date(open.updatedAt).toLocaleString(locale === 'en' ? 'en-GB' : 'zh-CN') })]
                    .filter(Boolean)
                    .join(' · ')}
                </DialogDescription>
              </DialogHeader>
              <BlockPreview url={open.previewUrl} alt={fill(L('previewAlt'), { name: open.name })} emptyText={L('noPreview')} className="h-[50vh] max-h-[420px]" />
              {editing ? (
                <BlockFields labels={labels} values={editing} onChange={setEditing} idPrefix="block-edit" />
              ) : (
                <div className="grid gap-1 text-sm">
                  {open.description && <p className="whitespace-pre-wrap text-slate-700">{open.description}</p>}
                  {open.keywords && (
                    <p className="text-slate-600">
                      {L('keywords')}: {open.keywords}
                    </p>
                  )}
                  <p className="text-slate-600">
                    {L('category')}: {open.category?.name ?? L('noCategory')}
                  </p>
                </div>
              )}
              <DialogFooter className="flex-wrap gap-2">
                {confirming ? (
                  <div className="flex w-full flex-wrap items-center justify-end gap-2" role="alertdialog" aria-label={L('deleteTitle')} data-testid="block-delete-confirm">
                    <p className="mr-auto text-sm text-red-800">{fill(L('deleteBody'), { name: open.name })}</p>
                    <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
                      {L('cancel')}
                    </Button>
                    <Button type="button" variant="destructive" disabled={busy} onClick={() => void remove(open)} data-testid="block-delete-yes">
                      {L('delete')}
                    </Button>
                  </div>
                ) : editing ? (
                  <>
                    <Button type="button" variant="outline" onClick={() => setEditing(null)}>
                      {L('cancel')}
                    </Button>
                    <Button type="button" disabled={busy} onClick={() => void save()} data-testid="block-edit-save">
                      {busy ? L('saving') : L('save')}
                    </Button>
                  </>
                ) : (
                  <>
                    <Button type="button" variant="outline" className="text-red-700" disabled={busy} onClick={() => setConfirming(true)} data-testid="block-delete">
                      {L('delete')}
                    </Button>
                    <Button type="button" variant="outline" onClick={() => setEditing({ name: open.name, description: open.description, keywords: open.keywords, categoryId: open.categoryId })} data-testid="block-edit">
                      {L('edit')}
                    </Button>
                    <Button type="button" disabled={busy} onClick={() => void download(open)} data-testid="block-detail-download">
                      {busy ? L('downloading') : L('download')}
                    </Button>
                  </>
                )}
              </DialogFooter>
            </>
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
