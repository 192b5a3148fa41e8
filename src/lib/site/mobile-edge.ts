import { isMobileSitePage, mobileSiteLocation } from './mobile-site.ts';

// SPEC §1 mobile redirect, decided before the page renders (src/middleware.ts applies it).
// Phones are told apart by the Sec-CH-UA-Mobile client hint (Chromium browsers) or, without it, by
// the User-Agent. Tablets are not redirected here: neither header tells a tablet's screen width,
// so the browser check (client/mobile-redirect.ts) keeps them. Crawlers are never redirected, so
// search engines index the pages themselves. Pure: tests cover every branch.

/** The request headers the answer of a SPEC §1 page depends on while a mobile site is set. */
export const MOBILE_VARY = 'Sec-CH-UA-Mobile, User-Agent';
/** Asks Chromium browsers to keep sending the hint (it is low-entropy: sent by default today). */
export const MOBILE_ACCEPT_CH = 'Sec-CH-UA-Mobile';

export type MobileEdgeRequest = {
  method: string;
  locale: 'zh' | 'en';
  /** The locale-free path ('/search' for '/en/search'). */
  barePath: string;
  /** '' or '?…', passed on unchanged. */
  search: string;
  /** The Sec-CH-UA-Mobile header: '?1' a phone, '?0' not; anything else counts as absent. */
  chUaMobile: string | null;
  userAgent: string | null;
};

export type MobileEdgeDecision =
  /** No mobile site, another page, or a method that is not GET/HEAD: nothing to add. */
  | { kind: 'none' }
  /** A SPEC §1 page rendered here: its answer varies with the device headers. */
  | { kind: 'page' }
  | { kind: 'redirect'; location: string };

// Generic words first (bot, crawler, spider: Googlebot incl. its smartphone agent, bingbot,
// YandexBot, DuckDuckBot, Applebot, Baiduspider incl. mobile, Sogou web spider, 360Spider,
// Bytespider), then Google's fetchers that carry none of them.
const CRAWLER = /bot|crawl|spider|slurp|Mediapartners-Google|Google-InspectionTool|facebookexternalhit/i;
// Phones: iPhone and iPod; Android with "Mobile" (Android tablets leave it out; WeChat, QQ and
// HarmonyOS 2–4 browsers on phones are Android agents); "Phone" (Windows Phone, HarmonyOS NEXT's
// "(Phone; OpenHarmony …)"); old mobile browsers. iPads say "Mobile/…" too, hence no bare "Mobile".
const PHONE = /iPhone|iPod|\bPhone\b|Android.*\bMobile\b|IEMobile|Opera Mini|BlackBerry|\bBB10\b/i;

export function isCrawler(userAgent: string | null): boolean {
  return CRAWLER.test(userAgent ?? '');
}

/** A phone by its headers: the client hint when it is sent, else the User-Agent. */
export function isPhone(chUaMobile: string | null, userAgent: string | null): boolean {
  const hint = chUaMobile?.trim();
  if (hint === '?1') return true;
  if (hint === '?0') return false;
  return PHONE.test(userAgent ?? '');
}

export function decideMobileEdge(mobileSiteUrl: string, req: MobileEdgeRequest): MobileEdgeDecision {
  if (!mobileSiteUrl || (req.method !== 'GET' && req.method !== 'HEAD') || !isMobileSitePage(req.barePath)) return { kind: 'none' };
  if (isCrawler(req.userAgent) || !isPhone(req.chUaMobile, req.userAgent)) return { kind: 'page' };
  const location = mobileSiteLocation(mobileSiteUrl, req.locale, req.barePath, req.search);
  return location ? { kind: 'redirect', location } : { kind: 'page' };
}

/**
 * The redirect answer. It depends on the device headers (and, for Chinese URLs, on the locale
 * cookie and Accept-Language the locale routing read first), so no shared cache may keep it.
 */
export function mobileRedirectResponse(location: string): Response {
  return new Response(null, {
    status: 302,
    headers: {
      Location: location,
      Vary: `${MOBILE_VARY}, Cookie, Accept-Language`,
      'Accept-CH': MOBILE_ACCEPT_CH,
      'Cache-Control': 'private, no-store',
    },
  });
}
