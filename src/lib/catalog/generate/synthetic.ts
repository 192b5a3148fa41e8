// Benchmark-scale synthetic catalogue: N deterministic records (same seed → same records, in the
// same order) drawn from real part-numbering schemes — Yageo RC_L, Samsung CL, Murata GRM,
// STM32/GD32 — and labelled synthetic (source 'synthetic (seed S)', licence 'synthetic, for
// benchmarks', URL key suffix '_syn', keyword 'synthetic').
//
// Each scheme is a mixed-radix space of field choices; a seeded permutation walks it so that
// every emitted MPN is distinct without keeping a set of the ones already produced (memory stays
// flat at any N). Points that break a scheme's rules are skipped. A seeded PRNG interleaves the
// schemes by weight until one runs out; the rest then share its turn.

import type { CatalogRecord } from '../import/catalog-record.ts';
import { syntheticProvenance, type Provenance } from './common.ts';
import { E12, eValues } from './e-series.ts';
import { GRM_DIELECTRIC, GRM_DIELECTRIC_CODES, GRM_SIZE, GRM_SIZE_CODES, GRM_VOLTAGE_CODES, grmPackagingFor, grmRecord, type GrmFields } from './murata-grm.ts';
import { digits, makePermutation, mulberry32, product } from './permutation.ts';
import { CL_DIELECTRIC, CL_DIELECTRIC_CODES, CL_SIZE, CL_SIZE_CODES, CL_VOLTAGE_CODES, clPackagingFor, clRecord, type ClFields } from './samsung-cl.ts';
import { isValidMcu, MCU_FLASH_CODES, MCU_LINES, MCU_PIN_CODES, MCU_TEMPS, mcuRecord, type McuFields } from './stm32.ts';
import { RC_SIZE_CODES, RC_SIZES, RC_VALUES, rcRecord, type RcReel, type RcTolerance } from './yageo-rc.ts';

export type Scheme = {
  readonly name: string;
  readonly weight: number;
  /** Size of the raw field space (valid and invalid points). */
  readonly size: number;
  /** The record at a point of the space, or null when the combination breaks the scheme's rules. */
  at(index: number, prov: Provenance): CatalogRecord | null;
};

const pF = 1e-12;
/** MLCC capacitances of the synthetic space: E12, 10 pF – 100 µF. */
const SYN_CAPS = eValues(E12, 10 * pF, 100e-6);
/** Largest capacitance per case size in the synthetic space (a coarse rule of thumb). */
const CAP_CEILING: Readonly<Record<string, number>> = { '0201': 1e-6, '0402': 10e-6, '0603': 22e-6, '0805': 47e-6, '1206': 100e-6 };

/** Dielectric class limits used for every maker: C0G up to 100 nF, class-2 types from 100 pF. */
function capOk(imperial: string, dielectric: string, farads: number): boolean {
  if (farads > (CAP_CEILING[imperial] ?? 0) * (1 + 1e-9)) return false;
  if (dielectric === 'C0G') return farads <= 100e-9 * (1 + 1e-9);
  return farads >= 100 * pF * (1 - 1e-9);
}

const RC_REELS: readonly RcReel[] = ['07', '10', '13'];
const RC_TOLS: readonly RcTolerance[] = ['F', 'J'];
const RC_VALUE_SLOTS = Math.max(RC_VALUES.F.length, RC_VALUES.J.length) + 1; // last slot: 0 Ω jumper

const yageo: Scheme = (() => {
  const radices = [RC_SIZE_CODES.length, RC_TOLS.length, RC_REELS.length, RC_VALUE_SLOTS];
  return {
    name: 'yageo-rc',
    weight: 0.3,
    size: product(radices),
    at(index, prov) {
      const [s = 0, t = 0, r = 0, v = 0] = digits(index, radices);
      const size = RC_SIZE_CODES[s] ?? '0603';
      const tolerance = RC_TOLS[t] ?? 'F';
      let ohms: number | undefined;
      if (v === RC_VALUE_SLOTS - 1) {
        if (tolerance !== 'J') return null;
        ohms = 0;
      } else ohms = RC_VALUES[tolerance][v];
      if (ohms === undefined) return null;
      return rcRecord({ size, tolerance, packaging: RC_SIZES[size].packaging, reel: RC_REELS[r] ?? '07', ohms }, prov);
    },
  };
})();

const samsung: Scheme = (() => {
  const radices = [CL_SIZE_CODES.length, 3, CL_DIELECTRIC_CODES.length, 3, CL_VOLTAGE_CODES.length, SYN_CAPS.length];
  return {
    name: 'samsung-cl',
    weight: 0.25,
    size: product(radices),
    at(index, prov) {
      const [s = 0, th = 0, d = 0, t = 0, vo = 0, c = 0] = digits(index, radices);
      const size = CL_SIZE_CODES[s] ?? '10';
      const thickness = CL_SIZE[size].thicknesses[th];
      const dielectric = CL_DIELECTRIC_CODES[d] ?? 'B';
      const tolerance = CL_DIELECTRIC[dielectric].tolerances[t];
      const farads = SYN_CAPS[c];
      if (thickness === undefined || tolerance === undefined || farads === undefined) return null;
      if (!capOk(CL_SIZE[size].imperial, CL_DIELECTRIC[dielectric].name, farads)) return null;
      const f: ClFields = { size, dielectric, farads, tolerance, voltage: CL_VOLTAGE_CODES[vo] ?? 'B', thickness, packaging: clPackagingFor(thickness) };
      return clRecord(f, prov);
    },
  };
})();

const GRM_SPECS = Array.from({ length: 99 }, (_, i) => `A${String(i + 1).padStart(2, '0')}`);

const murata: Scheme = (() => {
  const radices = [GRM_SIZE_CODES.length, GRM_DIELECTRIC_CODES.length, 3, GRM_VOLTAGE_CODES.length, SYN_CAPS.length, GRM_SPECS.length, 2];
  return {
    name: 'murata-grm',
    weight: 0.35,
    size: product(radices),
    at(index, prov) {
      const [s = 0, d = 0, t = 0, vo = 0, c = 0, sp = 0, reel = 0] = digits(index, radices);
      const size = GRM_SIZE_CODES[s] ?? '18';
      const dielectric = GRM_DIELECTRIC_CODES[d] ?? 'R7';
      const tolerance = GRM_DIELECTRIC[dielectric].tolerances[t];
      const farads = SYN_CAPS[c];
      if (tolerance === undefined || farads === undefined) return null;
      if (!capOk(GRM_SIZE[size].imperial, GRM_DIELECTRIC[dielectric].name, farads)) return null;
      const thickness = GRM_SIZE[size].thickness;
      const f: GrmFields = {
        size,
        thickness,
        dielectric,
        voltage: GRM_VOLTAGE_CODES[vo] ?? '1H',
        farads,
        tolerance,
        spec: GRM_SPECS[sp] ?? 'A01',
        packaging: grmPackagingFor(thickness, reel === 1),
      };
      return grmRecord(f, prov);
    },
  };
})();

const MCU_PINS = Object.keys(MCU_PIN_CODES);
const MCU_FLASH = Object.keys(MCU_FLASH_CODES);
const MCU_PKGS = ['T', 'U', 'P'];
const MCU_TEMP_CODES = Object.keys(MCU_TEMPS);

const mcu: Scheme = (() => {
  const radices = [MCU_LINES.length, MCU_PINS.length, MCU_FLASH.length, MCU_PKGS.length, MCU_TEMP_CODES.length, 2];
  return {
    name: 'stm32-gd32',
    weight: 0.1,
    size: product(radices),
    at(index, prov) {
      const [l = 0, p = 0, fl = 0, pk = 0, te = 0, tr = 0] = digits(index, radices);
      const f: McuFields = {
        line: MCU_LINES[l]?.name ?? '',
        pins: MCU_PINS[p] ?? '',
        flash: MCU_FLASH[fl] ?? '',
        packageCode: MCU_PKGS[pk] ?? '',
        temp: MCU_TEMP_CODES[te] ?? '',
        tapeAndReel: tr === 1,
      };
      return isValidMcu(f) ? mcuRecord(f, prov) : null;
    },
  };
})();

export const SYNTHETIC_SCHEMES: readonly Scheme[] = [yageo, samsung, murata, mcu];

export type GenerateOptions = { parts: number; seed?: number };

/**
 * N synthetic records, deterministic for a seed; every MPN (and so every URL key) distinct.
 * Throws once the schemes' spaces are exhausted (about 2.5 million parts).
 */
export function* generateCatalog(options: GenerateOptions): Generator<CatalogRecord, void, undefined> {
  const parts = Math.floor(options.parts);
  const seed = Math.floor(options.seed ?? 1) >>> 0;
  if (!(parts >= 0)) throw new RangeError('parts must be a non-negative number');
  const prov = syntheticProvenance(seed);
  const rnd = mulberry32(seed);
  const cursors = SYNTHETIC_SCHEMES.map((scheme, i) => ({ scheme, next: 0, perm: makePermutation(scheme.size, (seed * 31 + i * 7919) >>> 0), done: false }));
  let emitted = 0;
  let live = cursors;
  let total = live.reduce((a, c) => a + c.scheme.weight, 0);
  while (emitted < parts) {
    if (live.length === 0) throw new Error(`the synthetic schemes hold only ${emitted} distinct parts; asked for ${parts}`);
    let pick = rnd() * total;
    let cursor = live[live.length - 1];
    for (const c of live) {
      pick -= c.scheme.weight;
      if (pick < 0) {
        cursor = c;
        break;
      }
    }
    if (!cursor) break;
    // Walk this scheme's permutation to its next valid point.
    let record: CatalogRecord | null = null;
    while (record === null && cursor.next < cursor.scheme.size) {
      record = cursor.scheme.at(cursor.perm(cursor.next), prov);
      cursor.next++;
    }
    if (record === null) {
      cursor.done = true;
      live = cursors.filter((c) => !c.done);
      total = live.reduce((a, c) => a + c.scheme.weight, 0);
      continue;
    }
    emitted++;
    yield record;
  }
}
