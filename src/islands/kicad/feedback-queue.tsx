import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { $token } from '../../lib/client/store.ts';
import { toast } from '../../lib/client/toast.ts';
import { FEEDBACK_LIMITS, FEEDBACK_STATES, messageProblem, type FeedbackState } from '../../lib/kicad-host/feedback.ts';
import { listStatus } from '../library/list-status.tsx';
import { productHref, reviewRole, when } from '../library/submission-api.ts';
import { reactIsland } from '../react-island.ts';
import { feedbackQueue, myFeedback, resolveFeedback, type Feedback } from './feedback-api.ts';

// The KiCad asset reports on /review (issue #17, kicad/feedback): operators see every report
// (open first by default), with who reported it, and resolve or reject an open one with a reply;
// other logged-in users see their own reports and the replies. Logged out: nothing (the review
// page's own island asks for login).

type Props = { locale: 'zh' | 'en'; labels: Record<string, string> };
type Filter = FeedbackState | 'all';
const PAGE_SIZE = 20;
const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
const stateTone: Record<FeedbackState, string> = {
  open: 'bg-amber-50 text-amber-800',
  resolved: 'bg-emerald-50 text-emerald-700',
  rejected: 'bg-slate-100 text-slate-700',
};

function FeedbackQueue({ locale, labels }: Props) {
  const token = useStore($token);
  const [operator, setOperator] = useState<boolean | null>(null);
  const [filter, setFilter] = useState<Filter>('open');
  const [data, setData] = useState<{ list: Feedback[]; total: number } | null | 'error'>(null);
  const [pageNum, setPageNum] = useState(1);
  const l = useCallback((k: string) => labels[`kicadFeedback.${k}`] ?? k, [labels]);

  useEffect(() => {
    if (!token) return setOperator(null);
    void reviewRole()
      .then((r) => setOperator(r?.operator ?? false))
      .catch(() => setOperator(false));
  }, [token]);

  const load = useCallback(
    async (page: number) => {
      if (operator === null) return;
      try {
        const r = operator ? await feedbackQueue(page, PAGE_SIZE, filter) : await myFeedback(page, PAGE_SIZE);
        if (!r) return setData('error');
        setData((prev) => (page > 1 && prev && prev !== 'error' ? { list: [...prev.list, ...r.list], total: r.total } : { list: r.list, total: r.total }));
        setPageNum(page);
      } catch {
        setData('error');
      }
    },
    [operator, filter],
  );
  useEffect(() => {
    setData(null);
    void load(1);
  }, [load]);

  if (!token || operator === null) return null;
  const replace = (item: Feedback) => setData((prev) => (prev && prev !== 'error' ? { ...prev, list: prev.list.map((f) => (f.id === item.id ? item : f)) } : prev));
  const status = listStatus(data, { loading: l('loading'), failed: l('failed'), empty: l('empty'), emptyTestId: 'kicad-feedback-empty' });

  return (
    <section className="mt-10 flex flex-col gap-4" data-testid="kicad-feedback-queue" aria-labelledby="kicad-feedback-title">
      <div>
        <h2 id="kicad-feedback-title" className="text-xl font-semibold text-slate-900">
          {operator ? l('queueTitle') : l('mineTitle')}
        </h2>
        {operator ? <p className="mt-1 text-sm text-slate-600">{l('queueIntro')}</p> : null}
      </div>
      {operator ? (
        <div className="flex flex-wrap gap-2" role="group">
          {([...FEEDBACK_STATES, 'all'] as const).map((f) => (
            <Button key={f} type="button" size="sm" variant={filter === f ? 'default' : 'outline'} aria-pressed={filter === f} onClick={() => setFilter(f)} data-testid={`kicad-feedback-filter-${f}`}>
              {l(`filter.${f}`)}
            </Button>
          ))}
        </div>
      ) : null}
      {status ?? (
        <ul className="flex flex-col gap-3">
          {data && data !== 'error'
            ? data.list.map((item) => <FeedbackCard key={item.id} item={item} operator={operator} locale={locale} l={l} onHandled={replace} />)
            : null}
        </ul>
      )}
      {data && data !== 'error' && data.list.length < data.total ? (
        <Button type="button" variant="outline" className="self-start" onClick={() => void load(pageNum + 1)}>
          {l('more')}
        </Button>
      ) : null}
    </section>
  );
}

type CardProps = { item: Feedback; operator: boolean; locale: 'zh' | 'en'; l: (k: string) => string; onHandled: (item: Feedback) => void };

function FeedbackCard({ item, operator, locale, l, onHandled }: CardProps) {
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const replyId = useId();
  const valid = messageProblem(reply.trim()) === null;

  async function handle(state: 'resolved' | 'rejected') {
    setBusy(true);
    try {
      const r = await resolveFeedback(item.id, state, reply.trim());
      if (r) {
        onHandled(r);
        toast(l('handled'), 'success');
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" data-testid="kicad-feedback-item" data-id={item.id} data-state={item.state}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${stateTone[item.state]}`} data-testid="kicad-feedback-state">
          {l(`state.${item.state}`)}
        </span>
        <span className="rounded bg-brand-50 px-1.5 py-0.5 text-xs text-brand-700">{l(`kind.${item.kind}`)}</span>
        {item.mfgMpnCode ? (
          <a className="font-mono text-brand-600 hover:underline" href={productHref(locale, item.mfgMpnCode)}>
            {item.mpn}
          </a>
        ) : (
          <span className="font-mono text-slate-800">
            {item.mpn} <span className="font-sans text-xs text-slate-500">({fill(l('ownComponent'), { id: item.userCompId ?? '' })})</span>
          </span>
        )}
        {item.hostVersion ? <span className="text-xs text-slate-500">{fill(l('hostVersion'), { version: item.hostVersion })}</span> : null}
        <span className="ml-auto text-xs text-slate-500">
          {item.reporter ? `${fill(l('reporter'), { name: item.reporter })} · ` : ''}
          {when(item.createdAt, locale)}
        </span>
      </div>
      <p className="mt-2 whitespace-pre-wrap text-sm text-slate-800" data-testid="kicad-feedback-message-text">
        {item.message}
      </p>
      {item.reply ? (
        <p className="mt-2 whitespace-pre-wrap rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="kicad-feedback-reply">
          <span className="font-medium">{l('replyLabel')}：</span>
          {item.reply}
        </p>
      ) : null}
      {operator && item.state === 'open' ? (
        <form
          className="mt-3 flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid && !busy) void handle('resolved');
          }}
        >
          <label htmlFor={replyId} className="text-sm font-medium text-slate-800">
            {l('replyLabel')}
          </label>
          <textarea
            id={replyId}
            value={reply}
            rows={2}
            maxLength={FEEDBACK_LIMITS.messageMaxChars}
            placeholder={l('replyPlaceholder')}
            onChange={(e) => setReply(e.target.value)}
            className="rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/60"
            data-testid="kicad-feedback-reply-input"
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={!valid || busy} data-testid="kicad-feedback-resolve">
              {l('resolve')}
            </Button>
            <Button type="button" size="sm" variant="outline" disabled={!valid || busy} onClick={() => void handle('rejected')} data-testid="kicad-feedback-reject">
              {l('reject')}
            </Button>
          </div>
        </form>
      ) : null}
    </li>
  );
}

export default reactIsland(FeedbackQueue);
