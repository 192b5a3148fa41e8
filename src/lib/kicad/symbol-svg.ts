// Renders a parsed KiCad symbol to an SVG string that looks like KiCad's
// schematic editor (default colour theme): each unit is painted by
// render/symbol-painter.ts onto its own SvgRenderer (Y-up library coordinates
// flipped there), then the units are laid out left to right in one document.

import { hasDeMorgan, unitCount, type KicadSymbol } from './symbol-lib.ts';
import { paintSymbolUnit, SCHEMATIC_COLORS } from './render/symbol-painter.ts';
import { SvgRenderer } from './render/svg-renderer.ts';
import { Bounds } from './svg-text.ts';

export { SCHEMATIC_COLORS };

export interface SymbolSvgOptions {
  /** Render only this unit (1-based). Implies allUnits = false. */
  unit?: number;
  /** 1 = normal, 2 = De Morgan alternate (when the symbol has one). */
  bodyStyle?: number;
  /** Render every unit side by side, labelled "Unit A", "Unit B", ... (default true). */
  allUnits?: boolean;
  /** Draw hidden pins (KiCad's "show hidden pins"); default false. */
  showHiddenPins?: boolean;
  /** Background colour, or null for transparent (default KiCad's #F5F4EF). */
  background?: string | null;
  /** Output width/height attributes at this many px per mm (default 8). */
  pxPerMm?: number;
}

const UNIT_GAP = 5.08;
const MARGIN = 1.27;
/** Extent given to a unit that draws nothing, so the layout still advances. */
const EMPTY_PAD = 2.54;

/** Render a symbol to a standalone SVG document string. */
export function renderSymbolSvg(sym: KicadSymbol, opts: SymbolSvgOptions = {}): string {
  const units = unitCount(sym);
  const bodyStyle = opts.bodyStyle === 2 && hasDeMorgan(sym) ? 2 : 1;
  const only = opts.unit !== undefined ? Math.min(Math.max(1, Math.floor(opts.unit)), units) : undefined;
  const list: number[] = [];
  if (only !== undefined || opts.allUnits === false) list.push(only ?? 1);
  else for (let u = 1; u <= units; u++) list.push(u);

  // Lay units out left to right, aligned on their vertical centres.
  const doc = new SvgRenderer();
  let cursor = 0;
  for (let i = 0; i < list.length; i++) {
    const unit = list[i] as number;
    const r = new SvgRenderer({ yUp: true });
    paintSymbolUnit(r, sym, { unit, bodyStyle, multi: units > 1, labelled: list.length > 1, showHiddenPins: opts.showHiddenPins === true });
    const part = r.finish();
    const b = part.box.isEmpty() ? emptyBox() : part.box;
    const dx = i === 0 ? 0 : cursor - b.minX;
    cursor = b.maxX + dx + UNIT_GAP;
    doc.beginGroup({ meta: { class: 'unit', 'data-unit': String(unit), 'data-body-style': String(bodyStyle) }, transform: dx !== 0 ? { x: dx, y: 0 } : undefined, keepEmpty: true });
    doc.embed(part.svg, b);
    doc.endGroup();
  }
  return doc.toDocument({
    className: 'kicad-symbol',
    label: `Symbol ${sym.name}`,
    title: sym.name,
    margin: () => MARGIN,
    emptyPad: EMPTY_PAD,
    pxPerMm: opts.pxPerMm ?? 8,
    background: opts.background === undefined ? SCHEMATIC_COLORS.background : opts.background,
  });
}

function emptyBox(): Bounds {
  const b = new Bounds();
  b.add(0, 0, EMPTY_PAD);
  return b;
}
