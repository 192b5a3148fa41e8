import type { Quality } from './library.ts';

// Own components (issue #16 item 3): pure rules shared by the server and the editor.

export const COMPONENT_STATUSES = ['draft', 'ready'] as const;
export type ComponentStatus = (typeof COMPONENT_STATUSES)[number];
export const QUALITIES = ['ok', 'warnings', 'errors', 'unchecked'] as const satisfies readonly Quality[];

export const MPN_MAX_CHARS = 100;
export const BRAND_MAX_CHARS = 100;
export const URL_MAX_CHARS = 1000;

/**
 * Plain text: no control characters (tab and newlines allowed in long text only) and nothing that
 * reads as markup (`<b>`, `</div>`, `<!--`, `<?xml`). A lone '<' as in '<5 mA' stays allowed.
 */
export function isPlainText(value: string, multiline = false): boolean {
  for (const ch of value) {
    const c = ch.charCodeAt(0);
    const allowed = multiline && (c === 9 || c === 10 || c === 13);
    if ((c < 0x20 || c === 0x7f) && !allowed) return false;
  }
  return !/<\s*[/!?A-Za-z]/.test(value) && !/&(?:#\d+|#x[0-9a-f]+|[a-z]+);/i.test(value);
}

/** Trimmed plain text of at most `max` characters (NFC), or null. */
export function cleanText(value: string, max: number, opts: { multiline?: boolean; allowEmpty?: boolean } = {}): string | null {
  const v = value.normalize('NFC').trim();
  if (v === '' && !opts.allowEmpty) return null;
  if ([...v].length > max) return null;
  return isPlainText(v, opts.multiline) ? v : null;
}

/** http(s) links only. */
export function isWebLink(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && value.length <= URL_MAX_CHARS;
  } catch {
    return false;
  }
}

/** File-system and zip safe base name of a part number. */
export const safeFileBase = (s: string) => s.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '') || 'component';
