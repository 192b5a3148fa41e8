import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { buttonVariants } from '@/components/ui/button-classes.ts';
import { $token } from '../../lib/client/store.ts';
import { reactIsland } from '../react-island.ts';

// "Report a problem" on a catalogue product page (issue #17, kicad/feedback): for logged-in users
// only (nothing is rendered otherwise), a dialog choosing what is wrong and describing it. The
// server validates again; its refusal arrives as the API client's toast. The dialog's code loads
// on the first click (issue #31 item 3).

const FeedbackDialog = lazy(() => import('./feedback-dialog.tsx').then((m) => ({ default: m.FeedbackDialog })));

type Props = {
  mfgMpnCode: string;
  mpn: string;
  /** Strings with full keys: labelsWithPrefix(locale, 'kicadFeedback.'). */
  labels: Record<string, string>;
};

function FeedbackButton({ mfgMpnCode, mpn, labels }: Props) {
  const token = useStore($token);
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted || !token) return null;

  return (
    <>
      <button
        type="button"
        className={buttonVariants({ variant: 'outline', size: 'sm' })}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        data-testid="kicad-feedback-open"
      >
        {labels['kicadFeedback.report'] ?? 'report'}
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <FeedbackDialog mfgMpnCode={mfgMpnCode} mpn={mpn} open={open} onOpenChange={setOpen} labels={labels} />
        </Suspense>
      )}
    </>
  );
}

export default reactIsland(FeedbackButton);
