import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { CategoryPicker } from './category-tree.tsx';

// The fields a user gives a design block: name, description, keywords. The category picker comes
// from the own-categories island (category-tree.tsx, scope 'block').

export type BlockFieldValues = { name: string; description: string; keywords: string; categoryId: number | null };

export function BlockFields({ labels, values, onChange, idPrefix, compact = false }: { labels: Record<string, string>; values: BlockFieldValues; onChange: (v: BlockFieldValues) => void; idPrefix: string; compact?: boolean }) {
  const id = (k: string) => `${idPrefix}-${k}`;
  return (
    <div className={compact ? 'grid gap-2' : 'grid gap-3'}>
      <div className="grid gap-1">
        <Label htmlFor={id('name')}>{labels['blocks.name']}</Label>
        <Input id={id('name')} value={values.name} maxLength={50} required onChange={(e) => onChange({ ...values, name: e.target.value })} data-testid="block-name" />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={id('description')}>{labels['blocks.description']}</Label>
        <textarea
          id={id('description')}
          value={values.description}
          maxLength={2000}
          rows={compact ? 2 : 3}
          onChange={(e) => onChange({ ...values, description: e.target.value })}
          className="w-full rounded-md border border-input bg-transparent px-3 py-1.5 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40"
          data-testid="block-description"
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={id('category')}>{labels['categories.picker.label'] ?? labels['blocks.category']}</Label>
        <CategoryPicker id={id('category')} scope="block" locale="zh" labels={labels} value={values.categoryId} onChange={(categoryId) => onChange({ ...values, categoryId })} />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={id('keywords')}>{labels['blocks.keywords']}</Label>
        <Input
          id={id('keywords')}
          value={values.keywords}
          maxLength={200}
          aria-describedby={compact ? undefined : id('keywords-help')}
          onChange={(e) => onChange({ ...values, keywords: e.target.value })}
          data-testid="block-keywords"
        />
        {!compact && (
          <p id={id('keywords-help')} className="text-xs text-slate-500">
            {labels['blocks.keywordsHelp']}
          </p>
        )}
      </div>
    </div>
  );
}
