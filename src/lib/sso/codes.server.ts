import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.server.ts';
import { ssoSmsCodes } from '../server/db/schema/index.ts';
import { hmacHex } from './crypto.server.ts';

// SMS one-time codes: 6 digits from a CSPRNG, stored only as an HMAC keyed by SSO_SECRET, bound to
// phone, purpose and flow, valid 300 s, at most 5 tries, single use even under concurrency.

export const CODE_TTL_SECONDS = 300;
export const MAX_CODE_TRIES = 5;

export type CodePurpose = 'login' | 'bind';

export type CodeTarget = {
  /** E.164 digits, e.g. 8613812341234. */
  phoneKey: string;
  purpose: CodePurpose;
  /** Flow binding: '' for login, the binding ticket's hash for bind. */
  flow: string;
};

/** 000000-999999, uniformly, from Node's CSPRNG. */
export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

export function codeDigest(secret: string, target: CodeTarget, code: string): string {
  return hmacHex(secret, 'sms', target.purpose, target.phoneKey, target.flow, code);
}

/** Stores a code for the target; a previous code of the same phone and purpose is replaced (dies). */
export async function storeCode(db: Db, secret: string, target: CodeTarget, code: string, now: number): Promise<void> {
  const values = {
    phoneKey: target.phoneKey,
    purpose: target.purpose,
    codeHmac: codeDigest(secret, target, code),
    createdAt: now,
    expiresAt: now + CODE_TTL_SECONDS,
    usedAt: null,
    tries: 0,
  };
  await db
    .insert(ssoSmsCodes)
    .values(values)
    .onConflictDoUpdate({
      target: [ssoSmsCodes.phoneKey, ssoSmsCodes.purpose],
      set: { codeHmac: values.codeHmac, createdAt: now, expiresAt: values.expiresAt, usedAt: null, tries: 0 },
    });
}

/**
 * Verifies and consumes a code with ONE conditional UPDATE: every attempt counts a try (so parallel
 * wrong guesses all count), and the matching attempt sets used_at. Row locking serializes concurrent
 * attempts; a waiting one re-checks `used_at IS NULL` and finds the code gone, so exactly one wins.
 */
export async function consumeCode(
  db: Db,
  secret: string,
  target: CodeTarget,
  code: string,
  now: number,
  /** False for a client other than the requester: compared, but the owner's tries stay (verify-guard.server.ts). */
  countTry = true,
): Promise<boolean> {
  const digest = codeDigest(secret, target, code);
  const rows = await db
    .update(ssoSmsCodes)
    .set({
      tries: sql`${ssoSmsCodes.tries} + ${countTry ? 1 : 0}`,
      usedAt: sql`CASE WHEN ${ssoSmsCodes.codeHmac} = ${digest} THEN ${now}::bigint ELSE NULL END`,
    })
    .where(liveCode(target, now))
    .returning({ usedAt: ssoSmsCodes.usedAt });
  const usedAt = rows[0]?.usedAt;
  return usedAt !== null && usedAt !== undefined;
}

/** The target's live code: unused, unexpired, not out of tries. */
function liveCode(target: Pick<CodeTarget, 'phoneKey' | 'purpose'>, now: number) {
  return and(
    eq(ssoSmsCodes.phoneKey, target.phoneKey),
    eq(ssoSmsCodes.purpose, target.purpose),
    isNull(ssoSmsCodes.usedAt),
    lt(ssoSmsCodes.tries, MAX_CODE_TRIES),
    gt(ssoSmsCodes.expiresAt, now),
  );
}

/** When the live (unused, unexpired, not out of tries) code of the target was sent, if there is one. */
export async function liveCodeCreatedAt(db: Db, target: Pick<CodeTarget, 'phoneKey' | 'purpose'>, now: number): Promise<number | undefined> {
  const rows = await db
    .select({ createdAt: ssoSmsCodes.createdAt })
    .from(ssoSmsCodes)
    .where(liveCode(target, now))
    .limit(1);
  return rows[0]?.createdAt;
}
