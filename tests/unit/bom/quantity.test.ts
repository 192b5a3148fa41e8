import { describe, expect, it } from 'vitest';
import { checkQuantity, parseBomQuantity } from '../../../src/lib/bom/quantity.ts';

const value = (t: string): number | null => {
  const r = parseBomQuantity(t);
  if (!r.ok) throw new Error(`refused ${t}: ${r.problem.key}`);
  return r.value;
};
const refusal = (t: string): string => {
  const r = parseBomQuantity(t);
  return r.ok ? 'accepted' : r.problem.key;
};

describe('parseBomQuantity', () => {
  it('reads the ways people write counts', () => {
    expect(value('1,000')).toBe(1000);
    expect(value('2pcs')).toBe(2);
    expect(value('2 PCS')).toBe(2);
    expect(value('2个')).toBe(2);
    expect(value('2只')).toBe(2);
    expect(value('１０')).toBe(10);
    expect(value('3.0')).toBe(3);
    expect(value(' 7 ')).toBe(7);
    expect(value('')).toBeNull();
  });

  it('refuses what is not a count, each with its own problem key', () => {
    expect(refusal('-3')).toBe('bom.line.quantityNegative');
    expect(refusal('abc')).toBe('bom.line.quantityNotNumber');
    expect(refusal('1.5')).toBe('bom.line.quantityNotInteger');
    expect(refusal('1,5')).toBe('bom.line.quantityNotNumber');
    expect(refusal('99999999')).toBe('bom.line.quantityTooLarge');
  });

  it('accepts 0 with a warning', () => {
    const r = parseBomQuantity('0');
    expect(r.ok && r.value).toBe(0);
    expect(r.problem?.key).toBe('bom.line.quantityZero');
  });
});

describe('checkQuantity', () => {
  it('derives a missing quantity from the designators', () => {
    expect(checkQuantity(null, 4)).toEqual({ quantity: 4, fromDesignators: true, problems: [{ key: 'bom.line.quantityFromDesignators', vars: { count: 4 } }] });
  });
  it('keeps the user quantity and warns when it disagrees with the designators', () => {
    const c = checkQuantity(3, 4);
    expect(c.quantity).toBe(3);
    expect(c.problems.map((p) => p.key)).toEqual(['bom.line.quantityMismatch']);
  });
  it('is silent when they agree, and says when both are missing', () => {
    expect(checkQuantity(4, 4).problems).toEqual([]);
    expect(checkQuantity(null, 0).problems.map((p) => p.key)).toEqual(['bom.line.quantityMissing']);
  });
});
