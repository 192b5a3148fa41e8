// The jobs table's operations. Every write that a watcher can see bumps `version` and wakes the
// event streams of this process (other processes' streams see it on their next poll).

import { EventEmitter } from 'node:events';
import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.server.ts';
import { jobs } from '../server/db/schema/index.ts';
import { CAPABILITY_JOB_KINDS, JobErrorCode, MAX_JOB_INPUT_BYTES, type JobError, type JobProgress, type JobState, type JobView } from './jobs.ts';

type JobRow = typeof jobs.$inferSelect;

export function toJobView(row: JobRow): JobView {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state as JobState,
    progress: { done: row.progressDone, total: row.progressTotal, phase: row.phase, message: row.message },
    result: row.result ?? null,
    error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? '' } : null,
    cancelRequested: row.cancelRequested,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

// Shared through globalThis: `npm start` runs jobs from its own copy of this module, and the
// server bundle's routes (a second copy) must hear about them.
const busKey = Symbol.for('chipedia.jobs.events');
const bus: EventEmitter = ((globalThis as Record<symbol, unknown>)[busKey] ??= new EventEmitter().setMaxListeners(0)) as EventEmitter;

/** Calls `listener` when job `id` changes in this process (a state change, progress, a cancel request). */
export function onJobChange(id: string, listener: () => void): () => void {
  bus.on(id, listener);
  return () => bus.off(id, listener);
}

function changed(id: string): void {
  bus.emit(id);
}

/** Calls `listener` when someone in this process asks job `id` to stop (its runner listens). */
export function onCancelRequest(id: string, listener: () => void): () => void {
  const name = `cancel:${id}`;
  bus.on(name, listener);
  return () => bus.off(name, listener);
}

export class JobInputTooLargeError extends Error {
  constructor() {
    super(`a job's input is at most ${MAX_JOB_INPUT_BYTES} bytes`);
    this.name = 'JobInputTooLargeError';
  }
}

export async function createJob(db: Db, job: { kind: string; ownerId: number | null; input: unknown }): Promise<JobView> {
  if (Buffer.byteLength(JSON.stringify(job.input ?? {})) > MAX_JOB_INPUT_BYTES) throw new JobInputTooLargeError();
  const [row] = await db.insert(jobs).values({ kind: job.kind, ownerId: job.ownerId, input: job.input ?? {} }).returning();
  return toJobView(row!);
}

export async function getJob(db: Db, id: string): Promise<JobView | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row ? toJobView(row) : null;
}

export async function getJobInput(db: Db, id: string): Promise<unknown> {
  const [row] = await db.select({ input: jobs.input }).from(jobs).where(eq(jobs.id, id)).limit(1);
  return row?.input;
}

/** The job if `ownerId` owns it; null otherwise (so the caller answers 404 and reveals nothing). */
export async function getJobForOwner(db: Db, id: string, ownerId: number): Promise<JobView | null> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.ownerId, ownerId)))
    .limit(1);
  return row ? toJobView(row) : null;
}

/**
 * The job as `ownerId` (null when logged out) may see it: their own, or an owner-less job of a
 * capability kind (CAPABILITY_JOB_KINDS) reached by its id. Null otherwise (the caller answers 404).
 */
export async function getJobForCaller(db: Db, id: string, ownerId: number | null): Promise<JobView | null> {
  const anonymous = and(isNull(jobs.ownerId), inArray(jobs.kind, [...CAPABILITY_JOB_KINDS]));
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), ownerId === null ? anonymous : or(eq(jobs.ownerId, ownerId), anonymous)))
    .limit(1);
  return row ? toJobView(row) : null;
}

export async function listJobsOfOwner(db: Db, ownerId: number, page: { pageNum: number; pageSize: number }): Promise<{ list: JobView[]; total: number }> {
  const where = eq(jobs.ownerId, ownerId);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize),
    db.select({ n: count() }).from(jobs).where(where),
  ]);
  return { list: rows.map(toJobView), total: Number(totalRow?.n ?? 0) };
}

/**
 * Asks for a job to stop. A queued job is cancelled at once; a running one is flagged and its
 * runner (told through the change event, or seeing the flag on its next write) stops it. Returns
 * the job as it now is, or null when `ownerId` (a user, or null for operator jobs) does not own it.
 */
export async function requestCancel(db: Db, id: string, ownerId: number | null): Promise<JobView | null> {
  const owner = ownerId === null ? isNull(jobs.ownerId) : eq(jobs.ownerId, ownerId);
  const now = new Date();
  const [queued] = await db
    .update(jobs)
    .set({
      state: 'cancelled',
      cancelRequested: true,
      errorCode: JobErrorCode.cancelled,
      errorMessage: 'cancelled before it started',
      finishedAt: now,
      updatedAt: now,
      version: sql`${jobs.version} + 1`,
    })
    .where(and(eq(jobs.id, id), owner, eq(jobs.state, 'queued')))
    .returning();
  if (queued) {
    changed(id);
    return toJobView(queued);
  }
  const [running] = await db
    .update(jobs)
    .set({ cancelRequested: true, updatedAt: now, version: sql`${jobs.version} + 1` })
    .where(and(eq(jobs.id, id), owner, eq(jobs.state, 'running'), eq(jobs.cancelRequested, false)))
    .returning();
  if (running) {
    changed(id);
    bus.emit(`cancel:${id}`);
    return toJobView(running);
  }
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), owner))
    .limit(1);
  return row ? toJobView(row) : null;
}

/** queued → running for this runner; null when someone else claimed it (or it was cancelled). */
export async function claimJob(db: Db, id: string, runnerId: string): Promise<JobView | null> {
  const now = new Date();
  const [row] = await db
    .update(jobs)
    .set({ state: 'running', runnerId, startedAt: now, updatedAt: now, attempts: sql`${jobs.attempts} + 1`, version: sql`${jobs.version} + 1` })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'queued')))
    .returning();
  if (row) changed(id);
  return row ? toJobView(row) : null;
}

/**
 * Claims the oldest queued job of these kinds. On PostgreSQL, `FOR UPDATE SKIP LOCKED` lets several
 * processes claim from one table without waiting on each other or taking the same job; PGlite has
 * one connection, where the clause is harmless.
 */
export async function claimNextJob(db: Db, kinds: readonly string[], runnerId: string): Promise<JobView | null> {
  if (kinds.length === 0) return null;
  // A CTE is evaluated once; as an IN (subquery) the locking subquery may run per row and claim several.
  const next = db.$with('next').as(
    db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.state, 'queued'), inArray(jobs.kind, [...kinds])))
      .orderBy(jobs.createdAt)
      .limit(1)
      .for('update', { skipLocked: true }),
  );
  const now = new Date();
  const [row] = await db
    .with(next)
    .update(jobs)
    .set({ state: 'running', runnerId, startedAt: now, updatedAt: now, attempts: sql`${jobs.attempts} + 1`, version: sql`${jobs.version} + 1` })
    .from(next)
    .where(and(eq(jobs.id, next.id), eq(jobs.state, 'queued')))
    .returning();
  if (row) changed(row.id);
  return row ? toJobView(row) : null;
}

/** Writes a running job's progress (the runner throttles the calls); returns whether a cancel was asked meanwhile. */
export async function writeProgress(db: Db, id: string, progress: JobProgress): Promise<{ cancelRequested: boolean }> {
  const [row] = await db
    .update(jobs)
    .set({
      progressDone: Math.round(progress.done),
      progressTotal: progress.total === null ? null : Math.round(progress.total),
      phase: progress.phase,
      message: progress.message,
      updatedAt: new Date(),
      version: sql`${jobs.version} + 1`,
    })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'running')))
    .returning({ cancelRequested: jobs.cancelRequested });
  changed(id);
  return { cancelRequested: row?.cancelRequested ?? true };
}

export type JobOutcome =
  | { state: 'succeeded'; result: unknown; progress?: JobProgress }
  | { state: 'failed' | 'cancelled'; error: JobError; progress?: JobProgress };

/** running (or queued) → a final state, once. */
export async function finishJob(db: Db, id: string, outcome: JobOutcome): Promise<JobView | null> {
  const now = new Date();
  const p = outcome.progress;
  const [row] = await db
    .update(jobs)
    .set({
      state: outcome.state,
      result: outcome.state === 'succeeded' ? (outcome.result ?? null) : null,
      errorCode: outcome.state === 'succeeded' ? null : outcome.error.code,
      errorMessage: outcome.state === 'succeeded' ? null : outcome.error.message.slice(0, 2000),
      ...(p ? { progressDone: Math.round(p.done), progressTotal: p.total === null ? null : Math.round(p.total), phase: p.phase, message: p.message } : {}),
      finishedAt: now,
      updatedAt: now,
      version: sql`${jobs.version} + 1`,
    })
    .where(and(eq(jobs.id, id), inArray(jobs.state, ['queued', 'running'])))
    .returning();
  changed(id);
  return row ? toJobView(row) : null;
}

/**
 * At start: jobs still `running` whose process is gone. Those of this host whose pid is dead, and
 * any whose heartbeat (updated_at) is older than `staleAfterMs`, are failed as interrupted —
 * a job's steps are not known to be safe to repeat, so nothing is re-run behind the operator's back
 * (the catalogue import resumes by itself when started again).
 */
export async function failInterruptedJobs(db: Db, options: { isDead: (runnerId: string) => boolean; staleAfterMs: number; now?: Date }): Promise<number> {
  const now = options.now ?? new Date();
  const running = await db.select({ id: jobs.id, runnerId: jobs.runnerId, updatedAt: jobs.updatedAt }).from(jobs).where(eq(jobs.state, 'running'));
  const staleBefore = new Date(now.getTime() - options.staleAfterMs);
  const dead = running.filter((j) => (j.runnerId !== null && options.isDead(j.runnerId)) || j.updatedAt < staleBefore).map((j) => j.id);
  if (dead.length === 0) return 0;
  const rows = await db
    .update(jobs)
    .set({
      state: 'failed',
      errorCode: JobErrorCode.interrupted,
      errorMessage: 'the process running this job stopped before it finished; start it again',
      finishedAt: now,
      updatedAt: now,
      version: sql`${jobs.version} + 1`,
    })
    .where(and(inArray(jobs.id, dead), eq(jobs.state, 'running'), or(isNull(jobs.finishedAt), lt(jobs.updatedAt, now))))
    .returning({ id: jobs.id });
  for (const r of rows) changed(r.id);
  return rows.length;
}

/** How long a finished job stays readable: a user's for a month, the index rebuilds for a day. */
export const JOB_RETENTION_MS = 30 * 24 * 3600_000;
export const SHORT_RETENTION_MS: Readonly<Record<string, number>> = { 'search-index': 24 * 3600_000 };

/**
 * Deletes finished jobs past their retention (queued and running ones are never touched), so the
 * table does not grow with every start and every large-catalogue rebuild. Returns how many went.
 */
export async function deleteExpiredJobs(db: Db, now = new Date()): Promise<number> {
  const finished = inArray(jobs.state, ['succeeded', 'failed', 'cancelled']);
  const shortKinds = Object.keys(SHORT_RETENTION_MS);
  let removed = 0;
  for (const kind of shortKinds) {
    const before = new Date(now.getTime() - SHORT_RETENTION_MS[kind]!);
    removed += (await db.delete(jobs).where(and(finished, eq(jobs.kind, kind), lt(jobs.finishedAt, before))).returning({ id: jobs.id })).length;
  }
  const before = new Date(now.getTime() - JOB_RETENTION_MS);
  const others = shortKinds.length > 0 ? sql`${jobs.kind} NOT IN (${sql.join(shortKinds.map((k) => sql`${k}`), sql`, `)})` : sql`true`;
  removed += (await db.delete(jobs).where(and(finished, others, lt(jobs.finishedAt, before))).returning({ id: jobs.id })).length;
  return removed;
}
