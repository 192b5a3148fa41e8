// Yageo MFR series axial metal-film resistors (through-hole), the two everyday styles only.
//
// Part numbering as Yageo's datasheet "Metal Film Resistors, Normal & Miniature Style, MFR
// Series" and its distributors list it ('MFR-25FBF52-10K', 'MFR-50FTE52-1K'):
//
//   MFR-25 F B F 52 - 1K8
//   │      │ │ │ │    └ resistance: R, K or M is the decimal point and multiplier (the RC code:
//   │      │ │ │ │      49R9, 100R, 1K8, 10K, 1M)
//   │      │ │ │ └ 52 = 52.4 mm tape spacing
//   │      │ │ └ temperature-coefficient letter as ordered (F for the bulk part, E for the taped one)
//   │      │ └ packing: B = bulk, T = tape on box (ammo)
//   │      └ tolerance: F = ±1 %
//   └ style: MFR-25 = 1/4 W, body L 6.3 mm × Ø 2.4 mm (DIN 0207);
//            MFR-50 = 1/2 W, body L 9.0 mm × Ø 3.3 mm (DIN 0309)
//
// The maximum working voltage is left out: the datasheet editions disagree on it.
// Only the two orderable forms seen in published BOMs are generated, each for one style:
// MFR-25FBF52 (bulk) and MFR-50FTE52 (tape on box), ±1 %, E24 and E96 values 10 Ω – 1 MΩ (the
// range every edition of the datasheet gives for ±1 %). Other tolerances, packings and styles
// are not generated: their codes were not checked against orderable parts.

import { clean, E24, E96, eUnion } from './e-series.ts';
import { CATE_FIXED_RESISTORS, FACTS_LICENCE, makeRecord, percentText, type Provenance } from './common.ts';
import { rcValueCode } from './yageo-rc.ts';
import type { CatalogRecord } from '../import/catalog-record.ts';

export type MfrStyle = 'MFR-25' | 'MFR-50';

type StyleInfo = {
  /** Everything between the style and the value: tolerance, packing, TC letter, tape. */
  readonly orderCode: string;
  readonly powerW: number;
  readonly powerText: string;
  /** The catalogue's package, as footprintPackage reads KiCad's 'R_Axial_DIN0207_…' footprints. */
  readonly package: string;
  readonly footprint: string;
};

export const MFR_STYLES: Readonly<Record<MfrStyle, StyleInfo>> = {
  'MFR-25': { orderCode: 'FBF52', powerW: 0.25, powerText: '1/4W', package: 'Axial-DIN0207', footprint: 'R_Axial_DIN0207_L6.3mm_D2.5mm_P10.16mm_Horizontal' },
  'MFR-50': { orderCode: 'FTE52', powerW: 0.5, powerText: '1/2W', package: 'Axial-DIN0309', footprint: 'R_Axial_DIN0309_L9.0mm_D3.2mm_P12.70mm_Horizontal' },
};

/** ±1 % values offered: E24 and E96, 10 Ω – 1 MΩ. */
export const MFR_VALUES: readonly number[] = eUnion([E24, E96], 10, 1e6);

export function isMfrValue(ohms: number): boolean {
  return MFR_VALUES.some((v) => Math.abs(v - ohms) <= ohms * 1e-9);
}

export function encodeMfr(style: MfrStyle, ohms: number): string {
  return `${style}${MFR_STYLES[style].orderCode}-${rcValueCode(ohms)}`;
}

export const YAGEO_MFR_PROVENANCE: Provenance = {
  source: 'Built from Yageo MFR-series ordering codes (Yageo datasheet "Metal Film Resistors, MFR Series")',
  licence: FACTS_LICENCE,
  synthetic: false,
};

export function mfrRecord(style: MfrStyle, ohms: number, prov: Provenance = YAGEO_MFR_PROVENANCE): CatalogRecord {
  if (!isMfrValue(ohms)) throw new RangeError(`${ohms} Ω is not an MFR ±1 % value`);
  const s = MFR_STYLES[style];
  const code = rcValueCode(ohms);
  return makeRecord(
    {
      mpn: encodeMfr(style, ohms),
      brand: 'yageo',
      cateId: CATE_FIXED_RESISTORS,
      descriptionZh: `金属膜电阻 轴向 ${code}Ω ${percentText(1)} ${s.powerText} ${s.package}`,
      descriptionEn: `Metal film resistor, axial, ${code}Ω ${percentText(1)} ${clean(s.powerW)} W, ${s.package}`,
      package: s.package,
      params: [
        { key: 'resistance', value: ohms, unit: 'Ω' },
        { key: 'tolerance', value: 1, unit: '%' },
        { key: 'power', value: s.powerW, unit: 'W' },
      ],
      keywords: `MFR metal film axial THT 直插 金属膜 ${code}`,
      symbol: { library: 'Device', name: 'R' },
      footprint: { library: 'Resistor_THT', name: s.footprint },
    },
    prov,
  );
}
