import type { BomLineStatus } from '../../lib/bom/bom.schema.ts';
import type { BomLineFields, BomLineView } from '../../lib/client/bom-api.ts';

// The grid's bookkeeping on the lines it holds, pure so it is tested on its own: counts per
// status (the filter chips), totals for the board count, and one line replaced after an edit.

export const STATUS_ORDER = ['exact', 'matched', 'doubtful', 'notFound', 'dnp', 'notAPart', 'pending'] as const satisfies readonly BomLineStatus[];
export type StatusFilter = BomLineStatus | 'all';

/** The fields a grid cell edits (the same names as the changeSet call's fields). */
export type EditableField = Extract<keyof BomLineFields, 'designators' | 'quantity' | 'mpn' | 'manufacturer' | 'description' | 'package' | 'value'>;

export function countByStatus(lines: readonly BomLineView[]): Record<BomLineStatus, number> {
  const counts: Record<BomLineStatus, number> = { pending: 0, exact: 0, matched: 0, doubtful: 0, notFound: 0, dnp: 0, notAPart: 0 };
  for (const line of lines) counts[line.status]++;
  return counts;
}

export function filterLines(lines: readonly BomLineView[], status: StatusFilter): BomLineView[] {
  return status === 'all' ? [...lines] : lines.filter((l) => l.status === status);
}

/** Parts to buy: the fitted lines' totals (a DNP line is bought for no board, nor is a non-part line). */
export function totalParts(lines: readonly BomLineView[]): number {
  let sum = 0;
  for (const line of lines) if (!line.dnp && line.status !== 'dnp' && line.status !== 'notAPart') sum += line.totalQuantity ?? 0;
  return sum;
}

/** Per-line totals for a new board count (quantity × boards, as the server computes them). */
export function withBoardCount(lines: readonly BomLineView[], boardCount: number): BomLineView[] {
  return lines.map((l) => ({ ...l, totalQuantity: l.quantity === null ? null : l.quantity * boardCount }));
}

export function replaceLine(lines: readonly BomLineView[], next: BomLineView): BomLineView[] {
  return lines.map((l) => (l.lineId === next.lineId ? next : l));
}

/** What a cell shows and its editor starts from: the user's text, else what was read from it. */
export function cellText(line: BomLineView, field: EditableField): string {
  if (field === 'designators') return line.source.designators ?? line.designators.join(',');
  if (field === 'quantity') return line.source.quantity ?? (line.quantity === null ? '' : String(line.quantity));
  return line.source[field] ?? '';
}

/** The line as it looks while an edit is being saved (the server's answer replaces it). */
export function withLocalEdit(line: BomLineView, field: EditableField, value: string): BomLineView {
  return { ...line, source: { ...line.source, [field]: value } };
}

/** A 40900 answer's result when it is the current line (the contract says it holds it). */
export function currentLineOf(result: unknown): BomLineView | null {
  if (typeof result !== 'object' || result === null) return null;
  const r = result as { lineId?: unknown; line?: unknown };
  if (typeof r.lineId === 'number') return result as BomLineView;
  if (typeof r.line === 'object' && r.line !== null && typeof (r.line as { lineId?: unknown }).lineId === 'number') return r.line as BomLineView;
  return null;
}
