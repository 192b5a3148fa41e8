// Reference designator lists as BOMs write them: 'R1-R4,R7', 'R1~R4', 'R1 R2', 'R1;R2',
// 'R5 to R10', 'R5->R10', 'BTN0-6', 'C1、C2，C3'; a name with a dash ('TYPE-C', 'USB-C') is one
// designator, not a range. Expanded to one designator each, counted, the
// original text kept. Pure; no DOM, no server code.

import type { BomLineProblem } from './bom-line.ts';

/** A range wider than this is refused (a typo such as 'R1-R999999' must not make a million lines). */
export const MAX_DESIGNATOR_RANGE = 1000;
/** Designators in one line; JLCPCB allows 200, we allow more but not without bound. */
export const MAX_DESIGNATORS_PER_LINE = 5000;

export type Designators = {
  /** The cell as the user wrote it (trimmed). */
  readonly text: string;
  /** Expanded, in the order written, duplicates removed. */
  readonly list: readonly string[];
  readonly count: number;
  readonly problems: readonly BomLineProblem[];
};

/** One designator: letters (and '_'), then digits, optionally a unit suffix ('U1A', 'C1_2'). */
const ONE = /^([A-Za-z][A-Za-z_]{0,7})(\d{1,6})([A-Za-z]|_\d{1,3})?$/;
/** The end of a range may drop the prefix ('BTN0-6'). */
const RANGE_END = /^([A-Za-z][A-Za-z_]{0,7})?(\d{1,6})$/;
/**
 * Range operators. A dash ('-', '–', '—') is one only after a digit ('R1-R4', 'R1-4', 'BTN0-6'):
 * after letters it belongs to a name ('TYPE-C', 'USB-C', 'J-LINK', 'SW-PWR1'), which stays whole.
 */
const RANGE_OP = /\s*(?:->|→|~|～|\bto\b)\s*|(?<=\d[A-Za-z]?)\s*[-–—]\s*/gi;
const SEPARATORS = /[\s,;，、；]+/;

function tokens(text: string): string[] {
  // Mark range operators with a lone '~' token so that 'R1 - R4' and 'R1-R4' read the same.
  return text.replace(RANGE_OP, ' ~ ').split(SEPARATORS).filter((t) => t !== '');
}

/** Expands a designator cell. Never throws; what it cannot read is kept as written, with a problem. */
export function expandDesignators(cell: string): Designators {
  const text = cell.normalize('NFKC').trim();
  const problems: BomLineProblem[] = [];
  const out: string[] = [];
  const seen = new Set<string>();
  const duplicates: string[] = [];
  const push = (d: string): void => {
    const key = d.toUpperCase();
    if (seen.has(key)) {
      if (!duplicates.includes(d)) duplicates.push(d);
      return;
    }
    seen.add(key);
    out.push(d);
  };
  const toks = tokens(text);
  for (let i = 0; i < toks.length; i++) {
    const tok = toks[i] as string;
    if (tok === '~') {
      problems.push({ key: 'bom.line.designatorRangeBad', vars: { text: tok } });
      continue;
    }
    if (toks[i + 1] !== '~') {
      push(tok);
      continue;
    }
    const endTok = toks[i + 2];
    i += 2;
    const start = ONE.exec(tok);
    const end = endTok === undefined ? null : RANGE_END.exec(endTok);
    const rangeText = `${tok}-${endTok ?? ''}`;
    if (!start || !end || start[3] !== undefined || (end[1] !== undefined && end[1].toUpperCase() !== (start[1] as string).toUpperCase())) {
      problems.push({ key: 'bom.line.designatorRangeBad', vars: { text: rangeText } });
      push(tok);
      if (endTok !== undefined) push(endTok);
      continue;
    }
    const from = Number(start[2]);
    const to = Number(end[2]);
    if (to < from) {
      problems.push({ key: 'bom.line.designatorRangeBad', vars: { text: rangeText } });
      push(tok);
      push(endTok as string);
      continue;
    }
    if (to - from + 1 > MAX_DESIGNATOR_RANGE) {
      problems.push({ key: 'bom.line.designatorRangeTooLong', vars: { text: rangeText, max: MAX_DESIGNATOR_RANGE } });
      push(tok);
      push(endTok as string);
      continue;
    }
    for (let n = from; n <= to && out.length < MAX_DESIGNATORS_PER_LINE; n++) push(`${start[1] as string}${n}`);
  }
  if (out.length >= MAX_DESIGNATORS_PER_LINE) problems.push({ key: 'bom.line.designatorTooMany', vars: { max: MAX_DESIGNATORS_PER_LINE } });
  if (duplicates.length > 0) problems.push({ key: 'bom.line.designatorDuplicate', vars: { designators: duplicates.join(', ') } });
  return { text, list: out, count: out.length, problems };
}

/**
 * Whether a cell reads as a designator list (for the header matcher's content checks): every
 * token a designator, digits not starting with '0' unless a lone '0' ('C0' yes, 'C0603' no: a
 * footprint), at most 4 digits (longer 'C2164760' is an LCSC code).
 */
export function looksLikeDesignators(cell: string): boolean {
  const toks = tokens(cell.normalize('NFKC').trim());
  if (toks.length === 0 || toks[0] === '~') return false;
  return toks.every((t, i) => {
    if (t === '~') return i + 1 < toks.length;
    // A bare number only as the end of a range ('BTN0-6').
    const m = /^(?:[A-Za-z][A-Za-z_]{0,5})?(\d{1,4})(?:[A-Za-z]|_\d{1,3})?$/.exec(t);
    if (!m || (/^\d/.test(t) && toks[i - 1] !== '~')) return false;
    const digits = m[1] as string;
    return digits === '0' || !digits.startsWith('0');
  });
}
