import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../server/db/client.server.ts';
import { ssoCaptchaChallenges, ssoCaptchaTickets } from '../server/db/schema/index.ts';
import { hmacHex, randomId, safeEqual, sha256Hex } from './crypto.server.ts';
import { clearFailures, hitRateLimits, lockRemaining, recordFailure, type FailurePolicy } from './rate-limit.server.ts';
import { CAPTCHA_PIECE_WIDTH, CAPTCHA_TRACK_WIDTH, CaptchaFailure, CaptchaLoadError, judgeTrack, type TrackPoint } from './sso.ts';

// The self-hosted slider: a challenge (target x in a fixed-width track) is verified once against a
// drag track; success yields a one-time ticket { sessionId, sig, token, csessionid } for regsms.

export const CHALLENGE_TTL_SECONDS = 120;
export const TICKET_TTL_SECONDS = 120;
/** 5 failures within 360 s lock the IP for 360 s (AJ-Captcha's limiter). */
export const CAPTCHA_FAILURE_POLICY: FailurePolicy = { windowSeconds: 360, max: 5, lockSeconds: 360 };
/** Challenges per IP (AJ-Captcha: 30 requests a minute). */
export const CHALLENGE_RATE = { seconds: 60, max: 30 } as const;

export type Challenge = {
  challengeId: string;
  trackWidth: number;
  pieceWidth: number;
  /** Where the gap is drawn: the piece must be dragged so its left edge lands here (±5 px). */
  targetX: number;
  /** Vertical position of the piece, for drawing only. */
  pieceY: number;
  expiresIn: number;
};

export type CaptchaTicket = { sessionId: string; sig: string; token: string; csessionid: string };

export type IssueResult = { ok: true; challenge: Challenge } | { ok: false; loadError: number; retryAfter: number };
export type VerifyResult = { ok: true; ticket: CaptchaTicket } | { ok: false; failure: number; locked: boolean; retryAfter: number };

const lockKey = (ipHash: string) => `captcha:${ipHash}`;

export async function issueChallenge(db: Db, ipHash: string, now: number): Promise<IssueResult> {
  const locked = await lockRemaining(db, lockKey(ipHash), CAPTCHA_FAILURE_POLICY, now);
  if (locked > 0) return { ok: false, loadError: CaptchaLoadError.locked, retryAfter: locked };
  const limit = await hitRateLimits(db, [{ key: `challenge:${ipHash}`, windows: [CHALLENGE_RATE] }], now);
  if (!limit.ok) return { ok: false, loadError: CaptchaLoadError.tooMany, retryAfter: limit.retryAfter };
  const challenge: Challenge = {
    challengeId: randomId(),
    trackWidth: CAPTCHA_TRACK_WIDTH,
    pieceWidth: CAPTCHA_PIECE_WIDTH,
    targetX: randomInt(80, CAPTCHA_TRACK_WIDTH - CAPTCHA_PIECE_WIDTH - 10),
    pieceY: randomInt(10, 100),
    expiresIn: CHALLENGE_TTL_SECONDS,
  };
  await db.insert(ssoCaptchaChallenges).values({
    id: challenge.challengeId,
    targetX: challenge.targetX,
    ipHash,
    createdAt: now,
    expiresAt: now + CHALLENGE_TTL_SECONDS,
  });
  return { ok: true, challenge };
}

export function ticketSignature(secret: string, sessionId: string, token: string, csessionid: string): string {
  return hmacHex(secret, 'captcha', sessionId, token, csessionid);
}

/** Verifies a drag track; the challenge is burnt by the first attempt, right or wrong. */
export async function verifyChallenge(
  db: Db,
  secret: string,
  input: { challengeId: string; track: readonly TrackPoint[]; ipHash: string },
  now: number,
): Promise<VerifyResult> {
  const key = lockKey(input.ipHash);
  const locked = await lockRemaining(db, key, CAPTCHA_FAILURE_POLICY, now);
  if (locked > 0) return { ok: false, failure: CaptchaFailure.locked, locked: true, retryAfter: locked };

  const fail = async (failure: number): Promise<VerifyResult> => {
    const nowLocked = await recordFailure(db, key, CAPTCHA_FAILURE_POLICY, now);
    return { ok: false, failure, locked: nowLocked, retryAfter: nowLocked ? CAPTCHA_FAILURE_POLICY.lockSeconds : 0 };
  };

  const burnt = await db
    .update(ssoCaptchaChallenges)
    .set({ usedAt: now })
    .where(and(eq(ssoCaptchaChallenges.id, input.challengeId), isNull(ssoCaptchaChallenges.usedAt)))
    .returning({ targetX: ssoCaptchaChallenges.targetX, ipHash: ssoCaptchaChallenges.ipHash, expiresAt: ssoCaptchaChallenges.expiresAt });
  const challenge = burnt[0];
  if (!challenge) {
    const exists = await db
      .select({ id: ssoCaptchaChallenges.id })
      .from(ssoCaptchaChallenges)
      .where(eq(ssoCaptchaChallenges.id, input.challengeId))
      .limit(1);
    return fail(exists.length > 0 ? CaptchaFailure.replayed : CaptchaFailure.challengeInvalid);
  }
  if (challenge.expiresAt <= now || challenge.ipHash !== input.ipHash) return fail(CaptchaFailure.challengeInvalid);
  const verdict = judgeTrack(input.track, challenge.targetX);
  if (!verdict.ok) return fail(verdict.failure);

  await clearFailures(db, key);
  const sessionId = randomId();
  const token = randomId();
  await db.insert(ssoCaptchaTickets).values({
    sessionId,
    tokenHash: sha256Hex(token),
    challengeId: input.challengeId,
    ipHash: input.ipHash,
    createdAt: now,
    expiresAt: now + TICKET_TTL_SECONDS,
  });
  return { ok: true, ticket: { sessionId, sig: ticketSignature(secret, sessionId, token, input.challengeId), token, csessionid: input.challengeId } };
}

/**
 * Consumes a ticket once: the signature must be ours, the ticket unexpired, unused and issued to
 * this IP. The phone of this first use is recorded on it.
 */
export async function consumeTicket(
  db: Db,
  secret: string,
  input: { sessionId: string; sig: string; token: string; csessionid: string; ipHash: string; phoneKey: string },
  now: number,
): Promise<boolean> {
  if (!safeEqual(ticketSignature(secret, input.sessionId, input.token, input.csessionid), input.sig)) return false;
  const rows = await db
    .update(ssoCaptchaTickets)
    .set({ usedAt: now, phoneKey: input.phoneKey })
    .where(
      and(
        eq(ssoCaptchaTickets.sessionId, input.sessionId),
        isNull(ssoCaptchaTickets.usedAt),
        gt(ssoCaptchaTickets.expiresAt, now),
        eq(ssoCaptchaTickets.ipHash, input.ipHash),
        eq(ssoCaptchaTickets.tokenHash, sha256Hex(input.token)),
        eq(ssoCaptchaTickets.challengeId, input.csessionid),
      ),
    )
    .returning({ sessionId: ssoCaptchaTickets.sessionId });
  return rows.length === 1;
}
