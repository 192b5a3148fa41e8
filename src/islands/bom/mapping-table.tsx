import type { BomColumn } from '../../lib/bom/bom.schema.ts';
import { fill, type BomLabels } from './labels.ts';

type BomField = BomColumn['field'];

/** The fields a column can hold, in the order the select offers them. */
export const FIELD_CHOICES = ['mpn', 'manufacturer', 'description', 'package', 'value', 'quantity', 'designators', 'supplierPn', 'notes', 'ignore'] as const satisfies readonly BomField[];
// Every field of the contract is offered (a compile error here means the contract grew a field).
type Missing = Exclude<BomField, (typeof FIELD_CHOICES)[number]>;
const allOffered: Missing extends never ? true : false = true;
void allOffered;

/** Fields that let a line be matched: without one of them the mapping cannot be confirmed. */
export const IDENTIFYING_FIELDS: readonly BomField[] = ['mpn', 'value', 'description', 'supplierPn'];

const FIELD_TONE: Partial<Record<BomField, string>> = {
  mpn: 'bg-brand-50',
  value: 'bg-emerald-50',
  description: 'bg-amber-50',
  supplierPn: 'bg-violet-50',
};

/** Shows the first rows of the sheet under one field select per column. */
export function MappingTable({
  preview,
  headerRow,
  fields,
  labels,
  onField,
}: {
  preview: readonly (readonly string[])[];
  headerRow: number | null;
  fields: readonly BomField[];
  labels: BomLabels;
  onField: (index: number, field: BomField) => void;
}) {
  const header = (i: number) => (headerRow === null ? '' : (preview[headerRow]?.[i] ?? ''));
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white" data-testid="bom-mapping-table">
      <table className="min-w-full border-collapse text-sm">
        <caption className="sr-only">{fill(labels.previewCaption, { n: preview.length })}</caption>
        <thead>
          <tr className="bg-slate-50">
            <th scope="col" className="sticky left-0 w-12 bg-slate-50 px-2 py-2 text-left text-xs font-medium text-slate-500">
              {labels['col.row']}
            </th>
            {fields.map((field, i) => (
              <th key={i} scope="col" className={`min-w-36 px-2 py-2 text-left align-bottom ${FIELD_TONE[field] ?? ''}`}>
                <span className="block truncate text-xs font-normal text-slate-500">{header(i) || fill(labels.columnN, { n: i + 1 })}</span>
                <select
                  value={field}
                  onChange={(e) => onField(i, e.target.value as BomField)}
                  aria-label={fill(labels.fieldFor, { n: i + 1, header: header(i) })}
                  data-testid={`bom-field-${i}`}
                  className={`mt-1 h-8 w-full rounded-md border border-slate-300 bg-white px-2 text-sm ${field === 'ignore' ? 'text-slate-500' : 'font-medium text-slate-900'}`}
                >
                  {FIELD_CHOICES.map((f) => (
                    <option key={f} value={f}>
                      {labels[`field.${f}`]}
                    </option>
                  ))}
                </select>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.map((row, r) => (
            <tr
              key={r}
              data-testid={`bom-preview-row-${r}`}
              data-header={r === headerRow || undefined}
              className={r === headerRow ? 'bg-brand-50 font-semibold text-slate-900' : headerRow !== null && r < headerRow ? 'text-slate-500 line-through decoration-slate-300' : 'text-slate-700'}
            >
              <th scope="row" className="sticky left-0 bg-inherit px-2 py-1.5 text-left text-xs font-normal text-slate-500">
                {r + 1}
              </th>
              {fields.map((_, i) => (
                <td key={i} className="max-w-64 truncate border-t border-slate-100 px-2 py-1.5" title={row[i] ?? ''}>
                  {row[i] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
