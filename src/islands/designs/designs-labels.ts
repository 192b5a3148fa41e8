import { t, type Locale } from '../../lib/i18n/i18n.ts';
import { zh } from '../../lib/i18n/zh.ts';
import type { DesignsLabelKey, DesignsLabels } from './labels.ts';

// Used by the pages only (server side): every `designs.*` text of the locale as one object.
export function designsLabels(locale: Locale): DesignsLabels {
  const keys = Object.keys(zh).filter((k) => k.startsWith('designs.')) as `designs.${DesignsLabelKey}`[];
  return Object.fromEntries(keys.map((k) => [k.slice(8), t(locale, k)])) as DesignsLabels;
}
