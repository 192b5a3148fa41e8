// Reads what a BOM line's description or value cell says about a part, in Chinese and English:
// '贴片电阻 0603 10K ±1%', 'CAP CER 0.1UF 50V X7R 0603', '4k7', '1uF/25V', 'LED 红色 0805',
// 'Ferrite bead 600R@100MHz', '32.768kHz crystal', 'SS34'. Table-driven, no guessing beyond the
// rules written here; every attribute found is listed in `evidence`. Attributes are also given as
// `params` under the catalogue's own parameter keys (product_params: resistance, capacitance,
// tolerance, ratedVoltage …) so the matcher can compare them with products directly.
// Pure and browser-safe.

import { formatQuantity, parseQuantity, type Unit } from '../catalog/units.ts';
import type { ServerMessageKey } from '../server/messages/zh.ts';
import type { BomReason } from './mpn-variants.ts';
import { footprintPackage, isChipSizeCode, packagesCompatible, PART_KINDS, type Mounting, type PartKind } from './footprint-package.ts';

export { PART_KINDS, type PartKind };

export type Colour = 'red' | 'green' | 'blue' | 'yellow' | 'white' | 'orange' | 'amber' | 'pink' | 'purple';

export type Quantity = { readonly value: number; readonly unit: Unit };

export type DescribeParam = { readonly key: string; readonly value: number | null; readonly text: string | null; readonly unit: Unit | null };

export type DescribeProblem = { readonly key: ServerMessageKey & `bom.describe.${string}`; readonly vars: Readonly<Record<string, string | number>> };

export type ParsedDescription = {
  readonly kind: PartKind | null;
  /** The main value: resistance, capacitance, inductance, a ferrite's impedance, a crystal's frequency. */
  readonly value: Quantity | null;
  /** Percent (±). */
  readonly tolerance: number | null;
  /** Temperature coefficient, ppm/°C. */
  readonly tempco: number | null;
  /** Volts: a capacitor's or fuse's rating, a diode's reverse voltage, an LED's forward voltage. */
  readonly voltage: number | null;
  /** Watts. */
  readonly power: number | null;
  /** Amperes: rated current (inductor, fuse, ferrite), forward current (diode, LED). */
  readonly current: number | null;
  /** EIA class name as the catalogue writes it: 'C0G' (also for NP0), 'X7R', 'X5R', 'Y5V' … */
  readonly dielectric: string | null;
  /** Catalogue form ('0603', 'SOT-23', 'SOIC-8'), see footprint-package.ts. */
  readonly package: string | null;
  readonly colour: Colour | null;
  readonly mounting: Mounting | null;
  /** 'ceramic', 'electrolytic', 'tantalum', 'film' for capacitors; 'schottky', 'zener', 'tvs' for diodes. */
  readonly subtype: string | null;
  /** A crystal's load capacitance in farads. */
  readonly loadCapacitance: number | null;
  /** A known part-number pattern in the text ('SS34', '1N4148W'), for the MPN lookup. */
  readonly partNumber: string | null;
  /** The same attributes under the catalogue's product_params keys. */
  readonly params: readonly DescribeParam[];
  /** 0..1: how much of a matchable description was found (see confidenceOf). */
  readonly confidence: number;
  readonly evidence: readonly string[];
  /** What the user should be told (server messages bom.describe.*). */
  readonly problems: readonly DescribeProblem[];
};

export type DescribeHints = {
  /** A designator or its prefix: 'R12', 'C', 'FB3', 'LED1', 'Y1'. */
  readonly designator?: string;
  /** The footprint / package cell: 'Resistor_SMD:R_0603_1608Metric', '0805', 'SOT-23'. */
  readonly footprint?: string;
  /** A kind already known (e.g. from the category the user picked). */
  readonly kind?: PartKind;
};

/** Longer cells are not descriptions (pasted notes, whole rows) and are not parsed. */
export const MAX_DESCRIPTION_LENGTH = 500;

// ── Keyword tables ───────────────────────────────────────────────────────────

/** Kinds by keyword, most specific first ('磁珠' before '电感', '发光二极管' before '二极管'). */
const KIND_WORDS: ReadonlyArray<readonly [PartKind, RegExp, RegExp]> = [
  // [kind, Chinese substring, English whole word (upper-cased text)]
  ['ferrite', /磁珠/, /\b(?:FERRITES?|BEADS?|FB)\b/],
  ['led', /发光二极管|灯珠|指示灯/, /\b(?:LEDS?|LIGHT[- ]EMITTING)\b/],
  // An active crystal oscillator (有源晶振, TCXO) is not a crystal: it has no place in this table.
  ['crystal', /(?<!有源)晶振|晶体(?!管)|谐振器/, /\b(?:CRYSTALS?|XTAL|RESONATORS?|QUARTZ)\b(?![ -]?OSC)/],
  ['fuse', /保险丝|熔断器|自恢复/, /\b(?:FUSES?|POLYFUSE|PPTC|PTC)\b/],
  ['transistor', /三极管|晶体管|MOS管|场效应管/, /\b(?:MOSFETS?|TRANSISTORS?|NPN|PNP|BJT|N-?CH(?:ANNEL)?|P-?CH(?:ANNEL)?)\b/],
  ['diode', /二极管|肖特基|稳压管|整流管|TVS管/, /\b(?:DIODES?|SCHOTTKY|ZENER|RECTIFIERS?|TVS)\b/],
  ['inductor', /电感|感值|功率电感|共模/, /\b(?:IND|INDUCTORS?|CHOKES?)\b/],
  ['capacitor', /电容|容值|瓷片|电解|钽/, /\b(?:CAP|CAPS|CAPACITORS?|MLCC|CER|CERAMIC|ELECTROLYTIC|TANTALUM)\b/],
  ['resistor', /电阻|阻值|排阻/, /\b(?:RES|RESISTOR|RESISTORS|RESISTANCE)\b/],
];

const SUBTYPES: ReadonlyArray<readonly [PartKind, string, RegExp]> = [
  ['capacitor', 'electrolytic', /电解|ELECTROLYTIC|\bALU(?:M|MINUM|MINIUM)?\b|\bE-?CAP\b/],
  ['capacitor', 'tantalum', /钽|TANTALUM|\bTANT\b/],
  ['capacitor', 'film', /薄膜|\bFILM\b/],
  ['capacitor', 'ceramic', /瓷片|陶瓷|MLCC|\bCER\b|CERAMIC/],
  ['diode', 'schottky', /肖特基|SCHOTTKY/],
  ['diode', 'zener', /稳压|ZENER/],
  ['diode', 'tvs', /TVS/],
];

/** Designator prefixes (IEEE 315 / IPC practice) → kind. */
const DESIGNATOR_KIND: Readonly<Record<string, PartKind>> = {
  R: 'resistor', RN: 'resistor', RA: 'resistor', VR: 'resistor',
  C: 'capacitor', CP: 'capacitor', EC: 'capacitor',
  L: 'inductor',
  FB: 'ferrite',
  D: 'diode', ZD: 'diode',
  LED: 'led', DS: 'led',
  Y: 'crystal', X: 'crystal',
  F: 'fuse',
  Q: 'transistor',
};

/**
 * Designator prefixes of parts that are not read by a value (connectors, ICs, switches, relays,
 * transformers, batteries, buzzers, test points, holes): a unit in their text is an attribute.
 */
const OTHER_PART_DESIGNATORS = new Set(['J', 'P', 'CN', 'CON', 'U', 'IC', 'SW', 'S', 'K', 'T', 'TR', 'BT', 'B', 'M', 'MK', 'LS', 'SP', 'BZ', 'TP', 'H', 'MH', 'ANT', 'AE', 'E']);

function otherPartDesignator(designator: string | undefined): boolean {
  if (typeof designator !== 'string') return false;
  const m = /^\s*([A-Za-z]{1,3})\d*\s*$/.exec(designator.split(/[,\s;-]/)[0] ?? '');
  return !!m && !!m[1] && OTHER_PART_DESIGNATORS.has(m[1].toUpperCase());
}

/** Part-number patterns that name a diode or transistor on their own ('SS34', '1N4148W'). */
const PART_NUMBER_KIND: ReadonlyArray<readonly [RegExp, PartKind]> = [
  [/^(?:1N\d{3,4}[A-Z]{0,2}|1SS\d{3}|SS\d{2,3}[A-Z]?|BAT\d{2}[A-Z0-9-]*|BAV\d{2}[A-Z0-9-]*|BAS\d{2}[A-Z0-9-]*|BZ[TX]\d{2}[A-Z0-9-]*|MBR[A-Z]?\d{3,4}[A-Z0-9-]*|SMAJ\d+[A-Z]*|SMBJ\d+[A-Z]*|P6KE\d+[A-Z]*|B5819W?|M7|US1[A-Z]|ES[123][A-Z])$/, 'diode'],
  [/^(?:2N\d{4}[A-Z]?|BSS\d{2,3}[A-Z]?|AO\d{4}[A-Z]?|MMBT\d{4}[A-Z0-9]*|BC8\d{2}[A-Z]?|S80\d{2}|SS8[05]50|IRLML\d{4}[A-Z]*)$/, 'transistor'],
];

const COLOURS: ReadonlyArray<readonly [Colour, RegExp]> = [
  ['red', /红|\bRED\b/],
  ['green', /绿|\bGREEN\b/],
  ['blue', /蓝|\bBLUE\b/],
  ['yellow', /黄|\bYELLOW\b/],
  ['white', /白|\bWHITE\b/],
  ['orange', /橙|\bORANGE\b/],
  ['amber', /琥珀|\bAMBER\b/],
  ['pink', /粉|\bPINK\b/],
  ['purple', /紫|\bPURPLE\b|\bVIOLET\b/],
];

/** Dielectric spellings → the catalogue's EIA name ('' keeps the code as written, upper-cased). COG/NPO are common misspellings of C0G/NP0. */
const DIELECTRICS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:C0G|COG|NP0|NPO)$/, 'C0G'],
  [/^(?:X5R|X6S|X6T|X7R|X7S|X7T|X8R|X8L|Y5V|Z5U|X5S|X6R)$/, ''],
];

const CJK_SOURCE = '[\\u3400-\\u9fff\\uf900-\\ufaff]';
const CJK = new RegExp(CJK_SOURCE);

/** Chinese unit words after a number, rewritten to symbols parseQuantity reads ('10千欧' → '10kΩ'). */
const ZH_UNITS: ReadonlyArray<readonly [RegExp, string]> = (
  [
    ['千欧姆?', 'kΩ'], ['兆欧姆?', 'MΩ'], ['欧姆?', 'Ω'],
    ['微法', 'uF'], ['纳法', 'nF'], ['皮法', 'pF'],
    ['微亨', 'uH'], ['毫亨', 'mH'], ['纳亨', 'nH'],
    ['兆赫兹?', 'MHz'], ['千赫兹?', 'kHz'],
    ['毫安', 'mA'], ['毫瓦', 'mW'], ['伏特?', 'V'], ['瓦', 'W'], ['安', 'A'],
  ] as const
).map(([word, sym]) => [new RegExp(`(\\d)\\s*(?:${word})`, 'g'), `$1${sym}`] as const);
const CJK_ALL = new RegExp(CJK_SOURCE, 'g');
const CJK_SPLIT = new RegExp(`(${CJK_SOURCE})`, 'g');

// ── Tokenising ───────────────────────────────────────────────────────────────

type Token = { readonly text: string; readonly afterAt: boolean };

/** Normalises a cell into tokens; keeps the Chinese words in `zh` for keyword search. */
function tokenize(input: string): { tokens: Token[]; upper: string; zh: string } {
  let s = input
    .normalize('NFKC')
    .replace(/[μµ]/g, 'u')
    .replace(/Ω|ohms?\b/gi, 'Ω')
    .replace(/[\u2212\u2013\u2014]/g, '-')
    .replace(/\+\/-|\+-/g, '±')
    .replace(/℃/g, '°C')
    // '10K±1%' → '10K ±1%'; 'DC50V' → '50V'.
    .replace(/(?<=\S)±/g, ' ±')
    .replace(/\b(?:DC|AC)(?=\d)/gi, '');
  // '4,7k' (decimal comma) → '4.7k'; only a lone 1–3 digit number with 1–2 decimals and a prefix.
  s = s.replace(/(?<![\d.])(\d{1,3}),(\d{1,2})(?=[pnumkKMGRFHΩ])/g, '$1.$2');
  for (const [re, replacement] of ZH_UNITS) s = s.replace(re, replacement);
  // English unit words spelled out.
  s = s
    .replace(/\bfarads?\b/gi, 'F')
    .replace(/\bhenr(?:y|ies)\b/gi, 'H')
    .replace(/\bmicro\s*/gi, 'u')
    .replace(/\bnano\s*/gi, 'n')
    .replace(/\bpico\s*/gi, 'p')
    .replace(/(\d)\s*PCT\b/gi, '$1%');
  // '1/10W', '1/4 W': a fraction of a watt becomes a decimal before '/' splits words.
  s = s.replace(/(?<![\d.])(\d{1,2})\s*\/\s*(\d{1,3})\s*(W)\b/gi, (_m, n: string, d: string) => `${Number(n) / Number(d)}W`);
  const zh = s.match(CJK_ALL)?.join('') ?? '';
  // Split Chinese from Latin so '贴片电容100nF' gives '100nF'.
  s = s.replace(CJK_SPLIT, ' $1 ');
  const tokens: Token[] = [];
  let afterAt = false;
  for (const part of s.split(/([\s,;:/()[\]{}|@_，；：（）、]+)/)) {
    if (part === '') continue;
    if (/^[\s,;:/()[\]{}|@_，；：（）、]+$/.test(part)) {
      afterAt = part.includes('@');
      continue;
    }
    if (CJK.test(part)) continue;
    tokens.push({ text: part, afterAt });
    afterAt = false;
  }
  // '10K OHM', '100 R', '25 v': a number followed by a unit word joins it.
  const joined: Token[] = [];
  for (const t of tokens) {
    const prev = joined[joined.length - 1];
    const isPrefix = /^[pnumkKMG]$/.test(t.text);
    // Distributors write units in capitals too ('10 NH', '0.1 UF', '12 MHZ').
    const isUnit = /^(?:Ω|R|V|v|W|A|F|H|Hz|HZ|kΩ|MΩ|uF|nF|pF|uH|nH|mH|KΩ|VDC|VAC)$/.test(t.text) || /^(?:[PNU]F|[NU]H|MH|[KM]HZ)$/i.test(t.text);
    // '10 k' + prefix, '10 uF' / '10k Ω' + unit; never '10k M'.
    if (prev && ((/^[\d.]+$/.test(prev.text) && (isPrefix || isUnit)) || (/^[\d.]+[pnumkKMG]$/.test(prev.text) && isUnit))) {
      joined[joined.length - 1] = { text: prev.text + t.text, afterAt: prev.afterAt };
    } else joined.push(t);
  }
  return { tokens: joined, upper: s.replace(/_/g, ' ').toUpperCase(), zh };
}

/**
 * Upper-case distributor spellings ('0.1UF', '10MH', '100KOHM', '10MHZ') rewritten to the SI
 * case parseQuantity expects. 'M' before F/H/A/W means milli in these listings (no megafarads),
 * before Ω and Hz mega.
 */
function siCase(token: string): string {
  // 'MFD' / upper-case 'MF' are the old US spelling of microfarad ('0.1MFD'), never millifarad.
  if (/^[\d.]+(?:MFD|mfd|MF)$/.test(token)) return token.replace(/(?:MFD|mfd|MF)$/, 'uF');
  const m = /^([\d.]+)([A-Za-z]?)(Ω|F|H|A|W|V|HZ|Hz|OHMS?)$/.exec(token);
  if (!m) return token.replace(/VDC$|VAC$/i, 'V');
  const num = m[1] ?? '';
  let p = m[2] ?? '';
  let unit = m[3] ?? '';
  if (unit === 'HZ') unit = 'Hz';
  if (/^OHMS?$/.test(unit)) unit = 'Ω';
  if (p === 'U' || p === 'N' || p === 'P') p = p.toLowerCase();
  if (p === 'M' && /^[FHAWV]$/.test(unit)) p = 'm';
  if (p === 'K') p = 'k';
  return `${num}${p}${unit}`;
}

// ── Reading quantities ───────────────────────────────────────────────────────

type Reading =
  | { readonly type: 'quantity'; readonly value: number; readonly unit: Unit; readonly source: string; readonly afterAt: boolean }
  /** A number with a prefix but no unit ('4k7', '100n', '10K'): the kind decides the unit. */
  | { readonly type: 'bare'; readonly value: number; readonly prefix: string; readonly source: string }
  /** A plain number ('100', '104'). */
  | { readonly type: 'plain'; readonly digits: string; readonly source: string }
  | { readonly type: 'tolerance'; readonly value: number; readonly source: string }
  /** ppm/°C ('100ppm', '±50ppm/°C' reads as its first word). */
  | { readonly type: 'tempco'; readonly value: number; readonly source: string }
  | { readonly type: 'dielectric'; readonly name: string; readonly source: string }
  /** A part number: a known diode/transistor pattern (kind set) or any MPN-shaped word (kind null). */
  | { readonly type: 'partNumber'; readonly kind: PartKind | null; readonly source: string };

/**
 * MPN-shaped: letters and digits (at least two letters), 5+ characters, no package name
 * ('BLM18PG221SN1D', 'AMS1117-3.3', 'RC0402FR-0710KL'; not 'SOT-223', 'R0603', '4x10K').
 */
function looksLikeMpn(up: string): boolean {
  return (
    up.length >= 5 &&
    up.length <= 40 &&
    /^[A-Z0-9][A-Z0-9.#+-]*$/.test(up) &&
    /\d/.test(up) &&
    (up.match(/[A-Z]/g)?.length ?? 0) >= 2 &&
    !/^\d+X\d/.test(up) &&
    footprintPackage(up) === null
  );
}

function readToken(t: Token): Reading | null {
  const text = t.text;
  const tol = /^±?(\d+(?:\.\d+)?)%$/.exec(text);
  if (tol && tol[1]) return { type: 'tolerance', value: Number(tol[1]), source: text };
  const up = text.toUpperCase();
  for (const [re, name] of DIELECTRICS) if (re.test(up)) return { type: 'dielectric', name: name || up, source: text };
  for (const [re, kind] of PART_NUMBER_KIND) if (re.test(up)) return { type: 'partNumber', kind, source: up };
  if (!/^[±+]?\d|^\.\d/.test(text)) return looksLikeMpn(up) ? { type: 'partNumber', kind: null, source: up } : null;
  // Lower-case 'r' as the decimal point of a resistance ('2r7', '0r1').
  if (/^\d*r\d*$/.test(text)) return readToken({ ...t, text: text.replace('r', 'R') });
  if (/^\d+$/.test(text)) return isChipSizeCode(text) ? null : { type: 'plain', digits: text, source: text };
  const q = parseQuantity(siCase(text));
  if (!q.ok) return looksLikeMpn(up) ? { type: 'partNumber', kind: null, source: up } : null;
  if (q.unit === null) {
    const prefix = /[pnumkKMG]/.exec(text.replace(/^[\d.]+/, ''))?.[0] ?? '';
    return prefix ? { type: 'bare', value: q.value, prefix, source: text } : null;
  }
  if (q.unit === 'ppm') return { type: 'tempco', value: Math.abs(q.value), source: text };
  if (!['Ω', 'F', 'H', 'Hz', 'V', 'W', 'A'].includes(q.unit)) return null;
  return { type: 'quantity', value: Math.abs(q.value), unit: q.unit, source: text, afterAt: t.afterAt };
}

/** The base unit a kind's main value is in. */
const KIND_UNIT: Partial<Record<PartKind, Unit>> = { resistor: 'Ω', capacitor: 'F', inductor: 'H', ferrite: 'Ω', crystal: 'Hz' };

/** EIA-198 three-digit capacitance code in pF ('104' = 10 × 10⁴ pF = 100 nF); xx0 and xx8/9 are not read. */
function eiaCapacitance(digits: string): number | null {
  const m = /^([1-9]\d)([1-7])$/.exec(digits);
  if (!m || !m[1] || !m[2]) return null;
  return Number((Number(m[1]) * 10 ** Number(m[2]) * 1e-12).toPrecision(12));
}

// ── The parser ───────────────────────────────────────────────────────────────

function designatorKind(designator: string | undefined): PartKind | null {
  if (typeof designator !== 'string') return null;
  const m = /^\s*([A-Za-z]{1,3})\d*\s*$/.exec(designator.split(/[,\s;-]/)[0] ?? '');
  return m && m[1] ? (DESIGNATOR_KIND[m[1].toUpperCase()] ?? null) : null;
}

function keywordKind(upper: string, zh: string): { kind: PartKind; word: string } | null {
  for (const [kind, zhRe, enRe] of KIND_WORDS) {
    const z = zhRe.exec(zh);
    if (z) return { kind, word: z[0] };
    const e = enRe.exec(upper);
    if (e) return { kind, word: e[0] };
  }
  return null;
}

const EMPTY: Omit<ParsedDescription, 'evidence' | 'problems' | 'confidence'> = {
  kind: null, value: null, tolerance: null, tempco: null, voltage: null, power: null, current: null, dielectric: null,
  package: null, colour: null, mounting: null, subtype: null, loadCapacitance: null, partNumber: null, params: [],
};

/**
 * Parses a description or value cell. `hints` carry the line's other columns (designator,
 * footprint) and settle what the text leaves open: '10u' is 10 µF on a 'C' line and 10 µH on an
 * 'L' line; '104' is read as 100 nF only on a capacitor line. Never throws.
 */
export function parseDescription(text: string, hints: DescribeHints = {}): ParsedDescription {
  const evidence: string[] = [];
  const problems: DescribeProblem[] = [];
  if (typeof text !== 'string' || text.trim() === '') {
    problems.push({ key: 'bom.describe.empty', vars: {} });
    return { ...EMPTY, ...fromFootprintOnly(hints, evidence), confidence: 0, evidence, problems };
  }
  if (text.length > MAX_DESCRIPTION_LENGTH) {
    problems.push({ key: 'bom.describe.tooLong', vars: { max: MAX_DESCRIPTION_LENGTH } });
    return { ...EMPTY, confidence: 0, evidence, problems };
  }
  const { tokens, upper, zh } = tokenize(text);
  const readings = tokens.map(readToken).filter((r): r is Reading => r !== null);

  // Kind: a keyword in the text, then the caller's hint, the designator, a part-number pattern,
  // the footprint, and last the value's own unit.
  let kind: PartKind | null = null;
  let kindStrength = 0;
  const setKind = (k: PartKind, why: string, strength: number): void => {
    if (kind === null) {
      kind = k;
      kindStrength = strength;
      evidence.push(`kind ${k} from ${why}`);
    } else if (kind === 'diode' && k === 'led') {
      // 'D' designators cover LEDs too: an LED footprint or keyword narrows the kind.
      kind = k;
      evidence.push(`kind narrowed to led by ${why}`);
    } else if (kind === 'led' && k === 'diode') {
      evidence.push(`${why} is consistent with led`);
    } else if (kind !== k && strength >= 0.3) {
      evidence.push(`kind ${k} from ${why} disagrees with ${kind}`);
      kindStrength -= 0.15;
      problems.push({ key: 'bom.describe.kindConflict', vars: { a: kind, b: k } });
    }
  };
  // An oscillator (有源晶振, 'OSC', TCXO/VCXO) is an active part: no kind that reads it by value.
  const oscillator = /有源晶振|振荡器/.test(zh) || /\b(?:OSCILLATORS?|OSC|[TVO]CXO|XO)\b/.test(upper);
  const kw = oscillator ? null : keywordKind(upper, zh);
  if (kw) setKind(kw.kind, `'${kw.word}'`, 0.35);
  else if (/^[RCL]$/i.test(tokens[0]?.text ?? '') && tokens.length > 1) {
    // electro-grammar's hint form: 'C 100n 0603'.
    const k = DESIGNATOR_KIND[(tokens[0]?.text ?? '').toUpperCase()];
    if (k) setKind(k, `leading '${tokens[0]?.text}'`, 0.3);
  }
  if (hints.kind) setKind(hints.kind, 'the line', 0.35);
  const dk = designatorKind(hints.designator);
  if (dk && !(oscillator && dk === 'crystal')) setKind(dk, `designator ${hints.designator}`, 0.3);
  const pn = readings.find((r) => r.type === 'partNumber' && r.kind !== null);
  if (pn && pn.type === 'partNumber' && pn.kind) setKind(pn.kind, `part number ${pn.source}`, 0.3);

  // Package: the footprint cell is what is placed on the board, so it wins over the text.
  const fromText = footprintPackage(text);
  const fromFootprint = hints.footprint ? footprintPackage(hints.footprint) : null;
  let pkg: string | null = null;
  let mounting: Mounting | null = null;
  if (fromFootprint) {
    pkg = fromFootprint.package;
    mounting = fromFootprint.mounting;
    evidence.push(`package ${pkg} from the footprint column`);
    if (fromFootprint.kind) setKind(fromFootprint.kind, `footprint ${hints.footprint}`, 0.2);
    if (fromText && packagesCompatible(fromText.package, fromFootprint.package) === 'different') {
      evidence.push(`package ${fromText.package} in the text disagrees with footprint ${fromFootprint.package}`);
      problems.push({ key: 'bom.describe.packageConflict', vars: { text: fromText.package, footprint: fromFootprint.package } });
      kindStrength -= 0.2;
    }
  } else if (fromText) {
    pkg = fromText.package;
    mounting = fromText.mounting;
    evidence.push(...fromText.evidence);
  }
  // A KiCad library says how the part mounts even where no package is read ('Capacitor_THT:C_Disc_…').
  if (mounting === null && typeof hints.footprint === 'string') {
    const lib = /^([A-Za-z0-9_.-]+):/.exec(hints.footprint)?.[1] ?? '';
    if (/_THT$/.test(lib)) mounting = 'tht';
    else if (/_SMD$/.test(lib)) mounting = 'smd';
  }
  if (/贴片|\bSMD\b|\bSMT\b/.test(zh + upper)) mounting = 'smd';
  else if (/插件|直插|\bTHT\b|\bTHROUGH[- ]HOLE\b|\bAXIAL\b|\bRADIAL\b|\bDIP\b/.test(zh + upper)) mounting = 'tht';

  // A keyword and the designator disagree ('150R 0805 LED限流' on R5): the designator wins when
  // the text carries its kind's unit and not the keyword's.
  if (kind !== null && dk !== null && dk !== kind) {
    const units = new Set(readings.flatMap((r) => (r.type === 'quantity' ? [r.unit] : [])));
    const dkUnit = KIND_UNIT[dk];
    const kwUnit = KIND_UNIT[kind];
    if (dkUnit && units.has(dkUnit) && !(kwUnit && units.has(kwUnit))) {
      evidence.push(`kind ${dk} from designator ${hints.designator}: the value is in ${dkUnit}`);
      kind = dk;
    }
  }

  // Unit-bearing quantities settle the kind when nothing else did, unless the designator names
  // another kind of part ('50 Ohm' on a J line is a coaxial connector's impedance, not a resistor).
  if (kind === null && !otherPartDesignator(hints.designator) && !oscillator) {
    const q = readings.find((r) => r.type === 'quantity' && !r.afterAt && ['Ω', 'F', 'H', 'Hz'].includes(r.unit));
    if (q && q.type === 'quantity') {
      const byUnit: Record<string, PartKind> = { 'Ω': 'resistor', F: 'capacitor', H: 'inductor', Hz: 'crystal' };
      const k = byUnit[q.unit];
      if (k) setKind(k, `unit of '${q.source}'`, 0.25);
    } else {
      // A prefix with no unit: k/M/R are ohms in BOM practice, p/n/u farads ('4k7', '100n').
      const b = readings.find((r) => r.type === 'bare');
      if (b && b.type === 'bare') setKind(/[kKMG]/.test(b.prefix) ? 'resistor' : 'capacitor', `prefix of '${b.source}' (guess)`, 0.1);
    }
  }

  const k: PartKind | null = kind;
  const mainUnit = k ? KIND_UNIT[k] : undefined;
  let value: Quantity | null = null;
  let tolerance: number | null = null;
  let voltage: number | null = null;
  let power: number | null = null;
  let current: number | null = null;
  let dielectric: string | null = null;
  let tempco: number | null = null;
  let loadCapacitance: number | null = null;
  let partNumber: string | null = null;
  for (const r of readings) {
    switch (r.type) {
      case 'tolerance':
        if (tolerance === null) {
          tolerance = r.value;
          evidence.push(`tolerance ±${r.value}% from '${r.source}'`);
        }
        break;
      case 'tempco':
        if (tempco === null) {
          tempco = r.value;
          evidence.push(`temperature coefficient ${r.value} ppm/°C from '${r.source}'`);
        }
        break;
      case 'dielectric':
        if (dielectric === null) {
          dielectric = r.name;
          evidence.push(`dielectric ${r.name} from '${r.source}'`);
        }
        break;
      case 'partNumber':
        partNumber ??= r.source;
        break;
      case 'quantity':
        if (r.afterAt) {
          evidence.push(`test condition '${r.source}' ignored`);
          break;
        }
        if (mainUnit && r.unit === mainUnit && value === null) {
          value = { value: r.value, unit: r.unit };
          evidence.push(`value ${formatQuantity(r.value, r.unit)} from '${r.source}'`);
        } else if (r.unit === 'V' && voltage === null) {
          voltage = r.value;
          evidence.push(`voltage ${formatQuantity(r.value, 'V')} from '${r.source}'`);
        } else if (r.unit === 'W' && power === null) {
          power = r.value;
          evidence.push(`power ${formatQuantity(r.value, 'W')} from '${r.source}'`);
        } else if (r.unit === 'A' && current === null) {
          current = r.value;
          evidence.push(`current ${formatQuantity(r.value, 'A')} from '${r.source}'`);
        } else if (r.unit === 'F' && k === 'crystal' && loadCapacitance === null) {
          loadCapacitance = r.value;
          evidence.push(`load capacitance ${formatQuantity(r.value, 'F')} from '${r.source}'`);
        } else if (mainUnit && r.unit !== mainUnit && ['Ω', 'F', 'H'].includes(r.unit)) {
          evidence.push(`'${r.source}' does not fit a ${k}`);
        }
        break;
      case 'bare':
        // A crystal's '25M' / '32.768K' is in hertz; another prefix on a crystal line is not read.
        if (mainUnit && value === null && (mainUnit !== 'Hz' || /^[kKMG]$/.test(r.prefix))) {
          value = { value: r.value, unit: mainUnit };
          evidence.push(`value ${formatQuantity(r.value, mainUnit)} from '${r.source}'`);
        }
        break;
      case 'plain':
        break;
    }
  }
  // A jumper ('跳线', 'Jumper', '零欧') on a resistor line is a 0 Ω resistor.
  if (value === null && k === 'resistor' && /跳线|零欧|短接/.test(zh + ' ' + upper) || (value === null && k === 'resistor' && /\bJUMPER\b/.test(upper))) {
    value = { value: 0, unit: 'Ω' };
    evidence.push('value 0 Ω from a jumper word');
  }
  // Plain numbers last: '100' on a resistor line is 100 Ω; '104' on a capacitor line is 100 nF.
  if (value === null && k !== null) {
    const plain = readings.find((r) => r.type === 'plain');
    if (plain && plain.type === 'plain') {
      if (k === 'resistor' && plain.digits.length <= 7) {
        value = { value: Number(plain.digits), unit: 'Ω' };
        evidence.push(`value ${formatQuantity(value.value, 'Ω')} from plain '${plain.digits}'`);
      } else if (k === 'capacitor') {
        const f = eiaCapacitance(plain.digits);
        if (f !== null) {
          value = { value: f, unit: 'F' };
          evidence.push(`value ${formatQuantity(f, 'F')} from EIA code '${plain.digits}'`);
        } else problems.push({ key: 'bom.describe.ambiguousNumber', vars: { text: plain.digits } });
      }
    }
  }

  let colour: Colour | null = null;
  if (k === 'led') {
    for (const [c, re] of COLOURS) {
      const m = re.exec(zh) ?? re.exec(upper);
      if (m) {
        colour = c;
        evidence.push(`colour ${c} from '${m[0]}'`);
        break;
      }
    }
  }
  let subtype: string | null = null;
  for (const [sk, name, re] of SUBTYPES) {
    if (sk === k && re.test(zh + ' ' + upper)) {
      subtype = name;
      break;
    }
  }
  if (k === 'capacitor' && subtype === null && dielectric !== null) subtype = 'ceramic';
  if (k === 'capacitor' && subtype === null) {
    subtype = capacitorSubtypeOf(hints.footprint, hints.designator);
    if (subtype) evidence.push(`construction ${subtype} from the footprint or designator`);
  }
  if (mounting === null && pkg !== null && fromText?.chip) mounting = 'smd';

  if (k !== null && mainUnit && value === null && !partNumber) problems.push({ key: 'bom.describe.noValue', vars: {} });

  const parsed = { kind: k, value, tolerance, tempco, voltage, power, current, dielectric, package: pkg, colour, mounting, subtype, loadCapacitance, partNumber };
  return {
    ...parsed,
    params: paramsOf(parsed),
    confidence: confidenceOf(parsed, kindStrength),
    evidence,
    problems,
  };
}

/**
 * A capacitor's construction from its footprint or designator when the text names none: KiCad's
 * 'Capacitor_Tantalum_SMD:CP_EIA-3216-18_Kemet-A' and 'CP_Radial_Tantal…' are tantalum,
 * 'CP_Elec_6.3x7.7' and 'CP_Radial_D8.0mm…' aluminium electrolytic, 'C_Disc_…' a ceramic disc;
 * another 'CP_' footprint or a 'CP' designator is polarised (electrolytic, tantalum or polymer),
 * and 'EC' (电解电容 in Chinese BOMs) electrolytic.
 */
export function capacitorSubtypeOf(footprint: string | undefined, designator: string | undefined): string | null {
  const fp = typeof footprint === 'string' ? footprint : '';
  const name = fp.replace(/^[A-Za-z0-9_.-]+:/, '');
  if (/Tantal/i.test(fp) || /^CP_EIA-/i.test(name)) return 'tantalum';
  if (/^CP_(?:Elec|Radial|Axial)/i.test(name)) return 'electrolytic';
  if (/^C_Disc/i.test(name)) return 'ceramic';
  if (/^CP_/i.test(name)) return 'polarized';
  const d = /^\s*([A-Za-z]{1,3})\d/.exec(typeof designator === 'string' ? designator : '')?.[1]?.toUpperCase();
  if (d === 'EC') return 'electrolytic';
  if (d === 'CP') return 'polarized';
  return null;
}

/** An empty description still tells the package and maybe the kind when the footprint does. */
function fromFootprintOnly(hints: DescribeHints, evidence: string[]): Partial<ParsedDescription> {
  const fp = hints.footprint ? footprintPackage(hints.footprint) : null;
  const kind = hints.kind ?? designatorKind(hints.designator) ?? fp?.kind ?? null;
  if (fp) evidence.push(`package ${fp.package} from the footprint column`);
  return { kind, package: fp?.package ?? null, mounting: fp?.mounting ?? null };
}

type Core = Omit<ParsedDescription, 'params' | 'confidence' | 'evidence' | 'problems'>;

/** Attributes under the catalogue's product_params keys (see src/lib/catalog/filters.ts names). */
function paramsOf(p: Core): DescribeParam[] {
  const out: DescribeParam[] = [];
  const num = (key: string, value: number | null, unit: Unit): void => {
    if (value !== null) out.push({ key, value, text: null, unit });
  };
  const txt = (key: string, text: string | null): void => {
    if (text !== null) out.push({ key, value: null, text, unit: null });
  };
  if (p.value) {
    const key = { resistor: 'resistance', capacitor: 'capacitance', inductor: 'inductance', ferrite: 'impedance', crystal: 'frequency' }[p.kind as string];
    if (key) num(key, p.value.value, p.value.unit);
  }
  num('tolerance', p.tolerance, '%');
  num('tempCoefficient', p.tempco, 'ppm');
  num(p.kind === 'diode' ? 'reverseVoltage' : p.kind === 'led' ? 'forwardVoltage' : 'ratedVoltage', p.voltage, 'V');
  num('power', p.power, 'W');
  num(p.kind === 'diode' || p.kind === 'led' ? 'forwardCurrent' : 'ratedCurrent', p.current, 'A');
  txt('dielectric', p.dielectric);
  num('loadCapacitance', p.loadCapacitance, 'F');
  txt('color', p.colour);
  txt('mounting', p.mounting === null ? null : p.mounting.toUpperCase());
  return out;
}

/**
 * 0..1. The kind (up to 0.35 by how it was found), the main value (0.35; a part number counts),
 * the package (0.2) and up to 0.1 for further attributes; conflicts between columns cost 0.15–0.2.
 * It ranks how complete and consistent the reading is, not the chance a match is right.
 */
function confidenceOf(p: Core, kindStrength: number): number {
  let c = p.kind ? kindStrength : 0;
  if (p.value || p.partNumber || (p.kind === 'led' && p.colour)) c += 0.35;
  if (p.package) c += 0.2;
  const extras = [p.tolerance, p.voltage, p.power, p.current, p.dielectric].filter((x) => x !== null).length;
  c += Math.min(0.1, extras * 0.05);
  return Math.max(0, Math.min(1, Number(c.toFixed(2))));
}

/**
 * The reason a candidate found from the description is shown with: the attributes read, in
 * symbols both languages share ('10 kΩ, 0603, ±1%'), as `bom.reason.description`.
 */
export function descriptionReason(p: ParsedDescription): BomReason | null {
  const parts: string[] = [];
  if (p.value) parts.push(formatQuantity(p.value.value, p.value.unit).replace(' ', ''));
  if (p.package) parts.push(p.package);
  if (p.tolerance !== null) parts.push(`±${p.tolerance}%`);
  if (p.voltage !== null) parts.push(formatQuantity(p.voltage, 'V').replace(' ', ''));
  if (p.power !== null) parts.push(formatQuantity(p.power, 'W').replace(' ', ''));
  if (p.current !== null) parts.push(formatQuantity(p.current, 'A').replace(' ', ''));
  if (p.dielectric !== null) parts.push(p.dielectric);
  if (p.colour !== null) parts.push(p.colour);
  if (p.partNumber !== null && !p.value) parts.push(p.partNumber);
  return parts.length === 0 ? null : { key: 'bom.reason.description', vars: { attributes: parts.join(', ') } };
}
