import type { Locale } from '../../i18n/i18n.ts';
import { en } from './en.ts';
import { zh, type ServerMessageKey } from './zh.ts';

// The one way a server turns a message key into text in the caller's language.

const tables = { zh, en } as const;

/** `{name}` placeholders filled from vars; a missing one becomes ''. */
export function fillMessage(text: string, vars: Readonly<Record<string, string | number>> = {}): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));
}

export function serverMessage(key: ServerMessageKey, locale: Locale, vars: Readonly<Record<string, string | number>> = {}): string {
  return fillMessage(tables[locale][key], vars);
}

/** Both languages of one message, for places that pick later (zod issues, declared body limits). */
export function bothMessages(key: ServerMessageKey): { zh: string; en: string } {
  return { zh: zh[key], en: en[key] };
}

export type { ServerMessageKey };

let enByZh: Map<string, string> | undefined;

/**
 * The English of a Chinese message text from the table (a zod rule that carries only `.zh`), or
 * undefined when the text is not one of ours.
 */
export function englishOf(zhText: string): string | undefined {
  if (!enByZh) {
    enByZh = new Map();
    for (const [key, text] of Object.entries(zh)) if (!enByZh.has(text)) enByZh.set(text, en[key as ServerMessageKey]);
  }
  return enByZh.get(zhText);
}
