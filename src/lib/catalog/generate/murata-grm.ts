// Murata GRM series general-purpose multilayer ceramic chip capacitors.
//
// Part numbering from Murata's catalogue "Chip Monolithic Ceramic Capacitors", "Part Numbering":
//
//   GR M 18 8 R7 1H 104 K A93 D
//   │  │ │  │ │  │  │   │ │   └ packaging: D = ø180 mm reel, paper tape; J = ø330 mm reel, paper;
//   │  │ │  │ │  │  │   │ │     L = ø180 mm reel, embossed (plastic) tape; K = ø330 mm, embossed
//   │  │ │  │ │  │  │   │ └ individual specification code (three characters, assigned per design)
//   │  │ │  │ │  │  │   └ tolerance: F = ±1 %, G = ±2 %, J = ±5 %, K = ±10 %, M = ±20 %
//   │  │ │  │ │  │  └ capacitance: pF, two digits and a count of zeros; R = decimal point
//   │  │ │  │ │  └ rated voltage: 0J = 6.3, 1A = 10, 1C = 16, 1E = 25, 1H = 50, 2A = 100 V
//   │  │ │  │ └ temperature characteristic: 5C = C0G, R6 = X5R, R7 = X7R
//   │  │ │  └ thickness: 3 = 0.3, 5 = 0.5, 8 = 0.8, B = 1.25, C = 1.6 mm
//   │  │ └ dimensions L×W: 03 = 0.6×0.3 (0201), 15 = 1.0×0.5 (0402), 18 = 1.6×0.8 (0603),
//   │  │   21 = 2.0×1.25 (0805), 31 = 3.2×1.6 (1206)
//   │  └ series: M = general purpose
//   └ product ID: GR = chip monolithic ceramic capacitor
//
// The individual specification code cannot be derived from the other fields: Murata assigns it
// per design. The demo line-up therefore only builds (a) the C0G 50 V series in 0402 and 0603 from
// 10 pF to 1 nF (E12), which Murata numbers with 'A01', and (b) a short list of very common
// parts whose full numbers are spelt out below. Synthetic records (generateCatalog) vary the
// code over 'A01'…'A99', which follows the format but does not claim such designs exist.

import { capacitanceCode, E12, eValues, parseCapacitanceCode } from './e-series.ts';
import { CATE_NON_POLARIZED_CAPACITORS, chipFootprint, FACTS_LICENCE, makeRecord, type Provenance } from './common.ts';
import { mlccDescriptions, mlccParams } from './samsung-cl.ts';
import type { CatalogRecord } from '../import/catalog-record.ts';

export type GrmSize = '03' | '15' | '18' | '21' | '31';
export type GrmThickness = '3' | '5' | '8' | 'B' | 'C';
export type GrmDielectric = '5C' | 'R6' | 'R7';
export type GrmVoltage = '0J' | '1A' | '1C' | '1E' | '1H' | '2A';
export type GrmTolerance = 'F' | 'G' | 'J' | 'K' | 'M';
export type GrmPackaging = 'D' | 'J' | 'L' | 'K';

export type GrmFields = {
  size: GrmSize;
  thickness: GrmThickness;
  dielectric: GrmDielectric;
  voltage: GrmVoltage;
  farads: number;
  tolerance: GrmTolerance;
  /** Three characters, e.g. 'A93'. */
  spec: string;
  packaging: GrmPackaging;
};

export const GRM_SIZE: Readonly<Record<GrmSize, { imperial: string; thickness: GrmThickness }>> = {
  '03': { imperial: '0201', thickness: '3' },
  '15': { imperial: '0402', thickness: '5' },
  '18': { imperial: '0603', thickness: '8' },
  '21': { imperial: '0805', thickness: 'B' },
  '31': { imperial: '1206', thickness: 'C' },
};
export const GRM_SIZE_CODES = Object.keys(GRM_SIZE) as GrmSize[];

/** Millimetres. */
export const GRM_THICKNESS: Readonly<Record<GrmThickness, number>> = { '3': 0.3, '5': 0.5, '8': 0.8, B: 1.25, C: 1.6 };

export const GRM_DIELECTRIC: Readonly<Record<GrmDielectric, { name: string; tMin: number; tMax: number; tolerances: readonly GrmTolerance[] }>> = {
  '5C': { name: 'C0G', tMin: -55, tMax: 125, tolerances: ['F', 'G', 'J'] },
  R6: { name: 'X5R', tMin: -55, tMax: 85, tolerances: ['K', 'M'] },
  R7: { name: 'X7R', tMin: -55, tMax: 125, tolerances: ['K', 'M'] },
};
export const GRM_DIELECTRIC_CODES = Object.keys(GRM_DIELECTRIC) as GrmDielectric[];

export const GRM_VOLTAGE: Readonly<Record<GrmVoltage, number>> = { '0J': 6.3, '1A': 10, '1C': 16, '1E': 25, '1H': 50, '2A': 100 };
export const GRM_VOLTAGE_CODES = Object.keys(GRM_VOLTAGE) as GrmVoltage[];

export const GRM_TOLERANCE: Readonly<Record<GrmTolerance, number>> = { F: 1, G: 2, J: 5, K: 10, M: 20 };

/** Paper tape up to 0.85 mm, embossed above; ø180 mm (D/L) or ø330 mm (J/K) reels. */
export function grmPackagingFor(thickness: GrmThickness, largeReel = false): GrmPackaging {
  const embossed = GRM_THICKNESS[thickness] > 0.85;
  return embossed ? (largeReel ? 'K' : 'L') : largeReel ? 'J' : 'D';
}

export function encodeGrm(f: GrmFields): string {
  if (!/^[A-Z]\d\d$/.test(f.spec)) throw new RangeError(`bad individual specification code '${f.spec}'`);
  return `GRM${f.size}${f.thickness}${f.dielectric}${f.voltage}${capacitanceCode(f.farads)}${f.tolerance}${f.spec}${f.packaging}`;
}

const GRM_RE = /^GRM(03|15|18|21|31)([358BC])(5C|R6|R7)(0J|1A|1C|1E|1H|2A)(\d[R\d]\d)([FGJKM])([A-Z]\d\d)([DJLK])$/;

export function decodeGrm(mpn: string): GrmFields | null {
  const m = GRM_RE.exec(mpn);
  if (!m) return null;
  const farads = parseCapacitanceCode(m[5] ?? '');
  if (farads === null) return null;
  return {
    size: m[1] as GrmSize,
    thickness: m[2] as GrmThickness,
    dielectric: m[3] as GrmDielectric,
    voltage: m[4] as GrmVoltage,
    farads,
    tolerance: m[6] as GrmTolerance,
    spec: m[7] ?? '',
    packaging: m[8] as GrmPackaging,
  };
}

export function isValidGrm(f: GrmFields): boolean {
  const size = GRM_SIZE[f.size];
  return (
    !!size &&
    size.thickness === f.thickness &&
    GRM_DIELECTRIC[f.dielectric].tolerances.includes(f.tolerance) &&
    (grmPackagingFor(f.thickness, false) === f.packaging || grmPackagingFor(f.thickness, true) === f.packaging)
  );
}

export function grmRecord(f: GrmFields, prov: Provenance): CatalogRecord {
  const imperial = GRM_SIZE[f.size].imperial;
  const diel = GRM_DIELECTRIC[f.dielectric];
  const pct = GRM_TOLERANCE[f.tolerance];
  const volts = GRM_VOLTAGE[f.voltage];
  const desc = mlccDescriptions(f.farads, `±${pct}%`, volts, diel.name, imperial);
  const fp = chipFootprint('C', imperial);
  return makeRecord(
    {
      mpn: encodeGrm(f),
      brand: 'murata',
      cateId: CATE_NON_POLARIZED_CAPACITORS,
      descriptionZh: desc.zh,
      descriptionEn: desc.en,
      package: imperial,
      params: mlccParams(f.farads, pct, volts, diel),
      keywords: `MLCC 多层陶瓷电容 ceramic capacitor ${capacitanceCode(f.farads)}`,
      symbol: { library: 'Device', name: 'C' },
      ...(fp ? { footprint: fp } : {}),
    },
    prov,
  );
}

export const MURATA_GRM_PROVENANCE: Provenance = {
  source: 'Built from Murata GRM-series ordering codes (Murata catalogue "Chip Monolithic Ceramic Capacitors", "Part Numbering")',
  licence: FACTS_LICENCE,
  synthetic: false,
};

/**
 * Widely stocked GRM parts, written out in full because their individual specification codes
 * are per-design. Each one is decoded by decodeGrm (the tests check that every field parses).
 */
export const EVERYDAY_GRM_PARTS: readonly string[] = [
  'GRM155R71C104KA88D', // 0402 100 nF 16 V X7R
  'GRM155R71H102KA01D', // 0402 1 nF 50 V X7R
  'GRM155R71H103KA88D', // 0402 10 nF 50 V X7R
  'GRM155R61A104KA01D', // 0402 100 nF 10 V X5R
  'GRM155R61A105KE15D', // 0402 1 µF 10 V X5R
  'GRM188R71H102KA01D', // 0603 1 nF 50 V X7R
  'GRM188R71H103KA01D', // 0603 10 nF 50 V X7R
  'GRM188R71H104KA93D', // 0603 100 nF 50 V X7R
  'GRM188R71C104KA01D', // 0603 100 nF 16 V X7R
  'GRM188R61A105KA61D', // 0603 1 µF 10 V X5R
  'GRM188R61E105KA12D', // 0603 1 µF 25 V X5R
  'GRM21BR71H104KA01L', // 0805 100 nF 50 V X7R
  'GRM21BR71H105KA12L', // 0805 1 µF 50 V X7R
  'GRM21BR61A106KE19L', // 0805 10 µF 10 V X5R
  'GRM21BR61E106KA73L', // 0805 10 µF 25 V X5R
  'GRM31CR71H475KA12L', // 1206 4.7 µF 50 V X7R
  'GRM31CR61E106KA12L', // 1206 10 µF 25 V X5R
];

export function everydayMurataGrm(): GrmFields[] {
  const out: GrmFields[] = [];
  for (const size of ['15', '18'] as const) {
    for (const farads of eValues(E12, 10e-12, 1e-9)) {
      out.push({ size, thickness: GRM_SIZE[size].thickness, dielectric: '5C', voltage: '1H', farads, tolerance: 'J', spec: 'A01', packaging: 'D' });
    }
  }
  for (const mpn of EVERYDAY_GRM_PARTS) {
    const f = decodeGrm(mpn);
    if (!f) throw new Error(`EVERYDAY_GRM_PARTS: ${mpn} does not decode`);
    out.push(f);
  }
  return out;
}
