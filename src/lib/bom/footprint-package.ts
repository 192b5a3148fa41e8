// Package names from a BOM's footprint / package cell or a description: KiCad footprints
// ('Resistor_SMD:R_0603_1608Metric', 'Package_SO:SOIC-8_3.9x4.9mm_P1.27mm'), Altium / EasyEDA
// names ('R0603', 'SOT-23-3', 'LQFP-48_7x7x05P') and plain text ('0603', 'SOP-8'). The result is
// written the way the catalogue's `package` column is ('0603', 'SOIC-8', 'SOT-23', 'QFN-32'), so
// a BOM line can be compared with a product directly. Pure, browser-safe.

import { packagesInText } from '../catalog/param-extract.ts';

/** Component kinds a BOM line can be read as (describe-line.ts decides; footprints give hints). */
export const PART_KINDS = ['resistor', 'capacitor', 'inductor', 'ferrite', 'led', 'diode', 'crystal', 'fuse', 'transistor'] as const;
export type PartKind = (typeof PART_KINDS)[number];

export type Mounting = 'smd' | 'tht';

export type PackageInfo = {
  /** Catalogue form: imperial chip size ('0603') or 'FAMILY-PINS' ('SOIC-8', 'QFN-32', 'SOT-23'). */
  readonly package: string;
  /** True for two-terminal chip sizes (0402, 0603 …). */
  readonly chip: boolean;
  /** QFN/DFN '-1EP': the exposed pad is dropped from `package` (the catalogue mostly omits it). */
  readonly exposedPad: boolean;
  /** Kind suggested by the footprint library or prefix ('Resistor_SMD:', 'R_', 'C0805'), if any. */
  readonly kind: PartKind | null;
  readonly mounting: Mounting | null;
  /** How the package was read, for review ('metric 1608 → imperial 0603'). */
  readonly evidence: readonly string[];
};

/** Imperial chip sizes (EIA, inches × 100) and their metric (mm × 10) names. */
export const IMPERIAL_TO_METRIC: Readonly<Record<string, string>> = {
  '01005': '0402',
  '0201': '0603',
  '0402': '1005',
  '0603': '1608',
  '0805': '2012',
  '1008': '2520',
  '1206': '3216',
  '1210': '3225',
  '1806': '4516',
  '1812': '4532',
  '2010': '5025',
  '2220': '5750',
  '2512': '6332',
};
const METRIC_TO_IMPERIAL: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(IMPERIAL_TO_METRIC).map(([i, m]) => [m, i]));

/** Whether a 4–5 digit code is a chip size in either system. */
export function isChipSizeCode(code: string): boolean {
  return Object.hasOwn(IMPERIAL_TO_METRIC, code) || Object.hasOwn(METRIC_TO_IMPERIAL, code);
}

/**
 * The imperial size a code stands for. Without a metric cue a code that is an imperial size is
 * imperial ('0603' in a BOM is 0603 inch, 1608 metric): only '0402' and '0603' are both, and BOMs
 * mean the imperial one. A code that exists only as a metric size ('1608', '2012') is resolved.
 */
function imperialOf(code: string, metricCue: boolean): { size: string; evidence: string | null } | null {
  if (metricCue) {
    const imp = METRIC_TO_IMPERIAL[code];
    return imp ? { size: imp, evidence: `metric ${code} → imperial ${imp}` } : null;
  }
  if (Object.hasOwn(IMPERIAL_TO_METRIC, code)) return { size: code, evidence: null };
  const imp = METRIC_TO_IMPERIAL[code];
  return imp ? { size: imp, evidence: `metric ${code} → imperial ${imp}` } : null;
}

/** KiCad footprint libraries that say what the part is and how it mounts. */
const KICAD_LIBRARY_KIND: ReadonlyArray<readonly [RegExp, PartKind | null, Mounting | null]> = [
  [/^Resistor_SMD$/, 'resistor', 'smd'],
  [/^Resistor_THT$/, 'resistor', 'tht'],
  [/^Capacitor_SMD$/, 'capacitor', 'smd'],
  [/^Capacitor_THT$/, 'capacitor', 'tht'],
  [/^Capacitor_Tantalum_SMD$/, 'capacitor', 'smd'],
  [/^Inductor_SMD$/, 'inductor', 'smd'],
  [/^Inductor_THT$/, 'inductor', 'tht'],
  [/^LED_SMD$/, 'led', 'smd'],
  [/^LED_THT$/, 'led', 'tht'],
  [/^Diode_SMD$/, 'diode', 'smd'],
  [/^Diode_THT$/, 'diode', 'tht'],
  [/^(?:Crystal|Oscillator)$/, 'crystal', null],
  [/^Fuse$/, 'fuse', null],
  [/_SMD$/, null, 'smd'],
  [/_THT$/, null, 'tht'],
];

/** Footprint-name prefixes before a chip size: KiCad 'R_', Eagle 'R0603', 'M0805', EasyEDA 'C0805'. */
const PREFIX_KIND: Readonly<Record<string, PartKind | null>> = {
  R: 'resistor',
  RES: 'resistor',
  C: 'capacitor',
  CAP: 'capacitor',
  L: 'inductor',
  IND: 'inductor',
  FB: 'ferrite',
  LED: 'led',
  D: 'diode',
  F: 'fuse',
  M: null,
};

// A chip size standing alone or after a prefix, optionally followed by its metric twin
// ('R_0603_1608Metric', '0603_1608', 'C0805', 'CAP-SMD_0603'), never inside an MPN or SKU
// ('RC0402FR-07', 'XL-1606UWC'): no letter or digit may touch it except the known prefix.
const CHIP_RE = /(?<![A-Za-z0-9.])(?:(RES|CAP|IND|LED|FB|[RCLDFM])[_-]?)?(\d{4,5})(?:[_-]?(\d{4,5})\s*(?:Metric|metric|METRIC))?(\s*(?:Metric|metric|METRIC|公制|\(metric\)))?(?![A-Za-z0-9])/g;

// An axial body by its DIN size code, as KiCad names it ('R_Axial_DIN0207_L6.3mm_D2.5mm_P10.16mm_Horizontal')
// and as the catalogue writes it ('Axial-DIN0207'). The size is the body (length, diameter), not
// the lead pitch, so horizontal and vertical mountings of one size are the same package.
const AXIAL_DIN_RE = /(?<![A-Za-z0-9])Axial[_-]DIN(0204|0207|0309|0411|0414|0516|0614|0617|0918|0922)(?![0-9])/i;

/** An SMD crystal body in 0.1 mm (length, width) and its pads: '3225-4Pin', 'SMD2016-4P', '2520_4P'. */
const CRYSTAL_BODY_RE = /(?<![A-Za-z0-9.])(?:SMD[-_]?)?(1210|1612|1610|2016|2520|3215|3225|5032|6035|7050|8045)[-_ ]?([2-6])P(?:in)?(?![A-Za-z0-9])/i;

/** Packages with no pin count in the name, as the catalogue writes them. */
const NAMED_PACKAGES: ReadonlyArray<readonly [RegExp, string]> = [
  [/(?<![A-Za-z0-9])(?:SMA|DO-?214AC)(?![A-Za-z0-9])/i, 'SMA'],
  [/(?<![A-Za-z0-9])(?:SMB|DO-?214AA)(?![A-Za-z0-9])/i, 'SMB'],
  [/(?<![A-Za-z0-9])(?:SMC|DO-?214AB)(?![A-Za-z0-9])/i, 'SMC'],
  [/(?<![A-Za-z0-9])(?:SOT-?23|TO-?236(?:AB)?)(?![A-Za-z0-9-])/i, 'SOT-23'],
  [/(?<![A-Za-z0-9])MiniMELF(?![A-Za-z0-9])/i, 'MiniMELF'],
  [/(?<![A-Za-z0-9])D2PAK(?![A-Za-z0-9])/i, 'D2PAK'],
  [/(?<![A-Za-z0-9])DPAK(?![A-Za-z0-9])/i, 'DPAK'],
  // Quartz crystal cans: HC-49/S ('49S' in Chinese BOMs), its SMD form, and the tall HC-49/U.
  [/(?<![A-Za-z0-9])(?:HC-?)?49\/?S[-_ ]?SMD(?![A-Za-z0-9])|(?<![A-Za-z0-9])49SMD(?![A-Za-z0-9])/i, 'HC-49S-SMD'],
  [/(?<![A-Za-z0-9])(?:HC-?)?49\/?S(?![A-Za-z0-9])/i, 'HC-49S'],
  [/(?<![A-Za-z0-9])HC-?49\/?US?(?![A-Za-z0-9])/i, 'HC-49U'],
];

/** Spellings of one package that the catalogue writes one way. */
const SAME_AS: Readonly<Record<string, string>> = {
  'SOT-23-3': 'SOT-23',
  'SOT-223-3': 'SOT-223',
  'SOT-223-4': 'SOT-223',
  'TO-220-3': 'TO-220',
  'TO-92-3': 'TO-92',
  'TO-263-3': 'TO-263',
  'TO-252-3': 'TO-252',
  'SOT-89-3': 'SOT-89',
  'TO-236': 'SOT-23',
  // JEDEC / EIAJ / maker names of one body (Nexperia's and TI's package pages list them together).
  'SOT-25': 'SOT-23-5',
  'SOT-753': 'SOT-23-5',
  'SOT-26': 'SOT-23-6',
  'SC-74': 'SOT-23-6',
  'SC-70': 'SOT-323',
  'SC-70-3': 'SOT-323',
  'SOT-323-3': 'SOT-323',
  'SC-70-5': 'SOT-353',
  'SC-70-6': 'SOT-363',
  'SC-88': 'SOT-363',
  'DPAK': 'TO-252',
  'TO-252-2': 'TO-252',
  'D2PAK': 'TO-263',
  'TO-263-2': 'TO-263',
};

function canonicalPinPackage(pkg: string): { pkg: string; exposedPad: boolean } {
  let p = pkg.toUpperCase();
  let exposedPad = false;
  const ep = /^(.*?)-(?:1EP|EP)$/.exec(p);
  if (ep && ep[1]) {
    p = ep[1];
    exposedPad = true;
  }
  return { pkg: SAME_AS[p] ?? p, exposedPad };
}

function kicadParts(text: string): { library: string | null; name: string } {
  const m = /^([A-Za-z0-9_.-]+):(.+)$/.exec(text);
  return m && m[1] && m[2] ? { library: m[1], name: m[2] } : { library: null, name: text };
}

/**
 * Reads the package from a footprint or package cell, or from any text that names one. Returns
 * null when no package is recognised. Chip sizes win over pin packages only when they are the
 * footprint's own size (a description may name both, e.g. 'LED 0805 … SOT-23' is not expected).
 */
export function footprintPackage(text: string): PackageInfo | null {
  if (typeof text !== 'string') return null;
  const raw = text.normalize('NFKC').replace(/\s+/g, ' ').trim();
  if (raw === '' || raw.length > 300) return null;
  const { library, name } = kicadParts(raw);
  const evidence: string[] = [];
  let kind: PartKind | null = null;
  let mounting: Mounting | null = null;
  if (library) {
    for (const [re, k, mnt] of KICAD_LIBRARY_KIND) {
      if (!re.test(library)) continue;
      kind = k;
      mounting = mnt;
      evidence.push(`KiCad library ${library}`);
      break;
    }
  }
  const axial = AXIAL_DIN_RE.exec(name);
  if (axial && axial[1]) {
    const pkg = `Axial-DIN${axial[1]}`;
    if (!kind && /^R_/.test(name)) kind = 'resistor';
    evidence.push(`axial body DIN ${axial[1]} from '${axial[0]}'`);
    return { package: pkg, chip: false, exposedPad: false, kind, mounting: 'tht', evidence };
  }
  // Electrolytic cans: KiCad 'CP_Elec_6.3x7.7' is the snapshot's 'SMD,D6.3xL7.7mm'; a radial
  // 'CP_Radial_D8.0mm_P3.50mm' gives its diameter only ('Radial-D8mm').
  const can = /^CP_Elec_(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)/i.exec(name);
  if (can && can[1] && can[2]) {
    const pkg = `SMD,D${Number(can[1])}xL${Number(can[2])}mm`;
    evidence.push(`electrolytic can ${pkg} from '${can[0]}'`);
    return { package: pkg, chip: false, exposedPad: false, kind: kind ?? 'capacitor', mounting: 'smd', evidence };
  }
  const radial = /^CP?_Radial_D(\d+(?:\.\d+)?)mm/i.exec(name);
  if (radial && radial[1]) {
    const pkg = `Radial-D${Number(radial[1])}mm`;
    evidence.push(`radial body ${pkg} from '${radial[0]}'`);
    return { package: pkg, chip: false, exposedPad: false, kind: kind ?? 'capacitor', mounting: 'tht', evidence };
  }
  // SMD crystal and oscillator bodies with their pad count ('Crystal_SMD_3225-4Pin_3.2x2.5mm',
  // '2016_4P', 'SMD3225-4P'), written as the catalogue does: 'SMD3225-4P'.
  const body = CRYSTAL_BODY_RE.exec(name);
  if (body && body[1] && body[2]) {
    const pkg = `SMD${body[1]}-${body[2]}P`;
    evidence.push(`crystal body ${pkg} from '${body[0]}'`);
    return { package: pkg, chip: false, exposedPad: false, kind: kind ?? (/^Crystal/i.test(name) ? 'crystal' : null), mounting: 'smd', evidence };
  }
  // Crystals and oscillators name their body in mm ('Crystal_SMD_3225-4Pin_3.2x2.5mm'): not a chip size.
  const chipSizes = kind === 'crystal' || /^(?:Crystal|Oscillator)/i.test(name) ? [] : name.matchAll(CHIP_RE);

  for (const m of chipSizes) {
    const prefix = m[1] ?? '';
    const code = m[2] ?? '';
    const twin = m[3];
    if (!isChipSizeCode(code)) continue;
    let size: string;
    if (twin) {
      // 'R_0603_1608Metric': the pair settles it; a pair that disagrees trusts the metric twin.
      if (IMPERIAL_TO_METRIC[code] === twin) size = code;
      else {
        const imp = METRIC_TO_IMPERIAL[twin];
        if (!imp) continue;
        size = imp;
        evidence.push(`imperial ${code} and metric ${twin} disagree; metric ${twin} → imperial ${imp}`);
      }
    } else {
      // Only a cue right after the code flips '0603' to metric; elsewhere in the name it may
      // belong to another size.
      const r = imperialOf(code, m[4] !== undefined);
      if (!r) continue;
      size = r.size;
      if (r.evidence) evidence.push(r.evidence);
    }
    if (!kind && prefix) {
      const k = PREFIX_KIND[prefix.toUpperCase()];
      if (k) {
        kind = k;
        evidence.push(`prefix '${prefix}'`);
      }
    }
    evidence.push(`chip size ${size} from '${m[0].trim()}'`);
    return { package: size, chip: true, exposedPad: false, kind, mounting: mounting ?? 'smd', evidence };
  }

  const pins = packagesInText(name.replace(/_/g, ' '));
  const first = pins[0];
  if (first) {
    const c = canonicalPinPackage(first);
    evidence.push(`package ${c.pkg} from '${first}'`);
    if (!kind && /^D_/.test(name)) kind = 'diode';
    return { package: c.pkg, chip: false, exposedPad: c.exposedPad, kind, mounting: mounting ?? mountingOf(c.pkg), evidence };
  }
  for (const [re, named] of NAMED_PACKAGES) {
    const m = re.exec(name);
    if (!m) continue;
    const pkg = SAME_AS[named] ?? named;
    evidence.push(`package ${pkg} from '${m[0]}'`);
    if (!kind && /^D_/.test(name)) kind = 'diode';
    return { package: pkg, chip: false, exposedPad: false, kind, mounting: mounting ?? mountingOf(pkg), evidence };
  }
  return null;
}

/**
 * Whether the catalogue writes this package one way only (chip sizes, 'Axial-DIN0207'), so a
 * query may compare it by equality instead of packagesCompatible.
 */
export function isExactPackage(info: PackageInfo | null): boolean {
  return !!info && (info.chip || /^Axial-DIN\d{4}$/.test(info.package));
}

/** Through-hole families; everything else the parser knows is surface-mount. */
function mountingOf(pkg: string): Mounting {
  return /^(?:DIP|PDIP|SDIP|SIP|TO-(?:92|220|247|126|3)\b|DO-(?:35|41|15|201)|HC-49(?:S|U)$)/.test(pkg) ? 'tht' : 'smd';
}

export type PackageMatch = 'same' | 'similar' | 'different';

/** Families that are the same body under different names (pins must agree). */
const SAME_FAMILY: Readonly<Record<string, string>> = { PDIP: 'DIP' };
/** Families close enough to suggest, never to accept silently: narrow SOIC vs SO vs SOP, QFN variants. */
const SIMILAR_FAMILY: Readonly<Record<string, string>> = {
  SOIC: 'SO', SO: 'SO', SOP: 'SO', ESOP: 'SO', HSOP: 'SO',
  QFN: 'QFN', VQFN: 'QFN', UQFN: 'QFN', WQFN: 'QFN', TQFN: 'QFN', HVQFN: 'QFN', VFQFPN: 'QFN', UFQFPN: 'QFN', LQFN: 'QFN',
  DFN: 'SON', UDFN: 'SON', WDFN: 'SON', TDFN: 'SON', SON: 'SON', VSON: 'SON', WSON: 'SON', USON: 'SON',
  TSOT: 'SOT', SOT: 'SOT',
  // TI's VSSOP-8 (DGK) is the MSOP-8 body; its 2.3 mm DCU is also called VSSOP: similar, not same.
  MSOP: 'MSOP', VSSOP: 'MSOP',
  TSSOP: 'TSSOP', HTSSOP: 'TSSOP',
  LQFP: 'QFP', TQFP: 'QFP',
  BGA: 'BGA', FBGA: 'BGA', LFBGA: 'BGA', TFBGA: 'BGA', UFBGA: 'BGA', VFBGA: 'BGA', MAPBGA: 'BGA',
};

function splitPackage(pkg: string): { family: string; pins: string } {
  const m = /^([A-Z]+)-?(\d.*)?$/.exec(pkg);
  return m && m[1] ? { family: m[1], pins: m[2] ?? '' } : { family: pkg, pins: '' };
}

// Grading a part's replacements compares its package with hundreds of candidates' (and the BOM
// matcher does the same per line), over a few hundred distinct spellings: each is read once.
const canonicalSeen = new Map<string, string>();
const CANONICAL_SEEN_MAX = 20_000;

function canonicalForCompare(text: string): string {
  let canonical = canonicalSeen.get(text);
  if (canonical === undefined) {
    const info = footprintPackage(text);
    canonical = info ? info.package : text.normalize('NFKC').trim().toUpperCase();
    if (canonicalSeen.size >= CANONICAL_SEEN_MAX) canonicalSeen.clear(); // bounded: user text reaches it too
    canonicalSeen.set(text, canonical);
  }
  return canonical;
}

/**
 * Compares two package values (BOM cell, footprint, or the catalogue's `package`, which may list
 * several joined by '/': 'DIP-8/SOIC-8'). 'same': the same body ('0603' vs 'R_0603_1608Metric',
 * 'SOT-23' vs 'SOT-23-3', 'QFN-32' vs 'QFN-32-1EP', 'DIP-8' vs 'PDIP-8'); 'similar': worth
 * suggesting but needing a person's look ('SOIC-8' vs 'SO-8' vs 'SOP-8': SOP can be the wide
 * body); 'different' otherwise, including empty input.
 */
/** DIN axial body sizes: length and diameter in mm (DIN 0207 is 6.3 mm long, 2.5 mm across). */
const AXIAL_DIN_BODY: Readonly<Record<string, { l: number; d: number }>> = {
  '0204': { l: 3.6, d: 1.6 }, '0207': { l: 6.3, d: 2.5 }, '0309': { l: 9, d: 3.2 }, '0411': { l: 9.9, d: 3.6 }, '0414': { l: 11.9, d: 4 },
  '0516': { l: 15.2, d: 5.2 }, '0614': { l: 14.3, d: 5.7 }, '0617': { l: 17, d: 6 }, '0918': { l: 18, d: 9 }, '0922': { l: 20, d: 9 },
};

/**
 * A cylindrical body read from a package text, in mm: KiCad 'CP_Elec_6.3x7.7' (SMD can, D × L),
 * 'CP_Radial_D8.0mm_P3.50mm' (radial, D), 'R_Axial_DIN0207_L6.3mm_D2.5mm' (axial), and the
 * snapshot's '插件,D8xL11.5mm', 'SMD,D6.3xL7.7mm'. Null for anything else.
 */
export function bodyDimensions(text: string): { d: number; l: number | null; mounting: Mounting | null; axial: boolean } | null {
  if (typeof text !== 'string' || text.length > 300) return null;
  const t = text.normalize('NFKC');
  const num = (x: string | undefined): number | null => (x === undefined ? null : Number(x));
  let m = /(?:^|[:_])CP_Elec_(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)/i.exec(t);
  if (m) return { d: num(m[1])!, l: num(m[2]), mounting: 'smd', axial: false };
  m = /(?:^|[:_])C[P]?_Radial_D(\d+(?:\.\d+)?)mm/i.exec(t);
  if (m) return { d: num(m[1])!, l: num(/_H(\d+(?:\.\d+)?)mm/i.exec(t)?.[1]), mounting: 'tht', axial: false };
  m = /^Radial-D(\d+(?:\.\d+)?)mm$/.exec(t.trim());
  if (m) return { d: num(m[1])!, l: null, mounting: 'tht', axial: false };
  m = AXIAL_DIN_RE.exec(t);
  if (m && m[1]) {
    const b = AXIAL_DIN_BODY[m[1]];
    if (b) return { d: b.d, l: b.l, mounting: 'tht', axial: true };
  }
  m = /^(插件|SMD)\s*,\s*D(\d+(?:\.\d+)?)\s*[x×]\s*L(\d+(?:\.\d+)?)\s*mm$/i.exec(t.trim());
  if (m) return { d: num(m[2])!, l: num(m[3]), mounting: m[1] === '插件' ? 'tht' : 'smd', axial: false };
  return null;
}

/**
 * Two cylindrical bodies: 'similar' when they mount alike and the diameter (and the length when
 * both give it) agree — axial resistors to within a quarter, cans to 0.2 mm, length to 0.5 mm —
 * never 'same' (a can's length and lead spacing vary by maker); null when either is no body.
 */
function bodiesCompatible(a: string, b: string): PackageMatch | null {
  const x = bodyDimensions(a);
  const y = bodyDimensions(b);
  // Two DIN sizes, or one spelling twice, compare by name.
  if (!x || !y || (x.axial && y.axial) || a.trim().toUpperCase() === b.trim().toUpperCase()) return null;
  if (x.mounting && y.mounting && x.mounting !== y.mounting) return 'different';
  const axial = x.axial || y.axial;
  const close = (p: number, q: number, abs: number): boolean => (axial ? Math.abs(p - q) <= 0.25 * Math.max(p, q) : Math.abs(p - q) <= abs);
  if (!close(x.d, y.d, 0.2)) return 'different';
  if (x.l !== null && y.l !== null && !close(x.l, y.l, 0.5)) return 'different';
  return 'similar';
}

export function packagesCompatible(a: string, b: string): PackageMatch {
  if (typeof a !== 'string' || typeof b !== 'string') return 'different';
  const bodies = bodiesCompatible(a, b);
  if (bodies !== null) return bodies;
  const as = a.split('/').map((s) => s.trim()).filter(Boolean).map(canonicalForCompare);
  const bs = b.split('/').map((s) => s.trim()).filter(Boolean).map(canonicalForCompare);
  let best: PackageMatch = 'different';
  for (const x of as) {
    for (const y of bs) {
      if (x === y) return 'same';
      const px = splitPackage(x);
      const py = splitPackage(y);
      if (px.pins === '' || px.pins !== py.pins) continue;
      const sx = SAME_FAMILY[px.family] ?? px.family;
      const sy = SAME_FAMILY[py.family] ?? py.family;
      if (sx === sy) return 'same';
      const gx = SIMILAR_FAMILY[px.family];
      if (gx !== undefined && gx === SIMILAR_FAMILY[py.family]) best = 'similar';
    }
  }
  return best;
}

/**
 * Whether a package a BOM line states rules a product out: both are packages this module reads
 * and they are different bodies (neither 'same' nor 'similar': '1N4148' on SOD-323 is not the
 * DO-35 part, 'AMS1117-3.3' on SOT-89 not the SOT-223 one). A package this module does not read
 * ('插件', 'SMD,4x4mm') contradicts nothing. `strict` (for a supplier code the user wrote, which
 * outranks a footprint name) claims it only where the bodies cannot be one: two different chip
 * sizes, a chip size against a pin package, or different pin counts.
 */
export function packagesContradict(line: string, product: string, strict = false): boolean {
  if (typeof line !== 'string' || typeof product !== 'string') return false;
  const a = footprintPackage(line);
  const b = footprintPackage(product);
  if (!a || !b || packagesCompatible(line, product) !== 'different') return false;
  if (!strict) return true;
  if (a.chip || b.chip) return true;
  const pa = pinCount(a.package);
  const pb = pinCount(b.package);
  return pa !== null && pb !== null && pa !== pb;
}

/** Pins of a package name: 'SOIC-8' 8, 'SOT-23-5' 5; null where the number is a body code ('SOT-23', 'TO-220'). */
function pinCount(pkg: string): number | null {
  const m = /^([A-Z]+)-(\d+)(?:-(\d+))?/.exec(pkg);
  if (!m || !m[1] || !m[2]) return null;
  const bodyCoded = ['SOT', 'SC', 'TO', 'SOD', 'DO'].includes(m[1]);
  const n = bodyCoded ? m[3] : m[2];
  return n === undefined ? null : Number(n);
}
