import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { confirmDialog } from '../../lib/client/confirm-dialog.ts';
import { $token } from '../../lib/client/store.ts';
import { toast } from '../../lib/client/toast.ts';
import { splitTags } from '../../lib/designs/designs.ts';
import { bomHeadPath } from '../bom/bom-paths.ts';
import { reactIsland } from '../react-island.ts';
import { deleteDesign, designToBom, myDesigns, updateDesign, viewerHref, type DesignCard } from './design-api.ts';
import { DesignFields, type DesignFieldValues } from './design-fields.tsx';
import { DesignSummary } from './design-summary.tsx';
import { fill, type DesignsLabels } from './labels.ts';
import { LoadState, LoginPrompt } from './list-states.tsx';
import { PageNav } from './page-nav.tsx';
import { useDesignPage } from './use-design-page.ts';

// /ecadViewer/indexBK 'My designs' (issue #14): the logged-in user's designs of any visibility,
// with edit (PUT), delete (DELETE, confirmed), 'send the BOM to the BOM tool' (toBom, then the
// BOM tool's column mapping of that new BOM), open in the viewer, and the server analysis' state (polled
// while a design is still being analysed).

type Props = { labels: DesignsLabels; locale: 'zh' | 'en' };

const PAGE_SIZE = 20;
const POLL_MS = 3000;

const fieldsOf = (d: DesignCard): DesignFieldValues => ({ title: d.title, description: d.description, tags: d.tags.join(', '), licence: d.licence, visibility: d.visibility });

function AnalysisState({ labels, d }: { labels: DesignsLabels; d: DesignCard }) {
  if (d.analysis === 'pending')
    return (
      <span className="text-amber-800" role="status">
        {labels.analysisPending}
      </span>
    );
  if (d.analysis === 'failed') return <span className="text-red-700">{fill(labels.analysisFailed, { reason: d.analysisMessage ?? '' })}</span>;
  return <span className="text-emerald-700">{labels.analysisOk}</span>;
}

function MyDesigns({ labels, locale }: Props) {
  const token = useStore($token);
  const { page, setPage, data, failed, load } = useDesignPage(myDesigns, PAGE_SIZE, token);
  const [editing, setEditing] = useState<DesignCard | null>(null);
  const [values, setValues] = useState<DesignFieldValues | null>(null);
  const [busy, setBusy] = useState<string | null>(null);


  // Designs still being analysed: ask again until the server has finished them.
  const pending = data?.list.some((d) => d.analysis === 'pending') ?? false;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => void load(), POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, data, load]);

  if (!token) return <LoginPrompt text={labels.mineLogin} testId="my-designs-login" labels={labels} />;
  if (!data) return <LoadState failed={failed} retry={() => void load()} labels={labels} />;

  const save = async () => {
    if (!editing || !values) return;
    setBusy(editing.id);
    try {
      const r = await updateDesign({
        id: editing.id,
        title: values.title.trim() || editing.title,
        description: values.description,
        tags: splitTags(values.tags),
        licence: values.licence,
        visibility: values.visibility,
      });
      if (r) {
        toast(labels.saved, 'success');
        setEditing(null);
        await load();
      }
    } finally {
      setBusy(null);
    }
  };
  const remove = async (d: DesignCard) => {
    const yes = await confirmDialog({ title: labels.deleteTitle, body: fill(labels.deleteBody, { title: d.title }), confirm: labels.delete, cancel: labels.cancel }, 'design-delete-confirm');
    if (!yes) return;
    setBusy(d.id);
    try {
      if (await deleteDesign(d.id)) {
        toast(labels.deleted, 'success');
        await load();
      }
    } finally {
      setBusy(null);
    }
  };
  const toBom = async (d: DesignCard) => {
    setBusy(d.id);
    try {
      const r = await designToBom(d.id);
      if (r) {
        toast(fill(labels.toBomDone, { lines: r.lines }), 'success');
        // A new BOM opens where the BOM tool takes every fresh upload: its column mapping.
        window.location.assign(bomHeadPath(locale, r.bomId));
      }
    } finally {
      setBusy(null);
    }
  };

  const pages = Math.max(1, Math.ceil(data.total / PAGE_SIZE));
  return (
    <div data-testid="my-designs" data-total={data.total}>
      <p className="text-sm text-slate-600">{fill(labels.mineTotal, { total: data.total })}</p>
      {data.list.length === 0 && <p className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-700">{labels.mineEmpty}</p>}
      <div className="mt-3 grid gap-3">
        {data.list.map((d) => (
          <DesignSummary key={d.id} labels={labels} design={d} href={viewerHref(locale, d.id)}>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-xs" data-testid="design-row-state" data-analysis={d.analysis} data-visibility={d.visibility}>
              <span className={`rounded px-1.5 py-0.5 font-medium ${d.visibility === 'public' ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'}`}>
                {d.visibility === 'public' ? labels.visibilityPublic : labels.visibilityPrivate}
              </span>
              <AnalysisState labels={labels} d={d} />
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button asChild size="sm" variant="outline">
                <a href={viewerHref(locale, d.id)}>{labels.openViewer}</a>
              </Button>
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => {
                  setEditing(d);
                  setValues(fieldsOf(d));
                }}
                data-testid="design-edit"
              >
                {labels.edit}
              </Button>
              <Button type="button" size="sm" variant="outline" disabled={busy === d.id || d.analysis !== 'ok'} onClick={() => void toBom(d)} data-testid="design-to-bom">
                {busy === d.id ? labels.toBomBusy : labels.toBom}
              </Button>
              <Button type="button" size="sm" variant="outline" className="text-red-700" disabled={busy === d.id} onClick={() => void remove(d)} data-testid="design-delete">
                {labels.delete}
              </Button>
            </div>
          </DesignSummary>
        ))}
      </div>
      <PageNav labels={labels} page={page} pages={pages} onPage={setPage} />
      <Dialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)}>
        <DialogContent closeLabel={labels.close} data-testid="design-edit-dialog" className="sm:max-w-xl">
          <DialogHeader>
            <DialogTitle>{labels.editTitle}</DialogTitle>
          </DialogHeader>
          {values && <DesignFields labels={labels} values={values} onChange={setValues} idPrefix="edit" />}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setEditing(null)}>
              {labels.cancel}
            </Button>
            <Button type="button" disabled={busy !== null} onClick={() => void save()} data-testid="design-edit-save">
              {busy ? labels.saving : labels.save}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

export default reactIsland(MyDesigns);
