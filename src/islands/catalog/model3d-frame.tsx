import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Viewer, ViewName } from '../../lib/viewer3d/viewer.ts';
import { reactIsland } from '../react-island.ts';

export const MODEL3D_VIEWS = ['iso', 'top', 'bottom', 'front', 'right'] as const satisfies readonly ViewName[];

export type Model3dLabels = {
  alt: string;
  noScript: string;
  loading: string;
  failed: string;
  retry: string;
  noWebgl: string;
  /** '{triangles} triangles' */
  stats: string;
  /** '{met}/{pads} …' */
  aligned: string;
  misaligned: string;
  alignHelp: string;
  viewsGroup: string;
  views: Record<(typeof MODEL3D_VIEWS)[number], string>;
  board: string;
  boardTitle: string;
  reset: string;
  fullscreen: string;
  help: string;
  shown: string;
  /** Only when the preview shows the VRML twin of a STEP file. */
  twin: string | null;
};

/**
 * static: server-rendered (and without JavaScript): says the preview needs JavaScript and WebGL.
 * waiting: hydrated, the frame is not near the viewport yet. drawing: the canvas is shown and the
 * viewer is being created on it.
 */
type Phase = 'static' | 'waiting' | 'loading' | 'drawing' | 'ready' | 'failed' | 'no-webgl';
type Alignment = { verdict: 'aligned' | 'partial' | 'misaligned'; met: string; pads: string };

const BUTTON =
  'rounded border border-slate-300 bg-white/90 px-2 py-0.5 text-xs text-slate-700 shadow-sm hover:border-brand-500 hover:text-brand-600 disabled:opacity-40 aria-pressed:border-brand-500 aria-pressed:bg-brand-50 aria-pressed:text-brand-700';

/**
 * Calls `near` once, when `el` comes within a quarter screen of the viewport (at once without
 * IntersectionObserver): a frame further down loads its engine only when the reader scrolls
 * towards it, not with the page (issue #31 item 3).
 */
function whenNear(el: Element, near: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    near();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      near();
    },
    { rootMargin: '25% 0px' },
  );
  observer.observe(el);
  return () => observer.disconnect();
}

/** The server's check of the model against the footprint's pads (src/lib/catalog/model3d/alignment.ts). */
function readAlignment(meta: Record<string, string>): Alignment | null {
  const verdict = meta.alignment;
  if (verdict !== 'aligned' && verdict !== 'partial' && verdict !== 'misaligned') return null;
  return { verdict, met: meta.alignmentMet ?? '?', pads: meta.alignmentPads ?? '?' };
}

/**
 * The product page's 3D preview frame. The WebGL viewer (src/lib/viewer3d, through the
 * model-viewer.ts chunk) is imported only when the frame comes within a screen of the viewport;
 * a failed download offers a retry; without WebGL the frame says so; without JavaScript the
 * server-rendered frame says what it would show and why it can't.
 */
function Model3dFrame({ src, labels, headers }: { src: string; labels: Model3dLabels; /** For an owner-only mesh (own components: X-token). */ headers?: Record<string, string> }) {
  const figure = useRef<HTMLElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const viewer = useRef<Viewer | null>(null);
  const [phase, setPhase] = useState<Phase>('static');
  const [near, setNear] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [view, setView] = useState<ViewName | null>('iso');
  const [board, setBoard] = useState(true);
  const [triangles, setTriangles] = useState<number | null>(null);
  const [alignment, setAlignment] = useState<Alignment | null>(null);

  useEffect(() => {
    setPhase('waiting');
    return whenNear(figure.current!, () => setNear(true));
  }, []);

  useEffect(() => {
    if (!near) return;
    let alive = true;
    void (async () => {
      setPhase('loading');
      try {
        const engine = await import('./model-viewer.ts');
        if (!alive) return;
        if (!engine.webglSupport()) {
          setPhase('no-webgl');
          return;
        }
        const mesh = await engine.fetchMesh(src, headers);
        if (!alive) return;
        // The viewer measures its canvas: show it before creating the viewer.
        flushSync(() => setPhase('drawing'));
        viewer.current = engine.createViewer(canvas.current!, mesh, { onViewChange: setView });
        setTriangles(viewer.current.stats.triangles);
        setAlignment(readAlignment(mesh.meta ?? {}));
        setBoard(true);
        setPhase('ready');
      } catch (error) {
        if (!alive) return;
        setPhase('failed');
        console.warn('3D preview:', error);
      }
    })();
    return () => {
      alive = false;
      viewer.current?.dispose();
      viewer.current = null;
    };
  }, [near, attempt, src]);

  const status =
    phase === 'static' ? labels.noScript : phase === 'waiting' || phase === 'loading' ? labels.loading : phase === 'failed' ? labels.failed : phase === 'no-webgl' ? labels.noWebgl : '';
  const state = phase === 'drawing' ? 'loading' : phase === 'static' || phase === 'waiting' ? undefined : phase;
  const ready = phase === 'ready';
  const toggleBoard = () => {
    const on = !board;
    setBoard(on);
    for (const kind of ['board', 'pad', 'hole'] as const) viewer.current?.setVisible(kind, on);
  };
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void figure.current?.requestFullscreen?.().catch(() => {});
  };

  return (
    <figure ref={figure} className="rounded border border-slate-200 bg-white text-sm" data-model3d data-state={state} data-testid="model3d-viewer">
      <div className="relative aspect-[4/3] overflow-hidden rounded-t bg-gradient-to-b from-slate-100 to-slate-300" data-model3d-stage>
        <canvas
          ref={canvas}
          className="absolute inset-0 h-full w-full cursor-grab touch-none outline-none focus-visible:ring-2 focus-visible:ring-brand-500 active:cursor-grabbing"
          tabIndex={0}
          role="img"
          aria-label={labels.alt}
          hidden={phase !== 'drawing' && phase !== 'ready'}
          data-model3d-canvas
        />
        {/* Unlike <noscript>, the server-rendered text also covers a script that failed to load. */}
        <p className="absolute inset-0 grid place-items-center px-6 text-center text-slate-500" data-model3d-status role="status" aria-live="polite" hidden={status === ''}>
          <span>
            {status}
            {phase === 'failed' && (
              <button type="button" className="ml-2 text-brand-600 underline" onClick={() => setAttempt((n) => n + 1)}>
                {labels.retry}
              </button>
            )}
          </span>
        </p>
        <div className="absolute inset-x-2 top-2 flex flex-wrap items-start justify-between gap-1" data-model3d-toolbar hidden={!ready}>
          <div className="flex flex-wrap gap-1" role="group" aria-label={labels.viewsGroup}>
            {MODEL3D_VIEWS.map((v) => (
              <button key={v} type="button" className={BUTTON} data-view={v} aria-pressed={view === v} onClick={() => viewer.current?.setView(v)}>
                {labels.views[v]}
              </button>
            ))}
          </div>
          <div className="flex flex-wrap gap-1">
            <button type="button" className={BUTTON} data-toggle-board aria-pressed={board} title={labels.boardTitle} onClick={toggleBoard}>
              {labels.board}
            </button>
            <button type="button" className={BUTTON} data-reset onClick={() => viewer.current?.reset()}>
              {labels.reset}
            </button>
            <button type="button" className={BUTTON} data-fullscreen onClick={toggleFullscreen}>
              {labels.fullscreen}
            </button>
          </div>
        </div>
        <p className="pointer-events-none absolute bottom-1.5 right-2 text-[11px] tabular-nums text-slate-500" data-model3d-stats>
          {ready && triangles !== null ? labels.stats.replace('{triangles}', triangles.toLocaleString(document.documentElement.lang || undefined)) : ''}
        </p>
      </div>
      <figcaption className="space-y-0.5 border-t border-slate-100 px-3 py-2 text-xs text-slate-500">
        <p
          className={alignment?.verdict === 'aligned' ? 'font-medium text-emerald-700' : 'font-medium text-amber-700'}
          data-model3d-alignment
          data-verdict={alignment?.verdict}
          hidden={!alignment}
          title={labels.alignHelp}
        >
          {alignment ? (alignment.verdict === 'aligned' ? labels.aligned : labels.misaligned).replace('{met}', alignment.met).replace('{pads}', alignment.pads) : ''}
        </p>
        <p>{labels.help}</p>
        <p className="break-all">{labels.shown}</p>
        {labels.twin && <p>{labels.twin}</p>}
      </figcaption>
    </figure>
  );
}

export default reactIsland(Model3dFrame);
