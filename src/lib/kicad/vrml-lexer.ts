// Lexer for the VRML 2.0 classic (text) encoding, used by vrml.ts. KiCad's .wrl files are
// mostly long lists of numbers, so everything works on char codes: numbers are parsed in place
// (no token objects, no slicing per number; short mantissas with small exponents are computed
// exactly with one power of ten, the rest go to Number.parseFloat), words are sliced only when
// the parser needs them, strings and unknown words can be skipped without copying, and lines
// are counted as whitespace, comments and strings are passed. It knows nothing of nodes or
// fields; errors are thrown through a factory the parser passes in, so the lexer needs no import
// from the parser (vrml.ts gives it one that builds a VrmlError).

const C_TAB = 9;
const C_LF = 10;
const C_CR = 13;
const C_SPACE = 32;
export const C_QUOTE = 34;
const C_HASH = 35;
const C_PLUS = 43;
const C_COMMA = 44;
const C_MINUS = 45;
const C_DOT = 46;
const C_0 = 48;
const C_9 = 57;
const C_BACKSLASH = 92;
export const C_LBRACKET = 91;
export const C_RBRACKET = 93;
export const C_LBRACE = 123;
export const C_RBRACE = 125;

/** 1 for ASCII codes that end a word or number token. */
const DELIMITER = new Uint8Array(128);
for (let c = 0; c <= C_SPACE; c++) DELIMITER[c] = 1;
for (const c of [C_QUOTE, C_HASH, C_COMMA, C_LBRACKET, C_RBRACKET, C_LBRACE, C_RBRACE, 127]) DELIMITER[c] = 1;

export const isDelimiter = (c: number): boolean => c < 0 || (c < 128 && DELIMITER[c] === 1);
const isDigit = (c: number): boolean => c >= C_0 && c <= C_9;
export const startsNumber = (c: number): boolean => isDigit(c) || c === C_MINUS || c === C_PLUS || c === C_DOT;

/** Exact powers of ten: one multiplication or division by them rounds correctly. */
const POW10: number[] = [];
for (let i = 0, p = 1; i <= 22; i++, p *= 10) POW10.push(p);

/** Builds the error thrown for a problem at a 1-based line (the caller's own error class). */
export type MakeError = (reason: string, line: number) => Error;

/** Reads one VRML text by char codes; `pos` and `line` are public so the parser can back up. */
export class Lexer {
  readonly src: string;
  pos = 0;
  line = 1;
  private readonly makeError: MakeError;

  constructor(src: string, makeError: MakeError) {
    this.src = src;
    this.makeError = makeError;
  }

  /** Throws the caller's error for `reason`, at the current line unless told otherwise. */
  fail(reason: string, line = this.line): never {
    throw this.makeError(reason, line);
  }

  /** Skips whitespace, commas and # comments, counting lines. */
  skipSpace(): void {
    const s = this.src;
    const n = s.length;
    let i = this.pos;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c === C_LF) {
        this.line++;
        i++;
      } else if (c === C_SPACE || c === C_COMMA || c === C_TAB || c === C_CR) {
        i++;
      } else if (c === C_HASH) {
        while (i < n && s.charCodeAt(i) !== C_LF) i++;
      } else {
        break;
      }
    }
    this.pos = i;
  }

  /** The next significant char code (whitespace skipped), -1 at the end. */
  peek(): number {
    this.skipSpace();
    return this.pos < this.src.length ? this.src.charCodeAt(this.pos) : -1;
  }

  /** The word at pos (may be ''), consumed. */
  readWord(): string {
    const start = this.pos;
    this.skipWord();
    return this.src.slice(start, this.pos);
  }

  /** Moves past the word or number at pos without copying it. */
  skipWord(): void {
    const s = this.src;
    const n = s.length;
    let i = this.pos;
    while (i < n && !isDelimiter(s.charCodeAt(i))) i++;
    this.pos = i;
  }

  /** A node type, field or DEF name: a word that does not start like a number. */
  readName(what: string): string {
    const c = this.peek();
    if (c < 0 || isDelimiter(c) || startsNumber(c)) this.fail(`expected ${what}, found ${this.describeNext()}`);
    return this.readWord();
  }

  /** The next token, quoted and shortened, for error messages. */
  describeNext(): string {
    const c = this.peek();
    if (c < 0) return 'end of file';
    if (isDelimiter(c)) return `'${String.fromCharCode(c)}'`;
    const s = this.src;
    let end = this.pos;
    while (end < s.length && end - this.pos < 40 && !isDelimiter(s.charCodeAt(end))) end++;
    return `'${s.slice(this.pos, end)}'`;
  }

  /** A float (VRML syntax: sign, digits, optional fraction and exponent), parsed in place. */
  readNumber(): number {
    const s = this.src;
    const n = s.length;
    const start = this.pos;
    let i = start;
    let c = i < n ? s.charCodeAt(i) : -1;
    let negative = false;
    if (c === C_MINUS || c === C_PLUS) {
      negative = c === C_MINUS;
      c = ++i < n ? s.charCodeAt(i) : -1;
    }
    let mantissa = 0;
    let significant = 0;
    let digits = 0;
    let exponent = 0;
    while (isDigit(c)) {
      mantissa = mantissa * 10 + (c - C_0);
      if (mantissa !== 0) significant++;
      digits++;
      c = ++i < n ? s.charCodeAt(i) : -1;
    }
    if (c === C_DOT) {
      c = ++i < n ? s.charCodeAt(i) : -1;
      while (isDigit(c)) {
        mantissa = mantissa * 10 + (c - C_0);
        if (mantissa !== 0) significant++;
        digits++;
        exponent--;
        c = ++i < n ? s.charCodeAt(i) : -1;
      }
    }
    if (digits === 0) this.fail(`expected a number, found ${this.describeNext()}`);
    if (c === 101 || c === 69) {
      // e / E
      c = ++i < n ? s.charCodeAt(i) : -1;
      let expNegative = false;
      if (c === C_MINUS || c === C_PLUS) {
        expNegative = c === C_MINUS;
        c = ++i < n ? s.charCodeAt(i) : -1;
      }
      if (!isDigit(c)) this.fail(`invalid number ${this.describeNext()}`);
      let e = 0;
      while (isDigit(c)) {
        if (e < 100_000) e = e * 10 + (c - C_0);
        c = ++i < n ? s.charCodeAt(i) : -1;
      }
      exponent += expNegative ? -e : e;
    }
    if (!isDelimiter(c)) this.fail(`invalid number ${this.describeNext()}`);
    this.pos = i;
    if (significant <= 15 && exponent >= -22 && exponent <= 22) {
      const v = exponent < 0 ? mantissa / POW10[-exponent]! : mantissa * POW10[exponent]!;
      return negative ? -v : v;
    }
    // Long mantissas and big exponents: let the engine round (rare in real files).
    const v = Number.parseFloat(s.slice(start, i));
    if (!Number.isFinite(v)) this.fail(`number out of range: ${s.slice(start, i)}`);
    return v;
  }

  /** A 32-bit integer (decimal or 0x hex). */
  readInt(): number {
    const s = this.src;
    const n = s.length;
    let i = this.pos;
    let c = i < n ? s.charCodeAt(i) : -1;
    let negative = false;
    if (c === C_MINUS || c === C_PLUS) {
      negative = c === C_MINUS;
      c = ++i < n ? s.charCodeAt(i) : -1;
    }
    let v = 0;
    let digits = 0;
    if (c === C_0 && i + 1 < n && (s.charCodeAt(i + 1) | 0x20) === 120 /* x */) {
      i += 2;
      for (c = i < n ? s.charCodeAt(i) : -1; ; c = ++i < n ? s.charCodeAt(i) : -1) {
        const h = hexValue(c);
        if (h < 0) break;
        v = v * 16 + h;
        digits++;
      }
    } else {
      while (isDigit(c)) {
        v = v * 10 + (c - C_0);
        digits++;
        c = ++i < n ? s.charCodeAt(i) : -1;
      }
    }
    if (digits === 0 || !isDelimiter(c)) this.fail(`expected an integer, found ${this.describeNext()}`);
    if (v > 0x7fffffff) this.fail(`integer out of range: ${this.describeNext()}`);
    this.pos = i;
    return negative ? -v : v;
  }

  /** TRUE or FALSE. */
  readBool(): boolean {
    this.skipSpace();
    const word = this.readWord();
    if (word === 'TRUE') return true;
    if (word === 'FALSE') return false;
    return this.fail(`expected TRUE or FALSE, found '${word}'`);
  }

  /** Consumes a "string" (escapes allowed, may span lines). */
  skipString(): void {
    const s = this.src;
    const n = s.length;
    const startLine = this.line;
    let i = this.pos + 1;
    for (;;) {
      if (i >= n) this.fail(`unterminated string (started on line ${startLine})`);
      const c = s.charCodeAt(i);
      if (c === C_QUOTE) break;
      if (c === C_BACKSLASH) {
        i++; // the escaped character, which may be a quote or a newline
        if (i < n && s.charCodeAt(i) === C_LF) this.line++;
      } else if (c === C_LF) this.line++;
      i++;
    }
    this.pos = i + 1;
  }
}

function hexValue(c: number): number {
  if (c >= C_0 && c <= C_9) return c - C_0;
  const l = c | 0x20;
  return l >= 97 && l <= 102 ? l - 87 : -1;
}
