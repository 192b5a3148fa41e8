// The caller's language. The locale comes from the `locale` cookie the site sets, else
// Accept-Language, so the client needs no extra header. Messages: messages/server-message.ts.
import type { Locale } from '../i18n/i18n.ts';

export type { Locale };

export function localeFromRequest(cookieHeader: string | undefined, acceptLanguage: string | undefined): Locale {
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

