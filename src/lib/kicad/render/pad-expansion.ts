// Where a pad shows besides copper, and how much bigger or smaller it is there: KiCad's solder
// mask and paste rules. The margin is the pad's own override, else its footprint's, else the
// board's (Board Setup); a pad with no copper (an aperture of its own) takes its shape as drawn.
// Mask: size + 2 × margin, never below zero size. Paste: margin + ratio × size per axis, clamped
// so the opening cannot shrink below nothing. (Rules as KiCad 6–9 apply them to plots and the
// editor's view; written from their documented behaviour.)

import type { Point } from '../kicad-common.ts';
import type { Footprint, Pad } from '../footprint.ts';

/** Board-wide rules (Board Setup → Solder Mask/Paste). */
export interface BoardPadRules {
  maskMargin: number;
  pasteMargin: number;
  pasteRatio: number;
}

/** Technical (non-copper) layers a pad is drawn on, wildcards expanded (`*.Mask` → F.Mask, B.Mask). */
export function padApertureLayers(pad: Pad): string[] {
  const out: string[] = [];
  for (const l of pad.layers) {
    if (l.endsWith('.Cu')) continue;
    if (l.startsWith('*.')) {
      const rest = l.slice(2);
      for (const side of ['F.', 'B.']) if (!out.includes(side + rest)) out.push(side + rest);
    } else if (l.startsWith('F&B.')) {
      const rest = l.slice(4);
      for (const side of ['F.', 'B.']) if (!out.includes(side + rest)) out.push(side + rest);
    } else if (!out.includes(l)) out.push(l);
  }
  return out;
}

/** Growth per side (x, y in the pad's frame; negative shrinks) of the pad on `layer`. */
export function padExpansion(pad: Pad, fp: Footprint | null, layer: string, rules: BoardPadRules | undefined): Point {
  const mask = layer.endsWith('.Mask');
  const paste = layer.endsWith('.Paste');
  if ((!mask && !paste) || !pad.layers.some((l) => l.endsWith('.Cu'))) return { x: 0, y: 0 };
  const own = pad.margins;
  const parent = fp?.margins;
  if (mask) {
    let m = nonZero(own?.mask) ?? nonZero(parent?.mask) ?? rules?.maskMargin ?? 0;
    m = Math.max(m, -Math.min(pad.size.width, pad.size.height) / 2);
    return { x: m, y: m };
  }
  const margin = nonZero(own?.paste) ?? nonZero(parent?.paste) ?? rules?.pasteMargin ?? 0;
  const ratio = nonZero(own?.pasteRatio) ?? nonZero(parent?.pasteRatio) ?? rules?.pasteRatio ?? 0;
  return {
    x: Math.max(margin + pad.size.width * ratio, -pad.size.width / 2),
    y: Math.max(margin + pad.size.height * ratio, -pad.size.height / 2),
  };
}

/** KiCad 6 writes a zero override as absent and reads an explicit 0 as "inherit". */
function nonZero(v: number | undefined): number | undefined {
  return v === undefined || v === 0 ? undefined : v;
}
