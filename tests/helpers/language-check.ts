// The language sweep's rules (issue #32 item 3), shared by the API sweep (tests/api/language-sweep.test.ts)
// and the browser sweep (tests/e2e/language-sweep.spec.ts).
// - An English answer or page has no text in Han script, except names on HAN_ALLOWED (brands whose
//   only name is Chinese, user-typed text) with the reason each is allowed.
// - A Chinese one has no English word outside part numbers (a digit in the word), units, brand
//   names and the terms engineers write in English in Chinese too (ENGLISH_TERMS).
import { BRANDS } from '../../src/lib/catalog/brands.ts';
import { jlcBrands } from '../../src/lib/catalog/jlcparts/brand-map.ts';
import { ENGLISH_TERMS } from '../../src/lib/i18n/param-values.ts';

export const HAN = /\p{Script=Han}/u;

const brandsEn = [...BRANDS.map((b) => b.nameEn), ...jlcBrands().map((b) => b.nameEn)];

/** Han text an English page may show, each with why. */
export const HAN_ALLOWED: readonly { readonly text: string | RegExp; readonly why: string }[] = [
  // A brand keeps its own name where it has no other (issue #32 item 1).
  ...brandsEn.filter((n) => HAN.test(n)).map((text) => ({ text, why: 'brand whose only name is Chinese' })),
  { text: '中文', why: 'the language switch names the other language in that language' },
  { text: '芯百科', why: 'the product name beside Chipedia in the logo' },
  { text: /^京ICP备\d+号(?:-\d+)?$/, why: 'the ICP filing number is a legal identifier shown as issued' },
];

export function hanAllowed(text: string): boolean {
  const t = text.trim();
  return HAN_ALLOWED.some((a) => (typeof a.text === 'string' ? a.text === t : a.text.test(t)));
}

const TERMS = new Set(ENGLISH_TERMS.map((t) => t.toLowerCase()));
const BRAND_WORDS = new Set(
  [...BRANDS.flatMap((b) => [b.nameEn, b.nameZh]), ...jlcBrands().flatMap((b) => [b.nameEn, b.nameZh])]
    .flatMap((n) => n.split(/[\s()/,.&+-]+/))
    .filter((w) => /^[A-Za-z]+$/.test(w))
    .map((w) => w.toLowerCase()),
);
// Unit symbols and SI prefixes written with letters.
const UNIT_WORDS = new Set(['hz', 'khz', 'mhz', 'ghz', 'mw', 'kw', 'mv', 'kv', 'ma', 'ua', 'mah', 'nf', 'pf', 'uf', 'mf', 'nh', 'uh', 'mh', 'kb', 'mb', 'gb', 'kbit', 'mbit', 'bit', 'bits', 'bps', 'kbps', 'mbps', 'gbps', 'db', 'dbm', 'ppm', 'mm', 'cm', 'mil', 'awg', 'rpm', 'lm', 'mcd', 'cd', 'lx', 'nm', 'ns', 'us', 'ms', 'ps', 'ohm', 'ohms', 'vdc', 'vac', 'vpp', 'mohm', 'kohm', 'pin', 'pins', 'utc']);

/** Terms of the catalogue's Chinese category names and the site's Chinese texts written in English there too. */
const ZH_PAGE_TERMS = new Set(
  ['Buck', 'Boost', 'Buck-Boost', 'ZigBee', 'D-Sub', 'PoE', 'eMMC', 'GaN', 'HEMT', 'IrDA', 'SMBus', 'Microwire', 'PowerPC', 'dsPIC', 'Sub-GHz', 'CC-BY-SA', 'GPL',
    // Key names on the keyboard, and the language switch naming English in English (as 中文 on /en).
    'Enter', 'Shift', 'Ctrl', 'Alt', 'Esc', 'Tab', 'English',
    // File formats and tools named by their own names.
    'xlsx', 'xls', 'csv', 'tsv', 'zip', 'WebP', 'PNG', 'JPEG', 'SVG', 'STEP', 'VRML', 'Altium', 'BroadcastChannel'].map((w) => w.toLowerCase()),
);

/**
 * English words of a Chinese text that are none of the allowed kinds. `userWords`: words the page
 * shows because a user or a source wrote them (a BOM's headers, a design's title and tags).
 */
export function strayEnglishWords(text: string, userWords: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  // An English gloss in brackets after Chinese ('基准点 (Fiducial)') is the term, not untranslated text.
  const checked = text
    .replace(/(\p{Script=Han}\s*)[(（][^()（）]*[)）]/gu, '$1')
    // Addresses, paths ('/ecadViewer/viewerPage'), query parameters ('?mfgMpnCode=') and file
    // extensions ('.kicad_pcb', '.zip') are names, not words.
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\?\w+=/g, ' ')
    .replace(/(?:^|[\s(（])\/[\w/.?=%&-]+/g, ' ')
    .replace(/\.[a-z][a-z0-9_]*/g, ' ');
  for (const m of checked.matchAll(/[A-Za-z][A-Za-z0-9+#.'_-]*/g)) {
    const word = m[0].replace(/[.'_-]+$/, '');
    if (word.length < 3) continue; // V, mA, Ω-less units, single letters of part names
    if (/\d/.test(word)) continue; // part numbers, packages (SOT-23), versions
    if (word.includes('_') || /^[a-z]+(?:-[a-z]+)+$/.test(word)) continue; // identifiers: tags, file and library names
    if (/^[A-Z][A-Z+#-]*$/.test(word) && word.length <= 6) continue; // abbreviations (LDO, MOSFET, USB)
    if (/^[VIRPCQTLf][a-z]{1,4}$/.test(word) && word.length <= 5) continue; // quantity symbols written in Chinese too (Vds, Rds, Iq, Vce)
    const lower = word.toLowerCase();
    const known = (w: string) => TERMS.has(w) || ZH_PAGE_TERMS.has(w) || UNIT_WORDS.has(w) || BRAND_WORDS.has(w) || userWords.has(w);
    if (known(lower) || lower.split(/[-+]/).every((p) => p === '' || known(p))) continue;
    out.push(word);
  }
  return out;
}

/** The words of texts a user or a source wrote, lower case, for strayEnglishWords. */
export function wordsOf(texts: readonly string[]): Set<string> {
  return new Set(texts.flatMap((t) => t.toLowerCase().match(/[a-z][a-z0-9_-]*/g) ?? []));
}

export type Finding = { readonly path: string; readonly text: string };

/**
 * Every string of a JSON answer in the wrong language. `skip(path)` leaves out fields that hold
 * names the user or the source gave (a BOM's cells, a part number, a nickname).
 */
export function wrongLanguage(value: unknown, locale: 'zh' | 'en', skip: (path: string) => boolean, path = ''): Finding[] {
  if (skip(path)) return [];
  if (typeof value === 'string') {
    if (locale === 'en') return HAN.test(value) && !hanAllowed(value) ? [{ path, text: value }] : [];
    const stray = strayEnglishWords(value);
    return stray.length > 0 ? [{ path, text: `${value}  ← ${stray.join(', ')}` }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => wrongLanguage(v, locale, skip, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => wrongLanguage(v, locale, skip, path ? `${path}.${k}` : k));
  return [];
}
