import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { requestLogin } from '../../lib/client/login-request.ts';
import { $token } from '../../lib/client/store.ts';
import { toast } from '../../lib/client/toast.ts';
import type { Quality } from '../../lib/library/library.ts';
import { SUBMISSION_LIMITS, SUBMISSION_STATUSES, type SubmissionStatus } from '../../lib/library/submissions.ts';
import { reactIsland } from '../react-island.ts';
import { QualityBadge, type QualityLabels } from './quality-badge.tsx';
import { acceptSubmission, fill, productHref, rejectSubmission, reviewList, reviewOne, reviewRole, when, type ReviewDetail, type ReviewList } from './submission-api.ts';
import { listStatus } from './list-status.tsx';
import { MySubmissions, SubmissionStatusBadge } from './submission-list.tsx';

// The review page (/review, issue #16 item 5). Operators: the queue (pending first by default,
// newest first), one submission with its symbol and footprint previews, parameters and check
// findings, accept (confirmed in a dialog) or reject with a reason (dialog). Everyone else sees
// that the queue is for operators, and their own submissions. Logged out: a login prompt.

type Props = { locale: 'zh' | 'en'; labels: Record<string, string> };
type Filter = SubmissionStatus | 'all';
const PAGE_SIZE = 20;

function ReviewPage({ locale, labels }: Props) {
  const token = useStore($token);
  const [mounted, setMounted] = useState(false);
  const [operator, setOperator] = useState<boolean | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const l = (k: string) => labels[`submissions.${k}`] ?? k;

  useEffect(() => {
    setMounted(true);
    const id = Number(new URLSearchParams(window.location.search).get('id'));
    if (Number.isInteger(id) && id > 0) setOpenId(id);
    const onPop = () => {
      const v = Number(new URLSearchParams(window.location.search).get('id'));
      setOpenId(Number.isInteger(v) && v > 0 ? v : null);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    if (!token) return;
    setOperator(null);
    void reviewRole()
      .then((r) => setOperator(r?.operator ?? false))
      .catch(() => setOperator(false));
  }, [token]);

  const open = (id: number | null) => {
    setOpenId(id);
    const url = new URL(window.location.href);
    if (id) url.searchParams.set('id', String(id));
    else url.searchParams.delete('id');
    window.history.pushState(null, '', url);
  };

  if (!mounted || (token && operator === null)) {
    return (
      <p className="text-sm text-slate-500" role="status">
        {l('loading')}
      </p>
    );
  }
  if (!token) {
    return (
      <div className="flex min-h-48 flex-col items-center justify-center rounded-xl border border-slate-200 bg-white px-6 py-12 text-center" data-testid="review-login-prompt">
        <p className="text-base font-medium text-slate-900">{l('loginPrompt')}</p>
        <Button type="button" className="mt-5 px-5" onClick={requestLogin}>
          {l('loginButton')}
        </Button>
      </div>
    );
  }
  if (!operator) {
    return (
      <div className="flex flex-col gap-6">
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="review-operators-only">
          {l('operatorsOnly')}
        </p>
        <MySubmissions locale={locale} labels={labels} />
      </div>
    );
  }
  return openId ? <ReviewOne id={openId} locale={locale} labels={labels} onBack={() => open(null)} /> : <Queue locale={locale} labels={labels} onOpen={open} />;
}

function Queue({ locale, labels, onOpen }: Props & { onOpen: (id: number) => void }) {
  const l = (k: string) => labels[`submissions.${k}`] ?? k;
  const [filter, setFilter] = useState<Filter>('pending');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<ReviewList | null | 'error'>(null);
  const filterId = useId();
  const load = useCallback(async () => {
    setData(null);
    const r = await reviewList(page, PAGE_SIZE, filter).catch(() => null);
    setData(r ?? 'error');
  }, [page, filter]);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section aria-labelledby="review-queue-title" data-testid="review-queue">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="review-queue-title" className="text-lg font-semibold text-slate-900">
          {l('queueTitle')}
        </h2>
        <div className="flex items-center gap-2">
          <label htmlFor={filterId} className="text-sm text-slate-700">
            {l('filterLabel')}
          </label>
          <select
            id={filterId}
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as Filter);
              setPage(1);
            }}
            className="h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/60"
            data-testid="review-filter"
          >
            {[...SUBMISSION_STATUSES, 'all' as const].map((s) => (
              <option key={s} value={s}>
                {l(`filter.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {data === null || data === 'error' || data.list.length === 0 ? (
        listStatus(data, { loading: l('loading'), failed: l('loadFailed'), empty: l('queueEmpty'), emptyTestId: 'review-queue-empty' })
      ) : (
        <>
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">
                    {l('colPart')}
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    {l('submitter')}
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    {l('colSubmitted')}
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    {l('colStatus')}
                  </th>
                  <th scope="col" className="px-4 py-2">
                    <span className="sr-only">{l('open')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.list.map((s) => (
                  <tr key={s.id} data-testid="review-row" data-id={s.id}>
                    <td className="px-4 py-2">
                      <span className="font-medium text-slate-900">{s.mpn}</span>
                      {s.brand ? <span className="ml-2 text-slate-500">{s.brand}</span> : null}
                    </td>
                    <td className="px-4 py-2 text-slate-700">{s.submitter.name}</td>
                    <td className="px-4 py-2 text-slate-600">{when(s.createdAt, locale)}</td>
                    <td className="px-4 py-2">
                      <SubmissionStatusBadge status={s.status} labels={labels} />
                    </td>
                    <td className="px-4 py-2 text-right">
                      <Button type="button" variant="outline" size="sm" onClick={() => onOpen(s.id)} aria-label={`${l('open')} ${s.mpn}`} data-testid="review-open">
                        {l('open')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.total > PAGE_SIZE ? (
            <nav className="mt-3 flex items-center justify-end gap-2 text-sm" aria-label={l('queueTitle')}>
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

const svgSrc = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
const SEVERITY_STYLE = { error: 'text-red-700', warning: 'text-amber-800', info: 'text-slate-600' } as const;

function ReviewOne({ id, locale, labels, onBack }: { id: number; locale: 'zh' | 'en'; labels: Record<string, string>; onBack: () => void }) {
  const l = (k: string) => labels[`submissions.${k}`] ?? k;
  const [d, setD] = useState<ReviewDetail | null | 'error'>(null);
  const [dialog, setDialog] = useState<'accept' | 'reject' | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  const load = useCallback(async () => {
    const r = await reviewOne(id).catch(() => null);
    setD(r ?? 'error');
  }, [id]);
  useEffect(() => {
    setD(null);
    void load();
  }, [load]);

  const qualityLabels = Object.fromEntries((['ok', 'warnings', 'errors', 'unchecked'] as const).map((q) => [q, labels[`check.quality.${q}`] ?? q])) as QualityLabels;
  const back = (
    <Button type="button" variant="ghost" size="sm" onClick={onBack} className="mb-3 w-fit" data-testid="review-back">
      ← {l('back')}
    </Button>
  );
  if (d === null)
    return (
      <div>
        {back}
        <p className="text-sm text-slate-500" role="status">
          {l('loading')}
        </p>
      </div>
    );
  if (d === 'error')
    return (
      <div>
        {back}
        <p className="text-sm text-red-700" role="alert">
          {l('loadFailed')}
        </p>
      </div>
    );

  async function accept() {
    if (d === null || d === 'error') return;
    setBusy(true);
    try {
      const r = await acceptSubmission(d.id);
      if (r) {
        toast(fill(l('acceptedToast'), { mpn: d.mpn }), 'success');
        setDialog(null);
        await load();
      }
    } finally {
      setBusy(false);
    }
  }
  async function reject() {
    if (d === null || d === 'error') return;
    setBusy(true);
    try {
      const r = await rejectSubmission(d.id, reason.trim());
      if (r) {
        toast(l('rejectedToast'), 'success');
        setDialog(null);
        setReason('');
        await load();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <article aria-labelledby="review-one-title" data-testid="review-detail" data-id={d.id}>
      {back}
      <header className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="review-one-title" className="text-xl font-semibold text-slate-900">
            {d.mpn}
            {d.brand ? <span className="ml-2 text-base font-normal text-slate-500">{d.brand}</span> : null}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {l('submitter')}: {d.submitter.name} · {when(d.createdAt, locale)}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <QualityBadge quality={d.quality as Quality} labels={qualityLabels} />
          <SubmissionStatusBadge status={d.status} labels={labels} />
        </div>
      </header>

      {d.existing ? (
        <p className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900" data-testid="review-existing">
          {fill(l('existing'), { mpn: d.existing.mpn })}{' '}
          <a className="underline" href={productHref(locale, d.existing.mfgMpnCode)}>
            {d.existing.mfgMpnCode}
          </a>
        </p>
      ) : null}

      <div className="grid gap-4 md:grid-cols-2">
        {[
          { title: l('symbolPreview'), svg: d.symbolSvg, testid: 'review-symbol' },
          { title: l('footprintPreview'), svg: d.footprintSvg, testid: 'review-footprint' },
        ].map((p) => (
          <figure key={p.testid} className="rounded-xl border border-slate-200 bg-white p-3">
            <figcaption className="mb-2 text-sm font-medium text-slate-800">{p.title}</figcaption>
            {p.svg ? (
              <img src={svgSrc(p.svg)} alt={`${p.title}: ${d.mpn}`} className="mx-auto h-56 w-full object-contain" data-testid={p.testid} />
            ) : (
              <p className="py-10 text-center text-sm text-slate-500">{l('noPreview')}</p>
            )}
          </figure>
        ))}
      </div>
      {d.previewProblems.length ? (
        <ul className="mt-2 list-disc pl-5 text-sm text-red-700">
          {d.previewProblems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}

      <dl className="mt-5 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-slate-500">{l('category')}</dt>
        <dd className="text-slate-900">{d.cateName ?? '—'}</dd>
        <dt className="text-slate-500">{l('description')}</dt>
        <dd className="whitespace-pre-wrap text-slate-900">{d.description || '—'}</dd>
        <dt className="text-slate-500">{l('datasheet')}</dt>
        <dd className="break-all">
          {d.datasheetUrl ? (
            <a className="text-brand-600 underline-offset-2 hover:underline" href={d.datasheetUrl} target="_blank" rel="noopener noreferrer nofollow">
              {d.datasheetUrl}
            </a>
          ) : (
            '—'
          )}
        </dd>
        <dt className="text-slate-500">{l('licence')}</dt>
        <dd className="text-slate-900">{l(`licence.${d.licence}`)}</dd>
        {d.note ? (
          <>
            <dt className="text-slate-500">{l('note')}</dt>
            <dd className="whitespace-pre-wrap text-slate-900">{d.note}</dd>
          </>
        ) : null}
        {d.reason ? (
          <>
            <dt className="text-slate-500">{l('reasonLabel')}</dt>
            <dd className="whitespace-pre-wrap text-red-700">{d.reason}</dd>
          </>
        ) : null}
      </dl>

      <section className="mt-5" aria-labelledby="review-params">
        <h3 id="review-params" className="mb-2 text-base font-semibold text-slate-900">
          {l('params')}
        </h3>
        {d.params.length ? (
          <table className="w-full max-w-xl text-sm">
            <tbody className="divide-y divide-slate-100">
              {d.params.map((p) => (
                <tr key={p.key}>
                  <th scope="row" className="py-1 pr-4 text-left font-normal text-slate-500">
                    {p.key}
                  </th>
                  <td className="py-1 text-slate-900">{p.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-sm text-slate-500">—</p>
        )}
      </section>

      <section className="mt-5" aria-labelledby="review-findings">
        <h3 id="review-findings" className="mb-2 text-base font-semibold text-slate-900">
          {l('findings')}
        </h3>
        {d.findings.length ? (
          <ul className="flex flex-col gap-1 text-sm" data-testid="review-findings">
            {d.findings.map((f, i) => (
              <li key={`${f.code}-${i}`} className={SEVERITY_STYLE[f.severity]}>
                <span className="font-medium">{l(`severity.${f.severity}`)}:</span> {f.text}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-emerald-700">{l('noFindings')}</p>
        )}
      </section>

      <section className="mt-5" aria-labelledby="review-assets">
        <h3 id="review-assets" className="mb-2 text-base font-semibold text-slate-900">
          {l('assets')}
        </h3>
        <ul className="text-sm text-slate-700">
          {d.assets.map((a) => (
            <li key={`${a.kind}-${a.fileName}`}>
              {a.fileName} <span className="text-slate-500">({a.format}, {Math.max(1, Math.round(a.size / 1024))} KB)</span>
              {a.stored ? null : <span className="ml-1 text-red-700">{l('fileGone')}</span>}
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
        {d.status === 'pending' ? (
          <>
            <Button type="button" onClick={() => setDialog('accept')} data-testid="review-accept">
              {l('accept')}
            </Button>
            <Button type="button" variant="outline" onClick={() => setDialog('reject')} data-testid="review-reject">
              {l('reject')}
            </Button>
          </>
        ) : (
          <p className="text-sm text-slate-600">
            {l('final')}
            {d.status === 'accepted' && d.mfgMpnCode ? (
              <a className="ml-2 text-brand-600 underline-offset-2 hover:underline" href={productHref(locale, d.mfgMpnCode)} data-testid="review-product-link">
                {l('viewPart')}
              </a>
            ) : null}
          </p>
        )}
      </div>

      <Dialog open={dialog === 'accept'} onOpenChange={(o) => setDialog(o ? 'accept' : null)}>
        <DialogContent closeLabel={l('cancel')} data-testid="review-accept-dialog">
          <DialogHeader>
            <DialogTitle>{l('acceptTitle')}</DialogTitle>
            <DialogDescription>{fill(l('acceptBody'), { mpn: d.mpn, name: d.submitter.name })}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setDialog(null)}>
              {l('cancel')}
            </Button>
            <Button type="button" disabled={busy} onClick={() => void accept()} data-testid="review-accept-confirm">
              {l('accept')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <Dialog open={dialog === 'reject'} onOpenChange={(o) => setDialog(o ? 'reject' : null)}>
        <DialogContent closeLabel={l('cancel')} data-testid="review-reject-dialog">
          <DialogHeader>
            <DialogTitle>{l('rejectTitle')}</DialogTitle>
            <DialogDescription id={`${reasonId}-hint`}>{l('rejectHint')}</DialogDescription>
          </DialogHeader>
          <form
            className="flex flex-col gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              if (reason.trim() && !busy) void reject();
            }}
          >
            <label htmlFor={reasonId} className="text-sm font-medium text-slate-800">
              {l('reasonLabel')}
            </label>
            <textarea
              id={reasonId}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={SUBMISSION_LIMITS.reasonMaxChars}
              rows={4}
              required
              aria-describedby={`${reasonId}-hint`}
              className="rounded-md border border-input bg-background px-2 py-1.5 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/60"
              data-testid="review-reason"
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setDialog(null)}>
                {l('cancel')}
              </Button>
              <Button type="submit" variant="destructive" disabled={!reason.trim() || busy} data-testid="review-reject-confirm">
                {l('reject')}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </article>
  );
}

export default reactIsland(ReviewPage);
