import { isTrustedProxy } from './security-headers.ts';

/**
 * The header `npm start` sets to the client's address before the site sees a request (any copy a
 * client sent is removed first, so it cannot be forged through our own server).
 */
export const CLIENT_ADDRESS_HEADER = 'x-chipedia-client-address';

/**
 * The client's address: the socket's peer, or, when that peer is a trusted reverse proxy
 * (TRUST_PROXY), the nearest address in X-Forwarded-For that is not one of ours. Read from the
 * right: a client can put anything at the left of the list, only the proxies' own entries are true.
 */
export function resolveClientAddress(peer: string | undefined, forwardedFor: string | undefined, trustedProxies: readonly string[]): string | undefined {
  if (!peer || !forwardedFor || !isTrustedProxy(peer, trustedProxies)) return peer;
  const hops = forwardedFor
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => hop.length > 0 && hop.length <= 64);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!isTrustedProxy(hops[i]!, trustedProxies)) return hops[i];
  }
  return hops[0] ?? peer;
}

/**
 * The address of an Astro request: the one `npm start` resolved, else Astro's clientAddress (the
 * socket's peer; read lazily, since its getter throws once the socket is gone).
 */
export function clientAddressOf(request: Request, read: () => string): string | undefined {
  const resolved = request.headers.get(CLIENT_ADDRESS_HEADER);
  if (resolved) return resolved;
  try {
    return read();
  } catch {
    return undefined;
  }
}
