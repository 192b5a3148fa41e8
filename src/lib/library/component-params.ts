import { paramNames } from '../catalog/filters.ts';
import { PARAM_DEFS } from '../catalog/param-extract.ts';
import { formatQuantity, isUnit, parseQuantity, type Unit } from '../catalog/units.ts';
import type { Locale } from '../i18n/i18n.ts';
import type { ComponentParam } from './library.ts';
import { isPlainText } from './components.ts';

// An own component's parameters (issue #16 item 3): the catalogue's parameter keys with their
// units (param-extract.ts PARAM_DEFS, and the keys the passives builders and operator imports use,
// named in filters.ts), values parsed with parseQuantity in the key's unit. A unit that does not
// fit the key ('10 kV' for a resistance) and a key the catalogue does not have are refused.
// Pure: the editor shows the same hints the server enforces.

export type ParamSpec = { key: string; unit: Unit | null; kind: 'number' | 'text' };

/** Keys beyond PARAM_DEFS that catalogue rows carry (src/lib/catalog/generate, demo passives), with their units. */
const EXTRA_SPECS: readonly ParamSpec[] = [
  { key: 'resistance', unit: 'Ω', kind: 'number' },
  { key: 'capacitance', unit: 'F', kind: 'number' },
  { key: 'inductance', unit: 'H', kind: 'number' },
  { key: 'ratedVoltage', unit: 'V', kind: 'number' },
  { key: 'ratedCurrent', unit: 'A', kind: 'number' },
  { key: 'maxWorkingVoltage', unit: 'V', kind: 'number' },
  { key: 'dielectric', unit: null, kind: 'text' },
  { key: 'pinCount', unit: null, kind: 'number' },
  { key: 'frequency', unit: 'Hz', kind: 'number' },
  { key: 'loadCapacitance', unit: 'F', kind: 'number' },
  { key: 'forwardVoltage', unit: 'V', kind: 'number' },
  { key: 'reverseVoltage', unit: 'V', kind: 'number' },
  { key: 'color', unit: null, kind: 'text' },
  { key: 'mounting', unit: null, kind: 'text' },
  { key: 'esr', unit: 'Ω', kind: 'number' },
  { key: 'dcResistance', unit: 'Ω', kind: 'number' },
  { key: 'saturationCurrent', unit: 'A', kind: 'number' },
];

/** Every parameter key an own component may use, with its unit. */
export const COMPONENT_PARAM_SPECS: ReadonlyMap<string, ParamSpec> = new Map<string, ParamSpec>([
  ...PARAM_DEFS.map((d) => [d.key, { key: d.key, unit: d.unit, kind: d.kind }] as const),
  ...EXTRA_SPECS.map((s) => [s.key, s] as const),
]);

export const PARAM_TEXT_MAX = 100;

/** A spec from a catalogue filter column (queryHeader): its unit when we know it as a unit. */
export function specOfColumn(column: { key: string; unit: string | null; kind: 'number' | 'text' }): ParamSpec {
  const known = COMPONENT_PARAM_SPECS.get(column.key);
  if (known) return known;
  return { key: column.key, unit: column.unit && isUnit(column.unit) ? column.unit : null, kind: column.kind };
}

export type ParamProblem =
  | { code: 'unknownKey'; key: string }
  | { code: 'badUnit' | 'badValue'; key: string; value: string; unit: string }
  | { code: 'badText'; key: string; max: number }
  | { code: 'duplicate'; key: string };

/** The unit as written for people ('Ω', or '—' for a bare count). */
export const unitHint = (spec: ParamSpec) => spec.unit ?? '—';

/** One parameter checked against its spec: the value as typed, its number in the key's base unit. */
export function parseComponentParam(spec: ParamSpec, raw: string): { ok: true; param: ComponentParam } | { ok: false; problem: ParamProblem } {
  const value = raw.normalize('NFC').trim();
  if (spec.kind === 'text') {
    if (value === '' || [...value].length > PARAM_TEXT_MAX || !isPlainText(value)) return { ok: false, problem: { code: 'badText', key: spec.key, max: PARAM_TEXT_MAX } };
    return { ok: true, param: { key: spec.key, value, num: null, unit: null } };
  }
  const parsed = spec.unit ? parseQuantity(value, spec.unit) : parseQuantity(value);
  if (parsed.ok && (spec.unit !== null || parsed.unit === null)) return { ok: true, param: { key: spec.key, value, num: parsed.value, unit: spec.unit } };
  // Wrong unit or not a number: a value that reads as a quantity of another unit is a unit problem.
  const free = parseQuantity(value);
  const code = free.ok && free.unit !== null && free.unit !== spec.unit ? 'badUnit' : 'badValue';
  return { ok: false, problem: { code, key: spec.key, value: value.slice(0, 40), unit: unitHint(spec) } };
}

/**
 * Parameters as the editor sends them: each key once, known (global specs, or the category's
 * columns when given), values of the key's unit. The first problem, or the parsed list.
 */
export function parseComponentParams(
  input: readonly { key: string; value: string }[],
  extra: ReadonlyMap<string, ParamSpec> = new Map(),
): { ok: true; params: ComponentParam[] } | { ok: false; problem: ParamProblem } {
  const seen = new Set<string>();
  const params: ComponentParam[] = [];
  for (const { key, value } of input) {
    const spec = COMPONENT_PARAM_SPECS.get(key) ?? extra.get(key);
    if (!spec) return { ok: false, problem: { code: 'unknownKey', key: key.slice(0, 60) } };
    if (seen.has(key)) return { ok: false, problem: { code: 'duplicate', key } };
    seen.add(key);
    const r = parseComponentParam(spec, value);
    if (!r.ok) return r;
    params.push(r.param);
  }
  return { ok: true, params };
}

/** The parameter's name in the reader's language. */
export const paramName = (key: string, locale: Locale) => (locale === 'en' ? paramNames(key).nameEn : paramNames(key).nameZh);

/** '4.7 kΩ' for a parsed number, else the text as typed. */
export function paramDisplay(p: ComponentParam): string {
  return p.num !== null && p.unit !== null && isUnit(p.unit) ? formatQuantity(p.num, p.unit) : p.value;
}
