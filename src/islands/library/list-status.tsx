import type { ReactNode } from 'react';

// A library list that has nothing to show yet: still loading, failed, or empty. One look for the
// submission queue and the submitter's own list (and the next list that needs it).

export type ListData<T> = { list: T[] } | null | 'error';

/** The state's message, or null when the list has rows to render. */
export function listStatus<T>(data: ListData<T>, texts: { loading: string; failed: string; empty: ReactNode; emptyTestId: string }): ReactNode | null {
  if (data === null)
    return (
      <p className="text-sm text-slate-500" role="status">
        {texts.loading}
      </p>
    );
  if (data === 'error')
    return (
      <p className="text-sm text-red-700" role="alert">
        {texts.failed}
      </p>
    );
  if (data.list.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600" data-testid={texts.emptyTestId}>
        {texts.empty}
      </p>
    );
  return null;
}
