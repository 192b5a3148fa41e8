import { and, asc, count, eq, gt, inArray, isNull, notInArray, or, type SQL } from 'drizzle-orm';
import type { BomMatchScope, JobView } from '../jobs/jobs.ts';
import { defineJob, jobRunnerOf } from '../jobs/runner.server.ts';
import { SliceSizer, threadCpuMs, yieldToLoop } from '../jobs/slices.ts';
import type { Db } from '../server/db/client.server.ts';
import { bomLines, boms, jobs } from '../server/db/schema/index.ts';
import type { BomRow } from './bom-access.server.ts';
import { DEFAULT_BOM_TRENDS, type BomTrends } from './bom.schema.ts';
import { matchAndSave } from './bom-match-run.server.ts';

// The `bom-match` job (issue #12 item 8): matches a BOM's lines in batches in the main thread (the
// matcher queries the catalogue), reporting lines done of lines in scope as the job's progress.
// Batches are sized by the time the last one took and the loop is given back between them, so
// on PGlite (whose statements run on this thread) no batch stalls other requests (issue #36).
// It marks the BOM `matching` and itself the BOM's current job at the start, and `matched` at the
// end unless a newer job took over meanwhile. Its owner is the BOM's owner: null for an anonymous
// BOM, whose job is then followed by its id (CAPABILITY_JOB_KINDS).

export const MATCH_BATCH = 250;
/** CPU time one batch should take on this thread, ms (the stall guard's limit is 100). */
const BATCH_TARGET_MS = 30;
/** Fewer lines a batch costs more in its fixed queries than it saves in stall time. */
const BATCH_MIN = 10;

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
  const sizer = new SliceSizer({ targetMs: BATCH_TARGET_MS, first: BATCH_MIN, min: BATCH_MIN, max: MATCH_BATCH });
  try {
    for (;;) {
      ctx.signal.throwIfAborted();
      await yieldToLoop();
      // Sized by this thread's CPU time: PostgreSQL's own time does not hold the loop.
      const started = threadCpuMs();
      const batch = await db
        .select({ id: bomLines.id, version: bomLines.version, source: bomLines.source, designators: bomLines.designators, dnp: bomLines.dnp })
        .from(bomLines)
        .where(and(inScope, gt(bomLines.id, after)))
        .orderBy(asc(bomLines.id))
        .limit(sizer.next);
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
      sizer.took(batch.length, threadCpuMs() - started);
      written += saved.written;
      done += batch.length;
      after = batch[batch.length - 1]!.id;
      ctx.progress({ done, total: Math.max(total, done) });
    }
  } catch (error) {
    // Cancelled or failed: the BOM is no longer being matched (lines not reached stay pending; a
    // new confirm, preference change or re-match picks them up). A process that dies leaves it
    // `matching`, which the start-up resume looks for.
    await db
      .update(boms)
      .set({ state: 'confirmed' })
      .where(and(eq(boms.id, bom.id), eq(boms.matchJobId, ctx.jobId)));
    throw error;
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

/**
 * At start: BOMs a stopped process left `matching` (their job failed as interrupted, or is gone)
 * are matched again from their pending lines. Returns the jobs started.
 */
export async function resumeBomMatching(db: Db): Promise<string[]> {
  const stuck = await db
    .select({ id: boms.id, ownerId: boms.ownerId })
    .from(boms)
    .leftJoin(jobs, eq(jobs.id, boms.matchJobId))
    .where(and(eq(boms.state, 'matching'), or(isNull(jobs.id), eq(jobs.state, 'failed'))));
  const started: string[] = [];
  for (const bom of stuck) started.push((await startBomMatch(db, bom, 'pending')).job.id);
  return started;
}
