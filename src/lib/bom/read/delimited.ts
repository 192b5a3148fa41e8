import { normalizeCellText } from './cell-text.ts';
import type { BomReadLimits } from './limits.ts';
import { BomReadError } from './problems.ts';

// CSV and TSV: delimiter detection and an RFC 4180 parser (quoted fields with delimiters,
// newlines and doubled quotes; CRLF, LF or CR line ends). Our own ~100 lines rather than a
// dependency: it must stop at the row limit and count columns as it goes, and it is simple.

export type Delimiter = ',' | ';' | '\t';
const CANDIDATES: readonly Delimiter[] = [',', ';', '\t'];

/**
 * The delimiter that splits the first lines most consistently: for each candidate, the most common
 * per-line count (above zero) and how many lines have it; more such lines wins, then more columns.
 * Excel's `sep=;` first line, when present, decides. Title lines above the header count little,
 * since they rarely hold delimiters.
 */
export function detectDelimiter(text: string, preferTab = false): Delimiter {
  const hint = /^sep=([,;\t])\r?\n/.exec(text);
  if (hint) return hint[1] as Delimiter;
  const lines = text.slice(0, 64 * 1024).split(/\r\n|\n|\r/).filter((l) => l.trim() !== '').slice(0, 30);
  let best: { d: Delimiter; lines: number; columns: number } = { d: preferTab ? '\t' : ',', lines: 0, columns: 0 };
  for (const d of CANDIDATES) {
    const counts = new Map<number, number>();
    for (const line of lines) {
      const n = countOutsideQuotes(line, d);
      if (n > 0) counts.set(n, (counts.get(n) ?? 0) + 1);
    }
    for (const [columns, lineCount] of counts) {
      if (lineCount > best.lines || (lineCount === best.lines && columns > best.columns)) best = { d, lines: lineCount, columns };
    }
  }
  return best.d;
}

function countOutsideQuotes(line: string, d: string): number {
  let n = 0;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === d && !quoted) n++;
  }
  return n;
}

/**
 * The records of `text` as rows of normalised cells. Row i is the file's record i (blank lines are
 * kept as empty rows, so row numbers match what the user sees); trailing empty cells and rows are
 * dropped. Throws `tooManyRows` / `tooManyColumns` as soon as a limit is passed.
 */
export function parseDelimited(text: string, delimiter: Delimiter, limits: BomReadLimits, sheet: string): string[][] {
  const rows: string[][] = [];
  let at = /^sep=[,;\t]\r?\n/.test(text) ? text.indexOf('\n') + 1 : 0;
  let row: string[] = [];
  let lastNonEmptyRow = -1;
  const len = text.length;
  const endRow = () => {
    let end = row.length;
    while (end > 0 && row[end - 1] === '') end--;
    if (end > limits.maxColumns) throw new BomReadError('bom.read.tooManyColumns', { sheet, max: limits.maxColumns, row: rows.length + 1 });
    row.length = end;
    if (end > 0) {
      if (rows.length >= limits.maxRows) throw new BomReadError('bom.read.tooManyRows', { sheet, max: limits.maxRows });
      lastNonEmptyRow = rows.length;
    }
    rows.push(row);
    row = [];
  };
  while (at < len) {
    let value: string;
    if (text.charCodeAt(at) === 0x22 /* " */) {
      // Quoted: up to the closing quote; "" is one quote.
      let out = '';
      let from = at + 1;
      for (;;) {
        const q = text.indexOf('"', from);
        if (q < 0) {
          out += text.slice(from); // unterminated: the rest of the file is this field
          at = len;
          break;
        }
        out += text.slice(from, q);
        if (text.charCodeAt(q + 1) === 0x22) {
          out += '"';
          from = q + 2;
        } else {
          at = q + 1;
          break;
        }
      }
      // Anything between the closing quote and the delimiter is kept, as Excel does.
      let stop = at;
      while (stop < len && text[stop] !== delimiter && text[stop] !== '\n' && text[stop] !== '\r') stop++;
      value = out + text.slice(at, stop);
      at = stop;
    } else {
      let stop = at;
      while (stop < len && text[stop] !== delimiter && text[stop] !== '\n' && text[stop] !== '\r') stop++;
      value = text.slice(at, stop);
      at = stop;
    }
    row.push(normalizeCellText(value));
    if (at >= len) break;
    const c = text[at];
    if (c === delimiter) {
      at++;
      if (at >= len) row.push('');
    } else {
      at += c === '\r' && text[at + 1] === '\n' ? 2 : 1;
      endRow();
    }
  }
  if (row.length > 0) endRow();
  rows.length = lastNonEmptyRow + 1;
  return rows;
}
