import { createHash, createHmac } from 'node:crypto';
import { createChallenge } from 'altcha-lib/v1';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../server/db/client.server.ts';
import { ssoPowChallenges } from '../server/db/schema/index.ts';
import { admitChallenge, CAPTCHA_FAILURE_POLICY, captchaLockKey, CHALLENGE_TTL_SECONDS, issueTicket, type CaptchaTicket } from './captcha.server.ts';
import { hmacHex, randomId, safeEqual } from './crypto.server.ts';
import { clearFailures, lockRemaining, recordFailure } from './rate-limit.server.ts';
import { PowFailure } from './sso.ts';

// The slider's accessible alternative: an ALTCHA-style proof of work (altcha-lib's v1 format) that
// needs no pointer. The client finds `number` with SHA-256(salt + number) = challenge by counting
// from 0; the server checks it with one hash. It answers the same one-time ticket as the slider
// (captcha.server.ts `issueTicket`, consumed by regsms), passes the same gate (per-IP challenge rate
// and failure lock) and burns a challenge at its first verify, right or wrong. README.md
// "Proof of work" has the protocol and the figures.

/** SHA-256 only: what crypto.subtle.digest does in every browser, and what altcha-lib v1 defaults to. */
export const POW_ALGORITHM = 'SHA-256';
/**
 * The secret number is uniform in 1…POW_MAX_NUMBER. Tuned so a mid-range phone solves it in about
 * 1–3 s (README.md "Proof of work": about 150 000 hashes a second here in Chromium's worker, a
 * third of that or less on a mid-range phone): 0.54 s on average here, 1.0–1.3 s at worst; about
 * 1–1.5 s on average on a phone, about 3 s at worst.
 */
export const POW_MAX_NUMBER = 150_000;
/** Random part of the salt: 12 bytes, as altcha-lib. */
const SALT_BYTES = 12;

/** What GET /captcha/pow answers: altcha-lib's v1 challenge, plus its lifetime. */
export type PowChallenge = {
  algorithm: typeof POW_ALGORITHM;
  /** SHA-256(salt + number), hex. */
  challenge: string;
  maxnumber: number;
  /** `<24 hex>?expires=<unix seconds>&` */
  salt: string;
  /** HMAC-SHA256(key derived from SSO_SECRET, challenge), hex. */
  signature: string;
  expiresIn: number;
};

/** A solution as the client sends it (ALTCHA's payload without `took`). */
export type PowSolution = { algorithm: string; challenge: string; number: number; salt: string; signature: string };

export type PowIssueResult = { ok: true; challenge: PowChallenge } | { ok: false; loadError: number; retryAfter: number };
export type PowVerifyResult = { ok: true; ticket: CaptchaTicket } | { ok: false; failure: number; locked: boolean; retryAfter: number };

/** The HMAC key of the challenges: derived from SSO_SECRET, so it serves nothing else. */
export function powKey(secret: string): string {
  return hmacHex(secret, 'altcha-pow');
}

/** ALTCHA's signature of a challenge: HMAC-SHA256 over the challenge's hex, as altcha-lib computes it. */
export function powSignature(secret: string, challenge: string): string {
  return createHmac('sha256', powKey(secret)).update(challenge).digest('hex');
}

export function powHash(salt: string, number: number): string {
  return createHash('sha256').update(`${salt}${number}`).digest('hex');
}

export async function issuePowChallenge(db: Db, secret: string, ipHash: string, now: number): Promise<PowIssueResult> {
  const admitted = await admitChallenge(db, ipHash, now);
  if (!admitted.ok) return admitted;
  const expiresAt = now + CHALLENGE_TTL_SECONDS;
  const made = await createChallenge({
    algorithm: POW_ALGORITHM,
    hmacKey: powKey(secret),
    maxnumber: POW_MAX_NUMBER,
    saltLength: SALT_BYTES,
    expires: new Date(expiresAt * 1000),
  });
  await db.insert(ssoPowChallenges).values({ id: randomId(), challenge: made.challenge, ipHash, createdAt: now, expiresAt });
  return {
    ok: true,
    challenge: {
      algorithm: POW_ALGORITHM,
      challenge: made.challenge,
      maxnumber: POW_MAX_NUMBER,
      salt: made.salt,
      signature: made.signature,
      expiresIn: CHALLENGE_TTL_SECONDS,
    },
  };
}

const HEX64 = /^[0-9a-f]{64}$/;
/** altcha-lib's salt: hex, then its parameters (here `expires`), ending with '&'. */
const SALT = /^[0-9a-f]{8,64}(\?[A-Za-z0-9=&_.%-]{0,200})?&$/;

/**
 * The solution's fields, or null. Accepts the fields themselves or ALTCHA's widget payload: base64 of
 * their JSON under `altcha` (or `payload`).
 */
export function readPowSolution(raw: Record<string, unknown>): PowSolution | null {
  let source: Record<string, unknown> = raw;
  const packed = raw['altcha'] ?? raw['payload'];
  if (typeof packed === 'string') {
    if (packed.length > 2048) return null;
    try {
      const decoded: unknown = JSON.parse(Buffer.from(packed, 'base64').toString('utf8'));
      if (!decoded || typeof decoded !== 'object' || Array.isArray(decoded)) return null;
      source = decoded as Record<string, unknown>;
    } catch {
      return null;
    }
  }
  const { algorithm, challenge, salt, signature } = source;
  const number = typeof source['number'] === 'string' && /^\d{1,10}$/.test(source['number']) ? Number(source['number']) : source['number'];
  if (typeof algorithm !== 'string' || typeof challenge !== 'string' || typeof salt !== 'string' || typeof signature !== 'string') return null;
  if (!HEX64.test(challenge) || !HEX64.test(signature) || !SALT.test(salt)) return null;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 0 || number > POW_MAX_NUMBER) return null;
  return { algorithm, challenge, number, salt, signature };
}

/**
 * Verifies a solution: the lock, the shape, our signature, then the challenge is burnt (only this
 * IP's unexpired, unused one), then the hash. Every failure but the lock counts toward the lock.
 */
export async function verifyPowSolution(
  db: Db,
  secret: string,
  input: { solution: PowSolution | null; ipHash: string },
  now: number,
): Promise<PowVerifyResult> {
  const key = captchaLockKey(input.ipHash);
  const locked = await lockRemaining(db, key, CAPTCHA_FAILURE_POLICY, now);
  if (locked > 0) return { ok: false, failure: PowFailure.locked, locked: true, retryAfter: locked };

  const fail = async (failure: number): Promise<PowVerifyResult> => {
    const nowLocked = await recordFailure(db, key, CAPTCHA_FAILURE_POLICY, now);
    return { ok: false, failure, locked: nowLocked, retryAfter: nowLocked ? CAPTCHA_FAILURE_POLICY.lockSeconds : 0 };
  };

  const solution = input.solution;
  if (!solution) return fail(PowFailure.malformed);
  if (solution.algorithm !== POW_ALGORITHM || !safeEqual(powSignature(secret, solution.challenge), solution.signature)) {
    return fail(PowFailure.badSignature);
  }
  // Burnt by the first attempt, right or wrong: a guess costs a whole challenge.
  const burnt = await db
    .update(ssoPowChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(ssoPowChallenges.challenge, solution.challenge),
        isNull(ssoPowChallenges.usedAt),
        eq(ssoPowChallenges.ipHash, input.ipHash),
        gt(ssoPowChallenges.expiresAt, now),
      ),
    )
    .returning({ id: ssoPowChallenges.id });
  const row = burnt[0];
  if (!row) {
    const known = await db
      .select({ usedAt: ssoPowChallenges.usedAt })
      .from(ssoPowChallenges)
      .where(eq(ssoPowChallenges.challenge, solution.challenge))
      .limit(1);
    return fail(known[0]?.usedAt !== null && known[0]?.usedAt !== undefined ? PowFailure.replayed : PowFailure.challengeInvalid);
  }
  if (!safeEqual(powHash(solution.salt, solution.number), solution.challenge)) return fail(PowFailure.wrongNumber);

  await clearFailures(db, key);
  return { ok: true, ticket: await issueTicket(db, secret, { challengeId: row.id, ipHash: input.ipHash }, now) };
}
