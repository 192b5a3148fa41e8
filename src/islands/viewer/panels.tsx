import { useEffect, useRef, useState } from 'react';
import type { BomLineSummary, NetSummary, PartSummary } from '../../lib/kicad-viewer/protocol.ts';
import { productPath } from '../../lib/seo/seo.ts';
import { matchBomLines, type CatalogMatch } from './catalog-match.ts';
import { fill, type ViewerLabels } from './labels.ts';
import type { SharedSelection } from './viewer-bridge.ts';

// The right panel's three views (properties, BOM, nets): plain components on props, used by the
// viewer page and by the stand-alone panels (/ecadViewer/prop, /ecadViewer/viewerRight).

const KIND_FIELDS = new Set(['class', 'data-ref', 'data-net', 'data-number', 'data-uuid', 'data-value', 'data-lib-id', 'data-type', 'data-layers', 'data-shape', 'data-name', 'data-file']);

export function PropertiesPanel({
  labels,
  selection,
  part,
  onShowOnBoard,
  onShowInSchematic,
  onHighlightNet,
  activeNet,
}: {
  labels: ViewerLabels;
  selection: SharedSelection | null;
  part: PartSummary | undefined;
  onShowOnBoard?: (() => void) | undefined;
  onShowInSchematic?: (() => void) | undefined;
  onHighlightNet?: ((net: string | null) => void) | undefined;
  activeNet: string | null;
}) {
  if (!selection && !part) return <p className="p-3 text-sm text-slate-500" data-testid="props-empty">{labels.nothingSelected}</p>;
  const meta = selection?.meta ?? {};
  const rows: [string, string, string][] = [];
  const add = (id: string, label: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') rows.push([id, label, String(value)]);
  };
  add('kind', labels.kind, meta['class'] ?? selection?.kind);
  add('ref', labels.reference, part?.ref ?? meta['data-ref']);
  add('value', labels.value, part?.value ?? meta['data-value']);
  add('footprint', labels.footprint, part?.footprint);
  if (meta['class'] === 'pad') add('pad', labels.pad, meta['data-number']);
  if (meta['class'] === 'pin') add('pin', labels.pin, meta['data-number']);
  add('net', labels.net, meta['data-net']);
  // Board layers only (F.Cu, B.SilkS…): a schematic painter's layer names mean nothing to the user.
  if (selection && selection.layer.includes('.') && !selection.layer.startsWith(':')) add('layer', labels.layer, selection.layer);
  else add('layer', labels.layer, part?.boardLayer);
  if (part?.x !== undefined && part.y !== undefined) add('position', labels.position, `${part.x.toFixed(3)}, ${part.y.toFixed(3)}`);
  if (part?.rotation) add('rotation', labels.rotation, `${part.rotation}°`);
  add('pads', labels.pads, part?.pads);
  if (part?.dnp) add('dnp', labels.dnp, '✓');
  for (const [k, v] of Object.entries(meta)) if (!KIND_FIELDS.has(k) && k.startsWith('data-')) add(k, k.slice(5), v);
  const net = meta['data-net'];
  return (
    <div className="grid gap-3 p-3 text-sm" data-testid="props-panel">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1">
        {rows.map(([id, label, value]) => (
          <div key={id} className="contents" data-testid={`prop-${id}`}>
            <dt className="text-slate-500">{label}</dt>
            <dd className="break-all font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {part && Object.keys(part.fields).length > 0 && (
        <div>
          <h3 className="mb-1 text-xs font-semibold uppercase text-slate-500">{labels.fields}</h3>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1" data-testid="prop-fields">
            {Object.entries(part.fields).map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-slate-500">{k}</dt>
                <dd className="break-all text-slate-900">{/^https?:\/\//.test(v) ? <a className="text-brand-600 underline" href={v} target="_blank" rel="noopener noreferrer">{v}</a> : v}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {onShowOnBoard && (
          <button type="button" className="rounded-md border border-slate-300 px-2 py-1 text-xs hover:border-brand-500" onClick={onShowOnBoard} data-testid="show-on-board">
            {labels.showOnBoard}
          </button>
        )}
        {onShowInSchematic && (
          <button type="button" className="rounded-md border border-slate-300 px-2 py-1 text-xs hover:border-brand-500" onClick={onShowInSchematic} data-testid="show-in-schematic">
            {labels.showInSchematic}
          </button>
        )}
        {onHighlightNet && net && (
          <button type="button" className="rounded-md border border-slate-300 px-2 py-1 text-xs hover:border-brand-500" onClick={() => onHighlightNet(activeNet === net ? null : net)} data-testid="highlight-net">
            {activeNet === net ? labels.clearHighlight : labels.highlightNet}
          </button>
        )}
      </div>
    </div>
  );
}

export function BomPanel({
  labels,
  lines,
  onPick,
  lookup = true,
  onMatch,
}: {
  labels: ViewerLabels;
  lines: BomLineSummary[];
  onPick?: (ref: string) => void;
  lookup?: boolean;
  /** Each line's catalogue match as it arrives (the viewer passes the codes on to the assistant). */
  onMatch?: (index: number, m: CatalogMatch) => void;
}) {
  const [matches, setMatches] = useState<Record<number, CatalogMatch>>({});
  const matchRef = useRef(onMatch);
  matchRef.current = onMatch;
  useEffect(() => {
    if (!lookup) return;
    const ctl = new AbortController();
    setMatches({});
    void matchBomLines(
      lines,
      (i, m) => {
        setMatches((prev) => ({ ...prev, [i]: m }));
        matchRef.current?.(i, m);
      },
      ctl.signal,
    );
    return () => ctl.abort();
  }, [lines, lookup]);
  if (lines.length === 0) return <p className="p-3 text-sm text-slate-500">{labels.bomEmpty}</p>;
  return (
    <div className="overflow-auto" data-testid="bom-panel">
      <table className="w-full table-fixed text-xs">
        <thead className="sticky top-0 bg-slate-100 text-left text-slate-600">
          <tr>
            <th className="w-10 px-2 py-1">{labels.quantity}</th>
            <th className="px-2 py-1">{labels.value}</th>
            <th className="w-28 px-2 py-1">{labels.refs}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => {
            const m = matches[i];
            return (
              <tr key={i} className="border-t border-slate-200 align-top" data-testid="bom-line">
                <td className="px-2 py-1 tabular-nums">{l.quantity}</td>
                <td className="break-words px-2 py-1">
                  <div className="font-medium text-slate-900">{l.value}</div>
                  {/* The library prefix (Capacitor_SMD:) says nothing the name does not. */}
                  <div className="text-slate-500" title={l.footprint}>{l.footprint.slice(l.footprint.indexOf(':') + 1)}</div>
                  {(l.mpn || l.manufacturer || l.lcsc) && <div className="text-slate-500">{[l.manufacturer, l.mpn, l.lcsc && `${labels.lcsc} ${l.lcsc}`].filter(Boolean).join(' · ')}</div>}
                  <div data-testid="bom-catalog">
                    {m?.state === 'found' ? (
                      <a className="text-brand-600 underline" href={productPath(m.hit.mfgMpnCode)} target="_blank" rel="noopener">
                        {labels.catalogPart}: {m.hit.mpn} · {m.hit.brandName}
                      </a>
                    ) : m?.state === 'looking' ? (
                      <span className="text-slate-400">{labels.catalogLooking}</span>
                    ) : m?.state === 'none' ? (
                      <span className="text-slate-400">
                        {labels.catalogPart}: {labels.catalogNone}
                      </span>
                    ) : null}
                  </div>
                </td>
                <td className="px-2 py-1">
                  {l.refs.map((r) => (
                    <button key={r} type="button" className="mr-1 text-brand-600 hover:underline" onClick={() => onPick?.(r)}>
                      {r}
                    </button>
                  ))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function NetsPanel({ labels, nets, active, onPick }: { labels: ViewerLabels; nets: NetSummary[]; active: string | null; onPick: (net: string | null) => void }) {
  const [filter, setFilter] = useState('');
  const shown = filter ? nets.filter((n) => n.name.toLowerCase().includes(filter.toLowerCase())) : nets;
  return (
    <div className="flex min-h-0 flex-col" data-testid="nets-panel">
      <input className="m-2 rounded-md border border-slate-300 px-2 py-1 text-sm" placeholder={labels.search} value={filter} onChange={(e) => setFilter(e.target.value)} aria-label={labels.search} />
      <ul className="min-h-0 flex-1 overflow-auto text-xs">
        {shown.slice(0, 2000).map((n) => (
          <li key={n.name}>
            <button
              type="button"
              className={`flex w-full justify-between gap-2 px-2 py-1 text-left hover:bg-slate-100 ${active === n.name ? 'bg-amber-100 font-semibold' : ''}`}
              onClick={() => onPick(active === n.name ? null : n.name)}
              aria-pressed={active === n.name}
              data-testid="net-row"
            >
              <span className="break-all">{n.name}</span>
              <span className="shrink-0 text-slate-500">{fill(labels.netPads, { pads: n.pads, pins: n.pins })}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
