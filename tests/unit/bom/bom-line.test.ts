import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linesFromSheet } from '../../../src/lib/bom/bom-line.ts';
import { matchHeader } from '../../../src/lib/bom/header-match.ts';
import { readCsvFixture } from './csv-fixture.ts';

const FIXTURES = join(import.meta.dirname, '../../fixtures/bom/headers');
const keys = (l?: { problems: readonly { key: string }[] }): string[] => l?.problems.map((p) => p.key) ?? [];

describe('linesFromSheet on real rows', () => {
  it('expands range designators and checks them against the quantity', () => {
    const rows = readCsvFixture(join(FIXTURES, 'range-designators-ringlight.csv'));
    const lines = linesFromSheet(rows, matchHeader(rows));
    expect(lines[0]?.designators).toEqual(['C1', 'C2', 'C3', 'C4']);
    expect(lines[2]?.designators).toHaveLength(16);
    expect(lines.every((l) => keys(l).length === 0)).toBe(true);
  });
});

// Hand-written rows below, to pin single behaviours.
describe('linesFromSheet (hand-written rows)', () => {
  it('reads a KiCad 6 export (its layout) below its preamble', () => {
    // Eeschema 6's CSV layout: Date/Tool/Component Count preamble, blank rows, then the header.
    const rows = [
      ['Date:', '1/2/2024 10:00:00 AM'], ['Tool:', 'Eeschema (6.0.10)'], ['Component Count:', '3'], [], ['Individual Components:'], [],
      ['Item', 'Qty', 'Reference(s)', 'Value', 'LibPart', 'Footprint', 'Datasheet'],
      ['', '', 'C1', '20pF', 'Device:C_Small', 'Capacitor_SMD:C_0603_1608Metric', '~'],
      ['', '', 'C2', '20pF', 'Device:C_Small', 'Capacitor_SMD:C_0603_1608Metric', '~'],
      ['', '', 'R1', '10k', 'Device:R_Small', 'Resistor_SMD:R_0603_1608Metric', '~'],
    ];
    const lines = linesFromSheet(rows, matchHeader(rows));
    expect(lines.map((l) => l.row)).toEqual([7, 8, 9]);
    expect(lines[0]).toMatchObject({ designators: ['C1'], quantity: 1, dnp: false });
    expect(lines[0]?.source.fields).toMatchObject({ value: '20pF', package: 'Capacitor_SMD:C_0603_1608Metric', designators: 'C1' });
    // KiCad 6 leaves Qty empty on individual lines: counted from the designator, and said so.
    expect(keys(lines[0])).toEqual(['bom.line.quantityFromDesignators']);
  });

  it('keeps the user cells exactly as uploaded', () => {
    // EasyEDA Pro's BOM layout (Comment, Value, Manufacturer Part, Supplier Part).
    const rows = [
      ['No.', 'Quantity', 'Comment', 'Designator', 'Footprint', 'Value', 'Manufacturer Part', 'Manufacturer', 'Supplier Part', 'Supplier'],
      ['1', '2', '10uF', 'C1,C2', 'C0603', '10uF', 'CL10A106KP8NNNC', 'SAMSUNG(三星)', 'C19702', 'LCSC'],
      ['2', '1', 'AMS1117-3.3', 'U1', 'SOT-223-3_L6.5-W3.4-P2.30-LS7.0-BR', '', 'AMS1117-3.3', 'AMS(美国先进)', 'C6186', 'LCSC'],
      ['3', '1', '5.1k', 'R1', 'R0603', '5.1k', '0603WAF5101T5E', 'UNI-ROYAL(厚声)', 'C23186', 'LCSC'],
    ];
    const lines = linesFromSheet(rows, matchHeader(rows));
    expect(lines[0]?.source.cells).toEqual(rows[1]);
    expect(lines[0]?.source.fields.mpn).toBe('CL10A106KP8NNNC');
    expect(lines[0]?.source.fields.supplierPn).toBe('C19702');
  });

  const header = ['位号', '型号', '数量', '备注'];
  const mapping = matchHeader([header, ['R1', 'RC0603FR-0710KL', '1', '']]);

  it('skips empty rows and repeated header rows, and nothing else', () => {
    const rows = [header, ['R1', 'RC0603FR-0710KL', '1', ''], ['', '', '', ''], header, ['R2', 'RC0603FR-0710KL', '1', '']];
    expect(linesFromSheet(rows, mapping).map((l) => l.row)).toEqual([1, 4]);
  });

  it('merges nothing: two rows with the same part stay two lines', () => {
    const rows = [header, ['R1', 'RC0603FR-0710KL', '1', ''], ['R2', 'RC0603FR-0710KL', '1', '']];
    expect(linesFromSheet(rows, mapping)).toHaveLength(2);
  });

  it('reports a designator that is on another line too, keeping both lines', () => {
    const rows = [header, ['R1,R2', 'RC0603FR-0710KL', '2', ''], ['R2,R3', 'RC0603FR-071KL', '2', '']];
    const lines = linesFromSheet(rows, mapping);
    expect(lines).toHaveLength(2);
    expect(keys(lines[0])).toEqual([]);
    expect(lines[1]?.problems).toEqual([{ key: 'bom.line.designatorOnOtherLine', vars: { designators: 'R2', row: 2 } }]);
  });

  it('refuses bad quantities with the problem key and no guessed quantity', () => {
    const rows = [header, ['R1,R2', 'X', '-3', ''], ['R3', 'X', 'abc', ''], ['R4', 'X', '1.5', '']];
    const lines = linesFromSheet(rows, mapping);
    expect(lines.map((l) => l.quantity)).toEqual([null, null, null]);
    expect(lines.map(keys)).toEqual([['bom.line.quantityNegative'], ['bom.line.quantityNotNumber'], ['bom.line.quantityNotInteger']]);
  });

  it('warns when the quantity and the designators disagree', () => {
    const lines = linesFromSheet([header, ['R1-R3', 'X', '2', '']], mapping);
    expect(lines[0]?.quantity).toBe(2);
    expect(keys(lines[0])).toEqual(['bom.line.quantityMismatch']);
  });

  it('marks DNP lines from any cell and keeps them', () => {
    const lines = linesFromSheet([header, ['R9', 'RC0603FR-0710KL', '1', '不贴'], ['R10', 'RC0603FR-0710KL', '1', '']], mapping);
    expect(lines.map((l) => l.dnp)).toEqual([true, false]);
  });

  it('says when a line has nothing to match on', () => {
    const lines = linesFromSheet([header, ['R1', '', '1', 'spare']], mapping);
    expect(keys(lines[0])).toEqual(['bom.line.nothingToMatch']);
  });

  // Issue #30: 'TYPE-C' (a USB-C receptacle's designator in EasyEDA sheets) is one designator.
  it('keeps a designator with a dash whole and counts it once', () => {
    const lines = linesFromSheet([header, ['TYPE-C', 'TYPE-C-31-M-12', '1', '']], mapping);
    expect(lines[0]).toMatchObject({ designators: ['TYPE-C'], quantity: 1, nonPart: null, dnp: false });
    expect(keys(lines[0])).toEqual([]);
  });

  it('marks a line DNP when its NF(…) note names all its designators (LimeSDR Assembly Info)', () => {
    const rows = [['Designator', 'Manufacturer Part Number 1', 'Quantity', 'Assembly Info'], ['C152, C154', 'GRM1555C1H470FA01D', '2', 'NF(C152 C154)'], ['C3, C5', 'CC0402JRNPO9BN101', '2', 'NF(C5)']];
    expect(linesFromSheet(rows, matchHeader(rows)).map((l) => l.dnp)).toEqual([true, false]);
  });

  it('reads the LCSC code from an LCSC link in a supplier column, keeping other links as written', () => {
    // voron-afterburner.csv's layout (tests/fixtures/bom-real), with a page id link (no code) added.
    const rows = [
      ['Item', 'Qty', 'Part Num', 'link'],
      ['JST 2 PIN', '4', 'B2B-XH-AM(LF)(SN)', 'https://lcsc.com/product-detail/Wire-To-Board-Wire-To-Wire-Connector_JST-Sales-America-B2B-XH-AM-LF-SN_C161869.html'],
      ['LED', '1', 'NCD0805R1', 'https://item.szlcsc.com/23932.html'],
    ];
    const lines = linesFromSheet(rows, matchHeader(rows));
    expect(lines.map((l) => l.source.fields.supplierPn)).toEqual(['C161869', 'https://item.szlcsc.com/23932.html']);
    expect(lines[0]?.source.cells[3]).toBe(rows[1]![3]);
  });

  it('reads a sheet with no header from its first row', () => {
    const rows = [['R1, R2', '10k', '2'], ['C1', '100nF', '1']];
    const lines = linesFromSheet(rows, matchHeader(rows));
    expect(lines.map((l) => l.row)).toEqual([0, 1]);
    expect(lines[0]).toMatchObject({ designators: ['R1', 'R2'], quantity: 2 });
  });
});
