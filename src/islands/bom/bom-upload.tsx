import { useRef, useState, type DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { BomApiError, uploadBom, type BomUploadResult } from '../../lib/client/bom-api.ts';
import { fill, type BomLabels } from './labels.ts';

export const BOM_EXTENSIONS = ['xlsx', 'xls', 'csv', 'tsv'] as const;
const ACCEPT = BOM_EXTENSIONS.map((e) => `.${e}`).join(',');

/** What is wrong with a file before it is sent (the server checks again, and reads the content). */
export function fileProblem(file: File, maxBytes: number, labels: BomLabels): string | null {
  const ext = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!(BOM_EXTENSIONS as readonly string[]).includes(ext)) return fill(labels.fileType, { name: file.name });
  if (file.size > maxBytes) return fill(labels.fileTooLarge, { name: file.name, mb: Math.round(maxBytes / 1048576) });
  return null;
}

/**
 * The drop zone: drag a file onto it or pick one. The server's answer is shown beside it as it
 * comes: its refusal (too large, password-protected, not a spreadsheet…) or its warnings.
 */
export function BomUpload({ labels, maxBytes, onUploaded }: { labels: BomLabels; maxBytes: number; onUploaded: (result: BomUploadResult) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async (file: File | undefined) => {
    if (!file || busy) return;
    setError(null);
    const problem = fileProblem(file, maxBytes, labels);
    if (problem) return setError(problem);
    setBusy(file.name);
    try {
      onUploaded(await uploadBom(file));
    } catch (e) {
      setError(e instanceof BomApiError && e.message ? e.message : labels.uploadFailed);
    } finally {
      setBusy(null);
      if (input.current) input.current.value = '';
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void send(event.dataTransfer.files[0]);
  };

  return (
    <div>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="bom-dropzone"
        data-dragging={dragging || undefined}
        aria-busy={busy !== null}
        className={`flex flex-col items-center justify-center rounded-xl border-2 border-dashed px-6 py-12 text-center transition-colors ${dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-white'}`}
      >
        <svg width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" className="text-brand-600" aria-hidden="true">
          <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {busy ? (
          <p className="mt-3 text-sm text-slate-700" role="status" data-testid="bom-uploading">
            {fill(labels.uploading, { name: busy })}
          </p>
        ) : (
          <p className="mt-3 text-sm text-slate-700">
            {labels.drop}{' '}
            <Button type="button" variant="link" className="h-auto p-0" onClick={() => input.current?.click()} data-testid="bom-pick">
              {labels.pick}
            </Button>
          </p>
        )}
        <p className="mt-1 text-xs text-slate-500">{fill(labels.formats, { mb: Math.round(maxBytes / 1048576) })}</p>
        <input ref={input} type="file" accept={ACCEPT} className="sr-only" tabIndex={-1} aria-label={labels.uploadTitle} data-testid="bom-file" onChange={(e) => void send(e.target.files?.[0])} />
      </div>
      {error && (
        <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="bom-upload-error">
          {error}
        </p>
      )}
    </div>
  );
}
