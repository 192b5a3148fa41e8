import { describe, it, expect } from 'vitest';
import {
  SexprError,
  atomAt,
  child,
  hasFlag,
  headOf,
  isQuoted,
  numAt,
  parseSexpr,
  parseSexprDocument,
  q,
  serialize,
  sx,
  type SexprList,
} from '../../../src/lib/kicad/sexpr.ts';

/** Tree as nested arrays (drops line numbers) for structural comparison. */
function plain(node: SexprList): unknown[] {
  return node.items.map((x) => (typeof x === 'string' ? x : plain(x)));
}

function catchError(fn: () => unknown): SexprError {
  try {
    fn();
  } catch (e) {
    if (e instanceof SexprError) return e;
    throw e;
  }
  throw new Error('expected a SexprError');
}

describe('sexpr: parsing', () => {
  it('reads lists, bare atoms, quoted strings and line numbers', () => {
    const root = parseSexpr('(kicad_symbol_lib (version 20211014)\n  (symbol "R" (in_bom yes)\n    (property "Reference" "R" (at 2.032 0 90))))');
    expect(headOf(root)).toBe('kicad_symbol_lib');
    expect(root.line).toBe(1);
    const sym = child(root, 'symbol') as SexprList;
    expect(sym.line).toBe(2);
    expect(atomAt(sym, 1)).toBe('R');
    expect(isQuoted(sym, 1)).toBe(true);
    expect(isQuoted(sym, 0)).toBe(false);
    const prop = child(sym, 'property') as SexprList;
    expect(prop.line).toBe(3);
    expect(numAt(child(prop, 'at'), 3)).toBe(90);
    expect(numAt(child(root, 'version'), 1)).toBe(20211014);
  });

  it('unescapes quoted strings', () => {
    const root = parseSexpr('(t "a \\"quoted\\" word" "back\\\\slash" "line\\nbreak" "tab\\there" "oct\\101" "hex\\x42")');
    expect(root.items.slice(1)).toEqual(['a "quoted" word', 'back\\slash', 'line\nbreak', 'tab\there', 'octA', 'hexB']);
  });

  it('keeps empty strings and strings with parentheses as atoms', () => {
    const root = parseSexpr('(property "Datasheet" "" "(not a list)" ")")');
    expect(root.items).toEqual(['property', 'Datasheet', '', '(not a list)', ')']);
  });

  it('reads KiCad 6 bare flags and KiCad 8/9 (flag yes|no) alike', () => {
    const k6 = parseSexpr('(effects (font (size 1.27 1.27)) hide)');
    const k9 = parseSexpr('(effects (font (size 1.27 1.27)) (hide yes))');
    const no = parseSexpr('(effects (font (size 1.27 1.27)) (hide no))');
    const quoted = parseSexpr('(effects "hide")');
    expect(hasFlag(k6, 'hide')).toBe(true);
    expect(hasFlag(k9, 'hide')).toBe(true);
    expect(hasFlag(no, 'hide')).toBe(false);
    expect(hasFlag(quoted, 'hide')).toBe(false);
  });

  it('counts lines inside multi-line strings', () => {
    const root = parseSexpr('(a "one\ntwo"\n (b 1))');
    expect((child(root, 'b') as SexprList).line).toBe(3);
  });

  it('accepts CRLF line endings and a UTF-8 BOM', () => {
    const root = parseSexpr('\ufeff(a\r\n (b "x")\r\n)');
    expect((child(root, 'b') as SexprList).line).toBe(2);
  });
});

describe('sexpr: errors', () => {
  it('reports a missing ")" as unexpected end of input with the line of the open list', () => {
    const e = catchError(() => parseSexpr('(a\n  (b 1)\n  (c 2\n'));
    expect(e).toBeInstanceOf(SexprError);
    expect(e.reason).toMatch(/unexpected end of input/);
    expect(e.reason).toMatch(/not closed/);
    expect(e.line).toBe(3);
  });

  it('reports an extra ")" as unbalanced parentheses', () => {
    const e = catchError(() => parseSexpr('(a (b 1)))\n'));
    expect(e.reason).toMatch(/unbalanced parentheses/);
    expect(e.line).toBe(1);
  });

  it('reports an unterminated string with the line where it started', () => {
    const e = catchError(() => parseSexpr('(a\n (b "ok")\n (c "never closed)\n (d 1)\n)'));
    expect(e.reason).toMatch(/unterminated string|quoted string/);
    expect(e.line).toBe(3);
  });

  it('reports empty input', () => {
    const e = catchError(() => parseSexpr('   \n'));
    expect(e.reason).toMatch(/unexpected end of input/);
  });
});

describe('sexpr: tolerant mode skips a broken top-level entry', () => {
  const good = (name: string): string => `  (symbol "${name}"\n    (property "Reference" "U")\n    (pin input line (at 0 0 0))\n  )\n`;
  const lib = (middle: string): string => `(kicad_symbol_lib (version 20211014)\n${good('A')}${middle}${good('C')})\n`;

  const cases: [string, string, RegExp][] = [
    ['a missing ")"', '  (symbol "B"\n    (property "Reference" "U"\n    (pin input line (at 0 0 0))\n  )\n', /unbalanced parentheses|not closed/],
    ['an extra ")"', '  (symbol "B"\n    (property "Reference" "U"))\n    (pin input line (at 0 0 0))\n  )\n', /unbalanced parentheses/],
    ['an unterminated string', '  (symbol "B"\n    (property "Reference" "U)\n    (pin input line (at 0 0 0))\n  )\n', /unterminated string/],
  ];
  for (const [what, middle, reason] of cases) {
    it(`recovers from ${what}`, () => {
      const doc = parseSexprDocument(lib(middle), { tolerant: true });
      const names = (doc.root?.items ?? []).filter((x): x is SexprList => typeof x === 'object').filter((x) => headOf(x) === 'symbol').map((x) => atomAt(x, 1));
      expect(names).toEqual(['A', 'C']);
      expect(doc.errors.length).toBeGreaterThanOrEqual(1);
      const err = doc.errors[0];
      expect(err?.reason).toMatch(reason);
      expect(err?.entryName).toBe('B');
      expect(err?.line).toBeGreaterThanOrEqual(6);
      expect(err?.line).toBeLessThanOrEqual(9);
    });
  }

  it('keeps everything read so far when the file is truncated', () => {
    const text = lib(good('B'));
    const doc = parseSexprDocument(text.slice(0, text.indexOf('(symbol "C"') + 25), { tolerant: true });
    const names = (doc.root?.items ?? []).filter((x): x is SexprList => typeof x === 'object').filter((x) => headOf(x) === 'symbol').map((x) => atomAt(x, 1));
    expect(names).toEqual(['A', 'B']);
    expect(doc.errors[0]?.reason).toMatch(/unexpected end of input/);
    expect(doc.errors[0]?.entryName).toBe('C');
  });

  it('strict mode still throws on the same input', () => {
    expect(() => parseSexpr(lib(cases[0]?.[1] ?? ''))).toThrow(SexprError);
  });
});

describe('sexpr: bytes and encodings', () => {
  it('decodes UTF-8 bytes', () => {
    const root = parseSexpr(new TextEncoder().encode('(a "Ω µA 中文")'));
    expect(root.items[1]).toBe('Ω µA 中文');
  });

  it('replaces invalid UTF-8 and reports the line', () => {
    const head = new TextEncoder().encode('(a\n (b "ok")\n (c "bad ');
    const tail = new TextEncoder().encode('")\n)');
    const bytes = new Uint8Array([...head, 0xff, 0xfe, 0x41, ...tail]);
    const doc = parseSexprDocument(bytes);
    expect(doc.replacedInvalidUtf8).toBe(true);
    expect(doc.warnings[0]?.line).toBe(3);
    expect(doc.warnings[0]?.reason).toMatch(/invalid UTF-8/);
    const c = child(doc.root as SexprList, 'c') as SexprList;
    expect(c.items[1]).toBe('bad \ufffd\ufffdA');
  });
});

describe('sexpr: serialize', () => {
  it('round-trips structure, quoting and escapes', () => {
    const src = '(kicad_symbol_lib (version 20211014) (generator kicad_symbol_editor)\n  (symbol "A \\"q\\"" (pin_names (offset 0) hide)\n    (property "Datasheet" "" (at 0 0 0) (effects (font (size 1.27 1.27)) hide))\n    (text "multi\\nline" (at 0 0 900))))';
    const a = parseSexpr(src);
    const text = serialize(a);
    const b = parseSexpr(text);
    expect(plain(b)).toEqual(plain(a));
    expect(isQuoted(child(b, 'symbol') as SexprList, 1)).toBe(true);
    expect(text).toContain('"A \\"q\\""');
    expect(text).toContain('(generator kicad_symbol_editor)');
    expect(text).toContain('"multi\\nline"');
    expect(text.endsWith(')\n')).toBe(true);
  });

  it('quotes atoms that need it and formats numbers without exponents', () => {
    const node = sx('a', 'bare', q('quoted'), 'has space', '', 0.0000001, -0, 1e21, 2.54);
    const text = serialize(node);
    expect(text).toBe('(a bare "quoted" "has space" "" 0.0000001 0 1000000000000000000000 2.54)\n');
    expect(parseSexpr(text).items).toEqual(['a', 'bare', 'quoted', 'has space', '', '0.0000001', '0', '1000000000000000000000', '2.54']);
  });
});

describe('sexpr: scale', () => {
  it('parses and serializes 200 000 levels of nesting without recursion', () => {
    const depth = 200_000;
    const text = '('.repeat(depth) + 'x' + ')'.repeat(depth);
    let node = parseSexpr(text);
    for (let i = 0; i < 10; i++) node = node.items[0] as SexprList;
    expect(Array.isArray(node.items)).toBe(true);
    const out = serialize(parseSexpr(text));
    expect(out.length).toBeGreaterThan(depth * 2);
  });

  it('runs in linear time (10x input takes far less than 100x time)', () => {
    const entry = (i: number): string =>
      `  (symbol "S${i}" (in_bom yes)\n    (property "Reference" "U" (at 0 0 0) (effects (font (size 1.27 1.27)) hide))\n    (pin input line (at -7.62 2.54 0) (length 2.54) (name "IN\\\\${i}") (number "${i}"))\n  )\n`;
    const build = (n: number): string => {
      const parts = ['(kicad_symbol_lib (version 20211014)\n'];
      for (let i = 0; i < n; i++) parts.push(entry(i));
      parts.push(')\n');
      return parts.join('');
    };
    const small = build(5_000);
    const large = build(50_000);
    parseSexpr(small); // warm-up
    const t0 = performance.now();
    parseSexpr(small);
    const t1 = performance.now();
    const root = parseSexpr(large);
    const t2 = performance.now();
    expect(root.items.length).toBe(50_002);
    const ratio = (t2 - t1) / Math.max(t1 - t0, 0.5);
    expect(ratio).toBeLessThan(40);
  });

  // ~5 s and ~3 GB of memory: opt-in (KICAD_SEXPR_200MB=1), the lead runs it when benchmarking.
  it.skipIf(!process.env.KICAD_SEXPR_200MB)('parses a 200 MB library', () => {
    const one = '  (symbol "X" (pin_names (offset 1.016)) (in_bom yes) (on_board yes)\n    (property "Reference" "U" (id 0) (at 0 0 0)\n      (effects (font (size 1.27 1.27)))\n    )\n    (symbol "X_1_1"\n      (pin input line (at -7.62 2.54 0) (length 2.54)\n        (name "IN" (effects (font (size 1.27 1.27))))\n        (number "1" (effects (font (size 1.27 1.27))))\n      )\n    )\n  )\n';
    const n = Math.ceil(200e6 / one.length);
    const text = '(kicad_symbol_lib (version 20211014)\n' + one.repeat(n) + ')\n';
    const doc = parseSexprDocument(text, { tolerant: true });
    expect(doc.errors).toEqual([]);
    expect(doc.root?.items.length).toBe(n + 2);
  }, 120_000);
});
