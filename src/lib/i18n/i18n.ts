import { en } from './en.ts';
import { zh, type MessageKey } from './zh.ts';

export type Locale = 'zh' | 'en';
export const LOCALES: readonly Locale[] = ['zh', 'en'];
export const DEFAULT_LOCALE: Locale = 'zh';
/** SPEC §9: the locale cookie lives 365 days. */
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

const dictionaries = { zh, en } as const;

export function t(locale: Locale, key: MessageKey, vars: Record<string, string | number> = {}): string {
  const text: string = dictionaries[locale][key];
  // Most texts have no placeholder, and a page asks for hundreds.
  return text.includes('{') ? text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`)) : text;
}

// The dictionaries are constant: each (locale, prefixes) selection is made once. Pages ask for
// several per render, and scanning every key each time was ~2 % of the server's CPU under load.
const labelSelections = new Map<string, Readonly<Record<string, string>>>();

/** Every string whose key starts with one of `prefixes` (full keys): an island's labels. */
export function labelsWithPrefix(locale: Locale, ...prefixes: string[]): Record<string, string> {
  const id = `${locale}\u0000${prefixes.join('\u0000')}`;
  let selected = labelSelections.get(id);
  if (!selected) {
    const out: Record<string, string> = {};
    for (const [key, text] of Object.entries(dictionaries[locale])) if (prefixes.some((p) => key.startsWith(p))) out[key] = text;
    selected = out;
    labelSelections.set(id, selected);
  }
  return { ...selected }; // a copy: callers may add to it
}

export function isLocale(value: unknown): value is Locale {
  return value === 'zh' || value === 'en';
}

/** Splits '/en/catalog' into ['en', '/catalog']; '/catalog' into ['zh', '/catalog']. */
export function splitLocale(pathname: string): [Locale, string] {
  if (pathname === '/en' || pathname.startsWith('/en/')) return ['en', pathname.slice(3) || '/'];
  return ['zh', pathname];
}

/** The same page in the given locale: '/catalog' -> '/en/catalog'. */
export function localizePath(path: string, locale: Locale): string {
  const [, bare] = splitLocale(path);
  if (locale === 'zh') return bare;
  return bare === '/' ? '/en' : `/en${bare}`;
}

export type { MessageKey };
