import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';

// The owner secret of a browser's anonymous BOMs (issue #36 item 3): 32 random bytes in an
// HttpOnly cookie, made at the browser's first upload and kept a year; a BOM stores only its
// SHA-256 (boms.owner_key). The BOM's id in a shared link is not enough to change or claim it.

export const BOM_OWNER_COOKIE = 'bom_owner';
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const ownerKeyOf = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** The hash of the owner secret the request carries, or null. */
export function requestOwnerKey(c: Context): string | null {
  const secret = getCookie(c, BOM_OWNER_COOKIE);
  return secret && SECRET_PATTERN.test(secret) ? ownerKeyOf(secret) : null;
}

/** The request's owner key, after giving the browser a secret if it had none (uploads only). */
export function ensureOwnerKey(c: Context): string {
  const known = requestOwnerKey(c);
  if (known) return known;
  const secret = randomBytes(32).toString('base64url');
  setCookie(c, BOM_OWNER_COOKIE, secret, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: new URL(c.req.url).protocol === 'https:',
    maxAge: 365 * 86_400,
  });
  return ownerKeyOf(secret);
}
