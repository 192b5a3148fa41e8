import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '../../lib/client/toast.ts';
import { FEEDBACK_KINDS, FEEDBACK_LIMITS, messageProblem, type FeedbackKind } from '../../lib/kicad-host/feedback.ts';
import { sendFeedback } from './feedback-api.ts';

// The "report a problem" dialog of feedback-button.tsx, loaded on its first open: the dialog
// primitives (Radix, scroll lock, tailwind-merge) stay out of a product page's first load.

export type FeedbackDialogProps = {
  mfgMpnCode: string;
  mpn: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Strings with full keys: labelsWithPrefix(locale, 'kicadFeedback.'). */
  labels: Record<string, string>;
};

const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));

export function FeedbackDialog({ mfgMpnCode, mpn, open, onOpenChange, labels }: FeedbackDialogProps) {
  const [kind, setKind] = useState<FeedbackKind>('symbol');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = { kind: useId(), message: useId() };
  const l = (k: string) => labels[`kicadFeedback.${k}`] ?? k;
  const setOpen = onOpenChange;

  const valid = messageProblem(message.trim()) === null;
  async function send() {
    setBusy(true);
    try {
      const r = await sendFeedback({ mfgMpnCode, kind, message: message.trim() });
      if (r) {
        setOpen(false);
        setMessage('');
        toast(l('sent'), 'success');
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent closeLabel={l('cancel')} data-testid="kicad-feedback-dialog">
        <DialogHeader>
          <DialogTitle>{fill(l('dialogTitle'), { mpn })}</DialogTitle>
          <DialogDescription>{l('dialogIntro')}</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid && !busy) void send();
          }}
        >
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-medium text-slate-800" id={ids.kind}>
              {l('kind')}
            </legend>
            <div className="flex flex-wrap gap-3" role="radiogroup" aria-labelledby={ids.kind}>
              {FEEDBACK_KINDS.map((k) => (
                <label key={k} className="flex items-center gap-1.5 text-sm text-slate-700">
                  <input type="radio" name="kicad-feedback-kind" value={k} checked={kind === k} onChange={() => setKind(k)} data-testid={`kicad-feedback-kind-${k}`} />
                  {l(`kind.${k}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.message} className="text-sm font-medium text-slate-800">
              {fill(l('message'), { max: FEEDBACK_LIMITS.messageMaxChars })}
            </label>
            <textarea
              id={ids.message}
              value={message}
              maxLength={FEEDBACK_LIMITS.messageMaxChars}
              rows={4}
              placeholder={l('messagePlaceholder')}
              onChange={(e) => setMessage(e.target.value)}
              className="rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/60"
              data-testid="kicad-feedback-message"
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {l('cancel')}
            </Button>
            <Button type="submit" disabled={!valid || busy} data-testid="kicad-feedback-send">
              {l('send')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
