import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../server/db/client.server.ts';
import { ssoCaptchaChallenges, ssoCaptchaTickets } from '../server/db/schema/index.ts';
import { hmacHex, randomId, safeEqual, sha256Hex } from './crypto.server.ts';
import { clearFailures, hitRateLimits, lockRemaining, recordFailure, type FailurePolicy } from './rate-limit.server.ts';
import { drawPuzzle } from './captcha-image.server.ts';
import { CAPTCHA_HEIGHT, CAPTCHA_PIECE_WIDTH, CAPTCHA_TRACK_WIDTH, CaptchaFailure, CaptchaLoadError, judgeTrack, type TrackPoint } from './sso.ts';

// The self-hosted slider: a challenge is a picture with a gap at a secret x (drawn by
// captcha-image.server.ts; the x is stored here and never sent), verified once against a drag
// track; success yields a one-time ticket { sessionId, sig, token, csessionid } for regsms.

export const CHALLENGE_TTL_SECONDS = 120;
export const TICKET_TTL_SECONDS = 120;
/** 5 failures within 360 s lock the IP for 360 s (AJ-Captcha's limiter). */
export const CAPTCHA_FAILURE_POLICY: FailurePolicy = { windowSeconds: 360, max: 5, lockSeconds: 360 };
/** Challenges per IP (AJ-Captcha: 30 requests a minute). */
export const CHALLENGE_RATE = { seconds: 60, max: 30 } as const;

/**
 * What the client gets: the pictures, never the answer. The piece image is a full-height strip
 * `pieceWidth` wide (transparent but for the piece at its height); dragged so that its left edge
 * lands on the gap (±5 px), it fills it.
 */
export type Challenge = {
  challengeId: string;
  trackWidth: number;
  height: number;
  pieceWidth: number;
  /** `data:image/webp;base64,…`, trackWidth × height: the picture with the gap (and decoys). */
  background: string;
  /** `data:image/webp;base64,…`, pieceWidth × height. */
  piece: string;
  expiresIn: number;
};

export type CaptchaTicket = { sessionId: string; sig: string; token: string; csessionid: string };

export type IssueResult = { ok: true; challenge: Challenge } | { ok: false; loadError: number; retryAfter: number };
export type VerifyResult = { ok: true; ticket: CaptchaTicket } | { ok: false; failure: number; locked: boolean; retryAfter: number };

/** The failure lock of an IP, shared by the slider and the proof-of-work challenge (pow.server.ts). */
export const captchaLockKey = (ipHash: string) => `captcha:${ipHash}`;
const lockKey = captchaLockKey;

/**
 * The gate in front of every captcha challenge, slider or proof of work: the IP's failure lock, then
 * its share of CHALLENGE_RATE (one bucket for both kinds). Counts the challenge when it passes.
 */
export async function admitChallenge(db: Db, ipHash: string, now: number): Promise<{ ok: true } | { ok: false; loadError: number; retryAfter: number }> {
  const locked = await lockRemaining(db, lockKey(ipHash), CAPTCHA_FAILURE_POLICY, now);
  if (locked > 0) return { ok: false, loadError: CaptchaLoadError.locked, retryAfter: locked };
  const limit = await hitRateLimits(db, [{ key: `challenge:${ipHash}`, windows: [CHALLENGE_RATE] }], now);
  if (!limit.ok) return { ok: false, loadError: CaptchaLoadError.tooMany, retryAfter: limit.retryAfter };
  return { ok: true };
}

export async function issueChallenge(db: Db, ipHash: string, now: number): Promise<IssueResult> {
  const admitted = await admitChallenge(db, ipHash, now);
  if (!admitted.ok) return admitted;
  const puzzle = await drawPuzzle();
  const challenge: Challenge = {
    challengeId: randomId(),
    trackWidth: CAPTCHA_TRACK_WIDTH,
    height: CAPTCHA_HEIGHT,
    pieceWidth: CAPTCHA_PIECE_WIDTH,
    background: puzzle.background,
    piece: puzzle.piece,
    expiresIn: CHALLENGE_TTL_SECONDS,
  };
  await db.insert(ssoCaptchaChallenges).values({
    id: challenge.challengeId,
    targetX: puzzle.targetX,
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
  return { ok: true, ticket: await issueTicket(db, secret, { challengeId: input.challengeId, ipHash: input.ipHash }, now) };
}

/**
 * The one-time ticket a solved challenge earns (slider or proof of work): 120 s, this IP only,
 * consumed by the first regsms (`consumeTicket`). `csessionid` is the solved challenge's id.
 */
export async function issueTicket(db: Db, secret: string, input: { challengeId: string; ipHash: string }, now: number): Promise<CaptchaTicket> {
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
  return { sessionId, sig: ticketSignature(secret, sessionId, token, input.challengeId), token, csessionid: input.challengeId };
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

/**
 * The stored answer of a challenge (development tools and tests only: GET /dev/captcha/answer, which
 * exists only with the dev SMS provider, and the API tests).
 */
export async function challengeAnswer(db: Db, challengeId: string): Promise<number | undefined> {
  const rows = await db
    .select({ targetX: ssoCaptchaChallenges.targetX })
    .from(ssoCaptchaChallenges)
    .where(eq(ssoCaptchaChallenges.id, challengeId))
    .limit(1);
  return rows[0]?.targetX;
}
