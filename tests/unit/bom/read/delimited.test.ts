import { describe, expect, it } from 'vitest';
import { detectDelimiter, parseDelimited } from '../../../../src/lib/bom/read/delimited.ts';
import { BOM_READ_LIMITS } from '../../../../src/lib/bom/read/limits.ts';

const parse = (text: string, d: ',' | ';' | '\t' = ',', limits = BOM_READ_LIMITS) => parseDelimited(text, d, limits, 'bom');

describe('detectDelimiter', () => {
  it('picks the delimiter that splits the lines consistently', () => {
    expect(detectDelimiter('Ref,Value,Qty\nR1,10k,1\nR2,4k7,1\n')).toBe(',');
    expect(detectDelimiter('Ref;Value;Qty\nR1;4,7k;1\nR2;1,5k;1\n')).toBe(';'); // Eagle, decimal commas
    expect(detectDelimiter('Ref\tValue\tQty\nR1\t10k, 1%\t1\n')).toBe('\t');
    expect(detectDelimiter('"Ref","Desc"\n"R1","Res, 10k; 1%"\n"R2","Res, 4k7; 5%"\n')).toBe(',');
  });

  it('is not misled by title lines above the header', () => {
    expect(detectDelimiter('Project: board, rev B\nDate: 2026-01-02\nRef;Value;Qty;Footprint\nR1;10k;1;0603\nR2;4k7;2;0603\n')).toBe(';');
  });

  it("honours Excel's sep= line and falls back to the name's hint", () => {
    expect(detectDelimiter('sep=;\nA,B;C\n')).toBe(';');
    expect(detectDelimiter('single column\nvalue\n', true)).toBe('\t');
    expect(detectDelimiter('single column\nvalue\n')).toBe(',');
  });
});

describe('parseDelimited', () => {
  it('reads quoted fields with delimiters, newlines and doubled quotes; CRLF, LF and CR line ends', () => {
    const text = 'Ref,Desc,Qty\r\n"R1,R2","Resistor ""thin film""\r\n0603",2\nC1,Cap,1\rU1,"MCU",1';
    expect(parse(text)).toEqual([
      ['Ref', 'Desc', 'Qty'],
      ['R1,R2', 'Resistor "thin film"\n0603', '2'],
      ['C1', 'Cap', '1'],
      ['U1', 'MCU', '1'],
    ]);
  });

  it('keeps blank lines as empty rows, drops trailing empty cells and rows, normalises cells', () => {
    expect(parse('Ref,Value,,\n\n  R1 , １０ｋ ,,\n,,\n\n')).toEqual([['Ref', 'Value'], [], ['R1', '10k']]);
    expect(parse('a,b,\n')).toEqual([['a', 'b']]);
    expect(parse('a,"",c')).toEqual([['a', '', 'c']]);
  });

  it('takes an unterminated quote to the end and text after a closing quote as Excel does', () => {
    expect(parse('a,"b\nc')).toEqual([['a', 'b\nc']]);
    expect(parse('"10"k,x')).toEqual([['10k', 'x']]);
  });

  it('keeps formula-looking text as text', () => {
    expect(parse('=HYPERLINK("http://x"),+cmd|\' /C calc\'!A0,@SUM(1),-3')).toEqual([['=HYPERLINK("http://x")', "+cmd|' /C calc'!A0", '@SUM(1)', '-3']]);
  });

  it('skips the sep= line', () => {
    expect(parse('sep=;\r\na;b\r\n', ';')).toEqual([['a', 'b']]);
  });

  it('stops at the row limit and at the column limit with the numbers for the message', () => {
    const limits = { ...BOM_READ_LIMITS, maxRows: 3, maxColumns: 3 };
    expect(parse('1\n2\n3\n\n\n', ',', limits)).toHaveLength(3);
    expect(() => parse('1\n2\n3\n4\n', ',', limits)).toThrow(expect.objectContaining({ key: 'bom.read.tooManyRows', vars: { sheet: 'bom', max: 3 } }));
    expect(() => parse('a,b\na,b,c,d\n', ',', limits)).toThrow(expect.objectContaining({ key: 'bom.read.tooManyColumns', vars: { sheet: 'bom', max: 3, row: 2 } }));
    expect(parse('a,b,c,,,,,,\n', ',', limits)).toEqual([['a', 'b', 'c']]);
  });
});
