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
  [/^Capacitor_(?:THT|Tantalum_SMD)$/, 'capacitor', null],
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

/** Packages with no pin count in the name, as the catalogue writes them. */
const NAMED_PACKAGES: ReadonlyArray<readonly [RegExp, string]> = [
  [/(?<![A-Za-z0-9])(?:SMA|DO-?214AC)(?![A-Za-z0-9])/i, 'SMA'],
  [/(?<![A-Za-z0-9])(?:SMB|DO-?214AA)(?![A-Za-z0-9])/i, 'SMB'],
  [/(?<![A-Za-z0-9])(?:SMC|DO-?214AB)(?![A-Za-z0-9])/i, 'SMC'],
  [/(?<![A-Za-z0-9])(?:SOT-?23|TO-?236(?:AB)?)(?![A-Za-z0-9-])/i, 'SOT-23'],
  [/(?<![A-Za-z0-9])MiniMELF(?![A-Za-z0-9])/i, 'MiniMELF'],
  [/(?<![A-Za-z0-9])D2PAK(?![A-Za-z0-9])/i, 'D2PAK'],
  [/(?<![A-Za-z0-9])DPAK(?![A-Za-z0-9])/i, 'DPAK'],
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
  for (const [re, pkg] of NAMED_PACKAGES) {
    const m = re.exec(name);
    if (!m) continue;
    evidence.push(`package ${pkg} from '${m[0]}'`);
    if (!kind && /^D_/.test(name)) kind = 'diode';
    return { package: pkg, chip: false, exposedPad: false, kind, mounting: mounting ?? 'smd', evidence };
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
  return /^(?:DIP|PDIP|SDIP|SIP|TO-(?:92|220|247|126|3)\b|DO-(?:35|41|15|201))/.test(pkg) ? 'tht' : 'smd';
}

export type PackageMatch = 'same' | 'similar' | 'different';

/** Families that are the same body under different names (pins must agree). */
const SAME_FAMILY: Readonly<Record<string, string>> = { PDIP: 'DIP' };
/** Families close enough to suggest, never to accept silently: narrow SOIC vs SO vs SOP, QFN variants. */
const SIMILAR_FAMILY: Readonly<Record<string, string>> = {
  SOIC: 'SO', SO: 'SO', SOP: 'SO',
  QFN: 'QFN', VQFN: 'QFN', UQFN: 'QFN', WQFN: 'QFN', TQFN: 'QFN',
  TSOT: 'SOT', SOT: 'SOT',
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
export function packagesCompatible(a: string, b: string): PackageMatch {
  if (typeof a !== 'string' || typeof b !== 'string') return 'different';
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
