import { describe, expect, it } from 'vitest';
import { cellSaysDnp, dnpColumnKind, lineDnp } from '../../../src/lib/bom/dnp.ts';

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
