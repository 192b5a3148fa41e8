import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { BomApiError, bomSummary, cancelJob, forgetBom, queryAllLines, rememberBom, type BomQueryMatch } from '../../lib/client/bom-api.ts';
import { followJob, JobFollowError } from '../../lib/client/job-progress.ts';
import { $bomId, $token } from '../../lib/client/store.ts';
import type { JobView } from '../../lib/jobs/jobs.ts';
import { reactIsland } from '../react-island.ts';
import { BomProgress } from './bom-progress.tsx';
import { bomHeadPath, isBomId, type BomLocale } from './bom-paths.ts';
import type { BomLabels } from './labels.ts';
import { NoBom } from './no-bom.tsx';
import { SharedBomNotice } from './shared-bom-notice.tsx';

// The grid (TanStack Table and Virtual) is a chunk of its own: the progress view needs none of it.
const BomGrid = lazy(() => import('./bom-grid.tsx'));

type Phase = 'loading' | 'matching' | 'ready' | 'failed' | 'uploaded' | 'missing';

/**
 * /matching and /bomContent: the matching job's progress (lines done of total, followed through
 * the job's event stream), then the line grid. Without ?bomId= it works on the BOM this browser
 * remembers (SPEC §3), so a logged-out user's BOM survives a reload.
 */
function BomWorkspace({ labels, locale, bomId: given }: { labels: BomLabels; locale: BomLocale; bomId: string }) {
  const remembered = useStore($bomId);
  const token = useStore($token);
  const bomId = isBomId(given) ? given : given ? '' : isBomId(remembered) ? remembered : '';
  const [phase, setPhase] = useState<Phase>(bomId ? 'loading' : 'missing');
  const [job, setJob] = useState<JobView | null>(null);
  const [data, setData] = useState<BomQueryMatch | null>(null);
  const [generation, setGeneration] = useState(0);
  const following = useRef<AbortController | null>(null);

  const loadLines = useCallback(async () => {
    try {
      const all = await queryAllLines(bomId);
      setData(all);
      setGeneration((g) => g + 1);
      setPhase('ready');
    } catch {
      setPhase('failed');
    }
  }, [bomId]);

  const follow = useCallback(
    async (jobId: string) => {
      following.current?.abort();
      const controller = new AbortController();
      following.current = controller;
      setJob(null);
      setPhase('matching');
      try {
        const final = await followJob(jobId, { token: $token.get() || null, onProgress: setJob, signal: controller.signal });
        setJob(final);
      } catch (error) {
        if (controller.signal.aborted) return;
        // A job that cannot be followed (gone, someone else's) leaves the lines as they are.
        if (!(error instanceof JobFollowError)) setJob(null);
      }
      if (!controller.signal.aborted) await loadLines();
    },
    [loadLines],
  );

  const start = useCallback(async () => {
    if (!bomId) return setPhase('missing');
    setPhase('loading');
    try {
      const summary = await bomSummary(bomId);
      rememberBom(bomId);
      if (summary.state === 'uploaded') return setPhase('uploaded');
      if ((summary.state === 'matching' || summary.state === 'confirmed') && summary.jobId) return void follow(summary.jobId);
      await loadLines();
    } catch (error) {
      if (error instanceof BomApiError && error.code === 40400) {
        forgetBom(bomId);
        setPhase('missing');
      } else setPhase('failed');
    }
  }, [bomId, follow, loadLines]);

  useEffect(() => {
    void start();
    return () => following.current?.abort();
  }, [start]);

  if (phase === 'missing') {
    return <NoBom labels={labels} locale={locale} />;
  }
  if (phase === 'uploaded') {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-6 text-sm" data-testid="bom-unconfirmed">
        <p className="text-slate-700">{labels['state.uploaded']}</p>
        <Button asChild className="mt-3">
          <a href={bomHeadPath(locale, bomId)}>{labels.mappingTitle}</a>
        </Button>
      </div>
    );
  }
  if (phase === 'failed') {
    return (
      <p className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-700" role="alert" data-testid="bom-load-failed">
        {labels.loadFailed}{' '}
        <Button type="button" variant="link" className="h-auto p-0" onClick={() => void start()}>
          {labels.retry}
        </Button>
      </p>
    );
  }
  // Cancelling is for the job's owner (an anonymous BOM's job is followed by id, not cancelled).
  if (phase === 'matching') return <BomProgress job={job} labels={labels} onCancel={token && job ? () => void cancelJob(job.id).catch(() => undefined) : undefined} />;
  if (phase === 'loading' || !data) return <GridSkeleton label={labels.recentLoading} />;

  return (
    // minmax(0, 1fr): the grid scrolls inside its box instead of widening the page.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <SharedBomNotice bomId={bomId} labels={labels} locale={locale} />
      {(job?.state === 'failed' || job?.state === 'cancelled') && <BomProgress job={job} labels={labels} />}
      <Suspense fallback={<GridSkeleton label={labels.recentLoading} />}>
        <BomGrid key={generation} bomId={bomId} labels={labels} locale={locale} data={data} onJob={(id) => void follow(id)} onReload={() => void loadLines()} />
      </Suspense>
    </div>
  );
}

function GridSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-2" aria-busy="true" aria-label={label} data-testid="bom-grid-loading">
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} className="h-8 w-full" />
      ))}
    </div>
  );
}

export default reactIsland(BomWorkspace);
