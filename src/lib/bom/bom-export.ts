// POST /bom/download (issue #12 item 5): the user's original columns (their header and cells)
// with the match added to the right — matched MPN, brand, category, package, status, confidence,
// quantity per board and for the board count — and a totals row. Pure: rows for the xlsx writer,
// which neutralises formula-looking text ('=HYPERLINK(…)', '+cmd|…', '-', '@').

import type { XlsxCell, XlsxSheet } from '../files/xlsx-write.ts';

export type ExportPart = { mpn: string; brandName: string | null; cateName: string | null; package: string | null };

export type ExportLine = {
  /** The row as uploaded, edited cells written back (line-fields.ts cellsWithFields). */
  readonly cells: readonly string[];
  readonly part: ExportPart | null;
  /** Already in the reader's language. */
  readonly status: string;
  readonly confidence: number | null;
  readonly quantity: number | null;
  readonly dnp: boolean;
};

export type ExportLabels = {
  readonly mpn: string;
  readonly brand: string;
  readonly category: string;
  readonly package: string;
  readonly status: string;
  readonly confidence: string;
  readonly perBoard: string;
  readonly total: string;
  readonly totals: string;
};

export type ExportInput = {
  readonly sheetName: string;
  /** The header row as uploaded; null when the sheet had none. */
  readonly header: readonly string[] | null;
  readonly lines: readonly ExportLine[];
  readonly boardCount: number;
  readonly labels: ExportLabels;
};

export const ADDED_COLUMNS = 8;

/** The export sheet: header, one row per line, totals (fitted lines only; DNP lines count 0). */
export function bomExportSheet(input: ExportInput): XlsxSheet {
  const width = Math.max(input.header?.length ?? 0, ...input.lines.map((l) => l.cells.length), 0);
  const pad = (cells: readonly string[]): XlsxCell[] => Array.from({ length: width }, (_, i) => cells[i] ?? '');
  const { labels } = input;
  const header: XlsxCell[] = uniqueNames([
    ...Array.from({ length: width }, (_, i) => input.header?.[i] ?? ''),
    labels.mpn,
    labels.brand,
    labels.category,
    labels.package,
    labels.status,
    labels.confidence,
    labels.perBoard,
    labels.total,
  ]);
  let perBoard = 0;
  let total = 0;
  const rows: XlsxCell[][] = [header];
  for (const line of input.lines) {
    // A non-part line (the PCB, screws…) is stored as skipped, so it is counted like a DNP line.
    const fitted = !line.dnp && line.quantity !== null;
    const lineTotal = fitted ? line.quantity! * input.boardCount : null;
    if (fitted) {
      perBoard += line.quantity!;
      total += lineTotal!;
    }
    rows.push([
      ...pad(line.cells),
      line.part?.mpn ?? '',
      line.part?.brandName ?? '',
      line.part?.cateName ?? '',
      line.part?.package ?? '',
      line.status,
      line.confidence === null ? null : Math.round(line.confidence * 100) / 100,
      line.quantity,
      lineTotal,
    ]);
  }
  const totals: XlsxCell[] = Array.from({ length: width + ADDED_COLUMNS }, () => null);
  totals[0] = labels.totals;
  totals[width + 6] = perBoard;
  totals[width + 7] = total;
  rows.push(totals);
  const widths = [...Array.from({ length: width }, () => 14), 22, 16, 16, 14, 12, 10, 10, 14];
  return { name: input.sheetName, rows, widths, headerRows: 1 };
}

/**
 * Column names made unique (issue #30 item 5: a sheet read back by name must not find two
 * columns of one name). The user's header comes first and keeps its names; a later column whose
 * name was taken (compared trimmed and case-blind) gets ' (2)', ' (3)'…; an unnamed column stays
 * unnamed.
 */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  const key = (n: string) => n.trim().toLowerCase();
  return names.map((name) => {
    if (name.trim() === '') return name;
    let out = name;
    for (let n = 2; taken.has(key(out)); n++) out = `${name} (${n})`;
    taken.add(key(out));
    return out;
  });
}
