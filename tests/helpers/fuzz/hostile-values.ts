import fc from 'fast-check';
import type { Schema } from './openapi-operations.ts';

// Arbitraries for the bad-input campaign: values a schema accepts (so a request gets past the
// validator and reaches the handler), hostile values (malformed, oversized, wrongly typed, known
// attack strings), and a schema's value with one place made hostile.

/** A megabyte of text: past every body limit and every field's maxLength. */
export const ONE_MB = 'x'.repeat(1024 * 1024);

/** Strings that have broken parsers, databases and pages elsewhere; each one reaches every field. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\u202eSTM32',
  '\u200b\u200c\u200d\ufeff',
  '\r\nSet-Cookie: x=1',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  '"\\',
  '\\u0000',
  '%s%s%s%n',
  '${7*7}{{7*7}}<%= 7*7 %>',
  '<script>alert(1)</script>',
  '<svg onload=alert(1)>',
  'javascript:alert(1)',
  'http://127.0.0.1:5432/',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::1]/',
  'file:///etc/passwd',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '-1',
  '0',
  '2147483648',
  '9007199254740993',
  '9'.repeat(400),
  '0x7fffffff',
  '1.5',
  ' 1 ',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-a-uuid',
  '🧨'.repeat(300),
  '\u{10FFFF}\u{E0001}',
  'e\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301',
  '芯'.repeat(5000),
  'a'.repeat(70_000),
  '(((((((((((((((((((((((((((((((((',
  '*'.repeat(200),
  '%',
  '%%%25%',
  '\\',
  '/',
  '//evil.example/',
  'STM32F103C8T6',
  ONE_MB,
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, 2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53 + 2, Number.MAX_VALUE, -Number.MAX_VALUE, 1e-300),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Deep nesting: arrays or objects a thousand levels down (a recursive reader's stack). */
export function deepJson(levels: number, kind: 'array' | 'object'): unknown {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = kind === 'array' ? [v] : { a: v };
  return v;
}

/** A value of the wrong type, or of any type at all. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], JSON.parse('{"__proto__":{"admin":true}}'), { constructor: { prototype: 1 } }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(deepJson(1000, 'array'), deepJson(1000, 'object'), Array.from({ length: 5000 }, (_, i) => i)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Values the app already knows (ids, part codes) so generated requests sometimes reach real rows. */
export type KnownValues = { integers: number[]; uuids: string[]; strings: string[] };

/** A value the schema accepts, or close to it: enough to get past validation into the handler. */
export function validValue(schema: Schema, known: KnownValues, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches && branches.length > 0) return fc.oneof(...branches.map((b) => validValue(b, known, depth + 1)));
  if (schema.allOf && schema.allOf.length > 0) return validValue(Object.assign({}, ...schema.allOf) as Schema, known, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : schema.properties ? ['object'] : ['string'];
  return fc.oneof(...types.map((t) => validOfType(t, schema, known, depth)));
}

function validOfType(type: string, schema: Schema, known: KnownValues, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
      const fits = known.integers.filter((n) => n >= min && n <= max);
      const range = fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) });
      return fits.length > 0 ? fc.oneof(fc.constantFrom(...fits), range) : range;
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'array': {
      const maxLength = Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4));
      return fc.array(validValue(schema.items ?? {}, known, depth + 1), { minLength: schema.minItems ?? 0, maxLength });
    }
    case 'object': {
      const props = schema.properties ?? {};
      const keys = Object.keys(props);
      if (keys.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 });
      return fc.record(Object.fromEntries(keys.map((k) => [k, validValue(props[k]!, known, depth + 1)])), { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
    }
    default: {
      if (schema.format === 'uuid') return known.uuids.length > 0 ? fc.oneof(fc.constantFrom(...known.uuids), fc.uuid()) : fc.uuid();
      if (schema.format === 'binary') return fc.constant('');
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
      const examples = [schema.example, schema.default].filter((x): x is string => typeof x === 'string');
      const fits = [...known.strings, ...examples].filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
      const free = fc.string({ minLength, maxLength });
      return fits.length > 0 ? fc.oneof(fc.constantFrom(...fits), free) : free;
    }
  }
}

/** Where in a JSON value a hostile value goes: a key path, and whether it replaces or is added. */
type Mutation = { pathPicks: number[]; how: 'replace' | 'addKey' | 'dropKey'; key: string; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.record({
  pathPicks: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
  how: fc.constantFrom('replace', 'replace', 'replace', 'addKey', 'dropKey'),
  key: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'id', 'x', 'k\u0000', ''), fc.string({ maxLength: 12 })),
  value: hostileValue,
});

/** A copy of `value` with one place made hostile (a field replaced, a key added or dropped). */
export function applyMutation(value: unknown, m: Mutation): unknown {
  const copy = structuredClone(value);
  if (copy === null || typeof copy !== 'object') return m.value;
  let parent: Record<string, unknown> | unknown[] = copy as Record<string, unknown>;
  for (const [i, pick] of m.pathPicks.entries()) {
    const keys = Array.isArray(parent) ? parent.map((_, j) => j) : Object.keys(parent);
    const last = i === m.pathPicks.length - 1;
    if (keys.length === 0 || last) break;
    const child = (parent as Record<string, unknown>)[keys[pick % keys.length]!];
    if (child === null || typeof child !== 'object') break;
    parent = child as Record<string, unknown> | unknown[];
  }
  const keys = Array.isArray(parent) ? parent.map((_, j) => String(j)) : Object.keys(parent);
  const target = keys.length > 0 ? keys[m.pathPicks[m.pathPicks.length - 1]! % keys.length]! : m.key;
  const p = parent as Record<string, unknown>;
  if (m.how === 'addKey' || keys.length === 0) Object.defineProperty(p, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
  else if (m.how === 'dropKey') delete p[target];
  else p[target] = m.value;
  return copy;
}

/** The schema's value as is, with one place made hostile, or replaced by something else entirely. */
export function bodyValue(schema: Schema, known: KnownValues): fc.Arbitrary<unknown> {
  const valid = validValue(schema, known);
  return fc.oneof(
    { weight: 2, arbitrary: valid },
    { weight: 5, arbitrary: fc.tuple(valid, mutation).map(([v, m]) => applyMutation(v, m)) },
    { weight: 1, arbitrary: hostileValue },
  );
}
