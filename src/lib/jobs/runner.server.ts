// Runs jobs: the handler (in this thread, where the database is) reads and writes through the
// Db and hands its CPU-heavy steps to the worker pool with plain data. Progress is merged in
// memory and written at most once per interval; a heartbeat keeps a long step's row fresh so a
// dead process's jobs can be told apart. Cancelling aborts the job's signal, which stops the
// worker step (cooperative flag, then terminate) and the handler's own loops.

import { hostname } from 'node:os';
import type { Db } from '../server/db/client.server.ts';
import { enterActivity } from '../server/observability/stall-guard.server.ts';
import { JobErrorCode, mergeProgress, NO_PROGRESS, ProgressThrottle, type JobInput, type JobKind, type JobProgress, type JobResult, type JobView } from './jobs.ts';
import { claimJob, createJob, failInterruptedJobs, finishJob, getJob, onCancelRequest, requestCancel, writeProgress, type JobOutcome } from './jobs.server.ts';
import { sharedWorkerPool, WorkerCrashedError, type WorkerPool } from './worker-pool.server.ts';
import { TaskCancelledError, type WorkerTask } from './worker-task.ts';

export type JobContext = {
  readonly db: Db;
  readonly jobId: string;
  /** Aborted when the job is cancelled; pass it on to anything that can stop early. */
  readonly signal: AbortSignal;
  /** Reports progress; cheap to call per item (writes are throttled). */
  progress(report: Partial<JobProgress>): void;
  /** Runs a CPU-heavy step in a worker thread, its progress counting as the job's. */
  inWorker<D, R>(task: WorkerTask<D, R>, data: D, transfer?: ArrayBuffer[]): Promise<R>;
};

export type JobHandler<K extends JobKind> = (input: JobInput<K>, ctx: JobContext) => Promise<JobResult<K>>;

/** A kind of job and the code that runs it. */
export type JobDefinition<K extends JobKind> = { readonly kind: K; readonly handler: JobHandler<K> };

export function defineJob<K extends JobKind>(kind: K, handler: JobHandler<K>): JobDefinition<K> {
  return { kind, handler };
}

export type RunnerOptions = {
  pool?: WorkerPool;
  /** Least time between two progress writes of one job. */
  flushMs?: number;
  /** A running job's row is touched at least this often. */
  heartbeatMs?: number;
};

const STARTED_AT = Date.now();

/** This process, as written in runner_id: host, pid and start time (a reused pid is another process). */
export function thisRunnerId(): string {
  return `${hostname()}:${process.pid}:${STARTED_AT}`;
}

/** Whether the process that wrote `runnerId` is known to be gone (only decidable on this host). */
export function runnerIsDead(runnerId: string): boolean {
  const [host, pidText, started] = runnerId.split(':');
  if (host !== hostname()) return false;
  const pid = Number(pidText);
  if (pid === process.pid) return started !== String(STARTED_AT);
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export class JobRunner {
  readonly db: Db;
  readonly id = thisRunnerId();
  private readonly pool: WorkerPool;
  private readonly flushMs: number;
  private readonly heartbeatMs: number;
  private readonly running = new Map<string, Promise<JobView>>();

  constructor(db: Db, options: RunnerOptions = {}) {
    this.db = db;
    this.pool = options.pool ?? sharedWorkerPool();
    this.flushMs = options.flushMs ?? 1000;
    this.heartbeatMs = options.heartbeatMs ?? 5000;
  }

  /** Fails the jobs a dead process left running (call once at start). */
  recover(staleAfterMs = 120_000): Promise<number> {
    return failInterruptedJobs(this.db, { isDead: runnerIsDead, staleAfterMs });
  }

  /** Records a job and starts it here; `done` resolves with its final state (rejects only if the database fails). */
  async submit<K extends JobKind>(definition: JobDefinition<K>, input: JobInput<K>, options: { ownerId?: number | null } = {}): Promise<{ job: JobView; done: Promise<JobView> }> {
    const job = await createJob(this.db, { kind: definition.kind, ownerId: options.ownerId ?? null, input });
    return { job, done: this.execute(definition, job.id, input) };
  }

  /** The final state of a job this runner is running, if it is. */
  settled(id: string): Promise<JobView> | undefined {
    return this.running.get(id);
  }

  /** Asks an operator job to stop (users cancel theirs through the API). */
  cancel(id: string): Promise<JobView | null> {
    return requestCancel(this.db, id, null);
  }

  private execute<K extends JobKind>(definition: JobDefinition<K>, id: string, input: JobInput<K>): Promise<JobView> {
    const done = this.executeOnce(definition, id, input).finally(() => this.running.delete(id));
    this.running.set(id, done);
    return done;
  }

  private async executeOnce<K extends JobKind>(definition: JobDefinition<K>, id: string, input: JobInput<K>): Promise<JobView> {
    const claimed = await claimJob(this.db, id, this.id);
    if (!claimed) return (await getJob(this.db, id))!;
    const controller = new AbortController();
    const stopListening = onCancelRequest(id, () => controller.abort());

    let current: JobProgress = NO_PROGRESS;
    const throttle = new ProgressThrottle(this.flushMs);
    // Writes go one after another, in order; a write that finds the cancel flag (set by another
    // process) aborts the job here.
    let writes: Promise<void> = Promise.resolve();
    const write = (p: JobProgress) => {
      writes = writes
        .then(() => writeProgress(this.db, id, p))
        .then(({ cancelRequested }) => {
          if (cancelRequested) controller.abort();
        })
        .catch(() => {});
    };
    const heartbeat = setInterval(() => write(current), this.heartbeatMs);
    heartbeat.unref();

    const ctx: JobContext = {
      db: this.db,
      jobId: id,
      signal: controller.signal,
      progress: (report) => {
        current = mergeProgress(current, report);
        if (throttle.offer(current, performance.now())) write(current);
      },
      inWorker: (task, data, transfer) =>
        this.pool.run(task, data, {
          signal: controller.signal,
          onProgress: (report) => ctx.progress(report),
          ...(transfer ? { transfer } : {}),
        }),
    };

    let outcome: JobOutcome;
    // The stall guard names the job when the loop stalls while it runs.
    const leave = enterActivity(`job:${definition.kind}`);
    try {
      const result = await definition.handler(input, ctx);
      outcome = { state: 'succeeded', result, progress: current };
    } catch (error) {
      outcome = outcomeOfError(error, controller.signal.aborted, current);
    } finally {
      leave();
      clearInterval(heartbeat);
      stopListening();
      await writes;
    }
    const final = (await finishJob(this.db, id, outcome)) ?? (await getJob(this.db, id))!;
    // The handler's own value (jsonb would hand back its keys reordered): scripts print it as it was.
    if (final.state === 'succeeded' && outcome.state === 'succeeded') final.result = outcome.result;
    return final;
  }
}

function outcomeOfError(error: unknown, aborted: boolean, progress: JobProgress): JobOutcome {
  if (aborted || error instanceof TaskCancelledError) {
    return { state: 'cancelled', error: { code: JobErrorCode.cancelled, message: 'cancelled' }, progress };
  }
  if (error instanceof WorkerCrashedError) return { state: 'failed', error: { code: JobErrorCode.workerCrashed, message: error.message }, progress };
  const message = error instanceof Error ? error.message : String(error);
  return { state: 'failed', error: { code: JobErrorCode.failed, message }, progress };
}

// One runner per database and process, shared with the server bundle's copy through globalThis.
const runnersKey = Symbol.for('chipedia.jobs.runners');
const runners: WeakMap<Db, JobRunner> = ((globalThis as Record<symbol, unknown>)[runnersKey] ??= new WeakMap<Db, JobRunner>()) as WeakMap<Db, JobRunner>;

export function jobRunnerOf(db: Db): JobRunner {
  let runner = runners.get(db);
  if (!runner) runners.set(db, (runner = new JobRunner(db)));
  return runner;
}
