import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { apiFetch } from '../../lib/client/api.ts';
import { $token } from '../../lib/client/store.ts';
import { toast } from '../../lib/client/toast.ts';
import { createView, type ViewerView } from '../../lib/kicad-viewer/gl-view.ts';
import type { LoadProgress, PartSummary, ProjectIssue, ProjectSummary, SceneTarget, SheetSummary } from '../../lib/kicad-viewer/protocol.ts';
import type { Scene, SceneItem, SceneLayerInfo } from '../../lib/kicad-viewer/scene.ts';
import { readInputFiles, ViewerClient, ViewerLoadError } from '../../lib/kicad-viewer/viewer-client.ts';
import type { Box } from '../../lib/kicad/render/renderer.ts';
import { SCHEMATIC_THEMES } from '../../lib/kicad/render/schematic-theme.ts';
import { reactIsland } from '../react-island.ts';
import { DropZone, OpenButtons, type PickedFile } from './file-pick.tsx';
import { fill, problemText, type ProblemTexts, type ViewerLabels } from './labels.ts';
import { PanelTabs, type PanelTab } from './panel-tabs.tsx';
import { LayerPanel } from './layer-panel.tsx';
import { LoadOverlay } from './load-overlay.tsx';
import { BomPanel, NetsPanel, PropertiesPanel } from './panels.tsx';
import { designSummary, openChannel, type BridgeMessage } from './viewer-bridge.ts';
import { ViewReadouts } from './view-readouts.tsx';
import { searchDesign } from './viewer-search.ts';
import { StoredDesignBar } from './stored-design-bar.tsx';
import type { DesignsLabels } from '../designs/labels.ts';
import { $flipped, $issues, $layers, $net, $selected, $sheetPath, $solo, $summary, $tab, $theme, partOf, resetView, type ViewTab } from './viewer-state.ts';

// The design viewer (issue #13): open a KiCad project from local files, draw its board and
// sheets with the engine of src/lib/kicad-viewer (worker + WebGL2 view), and the panels around it.
// React mounts the view and renders the panels; the view itself is framework-free.

/** KiCad's default board editor background; sheets take their theme's. */
const BOARD_BACKGROUND = '#001023';
const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'range', 'color', 'file', 'button']);

type Props = {
  labels: ViewerLabels;
  problems: ProblemTexts;
  initialTab?: ViewTab;
  /** A stored design to open (?designId=, issue #14), with its bar's texts. */
  stored?: { designId: string; labels: DesignsLabels; galleryHref: string };
};

/** A pending "go to this item" once the right scene is shown (cross-probe, search). */
type Probe = { tab: ViewTab; match: (item: SceneItem) => boolean };

const boxUnion = (items: SceneItem[]): Box | null =>
  items.length === 0
    ? null
    : items.reduce<Box>((b, i) => ({ minX: Math.min(b.minX, i.box.minX), minY: Math.min(b.minY, i.box.minY), maxX: Math.max(b.maxX, i.box.maxX), maxY: Math.max(b.maxY, i.box.maxY) }), { ...items[0]!.box });

const pad = (b: Box): Box => {
  const m = Math.max(b.maxX - b.minX, b.maxY - b.minY, 2) * 1.5;
  return { minX: b.minX - m, minY: b.minY - m, maxX: b.maxX + m, maxY: b.maxY + m };
};

function sheetChain(root: SheetSummary | null, path: string | null): SheetSummary[] {
  if (!root || !path) return [];
  const walk = (n: SheetSummary, trail: SheetSummary[]): SheetSummary[] | null => {
    const t = [...trail, n];
    if (n.path === path) return t;
    for (const c of n.children) {
      const r = walk(c, t);
      if (r) return r;
    }
    return null;
  };
  return walk(root, []) ?? [];
}

function flatSheets(root: SheetSummary | null): { sheet: SheetSummary; depth: number }[] {
  const out: { sheet: SheetSummary; depth: number }[] = [];
  const walk = (n: SheetSummary, depth: number) => {
    out.push({ sheet: n, depth });
    n.children.forEach((c) => walk(c, depth + 1));
  };
  if (root) walk(root, 0);
  return out;
}

function ViewerApp({ labels, problems, initialTab = 'pcb', stored }: Props) {
  const client = useMemo(() => new ViewerClient(), []);
  const summary = useStore($summary);
  const tab = useStore($tab);
  const sheetPath = useStore($sheetPath);
  const theme = useStore($theme);
  const flipped = useStore($flipped);
  const selected = useStore($selected);
  const net = useStore($net);
  const layers = useStore($layers);
  const solo = useStore($solo);
  const issues = useStore($issues);
  const token = useStore($token);

  const [loading, setLoading] = useState(false);
  /** The board is shown; its sheets and BOM are still being read. */
  const [reading, setReading] = useState(false);
  const [progress, setProgress] = useState<LoadProgress | null>(null);
  const [failure, setFailure] = useState<ProjectIssue[] | null>(null);
  const [boardLayers, setBoardLayers] = useState<SceneLayerInfo[]>([]);
  const [rightTab, setRightTab] = useState<PanelTab>('props');
  const [query, setQuery] = useState('');
  const [saving, setSaving] = useState(false);
  const [backend, setBackend] = useState<string>('');
  const [liveView, setLiveView] = useState<ViewerView | null>(null);

  const canvas = useRef<HTMLCanvasElement>(null);
  const view = useRef<ViewerView | null>(null);
  const scene = useRef<Scene | null>(null);
  const picked = useRef<PickedFile[]>([]);
  const probe = useRef<Probe | null>(null);
  const alt = useRef(false);
  const search = useRef<HTMLInputElement>(null);
  const firstFrame = useRef<(() => void) | null>(null);
  /** Bumped by cancel and by each open: a stale open stops where it is. */
  const generation = useRef(0);

  // The view lives as long as the island.
  useEffect(() => {
    if (!canvas.current) return;
    const v = createView(canvas.current);
    view.current = v;
    setLiveView(v);
    setBackend(v.backend);
    const off = v.on('select', (arg) => {
      const item = (arg as SceneItem | null) ?? null;
      $selected.set(item);
      if (item && alt.current) $net.set(item.meta['data-net'] ?? null);
      if (item) setRightTab('props');
    });
    return () => {
      off();
      v.destroy();
      view.current = null;
      setLiveView(null);
    };
  }, []);

  useEffect(() => () => client.destroy(), [client]);

  const applyProbe = useCallback((s: Scene, t: ViewTab) => {
    const p = probe.current;
    const v = view.current;
    if (!p || p.tab !== t || !v) return false;
    probe.current = null;
    const hits = s.items.filter(p.match);
    const box = boxUnion(hits);
    if (!box) return false;
    // Of a footprint's per-layer groups, the largest stands for it.
    const best = hits.reduce((a, b) => ((b.box.maxX - b.box.minX) * (b.box.maxY - b.box.minY) > (a.box.maxX - a.box.minX) * (a.box.maxY - a.box.minY) ? b : a));
    v.zoomTo(pad(box));
    $selected.set(best);
    setRightTab('props');
    return true;
  }, []);

  /** Layer state, solo, flip and net highlight onto the view (after each scene, and on change). */
  const applyViewState = useCallback((v: ViewerView, kind: Scene['kind'], layerInfo: readonly SceneLayerInfo[]) => {
    if (kind === 'board') {
      const st = $layers.get();
      for (const l of layerInfo) {
        const x = st[l.name];
        v.setLayer(l.name, { visible: x?.visible ?? true, color: x?.color ?? l.color, opacity: x?.opacity ?? 1 });
      }
      v.solo($solo.get());
    } else v.solo(null);
    v.setFlipped(kind === 'board' && $flipped.get());
    v.highlightNet($net.get());
  }, []);

  const frameShown = () => {
    firstFrame.current?.();
    firstFrame.current = null;
  };

  // Show the scene of the current tab / sheet / theme. Keyed by what is shown, not by the summary:
  // the complete summary that follows an early one must not redraw (or refit) the board.
  const targetKey = !summary ? null : tab === 'pcb' ? (summary.board ? 'board' : 'none') : sheetPath ? `sheet:${theme}:${sheetPath}` : 'none';
  useEffect(() => {
    if (!targetKey) return;
    const path = $sheetPath.get();
    const target: SceneTarget | null = targetKey === 'board' ? { kind: 'board' } : targetKey !== 'none' && path ? { kind: 'sheet', path, theme: $theme.get() } : null;
    const t = $tab.get();
    const v = view.current;
    if (!target || !v) {
      frameShown();
      return;
    }
    let stale = false;
    client
      .scene(target)
      .then((s) => {
        if (stale) return;
        scene.current = s;
        v.setScene(s);
        v.setBackground(s.kind === 'board' ? BOARD_BACKGROUND : SCHEMATIC_THEMES[$theme.get()].background);
        if (s.kind === 'board') setBoardLayers(s.layers);
        applyViewState(v, s.kind, s.layers);
        $selected.set(null);
        if (!applyProbe(s, t)) v.fit();
        frameShown();
      })
      .catch((e: unknown) => {
        if (!stale && e instanceof ViewerLoadError && e.issues.length > 0) $issues.set([...$issues.get(), ...e.issues]);
        frameShown();
      });
    return () => {
      stale = true;
    };
  }, [targetKey, client, applyProbe, applyViewState]);

  // Layer state, solo, flip, net highlight and selection follow the stores.
  useEffect(() => {
    const v = view.current;
    const s = scene.current;
    if (v && s) applyViewState(v, s.kind, s.layers);
  }, [layers, solo, flipped, net, applyViewState]);
  useEffect(() => view.current?.select(selected?.id ?? null), [selected]);

  const open = useCallback(
    async (files: PickedFile[]) => {
      const gen = ++generation.current;
      picked.current = files;
      resetView();
      $summary.set(null);
      $issues.set([]);
      setFailure(null);
      setReading(false);
      setProgress({ phase: 'read', filesDone: 0, filesTotal: files.length, bytesDone: 0, bytesTotal: 0 });
      setLoading(true);
      try {
        const inputs = await readInputFiles(files);
        if (gen !== generation.current) throw new DOMException('cancelled', 'AbortError');
        let complete: (s: ProjectSummary) => void = () => undefined;
        let incomplete: (e: ViewerLoadError) => void = () => undefined;
        const full = new Promise<ProjectSummary>((resolve, reject) => {
          complete = resolve;
          incomplete = reject;
        });
        let s: ProjectSummary = await client.open(inputs, setProgress, (r) => (r instanceof ViewerLoadError ? incomplete(r) : complete(r)));
        // /sch shows a sheet first: it waits for the sheets rather than flash the early board.
        if (!s.complete && initialTab === 'sch') s = await full;
        if (gen !== generation.current) throw new DOMException('cancelled', 'AbortError');
        const shown = new Promise<void>((resolve) => (firstFrame.current = resolve));
        $issues.set(s.issues);
        $sheetPath.set(s.root?.path ?? null);
        $tab.set((initialTab === 'sch' && s.root) || !s.board ? 'sch' : 'pcb');
        $summary.set(s);
        if (!s.complete) {
          // The board is drawn; the sheets, schematic nets and BOM follow, under the status line.
          setReading(true);
          full
            .then((c) => {
              if (gen !== generation.current) return;
              $issues.set(c.issues);
              $sheetPath.set(c.root?.path ?? null);
              $summary.set(c);
            })
            .catch((e: unknown) => {
              if (gen === generation.current && e instanceof ViewerLoadError) $issues.set([...$issues.get(), ...e.issues]);
            })
            .finally(() => {
              if (gen === generation.current) setReading(false);
            });
        }
        // The overlay stays until the first scene is drawn (or failed).
        await Promise.race([shown, new Promise((r) => setTimeout(r, 30_000))]);
      } catch (e) {
        if ((e instanceof DOMException && e.name === 'AbortError') || gen !== generation.current) return;
        if (e instanceof ViewerLoadError) setFailure(e.issues);
        else setFailure([{ key: 'viewer.local.failed', severity: 'error', vars: { reason: e instanceof Error ? e.message : String(e) } }]);
      } finally {
        if (gen === generation.current) {
          setLoading(false);
          setProgress(null);
        }
      }
    },
    [client, initialTab],
  );

  const openStored = useCallback((files: PickedFile[]) => void open(files), [open]);

  const cancel = useCallback(() => {
    generation.current++;
    client.cancel();
    setLoading(false);
    setProgress(null);
    toast(labels.cancelled, 'info');
  }, [client, labels.cancelled]);

  const showOnBoard = useCallback((ref: string) => {
    probe.current = { tab: 'pcb', match: (i) => i.meta['class'] === 'footprint' && i.meta['data-ref'] === ref };
    if ($tab.get() === 'pcb' && scene.current?.kind === 'board') applyProbe(scene.current, 'pcb');
    else $tab.set('pcb');
  }, [applyProbe]);

  const showInSchematic = useCallback(
    (part: PartSummary) => {
      if (!part.sheetPath) return;
      probe.current = { tab: 'sch', match: (i) => i.meta['class'] === 'symbol' && (i.meta['data-uuid'] === part.symbolUuid || i.meta['data-ref'] === part.ref) };
      if ($tab.get() === 'sch' && $sheetPath.get() === part.sheetPath && scene.current?.kind === 'sheet') applyProbe(scene.current, 'sch');
      else {
        $sheetPath.set(part.sheetPath);
        $tab.set('sch');
      }
    },
    [applyProbe],
  );

  /** Search result or BOM reference: go to the part where it is (this tab first). */
  const goToPart = useCallback(
    (ref: string) => {
      const part = $summary.get()?.parts.find((p) => p.ref === ref);
      if (!part) return;
      const onBoard = part.boardLayer !== undefined && $summary.get()?.board;
      if (($tab.get() === 'pcb' && onBoard) || !part.sheetPath) showOnBoard(ref);
      else showInSchematic(part);
    },
    [showOnBoard, showInSchematic],
  );

  const enterSheet = (path: string) => {
    $selected.set(null);
    $sheetPath.set(path);
  };

  // Keys: F fit, Esc clear selection and highlight, / search.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Checkboxes, sliders and colour pickers of the panels take no text: keys still work there.
      const typing = (e.target instanceof HTMLInputElement && !NON_TEXT_INPUTS.has(e.target.type)) || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement;
      if (e.key === 'Escape') {
        if (typing && e.target === search.current) setQuery('');
        $selected.set(null);
        $net.set(null);
        return;
      }
      if (typing || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === 'f' || e.key === 'F') {
        view.current?.fit();
        e.preventDefault();
      } else if (e.key === '/') {
        search.current?.focus();
        e.preventDefault();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Embedded panels (prop, viewerRight) follow this viewer over a BroadcastChannel.
  const channel = useRef<ReturnType<typeof openChannel> | null>(null);
  const shareState = useCallback(() => {
    const s = $summary.get();
    if (!s || !channel.current) return;
    const sel = $selected.get();
    channel.current.post({
      type: 'state',
      name: s.name,
      parts: s.parts,
      bom: s.bom,
      nets: s.nets,
      selection: sel ? { kind: sel.meta['class'] ?? '', layer: sel.layer, meta: { ...sel.meta } } : null,
      net: $net.get(),
    });
  }, []);
  // The assistant's panel (/ecadViewer/ai) reads the open design's summary: BOM lines with the
  // catalogue codes the BOM panel matched. Announced once the project is read completely.
  const matched = useRef<Record<number, string>>({});
  const shareDesign = useCallback(() => {
    const s = $summary.get();
    if (!channel.current) return;
    const summaryOf = s?.complete ? designSummary(s, matched.current) : null;
    channel.current.post({ type: 'design', design: summaryOf?.design ?? null, omitted: summaryOf?.omitted ?? 0 });
  }, []);
  const matchTimer = useRef<number | null>(null);
  const onBomMatch = useCallback(
    (index: number, m: { state: string; hit?: { mfgMpnCode: string } }) => {
      if (m.state !== 'found' || !m.hit) return;
      matched.current = { ...matched.current, [index]: m.hit.mfgMpnCode };
      // Matches arrive in bursts (a few lookups at a time): one announcement after them.
      if (matchTimer.current !== null) window.clearTimeout(matchTimer.current);
      matchTimer.current = window.setTimeout(() => {
        matchTimer.current = null;
        shareDesign();
      }, 300);
    },
    [shareDesign],
  );
  // A closed viewer leaves no design behind in the assistant's panel. Declared before the channel's
  // effect, so on unmount it runs while the channel is still open; a re-opened channel (new
  // callbacks) is not a closed viewer and says nothing.
  useEffect(() => {
    const gone = () => channel.current?.post({ type: 'design', design: null, omitted: 0 });
    window.addEventListener('pagehide', gone);
    return () => {
      window.removeEventListener('pagehide', gone);
      if (matchTimer.current !== null) window.clearTimeout(matchTimer.current);
      gone();
    };
  }, []);
  useEffect(() => {
    channel.current = openChannel((m: BridgeMessage) => {
      if (m.type === 'hello') shareState();
      else if (m.type === 'design-request') shareDesign();
      else if (m.type === 'select-ref') goToPart(m.ref);
      else if (m.type === 'highlight-net') $net.set(m.net);
    });
    return () => channel.current?.close();
  }, [shareState, shareDesign, goToPart]);
  useEffect(() => shareState(), [summary, selected, net, shareState]);
  useEffect(() => {
    // A new project: the old one's matches do not apply.
    matched.current = {};
    shareDesign();
  }, [summary, shareDesign]);

  const save = async () => {
    const files = picked.current;
    if (files.length === 0) return;
    setSaving(true);
    try {
      const form = new FormData();
      const zips = files.filter((f) => f.path.toLowerCase().endsWith('.zip'));
      if (zips.length === 1 && files.length === 1) form.append('file', zips[0]!.file, zips[0]!.file.name);
      else {
        // Folders keep their sub-sheet paths only inside an archive: zip the KiCad files here.
        const { zipSync } = await import('fflate');
        const kicad = files.filter((f) => /\.kicad_(pro|sch|pcb)$/i.test(f.path));
        const entries: Record<string, Uint8Array> = {};
        for (const f of kicad) entries[f.path] = new Uint8Array(await f.file.arrayBuffer());
        form.append('file', new Blob([zipSync(entries)], { type: 'application/zip' }), `${summary?.name ?? 'design'}.zip`);
      }
      const r = await apiFetch<{ designId: number | string }>('/api/chiplet/viewer/upload', { method: 'POST', body: form });
      if (r.code === 200000) toast(labels.saved, 'success');
    } finally {
      setSaving(false);
    }
  };

  const chain = sheetChain(summary?.root ?? null, sheetPath);
  const selectedPart = partOf(summary, selected);
  const results = useMemo(() => (summary ? searchDesign(summary.parts, summary.nets, query, 20, 10, summary.root) : []), [query, summary]);
  const pickResult = (r: (typeof results)[number]) => {
    if (r.kind === 'part') goToPart(r.key);
    else if (r.kind === 'sheet') {
      enterSheet(r.key);
      $tab.set('sch');
    } else {
      $net.set(r.key);
      setRightTab('nets');
    }
    setQuery('');
  };

  const errors = issues.filter((i) => i.severity === 'error');
  const warnings = issues.filter((i) => i.severity === 'warning');
  const stats = summary?.board?.stats;

  return (
    <DropZone onFiles={(f) => void open(f)} className="flex h-[calc(100vh-4rem)] min-h-[520px] flex-col bg-white">
      {stored && <StoredDesignBar designId={stored.designId} labels={stored.labels} galleryHref={stored.galleryHref} onFiles={openStored} />}
      {/* Toolbar */}
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-2" role="toolbar" aria-label={labels.title}>
        {summary && (
          <OpenButtons labels={labels} onFiles={(f) => void open(f)} compact />
        )}
        {summary && (
          <>
            <div className="ml-2 inline-flex rounded-md border border-slate-300 p-0.5 text-xs" role="tablist">
              {(['pcb', 'sch'] as const).map((t) => (
                <button
                  key={t}
                  type="button"
                  role="tab"
                  aria-selected={tab === t}
                  disabled={t === 'pcb' ? !summary.board : !summary.root}
                  className={`rounded px-3 py-1 disabled:opacity-40 ${tab === t ? 'bg-brand-600 text-white' : 'hover:bg-slate-100'}`}
                  onClick={() => $tab.set(t)}
                  data-testid={`tab-${t}`}
                >
                  {t === 'pcb' ? labels.tabPcb : labels.tabSch}
                </button>
              ))}
            </div>
            <button type="button" className="rounded-md border border-slate-300 px-2 py-1 text-xs hover:border-brand-500" onClick={() => view.current?.fit()} data-testid="fit" title="F">
              {labels.fit}
            </button>
            {tab === 'pcb' && (
              <button type="button" aria-pressed={flipped} className={`rounded-md border px-2 py-1 text-xs ${flipped ? 'border-brand-600 bg-brand-50' : 'border-slate-300'}`} onClick={() => $flipped.set(!flipped)} data-testid="flip">
                {labels.flip}
              </button>
            )}
            {tab === 'sch' && (
              <select className="rounded-md border border-slate-300 px-1 py-1 text-xs" value={theme} onChange={(e) => $theme.set(e.currentTarget.value as 'light' | 'dark')} aria-label={labels.theme} data-testid="theme">
                <option value="light">{labels.themeLight}</option>
                <option value="dark">{labels.themeDark}</option>
              </select>
            )}
            <div className="relative ml-auto w-72 max-w-full">
              <input
                ref={search}
                type="search"
                className="w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
                placeholder={labels.searchPlaceholder}
                aria-label={labels.search}
                value={query}
                onChange={(e) => setQuery(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && results[0]) pickResult(results[0]);
                }}
                data-testid="viewer-search"
              />
              {query.trim() !== '' && (
                <ul className="absolute right-0 z-20 mt-1 max-h-80 w-full overflow-auto rounded-md border border-slate-200 bg-white text-sm shadow-lg" data-testid="search-results">
                  {results.length === 0 && <li className="px-2 py-1 text-slate-500">{labels.noResults}</li>}
                  {results.map((r) => (
                    <li key={`${r.kind}:${r.key}`}>
                      <button type="button" className="flex w-full justify-between gap-2 px-2 py-1 text-left hover:bg-slate-100" onClick={() => pickResult(r)} data-testid="search-result">
                        <span className="font-medium">{r.text}</span>
                        <span className="truncate text-xs text-slate-500">{r.kind === 'net' ? labels.resultNet : r.kind === 'sheet' ? `${labels.sheet} ${r.sub}` : r.sub}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {/* A stored design is saved already. */}
            {token !== '' && !stored && (
              <button type="button" disabled={saving} className="rounded-md bg-brand-600 px-3 py-1 text-xs font-medium text-white hover:bg-brand-700 disabled:opacity-50" onClick={() => void save()} data-testid="viewer-save">
                {saving ? labels.saving : labels.save}
              </button>
            )}
          </>
        )}
      </div>

      {/* Stats and breadcrumbs */}
      {summary && (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-slate-200 px-3 py-1 text-xs text-slate-600" data-testid="viewer-stats">
          <span className="font-semibold text-slate-900" data-testid="project-name">{fill(labels.opened, { name: summary.name, ms: summary.ms })}</span>
          {reading && (
            <span className="text-slate-500" role="status" data-testid="viewer-reading">
              {labels.readingSheets}
            </span>
          )}
          {tab === 'pcb' && stats && (
            <>
              <span>{labels.statFootprints} <b data-testid="stat-footprints">{stats.footprints}</b></span>
              <span>{labels.statPads} <b data-testid="stat-pads">{stats.pads}</b></span>
              <span>{labels.statVias} <b data-testid="stat-vias">{stats.vias}</b></span>
              <span>{labels.statTracks} <b data-testid="stat-tracks">{stats.tracks}</b></span>
              <span>{labels.statNets} <b data-testid="stat-nets">{stats.nets}</b></span>
              <span>{labels.statLayers} <b>{stats.copperLayers}</b></span>
              {stats.widthMm > 0 && <span>{labels.statSize} <b>{stats.widthMm} × {stats.heightMm} mm</b></span>}
            </>
          )}
          {tab === 'sch' && (
            <>
              <nav aria-label={labels.sheets} className="flex items-center gap-1" data-testid="breadcrumbs">
                {chain.map((s, i) => (
                  <span key={s.path} className="flex items-center gap-1">
                    {i > 0 && <span aria-hidden="true">/</span>}
                    {i === chain.length - 1 ? (
                      <b aria-current="page">{s.name || labels.rootSheet}</b>
                    ) : (
                      <button type="button" className="text-brand-600 hover:underline" onClick={() => enterSheet(s.path)}>
                        {s.name || labels.rootSheet}
                      </button>
                    )}
                  </span>
                ))}
              </nav>
              {chain.length > 1 && (
                <button type="button" className="rounded border border-slate-300 px-2 py-0.5 hover:border-brand-500" onClick={() => enterSheet(chain[chain.length - 2]!.path)} data-testid="sheet-up">
                  ↑ {labels.up}
                </button>
              )}
              <span>{labels.statSheets} <b data-testid="stat-sheets">{summary.schematicStats.sheets}</b></span>
              <span>{labels.statSymbols} <b data-testid="stat-symbols">{summary.schematicStats.symbols}</b></span>
            </>
          )}
          {(errors.length > 0 || warnings.length > 0) && (
            <details className="ml-auto" data-testid="viewer-problems">
              <summary className={`cursor-pointer ${errors.length > 0 ? 'text-red-700' : 'text-amber-700'}`}>{fill(labels.problemsCount, { errors: errors.length, warnings: warnings.length })}</summary>
              <ul className="absolute right-3 z-20 mt-1 max-h-72 w-[32rem] max-w-[90vw] overflow-auto rounded-md border border-slate-200 bg-white p-2 shadow-lg">
                {[...errors, ...warnings].slice(0, 200).map((p, i) => (
                  <li key={i} className={p.severity === 'error' ? 'text-red-700' : 'text-amber-800'} data-testid="viewer-problem">
                    {problemText(problems, labels, p)}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </div>
      )}

      <div className="flex min-h-0 flex-1">
        {/* Left: layers (board) or sheet tree (schematic) */}
        {summary && (
          <aside className="flex w-56 shrink-0 flex-col border-r border-slate-200" aria-label={tab === 'pcb' ? labels.layers : labels.sheets}>
            {tab === 'pcb' ? (
              <LayerPanel labels={labels} layers={boardLayers} />
            ) : (
              <ul className="min-h-0 flex-1 overflow-auto py-1 text-xs" data-testid="sheet-tree">
                {flatSheets(summary.root).map(({ sheet, depth }) => (
                  <li key={sheet.path}>
                    <button
                      type="button"
                      disabled={sheet.missing}
                      className={`w-full truncate py-1 pr-2 text-left hover:bg-slate-100 disabled:opacity-50 ${sheet.path === sheetPath ? 'bg-brand-50 font-semibold' : ''}`}
                      style={{ paddingLeft: `${0.5 + depth * 0.9}rem` }}
                      onClick={() => enterSheet(sheet.path)}
                      data-testid="sheet-link"
                    >
                      {sheet.name || labels.rootSheet}
                      {sheet.page && <span className="ml-1 text-slate-400">{sheet.page}</span>}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </aside>
        )}

        {/* Canvas */}
        <div className="relative min-w-0 flex-1">
          <canvas
            ref={canvas}
            className="absolute inset-0 h-full w-full touch-none"
            data-testid="viewer-canvas"
            data-backend={backend}
            onPointerDown={(e) => (alt.current = e.altKey)}
            onDoubleClick={(e) => {
              const hit = view.current?.hitTest(e.clientX, e.clientY);
              const uuid = hit?.meta['data-uuid'];
              if ($tab.get() === 'sch' && hit?.meta['class'] === 'sheet' && uuid) {
                const child = chain.at(-1)?.children.find((c) => c.path.endsWith(`/${uuid}`));
                if (child && !child.missing) enterSheet(child.path);
              }
            }}
          />
          {!summary && (
            <div className="absolute inset-0 flex items-center justify-center bg-slate-50 p-6">
              <div className="max-w-xl rounded-xl border-2 border-dashed border-slate-300 bg-white p-8 text-center" data-testid="viewer-empty">
                <h2 className="text-lg font-semibold text-slate-900">{labels.emptyTitle}</h2>
                <p className="mt-2 text-sm text-slate-600">{labels.dropHere}</p>
                <p className="mt-1 text-xs text-slate-500">{labels.accepts}</p>
                <div className="mt-4 flex justify-center">
                  <OpenButtons labels={labels} onFiles={(f) => void open(f)} />
                </div>
                <p className="mt-4 text-xs text-slate-500">{labels.privacy}</p>
                {failure && (
                  <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-left text-sm text-red-800" data-testid="viewer-error">
                    <p className="font-semibold">{labels.openFailed}</p>
                    <ul className="mt-1 list-disc pl-5">
                      {failure.slice(0, 20).map((p, i) => (
                        <li key={i} data-testid="viewer-error-item">{problemText(problems, labels, p)}</li>
                      ))}
                    </ul>
                  </div>
                )}
              </div>
            </div>
          )}
          {summary && tab === 'pcb' && !summary.board && <p className="absolute left-3 top-3 rounded bg-white/90 px-2 py-1 text-sm">{labels.noBoard}</p>}
          {summary && <p className="pointer-events-none absolute bottom-2 left-3 text-[11px] text-slate-400">{labels.keyboard}</p>}
          {summary && <ViewReadouts view={liveView} labels={labels} />}
          {backend === 'canvas2d' && <p className="absolute right-3 top-3 rounded bg-amber-50 px-2 py-1 text-xs text-amber-800">{labels.webglMissing}</p>}
        </div>

        {/* Right: properties, BOM, nets */}
        {summary && (
          <aside className="flex w-96 shrink-0 flex-col border-l border-slate-200" aria-label={labels.properties}>
            <PanelTabs tab={rightTab} onTab={setRightTab} labels={labels} testIdPrefix="right-" />
            <div className="min-h-0 flex-1 overflow-auto">
              {rightTab === 'props' && (
                <PropertiesPanel
                  labels={labels}
                  selection={selected ? { kind: selected.meta['class'] ?? '', layer: selected.layer, meta: { ...selected.meta } } : null}
                  part={selectedPart}
                  activeNet={net}
                  onHighlightNet={(n) => $net.set(n)}
                  onShowOnBoard={selectedPart && tab === 'sch' && selectedPart.boardLayer !== undefined ? () => showOnBoard(selectedPart.ref) : undefined}
                  onShowInSchematic={selectedPart && tab === 'pcb' && selectedPart.sheetPath ? () => showInSchematic(selectedPart) : undefined}
                />
              )}
              {rightTab === 'bom' && (reading ? <p className="p-3 text-sm text-slate-500">{labels.readingSheets}</p> : <BomPanel labels={labels} lines={summary.bom} onPick={goToPart} onMatch={onBomMatch} />)}
              {rightTab === 'nets' && <NetsPanel labels={labels} nets={summary.nets} active={net} onPick={(n) => $net.set(n)} />}
            </div>
          </aside>
        )}
      </div>
      {loading && <LoadOverlay labels={labels} progress={progress} onCancel={cancel} />}
    </DropZone>
  );
}

export default reactIsland(ViewerApp);
