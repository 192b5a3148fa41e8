// BOM lines from a sheet and its confirmed column mapping: one line per data row, designators
// expanded, quantity parsed and cross-checked, DNP recognised, rows that are not parts (the PCB,
// screws, IC sockets, headings… see non-part.ts) set apart. Nothing is merged or dropped
// silently: empty rows and repeated header rows are the only rows skipped, and every doubt is a
// problem on the line (a message key of the server tables, `bom.line.*`).

import type { ServerMessageKey } from '../server/messages/zh.ts';
import { expandDesignators } from './designators.ts';
import { lineDnp } from './dnp.ts';
import { lcscCodeFromUrl, normalizeHeader, type BomField, type HeaderColumn } from './header-match.ts';
import { nonPartOf, type NonPart, type NonPartKind } from './non-part.ts';
import { checkQuantity, parseBomQuantity } from './quantity.ts';

export type BomLineProblemKey = Extract<ServerMessageKey, `bom.line.${string}`>;
export type BomLineProblem = {
  readonly key: BomLineProblemKey;
  readonly vars: Readonly<Record<string, string | number>>;
};

/** The fields a line carries text for (everything but `ignore`). */
export type BomSourceField = Exclude<BomField, 'ignore'>;

export type BomLine = {
  /** Index of the row in the sheet's rows (0-based; the page shows row + 1). */
  readonly row: number;
  readonly designators: readonly string[];
  /** null when neither a quantity nor designators were given. */
  readonly quantity: number | null;
  readonly source: {
    /** The mapped cells by field; several `notes` columns are joined with ' | '; an LCSC link in a supplier column is its C-code. */
    readonly fields: Partial<Record<BomSourceField, string>>;
    /** The row exactly as uploaded. */
    readonly cells: readonly string[];
  };
  /**
   * The matcher skips the line: not fitted (DNP), or not a part (`nonPart` says why). Until the
   * line status has a value of its own for non-parts, a non-part line is stored as DNP, so that the
   * existing matcher (which plans no lookup for a DNP line) never matches it.
   */
  readonly dnp: boolean;
  /** Not an electronic part (非元器件): the PCB, hardware, a heading…; null for a part. */
  readonly nonPart: NonPart | null;
  readonly problems: readonly BomLineProblem[];
};

/** The problem a non-part line carries, one message per kind (zh and en server tables). */
export const NON_PART_PROBLEM: Readonly<Record<NonPartKind, BomLineProblemKey>> = {
  blank: 'bom.line.notAPartBlank',
  heading: 'bom.line.notAPartHeading',
  pcb: 'bom.line.notAPartPcb',
  socket: 'bom.line.notAPartSocket',
  hardware: 'bom.line.notAPartHardware',
  testPoint: 'bom.line.notAPartTestPoint',
  fiducial: 'bom.line.notAPartFiducial',
  mountingHole: 'bom.line.notAPartMountingHole',
  pad: 'bom.line.notAPartPad',
  logo: 'bom.line.notAPartLogo',
};

export type SheetMapping = { readonly headerRow: number | null; readonly columns: readonly HeaderColumn[] };

const IDENTIFYING: readonly BomSourceField[] = ['mpn', 'value', 'description', 'supplierPn'];

function isBlank(row: readonly string[]): boolean {
  return row.every((c) => c.trim() === '');
}

/** A row repeating the header (sheets pasted together, page breaks in exports). */
function repeatsHeader(row: readonly string[], headerKeys: readonly string[]): boolean {
  const named = headerKeys.filter((k) => k !== '');
  if (named.length < 2) return false;
  let same = 0;
  headerKeys.forEach((k, i) => {
    if (k !== '' && normalizeHeader(row[i] ?? '') === k) same++;
  });
  return same / named.length >= 0.6;
}

export type LinesOptions = {
  /** Set non-part rows apart (default true); false reads every row as a part (a user's override). */
  readonly nonParts?: boolean;
};

export function linesFromSheet(rows: readonly (readonly string[])[], mapping: SheetMapping, options: LinesOptions = {}): BomLine[] {
  const header = mapping.headerRow === null ? [] : (rows[mapping.headerRow] ?? []);
  const headerKeys = header.map(normalizeHeader);
  const headers = mapping.columns.reduce<string[]>((acc, c) => {
    acc[c.index] = c.header;
    return acc;
  }, []);
  const start = mapping.headerRow === null ? 0 : mapping.headerRow + 1;
  const lines: BomLine[] = [];
  // A designator on two lines is reported on the later one (both are kept: nothing is merged).
  const firstRowOf = new Map<string, number>();
  for (let r = start; r < rows.length; r++) {
    const cells = rows[r] ?? [];
    if (isBlank(cells) || repeatsHeader(cells, headerKeys)) continue;
    const line = lineFromRow(r, cells, mapping.columns, headers, options.nonParts ?? true);
    const repeated = new Map<number, string[]>();
    // A non-part's designator cell ('驱动板' of a merged section title) is not checked against the parts'.
    for (const d of line.nonPart ? [] : line.designators) {
      const key = d.toUpperCase();
      const first = firstRowOf.get(key);
      if (first === undefined) firstRowOf.set(key, r);
      else repeated.set(first, [...(repeated.get(first) ?? []), d]);
    }
    const elsewhere: BomLineProblem[] = [...repeated].map(([first, ds]) => ({ key: 'bom.line.designatorOnOtherLine', vars: { designators: ds.join(', '), row: first + 1 } }));
    lines.push(elsewhere.length === 0 ? line : { ...line, problems: [...line.problems, ...elsewhere] });
  }
  return lines;
}

function lineFromRow(row: number, cells: readonly string[], columns: readonly HeaderColumn[], headers: readonly string[], nonParts: boolean): BomLine {
  const fields: Partial<Record<BomSourceField, string>> = {};
  for (const col of columns) {
    if (col.field === 'ignore') continue;
    const cell = (cells[col.index] ?? '').trim();
    if (cell === '') continue;
    // A supplier column of LCSC product links ('购买链接') gives the LCSC code where the URL names
    // one ('…_C25804.html'); other links stay as written (the row keeps the URL in its cells).
    const text = col.field === 'supplierPn' ? (lcscCodeFromUrl(cell) ?? cell) : cell;
    const before = fields[col.field];
    fields[col.field] = before === undefined ? text : `${before} | ${text}`;
  }
  const problems: BomLineProblem[] = [];

  const des = expandDesignators(fields.designators ?? '');
  problems.push(...des.problems);

  // A refused quantity stays refused (null, one problem): the user fixes it, we do not guess.
  const parsed = parseBomQuantity(fields.quantity ?? '');
  if (parsed.problem) problems.push(parsed.problem);
  let quantity: number | null = null;
  if (parsed.ok) {
    const checked = checkQuantity(parsed.value, des.count);
    problems.push(...checked.problems);
    quantity = checked.quantity;
  }

  if (!IDENTIFYING.some((f) => fields[f] !== undefined)) problems.push({ key: 'bom.line.nothingToMatch', vars: {} });

  const dnp = lineDnp(cells, headers, des.list);
  const nonPart = nonParts ? nonPartOf({ fields, designators: des.list, cells }) : null;
  return {
    row,
    designators: des.list,
    quantity,
    source: { fields, cells: [...cells] },
    dnp: dnp.dnp || nonPart !== null,
    nonPart,
    // A non-part has nothing to match or count: its one problem says what it is.
    problems: nonPart ? [{ key: NON_PART_PROBLEM[nonPart.kind], vars: { text: nonPart.text } }] : problems,
  };
}
