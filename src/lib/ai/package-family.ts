// Package families for selection (issue #33 item 1): what an engineer means by a package name
// beyond its exact spelling. 'SOT-23' asked of an LDO means the SOT-23 body in any of its pin
// forms (SOT-23-3/5/6), 'DIP-8' and 'PDIP-8' are one body, and 'SO-8', 'SOIC-8' and the 150-mil
// 'SOP-8' are one land pattern. The exact spelling is always searched first; the family only adds
// parts after it, and the answer names the widening. Pure.

import { packageParts } from '../search/search.ts';

/** Body names read as one family (the pin count must agree). */
const FAMILY_OF: Readonly<Record<string, string>> = { DIP: 'DIP', PDIP: 'DIP', SO: 'SO', SOIC: 'SO', SOP: 'SO' };
/** SOT-23's pin forms (SOT-23 alone is the 3-pin body). */
const SOT23_PINS = new Set(['3', '5', '6', '8']);

type Shape = { family: string; pins: string | null; width: number | null };

/** 'SOT-23-5' → SOT23 / 5; 'PDIP-8' → DIP / 8; 'SOP-8_150mil' → SO / 8 (width 150); null for other names. */
function shapeOf(name: string): Shape | null {
  const parts = packageParts(name);
  const [body, second, third, ...rest] = parts;
  if (!body) return null;
  if (body === 'SOT' && second === '23') {
    if (third === undefined) return { family: 'SOT23', pins: null, width: null };
    if (SOT23_PINS.has(third) && rest.every((p) => p === 'L')) return { family: 'SOT23', pins: third, width: null };
    return null;
  }
  const family = FAMILY_OF[body];
  if (!family || second === undefined || !/^\d+$/.test(second)) return null;
  // 'SOP-8_150mil': a stated body width; 208-mil SOP is another land pattern than SOIC.
  let width: number | null = null;
  if (third !== undefined) {
    if (!/^\d+$/.test(third) || rest.join('') !== 'MIL') return null;
    width = Number(third);
  }
  return { family, pins: second, width };
}

/** LCSC appends a body size or another name in brackets: 'LQFP-48(7x7)', 'SMA(DO-214AC)'. */
const BRACKETED = /\s*\([^)]*\)\s*$/;

/** Does a catalogue package (one '/'-separated name) belong to the asked package's family? */
export function inFamily(asked: string, name: string): boolean {
  if (BRACKETED.test(name) && !BRACKETED.test(asked)) {
    const bare = name.replace(BRACKETED, '');
    if (packageParts(bare).join(' ') === packageParts(asked).join(' ')) return true;
    name = bare;
  }
  const a = shapeOf(asked);
  const b = shapeOf(name);
  if (!a || !b || a.family !== b.family) return false;
  if (a.family === 'SOT23') return a.pins === null || b.pins === a.pins || (a.pins === '3' && b.pins === null);
  if (a.pins !== b.pins) return false;
  // SOIC and SO are 150 mil; a SOP of another stated width is not their land pattern.
  const narrow = (s: Shape) => s.width === null || s.width === 150;
  return narrow(a) && narrow(b);
}

/** The catalogue's package names in the asked package's family, without the exact ones. */
export function familyPackages(asked: string, names: readonly string[], exact: readonly string[]): string[] {
  const skip = new Set(exact);
  return names.filter((name) => !skip.has(name) && name.split('/').some((piece) => inFamily(asked, piece.trim())));
}
