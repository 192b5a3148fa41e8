import { createColumnHelper, tableFeatures } from '@tanstack/react-table';
import type { BomChosenOffer, BomLineStatus } from '../../lib/bom/bom.schema.ts';
import type { BomLineView } from '../../lib/client/bom-api.ts';
import { productPath, replacementPath, type BomLocale } from './bom-paths.ts';
import { cellText, type EditableField } from './grid-lines.ts';
import { fill, type BomLabels } from './labels.ts';

// The grid's columns: TanStack Table definitions (core features only: filtering is done on the
// data, sorting is the sheet's order) plus each column's width and, for the user's cells, the
// field a cell edits.

export const gridFeatures = tableFeatures({});
const helper = createColumnHelper<typeof gridFeatures, BomLineView>();

export type GridColumnId = 'select' | 'row' | 'status' | EditableField | 'total' | 'chosen' | 'partBrand' | 'partPackage' | 'offer' | 'confidence' | 'actions';
export type GridColumnSpec = { id: GridColumnId; width: number; edit?: EditableField };

// Issue #30 item 5: at 1440 px (the grid 1,390 px wide, the candidate panel below it) the first
// columns — status, designators, quantity, the user's MPN and value, and the matched part (full
// MPN, brand, package, price and stock) — fit without sideways scrolling (1,300 px); the user's
// other columns follow and may scroll.
export const GRID_COLUMNS: readonly GridColumnSpec[] = [
  { id: 'select', width: 32 },
  { id: 'row', width: 44 },
  { id: 'status', width: 80 },
  { id: 'designators', width: 120, edit: 'designators' },
  { id: 'quantity', width: 60, edit: 'quantity' },
  { id: 'total', width: 56 },
  { id: 'mpn', width: 170, edit: 'mpn' },
  { id: 'value', width: 90, edit: 'value' },
  { id: 'chosen', width: 200 },
  { id: 'partBrand', width: 120 },
  { id: 'partPackage', width: 100 },
  { id: 'offer', width: 160 },
  { id: 'confidence', width: 68 },
  { id: 'manufacturer', width: 120, edit: 'manufacturer' },
  { id: 'description', width: 230, edit: 'description' },
  { id: 'package', width: 110, edit: 'package' },
  { id: 'actions', width: 90 },
];
export const GRID_TEMPLATE = GRID_COLUMNS.map((c) => `${c.width}px`).join(' ');
export const GRID_WIDTH = GRID_COLUMNS.reduce((sum, c) => sum + c.width, 0);

export const STATUS_TONE: Record<BomLineStatus, string> = {
  exact: 'bg-emerald-100 text-emerald-800',
  matched: 'bg-brand-100 text-brand-700',
  doubtful: 'bg-amber-100 text-amber-900',
  notFound: 'bg-red-100 text-red-800',
  dnp: 'bg-slate-200 text-slate-700',
  notAPart: 'bg-stone-100 text-stone-600 italic',
  pending: 'bg-slate-100 text-slate-600',
};

export type GridContext = {
  labels: BomLabels;
  locale: BomLocale;
  bomId: string;
  selected: ReadonlySet<number>;
  onToggle: (lineId: number) => void;
};

const percent = (x: number | null | undefined) => (x === null || x === undefined ? '' : `${Math.round(x * 100)}%`);

export function gridColumns({ labels, locale, bomId, selected, onToggle }: GridContext) {
  const text = (field: EditableField) =>
    helper.display({
      id: field,
      header: labels[`col.${field}`],
      cell: ({ row }) => <span className="truncate">{cellText(row.original, field)}</span>,
    });
  return helper.columns([
    helper.display({
      id: 'select',
      header: labels['col.select'],
      cell: ({ row }) => (
        <input
          type="checkbox"
          tabIndex={-1}
          checked={selected.has(row.original.lineId)}
          onChange={() => onToggle(row.original.lineId)}
          aria-label={fill(labels.rowN, { n: row.original.row === null ? labels.added : row.original.row + 1 })}
          data-testid="bom-line-select"
        />
      ),
    }),
    helper.display({
      id: 'row',
      header: labels['col.row'],
      cell: ({ row }) => <span className="text-slate-500">{row.original.row === null ? labels.added : row.original.row + 1}</span>,
    }),
    helper.display({
      id: 'status',
      header: labels['col.status'],
      cell: ({ row }) => (
        <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${STATUS_TONE[row.original.status]}`} data-testid="bom-line-status" data-status={row.original.status}>
          {labels[`status.${row.original.status}`]}
        </span>
      ),
    }),
    text('designators'),
    text('quantity'),
    helper.display({
      id: 'total',
      header: labels['col.total'],
      cell: ({ row }) => <span data-testid="bom-line-total">{row.original.totalQuantity ?? ''}</span>,
    }),
    text('mpn'),
    text('value'),
    helper.display({
      id: 'chosen',
      header: labels['col.chosen'],
      cell: ({ row }) => {
        const chosen = row.original.chosen;
        if (!chosen) return <span className="text-slate-500">—</span>;
        // The whole MPN, never cut: a long one wraps onto a second, smaller line.
        return (
          <a
            href={productPath(locale, chosen.mfgMpnCode)}
            className={`break-all font-medium text-brand-700 hover:underline ${chosen.mpn.length > 22 ? 'text-xs leading-tight' : ''}`}
            tabIndex={-1}
            target="_blank"
            rel="noopener"
            data-testid="bom-line-chosen"
            data-mfg-mpn-code={chosen.mfgMpnCode}
          >
            {chosen.mpn}
          </a>
        );
      },
    }),
    helper.display({
      id: 'partBrand',
      header: labels['col.partBrand'],
      cell: ({ row }) => <span className="truncate text-xs text-slate-700" title={row.original.chosen?.brandName ?? ''} data-testid="bom-line-brand">{row.original.chosen?.brandName ?? ''}</span>,
    }),
    helper.display({
      id: 'partPackage',
      header: labels['col.partPackage'],
      cell: ({ row }) => <span className="truncate text-xs text-slate-700" title={row.original.chosen?.package ?? ''} data-testid="bom-line-package">{row.original.chosen?.package ?? ''}</span>,
    }),
    helper.display({
      id: 'offer',
      header: labels['col.offer'],
      cell: ({ row }) => <OfferCell offer={row.original.chosen?.offer ?? null} labels={labels} />,
    }),
    helper.display({
      id: 'confidence',
      header: labels['col.confidence'],
      cell: ({ row }) => (
        <span className="text-xs text-slate-600">
          {percent(row.original.chosen?.confidence)}
          {row.original.chosen && <span className="ml-1 text-slate-500">{labels[`by.${row.original.chosen.by}`]}</span>}
        </span>
      ),
    }),
    text('manufacturer'),
    text('description'),
    text('package'),
    helper.display({
      id: 'actions',
      header: labels['col.actions'],
      cell: ({ row }) => {
        const code = row.original.chosen?.mfgMpnCode;
        return code ? (
          <a href={replacementPath(locale, code, bomId, row.original.lineId)} tabIndex={-1} className="text-xs text-brand-700 hover:underline" data-testid="bom-line-replace">
            {labels.findReplacement}
          </a>
        ) : null;
      },
    }),
  ]);
}

/** The chosen part's offer: unit price and stock, a dated snapshot marked so (never passing for live). */
function OfferCell({ offer, labels }: { offer: BomChosenOffer | null; labels: BomLabels }) {
  if (!offer) return null;
  const stock = offer.stock.toLocaleString('en-US');
  const text = offer.unitPrice === null ? fill(labels['offers.cellStock'], { stock }) : fill(labels['offers.cell'], { price: String(offer.unitPrice), currency: offer.currency, stock });
  return (
    <span className="flex min-w-0 items-baseline gap-1 text-xs text-slate-700" data-testid="bom-line-offer" title={offer.snapshot ? fill(labels['offers.snapshot'], { date: offer.dataTime.slice(0, 10) }) : offer.distributor}>
      <span className="truncate">{text}</span>
      {offer.snapshot && <span className="shrink-0 rounded bg-amber-50 px-1 text-[10px] text-amber-800">{labels['offers.snapshotTag']}</span>}
    </span>
  );
}
