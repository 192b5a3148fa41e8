import { and, desc, eq, gt, lt, max, sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.server.ts';
import { ssoRateEvents } from '../server/db/schema/index.ts';

// Sliding-window limits over an event log (exact, unlike fixed windows that allow a double burst at
// a boundary). Keys carry HMACs of phones and IPs, never the values themselves.

export type RateWindow = { seconds: number; max: number };
export type RateRule = { key: string; windows: readonly RateWindow[] };
export type RateResult = { ok: true } | { ok: false; key: string; window: RateWindow; retryAfter: number };

/**
 * Counts one event against every rule, or none if any rule is exhausted. An advisory lock per key
 * (taken in sorted order) makes concurrent hits on one key queue up instead of both passing.
 */
export async function hitRateLimits(db: Db, rules: readonly RateRule[], now: number): Promise<RateResult> {
  return db.transaction(async (tx) => {
    for (const key of rules.map((r) => r.key).sort()) {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    }
    for (const rule of rules) {
      const widest = Math.max(...rule.windows.map((w) => w.seconds));
      await tx.delete(ssoRateEvents).where(and(eq(ssoRateEvents.key, rule.key), lt(ssoRateEvents.at, now - widest)));
      const rows = await tx
        .select({ at: ssoRateEvents.at })
        .from(ssoRateEvents)
        .where(and(eq(ssoRateEvents.key, rule.key), gt(ssoRateEvents.at, now - widest)))
        .orderBy(desc(ssoRateEvents.at));
      for (const window of rule.windows) {
        const inWindow = rows.filter((r) => r.at > now - window.seconds);
        if (inWindow.length >= window.max) {
          const blocking = inWindow[window.max - 1]!;
          return { ok: false as const, key: rule.key, window, retryAfter: Math.max(1, blocking.at + window.seconds - now) };
        }
      }
    }
    await tx.insert(ssoRateEvents).values(rules.map((r) => ({ key: r.key, at: now })));
    return { ok: true as const };
  });
}

export type FailurePolicy = { windowSeconds: number; max: number; lockSeconds: number };

/** Seconds left on a lock, or 0. */
export async function lockRemaining(db: Db, key: string, policy: FailurePolicy, now: number): Promise<number> {
  const rows = await db
    .select({ last: max(ssoRateEvents.at) })
    .from(ssoRateEvents)
    .where(eq(ssoRateEvents.key, `lock:${key}`));
  const last = rows[0]?.last;
  if (last === null || last === undefined) return 0;
  const until = Number(last) + policy.lockSeconds;
  return until > now ? until - now : 0;
}

/**
 * Records a failure; the max-th failure within the window (counted since the last lock) starts a
 * lock of lockSeconds. Returns true when this failure started a lock.
 */
export async function recordFailure(db: Db, key: string, policy: FailurePolicy, now: number): Promise<boolean> {
  const failKey = `fail:${key}`;
  const lockKey = `lock:${key}`;
  await db.delete(ssoRateEvents).where(and(eq(ssoRateEvents.key, failKey), lt(ssoRateEvents.at, now - policy.windowSeconds)));
  await db.insert(ssoRateEvents).values({ key: failKey, at: now });
  const lockRows = await db.select({ last: max(ssoRateEvents.at) }).from(ssoRateEvents).where(eq(ssoRateEvents.key, lockKey));
  const lastLock = lockRows[0]?.last;
  const since = Math.max(now - policy.windowSeconds, lastLock === null || lastLock === undefined ? -Infinity : Number(lastLock));
  const counted = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ssoRateEvents)
    .where(and(eq(ssoRateEvents.key, failKey), gt(ssoRateEvents.at, since)));
  if ((counted[0]?.n ?? 0) >= policy.max) {
    await db.delete(ssoRateEvents).where(and(eq(ssoRateEvents.key, lockKey), lt(ssoRateEvents.at, now)));
    await db.insert(ssoRateEvents).values({ key: lockKey, at: now });
    return true;
  }
  return false;
}

/** Clears failures after a success, so an honest user's earlier typos do not add up. */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(ssoRateEvents).where(eq(ssoRateEvents.key, `fail:${key}`));
}
