import type { Context } from 'hono';
import { serverMessage } from '../server/messages/server-message.ts';
import type { AppEnv } from '../server/app-env.ts';
import { errorEnvelope } from '../server/envelope.ts';
import { AppError, Code } from '../server/errors.ts';
import { createRateLimit, type RateLimit } from '../server/rate-limit.server.ts';

// Per-client limits on the KiCad download and the symbol/footprint previews. An engineer downloads
// a few parts a minute and a detail page asks for two SVGs (which browsers then keep for a day);
// a scraper walking the catalogue asks for hundreds. Over the limit: 429, code 42900, Retry-After.

export type DownloadKind = 'zip' | 'svg';
export type DownloadLimits = Record<DownloadKind, { max: number; windowMs: number }>;

export const DOWNLOAD_LIMITS: DownloadLimits = {
  zip: { max: 60, windowMs: 60_000 },
  svg: { max: 600, windowMs: 60_000 },
};

const create = (limits: DownloadLimits, fresh = false): Record<DownloadKind, RateLimit> => ({
  zip: createRateLimit('download:zip', limits.zip, { fresh }),
  svg: createRateLimit('download:svg', limits.svg, { fresh }),
});
let throttles = create(DOWNLOAD_LIMITS);

/** Fresh counts, optionally with other limits (tests). */
export function resetDownloadLimits(limits: DownloadLimits = DOWNLOAD_LIMITS): void {
  throttles = create(limits, true);
}

/**
 * The client a limit counts: the socket address, an IPv6 address by its /64 (one subscriber's
 * network, whose addresses it can rotate freely), an IPv4-mapped one as plain IPv4.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const address = ip.split('%')[0]!.toLowerCase();
  const halves = address.split('::');
  if (halves.length > 2) return ip;
  const groups = (s: string | undefined) => (s ? s.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const full = halves.length === 2 ? [...head, ...Array<string>(Math.max(0, 8 - head.length - tail.length)).fill('0'), ...tail] : head;
  if (full.length !== 8 || !full.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return ip;
  return `${full.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

/** Null when the caller may go on; else the 429 answer. Counts every call, answered or not. */
export async function downloadLimited(c: Context<AppEnv>, kind: DownloadKind): Promise<Response | null> {
  const verdict = await throttles[kind].hit(c.var.db, clientKey(c.var.ip), c.var.now() * 1000);
  if (verdict.ok) return null;
  const seconds = String(verdict.retryAfter);
  return c.json({ code: Code.rateLimited, msg: serverMessage('rateLimited', c.var.locale, { seconds }), result: null }, 429, { 'Retry-After': seconds });
}

/** The same count for a handler that answers through the envelope: throws 42900 (429) with Retry-After. */
export async function throttleDownload(c: Context<AppEnv>, kind: DownloadKind): Promise<void> {
  const verdict = await throttles[kind].hit(c.var.db, clientKey(c.var.ip), c.var.now() * 1000);
  if (verdict.ok) return;
  c.header('Retry-After', String(verdict.retryAfter));
  throw new AppError(Code.rateLimited, serverMessage('rateLimited', c.var.locale, { seconds: String(verdict.retryAfter) }));
}

/** The OpenAPI description of that answer. */
export const rateLimitedResponses = {
  429: {
    description: `Too many requests from this client (42900; ${DOWNLOAD_LIMITS.zip.max} downloads or ${DOWNLOAD_LIMITS.svg.max} previews a minute); Retry-After gives the seconds to wait`,
    headers: { 'Retry-After': { schema: { type: 'integer' as const }, description: 'Seconds until the next request is accepted' } },
    content: { 'application/json': { schema: errorEnvelope } },
  },
} as const;
