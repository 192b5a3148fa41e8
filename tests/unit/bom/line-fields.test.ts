import { describe, expect, it } from 'vitest';
import { cellsWithFields, lineSignature, mergeFields, rebuildLine } from '../../../src/lib/bom/line-fields.ts';
import { bomExportSheet } from '../../../src/lib/bom/bom-export.ts';

describe('line fields after an edit', () => {
  it('merges a patch: blank removes, text replaces (trimmed), untouched fields stay', () => {
    expect(mergeFields({ mpn: 'A', notes: 'n' }, { mpn: ' B ', notes: '  ', value: '10k' })).toEqual({ mpn: 'B', value: '10k' });
  });

  it('reads the line like an uploaded row; a quantity nobody can mean refuses the edit', () => {
    expect(rebuildLine({ mpn: 'LM358DR', designators: 'U1-U3', quantity: '1,000' })).toEqual({
      ok: true,
      designators: ['U1', 'U2', 'U3'],
      quantity: 1000,
      dnp: false,
      nonPart: null,
      problems: [{ key: 'bom.line.quantityMismatch', vars: { quantity: 1000, count: 3 } }],
    });
    expect(rebuildLine({ mpn: 'X', quantity: '2pcs' })).toMatchObject({ ok: true, quantity: 2 });
    expect(rebuildLine({ mpn: 'X', notes: 'DNP' })).toMatchObject({ ok: true, dnp: true });
    expect(rebuildLine({ mpn: 'X', notes: 'DNP' }, false)).toMatchObject({ ok: true, dnp: false });
    expect(rebuildLine({ mpn: 'X', quantity: '-3' })).toEqual({ ok: false, problem: { key: 'bom.line.quantityNegative', vars: { text: '-3' } } });
    expect(rebuildLine({ mpn: 'X', quantity: 'abc' })).toEqual({ ok: false, problem: { key: 'bom.line.quantityNotNumber', vars: { text: 'abc' } } });
    expect(rebuildLine({})).toMatchObject({ ok: true, designators: [], quantity: null, problems: [{ key: 'bom.line.quantityMissing' }, { key: 'bom.line.nothingToMatch' }] });
  });

  // Issue #30: an edited line is read for non-parts as an uploaded row is; the user can still have it matched.
  it('sets a line that is not a part apart (DNP, one problem), unless the user asks for it to be matched', () => {
    const screw = rebuildLine({ description: 'M3x8螺丝', quantity: '13' });
    expect(screw).toMatchObject({ ok: true, dnp: true, nonPart: { kind: 'hardware', text: 'M3x8螺丝' }, problems: [{ key: 'bom.line.notAPartHardware', vars: { text: 'M3x8螺丝' } }] });
    const matched = rebuildLine({ description: 'M3x8螺丝', quantity: '13' }, false);
    expect(matched).toMatchObject({ ok: true, dnp: false, quantity: 13, nonPart: { kind: 'hardware' }, problems: [] });
    expect(rebuildLine({ value: 'PCB', description: '四层,板厚1mm,沉金', quantity: '1' })).toMatchObject({ ok: true, dnp: true, nonPart: { kind: 'pcb' } });
    expect(rebuildLine({ mpn: 'LM358DR', designators: 'U1', quantity: '1' })).toMatchObject({ ok: true, dnp: false, nonPart: null });
  });

  it('writes edited fields back into their one column; several notes columns keep their cells', () => {
    const columns = [
      { index: 0, header: 'Ref', field: 'designators' as const },
      { index: 2, header: 'MPN', field: 'mpn' as const },
      { index: 3, header: 'Note 1', field: 'notes' as const },
      { index: 4, header: 'Note 2', field: 'notes' as const },
    ];
    expect(cellsWithFields(['R1', '10k', 'OLD'], columns, { mpn: ' NEW ', notes: 'x' })).toEqual(['R1', '10k', 'NEW']);
    expect(cellsWithFields([], columns, { designators: 'U1' })).toEqual(['U1']);
  });

  it('signs a line by its identifying cells, spelled loosely; nothing identifying, no signature', () => {
    expect(lineSignature({ mpn: ' lm358dr ', manufacturer: 'TI' })).toBe(lineSignature({ mpn: 'LM358DR', manufacturer: 'ti' }));
    expect(lineSignature({ mpn: 'LM358DR' })).not.toBe(lineSignature({ mpn: 'LM358DR', manufacturer: 'ST' }));
    expect(lineSignature({ manufacturer: 'TI', package: '0603' })).toBeNull();
  });
});

describe('BOM export sheet', () => {
  const labels = { mpn: 'M', brand: 'B', category: 'C', package: 'P', status: 'S', confidence: 'F', perBoard: 'Q', total: 'T', totals: 'Σ' };
  it('keeps the user’s columns, adds the match and quantities, totals fitted lines only', () => {
    const sheet = bomExportSheet({
      sheetName: 'BOM',
      header: ['Ref', 'MPN'],
      boardCount: 3,
      labels,
      lines: [
        { cells: ['U1', 'LM358DR'], part: { mpn: 'LM358DR', brandName: 'TI', cateName: 'Op amps', package: 'SOIC-8' }, status: 'Exact', confidence: 0.999, quantity: 2, dnp: false },
        { cells: ['R9', 'X', 'extra'], part: null, status: 'DNP', confidence: null, quantity: 1, dnp: true },
        { cells: ['J1'], part: null, status: 'Not found', confidence: null, quantity: null, dnp: false },
      ],
    });
    expect(sheet.rows[0]).toEqual(['Ref', 'MPN', '', 'M', 'B', 'C', 'P', 'S', 'F', 'Q', 'T']);
    expect(sheet.rows[1]).toEqual(['U1', 'LM358DR', '', 'LM358DR', 'TI', 'Op amps', 'SOIC-8', 'Exact', 1, 2, 6]);
    expect(sheet.rows[2]).toEqual(['R9', 'X', 'extra', '', '', '', '', 'DNP', null, 1, null]);
    expect(sheet.rows[3]!.slice(9)).toEqual([null, null]);
    expect(sheet.rows[4]).toEqual(['Σ', null, null, null, null, null, null, null, null, 2, 6]);
  });
});
