import { randomBytes } from 'node:crypto';
import { purgeVerifyEvents } from './verify-guard.server.ts';
import { and, eq, gt, isNull, like, lt, or } from 'drizzle-orm';
import { createSession } from '../server/auth.server.ts';
import type { Db } from '../server/db/client.server.ts';
import {
  ssoBindTickets,
  ssoCaptchaChallenges,
  ssoCaptchaTickets,
  ssoLoginHistory,
  ssoPowChallenges,
  ssoQrLogins,
  ssoRateEvents,
  ssoSyncTickets,
  ssoWechatStates,
  users,
} from '../server/db/schema/index.ts';
import { randomId, sha256Hex } from './crypto.server.ts';
import type { SsoSite } from './sso.ts';

/** Rate events of QR polls are keyed by the QR (sso-app.server.ts): a QR lives minutes, its events a day at most. */
export const QR_POLL_KEY_PREFIX = 'qr-poll:';

// Accounts and sessions as the SSO sees them: find-or-register by phone or WeChat, issue a session
// (auth.server.ts createSession), one-time sync tickets for the other sites, and login history.

export const SYNC_TICKET_TTL_SECONDS = 60;

export type AccountRow = typeof users.$inferSelect;
export type LoginMethod = 'sms' | 'wechat' | 'bind' | 'sync';

/** Usernames of self-registered users: 'u' + 12 random hex digits. */
export function newUsername(): string {
  return `u${randomBytes(6).toString('hex')}`;
}

export async function findUserByPhone(db: Db, national: string): Promise<AccountRow | undefined> {
  const rows = await db.select().from(users).where(and(eq(users.phone, national), eq(users.areacode, '86'))).orderBy(users.id).limit(1);
  return rows[0];
}

export async function findUserByUnionid(db: Db, unionid: string): Promise<AccountRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.wechatUnionid, unionid)).orderBy(users.id).limit(1);
  return rows[0];
}

/** SMS login registers a phone on its first login. */
export async function findOrCreateUserByPhone(db: Db, national: string): Promise<{ user: AccountRow; created: boolean }> {
  const existing = await findUserByPhone(db, national);
  if (existing) return { user: existing, created: false };
  const rows = await db.insert(users).values({ phone: national, areacode: '86', username: newUsername() }).returning();
  return { user: rows[0]!, created: true };
}

export type LoginResult = {
  token: string;
  expires_at: number;
  syncurl: string[];
  userId: number;
  username: string;
  nickname: string | null;
  phone: string | null;
  headimage: string | null;
  /** Seconds since the epoch of this login (the host callback's lastLoginTime). */
  lastLoginTime: number;
};

/**
 * Completes a login: a new session (never a reused one), last-login time, history, and one sync URL
 * per other configured site that has a sync base. The IP is stored only with the user's consent.
 */
export async function issueLogin(
  db: Db,
  args: { user: AccountRow; method: LoginMethod; siteId: number; sites: readonly SsoSite[]; ip: string; userAgent: string | undefined; now: number },
): Promise<LoginResult> {
  const { user, now } = args;
  const ip = user.agreeCollectIp ? args.ip : undefined;
  const userAgent = args.userAgent?.slice(0, 512);
  const session = await createSession(db, user.id, now, { ...(ip ? { ip } : {}), ...(userAgent ? { userAgent } : {}) });
  await db.update(users).set({ lastLoginAt: new Date(now * 1000) }).where(eq(users.id, user.id));
  await db.insert(ssoLoginHistory).values({ userId: user.id, method: args.method, siteId: args.siteId, ip: ip ?? null, userAgent: userAgent ?? null, at: now });
  const syncurl: string[] = [];
  for (const site of args.sites) {
    if (site.id === args.siteId || !site.syncBase) continue;
    const ticket = randomId();
    await db.insert(ssoSyncTickets).values({
      ticketHash: sha256Hex(ticket),
      userId: user.id,
      siteId: site.id,
      createdAt: now,
      expiresAt: now + SYNC_TICKET_TTL_SECONDS,
    });
    syncurl.push(`${site.syncBase.replace(/\/+$/, '')}/sync?ticket=${ticket}&siteid=${site.id}`);
  }
  return {
    token: session.token,
    expires_at: session.expiresAt,
    syncurl,
    userId: user.id,
    username: user.username,
    nickname: user.nickname,
    phone: user.phone,
    headimage: user.headimage,
    lastLoginTime: now,
  };
}

/** Redeems a sync ticket once for the site it was issued to; gives the user id. */
export async function redeemSyncTicket(db: Db, ticket: string, siteId: number, now: number): Promise<number | undefined> {
  const rows = await db
    .update(ssoSyncTickets)
    .set({ usedAt: now })
    .where(
      and(
        eq(ssoSyncTickets.ticketHash, sha256Hex(ticket)),
        eq(ssoSyncTickets.siteId, siteId),
        isNull(ssoSyncTickets.usedAt),
        gt(ssoSyncTickets.expiresAt, now),
      ),
    )
    .returning({ userId: ssoSyncTickets.userId });
  return rows[0]?.userId;
}

export async function findUserById(db: Db, id: number): Promise<AccountRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** Deletes expired or used one-time rows older than a day; run now and then (runtime.server.ts). */
export async function purgeExpired(db: Db, now: number): Promise<void> {
  const cutoff = now - 86_400;
  await db.delete(ssoCaptchaChallenges).where(lt(ssoCaptchaChallenges.expiresAt, cutoff));
  await db.delete(ssoPowChallenges).where(lt(ssoPowChallenges.expiresAt, cutoff));
  await db.delete(ssoCaptchaTickets).where(lt(ssoCaptchaTickets.expiresAt, cutoff));
  await db.delete(ssoQrLogins).where(lt(ssoQrLogins.expiresAt, cutoff));
  await db.delete(ssoWechatStates).where(lt(ssoWechatStates.expiresAt, cutoff));
  await db.delete(ssoBindTickets).where(lt(ssoBindTickets.expiresAt, cutoff));
  await db.delete(ssoSyncTickets).where(or(lt(ssoSyncTickets.expiresAt, cutoff), lt(ssoSyncTickets.usedAt, cutoff)));
  await db.delete(ssoRateEvents).where(and(like(ssoRateEvents.key, `${QR_POLL_KEY_PREFIX}%`), lt(ssoRateEvents.at, cutoff)));
  await purgeVerifyEvents(db, now);
}
