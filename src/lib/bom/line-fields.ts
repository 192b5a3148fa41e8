// A BOM line rebuilt from its fields after an edit (/bom/changeSet, /bom/add): the same reading
// as an uploaded row (designators expanded, quantity parsed and cross-checked, DNP recognised,
// problems as bom.line.* keys), except that a quantity people cannot mean ('abc', '-3', '1.5')
// refuses the edit instead of becoming a problem: the user is typing it now and can fix it.

import { linesFromSheet, type BomLineProblem, type BomSourceField } from './bom-line.ts';
import type { HeaderColumn } from './header-match.ts';
import type { NonPart } from './non-part.ts';
import { parseBomQuantity } from './quantity.ts';
import { lineSignature as matcherSignature } from './match/line-plan.ts';

export type LineFields = Partial<Record<BomSourceField, string>>;

export const SOURCE_FIELDS: readonly BomSourceField[] = ['mpn', 'manufacturer', 'description', 'package', 'value', 'quantity', 'designators', 'supplierPn', 'notes'];

export type RebuiltLine =
  | {
      readonly ok: true;
      readonly designators: readonly string[];
      readonly quantity: number | null;
      /** Skipped by the matcher: not fitted, or not a part (see bom-line.ts); the user's choice wins. */
      readonly dnp: boolean;
      /** What the fields say the line is when it is not a part (非元器件), else null. */
      readonly nonPart: NonPart | null;
      readonly problems: readonly BomLineProblem[];
    }
  | { readonly ok: false; readonly problem: BomLineProblem };

/** The fields after an edit: a blank value removes the field, others replace it (trimmed). */
export function mergeFields(current: LineFields, patch: LineFields): LineFields {
  const out: LineFields = { ...current };
  for (const field of SOURCE_FIELDS) {
    const value = patch[field];
    if (value === undefined) continue;
    const text = value.trim();
    if (text === '') delete out[field];
    else out[field] = text;
  }
  return out;
}

/**
 * Reads the fields as one uploaded row; `dnp` (when the user set it) overrides what the cells say.
 * A line that is not a part (the PCB, screws…) is DNP unless the user says otherwise: setting
 * `dnp: false` on it asks for it to be matched anyway (its non-part problem then goes).
 */
export function rebuildLine(fields: LineFields, dnp?: boolean): RebuiltLine {
  const quantity = parseBomQuantity(fields.quantity ?? '');
  if (!quantity.ok) return { ok: false, problem: quantity.problem };
  const cells = SOURCE_FIELDS.map((f) => fields[f] ?? '');
  const columns: HeaderColumn[] = SOURCE_FIELDS.map((field, index) => ({ index, header: field, field }));
  const [line] = linesFromSheet([cells], { headerRow: null, columns });
  if (!line) {
    // Every field blank: nothing to match, nothing to count.
    return { ok: true, designators: [], quantity: null, dnp: dnp ?? false, nonPart: null, problems: [{ key: 'bom.line.quantityMissing', vars: {} }, { key: 'bom.line.nothingToMatch', vars: {} }] };
  }
  if (line.nonPart && dnp === false) {
    // Matched on the user's word: read as a part (its own problems, not the non-part one).
    const [asPart] = linesFromSheet([cells], { headerRow: null, columns }, { nonParts: false });
    return { ok: true, designators: asPart!.designators, quantity: asPart!.quantity, dnp: false, nonPart: line.nonPart, problems: asPart!.problems };
  }
  return { ok: true, designators: line.designators, quantity: line.quantity, dnp: dnp ?? line.dnp, nonPart: line.nonPart, problems: line.problems };
}

/**
 * The uploaded row with the edited fields written into their columns, so the export shows what
 * the user now means. A field spread over several columns (notes) keeps its cells as uploaded.
 */
export function cellsWithFields(cells: readonly string[], columns: readonly HeaderColumn[], patch: LineFields): string[] {
  const out = [...cells];
  for (const field of SOURCE_FIELDS) {
    const value = patch[field];
    if (value === undefined) continue;
    const targets = columns.filter((c) => c.field === field);
    if (targets.length !== 1) continue;
    const index = targets[0]!.index;
    while (out.length <= index) out.push('');
    out[index] = value.trim();
  }
  return out;
}

/**
 * A line's identity for remembering a user's choice (bom_match_memory): the matcher's own
 * signature (match/line-plan.ts), so what the API stores is what the matcher looks up; null
 * when the line has nothing identifying.
 */
export function lineSignature(fields: LineFields): string | null {
  const has = (v: string | undefined) => (v ?? '').trim() !== '';
  if (!has(fields.mpn) && !has(fields.supplierPn) && !has(fields.value) && !has(fields.description)) return null;
  return matcherSignature(fields).slice(0, 1000);
}
