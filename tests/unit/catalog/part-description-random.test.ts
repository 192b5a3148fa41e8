import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../src/lib/catalog/generate/permutation.ts';
import { CATEGORY_TREE } from '../../../src/lib/catalog/kicad-library-map.ts';
import { PARAM_DEFS } from '../../../src/lib/catalog/param-extract.ts';
import { describePart, type PartDescriptionParam } from '../../../src/lib/catalog/part-description.ts';

// Issue #32 item 2: descriptions come only from the parameters a part has. Every category of the
// tree (the KiCad catalogue's and the snapshot's parts are filed in it) gets parts whose
// parameters are missing at random: absent, a key without a value, an empty or blank text, a
// non-finite number. No description may show an empty slot, a dangling separator or a label
// without its value, and Chinese ones carry no English word outside terms, units and part names.

/** A seeded generator, so a failure names a seed that reproduces it. */
const rng = mulberry32;

const TEXTS = ['SPI', 'I2C, UART', 'Fixed', 'Adjustable', 'N-Channel', 'ARM Cortex-M4', 'X7R', '128x64'];
const NUMBERS = [1, 3.3, 5, 47, 0.001, 1e6, 72e6, 65536];

function randomParams(next: () => number): PartDescriptionParam[] {
  const out: PartDescriptionParam[] = [];
  for (const def of PARAM_DEFS) {
    const roll = next();
    if (roll < 0.8) continue; // most parameters are missing altogether
    if (roll < 0.84) out.push({ key: def.key });
    else if (roll < 0.87) out.push(def.kind === 'text' ? { key: def.key, text: next() < 0.5 ? '' : '  ' } : { key: def.key, value: next() < 0.5 ? null : Number.NaN, ...(def.unit ? { unit: def.unit } : {}) });
    else if (def.kind === 'text') out.push({ key: def.key, text: TEXTS[Math.floor(next() * TEXTS.length)]! });
    else out.push({ key: def.key, value: NUMBERS[Math.floor(next() * NUMBERS.length)]!, ...(def.unit && next() < 0.8 ? { unit: def.unit } : {}) });
  }
  return out;
}

function expectClean(text: string, why: string): void {
  expect(text, why).not.toMatch(/，，|,\s*,|、、|；；/);
  expect(text, why).not.toMatch(/\s[，,、；]/);
  expect(text, why).not.toMatch(/[，,、；:：]\s*$/);
  expect(text, why).not.toMatch(/^\s*[，,、；]/);
  expect(text, why).not.toMatch(/\b(?:undefined|null|NaN|Infinity)\b/);
  expect(text, why).not.toMatch(/\s{2,}/);
}

describe('describePart over every category with parameters missing at random', () => {
  const categories = CATEGORY_TREE.map((c) => c.cateId);

  it(`${categories.length} categories × 12 random parts × zh/en: no empty slot, no dangling separator`, () => {
    let described = 0;
    for (const cateId of categories) {
      const next = rng(cateId);
      for (let i = 0; i < 12; i += 1) {
        const params = randomParams(next);
        const pkg = next() < 0.5 ? 'SOT-23-5' : null;
        for (const locale of ['zh', 'en'] as const) {
          const text = describePart({ cateId, params, ...(pkg ? { package: pkg } : {}) }, locale);
          const why = `seed ${cateId} part ${i} ${locale}: ${text}`;
          expectClean(text, why);
          if (pkg) expect(text, why).toContain(pkg);
          if (text) described += 1;
        }
      }
    }
    expect(described).toBeGreaterThan(categories.length * 12);
  });

  it('a part whose parameters all lack values says only what the category and package say', () => {
    const empty = PARAM_DEFS.map((d): PartDescriptionParam => (d.kind === 'text' ? { key: d.key, text: '' } : { key: d.key, value: null }));
    for (const cateId of categories) {
      for (const locale of ['zh', 'en'] as const) {
        const text = describePart({ cateId, params: empty, package: 'DIP-8' }, locale);
        expectClean(text, `${cateId} ${locale}: ${text}`);
        // No parameter label survives without its value: the same words as a part with no parameters.
        expect(text, `${cateId} ${locale}`).toBe(describePart({ cateId, params: [], package: 'DIP-8' }, locale));
      }
    }
  });
});
