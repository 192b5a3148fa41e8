import type { MouseEvent } from 'react';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { $token } from '../../lib/client/store.ts';
import { toast } from '../../lib/client/toast.ts';
import { track, trackMarkClicks } from './track.ts';
import { reactIsland } from '../react-island.ts';
import { requestLogin } from '../../lib/client/login-request.ts';
import { collectState, fill } from '../library/collect-api.ts';
import type { CollectLabels } from '../library/collect-dialog.tsx';
import { CollectStar } from '../library/collect-star.tsx';

// The folder dialog is a chunk of its own, fetched on the first click of Collect.
const CollectDialog = lazy(() => import('../library/collect-dialog.tsx').then((m) => ({ default: m.CollectDialog })));

export type PartActionLabels = {
  download: string;
  downloading: string;
  badFile: string;
  collect: string;
};

type Props = {
  mfgMpnCode: string;
  mpn: string;
  /** Plain link (GET) used without JavaScript and as the fallback. */
  downloadHref: string;
  loginHref: string;
  canDownload: boolean;
  labels: PartActionLabels;
  /** The Collect dialog's strings ('collections.collect.*'). */
  collectLabels: CollectLabels;
  /**
   * The Button primitive's classes for the two links (buttonVariants of src/components/ui/button),
   * worked out on the server: the page then ships no class-merging code for them.
   */
  classes: { download: string; collect: string };
};

/**
 * Download (POST → blob, SPEC §5 message on a non-file answer) and Collect (logged out: asks to log
 * in; logged in: the folder dialog, a filled star once collected). The part's counters are kept
 * here too: downloads, and the datasheet opens and tag clicks on the server-rendered links of its page.
 */
function PartActions({ mfgMpnCode, mpn, downloadHref, loginHref, canDownload, labels, collectLabels, classes }: Props) {
  const token = useStore($token);
  const [busy, setBusy] = useState(false);
  /** The folder holding the part (null: not collected; undefined: not known yet). */
  const [folderId, setFolderId] = useState<number | null | undefined>(undefined);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogMounted, setDialogMounted] = useState(false);
  useEffect(() => {
    setFolderId(undefined);
    if (!token) return;
    let live = true;
    void collectState([mfgMpnCode]).then((state) => {
      if (live && state) setFolderId(state[mfgMpnCode] ?? null);
    });
    return () => {
      live = false;
    };
  }, [token, mfgMpnCode]);
  useEffect(() => trackMarkClicks(document.querySelector<HTMLElement>('[data-detail-root]') ?? document, mfgMpnCode), [mfgMpnCode]);

  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (token) headers['X-token'] = token;
      const res = await fetch('/api/chiplet/products/downloadZip', { method: 'POST', headers, body: JSON.stringify({ mfgMpnCode }) });
      const type = res.headers.get('content-type') ?? '';
      if (!res.ok || !/application\/(zip|octet-stream)/.test(type)) throw new Error('not a file');
      const blob = await res.blob();
      const name = /filename\*=UTF-8''([^;]+)/.exec(res.headers.get('content-disposition') ?? '')?.[1];
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = name ? decodeURIComponent(name) : `${mfgMpnCode}.zip`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      track('/api/chiplet/mark/add', { mKey: mfgMpnCode, mType: 'COMPONENT', edaCount: 1 });
    } catch {
      toast(labels.badFile, 'error');
    } finally {
      setBusy(false);
    }
  };

  const collect = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (!token) {
      requestLogin();
      return;
    }
    setDialogMounted(true);
    setDialogOpen(true);
  };
  const collected = typeof folderId === 'number';
  const cl = (key: string) => fill(collectLabels[`collections.collect.${key}`] ?? '', { mpn });

  return (
    <div className="flex flex-wrap items-center gap-2">
      {canDownload && (
        <a href={downloadHref} download onClick={download} aria-busy={busy} className={busy ? `${classes.download} opacity-70` : classes.download} data-slot="button" data-testid="download-zip">
          <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true"><path d="M12 3v12m0 0-4-4m4 4 4-4M4 17v3h16v-3" /></svg>
          {busy ? labels.downloading : labels.download}
        </a>
      )}
      <a
        href={loginHref}
        onClick={collect}
        className={classes.collect}
        data-slot="button"
        data-testid="collect"
        data-collected={collected ? 'true' : 'false'}
        aria-haspopup="dialog"
        aria-label={collected ? cl('collectedFor') : cl('buttonFor')}
      >
        <CollectStar filled={collected} />
        {collected ? cl('collected') : labels.collect}
      </a>
      {dialogMounted && (
        <Suspense fallback={null}>
          <CollectDialog open={dialogOpen} onOpenChange={setDialogOpen} mfgMpnCode={mfgMpnCode} mpn={mpn} folderId={folderId ?? null} labels={collectLabels} onChange={setFolderId} />
        </Suspense>
      )}
    </div>
  );
}

export default reactIsland(PartActions);
