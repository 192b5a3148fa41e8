import { useStore } from '@nanostores/react';
import { useEffect, useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { isEmbedded, postToHost } from '../../lib/client/host-bridge.ts';
import type { HostFile } from '../../lib/client/host-data.ts';
import { requestLogin } from '../../lib/client/login-request.ts';
import { $token } from '../../lib/client/store.ts';
import { toast } from '../../lib/client/toast.ts';
import { createDesign, viewerHref, type DesignCard } from '../designs/design-api.ts';
import { DesignFields, EMPTY_FIELDS, type DesignFieldValues } from '../designs/design-fields.tsx';
import type { DesignsLabels } from '../designs/labels.ts';
import { reactIsland } from '../react-island.ts';
import { projectZip, type ProjectFile } from './project-zip.ts';
import { HostDataStatus, useHostData } from './use-host-data.tsx';

// /addProject (issue #17 item 2): the host's project saved as one of the user's designs (the
// designs domain, POST /api/design/user, the same fields as the gallery's upload). Inside a host
// the project's files come from `requestData('project')`; in a plain browser, or when the host
// sends nothing, the user picks the files or a zip. Once saved, a host's dialog closes (`endModal`).

type Props = { locale: 'zh' | 'en'; labels: Record<string, string>; designLabels: DesignsLabels };

const ACCEPTED = /\.(kicad_pro|kicad_sch|kicad_pcb|zip)$/i;

function AddProject({ locale, labels, designLabels }: Props) {
  const L = (k: string) => labels[`host.${k}`] ?? k;
  const token = useStore($token);
  const [mounted, setMounted] = useState(false);
  const [files, setFiles] = useState<ProjectFile[]>([]);
  const [fields, setFields] = useState<DesignFieldValues>(EMPTY_FIELDS);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [saved, setSaved] = useState<DesignCard | null>(null);
  useEffect(() => setMounted(true), []);

  const take = (list: ProjectFile[]) => {
    const picked = list.filter((f) => ACCEPTED.test(f.name));
    setFiles(picked);
    setProblem('');
    setSaved(null);
    const pro = picked.find((f) => /\.(kicad_pro|zip)$/i.test(f.name));
    if (pro) setFields((v) => (v.title ? v : { ...v, title: (pro.name.split('/').pop() ?? pro.name).replace(/\.[^.]+$/, '') }));
  };
  const hostData = useHostData('project', mounted && token !== '', (list: HostFile[]) => take(list.map((f) => ({ name: f.name, bytes: f.bytes }))));

  const pick = async (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    take(await Promise.all(chosen.map(async (f) => ({ name: f.webkitRelativePath || f.name, bytes: new Uint8Array(await f.arrayBuffer()) }))));
  };

  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (files.length === 0) return setProblem(L('projectNoFiles'));
    setBusy(true);
    try {
      const zip = await projectZip(files);
      const form = new FormData();
      form.append('file', new Blob([zip.bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), zip.name);
      if (fields.title.trim()) form.append('title', fields.title.trim());
      if (fields.description.trim()) form.append('description', fields.description);
      if (fields.tags.trim()) form.append('tags', fields.tags);
      form.append('licence', fields.licence);
      form.append('visibility', fields.visibility);
      const created = await createDesign(form);
      if (!created) return;
      setSaved(created);
      toast(L('projectSaved'), 'success');
      if (isEmbedded()) postToHost('endModal', { page: 'addProject', id: created.id });
    } finally {
      setBusy(false);
    }
  };

  if (!mounted) return <p className="text-sm text-slate-500">{L('loading')}</p>;
  if (!token) {
    return (
      <div className="rounded-lg border border-slate-200 bg-white p-6 text-center" data-testid="add-project-login">
        <p className="text-sm text-slate-700">{L('loginPrompt')}</p>
        <Button type="button" className="mt-4" onClick={() => (isEmbedded() && postToHost('login')) || requestLogin()}>
          {L('loginButton')}
        </Button>
      </div>
    );
  }

  const names = files.slice(0, 6).map((f) => f.name).join(', ') + (files.length > 6 ? '…' : '');
  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-4 md:grid-cols-2" data-testid="add-project">
      <div className="grid content-start gap-2">
        <h2 className="text-sm font-medium">{L('projectFiles')}</h2>
        <HostDataStatus state={hostData} labels={labels} onAgain={hostData.again} />
        <label className="inline-flex w-fit cursor-pointer items-center rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:border-brand-500 focus-within:ring-2 focus-within:ring-ring/40">
          {L('projectPick')}
          <input type="file" multiple accept=".kicad_pro,.kicad_sch,.kicad_pcb,.zip" className="sr-only" aria-describedby="add-project-help" onChange={(e) => void pick(e.currentTarget.files)} data-testid="add-project-files" />
        </label>
        <p id="add-project-help" className="text-xs text-slate-500">
          {L('projectPickHelp')}
        </p>
        {files.length > 0 && (
          <p className="text-xs break-all text-slate-700" data-testid="add-project-chosen" data-count={files.length}>
            {L('projectChosen').replace('{n}', String(files.length)).replace('{names}', names)}
          </p>
        )}
        {problem && (
          <p role="alert" className="text-sm text-red-700" data-testid="add-project-problem">
            {problem}
          </p>
        )}
        {saved && (
          <p role="status" className="text-sm text-emerald-800" data-testid="add-project-saved" data-id={saved.id}>
            {L('projectSaved')} ·{' '}
            <a className="underline" href={viewerHref(locale, saved.id)}>
              {L('projectOpen')}
            </a>
          </p>
        )}
      </div>
      <div className="grid content-start gap-3">
        <DesignFields labels={designLabels} values={fields} onChange={setFields} idPrefix="add-project" />
        <Button type="submit" disabled={busy} data-testid="add-project-submit">
          {busy ? L('projectSaving') : L('projectSave')}
        </Button>
      </div>
    </form>
  );
}

export default reactIsland(AddProject);
