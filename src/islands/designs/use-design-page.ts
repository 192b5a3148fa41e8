import { useCallback, useEffect, useState } from 'react';
import type { DesignCard } from './design-api.ts';

type DesignPage = { list: DesignCard[]; total: number };

/** One page of a logged-in user's design list, loaded when there is a token and on page changes. */
export function useDesignPage(fetchPage: (page: number, pageSize: number) => Promise<DesignPage | null>, pageSize: number, token: string | null | undefined) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<DesignPage | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    try {
      const r = await fetchPage(page, pageSize);
      setData(r);
      setFailed(r === null);
    } catch {
      setFailed(true);
    }
  }, [fetchPage, page, pageSize]);
  useEffect(() => {
    if (token) void load();
  }, [token, load]);
  return { page, setPage, data, setData, failed, load };
}
