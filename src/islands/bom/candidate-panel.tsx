import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { BomCandidate } from '../../lib/bom/bom.schema.ts';
import { queryByDesc, type BomLineView } from '../../lib/client/bom-api.ts';
import { searchOffers } from '../../lib/client/offers-api.ts';
import type { PartOffers } from '../../lib/offers/offers.schema.ts';
import { CandidateOffers } from './candidate-offers.tsx';
import { productPath, type BomLocale } from './bom-paths.ts';
import { STATUS_TONE } from './grid-columns.tsx';
import { fill, type BomLabels } from './labels.ts';

/** What a search for a line starts from: its description, else its value, else its MPN. */
export function defaultKeyword(line: BomLineView): string {
  return [line.source.description, line.source.value, line.source.mpn].find((s) => s && s.trim())?.trim().slice(0, 200) ?? '';
}

/**
 * Beside the grid: the active line's ranked candidates, each with its confidence and the reasons
 * in words; choosing one saves at once (/bom/change). A search by description or MPN
 * (/bom/queryByDesc) offers more parts to choose from.
 */
export function CandidatePanel({
  line,
  bomId,
  labels,
  locale,
  busy,
  onChoose,
}: {
  line: BomLineView | null;
  bomId: string;
  labels: BomLabels;
  locale: BomLocale;
  busy: boolean;
  onChoose: (line: BomLineView, mfgMpnCode: string | null) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<BomCandidate[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [offers, setOffers] = useState<Map<string, PartOffers>>(new Map());
  const lineId = line?.lineId;

  useEffect(() => {
    setFound(null);
    setKeyword(line ? defaultKeyword(line) : '');
    // A new line starts a new search; edits of the same line keep the results (hence lineId only).
  }, [lineId]);

  // Distributors' offers for the candidates shown, priced for the line's total quantity (#17).
  const offerCodes = [...(line?.candidates ?? []), ...(found ?? [])].map((c) => c.mfgMpnCode).join('\n');
  const offerQuantity = line?.totalQuantity ?? line?.quantity ?? 1;
  useEffect(() => {
    if (!offerCodes) return;
    const abort = new AbortController();
    searchOffers(offerCodes.split('\n'), offerQuantity || 1, abort.signal)
      .then(setOffers)
      .catch(() => setOffers(new Map()));
    return () => abort.abort();
  }, [offerCodes, offerQuantity]);

  if (!line) {
    return (
      <aside className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-500" data-testid="bom-candidates" aria-label={labels.candidates}>
        {labels.selectLine}
      </aside>
    );
  }

  const search = async () => {
    const k = keyword.trim();
    if (!k) return;
    setSearching(true);
    try {
      setFound((await queryByDesc({ bomId, lineId: line.lineId, keyword: k, pageSize: 10 })).list);
    } catch {
      setFound(null);
    } finally {
      setSearching(false);
    }
  };

  const rowLabel = line.row === null ? labels.added : line.row + 1;
  return (
    <aside className="flex min-h-0 flex-col rounded-xl border border-slate-200 bg-white" data-testid="bom-candidates" data-line-id={line.lineId} aria-label={fill(labels.candidatesFor, { row: rowLabel })}>
      <header className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">{fill(labels.candidatesFor, { row: rowLabel })}</h2>
        <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${STATUS_TONE[line.status]}`}>{labels[`status.${line.status}`]}</span>
      </header>
      {line.problems.length > 0 && (
        <ul className="mx-4 mt-3 list-disc rounded-md bg-amber-50 py-2 pl-8 pr-3 text-xs text-amber-900">
          {line.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3">
        {line.candidates.length === 0 ? (
          <p className="text-sm text-slate-500">{labels.noCandidates}</p>
        ) : (
          <CandidateList items={line.candidates} line={line} labels={labels} locale={locale} busy={busy} onChoose={onChoose} offers={offers} testId="bom-candidate" />
        )}
        {line.chosen && (
          <Button type="button" variant="ghost" size="sm" className="mt-2" disabled={busy} onClick={() => onChoose(line, null)} data-testid="bom-clear-choice">
            {labels.clearChoice}
          </Button>
        )}
        <form
          className="mt-4 grid gap-2 border-t border-slate-100 pt-3"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            void search();
          }}
        >
          <label className="text-xs font-medium text-slate-700" htmlFor="bom-desc-search">
            {labels.searchLabel}
          </label>
          <div className="flex gap-2">
            <Input id="bom-desc-search" value={keyword} maxLength={200} placeholder={labels.searchPlaceholder} onChange={(e) => setKeyword(e.target.value)} className="h-8" data-testid="bom-desc-search" />
            <Button type="submit" size="sm" disabled={searching || !keyword.trim()}>
              {labels.search}
            </Button>
          </div>
        </form>
        {found && (found.length === 0 ? <p className="mt-2 text-sm text-slate-500">{labels.searchNone}</p> : <CandidateList items={found} line={line} labels={labels} locale={locale} busy={busy} onChoose={onChoose} offers={offers} testId="bom-search-result" />)}
      </div>
    </aside>
  );
}

function CandidateList({
  items,
  line,
  labels,
  locale,
  busy,
  onChoose,
  offers,
  testId,
}: {
  items: readonly BomCandidate[];
  offers: ReadonlyMap<string, PartOffers>;
  line: BomLineView;
  labels: BomLabels;
  locale: BomLocale;
  busy: boolean;
  onChoose: (line: BomLineView, mfgMpnCode: string | null) => void;
  testId: string;
}) {
  return (
    <ol className="mt-2 grid gap-2">
      {items.map((c) => {
        const chosen = line.chosen?.mfgMpnCode === c.mfgMpnCode;
        return (
          <li key={c.mfgMpnCode} className={`rounded-lg border p-3 text-sm ${chosen ? 'border-brand-500 bg-brand-50' : 'border-slate-200'}`} data-testid={testId} data-mfg-mpn-code={c.mfgMpnCode}>
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <a href={productPath(locale, c.mfgMpnCode)} target="_blank" rel="noopener" className="font-medium text-brand-700 hover:underline">
                  {c.mpn}
                </a>
                <p className="truncate text-xs text-slate-600">{[c.brandName, c.package, c.cateName].filter(Boolean).join(' · ')}</p>
              </div>
              <Button type="button" size="sm" variant={chosen ? 'secondary' : 'default'} disabled={busy || chosen} onClick={() => onChoose(line, c.mfgMpnCode)} data-testid={`${testId}-choose`}>
                {chosen ? labels.chosen : labels.choose}
              </Button>
            </div>
            <div className="mt-2 flex flex-wrap items-center gap-1.5">
              <Badge variant="outline" data-testid="bom-candidate-confidence">
                {fill(labels.confidence, { p: Math.round(c.confidence * 100) })}
              </Badge>
              {c.domestic && <Badge variant="secondary">{labels.domestic}</Badge>}
            </div>
            <p className="mt-1.5 text-xs text-slate-700">{c.reason}</p>
            <CandidateOffers offers={offers.get(c.mfgMpnCode)} labels={labels} />
            {c.reasons.length > 1 && (
              <ul className="mt-1 list-disc pl-4 text-xs text-slate-500">
                {c.reasons.filter((r) => r !== c.reason).map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
