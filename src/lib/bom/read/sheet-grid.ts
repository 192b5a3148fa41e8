import type { BomReadLimits } from './limits.ts';
import { BomReadError } from './problems.ts';

// The rows of one sheet being read cell by cell (xlsx and xls): limits checked on every non-empty
// cell, merged ranges filled at the end.

export type SheetGrid = {
  /** Places a non-empty cell (0-based); throws past the row or column limit. */
  put(row: number, col: number, value: string): void;
  /** The rows, merged ranges (0-based, inclusive) filled from their top-left cell. */
  finish(merges: readonly MergedRange[]): string[][];
};

export type MergedRange = { readonly firstRow: number; readonly lastRow: number; readonly firstCol: number; readonly lastCol: number };

export function sheetGrid(limits: BomReadLimits, sheet: string): SheetGrid {
  const rows: string[][] = [];
  let maxCol = -1;
  return {
    put(row, col, value) {
      if (value === '') return;
      if (row >= limits.maxRows) throw new BomReadError('bom.read.tooManyRows', { sheet, max: limits.maxRows });
      if (col >= limits.maxColumns) throw new BomReadError('bom.read.tooManyColumns', { sheet, max: limits.maxColumns, row: row + 1 });
      while (rows.length <= row) rows.push([]);
      const r = rows[row]!;
      while (r.length < col) r.push('');
      r[col] = value;
      if (col > maxCol) maxCol = col;
    },
    finish(merges) {
      // Clipped to the used columns and rows: a title merged across 50 empty columns does not
      // widen the table. The cells they would write are counted first: merges over the whole
      // sheet, many times over, are a bomb refused before any is filled.
      let written = 0;
      for (const m of merges) {
        if ((rows[m.firstRow]?.[m.firstCol] ?? '') === '') continue;
        written += Math.max(0, Math.min(m.lastRow, rows.length - 1) - m.firstRow + 1) * Math.max(0, Math.min(m.lastCol, maxCol) - m.firstCol + 1);
        if (written > limits.maxMergedCells) throw new BomReadError('bom.read.zipBomb', {}, `merged ranges fill more than ${limits.maxMergedCells} cells`);
      }
      for (const m of merges) {
        const value = rows[m.firstRow]?.[m.firstCol] ?? '';
        if (value === '') continue;
        const lastRow = Math.min(m.lastRow, rows.length - 1);
        const lastCol = Math.min(m.lastCol, maxCol);
        for (let r = m.firstRow; r <= lastRow; r++) {
          const row = rows[r]!;
          while (row.length <= lastCol) row.push('');
          for (let c = m.firstCol; c <= lastCol; c++) row[c] = value;
        }
      }
      return rows;
    },
  };
}
