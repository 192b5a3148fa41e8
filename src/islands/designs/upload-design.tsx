import { useStore } from '@nanostores/react';
import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { requestLogin } from '../../lib/client/login-request.ts';
import { $token } from '../../lib/client/store.ts';
import { toast } from '../../lib/client/toast.ts';
import { relativePath } from '../../lib/kicad-viewer/viewer-client.ts';
import { reactIsland } from '../react-island.ts';
import { createDesign } from './design-api.ts';
import { DesignFields, EMPTY_FIELDS, type DesignFieldValues } from './design-fields.tsx';
import { fill, type DesignsLabels } from './labels.ts';

// The gallery's 'upload a design' (issue #14): logged out it asks for login like the rest of the
// site; logged in, a dialog takes the project's files (or a folder, or one zip) and the design's
// fields, and POSTs them to /api/design/user. Several files travel as one zip built here, so a
// folder's sub-sheet paths are kept (as the viewer's 'save' does).

type Props = { labels: DesignsLabels; myDesignsHref: string };

const KICAD = /\.kicad_(pro|sch|pcb)$/i;

async function projectForm(files: File[], fields: DesignFieldValues): Promise<FormData> {
  const form = new FormData();
  if (files.length === 1 && /\.zip$/i.test(files[0]!.name)) form.append('file', files[0]!, files[0]!.name);
  else {
    const { zipSync } = await import('fflate');
    const entries: Record<string, Uint8Array> = {};
    for (const f of files.filter((x) => KICAD.test(x.name))) entries[relativePath(f)] = new Uint8Array(await f.arrayBuffer());
    const first = files.find((f) => /\.kicad_pro$/i.test(f.name)) ?? files[0];
    form.append('file', new Blob([zipSync(entries)], { type: 'application/zip' }), `${(first?.name ?? 'design').replace(/\.[^.]+$/, '')}.zip`);
  }
  if (fields.title.trim()) form.append('title', fields.title.trim());
  if (fields.description.trim()) form.append('description', fields.description);
  if (fields.tags.trim()) form.append('tags', fields.tags);
  form.append('licence', fields.licence);
  form.append('visibility', fields.visibility);
  return form;
}

function UploadDesign({ labels, myDesignsHref }: Props) {
  const token = useStore($token);
  const [open, setOpen] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [fields, setFields] = useState<DesignFieldValues>(EMPTY_FIELDS);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  const start = () => {
    if (!token) return requestLogin();
    setOpen(true);
  };
  const pick = (list: FileList | null) => {
    const picked = [...(list ?? [])].filter((f) => KICAD.test(f.name) || /\.zip$/i.test(f.name));
    setFiles(picked);
    setProblem('');
    // A title from the project's name, unless one was typed.
    const pro = picked.find((f) => /\.(kicad_pro|zip)$/i.test(f.name));
    if (pro && !fields.title) setFields({ ...fields, title: pro.name.replace(/\.[^.]+$/, '') });
  };
  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (files.length === 0) return setProblem(labels.noFiles);
    setBusy(true);
    try {
      const created = await createDesign(await projectForm(files, fields));
      if (created) {
        toast(labels.uploaded, 'success');
        setOpen(false);
        window.location.assign(myDesignsHref);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button type="button" onClick={start} data-testid="design-upload-open">
        {labels.upload}
      </Button>
      <Dialog open={open} onOpenChange={(o) => !busy && setOpen(o)}>
        <DialogContent closeLabel={labels.close} data-testid="design-upload-dialog" className="sm:max-w-xl">
          <form onSubmit={(e) => void submit(e)} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{labels.uploadTitle}</DialogTitle>
              <DialogDescription className="text-slate-600">{labels.uploadIntro}</DialogDescription>
            </DialogHeader>
            <div className="flex flex-wrap items-center gap-2">
              <label className="inline-flex cursor-pointer items-center rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:border-brand-500">
                {labels.pickFiles}
                <input type="file" multiple accept=".kicad_pro,.kicad_sch,.kicad_pcb,.zip" className="sr-only" onChange={(e) => pick(e.currentTarget.files)} data-testid="design-upload-files" />
              </label>
              <label className="inline-flex cursor-pointer items-center rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:border-brand-500">
                {labels.pickFolder}
                <input
                  // React has no typed prop for it; folders keep their relative paths this way.
                  ref={(el) => el?.setAttribute('webkitdirectory', '')}
                  type="file"
                  multiple
                  className="sr-only"
                  onChange={(e) => pick(e.currentTarget.files)}
                  data-testid="design-upload-folder"
                />
              </label>
            </div>
            {files.length > 0 && (
              <p className="text-xs text-slate-600" data-testid="design-upload-chosen">
                {fill(labels.chosen, { n: files.length, names: files.slice(0, 6).map((f) => f.name).join(', ') + (files.length > 6 ? '…' : '') })}
              </p>
            )}
            <DesignFields labels={labels} values={fields} onChange={setFields} idPrefix="upload" />
            {problem && (
              <p role="alert" className="text-sm text-red-700" data-testid="design-upload-problem">
                {problem}
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={busy}>
                {labels.cancel}
              </Button>
              <Button type="submit" disabled={busy} data-testid="design-upload-submit">
                {busy ? labels.uploading : labels.submit}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}

export default reactIsland(UploadDesign);
