import { padCopperSides, parseFootprint, type Footprint, type Pad } from '../kicad/footprint.ts';
import type { Finding } from './library.ts';

// Cross-asset check, footprint part (issue #16 item 4): is the .kicad_mod readable, is it a
// KiCad 6+ file, and which pads carry a number the symbol's pins must meet.

export type FootprintCheck = { footprint: Footprint | null; findings: Finding[] };

/** KiCad 6.0 writes footprints as `(footprint … (version 20211014))`; anything older is KiCad 5 or a nightly. */
const KICAD6_VERSION = 20211014;

export function checkFootprint(input: { text: string } | null | undefined): FootprintCheck {
  if (!input || input.text.trim() === '') return { footprint: null, findings: [{ code: 'footprint.missing', severity: 'error', vars: {} }] };
  const parsed = parseFootprint(input.text, 'footprint.kicad_mod');
  const fp = parsed.footprint;
  const fatal = parsed.errors[0];
  if (!fp) return { footprint: null, findings: [{ code: 'footprint.unreadable', severity: 'error', vars: { line: fatal?.line ?? 1, reason: fatal?.reason ?? '' } }] };
  const findings: Finding[] = [];
  if (fp.format === 'module' || (fp.version !== null && fp.version < KICAD6_VERSION)) {
    // KiCad 9 still opens these (converting on load), so a warning: re-save before sharing.
    findings.push({ code: 'footprint.kicad5', severity: 'warning', vars: {} });
  }
  if (fatal) findings.push({ code: 'footprint.partlyUnreadable', severity: 'warning', vars: { line: fatal.line, reason: fatal.reason, count: parsed.errors.length } });
  if (copperPads(fp).length === 0) findings.push({ code: 'footprint.noPads', severity: 'warning', vars: {} });
  return { footprint: fp, findings };
}

/** Pads a symbol pin can land on: copper, numbered, not a mechanical (NPTH) hole. */
export function copperPads(fp: Footprint): Pad[] {
  return fp.pads.filter((p) => p.number !== '' && p.type !== 'np_thru_hole' && isCopper(p));
}

function isCopper(pad: Pad): boolean {
  const sides = padCopperSides(pad);
  return sides.front || sides.back || pad.type === 'thru_hole';
}

/** Distinct numbers of the copper pads, in file order. */
export function padNumberSet(fp: Footprint): string[] {
  return [...new Set(copperPads(fp).map((p) => p.number))];
}
