// A small xlsx writer for our exports (BOMs, replacement lists): text and number cells, bold
// header rows, column widths, frozen header. Our own code on the zip writer (zip.ts) instead of a
// spreadsheet library: the registry's `xlsx` has known high-severity advisories and the others
// bring far more than we need (ADR 0009 chose our own readers for the same reason).
//
// Text that a spreadsheet could run as a formula (=, +, -, @, tab, CR at the start, also their
// full-width forms) is written with a leading apostrophe (OWASP "CSV injection"): the cell is a
// string in the xlsx already, but users copy cells and save as CSV, where it would run.

import { createZip } from './zip.ts';

export type XlsxCell = string | number | null | undefined;

export type XlsxSheet = {
  /** Made valid for Excel (≤ 31 characters, no []:*?/\, unique in the workbook). */
  readonly name: string;
  readonly rows: readonly (readonly XlsxCell[])[];
  /** Column widths in characters (Excel's unit); missing columns get the default. */
  readonly widths?: readonly number[];
  /** Leading rows drawn bold and kept visible when scrolling (default 1; 0 for none). */
  readonly headerRows?: number;
};

export type XlsxWorkbook = { readonly sheets: readonly XlsxSheet[] };

/** Excel's limits: larger sheets would open truncated or not at all. */
export const XLSX_MAX_ROWS = 1_048_576;
export const XLSX_MAX_COLUMNS = 16_384;
/** A cell holds at most 32,767 characters. */
export const XLSX_MAX_CELL_TEXT = 32_767;

const RISKY_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** Plain numbers as text ('-3', '+5', '-0.5%') are not formulas and stay as they are. */
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?%?$/;

/** The text as written to the cell: formula-looking text neutralised, over-long text cut. */
export function neutralizeCellText(text: string): string {
  const safe = RISKY_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return safe.length > XLSX_MAX_CELL_TEXT ? safe.slice(0, XLSX_MAX_CELL_TEXT) : safe;
}

/** 0 → 'A', 25 → 'Z', 26 → 'AA'. */
export function columnName(index: number): string {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    name = String.fromCharCode(65 + r) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

function escapeXml(text: string): string {
  // Characters XML 1.0 cannot hold at all are dropped (they cannot come from a real cell anyway).
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

function sheetNames(sheets: readonly XlsxSheet[]): string[] {
  const used = new Set<string>();
  return sheets.map((s, i) => {
    const base = (s.name.replace(/[[\]:*?/\\]/g, ' ').trim() || `Sheet${i + 1}`).slice(0, 31);
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - String(n).length - 1)}~${n}`;
    used.add(name.toLowerCase());
    return name;
  });
}

class SharedStrings {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();
  count = 0;
  add(text: string): number {
    this.count++;
    let i = this.index.get(text);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(text);
      this.index.set(text, i);
    }
    return i;
  }
}

function sheetXml(sheet: XlsxSheet, strings: SharedStrings): string {
  if (sheet.rows.length > XLSX_MAX_ROWS) throw new RangeError(`sheet "${sheet.name}" has more than ${XLSX_MAX_ROWS} rows`);
  const headerRows = Math.min(sheet.headerRows ?? 1, sheet.rows.length);
  const parts: string[] = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'];
  if (headerRows > 0) {
    parts.push(`<sheetViews><sheetView workbookViewId="0"><pane ySplit="${headerRows}" topLeftCell="A${headerRows + 1}" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>`);
  }
  if (sheet.widths && sheet.widths.length > 0) {
    parts.push('<cols>');
    sheet.widths.forEach((w, i) => {
      if (Number.isFinite(w) && w > 0) parts.push(`<col min="${i + 1}" max="${i + 1}" width="${Math.min(255, w)}" customWidth="1"/>`);
    });
    parts.push('</cols>');
  }
  parts.push('<sheetData>');
  sheet.rows.forEach((row, r) => {
    if (row.length > XLSX_MAX_COLUMNS) throw new RangeError(`row ${r + 1} of "${sheet.name}" has more than ${XLSX_MAX_COLUMNS} columns`);
    const style = r < headerRows ? ' s="1"' : '';
    const cells: string[] = [];
    row.forEach((cell, c) => {
      const ref = `${columnName(c)}${r + 1}`;
      if (typeof cell === 'number') {
        if (Number.isFinite(cell)) cells.push(`<c r="${ref}"${style}><v>${cell}</v></c>`);
      } else if (typeof cell === 'string' && cell !== '') {
        cells.push(`<c r="${ref}"${style} t="s"><v>${strings.add(neutralizeCellText(cell))}</v></c>`);
      }
    });
    parts.push(`<row r="${r + 1}">${cells.join('')}</row>`);
  });
  parts.push('</sheetData></worksheet>');
  return parts.join('');
}

/** The workbook as xlsx bytes (deterministic: the same input gives the same bytes). */
export function writeXlsx(workbook: XlsxWorkbook): Uint8Array {
  if (workbook.sheets.length === 0) throw new RangeError('a workbook needs at least one sheet');
  const names = sheetNames(workbook.sheets);
  const strings = new SharedStrings();
  const sheets = workbook.sheets.map((s) => sheetXml(s, strings));
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const sst = `${xml}<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.count}" uniqueCount="${strings.list.length}">${strings.list
    .map((t) => `<si><t xml:space="preserve">${escapeXml(t)}</t></si>`)
    .join('')}</sst>`;
  const entries = [
    {
      name: '[Content_Types].xml',
      data: `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>${sheets
        .map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`)
        .join('')}</Types>`,
    },
    {
      name: '_rels/.rels',
      data: `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `${xml}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${names
        .map((n, i) => `<sheet name="${escapeXml(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
        .join('')}</sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
        .map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
        .join('')}<Relationship Id="rId${sheets.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId${sheets.length + 2}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    },
    {
      name: 'xl/styles.xml',
      data: `${xml}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`,
    },
    { name: 'xl/sharedStrings.xml', data: sst },
    ...sheets.map((data, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, data })),
  ];
  return createZip(entries, 6);
}

/** The MIME type to send with writeXlsx's bytes. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
