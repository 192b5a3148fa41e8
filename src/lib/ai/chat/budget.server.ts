import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.server.ts';
import { aiUsage } from '../../server/db/schema/ai.ts';

// The deployment's daily token budget (LLM_DAILY_TOKENS) in ai_usage, one row per UTC day. Adding
// is one atomic upsert, so concurrent turns on several nodes never lose a count; the check before
// a turn reads the day's row (a turn in flight may overshoot by its own tokens, by design: it is
// not cut mid-answer).

/** The UTC day of `now` as 'YYYY-MM-DD' (the ai_usage key). */
export const dayOf = (now: Date): string => now.toISOString().slice(0, 10);

export async function tokensUsed(db: Db, now: Date): Promise<number> {
  const [row] = await db.select({ tokens: aiUsage.tokens }).from(aiUsage).where(eq(aiUsage.day, dayOf(now)));
  return Number(row?.tokens ?? 0);
}

/** True while the day's tokens are under the limit (0 means no model turns at all). */
export async function budgetLeft(db: Db, limit: number, now: Date): Promise<boolean> {
  return limit > 0 && (await tokensUsed(db, now)) < limit;
}

/** Counts one turn and its tokens for the day. */
export async function recordUsage(db: Db, tokens: number, now: Date): Promise<void> {
  const add = Math.max(0, Math.round(tokens));
  await db
    .insert(aiUsage)
    .values({ day: dayOf(now), tokens: add, requests: 1 })
    .onConflictDoUpdate({ target: aiUsage.day, set: { tokens: sql`${aiUsage.tokens} + ${add}`, requests: sql`${aiUsage.requests} + 1` } });
}
