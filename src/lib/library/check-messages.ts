import { t, type Locale, type MessageKey } from '../i18n/i18n.ts';
import { zh } from '../i18n/zh.ts';
import type { Finding } from './library.ts';

// The plain sentence of each finding code, in the reader's language (issue #16 item 4). The
// templates are the 'check.finding.<code>' keys of src/lib/i18n/library/check.ts.

const KEY_PREFIX = 'check.finding.';

export function findingText(finding: Finding, locale: Locale): string {
  const key = `${KEY_PREFIX}${finding.code}`;
  const vars: Record<string, string | number> = { ...finding.vars };
  if (finding.code === 'model.notModel') {
    const kindKey = `check.kind.${String(vars.kind)}`;
    vars.kind = t(locale, (isKey(kindKey) ? kindKey : 'check.kind.unknown') as MessageKey);
  }
  if (!isKey(key)) return t(locale, 'check.finding.unknown' as MessageKey, { code: finding.code });
  return t(locale, key as MessageKey, vars);
}

/** Codes with a sentence (the check emits only these; tests hold it to that). */
export function hasFindingText(code: string): boolean {
  return isKey(`${KEY_PREFIX}${code}`);
}

function isKey(key: string): boolean {
  return Object.hasOwn(zh, key);
}
