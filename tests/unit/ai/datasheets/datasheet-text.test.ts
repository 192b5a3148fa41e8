import { describe, expect, it } from 'vitest';
import {
  blocksOf,
  cjkPairs,
  documentPassages,
  dropRunningLines,
  isTableRow,
  looksLikePartNumber,
  pagePassages,
  PASSAGE_MAX,
  questionTerms,
  rebuildLines,
  searchTextOf,
  type Line,
  type TextItem,
} from '../../../../src/lib/ai/datasheets/datasheet-text.ts';
import { looksLikePdf, toTextItems } from '../../../../src/lib/ai/datasheets/datasheet-extract.ts';
import { partKeysOf } from '../../../../src/lib/ai/datasheets/datasheets.server.ts';

// The pure half of datasheet indexing: lines from positioned items, table runs, passages that keep
// their page, and the search form shared by passages and questions.

const item = (str: string, x: number, y: number, width = str.length * 5, height = 10): TextItem => ({ str, x, y, width, height });
const line = (...cells: string[]): Line => ({ cells, y: 0, size: 10 });

describe('rebuildLines', () => {
  it('groups items by baseline, orders them left to right and splits cells at wide gaps', () => {
    const lines = rebuildLines([
      item('Input Voltage', 100, 700, 60),
      item('VIN', 40, 700.5, 15),
      item('20', 300, 699, 10),
      item('V', 360, 700, 5),
      item('Absolute Maximum Ratings', 40, 730, 120, 12),
    ]);
    expect(lines.map((l) => l.cells)).toEqual([['Absolute Maximum Ratings'], ['VIN', 'Input Voltage', '20', 'V']]);
  });

  it('joins touching items without a space (Chinese one character per item) and small gaps with one', () => {
    const chars = [...'电源电压'].map((ch, i) => item(ch, 50 + i * 10, 500, 10));
    const lines = rebuildLines([...chars, item('VCC', 93, 500, 15), item('5V', 110, 500, 10)]);
    expect(lines[0]!.cells).toEqual(['电源电压 VCC 5V']);
  });

  it('does not let whitespace items hide a column gap', () => {
    const lines = rebuildLines([item('VIN', 40, 700, 15), item('            ', 55, 700, 200), item('20', 300, 700, 10)]);
    expect(lines[0]!.cells).toEqual(['VIN', '20']);
  });

  it('reads pdf.js items (transform, width, height) and drops marked-content entries', () => {
    const items = toTextItems([{ str: 'Hello', transform: [9, 0, 0, 9, 72, 700], width: 25, height: 9 }, { type: 'beginMarkedContent' } as never, { str: 'x', transform: [0, 8, -8, 0, 10, 10], width: 4, height: 0 }]);
    expect(items).toEqual([
      { str: 'Hello', x: 72, y: 700, width: 25, height: 9 },
      { str: 'x', x: 10, y: 10, width: 4, height: 8 },
    ]);
  });
});

describe('tables and passages', () => {
  const ratings = [
    line('Absolute Maximum Ratings'),
    line('Symbol', 'Description', 'Max', 'Units'),
    line('VIN', 'Input Voltage', '20', 'V'),
    line('TJ', 'Operating Junction Temperature Range', '-40 to 125', '°C'),
    line('PD', 'Maximum Power Dissipation (SOT-223)', 'Internally Limited', 'mW'),
    line('θ JA', 'Thermal Resistance (SOT89)', '200', '°C/W'),
    line('Application Information'),
  ];

  it('tells table rows: several cells with a number among them', () => {
    expect(isTableRow(line('VIN', 'Input Voltage', '20', 'V'))).toBe(true);
    expect(isTableRow(line('Description', 'Load regulation'))).toBe(false);
    expect(isTableRow(line('The AMS1117 is a series of low dropout regulators', '20'))).toBe(true);
    expect(isTableRow(line('A single line of prose with 3 numbers 4 5'))).toBe(false);
  });

  it('keeps a table whole, one row per line, cells joined by " | ", with its caption on top', () => {
    const blocks = blocksOf(ratings);
    expect(blocks.map((b) => b.kind)).toEqual(['table', 'text']);
    expect(blocks[0]!.caption).toBe('Absolute Maximum Ratings');
    expect(blocks[0]!.lines).toContain('VIN | Input Voltage | 20 | V');
    expect(blocks[0]!.lines).toContain('PD | Maximum Power Dissipation (SOT-223) | Internally Limited | mW');
    const [table] = pagePassages(2, ratings);
    expect(table).toMatchObject({ page: 2, seq: 0, kind: 'table' });
    expect(table!.text.split('\n')[0]).toBe('Absolute Maximum Ratings');
    // 'max input voltage' finds the row: 'max' is searched as 'maximum' too, and the caption holds it.
    for (const w of ['maximum', 'input', 'voltage', 'vin', '20']) expect(table!.searchText.split(' ')).toContain(w);
  });

  it('needs three rows for a table; two number lines stay text', () => {
    expect(blocksOf([line('a', '1'), line('b', '2'), line('The end.')]).map((b) => b.kind)).toEqual(['text']);
  });

  it('cuts text into passages of a few hundred characters that never cross a page', () => {
    const prose = Array.from({ length: 40 }, (_, i) => line(`Sentence number ${i} of the application note, explaining how to choose the output capacitor.`));
    const passages = documentPassages([prose, prose.slice(0, 3)]);
    const first = passages.filter((p) => p.page === 1);
    expect(first.length).toBeGreaterThan(4);
    expect(first.every((p) => p.text.length <= PASSAGE_MAX)).toBe(true);
    expect(first.map((p) => p.seq)).toEqual(first.map((_, i) => i));
    expect(passages.filter((p) => p.page === 2).map((p) => p.seq)).toEqual([0]);
    // Every sentence of page 1 is in some passage of page 1, once.
    expect(first.map((p) => p.text).join('\n').split('\n')).toHaveLength(40);
  });

  it('cuts one very long line (no line breaks) at spaces', () => {
    const passages = pagePassages(1, [line('word '.repeat(600).trim())]);
    expect(passages.length).toBeGreaterThan(2);
    expect(passages.every((p) => p.text.length <= PASSAGE_MAX)).toBe(true);
  });

  it('drops running headers and footers after the first page', () => {
    const page = (n: number) => [line('Integrated in AMS1117'), line(`Body of page ${n} with its own words ${'x'.repeat(n)}`), line(`Rev.A_Aug,2016 - ${n} - www.wpmtek.com`)];
    const pages = dropRunningLines([page(1), page(2), page(3), page(4)]);
    expect(pages[0]).toHaveLength(3);
    expect(pages[2]!.map((l) => l.cells[0])).toEqual(['Body of page 3 with its own words xxx']);
  });
});

describe('search form', () => {
  it('lower-cases, folds full-width forms and cuts Chinese into overlapping pairs', () => {
    expect(searchTextOf('输入电压 VIN')).toBe('输入 入电 电压 vin');
    expect(searchTextOf('CH340 手册（一） １')).toBe('ch340 手册 一 1');
    expect(cjkPairs('波特率')).toEqual(['波特', '特率']);
    expect(cjkPairs('脚')).toEqual(['脚']);
  });

  it('keeps compounds both split and joined, decimals whole, plurals folded', () => {
    expect(searchTextOf('AMS1117-3.3, SOT-223')).toBe('ams1117 3.3 ams11173.3 sot 223 sot223');
    expect(searchTextOf('Limiting values: ratings (max.)')).toBe('limiting value rating max');
    expect(searchTextOf('VIN | Input Voltage | 20 | V')).toBe('vin input voltage 20 v');
  });

  it('turns a question into search words with alternatives, and part numbers apart', () => {
    const en = questionTerms('What is the max input voltage of the TPS5430?');
    expect(en.terms.map((t) => t.word)).toEqual(['max', 'input', 'voltage', 'tps5430']);
    expect(en.terms[0]!.alts).toEqual(['maximum']);
    expect(en.partNumbers).toEqual(['TPS5430']);
    const zh = questionTerms('AMS1117 的最大输入电压是多少？');
    expect(zh.terms.map((t) => t.word)).toEqual(['ams1117', '最大', '大输', '输入', '入电', '电压']);
    expect(zh.terms.find((t) => t.word === '电压')!.alts).toEqual(['voltage']);
    expect(questionTerms('？？ 的 是').terms).toEqual([]);
  });

  it('tells part numbers from values', () => {
    expect(looksLikePartNumber('TPS5430DDA')).toBe(true);
    expect(looksLikePartNumber('AMS1117-3.3')).toBe(true);
    expect(looksLikePartNumber('3.3V')).toBe(false);
    expect(looksLikePartNumber('100mA')).toBe(false);
    expect(looksLikePartNumber('SOT')).toBe(false);
    expect(partKeysOf('Ordering: CH340G, CH340C and 12MHz crystal; TL431CDBZR')).toEqual(['CH340G', 'CH340C', 'TL431CDBZR']);
  });

  it('knows a PDF by its bytes, not its name', () => {
    const enc = new TextEncoder();
    expect(looksLikePdf(enc.encode('%PDF-1.7\n…'))).toBe(true);
    expect(looksLikePdf(enc.encode('\n\n%PDF-1.4'))).toBe(true);
    expect(looksLikePdf(enc.encode('<!doctype html><title>x.pdf</title>'))).toBe(false);
    expect(looksLikePdf(new Uint8Array(0))).toBe(false);
  });
});
