import { and, asc, count, eq, gt, inArray, isNull, notInArray, or, type SQL } from 'drizzle-orm';
import type { BomMatchScope, JobView } from '../jobs/jobs.ts';
import { defineJob, jobRunnerOf } from '../jobs/runner.server.ts';
import type { Db } from '../server/db/client.server.ts';
import { bomLines, boms } from '../server/db/schema/index.ts';
import type { BomRow } from './bom-access.server.ts';
import { DEFAULT_BOM_TRENDS, type BomTrends } from './bom.schema.ts';
import { matchAndSave } from './bom-match-run.server.ts';

// The `bom-match` job (issue #12 item 8): matches a BOM's lines in batches in the main thread (the
// matcher queries the catalogue), reporting lines done of lines in scope as the job's progress.
// It marks the BOM `matching` and itself the BOM's current job at the start, and `matched` at the
// end unless a newer job took over meanwhile. Its owner is the BOM's owner: null for an anonymous
// BOM, whose job is then followed by its id (CAPABILITY_JOB_KINDS).

export const MATCH_BATCH = 250;

/** Choices made by people (or applied replacements) are kept when the BOM is re-ranked. */
const PEOPLE: readonly string[] = ['user', 'replacement'];

function scopeWhere(scope: BomMatchScope): SQL | undefined {
  if (scope === 'pending') return eq(bomLines.status, 'pending');
  if (scope === 'doubtful') return inArray(bomLines.status, ['doubtful', 'notFound']);
  return or(isNull(bomLines.chosenBy), notInArray(bomLines.chosenBy, [...PEOPLE]));
}

export const bomMatchJob = defineJob('bom-match', async (input, ctx) => {
  const { db } = ctx;
  const [bom] = await db.update(boms).set({ state: 'matching', matchJobId: ctx.jobId }).where(eq(boms.id, input.bomId)).returning();
  if (!bom) return { lines: 0, written: 0, skipped: 0 };
  const trends: BomTrends = { ...DEFAULT_BOM_TRENDS, ...(bom.trends as Partial<BomTrends>) };
  const inScope = and(eq(bomLines.bomId, bom.id), scopeWhere(input.scope), input.lineIds ? inArray(bomLines.id, input.lineIds) : undefined);
  const [totalRow] = await db.select({ n: count() }).from(bomLines).where(inScope);
  const total = Number(totalRow?.n ?? 0);
  ctx.progress({ phase: 'match', done: 0, total });

  let done = 0;
  let written = 0;
  let after = 0;
  for (;;) {
    ctx.signal.throwIfAborted();
    const batch = await db
      .select({ id: bomLines.id, version: bomLines.version, source: bomLines.source, designators: bomLines.designators, dnp: bomLines.dnp })
      .from(bomLines)
      .where(and(inScope, gt(bomLines.id, after)))
      .orderBy(asc(bomLines.id))
      .limit(MATCH_BATCH);
    if (batch.length === 0) break;
    const base = done;
    const saved = await matchAndSave(db, batch, {
      ownerId: bom.ownerId,
      trends,
      by: input.scope === 'doubtful' ? 'ai' : 'auto',
      signal: ctx.signal,
      // Lines added or reset meanwhile can push done past the count taken at the start.
      onProgress: (n) => ctx.progress({ done: Math.min(base + n, Math.max(total, base + n)), total: Math.max(total, base + n) }),
    });
    written += saved.written;
    done += batch.length;
    after = batch[batch.length - 1]!.id;
    ctx.progress({ done, total: Math.max(total, done) });
  }
  await db
    .update(boms)
    .set({ state: 'matched' })
    .where(and(eq(boms.id, bom.id), eq(boms.matchJobId, ctx.jobId)));
  return { lines: done, written, skipped: done - written };
});

/** Starts matching (owned by the BOM's owner); the job id goes back to the caller only. */
export async function startBomMatch(db: Db, bom: Pick<BomRow, 'id' | 'ownerId'>, scope: BomMatchScope, lineIds?: readonly number[]): Promise<{ job: JobView; done: Promise<JobView> }> {
  return jobRunnerOf(db).submit(bomMatchJob, { bomId: bom.id, scope, ...(lineIds ? { lineIds: [...lineIds] } : {}) }, { ownerId: bom.ownerId });
}
