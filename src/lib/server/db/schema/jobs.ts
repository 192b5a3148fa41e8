import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Long work with progress (ADR 0007): imports, the search-index rebuild, later BOM matching,
// design analysis and PDF ingest. One row per job; the runner that executes it keeps the row
// current (progress throttled, so not a write per item). Ids are random so a job's address
// says nothing about other jobs.
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** The user who asked for it; null for operator jobs (imports, index rebuilds). */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('queued'),
    progressDone: bigint('progress_done', { mode: 'number' }).notNull().default(0),
    /** Null while the amount of work is not yet known. */
    progressTotal: bigint('progress_total', { mode: 'number' }),
    phase: text('phase'),
    message: text('message'),
    /** Grows with every change a watcher can see: the SSE event id, so a reconnect resumes. */
    version: integer('version').notNull().default(0),
    input: jsonb('input').notNull().default({}),
    result: jsonb('result'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** The process running it (host:pid:start); a process starting finds its own dead jobs by it. */
    runnerId: text('runner_id'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Also the running job's heartbeat: a running row not updated for long has lost its process. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_owner_created_idx').on(t.ownerId, t.createdAt.desc()),
    // Claiming: the oldest queued job first; the partial index holds only the waiting ones.
    index('jobs_queued_idx').on(t.createdAt).where(sql`${t.state} = 'queued'`),
    index('jobs_running_idx').on(t.updatedAt).where(sql`${t.state} = 'running'`),
    check('jobs_state_check', sql`${t.state} in ('queued', 'running', 'succeeded', 'failed', 'cancelled')`),
    // Inputs are parameters (a file path, options), never payloads: 64 KB at most.
    check('jobs_input_size_check', sql`octet_length(${t.input}::text) <= 65536`),
  ],
);
