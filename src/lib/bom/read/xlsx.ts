import { posix } from 'node:path';
import { openBoundedZip, type BoundedZip } from './bounded-zip.ts';
import { normalizeCellText } from './cell-text.ts';
import type { BomReadLimits } from './limits.ts';
import { BomReadError } from './problems.ts';
import type { RawSheet } from './sheet.ts';
import { sheetGrid, type MergedRange } from './sheet-grid.ts';
import { numberCellText, numberKindOf, type NumberKind } from './xlsx-values.ts';
import { attr, decodeXmlText, xmlTags } from './xml.ts';

// Our own minimal reader of the Office Open XML workbook (ADR 0009): the workbook's sheet list
// (hidden ones marked), shared strings, the number formats that make a number a date or a
// percentage, and each worksheet's cells — shared and inline strings, numbers, booleans, errors,
// formulas as their cached values — with merged ranges filled from their top-left cell.

const WORKSHEET_REL = /\/worksheet$/;

export function readXlsx(bytes: Uint8Array, limits: BomReadLimits): RawSheet[] {
  const zip = openBoundedZip(bytes, limits);
  const workbookXml = text(zip, 'xl/workbook.xml');
  if (workbookXml === null) throw new BomReadError('bom.read.corrupt', {}, 'no xl/workbook.xml');
  const rels = relationships(zip, 'xl/workbook.xml');
  const date1904 = /<(?:\w+:)?workbookPr\b[^>]*\bdate1904\s*=\s*["'](?:1|true)["']/.test(workbookXml);

  const sheets: { name: string; hidden: boolean; path: string }[] = [];
  for (const tag of xmlTags(workbookXml)) {
    if (tag.name !== 'sheet' || tag.closing) continue;
    const rel = rels.get(attr(tag.attrs, 'id') ?? '');
    if (!rel || !WORKSHEET_REL.test(rel.type)) continue; // chart and dialog sheets hold no table
    const state = attr(tag.attrs, 'state');
    sheets.push({ name: attr(tag.attrs, 'name') ?? '', hidden: state === 'hidden' || state === 'veryHidden', path: rel.target });
  }
  if (sheets.length > limits.maxSheets) throw new BomReadError('bom.read.tooManySheets', { count: sheets.length, max: limits.maxSheets });

  const relOfType = (suffix: string) => [...rels.values()].find((r) => r.type.endsWith(suffix))?.target;
  const strings = sharedStrings(text(zip, relOfType('/sharedStrings') ?? 'xl/sharedStrings.xml', limits));
  const kinds = numberKinds(text(zip, relOfType('/styles') ?? 'xl/styles.xml', limits));

  const budget: ReadBudget = { cells: 0, chars: 0 };
  const normalized = new Map<number, string>();
  return sheets.map((s) => {
    probeCells(zip, s.path, limits.maxCells - budget.cells, limits, s.name);
    const xml = text(zip, s.path, limits);
    if (xml === null) throw new BomReadError('bom.read.corrupt', {}, `sheet ${s.name} has no part ${s.path}`);
    try {
      budget.cells += countCellTags(xml, limits.maxCells - budget.cells);
    } catch (error) {
      // A sheet of too many rows says so (the user can split it), even when its cells ran out first.
      if (countTags(xml, ROW_TAG, limits.maxRows + 1) > limits.maxRows) throw new BomReadError('bom.read.tooManyRows', { sheet: s.name, max: limits.maxRows });
      throw error;
    }
    return { name: s.name, hidden: s.hidden, rows: worksheetRows(xml, { strings, kinds, date1904, limits, sheet: s.name, budget, normalized }) };
  });
}

/** Excel's own limit on the characters of one cell: a longer one was not written by a spreadsheet. */
export const MAX_CELL_CHARS = 32_767;

/** Bytes of a sheet's XML looked at before it is inflated whole. */
const PROBE_BYTES = 2 * 1024 * 1024;

/**
 * Looks at the first 2 MB of a large sheet: cells counted there and projected over the declared
 * size. Past 1.25 × the room it is a bomb, refused without inflating the rest (a 16 MB sheet
 * costs a 2 MB inflate); a sheet whose front is sparser is counted exactly after the whole
 * inflate (at most 16 MB, limits.ts), before parsing.
 */
function probeCells(zip: BoundedZip, path: string, room: number, limits: BomReadLimits, sheet: string): void {
  const size = zip.sizeOf(path) ?? 0;
  if (size <= PROBE_BYTES) return;
  const head = zip.readPrefix(path, PROBE_BYTES);
  if (head === null || head.length === 0) return;
  // Latin-1 is enough to find tags (ASCII) and skips UTF-8 decoding.
  const text = head.toString('latin1');
  const scale = size / head.length;
  const projected = countCellTags(text, Number.MAX_SAFE_INTEGER) * scale;
  const tooLarge = size > limits.maxPartBytes;
  if (projected <= 1.25 * room && !tooLarge) return;
  // Refused either way; a sheet that is simply long says so, as the row limit would.
  if (countTags(text, ROW_TAG, Number.MAX_SAFE_INTEGER) * scale > 1.25 * limits.maxRows) throw new BomReadError('bom.read.tooManyRows', { sheet, max: limits.maxRows });
  throw new BomReadError('bom.read.zipBomb', {}, tooLarge ? `sheet ${sheet} expands to ${size} bytes` : `about ${Math.round(projected)} cells, more than ${room} cells`);
}

/** What a workbook's sheets have used of the limits against spreadsheet bombs, across sheets. */
type ReadBudget = { cells: number; chars: number };

const CELL_TAG = '<c';
const ROW_TAG = '<row';

/** Elements named exactly `tag` ('<row', '<c'…) in `xml`, counting stops past `stopAfter`. */
function countTags(xml: string, tag: string, stopAfter: number): number {
  let count = 0;
  let at = xml.indexOf(tag);
  while (at >= 0 && count <= stopAfter) {
    const next = xml.charCodeAt(at + tag.length);
    if (next === 0x20 || next === 0x3e || next === 0x2f || next === 0x09 || next === 0x0a || next === 0x0d) count++;
    at = xml.indexOf(tag, at + tag.length);
  }
  return count;
}

/**
 * Cell elements (`<c …>`, `<c/>`) of a sheet's XML, counted with indexOf before any parsing, and
 * refused as a bomb past `room`: the scan stops at the first cell over, so a sheet of ten million
 * empty styled cells costs a million indexOf steps (a few milliseconds), not a five-second parse.
 */
export function countCellTags(xml: string, room: number): number {
  let count = 0;
  let at = xml.indexOf(CELL_TAG);
  while (at >= 0) {
    const next = xml.charCodeAt(at + 2);
    // '<c ' '<c>' '<c/>' and their tab/newline forms; not '<col', '<cols', '<cfRule', '<customSheetView'…
    if (next === 0x20 || next === 0x3e || next === 0x2f || next === 0x09 || next === 0x0a || next === 0x0d) {
      if (++count > room) throw new BomReadError('bom.read.zipBomb', {}, `more than ${room} cells`);
    }
    at = xml.indexOf(CELL_TAG, at + 2);
  }
  return count;
}

function text(zip: BoundedZip, name: string, limits?: BomReadLimits): string | null {
  const size = zip.sizeOf(name);
  if (limits && size !== undefined && size > limits.maxPartBytes) throw new BomReadError('bom.read.zipBomb', {}, `part ${name} expands to ${size} bytes`);
  const data = zip.read(name);
  return data === null ? null : data.toString('utf8');
}

/** The relationships of a part: id → type and target path inside the archive. */
function relationships(zip: BoundedZip, part: string): Map<string, { type: string; target: string }> {
  const dir = posix.dirname(part);
  const relsXml = text(zip, `${dir}/_rels/${posix.basename(part)}.rels`);
  const out = new Map<string, { type: string; target: string }>();
  if (relsXml === null) return out;
  for (const tag of xmlTags(relsXml)) {
    if (tag.name !== 'Relationship' || tag.closing) continue;
    const id = attr(tag.attrs, 'Id');
    const target = attr(tag.attrs, 'Target');
    if (!id || !target || attr(tag.attrs, 'TargetMode') === 'External') continue;
    const path = target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(dir, target));
    out.set(id, { type: attr(tag.attrs, 'Type') ?? '', target: path });
  }
  return out;
}

/** Shared strings in order; rich-text runs joined, phonetic guides (<rPh>) left out. */
function sharedStrings(xml: string | null): string[] {
  const out: string[] = [];
  if (xml === null) return out;
  let current = '';
  let inPhonetic = false;
  for (const tag of xmlTags(xml)) {
    if (tag.name === 'rPh') inPhonetic = !tag.closing && !tag.selfClosing;
    else if (tag.name === 't' && !tag.closing && !tag.selfClosing && !inPhonetic) current += textAfter(xml, tag.end);
    else if (tag.name === 'si') {
      if (tag.closing || tag.selfClosing) {
        out.push(current);
        current = '';
      }
    }
  }
  return out;
}

function textAfter(xml: string, from: number): string {
  const end = xml.indexOf('<', from);
  return decodeXmlText(xml.slice(from, end < 0 ? xml.length : end));
}

/** The number kind of each cell style (the `s` index into cellXfs). */
function numberKinds(xml: string | null): NumberKind[] {
  if (xml === null) return [];
  const codes = new Map<number, string>();
  const kinds: NumberKind[] = [];
  let inCellXfs = false;
  for (const tag of xmlTags(xml)) {
    if (tag.name === 'numFmt' && !tag.closing) codes.set(Number(attr(tag.attrs, 'numFmtId')), attr(tag.attrs, 'formatCode') ?? '');
    else if (tag.name === 'cellXfs') inCellXfs = !tag.closing && !tag.selfClosing;
    else if (tag.name === 'xf' && inCellXfs && !tag.closing) {
      const id = Number(attr(tag.attrs, 'numFmtId') ?? 0);
      kinds.push(numberKindOf(id, codes.get(id)));
    }
  }
  return kinds;
}

type SheetContext = {
  strings: readonly string[];
  kinds: readonly NumberKind[];
  date1904: boolean;
  limits: BomReadLimits;
  sheet: string;
  budget: ReadBudget;
  /** Shared strings already normalised (index → text), across the workbook's sheets. */
  normalized: Map<number, string>;
};

/** 'BC12' → column 54 (0-based), row 11 (0-based); NaN parts when the reference is malformed. */
export function parseCellRef(ref: string): { col: number; row: number } {
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) col = col * 26 + (c - 64);
    else if (c >= 97 && c <= 122) col = col * 26 + (c - 96);
    else break;
  }
  const row = ref.slice(i) === '' ? NaN : Number(ref.slice(i)) - 1;
  return { col: i === 0 ? NaN : col - 1, row };
}

function worksheetRows(xml: string, ctx: SheetContext): string[][] {
  const grid = sheetGrid(ctx.limits, ctx.sheet);
  let rowIndex = -1;
  let colIndex = -1;
  let cell: { row: number; col: number; type: string; style: number; value: string | null; inline: string } | null = null;
  let inInline = false;
  let inPhonetic = false;
  const merges: MergedRange[] = [];

  for (const tag of xmlTags(xml)) {
    switch (tag.name) {
      case 'row':
        if (!tag.closing) {
          const r = Number(attr(tag.attrs, 'r'));
          rowIndex = Number.isInteger(r) && r > 0 ? r - 1 : rowIndex + 1;
          colIndex = -1;
        }
        break;
      case 'c':
        if (tag.closing) {
          if (cell) grid.put(cell.row, cell.col, cellText(cell, ctx));
          cell = null;
        } else {
          const ref = attr(tag.attrs, 'r');
          const at = ref ? parseCellRef(ref) : { col: NaN, row: NaN };
          colIndex = Number.isInteger(at.col) ? at.col : colIndex + 1;
          const row = Number.isInteger(at.row) ? at.row : Math.max(rowIndex, 0);
          cell = tag.selfClosing
            ? null
            : { row, col: colIndex, type: attr(tag.attrs, 't') ?? 'n', style: Number(attr(tag.attrs, 's') ?? 0), value: null, inline: '' };
        }
        break;
      case 'v':
        if (cell && !tag.closing && !tag.selfClosing) cell.value = textAfter(xml, tag.end);
        break;
      case 'is':
        inInline = !tag.closing && !tag.selfClosing;
        break;
      case 'rPh':
        inPhonetic = !tag.closing && !tag.selfClosing;
        break;
      case 't':
        if (cell && inInline && !inPhonetic && !tag.closing && !tag.selfClosing) cell.inline += textAfter(xml, tag.end);
        break;
      case 'mergeCell':
        if (!tag.closing) {
          const range = mergedRange(attr(tag.attrs, 'ref') ?? '');
          if (range) merges.push(range);
        }
        break;
    }
  }
  return grid.finish(merges);
}

/** A shared string normalised once, however many cells name it. */
function sharedText(ctx: SheetContext, index: number): string {
  let done = ctx.normalized.get(index);
  if (done === undefined) ctx.normalized.set(index, (done = normalizeCellText(ctx.strings[index] ?? '')));
  return done;
}

function mergedRange(ref: string): MergedRange | null {
  const [a, b] = ref.split(':');
  if (!a || !b) return null;
  const from = parseCellRef(a);
  const to = parseCellRef(b);
  if (![from.row, from.col, to.row, to.col].every(Number.isInteger)) return null;
  return { firstRow: from.row, lastRow: to.row, firstCol: from.col, lastCol: to.col };
}

function cellText(cell: { type: string; style: number; value: string | null; inline: string }, ctx: SheetContext): string {
  // The text is counted before it is normalised: a shared string is one copy in the file but one
  // normalisation per cell that names it.
  const raw = cell.type === 's' ? (cell.value === null ? '' : (ctx.strings[Number(cell.value)] ?? '')) : cell.type === 'inlineStr' ? cell.inline : (cell.value ?? '');
  if (raw.length > MAX_CELL_CHARS) throw new BomReadError('bom.read.zipBomb', {}, `a cell of ${raw.length} characters (Excel holds at most ${MAX_CELL_CHARS})`);
  ctx.budget.chars += raw.length;
  if (ctx.budget.chars > ctx.limits.maxTextChars) throw new BomReadError('bom.read.zipBomb', {}, `cells hold more than ${ctx.limits.maxTextChars} characters`);
  switch (cell.type) {
    case 'inlineStr':
      return normalizeCellText(cell.inline);
    case 's':
      return cell.value === null ? '' : sharedText(ctx, Number(cell.value));
    case 'b':
      return cell.value === null ? '' : cell.value === '1' || cell.value === 'true' ? 'TRUE' : 'FALSE';
    case 'str':
    case 'e':
    case 'd':
      return normalizeCellText(cell.value ?? '');
    default: {
      if (cell.value === null || cell.value.trim() === '') return '';
      const n = Number(cell.value);
      if (!Number.isFinite(n)) return normalizeCellText(cell.value);
      return numberCellText(n, ctx.kinds[cell.style] ?? 'number', ctx.date1904);
    }
  }
}
