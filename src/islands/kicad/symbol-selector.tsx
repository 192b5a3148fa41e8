import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { apiFetch, SessionEndedError } from '../../lib/client/api.ts';
import { hostActionAllowed, usesKicadVariants } from '../../lib/client/host-bridge.ts';
import { kicadTransport, type KicadWindow } from '../../lib/client/kicad-host/kicad-session.ts';
import { pageKicadSession } from '../../lib/client/kicad-host/page-session.ts';
import { placePart, type PlaceCommand } from '../../lib/client/kicad-host/place-part.ts';
import { $kicadVersion } from '../../lib/client/store.ts';
import { reactIsland } from '../react-island.ts';
import { fmt, type SelectorLabels } from './selector-labels.ts';
import { placeResultText } from './place-result.ts';
import type { Connection, SelectorItem } from './selector-types.ts';

// /symbolSelector (issue #17): the search box and the KiCad connection hydrate at once; the result
// list is its own chunk, loaded with the first search, so the box is usable early on slow machines.
const SelectorResults = lazy(() => import('./selector-results.tsx'));

type Tab = 'catalog' | 'mine';
type Found = { items: SelectorItem[]; total: number } | 'loading' | 'failed' | null;
type Status = { tone: 'info' | 'ok' | 'error'; text: string } | null;

type CatalogHit = { mfgMpnCode: string; mpn: string; brandName: string; description: string; package: string | null };
type OwnHit = { id: number; mpn: string; brand: string; description: string; quality: string };

const enc = encodeURIComponent;
function catalogItem(h: CatalogHit): SelectorItem {
  return {
    key: `p:${h.mfgMpnCode}`,
    target: { mfgMpnCode: h.mfgMpnCode },
    mpn: h.mpn,
    brand: h.brandName,
    description: h.description,
    package: h.package,
    symbolSvg: `/api/chiplet/products/symbol.svg?mfgMpnCode=${enc(h.mfgMpnCode)}`,
    footprintSvg: `/api/chiplet/products/footprint.svg?mfgMpnCode=${enc(h.mfgMpnCode)}`,
    download: `/api/chiplet/products/downloadZip?mfgMpnCode=${enc(h.mfgMpnCode)}`,
    quality: null,
  };
}
function ownItem(h: OwnHit): SelectorItem {
  return { key: `u:${h.id}`, target: { userCompId: h.id }, mpn: h.mpn, brand: h.brand, description: h.description, package: null, symbolSvg: null, footprintSvg: null, download: null, quality: h.quality };
}

function useConnection(): Connection {
  const [connection, setConnection] = useState<Connection>('browser');
  useEffect(() => {
    if (!kicadTransport(window as unknown as KicadWindow)) return;
    return pageKicadSession().subscribe((s) => setConnection(s.state === 'open' ? 'connected' : 'waiting'));
  }, []);
  return connection;
}

function SymbolSelector({ labels, initialQuery = '' }: { labels: SelectorLabels; initialQuery?: string }) {
  const connection = useConnection();
  const version = useStore($kicadVersion);
  const [tab, setTab] = useState<Tab>('catalog');
  const [found, setFound] = useState<Found>(null);
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const ready = useRef<HTMLFormElement>(null);

  useEffect(() => {
    // When the island took over the box, for the bench (the box itself works as a plain form before).
    ready.current?.setAttribute('data-ready', String(Math.round(performance.now())));
  }, []);

  const search = useCallback(
    async (which: Tab) => {
      const keyword = input.current?.value.trim() ?? '';
      setFound('loading');
      try {
        if (which === 'catalog') {
          // From 9.0.5 apiFetch calls products/kicad/queryPage, which also takes haveEdaModel.
          const body = { keyword, pageNum: 1, pageSize: 20, ...(usesKicadVariants() ? { haveEdaModel: true } : {}) };
          const r = await apiFetch<{ list: CatalogHit[]; total: number }>('/api/chiplet/products/queryPage', { method: 'POST', body, suppressError: true });
          setFound(r.code === 200000 ? { items: r.result.list.map(catalogItem), total: r.result.total } : 'failed');
        } else {
          const r = await apiFetch<{ list: OwnHit[]; total: number }>('/api/chiplet/u/comp', { method: 'POST', body: { pageNum: 1, pageSize: 20, ...(keyword ? { keyword } : {}) }, suppressError: true });
          setFound(r.code === 200000 ? { items: r.result.list.map(ownItem), total: r.result.total } : 'failed');
        }
      } catch (error) {
        // A lapsed session has already asked for login (KiCad's own, in the WebView).
        setFound(error instanceof SessionEndedError ? null : 'failed');
      }
    },
    [],
  );

  // A search submitted before hydration arrives as ?q= (the form is a plain GET form until then).
  useEffect(() => {
    if (initialQuery) void search('catalog');
  }, [initialQuery, search]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void search(tab);
  };
  const switchTab = (next: Tab) => {
    setTab(next);
    void search(next);
  };

  const onPlace = useCallback(
    async (item: SelectorItem, command: PlaceCommand) => {
      if (!hostActionAllowed()) {
        setStatus({ tone: 'error', text: fmt(labels, 'upgrade') });
        return;
      }
      setBusy(true);
      setStatus({ tone: 'info', text: fmt(labels, 'placing') });
      const session = kicadTransport(window as unknown as KicadWindow) ? pageKicadSession() : null;
      setStatus(placeResultText(labels, await placePart(item.target, command, { session })));
      setBusy(false);
    },
    [labels],
  );

  const oldVersion = connection === 'connected' && version !== '' && !hostActionAllowed(version);
  const tabClass = (t: Tab) => `rounded-md px-3 py-1.5 text-sm ${tab === t ? 'bg-blue-600 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'}`;
  return (
    <div className="flex flex-col gap-3">
      <p data-testid="kicad-connection" data-state={connection} className={`rounded-md px-3 py-2 text-sm ${connection === 'connected' ? 'bg-emerald-50 text-emerald-800' : connection === 'waiting' ? 'bg-amber-50 text-amber-800' : 'bg-slate-100 text-slate-700'}`}>
        {connection === 'connected' ? fmt(labels, 'connected', { version }) : connection === 'waiting' ? fmt(labels, 'waiting') : fmt(labels, 'notInKicad')}
      </p>
      {oldVersion && (
        <p role="alert" data-testid="kicad-upgrade" className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
          {fmt(labels, 'upgrade')}
        </p>
      )}
      <form ref={ready} role="search" method="get" data-testid="selector-search" onSubmit={onSubmit} className="flex gap-2">
        <label className="sr-only" htmlFor="selector-q">
          {fmt(labels, 'search')}
        </label>
        <input id="selector-q" ref={input} name="q" type="search" defaultValue={initialQuery} autoFocus maxLength={100} placeholder={fmt(labels, 'placeholder')} className="h-9 flex-1 rounded-md border border-slate-300 px-3 text-sm focus:border-blue-500 focus:outline-none" />
        <button type="submit" className="h-9 rounded-md bg-blue-600 px-4 text-sm font-medium text-white hover:bg-blue-700">
          {fmt(labels, 'searchButton')}
        </button>
      </form>
      <div role="tablist" className="flex gap-2">
        <button type="button" role="tab" aria-selected={tab === 'catalog'} className={tabClass('catalog')} onClick={() => switchTab('catalog')}>
          {fmt(labels, 'tabCatalog')}
        </button>
        <button type="button" role="tab" aria-selected={tab === 'mine'} className={tabClass('mine')} onClick={() => switchTab('mine')}>
          {fmt(labels, 'tabMine')}
        </button>
      </div>
      <p role="status" aria-live="polite" data-testid="place-status" data-tone={status?.tone ?? ''} className={`min-h-5 text-sm ${status?.tone === 'error' ? 'text-red-700' : status?.tone === 'ok' ? 'text-emerald-700' : 'text-slate-600'}`}>
        {status?.text ?? ''}
      </p>
      {found === null ? (
        <p className="text-sm text-slate-500">{fmt(labels, 'start')}</p>
      ) : found === 'loading' ? (
        <p className="text-sm text-slate-500">{fmt(labels, 'loading')}</p>
      ) : found === 'failed' ? (
        <p className="text-sm text-red-700">{fmt(labels, 'searchFailed')}</p>
      ) : (
        <Suspense fallback={<p className="text-sm text-slate-500">{fmt(labels, 'loading')}</p>}>
          <SelectorResults labels={labels} items={found.items} total={found.total} canPlace={connection === 'connected'} busy={busy} onPlace={onPlace} />
        </Suspense>
      )}
    </div>
  );
}

export default reactIsland(SymbolSelector);
