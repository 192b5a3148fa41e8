import { createHmac, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { serverMessage } from './messages/server-message.ts';
import type { AppEnv } from './app-env.ts';
import { resolveSession } from './auth.server.ts';
import { getConfig } from './config.server.ts';
import { AppError, Code } from './errors.ts';
import type { RateLimit } from './rate-limit.server.ts';

// Who is calling, for counting and throttling without keeping addresses: a signed-in caller is
// `u:<user id>`; anyone else an HMAC of the socket address (keyed by SSO_SECRET, else a key made
// at start, so a table of digests cannot be reversed by hashing all IPv4 addresses).

const processKey = randomBytes(32);

export function ipDigest(ip: string): string {
  return keyDigest('ip', ip);
}

/** The same keyed digest for other purposes (rate-limit keys); equal on every node sharing SSO_SECRET. */
export function keyDigest(purpose: string, value: string): string {
  return createHmac('sha256', getConfig().SSO_SECRET ?? processKey).update(`${purpose}|${value}`).digest('base64url').slice(0, 24);
}

/** `u:<id>` when X-token is a live session, else `ip:<digest>`; a bad token is not an error here. */
export async function callerKey(c: Context<AppEnv>): Promise<string> {
  const token = c.req.header('x-token');
  if (token) {
    try {
      return `u:${(await resolveSession(c.var.db, token, c.var.now())).id}`;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return `ip:${ipDigest(c.var.ip)}`;
}

/** Counts one request of this IP against `limit`; over the limit: 42900 with Retry-After. */
export async function throttleByIp(c: Context<AppEnv>, limit: RateLimit): Promise<void> {
  const verdict = await limit.hit(c.var.db, c.var.ip);
  if (verdict.ok) return;
  c.header('Retry-After', String(verdict.retryAfter));
  throw new AppError(Code.rateLimited, serverMessage('rateLimited', c.var.locale, { seconds: String(verdict.retryAfter) }));
}
