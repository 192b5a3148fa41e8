import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { isEmbedded, postToHost } from '../../lib/client/host-bridge.ts';
import { asFiles } from '../../lib/client/host-data.ts';
import { requestLogin } from '../../lib/client/login-request.ts';
import { $token } from '../../lib/client/store.ts';
import { toast } from '../../lib/client/toast.ts';
import { HostDataStatus, useHostData } from '../host/use-host-data.tsx';
import { reactIsland } from '../react-island.ts';
import { fill, persistUpload, renderSheet, saveBlock, type Block, type BlockInfo } from './block-api.ts';
import { BlockFields, type BlockFieldValues } from './block-fields.tsx';
import { SvgPreview } from './block-preview.tsx';

// /addFragment (issue #16 item 6): a new design block. The .kicad_sch is persisted first
// (file/operation/persistence/file), drawn by the server (u/fragment/render) so the user sees the
// preview and what the sheet holds before saving, then saved with its name, description and
// keywords (u/fragment/save with the fileId). The KiCad host may open the page with ?fileId= of a
// sheet it persisted itself: that sheet is drawn at once. Without it, a host is asked for its
// selection (`requestData('selection')`, a .kicad_sch text) which is taken as if uploaded; once
// saved, the block goes to the host's library (`addDesignBlock`) and its dialog closes (`endModal`).

type Props = { locale: 'zh' | 'en'; labels: Record<string, string> };
type Draft = { fileId: string; fileName: string; svg: string | null; info: BlockInfo };

const baseName = (fileName: string) => fileName.replace(/\.kicad_sch$/i, '').slice(0, 50);

function BlockEditor({ locale, labels }: Props) {
  const L = (k: string) => labels[`blocks.${k}`] ?? k;
  const token = useStore($token);
  const [mounted, setMounted] = useState(false);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [rendering, setRendering] = useState(false);
  const [values, setValues] = useState<BlockFieldValues>({ name: '', description: '', keywords: '', categoryId: null });
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<Block | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => setMounted(true), []);

  const draw = async (fileId: string, fileName: string) => {
    setRendering(true);
    try {
      const r = await renderSheet(fileId);
      if (!r) return;
      setDraft({ fileId, fileName, ...r });
      setValues((v) => (v.name ? v : { ...v, name: baseName(fileName) }));
    } finally {
      setRendering(false);
    }
  };

  const hostFileId = mounted ? new URLSearchParams(window.location.search).get('fileId') : null;
  const hostData = useHostData('selection', mounted && token !== '' && !hostFileId, (files) => {
    const sheet = asFiles(files).find((f) => /\.kicad_sch$/i.test(f.name)) ?? asFiles(files)[0];
    void pick(sheet);
  });

  // A sheet the host persisted: ?fileId=…
  useEffect(() => {
    if (!mounted || !token) return;
    const fileId = new URLSearchParams(window.location.search).get('fileId');
    if (fileId && /^[0-9a-f-]{36}$/i.test(fileId)) void draw(fileId, 'block.kicad_sch');
  }, [mounted, token]);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setSaved(null);
    setRendering(true);
    try {
      const persisted = await persistUpload(file);
      if (persisted) await draw(persisted.id, persisted.fileName);
    } finally {
      setRendering(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const save = async () => {
    if (!draft) return toast(L('sheetRequired'), 'error');
    if (!values.name.trim()) return toast(L('nameRequired'), 'error');
    setSaving(true);
    try {
      const r = await saveBlock({ name: values.name, description: values.description, keywords: values.keywords, categoryId: values.categoryId, fileId: draft.fileId });
      if (r) {
        toast(L('saved'), 'success');
        setSaved(r);
        if (isEmbedded()) {
          postToHost('addDesignBlock', { id: r.id });
          postToHost('endModal', { page: 'addFragment', id: r.id });
        }
      }
    } finally {
      setSaving(false);
    }
  };

  const listHref = `${locale === 'en' ? '/en' : ''}/singleInfo?type=5`;
  if (!mounted) return <p className="text-sm text-slate-500">{L('loading')}</p>;
  if (!token) {
    return (
      <div className="rounded-lg border border-slate-200 bg-white p-6 text-center" data-testid="block-login">
        <p className="text-sm text-slate-700">{L('login')}</p>
        <Button type="button" className="mt-4" onClick={requestLogin}>
          {L('loginButton')}
        </Button>
      </div>
    );
  }

  return (
    <div className="grid gap-5 md:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]" data-testid="block-editor">
      <div className="grid content-start gap-3">
        <div className="grid gap-1">
          <label htmlFor="block-sheet" className="text-sm font-medium">
            {L('sheet')}
          </label>
          <input
            ref={fileInput}
            id="block-sheet"
            type="file"
            accept=".kicad_sch"
            aria-describedby="block-sheet-help"
            onChange={(e) => void pick(e.target.files?.[0])}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm hover:file:bg-slate-50"
            data-testid="block-sheet-input"
          />
          <p id="block-sheet-help" className="text-xs text-slate-500">
            {L('sheetHelp')}
          </p>
        </div>
        <HostDataStatus state={hostData} labels={labels} onAgain={hostData.again} />
        <div aria-live="polite">
          {rendering && <p className="text-sm text-slate-600">{L('rendering')}</p>}
          {draft && (
            <>
              <SvgPreview svg={draft.svg} alt={fill(L('previewAlt'), { name: values.name || draft.fileName })} emptyText={L('noPreview')} className="h-80" />
              <p className="mt-1 text-xs text-slate-600" data-testid="block-draft-info">
                {[fill(L('info'), draft.info), draft.info.kicad ? fill(L('kicad'), { kicad: draft.info.kicad }) : ''].filter(Boolean).join(' · ')}
              </p>
            </>
          )}
        </div>
      </div>
      <div className="grid content-start gap-4">
        <BlockFields labels={labels} values={values} onChange={setValues} idPrefix="block-add" />
        <Button type="button" disabled={saving || rendering || !draft} onClick={() => void save()} data-testid="block-save">
          {saving ? L('saving') : L('save')}
        </Button>
        {saved && (
          <p className="text-sm text-emerald-800" role="status" data-testid="block-saved">
            {L('saved')} ·{' '}
            <a className="underline" href={listHref}>
              {L('back')}
            </a>
          </p>
        )}
      </div>
    </div>
  );
}

export default reactIsland(BlockEditor);
