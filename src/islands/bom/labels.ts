import type { MessageKey } from '../../lib/i18n/zh.ts';

// The BOM pages' texts: the dictionaries hold them as `bom.<key>`; each page passes them to its
// island as one object (bomLabels() in bom-labels.ts, used by the pages only), so the client
// bundles carry no dictionary.
export type BomLabelKey = MessageKey extends infer K ? (K extends `bom.${infer Rest}` ? Rest : never) : never;
export type BomLabels = Record<BomLabelKey, string>;

/** Fills `{name}` placeholders of a label. */
export function fill(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`));
}
