// Pure query handling for the part search: keyword clean-up, Chinese segmentation by dictionary,
// token classes (part number, dictionary term, quantity, package, free text), the MPN helpers the
// ranking needs (bounded edit distance with KiCad wildcards) and result highlighting. No database,
// no DOM: usable by the server, the browser and the tests.

import { normalizeMpn, wildcardSegments } from '../catalog/mpn.ts';
import { packagesInText } from '../catalog/param-extract.ts';
import { formatQuantity, parseQuantity, type Unit } from '../catalog/units.ts';
import { BRAND_ALIASES, CATEGORY_SYNONYMS, EXTRA_WORDS, POPULAR_PARTS, STOP_WORDS } from './synonyms.ts';

/** Longest keyword accepted (characters, after trimming). */
export const MAX_KEYWORD_LENGTH = 200;
/** At most this many tokens of a keyword are used; the rest are ignored. */
export const MAX_TOKENS = 8;

const CJK = '\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff';
const CJK_RE = new RegExp(`[${CJK}]`);
const CJK_CHAR = new RegExp(`^[${CJK}]$`);

export function isCjk(ch: string): boolean {
  return CJK_CHAR.test(ch);
}

export function hasCjk(text: string): boolean {
  return CJK_RE.test(text);
}

/** NFKC (full-width letters and digits fold), whitespace collapsed, trimmed. */
export function cleanKeyword(text: string): string {
  if (typeof text !== 'string') return '';
  // Control characters become spaces (char codes, to keep the pattern free of control escapes).
  let out = '';
  for (const ch of text.normalize('NFKC')) {
    const c = ch.charCodeAt(0);
    out += c < 32 || c === 127 ? ' ' : ch;
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** Lower-cases ASCII only, as PostgreSQL's lower() under the "C" collation does. */
export function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
}

/** Escapes LIKE's wildcards and its escape character. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Dictionary key of a term: ASCII lower case, everything but letters, digits and CJK removed, a
 * plural 's' dropped from each Latin word of four letters or more ('Op Amps' → 'opamp', 'DC-DC' →
 * 'dcdc', 'MOS管' → 'mos管', 'Analog Switches' → 'analogswitche' for typed and stored forms alike).
 */
export function termKey(term: string): string {
  const words = asciiLower(term.normalize('NFKC')).match(new RegExp(`[a-z0-9]+|[${CJK}]+`, 'g')) ?? [];
  return words.map((w) => (/^[a-z0-9]*[a-z]{3,}s$/.test(w) && !w.endsWith('ss') ? w.slice(0, -1) : w)).join('');
}

// ── Dictionary ───────────────────────────────────────────────────────────────

export type CategoryLite = {
  cateId: number;
  cateName: string;
  cateNameEn: string;
  level: number;
  parentId: number | null;
};
export type BrandLite = {
  id: number;
  key: string;
  nameZh: string;
  nameEn: string;
  /** ISO country of the maker's headquarters; 'CN' makes it domestic (国产). */
  country?: string | null;
};

/** Words for "a domestic maker": they reach every brand whose country is CN (国产 MCU, 国产 LDO). */
export const DOMESTIC_WORDS = ['国产', '国产品牌', '国内品牌', '国货', 'domestic'] as const;

/** What a dictionary term means: categories (id → weight) and/or brands. */
export type Sense = {
  cates: Map<number, number>;
  brands: Set<number>;
  display: string;
};

export type Dictionary = {
  /** termKey → sense. */
  readonly terms: ReadonlyMap<string, Sense>;
  /** Longest key length in characters (bounds the segmentation look-ahead). */
  readonly maxKeyLength: number;
  /** Surface forms that mean the same as a key (for highlighting and 'did you mean'). */
  readonly surfaces: ReadonlyMap<string, readonly string[]>;
  /** Plain words that only keep Chinese text whole. */
  readonly words: ReadonlySet<string>;
  /** Single English words of the dictionary (for spelling suggestions: 'tempreture' → 'temperature'). */
  readonly vocabulary: ReadonlySet<string>;
};

/**
 * Weight of a category reached by its own name (or the alias in its name), by a synonym, and by a
 * name that contains the term (or as the broader parent of a category the term names).
 */
export const WEIGHT_NAMED_CATEGORY = 220;
export const WEIGHT_EXACT_CATEGORY = 200;
export const WEIGHT_CONTAINED_CATEGORY = 120;

/**
 * Splits a category name into the parts people type: '线性稳压器 (LDO)' → ['线性稳压器 (LDO)',
 * '线性稳压器', 'LDO']; 'USB 转串口/桥接' → [… 'USB 转串口', '桥接']. Parentheses inside a word
 * ('稳压(齐纳)二极管') and one-letter halves ('I/O 扩展器') are not split.
 */
export function categoryNameParts(name: string): string[] {
  const out = new Set<string>();
  const whole = name.trim();
  if (!whole) return [];
  out.add(whole);
  const alias = /^(.*?)\s*[(（]([^()（）]+)[)）]\s*$/.exec(whole);
  const bases = alias ? [alias[1]!.trim(), alias[2]!.trim()] : [whole];
  for (const base of bases) {
    out.add(base);
    const halves = base.split(/\s*\/\s*/).map((h) => h.trim());
    if (halves.length > 1 && halves.every((h) => termKey(h).length >= 2)) for (const h of halves) out.add(h);
  }
  return [...out].filter((p) => termKey(p).length >= 2);
}

export function buildDictionary(categories: readonly CategoryLite[], brands: readonly BrandLite[]): Dictionary {
  const terms = new Map<string, Sense>();
  const surfaces = new Map<string, string[]>();
  const words = new Set<string>();
  const known = new Set(categories.map((c) => c.cateId));
  const sense = (surface: string): Sense | null => {
    const key = termKey(surface);
    if (key.length < 2 && !(key.length === 1 && isCjk(key))) return null;
    if (STOP_WORDS.has(key)) return null;
    let s = terms.get(key);
    if (!s) {
      s = { cates: new Map(), brands: new Set(), display: surface };
      terms.set(key, s);
    }
    const list = surfaces.get(key) ?? [];
    if (!list.includes(surface)) list.push(surface);
    surfaces.set(key, list);
    return s;
  };
  const addCate = (s: Sense | null, cateId: number, weight: number) => {
    if (!s || !known.has(cateId)) return;
    s.cates.set(cateId, Math.max(weight, s.cates.get(cateId) ?? 0));
  };
  for (const entry of CATEGORY_SYNONYMS) {
    for (const t of entry.terms) {
      const s = sense(t);
      for (const id of entry.cateIds) addCate(s, id, WEIGHT_EXACT_CATEGORY);
      // Every synonym of the group is a surface of every other (运放 highlights 'Operational Amplifier').
      const list = surfaces.get(termKey(t));
      if (s && list) for (const other of entry.terms) if (!list.includes(other)) list.push(other);
    }
  }
  for (const c of categories) {
    for (const name of [c.cateName, c.cateNameEn]) for (const part of categoryNameParts(name)) addCate(sense(part), c.cateId, WEIGHT_NAMED_CATEGORY);
  }
  // A term naming both a category and one of its ancestors ('RS-485': 30201 and 'RS-232 / RS-485 /
  // UART') means the specific one; the ancestor only counts as a broader match.
  const parentOf = new Map(categories.map((c) => [c.cateId, c.parentId]));
  const isAncestor = (a: number, d: number) => {
    for (let p = parentOf.get(d), guard = 0; p !== null && p !== undefined && guard < 10; p = parentOf.get(p), guard++) if (p === a) return true;
    return false;
  };
  for (const s of terms.values()) {
    if (s.cates.size < 2) continue;
    for (const [a, wa] of s.cates) {
      for (const [d, wd] of s.cates) if (a !== d && wd >= WEIGHT_EXACT_CATEGORY && isAncestor(a, d)) s.cates.set(a, Math.min(wa, WEIGHT_CONTAINED_CATEGORY));
    }
  }
  const byKey = new Map(brands.map((b) => [b.key, b]));
  for (const b of brands) {
    for (const name of [b.nameZh, b.nameEn, b.key]) sense(name)?.brands.add(b.id);
    // 'Texas Instruments' is also reached by its first word when that word is distinctive.
    const first = b.nameEn.split(/[\s(]/)[0] ?? '';
    if (first.length >= 4 && !STOP_WORDS.has(termKey(first))) sense(first)?.brands.add(b.id);
  }
  for (const a of BRAND_ALIASES) {
    const b = byKey.get(a.key);
    if (b) for (const alias of a.aliases) sense(alias)?.brands.add(b.id);
  }
  const domestic = brands.filter((b) => b.country === 'CN');
  if (domestic.length) for (const w of DOMESTIC_WORDS) for (const b of domestic) sense(w)?.brands.add(b.id);
  for (const w of EXTRA_WORDS) words.add(termKey(w));
  // A term inside a longer category name reaches that category with a lower weight: 二极管 → 光电二极管.
  const cateNames = categories.map((c) => ({
    id: c.cateId,
    zh: termKey(c.cateName),
    en: ` ${asciiLower(c.cateNameEn).replace(/[^a-z0-9]+/g, ' ')} `,
  }));
  for (const [key, s] of terms) {
    if (s.cates.size === 0 || key.length < 2) continue;
    const cjk = hasCjk(key);
    for (const c of cateNames) {
      if (s.cates.has(c.id)) continue;
      const hit = cjk ? c.zh.includes(key) : enWordsContain(c.en, key);
      if (hit) addCate(s, c.id, WEIGHT_CONTAINED_CATEGORY);
    }
  }
  let maxKeyLength = 0;
  for (const k of terms.keys()) maxKeyLength = Math.max(maxKeyLength, k.length);
  for (const k of words) maxKeyLength = Math.max(maxKeyLength, k.length);
  const vocabulary = new Set<string>();
  for (const list of surfaces.values()) for (const s of list) for (const w of asciiLower(s).split(/[^a-z]+/)) if (w.length >= 4) vocabulary.add(w);
  for (const c of categories) for (const w of asciiLower(c.cateNameEn).split(/[^a-z]+/)) if (w.length >= 4) vocabulary.add(w);
  return { terms, maxKeyLength, surfaces, words, vocabulary };
}

/** True when the words of `key` (a termKey, spaces removed) appear in order as whole words of the padded name. */
function enWordsContain(paddedName: string, key: string): boolean {
  const words = paddedName
    .trim()
    .split(' ')
    .map((w) => termKey(w));
  for (let i = 0; i < words.length; i++) {
    let acc = '';
    for (let j = i; j < words.length && acc.length < key.length; j++) {
      acc += words[j];
      if (acc === key) return true;
    }
  }
  return false;
}

// ── Tokens ───────────────────────────────────────────────────────────────────

export type DictToken = {
  kind: 'dict';
  text: string;
  key: string;
  sense: Sense;
  loose: boolean;
};
export type QuantityToken = {
  kind: 'quantity';
  text: string;
  value: number;
  unit: Unit | null;
};
export type PackageToken = { kind: 'package'; text: string; parts: string[] };
/** A Latin word or number: part number, fragment or English word, searched in MPNs and text. */
export type TermToken = {
  kind: 'term';
  text: string;
  lower: string;
  mpn: string;
  mpnLike: boolean;
};
/** Chinese text the dictionary does not know, searched in the text. */
export type CjkToken = { kind: 'cjk'; text: string };
export type QueryToken = DictToken | QuantityToken | PackageToken | TermToken | CjkToken;

export type ParsedQuery = {
  /** The cleaned keyword. */
  readonly text: string;
  readonly tokens: readonly QueryToken[];
  /** The whole keyword as one MPN key when it is Latin only and has 2+ words ('AMS1117 3.3' → 'AMS111733'). */
  readonly wholeMpn: string | null;
  /** True when the keyword had characters but none that can be searched (emoji, punctuation only). */
  readonly unusable: boolean;
};

type Unit0 = { kind: 'latin'; text: string } | { kind: 'cjk'; text: string };

/** Splits a cleaned keyword into Latin words (letters, digits and . - / + # inside) and single CJK characters. */
function units(text: string): Unit0[] {
  const out: Unit0[] = [];
  const re = new RegExp(`([${CJK}])|([A-Za-z0-9µΩ°±%~]+(?:[-./+#,:~_]+[A-Za-z0-9µΩ°%]+)*[+#]?)`, 'g');
  for (const m of text.matchAll(re)) {
    if (m[1]) out.push({ kind: 'cjk', text: m[1] });
    else if (m[2]) out.push({ kind: 'latin', text: m[2] });
  }
  return out;
}

/** Chinese unit words that finish a number ('3.3伏', '10千欧'). */
const ZH_UNIT_CHARS = /^(?:千|兆|微|毫|纳|皮)?(?:欧姆?|伏特?|安培?|瓦特?|法拉?|亨利?|赫兹?)$/;

function isMpnLike(word: string): boolean {
  const n = normalizeMpn(word);
  return n.length >= 3 && /[0-9]/.test(n) && /[A-Z]/.test(n);
}

/** A quantity the user typed: '64KB', '3.3V', '3V3', '100nF', '4k7', '10k', '0.1uF'; null for plain numbers and part numbers. */
export function quantityOf(word: string): { value: number; unit: Unit | null } | null {
  if (!/^[+-]?\d/.test(word) && !/^[.]\d/.test(word)) return null;
  const q = parseQuantity(word);
  if (!q.ok || q.plusMinus) return null;
  if (q.unit !== null) return { value: q.value, unit: q.unit };
  // Unit-less: only with a prefix letter ('10k', '4k7', '100n'), never a bare number ('555', '0603').
  return /^\d+(?:\.\d+)?[pnumkKMG]\d*$/.test(word) ? { value: q.value, unit: null } : null;
}

/** Package names in a word: 'LQFP48' → ['LQFP', '48']; chip sizes '0603'; null otherwise. */
export function packageOf(word: string): string[] | null {
  const up = word.toUpperCase();
  if (/^(?:01005|0201|0402|0603|0805|1008|1206|1210|1806|1812|2010|2220|2512)$/.test(up)) return [up];
  const found = packagesInText(up);
  if (found.length === 1 && found[0]!.replace(/-/g, '') === up.replace(/-/g, '')) return packageParts(found[0]!);
  return null;
}

/** 'SOT-23-5' → ['SOT', '23', '5']; 'LQFP48' → ['LQFP', '48']. */
export function packageParts(pkg: string): string[] {
  return (pkg.toUpperCase().match(/[A-Z]+|[0-9]+/g) ?? []).filter(Boolean);
}

function classifyLatin(word: string): QueryToken | null {
  const lower = asciiLower(word);
  if (STOP_WORDS.has(lower)) return null;
  const q = quantityOf(word);
  if (q) return { kind: 'quantity', text: word, value: q.value, unit: q.unit };
  const pkg = packageOf(word);
  if (pkg) return { kind: 'package', text: word, parts: pkg };
  const mpn = normalizeMpn(word);
  if (mpn === '') return null;
  return { kind: 'term', text: word, lower, mpn, mpnLike: isMpnLike(word) };
}

/**
 * Parses a keyword into tokens. Latin words stay whole; Chinese text is segmented by the
 * dictionary (forward maximum matching over characters and words, so 'MOS管' and 'USB转串口'
 * match as one term); unknown Chinese characters join into text fragments.
 */
export function parseQuery(keyword: string, dict: Dictionary): ParsedQuery {
  const text = cleanKeyword(keyword).slice(0, MAX_KEYWORD_LENGTH);
  const us = units(text);
  // Numbers followed by a Chinese unit word become one Latin word: '3.3' '伏' → '3.3伏'.
  for (let i = 0; i < us.length - 1; i++) {
    const u = us[i]!;
    if (u.kind !== 'latin' || !/\d$/.test(u.text)) continue;
    for (let len = 3; len >= 1; len--) {
      const word = us.slice(i + 1, i + 1 + len);
      if (word.length !== len || word.some((w) => w.kind !== 'cjk')) continue;
      const zh = word.map((w) => w.text).join('');
      if (ZH_UNIT_CHARS.test(zh)) {
        us.splice(i, len + 1, { kind: 'latin', text: u.text + zh });
        break;
      }
    }
  }
  const tokens: QueryToken[] = [];
  let pendingCjk = '';
  const flushCjk = () => {
    if (pendingCjk === '') return;
    const t = pendingCjk;
    pendingCjk = '';
    if (t.length === 1 && (STOP_WORDS.has(t) || /[的和与及或个只种用带型款类]/.test(t))) return;
    if (!STOP_WORDS.has(t)) tokens.push({ kind: 'cjk', text: t });
  };
  let i = 0;
  while (i < us.length) {
    // Longest dictionary match starting here (up to maxKeyLength characters of keys).
    let best: { end: number; key: string } | null = null;
    let acc = '';
    for (let j = i; j < us.length && j < i + 16; j++) {
      acc += termKey(us[j]!.text);
      if (acc.length > dict.maxKeyLength) break;
      if ((dict.terms.has(acc) || dict.words.has(acc)) && !STOP_WORDS.has(acc)) best = { end: j + 1, key: acc };
    }
    const u = us[i]!;
    if (best) {
      flushCjk();
      const surface = us
        .slice(i, best.end)
        .map((x) => x.text)
        .join(us.slice(i, best.end).every((x) => x.kind === 'latin') ? ' ' : '');
      const sense = dict.terms.get(best.key);
      // A one-word term that also looks like a part number ('RS485', 'I2C', 'STM8') is searched as
      // a category and as text from the start.
      const loose = best.end === i + 1 && u.kind === 'latin' && isMpnLike(u.text);
      if (sense)
        tokens.push({
          kind: 'dict',
          text: surface,
          key: best.key,
          sense,
          loose,
        });
      else tokens.push({ kind: 'cjk', text: surface });
      i = best.end;
      continue;
    }
    if (u.kind === 'cjk') {
      pendingCjk += u.text;
    } else {
      flushCjk();
      const t = classifyLatin(u.text);
      if (t) tokens.push(t);
    }
    i++;
  }
  flushCjk();
  // Repeated tokens add nothing.
  const seen = new Set<string>();
  const unique = tokens.filter((t) => {
    const k = `${t.kind}:${t.kind === 'dict' ? t.key : asciiLower(t.text)}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  const latinWords = us.filter((u) => u.kind === 'latin');
  const wholeMpn = us.length >= 2 && latinWords.length === us.length ? normalizeMpn(latinWords.map((u) => u.text).join('')) : null;
  return {
    text,
    tokens: unique.slice(0, MAX_TOKENS),
    wholeMpn: wholeMpn && wholeMpn.length >= 4 && /[0-9]/.test(wholeMpn) ? wholeMpn : null,
    unusable: text !== '' && unique.length === 0,
  };
}

// ── MPN helpers ─────────────────────────────────────────────────────────────

/**
 * A family name as a normalised key with each KiCad wildcard run ('x' not next to another
 * lower-case letter) replaced by as many '?': 'STM32F103C8Tx' → 'STM32F103C8T?'.
 */
export function wildcardKey(familyName: string): string {
  return wildcardSegments(familyName)
    .map((seg) => (seg.kind === 'wild' ? '?'.repeat(seg.n) : seg.text.toUpperCase().replace(/[^A-Z0-9]/g, '')))
    .join('');
}

/**
 * Edit distance between a typed key `a` and a catalogue key `b` (insertions, deletions,
 * substitutions and swaps of two neighbours each count one), where '?' in `b` matches any one
 * character for free. Returns max + 1 as soon as the distance must exceed `max`.
 */
export function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const w = b.length + 1;
  let prev2 = new Array<number>(w).fill(0);
  let prev = new Array<number>(w);
  let cur = new Array<number>(w);
  for (let j = 0; j < w; j++) prev[j] = j;
  const same = (x: number, y: number) => y === 63 /* '?' */ || x === y;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (same(ca, cb) ? 0 : 1));
      if (i > 1 && j > 1 && same(ca, b.charCodeAt(j - 2)) && same(a.charCodeAt(i - 2), cb)) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(prev[b.length]!, max + 1);
}

/** Every key one edit away from `key` over A-Z0-9 (deletions, swaps, substitutions, insertions). */
export function editVariants(key: string): string[] {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const out = new Set<string>();
  for (let i = 0; i < key.length; i++) {
    out.add(key.slice(0, i) + key.slice(i + 1));
    if (i + 1 < key.length) out.add(key.slice(0, i) + key.charAt(i + 1) + key.charAt(i) + key.slice(i + 2));
    for (const c of alphabet) if (c !== key.charAt(i)) out.add(key.slice(0, i) + c + key.slice(i + 1));
  }
  for (let i = 0; i <= key.length; i++) for (const c of alphabet) out.add(key.slice(0, i) + c + key.slice(i));
  out.delete(key);
  return [...out];
}

/** Typos allowed for a typed MPN key of this length: none below 4 characters, 1 up to 6, else 2. */
export function typoBudget(length: number): number {
  return length < 4 ? 0 : length <= 6 ? 1 : 2;
}

// ── Highlighting ─────────────────────────────────────────────────────────────

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** Marks ranges [start, end) of `text` (merged), HTML-escaping everything. */
export function markRanges(text: string, ranges: ReadonlyArray<readonly [number, number]>): string {
  const sorted = ranges.filter(([s, e]) => e > s).sort((x, y) => x[0] - y[0]);
  const merged: [number, number][] = [];
  for (const [s, e] of sorted) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  let out = '';
  let pos = 0;
  for (const [s, e] of merged) {
    out += `${escapeHtml(text.slice(pos, s))}<mark>${escapeHtml(text.slice(s, e))}</mark>`;
    pos = e;
  }
  return out + escapeHtml(text.slice(pos));
}

/** Case-insensitive (ASCII) occurrences of any needle in the text, as ranges. */
export function findNeedles(text: string, needles: readonly string[]): [number, number][] {
  const hay = asciiLower(text);
  const out: [number, number][] = [];
  for (const raw of needles) {
    const n = asciiLower(raw.trim());
    if (n.length === 0 || (n.length === 1 && !isCjk(n))) continue;
    let from = 0;
    for (let guard = 0; guard < 50; guard++) {
      const at = hay.indexOf(n, from);
      if (at < 0) break;
      // Latin needles of one or two characters only mark whole words.
      const wordOk = n.length > 2 || hasCjk(n) || (!/[a-z0-9]/.test(hay.charAt(at - 1)) && !/[a-z0-9]/.test(hay.charAt(at + n.length)));
      if (wordOk) out.push([at, at + n.length]);
      from = at + n.length;
    }
  }
  return out;
}

/**
 * Marks in a displayed MPN the characters that match the typed MPN key (compared on normalised
 * characters, so 'AMS1117-3.3' is marked for 'ams11173'): the longest common prefix, else the
 * first occurrence of the key.
 */
export function highlightMpn(mpn: string, typedKeys: readonly string[]): string {
  // Positions in `mpn` of each normalised character.
  const pos: number[] = [];
  let norm = '';
  for (let i = 0; i < mpn.length; i++) {
    const c = mpn.charAt(i).toUpperCase();
    if (/[A-Z0-9]/.test(c)) {
      norm += c;
      pos.push(i);
    }
  }
  const ranges: [number, number][] = [];
  for (const key of typedKeys) {
    if (key.length < 2) continue;
    let at = norm.indexOf(key);
    let len = key.length;
    if (at < 0) {
      // Longest common prefix (a family 'STM32F103C8Tx' for 'STM32F103C8T6', or a typo).
      let k = 0;
      while (k < key.length && k < norm.length && (norm.charAt(k) === key.charAt(k) || (norm.charAt(k) === 'X' && /x/.test(mpn.charAt(pos[k]!))))) k++;
      if (k < 3) continue;
      at = 0;
      len = k;
    }
    const start = pos[at]!;
    const end = pos[at + len - 1]! + 1;
    ranges.push([start, end]);
  }
  return markRanges(mpn, ranges);
}

/** Needles to mark in descriptions: the typed words and the surface forms of dictionary terms. */
export function highlightNeedles(parsed: ParsedQuery, dict: Dictionary): string[] {
  const out = new Set<string>();
  for (const t of parsed.tokens) {
    if (t.kind === 'dict') {
      out.add(t.text);
      for (const s of dict.surfaces.get(t.key) ?? []) if (s.length >= 2) out.add(s);
    } else if (t.kind === 'quantity') {
      // '3.3V' is written '3.3 V' in descriptions, '64KB' as '64 KB'.
      out.add(t.text);
      const m = /^([+-]?[0-9.]+)\s*(\S+)$/.exec(t.text);
      if (m) out.add(`${m[1]} ${m[2]}`);
      if (t.unit) out.add(formatQuantity(t.value, t.unit));
    } else out.add(t.text);
  }
  return [...out].sort((a, b) => b.length - a.length);
}

// ── Did you mean (dictionary) ────────────────────────────────────────────────

/** The nearest dictionary surface or English word to an unknown word (one or two edits), for 'did you mean'. */
export function nearestTerm(word: string, dict: Dictionary): string | null {
  const key = termKey(word);
  if (key.length < 2) return null;
  const max = hasCjk(key) ? 1 : typoBudget(key.length);
  if (max === 0) return null;
  let best: { d: number; surface: string } | null = null;
  const consider = (k: string, surface: string) => {
    if (Math.abs(k.length - key.length) > max) return;
    const d = boundedDistance(key, k, max);
    if (d <= max && d > 0 && (!best || d < best.d)) best = { d, surface };
  };
  for (const [k, sense] of dict.terms) consider(k, dict.surfaces.get(k)?.[0] ?? sense.display);
  if (!hasCjk(key)) for (const w of dict.vocabulary) consider(w, w);
  return (best as { d: number; surface: string } | null)?.surface ?? null;
}

/** Popularity prior of a normalised MPN (0 when not a well-known part; see POPULAR_PARTS). */
const POPULAR_RE = new RegExp(
  `^(?:${POPULAR_PARTS.map((p) => normalizeMpn(p))
    .sort((a, b) => b.length - a.length)
    .join('|')})`,
);
const POPULAR_RANK = new Map(POPULAR_PARTS.map((p, i) => [normalizeMpn(p), i]));
/** A tie-break from distributor stock (0 … 0.09, logarithmic): never worth one usage count. */
export function stockPrior(stock: number): number {
  return Number.isFinite(stock) && stock > 0 ? 0.09 * Math.min(1, Math.log10(stock + 1) / 8) : 0;
}

export function popularityPrior(mpnNormalized: string): number {
  const m = POPULAR_RE.exec(mpnNormalized);
  if (!m) return 0;
  // The longest listed prefix that matches decides the rank.
  let rank = POPULAR_PARTS.length;
  for (let len = m[0].length; len >= 3; len--) {
    const r = POPULAR_RANK.get(mpnNormalized.slice(0, len));
    if (r !== undefined) rank = Math.min(rank, r);
  }
  // The base part before its variants (1N4148 before 1N4148WS), without crossing ranks.
  const extra = Math.min(10, mpnNormalized.length - m[0].length);
  return 0.5 + 0.4 * (1 - rank / POPULAR_PARTS.length) - 0.0002 * extra;
}
