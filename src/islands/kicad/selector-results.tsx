import type { PlaceCommand } from '../../lib/client/kicad-host/place-part.ts';
import { fmt, type SelectorLabels } from './selector-labels.ts';
import type { OnPlace, SelectorItem } from './selector-types.ts';

// The result list of /symbolSelector, loaded with the first search: previews, then "place" and
// the single-file commands inside KiCad, or the zip download in a plain browser.

const COMMANDS: [PlaceCommand, string][] = [
  ['DL_SYMBOL', 'symbolOnly'],
  ['DL_FOOTPRINT', 'footprintOnly'],
  ['DL_3DMODEL', 'modelOnly'],
];

function Preview({ src, alt }: { src: string | null; alt: string }) {
  if (!src) return <div className="h-20 w-24 rounded border border-dashed border-slate-200" />;
  return <img src={src} alt={alt} loading="lazy" className="h-20 w-24 rounded border border-slate-200 bg-white object-contain" onError={(e) => (e.currentTarget.style.visibility = 'hidden')} />;
}

export default function SelectorResults({ labels, items, total, canPlace, busy, onPlace }: { labels: SelectorLabels; items: SelectorItem[]; total: number; canPlace: boolean; busy: boolean; onPlace: OnPlace }) {
  if (items.length === 0) return <p className="text-sm text-slate-500">{fmt(labels, 'empty')}</p>;
  return (
    <div>
      <p className="mb-2 text-xs text-slate-500">{fmt(labels, 'total', { total })}</p>
      <ul className="flex flex-col divide-y divide-slate-200 rounded-md border border-slate-200" data-testid="selector-results">
        {items.map((item) => (
          <li key={item.key} data-testid="selector-item" data-key={item.key} className="flex items-center gap-3 p-3">
            <Preview src={item.symbolSvg} alt={fmt(labels, 'symbolAlt', { name: item.mpn })} />
            <Preview src={item.footprintSvg} alt={fmt(labels, 'footprintAlt', { name: item.mpn })} />
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">{item.mpn}</p>
              <p className="truncate text-xs text-slate-600">{[item.brand, item.package, item.description].filter(Boolean).join(' · ')}</p>
              {item.quality && <p className="text-xs text-slate-500">{fmt(labels, 'quality', { quality: item.quality })}</p>}
            </div>
            {canPlace ? (
              <div className="flex flex-wrap justify-end gap-1">
                <button type="button" disabled={busy} onClick={() => onPlace(item, 'DL_COMPONENT')} className="rounded-md bg-blue-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-700 disabled:opacity-50">
                  {fmt(labels, 'place')}
                </button>
                {COMMANDS.map(([command, key]) => (
                  <button key={command} type="button" disabled={busy} onClick={() => onPlace(item, command)} className="rounded-md border border-slate-300 px-2 py-1.5 text-xs text-slate-700 hover:bg-slate-50 disabled:opacity-50">
                    {fmt(labels, key)}
                  </button>
                ))}
              </div>
            ) : item.download === null ? null : (
              <a href={item.download} download className="rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50">
                {fmt(labels, 'download')}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
