// The caller's language (docs/decisions/0018-locale-rule.md). The site's API client names the
// locale of the page that calls in `X-Locale`, which wins: a zh cookie must not put Chinese
// reasons on an /en page. Other callers (curl, MCP clients) get the `locale` cookie, else
// Accept-Language. Messages: messages/server-message.ts.
import type { Locale } from '../i18n/i18n.ts';

export type { Locale };

/** The header the site's API client sets to the page's locale. */
export const LOCALE_HEADER = 'X-Locale';

export function localeFromRequest(cookieHeader: string | undefined, acceptLanguage: string | undefined, pageLocale?: string | undefined): Locale {
  const page = pageLocale?.trim().toLowerCase();
  if (page === 'en' || page === 'zh') return page;
  const match = /(?:^|;\s*)locale=(zh|en)(?:;|$)/.exec(cookieHeader ?? '');
  if (match?.[1] === 'en' || match?.[1] === 'zh') return match[1];
  return preferredLocale(acceptLanguage);
}

/** Picks zh or en from an Accept-Language header by quality; zh wins ties and absence. */
export function preferredLocale(acceptLanguage: string | undefined): Locale {
  let best: { locale: Locale; q: number } = { locale: 'zh', q: 0 };
  for (const part of (acceptLanguage ?? '').split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.find((p) => p.trim().startsWith('q='));
    const q = qParam ? Number(qParam.trim().slice(2)) : 1;
    if (!Number.isFinite(q)) continue;
    const locale: Locale | undefined = tag.startsWith('zh') ? 'zh' : tag.startsWith('en') ? 'en' : undefined;
    if (locale && q > best.q) best = { locale, q };
  }
  return best.locale;
}

