import { describe, expect, it } from 'vitest';
import { DESIGN_HALF_LIFE_DAYS, designScore, LIKE_WEIGHT, PART_SCORE_WEIGHTS, partScore, rankTrend, type PartUse } from '../../../src/lib/designs/designs.ts';

// The two ranking formulas of issue #14 with a fixed clock: Top100's decaying design score and
// Top200's weighted part score, and the trend between two refreshes.

const DAY = 86_400_000;
const published = new Date('2026-01-01T00:00:00Z');
const at = (days: number) => new Date(published.getTime() + days * DAY);
const zero: PartUse = { designs: 0, componentPlacementCount: 0, modulePlacementCount: 0, edaCount: 0, pdfCount: 0, likeCount: 0, moduleCount: 0, tagClickCount: 0 };

describe('designScore (Top100)', () => {
  it('is likes × LIKE_WEIGHT + visits at publication', () => {
    expect(designScore({ likes: 4, visits: 10, publishedAt: published }, at(0))).toBe(LIKE_WEIGHT * 4 + 10);
  });

  it('halves every DESIGN_HALF_LIFE_DAYS', () => {
    const d = { likes: 5, visits: 7, publishedAt: published };
    const fresh = designScore(d, at(0));
    expect(designScore(d, at(DESIGN_HALF_LIFE_DAYS))).toBeCloseTo(fresh / 2, 10);
    expect(designScore(d, at(2 * DESIGN_HALF_LIFE_DAYS))).toBeCloseTo(fresh / 4, 10);
    expect(designScore(d, at(DESIGN_HALF_LIFE_DAYS / 2))).toBeCloseTo(fresh / Math.SQRT2, 10);
  });

  it('counts a like as LIKE_WEIGHT visits', () => {
    expect(designScore({ likes: 1, visits: 0, publishedAt: published }, at(3))).toBeCloseTo(designScore({ likes: 0, visits: LIKE_WEIGHT, publishedAt: published }, at(3)), 12);
  });

  it('never grows for a publication date in the future (age is at least 0)', () => {
    expect(designScore({ likes: 2, visits: 1, publishedAt: at(5) }, at(0))).toBe(LIKE_WEIGHT * 2 + 1);
  });

  it('older designs with the same counts score lower', () => {
    const now = at(60);
    expect(designScore({ likes: 3, visits: 3, publishedAt: at(50) }, now)).toBeGreaterThan(designScore({ likes: 3, visits: 3, publishedAt: at(10) }, now));
  });
});

describe('partScore (Top200)', () => {
  it('is 0 for a part nobody used', () => {
    expect(partScore(zero)).toBe(0);
  });

  it('weighs each count by PART_SCORE_WEIGHTS', () => {
    for (const key of Object.keys(PART_SCORE_WEIGHTS) as (keyof PartUse)[]) {
      expect(partScore({ ...zero, [key]: 1 }), key).toBe(PART_SCORE_WEIGHTS[key]);
      expect(partScore({ ...zero, [key]: 7 }), key).toBe(7 * PART_SCORE_WEIGHTS[key]);
    }
  });

  it('adds the weighted counts', () => {
    const use: PartUse = { designs: 2, componentPlacementCount: 3, modulePlacementCount: 1, edaCount: 4, pdfCount: 10, likeCount: 5, moduleCount: 1, tagClickCount: 6 };
    const expected = Object.entries(use).reduce((s, [k, n]) => s + PART_SCORE_WEIGHTS[k as keyof PartUse] * n, 0);
    expect(partScore(use)).toBe(expected);
  });

  it('ranks a part in a public design above one with a single datasheet view', () => {
    expect(partScore({ ...zero, designs: 1 })).toBeGreaterThan(partScore({ ...zero, pdfCount: 1 }));
  });
});

describe('rankTrend', () => {
  it('says new, up, down or same against the rank before', () => {
    expect(rankTrend(3, null)).toBe('new');
    expect(rankTrend(2, 5)).toBe('up');
    expect(rankTrend(5, 2)).toBe('down');
    expect(rankTrend(4, 4)).toBe('same');
  });
});
