import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Locale } from '../i18n/i18n.ts';
import type { Db } from '../server/db/client.server.ts';
import { boms, jobs } from '../server/db/schema/index.ts';
import { AppError, Code } from '../server/errors.ts';
import { serverMessage } from '../server/messages/server-message.ts';

// Who may reach a BOM (issue #12 item 1, SPEC §3 bomId): an owned BOM only its owner; an anonymous
// one whoever holds its random id, until it expires. Anything else answers 40400, exactly as for
// an id that never existed, so an id says nothing about other people's BOMs.
//
// An anonymous BOM belongs to the browser that created it (issue #36 item 3): that browser holds
// an owner secret (the bom_owner cookie, bom-owner.ts) whose SHA-256 is the BOM's owner_key. Only
// it may change the BOM, and a logged-in request from it claims the BOM (the BOM and its matching
// jobs become the user's). Anyone else with the link reads it (a shared link opens read-only);
// a change from them answers 40300. BOMs made before owner keys (owner_key null) keep the old rule.

export type BomRow = typeof boms.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The caller of a BOM call: the user (null when logged out), the hash of the owner secret its
 * browser holds (null without one), their language and the clock.
 */
export type BomCaller = { readonly userId: number | null; readonly ownerKey?: string | null; readonly locale: Locale; readonly now: Date };

/** What the call does with the BOM: reads leave it alone; writes change it (and claim it). */
export type BomIntent = 'read' | 'write';

/** Anonymous BOMs live this long after their last change. */
export const ANONYMOUS_BOM_TTL_MS = 30 * 24 * 3600_000;

export function bomNotFound(locale: Locale): AppError {
  return new AppError(Code.notFound, serverMessage('bom.api.notFound', locale));
}

function visible(bom: BomRow, caller: BomCaller): boolean {
  if (bom.ownerId !== null) return bom.ownerId === caller.userId;
  return bom.expiresAt === null || bom.expiresAt.getTime() > caller.now.getTime();
}

/** True when the caller's browser created this anonymous BOM (or it predates owner keys). */
export function holdsBom(bom: BomRow, caller: BomCaller): boolean {
  if (bom.ownerId !== null) return bom.ownerId === caller.userId;
  return bom.ownerKey === null || (caller.ownerKey != null && bom.ownerKey === caller.ownerKey);
}

export function bomReadOnly(locale: Locale): AppError {
  return new AppError(Code.forbidden, serverMessage('bom.api.readOnly', locale));
}

/**
 * The BOM if the caller may reach it; else 40400. A write needs the BOM's holder (its owner, or
 * for an anonymous BOM the creating browser): others get 40300. The holder, logged in, claims an
 * anonymous BOM on any call; nobody else ever does.
 */
export async function openBom(db: Db, bomId: string, caller: BomCaller, intent: BomIntent = 'write'): Promise<BomRow> {
  const [bom] = await db.select().from(boms).where(eq(boms.id, bomId)).limit(1);
  if (!bom || !visible(bom, caller)) throw bomNotFound(caller.locale);
  const holder = holdsBom(bom, caller);
  if (!holder) {
    if (intent === 'write') throw bomReadOnly(caller.locale);
    return bom;
  }
  if (bom.ownerId === null && caller.userId !== null) return claimBom(db, bom, caller.userId, caller.locale);
  return bom;
}

/**
 * Makes an anonymous BOM the user's: one conditional update (two logins racing for it: the first
 * wins, the second gets 40400), then its owner-less matching jobs follow it.
 */
async function claimBom(db: Db, bom: BomRow, userId: number, locale: Locale): Promise<BomRow> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(boms)
      .set({ ownerId: userId, expiresAt: null, version: sql`${boms.version} + 1` })
      .where(and(eq(boms.id, bom.id), isNull(boms.ownerId)))
      .returning();
    if (!claimed) {
      const [now] = await tx.select().from(boms).where(eq(boms.id, bom.id)).limit(1);
      if (now?.ownerId === userId) return now;
      throw bomNotFound(locale);
    }
    await tx
      .update(jobs)
      .set({ ownerId: userId })
      .where(and(isNull(jobs.ownerId), eq(jobs.kind, 'bom-match'), sql`${jobs.input}->>'bomId' = ${bom.id}`));
    return claimed;
  });
}

/**
 * Records a change of the BOM in the same statement: version and updated_at move, and an
 * anonymous BOM's expiry moves to 30 days from now. `set` adds the change's own columns.
 */
export async function touchBom(tx: Tx | Db, bomId: string, set: PgUpdateSetSource<typeof boms> = {}): Promise<BomRow | undefined> {
  const [row] = await tx
    .update(boms)
    .set({
      ...set,
      version: sql`${boms.version} + 1`,
      updatedAt: sql`now()`,
      expiresAt: sql`CASE WHEN ${boms.ownerId} IS NULL THEN now() + make_interval(secs => ${ANONYMOUS_BOM_TTL_MS / 1000}) ELSE NULL END`,
    })
    .where(eq(boms.id, bomId))
    .returning();
  return row;
}
