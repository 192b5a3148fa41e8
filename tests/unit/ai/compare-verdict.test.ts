import { describe, expect, it } from 'vitest';
import { compareVerdict, readCondition, type CompareFacts } from '../../../src/lib/ai/compare-verdict.ts';

// Comparisons that answer the question (issue #33 item 2). The figures are the shipped JLC
// snapshot's (catalog/jlcparts-2026-05-21) as the importer reads them: LM358DR (C5423, TI)
// supply 3–32 V, GBW 700 kHz, Vos 3 mV; TL072CDR (C67473, TI) GBW 5.25 MHz, Vos 3 mV and no single
// supply range (LCSC writes only '-15V~-5V、5V~15V'); LMV358IDR (C63813, TI) supply 2.7–5.5 V;
// GD32F103C8T6 (C77994) 2.6–3.6 V, CH32F103C8T6 (C2687451) 2.7–5.5 V.

const part = (mpn: string, nums: Record<string, number>, price: number | null = null, texts: Record<string, string> = {}): CompareFacts => ({
  mpn,
  nums: new Map(Object.entries(nums)),
  texts: new Map(Object.entries(texts)),
  price,
  stock: null,
});
const lm358 = part('LM358DR', { supplyVoltageMin: 3, supplyVoltageMax: 32, gainBandwidth: 700_000, inputOffsetVoltage: 0.003 });
const tl072 = part('TL072CDR', { gainBandwidth: 5_250_000, inputOffsetVoltage: 0.003 });
const lmv358 = part('LMV358IDR', { supplyVoltageMin: 2.7, supplyVoltageMax: 5.5, gainBandwidth: 1_000_000 }, null, { railToRail: 'Rail-to-Rail Output' });

describe('reading the condition', () => {
  it('reads a single supply and its voltage, and the aims named', () => {
    expect(readCondition('LM358 和 TL072 哪个适合 5V 单电源', [5])).toEqual({ supplyVoltage: 5, singleSupply: true, aims: [] });
    expect(readCondition('LM358 or TL072 for a 5V single supply?', [5])).toMatchObject({ supplyVoltage: 5, singleSupply: true });
    expect(readCondition('TL072 和 LM358 哪个速度快', []).aims).toEqual(['speed']);
    expect(readCondition('Which is cheaper, LM358 or LMV358?', []).aims).toEqual(['price']);
    expect(readCondition('STM32F103C8T6 vs GD32F103C8T6', [])).toEqual({ supplyVoltage: null, singleSupply: false, aims: [] });
  });
});

describe('the verdict', () => {
  it('5 V single supply: LM358 (3–32 V holds 5 V); TL072 states no single-supply range, said as missing', () => {
    const v = compareVerdict([lm358, tl072], { supplyVoltage: 5, singleSupply: true, aims: [] });
    expect(v.recommended).toBe(0);
    expect(v.fits).toEqual(['yes', 'unknown']);
    expect(v.reasons[0]).toEqual({ kind: 'supplyIn', part: 0, min: 3, max: 32, voltage: 5 });
    expect(v.missing).toEqual([{ part: 1, keys: ['supplyVoltage'] }]);
    expect(v.keys.slice(0, 2)).toEqual(['supplyVoltageMin', 'supplyVoltageMax']);
  });

  it('a supply outside a range rules the part out, and a rail-to-rail output is named for single supply', () => {
    const v = compareVerdict([lmv358, lm358], { supplyVoltage: 12, singleSupply: true, aims: [] });
    expect(v.fits).toEqual(['no', 'yes']);
    expect(v.recommended).toBe(1);
    const low = compareVerdict([lmv358, lm358], { supplyVoltage: 2.7, singleSupply: true, aims: [] });
    expect(low.recommended).toBe(0);
    expect(low.reasons).toContainEqual({ kind: 'railToRail', part: 0, text: 'Rail-to-Rail Output' });
  });

  it('for 5 V, CH32F103C8T6 (2.7–5.5 V) and not GD32F103C8T6 (2.6–3.6 V)', () => {
    const gd = part('GD32F103C8T6', { supplyVoltageMin: 2.6, supplyVoltageMax: 3.6 });
    const ch = part('CH32F103C8T6', { supplyVoltageMin: 2.7, supplyVoltageMax: 5.5 });
    const v = compareVerdict([gd, ch], { supplyVoltage: 5, singleSupply: false, aims: [] });
    expect(v.recommended).toBe(1);
    expect(v.reasons.map((r) => r.kind)).toEqual(['supplyOut', 'supplyIn']);
  });

  it('an aim decides by its parameters; no aim weighs the headline figures', () => {
    const speed = compareVerdict([lm358, tl072], { supplyVoltage: null, singleSupply: false, aims: ['speed'] });
    expect(speed.recommended).toBe(1);
    expect(speed.reasons[0]).toEqual({ kind: 'better', part: 1, other: 0, key: 'gainBandwidth', value: 5_250_000, otherValue: 700_000 });
    const general = compareVerdict([lm358, tl072], { supplyVoltage: null, singleSupply: false, aims: [] });
    expect(general.recommended).toBe(1);
    // Equal offsets decide nothing.
    expect(general.reasons.some((r) => r.kind === 'better' && r.key === 'inputOffsetVoltage')).toBe(false);
  });

  it('no data on the aim: no recommendation, the missing data named', () => {
    const v = compareVerdict([lm358, tl072], { supplyVoltage: null, singleSupply: false, aims: ['price'] });
    expect(v.recommended).toBeNull();
    expect(v.missing).toEqual([
      { part: 0, keys: ['@price'] },
      { part: 1, keys: ['@price'] },
    ]);
  });
});
