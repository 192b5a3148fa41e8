// The text of one cell as the rest of the BOM tool sees it, whatever file it came from.

// Zero-width characters and the byte-order mark: invisible, yet they break equality of MPNs.
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g;
// C0/C1 control characters except tab and line feed (kept: multi-line descriptions exist).
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Trimmed, NFKC-normalised text: full-width digits, letters and punctuation ('０６０３', 'ＲＥＳ',
 * '（'), the ohm and micro signs become their plain forms; Chinese characters stay. A leading
 * '=', '+', '-' or '@' is kept as written: the text is data here, the export neutralises it.
 */
export function normalizeCellText(raw: string): string {
  if (raw === '') return '';
  return raw.replace(/\r\n?/g, '\n').normalize('NFKC').replace(INVISIBLE, '').replace(CONTROLS, '').trim();
}

/**
 * A number as a person would have typed it: 15 significant digits (what Excel shows), so the
 * binary noise of 0.1 (0.1000000000000000055…) or 0.30000000000000004 disappears.
 */
export function formatCellNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
  return String(Number(value.toPrecision(15)));
}
