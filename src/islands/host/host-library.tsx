import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { isEmbedded, postToHost } from '../../lib/client/host-bridge.ts';
import { requestLogin } from '../../lib/client/login-request.ts';
import { $token } from '../../lib/client/store.ts';
import { toast } from '../../lib/client/toast.ts';
import { listBlocks, type Block } from '../library/block-api.ts';
import { listFolders, listItems, type CollectFolder, type CollectItem } from '../library/collect-api.ts';
import { listComponents } from '../library/component-editor-api.ts';
import type { ComponentSummary } from '../../lib/library/components.schema.ts';
import { reactIsland } from '../react-island.ts';
import { openHostDialog } from './open-dialog.ts';
import { placeResultText } from '../kicad/place-result.ts';
import { placeBlockInHost, placeInHost, type PlaceTarget } from './place.ts';
import { SearchList } from './search-list.tsx';

// /library (issue #17 item 2): the user's library as the KiCad host shows it, compact — three tabs
// (collections by folder, own components, design blocks), each searchable and paged, every row
// with 'place' (the part or block goes to the host). New components, categories and block edits
// open as the host's dialogs at their SPEC sizes (open-dialog.ts). Logged out, the host's own login
// is asked for when embedded, else the site's login dialog.

type Props = { locale: 'zh' | 'en'; labels: Record<string, string> };

function Row({ title, sub, action, testId }: { title: string; sub: string; action: ReactNode; testId: string }) {
  return (
    <li className="flex items-center gap-2 px-2 py-1.5" data-testid={testId}>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{title}</p>
        <p className="truncate text-xs text-slate-500">{sub || '\u00a0'}</p>
      </div>
      {action}
    </li>
  );
}

function HostLibrary({ locale, labels }: Props) {
  const L = useCallback((k: string, vars: Record<string, string | number> = {}) => (labels[`host.${k}`] ?? k).replace(/\{(\w+)\}/g, (_, n: string) => String(vars[n] ?? '')), [labels]);
  const token = useStore($token);
  const [mounted, setMounted] = useState(false);
  const [folders, setFolders] = useState<CollectFolder[]>([]);
  const [folder, setFolder] = useState('');
  useEffect(() => setMounted(true), []);
  useEffect(() => {
    if (mounted && token) void listFolders(true).then((f) => f && setFolders(f));
  }, [mounted, token]);

  const localized = (path: string) => `${locale === 'en' ? '/en' : ''}${path}`;

  const place = async (target: PlaceTarget, name: string) => {
    const r = await placeInHost(target);
    if (r.kind === 'kicad') {
      const status = placeResultText(labels, r.result);
      toast(status.text, status.tone === 'ok' ? 'success' : 'error');
    } else toast(r.kind === 'desktop' ? L('placed', { name }) : L('noHost'), r.kind === 'desktop' ? 'success' : 'warning');
  };
  const placeButton = (name: string, onClick: () => void, disabled = false) => (
    <Button type="button" size="sm" disabled={disabled} aria-label={L('placeLabel', { name })} onClick={onClick} data-testid="host-place">
      {L('place')}
    </Button>
  );

  const loadCollections = useCallback(
    async (keyword: string, pageNum: number, pageSize: number) => listItems({ folderId: folder ? Number(folder) : undefined, keyword: keyword || undefined, pageNum, pageSize }),
    [folder],
  );
  const loadComponents = useCallback(async (keyword: string, pageNum: number, pageSize: number) => listComponents({ pageNum, pageSize, ...(keyword ? { keyword } : {}) }), []);
  const loadBlocks = useCallback(async (keyword: string, pageNum: number, pageSize: number) => listBlocks({ pageNum, pageSize, ...(keyword ? { keyword } : {}) }), []);

  if (!mounted) return <p className="text-sm text-slate-500">{L('loading')}</p>;
  if (!token) {
    return (
      <div className="rounded-lg border border-slate-200 bg-white p-6 text-center" data-testid="host-library-login">
        <p className="text-sm text-slate-700">{L('loginPrompt')}</p>
        <Button type="button" className="mt-3" onClick={() => (isEmbedded() && postToHost('login')) || requestLogin()} data-testid="host-library-login-button">
          {L('loginButton')}
        </Button>
      </div>
    );
  }

  const collectionRow = (item: CollectItem) => {
    const p = item.product;
    const m = item.module;
    const code = p?.mfgMpnCode ?? m?.mfgMpnCode ?? null;
    const name = p?.mpn ?? m?.name ?? '';
    const sub = p ? [p.brandName, p.package, p.symbol ?? L('noSymbol')].filter(Boolean).join(' · ') : [L('module'), m?.description].filter(Boolean).join(' · ');
    return (
      <Row key={item.id} title={name} sub={sub} testId="host-collection-row" action={placeButton(name, () => code && void place({ mfgMpnCode: code }, name), !code || (p !== null && !p.symbol))} />
    );
  };
  const componentRow = (c: ComponentSummary) => (
    <Row key={c.id} title={c.mpn} sub={[c.brand, c.cate, c.description].filter(Boolean).join(' · ')} testId="host-component-row" action={placeButton(c.mpn, () => void place({ userCompId: c.id }, c.mpn), !c.assets.symbol)} />
  );
  const blockRow = (b: Block) => (
    <Row
      key={b.id}
      title={b.name}
      sub={[b.category?.name, b.description].filter(Boolean).join(' · ')}
      testId="host-block-row"
      action={
        <span className="flex gap-1">
          <Button type="button" size="sm" variant="outline" aria-label={L('editBlockLabel', { name: b.name })} onClick={() => openHostDialog('modifyFragment', `${localized('/modifyFragment')}?id=${b.id}`)} data-testid="host-block-edit">
            {L('editBlock')}
          </Button>
          {placeButton(b.name, () => {
            const sent = placeBlockInHost(b.id);
            toast(sent ? L('placed', { name: b.name }) : L('noHost'), sent ? 'success' : 'warning');
          })}
        </span>
      }
    />
  );

  return (
    <Tabs defaultValue="collections" className="grid grid-cols-[minmax(0,1fr)] gap-2" data-testid="host-library">
      <TabsList>
        <TabsTrigger value="collections" data-testid="host-tab-collections">
          {L('tabCollections')}
        </TabsTrigger>
        <TabsTrigger value="components" data-testid="host-tab-components">
          {L('tabComponents')}
        </TabsTrigger>
        <TabsTrigger value="blocks" data-testid="host-tab-blocks">
          {L('tabBlocks')}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="collections">
        <SearchList
          L={L}
          placeholder={L('searchCollections')}
          load={loadCollections}
          row={collectionRow}
          testId="host-collections"
          reloadKey={folder}
          toolbar={
            <label className="flex items-center gap-1 text-xs">
              <span className="sr-only">{L('folder')}</span>
              <select className="h-8 max-w-32 rounded-md border border-input bg-white px-1 text-sm" value={folder} onChange={(e) => setFolder(e.currentTarget.value)} data-testid="host-folder">
                <option value="">{L('allFolders')}</option>
                {folders.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
              </select>
            </label>
          }
        />
      </TabsContent>
      <TabsContent value="components">
        <SearchList
          L={L}
          placeholder={L('searchComponents')}
          load={loadComponents}
          row={componentRow}
          testId="host-components"
          toolbar={
            <span className="flex gap-1">
              <Button type="button" size="sm" variant="outline" onClick={() => openHostDialog('addComponentType', localized('/addComponentType'))} data-testid="host-new-component-type">
                {L('newComponentType')}
              </Button>
              <Button type="button" size="sm" onClick={() => openHostDialog('addSymbolDevice', localized('/addSymbolDevice'))} data-testid="host-new-component">
                {L('newComponent')}
              </Button>
            </span>
          }
        />
      </TabsContent>
      <TabsContent value="blocks">
        <SearchList
          L={L}
          placeholder={L('searchBlocks')}
          load={loadBlocks}
          row={blockRow}
          testId="host-blocks"
          toolbar={
            <span className="flex gap-1">
              <Button type="button" size="sm" variant="outline" onClick={() => openHostDialog('addDesignBlockType', localized('/addDesignBlockType'))} data-testid="host-new-block-type">
                {L('newBlockType')}
              </Button>
              <Button type="button" size="sm" asChild>
                <a href={localized('/addFragment')}>{L('newBlock')}</a>
              </Button>
            </span>
          }
        />
      </TabsContent>
    </Tabs>
  );
}

export default reactIsland(HostLibrary);
