// Designs and rankings (issue #14): what browser and server share — licences, tags, and the two
// ranking formulas, written here once and quoted on the pages that rank (Top100, Top200).
// Pure: no ORM, no DOM.

/** Licences a design can be published under (SPDX ids), 'none' = all rights reserved. */
export const DESIGN_LICENCES = [
  'CERN-OHL-S-2.0',
  'CERN-OHL-W-2.0',
  'CERN-OHL-P-2.0',
  'CC-BY-4.0',
  'CC-BY-SA-4.0',
  'TAPR-OHL-1.0',
  'MIT',
  'Apache-2.0',
  'GPL-3.0-or-later',
  'none',
] as const;
export type DesignLicence = (typeof DESIGN_LICENCES)[number];

export const DESIGN_VISIBILITIES = ['private', 'public'] as const;
export type DesignVisibility = (typeof DESIGN_VISIBILITIES)[number];

export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 32;
export const MAX_TITLE_LENGTH = 120;
export const MAX_DESCRIPTION_LENGTH = 4000;

/** Tags as stored: trimmed, lower-cased, inner spaces collapsed, no empties, no repeats, at most MAX_TAGS. */
export function normaliseTags(input: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of input) {
    const t = raw.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase().slice(0, MAX_TAG_LENGTH);
    if (t && !out.includes(t)) out.push(t);
    if (out.length === MAX_TAGS) break;
  }
  return out;
}

/** Tags typed in one field: separated by commas (ASCII or Chinese), semicolons or new lines. */
export function splitTags(text: string): string[] {
  return normaliseTags(text.split(/[,，;；\n]/));
}

// ---------------------------------------------------------------------------------------------
// Top100: public designs by likes and visits, decaying with age.

/** Days for a design's points to halve. */
export const DESIGN_HALF_LIFE_DAYS = 30;
/** A like weighs as much as this many visits. */
export const LIKE_WEIGHT = 3;

/**
 * score = (LIKE_WEIGHT × likes + visits) × 2^(−age / DESIGN_HALF_LIFE_DAYS), age in days since
 * the design was published (never negative). Quoted on /ecadViewer/top100.
 */
export function designScore(d: { likes: number; visits: number; publishedAt: Date }, now: Date): number {
  const ageDays = Math.max(0, (now.getTime() - d.publishedAt.getTime()) / 86_400_000);
  return (LIKE_WEIGHT * d.likes + d.visits) * 2 ** (-ageDays / DESIGN_HALF_LIFE_DAYS);
}

// ---------------------------------------------------------------------------------------------
// Top200: parts by real use.

/** What a part's Top200 score is made of: SPEC §3's counters and its appearances in public designs. */
export interface PartUse {
  designs: number;
  componentPlacementCount: number;
  modulePlacementCount: number;
  edaCount: number;
  pdfCount: number;
  likeCount: number;
  moduleCount: number;
  tagClickCount: number;
}

/** Weights of PartUse in the score: being used in a published design counts most, a tag click least. */
export const PART_SCORE_WEIGHTS: Readonly<Record<keyof PartUse, number>> = {
  designs: 10,
  componentPlacementCount: 5,
  modulePlacementCount: 5,
  edaCount: 3,
  likeCount: 2,
  moduleCount: 2,
  pdfCount: 1,
  tagClickCount: 0.5,
};

/** score = Σ weight × count over PART_SCORE_WEIGHTS. Quoted on /top200. */
export function partScore(use: PartUse): number {
  let s = 0;
  for (const k of Object.keys(PART_SCORE_WEIGHTS) as (keyof PartUse)[]) s += PART_SCORE_WEIGHTS[k] * use[k];
  return s;
}

export const TOP200_SIZE = 200;
export const TOP100_SIZE = 100;

export type RankTrend = 'up' | 'down' | 'same' | 'new';

/** A rank against the rank at the refresh before (lower is better; null = not ranked then). */
export function rankTrend(rank: number, prevRank: number | null): RankTrend {
  if (prevRank === null) return 'new';
  return rank < prevRank ? 'up' : rank > prevRank ? 'down' : 'same';
}

/** The stored nickname of the demo projects' owner; cards show it as `design.demoOwner` in the page's language. */
export const DEMO_NICKNAME = 'KiCad 示例工程';
