import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { apiFetch } from '../../lib/client/api.ts';
import { Code } from '../../lib/server/errors.ts';
import { bomContentPath, type BomLocale } from './bom-paths.ts';
import type { BomLabels } from './labels.ts';

// A BOM reached by someone else's link opens read-only (issue #36 item 3): the notice says so and
// offers "copy to my BOMs", which makes a copy the visitor owns (logged in: their account;
// logged out: this browser) and opens it.

/** Whether the caller may only read the BOM (GET /bom/access); false while unknown. */
function useReadOnly(bomId: string): boolean {
  const [readOnly, setReadOnly] = useState(false);
  useEffect(() => {
    let live = true;
    void apiFetch<{ readOnly: boolean }>('/api/chiplet/bom/access', { query: { bomId }, suppressError: true })
      .then((env) => live && setReadOnly(env.code === Code.ok && env.result.readOnly))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [bomId]);
  return readOnly;
}

export function SharedBomNotice({ bomId, labels, locale }: { bomId: string; labels: BomLabels; locale: BomLocale }) {
  const readOnly = useReadOnly(bomId);
  const [copying, setCopying] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!readOnly) return null;
  const copy = async () => {
    setCopying(true);
    setFailed(false);
    try {
      const env = await apiFetch<{ bomId: string }>('/api/chiplet/bom/copy', { method: 'POST', body: { bomId }, suppressError: true });
      if (env.code !== Code.ok) throw new Error(env.msg);
      window.location.assign(bomContentPath(locale, env.result.bomId));
    } catch {
      setFailed(true);
      setCopying(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" role="status" data-testid="bom-shared-readonly">
      <p className="min-w-0 flex-1">{labels.sharedReadOnly}</p>
      {failed && (
        <p className="text-red-700" role="alert">
          {labels.copyFailed}
        </p>
      )}
      <Button type="button" size="sm" disabled={copying} onClick={() => void copy()} data-testid="bom-copy-to-mine">
        {labels.copyToMine}
      </Button>
    </div>
  );
}
