import type { Footprint } from '../kicad/footprint.ts';
import { naturalCompare } from '../kicad/natural-compare.ts';
import type { KicadSymbol, SymbolPin } from '../kicad/symbol-lib.ts';
import { padNumberSet } from './check-footprint.ts';
import { listOf } from './check-symbol.ts';
import type { Finding } from './library.ts';

// Cross-asset check, symbol pins against footprint pads (issue #16 item 4). Every numbered pin of
// every unit (hidden and power pins too) must meet a pad of the same number; pads may repeat a
// number (the thermal vias of an exposed pad), pins may not, except where KiCad is lenient.

/** KiCad's convention (KLC F9.x) for mounting and shield pads that no pin connects to. */
const MECHANICAL_PAD = /^(MP|SH|S|MH)\d*$/i;

/** Numbered pins of every unit and body style; KiCad writes an empty number as "~". */
export function symbolPins(symbol: KicadSymbol): SymbolPin[] {
  return symbol.units.flatMap((u) => u.pins).filter((p) => p.number.trim() !== '' && p.number !== '~');
}

/**
 * Pin numbers used twice. Not duplicates at all: the same pin drawn in both body styles (De
 * Morgan), pins stacked on one spot (KiCad joins them), power inputs repeated in each unit (KiCad 5
 * libraries draw VCC/GND in every gate). `sameUnit`: two different pins of one unit on one pad, an
 * error. `acrossUnits`: a pin shared by units (a dual diode's common cathode); KiCad connects them
 * to one pad and its ERC only asks that every unit wires it to the same net: a warning.
 */
export function duplicatePins(pins: readonly SymbolPin[]): { sameUnit: string[]; acrossUnits: string[] } {
  const byNumber = new Map<string, SymbolPin[]>();
  for (const p of pins) byNumber.set(p.number, [...(byNumber.get(p.number) ?? []), p]);
  const sameUnit: string[] = [];
  const acrossUnits: string[] = [];
  for (const [number, group] of byNumber) {
    if (group.length < 2) continue;
    let worst: 'none' | 'across' | 'same' = 'none';
    for (let i = 0; i < group.length && worst !== 'same'; i++) {
      for (let j = i + 1; j < group.length && worst !== 'same'; j++) {
        const c = conflict(group[i]!, group[j]!);
        if (c === 'same' || (c === 'across' && worst === 'none')) worst = c;
      }
    }
    if (worst === 'same') sameUnit.push(number);
    else if (worst === 'across') acrossUnits.push(number);
  }
  return { sameUnit: sameUnit.sort(naturalCompare), acrossUnits: acrossUnits.sort(naturalCompare) };
}

function conflict(a: SymbolPin, b: SymbolPin): 'none' | 'across' | 'same' {
  if (a.bodyStyle !== 0 && b.bodyStyle !== 0 && a.bodyStyle !== b.bodyStyle) return 'none';
  if (a.unit !== b.unit && a.unit !== 0 && b.unit !== 0) return a.electricalType === 'power_in' && b.electricalType === 'power_in' ? 'none' : 'across';
  if (Math.abs(a.x - b.x) < 1e-6 && Math.abs(a.y - b.y) < 1e-6) return 'none';
  return 'same';
}

export function checkPinsAgainstPads(symbol: KicadSymbol, fp: Footprint): Finding[] {
  const findings: Finding[] = [];
  const pins = symbolPins(symbol);
  const pinNumbers = [...new Set(pins.map((p) => p.number))].sort(naturalCompare);
  const padNumbers = new Set(padNumberSet(fp));
  const duplicated = duplicatePins(pins);
  if (duplicated.sameUnit.length > 0) findings.push({ code: 'pins.duplicate', severity: 'error', vars: { pins: listOf(duplicated.sameUnit), count: duplicated.sameUnit.length } });
  if (duplicated.acrossUnits.length > 0) findings.push({ code: 'pins.sharedAcrossUnits', severity: 'warning', vars: { pins: listOf(duplicated.acrossUnits), count: duplicated.acrossUnits.length } });
  if (pins.length === 0) {
    findings.push({ code: 'pins.none', severity: padNumbers.size > 0 ? 'warning' : 'info', vars: { pads: padNumbers.size } });
    return findings;
  }
  const withoutPad = pinNumbers.filter((n) => !padNumbers.has(n));
  if (withoutPad.length > 0) {
    findings.push({ code: 'pins.noPad', severity: 'error', vars: { pins: listOf(withoutPad), count: withoutPad.length, pinCount: pinNumbers.length, padCount: padNumbers.size } });
  }
  const pinSet = new Set(pinNumbers);
  const withoutPin = [...padNumbers].filter((n) => !pinSet.has(n) && !MECHANICAL_PAD.test(n)).sort(naturalCompare);
  if (withoutPin.length > 0) {
    findings.push({ code: 'pads.noPin', severity: 'warning', vars: { pads: listOf(withoutPin), count: withoutPin.length, pinCount: pinNumbers.length, padCount: padNumbers.size } });
  }
  return findings;
}
