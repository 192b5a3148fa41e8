// SPEC §1, §9: the pages whose visitors on phones and small tablets go to the separate mobile
// site, and where they land there. One list for both checks: the edge (mobile-edge.ts, in the
// middleware, from request headers) and the browser (client/mobile-redirect.ts, from the screen).

type Locale = 'zh' | 'en';

/** home, productDetail, ecadViewer/viewerPage and search, as locale-free paths. */
const MOBILE_PAGES = [/^\/$/, /^\/home\/?$/, /^\/productDetail(\/|$)/, /^\/ecadViewer\/viewerPage\/?$/, /^\/search\/?$/];

export function isMobileSitePage(barePath: string): boolean {
  return MOBILE_PAGES.some((re) => re.test(barePath));
}

/**
 * The mobile site's address for a page, or null when there is no mobile site or the page is not
 * one of SPEC §1's. The locale travels as it does here: English pages keep their /en prefix
 * ('/en/search?name=x' → '<mobile site>/en/search?name=x'), Chinese ones have none.
 */
export function mobileSiteLocation(mobileSiteUrl: string, locale: Locale, barePath: string, search: string): string | null {
  if (!mobileSiteUrl || !isMobileSitePage(barePath)) return null;
  const path = locale === 'en' ? (barePath === '/' ? '/en' : `/en${barePath}`) : barePath;
  return `${mobileSiteUrl.replace(/\/$/, '')}${path}${search}`;
}
