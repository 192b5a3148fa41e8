import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { BomColumn } from '../../lib/bom/bom.schema.ts';
import { confirmMapping, headerMatch, rememberBom, rememberMapping, type BomHeaderMatch } from '../../lib/client/bom-api.ts';
import { $bomId } from '../../lib/client/store.ts';
import { reactIsland } from '../react-island.ts';
import type { Navigate } from './bom-home.tsx';
import { isBomId, matchingPath, type BomLocale } from './bom-paths.ts';
import { fill, type BomLabels } from './labels.ts';
import { IDENTIFYING_FIELDS, MappingTable } from './mapping-table.tsx';
import { NoBom } from './no-bom.tsx';

type BomField = BomColumn['field'];
const assign: Navigate = (href) => window.location.assign(href);

/** One field per column, over every column the preview or the server's mapping has. */
export function fieldsOf(match: BomHeaderMatch): BomField[] {
  const width = Math.max(0, ...match.preview.map((r) => r.length), ...match.columns.map((c) => c.index + 1));
  const fields: BomField[] = Array.from({ length: width }, () => 'ignore');
  for (const c of match.columns) fields[c.index] = c.field;
  return fields;
}

/** The confirm call's columns: each column's header cell (from the chosen header row) and field. */
export function columnsFor(preview: readonly (readonly string[])[], headerRow: number | null, fields: readonly BomField[]): BomColumn[] {
  return fields.map((field, index) => ({ index, header: (headerRow === null ? '' : (preview[headerRow]?.[index] ?? '')).slice(0, 500), field }));
}

/**
 * /bomHead/{id}: the header mapping. The server's guess (GET /bom/headerMatch) over a preview of
 * the first rows; the user picks the header row and fixes any column, then confirms (POST
 * /bom/confirm), which starts the matching job: on to /matching.
 */
function BomMapping({ labels, locale, bomId: given, sheet, navigate = assign }: { labels: BomLabels; locale: BomLocale; bomId: string; sheet?: string; navigate?: Navigate }) {
  const remembered = useStore($bomId);
  const bomId = isBomId(given) ? given : given ? '' : isBomId(remembered) ? remembered : '';
  const [match, setMatch] = useState<BomHeaderMatch | null>(null);
  const [failed, setFailed] = useState(false);
  const [headerRow, setHeaderRow] = useState<number | null>(null);
  const [fields, setFields] = useState<BomField[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!bomId) return;
    setFailed(false);
    try {
      const m = await headerMatch(bomId, sheet);
      rememberBom(bomId);
      setMatch(m);
      setHeaderRow(m.headerRow);
      setFields(fieldsOf(m));
    } catch {
      setFailed(true);
    }
  }, [bomId, sheet]);
  useEffect(() => void load(), [load]);

  if (!bomId) {
    return <NoBom labels={labels} locale={locale} />;
  }
  if (failed) {
    return (
      <p className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-700" role="alert" data-testid="bom-mapping-failed">
        {labels.loadFailed}{' '}
        <Button type="button" variant="link" className="h-auto p-0" onClick={() => void load()}>
          {labels.retry}
        </Button>
      </p>
    );
  }
  if (!match) {
    return (
      <div className="grid gap-2" aria-busy="true" aria-label={labels.recentLoading}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-8 w-full" />
        ))}
      </div>
    );
  }

  const submit = async () => {
    setProblem(null);
    if (!fields.some((f) => IDENTIFYING_FIELDS.includes(f))) return setProblem(labels.needIdentifying);
    setBusy(true);
    try {
      const done = await confirmMapping({ bomId, sheet: match.sheet, headerRow, columns: columnsFor(match.preview, headerRow, fields) });
      rememberMapping(bomId, fields);
      navigate(matchingPath(locale, done.bomId));
    } catch {
      setBusy(false); // the client has shown the server's message
    }
  };

  const headerChoices = Math.min(match.preview.length, 20);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4" data-testid="bom-mapping" data-sheet={match.sheet}>
      <div className="flex flex-wrap items-end gap-4">
        <label className="grid gap-1 text-sm">
          <span className="font-medium text-slate-700">{labels.headerRow}</span>
          <select
            value={headerRow === null ? '' : String(headerRow)}
            onChange={(e) => setHeaderRow(e.target.value === '' ? null : Number(e.target.value))}
            className="h-9 rounded-md border border-slate-300 bg-white px-2"
            data-testid="bom-header-row"
          >
            <option value="">{labels.noHeaderRow}</option>
            {Array.from({ length: headerChoices }, (_, r) => (
              <option key={r} value={r}>
                {fill(labels.rowN, { n: r + 1 })}
              </option>
            ))}
          </select>
        </label>
        <p className="text-sm text-slate-600">{labels.mappingIntro}</p>
      </div>

      {(match.problems.length > 0 || match.confidence < 0.7 || match.confirmed) && (
        <div className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="bom-mapping-problems">
          <p className="font-medium">{labels.problems}</p>
          <ul className="mt-1 list-disc pl-5">
            {match.confidence < 0.7 && <li>{labels.mappingCheck}</li>}
            {match.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
            {match.confirmed && <li>{labels.confirmed}</li>}
          </ul>
        </div>
      )}

      <MappingTable preview={match.preview} headerRow={headerRow} fields={fields} labels={labels} onField={(i, f) => setFields((prev) => prev.map((old, j) => (j === i ? f : old)))} />

      {problem && (
        <p role="alert" className="text-sm text-red-700" data-testid="bom-mapping-error">
          {problem}
        </p>
      )}
      <div>
        <Button type="button" onClick={() => void submit()} disabled={busy} data-testid="bom-confirm">
          {busy ? labels.confirming : labels.confirm}
        </Button>
      </div>
    </div>
  );
}

export default reactIsland(BomMapping);
