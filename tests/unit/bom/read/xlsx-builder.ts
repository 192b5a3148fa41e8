import { createZip, type ZipEntry } from '../../../../src/lib/files/zip.ts';

// Builds small xlsx files in tests from raw sheet XML, for the cases the openpyxl fixture cannot
// show (shared strings, cached formula values, phonetic runs, date1904, cells without `r`).

export type TestSheet = { name: string; sheetData: string; merges?: string[]; state?: 'hidden' | 'veryHidden' };

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function buildXlsx(options: { sheets: TestSheet[]; sharedStrings?: string[]; styles?: string; date1904?: boolean; extra?: ZipEntry[] }): Buffer {
  const { sheets } = options;
  const entries: ZipEntry[] = [
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`,
    },
    {
      name: 'xl/workbook.xml',
      data:
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL_NS}">` +
        (options.date1904 ? '<workbookPr date1904="1"/>' : '') +
        '<sheets>' +
        sheets.map((s, i) => `<sheet name="${escape(s.name)}" sheetId="${i + 1}"${s.state ? ` state="${s.state}"` : ''} r:id="rId${i + 1}"/>`).join('') +
        '</sheets></workbook>',
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data:
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('') +
        `<Relationship Id="rIdS" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/>` +
        `<Relationship Id="rIdT" Type="${REL_NS}/styles" Target="/xl/styles.xml"/>` +
        '</Relationships>',
    },
    ...sheets.map((s, i) => ({
      name: `xl/worksheets/sheet${i + 1}.xml`,
      data:
        `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>${s.sheetData}</sheetData>` +
        (s.merges?.length ? `<mergeCells count="${s.merges.length}">${s.merges.map((m) => `<mergeCell ref="${m}"/>`).join('')}</mergeCells>` : '') +
        '</worksheet>',
    })),
  ];
  if (options.sharedStrings) {
    entries.push({
      name: 'xl/sharedStrings.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}">${options.sharedStrings.map((s) => (s.startsWith('<') ? `<si>${s}</si>` : `<si><t>${escape(s)}</t></si>`)).join('')}</sst>`,
    });
  }
  if (options.styles) entries.push({ name: 'xl/styles.xml', data: `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="${NS}">${options.styles}</styleSheet>` });
  entries.push(...(options.extra ?? []));
  return createZip(entries, 6);
}

/** A sheet of inline-string rows: `rows[r][c]` at row r + 1. */
export function inlineRows(rows: readonly (readonly string[])[]): string {
  return rows
    .map((row, r) => `<row r="${r + 1}">${row.map((v, c) => `<c r="${columnName(c)}${r + 1}" t="inlineStr"><is><t>${escape(v)}</t></is></c>`).join('')}</row>`)
    .join('');
}

/** 0 → 'A', 25 → 'Z', 26 → 'AA'. */
export function columnName(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}
