// S-expression reader/writer for KiCad files (.kicad_sym, .kicad_mod, ...).
//
// Design notes (why it looks like this):
// - The parser is a single iterative loop with an explicit stack, so a
//   pathological nesting depth cannot overflow the JS call stack and the cost
//   is linear in the input size (every character is looked at a fixed number
//   of times).
// - Atoms are plain JS strings (numbers are kept as text and parsed lazily by
//   the callers) and only lists are objects. Quoted-ness, needed to write the
//   file back in KiCad's style, is a small bitmask on the parent list instead
//   of a wrapper object per atom: a 100 MB library holds tens of millions of
//   atoms, and a wrapper each would multiply memory use.
// - Lists remember the 1-based line of their opening parenthesis so model
//   code can report problems against the source file.
// - A tolerant mode recovers from a broken top-level entry of a library
//   (e.g. one bad `(symbol ...)` in a .kicad_sym) using KiCad's indentation
//   as the ground truth, so one corrupt part does not hide the others.

/** One node of the tree: a list, or an atom (bare token or quoted string, unescaped). */
export type SexprItem = SexprList | string;

export interface SexprList {
  /** 1-based line of the opening parenthesis. */
  line: number;
  items: SexprItem[];
  /** Bit i set when items[i] (i < 30) was written as a quoted string. */
  qmask: number;
  /** Indexes >= 30 of quoted items (rare: only long lists of strings). */
  qextra: number[] | undefined;
}

/** A syntax error, with the 1-based line it was found at and a short reason. */
export class SexprError extends Error {
  readonly line: number;
  readonly reason: string;
  constructor(reason: string, line: number) {
    super(`line ${line}: ${reason}`);
    this.name = 'SexprError';
    this.line = line;
    this.reason = reason;
  }
}

/** A problem found while parsing; in tolerant mode the broken entry is dropped. */
export interface SexprIssue {
  line: number;
  reason: string;
  /** Line where the dropped top-level entry started (tolerant mode). */
  entryLine?: number;
  /** Name of the dropped entry when it was readable, e.g. the symbol name. */
  entryName?: string;
}

export interface SexprDocument {
  /** The first top-level list (KiCad files hold exactly one), or null. */
  root: SexprList | null;
  /** Recovered errors (tolerant mode only; strict mode throws instead). */
  errors: SexprIssue[];
  /** Non-fatal notes, e.g. invalid UTF-8 replaced with U+FFFD. */
  warnings: SexprIssue[];
  /** True when the input bytes were not valid UTF-8 and were replaced. */
  replacedInvalidUtf8: boolean;
}

export interface ParseOptions {
  /**
   * Recover from errors inside top-level entries (children of the root list):
   * the broken entry is dropped, an issue recorded, and parsing resumes at the
   * next line that starts an entry at the same indentation.
   */
  tolerant?: boolean;
}

// ---------------------------------------------------------------------------
// Decoding

export interface DecodedText {
  text: string;
  replaced: boolean;
  /** 1-based line of the first invalid byte sequence, when replaced. */
  firstInvalidLine?: number;
}

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const lenientDecoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false });

/** Decode bytes as UTF-8; invalid sequences become U+FFFD and are reported. */
export function decodeKicadText(input: string | Uint8Array): DecodedText {
  if (typeof input === 'string') {
    return { text: input.charCodeAt(0) === 0xfeff ? input.slice(1) : input, replaced: false };
  }
  try {
    return { text: strictDecoder.decode(input), replaced: false };
  } catch {
    const text = lenientDecoder.decode(input);
    return { text, replaced: true, firstInvalidLine: lineOfFirstInvalidUtf8(input) };
  }
}

/** Finds the first byte that does not start a valid UTF-8 sequence. */
function lineOfFirstInvalidUtf8(b: Uint8Array): number {
  let line = 1;
  const n = b.length;
  let i = 0;
  while (i < n) {
    const c = b[i] ?? 0;
    if (c < 0x80) {
      if (c === 10) line++;
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (c >= 0xc2 && c <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else return line;
    let cp = c & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const d = b[i + k];
      if (d === undefined || (d & 0xc0) !== 0x80) return line;
      cp = (cp << 6) | (d & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return line;
    i += need + 1;
  }
  return line;
}

// ---------------------------------------------------------------------------
// Parsing

/** Parse strictly; throws SexprError. Returns the first top-level list. */
export function parseSexpr(input: string | Uint8Array): SexprList {
  const doc = parseSexprDocument(input);
  if (!doc.root) throw new SexprError('unexpected end of input: no list found', 1);
  return doc.root;
}

/** Parse with options; strict mode throws SexprError, tolerant mode records issues. */
export function parseSexprDocument(input: string | Uint8Array, opts: ParseOptions = {}): SexprDocument {
  const decoded = decodeKicadText(input);
  const warnings: SexprIssue[] = [];
  if (decoded.replaced) {
    const line = decoded.firstInvalidLine ?? 1;
    warnings.push({
      line,
      reason: `invalid UTF-8 byte sequence replaced with U+FFFD (first at line ${line})`,
    });
  }
  const errors: SexprIssue[] = [];
  const tops = parseCore(decoded.text, opts.tolerant === true, errors);
  return { root: tops[0] ?? null, errors, warnings, replacedInvalidUtf8: decoded.replaced };
}

function newList(line: number): SexprList {
  return { line, items: [], qmask: 0, qextra: undefined };
}

function markQuoted(list: SexprList, index: number): void {
  if (index < 30) list.qmask |= 1 << index;
  else (list.qextra ??= []).push(index);
}

const C_LF = 10;
const C_CR = 13;
const C_TAB = 9;
const C_SP = 32;
const C_LP = 40;
const C_RP = 41;
const C_QUOTE = 34;
const C_BSL = 92;

const INTERN_SLOTS = 1 << 14;
const INTERN_MAX = 16;
/** 1 for the ASCII characters that end a bare atom. */
const DELIM = new Uint8Array(128);
for (const c of [C_SP, C_LF, C_TAB, C_CR, C_LP, C_RP, C_QUOTE]) DELIM[c] = 1;

function isDelimiter(c: number): boolean {
  return c === C_SP || c === C_LF || c === C_TAB || c === C_CR || c === C_LP || c === C_RP || c === C_QUOTE;
}

/** Internal control-flow signal used by tolerant mode to resynchronise. */
class Recover {
  readonly reason: string;
  readonly line: number;
  constructor(reason: string, line: number) {
    this.reason = reason;
    this.line = line;
  }
}

function parseCore(text: string, tolerant: boolean, errors: SexprIssue[]): SexprList[] {
  const len = text.length;
  const tops: SexprList[] = [];
  // Open lists, and where each one's items start in `vals`. Items are
  // collected on one shared value stack and copied into an exactly-sized
  // array when the list closes: growing one array per list by push() would
  // over-allocate every small list (V8 grows from 0 to 17 slots).
  const stack: SexprList[] = [];
  const starts: number[] = [];
  const vals: SexprItem[] = [];
  // Short atoms repeat endlessly ("xy", "1.27", "yes", "~"): share one copy. A direct-mapped
  // cache keyed by a hash computed while scanning: a hit compares characters in place and
  // allocates nothing (a Map would need the sliced string first, and its hash; that garbage
  // was a fifth of the parse time in Chromium, whose young generation is smaller than Node's).
  const cache: string[] = new Array<string>(INTERN_SLOTS).fill('');
  const intern = (from: number, to: number, h: number): string => {
    const n = to - from;
    if (n > INTERN_MAX) return text.slice(from, to);
    const slot = (h ^ (h >>> 15) ^ n) & (INTERN_SLOTS - 1);
    const hit = cache[slot] as string;
    if (hit.length === n) {
      let k = 0;
      while (k < n && hit.charCodeAt(k) === text.charCodeAt(from + k)) k++;
      if (k === n) return hit;
    }
    const s = text.slice(from, to);
    cache[slot] = s;
    return s;
  };
  /** Item i of the open list at stack depth d (lists fill `items` only when closed). */
  const openItem = (d: number, i: number): SexprItem | undefined => {
    const st = starts[d];
    if (st === undefined || st + i >= vals.length) return undefined;
    return d + 1 < starts.length && st + i >= (starts[d + 1] as number) ? undefined : vals[st + i];
  };
  let pos = 0;
  let line = 1;
  let lineStart = 0;
  let lineHasToken = false;
  // The currently open top-level entry (depth 2: a child of the root list).
  let entryCol = 0;
  let entryFirstOnLine = false;
  // Column of the first entry that began a line: KiCad's entry indentation.
  let entryIndent = -1;
  // Root items that began a line at entryIndent (restart points after an extra ')').
  const entryStarts: SexprList[] = [];
  // First quoted string that spanned a raw newline: the likely culprit when a
  // string is reported unterminated at end of input (quote parity flipped).
  let multilineStringLine = 0;
  let pending: Recover | null = null;

  const fail: (reason: string, at: number) => never = (reason, at) => {
    if (tolerant) throw new Recover(reason, at);
    throw new SexprError(reason, at);
  };

  // Record an issue for the open entry (if any) and drop it from the root.
  const dropOpenEntry = (reason: string, at: number): void => {
    const issue: SexprIssue = { line: at, reason };
    const root = stack[0];
    const entry = stack[1];
    if (root && entry) {
      issue.entryLine = entry.line;
      const nm = openItem(1, 1);
      if (typeof nm === 'string') issue.entryName = nm;
      if (entryStarts[entryStarts.length - 1] === entry) entryStarts.pop();
    }
    errors.push(issue);
    const keep = root ? 1 : 0;
    if (stack.length > keep) {
      vals.length = starts[keep] as number;
      stack.length = keep;
      starts.length = keep;
    }
  };

  // Drops the broken entry and skips to the next line that can start an entry.
  const recover = (r: Recover): void => {
    const restartCol = stack.length >= 2 && entryFirstOnLine ? entryCol : Infinity;
    dropOpenEntry(r.reason, r.line);
    if (pos < len && text.charCodeAt(pos) !== C_LF) {
      const nl = text.indexOf('\n', pos);
      pos = nl === -1 ? len : nl;
    }
    while (pos < len) {
      // pos is at a '\n'
      line++;
      pos++;
      lineStart = pos;
      let p = pos;
      while (p < len) {
        const c = text.charCodeAt(p);
        if (c === C_SP || c === C_TAB || c === C_CR) p++;
        else break;
      }
      if (p < len && text.charCodeAt(p) === C_LP && p - lineStart <= restartCol) {
        pos = p;
        lineHasToken = false;
        return;
      }
      const nl = text.indexOf('\n', p);
      pos = nl === -1 ? len : nl;
    }
    lineHasToken = false;
  };

  while (pos < len) {
    try {
      if (pending) {
        const r = pending;
        pending = null;
        recover(r);
        continue;
      }
      const c = text.charCodeAt(pos);
      if (c === C_LF) {
        line++;
        pos++;
        lineStart = pos;
        lineHasToken = false;
        continue;
      }
      if (c === C_SP || c === C_TAB || c === C_CR) {
        pos++;
        continue;
      }
      const firstOnLine = !lineHasToken;
      lineHasToken = true;
      if (c === C_LP) {
        const col = pos - lineStart;
        if (
          tolerant &&
          stack.length >= 2 &&
          firstOnLine &&
          entryFirstOnLine &&
          entryCol > 0 &&
          (col < entryCol || (col === entryCol && wordAfter(text, pos + 1) === openItem(1, 0)))
        ) {
          // A line starts a new entry while the previous one is still open: a ')' is missing.
          const entry = stack[1] as SexprList;
          dropOpenEntry(
            `unbalanced parentheses: ${stack.length - 1} '(' not closed before line ${line} (entry starting at line ${entry.line})`,
            entry.line,
          );
        }
        const depth = stack.length;
        const node = newList(line);
        if (depth === 1) {
          entryCol = col;
          entryFirstOnLine = firstOnLine;
          if (firstOnLine) {
            if (entryIndent < 0) entryIndent = col;
            if (col === entryIndent) entryStarts.push(node);
          }
        }
        stack.push(node);
        starts.push(vals.length);
        pos++;
        continue;
      }
      if (c === C_RP) {
        if (stack.length === 0) fail(`unbalanced parentheses: unexpected ')'`, line);
        if (tolerant && stack.length === 2 && entryFirstOnLine && firstOnLine) {
          const entry = stack[1] as SexprList;
          if (line !== entry.line && pos - lineStart !== entryCol) {
            fail(
              `unbalanced parentheses: entry starting at line ${entry.line} closes at line ${line}, ` +
                `at a different indentation than it opened (a ')' too many, or one missing)`,
              line,
            );
          }
        }
        const closed = stack.pop() as SexprList;
        const from = starts.pop() as number;
        closed.items = vals.slice(from);
        vals.length = from;
        if (stack.length > 0) vals.push(closed);
        else tops.push(closed);
        pos++;
        if (stack.length === 0 && tolerant) {
          // Root closed: anything but whitespace after it means an extra ')' in some entry.
          let p = pos;
          while (p < len) {
            const d = text.charCodeAt(p);
            if (d === C_SP || d === C_TAB || d === C_CR || d === C_LF) p++;
            else break;
          }
          const root = closed;
          if (p < len && root) {
            // Blame the last entry that started a line; drop it and whatever followed it.
            const issue: SexprIssue = {
              line,
              reason: `unbalanced parentheses: extra ')' closes the file early at line ${line}`,
            };
            const last = entryStarts.pop();
            let keepItems = root.items.length;
            if (last) {
              const at = root.items.lastIndexOf(last);
              if (at >= 0) keepItems = at;
              issue.entryLine = last.line;
              const nm = last.items[1];
              if (typeof nm === 'string') issue.entryName = nm;
            }
            errors.push(issue);
            // Re-open the root with the items before the broken entry.
            if (tops[tops.length - 1] === root) tops.pop();
            stack.push(root);
            starts.push(vals.length);
            for (let k = 0; k < keepItems; k++) vals.push(root.items[k] as SexprItem);
            root.items = [];
          }
        }
        continue;
      }
      const parent = stack[stack.length - 1];
      if (!parent) fail('unexpected text outside parentheses', line);
      if (c === C_QUOTE) {
        const startLine = line;
        let p = pos + 1;
        let value: string | null = null;
        let h = 0;
        // Fast path: no escapes.
        for (;;) {
          if (p >= len) break;
          const d = text.charCodeAt(p);
          if (d === C_QUOTE) {
            value = intern(pos + 1, p, h);
            break;
          }
          h = (Math.imul(h, 31) + d) | 0;
          if (d === C_BSL) break;
          if (d === C_LF) {
            if (tolerant && nextLineStartsList(text, p + 1)) {
              pos = p;
              fail('unterminated string', startLine);
            }
            if (multilineStringLine === 0) multilineStringLine = startLine;
            line++;
            lineStart = p + 1;
          }
          p++;
        }
        if (value === null) {
          // Slow path with escapes.
          let out = text.slice(pos + 1, p);
          for (;;) {
            if (p >= len) {
              pos = len;
              fail(
                'unterminated string: unexpected end of input inside a quoted string',
                multilineStringLine !== 0 ? multilineStringLine : startLine,
              );
            }
            const d = text.charCodeAt(p);
            if (d === C_QUOTE) break;
            if (d === C_BSL) {
              const e = text.charCodeAt(p + 1);
              if (Number.isNaN(e)) {
                p++;
                continue;
              }
              p += 2;
              switch (e) {
                case 110: out += '\n'; break; // n
                case 114: out += '\r'; break; // r
                case 116: out += '\t'; break; // t
                case 97: out += '\x07'; break; // a
                case 98: out += '\b'; break; // b
                case 102: out += '\f'; break; // f
                case 118: out += '\v'; break; // v
                case 120: { // xHH
                  let h = '';
                  while (h.length < 2 && p < len && isHexDigit(text.charCodeAt(p))) h += text.charAt(p++);
                  out += h ? String.fromCharCode(parseInt(h, 16)) : 'x';
                  break;
                }
                default:
                  if (e >= 48 && e <= 55) { // octal \ooo
                    let o = String.fromCharCode(e);
                    while (o.length < 3 && p < len) {
                      const f = text.charCodeAt(p);
                      if (f < 48 || f > 55) break;
                      o += text.charAt(p++);
                    }
                    out += String.fromCharCode(parseInt(o, 8));
                  } else {
                    if (e === C_LF) {
                      line++;
                      lineStart = p;
                    }
                    out += String.fromCharCode(e); // \" \\ \' and unknown escapes
                  }
              }
              continue;
            }
            if (d === C_LF) {
              if (tolerant && nextLineStartsList(text, p + 1)) {
                pos = p;
                fail('unterminated string', startLine);
              }
              if (multilineStringLine === 0) multilineStringLine = startLine;
              line++;
              lineStart = p + 1;
            }
            out += text.charAt(p);
            p++;
          }
          value = out;
        }
        markQuoted(parent, vals.length - (starts[starts.length - 1] as number));
        vals.push(value);
        pos = p + 1;
        continue;
      }
      // Bare atom.
      let p = pos + 1;
      let h = c;
      while (p < len) {
        const d = text.charCodeAt(p);
        if (d < 128 && DELIM[d] === 1) break;
        h = (Math.imul(h, 31) + d) | 0;
        p++;
      }
      vals.push(intern(pos, p, h));
      pos = p;
    } catch (e) {
      if (e instanceof Recover) pending = e;
      else throw e;
    }
  }
  if (pending) recover(pending);
  if (stack.length > 0) {
    const innermost = stack[stack.length - 1] as SexprList;
    const reason =
      multilineStringLine !== 0
        ? `unexpected end of input: a quoted string starting at line ${multilineStringLine} spans lines; probably unterminated`
        : `unexpected end of input: ${stack.length} '(' not closed (innermost opened at line ${innermost.line})`;
    const at = multilineStringLine !== 0 ? multilineStringLine : (stack[Math.min(1, stack.length - 1)] as SexprList).line;
    if (!tolerant) throw new SexprError(reason, at);
    dropOpenEntry(reason, at);
    // Close what is left (the root) so callers still get the entries read so far.
    while (stack.length > 0) {
      const closed = stack.pop() as SexprList;
      const from = starts.pop() as number;
      closed.items = vals.slice(from);
      vals.length = from;
      if (stack.length > 0) vals.push(closed);
      else tops.push(closed);
    }
  }
  return tops;
}

function isHexDigit(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/** The bare word right after position p (used to peek at a list's head). */
function wordAfter(text: string, p: number): string {
  let e = p;
  while (e < text.length && !isDelimiter(text.charCodeAt(e))) e++;
  return text.slice(p, e);
}

/** True when the line starting at p begins (after indentation) with '('. */
function nextLineStartsList(text: string, p: number): boolean {
  const len = text.length;
  while (p < len) {
    const c = text.charCodeAt(p);
    if (c === C_SP || c === C_TAB || c === C_CR) p++;
    else return c === C_LP;
  }
  return false;
}

// ---------------------------------------------------------------------------
// Accessors used by the model parsers

/** The list's head keyword (first item when it is an atom), or ''. */
export function headOf(list: SexprList): string {
  const h = list.items[0];
  return typeof h === 'string' ? h : '';
}

export function isList(item: SexprItem | undefined): item is SexprList {
  return typeof item === 'object' && item !== null;
}

/** Whether items[index] was written as a quoted string. */
export function isQuoted(list: SexprList, index: number): boolean {
  if (index < 30) return (list.qmask & (1 << index)) !== 0;
  return list.qextra !== undefined && list.qextra.includes(index);
}

/** First child list with the given head. */
export function child(list: SexprList, head: string): SexprList | undefined {
  const items = list.items;
  for (let i = 1; i < items.length; i++) {
    const it = items[i];
    if (typeof it === 'object' && it.items[0] === head) return it;
  }
  return undefined;
}

/** All child lists with the given head. */
export function children(list: SexprList, head: string): SexprList[] {
  const out: SexprList[] = [];
  const items = list.items;
  for (let i = 1; i < items.length; i++) {
    const it = items[i];
    if (typeof it === 'object' && it.items[0] === head) out.push(it);
  }
  return out;
}

/** Atom at index, or undefined when missing or a list. */
export function atomAt(list: SexprList | undefined, index: number): string | undefined {
  if (!list) return undefined;
  const it = list.items[index];
  return typeof it === 'string' ? it : undefined;
}

/** Number at index (parsed lazily), or the fallback when missing/not numeric. */
export function numAt(list: SexprList | undefined, index: number, fallback = 0): number {
  if (!list) return fallback;
  const it = list.items[index];
  if (typeof it !== 'string') return fallback;
  const n = Number(it);
  return Number.isFinite(n) ? n : fallback;
}

/** True for 'yes'/'true' (KiCad booleans). */
export function isYes(value: string | undefined): boolean {
  return value === 'yes' || value === 'true';
}

/**
 * A boolean flag in any KiCad spelling: a bare atom (`hide`, KiCad 6),
 * `(hide)`, or `(hide yes|no)` (KiCad 8/9).
 */
export function hasFlag(list: SexprList | undefined, flag: string): boolean {
  if (!list) return false;
  const items = list.items;
  for (let i = 1; i < items.length; i++) {
    const it = items[i];
    if (typeof it === 'string') {
      if (it === flag && !isQuoted(list, i)) return true;
    } else if (it && it.items[0] === flag) {
      const v = it.items[1];
      return v === undefined || (typeof v === 'string' && isYes(v));
    }
  }
  return false;
}

// ---------------------------------------------------------------------------
// Building and serializing

/** Marker for a quoted string when building a tree by hand. */
export interface QuotedAtom {
  readonly quoted: string;
}

/** A string that must be written quoted. */
export function q(value: string): QuotedAtom {
  return { quoted: value };
}

/** Build a list: plain strings are bare atoms, q('...') are quoted strings, numbers are formatted. */
export function sx(...parts: (SexprList | string | number | QuotedAtom | null | undefined | false)[]): SexprList {
  const list = newList(0);
  for (const p of parts) {
    if (p === null || p === undefined || p === false) continue;
    if (typeof p === 'string') list.items.push(p);
    else if (typeof p === 'number') list.items.push(formatNumber(p));
    else if ('quoted' in p) {
      markQuoted(list, list.items.length);
      list.items.push(p.quoted);
    } else list.items.push(p);
  }
  return list;
}

/** KiCad-style number: plain decimal (never exponent notation), exact round trip, no '-0'. */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n) || n === 0) return '0';
  const s = String(n);
  if (!s.includes('e')) return s;
  if (Math.abs(n) >= 1e21) return BigInt(Math.round(n)).toString();
  return n.toFixed(12).replace(/\.?0+$/, '');
}

const NEEDS_QUOTES = /[\s()"\\]/;

/** Quote and escape a string the way KiCad writes it. */
export function quoteString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charAt(i);
    if (c === '"') out += '\\"';
    else if (c === '\\') out += '\\\\';
    else if (c === '\n') out += '\\n';
    else if (c === '\r') out += '\\r';
    else out += c;
  }
  return out + '"';
}

function atomText(list: SexprList, index: number, s: string): string {
  if (isQuoted(list, index) || s === '' || NEEDS_QUOTES.test(s)) return quoteString(s);
  return s;
}

const MAX_INDENT = 64;

export interface SerializeOptions {
  /** Indentation unit; KiCad 8+ uses a tab, KiCad 6 two spaces. */
  indent?: string;
}

/**
 * Serialize to KiCad-style text: a list whose items are all atoms stays on one
 * line; otherwise each child list goes on its own indented line and the
 * closing parenthesis on a line of its own. Iterative (no recursion).
 */
export function serialize(node: SexprList, opts: SerializeOptions = {}): string {
  const unit = opts.indent ?? '\t';
  const indents: string[] = ['\n'];
  // Indentation stops growing past MAX_INDENT levels so pathological nesting
  // cannot make the output quadratic in size (real KiCad files nest ~10 deep).
  const nl = (depth: number): string => {
    const d = depth > MAX_INDENT ? MAX_INDENT : depth;
    while (indents.length <= d) indents.push((indents[indents.length - 1] as string) + unit);
    return indents[d] as string;
  };
  const parts: string[] = [];
  // Work stack of frames: a list with the index of the next child to emit.
  const frames: { list: SexprList; next: number; depth: number; multiline: boolean }[] = [];
  const open = (list: SexprList, depth: number): void => {
    const items = list.items;
    let multiline = false;
    for (let i = 0; i < items.length; i++) {
      if (typeof items[i] === 'object') {
        multiline = true;
        break;
      }
    }
    if (!multiline) {
      let s = '(';
      for (let i = 0; i < items.length; i++) {
        if (i > 0) s += ' ';
        s += atomText(list, i, items[i] as string);
      }
      parts.push(s + ')');
      return;
    }
    // Leading atoms stay on the opening line.
    let s = '(';
    let i = 0;
    for (; i < items.length; i++) {
      const it = items[i];
      if (typeof it !== 'string') break;
      if (i > 0) s += ' ';
      s += atomText(list, i, it);
    }
    parts.push(s);
    frames.push({ list, next: i, depth, multiline });
  };
  open(node, 0);
  while (frames.length > 0) {
    const f = frames[frames.length - 1] as (typeof frames)[number];
    const items = f.list.items;
    if (f.next >= items.length) {
      frames.pop();
      parts.push(nl(f.depth) + ')');
      continue;
    }
    const idx = f.next++;
    const it = items[idx] as SexprItem;
    parts.push(nl(f.depth + 1));
    if (typeof it === 'string') parts.push(atomText(f.list, idx, it));
    else open(it, f.depth + 1);
  }
  return parts.join('') + '\n';
}
