import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { userBoms, type UserBomItem } from '../../lib/client/bom-api.ts';
import { bomOpenPath } from '../bom/bom-paths.ts';
import { myDesigns, viewerHref, type DesignCard } from '../designs/design-api.ts';
import type { AccountLabels } from './labels.ts';

// The personal centre's "我的 BOM" (type=1) and "我的设计" (type=3) tabs (issue #30 item 5): the
// logged-in user's BOMs (user/bom) and designs (design/user/page), newest first, each opening where
// its work continues; the empty placeholder only when there are none. Managing them (rename,
// delete, edit) stays on the BOM tool's and the designs pages.

const PAGE_SIZE = 100;

type Props = { labels: AccountLabels; locale: 'zh' | 'en'; empty: ReactNode };

const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? `{${k}}`));
const day = (iso: string) => iso.slice(0, 10);

function useList<T>(load: () => Promise<{ list: T[]; total: number }>) {
  const [data, setData] = useState<{ list: T[]; total: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const run = useCallback(async () => {
    setFailed(false);
    try {
      setData(await load());
    } catch {
      setFailed(true);
    }
  }, [load]);
  useEffect(() => void run(), [run]);
  return { data, failed, run };
}

function Frame({ labels, failed, retry, children }: { labels: AccountLabels; failed: boolean; retry: () => void; children: ReactNode }) {
  if (failed)
    return (
      <p className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-red-700">
        {labels.loadFailed}{' '}
        <Button type="button" variant="link" className="h-auto p-0" onClick={retry}>
          {labels.retry}
        </Button>
      </p>
    );
  return <>{children}</>;
}

export function AccountBoms({ labels, locale, empty }: Props) {
  const load = useCallback(() => userBoms(1, PAGE_SIZE), []);
  const { data, failed, run } = useList<UserBomItem>(load);
  return (
    <Frame labels={labels} failed={failed} retry={() => void run()}>
      {data === null ? (
        <p className="text-sm text-slate-500">{labels.loading}</p>
      ) : data.list.length === 0 ? (
        empty
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" data-testid="account-boms">
          {data.list.map((b) => (
            <li key={b.bomId} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 px-5 py-3" data-testid="account-bom" data-bom-id={b.bomId}>
              <a href={bomOpenPath(locale, b.bomId, b.state)} className="min-w-0 flex-1 truncate font-medium text-brand-700 hover:underline">
                {b.name}
              </a>
              <span className="text-sm text-slate-600">{fill(labels.bomLines, { n: b.lines })}</span>
              <span className="text-sm text-slate-600">{fill(labels.bomMatched, { n: b.counts.exact + b.counts.matched })}</span>
              <span className="text-xs text-slate-500">{fill(labels.updatedOn, { date: day(b.updatedAt) })}</span>
            </li>
          ))}
        </ul>
      )}
    </Frame>
  );
}

export function AccountDesigns({ labels, locale, empty }: Props) {
  const load = useCallback(async () => {
    // null: the call failed (the client has shown why).
    const page = await myDesigns(1, PAGE_SIZE);
    if (!page) throw new Error('design list');
    return page;
  }, []);
  const { data, failed, run } = useList<DesignCard>(load);
  return (
    <Frame labels={labels} failed={failed} retry={() => void run()}>
      {data === null ? (
        <p className="text-sm text-slate-500">{labels.loading}</p>
      ) : data.list.length === 0 ? (
        empty
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" data-testid="account-designs">
          {data.list.map((d) => (
            <li key={d.id} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 px-5 py-3" data-testid="account-design" data-design-id={d.id}>
              <a href={viewerHref(locale, d.id)} className="min-w-0 flex-1 truncate font-medium text-brand-700 hover:underline">
                {d.title}
              </a>
              <span className="text-sm text-slate-600">{fill(labels.designParts, { n: d.partCount })}</span>
              <span className="text-xs text-slate-500">{fill(labels.updatedOn, { date: day(d.updatedAt) })}</span>
            </li>
          ))}
        </ul>
      )}
    </Frame>
  );
}
