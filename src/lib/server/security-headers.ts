// One set of security headers for every response: pages, /api, /sso and static files
// (issue #9 item 10). Pages get a Content-Security-Policy whose script hashes Astro computes
// (astro.config.mjs `security.csp`); the directives below are added to it at run time because
// they depend on the environment (HOST_ORIGINS, an SSO on another host).

import { CHROMELESS_SEGMENTS } from '../site/page-chrome.ts';

export type SecurityHeaderOptions = {
  /** Origins allowed to frame our pages and exchange host messages (HOST_ORIGINS). */
  hostOrigins: readonly string[];
  /** Origin of an SSO on another host, or '' when it is embedded at /sso. */
  ssoOrigin: string;
  /** A host page (isHostPage): HOST_ORIGINS may frame it. Everything else: nobody. */
  framable?: boolean;
};

/**
 * The pages a host (the desktop EDA's frame) opens: SPEC §2's chromeless dialogs and editors
 * (page-chrome.ts), and the design viewer's assistant icon, which asks the host for a dialog.
 * Only these may be framed, and only by HOST_ORIGINS; any other page answers frame-ancestors 'none'.
 */
export const HOST_PAGE_PATHS = [...CHROMELESS_SEGMENTS, '/ecadViewer/ai/aiIcon'] as const;

/** Whether a path without its locale prefix is a host page (the path itself or one below it). */
export function isHostPage(barePath: string): boolean {
  const path = barePath.length > 1 ? barePath.replace(/\/+$/, '') : barePath;
  return HOST_PAGE_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}

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
export function pageDirectives({ hostOrigins, ssoOrigin, framable = false }: SecurityHeaderOptions): string[] {
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
    frameAncestors(framable ? hostOrigins : []),
  ];
}

/** For responses that are data, not documents (JSON, files, SVG previews): nothing may run or frame. */
export const DATA_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** SVG we send (previews drawn from users' files): opened on its own, it is a sandboxed document that runs nothing. */
export const SVG_CSP = `${DATA_CSP}; sandbox`;

/** Headers every answer carries, whatever it is (start.ts sets them under static files too). */
export function everyAnswerHeaders(): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  };
}

/** Headers every response carries; a response that set its own value keeps it. */
export function baseSecurityHeaders({ hostOrigins, framable = false }: Pick<SecurityHeaderOptions, 'hostOrigins' | 'framable'>): Record<string, string> {
  return {
    ...everyAnswerHeaders(),
    // Legacy browsers that ignore frame-ancestors: only DENY can be said (no list of origins).
    ...(framable && hostOrigins.length > 0 ? {} : { 'X-Frame-Options': 'DENY' }),
  };
}

/** HSTS for a year, subdomains included; sent only on answers that went out over TLS (cameOverTls). */
export const HSTS = 'max-age=31536000; includeSubDomains';

export type TlsEvidence = {
  /** The socket itself is TLS (a server with a certificate). */
  encrypted: boolean;
  /** The socket's peer address. */
  peer: string | undefined;
  /** The X-Forwarded-Proto header, believed only from a trusted proxy. */
  forwardedProto: string | undefined;
  /** TRUST_PROXY: addresses of the reverse proxies in front of us. */
  trustedProxies: readonly string[];
};

/**
 * Whether the browser reached us over TLS: our own TLS socket, or a trusted proxy (TRUST_PROXY)
 * saying so in X-Forwarded-Proto. Anyone else's header is ignored: over plain HTTP an HSTS header
 * is meaningless, and a forged one must not make us claim TLS.
 */
export function cameOverTls({ encrypted, peer, forwardedProto, trustedProxies }: TlsEvidence): boolean {
  if (encrypted) return true;
  if (!peer || !forwardedProto || !isTrustedProxy(peer, trustedProxies)) return false;
  // A proxy that appends gives "https, http": the first hop is the browser's.
  return forwardedProto.split(',')[0]!.trim().toLowerCase() === 'https';
}

/** `peer` is one of `trusted` ('loopback' stands for 127.0.0.0/8 and ::1); IPv4-mapped IPv6 is unwrapped. */
export function isTrustedProxy(peer: string, trusted: readonly string[]): boolean {
  const address = peer.startsWith('::ffff:') ? peer.slice(7) : peer;
  return trusted.some((t) => (t === 'loopback' ? address === '::1' || address.startsWith('127.') : t === address));
}

/** Sets the base headers on `headers` where they are missing. */
export function applyBaseSecurityHeaders(headers: Headers, options: Pick<SecurityHeaderOptions, 'hostOrigins' | 'framable'>): void {
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
