import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { relativePath } from '../../lib/kicad-viewer/viewer-client.ts';
import type { ViewerLabels } from './labels.ts';

// Opening files: a file picker (several files), a folder picker (webkitdirectory keeps the
// relative paths sub-sheets need), a zip picker, and dropping files or folders anywhere on the
// zone. Nothing leaves the browser.

export type PickedFile = { file: File; path: string };

const fromList = (list: FileList | null): PickedFile[] => [...(list ?? [])].map((file) => ({ file, path: relativePath(file) }));

/** Files of a drop, folders walked (entries API) so their paths are kept. */
async function fromDrop(dt: DataTransfer): Promise<PickedFile[]> {
  const entries = [...dt.items].map((i) => i.webkitGetAsEntry?.()).filter((e): e is FileSystemEntry => !!e);
  if (entries.length === 0) return fromList(dt.files);
  const out: PickedFile[] = [];
  const walk = async (entry: FileSystemEntry, prefix: string): Promise<void> => {
    if (entry.isFile) {
      const file = await new Promise<File>((res, rej) => (entry as FileSystemFileEntry).file(res, rej));
      out.push({ file, path: prefix + entry.name });
    } else if (entry.isDirectory) {
      const reader = (entry as FileSystemDirectoryEntry).createReader();
      // readEntries answers in chunks until an empty one.
      for (;;) {
        const chunk = await new Promise<FileSystemEntry[]>((res, rej) => reader.readEntries(res, rej));
        if (chunk.length === 0) break;
        for (const c of chunk) await walk(c, `${prefix}${entry.name}/`);
      }
    }
  };
  for (const e of entries) await walk(e, '');
  return out;
}

export function OpenButtons({ labels, onFiles, compact = false }: { labels: ViewerLabels; onFiles: (files: PickedFile[]) => void; compact?: boolean }) {
  const files = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  const zip = useRef<HTMLInputElement>(null);
  const take = (input: HTMLInputElement | null) => {
    if (!input) return;
    const picked = fromList(input.files);
    input.value = '';
    if (picked.length > 0) onFiles(picked);
  };
  const cls = compact ? 'rounded-md border border-slate-300 bg-white px-2 py-1 text-xs hover:border-brand-500' : 'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:border-brand-500';
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className={cls} onClick={() => files.current?.click()} data-testid="open-files">
        {labels.openFiles}
      </button>
      <button type="button" className={cls} onClick={() => folder.current?.click()} data-testid="open-folder">
        {labels.openFolder}
      </button>
      <button type="button" className={cls} onClick={() => zip.current?.click()} data-testid="open-zip">
        {labels.openZip}
      </button>
      <input ref={files} type="file" multiple hidden accept=".kicad_pro,.kicad_sch,.kicad_pcb,.kicad_prl,.kicad_wks,.sch,.brd,.pro,.zip" onChange={(e) => take(e.currentTarget)} data-testid="input-files" />
      {/* webkitdirectory is not in React's types: set as a plain attribute. */}
      <input ref={folder} type="file" hidden {...{ webkitdirectory: '', directory: '' }} onChange={(e) => take(e.currentTarget)} data-testid="input-folder" />
      <input ref={zip} type="file" hidden accept=".zip,application/zip" multiple onChange={(e) => take(e.currentTarget)} data-testid="input-zip" />
    </div>
  );
}

export function DropZone({ onFiles, children, className = '' }: { onFiles: (files: PickedFile[]) => void; children: ReactNode; className?: string }) {
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void fromDrop(e.dataTransfer).then((f) => f.length > 0 && onFiles(f));
  };
  return (
    <div
      className={`${className} ${over ? 'ring-4 ring-brand-500/50' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="drop-zone"
    >
      {children}
    </div>
  );
}
