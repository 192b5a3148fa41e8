import type { SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SessionEndedError } from '../../lib/client/api.ts';
import { requestLogin } from '../../lib/client/login-request.ts';
import { $token } from '../../lib/client/store.ts';
import { toast } from '../../lib/client/toast.ts';
import type { ReplaceGradeName, ReplaceList } from '../../lib/replace/replace.schema.ts';
import { reactIsland } from '../react-island.ts';
import { CandidateCard, GRADE_BADGE } from './candidate-card.tsx';
import { fill, type ReplaceLabels } from './labels.ts';
import { addPair, applyToLine, changeTrend, deletePair, downloadXlsx, findParts, getReplaces, type PartHit } from './replace-api.ts';

type Props = {
  locale: 'zh' | 'en';
  labels: ReplaceLabels;
  /** ?mfgMpnCode= : the part to show at once. */
  initialCode: string | null;
  /** ?bomId=&lineId=(&version=): the BOM line a replacement is chosen for. */
  bomLine: { bomId: string; lineId: number; version?: number | undefined } | null;
};

const PAGE_SIZE = 20;
const GRADES: readonly ReplaceGradeName[] = ['dropIn', 'pinCompatible', 'packageCompatible', 'functional'];
type Status = { kind: 'idle' } | { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; data: ReplaceList };

/** /subsMaterial: find a part, list its graded replacements with diffs, export, apply to a BOM line, own pairs. */
function ReplaceFinder({ locale, labels, initialCode, bomLine }: Props) {
  const token = useStore($token);
  const prefix = locale === 'en' ? '/en' : '';
  const [code, setCode] = useState<string | null>(initialCode);
  const [text, setText] = useState(initialCode ? initialCode.replace(/_[a-z0-9-]+$/, '') : '');
  const [hits, setHits] = useState<PartHit[] | null>(null);
  const [grade, setGrade] = useState<ReplaceGradeName | undefined>(undefined);
  const [domesticOnly, setDomesticOnly] = useState(false);
  const [domesticFirst, setDomesticFirst] = useState<boolean | null>(null);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<Status>(initialCode ? { kind: 'loading' } : { kind: 'idle' });
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState(false);
  const [pairTarget, setPairTarget] = useState('');
  const [pairNote, setPairNote] = useState('');

  useEffect(() => {
    if (!code) return;
    let alive = true;
    setStatus({ kind: 'loading' });
    getReplaces({ mfgMpnCode: code, grade, domesticOnly, pageNum: page, pageSize: PAGE_SIZE })
      .then((r) => alive && setStatus(r.code === 200000 ? { kind: 'ready', data: r.result } : { kind: 'error' }))
      .catch((error: unknown) => alive && !(error instanceof SessionEndedError) && setStatus({ kind: 'error' }));
    return () => {
      alive = false;
    };
  }, [code, grade, domesticOnly, page, round, token]);

  // The logged-in user's preference (changeTrend with an empty body reads it).
  useEffect(() => {
    if (!token) return setDomesticFirst(null);
    void changeTrend({}).then((r) => r.code === 200000 && setDomesticFirst(r.result.domesticFirst)).catch(() => undefined);
  }, [token]);

  const choose = useCallback((next: string) => {
    setHits(null);
    setCode(next);
    setPage(1);
    const url = new URL(window.location.href);
    url.searchParams.set('mfgMpnCode', next);
    window.history.replaceState(null, '', url);
  }, []);

  const search = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    setBusy(true);
    try {
      const found = await findParts(q);
      const exact = found.filter((h) => h.mpn.toUpperCase() === q.toUpperCase() || h.mfgMpnCode === q);
      if (exact.length === 1) choose(exact[0]!.mfgMpnCode);
      else if (found.length === 1) choose(found[0]!.mfgMpnCode);
      else if (found.length === 0) toast(fill(labels.noMatch, { q }), 'warning');
      else setHits(exact.length > 1 ? exact : found);
    } finally {
      setBusy(false);
    }
  };

  const exportXlsx = async () => {
    if (!code) return;
    setBusy(true);
    try {
      if (!(await downloadXlsx(code))) toast(labels.badFile, 'error');
    } catch {
      toast(labels.badFile, 'error');
    } finally {
      setBusy(false);
    }
  };

  const apply = async (candidate: string) => {
    if (!bomLine) return;
    setBusy(true);
    try {
      const r = await applyToLine(bomLine.bomId, bomLine.lineId, candidate, bomLine.version);
      if (r.code === 200000) {
        toast(labels.applied, 'success');
        window.location.assign(`${prefix}/matching?${new URLSearchParams({ bomId: bomLine.bomId })}`);
      }
    } finally {
      setBusy(false);
    }
  };

  const savePair = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = pairTarget.trim();
    if (!code || !target) return;
    setBusy(true);
    try {
      // The user types an MPN; the pair is kept by part code.
      const found = await findParts(target);
      const hit = found.find((h) => h.mpn.toUpperCase() === target.toUpperCase() || h.mfgMpnCode === target);
      if (!hit) return toast(fill(labels.noMatch, { q: target }), 'warning');
      const r = await addPair(code, hit.mfgMpnCode, pairNote.trim());
      if (r.code === 200000) {
        toast(labels.pairAdded, 'success');
        setPairTarget('');
        setPairNote('');
        setRound((n) => n + 1);
      }
    } finally {
      setBusy(false);
    }
  };

  const removePair = async (id: number) => {
    setBusy(true);
    try {
      if ((await deletePair(id)).code === 200000) {
        toast(labels.pairRemoved, 'success');
        setRound((n) => n + 1);
      }
    } finally {
      setBusy(false);
    }
  };

  const toggleDomesticFirst = async () => {
    const r = await changeTrend({ domesticFirst: !domesticFirst });
    if (r.code === 200000) {
      setDomesticFirst(r.result.domesticFirst);
      setRound((n) => n + 1);
    }
  };

  const chip = (active: boolean) =>
    `rounded-full border px-3 py-1 text-xs ${active ? 'border-brand-600 bg-brand-50 font-medium text-brand-700' : 'border-slate-300 bg-white text-slate-700 hover:border-brand-500'}`;
  const data = status.kind === 'ready' ? status.data : null;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const allCount = data ? data.counts.dropIn + data.counts.pinCompatible + data.counts.packageCompatible + data.counts.functional : 0;

  return (
    <div className="grid gap-4">
      {bomLine && (
        <p className="flex flex-wrap items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-800" data-testid="bom-banner">
          {labels.applyBanner}
          <a href={`${prefix}/matching?${new URLSearchParams({ bomId: bomLine.bomId })}`} className="underline">{labels.backToBom}</a>
        </p>
      )}
      <form onSubmit={search} className="flex flex-wrap items-end gap-2" role="search">
        <div className="grid min-w-64 flex-1 gap-1">
          <Label htmlFor="replace-q">{labels.searchLabel}</Label>
          <Input id="replace-q" name="q" value={text} onChange={(e) => setText(e.target.value)} placeholder={labels.searchPlaceholder} maxLength={100} autoComplete="off" data-testid="replace-q" />
        </div>
        <Button type="submit" disabled={busy} data-testid="replace-search">{busy ? labels.searching : labels.search}</Button>
      </form>

      {hits && (
        <div className="rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid="hits">
          <p className="mb-2 text-slate-600">{labels.pick}</p>
          <ul className="grid gap-1">
            {hits.map((h) => (
              <li key={h.mfgMpnCode}>
                <button type="button" className="text-left hover:text-brand-600" onClick={() => choose(h.mfgMpnCode)}>
                  <span className="font-mono font-medium">{h.mpn}</span> <span className="text-xs text-slate-500">{[h.brandName, h.package, h.description].filter(Boolean).join(' · ')}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      {status.kind === 'loading' && <div className="h-40 animate-pulse rounded-lg bg-slate-100" aria-busy="true" />}
      {status.kind === 'error' && (
        <div role="alert" className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-600">
          {labels.loadFailed}
          <Button type="button" variant="outline" size="sm" onClick={() => setRound((n) => n + 1)}>{labels.retry}</Button>
        </div>
      )}

      {data && (
        <>
          <section className="rounded-lg border border-slate-200 bg-white p-4" data-testid="original" aria-label={labels.original}>
            <div className="flex flex-wrap items-center gap-2">
              <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">{labels.original}</span>
              <a href={`${prefix}/productDetail/${encodeURIComponent(data.original.mfgMpnCode)}`} className="break-all font-mono text-lg font-bold text-slate-900 hover:text-brand-600">{data.original.mpn}</a>
              {data.original.domestic && <span className="rounded bg-red-50 px-1.5 py-0.5 text-xs text-red-700">{labels.domestic}</span>}
              <span className="text-sm text-slate-600">{[data.original.brandName, data.original.package, data.original.cateName].filter(Boolean).join(' · ')}</span>
            </div>
            {data.original.description && <p className="mt-1 text-sm text-slate-600">{data.original.description}</p>}
            {data.original.params.length > 0 && (
              <dl className="mt-2 flex flex-wrap gap-1.5 text-xs" aria-label={labels.keyParams}>
                {data.original.params.map((p) => (
                  <div key={p.key} className="rounded bg-slate-100 px-1.5 py-0.5"><dt className="inline text-slate-500">{p.name}: </dt><dd className="inline tabular-nums">{p.display}</dd></div>
                ))}
              </dl>
            )}
          </section>

          <div className="flex flex-wrap items-center gap-2" data-testid="filters">
            <button type="button" className={chip(grade === undefined)} aria-pressed={grade === undefined} onClick={() => { setGrade(undefined); setPage(1); }}>{labels.all} {allCount}</button>
            {GRADES.map((g) => (
              <button key={g} type="button" className={chip(grade === g)} aria-pressed={grade === g} title={labels[`gradeHelp.${g}`]} onClick={() => { setGrade(g); setPage(1); }} data-testid={`chip-${g}`}>
                <span className={`mr-1 inline-block size-2 rounded-full ${GRADE_BADGE[g].split(' ')[0]}`} aria-hidden="true" />
                {labels[`grade.${g}`]} {data.counts[g]}
              </button>
            ))}
            <button type="button" className={chip(domesticOnly)} aria-pressed={domesticOnly} onClick={() => { setDomesticOnly((v) => !v); setPage(1); }} data-testid="chip-domestic">
              {labels.domesticOnly} {data.counts.domestic}
            </button>
            {domesticFirst !== null && (
              <label className="flex items-center gap-1 text-xs text-slate-700">
                <input type="checkbox" checked={domesticFirst} onChange={() => void toggleDomesticFirst()} /> {labels.domesticFirst}
              </label>
            )}
            <span className="ml-auto text-sm text-slate-600" data-testid="count">{fill(labels.count, { n: data.total })}</span>
            <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => void exportXlsx()} data-testid="export">{busy ? labels.exporting : labels.export}</Button>
          </div>

          {data.list.length === 0 ? (
            <p className="rounded border border-dashed border-slate-300 bg-white px-3 py-6 text-center text-sm text-slate-500" data-testid="empty">{labels.empty}</p>
          ) : (
            <ul className="grid gap-2" data-testid="candidates">
              {data.list.map((c) => (
                <CandidateCard
                  key={c.mfgMpnCode}
                  c={c}
                  labels={labels}
                  busy={busy}
                  detailHref={`${prefix}/productDetail/${encodeURIComponent(c.mfgMpnCode)}`}
                  onApply={bomLine ? () => void apply(c.mfgMpnCode) : undefined}
                  onRemovePair={c.userPair ? () => void removePair(c.userPair!.id) : undefined}
                />
              ))}
            </ul>
          )}
          {pages > 1 && (
            <nav className="flex items-center justify-center gap-3 text-sm" aria-label={fill(labels.page, { page, pages })}>
              <Button type="button" variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>{labels.prev}</Button>
              <span>{fill(labels.page, { page, pages })}</span>
              <Button type="button" variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>{labels.next}</Button>
            </nav>
          )}

          {token ? (
            <form onSubmit={savePair} className="flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 bg-white p-3" data-testid="pair-form">
              <p className="w-full text-sm font-medium">{labels.addPair}</p>
              <div className="grid min-w-48 flex-1 gap-1">
                <Label htmlFor="pair-target">{labels.pairTarget}</Label>
                <Input id="pair-target" value={pairTarget} onChange={(e) => setPairTarget(e.target.value)} maxLength={100} autoComplete="off" />
              </div>
              <div className="grid min-w-48 flex-1 gap-1">
                <Label htmlFor="pair-note">{labels.pairNote}</Label>
                <Input id="pair-note" value={pairNote} onChange={(e) => setPairNote(e.target.value)} maxLength={500} />
              </div>
              <Button type="submit" disabled={busy || !pairTarget.trim()}>{labels.pairSave}</Button>
            </form>
          ) : (
            <p className="text-sm text-slate-600">
              {labels.loginForPairs}{' '}
              <button type="button" className="text-brand-600 underline" onClick={requestLogin}>{labels.login}</button>
            </p>
          )}
        </>
      )}
    </div>
  );
}

export default reactIsland(ReplaceFinder);
