import { preferredLocale } from '../server/api-locale.ts';
import { isLocale, LOCALE_COOKIE, localizePath, splitLocale, type Locale } from './i18n.ts';

// Decides, for one page request, which locale renders and whether to redirect first.
// Pure so tests can cover every branch; src/middleware.ts applies the decision.

export type LocaleDecision =
  | { kind: 'render'; locale: Locale; barePath: string; setCookie?: Locale }
  | { kind: 'redirect'; location: string; setCookie?: Locale };

export function readLocaleCookie(cookieHeader: string | null): Locale | undefined {
  const match = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(cookieHeader ?? '');
  const value = match?.[1];
  return isLocale(value) ? value : undefined;
}

export function decideLocale(pathname: string, search: string, cookieHeader: string | null, acceptLanguage: string | null): LocaleDecision {
  const [urlLocale, barePath] = splitLocale(pathname);
  const cookie = readLocaleCookie(cookieHeader);
  if (urlLocale === 'en') {
    // An explicit /en URL always renders English; it only seeds a missing preference.
    return { kind: 'render', locale: 'en', barePath, ...(cookie ? {} : { setCookie: 'en' as const }) };
  }
  const wanted = cookie ?? preferredLocale(acceptLanguage ?? undefined);
  if (wanted === 'en') {
    return { kind: 'redirect', location: localizePath(barePath, 'en') + search, ...(cookie ? {} : { setCookie: 'en' as const }) };
  }
  return { kind: 'render', locale: 'zh', barePath, ...(cookie ? {} : { setCookie: 'zh' as const }) };
}

/** The language switch target, validated so it can never become an open redirect. */
export function switchTarget(to: string | null, path: string | null): { locale: Locale; location: string } | null {
  if (!isLocale(to)) return null;
  const safe = path && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') ? path : '/';
  const url = new URL(safe, 'http://x');
  return { locale: to, location: localizePath(url.pathname, to) + url.search };
}
