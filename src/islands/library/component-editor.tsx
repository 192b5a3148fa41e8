import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { isEmbedded, postToHost } from '../../lib/client/host-bridge.ts';
import { asFiles } from '../../lib/client/host-data.ts';
import { $token } from '../../lib/client/store.ts';
import { toast } from '../../lib/client/toast.ts';
import type { AssetOut, ComponentDetail, ComponentSave, ParamKeys } from '../../lib/library/components.schema.ts';
import { QUALITIES, type ComponentStatus } from '../../lib/library/components.ts';
import { LIBRARY_LIMITS, type AssetKind } from '../../lib/library/library.ts';
import { Code } from '../../lib/server/errors.ts';
import type { Model3dLabels } from '../catalog/model3d-frame.tsx';
import { HostDataStatus, useHostData } from '../host/use-host-data.tsx';
import { reactIsland } from '../react-island.ts';
import { downloadPrivate, fill, getComponent, paramKeys, saveComponent, uploadAssets } from './component-editor-api.ts';
import { AssetLine, DropZone, Findings, Previews, type Labels } from './component-editor-parts.tsx';
import { SubmitToCatalogue } from './submission-submit.tsx';
import { QualityBadge, type QualityLabels } from './quality-badge.tsx';

// The own-component editor (issue #16 items 3 and 4) at /addSymbolDevice (?id=N edits; the KiCad
// host opens it as a 1400×700 dialog without the site header): part number, brand, catalogue
// category, description, parameters in the catalogue's keys and units, datasheet link or PDF,
// KiCad files dropped or chosen several at once, previews drawn by our engine, the cross-asset
// check's findings and badge, "save draft" and "mark ready" (refused while errors exist, the
// findings shown), and the KiCad zip. A file uploaded for a saved component takes its kind's place
// and the check runs again at once. Inside a host, a new component asks the host for its KiCad
// files (`requestData('assets')`) and takes them as if they were uploaded; a save from the buttons
// then closes the host's dialog (`endModal`).

export type CategoryOption = { cateId: number; name: string; level: number };
type Props = { locale: 'zh' | 'en'; labels: Record<string, string>; categories: CategoryOption[]; model3dLabels: Model3dLabels; id: number | null; listHref: string };

type Slots = Record<AssetKind, AssetOut | null>;
const EMPTY_SLOTS: Slots = { symbol: null, footprint: null, model3d: null, datasheet: null };
type ParamRow = { key: string; value: string };

const slotsOf = (d: ComponentDetail): Slots => ({ symbol: d.symbol, footprint: d.footprint, model3d: d.model3d, datasheet: d.datasheet });

function ComponentEditor({ locale, labels, categories, model3dLabels, id: initialId, listHref }: Props) {
  const token = useStore($token);
  const L: Labels = (key) => labels[`components.${key}`] ?? key;
  const qualityLabels = Object.fromEntries(QUALITIES.map((q) => [q, labels[`check.quality.${q}`] ?? q])) as QualityLabels;
  const [id, setId] = useState<number | null>(initialId);
  const [detail, setDetail] = useState<ComponentDetail | null>(null);
  const [loaded, setLoaded] = useState(initialId === null);
  const [mpn, setMpn] = useState('');
  const [brand, setBrand] = useState('');
  const [cateId, setCateId] = useState<number | null>(null);
  const [description, setDescription] = useState('');
  const [params, setParams] = useState<ParamRow[]>([]);
  const [datasheetUrl, setDatasheetUrl] = useState('');
  const [slots, setSlots] = useState<Slots>(EMPTY_SLOTS);
  const [symbolName, setSymbolName] = useState<string | null>(null);
  const [keys, setKeys] = useState<ParamKeys['list']>([]);
  const [busy, setBusy] = useState<'save' | 'ready' | 'upload' | null>(null);
  const [refused, setRefused] = useState<ComponentDetail['readyRefused'] | null>(null);
  const [uploadErrors, setUploadErrors] = useState<string[]>([]);
  const [dirty, setDirty] = useState(false);
  // The session lives in localStorage: the server renders the loading state, the browser decides.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  // The host's files go through the same upload as dropped ones (assigned below, once defined).
  const uploadRef = useRef<((files: File[]) => Promise<void>) | null>(null);
  const hostData = useHostData('assets', mounted && token !== '' && initialId === null, (files) => void uploadRef.current?.(asFiles(files)));

  const apply = (d: ComponentDetail) => {
    setDetail(d);
    setId(d.id);
    setMpn(d.mpn);
    setBrand(d.brand);
    setCateId(d.cateId);
    setDescription(d.description);
    setParams(d.params.map((p) => ({ key: p.key, value: p.value })));
    setDatasheetUrl(d.datasheetUrl ?? '');
    setSlots(slotsOf(d));
    setSymbolName(d.symbolName);
    setDirty(false);
    if (new URLSearchParams(window.location.search).get('id') !== String(d.id)) {
      const url = new URL(window.location.href);
      url.searchParams.set('id', String(d.id));
      window.history.replaceState(null, '', url);
    }
  };

  useEffect(() => {
    if (!token || initialId === null) return;
    void getComponent(initialId).then((d) => {
      if (d) apply(d);
      setLoaded(true);
    });
  }, [token, initialId]);

  useEffect(() => {
    if (!token) return;
    void paramKeys(cateId).then((r) => r && setKeys(r.list));
  }, [token, cateId]);

  const keyByName = useMemo(() => new Map(keys.map((k) => [k.key, k])), [keys]);

  if (mounted && !token) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-700" data-testid="component-editor-login">
        {L('loginPrompt')}
      </p>
    );
  }
  if (!mounted || !loaded) {
    return (
      <p className="text-sm text-slate-500" role="status">
        {L('loading')}
      </p>
    );
  }

  const body = (status: ComponentStatus, override: Partial<Slots> = {}): ComponentSave => {
    const s = { ...slots, ...override };
    return {
      ...(id !== null ? { id } : {}),
      mpn: mpn.trim(),
      brand,
      cateId,
      description,
      params: params.filter((p) => p.key !== '' && p.value.trim() !== ''),
      datasheetUrl: datasheetUrl.trim() || null,
      symbolAssetId: s.symbol?.id ?? null,
      symbolName: s.symbol ? symbolName : null,
      footprintAssetId: s.footprint?.id ?? null,
      modelAssetId: s.model3d?.id ?? null,
      datasheetAssetId: s.datasheet?.id ?? null,
      status,
    };
  };

  const save = async (status: ComponentStatus, override: Partial<Slots> = {}, fromButton = false) => {
    if (mpn.trim() === '') {
      toast(L('mpnRequired'), 'warning');
      return;
    }
    setBusy(status === 'ready' ? 'ready' : 'save');
    try {
      const r = await saveComponent(body(status, override));
      if (r.code !== Code.ok) return;
      apply(r.result);
      setRefused(r.result.readyRefused ?? null);
      if (!r.result.readyRefused) toast(r.result.status === 'ready' ? L('savedReady') : L('saved'), 'success');
      if (fromButton && !r.result.readyRefused && isEmbedded()) postToHost('endModal', { page: 'addSymbolDevice', id: r.result.id, status: r.result.status });
    } finally {
      setBusy(null);
    }
  };

  const upload = async (files: File[]) => {
    setBusy('upload');
    setUploadErrors([]);
    try {
      const r = await uploadAssets(files, id);
      if (!r) return;
      setUploadErrors(r.list.flatMap((a) => (a.ok ? [] : [fill(L('uploadRefused'), { name: a.name, msg: a.msg })])));
      if (r.component) {
        apply(r.component);
        setRefused(r.component.readyRefused ?? null);
        return;
      }
      const fresh: Partial<Slots> = {};
      for (const a of r.list) if (a.ok) fresh[a.kind] = { id: a.id, kind: a.kind, format: a.format, fileName: a.fileName, size: a.size, info: a.info, url: a.url };
      if (Object.keys(fresh).length === 0) return;
      setSlots((s) => ({ ...s, ...fresh }));
      if (fresh.symbol) setSymbolName(((fresh.symbol.info as { symbols?: { name: string }[] } | null)?.symbols ?? [])[0]?.name ?? null);
      // A new component is saved as a draft at once when it has a part number, so the check and previews run.
      if (mpn.trim() !== '') {
        setBusy(null);
        await save('draft', fresh);
      } else {
        toast(L('mpnRequired'), 'info');
        setDirty(true);
      }
    } finally {
      setBusy(null);
    }
  };

  uploadRef.current = upload;

  const symbols = ((slots.symbol?.info as { symbols?: { name: string; pins: number }[] } | null)?.symbols ?? []).slice(0, LIBRARY_LIMITS.symbolsPerFile);
  const findings = detail?.check.findings ?? [];
  const mark = (f: () => void) => {
    f();
    setDirty(true);
  };
  const inCategory = keys.filter((k) => k.inCategory);
  const others = keys.filter((k) => !k.inCategory);
  const title = detail ? fill(L('editorTitleEdit'), { mpn: detail.mpn }) : L('editorTitle');

  return (
    // From lg up the editor fills the window (the host's 1400×700 dialog) without a page scrollbar:
    // three columns that scroll on their own, the actions pinned below them.
    <div className="space-y-6 lg:flex lg:h-[calc(100dvh-2rem)] lg:flex-col lg:gap-3 lg:space-y-0" data-testid="component-editor" data-id={id ?? ''}>
      <div className="flex flex-wrap items-center justify-between gap-3 lg:shrink-0">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-xl font-semibold text-slate-900" data-testid="component-editor-title">
            {title}
          </h2>
          {detail && <QualityBadge quality={detail.quality} labels={qualityLabels} />}
          {detail && (
            <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${detail.status === 'ready' ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'}`} data-testid="component-editor-status" data-status={detail.status}>
              {detail.status === 'ready' ? L('statusReady') : L('statusDraft')}
            </span>
          )}
          {dirty && <span className="text-xs text-amber-700">{L('unsaved')}</span>}
        </div>
        <a href={listHref} className="text-sm text-brand-700 underline">
          {L('back')}
        </a>
      </div>

      <div className="grid gap-6 lg:min-h-0 lg:flex-1 lg:grid-cols-3 lg:gap-4">
        <section className="space-y-3 lg:min-h-0 lg:overflow-y-auto lg:px-1 lg:pb-2" aria-labelledby="ce-fields">
          <h2 id="ce-fields" className="text-base font-semibold">
            {L('sectionFields')}
          </h2>
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium">{L('mpn')} *</span>
            <Input value={mpn} onChange={(e) => mark(() => setMpn(e.target.value))} maxLength={100} required aria-describedby="ce-mpn-help" data-testid="component-mpn-input" />
            <span id="ce-mpn-help" className="text-xs text-slate-500">
              {L('mpnHelp')}
            </span>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium">{L('brand')}</span>
            <Input value={brand} onChange={(e) => mark(() => setBrand(e.target.value))} maxLength={100} data-testid="component-brand-input" />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium">{L('category')}</span>
            <select
              className="h-9 rounded-md border border-input bg-white px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring/40"
              value={cateId ?? ''}
              onChange={(e) => mark(() => setCateId(e.target.value === '' ? null : Number(e.target.value)))}
              data-testid="component-category"
            >
              <option value="">{L('categoryNone')}</option>
              {categories.map((c) => (
                <option key={c.cateId} value={c.cateId}>
                  {`${'\u00a0\u00a0'.repeat(Math.max(0, c.level - 1))}${c.name}`}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium">{L('description')}</span>
            <textarea
              className="min-h-20 rounded-md border border-input px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
              value={description}
              maxLength={LIBRARY_LIMITS.descriptionMaxChars}
              onChange={(e) => mark(() => setDescription(e.target.value))}
              data-testid="component-description"
            />
          </label>

          <fieldset className="space-y-2" data-testid="component-params">
            <legend className="text-base font-semibold">{L('sectionParams')}</legend>
            <p className="text-xs text-slate-500">{L('paramsHelp')}</p>
            {params.map((p, i) => {
              const spec = keyByName.get(p.key);
              const hint = spec ? [spec.unit ? fill(L('paramUnit'), { unit: spec.unit }) : spec.kind === 'number' ? L('paramUnitNone') : '', spec.example ? fill(L('paramExample'), { example: spec.example }) : ''].filter(Boolean).join(' · ') : '';
              return (
                <div key={i} className="flex flex-wrap items-start gap-2" data-testid="component-param-row">
                  <label className="flex flex-col gap-1 text-xs">
                    <span className="sr-only">{L('paramKey')}</span>
                    <select
                      className="h-9 w-52 rounded-md border border-input bg-white px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring/40"
                      value={p.key}
                      onChange={(e) => mark(() => setParams(params.map((q, j) => (j === i ? { ...q, key: e.target.value } : q))))}
                      data-testid="component-param-key"
                    >
                      <option value="">{L('paramPick')}</option>
                      {inCategory.length > 0 && (
                        <optgroup label={L('inCategory')}>
                          {inCategory.map((k) => (
                            <option key={k.key} value={k.key}>
                              {k.name}
                            </option>
                          ))}
                        </optgroup>
                      )}
                      {others.map((k) => (
                        <option key={k.key} value={k.key}>
                          {k.name}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className="flex flex-1 flex-col gap-1 text-xs">
                    <span className="sr-only">{L('paramValue')}</span>
                    <Input value={p.value} maxLength={200} onChange={(e) => mark(() => setParams(params.map((q, j) => (j === i ? { ...q, value: e.target.value } : q))))} aria-describedby={`ce-param-${i}`} data-testid="component-param-value" />
                    <span id={`ce-param-${i}`} className="text-slate-500">
                      {hint}
                    </span>
                  </label>
                  <Button type="button" size="sm" variant="ghost" aria-label={fill(L('paramRemove'), { name: spec?.name ?? p.key })} onClick={() => mark(() => setParams(params.filter((_, j) => j !== i)))}>
                    ×
                  </Button>
                </div>
              );
            })}
            <Button type="button" size="sm" variant="outline" disabled={params.length >= LIBRARY_LIMITS.paramsPerComponent} onClick={() => setParams([...params, { key: '', value: '' }])} data-testid="component-param-add">
              {L('paramAdd')}
            </Button>
          </fieldset>

          <fieldset className="space-y-2">
            <legend className="text-base font-semibold">{L('sectionDatasheet')}</legend>
            <label className="flex flex-col gap-1 text-sm">
              <span>{L('datasheetUrl')}</span>
              <Input type="url" value={datasheetUrl} onChange={(e) => mark(() => setDatasheetUrl(e.target.value))} placeholder="https://" maxLength={1000} data-testid="component-datasheet-url" />
            </label>
            <p className="text-xs text-slate-500">{L('datasheetPdf')}</p>
            {slots.datasheet && (
              <button type="button" className="text-sm text-brand-700 underline" onClick={() => void downloadPrivate(slots.datasheet!.url, slots.datasheet!.fileName)}>
                {L('datasheetOpen')}: {slots.datasheet.fileName}
              </button>
            )}
          </fieldset>
        </section>

        <section className="space-y-3 lg:min-h-0 lg:overflow-y-auto lg:px-1 lg:pb-2" aria-labelledby="ce-assets">
          <h2 id="ce-assets" className="text-base font-semibold">
            {L('sectionAssets')}
          </h2>
          <HostDataStatus state={hostData} labels={labels} onAgain={hostData.again} />
          <DropZone L={L} busy={busy === 'upload'} megabytes={LIBRARY_LIMITS.assetMaxBytes / 1024 / 1024} onFiles={(f) => void upload(f)} />
          {uploadErrors.length > 0 && (
            <ul className="space-y-1 rounded border border-red-200 bg-red-50 p-3 text-sm text-red-800" role="alert" data-testid="component-upload-errors">
              {uploadErrors.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
          <div className="space-y-1.5 rounded border border-slate-200 bg-white p-3">
            <AssetLine L={L} title={L('assetSymbol')} asset={slots.symbol} testId="component-asset-symbol" />
            {symbols.length > 1 && (
              <label className="ml-[5.5rem] flex items-center gap-2 text-xs">
                {L('symbolPick')}
                <select className="h-8 rounded border border-input bg-white px-1" value={symbolName ?? ''} onChange={(e) => mark(() => setSymbolName(e.target.value))}>
                  {symbols.map((s) => (
                    <option key={s.name} value={s.name}>
                      {s.name} ({fill(L('symbolPins'), { pins: s.pins })})
                    </option>
                  ))}
                </select>
              </label>
            )}
            {symbols.length === 1 && <p className="ml-[5.5rem] text-xs text-slate-500">{`${symbols[0]!.name} · ${fill(L('symbolPins'), { pins: symbols[0]!.pins })}`}</p>}
            <AssetLine L={L} title={L('assetFootprint')} asset={slots.footprint} testId="component-asset-footprint" />
            <AssetLine L={L} title={L('assetModel')} asset={slots.model3d} testId="component-asset-model" />
            <AssetLine L={L} title={L('assetDatasheet')} asset={slots.datasheet} testId="component-asset-datasheet" />
          </div>

          <section className="space-y-2 rounded border border-slate-200 bg-white p-3" aria-labelledby="ce-check" data-testid="component-check" data-quality={detail?.quality ?? 'unchecked'}>
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="ce-check" className="text-base font-semibold">
                {L('sectionCheck')}
              </h2>
              <QualityBadge quality={detail?.quality ?? 'unchecked'} labels={qualityLabels} />
            </div>
            <p className="text-xs text-slate-500">{L('checkHelp')}</p>
            {!detail && <p className="text-sm text-slate-500">{L('checkNotRun')}</p>}
            {detail && findings.length === 0 && <p className="text-sm text-emerald-700">{L('checkNone')}</p>}
            {findings.length > 0 && <Findings L={L} findings={findings} testId="component-findings" />}
          </section>

          {detail && <SubmitToCatalogue key={detail.id} componentId={detail.id} quality={detail.quality} status={detail.status} locale={locale} labels={labels} />}

          {refused && (
            <div className="rounded border border-red-300 bg-red-50 p-3" role="alert" data-testid="component-ready-refused">
              <p className="font-medium text-red-800">{L('readyRefusedTitle')}</p>
              <p className="mt-1 text-sm text-red-800">{refused.msg}</p>
              <div className="mt-2">
                <Findings L={L} findings={refused.findings} testId="component-refused-findings" />
              </div>
            </div>
          )}
        </section>

        <section className="space-y-2 lg:min-h-0 lg:overflow-y-auto lg:px-1 lg:pb-2" aria-labelledby="ce-previews">
          <h2 id="ce-previews" className="text-base font-semibold">
            {L('sectionPreview')}
          </h2>
          <Previews L={L} detail={detail} model3dLabels={model3dLabels} />
        </section>
      </div>

      <div className="sticky bottom-0 lg:shrink-0 flex flex-wrap gap-2 border-t border-slate-200 bg-white/95 py-3">
        <Button type="button" variant="outline" disabled={busy !== null} onClick={() => void save('draft', {}, true)} data-testid="component-save-draft">
          {busy === 'save' ? L('saving') : L('saveDraft')}
        </Button>
        <Button type="button" disabled={busy !== null} onClick={() => void save('ready', {}, true)} data-testid="component-mark-ready">
          {busy === 'ready' ? L('saving') : L('markReady')}
        </Button>
        {detail?.previews.download && (
          <Button type="button" variant="outline" onClick={() => void downloadPrivate(detail.previews.download!, `${detail.mpn}.zip`)} data-testid="component-download">
            {L('download')}
          </Button>
        )}
      </div>
    </div>
  );
}

export default reactIsland(ComponentEditor);
