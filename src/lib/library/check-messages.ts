import type { Locale } from '../i18n/i18n.ts';
import type { Finding } from './library.ts';

// The plain sentence of each finding code, in the reader's language (issue #16 item 4).

/** TEMP contract placeholder (helper H3 replaces it): the code and its values. */
export function findingText(finding: Finding, locale: Locale): string {
  void locale;
  return `${finding.code} ${JSON.stringify(finding.vars)}`;
}
