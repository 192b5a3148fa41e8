import { describe, expect, it } from 'vitest';
import { numberFormat, utcDateTimeFormat } from '../../src/lib/i18n/formats.ts';

describe('shared Intl formatters', () => {
  it('format as the per-render formatters did, and are made once per locale and options', () => {
    expect(numberFormat('zh').format(1234567)).toBe(new Intl.NumberFormat('zh-CN').format(1234567));
    expect(numberFormat('en').format(1234567.891)).toBe('1,234,567.891');
    expect(numberFormat('en', 1).format(12.345)).toBe('12.3');
    expect(numberFormat('en')).toBe(numberFormat('en'));
    expect(numberFormat('en', 1)).not.toBe(numberFormat('en'));
    const at = new Date(Date.UTC(2026, 10, 24, 23, 4));
    expect(utcDateTimeFormat('en').format(at)).toBe(new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(at));
    expect(utcDateTimeFormat('zh').format(at)).toBe(new Intl.DateTimeFormat('zh-CN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(at));
    expect(utcDateTimeFormat('zh')).toBe(utcDateTimeFormat('zh'));
  });
});
