import type { ReplaceCandidate } from '../../lib/replace/replace.schema.ts';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { ReplaceLabels } from './labels.ts';

export const GRADE_BADGE = { dropIn: 'bg-emerald-50 text-emerald-700', pinCompatible: 'bg-sky-50 text-sky-700', packageCompatible: 'bg-violet-50 text-violet-700', functional: 'bg-amber-50 text-amber-800' } as const;
const VERDICT_CLASS = { same: 'text-slate-600', better: 'text-emerald-700', worse: 'text-red-700', different: 'text-amber-800', missing: 'text-slate-400' } as const;

type Props = {
  c: ReplaceCandidate;
  labels: ReplaceLabels;
  detailHref: string;
  /** Shown when the page was opened for a BOM line. */
  onApply?: (() => void) | undefined;
  onRemovePair?: (() => void) | undefined;
  busy: boolean;
};

/** One candidate: grade, domestic mark, score, reason and its parameter diff (a native disclosure). */
export function CandidateCard({ c, labels, detailHref, onApply, onRemovePair, busy }: Props) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid="candidate" data-grade={c.grade} data-code={c.mfgMpnCode}>
      <div className="flex flex-wrap items-center gap-2">
        <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${GRADE_BADGE[c.grade]}`} title={labels[`gradeHelp.${c.grade}`]} data-testid="grade">
          {labels[`grade.${c.grade}`]}
        </span>
        {c.domestic && <span className="rounded bg-red-50 px-1.5 py-0.5 text-xs text-red-700" data-testid="domestic">{labels.domestic}</span>}
        {c.userPair && <span className="rounded bg-violet-50 px-1.5 py-0.5 text-xs text-violet-700">{labels.myPair}</span>}
        <a href={detailHref} className="break-all font-mono font-medium text-brand-600 hover:underline">{c.mpn}</a>
        <span className="text-xs text-slate-600">{[c.brandName, c.package, c.cateName].filter(Boolean).join(' · ')}</span>
        <span className="ml-auto text-xs tabular-nums text-slate-500">{labels.score} {Math.round(c.score * 100)}%</span>
      </div>
      <p className="mt-1 text-xs text-slate-600" data-testid="reason">{c.reason}</p>
      <div className="mt-2 flex flex-wrap items-start gap-2">
        <details className="min-w-0 flex-1" data-testid="diff">
          <summary className="cursor-pointer select-none text-xs text-brand-600">{labels.diff}</summary>
          <Table className="mt-1 text-xs">
            <TableHeader>
              <TableRow>
                <TableHead>{labels.param}</TableHead>
                <TableHead>{labels.original}</TableHead>
                <TableHead>{labels.candidate}</TableHead>
                <TableHead>{labels.verdictCol}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {c.diff.map((d) => (
                <TableRow key={d.key} data-verdict={d.verdict}>
                  <TableCell>{d.name}</TableCell>
                  <TableCell className="tabular-nums">{d.original ?? '—'}</TableCell>
                  <TableCell className="tabular-nums">{d.candidate ?? '—'}</TableCell>
                  <TableCell className={VERDICT_CLASS[d.verdict]}>{labels[`verdict.${d.verdict}`]}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </details>
        {onRemovePair && (
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={onRemovePair}>
            {labels.pairRemove}
          </Button>
        )}
        {onApply && (
          <Button type="button" size="sm" disabled={busy} onClick={onApply} data-testid="apply">
            {labels.apply}
          </Button>
        )}
      </div>
    </li>
  );
}
