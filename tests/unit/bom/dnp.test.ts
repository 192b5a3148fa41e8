import { describe, expect, it } from 'vitest';
import { cellSaysDnp, dnpColumnKind, dnpListOf, lineDnp } from '../../../src/lib/bom/dnp.ts';

describe('cellSaysDnp', () => {
  it('recognises DNP tokens in English and Chinese', () => {
    for (const t of ['DNP', 'dnf', 'DNI', 'NF', 'NP', 'NC', '10k DNP', '10k/DNP', 'Exclude from BOM', 'do not fit', 'Do not populate', '不贴', '不焊', '空贴', '不装', 'NC/不贴'])
      expect(cellSaysDnp(t), t).toBe(true);
  });
  it('does not fire on ordinary cells', () => {
    for (const t of ['', '10k', 'NC relay contact', 'NP0 100pF', 'C0G', 'DNPX1234', 'SN74LVC1G08', 'Connector'])
      expect(cellSaysDnp(t), t).toBe(false);
  });
});

describe('lineDnp', () => {
  it("reads KiCad's DNP column by its polarity", () => {
    expect(lineDnp(['R1', '10k', 'DNP'], ['Reference', 'Value', 'DNP']).dnp).toBe(true);
    expect(lineDnp(['R1', '10k', ''], ['Reference', 'Value', 'DNP']).dnp).toBe(false);
  });
  it("reads Altium's DNI column (a cell 'DNI' in it means not fitted)", () => {
    expect(lineDnp(['C3', 'DNI', '10pF'], ['Designator', 'DNI', 'Comment'])).toEqual({ dnp: true, column: 1, cell: 'DNI' });
    expect(lineDnp(['C4', '', '47uF'], ['Designator', 'DNI', 'Comment']).dnp).toBe(false);
  });
  it('reads a Fitted / 是否贴片 column the other way round', () => {
    expect(lineDnp(['R1', 'No'], ['Ref', 'Fitted']).dnp).toBe(true);
    expect(lineDnp(['R1', 'Yes'], ['Ref', 'Fitted']).dnp).toBe(false);
    expect(lineDnp(['R1', '否'], ['位号', '是否贴片']).dnp).toBe(true);
  });
  it('finds a DNP token in any cell and says which', () => {
    const v = lineDnp(['R3', '10k', '0603', '不贴'], ['位号', '值', '封装', '备注']);
    expect(v).toEqual({ dnp: true, column: 3, cell: '不贴' });
  });
  it('classifies headers', () => {
    expect(dnpColumnKind('DNP')).toBe('dnp');
    expect(dnpColumnKind('Exclude from BOM')).toBe('dnp');
    expect(dnpColumnKind('Populate')).toBe('fitted');
    expect(dnpColumnKind('Value')).toBeNull();
  });
});

describe('lineDnp: Leave empty', () => {
  it('is DNP in a note column only', () => {
    expect(lineDnp(['AE1', 'Leave empty'], ['References', 'Note']).dnp).toBe(true);
    expect(lineDnp(['R1', 'Leave empty'], ['References', 'LowCost']).dnp).toBe(false);
  });
});

// Issue #30, from tests/fixtures/bom-real (tuning files): x-knob-superdial-v2.xlsx writes '3535,可不焊'
// ("may be left unsoldered": optional, fitted) on a part line; limesdr-mini-1v3.xls's Assembly Info
// names the unfitted designators, 'NF(C152 C154)', and only some of them on other lines.
describe('lineDnp: optional parts and lists of unfitted designators', () => {
  it("does not read 可不焊 / 可以不贴 ('may be left off') as DNP", () => {
    for (const t of ['3535,可不焊', '可以不贴', '也可不装']) expect(cellSaysDnp(t), t).toBe(false);
    for (const t of ['不焊', 'NC/不贴', '此处不贴']) expect(cellSaysDnp(t), t).toBe(true);
  });
  it('is DNP when a NF(…) note names every designator of the line, fitted when it names some', () => {
    expect(dnpListOf('NF(C152 C154)')).toEqual(['C152', 'C154']);
    expect(dnpListOf('NF(C12 C19 C20 C22 C183 C186 C189)')).toHaveLength(7);
    expect(dnpListOf('DNP: R3, R4')).toEqual(['R3', 'R4']);
    expect(dnpListOf('NF')).toBeNull();
    const headers = ['Designator', 'Assembly Info'];
    expect(lineDnp(['C152, C154', 'NF(C152 C154)'], headers, ['C152', 'C154']).dnp).toBe(true);
    expect(lineDnp(['FAN1', 'NF(FAN1)'], headers, ['FAN1']).dnp).toBe(true);
    expect(lineDnp(['C3, C5, C12', 'NF(C12)'], headers, ['C3', 'C5', 'C12']).dnp).toBe(false);
    // Without designators the note reads as any cell does.
    expect(lineDnp(['', 'DNP(R3)'], headers).dnp).toBe(true);
  });
});
