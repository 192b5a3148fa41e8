import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOM_READ_LIMITS } from '../../../../src/lib/bom/read/limits.ts';
import { BomReadError } from '../../../../src/lib/bom/read/problems.ts';
import { parseCellRef, readXlsx } from '../../../../src/lib/bom/read/xlsx.ts';
import { buildXlsx, inlineRows } from './xlsx-builder.ts';

const FIXTURES = new URL('../../../fixtures/bom/read/', import.meta.url);

describe('readXlsx: a workbook written by openpyxl (Altium-style title block, merges)', () => {
  const sheets = readXlsx(readFileSync(new URL('altium-title-block.xlsx', FIXTURES)), BOM_READ_LIMITS);
  const bom = sheets[0]!;

  it('lists every sheet in order, the hidden one marked', () => {
    expect(sheets.map((s) => [s.name, s.hidden])).toEqual([
      ['BOM', false],
      ['Notes', true],
      ['Empty', false],
    ]);
    expect(sheets[1]!.rows).toEqual([['internal'], ['notes']]);
    expect(sheets[2]!.rows).toEqual([]);
  });

  it('keeps the title block above the header, merged titles copied across the used columns', () => {
    expect(bom.rows[0]).toEqual(Array(7).fill('Bill of Materials'));
    expect(bom.rows[1]).toEqual(['Project: PowerBoard.PrjPcb', 'Project: PowerBoard.PrjPcb', 'Project: PowerBoard.PrjPcb', '', 'Date:', '2026-01-02']);
    expect(bom.rows[3]).toEqual([]);
    expect(bom.rows[4]).toEqual(['Comment', 'Description', 'Designator', 'Footprint', 'LibRef', 'Quantity', 'Tolerance']);
  });

  it('reads numbers without float noise, percentages as written, full-width text folded, Chinese kept', () => {
    expect(bom.rows[5]).toEqual(['10k', 'Chip Resistor 0603 10kΩ ±1%', 'R1, R2, R5', '0603', 'RES_10K', '3', '1%']);
    expect(bom.rows[6]![1]).toBe('MLCC 100nF 50V X7R');
    expect(bom.rows[9]![5]).toBe('0.3'); // 0.1 + 0.2 = 0.30000000000000004 in the file
    expect(bom.rows[8]![1]).toBe('MCU ARM Cortex-M3 64KB'); // B8:B9 merged
  });

  it('keeps formula-injection text as plain text, booleans as TRUE/FALSE', () => {
    expect(bom.rows[8]![0]).toBe('=HYPERLINK("http://x")');
    expect(bom.rows[11]![4]).toBe("+cmd|' /C calc'!A0");
    expect(bom.rows[12]).toEqual(['TRUE flag', 'TRUE', 'TP1', 'TestPoint', 'TP', '1']);
    expect(bom.rows[10]).toEqual([]);
  });
});

describe('readXlsx: cell types', () => {
  it('shared strings (rich runs joined, phonetic guides dropped), cached formula values, errors, escapes', () => {
    const xlsx = buildXlsx({
      sharedStrings: ['MPN', '<r><t>贴片</t></r><r><t xml:space="preserve">电阻 10k</t></r><rPh sb="0" eb="2"><t>ティエピエン</t></rPh>', 'Line_x000D_two & more'],
      sheets: [
        {
          name: 'S',
          sheetData:
            '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>' +
            '<row r="2"><c r="A2"><f>B2*2</f><v>0.20000000000000001</v></c><c r="B2" t="str"><f>CONCAT("R","1")</f><v>R1</v></c><c r="C2" t="e"><f>1/0</f><v>#DIV/0!</v></c><c r="D2" t="b"><v>0</v></c><c r="E2" t="s"></c><c r="F2" t="s"><v>99</v></c></row>' +
            '<row r="4"><c r="A4"><f>SUM(A1:A3)</f></c><c r="B4"><v>1E+21</v></c><c r="C4"><v>-12.5</v></c></row>',
        },
      ],
    });
    const [sheet] = readXlsx(xlsx, BOM_READ_LIMITS);
    expect(sheet!.rows).toEqual([['MPN', '贴片电阻 10k', 'Line\ntwo & more'], ['0.2', 'R1', '#DIV/0!', 'FALSE'], [], ['', '1e+21', '-12.5']]);
  });

  it('dates and times by their number format (built-in, East Asian and custom), in the 1900 and 1904 systems', () => {
    const styles =
      '<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy&quot;年&quot;m&quot;月&quot;d&quot;日&quot;"/><numFmt numFmtId="165" formatCode="0.00%"/><numFmt numFmtId="166" formatCode="[Red]0.00"/></numFmts>' +
      '<cellXfs count="6"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="21"/><xf numFmtId="166"/></cellXfs>';
    const sheetData = '<row r="1"><c r="A1" s="1"><v>46024</v></c><c r="B1" s="2"><v>46024.5</v></c><c r="C1" s="3"><v>0.015</v></c><c r="D1" s="4"><v>0.5</v></c><c r="E1" s="5"><v>3</v></c><c r="F1" s="0"><v>46024</v></c></row>';
    const [s1900] = readXlsx(buildXlsx({ styles, sheets: [{ name: 'S', sheetData }] }), BOM_READ_LIMITS);
    expect(s1900!.rows[0]).toEqual(['2026-01-02', '2026-01-02 12:00:00', '1.5%', '12:00:00', '3', '46024']);
    const [s1904] = readXlsx(buildXlsx({ styles, date1904: true, sheets: [{ name: 'S', sheetData }] }), BOM_READ_LIMITS);
    expect(s1904!.rows[0]![0]).toBe('2030-01-03');
  });

  it('cells and rows without `r` take the next position', () => {
    const [sheet] = readXlsx(buildXlsx({ sheets: [{ name: 'S', sheetData: '<row><c t="inlineStr"><is><t>a</t></is></c><c t="inlineStr"><is><t>b</t></is></c></row><row><c><v>1</v></c><c r="C2"><v>3</v></c><c><v>4</v></c></row>' }] }), BOM_READ_LIMITS);
    expect(sheet!.rows).toEqual([['a', 'b'], ['1', '', '3', '4']]);
  });

  it('merged ranges are filled from their top-left cell, clipped to the used area', () => {
    const [sheet] = readXlsx(buildXlsx({ sheets: [{ name: 'S', sheetData: inlineRows([['Title'], ['Ref', 'Desc', 'Qty'], ['R1', 'Resistor', '2'], ['R2', '', '1']]), merges: ['A1:Z1', 'B3:B4', 'C9:D20'] }] }), BOM_READ_LIMITS);
    expect(sheet!.rows).toEqual([['Title', 'Title', 'Title'], ['Ref', 'Desc', 'Qty'], ['R1', 'Resistor', '2'], ['R2', 'Resistor', '1']]);
  });

  it('refuses a sheet past the row or column limit as soon as a cell lies beyond it', () => {
    const limits = { ...BOM_READ_LIMITS, maxRows: 3, maxColumns: 2 };
    const far = buildXlsx({ sheets: [{ name: 'Big', sheetData: '<row r="1"><c r="A1"><v>1</v></c></row><row r="1048576"><c r="A1048576"><v>1</v></c></row>' }] });
    expect(() => readXlsx(far, limits)).toThrow(expect.objectContaining({ key: 'bom.read.tooManyRows', vars: { sheet: 'Big', max: 3 } }));
    const wide = buildXlsx({ sheets: [{ name: 'Wide', sheetData: inlineRows([['a', 'b', 'c']]) }] });
    expect(() => readXlsx(wide, limits)).toThrow(expect.objectContaining({ key: 'bom.read.tooManyColumns' }));
    // Empty cells far out (Excel's formatting-only rows) cost nothing.
    const styledOnly = buildXlsx({ sheets: [{ name: 'S', sheetData: '<row r="1"><c r="A1"><v>1</v></c><c r="B1"><v>2</v></c></row><row r="900000"><c r="XFD900000" s="1"/></row>' }] });
    expect(readXlsx(styledOnly, limits)[0]!.rows).toEqual([['1', '2']]);
  });

  it('refuses more sheets than the limit', () => {
    const sheets = Array.from({ length: 4 }, (_, i) => ({ name: `S${i}`, sheetData: '' }));
    expect(() => readXlsx(buildXlsx({ sheets }), { ...BOM_READ_LIMITS, maxSheets: 3 })).toThrow(BomReadError);
  });

  it('parses cell references', () => {
    expect(parseCellRef('A1')).toEqual({ col: 0, row: 0 });
    expect(parseCellRef('BC12')).toEqual({ col: 54, row: 11 });
    expect(parseCellRef('XFD1048576')).toEqual({ col: 16383, row: 1048575 });
    expect(Number.isNaN(parseCellRef('12').col)).toBe(true);
  });
});
