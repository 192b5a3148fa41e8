import { AI_LABEL_KEYS, type AiLabels } from '../../islands/ai/labels.ts';
import { t, type Locale } from '../../lib/i18n/i18n.ts';

/** The assistant's texts in one language, for a page to hand to its island (server side only). */
export function aiLabels(locale: Locale): AiLabels {
  return Object.fromEntries(AI_LABEL_KEYS.map((k) => [k, t(locale, `ai.${k}`)])) as AiLabels;
}
