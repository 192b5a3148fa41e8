import type { CatalogParam, CatalogRecord } from '../import/catalog-record.ts';
import { deriveMfgMpnCode } from '../import/catalog-record.ts';

/** How a built record is labelled: real ordering facts (demo) or synthetic (benchmarks). */
export type Provenance = {
  readonly source: string;
  readonly licence: string;
  /**
   * Synthetic records carry the label in source ('synthetic (seed S)'), licence, the keyword
   * 'synthetic' (searchable) and their own URL keys (suffix '_syn'), so they never replace a real
   * part's row. Descriptions stay plain.
   */
  readonly synthetic: boolean;
};

export const FACTS_LICENCE = 'Facts (part numbers and ratings) from manufacturer ordering information';
export const SYNTHETIC_LICENCE = 'synthetic, for benchmarks';

export function syntheticProvenance(seed: number): Provenance {
  return { source: `synthetic (seed ${seed})`, licence: SYNTHETIC_LICENCE, synthetic: true };
}

/** Category ids of CATEGORY_TREE (src/lib/catalog/kicad-library-map.ts) used by the generators. */
export const CATE_FIXED_RESISTORS = 55001;
export const CATE_NON_POLARIZED_CAPACITORS = 55101;

/** Suffix of the URL key of synthetic records (see Provenance.synthetic). */
export const SYNTHETIC_CODE_SUFFIX = '_syn';

export type RecordParts = {
  mpn: string;
  brand: string;
  cateId: number;
  descriptionZh: string;
  descriptionEn: string;
  package: string;
  params: CatalogParam[];
  keywords?: string;
  symbol?: { library: string; name: string };
  footprint?: { library: string; name: string };
};

export function makeRecord(parts: RecordParts, prov: Provenance): CatalogRecord {
  const record: CatalogRecord = {
    mpn: parts.mpn,
    brand: parts.brand,
    cateId: parts.cateId,
    descriptionZh: parts.descriptionZh,
    descriptionEn: parts.descriptionEn,
    package: parts.package,
    lifecycle: 'unknown',
    params: parts.params,
    source: prov.source,
    licence: prov.licence,
  };
  if (prov.synthetic) record.mfgMpnCode = deriveMfgMpnCode(parts.mpn, parts.brand) + SYNTHETIC_CODE_SUFFIX;
  // Synthetic records get only the label as keyword: the hand-written search aids of the real
  // line-ups (value codes, '多层陶瓷电容') are not repeated a million times over.
  if (prov.synthetic) record.keywords = 'synthetic';
  else if (parts.keywords) record.keywords = parts.keywords;
  if (parts.symbol) record.symbol = parts.symbol;
  if (parts.footprint) record.footprint = parts.footprint;
  return record;
}

/** Imperial case size → metric code, as KiCad's footprint names write it (R_0603_1608Metric). */
export const METRIC_OF_IMPERIAL: Readonly<Record<string, string>> = {
  '0201': '0603',
  '0402': '1005',
  '0603': '1608',
  '0805': '2012',
  '1206': '3216',
  '1210': '3225',
  '1812': '4532',
  '2010': '5025',
  '2512': '6332',
};

/** A KiCad footprint of the Resistor_SMD / Capacitor_SMD libraries for an imperial size, if one is known. */
export function chipFootprint(kind: 'R' | 'C', imperial: string): { library: string; name: string } | undefined {
  const metric = METRIC_OF_IMPERIAL[imperial];
  if (!metric) return undefined;
  return { library: kind === 'R' ? 'Resistor_SMD' : 'Capacitor_SMD', name: `${kind}_${imperial}_${metric}Metric` };
}

/** Tolerance text: 1 → '±1%', 0.5 → '±0.5%'. */
export function percentText(p: number): string {
  return `±${p}%`;
}
