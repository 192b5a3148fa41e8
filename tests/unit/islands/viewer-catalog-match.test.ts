import { describe, expect, it } from 'vitest';
import { isExact, keywordOf } from '../../../src/islands/viewer/catalog-match.ts';
import type { BomLineSummary } from '../../../src/lib/kicad-viewer/protocol.ts';

// Which BOM lines the viewer looks up in the catalogue, and when an answer counts as the part.

const line = (value: string, mpn?: string): BomLineSummary => ({ value, footprint: 'Package_SO:SOIC-8', refs: ['U1'], quantity: 1, dnp: false, ...(mpn ? { mpn } : {}) });

describe('catalogue matching of BOM lines', () => {
  it('searches by MPN, else by a value that is a part number; never by a bare passive value', () => {
    expect(keywordOf(line('10k', 'RC0603FR-0710KL'))).toBe('RC0603FR-0710KL');
    expect(keywordOf(line('STM32F103C8T6'))).toBe('STM32F103C8T6');
    expect(keywordOf(line('LM358'))).toBe('LM358');
    expect(keywordOf(line('10k'))).toBeNull();
    expect(keywordOf(line('100nF'))).toBeNull();
    expect(keywordOf(line('4.7uF'))).toBeNull();
    expect(keywordOf(line('DNP'))).toBeNull();
  });

  it('links only an exact part number (case, spaces and dashes aside)', () => {
    const hit = { mfgMpnCode: 'x', mpn: 'STM32F103C8T6', brandName: 'ST' };
    expect(isExact(line('STM32F103C8T6'), hit)).toBe(true);
    expect(isExact(line('x', 'stm32f103c8t6'), hit)).toBe(true);
    expect(isExact(line('STM32F103'), hit)).toBe(false);
    expect(isExact(line('10k'), hit)).toBe(false);
  });
});
