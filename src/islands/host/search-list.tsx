import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

// One searchable, paged list of the /library host page: a keyword box, rows, 'previous / next'.
// `load` answers a page (null when the call failed: the API client has shown why).

export type Page<T> = { list: T[]; total: number };
type Props<T> = {
  L: (key: string) => string;
  placeholder: string;
  load: (keyword: string, pageNum: number, pageSize: number) => Promise<Page<T> | null>;
  row: (item: T) => ReactNode;
  testId: string;
  /** Changing it reloads from page 1 (a folder picked, a tab shown again). */
  reloadKey?: string;
  toolbar?: ReactNode;
};

export const PAGE_SIZE = 8;

export function SearchList<T>({ L, placeholder, load, row, testId, reloadKey = '', toolbar }: Props<T>) {
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page<T> | null>(null);
  const [failed, setFailed] = useState(false);
  const searchId = useId();

  const run = useCallback(async () => {
    setFailed(false);
    const r = await load(keyword, page, PAGE_SIZE);
    if (r) setData(r);
    else setFailed(true);
  }, [load, keyword, page]);

  useEffect(() => {
    void run();
  }, [run, reloadKey]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setKeyword(input.trim());
  };
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-2" data-testid={testId}>
      <div className="flex flex-wrap items-center gap-2">
        <form role="search" onSubmit={submit} className="flex min-w-0 flex-1 gap-2">
          <label htmlFor={searchId} className="sr-only">
            {L('search')}
          </label>
          <Input id={searchId} type="search" value={input} maxLength={100} placeholder={placeholder} onChange={(e) => setInput(e.currentTarget.value)} className="h-8 min-w-0 flex-1" data-testid={`${testId}-search`} />
          <Button type="submit" size="sm" variant="outline">
            {L('search')}
          </Button>
        </form>
        {toolbar}
      </div>
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          {L('loadFailed')}{' '}
          <button type="button" className="underline" onClick={() => void run()}>
            {L('retry')}
          </button>
        </p>
      )}
      {!data && !failed && <p className="text-sm text-slate-500">{L('loading')}</p>}
      {data && data.list.length === 0 && <p className="py-4 text-center text-sm text-slate-500">{L('empty')}</p>}
      {data && data.list.length > 0 && <ul className="divide-y divide-slate-100 rounded border border-slate-200 bg-white">{data.list.map(row)}</ul>}
      {data && data.total > PAGE_SIZE && (
        <nav className="flex items-center justify-between text-xs text-slate-600" aria-label={L('pageOf').replace('{page}', String(page)).replace('{pages}', String(pages))}>
          <Button type="button" size="sm" variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {L('prev')}
          </Button>
          <span>{L('pageOf').replace('{page}', String(page)).replace('{pages}', String(pages))}</span>
          <Button type="button" size="sm" variant="ghost" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {L('next')}
          </Button>
        </nav>
      )}
    </div>
  );
}
