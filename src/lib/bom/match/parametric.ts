// The parametric tier (notes/bom-matching.md §2.3, §5): what a value-only line states (kind, main
// value, package, tolerance, voltage, power, current, dielectric) and whether a catalogue product
// satisfies it. A stated attribute must be met (tolerance ≤, voltage/power/current ≥, dielectric of
// equal or better class); unstated ones are free and only rank equally good parts by sensible
// defaults. A different kind, value or package is never a candidate (a critical error). Pure.

import { descriptionReason, type ParsedDescription, type PartKind } from '../describe-line.ts';
import { footprintPackage, packagesCompatible, type Mounting } from '../footprint-package.ts';
import type { BomReason } from '../mpn-variants.ts';

/** Kinds read by their main value; the catalogue key that value is stored under. */
export const MAIN_KEY: Readonly<Partial<Record<PartKind, string>>> = {
  resistor: 'resistance',
  capacitor: 'capacitance',
  inductor: 'inductance',
  ferrite: 'impedance',
  crystal: 'frequency',
};

export type Wanted = {
  readonly kind: PartKind;
  readonly key: string;
  readonly value: number;
  readonly package: string | null;
  readonly tolerance: number | null;
  readonly voltage: number | null;
  readonly power: number | null;
  readonly current: number | null;
  readonly dielectric: string | null;
  /** 'ceramic', 'electrolytic', 'tantalum', 'film', 'polarized' … as read (describe-line.ts), or null. */
  readonly subtype: string | null;
  /** SMD or through-hole, as the footprint or the text says, or null. */
  readonly mounting: Mounting | null;
  readonly reason: BomReason | null;
};

export function wantedOf(p: ParsedDescription): Wanted | null {
  if (!p.kind || !p.value) return null;
  const key = MAIN_KEY[p.kind];
  // 0 Ω is a jumper, a part like any other; a zero of anything else is no value.
  if (!key || !(p.value.value > 0 || (p.kind === 'resistor' && p.value.value === 0))) return null;
  return {
    kind: p.kind,
    key,
    value: p.value.value,
    package: p.package,
    tolerance: p.tolerance,
    voltage: p.voltage,
    power: p.power,
    current: p.current,
    dielectric: p.dielectric,
    subtype: p.subtype,
    mounting: p.mounting,
    reason: descriptionReason(p),
  };
}

/**
 * Whether a value-only line says enough to be matched without the user (its kind, value and
 * package are required by the caller): a tantalum, electrolytic or polymer capacitor also needs
 * its rated voltage — an MLCC with no voltage stated takes sensible defaults, a polarised part of
 * unknown rating is the user's choice ('贴片钽电容 4.7uF, case A' with no voltage).
 */
export function parametricAutoAllowed(w: Wanted): boolean {
  if (w.kind === 'capacitor' && w.subtype !== null && ['tantalum', 'electrolytic', 'polymer', 'polarized'].includes(w.subtype)) return w.voltage !== null;
  return true;
}

/**
 * Catalogue category → the kind a BOM line names (null: another kind of part). The tree is the
 * LCSC-style one of the JLCPCB/LCSC snapshot (categories table): chip (55006), through-hole
 * (55007), shunt (55005) and other fixed resistors; every capacitor family under 551; inductors
 * under 552 but ferrite beads (55202) apart; crystals and ceramic / SAW resonators (not
 * oscillators, 55402/55404, which are active parts); diodes 450xx, LEDs 500xx, BJTs and MOSFETs
 * 452xx/453xx, fuses 801xx (not their holders, 80105). Potentiometers, networks and thermistors
 * are parts of their own (null).
 */
export function kindOfCategory(cateId: number | null): PartKind | null {
  if (cateId === null) return null;
  if ([550, 55001, 55005, 55006, 55007, 55008].includes(cateId)) return 'resistor';
  if (cateId === 551 || Math.floor(cateId / 100) === 551) return 'capacitor';
  if (cateId === 55202) return 'ferrite';
  if ([552, 55201, 55203, 55204, 55205, 55206, 55207].includes(cateId)) return 'inductor';
  if ([55401, 55403, 55405].includes(cateId)) return 'crystal';
  if (cateId === 450 || Math.floor(cateId / 100) === 450) return 'diode';
  if (cateId === 500 || Math.floor(cateId / 100) === 500) return 'led';
  if ([452, 453].includes(cateId) || [452, 453].includes(Math.floor(cateId / 100))) return 'transistor';
  if (cateId === 801 || (Math.floor(cateId / 100) === 801 && cateId !== 80105)) return 'fuse';
  return null;
}

/**
 * The catalogue categories a line of this kind (and construction, and mounting) may be met by:
 * the parametric tier reads only these ('10uF' on a tantalum line is not looked for among MLCC,
 * a through-hole resistor not among chip resistors). Null for kinds read without a category.
 */
export function categoriesOf(kind: PartKind, subtype: string | null, mounting: Mounting | null): number[] | null {
  switch (kind) {
    case 'resistor':
      return mounting === 'tht' ? [55001, 55007, 55008] : mounting === 'smd' ? [55001, 55005, 55006] : [55001, 55005, 55006, 55007, 55008];
    case 'capacitor': {
      const all = [55101, 55102, 55103, 55104, 55105, 55106, 55107, 55108, 55109, 55110, 55111];
      if (subtype === null) return all;
      const ok = all.filter((c) => {
        const agree = subtypesAgree(subtype, subtypeOfCategory(c));
        return agree === 'same' || agree === 'near' || agree === 'unknown';
      });
      return ok.length ? ok : all;
    }
    case 'inductor':
      return [55201, 55203, 55204, 55205, 55206, 55207];
    case 'ferrite':
      return [55202];
    case 'crystal':
      return [55401, 55403, 55405];
    default:
      return null;
  }
}

/** A capacitor category's construction, as describe-line.ts names a line's (`subtype`). */
const CAPACITOR_SUBTYPE: Readonly<Record<number, string>> = {
  55105: 'ceramic',
  55106: 'ceramic',
  55107: 'electrolytic',
  55108: 'tantalum',
  55109: 'polymer',
  55110: 'film',
  55111: 'safety',
};

/** The construction a catalogue category implies ('ceramic', 'tantalum' …), or null. */
export function subtypeOfCategory(cateId: number | null): string | null {
  return cateId === null ? null : (CAPACITOR_SUBTYPE[cateId] ?? null);
}

/**
 * Whether a line's stated construction fits a product's: the same, or a near one the user may
 * take (a polymer capacitor for an electrolytic line), or a different part ('tantalum' vs a
 * ceramic chip). 'unknown' when either side does not say.
 */
export function subtypesAgree(line: string | null, product: string | null): 'same' | 'near' | 'different' | 'unknown' {
  if (!line || !product) return 'unknown';
  if (line === product) return 'same';
  // 'polarized' (a CP designator or footprint, no material named): electrolytic, tantalum or polymer.
  if (line === 'polarized') return ['electrolytic', 'tantalum', 'polymer'].includes(product) ? 'near' : 'different';
  const near = new Set(['electrolytic:polymer', 'polymer:electrolytic', 'ceramic:safety', 'film:safety']);
  return near.has(`${line}:${product}`) ? 'near' : 'different';
}

/**
 * How a product mounts, from its category and package: chip resistors and MLCC in chip sizes
 * are SMD; through-hole resistors (55007), disc capacitors and the snapshot's '插件' (plug-in) /
 * axial / radial / DIP / TO-92 packages are THT. Null when neither says.
 */
export function productMounting(cateId: number | null, pkg: string | null): Mounting | null {
  const p = (pkg ?? '').normalize('NFKC').trim();
  if (cateId === 55007 || cateId === 55106 || cateId === 55206) return 'tht';
  if (/插件|直插|^plugin|^plug-in|axial|radial|^dip|^pdip|^to-92|^to-220|^do-35|^do-41|^do-15|^do-201|,\s*p=|^th$/i.test(p)) return 'tht';
  if (cateId === 55006) return 'smd';
  // The snapshot's 'SMD,…', 'SMD3225-4P', 'HC-49S-SMD', '贴片'.
  if (/^SMD|[-_,]SMD\b|贴片|卧贴/i.test(p)) return 'smd';
  const info = p === '' ? null : footprintPackage(p);
  if (info?.chip) return 'smd';
  return info?.mounting ?? null;
}

export type ProductFacts = {
  readonly id: number;
  readonly mpn: string;
  readonly mpnNormalized: string;
  readonly cateId: number | null;
  readonly package: string | null;
  readonly brandKey: string | null;
  readonly domestic: boolean;
  readonly kicad: boolean;
  readonly lifecycle: string;
  /** Parameters by key: numbers and texts. */
  readonly params: ReadonlyMap<string, { readonly num: number | null; readonly text: string | null }>;
  /** JLCPCB's class of the part ('basic', 'preferred', 'extended'; parameter jlcPartClass), null when none. */
  readonly partClass?: string | null;
  /** Stock in the snapshot's LCSC offer (supply_offers), null when the part has none. */
  readonly stock?: number | null;
  /** Has a supplier code or an offer: a part one can order, not only a library record. */
  readonly orderable?: boolean;
};

const DIELECTRIC_CLASS: Readonly<Record<string, number>> = { C0G: 4, NP0: 4, X8R: 3, X7R: 3, X7S: 2, X6S: 2, X5R: 2, X7T: 2, Y5V: 0, Z5U: 0 };

/** Dielectrics as good as the stated one or better ('X5R' → X5R, X7R, C0G …). */
export function dielectricsAtLeast(stated: string): string[] {
  const need = DIELECTRIC_CLASS[stated.toUpperCase()];
  if (need === undefined) return [stated.toUpperCase()];
  return Object.entries(DIELECTRIC_CLASS)
    .filter(([, c]) => c >= need)
    .map(([name]) => name);
}

export type ParametricFit = {
  /** Every attribute the line states is met, and the line states its package. */
  readonly satisfied: boolean;
  /** Stated attributes not met or not known for the product ('tolerance', 'package' …). */
  readonly unmet: readonly string[];
  /** 0..1 ranking of equally satisfying parts by defaults (tighter tolerance, better dielectric …). */
  readonly defaults: number;
  readonly reasons: readonly BomReason[];
};

const near = (a: number, b: number): boolean => Math.abs(a - b) <= Math.abs(b) * 1e-6 + 1e-12;

/**
 * How a product fits the line, or null when it is the wrong kind, value, package, construction
 * (a tantalum line never gets a ceramic chip) or mounting (an axial or through-hole line never
 * gets an SMD chip, an SMD line no leaded part).
 */
export function parametricFit(w: Wanted, p: ProductFacts): ParametricFit | null {
  const kind = kindOfCategory(p.cateId);
  if (kind !== w.kind) return null;
  const main = p.params.get(w.key)?.num;
  if (main === null || main === undefined || !near(main, w.value)) return null;
  const mounting = productMounting(p.cateId, p.package);
  if (w.mounting && mounting && w.mounting !== mounting) return null;
  const unmet: string[] = [];
  if (w.kind === 'capacitor') {
    // A category that does not say (the KiCad catalogue's 'Non-Polarized Capacitors'): a part with a dielectric is ceramic.
    const productSubtype = subtypeOfCategory(p.cateId) ?? (p.params.get('dielectric')?.text ? 'ceramic' : null);
    const agree = subtypesAgree(w.subtype, productSubtype);
    if (agree === 'different') return null;
    if (agree === 'near' || (w.subtype !== null && w.subtype !== 'ceramic' && agree === 'unknown')) unmet.push('subtype');
    // A chip-size line that names no construction means a ceramic chip (MLCC); a tantalum or
    // polymer chip of that size is a candidate to confirm, not a match.
    if (w.subtype === null && productSubtype !== null && productSubtype !== 'ceramic' && w.package !== null && footprintPackage(w.package)?.chip) unmet.push('subtype');
  }
  if (w.package !== null) {
    const pkg = p.package === null ? 'different' : packagesCompatible(w.package, p.package);
    if (pkg === 'different' && p.package !== null) return null;
    if (pkg !== 'same') unmet.push('package');
  } else unmet.push('package');
  const num = (key: string): number | null => p.params.get(key)?.num ?? null;
  const tol = num('tolerance');
  if (w.tolerance !== null && !(tol !== null && tol <= w.tolerance + 1e-9)) unmet.push('tolerance');
  const volts = num('ratedVoltage') ?? num('maxWorkingVoltage');
  if (w.voltage !== null && w.kind === 'capacitor' && !(volts !== null && volts >= w.voltage - 1e-9)) unmet.push('voltage');
  const power = num('power');
  if (w.power !== null && !(power !== null && power >= w.power - 1e-9)) unmet.push('power');
  const current = num('ratedCurrent');
  if (w.current !== null && (w.kind === 'inductor' || w.kind === 'ferrite') && !(current !== null && current >= w.current - 1e-9)) unmet.push('current');
  const diel = p.params.get('dielectric')?.text?.toUpperCase() ?? null;
  if (w.dielectric !== null && !(diel !== null && (DIELECTRIC_CLASS[diel] ?? -1) >= (DIELECTRIC_CLASS[w.dielectric.toUpperCase()] ?? 99))) unmet.push('dielectric');

  // Defaults for what the line leaves open: 1 % resistors, X7R/X5R over Y5V, ≥ 16 V capacitors.
  // Coarse on purpose: parts that are all sensible for what the line leaves open tie, and JLC's
  // class and the stock choose among them (decide.ts). A resistor's tolerance (1 % over 5 % over
  // wider) counts; a capacitor's does not, its dielectric only against Y5V/Z5U, its rating only
  // below 16 V.
  let defaults = 0.5;
  if (w.kind !== 'capacitor' && tol !== null) defaults += tol <= 1 ? 0.2 : tol <= 5 ? 0.1 : 0;
  if (w.kind === 'capacitor') {
    const cls = diel === null ? null : (DIELECTRIC_CLASS[diel] ?? null);
    defaults += cls === null ? 0.06 : cls >= 2 ? 0.12 : 0;
    if (volts !== null) defaults += volts >= 16 ? 0.14 : volts >= 10 ? 0.07 : 0;
  }
  const reasons: BomReason[] = [];
  if (w.reason) reasons.push(w.reason);
  for (const u of unmet) reasons.push({ key: 'bom.reason.unmet', vars: { attribute: u } });
  return { satisfied: unmet.length === 0, unmet, defaults: Math.min(1, defaults), reasons };
}
