import { describe, expect, it } from 'vitest';
import { expandDesignators, looksLikeDesignators, MAX_DESIGNATOR_RANGE } from '../../../src/lib/bom/designators.ts';

const list = (t: string): readonly string[] => expandDesignators(t).list;

describe('expandDesignators', () => {
  it('expands ranges in every notation BOMs use', () => {
    expect(list('R1-R4,R7')).toEqual(['R1', 'R2', 'R3', 'R4', 'R7']);
    expect(list('R1~R4')).toEqual(['R1', 'R2', 'R3', 'R4']);
    expect(list('R5 to R8')).toEqual(['R5', 'R6', 'R7', 'R8']);
    expect(list('R5->R7')).toEqual(['R5', 'R6', 'R7']);
    expect(list('C1 - C4')).toEqual(['C1', 'C2', 'C3', 'C4']);
    expect(list('BTN0-3')).toEqual(['BTN0', 'BTN1', 'BTN2', 'BTN3']);
  });

  it('splits on spaces, commas, semicolons and Chinese separators', () => {
    expect(list('R1 R2')).toEqual(['R1', 'R2']);
    expect(list('R1;R2')).toEqual(['R1', 'R2']);
    expect(list('C1,C2,C3')).toEqual(['C1', 'C2', 'C3']);
    expect(list('C1，C2、C3；C4')).toEqual(['C1', 'C2', 'C3', 'C4']);
    expect(list('Ｒ１，Ｒ２')).toEqual(['R1', 'R2']);
  });

  it('counts and keeps the original text', () => {
    const d = expandDesignators('  R1-R4, R7 ');
    expect(d.count).toBe(5);
    expect(d.text).toBe('R1-R4, R7');
    expect(d.problems).toEqual([]);
  });

  it('refuses absurd ranges with a problem key instead of expanding them', () => {
    const d = expandDesignators('R1-R999999');
    expect(d.list).toEqual(['R1', 'R999999']);
    expect(d.problems.map((p) => p.key)).toEqual(['bom.line.designatorRangeTooLong']);
    expect(d.problems[0]?.vars.max).toBe(MAX_DESIGNATOR_RANGE);
  });

  it('reports reversed, mixed-prefix and dangling ranges and keeps what was written', () => {
    expect(expandDesignators('R9-R3').problems.map((p) => p.key)).toEqual(['bom.line.designatorRangeBad']);
    const mixed = expandDesignators('R1-C4');
    expect(mixed.list).toEqual(['R1', 'C4']);
    expect(mixed.problems.map((p) => p.key)).toEqual(['bom.line.designatorRangeBad']);
  });

  it('removes duplicates and says so', () => {
    const d = expandDesignators('R1,R2,R1-R3');
    expect(d.list).toEqual(['R1', 'R2', 'R3']);
    expect(d.problems.map((p) => p.key)).toEqual(['bom.line.designatorDuplicate']);
  });

  // Issue #30: an outside check found 'TYPE-C' split into 'TYPE' and 'C' (EasyEDA users name a
  // USB-C receptacle so). A dash after letters belongs to the name; after a digit it is a range.
  it("keeps names with a dash whole ('TYPE-C', 'USB-C', 'J-LINK') and still expands ranges beside them", () => {
    for (const t of ['TYPE-C', 'USB-C', 'J-LINK', 'TYPE-C1', 'SW-PWR1']) expect(expandDesignators(t)).toMatchObject({ list: [t], count: 1, problems: [] });
    expect(list('TYPE-C, R1-R3')).toEqual(['TYPE-C', 'R1', 'R2', 'R3']);
    expect(list('USB-C1,USB-C2')).toEqual(['USB-C1', 'USB-C2']);
    expect(list('R1-R4')).toEqual(['R1', 'R2', 'R3', 'R4']);
    expect(list('C1~C3')).toEqual(['C1', 'C2', 'C3']);
    expect(list('R1-4')).toEqual(['R1', 'R2', 'R3', 'R4']);
    expect(list('R1–R3')).toEqual(['R1', 'R2', 'R3']);
    // A unit suffix before the dash is still read as a (refused) range, as before.
    expect(expandDesignators('U1A-U1D').problems.map((p) => p.key)).toEqual(['bom.line.designatorRangeBad']);
  });

  it('gives an empty list for an empty cell', () => {
    expect(expandDesignators('').count).toBe(0);
  });
});

describe('looksLikeDesignators', () => {
  it('accepts designator lists and refuses footprints, LCSC codes, counts and values', () => {
    for (const t of ['R1', 'C1, C2, C8', 'U1A', 'C1_2, C1', 'BTN0-6', 'C0']) expect(looksLikeDesignators(t), t).toBe(true);
    for (const t of ['C0603', 'C2164760', '10', '100nF', 'LED', '', 'USB-C', 'TYPE-C']) expect(looksLikeDesignators(t), t).toBe(false);
  });
});
