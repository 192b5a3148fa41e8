// Samsung Electro-Mechanics CL series multilayer ceramic chip capacitors (MLCC).
//
// Part numbering from Samsung Electro-Mechanics' MLCC catalogue, "Part numbering" page:
//
//   CL 10 B 104 K B 8 N N N C
//   │  │  │ │   │ │ │ └─┴─┘ └ packaging: C = paper (cardboard) tape, 7-inch reel;
//   │  │  │ │   │ │ │   │      E = embossed (plastic) tape, 7-inch reel
//   │  │  │ │   │ │ │   └ Samsung's electrode/plating, control and reserved codes; 'NNN' is the
//   │  │  │ │   │ │ │     standard general-purpose product (the only value generated here)
//   │  │  │ │   │ │ └ thickness: 3 = 0.30, 5 = 0.50, 8 = 0.80, A = 0.65, C = 0.85, F = 1.25,
//   │  │  │ │   │ │   H = 1.60 mm
//   │  │  │ │   │ └ rated voltage: Q = 6.3, P = 10, O = 16, A = 25, L = 35, B = 50, C = 100 V
//   │  │  │ │   └ tolerance: F = ±1 %, G = ±2 %, J = ±5 %, K = ±10 %, M = ±20 %, Z = +80/−20 %
//   │  │  │ └ capacitance: pF, two digits and a count of zeros (104 = 100 nF); R = decimal point
//   │  │  └ temperature characteristic: C = C0G, A = X5R, B = X7R, F = Y5V
//   │  └ size (EIA): 03 = 0201, 05 = 0402, 10 = 0603, 21 = 0805, 31 = 1206
//   └ CL = multilayer ceramic capacitor
//
// Which combinations exist depends on Samsung's per-part design (the thickness of a high value in
// a small case, special codes in the 8th–10th places), so the demo line-up (everydaySamsungCl)
// keeps to conservative ranges: C0G 10 pF – 1 nF and X7R up to 10 nF (0402) / 100 nF (0603) at
// 50 V with the case's nominal thickness, plus a few common higher values at lower voltages. Values
// near a case's capacitance ceiling, which Samsung builds with other thickness or special codes,
// are left out. Dielectric temperature ranges are the EIA class definitions.

import { capacitanceCode, clean, compactQuantity, parseCapacitanceCode, spacedQuantity, E12, E6, eValues } from './e-series.ts';
import { CATE_NON_POLARIZED_CAPACITORS, chipFootprint, FACTS_LICENCE, makeRecord, type Provenance } from './common.ts';
import type { CatalogParam, CatalogRecord } from '../import/catalog-record.ts';

export type ClSize = '03' | '05' | '10' | '21' | '31';
export type ClDielectric = 'C' | 'A' | 'B' | 'F';
export type ClTolerance = 'F' | 'G' | 'J' | 'K' | 'M' | 'Z';
export type ClVoltage = 'Q' | 'P' | 'O' | 'A' | 'L' | 'B' | 'C';
export type ClThickness = '3' | '5' | '8' | 'A' | 'C' | 'F' | 'H';
export type ClPackaging = 'C' | 'E';

export type ClFields = {
  size: ClSize;
  dielectric: ClDielectric;
  farads: number;
  tolerance: ClTolerance;
  voltage: ClVoltage;
  thickness: ClThickness;
  packaging: ClPackaging;
};

export const CL_SIZE: Readonly<Record<ClSize, { imperial: string; thicknesses: readonly ClThickness[] }>> = {
  '03': { imperial: '0201', thicknesses: ['3'] },
  '05': { imperial: '0402', thicknesses: ['5'] },
  '10': { imperial: '0603', thicknesses: ['8'] },
  '21': { imperial: '0805', thicknesses: ['A', 'C', 'F'] },
  '31': { imperial: '1206', thicknesses: ['C', 'F', 'H'] },
};
export const CL_SIZE_CODES = Object.keys(CL_SIZE) as ClSize[];

/** EIA dielectric name and the class's temperature range. */
export const CL_DIELECTRIC: Readonly<Record<ClDielectric, { name: string; tMin: number; tMax: number; tolerances: readonly ClTolerance[] }>> = {
  C: { name: 'C0G', tMin: -55, tMax: 125, tolerances: ['F', 'G', 'J'] },
  A: { name: 'X5R', tMin: -55, tMax: 85, tolerances: ['K', 'M'] },
  B: { name: 'X7R', tMin: -55, tMax: 125, tolerances: ['K', 'M'] },
  F: { name: 'Y5V', tMin: -30, tMax: 85, tolerances: ['Z'] },
};
export const CL_DIELECTRIC_CODES = Object.keys(CL_DIELECTRIC) as ClDielectric[];

/** Tolerance in percent; Z is asymmetric (+80/−20 %) and has no single figure. */
export const CL_TOLERANCE: Readonly<Record<ClTolerance, { percent: number | null; text: string }>> = {
  F: { percent: 1, text: '±1%' },
  G: { percent: 2, text: '±2%' },
  J: { percent: 5, text: '±5%' },
  K: { percent: 10, text: '±10%' },
  M: { percent: 20, text: '±20%' },
  Z: { percent: null, text: '+80/-20%' },
};

export const CL_VOLTAGE: Readonly<Record<ClVoltage, number>> = { Q: 6.3, P: 10, O: 16, A: 25, L: 35, B: 50, C: 100 };
export const CL_VOLTAGE_CODES = Object.keys(CL_VOLTAGE) as ClVoltage[];

/** Millimetres. */
export const CL_THICKNESS: Readonly<Record<ClThickness, number>> = { '3': 0.3, '5': 0.5, '8': 0.8, A: 0.65, C: 0.85, F: 1.25, H: 1.6 };

/** Paper tape up to 0.85 mm, embossed tape for thicker chips (7-inch reels). */
export function clPackagingFor(thickness: ClThickness): ClPackaging {
  return CL_THICKNESS[thickness] > 0.85 ? 'E' : 'C';
}

export function encodeCl(f: ClFields): string {
  return `CL${f.size}${f.dielectric}${capacitanceCode(f.farads)}${f.tolerance}${f.voltage}${f.thickness}NNN${f.packaging}`;
}

const CL_RE = /^CL(03|05|10|21|31)([CABF])(\d[R\d]\d)([FGJKMZ])([QPOALBC])([358ACFH])NNN([CE])$/;

export function decodeCl(mpn: string): ClFields | null {
  const m = CL_RE.exec(mpn);
  if (!m) return null;
  const farads = parseCapacitanceCode(m[3] ?? '');
  if (farads === null) return null;
  return {
    size: m[1] as ClSize,
    dielectric: m[2] as ClDielectric,
    farads,
    tolerance: m[4] as ClTolerance,
    voltage: m[5] as ClVoltage,
    thickness: m[6] as ClThickness,
    packaging: m[7] as ClPackaging,
  };
}

/** Structural validity: a thickness the case can have, the dielectric's tolerances, matching packaging. */
export function isValidCl(f: ClFields): boolean {
  const size = CL_SIZE[f.size];
  return (
    !!size &&
    size.thicknesses.includes(f.thickness) &&
    CL_DIELECTRIC[f.dielectric].tolerances.includes(f.tolerance) &&
    clPackagingFor(f.thickness) === f.packaging
  );
}

/** The case size goes in the record's package column (the filters treat it as such), not in params. */
export function mlccParams(farads: number, tolerance: number | null, volts: number, dielectric: { name: string; tMin: number; tMax: number }): CatalogParam[] {
  const params: CatalogParam[] = [{ key: 'capacitance', value: farads, unit: 'F' }];
  if (tolerance !== null) params.push({ key: 'tolerance', value: tolerance, unit: '%' });
  params.push(
    { key: 'ratedVoltage', value: volts, unit: 'V' },
    { key: 'dielectric', text: dielectric.name },
    { key: 'operatingTempMin', value: dielectric.tMin, unit: '°C' },
    { key: 'operatingTempMax', value: dielectric.tMax, unit: '°C' },
  );
  return params;
}

export function mlccDescriptions(farads: number, tolText: string, volts: number, dielectric: string, imperial: string): { zh: string; en: string } {
  return {
    zh: `贴片电容 ${compactQuantity(farads, 'F')} ${tolText} ${volts}V ${dielectric} ${imperial}`,
    en: `MLCC ${spacedQuantity(farads, 'F')} ${tolText} ${volts} V ${dielectric} ${imperial}`,
  };
}

export function clRecord(f: ClFields, prov: Provenance): CatalogRecord {
  const imperial = CL_SIZE[f.size].imperial;
  const diel = CL_DIELECTRIC[f.dielectric];
  const tol = CL_TOLERANCE[f.tolerance];
  const volts = CL_VOLTAGE[f.voltage];
  const desc = mlccDescriptions(f.farads, tol.text, volts, diel.name, imperial);
  const fp = chipFootprint('C', imperial);
  return makeRecord(
    {
      mpn: encodeCl(f),
      brand: 'samsung-em',
      cateId: CATE_NON_POLARIZED_CAPACITORS,
      descriptionZh: desc.zh,
      descriptionEn: desc.en,
      package: imperial,
      params: mlccParams(f.farads, tol.percent, volts, diel),
      keywords: `MLCC 多层陶瓷电容 ceramic capacitor ${capacitanceCode(f.farads)}`,
      symbol: { library: 'Device', name: 'C' },
      ...(fp ? { footprint: fp } : {}),
    },
    prov,
  );
}

export const SAMSUNG_CL_PROVENANCE: Provenance = {
  source: 'Built from Samsung Electro-Mechanics CL-series ordering codes (Samsung MLCC catalogue, "Part numbering")',
  licence: FACTS_LICENCE,
  synthetic: false,
};

type Line = { size: ClSize; dielectric: ClDielectric; tolerance: ClTolerance; voltage: ClVoltage; thickness: ClThickness; values: readonly number[] };

const pF = 1e-12;
const nF = 1e-9;
const uF = 1e-6;

/** Demo line-up (see the file header for the rule). */
const EVERYDAY_LINES: readonly Line[] = [
  // 0402, 0.5 mm
  { size: '05', dielectric: 'C', tolerance: 'J', voltage: 'B', thickness: '5', values: eValues(E12, 10 * pF, 1 * nF) },
  { size: '05', dielectric: 'B', tolerance: 'K', voltage: 'B', thickness: '5', values: eValues(E6, 1 * nF, 10 * nF) },
  { size: '05', dielectric: 'B', tolerance: 'K', voltage: 'O', thickness: '5', values: [22 * nF, 47 * nF, 100 * nF] },
  { size: '05', dielectric: 'A', tolerance: 'K', voltage: 'A', thickness: '5', values: [100 * nF] },
  { size: '05', dielectric: 'A', tolerance: 'K', voltage: 'P', thickness: '5', values: [1 * uF] },
  // 0603, 0.8 mm
  { size: '10', dielectric: 'C', tolerance: 'J', voltage: 'B', thickness: '8', values: eValues(E12, 10 * pF, 1 * nF) },
  { size: '10', dielectric: 'B', tolerance: 'K', voltage: 'B', thickness: '8', values: eValues(E6, 1 * nF, 100 * nF) },
  { size: '10', dielectric: 'B', tolerance: 'K', voltage: 'A', thickness: '8', values: [1 * uF] },
  { size: '10', dielectric: 'B', tolerance: 'K', voltage: 'O', thickness: '8', values: [220 * nF, 470 * nF] },
  { size: '10', dielectric: 'A', tolerance: 'K', voltage: 'B', thickness: '8', values: [1 * uF] },
  { size: '10', dielectric: 'A', tolerance: 'K', voltage: 'O', thickness: '8', values: [2.2 * uF, 4.7 * uF] },
  { size: '10', dielectric: 'A', tolerance: 'K', voltage: 'P', thickness: '8', values: [10 * uF] },
  // 0805
  { size: '21', dielectric: 'B', tolerance: 'K', voltage: 'B', thickness: 'C', values: [100 * nF] },
  { size: '21', dielectric: 'B', tolerance: 'K', voltage: 'B', thickness: 'F', values: [1 * uF] },
  // 1206
  { size: '31', dielectric: 'B', tolerance: 'K', voltage: 'B', thickness: 'C', values: [100 * nF] },
  { size: '31', dielectric: 'B', tolerance: 'K', voltage: 'B', thickness: 'H', values: [1 * uF] },
  { size: '31', dielectric: 'A', tolerance: 'K', voltage: 'A', thickness: 'H', values: [10 * uF] },
];

export function everydaySamsungCl(): ClFields[] {
  const out: ClFields[] = [];
  for (const line of EVERYDAY_LINES) {
    for (const v of line.values) {
      out.push({ size: line.size, dielectric: line.dielectric, farads: clean(v), tolerance: line.tolerance, voltage: line.voltage, thickness: line.thickness, packaging: clPackagingFor(line.thickness) });
    }
  }
  return out;
}
