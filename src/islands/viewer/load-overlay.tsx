import { useEffect, useRef } from 'react';
import type { LoadProgress } from '../../lib/kicad-viewer/protocol.ts';
import { confirmDialog } from '../../lib/client/confirm-dialog.ts';
import { fill, type ViewerLabels } from './labels.ts';

// SPEC §2's full-screen "Analyzing your files" overlay with the worker's real progress (files
// read of all, the file being read); cancel asks '确定取消上传?' first.

export function LoadOverlay({ labels, progress, onCancel }: { labels: ViewerLabels; progress: LoadProgress | null; onCancel: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  const askCancel = async () => {
    const yes = await confirmDialog({ title: labels.overlayConfirmCancel, body: labels.cancelBody, confirm: labels.cancelYes, cancel: labels.cancelNo }, 'viewer-cancel-confirm');
    if (yes) onCancel();
  };
  const p = progress;
  const pct = p && p.filesTotal > 0 ? Math.round((100 * (p.bytesTotal > 0 ? p.bytesDone / p.bytesTotal : p.filesDone / p.filesTotal))) : 0;
  const line =
    !p || p.phase === 'read' ? labels.progressUnzip
    : p.phase === 'unzip' ? labels.progressUnzip
    : p.phase === 'hierarchy' ? labels.progressHierarchy
    : p.phase === 'analyse' ? labels.progressAnalyse
    : p.phase === 'done' ? labels.progressDraw
    : p.file ? fill(labels.progressFile, { file: p.file }) : '';
  return (
    <dialog
      ref={dialog}
      className="m-0 h-screen max-h-none w-screen max-w-none bg-slate-900/70 p-0 backdrop:bg-transparent"
      aria-labelledby="viewer-overlay-title"
      data-testid="viewer-overlay"
      onCancel={(e) => {
        e.preventDefault();
        void askCancel();
      }}
    >
      <div className="flex h-full flex-col items-center justify-center gap-4 text-center text-white">
        <button type="button" className="absolute right-6 top-6 rounded-full p-2 text-2xl leading-none hover:bg-white/10" aria-label={labels.overlayClose} onClick={() => void askCancel()} data-testid="overlay-close">
          ×
        </button>
        <div className="h-12 w-12 animate-spin rounded-full border-4 border-white/30 border-t-white" aria-hidden="true"></div>
        <h2 id="viewer-overlay-title" className="text-xl font-semibold">{labels.overlayTitle}</h2>
        <p className="max-w-md text-sm text-white/80">{labels.overlayBody}</p>
        <div className="w-80 max-w-[90vw]">
          <div className="h-2 overflow-hidden rounded bg-white/20" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
            <div className="h-full bg-white transition-[width]" style={{ width: `${pct}%` }} />
          </div>
          <p className="mt-2 text-sm tabular-nums" data-testid="overlay-count">{p ? fill(labels.progressFiles, { done: p.filesDone, total: p.filesTotal }) : ''}</p>
          <p className="mt-1 truncate text-xs text-white/70" data-testid="overlay-file">{line}</p>
        </div>
        <button type="button" className="rounded-md border border-white/40 px-4 py-1.5 text-sm hover:bg-white/10" onClick={() => void askCancel()} data-testid="overlay-cancel">
          {labels.overlayCancel}
        </button>
      </div>
    </dialog>
  );
}
