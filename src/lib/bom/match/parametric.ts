// The parametric tier (notes/bom-matching.md §2.3, §5): what a value-only line states (kind, main
// value, package, tolerance, voltage, power, current, dielectric) and whether a catalogue product
// satisfies it. A stated attribute must be met (tolerance ≤, voltage/power/current ≥, dielectric of
// equal or better class); unstated ones are free and only rank equally good parts by sensible
// defaults. A different kind, value or package is never a candidate (a critical error). Pure.

import { descriptionReason, type ParsedDescription, type PartKind } from '../describe-line.ts';
import { packagesCompatible } from '../footprint-package.ts';
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
    reason: descriptionReason(p),
  };
}

/** Catalogue category → the kind a BOM line names (null: another kind of part). */
export function kindOfCategory(cateId: number | null): PartKind | null {
  if (cateId === null) return null;
  if (cateId === 55001 || cateId === 55005 || cateId === 550) return 'resistor';
  if (Math.floor(cateId / 100) === 551 || cateId === 551) return 'capacitor';
  if (cateId === 55201 || cateId === 55203) return 'inductor';
  if (cateId === 55202) return 'ferrite';
  if (cateId === 55401 || cateId === 55403) return 'crystal';
  if (Math.floor(cateId / 100) === 450 || cateId === 450) return 'diode';
  if (Math.floor(cateId / 100) === 500 || cateId === 500) return 'led';
  if ([452, 453].includes(Math.floor(cateId / 100)) || cateId === 452 || cateId === 453) return 'transistor';
  if (Math.floor(cateId / 100) === 801 || cateId === 801) return 'fuse';
  return null;
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

/** How a product fits the line, or null when it is the wrong kind, value or package. */
export function parametricFit(w: Wanted, p: ProductFacts): ParametricFit | null {
  const kind = kindOfCategory(p.cateId);
  if (kind !== w.kind) return null;
  const main = p.params.get(w.key)?.num;
  if (main === null || main === undefined || !near(main, w.value)) return null;
  const unmet: string[] = [];
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

  // Defaults for what the line leaves open: 1 % resistors, X7R/X5R over Y5V, ≥ 25 V capacitors.
  let defaults = 0.5;
  if (tol !== null) defaults += tol <= 1 ? 0.2 : tol <= 5 ? 0.1 : 0;
  if (diel !== null) defaults += (DIELECTRIC_CLASS[diel] ?? 0) * 0.04;
  if (w.kind === 'capacitor' && volts !== null) defaults += Math.min(volts, 50) / 50 * 0.14;
  const reasons: BomReason[] = [];
  if (w.reason) reasons.push(w.reason);
  for (const u of unmet) reasons.push({ key: 'bom.reason.unmet', vars: { attribute: u } });
  return { satisfied: unmet.length === 0, unmet, defaults: Math.min(1, defaults), reasons };
}
