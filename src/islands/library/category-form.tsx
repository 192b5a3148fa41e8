import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { $token } from '../../lib/client/store.ts';
import { toast } from '../../lib/client/toast.ts';
import type { CategoryScope } from '../../lib/library/categories.ts';
import { LIBRARY_LIMITS } from '../../lib/library/library.ts';
import { reactIsland } from '../react-island.ts';
import { categoriesChanged, saveCategory } from './category-api.ts';
import { CategoryItems } from './category-items.tsx';
import { CategoryPicker, CategoryTree, lbl, useCategoryTree, type CategoryLabels } from './category-tree.tsx';

// /addComponentType (scope 'part') and /addDesignBlockType (scope 'block'), SPEC §2: the "new
// category" form the KiCad host opens as a 900×400 dialog (header hidden), and a small category
// manager in a browser: the tree on the left (select, rename, share, delete), the form (parent
// picker, name) on the right, and for component categories what the selected one holds.

type Props = { scope: CategoryScope; locale: 'zh' | 'en'; labels: CategoryLabels; initialParentId: number | null };

function CategoryForm({ scope, locale, labels, initialParentId }: Props) {
  const token = useStore($token);
  const { tree } = useCategoryTree(scope);
  const [selectedId, setSelectedId] = useState<number | null>(initialParentId);
  const [parentId, setParentId] = useState<number | null>(initialParentId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const all = (() => {
    const out = new Map<number, { id: number; name: string; level: number }>();
    const walk = (list: NonNullable<typeof tree>['list']) => {
      for (const n of list) {
        out.set(n.id, n);
        walk(n.children);
      }
    };
    if (tree) walk(tree.list);
    return out;
  })();
  const selected = selectedId !== null ? (all.get(selectedId) ?? null) : null;

  // Selecting a category makes it the parent of the next one (when it can take a child).
  useEffect(() => {
    if (selected && selected.level < LIBRARY_LIMITS.categoryDepth) setParentId(selected.id);
  }, [selected]);

  const submit = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const r = await saveCategory({ name, scope, parentId });
      if (r.code !== 200000) {
        setError(r.msg);
        return;
      }
      toast(lbl(labels, 'form.created', { name: r.result.name }), 'success');
      setName('');
      setError(null);
      setSelectedId(r.result.id);
      categoriesChanged();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-4 md:grid-cols-[minmax(220px,280px)_1fr]" data-testid="category-form-page" data-scope={scope}>
      <CategoryTree scope={scope} locale={locale} labels={labels} selectedId={selectedId} onSelect={setSelectedId} className="rounded-lg border border-slate-200 bg-white p-3" />
      <div className="flex min-w-0 flex-col gap-6">
        {token && (
          <form
            className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4"
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
            data-testid="category-form"
          >
            <p className="text-sm text-slate-600">{lbl(labels, 'form.intro')}</p>
            <div className="grid gap-1.5">
              <Label htmlFor="category-form-parent">{lbl(labels, 'form.parent')}</Label>
              <CategoryPicker id="category-form-parent" scope={scope} locale={locale} labels={labels} value={parentId} onChange={setParentId} parentsOnly noneLabel={lbl(labels, 'picker.top')} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="category-form-name">{lbl(labels, 'form.name')}</Label>
              <Input
                id="category-form-name"
                value={name}
                autoComplete="off"
                maxLength={LIBRARY_LIMITS.nameMaxChars * 2}
                aria-invalid={error !== null}
                aria-describedby={error ? 'category-form-error' : 'category-form-hint'}
                onChange={(e) => {
                  setName(e.target.value);
                  setError(null);
                }}
                data-testid="category-form-name"
              />
              <p id="category-form-hint" className="text-xs text-slate-500">
                {lbl(labels, 'dialog.nameHint')}
              </p>
              {error && (
                <p id="category-form-error" role="alert" className="text-sm text-red-700" data-testid="category-form-error">
                  {error}
                </p>
              )}
            </div>
            <div>
              <Button type="submit" disabled={busy || name.trim() === ''} data-testid="category-form-submit">
                {lbl(labels, 'form.submit')}
              </Button>
            </div>
          </form>
        )}
        {token && scope === 'part' && selected && <CategoryItems category={selected} locale={locale} labels={labels} />}
        {token && scope === 'part' && !selected && <p className="text-sm text-slate-500">{lbl(labels, 'items.pick')}</p>}
      </div>
    </div>
  );
}

export default reactIsland(CategoryForm);
