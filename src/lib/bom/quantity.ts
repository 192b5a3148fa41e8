// A BOM line's quantity as people write it ('1,000', '2pcs', '2 PCS', '2个', '１０', '3.0') and its
// cross-check with the designator count. A quantity counts parts, so it must be a whole number.

import type { BomLineProblem } from './bom-line.ts';

/** More parts than this on one line is a typo or a stray cell (an order quantity, a price). */
export const MAX_LINE_QUANTITY = 1_000_000;

export type QuantityParse =
  /** value null: the cell is empty. A problem may still come with an accepted value ('0'). */
  | { readonly ok: true; readonly value: number | null; readonly problem: BomLineProblem | null }
  | { readonly ok: false; readonly problem: BomLineProblem };

/** Count words after the number: English, Chinese measure words, 'x'. */
const UNIT_WORDS = /\s*(?:pcs?|pieces?|ea|each|units?|x|个|只|片|颗|粒|件|套|条|根|支|pcs\.)\.?$/i;

export function parseBomQuantity(cell: string): QuantityParse {
  // NFKC turns full-width digits and the full-width comma into ASCII ('１０' → '10').
  const text = cell.normalize('NFKC').trim();
  if (text === '') return { ok: true, value: null, problem: null };
  let t = text.replace(UNIT_WORDS, '').replace(/^x\s*/i, '').trim();
  // Thousands separators only in their proper places: '1,000' yes, '1,5' (a decimal comma) no.
  if (/^-?\d{1,3}(?:[, ]\d{3})+(?:\.\d+)?$/.test(t)) t = t.replace(/[, ]/g, '');
  if (!/^[-+]?\d+(?:\.\d+)?$/.test(t)) return { ok: false, problem: { key: 'bom.line.quantityNotNumber', vars: { text } } };
  const value = Number(t);
  if (value < 0) return { ok: false, problem: { key: 'bom.line.quantityNegative', vars: { text } } };
  if (!Number.isInteger(value)) return { ok: false, problem: { key: 'bom.line.quantityNotInteger', vars: { text } } };
  if (value > MAX_LINE_QUANTITY) return { ok: false, problem: { key: 'bom.line.quantityTooLarge', vars: { text, max: MAX_LINE_QUANTITY } } };
  if (value === 0) return { ok: true, value: 0, problem: { key: 'bom.line.quantityZero', vars: {} } };
  return { ok: true, value, problem: null };
}

export type CheckedQuantity = {
  /** The quantity the line will use: the user's, else the designator count, else null. */
  readonly quantity: number | null;
  readonly fromDesignators: boolean;
  readonly problems: readonly BomLineProblem[];
};

/**
 * The user's quantity wins when given; a disagreement with the designator count is a warning,
 * never a silent correction (a 2-per-designator connector line is legitimate).
 */
export function checkQuantity(parsed: number | null, designatorCount: number): CheckedQuantity {
  if (parsed === null) {
    if (designatorCount > 0) {
      return { quantity: designatorCount, fromDesignators: true, problems: [{ key: 'bom.line.quantityFromDesignators', vars: { count: designatorCount } }] };
    }
    return { quantity: null, fromDesignators: false, problems: [{ key: 'bom.line.quantityMissing', vars: {} }] };
  }
  if (designatorCount > 0 && parsed !== designatorCount) {
    return { quantity: parsed, fromDesignators: false, problems: [{ key: 'bom.line.quantityMismatch', vars: { quantity: parsed, count: designatorCount } }] };
  }
  return { quantity: parsed, fromDesignators: false, problems: [] };
}

/** Whether a cell is a plain whole count (content check for quantity columns). */
export function looksLikeCount(cell: string): boolean {
  const r = parseBomQuantity(cell);
  return r.ok && r.value !== null;
}
