// The retrieval assistant's Markdown (issue #15 item 3), in Chinese and English: tables of
// catalogue parts with the parameters that matched, comparisons, replacements, datasheet passages
// with their pages, the open design's BOM. Every value comes from a tool result; this module only
// lays it out. Cells are escaped so text from the catalogue or a PDF cannot break a table or
// inject links. Pure.

import type { Locale } from '../server/api-locale.ts';
import { serverMessage, type ServerMessageKey } from '../server/messages/server-message.ts';
import type { AiCitation, AiPart } from './ai.ts';
import type { AiDesignContext } from './ai-tools.ts';

export type RetrievalReason = 'no-model' | 'budget' | 'provider-error';

type AiKey = ServerMessageKey & `ai.${string}`;
export const say = (key: AiKey, locale: Locale, vars: Readonly<Record<string, string | number>> = {}): string => serverMessage(key, locale, vars);

/** The plain statement of why no model answered, as the answer's first line. */
export function noticeLine(reason: RetrievalReason, locale: Locale): string {
  return `> ${say(`ai.notice.${reason}`, locale)}\n\n`;
}

/** A table cell: one line, Markdown's active characters escaped, bounded. */
export function cell(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const cut = flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
  return cut.replace(/[\\|*_`[\]<>~]/g, (c) => `\\${c}`) || ' ';
}

/** Inline text from the catalogue or a PDF: escaped like a cell, but kept longer. */
export function inline(text: string, max = 600): string {
  return cell(text, max);
}

export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(headers.map((h) => cell(h))), line(headers.map(() => '---')), ...rows.map(line)].join('\n') + '\n';
}

/** A part number linked to its product page (the link target is our own relative URL). */
export function partLink(part: AiPart): string {
  return `[${cell(part.mpn, 80)}](${part.url.replace(/[()\s]/g, encodeURIComponent)})`;
}

/** The header of a parts table (streamed first when a caller wants an early first chunk). */
export function partsTableHeader(locale: Locale): string {
  const headers = ['#', say('ai.col.mpn', locale), say('ai.col.brand', locale), say('ai.col.package', locale), say('ai.col.params', locale)];
  return `| ${headers.map((h) => cell(h)).join(' | ')} |\n| ${headers.map(() => '---').join(' | ')} |\n`;
}

/** One row of a parts table: matched parameters first (bold), then a few more. */
export function partsTableRow(part: AiPart, rank: number, shownParams = 4): string {
  const matched = part.params.filter((p) => part.matched.includes(p.key));
  const rest = part.params.filter((p) => !part.matched.includes(p.key)).slice(0, Math.max(0, shownParams - matched.length));
  const params = [...matched.map((p) => `**${cell(p.name, 40)}** ${cell(p.value, 40)}`), ...rest.map((p) => `${cell(p.name, 40)} ${cell(p.value, 40)}`)].join('; ');
  return `| ${rank} | ${partLink(part)} | ${cell(part.brandName, 40)} | ${cell(part.package ?? '—', 40)} | ${params || '—'} |\n`;
}

export function partsTable(parts: readonly AiPart[], locale: Locale): string {
  return partsTableHeader(locale) + parts.map((p, i) => partsTableRow(p, i + 1)).join('');
}

export type CompareView = {
  parts: AiPart[];
  rows: Array<{ name: string; values: string[] }>;
};

export function comparisonTable(view: CompareView, locale: Locale): string {
  return table(
    [say('ai.col.param', locale), ...view.parts.map((p) => p.mpn)],
    [
      [say('ai.col.brand', locale), ...view.parts.map((p) => cell(p.brandName))],
      [say('ai.col.category', locale), ...view.parts.map((p) => cell(p.cateName))],
      ...view.rows.map((r) => [cell(r.name, 60), ...r.values.map((v) => cell(v, 60))]),
    ],
  );
}

export type ReplacementRow = { part: AiPart; grade: string; reason: string };

export function replacementsTable(rows: readonly ReplacementRow[], locale: Locale): string {
  return table(
    ['#', say('ai.col.mpn', locale), say('ai.col.brand', locale), say('ai.col.package', locale), say('ai.col.grade', locale), say('ai.col.reason', locale)],
    rows.map((r, i) => [String(i + 1), partLink(r.part), cell(r.part.brandName, 40), cell(r.part.package ?? '—', 40), cell(r.grade, 30), cell(r.reason, 320)]),
  );
}

/** Datasheet passages, each quoted with 'datasheet, page N' linking to the page. */
export function citationList(citations: readonly AiCitation[], locale: Locale): string {
  return (
    citations
      .map((c) => {
        const where = say('ai.datasheet.cite', locale, {
          title: cell(c.title, 120),
          page: c.page,
        });
        return `- ${inline(c.text, 400)} [${where}](${c.url.replace(/[()\s]/g, encodeURIComponent)})`;
      })
      .join('\n') + '\n'
  );
}

export type BomLineRow = { part: AiPart; confidence: number; reason: string };

export function bomLineTable(rows: readonly BomLineRow[], locale: Locale): string {
  return table(
    ['#', say('ai.col.mpn', locale), say('ai.col.brand', locale), say('ai.col.package', locale), say('ai.col.confidence', locale), say('ai.col.reason', locale)],
    rows.map((r, i) => [String(i + 1), partLink(r.part), cell(r.part.brandName, 40), cell(r.part.package ?? '—', 40), `${Math.round(r.confidence * 100)}%`, cell(r.reason, 200)]),
  );
}

export function designLinesTable(lines: AiDesignContext['bom'], locale: Locale, max = 20): string {
  return table(
    [say('ai.design.col.refs', locale), say('ai.design.col.value', locale), say('ai.col.mpn', locale), say('ai.design.col.footprint', locale), say('ai.design.col.qty', locale)],
    lines.slice(0, max).map((l) => [cell(l.refs.join(', '), 80), cell(l.value, 40), cell(l.mpn ?? '—', 40), cell(l.footprint, 60), String(l.quantity)]),
  );
}

/** 'A、B 和 C' / 'A, B and C'. */
export function listText(items: readonly string[], locale: Locale): string {
  if (items.length <= 1) return items.join('');
  const last = items[items.length - 1]!;
  return locale === 'en' ? `${items.slice(0, -1).join(', ')} and ${last}` : `${items.slice(0, -1).join('、')} 和 ${last}`;
}
