import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { BomLineStatus } from '../../lib/bom/bom.schema.ts';
import { STATUS_ORDER, type StatusFilter } from './grid-lines.ts';
import { fill, type BomLabels } from './labels.ts';
import { TrendPreferences } from './trend-preferences.tsx';

export const MAX_BOARDS = 1_000_000;

/** A board count as typed: a whole number 1…1,000,000 (thousands separators allowed), else null. */
export function parseBoardCount(text: string): number | null {
  const t = text.trim().replace(/[,，\s]/g, '');
  if (!/^\d{1,7}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= MAX_BOARDS ? n : null;
}

/** The status chips: all, then each status with its count (pending only while some are). */
export function StatusChips({ counts, total, filter, labels, onFilter }: { counts: Record<BomLineStatus, number>; total: number; filter: StatusFilter; labels: BomLabels; onFilter: (f: StatusFilter) => void }) {
  const chips: { key: StatusFilter; n: number }[] = [{ key: 'all', n: total }, ...STATUS_ORDER.filter((s) => s !== 'pending' || counts.pending > 0).map((s) => ({ key: s, n: counts[s] }))];
  return (
    <div role="group" aria-label={labels.filterLabel} className="flex flex-wrap gap-1.5" data-testid="bom-status-chips">
      {chips.map(({ key, n }) => (
        <button
          key={key}
          type="button"
          aria-pressed={filter === key}
          onClick={() => onFilter(key)}
          data-testid={`bom-chip-${key}`}
          data-count={n}
          className={`rounded-full border px-3 py-1 text-xs font-medium transition-colors ${filter === key ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:border-brand-500'}`}
        >
          {labels[`status.${key}`]} <span className="tabular-nums">{n}</span>
        </button>
      ))}
    </div>
  );
}

/** The grid's actions: board quantity, preferences, re-match, add and delete lines, export. */
export function BomToolbar({
  bomId,
  labels,
  boardCount,
  totalParts,
  selectedCount,
  doubtful,
  exporting,
  mappingHref,
  onBoardCount,
  onJob,
  onRematch,
  onAdd,
  onDelete,
  onExport,
}: {
  bomId: string;
  labels: BomLabels;
  boardCount: number;
  totalParts: number;
  selectedCount: number;
  doubtful: number;
  exporting: boolean;
  mappingHref: string;
  onBoardCount: (n: number) => Promise<boolean>;
  onJob: (jobId: string) => void;
  onRematch: () => void;
  onAdd: () => void;
  onDelete: () => void;
  onExport: () => void;
}) {
  const [boards, setBoards] = useState(String(boardCount));
  const [bad, setBad] = useState(false);
  useEffect(() => setBoards(String(boardCount)), [boardCount]);

  const apply = async () => {
    const n = parseBoardCount(boards);
    setBad(n === null);
    if (n === null || n === boardCount) return;
    if (!(await onBoardCount(n))) setBoards(String(boardCount));
  };

  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="bom-toolbar">
      <form
        className="flex items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void apply();
        }}
      >
        <label htmlFor="bom-board-count" className="text-sm text-slate-700">
          {labels.boardCount}
        </label>
        <Input id="bom-board-count" inputMode="numeric" value={boards} onChange={(e) => setBoards(e.target.value)} aria-invalid={bad || undefined} aria-describedby={bad ? 'bom-board-count-error' : undefined} className="h-8 w-24" data-testid="bom-board-count" />
        <Button type="submit" size="sm" variant="outline" data-testid="bom-board-apply">
          {labels.apply}
        </Button>
        <span className="text-sm text-slate-600" data-testid="bom-total-parts" data-total={totalParts}>
          {fill(labels.totalParts, { n: totalParts.toLocaleString() })}
        </span>
        {bad && (
          <span id="bom-board-count-error" role="alert" className="text-xs text-red-700">
            {labels.boardCountBad}
          </span>
        )}
      </form>
      <div className="ml-auto flex flex-wrap items-center gap-2">
        <TrendPreferences bomId={bomId} labels={labels} onJob={onJob} />
        <Button type="button" variant="outline" size="sm" disabled={doubtful === 0} title={doubtful === 0 ? labels.rematchNone : undefined} onClick={onRematch} data-testid="bom-rematch">
          {labels.rematch}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onAdd} data-testid="bom-add-line">
          {labels.addLine}
        </Button>
        <Button type="button" variant="outline" size="sm" className="text-red-700" disabled={selectedCount === 0} onClick={onDelete} data-testid="bom-delete-lines">
          {fill(labels.deleteLines, { n: selectedCount })}
        </Button>
        <Button asChild variant="ghost" size="sm">
          <a href={mappingHref}>{labels.editMapping}</a>
        </Button>
        <Button type="button" size="sm" disabled={exporting} onClick={onExport} data-testid="bom-export">
          {exporting ? labels.exporting : labels.export}
        </Button>
      </div>
    </div>
  );
}
