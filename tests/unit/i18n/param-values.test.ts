import { describe, expect, it } from 'vitest';
import { formatParamValue } from '../../../src/lib/catalog/filters.ts';
import { localizeParamText, PARAM_VALUE_ZH } from '../../../src/lib/i18n/param-values.ts';

// Issue #32: on zh pages the catalogue's English text values read in Chinese ("输出类型 固定").
describe('catalogue text values in the reader language', () => {
  it('translates whole values the table knows, case and spacing aside', () => {
    expect(localizeParamText('Fixed', 'zh')).toBe('固定');
    expect(localizeParamText('N-Channel', 'zh')).toBe('N沟道');
    expect(localizeParamText('surface  mount', 'zh')).toBe('贴片');
    expect(localizeParamText('Fixed', 'en')).toBe('Fixed');
  });

  it('translates list items one by one and keeps the separators', () => {
    expect(localizeParamText('Red;Green', 'zh')).toBe('红色;绿色');
    expect(localizeParamText('Built-in/External', 'zh')).toBe('内置/外置');
    expect(localizeParamText('SPI;Yes', 'zh')).toBe('SPI;是');
  });

  it('leaves terms, abbreviations and part-like text alone', () => {
    for (const kept of ['SPI', 'X7R', 'NO', 'SOT-23-5', 'ARM Cortex-M4', 'LM358', '']) expect(localizeParamText(kept, 'zh')).toBe(kept);
  });

  it('formatParamValue applies it to text values only', () => {
    expect(formatParamValue(null, 'Adjustable', null, 'zh')).toBe('可调');
    expect(formatParamValue(null, 'Adjustable', null)).toBe('Adjustable');
    expect(formatParamValue(4700, null, 'Ω', 'zh')).toBe(formatParamValue(4700, null, 'Ω'));
  });

  it('every table entry is keyed by its folded form and has a Chinese or term value', () => {
    for (const [k, v] of Object.entries(PARAM_VALUE_ZH)) {
      expect(k).toBe(k.toLowerCase().replace(/\s+/g, ' ').trim());
      expect(v.length).toBeGreaterThan(0);
    }
  });
});
