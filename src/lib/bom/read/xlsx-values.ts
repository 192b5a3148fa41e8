import { formatCellNumber } from './cell-text.ts';

// How an xlsx number cell reads as text: its number format says whether it is a date, a time or
// a percentage (a tolerance typed as "1%" is stored as 0.01). Everything else is the plain number.

export type NumberKind = 'number' | 'date' | 'percent';

// Built-in formats (ECMA-376 §18.8.30) that are dates or times, including the East Asian ones
// (27–36, 50–58) that Excel on Chinese Windows writes for 2026年1月2日 and the like.
const BUILTIN_DATES = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);
const BUILTIN_PERCENT = new Set([9, 10]);

export function numberKindOf(numFmtId: number, formatCode: string | undefined): NumberKind {
  if (formatCode === undefined) return BUILTIN_DATES.has(numFmtId) ? 'date' : BUILTIN_PERCENT.has(numFmtId) ? 'percent' : 'number';
  // Quoted text, escaped characters and [colour]/[locale] blocks say nothing about the kind;
  // elapsed-time blocks [h] [mm] [ss] do.
  const code = formatCode
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[(?![hms]+\])[^\]]*\]/gi, '');
  if (/general/i.test(code)) return 'number';
  if (/[ymdhs]/i.test(code.replace(/E[+-]/g, ''))) return 'date';
  if (code.includes('%')) return 'percent';
  return 'number';
}

const DAY_MS = 86_400_000;

/** An Excel serial date as ISO text: '2026-01-02', '13:45:00', or both. */
export function serialToIsoText(serial: number, date1904: boolean): string {
  if (!Number.isFinite(serial) || serial < 0 || serial > 2_958_465 /* 9999-12-31 */) return formatCellNumber(serial);
  // 1900 system: serial 1 is 1900-01-01 and Excel counts a 29 February 1900 that never was.
  const base = date1904 ? Date.UTC(1904, 0, 1) : serial < 60 ? Date.UTC(1899, 11, 31) : Date.UTC(1899, 11, 30);
  const ms = Math.round((base + serial * DAY_MS) / 1000) * 1000;
  const iso = new Date(ms).toISOString();
  const date = iso.slice(0, 10);
  const time = iso.slice(11, 19);
  if (serial < 1) return time;
  return time === '00:00:00' ? date : `${date} ${time}`;
}

export function numberCellText(value: number, kind: NumberKind, date1904: boolean): string {
  if (kind === 'date') return serialToIsoText(value, date1904);
  if (kind === 'percent') return `${formatCellNumber(value * 100)}%`;
  return formatCellNumber(value);
}
