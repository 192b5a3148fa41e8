import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { BomUploadResult } from '../../lib/client/bom-api.ts';
import { fill, type BomLabels } from './labels.ts';

/** A workbook needs the question when more than one sheet holds rows. */
export function needsSheetChoice(upload: BomUploadResult): boolean {
  return upload.sheets.filter((s) => s.rows > 0).length > 1;
}

/** The sheets of an uploaded workbook as radio choices, the server's default chosen first. */
export function SheetPicker({ upload, labels, onPick }: { upload: BomUploadResult; labels: BomLabels; onPick: (sheet: string) => void }) {
  const [sheet, setSheet] = useState(upload.sheet);
  return (
    <form
      className="rounded-xl border border-slate-200 bg-white p-5"
      data-testid="bom-sheet-picker"
      onSubmit={(e) => {
        e.preventDefault();
        onPick(sheet);
      }}
    >
      <fieldset>
        <legend className="text-base font-semibold text-slate-900">{labels.sheetTitle}</legend>
        <p className="mt-1 text-sm text-slate-600">{labels.sheetBody}</p>
        <div className="mt-4 grid gap-2">
          {upload.sheets.map((s) => (
            <label key={s.name} className={`flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm ${sheet === s.name ? 'border-brand-500 bg-brand-50' : 'border-slate-200'} ${s.rows === 0 ? 'opacity-60' : ''}`}>
              <input type="radio" name="sheet" value={s.name} checked={sheet === s.name} disabled={s.rows === 0} onChange={() => setSheet(s.name)} />
              <span className="font-medium text-slate-900">{s.name}</span>
              <span className="text-slate-500">{fill(labels.sheetRows, { n: s.rows })}</span>
              {s.hidden && <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-500">{labels.sheetHidden}</span>}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" className="mt-4" data-testid="bom-sheet-continue">
        {labels.continue}
      </Button>
    </form>
  );
}
