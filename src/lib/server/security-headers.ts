// One set of security headers for every response: pages, /api, /sso and static files
// (issue #9 item 10). Pages get a Content-Security-Policy whose script hashes Astro computes
// (astro.config.mjs `security.csp`); the directives below are added to it at run time because
// they depend on the environment (HOST_ORIGINS, an SSO on another host).

export type SecurityHeaderOptions = {
  /** Origins allowed to frame our pages and exchange host messages (HOST_ORIGINS). */
  hostOrigins: readonly string[];
  /** Origin of an SSO on another host, or '' when it is embedded at /sso. */
  ssoOrigin: string;
};

/** `frame-ancestors`: the configured hosts only; nobody when none are configured. */
export function frameAncestors(hostOrigins: readonly string[]): string {
  return `frame-ancestors ${hostOrigins.length > 0 ? hostOrigins.join(' ') : "'none'"}`;
}

/**
 * The page directives Astro's CSP header lacks (Astro writes script-src with the hashes of its
 * inline scripts, and style-src). Datasheets are framed from their makers' sites and WeChat's
 * QR page from open.weixin.qq.com, so frames may come from any https origin; sync URLs of
 * partner sites are images on other origins, hence img-src https:.
 */
export function pageDirectives({ hostOrigins, ssoOrigin }: SecurityHeaderOptions): string[] {
  const sso = ssoOrigin ? ` ${ssoOrigin}` : '';
  return [
    "default-src 'self'",
    `connect-src 'self'${sso}`,
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "frame-src 'self' https:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${sso}`,
    frameAncestors(hostOrigins),
  ];
}

/** For responses that are data, not documents (JSON, files, SVG previews): nothing may run or frame. */
export const DATA_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Headers every response carries; a response that set its own value keeps it. */
export function baseSecurityHeaders({ hostOrigins }: Pick<SecurityHeaderOptions, 'hostOrigins'>): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    // Legacy browsers that ignore frame-ancestors: only DENY can be said (no list of origins).
    ...(hostOrigins.length === 0 ? { 'X-Frame-Options': 'DENY' } : {}),
  };
}

/** Sets the base headers on `headers` where they are missing. */
export function applyBaseSecurityHeaders(headers: Headers, options: Pick<SecurityHeaderOptions, 'hostOrigins'>): void {
  for (const [name, value] of Object.entries(baseSecurityHeaders(options))) if (!headers.has(name)) headers.set(name, value);
}

/** Completes a page's CSP: Astro's script/style directives plus ours; a page without one gets ours alone. */
export function pageCsp(astroCsp: string | null, options: SecurityHeaderOptions): string {
  const ours = pageDirectives(options);
  const theirs = (astroCsp ?? '')
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  const names = new Set(theirs.map((d) => d.split(/\s+/)[0]));
  return [...theirs, ...ours.filter((d) => !names.has(d.split(' ')[0]))].join('; ');
}

/** The SSO origin when SSO_URL names another host; '' for the embedded /sso. */
export function ssoOriginOf(ssoUrl: string): string {
  return /^https?:\/\//.test(ssoUrl) ? new URL(ssoUrl).origin : '';
}
