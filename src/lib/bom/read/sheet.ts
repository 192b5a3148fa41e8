// What reading a BOM file produces: the sheets as rows of cell text, ready for header matching.

import type { TextEncodingName } from './text-decode.ts';
import type { BomReadWarning } from './problems.ts';

/**
 * One sheet. `rows[i]` is the file's row i + 1 (blank rows kept as [], so row numbers match what
 * the user sees); each row ends at its last non-empty cell, the list at the last non-empty row.
 */
export type RawSheet = { readonly name: string; readonly hidden: boolean; readonly rows: string[][] };

export type BomFileFormat = 'xlsx' | 'xls' | 'csv' | 'tsv';

export type BomReadResult = {
  readonly format: BomFileFormat;
  /** The text encoding of a CSV/TSV; null for workbooks (their strings say their own). */
  readonly encoding: TextEncodingName | null;
  readonly sheets: RawSheet[];
  /** Index in `sheets` to offer first: the first visible sheet with data lines. */
  readonly defaultSheet: number;
  readonly warnings: BomReadWarning[];
};

/** Rows that hold at least one non-empty cell. */
export function filledRowCount(rows: readonly (readonly string[])[]): number {
  let n = 0;
  for (const row of rows) if (row.some((c) => c !== '')) n++;
  return n;
}
