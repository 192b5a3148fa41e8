// The jobs model (ADR 0007), pure so the browser helper, the server and tests share it: states and
// the transitions between them, the progress shape, the public view of a job, the registry of job
// kinds with their input and result types, and the progress throttle.

import type { ImportSummary } from '../catalog/import/import-file.server.ts';
import type { JlcImportSummary } from '../catalog/jlcparts/import-jlcparts.server.ts';
import type { KicadImportStats } from '../catalog/kicad-import/import-kicad.server.ts';
import type { OfferImportSummary } from '../offers/offers-import.server.ts';

export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const TERMINAL_STATES: ReadonlySet<JobState> = new Set(['succeeded', 'failed', 'cancelled']);

export function isTerminal(state: JobState): boolean {
  return TERMINAL_STATES.has(state);
}

// queued → running when a runner claims it; running → queued only when a dead process's job is
// handed back; a queued job can be cancelled (or failed, e.g. bad input) before it runs.
const TRANSITIONS: Readonly<Record<JobState, readonly JobState[]>> = {
  queued: ['running', 'cancelled', 'failed'],
  running: ['succeeded', 'failed', 'cancelled', 'queued'],
  succeeded: [],
  failed: [],
  cancelled: [],
};

export function canTransition(from: JobState, to: JobState): boolean {
  return TRANSITIONS[from].includes(to);
}

export class JobTransitionError extends Error {
  constructor(from: JobState, to: JobState) {
    super(`a ${from} job cannot become ${to}`);
    this.name = 'JobTransitionError';
  }
}

export function assertTransition(from: JobState, to: JobState): void {
  if (!canTransition(from, to)) throw new JobTransitionError(from, to);
}

/** How far a job is: `done` of `total` units (null while unknown), in a named phase. */
export type JobProgress = {
  done: number;
  total: number | null;
  phase: string | null;
  message: string | null;
};

export const NO_PROGRESS: JobProgress = { done: 0, total: null, phase: null, message: null };

/** Error codes a job can end with; `message` carries the words for people. */
export const JobErrorCode = {
  failed: 'failed',
  cancelled: 'cancelled',
  workerCrashed: 'worker-crashed',
  interrupted: 'interrupted',
  badInput: 'bad-input',
} as const;
export type JobErrorCode = (typeof JobErrorCode)[keyof typeof JobErrorCode];

export type JobError = { code: string; message: string };

/** What the API and the event stream show of a job (timestamps as ISO strings). */
export type JobView = {
  id: string;
  kind: string;
  state: JobState;
  progress: JobProgress;
  result: unknown;
  error: JobError | null;
  cancelRequested: boolean;
  /** Grows with every visible change; the event stream's `id:`. */
  version: number;
  createdAt: string;
  startedAt: string | null;
  updatedAt: string;
  finishedAt: string | null;
};

/**
 * Every kind of job with its input and result (result types of existing work are imported as
 * types only, so this module stays free of server code). A new kind (BOM matching, design analysis, PDF
 * ingest) adds its line here and registers a handler with the runner.
 */
export type JobKinds = {
  'search-index': { input: { reason: string }; result: { parts: number; ms: number } };
  'import-catalog': {
    input: { file: string; dryRun: boolean; restart: boolean; batchSize: number };
    result: ImportSummary;
  };
  /** The JLCPCB/LCSC snapshot (src/lib/catalog/jlcparts/import-jlcparts.server.ts). */
  'import-jlcparts': { input: { dir: string }; result: JlcImportSummary };
  'import-kicad': {
    input: { symbolsDir: string; footprintsDir: string | null; models3dDir: string | null; sourceLabel: string };
    result: KicadImportStats;
  };
  'import-3d': {
    input: { dir: string; source: string; licence: string };
    result: { stored: number; previews: number; withoutPreview: number; rejected: number; tooLarge: number; seconds: number };
  };
  /** Supply-chain offers from an operator file (src/lib/offers/offers-import.server.ts). */
  'import-offers': { input: { file: string; skipBad: boolean }; result: Omit<OfferImportSummary, 'refusals'> };
  /** Matching a BOM's lines (src/lib/bom/bom-job.server.ts); `scope` picks which lines, `lineIds` narrows it. */
  'bom-match': {
    input: { bomId: string; scope: BomMatchScope; lineIds?: number[] };
    result: { lines: number; written: number; skipped: number };
  };
};

/** pending: lines not matched yet; auto: every line the user did not choose (re-ranking); doubtful: doubtful and not-found lines (changeByAI). */
export type BomMatchScope = 'pending' | 'auto' | 'doubtful';

/**
 * Kinds whose owner-less jobs are followed by whoever holds the job id: an anonymous BOM's
 * matching job, whose random id is handed only to the holder of the bomId (itself a capability).
 * Other owner-less jobs (operator imports, the search index) stay invisible through the API.
 */
export const CAPABILITY_JOB_KINDS: readonly JobKind[] = ['bom-match'];
export type JobKind = keyof JobKinds;
export type JobInput<K extends JobKind> = JobKinds[K]['input'];
export type JobResult<K extends JobKind> = JobKinds[K]['result'];

/** A job's input is parameters, never a payload (the table refuses more too). */
export const MAX_JOB_INPUT_BYTES = 64 * 1024;

/**
 * Decides when a stream of progress reports is written: the first one, a change of phase, the
 * end of the work, and otherwise at most once per interval. A loop reporting every item thus
 * costs one database write per interval, not one per item.
 */
export class ProgressThrottle {
  private last: JobProgress | null = null;
  private lastAt = Number.NEGATIVE_INFINITY;
  private readonly intervalMs: number;

  constructor(intervalMs: number) {
    this.intervalMs = intervalMs;
  }

  /** True when `next`, reported at `nowMs`, should be written now. */
  offer(next: JobProgress, nowMs: number): boolean {
    const prev = this.last;
    const due =
      prev === null ||
      prev.phase !== next.phase ||
      (next.total !== null && next.done >= next.total && prev.done < next.total) ||
      nowMs - this.lastAt >= this.intervalMs;
    if (due) {
      this.last = next;
      this.lastAt = nowMs;
    }
    return due;
  }
}

/** Merges a partial report into the current progress (a new phase without counts starts at 0 of unknown). */
export function mergeProgress(current: JobProgress, report: Partial<JobProgress>): JobProgress {
  const phaseChanged = report.phase !== undefined && report.phase !== current.phase;
  const base = phaseChanged ? { ...NO_PROGRESS, phase: report.phase ?? null } : current;
  return {
    done: report.done ?? base.done,
    total: report.total !== undefined ? report.total : base.total,
    phase: report.phase !== undefined ? report.phase : base.phase,
    message: report.message !== undefined ? report.message : base.message,
  };
}
