import { describe, expect, it } from 'vitest';
import { readBomFile } from '../../../src/lib/bom/read/read-bom-file.ts';
import { columnName, neutralizeCellText, writeXlsx } from '../../../src/lib/files/xlsx-write.ts';
import { readZip } from '../../../src/lib/files/zip.ts';

describe('writeXlsx', () => {
  it('writes sheets our own reader reads back cell for cell (text, numbers, Chinese, empty cells)', () => {
    const bytes = writeXlsx({
      sheets: [
        { name: 'BOM', rows: [['位号', 'Qty', 'MPN'], ['R1,R2', 2, 'RC0603FR-0710KL'], ['C1', 1.5, null], ['', '', 'A & B <c> "d"']], widths: [12, 6, 30] },
        { name: 'Second', rows: [['x']] },
      ],
    });
    const read = readBomFile(bytes, 'out.xlsx');
    expect(read.format).toBe('xlsx');
    expect(read.sheets.map((s) => s.name)).toEqual(['BOM', 'Second']);
    expect(read.sheets[0]!.rows).toEqual([
      ['位号', 'Qty', 'MPN'],
      ['R1,R2', '2', 'RC0603FR-0710KL'],
      ['C1', '1.5'],
      ['', '', 'A & B <c> "d"'],
    ]);
  });

  it('neutralises formula-looking text, keeps plain signed numbers', () => {
    expect(neutralizeCellText('=HYPERLINK("http://evil","x")')).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(neutralizeCellText('+cmd|\' /C calc\'!A0')).toBe(`'+cmd|' /C calc'!A0`);
    expect(neutralizeCellText('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(neutralizeCellText('＝1+1')).toBe(`'＝1+1`);
    expect(neutralizeCellText('\t=1')).toBe(`'\t=1`);
    expect(neutralizeCellText('-3')).toBe('-3');
    expect(neutralizeCellText('+5%')).toBe('+5%');
    expect(neutralizeCellText('10k')).toBe('10k');
    const bytes = writeXlsx({ sheets: [{ name: 'S', rows: [['=1+1', '-2+3']] }] });
    const xml = Buffer.from(readZip(bytes).find((e) => e.name === 'xl/sharedStrings.xml')!.data).toString('utf8');
    expect(xml).toContain(`'=1+1`);
    expect(xml).toContain(`'-2+3`);
    expect(xml).not.toContain('<f>');
  });

  it('makes sheet names valid and unique, and is deterministic', () => {
    const wb = { sheets: [{ name: 'a/b:c*?[]', rows: [['1'], ['2']] }, { name: 'A/B:C*?[]', rows: [['2'], ['3']] }, { name: 'x'.repeat(40), rows: [['4'], ['5']] }] };
    const names = readBomFile(writeXlsx(wb), 'n.xlsx').sheets.map((s) => s.name);
    expect(names[0]).toBe('a b c');
    expect(names[1]).not.toBe(names[0]);
    expect(names[2]!.length).toBe(31);
    expect(Buffer.from(writeXlsx(wb)).equals(Buffer.from(writeXlsx(wb)))).toBe(true);
  });

  it('names columns like Excel', () => {
    expect([0, 25, 26, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'ZZ', 'AAA']);
  });

  it('refuses an empty workbook', () => {
    expect(() => writeXlsx({ sheets: [] })).toThrow(RangeError);
  });
});
