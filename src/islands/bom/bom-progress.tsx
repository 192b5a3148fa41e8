import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import type { JobView } from '../../lib/jobs/jobs.ts';
import { fill, type BomLabels } from './labels.ts';

/** 0–100 from a job's progress; null while the total is unknown. */
export function percentDone(job: JobView | null): number | null {
  const total = job?.progress.total;
  if (!job || total === null || total === undefined || total <= 0) return null;
  return Math.min(100, Math.round((job.progress.done / total) * 100));
}

/** The matching job's progress in real figures: lines done of total, and a bar; its owner may cancel it. */
export function BomProgress({ job, labels, onCancel }: { job: JobView | null; labels: BomLabels; onCancel?: (() => void) | undefined }) {
  const pct = percentDone(job);
  const total = job?.progress.total ?? null;
  let text: string;
  if (job?.state === 'failed') text = fill(labels.progressFailed, { message: job.error?.message ?? '' });
  else if (job?.state === 'cancelled') text = labels.progressCancelled;
  else if (!job || job.state === 'queued' || total === null) text = labels.progressWaiting;
  else text = fill(labels.progressLines, { done: job.progress.done.toLocaleString(), total: total.toLocaleString() });

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-6" aria-labelledby="bom-progress-title" data-testid="bom-progress" data-state={job?.state ?? 'waiting'} data-done={job?.progress.done ?? 0} data-total={total ?? ''}>
      <h2 id="bom-progress-title" className="text-base font-semibold text-slate-900">
        {labels.progressTitle}
      </h2>
      <p className={`mt-2 text-sm tabular-nums ${job?.state === 'failed' ? 'text-red-700' : 'text-slate-700'}`} role="status" data-testid="bom-progress-text">
        {text}
      </p>
      <Progress className="mt-3" value={pct ?? 0} aria-label={labels.progressTitle} aria-valuetext={text} />
      {onCancel && job && (job.state === 'queued' || job.state === 'running') && (
        <Button type="button" variant="outline" size="sm" className="mt-4" disabled={job.cancelRequested} onClick={onCancel} data-testid="bom-cancel-matching">
          {labels.cancelMatching}
        </Button>
      )}
    </section>
  );
}
