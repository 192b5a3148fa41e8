import { and, gte, inArray, like, lt, max } from 'drizzle-orm';
import type { Db } from '../server/db/client.server.ts';
import { ssoRateEvents } from '../server/db/schema/index.ts';
import type { CodePurpose } from './codes.server.ts';
import { clearFailures, hitRateLimits, lockRemaining, recordFailure, type FailurePolicy, type RateWindow } from './rate-limit.server.ts';

// Who may try an SMS code, and how often (issue #36 item 2; ADR 0016 "Lockouts"). The rule is
// that no limit can be aimed at a stranger: a lock falls on the client that made the wrong
// guesses (address + browser), and the phone's owner, who asks for a new code through the
// captcha, is the requester of the live code and passes every phone-wide gate.
//
// Requester: the client (address HMAC + browser id) whose regsms produced the live code. Its
// attempts count against the code's 5 tries. Anyone else's attempts are still compared (an owner
// whose address changed must be able to log in) but do not use up the owner's tries; they are
// bounded instead, counted before comparing, so concurrent guesses all count:
//   per address: 30 a hour (any phone) → 42900;
//   per phone:   5 a hour free, then each attempt needs a fresh captcha ticket (40100);
//                100 a day (NIST SP 800-63B's ceiling) → 42900 until the caller requests a code.
// Per client and phone: 5 wrong codes in an hour lock that client for 600 s (Logto's figure),
// lifted when the client requests a new code through the captcha.

/** A stranger's attempts per address, whatever the phone. */
export const VERIFY_IP_WINDOWS: readonly RateWindow[] = [{ seconds: 3600, max: 30 }];
/** A stranger's attempts per phone before each needs a captcha ticket. */
export const VERIFY_PHONE_FREE_WINDOWS: readonly RateWindow[] = [{ seconds: 3600, max: 5 }];
/** A stranger's attempts per phone, captcha or not. */
export const VERIFY_PHONE_DAY_WINDOWS: readonly RateWindow[] = [{ seconds: 86_400, max: 100 }];
/** Wrong codes of one client for one phone: 5 within an hour lock that client for 10 minutes. */
export const VERIFY_CLIENT_POLICY: FailurePolicy = { windowSeconds: 3600, max: 5, lockSeconds: 600 };

/** The caller: digests of its address and of its browser (cookie, or its User-Agent without one). */
export type VerifyClient = { ipHash: string; browsers: readonly string[] };

/**
 * Keys of one client (address + browser) for one phone digest: one per browser id it is known by
 * (a browser's first request, before it holds the cookie, is known by its User-Agent too).
 */
export const clientLockKeys = (phoneDigest: string, client: VerifyClient) => client.browsers.map((b) => `verify:${phoneDigest}:${client.ipHash}:${b}`);

/** Seconds left on the client's lock for the phone, or 0. */
async function clientLock(db: Db, phoneDigest: string, client: VerifyClient, now: number): Promise<number> {
  let left = 0;
  for (const key of clientLockKeys(phoneDigest, client)) left = Math.max(left, await lockRemaining(db, key, VERIFY_CLIENT_POLICY, now));
  return left;
}

/** A wrong code from the client: counted under each of its keys (5 in an hour lock it). */
export async function recordClientFailure(db: Db, phoneDigest: string, client: VerifyClient, now: number): Promise<void> {
  for (const key of clientLockKeys(phoneDigest, client)) await recordFailure(db, key, VERIFY_CLIENT_POLICY, now);
}

/** A right code: the client's earlier typos no longer add up. */
export async function clearClientFailures(db: Db, phoneDigest: string, client: VerifyClient): Promise<void> {
  for (const key of clientLockKeys(phoneDigest, client)) await clearFailures(db, key);
}

const requesterKey = (purpose: CodePurpose, phoneDigest: string, browser: string) => `code-by:${purpose}:${phoneDigest}:${browser}`;

/** Called when regsms has sent a code: this client becomes the requester of the live code. */
export async function noteRequester(db: Db, purpose: CodePurpose, phoneDigest: string, client: VerifyClient, now: number): Promise<void> {
  const keys = client.browsers.map((b) => requesterKey(purpose, phoneDigest, b));
  await db.delete(ssoRateEvents).where(inArray(ssoRateEvents.key, keys));
  await db.insert(ssoRateEvents).values(keys.map((key) => ({ key, at: now })));
  // A fresh code through the captcha lifts this client's own lock for the phone.
  const locks = clientLockKeys(phoneDigest, client);
  await db.delete(ssoRateEvents).where(inArray(ssoRateEvents.key, locks.flatMap((k) => [`lock:${k}`, `fail:${k}`])));
}

/** True when one of the caller's browsers requested the code created at codeCreatedAt. */
export async function isRequester(db: Db, purpose: CodePurpose, phoneDigest: string, client: VerifyClient, codeCreatedAt: number | undefined): Promise<boolean> {
  if (codeCreatedAt === undefined) return false;
  const keys = client.browsers.map((b) => requesterKey(purpose, phoneDigest, b));
  const rows = await db
    .select({ last: max(ssoRateEvents.at) })
    .from(ssoRateEvents)
    .where(and(inArray(ssoRateEvents.key, keys), gte(ssoRateEvents.at, codeCreatedAt)));
  return rows[0]?.last !== null && rows[0]?.last !== undefined;
}

export type GateResult =
  | { ok: true }
  | { ok: false; reason: 'clientLocked' | 'ipLimit' | 'phoneDayLimit'; retryAfter: number }
  | { ok: false; reason: 'captchaNeeded' | 'captchaInvalid' };

/**
 * The checks before a code is compared. A stranger's attempt is counted here, before comparing,
 * in one transaction per step (hitRateLimits), so concurrent guesses all count. Past the phone's
 * free attempts, `spendTicket` consumes the request's slider ticket ('none' when it has none); an
 * attempt refused for want of a ticket counts nothing.
 */
export async function gateAttempt(
  db: Db,
  phoneDigest: string,
  client: VerifyClient,
  requester: boolean,
  now: number,
  spendTicket: () => Promise<'none' | 'spent' | 'invalid'>,
): Promise<GateResult> {
  const locked = await clientLock(db, phoneDigest, client, now);
  if (locked > 0) return { ok: false, reason: 'clientLocked', retryAfter: locked };
  if (requester) return { ok: true };
  const ipRule = { key: `verify-ip:${client.ipHash}`, windows: VERIFY_IP_WINDOWS };
  const dayRule = { key: `verify-phone-day:${phoneDigest}`, windows: VERIFY_PHONE_DAY_WINDOWS };
  const freeRule = { key: `verify-phone:${phoneDigest}`, windows: VERIFY_PHONE_FREE_WINDOWS };
  const refused = (key: string, retryAfter: number): GateResult => ({ ok: false, reason: key === ipRule.key ? 'ipLimit' : 'phoneDayLimit', retryAfter });
  const free = await hitRateLimits(db, [ipRule, dayRule, freeRule], now);
  if (free.ok) return { ok: true };
  if (free.key !== freeRule.key) return refused(free.key, free.retryAfter);
  const ticket = await spendTicket();
  if (ticket !== 'spent') return { ok: false, reason: ticket === 'none' ? 'captchaNeeded' : 'captchaInvalid' };
  const paid = await hitRateLimits(db, [ipRule, dayRule], now);
  return paid.ok ? { ok: true } : refused(paid.key, paid.retryAfter);
}

/** Deletes requester marks and stranger counters older than a day (runtime purge). */
export async function purgeVerifyEvents(db: Db, now: number): Promise<void> {
  for (const prefix of ['code-by:%', 'verify-%']) {
    await db.delete(ssoRateEvents).where(and(like(ssoRateEvents.key, prefix), lt(ssoRateEvents.at, now - 86_400)));
  }
}
