import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { SubmissionStatus } from '../../lib/library/submissions.ts';
import { listStatus } from './list-status.tsx';
import { fill, mySubmissions, productHref, when, type SubmissionCard } from './submission-api.ts';

// "My catalogue submissions" (issue #16 item 5): the caller's proposals with their status, the
// reviewer's reason when rejected and a link to the catalogue part when accepted. Shown on the
// review page to non-operators; any page may embed it.

const STATUS_STYLE: Record<SubmissionStatus, string> = {
  pending: 'border-sky-200 bg-sky-50 text-sky-800',
  accepted: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  rejected: 'border-red-200 bg-red-50 text-red-700',
  withdrawn: 'border-slate-200 bg-slate-50 text-slate-600',
};

export function SubmissionStatusBadge({ status, labels }: { status: SubmissionStatus; labels: Record<string, string> }) {
  return (
    <span className={cn('inline-flex w-fit items-center rounded-md border px-2 py-0.5 text-xs font-medium', STATUS_STYLE[status])} data-testid="submission-status" data-status={status}>
      {labels[`submissions.status.${status}`] ?? status}
    </span>
  );
}

const PAGE_SIZE = 20;

export function MySubmissions({ locale, labels }: { locale: 'zh' | 'en'; labels: Record<string, string> }) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: SubmissionCard[]; total: number } | null | 'error'>(null);
  const load = useCallback(async (p: number) => {
    setData(null);
    const r = await mySubmissions(p, PAGE_SIZE).catch(() => null);
    setData(r ?? 'error');
  }, []);
  useEffect(() => {
    void load(page);
  }, [load, page]);
  const l = (k: string) => labels[`submissions.${k}`] ?? k;

  return (
    <section aria-labelledby="my-submissions-title" data-testid="my-submissions">
      <h2 id="my-submissions-title" className="mb-3 text-lg font-semibold text-slate-900">
        {l('mineTitle')}
      </h2>
      {data === null || data === 'error' || data.list.length === 0 ? (
        listStatus(data, { loading: l('loading'), failed: l('loadFailed'), empty: l('mineEmpty'), emptyTestId: 'my-submissions-empty' })
      ) : (
        <>
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {data.list.map((s) => (
              <li key={s.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-start sm:gap-4" data-testid="my-submission" data-id={s.id}>
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">
                    {s.mpn}
                    {s.brand ? <span className="ml-2 text-sm font-normal text-slate-500">{s.brand}</span> : null}
                  </p>
                  <p className="text-xs text-slate-500">
                    {l('colSubmitted')} {when(s.createdAt, locale)}
                    {s.reviewedAt ? ` · ${l('colReviewed')} ${when(s.reviewedAt, locale)}` : ''}
                  </p>
                  {s.status === 'rejected' && s.reason ? (
                    <p className="mt-1 whitespace-pre-wrap text-sm text-red-700" data-testid="submission-reason">
                      {l('reasonLabel')}: {s.reason}
                    </p>
                  ) : null}
                  {s.status === 'accepted' && s.mfgMpnCode ? (
                    <a href={productHref(locale, s.mfgMpnCode)} className="mt-1 inline-block text-sm text-brand-600 underline-offset-2 hover:underline" data-testid="submission-product-link">
                      {l('viewPart')}
                    </a>
                  ) : null}
                </div>
                <SubmissionStatusBadge status={s.status} labels={labels} />
              </li>
            ))}
          </ul>
          {data.total > PAGE_SIZE ? (
            <nav className="mt-3 flex items-center justify-end gap-2 text-sm" aria-label={l('mineTitle')}>
              <Button type="button" variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {l('prev')}
              </Button>
              <span>{fill(l('pageOf'), { page, pages: Math.ceil(data.total / PAGE_SIZE) })}</span>
              <Button type="button" variant="outline" size="sm" disabled={page * PAGE_SIZE >= data.total} onClick={() => setPage(page + 1)}>
                {l('next')}
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
