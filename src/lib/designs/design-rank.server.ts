import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.server.ts';
import { designs } from '../server/db/schema/index.ts';
import { DESIGN_HALF_LIFE_DAYS, LIKE_WEIGHT } from './designs.ts';

// Top100 (issue #14 item 4): designScore of designs.ts, in one statement so the hourly refresh
// costs one pass over the table: (LIKE_WEIGHT × likes + visits) × 2^(−age / half-life), age in days
// since the design was published (never negative). Private designs have no score.

/** Sets every public design's score as of `now`; returns how many were scored. */
export async function recomputeDesignScores(db: Db, now: Date): Promise<number> {
  const at = now.toISOString();
  const age = sql`greatest(0, extract(epoch from (${at}::timestamptz - coalesce(${designs.publishedAt}, ${designs.createdAt}))) / 86400.0)`;
  const scored = await db
    .update(designs)
    .set({ score: sql`(${LIKE_WEIGHT}::float8 * ${designs.likeCount} + ${designs.visitCount}) * power(2::float8, -(${age})::float8 / ${DESIGN_HALF_LIFE_DAYS}::float8)` })
    .where(sql`${designs.visibility} = 'public'`)
    .returning({ id: designs.id });
  await db.update(designs).set({ score: null }).where(sql`${designs.visibility} <> 'public' and ${designs.score} is not null`);
  return scored.length;
}
