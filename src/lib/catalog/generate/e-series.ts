// IEC 60063 preferred-number series (E6, E12, E24, E96) and the value codes that the passive
// makers' part numbers use. Values are handled as integer mantissas times a power of ten so that
// codes round-trip exactly (no floating-point drift: 4.7 kΩ is 47 × 10^2, not 4699.999…).

/** Mantissas of one decade, two significant digits (E6/E12/E24) or three (E96), as in IEC 60063. */
export const E6: readonly number[] = [10, 15, 22, 33, 47, 68];
export const E12: readonly number[] = [10, 12, 15, 18, 22, 27, 33, 39, 47, 56, 68, 82];
export const E24: readonly number[] = [10, 11, 12, 13, 15, 16, 18, 20, 22, 24, 27, 30, 33, 36, 39, 43, 47, 51, 56, 62, 68, 75, 82, 91];
// prettier-ignore
export const E96: readonly number[] = [
  100, 102, 105, 107, 110, 113, 115, 118, 121, 124, 127, 130, 133, 137, 140, 143, 147, 150, 154, 158, 162, 165, 169, 174,
  178, 182, 187, 191, 196, 200, 205, 210, 215, 221, 226, 232, 237, 243, 249, 255, 261, 267, 274, 280, 287, 294, 301, 309,
  316, 324, 332, 340, 348, 357, 365, 374, 383, 392, 402, 412, 422, 432, 442, 453, 464, 475, 487, 499, 511, 523, 536, 549,
  562, 576, 590, 604, 619, 634, 649, 665, 681, 698, 715, 732, 750, 768, 787, 806, 825, 845, 866, 887, 909, 931, 953, 976,
];

/** Rounds away binary noise: 4.7 * 1000 → 4700, 0.1 * 3 → 0.3. */
export function clean(value: number): number {
  return Number(value.toPrecision(12));
}

/**
 * Memoises a pure number → string function (the generators call the formatters with a few
 * hundred distinct values, millions of times). Stops remembering past `limit` entries.
 */
function memo(fn: (value: number) => string, limit = 20_000): (value: number) => string {
  const cache = new Map<number, string>();
  return (value: number) => {
    let out = cache.get(value);
    if (out === undefined) {
      out = fn(value);
      if (cache.size < limit) cache.set(value, out);
    }
    return out;
  };
}

/**
 * Every value of a series from `min` to `max` inclusive (same unit as min/max), ascending.
 * eValues(E24, 1, 10) → 1, 1.1 … 9.1, 10.
 */
export function eValues(series: readonly number[], min: number, max: number): number[] {
  const digits = series[0] !== undefined && series[0] >= 100 ? 3 : 2;
  const out: number[] = [];
  for (let exp = -15; exp <= 12; exp++) {
    for (const m of series) {
      const v = clean(m * 10 ** (exp - digits + 1));
      if (v >= min * (1 - 1e-9) && v <= max * (1 + 1e-9)) out.push(v);
    }
  }
  return out.sort((a, b) => a - b);
}

/** The union of several series over a range, without repeats (E96 ∪ E24 for 1 % resistors). */
export function eUnion(seriesList: readonly (readonly number[])[], min: number, max: number): number[] {
  const set = new Set<number>();
  for (const s of seriesList) for (const v of eValues(s, min, max)) set.add(v);
  return [...set].sort((a, b) => a - b);
}

/**
 * The three-character capacitance code in picofarads used by Samsung, Murata (and most MLCC
 * makers): two significant digits and a count of zeros ('104' = 10 × 10^4 pF = 100 nF), or 'R'
 * as the decimal point below 10 pF ('4R7' = 4.7 pF, '1R0' = 1 pF). Throws when the value needs
 * more than two significant digits.
 */
export const capacitanceCode: (farads: number) => string = memo(capacitanceCodeOf);

function capacitanceCodeOf(farads: number): string {
  const pf = clean(farads * 1e12);
  if (!(pf > 0)) throw new RangeError(`capacitance must be positive: ${farads}`);
  if (pf < 10) {
    const tenths = Math.round(pf * 10);
    if (Math.abs(tenths - pf * 10) > 1e-6) throw new RangeError(`${pf} pF needs more than two digits`);
    return `${Math.floor(tenths / 10)}R${tenths % 10}`;
  }
  const exp = Math.floor(Math.log10(pf) + 1e-9) - 1;
  const mant = Math.round(pf / 10 ** exp);
  if (mant < 10 || mant > 99 || Math.abs(clean(mant * 10 ** exp) - pf) > 1e-9 * pf) throw new RangeError(`${pf} pF needs more than two digits`);
  if (exp > 7) throw new RangeError(`${pf} pF is too large for a three-character code`);
  return `${mant}${exp}`;
}

/** Inverse of capacitanceCode: farads, or null when the code is malformed. */
export function parseCapacitanceCode(code: string): number | null {
  let m = /^(\d)R(\d)$/.exec(code);
  if (m) return clean(Number(`${m[1]}.${m[2]}`) * 1e-12);
  m = /^(\d\d)([0-7])$/.exec(code);
  if (m && m[1] !== undefined && m[2] !== undefined && !m[1].startsWith('0')) return clean(Number(m[1]) * 10 ** Number(m[2]) * 1e-12);
  return null;
}

/** Engineering text with the unit joined ('10kΩ', '4.7nF', '100nF') for Chinese descriptions. */
export function compactQuantity(value: number, unit: string): string {
  return spacedQuantity(value, unit).replace(' ', '');
}

const spacedByUnit = new Map<string, (value: number) => string>();

const PREFIXES: ReadonlyArray<readonly [number, string]> = [
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
  [1, ''],
  [1e-3, 'm'],
  [1e-6, 'µ'],
  [1e-9, 'n'],
  [1e-12, 'p'],
];

/** Engineering text with a space ('10 kΩ', '100 nF', '0 Ω') for English descriptions. */
export function spacedQuantity(value: number, unit: string): string {
  let f = spacedByUnit.get(unit);
  if (!f) {
    f = memo((v) => spacedQuantityOf(v, unit));
    spacedByUnit.set(unit, f);
  }
  return f(value);
}

function spacedQuantityOf(value: number, unit: string): string {
  if (value === 0) return `0 ${unit}`;
  const abs = Math.abs(value);
  for (const [factor, prefix] of PREFIXES) {
    if (abs >= factor * 0.9999999) return `${clean(value / factor)} ${prefix}${unit}`;
  }
  return `${clean(value / 1e-12)} p${unit}`;
}
