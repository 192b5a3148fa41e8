// fmt and esc have fast paths (integer printing with a cache; a char-code scan): they must give
// exactly the text of their plain definitions.
import { describe, expect, it } from 'vitest';
import { esc, fmt } from '../../../src/lib/kicad/svg-text.ts';

/** fmt's definition: round to 0.1 µm, shortest JS number text, no '-0'. */
function fmtReference(n: number): string {
  const r = Math.round(n * 10000) / 10000;
  return r === 0 ? '0' : String(r);
}

// eslint-disable-next-line no-control-regex
const XML_SPECIAL_G = /[&<>"'\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
function escReference(s: string): string {
  return s.replace(XML_SPECIAL_G, (c) => ENTITIES[c] ?? '');
}

describe('fmt', () => {
  it('prints edge values like its definition', () => {
    const values = [0, -0, 1e-5, -1e-5, 5e-5, -5e-5, 1.5e-4, -1.5e-4, 0.1 + 0.2, 2.54 * 3, -2.54 * 3, 0.1524, 1.27, -1.27, 214748.3647, 214748.3648, -214748.3647, -214748.3648, 1e21, -1e21, 1e300, 5e-324, NaN, Infinity, -Infinity];
    for (const v of values) expect(fmt(v), String(v)).toBe(fmtReference(v));
    expect(fmt(-0.00001)).toBe('0');
    expect(fmt(-1.25)).toBe('-1.25');
    expect(fmt(12)).toBe('12');
  });

  it('prints every 0.1 µm step of ±30 mm and values between them like its definition (also when cached)', () => {
    for (let pass = 0; pass < 2; pass++) {
      for (let k = -300000; k <= 300000; k += 7) {
        for (const v of [k / 10000, k / 10000 + 0.00004, k / 10000 - 0.00005]) if (fmt(v) !== fmtReference(v)) expect(fmt(v), String(v)).toBe(fmtReference(v));
      }
    }
  });
});

describe('esc', () => {
  it('escapes and drops exactly the characters of its definition', () => {
    for (let c = 0; c < 0x10000; c++) {
      const s = `a${String.fromCharCode(c)}b`;
      if (esc(s) !== escReference(s)) expect(esc(s), `U+${c.toString(16)}`).toBe(escReference(s));
    }
    expect(esc('')).toBe('');
    expect(esc('R&D <1>')).toBe('R&amp;D &lt;1&gt;');
  });
});
