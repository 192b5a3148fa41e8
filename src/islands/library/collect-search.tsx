import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { requestLogin } from '../../lib/client/login-request.ts';
import { $token } from '../../lib/client/store.ts';
import { reactIsland } from '../react-island.ts';
import { collectState, fill } from './collect-api.ts';
import type { CollectLabels } from './collect-dialog.tsx';
import { CollectStar } from './collect-star.tsx';

// The Collect stars of a server-rendered result list (/search): one island for the whole page.
// Each row holds an empty `[data-collect-slot="<mfgMpnCode>"]` (with data-mpn); after hydration a
// star button is portalled into each, the collected state of every row comes from one call, and
// one folder dialog (loaded on first use) serves them all. Logged out, a star asks to log in.

const CollectDialog = lazy(() => import('./collect-dialog.tsx').then((m) => ({ default: m.CollectDialog })));

type Slot = { el: HTMLElement; code: string; mpn: string };

function CollectSearch({ labels, root = '[data-testid="search-results"]' }: { labels: CollectLabels; root?: string }) {
  const token = useStore($token);
  const [slots, setSlots] = useState<Slot[]>([]);
  const [state, setState] = useState<Record<string, number>>({});
  const [open, setOpen] = useState<Slot | null>(null);
  const [dialogMounted, setDialogMounted] = useState(false);

  useEffect(() => {
    const found = [...document.querySelectorAll<HTMLElement>(`${root} [data-collect-slot]`)].map((el) => ({ el, code: el.dataset['collectSlot'] ?? '', mpn: el.dataset['mpn'] ?? '' }));
    setSlots(found.filter((s) => s.code !== ''));
  }, [root]);

  useEffect(() => {
    setState({});
    if (!token || slots.length === 0) return;
    let live = true;
    void collectState([...new Set(slots.map((s) => s.code))].slice(0, 100)).then((s) => {
      if (live && s) setState(s);
    });
    return () => {
      live = false;
    };
  }, [token, slots]);

  const l = (key: string, mpn: string) => fill(labels[`collections.collect.${key}`] ?? '', { mpn });
  const click = (slot: Slot) => {
    if (!token) {
      requestLogin();
      return;
    }
    setDialogMounted(true);
    setOpen(slot);
  };

  return (
    <>
      {slots.map((slot) =>
        createPortal(
          <button
            type="button"
            onClick={() => click(slot)}
            className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs text-slate-600 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/60"
            aria-haspopup="dialog"
            aria-label={state[slot.code] !== undefined ? l('collectedFor', slot.mpn) : l('buttonFor', slot.mpn)}
            data-testid="collect-result"
            data-collected={state[slot.code] !== undefined ? 'true' : 'false'}
          >
            <CollectStar filled={state[slot.code] !== undefined} />
            <span>{state[slot.code] !== undefined ? l('collected', slot.mpn) : l('button', slot.mpn)}</span>
          </button>,
          slot.el,
          slot.code,
        ),
      )}
      {dialogMounted && open && (
        <Suspense fallback={null}>
          <CollectDialog
            open={open !== null}
            onOpenChange={(o) => !o && setOpen(null)}
            mfgMpnCode={open.code}
            mpn={open.mpn}
            folderId={state[open.code] ?? null}
            labels={labels}
            onChange={(folderId) =>
              setState((s) => {
                const next = { ...s };
                if (folderId === null) delete next[open.code];
                else next[open.code] = folderId;
                return next;
              })
            }
          />
        </Suspense>
      )}
    </>
  );
}

export default reactIsland(CollectSearch);
