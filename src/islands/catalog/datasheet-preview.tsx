import { useEffect, useRef, useState } from 'react';
import { track } from './track.ts';
import { reactIsland } from '../react-island.ts';

export type DatasheetPreviewLabels = { toggle: string; note: string; open: string; frameTitle: string };

/**
 * The product page's in-page datasheet preview: a <details> whose frame loads the PDF only when
 * opened (and counts the open, SPEC §3 pdfCount). Without JavaScript a <noscript> frame loads it.
 */
function DatasheetPreview({ mfgMpnCode, url, labels }: { mfgMpnCode: string; url: string; labels: DatasheetPreviewLabels }) {
  const details = useRef<HTMLDetailsElement>(null);
  const [src, setSrc] = useState<string | undefined>(undefined);
  const loaded = useRef(false);

  const opened = () => {
    if (!details.current?.open || loaded.current) return;
    loaded.current = true;
    setSrc(url);
    track('/api/chiplet/mark/add', { mKey: mfgMpnCode, mType: 'COMPONENT', pdfCount: 1 });
  };
  // Opened before the island hydrated: load it now.
  useEffect(opened, []);

  return (
    <details ref={details} className="rounded border border-slate-200 bg-white" onToggle={opened} data-pdf-preview>
      <summary className="cursor-pointer select-none px-3 py-2 text-sm text-brand-600" data-testid="datasheet-preview-toggle">
        {labels.toggle}
      </summary>
      <div className="border-t border-slate-100 p-2">
        <p className="mb-2 text-xs text-slate-500">
          {labels.note}{' '}
          <a href={url} target="_blank" rel="noopener nofollow" className="text-brand-600 hover:underline" data-mark="pdf">
            {labels.open} ↗
          </a>
        </p>
        <iframe src={src} title={labels.frameTitle} className="h-[70vh] w-full rounded border border-slate-200 bg-slate-100" referrerPolicy="no-referrer" data-testid="datasheet-frame" />
        <noscript>
          <iframe src={url} loading="lazy" title={labels.frameTitle} className="h-[70vh] w-full rounded border border-slate-200" referrerPolicy="no-referrer" />
        </noscript>
      </div>
    </details>
  );
}

export default reactIsland(DatasheetPreview);
