import { useCallback, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '../../lib/client/toast.ts';
import type { Quality } from '../../lib/library/library.ts';
import { SUBMISSION_LICENCES, SUBMISSION_LIMITS, type SubmissionLicence } from '../../lib/library/submissions.ts';
import { mySubmissions, productHref, submitComponent, withdrawSubmission, type SubmissionCard } from './submission-api.ts';
import { SubmissionStatusBadge } from './submission-list.tsx';

// "Submit to the catalogue" for one own component (issue #16 item 5), embedded by the component
// editor: the button (only for a component whose check found no error), a dialog choosing the
// licence with the submitter's confirmation, and the latest submission's status (withdraw while
// pending, the reason when rejected, the catalogue part when accepted).

export type SubmitToCatalogueProps = {
  componentId: number;
  quality: Quality;
  /** The own component's status: 'draft' | 'ready'. */
  status: string;
  locale: 'zh' | 'en';
  /** Strings with full keys ('submissions.submit'…): labelsWithPrefix(locale, 'submissions.'). */
  labels: Record<string, string>;
};

export function SubmitToCatalogue({ componentId, quality, status, locale, labels }: SubmitToCatalogueProps) {
  const l = (k: string) => labels[`submissions.${k}`] ?? k;
  const [latest, setLatest] = useState<SubmissionCard | null | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const [licence, setLicence] = useState<SubmissionLicence>('CC-BY-SA-4.0');
  const [confirmed, setConfirmed] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = { licence: useId(), confirm: useId(), note: useId(), hint: useId() };

  const refresh = useCallback(async () => {
    const r = await mySubmissions(1, 1, { userCompId: componentId }).catch(() => null);
    setLatest(r?.list[0] ?? null);
  }, [componentId]);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  // As the server decides: a 'ready' component (its last check found no error).
  const ready = status === 'ready' && quality !== 'errors';
  const pending = latest?.status === 'pending';

  async function send() {
    setBusy(true);
    try {
      const r = await submitComponent({ userCompId: componentId, licence, confirmLicence: true, ...(note.trim() ? { note: note.trim() } : {}) });
      if (r) {
        setLatest(r);
        setOpen(false);
        setNote('');
        setConfirmed(false);
        toast(l('sent'), 'success');
      }
    } finally {
      setBusy(false);
    }
  }

  async function withdraw() {
    if (!latest) return;
    setBusy(true);
    try {
      const r = await withdrawSubmission(latest.id);
      if (r) {
        setLatest(r);
        toast(l('withdrawnToast'), 'success');
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2" data-testid="submit-to-catalogue">
      {latest ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <span>{l('current')}</span>
          <SubmissionStatusBadge status={latest.status} labels={labels} />
          {latest.status === 'rejected' && latest.reason ? (
            <span className="w-full whitespace-pre-wrap text-red-700" data-testid="submission-reason">
              {l('reasonLabel')}: {latest.reason}
            </span>
          ) : null}
          {latest.status === 'accepted' && latest.mfgMpnCode ? (
            <a className="text-brand-600 underline-offset-2 hover:underline" href={productHref(locale, latest.mfgMpnCode)} data-testid="submission-product-link">
              {l('viewPart')}
            </a>
          ) : null}
          {pending ? (
            <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => void withdraw()} data-testid="submission-withdraw">
              {l('withdraw')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {!pending && latest?.status !== 'accepted' ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button type="button" disabled={!ready || latest === undefined} aria-describedby={ready ? undefined : ids.hint} onClick={() => setOpen(true)} data-testid="submission-open">
            {l('submit')}
          </Button>
          {!ready ? (
            <span id={ids.hint} className="text-xs text-slate-500">
              {l('notReadyHint')}
            </span>
          ) : null}
        </div>
      ) : null}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel={l('cancel')} data-testid="submission-dialog">
          <DialogHeader>
            <DialogTitle>{l('submit')}</DialogTitle>
            <DialogDescription>{l('submitIntro')}</DialogDescription>
          </DialogHeader>
          <form
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (confirmed && !busy) void send();
            }}
          >
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.licence} className="text-sm font-medium text-slate-800">
                {l('licence')}
              </label>
              <select
                id={ids.licence}
                value={licence}
                onChange={(e) => setLicence(e.target.value as SubmissionLicence)}
                className="h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/60"
                data-testid="submission-licence"
              >
                {SUBMISSION_LICENCES.map((id) => (
                  <option key={id} value={id}>
                    {l(`licence.${id}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.note} className="text-sm font-medium text-slate-800">
                {l('note')}
              </label>
              <textarea
                id={ids.note}
                value={note}
                maxLength={SUBMISSION_LIMITS.noteMaxChars}
                onChange={(e) => setNote(e.target.value)}
                rows={3}
                className="rounded-md border border-input bg-background px-2 py-1.5 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/60"
              />
            </div>
            <div className="flex items-start gap-2">
              <Checkbox id={ids.confirm} checked={confirmed} onCheckedChange={(v) => setConfirmed(v === true)} className="mt-0.5" data-testid="submission-confirm" />
              <label htmlFor={ids.confirm} className="text-sm text-slate-700">
                {l('confirm')}
              </label>
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                {l('cancel')}
              </Button>
              <Button type="submit" disabled={!confirmed || busy} data-testid="submission-send">
                {l('send')}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
