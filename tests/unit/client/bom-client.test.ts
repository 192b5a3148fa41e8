import { describe, expect, it } from 'vitest';
import { parseBoardCount } from '../../../src/islands/bom/bom-toolbar.tsx';
import { percentDone } from '../../../src/islands/bom/bom-progress.tsx';
import { columnsFor, fieldsOf } from '../../../src/islands/bom/bom-mapping.tsx';
import { cellText, countByStatus, currentLineOf, filterLines, totalParts, withBoardCount } from '../../../src/islands/bom/grid-lines.ts';
import { dispositionName } from '../../../src/lib/client/bom-api.ts';
import type { JobView } from '../../../src/lib/jobs/jobs.ts';
import { BOM_ID, line } from '../islands/bom-fake-api.ts';

// The BOM pages' plain decisions: board counts as typed, progress figures, the mapping sent back,
// the grid's counts and totals, a stale edit's answer, the export's file name.

describe('board count', () => {
  it.each([
    ['1', 1],
    ['25', 25],
    [' 1,000 ', 1000],
    ['1，000', 1000],
    ['1000000', 1_000_000],
  ])('%j is %d boards', (text, n) => expect(parseBoardCount(text)).toBe(n));
  it.each(['0', '-3', 'abc', '2pcs', '1.5', '1000001', ''])('%j is refused', (text) => expect(parseBoardCount(text)).toBeNull());
});

describe('progress', () => {
  const job = (done: number, total: number | null) => ({ progress: { done, total, phase: null, message: null } }) as JobView;
  it('is lines done of total, unknown until the total is', () => {
    expect(percentDone(job(250, 1000))).toBe(25);
    expect(percentDone(job(1000, 1000))).toBe(100);
    expect(percentDone(job(0, null))).toBeNull();
    expect(percentDone(job(0, 0))).toBeNull();
    expect(percentDone(null)).toBeNull();
  });
});

describe('mapping', () => {
  const match = {
    bomId: BOM_ID,
    sheet: 's',
    headerRow: 0,
    columns: [{ index: 1, header: 'Value', field: 'value' as const }],
    confidence: 1,
    problems: [],
    preview: [['Ref', 'Value', 'Qty'], ['R1', '10k', '1']],
    confirmed: false,
  };
  it('covers every column of the preview, unmapped ones ignored', () => {
    expect(fieldsOf(match)).toEqual(['ignore', 'value', 'ignore']);
  });
  it('sends each column with its header cell from the chosen header row (none: empty)', () => {
    expect(columnsFor(match.preview, 0, ['designators', 'value', 'quantity'])).toEqual([
      { index: 0, header: 'Ref', field: 'designators' },
      { index: 1, header: 'Value', field: 'value' },
      { index: 2, header: 'Qty', field: 'quantity' },
    ]);
    expect(columnsFor(match.preview, null, ['ignore', 'value', 'ignore']).map((c) => c.header)).toEqual(['', '', '']);
  });
});

describe('grid lines', () => {
  const lines = [line(1, { status: 'exact', quantity: 4, totalQuantity: 4 }), line(2, { status: 'doubtful', quantity: null, totalQuantity: null }), line(3, { status: 'dnp', dnp: true, quantity: 1, totalQuantity: 1 })];
  it('counts each status and filters by one', () => {
    expect(countByStatus(lines)).toEqual({ pending: 0, exact: 1, matched: 0, doubtful: 1, notFound: 0, dnp: 1, notAPart: 0 });
    expect(filterLines(lines, 'doubtful').map((l) => l.lineId)).toEqual([2]);
    expect(filterLines(lines, 'all')).toHaveLength(3);
  });
  it('totals: quantity × boards per line, DNP lines not bought', () => {
    const ten = withBoardCount(lines, 10);
    expect(ten.map((l) => l.totalQuantity)).toEqual([40, null, 10]);
    expect(totalParts(ten)).toBe(40);
  });
  it("a cell shows the user's text, else what was read from it", () => {
    expect(cellText(line(1, { source: { cells: [] }, designators: ['R1', 'R2'], quantity: 2 }), 'designators')).toBe('R1,R2');
    expect(cellText(line(1, { source: { cells: [], quantity: '2pcs' }, quantity: 2 }), 'quantity')).toBe('2pcs');
    expect(cellText(line(1, { source: { cells: [] } }), 'mpn')).toBe('');
  });
  it("takes the current line from a 40900 answer, bare or wrapped; anything else is not a line", () => {
    const current = line(7);
    expect(currentLineOf(current)).toBe(current);
    expect(currentLineOf({ line: current })).toBe(current);
    expect(currentLineOf(null)).toBeNull();
    expect(currentLineOf({ version: 3 })).toBeNull();
  });
});

describe('export file name', () => {
  it('prefers the RFC 6266 filename*, else the plain one', () => {
    expect(dispositionName("attachment; filename=\"bom.xlsx\"; filename*=UTF-8''%E4%B8%BB%E6%9D%BF.xlsx")).toBe('主板.xlsx');
    expect(dispositionName('attachment; filename="bom.xlsx"')).toBe('bom.xlsx');
    expect(dispositionName(null)).toBeNull();
  });
});
