import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { changeTrends, trendOptions, type BomTrendOptions, type BomTrends } from '../../lib/client/bom-api.ts';
import type { BomLabels } from './labels.ts';

/**
 * Matching preferences (GET /bom/addTrend for the options and their meaning, POST
 * /bom/changeTrend to set them): a disclosure under the toolbar button. Applying starts a job that
 * ranks the automatic choices again; the grid follows it.
 */
export function TrendPreferences({ bomId, labels, onJob }: { bomId: string; labels: BomLabels; onJob: (jobId: string) => void }) {
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<BomTrendOptions | null>(null);
  const [trends, setTrends] = useState<BomTrends | null>(null);
  const [busy, setBusy] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open || options) return;
    trendOptions(bomId)
      .then((o) => {
        setOptions(o);
        setTrends(o.trends);
      })
      .catch(() => setOpen(false));
  }, [open, options, bomId]);

  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);

  const apply = async () => {
    if (!trends) return;
    setBusy(true);
    try {
      const started = await changeTrends(bomId, trends);
      setOptions((o) => (o ? { ...o, trends } : o));
      setOpen(false);
      onJob(started.jobId);
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="relative" ref={root}>
      <Button type="button" variant="outline" size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)} data-testid="bom-preferences">
        {labels.preferences}
      </Button>
      {open && (
        <div id={panelId} className="absolute right-0 z-20 mt-2 w-80 rounded-lg border border-slate-200 bg-white p-4 shadow-lg" data-testid="bom-preferences-panel">
          {!options || !trends ? (
            <p className="text-sm text-slate-500">{labels.recentLoading}</p>
          ) : (
            <fieldset className="grid gap-3">
              <legend className="sr-only">{labels.preferences}</legend>
              {options.options.map((o) => (
                <label key={o.key} className="flex gap-2 text-sm">
                  <input type="checkbox" className="mt-1" checked={trends[o.key]} onChange={(e) => setTrends({ ...trends, [o.key]: e.target.checked })} data-testid={`bom-trend-${o.key}`} />
                  <span>
                    <span className="font-medium text-slate-900">{o.label}</span>
                    <span className="block text-xs text-slate-500">{o.description}</span>
                  </span>
                </label>
              ))}
              <Button type="button" size="sm" disabled={busy} onClick={() => void apply()} data-testid="bom-preferences-apply">
                {labels.preferencesApply}
              </Button>
            </fieldset>
          )}
        </div>
      )}
    </div>
  );
}
