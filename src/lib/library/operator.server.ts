import { and, eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../server/app-env.ts';
import type { Db } from '../server/db/client.server.ts';
import { users } from '../server/db/schema/index.ts';
import { AppError, Code } from '../server/errors.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import { parsePhone, type Role } from './submissions.ts';

// The operator role (issue #16 item 5): users.role is 'user' or 'operator'. It is read from the
// database on every operator call (a revoked operator loses access at once), and written only by
// `npm run grant` (scripts/grant.ts → setRoleByPhone): no API call changes it.

export async function roleOf(db: Db, userId: number): Promise<Role> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.role === 'operator' ? 'operator' : 'user';
}

/** Route middleware after requireUser: 40300 with a clear message unless the caller is an operator. */
export const requireOperator = createMiddleware<AppEnv>(async (c, next) => {
  if ((await roleOf(c.var.db, c.var.user.id)) !== 'operator') throw new AppError(Code.forbidden, serverMessage('submissions.operatorOnly', c.var.locale));
  await next();
});

export type GrantOutcome =
  | { ok: true; userId: number; username: string; phone: string; areacode: string; role: Role; previous: Role; changed: boolean }
  | { ok: false; reason: 'badPhone' | 'noSuchUser' | 'ambiguous'; phone: string; areacode?: string; matches?: number };

/**
 * Sets the role of the user with this phone (area code 86 unless the input says otherwise). The
 * one writer of users.role; an operator command, never reached from the API.
 */
export async function setRoleByPhone(db: Db, phoneInput: string, role: Role): Promise<GrantOutcome> {
  const parsed = parsePhone(phoneInput);
  if (!parsed) return { ok: false, reason: 'badPhone', phone: phoneInput };
  const found = await db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(and(eq(users.phone, parsed.phone), eq(users.areacode, parsed.areacode)))
    .limit(2);
  if (found.length === 0) return { ok: false, reason: 'noSuchUser', ...parsed };
  if (found.length > 1) return { ok: false, reason: 'ambiguous', ...parsed, matches: found.length };
  const user = found[0]!;
  const previous: Role = user.role === 'operator' ? 'operator' : 'user';
  if (previous !== role) await db.update(users).set({ role }).where(eq(users.id, user.id));
  return { ok: true, userId: user.id, username: user.username, ...parsed, role, previous, changed: previous !== role };
}
