import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { requestLogin } from '../../lib/client/login-request.ts';
import { $token } from '../../lib/client/store.ts';
import { toast } from '../../lib/client/toast.ts';
import { Code } from '../../lib/server/errors.ts';
import { reactIsland } from '../react-island.ts';
import { fill, oneBlock, persistUpload, saveBlock, type Block } from './block-api.ts';
import { BlockFields, type BlockFieldValues } from './block-fields.tsx';
import { BlockPreview } from './block-preview.tsx';

// /modifyFragment?id= (issue #16 item 6): the compact edit form the KiCad host opens as a 660×320
// modal: the preview on the left, name, description and keywords on the right, a new sheet if
// wanted (persisted, then saved with the block), save.

type Props = { labels: Record<string, string> };

function BlockModify({ labels }: Props) {
  const L = (k: string) => labels[`blocks.${k}`] ?? k;
  const token = useStore($token);
  const [mounted, setMounted] = useState(false);
  const [block, setBlock] = useState<Block | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [values, setValues] = useState<BlockFieldValues | null>(null);
  const [saving, setSaving] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => setMounted(true), []);

  useEffect(() => {
    if (!mounted || !token) return;
    const raw = new URLSearchParams(window.location.search).get('id') ?? '';
    const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(id) || id <= 0) return setProblem(L('missingId'));
    void oneBlock(id).then((r) => {
      if (r.code === Code.ok) {
        setBlock(r.result);
        setValues({ name: r.result.name, description: r.result.description, keywords: r.result.keywords, categoryId: r.result.categoryId });
      } else setProblem(r.code === Code.notFound ? L('notFound') : r.msg);
    });
  }, [mounted, token]);

  const save = async (fileId?: string) => {
    if (!block || !values) return;
    if (!values.name.trim()) return toast(L('nameRequired'), 'error');
    setSaving(true);
    try {
      const r = await saveBlock({ id: block.id, name: values.name, description: values.description, keywords: values.keywords, categoryId: values.categoryId, ...(fileId ? { fileId } : {}) });
      if (r) {
        setBlock(r);
        toast(L('saved'), 'success');
      }
    } finally {
      setSaving(false);
    }
  };
  const replace = async (file: File | undefined) => {
    if (!file) return;
    setSaving(true);
    try {
      const persisted = await persistUpload(file);
      if (persisted) await save(persisted.id);
    } finally {
      setSaving(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  if (!mounted) return <p className="p-3 text-sm text-slate-500">{L('loading')}</p>;
  if (!token) {
    return (
      <div className="p-4 text-center text-sm" data-testid="block-login">
        <p>{L('login')}</p>
        <Button type="button" size="sm" className="mt-3" onClick={requestLogin}>
          {L('loginButton')}
        </Button>
      </div>
    );
  }
  if (problem)
    return (
      <p className="p-4 text-sm text-red-700" role="alert" data-testid="block-modify-problem">
        {problem}
      </p>
    );
  if (!block || !values) return <p className="p-3 text-sm text-slate-500">{L('loading')}</p>;

  return (
    <div className="grid grid-cols-[200px_minmax(0,1fr)] gap-3" data-testid="block-modify">
      <div className="grid content-start gap-2">
        <BlockPreview url={block.previewUrl} alt={fill(L('previewAlt'), { name: block.name })} emptyText={L('noPreview')} className="h-44" />
        <p className="text-[11px] leading-tight text-slate-500">{block.info ? fill(L('info'), block.info) : ''}</p>
        <label className="cursor-pointer rounded text-xs text-brand-700 underline focus-within:ring-2 focus-within:ring-ring/60">
          {L('replaceSheet')}
          <input ref={fileInput} type="file" accept=".kicad_sch" className="sr-only" onChange={(e) => void replace(e.target.files?.[0])} data-testid="block-replace" />
        </label>
      </div>
      <div className="grid content-start gap-2">
        <BlockFields labels={labels} values={values} onChange={setValues} idPrefix="block-modify" compact />
        <div className="flex justify-end">
          <Button type="button" size="sm" disabled={saving} onClick={() => void save()} data-testid="block-modify-save">
            {saving ? L('saving') : L('save')}
          </Button>
        </div>
      </div>
    </div>
  );
}

export default reactIsland(BlockModify);
