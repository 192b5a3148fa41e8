import { describe, expect, it } from 'vitest';
import { partNumberCandidates } from '../../../../src/lib/ai/chat/unverified.ts';

describe('partNumberCandidates', () => {
  it('finds part numbers in Chinese and English answers', () => {
    expect(partNumberCandidates('推荐 AMS1117-3.3 或 LM1117IMP-3.3/NOPB，也可用 XC6206P332MR。')).toEqual(['AMS1117-3.3', 'LM1117IMP-3.3/NOPB', 'XC6206P332MR']);
    expect(partNumberCandidates('The TPS5430 (page 4) replaces LM2596S-5.0.')).toEqual(['TPS5430', 'LM2596S-5.0']);
  });

  it('skips quantities, ranges, packages, standards and link targets', () => {
    expect(partNumberCandidates('3.3V 1A SOT-223, 4.5-28V input, 100nF X7R 0603, LQFP48, AEC-Q100, USB2.0, 25°C')).toEqual([]);
    expect(partNumberCandidates('| [LM358DR](/detail?mfgMpnCode=LM358DR_ti) | TI |')).toEqual(['LM358DR']);
  });

  it('lists each part once', () => {
    expect(partNumberCandidates('LM358, lm358 and LM-358')).toEqual(['LM358']);
  });
});
