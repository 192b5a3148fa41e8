// Replacement grading (issue #12 item 6, SPEC §7 Replacements): pure, shared by the server and
// tests. A candidate is graded against the original part on three questions:
//   1. the footprint: same land pattern (KiCad footprint, else the package name);
//   2. the pin map: every pin number of the original's symbol has the same function (name) and a
//      compatible electrical type on the candidate's symbol, and no pin is added;
//   3. the parameters: each within the original's envelope (a rule per parameter key: equal,
//      higher is better, lower is better, dielectric class).
// dropIn = 1 + 2 + 3; pinCompatible = 1 + 2 with some parameter outside; packageCompatible = 1
// with a pin table missing on either side (issue #33: a grade never claims more than the data
// shows, so an unverified pin map is not 'pin-compatible'); functional = same
// category and main value (the 'equal' keys), with a different package or pin map. Anything whose
// main value differs is no replacement at all (null).

import { packagesCompatible } from '../bom/footprint-package.ts';
import { formatParamValue } from '../catalog/filters.ts';

export const REPLACE_GRADES = ['dropIn', 'pinCompatible', 'packageCompatible', 'functional'] as const;
export type ReplaceGrade = (typeof REPLACE_GRADES)[number];

export const VERDICTS = ['same', 'better', 'worse', 'different', 'missing'] as const;
export type Verdict = (typeof VERDICTS)[number];

export type ParamRow = { key: string; unit: string | null; valueNum: number | null; valueText: string | null };
export type PinRow = { unit: number; number: string; name: string; electricalType: string };

/** What grading needs to know about one part. */
export type PartFacts = {
  id: number;
  cateId: number | null;
  package: string | null;
  /** The KiCad footprint's name ('R_0603_1608Metric'); null when the part has none. */
  footprint: string | null;
  symbolId: number | null;
  /** The symbol's pins; empty when the part has no symbol. */
  pins: readonly PinRow[];
  params: readonly ParamRow[];
};

/** How a parameter's value may move and stay within the original's envelope. */
export type ParamRule = 'equal' | 'higher' | 'lower' | 'dielectric' | 'other';

/** The main value: a different one is a different part, not a replacement. */
const EQUAL_KEYS = [
  'resistance', 'capacitance', 'inductance', 'frequency', 'loadCapacitance', 'outputVoltage', 'outputVoltageType', 'wavelength', 'color',
  'channels', 'interface', 'core', 'coilVoltage', 'gain', 'reverseStandoffVoltage', 'displayResolution', 'steps', 'pinCount',
] as const;
/** Ratings: more is at least as good (voltage, current, power, memory, speed, upper temperature). */
const HIGHER_KEYS = [
  'power', 'ratedVoltage', 'ratedCurrent', 'maxWorkingVoltage', 'drainSourceVoltage', 'drainCurrent', 'collectorEmitterVoltage', 'collectorCurrent',
  'forwardCurrent', 'reverseVoltage', 'saturationCurrent', 'outputCurrent', 'isolationVoltage', 'flashSize', 'programMemoryWords', 'framSize',
  'ramSize', 'eepromSize', 'memorySize', 'maxFrequency', 'gpioCount', 'sampleRate', 'dataRate', 'bandwidth', 'operatingTempMax', 'inputVoltageMax',
  'supplyVoltageMax', 'rmsInputVoltage', 'offStateVoltage', 'onStateCurrentRms', 'currentTransferRatio', 'logicElements', 'macrocells', 'resolution',
] as const;
/** Errors and losses: less is at least as good (tolerance, on-resistance, drift, lower limits). */
const LOWER_KEYS = [
  'tolerance', 'onResistance', 'esr', 'dcResistance', 'dropoutVoltage', 'forwardVoltage', 'tempCoefficient', 'humidityAccuracy', 'temperatureAccuracy',
  'operatingTempMin', 'supplyVoltageMin', 'inputVoltageMin',
] as const;

const RULES = new Map<string, ParamRule>([
  ...EQUAL_KEYS.map((k) => [k, 'equal'] as const),
  ...HIGHER_KEYS.map((k) => [k, 'higher'] as const),
  ...LOWER_KEYS.map((k) => [k, 'lower'] as const),
  ['dielectric', 'dielectric'],
]);

export function ruleOf(key: string): ParamRule {
  return RULES.get(key) ?? 'other';
}

/**
 * Ceramic dielectric classes by stability (EIA-198): a more stable class may replace a less stable
 * one. C0G and NP0 are one class.
 */
const DIELECTRIC_RANK: Readonly<Record<string, number>> = { C0G: 6, NP0: 6, U2J: 5, X8R: 4, X7R: 3, X7S: 2, X6S: 2, X5R: 2, X7T: 1, Y5V: 0, Z5U: 0 };

function dielectricRank(text: string): number | null {
  const r = DIELECTRIC_RANK[text.trim().toUpperCase().replace(/^NPO$/, 'NP0')];
  return r ?? null;
}

/** Parameters never compared (the package is judged as a footprint; JLC's assembly class is a service tier, not a part property). */
const SKIPPED = new Set(['package', 'mounting', 'jlcPartClass']);

const EPS = 1e-6;
function sameNumber(a: number, b: number): boolean {
  return Math.abs(a - b) <= EPS * Math.max(Math.abs(a), Math.abs(b), 1e-30);
}
const normText = (s: string) => s.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');
/** A CPU core as makers write it: 'ARM Cortex-M3', 'ARM-M3' and 'Cortex M3' are one core (WCH writes 'ARM-M3'). */
const coreText = (s: string) => normText(s).replace(/\barm\b|cortex|[\s\-_]/g, '');

/** One parameter of the original against the candidate's. */
export function compareParam(key: string, original: ParamRow, candidate: ParamRow | undefined): Verdict {
  if (!candidate || (candidate.valueNum === null && (candidate.valueText ?? '') === '')) return 'missing';
  const rule = ruleOf(key);
  const a = original.valueNum;
  const b = candidate.valueNum;
  if (a !== null && b !== null) {
    if (sameNumber(a, b)) return 'same';
    if (rule === 'higher') return b > a ? 'better' : 'worse';
    if (rule === 'lower') return b < a ? 'better' : 'worse';
    return 'different';
  }
  const at = original.valueText ?? '';
  const bt = candidate.valueText ?? '';
  if (normText(at) === normText(bt)) return 'same';
  if (key === 'core' && coreText(at) !== '' && coreText(at) === coreText(bt)) return 'same';
  if (rule === 'dielectric') {
    const ra = dielectricRank(at);
    const rb = dielectricRank(bt);
    if (ra !== null && rb !== null) return ra === rb ? 'same' : rb > ra ? 'better' : 'worse';
  }
  return 'different';
}

export type DiffRow = { key: string; original: string | null; candidate: string | null; verdict: Verdict };

/** The parameter-by-parameter diff over the original's parameters (its order). */
export function diffParams(original: readonly ParamRow[], candidate: readonly ParamRow[]): DiffRow[] {
  const theirs = new Map(candidate.map((p) => [p.key, p]));
  const rows: DiffRow[] = [];
  for (const p of original) {
    if (SKIPPED.has(p.key)) continue;
    const c = theirs.get(p.key);
    rows.push({
      key: p.key,
      original: formatParamValue(p.valueNum, p.valueText, p.unit),
      candidate: c ? formatParamValue(c.valueNum, c.valueText, c.unit) || null : null,
      verdict: compareParam(p.key, p, c),
    });
  }
  return rows;
}

// ── Pins ──────────────────────────────────────────────────────────────────────

/** Pin names as functions: KiCad's unnamed '~', overbar markup, case and common long forms. */
const PIN_ALIASES: Readonly<Record<string, string>> = {
  GATE: 'G', DRAIN: 'D', SOURCE: 'S', BASE: 'B', COLLECTOR: 'C', EMITTER: 'E', ANODE: 'A', CATHODE: 'K',
  GROUND: 'GND', VSS: 'GND', VCC: 'VDD', 'V+': 'VDD', 'V-': 'GND',
};
export function pinFunction(name: string): string {
  const n = name.normalize('NFKC').replace(/~\{([^}]*)\}/g, '!$1').replace(/\s+/g, '').toUpperCase();
  if (n === '' || n === '~') return '~';
  return PIN_ALIASES[n] ?? n;
}

/** Bidirectional pins stand in for inputs and outputs; 'unspecified' matches anything. */
export function electricalCompatible(original: string, candidate: string): boolean {
  if (original === candidate || original === 'unspecified' || candidate === 'unspecified') return true;
  if (candidate === 'bidirectional') return ['input', 'output', 'tri_state'].includes(original);
  if (candidate === 'tri_state') return original === 'output';
  if (original === 'no_connect' || original === 'free') return candidate === 'no_connect' || candidate === 'free' || candidate === 'passive';
  return false;
}

export type PinCheck = { same: true } | { same: false; unknown: boolean; detail: string };

/** One pin per number (units share numbering; unit 0 pins belong to every unit). */
function pinsByNumber(pins: readonly PinRow[]): Map<string, PinRow> {
  const map = new Map<string, PinRow>();
  for (const p of pins) if (!map.has(p.number)) map.set(p.number, p);
  return map;
}

/** Same pin map: the same numbers, each with the same function and a compatible electrical type. */
export function comparePins(original: PartFacts, candidate: PartFacts): PinCheck {
  if (original.symbolId !== null && original.symbolId === candidate.symbolId) return { same: true };
  if (original.pins.length === 0 || candidate.pins.length === 0) return { same: false, unknown: true, detail: '' };
  const mine = pinsByNumber(original.pins);
  const theirs = pinsByNumber(candidate.pins);
  if (mine.size !== theirs.size) return { same: false, unknown: false, detail: `${mine.size} ≠ ${theirs.size}` };
  for (const [number, pin] of mine) {
    const other = theirs.get(number);
    if (!other) return { same: false, unknown: false, detail: `${number}: —` };
    const a = pinFunction(pin.name);
    const b = pinFunction(other.name);
    // An unnamed pin ('~', passives) says nothing about function: compare types only.
    if (a !== '~' && b !== '~' && a !== b) return { same: false, unknown: false, detail: `${number}: ${pin.name} ≠ ${other.name}` };
    if (!electricalCompatible(pin.electricalType, other.electricalType)) {
      return { same: false, unknown: false, detail: `${number}: ${pin.electricalType} ≠ ${other.electricalType}` };
    }
  }
  return { same: true };
}

// ── Footprint ─────────────────────────────────────────────────────────────────

/** Same land pattern: the footprints when both have one, else the package names. */
export function sameFootprint(original: PartFacts, candidate: PartFacts): boolean {
  if (original.footprint && candidate.footprint) {
    return original.footprint === candidate.footprint || packagesCompatible(original.footprint, candidate.footprint) === 'same';
  }
  if (!original.package || !candidate.package) return false;
  return packagesCompatible(original.package, candidate.package) === 'same';
}

// ── Grade ─────────────────────────────────────────────────────────────────────

/** What the reason sentence is made from (the server words it in the caller's language). */
export type GradeNote =
  | { kind: 'dropIn' }
  | { kind: 'outside'; keys: string[] }
  | { kind: 'package'; original: string; candidate: string }
  | { kind: 'pins'; detail: string }
  | { kind: 'pinsUnknown' };

export type Graded = { grade: ReplaceGrade; closeness: number; diff: DiffRow[]; notes: GradeNote[] };

/** How close a verdict is to the original (1 = identical); ordering within a grade. */
const CLOSENESS: Readonly<Record<Verdict, number>> = { same: 1, better: 0.9, missing: 0.4, different: 0.3, worse: 0.2 };

const within = (v: Verdict) => v === 'same' || v === 'better';

/**
 * Grades a candidate, or null when it is no replacement: another category (`sameKind` lists the
 * categories that hold the same kind of part: a KiCad record's fine category 'ARM Cortex-M3' and
 * the snapshot's coarse 'Microcontrollers' above it), or a main value
 * ('equal' key of the original) missing or different, or — for parts with no main value — a
 * footprint, pin map and most parameters all different.
 */
export function gradeCandidate(original: PartFacts, candidate: PartFacts, sameKind: ReadonlySet<number> = new Set()): Graded | null {
  if (original.cateId === null || candidate.cateId === null || (original.cateId !== candidate.cateId && !sameKind.has(candidate.cateId))) return null;
  const diff = diffParams(original.params, candidate.params);
  const mainKeys = diff.filter((d) => ruleOf(d.key) === 'equal');
  if (mainKeys.some((d) => d.verdict !== 'same')) return null;

  const footprint = sameFootprint(original, candidate);
  const pins = comparePins(original, candidate);
  const closeness = diff.length === 0 ? 1 : diff.reduce((s, d) => s + CLOSENESS[d.verdict], 0) / diff.length;
  const outside = diff.filter((d) => !within(d.verdict)).map((d) => d.key);
  const notes: GradeNote[] = [];
  if (!footprint) notes.push({ kind: 'package', original: original.package ?? original.footprint ?? '—', candidate: candidate.package ?? candidate.footprint ?? '—' });
  if (!pins.same) notes.push(pins.unknown ? { kind: 'pinsUnknown' } : { kind: 'pins', detail: pins.detail });

  if (footprint && pins.same) {
    if (outside.length === 0) return { grade: 'dropIn', closeness, diff, notes: [{ kind: 'dropIn' }] };
    return { grade: 'pinCompatible', closeness, diff, notes: [{ kind: 'outside', keys: outside }] };
  }
  // Without a main value, sharing the category alone says little: ask for half the parameters within.
  if (mainKeys.length === 0 && diff.length > 0 && diff.filter((d) => within(d.verdict)).length * 2 < diff.length) return null;
  if (outside.length > 0) notes.push({ kind: 'outside', keys: outside });
  if (footprint && !pins.same && pins.unknown) return { grade: 'packageCompatible', closeness, diff, notes };
  return { grade: 'functional', closeness, diff, notes };
}

const GRADE_BASE: Readonly<Record<ReplaceGrade, number>> = { dropIn: 0.7, pinCompatible: 0.5, packageCompatible: 0.3, functional: 0.05 };

/** 0..1: the grade sets the band (drop-in ≥ 0.7, pin-compatible 0.5–0.7, package-compatible 0.3–0.5, functional 0.05–0.25), closeness the place in it. */
export function scoreOf(grade: ReplaceGrade, closeness: number): number {
  const span = grade === 'dropIn' ? 0.3 : 0.2;
  return Math.round((GRADE_BASE[grade] + span * Math.min(1, Math.max(0, closeness))) * 1000) / 1000;
}

export type RankItem = { grade: ReplaceGrade; closeness: number; domestic: boolean; userPair: boolean; mpn: string; affinity?: number };

/**
 * How much of the original's number a candidate keeps after the maker's prefix: second sources
 * keep it on purpose (STM32F103C8T6 → GD32F103C8T6, APM32F103C8T6, CH32F103C8T6 share 'F103C8T6'),
 * so within a grade they come before a relative with another memory or pin code (CBT6).
 * 0..1: the shared tail's length over the original's digits-onward length.
 */
export function numberAffinity(original: string, candidate: string): number {
  const norm = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const a = norm(original);
  const b = norm(candidate);
  const from = a.search(/\d/);
  const core = from < 0 ? a : a.slice(from);
  if (core.length === 0) return 0;
  // The longest run of the original's number (from its first digit) found in the candidate.
  for (let len = core.length; len >= 3; len--) for (let i = 0; i + len <= core.length; i++) if (b.includes(core.slice(i, i + len))) return len / core.length;
  return 0;
}

/** The user's own pairs first, then by grade, domestic first when asked, the original's number kept, closeness, MPN. */
export function compareCandidates(a: RankItem, b: RankItem, domesticFirst: boolean): number {
  if (a.userPair !== b.userPair) return a.userPair ? -1 : 1;
  const g = REPLACE_GRADES.indexOf(a.grade) - REPLACE_GRADES.indexOf(b.grade);
  if (g !== 0) return g;
  if (domesticFirst && a.domestic !== b.domestic) return a.domestic ? -1 : 1;
  const affinity = (b.affinity ?? 0) - (a.affinity ?? 0);
  if (Math.abs(affinity) > 1e-9) return affinity;
  if (a.closeness !== b.closeness) return b.closeness - a.closeness;
  // Code-unit order: deterministic and far cheaper than localeCompare on long lists.
  return a.mpn < b.mpn ? -1 : a.mpn > b.mpn ? 1 : 0;
}
