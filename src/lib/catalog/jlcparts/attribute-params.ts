// The JLCPCB/LCSC attribute table (jlcparts' attributes-lut.json) turned into our parameter keys
// (PARAM_DEFS in ../param-extract.ts) with values in SI base units. Pure and fast: the importer
// calls it for every attribute of every part (582k parts, ~9M calls), so the result of each LUT
// entry is computed once and cached on the entry object (per subcategory where the mapping
// depends on it). The returned arrays and parameters are shared and frozen: do not mutate them.
//
// A LUT entry is [name, {format, primary, values: {kind: [value, type]}}]. A few dozen attribute
// names carry numbers already in SI base units ('resistance', 'capacitance', 'voltage', 'current',
// 'power', 'frequency', 'inductance', 'count', the MOSFET's Rds/Vgs/Id, a diode's Vf/If, a
// capacitor's esr …; a missing number is the string 'NaN'); all others are a 'default' string as
// LCSC writes it ('±1%', '50V', '4.75V~5.25V', '9.1mΩ@4.5V', '64KB', 'C0G', '-40℃~+125℃').
//
// Reading rules (the same for every attribute):
// - '-', '', 'NaN', 'N/A' and the like are missing; nothing is ever filled in or guessed.
// - A condition after '@' is dropped and the main number kept: '9.1mΩ@4.5V' → 0.0091 Ω,
//   '2V@(1A)' → 2 V, '600W@10/1000us' → 600 W, '100@10mA,1V' (hFE) → 100.
// - A range 'a~b' gives the Min/Max keys of range parameters; a range where one number is
//   expected is missing. A list of different values ('800mV, 700mV') is missing for a single
//   number, except where the rule takes the largest (resolution, data rate, clock …) or the entry
//   with the highest gate voltage (Rds(on), the figure datasheets headline).
// - '±' values keep their magnitude (tolerances, temperature coefficients, Vgs(max)).
// - A number without its unit is refused where the quantity has one (LCSC always writes it).
// - Supply ranges: a single value is the nominal supply (min = max, the convention of
//   param-extract.ts), except for regulators, power modules and battery chargers, where LCSC's
//   single 'Voltage - supply' (5.5V, 6V, 40V) is the maximum input and only the Max key is set;
//   in mixed subcategories ('Pre-ordered Chips', 'Global Sourcing Parts') a single value is left
//   out as ambiguous.
// - Text keeps LCSC's words, trimmed, with whitespace collapsed, at most 100 characters
//   (longer text is left out rather than cut); a few vocabularies are normalised (NP0/COG → C0G,
//   '1 N-channel' → 'N-Channel', 'Bi-Directional' → 'Bidirectional').
// - Keys whose SI unit is not one of units.ts' Unit symbols (cd, V/s, V/√Hz, C, J, N, K, °) have
//   unit null in PARAM_DEFS; the parameter record still names the SI unit.
// - Keys: the catalogue's existing ones where they exist — a capacitor's, connector's or fuse's
//   rated voltage is 'ratedVoltage' (the key the BOM matcher, search and replacement finder
//   already read), an AC-only rating 'ratedVoltageAc'; new keys are appended to PARAM_DEFS.
// - Exact unit conversions only: hours → s, ppb/% → ppm, gram-force → N, 万 → 10,000, bytes ↔ bits.
// Several attributes of one part may give the same key (chip resistors list both 'Operating
// temperature' and 'Operating temperature range'): the caller keeps the first.

import type { CatalogParam } from '../import/catalog-record.ts';
import { PARAM_DEF_BY_KEY } from '../param-extract.ts';
import { parseQuantity, parseRange, type Unit } from '../units.ts';

export type JlcAttributeEntry = readonly [
  name: string,
  spec: { format?: string; primary?: string; values: Record<string, readonly [number | string, string]> },
];

type Spec = JlcAttributeEntry[1];

/** What a rule sees: the entry's spec, its default text (clean, or null) and the subcategory. */
type Attr = { readonly spec: Spec; readonly text: string | null; readonly sub: SubClass };
type Out = CatalogParam[];
type Handler = (a: Attr, out: Out) => void;
type Rule = { readonly handler: Handler; readonly bySub: boolean };

/** SI units of keys whose unit is not a units.ts Unit (PARAM_DEFS unit null). */
const RECORD_UNIT: Readonly<Record<string, string>> = {
  luminousIntensity: 'cd',
  luminousIntensityMin: 'cd',
  luminousIntensityMax: 'cd',
  slewRate: 'V/s',
  noiseDensity: 'V/√Hz',
  gateCharge: 'C',
  energy: 'J',
  operatingForce: 'N',
  colorTemperature: 'K',
  bConstant: 'K',
  viewingAngle: '°',
};

// ── Output ───────────────────────────────────────────────────────────────────

function pushNum(out: Out, key: string, value: number | null | undefined): void {
  if (value === null || value === undefined || !Number.isFinite(value)) return;
  const def = PARAM_DEF_BY_KEY.get(key);
  if (!def || def.kind !== 'number') throw new Error(`jlcparts mapping uses unknown numeric key '${key}'`);
  const v = value === 0 ? 0 : Number(value.toPrecision(12));
  const unit = def.unit ?? RECORD_UNIT[key];
  out.push(unit ? { key, value: v, unit } : { key, value: v });
}

function pushText(out: Out, key: string, text: string | null | undefined): void {
  if (text === null || text === undefined) return;
  const t = text.replace(/\s+/g, ' ').trim();
  if (t === '' || t.length > 100 || MISSING.has(t) || NO_TEXT.has(t)) return;
  const def = PARAM_DEF_BY_KEY.get(key);
  if (!def || def.kind !== 'text') throw new Error(`jlcparts mapping uses unknown text key '${key}'`);
  out.push({ key, text: t });
}

// ── Text and numbers ─────────────────────────────────────────────────────────

const MISSING = new Set(['', '-', '--', '---', '—', '/', '\\', '-/-', 'N/A', 'n/a', 'NA', 'NaN', 'nan', 'null', 'NULL', 'undefined', '?', '*']);

/** Texts that say nothing about the part (LCSC's catch-all values). */
const NO_TEXT = new Set(['Others', 'Other', 'others', 'other', '其他', '其它', 'Unknown', 'unknown']);

/** The default string of an entry, NFKC-folded (℃ → °C, full-width forms), or null. */
function defaultText(spec: Spec): string | null {
  const d = spec.values['default'];
  if (!d) return null;
  const raw = d[0];
  if (typeof raw === 'number') return Number.isFinite(raw) ? String(raw) : null;
  if (typeof raw !== 'string') return null;
  const s = raw.normalize('NFKC').replace(/\s+/g, ' ').trim();
  return MISSING.has(s) ? null : s;
}

/** Physical type names jlcparts uses for the numeric kinds, per unit. */
const KIND_TYPE: Partial<Record<Unit, string>> = { V: 'voltage', A: 'current', Ω: 'resistance', F: 'capacitance', H: 'inductance', W: 'power', Hz: 'frequency' };

type Kind = { found: boolean; value: number | null };

/** The numeric value of the entry's kind of type `type` (the primary one first). */
function kindOf(spec: Spec, type: string, name?: string): Kind {
  const vals = spec.values;
  let entry: readonly [number | string, string] | undefined;
  if (name !== undefined) entry = vals[name];
  else {
    const p = spec.primary !== undefined ? vals[spec.primary] : undefined;
    if (p && p[1] === type) entry = p;
    else for (const k in vals) if (vals[k]?.[1] === type) { entry = vals[k]; break; }
  }
  if (!entry) return { found: false, value: null };
  const v = typeof entry[0] === 'number' ? entry[0] : Number(entry[0]);
  return { found: true, value: Number.isFinite(v) ? v : null };
}

/** Drops the condition: '9.1mΩ@4.5V' → '9.1mΩ', '2V(1A)' stays, ' (Typ)' and 'Max' go. */
function mainPart(s: string): string {
  let t = s;
  const at = t.indexOf('@');
  if (at >= 0) t = t.slice(0, at);
  t = t.replace(/\s*\((?:typ|typical|max|min|nom|maximum|minimum)\.?\)\s*$/i, '').replace(/\s+\([^()]*\)\s*$/, '').replace(/\s+(?:typ|max|min|nom)\.?$/i, '');
  return t.trim();
}

/** Unit spellings parseQuantity does not know, mapped to ones it does. */
function unitFold(s: string): string {
  return s
    .replace(/(\d)\s*-\s*(?=[A-Za-zΩ])/g, '$1') // '16-Bit', '2-Channel'
    .replace(/V(?:DC|dc|Dc|AC|ac|Ac|rms|RMS|Rms|p-p|pp|P-P|PP|pk)\b/g, 'V')
    .replace(/A(?:DC|dc|AC|ac|rms|RMS)\b/g, 'A')
    .replace(/(\d|[pnuµmkKMG])(?:ohms?|Ohms?|OHMS?)\b/g, '$1Ω')
    .replace(/Mhz\b/g, 'MHz')
    .replace(/Ghz\b/g, 'GHz')
    .replace(/\s+(?=[pnuµmkKMG]?(?:Ω|V|A|W|Hz|F|H|B|bit|bps|SPS|m|s|%|ppm|dB)$)/, '');
}

const BARE_NUMBER = /^[+\-±]?\s*(?:\d+(?:\.\d*)?|\.\d+)$/;
/** A number with a prefix but no unit ('400M', '10k'): refused, the unit is not stated. */
const BARE_PREFIX = /^[+\-±]?\s*(?:\d+(?:\.\d*)?|\.\d+)\s*[pnuµμmkKMGT]$/;

/**
 * List items: LCSC separates them with ', ' or ';' ('33mΩ@4.5V, 30mΩ@10V', '3.3V;5V'); a comma
 * without a space belongs to a condition ('7.5ns@5V,50pF') or a number ('100,000 cycles').
 */
const LIST_SEP = /\s*[;；、，]\s*|,\s+/;
function splitList(text: string): string[] {
  return text.split(LIST_SEP).filter((p) => p !== '');
}

type QtyOpts = {
  /** Accept a number without unit (counts, ratios, values LCSC writes bare). */
  readonly bare?: boolean;
  /** How to read a list of values: all equal ('same', the default), or the largest/smallest/first. */
  readonly multi?: 'same' | 'max' | 'min' | 'first';
  /** Refuse '±' values (for quantities that are not magnitudes). */
  readonly noPlusMinus?: boolean;
};

function qtyOne(text: string, unit: Unit | null, opts: QtyOpts | undefined): number | null {
  const s = unitFold(mainPart(text));
  if (s === '' || MISSING.has(s)) return null;
  if (BARE_NUMBER.test(s)) {
    if (unit !== null && !opts?.bare) return null;
    const n = Number(s.replace(/[±\s]/g, ''));
    return Number.isFinite(n) ? n : null;
  }
  if (unit === null || BARE_PREFIX.test(s)) return null;
  const r = parseQuantity(s, unit);
  if (!r.ok || r.unit !== unit) return null;
  if (r.plusMinus && opts?.noPlusMinus) return null;
  return r.value;
}

/** One quantity from a text in `unit` (null: a bare number), or null. */
function qty(text: string | null, unit: Unit | null, opts?: QtyOpts): number | null {
  if (text === null) return null;
  const parts = splitList(text);
  if (parts.length <= 1) return qtyOne(text, unit, opts);
  const nums: number[] = [];
  for (const p of parts) {
    const n = qtyOne(p, unit, opts);
    if (n === null) return null;
    nums.push(n);
  }
  const mode = opts?.multi ?? 'same';
  if (mode === 'first') return nums[0] ?? null;
  if (mode === 'max') return Math.max(...nums);
  if (mode === 'min') return Math.min(...nums);
  return nums.every((n) => n === nums[0]) ? (nums[0] ?? null) : null;
}

type Range = { min: number; max: number } | { single: number } | null;

/** 'a~b' (or a single value) in `unit`; a list of ranges is missing. */
function range(text: string | null, unit: Unit | null, opts?: QtyOpts): Range {
  if (text === null) return null;
  const s = unitFold(mainPart(text));
  if (s === '' || splitList(s).length > 1) return null;
  if (/~|(?<=[0-9a-zA-ZΩ°%])\s*(?:-|to)\s*(?=[+-]?\d)/.test(s) && !/^±/.test(s)) {
    const r = parseRange(s.replace(/^\s*\+/, ''), unit ?? undefined);
    if (!r.ok) return null;
    if (unit !== null && r.unit !== unit) {
      // '16~28' (AWG) style bare ranges only where allowed.
      if (!(r.unit === null && opts?.bare)) return null;
    }
    return { min: r.min, max: r.max };
  }
  const one = qtyOne(s, unit, { ...opts, noPlusMinus: true });
  return one === null ? null : { single: one };
}

const WORD_COUNT: Readonly<Record<string, number>> = { single: 1, one: 1, dual: 2, two: 2, double: 2, triple: 3, three: 3, quad: 4, four: 4, five: 5, six: 6, hex: 6, seven: 7, eight: 8, octal: 8, nine: 9, ten: 10, twelve: 12, sixteen: 16 };

/** A count: '2', '4P', '10 Pin', '2 way', '2-Channel', 'Dual', 'Four channels'; else null. */
function count(text: string | null): number | null {
  if (text === null) return null;
  const s = text.trim();
  const m = /^(\d{1,5})\s*(?:-\s*)?(?:P|PIN|Pin|Pins|pin|pins|Pos|pos|positions?|Positions?|way|ways|Way|Ways|-?channels?|-?Channels?|CH|ch|Ch|circuits?|Circuits?|cores?|pcs|PCS|units?|elements?|bits?|gangs?)?\.?$/.exec(s);
  if (m && m[1]) return Number(m[1]);
  const w = /^([A-Za-z]+)(?:[- ](?:channels?|circuits?|ways?))?$/i.exec(s);
  if (w && w[1]) {
    const n = WORD_COUNT[w[1].toLowerCase()];
    if (n !== undefined) return n;
  }
  return null;
}

/** '1x2P', '2×20P', '2*5P', '2x20' → rows and pins per row. */
function pinGrid(text: string | null): { rows: number; perRow: number } | null {
  if (text === null) return null;
  const m = /^(\d{1,3})\s*[x×*X]\s*(\d{1,4})\s*(?:P|Pin|Pins|pin|pins|Position|Positions)?$/.exec(text.trim());
  if (!m || !m[1] || !m[2]) return null;
  const rows = Number(m[1]);
  const perRow = Number(m[2]);
  return rows > 0 && perRow > 0 ? { rows, perRow } : null;
}

// ── Subcategories ────────────────────────────────────────────────────────────

type SubClass = {
  readonly name: string;
  /** LDOs, DC-DC, AC-DC, power modules, LED drivers, power switches: 'supply' is the input. */
  readonly regulator: boolean;
  /** Regulators and battery chargers: a single supply voltage is the maximum. */
  readonly singleSupplyIsMax: boolean;
  /** Mixed bags where a single supply voltage means nothing certain. */
  readonly mixed: boolean;
  readonly transistor: boolean;
  readonly powerModule: boolean;
  readonly switchingRegulator: boolean;
  readonly connector: boolean;
};

const SUB_CACHE = new Map<string, SubClass>();

function classify(subcategory: string): SubClass {
  const hit = SUB_CACHE.get(subcategory);
  if (hit) return hit;
  const s = subcategory.toLowerCase();
  const regulator = /\bldo\b|linear voltage regulator|voltage regulator|dc-dc|dc dc|ac-dc|ac dc|power module|power supply module|led driver|lighting driver|power distribution switch|switching regulator|charge pump|buck|boost/.test(s);
  const battery = /battery management|battery charger|charger/.test(s);
  const c: SubClass = {
    name: subcategory,
    regulator,
    singleSupplyIsMax: regulator || battery,
    mixed: /pre-ordered|global sourcing|other|specialized|miscellaneous/.test(s),
    transistor: /mosfet|transistor|\bbjt\b|bipolar|igbt|\bfet\b|jfet|darlington/.test(s),
    powerModule: /power module|power supply module/.test(s),
    switchingRegulator: /dc-dc|dc dc|ac-dc|ac dc|switching regulator|power module|led driver|boost|buck/.test(s),
    connector: /connector|header|terminal|socket|housing|\bplug|jack|adapter/.test(s),
  };
  SUB_CACHE.set(subcategory, c);
  return c;
}

// ── Rule builders ────────────────────────────────────────────────────────────

/** One number in `unit` (from the numeric kind of that unit, else the default text). */
function num(key: string, unit: Unit | null, opts?: QtyOpts): Handler {
  const type = unit !== null ? KIND_TYPE[unit] : undefined;
  return (a, out) => {
    if (type !== undefined) {
      const k = kindOf(a.spec, type);
      if (k.found) return pushNum(out, key, k.value);
    }
    pushNum(out, key, qty(a.text, unit, opts));
  };
}

/** A count (a number of pins, channels, outputs …). */
function cnt(key: string): Handler {
  return (a, out) => {
    const k = kindOf(a.spec, 'count');
    if (k.found) return pushNum(out, key, k.value);
    pushNum(out, key, count(a.text));
  };
}

type SingleMode = 'both' | 'max' | 'min' | 'none';

/** A range into Min/Max keys; what a single value gives is `single`. */
function rng(minKey: string, maxKey: string, unit: Unit | null, single: SingleMode | ((a: Attr) => SingleMode) = 'none', opts?: QtyOpts): Handler {
  return (a, out) => {
    const r = range(a.text, unit, opts);
    if (r === null) return;
    if ('single' in r) {
      const mode = typeof single === 'function' ? single(a) : single;
      if (mode === 'both' || mode === 'min') pushNum(out, minKey, r.single);
      if (mode === 'both' || mode === 'max') pushNum(out, maxKey, r.single);
      return;
    }
    pushNum(out, minKey, r.min);
    pushNum(out, maxKey, r.max);
  };
}

/** One value into `key`, a range 'a~b' into `minKey`/`maxKey` (LED bins, adjustable frequencies). */
function numOrRange(key: string, minKey: string, maxKey: string, unit: Unit): Handler {
  const single = num(key, unit);
  return (a, out) => {
    const r = range(a.text, unit);
    if (r !== null && !('single' in r)) {
      pushNum(out, minKey, r.min);
      pushNum(out, maxKey, r.max);
      return;
    }
    single(a, out);
  };
}

/** The handler's numbers as magnitudes. */
function magnitude(h: Handler): Handler {
  return (a, out) => {
    const mine: Out = [];
    h(a, mine);
    for (const p of mine) out.push(p.value !== undefined ? { ...p, value: Math.abs(p.value) } : p);
  };
}

/** Text, optionally normalised by `norm` (returning null drops it). */
function txt(key: string, norm?: (t: string) => string | null): Handler {
  return (a, out) => {
    if (a.text === null) return;
    pushText(out, key, norm ? norm(a.text) : a.text);
  };
}

/** The first handler whose subcategory test passes. */
function bySub(...cases: ReadonlyArray<readonly [(s: SubClass) => boolean, Handler]>): Rule {
  return {
    bySub: true,
    handler: (a, out) => {
      for (const [test, h] of cases) if (test(a.sub)) return h(a, out);
    },
  };
}

const always = (): boolean => true;

// ── Specific readers ─────────────────────────────────────────────────────────

/** Supply range: input keys for regulators; a single value per the header's rule. */
const supplyRange: Rule = {
  bySub: true,
  handler: (a, out) => {
    const single: SingleMode = a.sub.singleSupplyIsMax ? 'max' : a.sub.mixed ? 'none' : 'both';
    if (a.sub.regulator) rng('inputVoltageMin', 'inputVoltageMax', 'V', single)(a, out);
    else rng('supplyVoltageMin', 'supplyVoltageMax', 'V', single)(a, out);
  },
};

const operatingTemp = rng('operatingTempMin', 'operatingTempMax', '°C');

/**
 * Dielectric codes LCSC writes under 'Temperature coefficient': EIA (X7R, Y5V, C0G, U2J), JIS
 * (B, CH, SL, YR), IEC (2X1, 2F4) and makers' own (HQC, M3L): short letter/digit codes.
 */
const DIELECTRIC = /^[A-Z0-9]{1,5}$/;
/** NP0/NPO/COG are C0G, COH is C0H (letter O written for the digit 0). */
const DIELECTRIC_ALIAS: Readonly<Record<string, string>> = { NP0: 'C0G', NPO: 'C0G', COG: 'C0G', COH: 'C0H' };

/** 'Temperature coefficient': ppm/°C → tempCoefficient; an EIA class → dielectric. */
const tempCoefficient: Handler = (a, out) => {
  const t = a.text;
  if (t === null) return;
  if (/ppm/i.test(t)) {
    const s = t.replace(/\s*\/\s*(?:°\s*C|K|C)\b/g, '').replace(/\s*\/°C/g, '');
    if (/~/.test(s)) return; // '-200ppm/℃~+400ppm/℃': an asymmetric window, not one number
    return pushNum(out, 'tempCoefficient', qty(s, 'ppm'));
  }
  const codes = [...new Set(splitList(t).map((c) => c.toUpperCase().replace(/\s+/g, '')).map((c) => DIELECTRIC_ALIAS[c] ?? c))];
  // 'C0G, NP0' names one dielectric twice; two different codes are not one value.
  const code = codes[0];
  if (codes.length === 1 && code !== undefined && DIELECTRIC.test(code) && /[A-Z]/.test(code)) pushText(out, 'dielectric', code);
};

/** 'Tolerance': % → tolerance; °C → temperatureAccuracy; ppm → frequencyTolerance; pF → capacitanceTolerance. */
const tolerance: Handler = (a, out) => {
  const t = a.text;
  if (t === null) return;
  if (/%/.test(t)) {
    // '-20%~+80%' (Y5V/Z5U ceramics, electrolytics): an asymmetric window, as Min/Max.
    const w = /^([+-]?\d+(?:\.\d+)?)\s*%\s*~\s*([+-]?\d+(?:\.\d+)?)\s*%$/.exec(mainPart(t));
    if (w && w[1] && w[2]) {
      const lo = Number(w[1]);
      const hi = Number(w[2]);
      if (lo <= 0 && hi >= 0) {
        pushNum(out, 'toleranceMin', lo);
        pushNum(out, 'toleranceMax', hi);
      }
      return;
    }
    return pushNum(out, 'tolerance', qty(t, '%'));
  }
  if (/°C/.test(t)) return pushNum(out, 'temperatureAccuracy', qty(t, '°C'));
  if (/ppm/i.test(t)) return pushNum(out, 'frequencyTolerance', qty(t, 'ppm'));
  if (/F$/.test(t)) return pushNum(out, 'capacitanceTolerance', qty(t, 'F'));
};

/**
 * Rds(on): the entry with the highest gate voltage (the datasheet headline), with that Vgs as
 * onResistanceVgs. Two different resistances at the same best Vgs are two transistors (dual
 * N+P parts): not one value.
 */
function bestRds(entries: ReadonlyArray<{ r: number; g: number | null }>, out: Out): void {
  let best: { r: number; g: number | null } | null = null;
  let tie = false;
  for (const e of entries) {
    if (best === null || (e.g !== null && (best.g === null || e.g > best.g))) {
      best = e;
      tie = false;
    } else if (e.g === best.g && e.r !== best.r) tie = true;
  }
  if (best === null || tie) return;
  pushNum(out, 'onResistance', best.r);
  pushNum(out, 'onResistanceVgs', best.g);
}

const rdsOn: Handler = (a, out) => {
  const v = a.spec.values;
  if (v['Rds'] || v['Rds 1']) {
    const entries: { r: number; g: number | null }[] = [];
    for (const suffix of ['', ' 1', ' 2', ' 3', ' 4']) {
      const r = kindOf(a.spec, '', `Rds${suffix}`);
      if (r.found && r.value !== null) entries.push({ r: r.value, g: kindOf(a.spec, '', `Vgs${suffix}`).value });
    }
    return bestRds(entries, out);
  }
  if (a.text === null) return;
  const entries: { r: number; g: number | null }[] = [];
  for (const part of splitList(a.text)) {
    const [rs, cond] = part.split('@');
    const r = qtyOne(rs ?? '', 'Ω', undefined);
    if (r === null) return; // one unreadable entry: the list is not understood
    const gm = cond ? /^\(?\s*(\d+(?:\.\d+)?)\s*V\b/.exec(cond.trim()) : null;
    entries.push({ r, g: gm && gm[1] ? Number(gm[1]) : null });
  }
  bestRds(entries, out);
};

/** N/P channel, NPN/PNP from 'Type', 'Number', 'Transistor type' ('1 N-channel', '2 NPN (Pre-Biased)'). */
function transistorPolarity(t: string): { polarity: string; count: number | null } | null {
  const s = t.trim();
  const lead = /^(\d+)\s*(?:pieces?|piece|pcs)?\s*/i.exec(s);
  const n = lead && lead[1] ? Number(lead[1]) : null;
  const l = s.toLowerCase();
  const nch = /n[- ]?(?:channel|ch\b|mos)/.test(l);
  const pch = /p[- ]?(?:channel|ch\b|mos)/.test(l);
  const npn = /\bnpn\b/.test(l);
  const pnp = /\bpnp\b/.test(l);
  let polarity: string | null = null;
  if (nch && pch) polarity = 'N+P-Channel';
  else if (nch) polarity = 'N-Channel';
  else if (pch) polarity = 'P-Channel';
  else if (npn && pnp) polarity = 'NPN+PNP';
  else if (npn) polarity = 'NPN';
  else if (pnp) polarity = 'PNP';
  if (polarity === null) return null;
  // Only a count of identical elements ('2 N-Channel'), not of mixed ones ('1 N + 1 P').
  const mixed = /\+|,|\band\b/.test(l);
  return { polarity, count: mixed ? null : n };
}

const transistorType: Handler = (a, out) => {
  if (a.text === null) return;
  const p = transistorPolarity(a.text);
  if (!p) return;
  pushText(out, 'transistorPolarity', p.polarity);
  pushNum(out, 'elementCount', p.count);
};

/** 'Type': transistors' polarity, else the LCSC type text. */
const typeRule: Rule = {
  bySub: true,
  handler: (a, out) => {
    if (a.text === null) return;
    if (a.sub.transistor) {
      const p = transistorPolarity(a.text);
      if (p) {
        pushText(out, 'transistorPolarity', p.polarity);
        return;
      }
    }
    pushText(out, 'type', a.text);
  },
};

/** Connector pin structure '1x2P' → rowCount, pinsPerRow, pinCount; '4P' → pinCount. */
const pinStructure: Handler = (a, out) => {
  const g = pinGrid(a.text);
  if (g) {
    pushNum(out, 'rowCount', g.rows);
    pushNum(out, 'pinsPerRow', g.perRow);
    pushNum(out, 'pinCount', g.rows * g.perRow);
    return;
  }
  pushNum(out, 'pinCount', count(a.text));
};

/** hFE '100@10mA,1V', '10000' (dimensionless); a range '100~300' is not one figure. */
const hfe: Handler = (a, out) => {
  if (a.text === null) return;
  const m = /^(\d+(?:\.\d+)?)$/.exec(mainPart(a.text));
  if (m && m[1]) pushNum(out, 'hfe', Number(m[1]));
};

/** Polarity of TVS/ESD diodes. */
const polarity: Handler = (a, out) => {
  if (a.text === null) return;
  const l = a.text.toLowerCase().replace(/[-\s]/g, '');
  if (l === 'bidirectional') pushText(out, 'polarity', 'Bidirectional');
  else if (l === 'unidirectional') pushText(out, 'polarity', 'Unidirectional');
  else pushText(out, 'polarity', a.text);
};

/** Relay switching voltage '250V@AC, 30V@DC' → ratedVoltageAc / ratedVoltage. */
const acDcVoltage: Handler = (a, out) => {
  if (a.text === null) return;
  let ac: number | null = null;
  let dc: number | null = null;
  for (const part of splitList(a.text)) {
    const m = /^(.*?)(?:\s*@\s*|\s*)(AC|DC)$/i.exec(part.replace(/V(AC|DC)\b/i, 'V@$1'));
    if (!m) continue;
    const v = qtyOne(m[1] ?? '', 'V', undefined);
    if (v === null) continue;
    if ((m[2] ?? '').toUpperCase() === 'AC') ac ??= v;
    else dc ??= v;
  }
  pushNum(out, 'ratedVoltageAc', ac);
  pushNum(out, 'ratedVoltage', dc);
};

/** Capacitor life '2000hrs@105℃' → lifetime in seconds. */
const lifetime: Handler = (a, out) => {
  if (a.text === null) return;
  const m = /^(\d+(?:\.\d+)?)\s*(?:h|hr|hrs|hours?|H|Hrs|Hours?)$/.exec(mainPart(a.text));
  if (m && m[1]) pushNum(out, 'lifetime', Number(m[1]) * 3600);
};

/** Cycles '100,000 cycles', '10000次', '50000 Times' → lifeCycles. */
const cycles: Handler = (a, out) => {
  if (a.text === null) return;
  const m = /^(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(万|千|[Mm]illion|K|k)?\s*(?:cycles?|Cycles?|times?|Times?|次|operations?|Operations?)?$/.exec(mainPart(a.text));
  if (!m || !m[1]) return;
  const f = m[2] === undefined ? 1 : m[2] === '万' ? 1e4 : /illion/.test(m[2]) ? 1e6 : 1e3;
  const n = Number(m[1].replace(/,/g, '')) * f;
  if (Number.isInteger(n)) pushNum(out, 'lifeCycles', n);
};

/**
 * A value whose unit is not a Unit: number + SI prefix + one of `units` → scaled to base. '±' is
 * refused unless `plusMinus` (a viewing angle '±45°' is a half angle, not the 90° full angle).
 */
function scaled(key: string, units: readonly string[], opts?: { multi?: 'max'; plusMinus?: boolean }): Handler {
  const PREFIX: Readonly<Record<string, number>> = { p: 1e-12, n: 1e-9, u: 1e-6, µ: 1e-6, μ: 1e-6, m: 1e-3, '': 1, k: 1e3, K: 1e3, M: 1e6, G: 1e9 };
  const re = new RegExp(`^([+-]?\\d+(?:\\.\\d+)?)\\s*([pnuµμmkKMG]?)(${units.map((u) => u.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`);
  const one = (s: string): number | null => {
    const t = mainPart(s);
    if (t.startsWith('±') && !opts?.plusMinus) return null;
    const m = re.exec(t.replace(/^±\s*/, ''));
    if (!m || !m[1]) return null;
    const f = PREFIX[m[2] ?? ''];
    return f === undefined ? null : Number(m[1]) * f;
  };
  return (a, out) => {
    if (a.text === null) return;
    const nums = splitList(a.text).map(one);
    if (nums.some((n) => n === null)) return;
    const ns = nums as number[];
    if (ns.length === 1 || ns.every((n) => n === ns[0])) return pushNum(out, key, ns[0]);
    if (opts?.multi === 'max') pushNum(out, key, Math.max(...ns));
  };
}

/** Memory size in bits ('2Kbit', '64Mbit', '32KB' = 262,144 bit). */
const memorySize: Handler = (a, out) => {
  if (a.text === null) return;
  const s = unitFold(mainPart(a.text)).replace(/Byte$/i, 'B');
  const bits = /b$|bits?$|Bit$/.test(s) && !/B$/.test(s) ? parseQuantity(s, 'bit') : null;
  if (bits && bits.ok && bits.unit === 'bit') return pushNum(out, 'memorySize', bits.value);
  const bytes = parseQuantity(s, 'B');
  if (bytes.ok && bytes.unit === 'B') pushNum(out, 'memorySize', bytes.value * 8);
};

/** Bytes with LCSC's 'KB'/'Byte'/'K' spellings; bits ('Kbit') are converted. */
const bytesOf = (key: string): Handler => (a, out) => {
  if (a.text === null) return;
  const s = unitFold(mainPart(a.text)).replace(/\s*(?:Bytes?|bytes?)$/, 'B').replace(/^(\d+(?:\.\d+)?)\s*([kKMG])$/, '$1$2B');
  if (/(?:b|bit|bits|Bit)$/.test(s) && !/B$/.test(s)) {
    const r = parseQuantity(s, 'bit');
    if (r.ok && r.unit === 'bit') pushNum(out, key, r.value / 8);
    return;
  }
  const r = parseQuantity(s, 'B');
  if (r.ok && r.unit === 'B') pushNum(out, key, r.value);
};

/** CPU core names, kept as LCSC writes them but with the ARM spelling unified. */
function coreName(t: string): string | null {
  const s = t.replace(/\s+/g, ' ').trim();
  const m = /^(?:ARM\s*)?Cortex[- ]?([AMR]\d+\+?F?)$/i.exec(s.replace(/®|™/g, ''));
  if (m && m[1]) return `ARM Cortex-${m[1].toUpperCase()}`;
  return s;
}

/** Colours: first letter upper-case ('red' → 'Red'), Chinese as written. */
function colour(t: string): string {
  return /^[a-z]/.test(t) ? t.charAt(0).toUpperCase() + t.slice(1) : t;
}

/** Yes/No vocabularies ('Yes', 'Support', '内置') → 'Yes'/'No'; anything else as written. */
function yesNo(t: string): string | null {
  const l = t.toLowerCase();
  if (/^(?:yes|support|supported|with|built-in|内置|是|有)$/.test(l)) return 'Yes';
  if (/^(?:no|not supported|none|without|否|无)$/.test(l)) return 'No';
  return t;
}

/** 'Built-in'/'内置' → 'Built-in', 'External'/'外置' → 'External'. */
function builtIn(t: string): string | null {
  if (/^(?:built-?in|internal|内置|integrated)$/i.test(t)) return 'Built-in';
  if (/^(?:external|外置)$/i.test(t)) return 'External';
  return t;
}

/** 'Vf - forward voltage' {Vmin, Vmax}: one value is Vf; a window 'Vmin ~ Vmax' gives Min/Max. */
const forwardVoltageRange: Handler = (a, out) => {
  const lo = kindOf(a.spec, '', 'Vmin');
  const hi = kindOf(a.spec, '', 'Vmax');
  if (!lo.found && !hi.found) return pushNum(out, 'forwardVoltage', qty(a.text, 'V'));
  if (lo.value !== null && hi.value !== null && hi.value > lo.value) {
    pushNum(out, 'forwardVoltageMin', lo.value);
    pushNum(out, 'forwardVoltageMax', hi.value);
  } else if (lo.value !== null && (hi.value === null || hi.value === lo.value)) pushNum(out, 'forwardVoltage', lo.value);
  else if (lo.value === null && hi.value !== null) pushNum(out, 'forwardVoltage', hi.value);
};

/** ppm, with '±500ppb' (= 0.5 ppm) and '±0.2%' (= 2000 ppm) converted exactly. */
function ppm(key: string): Handler {
  return (a, out) => {
    if (a.text === null) return;
    const m = /^(±?\s*\d+(?:\.\d+)?)\s*(ppb|%)$/.exec(mainPart(a.text));
    if (m && m[1]) {
      const n = Number(m[1].replace(/[±\s]/g, ''));
      return pushNum(out, key, m[2] === 'ppb' ? n / 1000 : n * 1e4);
    }
    pushNum(out, key, qty(a.text, 'ppm'));
  };
}

/** Slew rate '1V/us', '500V/ms', '0.5 V/µs' → V/s. */
const slewRate: Handler = (a, out) => {
  if (a.text === null) return;
  const per: Readonly<Record<string, number>> = { s: 1, ms: 1e3, us: 1e6, µs: 1e6, μs: 1e6, ns: 1e9 };
  const vals: number[] = [];
  for (const part of splitList(a.text)) {
    const m = /^(\d+(?:\.\d+)?)\s*([mkM]?)V\s*\/\s*(s|ms|us|µs|μs|ns)$/.exec(mainPart(part));
    if (!m || !m[1]) return;
    const f = per[m[3] ?? ''];
    if (f === undefined) return;
    vals.push(Number(m[1]) * ({ '': 1, m: 1e-3, k: 1e3, M: 1e6 }[m[2] ?? ''] ?? 1) * f);
  }
  if (vals.length > 0 && vals.every((v) => v === vals[0])) pushNum(out, 'slewRate', vals[0]);
};

/** Bits: '12 Bits', '16-Bit', '12bit', '10;12;14;16' (the largest). */
const bits = (key: string): Handler => (a, out) => {
  if (a.text === null || a.text.includes('/')) return; // '16/32 Bit': two word sizes
  const s = a.text.replace(/\s*bits?$/i, 'bit').replace(/(\d)\s*-?\s*Bits?\b/gi, '$1bit');
  const n = qty(s, 'bit', { bare: true, multi: 'max' });
  if (n !== null && Number.isInteger(n)) pushNum(out, key, n); // '3.5' is display digits, not bits
};

// ── The rule table ───────────────────────────────────────────────────────────

const r = (handler: Handler): Rule => ({ handler, bySub: false });

/** Attribute name → rule. Names are matched after normalize() (letters and digits, lower case). */
const RULES_BY_NAME: ReadonlyArray<readonly [readonly string[], Rule]> = [
  // Passives: values, tolerances, ratings.
  [['Resistance', 'Resistance @ 25℃', 'Resistance value', 'Total resistance'], r(num('resistance', 'Ω'))],
  [['Capacitance', 'Electrostatic capacity', 'Electrostatic capacitance'], r(num('capacitance', 'F'))],
  [['Inductance', 'Inductance @ frequency'], r(num('inductance', 'H'))],
  [['Tolerance', 'Resistance tolerance', 'Precision'], r(tolerance)],
  [['Temperature coefficient', 'Temperature coefficient(typ)'], r(tempCoefficient)],
  [['Allowable voltage', 'Voltage rating (dc)', 'Voltage rating (max)', 'Rated voltage (max)', 'Voltage rating - dc', 'Maximum dc volts', 'Allowable voltage (dc)'], r(num('ratedVoltage', 'V'))],
  [['Voltage withstand', 'Withstanding voltage'], r(num('withstandVoltage', 'V'))],
  [['Voltage(ac)', 'Voltage rating (ac)', 'Voltage rating  (ac)', 'Maximum ac volts', 'Allowable voltage (ac)'], r(num('ratedVoltageAc', 'V'))],
  [['Voltage-supply(max)'], r(num('maxWorkingVoltage', 'V'))],
  [['Overload voltage (max)'], r(num('overloadVoltage', 'V'))],
  [['Power', 'Power dissipation (pd)', 'Power dissipation', 'Total power dissipation(pd)', 'Total device dissipation (pd)', 'Dissipation power', 'Dissipation power(max)', 'Rated power', 'Power rating', 'Rated wattage'], r(num('power', 'W'))],
  [['Rated current', 'Current rating (dc)', 'Contact current', 'Contact current (dc)', 'Current rating - power (max)', 'Current rating-power', 'Current rating-signal', 'Current rating-signal (max)', 'Switching current(max)', 'Maximum switching current'], r(num('ratedCurrent', 'A'))],
  [['Current - saturation(isat)', 'Saturation current (isat)'], r(num('saturationCurrent', 'A'))],
  [['Dc resistance'], r(num('dcResistance', 'Ω'))],
  [['Equivalent series resistance', 'Esr'], r(num('esr', 'Ω'))],
  [['Ripple current', 'Rated ripple curren'], r(num('rippleCurrent', 'A'))],
  [['Impedance @ frequency'], r(num('impedance', 'Ω'))],
  [['Frequency - self resonant'], r(num('selfResonantFrequency', 'Hz'))],
  [['Q @ frequency'], r(num('qFactor', null, { bare: true }))],
  [['Lifetime', 'Lifetime @ temperature', 'Load life'], r(lifetime)],
  [['Dielectric material'], r(txt('dielectric'))],
  [['Subclass'], r(txt('safetyClass'))],
  [['Ratings'], r(txt('qualification'))],
  [['Leakage current(dcl)', 'Current - leakage'], r(num('leakageCurrent', 'A'))],
  [['Number of resistors', 'Number of capacitors'], r(cnt('elementCount'))],
  [['B constant (25℃/50℃)'], r(scaled('bConstant', ['K']))],
  [['B constant tolerance'], r(num('bConstantTolerance', '%'))],
  [['Varistor voltage'], r(numOrRange('varistorVoltage', 'varistorVoltageMin', 'varistorVoltageMax', 'V'))],
  [['Energy', 'Maximum energy'], r(scaled('energy', ['J']))],
  [['Number of turns', 'Turns'], r(cnt('turns'))],

  // Crystals and oscillators.
  [['Frequency'], bySub([(s) => s.powerModule || s.switchingRegulator, numOrRange('switchingFrequency', 'switchingFrequencyMin', 'switchingFrequencyMax', 'Hz')], [always, num('frequency', 'Hz')])],
  [['Load capacitance', 'External load capacitor', 'Load capacitor', 'Built-in load capacitance'], r(num('loadCapacitance', 'F'))],
  [['Frequency stability', 'Frequency stability(full temperature range)'], r(ppm('frequencyStability'))],
  [['Normal temperature frequency tolerance', 'Frequency tolerance'], r(ppm('frequencyTolerance'))],
  [['Output frequency (max)', 'Output frequency(max)'], r(num('outputFrequencyMax', 'Hz', { multi: 'max' }))],

  // Supplies, temperatures.
  [['Voltage - supply', 'Supply voltage', 'Operating voltage', 'Operating voltage range', 'Single supply', 'Supply voltage range', 'Supply voltage(single)', 'Voltage supply', 'Voltage - supply (input)', 'Voltage - input(dc)', 'Input voltage(dc)', 'Input voltage (vin)', 'Working voltage'], supplyRange],
  [['Input voltage', 'Voltage - input'], bySub([always, rng('inputVoltageMin', 'inputVoltageMax', 'V', (a) => (a.sub.mixed ? 'none' : 'max'))])],
  [['Maximum input voltage', 'Voltage - input(max)', 'Voltage - input (maximum value)'], r(num('inputVoltageMax', 'V'))],
  [['Voltage - input (minimum value)'], r(num('inputVoltageMin', 'V'))],
  [['Operating temperature', 'Operating temperature range', 'Operatingtemperature', 'Operating temperatue', 'Working temperature', 'Temperature range', 'Operating temperature\t-', 'Ambient temperature'], r(operatingTemp)],
  [['Operating junction temperature range', 'Junction temperature'], r(rng('junctionTempMin', 'junctionTempMax', '°C'))],
  [['Detection temperature range'], r(rng('measureTempMin', 'measureTempMax', '°C'))],
  [['Temperature tolerance', 'Accuracy (temperature)'], r(num('temperatureAccuracy', '°C'))],
  [['Humidity tolerance'], r(scaled('humidityAccuracy', ['%RH'], { plusMinus: true }))],

  // Regulators, references, power.
  [['Output voltage', 'Vout', 'Voltage - output', 'Output voltage(max)'], r(num('outputVoltage', 'V'))],
  [['Output current', 'Output current (max)', 'Output current(max)', 'Max output current', 'Iout', 'Rated output current', 'Maximum continuous current'], r(num('outputCurrent', 'A'))],
  [['Voltage dropout', 'Dropout voltage'], r(num('dropoutVoltage', 'V'))],
  [['Quiescent current', 'Quiescent current (iq)', 'Quiescent current(iq)', 'Quiescent current (ground current)', 'Quiescent current (max)', 'Quiescent current per amplifier', 'Supply current (iq)', 'Quiescent supply current'], r(num('quiescentCurrent', 'A'))],
  [['Standby current', 'Standby current (iq)', 'Standby supply current', 'Standby current(isb)', 'Standby current (max)'], r(num('standbyCurrent', 'A'))],
  [['Current - supply', 'Supply current', 'Supply current (max)', 'Supply current (icc)', 'Operating current', 'Current consumption', 'Supply current per channel'], r(num('supplyCurrent', 'A'))],
  [['Output type'], bySub([(s) => s.regulator, txt('outputVoltageType')], [always, txt('outputType')])],
  [['Number of outputs', 'Output channel'], r(cnt('outputCount'))],
  [['Frequency - switching', 'Switching frequency', 'Switch frequency'], r(numOrRange('switchingFrequency', 'switchingFrequencyMin', 'switchingFrequencyMax', 'Hz'))],
  [['Topology'], r(txt('topology'))],
  [['Function'], r(txt('function'))],
  [['Output configuration', 'Output polarity'], r(txt('outputPolarity'))],
  [['Synchronous rectifier', 'Synchronous rectification'], r(txt('synchronousRectifier', yesNo))],
  [['Switch tube (built-in/external)'], r(txt('switchType', builtIn))],
  [['Output power', 'Output power (max)', 'Maximum power', 'Output power(max)', 'Output power  (max)', 'P1db'], r((a, out) => {
    if (a.text !== null && /dBm$/.test(a.text)) return pushNum(out, 'rfOutputPower', qty(a.text, 'dBm'));
    // Audio amplifiers: '1Wx1@8Ω' is 1 W per channel, one channel.
    pushNum(out, 'outputPower', qty(a.text === null ? null : mainPart(a.text).replace(/(W)\s*[x×]\s*\d+$/, '$1'), 'W'));
  })],
  // 'Isolation voltage(vrms)' is often a bare '5000': the name states the unit (V rms).
  [['Isolation voltage(vrms)', 'Isolation voltage(rms)'], r(num('isolationVoltage', 'V', { bare: true }))],
  [['Voltage - isolation', 'Isolation voltage', 'Insulated voltage', 'Hi-pot'], r(num('isolationVoltage', 'V'))],
  [['Conversion efficiency', 'Efficiency', 'Energy efficiency'], r(num('efficiency', '%'))],
  // Rejection ratios are written '70dB' or '-70dB' for the same rejection: the magnitude is kept.
  [['Power supply rejection ratio (psrr)'], r(magnitude(num('psrr', 'dB')))],
  [['Voltage reference value'], r(num('referenceVoltage', 'V'))],
  [['Voltage reference drift'], r((a, out) => {
    if (a.text !== null && /ppm/i.test(a.text)) tempCoefficient(a, out);
  })],
  [['Threshold voltage', 'Detection voltage'], r(num('thresholdVoltage', 'V'))],
  [['Charging saturation voltage'], r(num('chargeVoltage', 'V'))],
  [['Charge current - max', 'Maximum charge current'], r(num('chargeCurrent', 'A'))],
  [['Number of cells'], r(rng('cellCountMin', 'cellCountMax', null, 'both', { bare: true }))],
  [['Resistor on-state', 'Rds(on)', 'On-resistance'], r(rdsOn)],

  // Diodes, TVS.
  [['Voltage - dc reverse (vr) (max)', 'Reverse voltage (vr)', 'Reverse voltage', 'Dc reverse voltage', 'Dc reverse voltage(vr)'], r(num('reverseVoltage', 'V'))],
  [['Rectified current', 'Average rectified current (io)', 'Forward current', 'Forward current(if)', 'Current - dc forward(if)'], r(num('forwardCurrent', 'A'))],
  [['Voltage - forward (vf) (max) @ if', 'Forward voltage (vf@if)', 'Voltage - forward(vf)', 'Forward voltage (vf)', 'Forward voltage drop', 'Forward voltage', 'Input forward voltage'], r(numOrRange('forwardVoltage', 'forwardVoltageMin', 'forwardVoltageMax', 'V'))],
  [['Vf - forward voltage'], r(forwardVoltageRange)],
  [['Non-repetitive peak forward surge current', 'Peak forward surge current', 'Current - surge(itsm)'], r(num('surgeCurrent', 'A'))],
  [['Reverse recovery time (trr)', 'Reverse recovery time(trr)'], r(num('reverseRecoveryTime', 's'))],
  [['Reverse leakage current (ir)', 'Reverse leakage current'], r(num('reverseLeakageCurrent', 'A'))],
  [['Diode configuration', 'Configuration'], r(txt('configuration'))],
  [['Zener voltage (nom)'], r(num('zenerVoltage', 'V'))],
  [['Zener voltage (range)'], r(rng('zenerVoltageMin', 'zenerVoltageMax', 'V'))],
  [['Zener impedance (zzt)'], r(num('zenerImpedance', 'Ω'))],
  [['Reverse stand-off voltage (vrwm)'], r(num('reverseStandoffVoltage', 'V'))],
  [['Voltage - breakdown', 'Breakdown voltage', 'Breakdown voltage (vbr)'], r(num('breakdownVoltage', 'V'))],
  [['Clamping voltage', 'Maximum clamping voltage', 'Clamping voltage@ipp'], r(num('clampingVoltage', 'V'))],
  [['Peak pulse current (ipp)', 'Peak pulse current (ipp)@10/1000us', 'Peak pulse current(ipp)@8/20us', 'Peak pulse current-ipp (10/1000us)', 'Peak current', 'Impulse discharge current', 'Nominal impulse discharge current'], r(num('peakPulseCurrent', 'A'))],
  [['Peak pulse power dissipation (ppp)', 'Peak pulse power dissipation (ppp)@10/1000us', 'Peak pulse power(ppp)@8/20us'], r(num('peakPulsePower', 'W'))],
  [['Polarity'], r(polarity)],
  [['Junction capacitance', 'Junction capacitance(cj)@1MHz', 'Diode capacitance', 'Typical capatitance', 'Inter-electrode capacitance', 'Maximum capacitance @ 1MHz', 'Off-state capacitance (co)'], r(num('junctionCapacitance', 'F'))],
  [['Voltage - dc spark over (nom)', 'Dc spark-over voltage'], r(num('sparkOverVoltage', 'V'))],

  // Transistors.
  [['Drain to source voltage', 'Drain source voltage (vdss)', 'Mos breakdown voltage'], r(num('drainSourceVoltage', 'V'))],
  [['Continuous drain current (id)', 'Drain current (idss)'], r(num('drainCurrent', 'A'))],
  [['Drain source on resistance (rds(on)@vgs,id)'], r(rdsOn)],
  [['Gate threshold voltage (vgs(th)@id)', 'Gate-emitter threshold voltage (vge(th)@ic)'], r(num('gateThresholdVoltage', 'V', { multi: 'same' }))],
  [['Input capacitance (ciss@vds)', 'Ciss-input capacitance', 'Input capacitance(cies)', 'Input capacitance(ciss@vds)'], r(num('inputCapacitance', 'F'))],
  [['Total gate charge (qg@vgs)'], r((a, out) => {
    const k = kindOf(a.spec, '', 'charge');
    if (k.found) return pushNum(out, 'gateCharge', k.value);
    scaled('gateCharge', ['C'])(a, out);
  })],
  [['Vgs', 'Gate-source breakdown voltage (vgss)', 'Gate-source breakdown voltage (v(br)gss)'], r(num('gateSourceVoltageMax', 'V'))],
  [['Type'], typeRule],
  [['Number', 'Transistor type'], r(transistorType)],
  [['Collector - emitter voltage vceo', 'Collector-emitter breakdown voltage (vceo)', 'Collector-emitter voltage (vceo)', 'Collector emitter voltage', 'Maximum collector emitter voltage (vceo)', 'Collector-emitter breakdown voltage (vces)'], r(num('collectorEmitterVoltage', 'V'))],
  [['Current - collector(ic)', 'Collector current (ic)', 'Collector current(ic)', 'Collector current (max)'], r(num('collectorCurrent', 'A'))],
  [['Dc current gain', 'Dc current gain (hfe@ic,vce)', 'Dc current gain (hfe@vce,ic)'], r(hfe)],
  [['Vce saturation(vce(sat))', 'Collector-emitter saturation voltage (vce(sat)@ic,ib)'], r(num('vceSaturation', 'V'))],
  [['Transition frequency(ft)', 'Transition frequency (ft)'], r(num('transitionFrequency', 'Hz'))],
  [['Emitter-base voltage(vebo)', 'Emitter-base voltage vebo'], r(num('emitterBaseVoltage', 'V'))],
  [['Input resistor'], r(num('inputResistance', 'Ω'))],
  [['Resistor ratio'], r(num('resistorRatio', null, { bare: true }))],
  [['Peak off - state voltage(vdrm)', 'Peak repetitive off?state voltage (vdrm)', 'Repetitive peak off-state voltage', 'Peak off-state voltage'], r(num('offStateVoltage', 'V'))],
  [['Current - on state(it(rms))', 'Rms on-state current(it (rms))', 'Output current(it(rms))'], r(num('onStateCurrentRms', 'A'))],
  [['Current - gate trigger(igt)', 'Gate trigger current(igt)'], r(num('gateTriggerCurrent', 'A'))],

  // Op-amps, comparators, converters, logic, interfaces, memory, MCUs.
  [['Number of channels', 'Channels', 'Number of circuits', 'The channel number', 'Circuits'], r(cnt('channels'))],
  [['Gain bandwidth product', 'Gain bandwidth product(gbp)'], r(num('gainBandwidth', 'Hz'))],
  [['Slew rate', 'Slew rate(sr)'], r(slewRate)],
  [['Vos - input offset voltage', 'Voltage - input offset(vos)', 'Input offset voltage (vos)'], r(num('inputOffsetVoltage', 'V'))],
  [['Ib - input bias current', 'Current - input bias(ib)', 'Input bias current (ib)'], r(num('inputBiasCurrent', 'A'))],
  [['Input voltage noise density', 'Noise density(en)'], r(scaled('noiseDensity', ['V/√Hz', 'V/rtHz', 'V/sqrt(Hz)']))],
  [['Common mode rejection ratio(cmrr)', 'Common mode rejection ratio (cmrr)'], r(magnitude(num('cmrr', 'dB')))],
  [['-3db bandwidth', 'Bandwidth', '-3db bandwidth(g=1)', 'Band width'], r(num('bandwidth', 'Hz'))],
  [['Rail to rail'], r(txt('railToRail', (t) => t.replace(/rail-to-rail/gi, 'Rail-to-Rail').replace(/\binput\b/gi, 'Input').replace(/\boutput\b/gi, 'Output')))],
  [['Resolution', 'Resolution (bits)', 'Resolution(bits)', 'Output bits', 'Output bit'], r(bits('resolution'))],
  [['Sampling rate', 'Sampling frequency', 'Sample frequency'], r((a, out) => {
    const hz = qty(a.text, 'Hz', { multi: 'max' });
    pushNum(out, 'sampleRate', hz ?? qty(a.text, 'SPS', { multi: 'max' }));
  })],
  [['Settling time'], r(num('settlingTime', 's'))],
  [['Signal-to-noise ratio', 'S/n ratio', 'Snr(signal to noise ratio)'], r(num('snr', 'dB'))],
  // On RF connectors 'Interface' is the centre contact ('Inner Bore', 'Male Pin'), not a bus.
  [['Interface', 'Interface type', 'Communication interface', 'Control interface', 'Support interface', 'Interface protocol'], bySub([(s) => s.connector, () => undefined], [always, txt('interface')])],
  [['Data rate', 'Data rate(max)', 'Data transmission rate'], r((a, out) => {
    // 'mbps' would read as millibits per second: no such rate exists, so it is left out.
    const t = a.text === null || /\dmbps/.test(a.text) ? null : a.text.replace(/bit\/s\b/g, 'bps');
    pushNum(out, 'dataRate', qty(t, 'bps', { multi: 'max' }));
  })],
  [['Number of drivers', 'Numberof drivers'], r(cnt('driverCount'))],
  [['Number of receivers', 'Numberof receivers'], r(cnt('receiverCount'))],
  [['Logic type', 'Logic gate type'], r(txt('logicType'))],
  [['Logic family', 'Series'], r(txt('logicFamily'))],
  [['Propagation delay', 'Propagation delay time', 'Max propagation delay', 'Maximum propagation delay', 'Propagation delay (tpd)', 'Propagation delay(tpd)'], r(num('propagationDelay', 's'))],
  [['Input number', 'Number of inputs'], r(cnt('inputCount'))],
  [['Memory size'], r(memorySize)],
  [['Clock frequency', 'Clock frequency (fc)'], r(num('clockFrequency', 'Hz', { multi: 'max' }))],
  [['Cpu core', 'Core processor'], r(txt('core', coreName))],
  [['Program storage size', 'Flash size'], r(bytesOf('flashSize'))],
  [['Ram size'], r(bytesOf('ramSize'))],
  [['Eeprom'], r(bytesOf('eepromSize'))],
  [['Cpu maximum speed', 'Maximum speed'], r(num('maxFrequency', 'Hz'))],
  [['Number of i/o', 'Gpio ports number'], r(cnt('gpioCount'))],
  [['Core size'], r(bits('cpuBits'))],
  [['Program memory type'], r(txt('programMemoryType'))],
  [['Adc (bit)'], r(bits('adcResolution'))],
  [['Current transfer ratio (ctr) minimum'], r(num('currentTransferRatio', '%'))],
  [['Number of logic elements/blocks', 'Logic elements / cells'], r(cnt('logicElements'))],
  [['Insertion loss', 'Insertion loss (db max)'], r(num('insertionLoss', 'dB'))],
  [['Frequency - center', 'Center frequency'], r(num('frequency', 'Hz'))],

  // LEDs, optoelectronics.
  [['Illumination color', 'Emitted color', 'Luminous color'], r(txt('color', colour))],
  [['Wavelength - dominant', 'Dominant wavelength', 'Wavelength'], r(numOrRange('wavelength', 'wavelengthMin', 'wavelengthMax', 'm'))],
  [['Peak wavelength', 'Wavelength - peak', 'Peak  wavelength', 'Spectral peak'], r(num('peakWavelength', 'm'))],
  [['Luminous intensity', 'Light intensity'], r((a, out) => {
    const m = a.text === null ? null : /^(\d+(?:\.\d+)?)\s*(m?)cd\s*~\s*(\d+(?:\.\d+)?)\s*(m?)cd$/.exec(mainPart(a.text));
    if (m && m[1] && m[3]) {
      pushNum(out, 'luminousIntensityMin', Number(m[1]) * (m[2] ? 1e-3 : 1));
      pushNum(out, 'luminousIntensityMax', Number(m[3]) * (m[4] ? 1e-3 : 1));
      return;
    }
    scaled('luminousIntensity', ['cd'])(a, out);
  })],
  [['Viewing angle', 'View angle'], r(scaled('viewingAngle', ['°']))],
  [['Lens color'], r(txt('lensColor', colour))],
  [['Color temperature'], r(scaled('colorTemperature', ['K']))],

  // Connectors, switches, relays, fuses, mechanics.
  [['Pitch', 'Hole/pin spacing', 'Lead pitch'], r(num('pitch', 'm'))],
  [['Row spacing'], r(num('rowSpacing', 'm'))],
  [['Number of rows'], r((a, out) => pushNum(out, 'rowCount', count(a.text === null ? null : a.text.replace(/\s*[Rr]ows?$/, ''))))],
  [['Number of pins per row', 'Pin number in each row'], r(cnt('pinsPerRow'))],
  [['Number of pins', 'Number of contacts', 'Number of positions', 'Number of holes', 'Number of conductors', 'Number of terminals', 'Pin number', 'Number of leg'], r((a, out) => {
    const k = kindOf(a.spec, 'count');
    if (k.found) return pushNum(out, 'pinCount', k.value);
    pinStructure(a, out);
  })],
  [['Pin structure', 'Holes structure', 'Number of positions or pins', 'Structure'], r(pinStructure)],
  [['Number of ports'], r(cnt('portCount'))],
  [['Mounting type', 'Mounting style', 'Mounting sytle', 'Installation method', 'Installation type', 'Install'], r(txt('mounting'))],
  [['Contact material'], r(txt('contactMaterial'))],
  [['Contact plating', 'Contact finish', 'Contact coating'], r(txt('contactPlating'))],
  [['Color', 'Colour', 'Actuator/cap color', 'Actuator color'], r(txt('color', colour))],
  [['Gender'], r(txt('gender', (t) => colour(t).replace(/^(Male|Female) pin$/i, '$1')))],
  [['Connector type'], r(txt('connectorType'))],
  [['Reference series'], r(txt('connectorSeries'))],
  [['Plastic material'], r(txt('insulationMaterial'))],
  [['Flame retardant rating'], r(txt('flammabilityRating'))],
  [['Wire gauge - awg'], r(rng('wireGaugeAwgMin', 'wireGaugeAwgMax', null, 'both', { bare: true }))],
  [['Circuit'], r(txt('switchCircuit'))],
  [['Actuator style', 'Actuator type'], r(txt('actuator'))],
  [['Operating force', 'Pressforce'], r((a, out) => {
    // 1 gf = 9.80665 mN (the gram-force is defined exactly).
    const gf = a.text === null ? null : /^(\d+(?:\.\d+)?)\s*gf$/.exec(mainPart(a.text));
    if (gf && gf[1]) return pushNum(out, 'operatingForce', Number(gf[1]) * 9.80665e-3);
    scaled('operatingForce', ['N'])(a, out);
  })],
  [['Termination style', 'Pin style'], r(txt('termination'))],
  [['Life', 'Mechanical life', 'Operating life', 'Switching life', 'Connect-disconnect life'], r(cycles)],
  [['Length', 'Switch length', 'X-length of bottom edge on board (spacing line)', 'Overall length', 'Total length', 'Line length'], r(num('length', 'm'))],
  [['Width', 'Switch width', 'Y-width of bottom edge on board'], r(num('width', 'm'))],
  [['Height', 'Switch height', 'Height - seated (max)', 'Z-height of the board', 'Height above board', 'Body height (max)', 'Maximum body height', 'Body height'], r(num('height', 'm'))],
  [['Diameter', 'Diameter (φd)', 'Diameter(φd)', 'Capacitor diameter'], r(num('diameter', 'm'))],
  [['Pin spacing', 'Lead spacing', 'Pin spaceing', 'Pin spacing(adjacent)'], r(num('leadSpacing', 'm'))],
  [['Coil voltage'], r(num('coilVoltage', 'V'))],
  [['Coil resistance'], r(num('coilResistance', 'Ω'))],
  [['Coil rated power'], r(num('coilPower', 'W'))],
  [['Contact form', 'Relay contact form'], r(txt('contactForm'))],
  [['Switching voltage(max)', 'Maximum switching voltage'], r(acDcVoltage)],
  [['Breaking capacity', 'Interrupt rating'], r(num('breakingCapacity', 'A'))],
  [['Hold current', 'Holding current (ih)', 'Hold current(ih)'], r(num('holdCurrent', 'A'))],
  [['Trip current'], r(num('tripCurrent', 'A'))],
  [['Operating voltage (max)'], r(num('maxWorkingVoltage', 'V'))],
  [['Impedance'], r(num('impedance', 'Ω'))],
  [['Sound pressure level(spl)', 'Sound pressure level (spl)'], r(num('soundPressureLevel', 'dB'))],
  [['Sensitivity'], r((a, out) => {
    if (a.text !== null && /dBm$/.test(a.text)) return pushNum(out, 'receiveSensitivity', qty(a.text, 'dBm'));
    pushNum(out, 'sensitivity', qty(a.text, 'dB'));
  })],
];

/** Attribute names are folded to letters and digits in lower case: 'Resolution (bits)' = 'Resolution(bits)'. */
function normalize(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Names the caller handles (or that carry no product facts); never mapped here. */
const IGNORED = new Set(['manufacturer', 'package', 'basicextended', 'status', 'mpn', 'description', 'category', 'moq', 'ordermultiple', 'packaging', 'packagingnum', 'rohs', 'whsjs', 'whszh', 'whshk']);

const RULES = new Map<string, Rule>();
for (const [names, rule] of RULES_BY_NAME) {
  for (const n of names) {
    const k = normalize(n);
    if (RULES.has(k) && RULES.get(k) !== rule) throw new Error(`jlcparts attribute '${n}' mapped twice`);
    RULES.set(k, rule);
  }
}

/** The rule of an attribute name (cached; null when the name is not mapped). */
const RULE_OF_NAME = new Map<string, Rule | null>();
function ruleOf(name: string): Rule | null {
  let rule = RULE_OF_NAME.get(name);
  if (rule === undefined) {
    const k = normalize(name);
    rule = IGNORED.has(k) ? null : (RULES.get(k) ?? null);
    RULE_OF_NAME.set(name, rule);
  }
  return rule;
}

// ── Entry point ──────────────────────────────────────────────────────────────

const EMPTY: CatalogParam[] = Object.freeze([]) as unknown as CatalogParam[];

/** Results per LUT entry (and per subcategory for the rules that depend on it). */
const CACHE = new WeakMap<object, CatalogParam[] | Map<string, CatalogParam[]>>();

function compute(rule: Rule, spec: Spec, subcategory: string): CatalogParam[] {
  const out: Out = [];
  rule.handler({ spec, text: defaultText(spec), sub: classify(subcategory) }, out);
  if (out.length === 0) return EMPTY;
  for (const p of out) Object.freeze(p);
  return Object.freeze(out) as CatalogParam[];
}

/**
 * Parameters of one LUT entry, ignoring 'Manufacturer', 'Package', 'Basic/Extended', 'Status',
 * 'Mpn', 'Description' (the caller handles those). Empty when nothing can be read. `subcategory`
 * is the manifest's subcategory name ('Multilayer Ceramic Capacitors MLCC - SMD/SMT'). The result
 * is cached per entry and shared: it is frozen.
 */
export function paramsOfAttribute(entry: JlcAttributeEntry, subcategory: string): CatalogParam[] {
  if (!Array.isArray(entry)) return EMPTY;
  const name = entry[0];
  const spec = entry[1];
  if (typeof name !== 'string' || spec === null || typeof spec !== 'object' || spec.values === null || typeof spec.values !== 'object') return EMPTY;
  const rule = ruleOf(name);
  if (rule === null) return EMPTY;
  const cached = CACHE.get(entry);
  if (!rule.bySub) {
    if (cached !== undefined && !(cached instanceof Map)) return cached;
    const res = compute(rule, spec, subcategory);
    CACHE.set(entry, res);
    return res;
  }
  let bySubcategory = cached instanceof Map ? cached : undefined;
  if (bySubcategory === undefined) {
    bySubcategory = new Map();
    CACHE.set(entry, bySubcategory);
  }
  const hit = bySubcategory.get(subcategory);
  if (hit !== undefined) return hit;
  const res = compute(rule, spec, subcategory);
  bySubcategory.set(subcategory, res);
  return res;
}

/** Whether an attribute name has a mapping (for coverage reports). */
export function isMappedAttribute(name: string): boolean {
  return ruleOf(name) !== null;
}
