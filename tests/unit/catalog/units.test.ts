import { describe, expect, it } from 'vitest';
import { UNITS, UNIT_SYMBOLS, formatQuantity, isUnit, parseQuantity, parseRange, type Unit } from '../../../src/lib/catalog/units.ts';

function ok(text: string, expected?: Unit): { value: number; unit: Unit | null; plusMinus: boolean } {
  const r = parseQuantity(text, expected);
  if (!r.ok) throw new Error(`parseQuantity(${JSON.stringify(text)}) failed: ${r.reason}`);
  return r;
}

describe('parseQuantity', () => {
  it.each<[string, number, Unit | null]>([
    ['4.7kΩ', 4700, 'Ω'],
    ['4.7 kΩ', 4700, 'Ω'],
    ['4k7', 4700, null],
    ['4.7K', 4700, null],
    ['10R', 10, 'Ω'],
    ['0R1', 0.1, 'Ω'],
    ['R47', 0.47, 'Ω'],
    ['2M2', 2.2e6, null],
    ['100n', 1e-7, null],
    ['0.1uF', 1e-7, 'F'],
    ['0.1µF', 1e-7, 'F'], // micro sign U+00B5
    ['0.1μF', 1e-7, 'F'], // Greek mu U+03BC
    ['100nF', 1e-7, 'F'],
    ['1pF', 1e-12, 'F'],
    ['4n7F', 4.7e-9, 'F'],
    ['3.3V', 3.3, 'V'],
    ['3V3', 3.3, 'V'],
    ['500mA', 0.5, 'A'],
    ['1.5A', 1.5, 'A'],
    ['72MHz', 72e6, 'Hz'],
    ['32.768kHz', 32768, 'Hz'],
    ['64KB', 65536, 'B'],
    ['64kB', 65536, 'B'],
    ['1MB', 1048576, 'B'],
    ['1Mbit', 1048576, 'bit'],
    ['16Mb', 16 * 1048576, 'bit'],
    ['256 KiBit', 256 * 1024, 'bit'],
    ['1%', 1, '%'],
    ['-40°C', -40, '°C'],
    ['125℃', 125, '°C'],
    ['0.5W', 0.5, 'W'],
    ['1/4W', 0.25, 'W'],
    ['10uH', 1e-5, 'H'],
    ['1Mbps', 1e6, 'bps'],
    ['40 MSPS', 40e6, 'SPS'],
    ['10 dBm', 10, 'dBm'],
    ['450nm', 4.5e-7, 'm'],
    ['1e3', 1000, null],
    ['４.７ｋΩ', 4700, 'Ω'], // full-width digits fold via NFKC
  ])('%s → %d %s', (text, value, unit) => {
    const r = ok(text);
    expect(r.value).toBeCloseTo(value, 15);
    expect(r.value / value).toBeCloseTo(1, 12);
    expect(r.unit).toBe(unit);
  });

  it('reads ± and +/- as a symmetric quantity', () => {
    expect(ok('±5%')).toEqual({ ok: true, value: 5, unit: '%', plusMinus: true });
    expect(ok('+/-0.5V')).toMatchObject({ value: 0.5, unit: 'V', plusMinus: true });
    expect(ok('-40°C').plusMinus).toBe(false);
  });

  it('accepts Chinese units and prefix words', () => {
    expect(ok('4.7千欧')).toMatchObject({ value: 4700, unit: 'Ω' });
    expect(ok('10欧姆')).toMatchObject({ value: 10, unit: 'Ω' });
    expect(ok('100微法').value).toBeCloseTo(1e-4, 15);
    expect(ok('3.3伏')).toMatchObject({ value: 3.3, unit: 'V' });
    expect(ok('2安')).toMatchObject({ value: 2, unit: 'A' });
    expect(ok('72兆赫')).toMatchObject({ value: 72e6, unit: 'Hz' });
    expect(ok('50赫兹')).toMatchObject({ value: 50, unit: 'Hz' });
    expect(ok('64字节')).toMatchObject({ value: 64, unit: 'B' });
  });

  it('uses the expected unit for bare values and refuses a different one', () => {
    expect(ok('100n', 'F')).toMatchObject({ unit: 'F' });
    expect(ok('4k7', 'Ω')).toMatchObject({ value: 4700, unit: 'Ω' });
    expect(ok('64K', 'B').value).toBe(65536); // memory: binary multiple
    expect(ok('1m', 'Ω').value).toBeCloseTo(1e-3, 15); // a lone 'm' is milli, not metre
    expect(ok('+85C', '°C').value).toBe(85); // bare C only when °C is expected
    expect(parseQuantity('3.3V', 'A')).toEqual({ ok: false, reason: 'expected A, got V' });
    expect(parseQuantity('10R', 'F').ok).toBe(false);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'no number'],
    ['V', 'no number'],
    ['4.7 kQ', "unknown unit 'kQ'"],
    ['1e400', 'not a finite number'],
    ['1,5V', 'ambiguous comma (decimal or thousands separator)'],
    ['2-3.6V', 'a range, not a single quantity (use parseRange)'],
    ['--5V', 'more than one sign'],
    ['±', 'sign without a number'],
    ['1/0W', 'division by zero'],
    ['85C', "unknown unit 'C'"],
    ['5 °CC', "unknown unit '°CC'"],
    ['x'.repeat(50), 'too long for a single quantity'],
  ])('rejects %j with a reason', (text, reason) => {
    expect(parseQuantity(text)).toEqual({ ok: false, reason });
  });

  it('rejects non-string input without throwing', () => {
    expect(parseQuantity(42 as unknown as string)).toEqual({ ok: false, reason: 'not a string' });
    expect(parseQuantity(null as unknown as string).ok).toBe(false);
  });

  it('does not allow prefixes on °C, % or dB', () => {
    expect(parseQuantity('5k%').ok).toBe(false);
    expect(parseQuantity('3mdB').ok).toBe(false);
  });
});

describe('parseRange', () => {
  it.each<[string, number, number, Unit | null]>([
    ['2-3.6V', 2, 3.6, 'V'],
    ['2.0 - 3.6 V', 2, 3.6, 'V'],
    ['1.65V to 3.6V', 1.65, 3.6, 'V'],
    ['-40 to +85°C', -40, 85, '°C'],
    ['-40~125℃', -40, 125, '°C'],
    ['4.5V-9V', 4.5, 9, 'V'],
    ['100-500mA', 0.1, 0.5, 'A'],
    ['0.001-350 MHz', 1000, 350e6, 'Hz'],
    ['–40 to 85 °C', -40, 85, '°C'], // en dash as minus
  ])('%s', (text, min, max, unit) => {
    const r = parseRange(text);
    expect(r).toEqual({ ok: true, min, max, unit });
  });

  it('rejects reversed, mixed-unit and non-range input', () => {
    expect(parseRange('5-2V')).toEqual({ ok: false, reason: 'lower bound above upper bound' });
    expect(parseRange('1V-2A').ok).toBe(false);
    expect(parseRange('3.3V').ok).toBe(false);
    expect(parseRange('').ok).toBe(false);
    expect(parseRange(undefined as unknown as string).ok).toBe(false);
  });
});

describe('formatQuantity', () => {
  it.each<[number, Unit | null, string]>([
    [4700, 'Ω', '4.7 kΩ'],
    [1e-7, 'F', '100 nF'],
    [3.3, 'V', '3.3 V'],
    [0.5, 'A', '500 mA'],
    [72e6, 'Hz', '72 MHz'],
    [32768, 'Hz', '32.768 kHz'],
    [65536, 'B', '64 KB'],
    [1536, 'B', '1.5 KB'],
    [1048576, 'bit', '1 Mbit'],
    [5, '%', '5%'],
    [-40, '°C', '-40°C'],
    [0.25, 'W', '250 mW'],
    [1e-11, 'F', '10 pF'],
    [0, 'V', '0 V'],
    [0.1, 'Ω', '100 mΩ'],
    [2.2e6, 'Ω', '2.2 MΩ'],
    [1e-5, 'H', '10 µH'],
    [10, 'dBm', '10 dBm'],
    [12, null, '12'],
  ])('%d %s → %s', (value, unit, text) => {
    expect(formatQuantity(value, unit)).toBe(text);
  });

  it('round-trips parse → format for catalogue values', () => {
    for (const t of ['4.7 kΩ', '100 nF', '3.3 V', '72 MHz', '64 KB', '10 µH', '2.2 MΩ']) {
      const r = ok(t);
      expect(formatQuantity(r.value, r.unit)).toBe(t);
    }
  });

  it('throws on non-finite values', () => {
    expect(() => formatQuantity(Number.NaN, 'V')).toThrow(RangeError);
    expect(() => formatQuantity(Infinity, 'Ω')).toThrow(RangeError);
  });
});

describe('UNITS', () => {
  it('is a closed set with canonical symbols and Chinese names', () => {
    expect(UNIT_SYMBOLS.length).toBe(18);
    for (const u of UNIT_SYMBOLS) {
      expect(UNITS[u].symbol).toBe(u);
      expect(UNITS[u].nameZh).not.toBe('');
      expect(UNITS[u].aliases).toContain(u);
    }
    expect(isUnit('Ω')).toBe(true);
    expect(isUnit('ohm')).toBe(false);
    expect(isUnit('toString')).toBe(false);
  });
});
