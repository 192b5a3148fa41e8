import type { Locale } from '../i18n/i18n.ts';
import type { XlsxCell, XlsxWorkbook } from '../files/xlsx-write.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import type { ReplaceCandidate, ReplaceOriginal } from './replace.schema.ts';

// replace/download: the graded list as a workbook. Sheet 1 is one row per part (the original
// first, frozen with the header) with a column per parameter of the original, each candidate
// cell reading 'value (verdict)'; sheet 2 is the diff in long form, one row per parameter, for
// filtering in a spreadsheet.

export function replaceWorkbook(data: { original: ReplaceOriginal; list: readonly ReplaceCandidate[] }, locale: Locale): XlsxWorkbook {
  const m = (key: Parameters<typeof serverMessage>[0]) => serverMessage(key, locale);
  const { original, list } = data;
  const yes = m('replace.xlsx.yes');
  const header = [m('replace.xlsx.grade'), m('replace.xlsx.mpn'), m('replace.xlsx.brand'), m('replace.xlsx.domestic'), m('replace.xlsx.package'), m('replace.xlsx.category'), m('replace.xlsx.score'), m('replace.xlsx.reason'), ...original.params.map((p) => p.name)];
  const originalRow: XlsxCell[] = [m('replace.xlsx.original'), original.mpn, original.brandName, original.domestic ? yes : '', original.package, original.cateName, null, original.description, ...original.params.map((p) => p.display)];
  const rows: XlsxCell[][] = [header, originalRow];
  const diffRows: XlsxCell[][] = [[m('replace.xlsx.candidate'), m('replace.xlsx.grade'), m('replace.xlsx.param'), m('replace.xlsx.original'), m('replace.xlsx.candidate'), m('replace.xlsx.verdict')]];
  for (const c of list) {
    const grade = m(`replace.grade.${c.grade}`);
    const byKey = new Map(c.diff.map((d) => [d.key, d]));
    rows.push([
      grade,
      c.mpn,
      c.brandName,
      c.domestic ? yes : '',
      c.package,
      c.cateName,
      c.score,
      c.reason,
      ...original.params.map((p) => {
        const d = byKey.get(p.key);
        return d ? `${d.candidate ?? '—'} (${m(`replace.verdict.${d.verdict}`)})` : null;
      }),
    ]);
    for (const d of c.diff) diffRows.push([c.mpn, grade, d.name, d.original, d.candidate, m(`replace.verdict.${d.verdict}`)]);
  }
  return {
    sheets: [
      { name: m('replace.xlsx.sheet'), rows, widths: [14, 24, 20, 8, 12, 16, 8, 48, ...original.params.map(() => 16)], headerRows: 2 },
      { name: m('replace.xlsx.diffSheet'), rows: diffRows, widths: [24, 14, 20, 16, 16, 10] },
    ],
  };
}
