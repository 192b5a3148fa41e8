import { useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Code } from '../../lib/server/errors.ts';
import {
  addLine,
  BomApiError,
  changeBoardCount,
  changeLineFields,
  changePart,
  deleteLines,
  downloadBom,
  rematchDoubtful,
  type BomLineView,
  type BomQueryMatch,
} from '../../lib/client/bom-api.ts';
import { confirmDialog } from '../../lib/client/confirm-dialog.ts';
import { toast } from '../../lib/client/toast.ts';
import { BomToolbar, StatusChips } from './bom-toolbar.tsx';
import { bomHeadPath, type BomLocale } from './bom-paths.ts';
import { CandidatePanel } from './candidate-panel.tsx';
import { GRID_COLUMNS, GRID_TEMPLATE, GRID_WIDTH, gridColumns, gridFeatures } from './grid-columns.tsx';
import { cellId, GridRow, type GridRowActions } from './grid-row.tsx';
import { countByStatus, currentLineOf, filterLines, replaceLine, totalParts, withBoardCount, withLocalEdit, type EditableField, type StatusFilter } from './grid-lines.ts';
import { fill, type BomLabels } from './labels.ts';

export const ROW_HEIGHT = 36;
const FIRST_EDITABLE = GRID_COLUMNS.findIndex((c) => c.edit);
const PAGE_ROWS = 10;

type Active = { r: number; c: number };
type Editing = { lineId: number; field: EditableField };

export type BomGridProps = {
  bomId: string;
  labels: BomLabels;
  locale: BomLocale;
  data: BomQueryMatch;
  /** A job was started (preferences, re-match): the workspace follows it and reloads. */
  onJob: (jobId: string) => void;
  /** Everything again from the server (a stale edit whose answer did not carry the line). */
  onReload: () => void;
};

/**
 * The line grid (TanStack Table for the model, TanStack Virtual for the rows: 5,000 lines render
 * only what is on screen). Keyboard: arrows move the active cell (focus stays on the grid, the
 * cell is its aria-activedescendant), Enter edits, Escape cancels, Space ticks the row; every edit
 * is saved at once (/bom/changeSet) with the line's version, and a stale one (40900) shows the
 * current line and says so. The active line's candidates are beside the grid.
 */
export default function BomGrid({ bomId, labels, locale, data, onJob, onReload }: BomGridProps) {
  const [lines, setLines] = useState<BomLineView[]>(data.list);
  const [boardCount, setBoardCount] = useState(data.summary.boardCount);
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [active, setActive] = useState<Active>({ r: 0, c: FIRST_EDITABLE });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [busyLine, setBusyLine] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const gridRef = useRef<HTMLDivElement>(null);

  const visible = useMemo(() => filterLines(lines, filter), [lines, filter]);
  const counts = useMemo(() => countByStatus(lines), [lines]);
  const parts = useMemo(() => totalParts(lines), [lines]);
  const toggle = useCallback((lineId: number) => setSelected((s) => toggled(s, lineId)), []);
  const columns = useMemo(() => gridColumns({ labels, locale, bomId, selected, onToggle: toggle }), [labels, locale, bomId, selected, toggle]);
  const table = useTable({ features: gridFeatures, columns, data: visible, getRowId: (l) => String(l.lineId) });
  const rows = table.getRowModel().rows;

  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => gridRef.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });

  const r = Math.min(active.r, Math.max(0, rows.length - 1));
  const activeLine = rows[r]?.original ?? null;
  const activeId = activeLine ? cellId(activeLine.lineId, active.c) : undefined;

  const move = (next: Active) => {
    const bounded = { r: clamp(next.r, 0, rows.length - 1), c: clamp(next.c, 0, GRID_COLUMNS.length - 1) };
    setActive(bounded);
    virtualizer.scrollToIndex(bounded.r, { align: 'auto' });
  };

  const focusGrid = () => requestAnimationFrame(() => gridRef.current?.focus({ preventScroll: true }));

  // ── saving ──────────────────────────────────────────────────────────────────

  const failed = (error: unknown, before: BomLineView) => {
    if (error instanceof BomApiError && error.code === Code.conflict) {
      const current = currentLineOf(error.result);
      if (current) setLines((ls) => replaceLine(ls, current));
      else onReload();
      toast(labels.stale, 'warning', 5000);
      return;
    }
    setLines((ls) => replaceLine(ls, before));
    toast(error instanceof BomApiError && error.message ? error.message : labels.loadFailed, 'error');
  };

  const saveField = async (line: BomLineView, field: EditableField, value: string) => {
    setLines((ls) => replaceLine(ls, withLocalEdit(line, field, value)));
    setBusyLine(line.lineId);
    try {
      const next = await changeLineFields({ bomId, lineId: line.lineId, version: line.version, fields: { [field]: value } });
      setLines((ls) => replaceLine(ls, next));
    } catch (error) {
      failed(error, line);
    } finally {
      setBusyLine(null);
    }
  };

  const choose = async (line: BomLineView, mfgMpnCode: string | null) => {
    setBusyLine(line.lineId);
    try {
      const next = await changePart({ bomId, lineId: line.lineId, version: line.version, mfgMpnCode });
      setLines((ls) => replaceLine(ls, next));
    } catch (error) {
      failed(error, line);
    } finally {
      setBusyLine(null);
    }
  };

  const setBoards = async (n: number) => {
    try {
      await changeBoardCount(bomId, n);
      setBoardCount(n);
      setLines((ls) => withBoardCount(ls, n));
      return true;
    } catch {
      return false;
    }
  };

  const add = async () => {
    try {
      const line = await addLine({ bomId, fields: {} });
      setFilter('all');
      setLines((ls) => [...ls, line]);
      const c = GRID_COLUMNS.findIndex((col) => col.id === 'mpn');
      setActive({ r: lines.length, c });
      setEditing({ lineId: line.lineId, field: 'mpn' });
      requestAnimationFrame(() => virtualizer.scrollToIndex(lines.length, { align: 'auto' }));
    } catch {
      /* shown by the client */
    }
  };

  const remove = async () => {
    const ids = [...selected];
    if (ids.length === 0) return;
    const ok = await confirmDialog({ title: labels.deleteLinesTitle, body: fill(labels.deleteLinesBody, { n: ids.length }), confirm: labels.delete, cancel: labels.cancel }, 'bom-delete-lines-confirm');
    if (!ok) return;
    try {
      await deleteLines(bomId, ids);
      const gone = new Set(ids);
      setLines((ls) => ls.filter((l) => !gone.has(l.lineId)));
      setSelected(new Set());
    } catch {
      /* shown by the client */
    }
  };

  const rematch = async () => {
    try {
      onJob((await rematchDoubtful(bomId)).jobId);
    } catch {
      /* shown by the client */
    }
  };

  const exportFile = async () => {
    setExporting(true);
    try {
      if (!(await downloadBom(bomId, `${data.summary.name || 'bom'}.xlsx`))) toast(labels.badFile, 'error');
    } finally {
      setExporting(false);
    }
  };

  // Rows get one stable object whose methods call the latest handlers (rows are memoised).
  const latest = useRef({ saveField, setActive, setEditing, focusGrid });
  latest.current = { saveField, setActive, setEditing, focusGrid };
  const actions = useMemo<GridRowActions>(
    () => ({
      activate: (index, c) => latest.current.setActive({ r: index, c }),
      edit: (lineId, field) => latest.current.setEditing({ lineId, field }),
      save: (line, field, value) => {
        latest.current.setEditing(null);
        latest.current.focusGrid();
        void latest.current.saveField(line, field, value);
      },
      cancel: () => {
        latest.current.setEditing(null);
        latest.current.focusGrid();
      },
    }),
    [],
  );

  // ── keyboard ────────────────────────────────────────────────────────────────

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (editing || rows.length === 0) return;
    const spec = GRID_COLUMNS[active.c];
    const keys: Record<string, () => void> = {
      ArrowDown: () => move({ r: r + 1, c: active.c }),
      ArrowUp: () => move({ r: r - 1, c: active.c }),
      ArrowRight: () => move({ r, c: active.c + 1 }),
      ArrowLeft: () => move({ r, c: active.c - 1 }),
      PageDown: () => move({ r: r + PAGE_ROWS, c: active.c }),
      PageUp: () => move({ r: r - PAGE_ROWS, c: active.c }),
      Home: () => move({ r: e.ctrlKey ? 0 : r, c: 0 }),
      End: () => move({ r: e.ctrlKey ? rows.length - 1 : r, c: GRID_COLUMNS.length - 1 }),
      Enter: () => {
        if (spec?.edit && activeLine) setEditing({ lineId: activeLine.lineId, field: spec.edit });
        else document.querySelector<HTMLButtonElement>('[data-testid="bom-candidates"] button:not([disabled])')?.focus();
      },
      F2: () => {
        if (spec?.edit && activeLine) setEditing({ lineId: activeLine.lineId, field: spec.edit });
      },
      // From a cell that does not edit, on to the line's candidates beside the grid.
      c: () => document.querySelector<HTMLButtonElement>('[data-testid="bom-candidates"] button:not([disabled])')?.focus(),
      ' ': () => {
        if (activeLine) toggle(activeLine.lineId);
      },
    };
    const action = keys[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  };

  // A filter change starts at the top.
  const changeFilter = (f: StatusFilter) => {
    setFilter(f);
    setActive((a) => ({ r: 0, c: a.c }));
    virtualizer.scrollToOffset(0);
  };

  const items = virtualizer.getVirtualItems();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3" data-testid="bom-grid-root" data-bom-id={bomId}>
      <BomToolbar
        bomId={bomId}
        labels={labels}
        boardCount={boardCount}
        totalParts={parts}
        selectedCount={selected.size}
        doubtful={counts.doubtful}
        exporting={exporting}
        mappingHref={bomHeadPath(locale, bomId)}
        onBoardCount={setBoards}
        onJob={onJob}
        onRematch={() => void rematch()}
        onAdd={() => void add()}
        onDelete={() => void remove()}
        onExport={() => void exportFile()}
      />
      <StatusChips counts={counts} total={lines.length} filter={filter} labels={labels} onFilter={changeFilter} />
      <div className="flex min-h-0 flex-col gap-3 2xl:flex-row">
        <div className="min-w-0 flex-1 rounded-xl border border-slate-200 bg-white">
          <div
            ref={gridRef}
            role="grid"
            tabIndex={0}
            aria-label={labels.gridLabel}
            aria-describedby="bom-grid-hint"
            aria-rowcount={rows.length + 1}
            aria-colcount={GRID_COLUMNS.length}
            aria-activedescendant={editing ? undefined : activeId}
            onKeyDown={onKeyDown}
            className="relative h-[min(70vh,720px)] overflow-auto outline-none focus-visible:ring-2 focus-visible:ring-brand-300"
            data-testid="bom-grid"
            data-rows={rows.length}
          >
            <div style={{ width: GRID_WIDTH }}>
              <div role="row" aria-rowindex={1} className="sticky top-0 z-10 grid border-b border-slate-200 bg-slate-50 text-xs font-medium text-slate-600" style={{ gridTemplateColumns: GRID_TEMPLATE, height: ROW_HEIGHT }}>
                {table.getHeaderGroups()[0]!.headers.map((header) => (
                  <div key={header.id} role="columnheader" className="flex items-center truncate px-2">
                    {header.id === 'select' ? <span className="sr-only">{labels['col.select']}</span> : <table.FlexRender header={header} />}
                  </div>
                ))}
              </div>
              {rows.length === 0 ? (
                <p className="p-6 text-center text-sm text-slate-500" data-testid="bom-grid-empty">
                  {labels.gridEmpty}
                </p>
              ) : (
                <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
                  {items.map((item) => {
                    const row = rows[item.index]!;
                    const line = row.original;
                    return (
                      <GridRow
                        key={row.id}
                        row={row}
                        index={item.index}
                        start={item.start}
                        height={ROW_HEIGHT}
                        activeCol={item.index === r ? active.c : -1}
                        editing={editing?.lineId === line.lineId ? editing.field : null}
                        selected={selected.has(line.lineId)}
                        busy={busyLine === line.lineId}
                        labels={labels}
                        actions={actions}
                      />
                    );
                  })}
                </div>
              )}
            </div>
          </div>
          <p id="bom-grid-hint" className="border-t border-slate-100 px-3 py-2 text-xs text-slate-500">
            {labels.gridHint}
          </p>
        </div>
        <div className="2xl:w-96 2xl:shrink-0">
          <CandidatePanel line={activeLine} bomId={bomId} labels={labels} locale={locale} busy={busyLine !== null} onChoose={(line, code) => void choose(line, code)} />
        </div>
      </div>
    </div>
  );
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, n));
}

function toggled(set: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
