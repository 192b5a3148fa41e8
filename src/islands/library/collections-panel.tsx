import { useCallback, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { confirmDialog } from '../../lib/client/confirm-dialog.ts';
import { toast } from '../../lib/client/toast.ts';
import { productHref, type CollectKind } from '../../lib/library/collections.ts';
import { LIBRARY_LIMITS } from '../../lib/library/library.ts';
import type { LibraryPanelProps } from '../account/account-center.tsx';
import { addFolder, deleteFolder, fill, listFolders, listItems, moveItems, removeItems, renameFolder, type CollectFolder, type CollectItem, type CollectItemList } from './collect-api.ts';

// The personal centre's collections tab (/singleInfo?type=2, issue #16 item 1): the folders with
// their counts (create, rename, delete: its items move to the default folder), the items of one
// folder or all of them, newest first, with a keyword and kind filter and paging; items selected
// on the page move to another folder or leave the collections. Each item links to its product page.
// The chosen folder is kept in the address (?type=2&folder=ID) so a reload or a shared link keeps it.

const PAGE_SIZE = 20;
type FolderChoice = number | 'all';

function folderFromUrl(): FolderChoice {
  if (typeof window === 'undefined') return 'all';
  const raw = new URLSearchParams(window.location.search).get('folder');
  return raw && /^\d{1,10}$/.test(raw) ? Number(raw) : 'all';
}

export function CollectionsPanel({ locale, labels }: LibraryPanelProps) {
  const l = useCallback(
    (key: string, vars?: Record<string, string | number>) => {
      const text = labels[`collections.${key}`] ?? key;
      return vars ? fill(text, vars) : text;
    },
    [labels],
  );
  const [folders, setFolders] = useState<CollectFolder[] | null>(null);
  const [folder, setFolder] = useState<FolderChoice>(folderFromUrl);
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [kind, setKind] = useState<CollectKind | ''>('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<CollectItemList | null>(null);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [moveTarget, setMoveTarget] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const [newName, setNewName] = useState('');
  const [renaming, setRenaming] = useState<CollectFolder | null>(null);
  const [renameValue, setRenameValue] = useState('');
  const ids = { newName: useId(), keyword: useId(), kind: useId(), move: useId(), rename: useId() };
  const fmtDate = useMemo(() => new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'zh-CN', { dateStyle: 'medium' }), [locale]);

  const loadFolders = useCallback(async () => {
    const list = await listFolders();
    if (list) setFolders(list);
    else setFailed(true);
    return list;
  }, []);

  const loadItems = useCallback(async () => {
    setFailed(false);
    const r = await listItems({ folderId: folder === 'all' ? undefined : folder, keyword: keyword || undefined, kind: kind || undefined, pageNum: page, pageSize: PAGE_SIZE });
    if (!r) {
      setFailed(true);
      return;
    }
    // A page past the end (after removals): go back to the last one that has items.
    const last = Math.max(1, Math.ceil(r.total / PAGE_SIZE));
    if (page > last) {
      setPage(last);
      return;
    }
    setData(r);
    setSelected(new Set());
  }, [folder, keyword, kind, page]);

  useEffect(() => {
    void loadFolders();
  }, [loadFolders]);

  useEffect(() => {
    void loadItems();
  }, [loadItems]);

  // A folder in the address that is not (or no longer) the user's: show all items instead.
  useEffect(() => {
    if (folders && folder !== 'all' && !folders.some((f) => f.id === folder)) setFolder('all');
  }, [folders, folder]);

  useEffect(() => {
    const url = new URL(window.location.href);
    if (folder === 'all') url.searchParams.delete('folder');
    else url.searchParams.set('folder', String(folder));
    window.history.replaceState(window.history.state, '', url);
  }, [folder]);

  const choose = (f: FolderChoice) => {
    setFolder(f);
    setPage(1);
  };
  const refresh = async () => {
    await Promise.all([loadFolders(), loadItems()]);
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const name = newName.trim();
    if (busy || name === '') return;
    setBusy(true);
    try {
      const f = await addFolder(name);
      if (f) {
        toast(l('created', { folder: f.name }), 'success');
        setNewName('');
        await loadFolders();
        choose(f.id);
      }
    } finally {
      setBusy(false);
    }
  };

  const saveRename = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!renaming || busy) return;
    setBusy(true);
    try {
      const f = await renameFolder(renaming.id, renameValue.trim());
      if (f) {
        toast(l('renamed'), 'success');
        setRenaming(null);
        await loadFolders();
      }
    } finally {
      setBusy(false);
    }
  };

  const remove = async (f: CollectFolder) => {
    const yes = await confirmDialog({ title: l('deleteTitle', { folder: f.name }), body: l('deleteBody', { n: f.count }), confirm: l('delete'), cancel: l('cancel') }, 'collect-folder-delete-confirm');
    if (!yes) return;
    setBusy(true);
    try {
      const r = await deleteFolder(f.id);
      if (r) {
        toast(l('deleted', { n: r.moved }), 'success');
        // Showing the deleted folder: show all items instead (the change of folder reloads them).
        if (folder === f.id) {
          choose('all');
          await loadFolders();
        } else await refresh();
      }
    } finally {
      setBusy(false);
    }
  };

  const selectedIds = [...selected];
  const moveSelected = async () => {
    const target = Number(moveTarget);
    if (busy || selectedIds.length === 0 || !target) return;
    setBusy(true);
    try {
      const r = await moveItems(selectedIds, target);
      if (r) {
        toast(l('moved', { n: r.moved }), 'success');
        setMoveTarget('');
        await refresh();
      }
    } finally {
      setBusy(false);
    }
  };

  const removeSelected = async () => {
    if (busy || selectedIds.length === 0) return;
    const yes = await confirmDialog({ title: l('removeTitle', { n: selectedIds.length }), body: l('removeBody'), confirm: l('remove'), cancel: l('cancel') }, 'collect-remove-confirm');
    if (!yes) return;
    setBusy(true);
    try {
      const r = await removeItems(selectedIds);
      if (r) {
        toast(l('removed', { n: r.removed }), 'success');
        await refresh();
      }
    } finally {
      setBusy(false);
    }
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    setKeyword(keywordInput.trim());
    setPage(1);
  };

  const total = folders?.reduce((n, f) => n + f.count, 0) ?? 0;
  const current = folder === 'all' ? null : (folders?.find((f) => f.id === folder) ?? null);
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const pageIds = data?.list.map((i) => i.id) ?? [];
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const folderButton = (active: boolean) =>
    `flex min-w-0 flex-1 items-center justify-between gap-2 rounded-md px-2.5 py-1.5 text-left text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring/60 ${active ? 'bg-brand-50 font-medium text-brand-700' : 'text-slate-700 hover:bg-slate-50'}`;

  return (
    <div className="grid gap-4 md:grid-cols-[15rem_minmax(0,1fr)]" data-testid="collections-panel">
      <section className="rounded-xl border border-slate-200 bg-white p-3" aria-labelledby={`${ids.newName}-h`}>
        <h2 id={`${ids.newName}-h`} className="px-1 pb-2 text-sm font-semibold text-slate-900">
          {l('folders')}
        </h2>
        <ul className="grid gap-0.5" data-testid="collect-folder-list">
          <li className="flex">
            <button type="button" className={folderButton(folder === 'all')} aria-current={folder === 'all' ? 'true' : undefined} onClick={() => choose('all')} data-testid="collect-folder-all">
              <span className="truncate">{l('all')}</span>
              <span className="text-xs tabular-nums text-slate-600">{total}</span>
            </button>
          </li>
          {folders?.map((f) => (
            <li key={f.id} className="group flex items-center gap-0.5" data-testid="collect-folder" data-folder-id={f.id} data-folder-name={f.name} data-count={f.count}>
              <button type="button" className={folderButton(folder === f.id)} aria-current={folder === f.id ? 'true' : undefined} onClick={() => choose(f.id)} data-testid="collect-folder-open">
                <span className="flex min-w-0 items-center gap-1.5">
                  <span className="truncate">{f.name}</span>
                  {f.isDefault && <span className="rounded bg-slate-100 px-1 text-[10px] font-normal text-slate-600">{l('defaultBadge')}</span>}
                </span>
                <span className="text-xs tabular-nums text-slate-600">{f.count}</span>
              </button>
              {!f.isDefault && (
                <>
                  <button
                    type="button"
                    className="rounded p-1 text-slate-500 outline-none hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-ring/60"
                    aria-label={l('renameFor', { folder: f.name })}
                    title={l('rename')}
                    onClick={() => {
                      setRenaming(f);
                      setRenameValue(f.name);
                    }}
                    data-testid="collect-folder-rename"
                  >
                    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                      <path d="M4 20h4L19 9l-4-4L4 16zM14 6l4 4" />
                    </svg>
                  </button>
                  <button
                    type="button"
                    className="rounded p-1 text-slate-500 outline-none hover:bg-red-50 hover:text-red-700 focus-visible:ring-2 focus-visible:ring-ring/60"
                    aria-label={l('deleteFor', { folder: f.name })}
                    title={l('delete')}
                    disabled={busy}
                    onClick={() => void remove(f)}
                    data-testid="collect-folder-delete"
                  >
                    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                      <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
                    </svg>
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
        <form className="mt-3 grid gap-1.5 border-t border-slate-100 pt-3" onSubmit={(e) => void create(e)}>
          <label htmlFor={ids.newName} className="px-1 text-xs font-medium text-slate-600">
            {l('newFolder')}
          </label>
          <div className="flex gap-1.5">
            <Input id={ids.newName} value={newName} onChange={(e) => setNewName(e.target.value)} placeholder={l('folderName')} maxLength={LIBRARY_LIMITS.nameMaxChars * 2} className="h-8" data-testid="collect-new-folder" />
            <Button type="submit" size="sm" variant="outline" disabled={busy || newName.trim() === ''} data-testid="collect-new-folder-submit">
              {l('create')}
            </Button>
          </div>
        </form>
      </section>

      <section className="min-w-0 rounded-xl border border-slate-200 bg-white p-4" aria-labelledby={`${ids.keyword}-h`} data-testid="collect-items" data-folder={folder} data-total={data?.total ?? ''}>
        <h2 id={`${ids.keyword}-h`} className="text-base font-semibold text-slate-900">
          {current ? current.name : l('all')}
          {data && <span className="ml-2 text-sm font-normal text-slate-500">{l('count', { n: data.total })}</span>}
        </h2>
        <form className="mt-3 flex flex-wrap items-end gap-2" role="search" onSubmit={search}>
          <div className="grid min-w-48 flex-1 gap-1">
            <label htmlFor={ids.keyword} className="text-xs font-medium text-slate-600">
              {l('search')}
            </label>
            <Input id={ids.keyword} type="search" value={keywordInput} onChange={(e) => setKeywordInput(e.target.value)} placeholder={l('searchPlaceholder')} maxLength={100} className="h-8" data-testid="collect-keyword" />
          </div>
          <div className="grid gap-1">
            <label htmlFor={ids.kind} className="text-xs font-medium text-slate-600">
              {l('kind')}
            </label>
            <select
              id={ids.kind}
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as CollectKind | '');
                setPage(1);
              }}
              className="h-8 rounded-md border border-input bg-white px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring/60"
            >
              <option value="">{l('kindAll')}</option>
              <option value="part">{l('kindPart')}</option>
              <option value="module">{l('kindModule')}</option>
            </select>
          </div>
          <Button type="submit" size="sm" variant="outline">
            {l('searchButton')}
          </Button>
        </form>

        {data && data.list.length > 0 && (
          <div className="mt-3 flex flex-wrap items-center gap-2 rounded-md bg-slate-50 px-2 py-1.5 text-sm" data-testid="collect-toolbar">
            <label className="flex items-center gap-2">
              <Checkbox checked={allOnPage} onCheckedChange={(v) => setSelected(v === true ? new Set(pageIds) : new Set())} aria-label={l('selectAll')} data-testid="collect-select-all" />
              <span className="text-slate-600">{selected.size > 0 ? l('selected', { n: selected.size }) : l('selectAll')}</span>
            </label>
            <span className="ml-auto flex flex-wrap items-center gap-2">
              <label htmlFor={ids.move} className="sr-only">
                {l('moveTo')}
              </label>
              <select
                id={ids.move}
                value={moveTarget}
                onChange={(e) => setMoveTarget(e.target.value)}
                disabled={selected.size === 0}
                className="h-8 max-w-48 rounded-md border border-input bg-white px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring/60 disabled:opacity-50"
                data-testid="collect-move-target"
              >
                <option value="">{l('moveTo')}</option>
                {folders?.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
              </select>
              <Button type="button" size="sm" variant="outline" disabled={busy || selected.size === 0 || moveTarget === ''} onClick={() => void moveSelected()} data-testid="collect-move">
                {l('move')}
              </Button>
              <Button type="button" size="sm" variant="outline" className="text-red-700" disabled={busy || selected.size === 0} onClick={() => void removeSelected()} data-testid="collect-remove">
                {l('remove')}
              </Button>
            </span>
          </div>
        )}

        {failed && !data ? (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {l('loadFailed')}{' '}
            <button type="button" className="text-brand-600 underline" onClick={() => void refresh()}>
              {l('retry')}
            </button>
          </p>
        ) : !data ? (
          <p className="mt-4 text-sm text-slate-500" role="status">
            {l('loading')}
          </p>
        ) : data.list.length === 0 ? (
          <div className="mt-4 rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center" data-testid="collect-empty">
            {keyword ? (
              <p className="text-sm text-slate-700">{l('noMatch', { keyword })}</p>
            ) : (
              <>
                <p className="font-medium text-slate-900">{l('empty')}</p>
                <p className="mt-1 text-sm text-slate-600">{l('emptyBody')}</p>
                <Button asChild size="sm" className="mt-4">
                  <a href={locale === 'en' ? '/en/search' : '/search'}>{l('emptyAction')}</a>
                </Button>
              </>
            )}
          </div>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100" data-testid="collect-item-list">
            {data.list.map((item) => (
              <ItemRow key={item.id} item={item} locale={locale} l={l} checked={selected.has(item.id)} onCheck={(on) => toggle(item.id, on)} date={fmtDate.format(new Date(item.createdAt))} />
            ))}
          </ul>
        )}

        {pages > 1 && (
          <nav className="mt-4 flex items-center gap-2 text-sm" aria-label={l('pages')}>
            <Button type="button" variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {l('prev')}
            </Button>
            <span className="tabular-nums text-slate-600">{l('page', { page, pages })}</span>
            <Button type="button" variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {l('next')}
            </Button>
          </nav>
        )}
      </section>

      <Dialog open={renaming !== null} onOpenChange={(o) => !o && setRenaming(null)}>
        <DialogContent closeLabel={l('close')} data-testid="collect-rename-dialog" className="sm:max-w-md">
          <form onSubmit={(e) => void saveRename(e)} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{l('renameTitle')}</DialogTitle>
            </DialogHeader>
            <div className="grid gap-1.5">
              <label htmlFor={ids.rename} className="text-sm font-medium text-slate-700">
                {l('folderName')}
              </label>
              <Input id={ids.rename} value={renameValue} onChange={(e) => setRenameValue(e.target.value)} maxLength={LIBRARY_LIMITS.nameMaxChars * 2} data-testid="collect-rename-input" />
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setRenaming(null)}>
                {l('cancel')}
              </Button>
              <Button type="submit" disabled={busy || renameValue.trim() === ''} data-testid="collect-rename-save">
                {l('save')}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function ItemRow({
  item,
  locale,
  l,
  checked,
  onCheck,
  date,
}: {
  item: CollectItem;
  locale: 'zh' | 'en';
  l: (key: string, vars?: Record<string, string | number>) => string;
  checked: boolean;
  onCheck: (on: boolean) => void;
  date: string;
}) {
  const p = item.product;
  const m = item.module;
  const name = p?.mpn ?? m?.name ?? '';
  return (
    <li className="flex items-start gap-3 py-2.5" data-testid="collect-item" data-item-id={item.id} data-code={p?.mfgMpnCode ?? ''} data-folder-id={item.folderId}>
      <Checkbox className="mt-1" checked={checked} onCheckedChange={(v) => onCheck(v === true)} aria-label={l('selectItem', { name })} data-testid="collect-item-check" />
      <span className="grid size-14 shrink-0 place-items-center overflow-hidden rounded border border-slate-200 bg-white">
        {p?.imageUrl ? (
          <img src={p.imageUrl} alt={l('symbolAlt', { mpn: p.mpn })} loading="lazy" decoding="async" className="size-full object-contain" />
        ) : (
          <span className="px-1 text-center text-[10px] leading-tight text-slate-500">{m ? l('module') : l('noSymbol')}</span>
        )}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          {p ? (
            <a href={productHref(locale, p.mfgMpnCode)} className="font-mono text-sm font-semibold text-brand-600 hover:underline" data-testid="collect-item-link">
              {p.mpn}
            </a>
          ) : (
            <span className="text-sm font-semibold text-slate-900">
              <span className="mr-1 rounded bg-violet-50 px-1 text-[10px] font-normal text-violet-700">{l('module')}</span>
              {m?.name}
            </span>
          )}
          {p?.brandName && <span className="text-xs text-slate-600">{p.brandName}</span>}
          {p?.cateName && <span className="text-xs text-slate-500">{p.cateName}</span>}
          {p?.package && <span className="rounded bg-slate-100 px-1.5 text-[11px] text-slate-600">{p.package}</span>}
        </p>
        {(p?.description ?? m?.description) && <p className="mt-0.5 line-clamp-2 text-xs text-slate-600">{p?.description ?? m?.description}</p>}
        <p className="mt-0.5 text-[11px] text-slate-500">{l('collectedAt', { date })}</p>
      </div>
    </li>
  );
}
