import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Small wrappers over Node's crypto: CSPRNG identifiers, SHA-256 and keyed HMACs.

/** URL-safe random identifier; 16 bytes = 128 bits (22 characters). */
export function randomId(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** HMAC-SHA256 over the parts joined by '|' (parts never contain '|' where it matters: ids are base64url). */
export function hmacHex(secret: string, ...parts: (string | number)[]): string {
  return createHmac('sha256', secret).update(parts.join('|')).digest('hex');
}

/** Constant-time comparison of two strings (false when lengths differ). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A 22-character base64url id of 16 random bytes: the shape of uuids, tickets and ids we issue. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
