// Yageo RC_L series general-purpose thick-film chip resistors.
//
// Part numbering from Yageo's datasheet "General Purpose Chip Resistors RC_L series", section
// "Ordering information – global part number":
//
//   RC 0603 F R - 07 10K L
//   │  │    │ │ │ │  │   └ default code: L (lead-free; "system default code for ordering only")
//   │  │    │ │ │ │  └ resistance: R, K or M is the decimal point and multiplier (4R7, 100R, 4K7,
//   │  │    │ │ │ │    10K, 1M, 10M; 0R = jumper)
//   │  │    │ │ │ └ taping reel: 07 = 7-inch, 10 = 10-inch, 13 = 13-inch reel
//   │  │    │ │ └ temperature coefficient: '-' = based on the series specification
//   │  │    │ └ packaging type: R = paper/PE taping reel, K = embossed taping reel
//   │  │    └ tolerance: F = ±1 %, J = ±5 % (jumpers are ordered as J)
//   │  └ size code (imperial): 0201, 0402, 0603, 0805, 1206, 1210, 2010, 2512
//   └ product type: RC
//
// Ratings per size (same datasheet, "Electrical characteristics"): rated power at 70 °C and
// maximum working voltage. Resistance range used here: 1 Ω – 10 MΩ for both tolerances (E24 for
// ±5 %, E24 and E96 for ±1 %) plus the 0 Ω jumper; that is the range the datasheet gives for every
// size listed. The temperature coefficient is not part of the number ('-': "based on spec"), so
// it is not stated. Precision tolerances B/C/D, the '7W'/'3W' double-power reels and the
// 0075/0100/1218 sizes are not generated.

import { clean, compactQuantity, E24, E96, eUnion, eValues, spacedQuantity } from './e-series.ts';
import { CATE_FIXED_RESISTORS, chipFootprint, FACTS_LICENCE, makeRecord, percentText, type Provenance } from './common.ts';
import type { CatalogParam, CatalogRecord } from '../import/catalog-record.ts';

export type RcSize = '0201' | '0402' | '0603' | '0805' | '1206' | '1210' | '2010' | '2512';
export type RcTolerance = 'F' | 'J';
export type RcPackaging = 'R' | 'K';
export type RcReel = '07' | '10' | '13';

export type RcFields = {
  size: RcSize;
  tolerance: RcTolerance;
  packaging: RcPackaging;
  reel: RcReel;
  /** Ohms; 0 for the jumper. */
  ohms: number;
};

type SizeInfo = { readonly powerW: number; readonly powerText: string; readonly maxWorkingV: number; readonly packaging: RcPackaging };

/** RC_L ratings (rated power at 70 °C, maximum working voltage) and packaging type per size. */
export const RC_SIZES: Readonly<Record<RcSize, SizeInfo>> = {
  '0201': { powerW: 1 / 20, powerText: '1/20W', maxWorkingV: 25, packaging: 'R' },
  '0402': { powerW: 1 / 16, powerText: '1/16W', maxWorkingV: 50, packaging: 'R' },
  '0603': { powerW: 1 / 10, powerText: '1/10W', maxWorkingV: 75, packaging: 'R' },
  '0805': { powerW: 1 / 8, powerText: '1/8W', maxWorkingV: 150, packaging: 'R' },
  '1206': { powerW: 1 / 4, powerText: '1/4W', maxWorkingV: 200, packaging: 'R' },
  '1210': { powerW: 1 / 2, powerText: '1/2W', maxWorkingV: 200, packaging: 'R' },
  '2010': { powerW: 3 / 4, powerText: '3/4W', maxWorkingV: 200, packaging: 'K' },
  '2512': { powerW: 1, powerText: '1W', maxWorkingV: 200, packaging: 'K' },
};
export const RC_SIZE_CODES = Object.keys(RC_SIZES) as RcSize[];

const TOLERANCE_PERCENT: Readonly<Record<RcTolerance, number>> = { F: 1, J: 5 };

/** Resistance values offered per tolerance (1 Ω – 10 MΩ). */
export const RC_VALUES: Readonly<Record<RcTolerance, readonly number[]>> = {
  F: eUnion([E24, E96], 1, 10e6),
  J: eValues(E24, 1, 10e6),
};

/** Yageo's resistance code: 4.7 → '4R7', 100 → '100R', 4700 → '4K7', 1e6 → '1M', 0 → '0R'. */
const rcCodeCache = new Map<number, string>();

export function rcValueCode(ohms: number): string {
  let code = rcCodeCache.get(ohms);
  if (code === undefined) {
    code = rcValueCodeOf(ohms);
    if (rcCodeCache.size < 20_000) rcCodeCache.set(ohms, code);
  }
  return code;
}

function rcValueCodeOf(ohms: number): string {
  if (ohms === 0) return '0R';
  const [unit, letter] = ohms < 1e3 ? [1, 'R'] : ohms < 1e6 ? [1e3, 'K'] : [1e6, 'M'];
  const x = clean(ohms / unit);
  const text = String(x);
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text) || text.replace('.', '').replace(/^0+/, '').length > 3) {
    throw new RangeError(`${ohms} Ω cannot be written as a Yageo resistance code`);
  }
  return text.includes('.') ? text.replace('.', letter) : `${text}${letter}`;
}

/** Inverse of rcValueCode; null when malformed. */
export function parseRcValueCode(code: string): number | null {
  const m = /^(\d{1,3})([RKM])(\d{0,2})$/.exec(code);
  if (!m || m[1] === undefined || m[2] === undefined) return null;
  const unit = m[2] === 'R' ? 1 : m[2] === 'K' ? 1e3 : 1e6;
  if (m[1].length > 1 && m[1].startsWith('0')) return null;
  const v = clean(Number(`${m[1]}.${m[3] || '0'}`) * unit);
  // Canonical form only (so that decode(encode(x)) is a bijection).
  return rcValueCode(v) === code ? v : null;
}

export function encodeRc(f: RcFields): string {
  return `RC${f.size}${f.tolerance}${f.packaging}-${f.reel}${rcValueCode(f.ohms)}L`;
}

const RC_RE = /^RC(0201|0402|0603|0805|1206|1210|2010|2512)([FJ])([RK])-(07|10|13)(\d{1,3}[RKM]\d{0,2})L$/;

export function decodeRc(mpn: string): RcFields | null {
  const m = RC_RE.exec(mpn);
  if (!m) return null;
  const ohms = parseRcValueCode(m[5] ?? '');
  if (ohms === null) return null;
  return { size: m[1] as RcSize, tolerance: m[2] as RcTolerance, packaging: m[3] as RcPackaging, reel: m[4] as RcReel, ohms };
}

/** Whether the fields name a part of the RC_L range as this module understands it. */
export function isValidRc(f: RcFields): boolean {
  const size = RC_SIZES[f.size];
  if (!size || size.packaging !== f.packaging) return false;
  if (f.ohms === 0) return f.tolerance === 'J';
  return RC_VALUES[f.tolerance].includes(f.ohms);
}

export function rcRecord(f: RcFields, prov: Provenance): CatalogRecord {
  const size = RC_SIZES[f.size];
  const jumper = f.ohms === 0;
  const pct = TOLERANCE_PERCENT[f.tolerance];
  const params: CatalogParam[] = [{ key: 'resistance', value: f.ohms, unit: 'Ω' }];
  if (!jumper) {
    params.push({ key: 'tolerance', value: pct, unit: '%' });
    params.push({ key: 'power', value: clean(size.powerW), unit: 'W' });
    params.push({ key: 'maxWorkingVoltage', value: size.maxWorkingV, unit: 'V' });
  }
  const fp = chipFootprint('R', f.size);
  return makeRecord(
    {
      mpn: encodeRc(f),
      brand: 'yageo',
      cateId: CATE_FIXED_RESISTORS,
      descriptionZh: jumper ? `贴片电阻 0Ω 跳线 ${f.size}` : `贴片电阻 ${compactQuantity(f.ohms, 'Ω')} ${percentText(pct)} ${f.size} ${size.powerText}`,
      descriptionEn: jumper
        ? `Chip resistor 0 Ω jumper ${f.size}`
        : `Chip resistor ${spacedQuantity(f.ohms, 'Ω')} ${percentText(pct)} ${f.size} ${clean(size.powerW)} W`,
      package: f.size,
      params,
      keywords: `RC_L thick film SMD 厚膜 ${jumper ? '0R jumper 跳线' : rcValueCode(f.ohms)}`,
      symbol: { library: 'Device', name: 'R' },
      ...(fp ? { footprint: fp } : {}),
    },
    prov,
  );
}

export const YAGEO_RC_PROVENANCE: Provenance = {
  source: 'Built from Yageo RC-series ordering codes (Yageo datasheet "General Purpose Chip Resistors RC_L series")',
  licence: FACTS_LICENCE,
  synthetic: false,
};

/** Demo line-up: 0402–1206, ±1 % and ±5 %, E24 1 Ω – 10 MΩ, 7-inch paper reels, plus jumpers. */
export function everydayYageoRc(): RcFields[] {
  const out: RcFields[] = [];
  for (const size of ['0402', '0603', '0805', '1206'] as const) {
    for (const tolerance of ['F', 'J'] as const) {
      for (const ohms of eValues(E24, 1, 10e6)) out.push({ size, tolerance, packaging: 'R', reel: '07', ohms });
    }
    out.push({ size, tolerance: 'J', packaging: 'R', reel: '07', ohms: 0 });
  }
  return out;
}
