import { t, type Locale } from '../../lib/i18n/i18n.ts';
import { zh } from '../../lib/i18n/zh.ts';
import type { BomLabelKey, BomLabels } from './labels.ts';

// Used by the pages only (server side): every `bom.*` text of the locale as one object.
export function bomLabels(locale: Locale): BomLabels {
  const keys = Object.keys(zh).filter((k) => k.startsWith('bom.')) as `bom.${BomLabelKey}`[];
  return Object.fromEntries(keys.map((k) => [k.slice(4), t(locale, k)])) as BomLabels;
}
