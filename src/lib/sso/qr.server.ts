import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../server/db/client.server.ts';
import { ssoBindTickets, ssoQrLogins, ssoWechatStates } from '../server/db/schema/index.ts';
import { randomId, sha256Hex } from './crypto.server.ts';
import type { WechatIdentity } from './providers/wechat.ts';

// WeChat QR login state: the QR (uuid, public: it is inside the QR image), the creator's poll key
// (a cookie; only the browser that asked for the QR can collect the login), OAuth states for the
// Open Platform callback, and server-held binding tickets for identities without a phone.

export const QR_TTL_SECONDS = 120;
export const STATE_TTL_SECONDS = 600;
export const BIND_TICKET_TTL_SECONDS = 600;

export async function createQr(db: Db, siteId: number, now: number, ttlSeconds = QR_TTL_SECONDS): Promise<{ uuid: string; pollKey: string }> {
  const uuid = randomId();
  const pollKey = randomId();
  await db.insert(ssoQrLogins).values({
    uuid,
    siteId,
    pollHash: sha256Hex(pollKey),
    status: 'waiting',
    createdAt: now,
    expiresAt: now + ttlSeconds,
  });
  return { uuid, pollKey };
}

export type QrRow = typeof ssoQrLogins.$inferSelect;

/** A QR that can still change: known, not expired, not cancelled or used. */
export async function liveQr(db: Db, uuid: string, now: number): Promise<QrRow | undefined> {
  const rows = await db.select().from(ssoQrLogins).where(eq(ssoQrLogins.uuid, uuid)).limit(1);
  const row = rows[0];
  if (!row || row.expiresAt <= now || row.status === 'cancelled' || row.status === 'done') return undefined;
  return row;
}

export type PollResult =
  | { kind: 'invalid' }
  | { kind: 'foreign' }
  | { kind: 'waiting'; scanned: boolean }
  | { kind: 'confirmed'; siteId: number; identity: WechatIdentity };

/** One poll. A confirmed QR is claimed exactly once (conditional UPDATE), then it is dead (1404). */
export async function pollQr(db: Db, uuid: string, pollKey: string | undefined, now: number): Promise<PollResult> {
  const row = await liveQr(db, uuid, now);
  if (!row) return { kind: 'invalid' };
  if (!pollKey || sha256Hex(pollKey) !== row.pollHash) return { kind: 'foreign' };
  if (row.status !== 'confirmed') return { kind: 'waiting', scanned: row.status === 'scanned' };
  const claimed = await db
    .update(ssoQrLogins)
    .set({ status: 'done', doneAt: now })
    .where(and(eq(ssoQrLogins.uuid, uuid), eq(ssoQrLogins.status, 'confirmed'), gt(ssoQrLogins.expiresAt, now)))
    .returning();
  const done = claimed[0];
  if (!done || !done.unionid) return { kind: 'invalid' };
  return {
    kind: 'confirmed',
    siteId: done.siteId,
    identity: {
      unionid: done.unionid,
      openid: done.openid ?? undefined,
      nickname: done.nickname ?? undefined,
      headimgurl: done.headimgurl ?? undefined,
    },
  };
}

/** The phone scanned the QR (WeChat's "scanned, confirm on your phone"). */
export async function markScanned(db: Db, uuid: string, now: number): Promise<boolean> {
  const rows = await db
    .update(ssoQrLogins)
    .set({ status: 'scanned' })
    .where(and(eq(ssoQrLogins.uuid, uuid), eq(ssoQrLogins.status, 'waiting'), gt(ssoQrLogins.expiresAt, now)))
    .returning({ uuid: ssoQrLogins.uuid });
  return rows.length === 1;
}

/** The user confirmed in WeChat: the identity is attached, server-side only. */
export async function confirmQr(db: Db, uuid: string, identity: WechatIdentity, now: number): Promise<boolean> {
  const rows = await db
    .update(ssoQrLogins)
    .set({
      status: 'confirmed',
      unionid: identity.unionid,
      openid: identity.openid ?? null,
      nickname: identity.nickname ?? null,
      headimgurl: identity.headimgurl ?? null,
    })
    .where(and(eq(ssoQrLogins.uuid, uuid), inArray(ssoQrLogins.status, ['waiting', 'scanned']), gt(ssoQrLogins.expiresAt, now)))
    .returning({ uuid: ssoQrLogins.uuid });
  return rows.length === 1;
}

export async function cancelQr(db: Db, uuid: string, now: number): Promise<boolean> {
  const rows = await db
    .update(ssoQrLogins)
    .set({ status: 'cancelled', doneAt: now })
    .where(and(eq(ssoQrLogins.uuid, uuid), inArray(ssoQrLogins.status, ['waiting', 'scanned'])))
    .returning({ uuid: ssoQrLogins.uuid });
  return rows.length === 1;
}

/** OAuth state for the Open Platform redirect: 128 bits, single use, bound to the QR and the browser. */
export async function createState(db: Db, uuid: string, browserKey: string, now: number): Promise<string> {
  const state = randomId();
  await db.insert(ssoWechatStates).values({
    stateHash: sha256Hex(state),
    uuid,
    browserHash: sha256Hex(browserKey),
    createdAt: now,
    expiresAt: now + STATE_TTL_SECONDS,
  });
  return state;
}

/** Consumes a state once; a missing, foreign (other browser) or replayed state gives undefined. */
export async function consumeState(db: Db, state: string, browserKey: string | undefined, now: number): Promise<string | undefined> {
  if (!browserKey) return undefined;
  const rows = await db
    .update(ssoWechatStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(ssoWechatStates.stateHash, sha256Hex(state)),
        eq(ssoWechatStates.browserHash, sha256Hex(browserKey)),
        isNull(ssoWechatStates.usedAt),
        gt(ssoWechatStates.expiresAt, now),
      ),
    )
    .returning({ uuid: ssoWechatStates.uuid });
  return rows[0]?.uuid;
}

/** Keeps a WeChat identity on the server behind a ticket (answer 2000); the client never sees the unionid. */
export async function createBindTicket(db: Db, identity: WechatIdentity, siteId: number, now: number): Promise<string> {
  const ticket = randomId();
  await db.insert(ssoBindTickets).values({
    ticketHash: sha256Hex(ticket),
    unionid: identity.unionid,
    openid: identity.openid ?? null,
    nickname: identity.nickname ?? null,
    headimgurl: identity.headimgurl ?? null,
    siteId,
    createdAt: now,
    expiresAt: now + BIND_TICKET_TTL_SECONDS,
  });
  return ticket;
}

export type BindTicketRow = typeof ssoBindTickets.$inferSelect;

export async function peekBindTicket(db: Db, ticket: string, now: number): Promise<BindTicketRow | undefined> {
  const rows = await db
    .select()
    .from(ssoBindTickets)
    .where(and(eq(ssoBindTickets.ticketHash, sha256Hex(ticket)), isNull(ssoBindTickets.usedAt), gt(ssoBindTickets.expiresAt, now)))
    .limit(1);
  return rows[0];
}

export async function consumeBindTicket(db: Db, ticket: string, now: number): Promise<BindTicketRow | undefined> {
  const rows = await db
    .update(ssoBindTickets)
    .set({ usedAt: now })
    .where(and(eq(ssoBindTickets.ticketHash, sha256Hex(ticket)), isNull(ssoBindTickets.usedAt), gt(ssoBindTickets.expiresAt, now)))
    .returning();
  return rows[0];
}
