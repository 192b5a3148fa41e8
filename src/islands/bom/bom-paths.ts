import type { BomSummary } from '../../lib/client/bom-api.ts';

// Where each BOM page lives (SPEC §2 routes), in the page's locale.

/** A bomId as the API issues them (random UUIDs); anything else in a URL is no BOM of ours. */
export const isBomId = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
export type BomLocale = 'zh' | 'en';

const prefix = (locale: BomLocale) => (locale === 'en' ? '/en' : '');

export const bomHomePath = (locale: BomLocale) => `${prefix(locale)}/bom`;
export const bomHeadPath = (locale: BomLocale, bomId: string, sheet?: string) =>
  `${prefix(locale)}/bomHead/${encodeURIComponent(bomId)}${sheet ? `?sheet=${encodeURIComponent(sheet)}` : ''}`;
export const matchingPath = (locale: BomLocale, bomId: string) => `${prefix(locale)}/matching?bomId=${encodeURIComponent(bomId)}`;
export const bomContentPath = (locale: BomLocale, bomId: string) => `${prefix(locale)}/bomContent?bomId=${encodeURIComponent(bomId)}`;
export const productPath = (locale: BomLocale, mfgMpnCode: string) => `${prefix(locale)}/productDetail/${encodeURIComponent(mfgMpnCode)}`;
export const replacementPath = (locale: BomLocale, mfgMpnCode: string, bomId: string, lineId: number) =>
  `${prefix(locale)}/subsMaterial?mfgMpnCode=${encodeURIComponent(mfgMpnCode)}&bomId=${encodeURIComponent(bomId)}&lineId=${lineId}`;

/** The page that continues a BOM from where it stands. */
export function bomOpenPath(locale: BomLocale, bomId: string, state: BomSummary['state']): string {
  if (state === 'uploaded') return bomHeadPath(locale, bomId);
  if (state === 'matched') return bomContentPath(locale, bomId);
  return matchingPath(locale, bomId);
}
