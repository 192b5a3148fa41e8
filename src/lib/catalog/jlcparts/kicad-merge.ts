// Which KiCad assets a JLC/LCSC part gets (issue #29 item 5). Pure: the importer builds the index
// from the KiCad-derived products already in the database and asks once per part.
//
// - 'same': the KiCad product is this very part (same orderable MPN, or the KiCad name is the
//   part without its packing suffix, and the makers do not disagree): the two rows become one.
// - 'specific': the part belongs to a KiCad family ('STM32F103C8Tx' → STM32F103C8T6) or is a
//   packing variant of a KiCad part ('NE555DR' of 'NE555D'): it gets that symbol and footprint.
// - 'generic': a two-terminal passive or diode gets KiCad's generic symbol (Device:R …) and the
//   standard footprint of its package (R_0603_1608Metric …).
// A stated package that contradicts the KiCad footprint blocks the link (AMS1117-3.3 in SOT-89
// never gets the SOT-223 symbol's footprint).

import { packagesCompatible } from '../../bom/footprint-package.ts';
import { kicadWildcardPattern, MPN_LOOSE_SUFFIX_RULES, normalizeMpn } from '../mpn.ts';

export type KicadPart = {
  id: number;
  mpn: string;
  mfgMpnCode: string;
  brandKey: string | null;
  package: string | null;
  symbol: { library: string; name: string } | null;
  footprint: { library: string; name: string } | null;
  source: string;
  licence: string;
};

export type AssetMatch =
  | { kind: 'same'; part: KicadPart }
  | { kind: 'specific'; part: KicadPart; symbol: { library: string; name: string } | null; footprint: { library: string; name: string } | null }
  | { kind: 'generic'; symbol: { library: string; name: string }; footprint: { library: string; name: string } | null };

export type KicadIndex = {
  exact: Map<string, KicadPart[]>;
  /** Families by the literal prefix before their first wildcard. */
  families: Map<string, { part: KicadPart; regex: RegExp }[]>;
  prefixLengths: number[];
  /** Footprints present in the database, 'Library:Name'. */
  footprints: ReadonlySet<string>;
  symbols: ReadonlySet<string>;
};

export function buildKicadIndex(parts: readonly KicadPart[], footprints: ReadonlySet<string>, symbols: ReadonlySet<string>): KicadIndex {
  const exact = new Map<string, KicadPart[]>();
  const families = new Map<string, { part: KicadPart; regex: RegExp }[]>();
  const lengths = new Set<number>();
  for (const part of parts) {
    if (!part.symbol) continue;
    const pattern = kicadWildcardPattern(part.mpn);
    if (pattern.hasWildcard) {
      if (pattern.prefix.length < 3) continue;
      const list = families.get(pattern.prefix) ?? [];
      list.push({ part, regex: pattern.regex });
      families.set(pattern.prefix, list);
      lengths.add(pattern.prefix.length);
    } else {
      const key = normalizeMpn(part.mpn);
      if (key.length < 3) continue;
      const list = exact.get(key) ?? [];
      list.push(part);
      exact.set(key, list);
    }
  }
  return { exact, families, prefixLengths: [...lengths].sort((a, b) => b - a), footprints, symbols };
}

export type JlcPartFacts = { mpn: string; brandKey: string | null; package: string | null; kind: GenericKind | null };

/** A KiCad part's maker agrees when either is unknown or both are the same brand. */
function makersAgree(a: string | null, b: string | null): boolean {
  return a === null || b === null || a === b;
}

/** The KiCad footprint (or the KiCad part's package) does not contradict the stated package. */
function packageAgrees(statedPackage: string | null, part: KicadPart): boolean {
  if (!statedPackage) return true;
  const theirs = part.footprint?.name ?? part.package;
  if (!theirs) return true;
  return packagesCompatible(statedPackage, theirs) !== 'different' || (part.package !== null && packagesCompatible(statedPackage, part.package) !== 'different');
}

/** Keys of an orderable MPN with one packing suffix removed ('NE555DR' → 'NE555D', 'LIS3DHTR' → 'LIS3DH'). */
function packingVariants(mpn: string): string[] {
  const upper = mpn.normalize('NFKC').toUpperCase().trim();
  const out = new Set<string>();
  for (const rule of MPN_LOOSE_SUFFIX_RULES) {
    const next = upper.replace(rule.re, '');
    if (next !== upper) out.add(normalizeMpn(next));
  }
  // A single trailing 'R' (TI's tape-and-reel after the package letter: NE555DR, TPS5430DDAR) or
  // 'T' (a tube/tape letter), only after a letter, so digits such as '…10R' stay.
  const m = /^(.*[A-Z])[RT]$/.exec(normalizeMpn(upper));
  if (m && m[1] && m[1].length >= 4) out.add(m[1]);
  return [...out].filter((k) => k.length >= 3);
}

export function matchKicadAssets(index: KicadIndex, facts: JlcPartFacts): AssetMatch | null {
  const key = normalizeMpn(facts.mpn);
  if (key.length >= 3) {
    const same = (index.exact.get(key) ?? []).filter((p) => makersAgree(p.brandKey, facts.brandKey) && packageAgrees(facts.package, p));
    const first = same[0];
    if (first) return { kind: 'same', part: first };
    for (const variant of packingVariants(facts.mpn)) {
      const hit = (index.exact.get(variant) ?? []).find((p) => makersAgree(p.brandKey, facts.brandKey) && packageAgrees(facts.package, p));
      if (hit) return specific(index, hit, facts);
    }
    // A KiCad base name followed by the maker's package/packing letters ('LM358' → LM358DR).
    for (let n = key.length - 1; n >= 5; n--) {
      const suffix = key.slice(n);
      if (!/^[A-Z]{1,4}\d?$/.test(suffix) || !/\d$/.test(key.slice(0, n))) continue;
      const hit = (index.exact.get(key.slice(0, n)) ?? []).find((p) => makersAgree(p.brandKey, facts.brandKey) && packageAgrees(facts.package, p));
      if (hit) return specific(index, hit, facts);
    }
    for (const n of index.prefixLengths) {
      if (n > key.length) continue;
      const list = index.families.get(key.slice(0, n));
      const hit = list?.find((f) => f.regex.test(key) && makersAgree(f.part.brandKey, facts.brandKey) && packageAgrees(facts.package, f.part));
      if (hit) return specific(index, hit.part, facts);
    }
  }
  return genericAssets(index, facts);
}

function specific(index: KicadIndex, part: KicadPart, facts: JlcPartFacts): AssetMatch {
  // The family's footprint only when it exists and is the stated package (a KiCad LM358 drawn on
  // TO-99-8 gives an SOIC-8 LM358DR its symbol, not that footprint).
  const fp =
    part.footprint && index.footprints.has(`${part.footprint.library}:${part.footprint.name}`) && (!facts.package || packagesCompatible(facts.package, part.footprint.name) !== 'different')
      ? part.footprint
      : null;
  return { kind: 'specific', part, symbol: part.symbol, footprint: fp };
}

// ── Generic assets for two-terminal parts ───────────────────────────────────

export type GenericKind = 'resistor' | 'capacitor' | 'capacitorPolarized' | 'inductor' | 'ferrite' | 'led' | 'diode' | 'schottky' | 'zener' | 'tvs' | 'fuse' | 'crystal';

const GENERIC_SYMBOL: Readonly<Record<GenericKind, string>> = {
  resistor: 'R',
  capacitor: 'C',
  capacitorPolarized: 'C_Polarized',
  inductor: 'L',
  ferrite: 'FerriteBead',
  led: 'LED',
  diode: 'D',
  schottky: 'D_Schottky',
  zener: 'D_Zener',
  tvs: 'D_TVS',
  fuse: 'Fuse',
  crystal: 'Crystal',
};

/** Chip sizes (imperial code → metric) of KiCad's standard footprints. */
const CHIP_METRIC: Readonly<Record<string, string>> = {
  '01005': '0402Metric',
  '0201': '0603Metric',
  '0402': '1005Metric',
  '0603': '1608Metric',
  '0805': '2012Metric',
  '1206': '3216Metric',
  '1210': '3225Metric',
  '1812': '4532Metric',
  '2010': '5025Metric',
  '2512': '6332Metric',
};

const CHIP_PREFIX: Partial<Record<GenericKind, { library: string; prefix: string }>> = {
  resistor: { library: 'Resistor_SMD', prefix: 'R' },
  capacitor: { library: 'Capacitor_SMD', prefix: 'C' },
  inductor: { library: 'Inductor_SMD', prefix: 'L' },
  ferrite: { library: 'Inductor_SMD', prefix: 'L' },
  led: { library: 'LED_SMD', prefix: 'LED' },
  fuse: { library: 'Fuse', prefix: 'Fuse' },
};

const DIODE_PACKAGES: Readonly<Record<string, string>> = {
  'SOD-123': 'D_SOD-123',
  'SOD-123F': 'D_SOD-123F',
  'SOD-323': 'D_SOD-323',
  'SOD-323F': 'D_SOD-323F',
  'SOD-523': 'D_SOD-523',
  'SOD-923': 'D_SOD-923',
  SMA: 'D_SMA',
  'SMA(DO-214AC)': 'D_SMA',
  'DO-214AC': 'D_SMA',
  SMB: 'D_SMB',
  'SMB(DO-214AA)': 'D_SMB',
  'DO-214AA': 'D_SMB',
  SMC: 'D_SMC',
  'SMC(DO-214AB)': 'D_SMC',
  'DO-214AB': 'D_SMC',
  'MINIMELF': 'D_MiniMELF',
  'LL-34': 'D_MiniMELF',
  'SMAF': 'D_SMA',
};

/** The standard KiCad footprint of a stated package, when the database has it. */
function genericFootprint(index: KicadIndex, kind: GenericKind, pkg: string): { library: string; name: string } | null {
  const p = pkg.trim().toUpperCase().replace(/\s+/g, '');
  const chip = CHIP_PREFIX[kind];
  const metric = CHIP_METRIC[p];
  if (chip && metric) {
    const name = `${chip.prefix}_${p}_${metric}`;
    if (index.footprints.has(`${chip.library}:${name}`)) return { library: chip.library, name };
  }
  if (kind === 'diode' || kind === 'schottky' || kind === 'zener' || kind === 'tvs') {
    const name = DIODE_PACKAGES[p];
    if (name && index.footprints.has(`Diode_SMD:${name}`)) return { library: 'Diode_SMD', name };
  }
  return null;
}

function genericAssets(index: KicadIndex, facts: JlcPartFacts): AssetMatch | null {
  if (!facts.kind) return null;
  const symbolName = GENERIC_SYMBOL[facts.kind];
  if (!index.symbols.has(`Device:${symbolName}`)) return null;
  const footprint = facts.package ? genericFootprint(index, facts.kind, facts.package) : null;
  // A generic symbol without a footprint would tell the engineer nothing the category does not.
  if (!footprint) return null;
  return { kind: 'generic', symbol: { library: 'Device', name: symbolName }, footprint };
}

/** The generic kind of a part from its category name (our tree, zh or en) — two-terminal parts only. */
export function genericKindOf(categoryEn: string, subcategoryEn: string): GenericKind | null {
  const s = `${categoryEn} | ${subcategoryEn}`.toLowerCase();
  if (/network|array|potentiometer|trimmer|thermistor|varistor|ntc|ptc|photo|variable/.test(s)) return null;
  if (/chip resistor|current sense resistor|shunt resistor|through hole resistor|high precision.*resistor|resistors \| .*resistor/.test(s)) return 'resistor';
  if (/tantalum|electrolytic|polymer/.test(s)) return 'capacitorPolarized';
  if (/ceramic capacitor|mlcc/.test(s)) return 'capacitor';
  if (/ferrite bead/.test(s)) return 'ferrite';
  if (/inductor|chokes?\b/.test(s) && !/common mode|coupled|transformer/.test(s)) return 'inductor';
  if (/light emitting diode|\bleds?\b/.test(s) && !/infrared|uv|rgb|display|driver/.test(s)) return 'led';
  if (/schottky/.test(s)) return 'schottky';
  if (/zener/.test(s)) return 'zener';
  if (/\btvs\b/.test(s) && !/array|esd/.test(s)) return 'tvs';
  if (/switching diode|general purpose|rectifier|fast recovery|diodes \| diodes/.test(s) && !/bridge/.test(s)) return 'diode';
  return null;
}
