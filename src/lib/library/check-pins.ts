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

export function symbolPins(symbol: KicadSymbol): SymbolPin[] {
  return symbol.units.flatMap((u) => u.pins).filter((p) => p.number.trim() !== '');
}

/**
 * Pin numbers used twice in a way KiCad would connect wrongly. Not duplicates: the same pin drawn
 * in both body styles (De Morgan), pins stacked on one spot (KiCad joins them), and power inputs
 * repeated in each unit (KiCad 5 libraries draw VCC/GND in every gate; KiCad merges them onto the one pad).
 */
export function duplicatePins(pins: readonly SymbolPin[]): string[] {
  const byNumber = new Map<string, SymbolPin[]>();
  for (const p of pins) byNumber.set(p.number, [...(byNumber.get(p.number) ?? []), p]);
  const dup: string[] = [];
  for (const [number, group] of byNumber) {
    if (group.length < 2) continue;
    let clash = false;
    for (let i = 0; i < group.length && !clash; i++) {
      for (let j = i + 1; j < group.length && !clash; j++) clash = conflicting(group[i]!, group[j]!);
    }
    if (clash) dup.push(number);
  }
  return dup.sort(naturalCompare);
}

function conflicting(a: SymbolPin, b: SymbolPin): boolean {
  if (a.bodyStyle !== 0 && b.bodyStyle !== 0 && a.bodyStyle !== b.bodyStyle) return false;
  if (a.unit !== b.unit && a.unit !== 0 && b.unit !== 0 && a.electricalType === 'power_in' && b.electricalType === 'power_in') return false;
  if (a.unit === b.unit && Math.abs(a.x - b.x) < 1e-6 && Math.abs(a.y - b.y) < 1e-6) return false;
  return true;
}

export function checkPinsAgainstPads(symbol: KicadSymbol, fp: Footprint): Finding[] {
  const findings: Finding[] = [];
  const pins = symbolPins(symbol);
  const pinNumbers = [...new Set(pins.map((p) => p.number))].sort(naturalCompare);
  const padNumbers = new Set(padNumberSet(fp));
  const duplicated = duplicatePins(pins);
  if (duplicated.length > 0) findings.push({ code: 'pins.duplicate', severity: 'error', vars: { pins: listOf(duplicated), count: duplicated.length } });
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
