import { useRef, useState } from 'react';
import { AI_LIMITS } from '../../lib/ai/ai.ts';
import { apiFetch, SessionEndedError } from '../../lib/client/api.ts';
import { uploadDatasheet, type DatasheetUpload as Upload } from '../../lib/client/ai-api.ts';
import { checkPdf } from './chat-logic.ts';
import { fill, type AiLabels } from './labels.ts';

// A logged-in user's datasheet upload beside the chat: checked in the page first (a PDF, at most
// AI_LIMITS.pdfBytes), then sent; the result says how many pages were indexed or why not (the
// server's reason, e.g. 'no text layer'), and offers a question about it.

type Props = { labels: AiLabels; onAsk: (question: string) => void };
type State =
  | { kind: 'idle' }
  | { kind: 'refused'; message: string }
  | { kind: 'uploading'; name: string }
  | { kind: 'done'; sheet: Upload };

const POLL_MS = 1500;
const POLL_TRIES = 40;

export function DatasheetUpload({ labels, onAsk }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });

  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const refusal = checkPdf(file, labels);
    if (refusal) return setState({ kind: 'refused', message: refusal });
    setState({ kind: 'uploading', name: file.name });
    try {
      const r = await uploadDatasheet(file);
      if (r.code !== 200000) return setState({ kind: 'refused', message: r.msg || labels.failedGeneric });
      let sheet = r.result;
      setState({ kind: 'done', sheet });
      // Indexing may finish after the upload answers: follow it for a while.
      for (let i = 0; i < POLL_TRIES && sheet.status !== 'ok' && sheet.status !== 'failed'; i++) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        const list = await apiFetch<{ list: Upload[] }>('/api/rag/datasheets', { query: { pageNum: 1, pageSize: 50 }, suppressError: true });
        const found = list.code === 200000 ? list.result.list.find((d) => d.id === sheet.id) : undefined;
        if (found) {
          sheet = found;
          setState({ kind: 'done', sheet });
        }
      }
    } catch (error) {
      if (!(error instanceof SessionEndedError)) setState({ kind: 'refused', message: labels.failedGeneric });
    }
  };

  const mb = AI_LIMITS.pdfBytes / 1024 / 1024;
  return (
    <div className="flex flex-col gap-1 text-xs" data-testid="ai-upload">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={() => input.current?.click()}
          disabled={state.kind === 'uploading'}
          className="rounded-md border border-slate-300 px-2 py-1 text-slate-700 hover:border-brand-500 disabled:opacity-50"
          data-testid="ai-upload-button"
        >
          {labels.upload}
        </button>
        <span className="text-slate-500">{fill(labels.uploadHelp, { mb })}</span>
        <input
          ref={input}
          type="file"
          accept="application/pdf,.pdf"
          className="sr-only"
          tabIndex={-1}
          aria-label={labels.upload}
          onChange={(e) => void pick(e.target.files?.[0])}
          data-testid="ai-upload-input"
        />
      </div>
      <div role="status" aria-live="polite" data-testid="ai-upload-status">
        {state.kind === 'refused' && <p className="text-red-600">{state.message}</p>}
        {state.kind === 'uploading' && <p className="text-slate-600">{fill(labels.uploading, { name: state.name })}</p>}
        {state.kind === 'done' && <SheetStatus sheet={state.sheet} labels={labels} onAsk={onAsk} />}
      </div>
    </div>
  );
}

function SheetStatus({ sheet, labels, onAsk }: { sheet: Upload } & Props) {
  if (sheet.status === 'failed') {
    return <p className="text-red-600" data-status="failed">{fill(labels.uploadFailed, { title: sheet.title, reason: sheet.error || labels.failedGeneric })}</p>;
  }
  if (sheet.status !== 'ok') return <p className="text-slate-600" data-status={sheet.status}>{fill(labels.uploadPending, { title: sheet.title })}</p>;
  return (
    <p className="text-emerald-700" data-status="ready">
      {fill(labels.uploadReady, { title: sheet.title, pages: sheet.pages })}{' '}
      <button type="button" className="text-brand-700 underline" onClick={() => onAsk(fill(labels.askAboutQuestion, { title: sheet.title }))} data-testid="ai-ask-about">
        {labels.askAbout}
      </button>
    </p>
  );
}
