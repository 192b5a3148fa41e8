import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

// Who may use the development tools (/dev/*: the SMS inbox, the WeChat simulator, the slider's
// answer). They exist only with the dev providers, which APP_ENV=development allows by default, so
// a deployment that forgets APP_ENV would serve them to everyone. They answer:
//  - a loopback client (127.0.0.0/8, ::1, ::ffff:127.x) talking to a loopback host name, with no
//    proxy header (a reverse proxy on the same host makes everyone look like loopback); or
//  - anyone presenting the development key: made at each process start, printed in the start-up
//    log (the way Jupyter prints its token), given as `?key=`, the `X-Dev-Key` header, or once in
//    the key form (which leaves a cookie derived from the key).

const KEY_SLOT = Symbol.for('chipedia.sso.devKey');

/**
 * This process's development key: 24 random bytes, base64url (32 characters). Held on `globalThis`
 * so that scripts/start.ts and the server bundle, two copies of this module in one process, share it.
 */
export function processDevKey(): string {
  const slot = globalThis as { [KEY_SLOT]?: string };
  slot[KEY_SLOT] ??= randomBytes(24).toString('base64url');
  return slot[KEY_SLOT];
}

/** Constant-time comparison whatever the lengths (both sides are hashed first). */
export function sameKey(given: string, key: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(key).digest();
  return timingSafeEqual(a, b) && given.length === key.length;
}

/** The cookie the key form leaves: derived from the key, so the key itself is never stored in a browser. */
export function devCookieValue(key: string): string {
  return createHash('sha256').update(`chipedia-sso-dev-cookie|${key}`).digest('base64url');
}

/** 127.0.0.0/8, ::1 and IPv4-mapped 127.x (in any spelling); anything unparsable is not loopback. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ip = address.trim().replace(/%.*$/, '').toLowerCase();
  if (isIPv4(ip)) return ip.startsWith('127.');
  if (!isIPv6(ip)) return false;
  let canonical: string;
  try {
    canonical = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  } catch {
    return false;
  }
  if (canonical === '::1') return true;
  // ::ffff:127.0.0.1 canonicalises to ::ffff:7f00:1: the high byte of the first hextet is 127.
  const mapped = /^::ffff:([0-9a-f]{1,4}):[0-9a-f]{1,4}$/.exec(canonical);
  return mapped !== null && parseInt(mapped[1]!, 16) >> 8 === 127;
}

/** A request that came through a proxy (which makes every client look like loopback). */
export function isProxied(headers: Headers): boolean {
  if (headers.has('forwarded') || headers.has('x-real-ip') || headers.has('via')) return true;
  for (const name of headers.keys()) if (name.startsWith('x-forwarded-')) return true;
  return false;
}

/** localhost, *.localhost, 127.x and [::1], with or without a port: a name only this machine resolves. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${host.trim()}/`).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  if (hostname.startsWith('[')) return isLoopbackAddress(hostname.slice(1, -1));
  return isLoopbackAddress(hostname);
}

/**
 * A request from this machine: loopback socket, no proxy header, and a loopback host name (a page
 * elsewhere rebinding its DNS name to 127.0.0.1 sends its own name as Host, and is refused).
 */
export function isLocalRequest(ip: string | undefined, headers: Headers, url: string): boolean {
  if (!isLoopbackAddress(ip) || isProxied(headers)) return false;
  return isLoopbackHost(headers.get('host') ?? new URL(url).host);
}
