import { useEffect, useRef, useState } from 'react';
import type { AssetOut, ComponentDetail } from '../../lib/library/components.schema.ts';
import type { Severity } from '../../lib/library/library.ts';
import Model3dFrame, { type Model3dLabels } from '../catalog/model3d-frame.tsx';
import { $token } from '../../lib/client/store.ts';
import { fill, privateBlobUrl } from './component-editor-api.ts';

// Pieces of the own-component editor (component-editor.tsx): the drop zone, an uploaded file's
// summary, the previews (owner-only, fetched with the session and shown from blob URLs) and the
// check's findings with severity icons and plain sentences.

export type Labels = (key: string) => string;

export function DropZone({ L, busy, megabytes, onFiles }: { L: Labels; busy: boolean; megabytes: number; onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  return (
    <div
      className={`rounded-lg border-2 border-dashed p-5 text-center text-sm transition-colors ${over ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50'}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const files = [...e.dataTransfer.files];
        if (files.length > 0) onFiles(files);
      }}
      data-testid="component-drop"
    >
      <p className="text-slate-700">
        {L('dropTitle')}{' '}
        <button type="button" className="font-medium text-brand-700 underline focus-visible:outline-2 focus-visible:outline-brand-500" onClick={() => input.current?.click()} disabled={busy}>
          {L('dropChoose')}
        </button>
      </p>
      <p className="mt-1 text-xs text-slate-500">{fill(L('dropHelp'), { megabytes })}</p>
      {busy && (
        <p className="mt-2 text-xs text-slate-600" role="status">
          {L('uploading')}
        </p>
      )}
      <input
        ref={input}
        type="file"
        multiple
        accept=".kicad_sym,.kicad_mod,.wrl,.step,.stp,.pdf"
        className="sr-only"
        aria-label={L('dropChoose')}
        data-testid="component-file-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}

/** One slot's file: its name and what reading it found. */
export function AssetLine({ L, title, asset, testId }: { L: Labels; title: string; asset: AssetOut | null; testId: string }) {
  const info = (asset?.info ?? {}) as { symbols?: { name: string; pins: number }[]; pads?: number; triangles?: number | null };
  let detail = '';
  if (asset?.kind === 'footprint' && typeof info.pads === 'number') detail = fill(L('footprintPads'), { pads: info.pads });
  if (asset?.kind === 'model3d' && typeof info.triangles === 'number') detail = fill(L('modelTriangles'), { triangles: info.triangles });
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 text-sm" data-testid={testId} data-file={asset?.fileName ?? ''}>
      <span className="w-20 shrink-0 font-medium text-slate-700">{title}</span>
      {asset ? (
        <>
          <span className="break-all font-mono text-slate-900">{asset.fileName}</span>
          {detail && <span className="text-xs text-slate-500">{detail}</span>}
        </>
      ) : (
        <span className="text-slate-400">{L('noAsset')}</span>
      )}
    </div>
  );
}

/** An owner-only address as a blob URL, refetched when the address changes. */
function usePrivateUrl(url: string | null): string | null {
  const [blob, setBlob] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return setBlob(null);
    const ctrl = new AbortController();
    let made: string | null = null;
    void privateBlobUrl(url, ctrl.signal)
      .then((b) => {
        made = b;
        if (!ctrl.signal.aborted) setBlob(b);
      })
      .catch(() => undefined);
    return () => {
      ctrl.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  return blob;
}

function SvgPreview({ L, title, url, testId }: { L: Labels; title: string; url: string | null; testId: string }) {
  const src = usePrivateUrl(url);
  return (
    <figure className="flex flex-col rounded border border-slate-200 bg-white" data-testid={testId} data-loaded={src ? 'true' : 'false'}>
      <div className="grid aspect-[4/3] place-items-center overflow-hidden bg-slate-50 p-2">
        {src ? <img src={src} alt={title} className="max-h-full max-w-full object-contain" /> : <span className="text-xs text-slate-400">{L('previewNone')}</span>}
      </div>
      <figcaption className="border-t border-slate-100 px-3 py-1.5 text-xs text-slate-600">{title}</figcaption>
    </figure>
  );
}

function ModelPreview({ L, url, step, labels }: { L: Labels; url: string | null; step: boolean; labels: Model3dLabels }) {
  // The frame fetches the mesh itself with the session (the page's CSP does not let fetch read blob: URLs).
  if (url) return <Model3dFrame key={url} src={url} labels={labels} headers={{ 'X-token': $token.get() }} />;
  return (
    <figure className="flex flex-col rounded border border-slate-200 bg-white" data-testid="component-model-empty">
      <div className="grid aspect-[4/3] place-items-center bg-slate-50 p-4 text-center text-xs text-slate-500">{step ? L('previewStep') : L('previewNone')}</div>
      <figcaption className="border-t border-slate-100 px-3 py-1.5 text-xs text-slate-600">{L('previewModel')}</figcaption>
    </figure>
  );
}

export function Previews({ L, detail, model3dLabels }: { L: Labels; detail: ComponentDetail | null; model3dLabels: Model3dLabels }) {
  const p = detail?.previews;
  return (
    <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-1">
      <SvgPreview L={L} title={L('previewSymbol')} url={p?.symbolSvg ?? null} testId="component-symbol-preview" />
      <SvgPreview L={L} title={L('previewFootprint')} url={p?.footprintSvg ?? null} testId="component-footprint-preview" />
      <div data-testid="component-model-preview">
        <ModelPreview L={L} url={p?.model3d ?? null} step={detail?.model3d?.format === 'step'} labels={model3dLabels} />
      </div>
    </div>
  );
}

const SEVERITY_STYLE: Record<Severity, { icon: string; className: string }> = {
  error: { icon: 'M6 6l12 12M18 6L6 18', className: 'text-red-700' },
  warning: { icon: 'M12 4l9 16H3zM12 10v4M12 17v.5', className: 'text-amber-700' },
  info: { icon: 'M12 8v.5M12 11v5M4 12a8 8 0 1 0 16 0 8 8 0 0 0-16 0', className: 'text-sky-700' },
};

export function Findings({ L, findings, testId }: { L: Labels; findings: readonly { code: string; severity: Severity; text: string }[]; testId: string }) {
  return (
    <ul className="space-y-1.5" data-testid={testId}>
      {findings.map((f, i) => {
        const s = SEVERITY_STYLE[f.severity];
        return (
          <li key={`${f.code}-${i}`} className="flex items-start gap-2 text-sm" data-testid="component-finding" data-code={f.code} data-severity={f.severity}>
            <svg className={`mt-0.5 shrink-0 ${s.className}`} width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
              <path d={s.icon} />
            </svg>
            <span>
              <span className={`font-medium ${s.className}`}>{L(`severity.${f.severity}`)}</span>
              <span className="text-slate-400">: </span>
              <span className="text-slate-800">{f.text}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
