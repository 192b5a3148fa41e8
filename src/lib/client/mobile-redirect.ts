// SPEC §1, §9: touch screens narrower than 1024 px on home, productDetail, ecadViewer/viewerPage
// and search go to the mobile site, when one is configured.
export const MOBILE_MAX_WIDTH = 1024;
const MOBILE_PAGES = [/^\/$/, /^\/home\/?$/, /^\/productDetail(\/|$)/, /^\/ecadViewer\/viewerPage\/?$/, /^\/search\/?$/];

/** The mobile URL to go to, or null. `path` is the locale-free path. */
export function mobileRedirectTarget(
  mobileSiteUrl: string,
  path: string,
  search: string,
  viewportWidth: number,
  hasTouch: boolean,
): string | null {
  if (!mobileSiteUrl || viewportWidth >= MOBILE_MAX_WIDTH || !hasTouch) return null;
  if (!MOBILE_PAGES.some((re) => re.test(path))) return null;
  return `${mobileSiteUrl.replace(/\/$/, '')}${path}${search}`;
}
