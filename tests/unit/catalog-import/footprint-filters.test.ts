import { describe, expect, it } from 'vitest';
import { filterRegex, footprintFromFilters } from '../../../src/lib/catalog/kicad-import/kicad-records.ts';

const fps = [
  { library: 'Package_DIP', name: 'DIP-8_W7.62mm', padCount: 8 },
  { library: 'Package_DIP', name: 'DIP-14_W7.62mm', padCount: 14 },
  { library: 'Package_DIP', name: 'DIP-14_W7.62mm_Socket', padCount: 14 },
  { library: 'Package_SO', name: 'SOIC-8_3.9x4.9mm_P1.27mm_HandSolder', padCount: 8 },
  { library: 'Package_SO', name: 'SOIC-8_3.9x4.9mm_P1.27mm', padCount: 8 },
];

describe('footprints from KiCad footprint filters', () => {
  it('turns globs into one anchored pattern', () => {
    expect(filterRegex(['SOIC*3.9x4.9mm*P1.27mm*'])!.test('SOIC-8_3.9x4.9mm_P1.27mm')).toBe(true);
    expect(filterRegex(['SOIC*3.9x4.9mm*P1.27mm*'])!.test('XSOIC-8_3.9x4.9mm_P1.27mm')).toBe(false);
    expect(filterRegex([])).toBeNull();
  });

  it('needs one pad per pin and prefers the plain, shortest variant', () => {
    expect(footprintFromFilters(['DIP*W7.62mm*'], fps, 14)?.name).toBe('DIP-14_W7.62mm');
    expect(footprintFromFilters(['DIP*W7.62mm*', 'SOIC*3.9x4.9mm*P1.27mm*'], fps, 8)?.name).toBe('DIP-8_W7.62mm');
    expect(footprintFromFilters(['SOIC*3.9x4.9mm*P1.27mm*'], fps, 8)?.name).toBe('SOIC-8_3.9x4.9mm_P1.27mm');
    expect(footprintFromFilters(['DIP*W7.62mm*'], fps, 16)).toBeUndefined();
  });
});
