import type { Locale } from './i18n.ts';

// Intl formatters are slow to construct (a date-time one with styles and a time zone about half a
// millisecond) and pages made one per render; the load test (issue #18) showed it on the detail
// page. They are immutable, so one per locale and options serves every render.

const BCP47: Readonly<Record<Locale, string>> = { zh: 'zh-CN', en: 'en-US' };
const numberFormats = new Map<string, Intl.NumberFormat>();

/** Grouped numbers in the page's language ('12,345'); `maximumFractionDigits` as Intl takes it. */
export function numberFormat(locale: Locale, maximumFractionDigits?: number): Intl.NumberFormat {
  const id = `${locale}|${maximumFractionDigits ?? ''}`;
  let f = numberFormats.get(id);
  if (!f) {
    f = new Intl.NumberFormat(BCP47[locale], maximumFractionDigits === undefined ? {} : { maximumFractionDigits });
    numberFormats.set(id, f);
  }
  return f;
}

const dateTimeFormats: Partial<Record<Locale, Intl.DateTimeFormat>> = {};

/** A UTC date and time, medium date and short time ('24 Nov 2026, 23:04' / '2026年11月24日 23:04'). */
export function utcDateTimeFormat(locale: Locale): Intl.DateTimeFormat {
  return (dateTimeFormats[locale] ??= new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'zh-CN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }));
}
