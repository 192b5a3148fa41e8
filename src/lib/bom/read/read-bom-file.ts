import { detectDelimiter, parseDelimited } from './delimited.ts';
import { BOM_READ_LIMITS, type BomReadLimits } from './limits.ts';
import { BomReadError, type BomReadWarning } from './problems.ts';
import { filledRowCount, type BomReadResult, type RawSheet } from './sheet.ts';
import { sniffBomFile } from './sniff.ts';
import { decodeText, looksLikeText } from './text-decode.ts';
import { readXls } from './xls.ts';
import { readXlsx } from './xlsx.ts';

// Reading an uploaded BOM file (issue #12 items 1 and 9): the type from the bytes, then the xlsx,
// xls or CSV/TSV reader, each bounded by the limits; the sheets come back as rows of normalised cell
// text, or a BomReadError names the problem. Pure and synchronous: run it in a worker
// (read-task.ts), never on the request loop.

export function readBomFile(bytes: Uint8Array, fileName: string, limits: BomReadLimits = BOM_READ_LIMITS): BomReadResult {
  if (bytes.length > limits.maxFileBytes) {
    throw new BomReadError('bom.read.tooLarge', { megabytes: Math.floor(limits.maxFileBytes / (1024 * 1024)) });
  }
  if (bytes.length === 0) throw new BomReadError('bom.read.empty');
  const warnings: BomReadWarning[] = [];
  let result: Omit<BomReadResult, 'defaultSheet' | 'warnings'>;
  const type = sniffBomFile(bytes, fileName, limits);
  if (type === 'xlsx') result = { format: 'xlsx', encoding: null, sheets: readXlsx(bytes, limits) };
  else if (type === 'xls') result = { format: 'xls', encoding: null, sheets: readXls(bytes, limits) };
  else {
    const decoded = decodeText(bytes);
    if (!looksLikeText(decoded.text)) throw new BomReadError('bom.read.unsupportedType', { name: fileName }, 'not text');
    if (decoded.guessed) warnings.push({ key: 'bom.read.encodingGuessed', vars: { encoding: decoded.encoding.toUpperCase() } });
    const delimiter = detectDelimiter(decoded.text, /\.(tsv|tab|txt)$/i.test(fileName));
    const name = fileName.replace(/\.[^.]*$/, '') || fileName;
    const rows = parseDelimited(decoded.text, delimiter, limits, name);
    result = { format: delimiter === '\t' ? 'tsv' : 'csv', encoding: decoded.encoding, sheets: [{ name, hidden: false, rows }] };
  }
  return { ...result, ...checkContent(result.sheets, warnings) };
}

/** Empty and header-only sheets: a warning each, a problem when no sheet has data lines. */
function checkContent(sheets: readonly RawSheet[], warnings: BomReadWarning[]): { defaultSheet: number; warnings: BomReadWarning[] } {
  const filled = sheets.map((s) => filledRowCount(s.rows));
  if (filled.every((n) => n === 0)) throw new BomReadError('bom.read.empty');
  if (filled.every((n) => n <= 1)) throw new BomReadError('bom.read.headerOnly');
  sheets.forEach((s, i) => {
    if (filled[i] === 0) warnings.push({ key: 'bom.read.sheetEmpty', vars: { sheet: s.name } });
    else if (filled[i] === 1) warnings.push({ key: 'bom.read.sheetHeaderOnly', vars: { sheet: s.name } });
  });
  const withData = (i: number) => (filled[i] ?? 0) > 1;
  let defaultSheet = sheets.findIndex((s, i) => !s.hidden && withData(i));
  if (defaultSheet < 0) defaultSheet = filled.findIndex((_, i) => withData(i));
  return { defaultSheet, warnings };
}
