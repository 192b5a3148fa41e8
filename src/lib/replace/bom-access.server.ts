import { eq } from 'drizzle-orm';
import type { Locale } from '../i18n/i18n.ts';
import type { Db } from '../server/db/client.server.ts';
import { boms } from '../server/db/schema/index.ts';
import { AppError, Code } from '../server/errors.ts';
import { serverMessage } from '../server/messages/server-message.ts';

// The BOM access rule, in one place so the BOM routes can share it: an anonymous BOM is reached
// by its random bomId alone (a capability kept in client state, SPEC §3); an owned BOM only by
// its owner. Nothing more is asked.

export type BomAccess = { bomId: string; ownerId: number | null };

/** 40400 unknown or expired; 40001 owned and the caller is logged out; 40300 owned by someone else. */
export async function bomAccess(db: Db, bomId: string, userId: number | null, locale: Locale): Promise<BomAccess> {
  const rows = await db.select({ ownerId: boms.ownerId, expiresAt: boms.expiresAt }).from(boms).where(eq(boms.id, bomId)).limit(1);
  const bom = rows[0];
  if (!bom || (bom.expiresAt && bom.expiresAt.getTime() <= Date.now())) throw new AppError(Code.notFound, serverMessage('replace.noBom', locale, { bomId }));
  if (bom.ownerId !== null) {
    if (userId === null) throw new AppError(Code.noToken, serverMessage('replace.bomLogin', locale));
    if (userId !== bom.ownerId) throw new AppError(Code.forbidden, serverMessage('replace.bomForbidden', locale));
  }
  return { bomId, ownerId: bom.ownerId };
}
