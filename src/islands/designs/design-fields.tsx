import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { MAX_DESCRIPTION_LENGTH, MAX_TAGS, MAX_TITLE_LENGTH, type DesignLicence, type DesignVisibility } from '../../lib/designs/designs.ts';
import { fill, LICENCE_CHOICES, licenceText, type DesignsLabels } from './labels.ts';

// The fields a design's owner sets, shared by the upload dialog and the edit dialog.

export type DesignFieldValues = { title: string; description: string; tags: string; licence: DesignLicence; visibility: DesignVisibility };

export const EMPTY_FIELDS: DesignFieldValues = { title: '', description: '', tags: '', licence: 'none', visibility: 'private' };

const selectClass = 'h-9 w-full rounded-md border border-input bg-white px-2 text-sm';

export function DesignFields({ labels, values, onChange, idPrefix }: { labels: DesignsLabels; values: DesignFieldValues; onChange: (v: DesignFieldValues) => void; idPrefix: string }) {
  const set = <K extends keyof DesignFieldValues>(k: K, v: DesignFieldValues[K]) => onChange({ ...values, [k]: v });
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <div className="grid gap-3">
      <div className="grid gap-1">
        <Label htmlFor={id('title')}>{labels.fieldTitle}</Label>
        <Input id={id('title')} value={values.title} maxLength={MAX_TITLE_LENGTH} onChange={(e) => set('title', e.currentTarget.value)} data-testid="design-field-title" />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={id('description')}>{labels.fieldDescription}</Label>
        <textarea
          id={id('description')}
          className="min-h-20 w-full rounded-md border border-input px-3 py-2 text-sm"
          value={values.description}
          maxLength={MAX_DESCRIPTION_LENGTH}
          onChange={(e) => set('description', e.currentTarget.value)}
          data-testid="design-field-description"
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={id('tags')}>{labels.fieldTags}</Label>
        <Input id={id('tags')} value={values.tags} aria-describedby={id('tags-help')} onChange={(e) => set('tags', e.currentTarget.value)} data-testid="design-field-tags" />
        <p id={id('tags-help')} className="text-xs text-slate-600">{fill(labels.tagsHelp, { max: MAX_TAGS })}</p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-1">
          <Label htmlFor={id('licence')}>{labels.fieldLicence}</Label>
          <select id={id('licence')} className={selectClass} value={values.licence} onChange={(e) => set('licence', e.currentTarget.value as DesignLicence)} data-testid="design-field-licence">
            {LICENCE_CHOICES.map((l) => (
              <option key={l} value={l}>{licenceText(labels, l)}</option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={id('visibility')}>{labels.fieldVisibility}</Label>
          <select id={id('visibility')} className={selectClass} value={values.visibility} onChange={(e) => set('visibility', e.currentTarget.value as DesignVisibility)} data-testid="design-field-visibility">
            <option value="private">{labels.private}</option>
            <option value="public">{labels.public}</option>
          </select>
        </div>
      </div>
    </div>
  );
}
