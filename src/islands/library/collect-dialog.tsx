import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '../../lib/client/toast.ts';
import { folderNameProblem } from '../../lib/library/collections.ts';
import { LIBRARY_LIMITS } from '../../lib/library/library.ts';
import { addFolder, collectPart, fill, listFolders, removeItems, type CollectFolder } from './collect-api.ts';

// The Collect dialog (issue #16 item 1): pick one of the user's folders, or create one in place,
// then collect the part there; a part already collected shows where it is, can move, or be
// un-collected. Used by the product page's Collect button and the search results' stars.

/** Its strings: the 'collections.collect.*' keys (full keys, as the pages pass them). */
export type CollectLabels = Record<string, string>;

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mfgMpnCode: string;
  mpn: string;
  /** The folder holding the part, null when it is not collected. */
  folderId: number | null;
  labels: CollectLabels;
  /** The part's new state after a save or removal. */
  onChange: (folderId: number | null) => void;
};

export function CollectDialog({ open, onOpenChange, mfgMpnCode, mpn, folderId, labels, onChange }: Props) {
  const l = (key: string, vars?: Record<string, string | number>) => {
    const text = labels[`collections.collect.${key}`] ?? key;
    return vars ? fill(text, vars) : text;
  };
  const [folders, setFolders] = useState<CollectFolder[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const [newName, setNewName] = useState('');
  const [busy, setBusy] = useState(false);
  const nameId = useId();
  const errorId = useId();

  const load = useCallback(async () => {
    setFailed(false);
    const list = await listFolders();
    if (!list) {
      setFailed(true);
      return;
    }
    setFolders(list);
    setChosen((c) => c ?? folderId ?? list.find((f) => f.isDefault)?.id ?? null);
  }, [folderId]);

  useEffect(() => {
    if (!open) return;
    setChosen(folderId);
    setNewName('');
    void load();
  }, [open, folderId, load]);

  const trimmed = newName.trim();
  const problem = trimmed === '' ? null : folderNameProblem(trimmed);
  const inlineError = problem === 'tooLong' ? l('nameTooLong', { max: LIBRARY_LIMITS.nameMaxChars }) : problem === 'markup' ? l('nameMarkup') : null;

  const create = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || trimmed === '' || inlineError) return;
    setBusy(true);
    try {
      const f = await addFolder(trimmed);
      if (f) {
        setFolders((list) => [...(list ?? []), f]);
        setChosen(f.id);
        setNewName('');
      }
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    if (busy || chosen === null) return;
    setBusy(true);
    try {
      const r = await collectPart(mfgMpnCode, chosen);
      if (r) {
        const name = folders?.find((f) => f.id === r.folderId)?.name ?? '';
        toast(l('savedTo', { folder: name }), 'success');
        onChange(r.folderId);
        onOpenChange(false);
      }
    } finally {
      setBusy(false);
    }
  };

  const uncollect = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const r = await removeItems([mfgMpnCode]);
      if (r) {
        toast(l('removed'), 'success');
        onChange(null);
        onOpenChange(false);
      }
    } finally {
      setBusy(false);
    }
  };

  const current = folders?.find((f) => f.id === folderId) ?? null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={l('close')} data-testid="collect-dialog" data-code={mfgMpnCode} className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{l('title')}</DialogTitle>
          <DialogDescription>
            <span className="font-mono text-slate-900">{mpn}</span> · {current ? l('collectedIn', { folder: current.name }) : l('body')}
          </DialogDescription>
        </DialogHeader>

        {failed ? (
          <p role="alert" className="text-sm text-red-700">
            {l('loadFailed')}{' '}
            <button type="button" className="text-brand-600 underline" onClick={() => void load()}>
              {l('retry')}
            </button>
          </p>
        ) : !folders ? (
          <p className="text-sm text-slate-500" role="status">
            {l('loading')}
          </p>
        ) : (
          <fieldset className="min-w-0">
            <legend className="mb-1.5 text-sm font-medium text-slate-700">{l('folders')}</legend>
            <ul className="max-h-60 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200" data-testid="collect-folders">
              {folders.map((f) => (
                <li key={f.id}>
                  <label className="flex cursor-pointer items-center gap-2 px-3 py-2 text-sm hover:bg-slate-50 has-[:checked]:bg-brand-50" data-testid="collect-folder-option" data-folder-name={f.name}>
                    <input type="radio" name={`collect-folder-${nameId}`} value={f.id} checked={chosen === f.id} onChange={() => setChosen(f.id)} className="accent-brand-600" />
                    <span className="min-w-0 flex-1 truncate">{f.name}</span>
                    {f.id === folderId && (
                      <svg width="14" height="14" viewBox="0 0 24 24" fill="currentColor" className="text-amber-500" aria-hidden="true">
                        <path d="m12 17.3-6.2 3.6 1.6-7L2 9.2l7.1-.6L12 2l2.9 6.6 7.1.6-5.4 4.7 1.6 7z" />
                      </svg>
                    )}
                    <span className="text-xs tabular-nums text-slate-600">{l('count', { n: f.count })}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}

        <form className="grid gap-1.5" onSubmit={(e) => void create(e)}>
          <label htmlFor={nameId} className="text-sm font-medium text-slate-700">
            {l('newFolder')}
          </label>
          <div className="flex gap-2">
            <Input
              id={nameId}
              value={newName}
              onChange={(e) => setNewName(e.target.value)}
              placeholder={l('newFolderName')}
              maxLength={LIBRARY_LIMITS.nameMaxChars * 2}
              aria-invalid={inlineError ? true : undefined}
              aria-describedby={inlineError ? errorId : undefined}
              data-testid="collect-new-folder-input"
            />
            <Button type="submit" variant="outline" disabled={busy || trimmed === '' || inlineError !== null} data-testid="collect-new-folder-create">
              {l('create')}
            </Button>
          </div>
          {inlineError && (
            <p id={errorId} className="text-xs text-red-700">
              {inlineError}
            </p>
          )}
        </form>

        <DialogFooter>
          {folderId !== null ? (
            <>
              <Button type="button" variant="outline" className="text-red-700" disabled={busy} onClick={() => void uncollect()} data-testid="collect-uncollect">
                {l('uncollect')}
              </Button>
              <Button type="button" disabled={busy || chosen === null || chosen === folderId} onClick={() => void save()} data-testid="collect-save">
                {l('move')}
              </Button>
            </>
          ) : (
            <>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                {l('cancel')}
              </Button>
              <Button type="button" disabled={busy || chosen === null} onClick={() => void save()} data-testid="collect-save">
                {l('save')}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
