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
/** FAMILY-N, optional -1EP / -xEP; not preceded by a letter (HTSSOP is its own family, not TSSOP). */
const PACKAGE = new RegExp(`(?<![A-Z])(${byLength})-?(\\d{1,4})(?:-(\\d)EP)?(?![\\d.])`, 'i');

export type PackagePins = { family: string; pins: number; exposedPads: number; text: string };

/** The pin count a package name states, or null when it states none we trust. */
export function packagePins(name: string): PackagePins | null {
  const m = PACKAGE.exec(name);
  if (!m) return null;
  const pins = Number(m[2]);
  if (!(pins >= 1 && pins <= 2000)) return null;
  return { family: m[1]!.toUpperCase(), pins, exposedPads: m[3] ? Number(m[3]) : 0, text: m[0] };
}

/** Does a footprint's pad count fit the package's stated pins (exposed pads and tabs allowed for)? */
function fits(pkg: PackagePins, pads: number, fpName: string): boolean {
  if (pads === pkg.pins) return true;
  // Exposed pads may be numbered pins+1 … pins+k, or share a pin's number.
  if (pkg.exposedPads > 0 && pads > pkg.pins && pads <= pkg.pins + pkg.exposedPads) return true;
  // Power packages count their tab apart in some names (TO-263-5 with the tab as pad 6).
  if (/^TO-/.test(pkg.family) && pads === pkg.pins + 1 && !/TabPin/i.test(fpName)) return true;
  return false;
}

export function checkPackagePins(mpn: string, fp: Footprint): Finding[] {
  const pads = padNumberSet(fp).length;
  if (pads === 0) return [];
  const findings: Finding[] = [];
  const fromFootprint = packagePins(fp.name);
  if (fromFootprint && !fits(fromFootprint, pads, fp.name)) {
    findings.push({ code: 'package.footprintPins', severity: 'warning', vars: { package: fromFootprint.text, expected: fromFootprint.pins, pads, footprint: fp.name } });
  }
  const fromMpn = packagePins(mpn.toUpperCase());
  if (fromMpn && !fits(fromMpn, pads, fp.name)) {
    // The part number names a package the footprint does not have: likely the wrong footprint.
    findings.push({ code: 'package.mpnPins', severity: fromFootprint ? 'error' : 'warning', vars: { package: fromMpn.text, expected: fromMpn.pins, pads, mpn } });
  }
  return findings;
}
