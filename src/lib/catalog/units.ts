// Engineering quantities: parsing of the notations found in KiCad descriptions, datasheets and
// distributor listings ('4k7', '0.1µF', '72MHz', '64KB', '±5%', '-40°C', '1/4W'), and display
// formatting ('4.7 kΩ'). Pure functions, no DOM, usable in the browser and on the server.
//
// Conventions (documented here because the catalogue stores the numbers):
// - Values are stored in the unit's base (Ω, F, H, V, A, W, Hz, s, B, bit, bps, SPS, m).
// - Temperatures stay in °C (not kelvin): datasheets and distributors filter on °C.
// - Percent and ppm stay as written (5 for 5%), since they are ratios that users read as-is.
// - Memory sizes use binary multiples (1 KB = 1024 B, 1 Mbit = 1 048 576 bit), as JEDEC and the
//   datasheets KiCad quotes ("64KB flash", "16Mb Serial DataFlash") do; K and k mean the same.
//   A lower-case 'b' is a bit, an upper-case 'B' a byte. Data rates (bps) stay decimal.
// - dB and dBm are logarithmic and carry no prefix.

export type Unit =
  | 'Ω'
  | 'F'
  | 'H'
  | 'V'
  | 'A'
  | 'W'
  | 'Hz'
  | 's'
  | '°C'
  | '%'
  | 'ppm'
  | 'B'
  | 'bit'
  | 'bps'
  | 'SPS'
  | 'dB'
  | 'dBm'
  | 'm';

export type UnitDef = {
  readonly symbol: Unit;
  readonly nameZh: string;
  readonly nameEn: string;
  /** Spellings accepted after the number (compared case-sensitively; see parseQuantity). */
  readonly aliases: readonly string[];
  /** Whether SI prefixes may be put in front (false for °C, %, ppm, dB, dBm). */
  readonly prefixable: boolean;
  /** Memory sizes: prefixes are powers of 1024. */
  readonly binary: boolean;
};

export const UNITS: Readonly<Record<Unit, UnitDef>> = {
  'Ω': { symbol: 'Ω', nameZh: '欧姆', nameEn: 'ohm', aliases: ['Ω', 'ohm', 'ohms', 'Ohm', 'Ohms', 'OHM', 'OHMS', '欧', '欧姆'], prefixable: true, binary: false },
  F: { symbol: 'F', nameZh: '法拉', nameEn: 'farad', aliases: ['F', 'f', '法', '法拉'], prefixable: true, binary: false },
  H: { symbol: 'H', nameZh: '亨利', nameEn: 'henry', aliases: ['H', 'h', '亨', '亨利'], prefixable: true, binary: false },
  V: { symbol: 'V', nameZh: '伏特', nameEn: 'volt', aliases: ['V', 'v', 'volt', 'volts', '伏', '伏特'], prefixable: true, binary: false },
  A: { symbol: 'A', nameZh: '安培', nameEn: 'ampere', aliases: ['A', 'amp', 'amps', '安', '安培'], prefixable: true, binary: false },
  W: { symbol: 'W', nameZh: '瓦特', nameEn: 'watt', aliases: ['W', 'w', 'watt', 'watts', '瓦', '瓦特'], prefixable: true, binary: false },
  Hz: { symbol: 'Hz', nameZh: '赫兹', nameEn: 'hertz', aliases: ['Hz', 'hz', 'HZ', '赫', '赫兹'], prefixable: true, binary: false },
  s: { symbol: 's', nameZh: '秒', nameEn: 'second', aliases: ['s', 'sec', '秒'], prefixable: true, binary: false },
  '°C': { symbol: '°C', nameZh: '摄氏度', nameEn: 'degree Celsius', aliases: ['°C', '°c', 'degC', 'deg C', 'C', '度', '摄氏度'], prefixable: false, binary: false },
  '%': { symbol: '%', nameZh: '百分比', nameEn: 'percent', aliases: ['%'], prefixable: false, binary: false },
  ppm: { symbol: 'ppm', nameZh: 'ppm', nameEn: 'parts per million', aliases: ['ppm', 'PPM'], prefixable: false, binary: false },
  B: { symbol: 'B', nameZh: '字节', nameEn: 'byte', aliases: ['B', 'byte', 'bytes', 'Byte', 'Bytes', '字节'], prefixable: true, binary: true },
  bit: { symbol: 'bit', nameZh: '位', nameEn: 'bit', aliases: ['bit', 'bits', 'Bit', 'Bits', 'b', '位', '比特'], prefixable: true, binary: true },
  bps: { symbol: 'bps', nameZh: '比特每秒', nameEn: 'bits per second', aliases: ['bps', 'bit/s', 'b/s', 'Bd', 'baud'], prefixable: true, binary: false },
  SPS: { symbol: 'SPS', nameZh: '采样每秒', nameEn: 'samples per second', aliases: ['SPS', 'sps', 'S/s', 'Sps', 'Sa/s'], prefixable: true, binary: false },
  dB: { symbol: 'dB', nameZh: '分贝', nameEn: 'decibel', aliases: ['dB', 'db', 'DB', '分贝'], prefixable: false, binary: false },
  dBm: { symbol: 'dBm', nameZh: '分贝毫瓦', nameEn: 'decibel-milliwatt', aliases: ['dBm', 'dbm', 'DBM'], prefixable: false, binary: false },
  m: { symbol: 'm', nameZh: '米', nameEn: 'metre', aliases: ['m', '米'], prefixable: true, binary: false },
};

export const UNIT_SYMBOLS: readonly Unit[] = Object.keys(UNITS) as Unit[];

export function isUnit(value: string): value is Unit {
  return Object.hasOwn(UNITS, value);
}

/** SI prefixes. 'K' is accepted as kilo because part markings and KiCad write '4.7K', '64KB'. */
const SI_PREFIX: Readonly<Record<string, number>> = {
  p: 1e-12,
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  k: 1e3,
  K: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
};
/** Binary multiples for memory sizes. */
const BINARY_PREFIX: Readonly<Record<string, number>> = {
  k: 1024,
  K: 1024,
  Ki: 1024,
  M: 1024 ** 2,
  Mi: 1024 ** 2,
  G: 1024 ** 3,
  Gi: 1024 ** 3,
  T: 1024 ** 4,
  Ti: 1024 ** 4,
};
/** Chinese prefix words as used in 千欧, 微法, 兆赫 (兆 is mega in electronics usage). */
const ZH_PREFIX: Readonly<Record<string, string>> = { 皮: 'p', 纳: 'n', 微: 'u', 毫: 'm', 千: 'k', 兆: 'M', 吉: 'G' };

export type QuantityOk = {
  readonly ok: true;
  /** Value in the unit's base (see the file header), signed. */
  readonly value: number;
  /** null when the text carried no unit and no expected unit was given. */
  readonly unit: Unit | null;
  /** True for '±5%' / '+/-0.5V' (value is then the magnitude). */
  readonly plusMinus: boolean;
};
export type QuantityError = { readonly ok: false; readonly reason: string };
export type QuantityResult = QuantityOk | QuantityError;

export type RangeOk = {
  readonly ok: true;
  readonly min: number;
  readonly max: number;
  readonly unit: Unit | null;
};
export type RangeResult = RangeOk | QuantityError;

function fail(reason: string): QuantityError {
  return { ok: false, reason };
}

/** Unicode clean-up: full-width forms, micro sign, ohm sign and ℃ all fold via NFKC. */
function canonicalText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/μ/g, 'u') // NFKC turns the micro sign µ into Greek mu
    .replace(/[\u2212\u2013\u2014]/g, '-') // minus sign, en/em dash used as minus
    .replace(/\s+/g, ' ')
    .trim();
}

/** Alias → unit, longest aliases first so 'dBm' wins over 'dB' and 'bps' over 'b'. */
const ALIAS_LIST: ReadonlyArray<readonly [string, Unit]> = UNIT_SYMBOLS.flatMap((u) =>
  UNITS[u].aliases.map((a) => [canonicalText(a), u] as const),
).sort((a, b) => b[0].length - a[0].length);

type UnitSplit = { unit: Unit | null; factor: number; prefix: string };

/**
 * Splits a unit word such as 'kΩ', 'uF', 'MHz', 'KB', 'Mbit', '千欧' into prefix and unit.
 * Returns null when the word is not a known unit.
 */
function splitUnit(word: string, expected: Unit | undefined): UnitSplit | null {
  if (word === '') return { unit: null, factor: 1, prefix: '' };
  let w = word;
  // Chinese prefix words (千欧, 微法, 兆赫兹).
  const zh = ZH_PREFIX[w.charAt(0)];
  if (zh && w.length > 1) w = zh + w.slice(1);
  // A lone prefix letter when the caller expects another unit: '1m' is 1 mΩ, not a metre.
  if (expected && w.length === 1 && SI_PREFIX[w] !== undefined && !UNITS[expected].aliases.includes(w)) {
    return barePrefix(w, expected);
  }
  // The unit alone.
  for (const [alias, unit] of ALIAS_LIST) {
    if (w === alias) {
      // A bare 'C' is only Celsius when that is what the caller expects ('85C'); 'b' only bit.
      if (alias === 'C' && expected !== '°C') return null;
      return { unit, factor: 1, prefix: '' };
    }
  }
  // Prefix + unit. Try two-letter binary prefixes (Ki, Mi) before one-letter ones.
  for (const plen of [2, 1]) {
    if (w.length <= plen) continue;
    const p = w.slice(0, plen);
    const rest = w.slice(plen);
    for (const [alias, unit] of ALIAS_LIST) {
      if (rest !== alias) continue;
      const def = UNITS[unit];
      if (!def.prefixable) continue;
      if (alias === 'C') continue;
      const factor = def.binary ? BINARY_PREFIX[p] : plen === 1 ? SI_PREFIX[p] : undefined;
      if (factor === undefined) continue;
      return { unit, factor, prefix: p };
    }
  }
  // A prefix alone ('100n', '4.7k') — unit comes from the caller.
  if (w.length === 1 && SI_PREFIX[w] !== undefined) return barePrefix(w, expected);
  return null;
}

function barePrefix(p: string, expected: Unit | undefined): UnitSplit | null {
  const si = SI_PREFIX[p];
  if (si === undefined) return null;
  if (expected && !UNITS[expected].prefixable) return null;
  if (expected && UNITS[expected].binary) {
    const b = BINARY_PREFIX[p];
    return b === undefined ? null : { unit: expected, factor: b, prefix: p };
  }
  return { unit: expected ?? null, factor: si, prefix: p };
}

const NUMBER_RE = /^(\d+(?:\.\d*)?|\.\d+)(?:[eE]([+-]?\d+))?/;

/**
 * Parses one quantity. `expectedUnit` supplies the unit for bare values ('100n' → F when 'F' is
 * expected) and makes a different unit an error. Accepted notations:
 * - decimal with SI prefix and unit: '4.7kΩ', '0.1uF', '0.1µF', '72MHz', '500mA', '3.3V'
 * - IEC 60062 (RKM) code, the letter standing for the decimal point: '4k7', '2M2', '0R1', '10R',
 *   'R47', '4n7'; 'R' means ohm
 * - fractions: '1/4W'
 * - signs: '-40°C', '+85C' (with expected °C), '±5%', '+/-0.5V'
 * - Chinese units and prefixes: '4.7千欧', '100微法', '3.3伏', '72兆赫'
 */
export function parseQuantity(text: string, expectedUnit?: Unit): QuantityResult {
  if (typeof text !== 'string') return fail('not a string');
  let s = canonicalText(text);
  if (s === '') return fail('empty');
  if (s.length > 40) return fail('too long for a single quantity');

  let plusMinus = false;
  let sign = 1;
  const pm = /^(?:±|\+\/-|\+-)/.exec(s);
  if (pm) {
    plusMinus = true;
    s = s.slice(pm[0].length).trim();
  } else if (s.startsWith('-')) {
    sign = -1;
    s = s.slice(1).trim();
  } else if (s.startsWith('+')) {
    s = s.slice(1).trim();
  }
  if (s === '') return fail('sign without a number');
  if (/^[+\-±]/.test(s)) return fail('more than one sign');
  if (/\d\s*(?:-|~|to|至|…|\.\.)\s*[+-]?\d/.test(s)) return fail('a range, not a single quantity (use parseRange)');
  if (/\d,\d/.test(s)) return fail('ambiguous comma (decimal or thousands separator)');

  // Fraction: '1/4W', '1/8 W'.
  const frac = /^(\d+)\/(\d+)\s*(.*)$/.exec(s);
  if (frac) {
    const den = Number(frac[2]);
    if (den === 0) return fail('division by zero');
    return finish((sign * Number(frac[1])) / den, frac[3] ?? '', expectedUnit, plusMinus);
  }

  // RKM code: digits, one prefix letter or R standing for the point, digits, optional unit.
  const rkm = /^(\d*)([pnumkKMGRV])(\d+)\s*(.*)$/.exec(s);
  if (rkm && (rkm[1] !== '' || rkm[2] === 'R')) {
    const letter = rkm[2] ?? '';
    const mantissa = Number(`${rkm[1] || '0'}.${rkm[3]}`);
    const rest = rkm[4] ?? '';
    if (letter === 'R' || letter === 'V') {
      // 'R' marks the point of a resistance ('0R1'), 'V' of a voltage ('3V3', as in KiCad's +3V3).
      const u: Unit = letter === 'R' ? 'Ω' : 'V';
      if (expectedUnit && expectedUnit !== u) return fail(`'${letter}' notation is for ${u}, expected ${expectedUnit}`);
      if (rest !== '' && splitUnit(rest, u)?.unit !== u) return fail(`unknown unit '${rest}'`);
      return { ok: true, value: sign * mantissa, unit: u, plusMinus };
    }
    const factor = SI_PREFIX[letter] ?? 1;
    if (rest === '') return finishWithUnit(sign * mantissa * factor, expectedUnit && UNITS[expectedUnit].prefixable ? expectedUnit : null, expectedUnit, plusMinus);
    const u = splitUnit(rest, expectedUnit);
    if (!u || u.factor !== 1 || u.unit === null) return fail(`unknown unit '${rest}'`);
    if (!UNITS[u.unit].prefixable) return fail(`unit ${u.unit} takes no prefix`);
    const f = UNITS[u.unit].binary ? (BINARY_PREFIX[letter] ?? factor) : factor;
    return finishWithUnit(sign * mantissa * f, u.unit, expectedUnit, plusMinus);
  }

  // '10R' / '100R' (resistor code with trailing R): ohms.
  const rOnly = /^(\d+(?:\.\d+)?)R$/.exec(s);
  if (rOnly) {
    if (expectedUnit && expectedUnit !== 'Ω') return fail(`'R' notation is for resistance, expected ${expectedUnit}`);
    return { ok: true, value: sign * Number(rOnly[1]), unit: 'Ω', plusMinus };
  }

  const num = NUMBER_RE.exec(s);
  if (!num) return fail('no number');
  const exp = num[2] ? Number(num[2]) : 0;
  const value = sign * Number(num[1]) * 10 ** exp;
  return finish(value, s.slice(num[0].length).trim(), expectedUnit, plusMinus);
}

function finish(value: number, unitText: string, expected: Unit | undefined, plusMinus: boolean): QuantityResult {
  const u = splitUnit(unitText.replace(/\s+/g, ''), expected);
  if (!u) return fail(`unknown unit '${unitText}'`);
  return finishWithUnit(value * u.factor, u.unit ?? (expected ?? null), expected, plusMinus);
}

function finishWithUnit(value: number, unit: Unit | null, expected: Unit | undefined, plusMinus: boolean): QuantityResult {
  if (!Number.isFinite(value)) return fail('not a finite number');
  if (expected && unit !== null && unit !== expected) return fail(`expected ${expected}, got ${unit}`);
  // Round away binary floating noise (0.1 × 1e-6 → 1.0000000000000001e-7).
  const clean = value === 0 ? 0 : Number(value.toPrecision(12));
  return { ok: true, value: clean, unit: unit ?? expected ?? null, plusMinus };
}

/**
 * Parses a range such as '2-3.6V', '2.0 - 3.6 V', '1.65V to 3.6V', '-40 to +85°C', '-40~125℃',
 * '4.5V-9V'. The unit may be written once (at the end) or on both ends; both must agree.
 */
export function parseRange(text: string, expectedUnit?: Unit): RangeResult {
  if (typeof text !== 'string') return fail('not a string');
  const s = canonicalText(text);
  if (s === '') return fail('empty');
  // Split on 'to', '~', '至', '…', '..' or a '-' that follows a digit/unit and precedes a number.
  const m = /^(.*?[0-9a-zA-ZΩ°%])\s*(?:to|~|至|…|\.\.|-)\s*([+-]?\s*[0-9.].*)$/.exec(s);
  if (!m) return fail('not a range');
  const left = (m[1] ?? '').trim();
  const right = (m[2] ?? '').trim();
  const hi = parseQuantity(right, expectedUnit);
  if (!hi.ok) return fail(`upper bound: ${hi.reason}`);
  let lo = parseQuantity(left, expectedUnit ?? hi.unit ?? undefined);
  if (!lo.ok) return fail(`lower bound: ${lo.reason}`);
  // '2-3.6V': the left side has no unit of its own; re-read it with the right side's unit so a
  // prefix on the right ('100-500mA') applies to both only when the left has no prefix either.
  if (lo.unit !== null && hi.unit !== null && lo.unit !== hi.unit) return fail('units differ');
  if (/^[+-]?\d+(?:\.\d+)?$/.test(left) && hi.unit !== null) {
    const prefix = prefixOf(right);
    lo = { ...lo, value: Number((lo.value * prefix).toPrecision(12)) };
  }
  if (lo.plusMinus || hi.plusMinus) return fail('± inside a range');
  if (lo.value > hi.value) return fail('lower bound above upper bound');
  return { ok: true, min: lo.value, max: hi.value, unit: hi.unit ?? lo.unit };
}

/** The multiplier of the SI prefix in a simple '<number><prefix><unit>' text, 1 otherwise. */
function prefixOf(text: string): number {
  const m = /^[+-]?\s*[0-9.]+\s*([pnumkKMG])(?:[A-Za-zΩ])/.exec(text);
  if (!m || !m[1]) return 1;
  if (/^[+-]?\s*[0-9.]+\s*[kKMG](?:B|bit|b)/.test(text)) return BINARY_PREFIX[m[1]] ?? 1;
  return SI_PREFIX[m[1]] ?? 1;
}

const FORMAT_PREFIXES: ReadonlyArray<readonly [number, string]> = [
  [1e12, 'T'],
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
  [1, ''],
  [1e-3, 'm'],
  [1e-6, 'µ'],
  [1e-9, 'n'],
  [1e-12, 'p'],
];
const FORMAT_BINARY: ReadonlyArray<readonly [number, string]> = [
  [1024 ** 4, 'T'],
  [1024 ** 3, 'G'],
  [1024 ** 2, 'M'],
  [1024, 'K'],
  [1, ''],
];

function trimNumber(n: number, significant: number): string {
  const s = Number(n.toPrecision(significant)).toString();
  return s;
}

/**
 * Formats a base-unit value for display: 4700, 'Ω' → '4.7 kΩ'; 1e-7, 'F' → '100 nF';
 * 65536, 'B' → '64 KB'; 5, '%' → '5%'; -40, '°C' → '-40°C'. Up to 6 significant digits, trailing
 * zeros dropped, so '32.768 kHz' survives. Throws RangeError for NaN/Infinity.
 */
export function formatQuantity(value: number, unit: Unit | null): string {
  if (!Number.isFinite(value)) throw new RangeError(`cannot format ${value}`);
  if (unit === null) return trimNumber(value, 6);
  const def = UNITS[unit];
  if (!def.prefixable) {
    const n = trimNumber(value, 6);
    return unit === '%' || unit === '°C' ? `${n}${unit}` : `${n} ${unit}`;
  }
  const abs = Math.abs(value);
  if (abs === 0) return `0 ${unit}`;
  const table = def.binary ? FORMAT_BINARY : FORMAT_PREFIXES;
  let chosen = table[table.length - 1] ?? [1, ''];
  for (const entry of table) {
    // Memory sizes only take a prefix when they are a whole multiple (1536 B stays '1.5 KB').
    if (abs >= entry[0] * 0.9999999) {
      chosen = entry;
      break;
    }
  }
  if (def.binary && abs < 1) chosen = [1, ''];
  const [factor, prefix] = chosen;
  return `${trimNumber(value / factor, 6)} ${prefix}${unit}`;
}
