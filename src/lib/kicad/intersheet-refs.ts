// Intersheet references of global labels (`${INTERSHEET_REFS}`): the pages of
// the design where each global label name appears, written as KiCad writes
// them beside a label ("[1,3]", abbreviated "[1..4]").
//
// KiCad's behaviour (eeschema, KiCad 6–9; the "Formatting" page of Schematic
// Setup, saved in `.kicad_pro` schematic.drawing.intersheets_ref_*):
// - pages are the sheet instances' page numbers, in page order, each once;
// - the label's own page is left out unless `intersheets_ref_own_page`;
// - `intersheets_ref_short` abbreviates a list of more than two pages to
//   "first..last";
// - the list is wrapped in `intersheets_ref_prefix`/`_suffix` ("[" and "]"
//   when the project does not say);
// - a name with no page at all shows "?";
// - the field is shown only when `intersheets_ref_show` (KiCad sets every
//   intersheet field's visibility from it); without project settings the
//   field's own visibility in the file is kept.

import { naturalCompare } from './natural-compare.ts';
import type { SchematicHierarchy, SheetNode } from './schematic-hierarchy.ts';

export interface IntersheetRefsSettings {
  /** Show the fields (undefined: keep each field's visibility from the file). */
  show?: boolean;
  /** List the label's own page too. */
  ownPage: boolean;
  /** Abbreviate more than two pages to "first..last". */
  short: boolean;
  prefix: string;
  suffix: string;
}

export const DEFAULT_INTERSHEET_REFS: IntersheetRefsSettings = { ownPage: true, short: false, prefix: '[', suffix: ']' };

/** The intersheet settings of a parsed `.kicad_pro` JSON (fields type-checked one by one). */
export function intersheetSettingsFromProject(json: unknown): IntersheetRefsSettings {
  const s: IntersheetRefsSettings = { ...DEFAULT_INTERSHEET_REFS };
  const d = (json as { schematic?: { drawing?: Record<string, unknown> } } | null)?.schematic?.drawing;
  if (!d || typeof d !== 'object') return s;
  const bool = (k: string): boolean | undefined => (typeof d[k] === 'boolean' ? (d[k] as boolean) : undefined);
  const str = (k: string): string | undefined => (typeof d[k] === 'string' ? (d[k] as string) : undefined);
  const show = bool('intersheets_ref_show');
  if (show !== undefined) s.show = show;
  s.ownPage = bool('intersheets_ref_own_page') ?? s.ownPage;
  s.short = bool('intersheets_ref_short') ?? s.short;
  s.prefix = str('intersheets_ref_prefix') ?? s.prefix;
  s.suffix = str('intersheets_ref_suffix') ?? s.suffix;
  return s;
}

/** A sheet instance's page number as shown: its own, else its place in the hierarchy (1-based). */
export function pageOf(h: SchematicHierarchy, sheet: SheetNode): string {
  return sheet.page !== undefined && sheet.page !== '' ? sheet.page : String(h.sheets.indexOf(sheet) + 1);
}

/**
 * Global label name (as written in the file) → the pages it appears on, in
 * page order (page numbers compared naturally, then hierarchy order), each once.
 */
export function intersheetPages(h: SchematicHierarchy): Map<string, string[]> {
  const order = h.sheets.map((sheet, i) => ({ sheet, i, page: sheet.page !== undefined && sheet.page !== '' ? sheet.page : String(i + 1) }));
  order.sort((a, b) => naturalCompare(a.page, b.page) || a.i - b.i);
  const out = new Map<string, string[]>();
  for (const { sheet, page } of order) {
    for (const l of sheet.schematic?.labels ?? []) {
      if (l.kind !== 'global') continue;
      let pages = out.get(l.text);
      if (!pages) out.set(l.text, (pages = []));
      if (!pages.includes(page)) pages.push(page);
    }
  }
  return out;
}

/** The text of a label's intersheet reference field on page `ownPage`. */
export function formatIntersheetRefs(pages: readonly string[] | undefined, ownPage: string | undefined, s: IntersheetRefsSettings = DEFAULT_INTERSHEET_REFS): string {
  if (!pages) return `${s.prefix}?${s.suffix}`;
  const list = s.ownPage || ownPage === undefined ? pages : pages.filter((p) => p !== ownPage);
  const body = s.short && list.length > 2 ? `${list[0]}..${list[list.length - 1]}` : list.join(',');
  return `${s.prefix}${body}${s.suffix}`;
}
