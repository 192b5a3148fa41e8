import type { Footprint } from '../kicad/footprint.ts';
import { padNumberSet } from './check-footprint.ts';
import type { Finding } from './library.ts';

// Cross-asset check, pin count against the package (issue #16 item 4). Package names that carry
// their pin count (SOIC-8, TSSOP-20, QFN-32-1EP, LQFP-64, DIP-14, SOT-23-5, BGA-121 …) are read
// from the footprint's name and from the part number when it spells one out; the footprint's
// distinct copper pad numbers must match. An exposed pad (…-1EP) may carry its own number or
// share a pin's, so n or n+1 both pass. Names we cannot read are left alone: no guessing.

const FAMILIES = [
  'SOIC', 'SO', 'SOP', 'SSOP', 'TSSOP', 'HTSSOP', 'MSOP', 'HMSOP', 'VSSOP', 'QSOP', 'TSOP', 'TSOP-I', 'TSOP-II', 'SOJ',
  'DIP', 'PDIP', 'CDIP', 'SDIP',
  'QFN', 'VQFN', 'WQFN', 'UQFN', 'HVQFN', 'TQFN', 'DFN', 'WDFN', 'UDFN', 'TDFN', 'VDFN', 'SON', 'VSON', 'WSON', 'USON', 'LFCSP', 'UFQFPN',
  'LQFP', 'TQFP', 'QFP', 'PQFP', 'HTQFP', 'PLCC', 'BGA', 'LFBGA', 'TFBGA', 'UFBGA', 'FBGA', 'LGA',
  'SOT-23', 'SC-70', 'SC-74', 'TSOT-23',
  'TO-220', 'TO-263', 'TO-252', 'TO-247', 'TO-92',
] as const;

const byLength = [...FAMILIES].sort((a, b) => b.length - a.length).map((f) => f.replace('-', '-?')).join('|');
/**
 * KiCad's generic footprint names (KLC F2): FAMILY-N, then optionally a body letter (SOIC-16W),
 * -M pins present of N positions (QFN-12-10-1EP, SOIC-16W-12), -kEP exposed pads, -N7 a pin left
 * out (DIP-8-N7), _TabPinK (TO-263-7_TabPin8: the tab is pad 8).
 */
const FOOTPRINT_NAME = new RegExp(`^(${byLength})-?(\\d{1,4})([A-Z]{0,2})(?:-(\\d{1,4})(?![\\dA-Z]))?(?:-(\\d)EP)?((?:-N\\d+)*)(?:.*?_TabPin(\\d+))?`, 'i');
/** In a part number only a package spelled out after a separator (ACME123-TSSOP20), never the series name (TSOP341xx). */
const MPN_PACKAGE = new RegExp(`(?<=[-_/ ])(${byLength})-?(\\d{1,4})(?:-(\\d)EP)?(?![\\dA-Z.])`, 'i');

export type PackagePins = {
  family: string;
  pins: number;
  exposedPads: number;
  text: string;
  /** Pin counts the name also allows (pins present of the positions, pins left out, a numbered tab). */
  alsoPins: number[];
};

/** The pin count a footprint name states, or null when it states none we trust. */
export function packagePins(name: string): PackagePins | null {
  const m = FOOTPRINT_NAME.exec(name);
  if (!m) return null;
  const pins = Number(m[2]);
  if (!(pins >= 1 && pins <= 2000)) return null;
  const also: number[] = [];
  if (m[4]) also.push(Number(m[4]));
  const removed = (m[6] ?? '').split('-N').filter(Boolean).length;
  if (removed > 0) also.push(pins - removed);
  if (m[7] && Number(m[7]) > pins) also.push(pins + 1);
  // An exposed pad named outside the -1EP form (SO-8EP, …_EP3.45x3.45mm).
  const exposedPads = m[5] ? Number(m[5]) : /EP/i.test(name.slice(m[1]!.length)) ? 1 : 0;
  return { family: m[1]!.toUpperCase(), pins, exposedPads, text: m[0].replace(/_.*$/, ''), alsoPins: also };
}

/**
 * ST's STM32 ordering code: STM32 + family + line + pin count letter + flash size + package letter
 * (+ temperature), e.g. STM32F103C8T6: C = 48 pins, T = LQFP. Read only for LQFP (T) and UFQFPN
 * (U, with its exposed pad), where the letter is the package's lead count; ball grids and chip-scale
 * packages number differently.
 */
const STM32 = /^STM32[A-Z]{1,2}\d[0-9A-Z]{1,3}?([FGKTCRVZIB])[0-9A-Z]([TU])(?:[0-9X]{0,2})$/;
const STM32_PINS: Record<string, number> = { F: 20, G: 28, K: 32, T: 36, C: 48, R: 64, V: 100, Z: 144, I: 176, B: 208 };

/** The package a part number spells out, or null. */
export function mpnPackagePins(mpn: string): PackagePins | null {
  const st = STM32.exec(mpn.toUpperCase());
  if (st) {
    const lqfp = st[2] === 'T';
    return { family: lqfp ? 'LQFP' : 'UFQFPN', pins: STM32_PINS[st[1]!]!, exposedPads: lqfp ? 0 : 1, text: `${lqfp ? 'LQFP' : 'UFQFPN'}${STM32_PINS[st[1]!]}`, alsoPins: [] };
  }
  const m = MPN_PACKAGE.exec(mpn.toUpperCase());
  if (!m) return null;
  const pins = Number(m[2]);
  if (!(pins >= 1 && pins <= 2000)) return null;
  return { family: m[1]!, pins, exposedPads: m[3] ? Number(m[3]) : 0, text: m[0], alsoPins: [] };
}

/** Does a footprint's pad count fit the package's stated pins (exposed pads and tabs allowed for)? */
function fits(pkg: PackagePins, pads: number): boolean {
  for (const n of [pkg.pins, ...pkg.alsoPins]) {
    if (pads === n) return true;
    // Exposed pads may be numbered pins+1 … pins+k, or share a pin's number.
    if (pkg.exposedPads > 0 && pads > n && pads <= n + pkg.exposedPads) return true;
  }
  // Power packages count their tab apart in some names (TO-263-2: pads 1, 3 and the tab 2).
  return /^TO-/.test(pkg.family) && pads === pkg.pins + 1;
}

export function checkPackagePins(mpn: string, fp: Footprint): Finding[] {
  const pads = padNumberSet(fp).length;
  if (pads === 0) return [];
  const findings: Finding[] = [];
  const fromFootprint = packagePins(fp.name);
  if (fromFootprint && !fits(fromFootprint, pads)) {
    findings.push({ code: 'package.footprintPins', severity: 'warning', vars: { package: fromFootprint.text, expected: fromFootprint.pins, pads, footprint: fp.name } });
  }
  const fromMpn = mpnPackagePins(mpn);
  const squash = (t: string) => t.toUpperCase().replace(/[-_ ]/g, '');
  // A footprint named for the same package (Oscillator_DIP-14 for …_DIP14) is the package as drawn: its pads decide.
  if (fromMpn && !squash(fp.name).includes(squash(`${fromMpn.family}${fromMpn.pins}`))) {
    // A part number rarely names the exposed pad (…-QFN20 on a QFN-20-1EP): the footprint's name does.
    const pkg = /EP/i.test(fp.name) ? { ...fromMpn, exposedPads: Math.max(fromMpn.exposedPads, 1) } : fromMpn;
    if (!fits(pkg, pads)) {
      // The part number names a package the footprint does not have: likely the wrong footprint.
      findings.push({ code: 'package.mpnPins', severity: fromFootprint ? 'error' : 'warning', vars: { package: fromMpn.text, expected: fromMpn.pins, pads, mpn } });
    }
  }
  return findings;
}
