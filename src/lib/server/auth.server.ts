import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { Db } from './db/client.server.ts';
import { sessions, users } from './db/schema/index.ts';
import { AppError, Code } from './errors.ts';
import { serverMessage } from './messages/server-message.ts';
import type { AppEnv } from './app-env.ts';

/** SPEC §9: sessions last 432000 s (5 days). */
export const SESSION_TTL_SECONDS = 432_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type SessionUser = {
  id: number;
  phone: string | null;
  username: string;
  nickname: string | null;
  email: string | null;
  headimage: string | null;
  lastLoginAt: Date | null;
};

/** Issues a session: 32 random bytes, only the SHA-256 stored. Returns the token once. */
export async function createSession(
  db: Db,
  userId: number,
  nowSeconds: number,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<{ token: string; expiresAt: number }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = nowSeconds + SESSION_TTL_SECONDS;
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent ?? null,
  });
  return { token, expiresAt };
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}

/** 40001 when the token is missing, unknown or revoked; 40002 when it has expired. */
export async function resolveSession(db: Db, token: string | undefined, nowSeconds: number): Promise<SessionUser> {
  if (!token || token.length > 200) throw new AppError(Code.noToken, 'noToken');
  const rows = await db
    .select({
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      id: users.id,
      phone: users.phone,
      username: users.username,
      nickname: users.nickname,
      email: users.email,
      headimage: users.headimage,
      lastLoginAt: users.lastLoginAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  const row = rows[0];
  if (!row || row.revokedAt) throw new AppError(Code.noToken, 'noToken');
  if (row.expiresAt <= nowSeconds) throw new AppError(Code.sessionExpired, 'sessionExpired');
  const { expiresAt: _e, revokedAt: _r, ...user } = row;
  return user;
}

/** Route middleware: the token is accepted only from the X-token header. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  try {
    const user = await resolveSession(c.var.db, c.req.header('x-token'), c.var.now());
    c.set('user', user);
  } catch (error) {
    if (error instanceof AppError) {
      const key = error.code === Code.sessionExpired ? 'sessionExpired' : 'noToken';
      throw new AppError(error.code, serverMessage(key, c.var.locale));
    }
    throw error;
  }
  await next();
});

/**
 * Route middleware for calls open to logged-out users: without an X-token the request goes on
 * with no user (read it with `callerOf`); a token that is sent must be valid (40001/40002).
 */
export const optionalUser = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.header('x-token') === undefined) {
    await next();
    return;
  }
  return requireUser(c, next);
});

/** The logged-in user behind an optionalUser route, or null. */
export function callerOf(c: { get(key: 'user'): SessionUser }): SessionUser | null {
  return (c.get('user') as SessionUser | undefined) ?? null;
}
