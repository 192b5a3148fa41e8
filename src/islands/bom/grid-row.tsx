import { FlexRender, type Row } from '@tanstack/react-table';
import { memo } from 'react';
import type { BomLineView } from '../../lib/client/bom-api.ts';
import { GRID_COLUMNS, GRID_TEMPLATE, type gridFeatures } from './grid-columns.tsx';
import { FIELD_MAX_LENGTH, GridCellEditor } from './grid-cell-editor.tsx';
import { cellText, type EditableField } from './grid-lines.ts';
import { fill, type BomLabels } from './labels.ts';

/** What a row asks of the grid; one stable object, so rows that did not change skip rendering. */
export type GridRowActions = {
  activate: (index: number, col: number) => void;
  edit: (lineId: number, field: EditableField) => void;
  save: (line: BomLineView, field: EditableField, value: string) => void;
  cancel: () => void;
};

export function cellId(lineId: number, c: number): string {
  return `bom-cell-${lineId}-${c}`;
}

type Props = {
  row: Row<typeof gridFeatures, BomLineView>;
  index: number;
  start: number;
  height: number;
  /** The active column when this is the active row, else -1. */
  activeCol: number;
  editing: EditableField | null;
  selected: boolean;
  busy: boolean;
  labels: BomLabels;
  actions: GridRowActions;
};

/**
 * One line of the grid, positioned by the virtualizer. Memoised: while scrolling, only the rows
 * that come into view render; the others keep their DOM as it is.
 */
export const GridRow = memo(function GridRow({ row, index, start, height, activeCol, editing, selected, busy, labels, actions }: Props) {
  const line = row.original;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      aria-busy={busy || undefined}
      data-testid="bom-row"
      data-line-id={line.lineId}
      data-status={line.status}
      className={`absolute left-0 grid w-full border-b border-slate-100 text-sm ${activeCol >= 0 ? 'bg-brand-50/60' : selected ? 'bg-slate-50' : 'bg-white'}`}
      style={{ gridTemplateColumns: GRID_TEMPLATE, height, transform: `translateY(${start}px)` }}
    >
      {row.getAllCells().map((cell, c) => {
        const spec = GRID_COLUMNS[c]!;
        const isEditing = editing !== null && spec.edit === editing;
        return (
          <div
            key={cell.id}
            id={cellId(line.lineId, c)}
            role="gridcell"
            aria-colindex={c + 1}
            data-col={spec.id}
            onMouseDown={() => actions.activate(index, c)}
            onDoubleClick={() => spec.edit && actions.edit(line.lineId, spec.edit)}
            className={`flex min-w-0 items-center px-2 ${c === activeCol && !isEditing ? 'outline-2 -outline-offset-2 outline-brand-500' : ''}`}
          >
            {isEditing && spec.edit ? (
              <GridCellEditor
                initial={cellText(line, spec.edit)}
                label={`${labels[`col.${spec.edit}`]} · ${fill(labels.rowN, { n: line.row === null ? labels.added : line.row + 1 })}`}
                maxLength={FIELD_MAX_LENGTH[spec.edit]}
                onSave={(value) => actions.save(line, spec.edit!, value)}
                onCancel={actions.cancel}
              />
            ) : (
              <FlexRender cell={cell} />
            )}
          </div>
        );
      })}
    </div>
  );
});
