import { mobileSiteLocation } from '../site/mobile-site.ts';

// SPEC §1, §9: touch screens narrower than 1024 px on home, productDetail, ecadViewer/viewerPage
// and search go to the mobile site, when one is configured. Phones are already sent there by the
// middleware (site/mobile-edge.ts); this check catches what a request header cannot tell, such as
// tablets.
export const MOBILE_MAX_WIDTH = 1024;

/** The mobile URL to go to, or null. `path` is the locale-free path. */
export function mobileRedirectTarget(
  mobileSiteUrl: string,
  path: string,
  search: string,
  viewportWidth: number,
  hasTouch: boolean,
  locale: 'zh' | 'en' = 'zh',
): string | null {
  if (viewportWidth >= MOBILE_MAX_WIDTH || !hasTouch) return null;
  return mobileSiteLocation(mobileSiteUrl, locale, path, search);
}
