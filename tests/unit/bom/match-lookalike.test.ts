import { describe, expect, it } from 'vitest';
import { lookalikeKeys, MAX_LOOKALIKES } from '../../../src/lib/bom/match/lookalike.ts';

describe('lookalikeKeys', () => {
  it('swaps only look-alike characters, once or twice', () => {
    const keys = lookalikeKeys('LM358DR');
    expect(keys).toContain('LM3S8DR');
    expect(keys).toContain('LM35BDR');
    expect(keys).toContain('LM3SBDR');
    expect(keys).not.toContain('LM358DR');
    // A typo of another letter is never produced.
    expect(keys.every((k) => k.length === 7 && k.startsWith('LM'))).toBe(true);
  });

  it('reads O as 0 and I as 1 in the other direction too', () => {
    expect(lookalikeKeys('STM32FIO3')).toContain('STM32F103');
  });

  it('is bounded and refuses short or odd input', () => {
    expect(lookalikeKeys('0O0O0O0O0O0O0O0O').length).toBeLessThanOrEqual(MAX_LOOKALIKES);
    expect(lookalikeKeys('AB1')).toEqual([]);
    expect(lookalikeKeys(undefined as unknown as string)).toEqual([]);
  });
});
