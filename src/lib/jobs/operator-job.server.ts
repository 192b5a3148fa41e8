// Runs an operator job from a script (`npm run import:*`): a row in `jobs`, the runner doing the
// work, progress printed from the job as it is recorded, Ctrl-C as a cancel (twice: quit at once).

import type { Database } from '../server/db/client.server.ts';
import type { JobInput, JobKind, JobView } from './jobs.ts';
import { getJob, onJobChange } from './jobs.server.ts';
import { JobRunner, type JobDefinition } from './runner.server.ts';

export type OperatorJobOptions = {
  /** Writes one progress line (the scripts overwrite a status line on stderr). */
  print?: (job: JobView) => void;
  /** Least time between two progress writes to the row. */
  flushMs?: number;
};

/** One status line: phase, counts and message. */
export function progressLine(job: JobView): string {
  const { done, total, phase, message } = job.progress;
  const counts = total !== null ? `${done}/${total}` : done > 0 ? String(done) : '';
  return [phase, counts, message].filter((x) => x !== null && x !== '').join(' · ');
}

export async function runOperatorJob<K extends JobKind>(database: Database, definition: JobDefinition<K>, input: JobInput<K>, options: OperatorJobOptions = {}): Promise<JobView> {
  const runner = new JobRunner(database.db, { flushMs: options.flushMs ?? 500 });
  await runner.recover();
  const { job, done } = await runner.submit(definition, input);
  const print = options.print ?? ((j: JobView) => process.stderr.write(`\r\x1b[2K${progressLine(j)}`));
  let lastVersion = -1;
  let reading = false;
  const stopWatching = onJobChange(job.id, () => {
    if (reading) return;
    reading = true;
    void getJob(database.db, job.id)
      .then((j) => {
        if (j && j.version > lastVersion && j.state === 'running') {
          lastVersion = j.version;
          print(j);
        }
      })
      .finally(() => {
        reading = false;
      });
  });
  let interrupts = 0;
  const onInterrupt = () => {
    if (++interrupts > 1) process.exit(130);
    process.stderr.write(`\ncancelling job ${job.id}… (Ctrl-C again to quit at once)\n`);
    void runner.cancel(job.id);
  };
  process.on('SIGINT', onInterrupt);
  try {
    return await done;
  } finally {
    process.off('SIGINT', onInterrupt);
    stopWatching();
  }
}

/** The exit code of a finished operator job: 0, 1 (failed) or 130 (cancelled, as after SIGINT). */
export function exitCodeOf(job: JobView): number {
  return job.state === 'succeeded' ? 0 : job.state === 'cancelled' ? 130 : 1;
}
