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

/**
 * The locale rule (docs/decisions/0018-locale-rule.md): a URL that names its language wins.
 * `/en/…` is English and a plain path other than `/` is Chinese (SPEC §2: zh has no prefix), so a
 * shared link or a link the user follows renders in the language it was written in. Only the
 * site's address `/` names no page: there the stored preference (the language switch's cookie,
 * 365 days), else the browser language decides, and a first visit's detected language is stored.
 * Reading a page never writes the cookie: one visit to an /en link changes nothing later.
 */
export function decideLocale(pathname: string, search: string, cookieHeader: string | null, acceptLanguage: string | null): LocaleDecision {
  const [urlLocale, barePath] = splitLocale(pathname);
  if (urlLocale === 'en') return { kind: 'render', locale: 'en', barePath };
  if (pathname !== '/') return { kind: 'render', locale: 'zh', barePath };
  const cookie = readLocaleCookie(cookieHeader);
  const wanted = cookie ?? preferredLocale(acceptLanguage ?? undefined);
  const seed = cookie ? {} : { setCookie: wanted };
  if (wanted === 'en') return { kind: 'redirect', location: localizePath('/', 'en') + search, ...seed };
  return { kind: 'render', locale: 'zh', barePath, ...seed };
}

/** The language switch target, validated so it can never become an open redirect. */
export function switchTarget(to: string | null, path: string | null): { locale: Locale; location: string } | null {
  if (!isLocale(to)) return null;
  const safe = path && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') ? path : '/';
  const url = new URL(safe, 'http://x');
  return { locale: to, location: localizePath(url.pathname, to) + url.search };
}
