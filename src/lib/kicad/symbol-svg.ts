// Renders a parsed KiCad symbol to an SVG string that looks like KiCad's
// schematic editor (default colour theme). Library coordinates are Y-up, SVG
// is Y-down, so every Y is negated when emitted; text is positioned in SVG
// space (never through a mirroring transform) so it is never drawn mirrored.
// Pin geometry and text placement follow KiCad's own rules (pin name inside
// the body at `pin_names offset`, or above the line when the offset is 0;
// number above the line; IEEE decorations at the body end of the pin).

import { arcBounds, arcFromThreePoints, type Point } from './kicad-common.ts';
import {
  hasDeMorgan,
  unitCount,
  unitItems,
  unitLetter,
  type Fill,
  type KicadSymbol,
  type SymbolGraphic,
  type SymbolPin,
  type SymbolProperty,
} from './symbol-lib.ts';
import { arcPath, Bounds, esc, fmt, plainText, svgDocument, svgText } from './svg-text.ts';

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

/** KiCad 6+ default schematic colours. */
export const SCHEMATIC_COLORS = {
  background: '#F5F4EF',
  body: '#840000',
  bodyFill: '#FFFFC2',
  pin: '#840000',
  pinNumber: '#A90000',
  pinName: '#006464',
  reference: '#006464',
  value: '#006464',
  field: '#840084',
  unitLabel: '#6B6B6B',
} as const;

/** Default line width (6 mil) used where the file says 0. */
const DEFAULT_LINE = 0.1524;
/** Pin text margin (4 mil) + default pen width: gap between pin line and its texts. */
const PIN_TEXT_OFFSET = 0.1016 + DEFAULT_LINE;
const UNIT_GAP = 5.08;
const MARGIN = 1.27;

interface Rendered {
  svg: string;
  bounds: Bounds;
}

/** Render a symbol to a standalone SVG document string. */
export function renderSymbolSvg(sym: KicadSymbol, opts: SymbolSvgOptions = {}): string {
  const units = unitCount(sym);
  const bodyStyle = opts.bodyStyle === 2 && hasDeMorgan(sym) ? 2 : 1;
  const only = opts.unit !== undefined ? Math.min(Math.max(1, Math.floor(opts.unit)), units) : undefined;
  const list: number[] = [];
  if (only !== undefined || opts.allUnits === false) list.push(only ?? 1);
  else for (let u = 1; u <= units; u++) list.push(u);
  const multi = units > 1;

  const parts: Rendered[] = [];
  for (const u of list) parts.push(renderUnit(sym, u, bodyStyle, multi, list.length > 1, opts.showHiddenPins === true));

  // Lay units out left to right, aligned on their vertical centres.
  const total = new Bounds();
  let body = '';
  let cursor = 0;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i] as Rendered;
    const b = p.bounds.isEmpty() ? emptyBox() : p.bounds;
    const dx = i === 0 ? 0 : cursor - b.minX;
    total.addBox(b, dx, 0);
    cursor = b.maxX + dx + UNIT_GAP;
    const unit = list[i] as number;
    const tr = dx !== 0 ? ` transform="translate(${fmt(dx)} 0)"` : '';
    body += `<g class="unit" data-unit="${unit}" data-body-style="${bodyStyle}"${tr}>${p.svg}</g>`;
  }
  if (total.isEmpty()) total.add(0, 0, 2.54);
  return svgDocument({
    className: 'kicad-symbol',
    label: `Symbol ${sym.name}`,
    title: sym.name,
    bounds: total,
    margin: MARGIN,
    pxPerMm: opts.pxPerMm ?? 8,
    background: opts.background === undefined ? SCHEMATIC_COLORS.background : opts.background,
    body,
  });
}

function emptyBox(): Bounds {
  const b = new Bounds();
  b.add(0, 0, 2.54);
  return b;
}

function renderUnit(sym: KicadSymbol, unit: number, bodyStyle: number, multi: boolean, labelled: boolean, showHidden: boolean): Rendered {
  const { graphics, pins } = unitItems(sym, unit, bodyStyle);
  const bounds = new Bounds();
  let fills = '';
  let strokes = '';
  for (const g of graphics) {
    if (g.kind === 'text' || g.kind === 'textbox') continue;
    const fill = g.fill;
    if (fill.type === 'background') fills += shapeSvg(g, 'fill', bounds);
    strokes += shapeSvg(g, 'stroke', bounds);
  }
  let texts = '';
  for (const g of graphics) {
    if (g.kind === 'text') {
      if (g.effects.hidden) continue;
      texts += svgText(
        {
          text: g.text,
          x: g.at.x,
          y: -g.at.y,
          angle: g.at.rotation,
          size: g.effects.height,
          h: g.effects.hAlign,
          v: g.effects.vAlign,
          fill: SCHEMATIC_COLORS.body,
          bold: g.effects.bold,
          italic: g.effects.italic,
        },
        bounds,
      );
    } else if (g.kind === 'textbox') {
      const x = Math.min(g.start.x, g.end.x);
      const y = -Math.max(g.start.y, g.end.y);
      texts += svgText(
        { text: g.text, x: x + 0.5, y: y + 0.5, angle: 0, size: g.effects.height, h: 'left', v: 'top', fill: SCHEMATIC_COLORS.body },
        bounds,
      );
    }
  }
  let pinSvg = '';
  for (const p of pins) pinSvg += pinToSvg(sym, p, showHidden, bounds);

  let fields = '';
  for (const prop of sym.properties) fields += fieldSvg(sym, prop, unit, multi, bounds);

  let label = '';
  if (labelled) {
    const b = bounds.isEmpty() ? emptyBox() : bounds;
    const cx = (b.minX + b.maxX) / 2;
    let text = `Unit ${unitLetter(unit)}`;
    const named = sym.units.find((u) => u.unit === unit && u.name);
    if (named?.name) text += ` (${named.name})`;
    label = svgText(
      { text, x: cx, y: b.minY - 1.27, angle: 0, size: 1.27, h: 'center', v: 'bottom', fill: SCHEMATIC_COLORS.unitLabel, cls: 'unit-label' },
      bounds,
    );
  }
  const svg =
    (fills ? `<g class="body-fill" stroke="none" fill="${SCHEMATIC_COLORS.bodyFill}">${fills}</g>` : '') +
    (strokes ? `<g class="body" fill="none" stroke="${SCHEMATIC_COLORS.body}">${strokes}</g>` : '') +
    (texts ? `<g class="body-text">${texts}</g>` : '') +
    `<g class="pins">${pinSvg}</g>` +
    (fields ? `<g class="fields">${fields}</g>` : '') +
    label;
  return { svg, bounds };
}

function strokeWidth(w: number): number {
  return w > 0 ? w : DEFAULT_LINE;
}

function rgba(c: { r: number; g: number; b: number; a: number }): string {
  return `rgba(${Math.round(c.r)},${Math.round(c.g)},${Math.round(c.b)},${c.a})`;
}

/** Fill attribute for the stroke pass ('outline' fills with the body colour). */
function strokePassFill(fill: Fill, strokeColor: string): string {
  if (fill.type === 'outline') return ` fill="${strokeColor}"`;
  if (fill.type === 'color' && fill.color && fill.color.a > 0) return ` fill="${rgba(fill.color)}"`;
  return '';
}

/** One graphic item; `pass` = 'fill' (background only) or 'stroke' (outline, plus outline/colour fills). */
function shapeSvg(g: Exclude<SymbolGraphic, { kind: 'text' } | { kind: 'textbox' }>, pass: 'fill' | 'stroke', bounds: Bounds): string {
  const sw = strokeWidth(g.stroke.width);
  const strokeColor = g.stroke.color ? rgba(g.stroke.color) : SCHEMATIC_COLORS.body;
  let attrs = '';
  if (pass === 'stroke') {
    attrs = strokePassFill(g.fill, strokeColor);
    if (g.stroke.width < 0) {
      // Negative width: KiCad draws no outline.
      if (!attrs) return '';
      attrs += ' stroke="none"';
    } else {
      if (strokeColor !== SCHEMATIC_COLORS.body) attrs += ` stroke="${strokeColor}"`;
      attrs += ` stroke-width="${fmt(sw)}"`;
      if (g.stroke.type === 'dash') attrs += ` stroke-dasharray="${fmt(sw * 5)} ${fmt(sw * 3)}"`;
      else if (g.stroke.type === 'dot') attrs += ` stroke-dasharray="${fmt(sw * 0.1)} ${fmt(sw * 3)}"`;
    }
  }
  const pad = sw / 2;
  switch (g.kind) {
    case 'rectangle': {
      const x0 = Math.min(g.start.x, g.end.x);
      const x1 = Math.max(g.start.x, g.end.x);
      const y0 = -Math.max(g.start.y, g.end.y);
      const y1 = -Math.min(g.start.y, g.end.y);
      bounds.add(x0, y0, pad);
      bounds.add(x1, y1, pad);
      return `<rect x="${fmt(x0)}" y="${fmt(y0)}" width="${fmt(x1 - x0)}" height="${fmt(y1 - y0)}"${attrs}/>`;
    }
    case 'circle': {
      const cx = g.center.x;
      const cy = -g.center.y;
      bounds.add(cx - g.radius, cy - g.radius, pad);
      bounds.add(cx + g.radius, cy + g.radius, pad);
      return `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(g.radius)}"${attrs}/>`;
    }
    case 'arc': {
      const s = flip(g.start);
      const m = flip(g.mid);
      const e = flip(g.end);
      const ab = arcBounds(s, m, e);
      bounds.add(ab.minX, ab.minY, pad);
      bounds.add(ab.maxX, ab.maxY, pad);
      // Filled arcs are pie slices, as KiCad draws them.
      const geo = arcFromThreePoints(s, m, e);
      const pie = geo ? `M${fmt(geo.center.x)} ${fmt(geo.center.y)}L${arcPath(s, m, e).slice(1)}Z` : '';
      if (pass === 'fill') return pie ? `<path d="${pie}"/>` : '';
      const fillAttr = strokePassFill(g.fill, strokeColor);
      if (fillAttr) {
        const outline = g.stroke.width < 0 ? '' : `<path d="${arcPath(s, m, e)}"${attrs.replace(fillAttr, '')}/>`;
        return (pie ? `<path d="${pie}"${fillAttr} stroke="none"/>` : '') + outline;
      }
      return `<path d="${arcPath(s, m, e)}"${attrs}/>`;
    }
    case 'polyline':
    case 'bezier': {
      if (g.points.length === 0) return '';
      let d = '';
      const pts = g.points;
      for (const p of pts) bounds.add(p.x, -p.y, pad);
      if (g.kind === 'bezier' && pts.length >= 4) {
        const [p0, p1, p2, p3] = pts as [Point, Point, Point, Point];
        d = `M${fmt(p0.x)} ${fmt(-p0.y)}C${fmt(p1.x)} ${fmt(-p1.y)} ${fmt(p2.x)} ${fmt(-p2.y)} ${fmt(p3.x)} ${fmt(-p3.y)}`;
      } else {
        for (let i = 0; i < pts.length; i++) {
          const p = pts[i] as Point;
          d += (i === 0 ? 'M' : 'L') + fmt(p.x) + ' ' + fmt(-p.y);
        }
      }
      if (pass === 'fill') d += 'Z';
      return `<path d="${d}"${attrs}/>`;
    }
  }
}

function flip(p: Point): Point {
  return { x: p.x, y: -p.y };
}

/** Unit vector from the connection point towards the body, in SVG (Y-down) coordinates. */
function pinDirection(rotation: number): [number, number] {
  const r = ((Math.round(rotation) % 360) + 360) % 360;
  if (r === 90) return [0, -1];
  if (r === 180) return [-1, 0];
  if (r === 270) return [0, 1];
  if (r === 0) return [1, 0];
  const a = (rotation * Math.PI) / 180;
  return [Math.cos(a), -Math.sin(a)];
}

function pinToSvg(sym: KicadSymbol, p: SymbolPin, showHidden: boolean, bounds: Bounds): string {
  const name = p.name === '~' ? '' : p.name;
  const attrs =
    ` class="pin" data-number="${esc(p.number)}" data-name="${esc(p.name)}"` +
    ` aria-label="${esc(`Pin ${p.number}${plainText(name) ? ' ' + plainText(name) : ''}`)}"` +
    ` data-type="${esc(p.electricalType)}"`;
  if (p.hidden && !showHidden) return `<g${attrs} data-hidden="true" display="none"></g>`;

  const [ux, uy] = pinDirection(p.rotation);
  const cx = p.x;
  const cy = -p.y;
  const ex = cx + ux * p.length;
  const ey = cy + uy * p.length;
  // Outward direction (body end -> connection point) and a screen-up/left normal, as KiCad uses.
  const ox = -ux;
  const oy = -uy;
  const horizontal = Math.abs(ux) >= Math.abs(uy);
  const nx = horizontal ? 0 : -1;
  const ny = horizontal ? -1 : 0;
  const color = SCHEMATIC_COLORS.pin;
  const style = p.graphicStyle;
  const ext = p.numberEffects.height / 2 || 0.635; // external decoration size
  const int = p.nameEffects.height / 2 || 0.635; // internal decoration size

  let d = '';
  let circle = '';
  const hasBubble = style === 'inverted' || style === 'inverted_clock';
  if (p.length > 0) {
    if (hasBubble) {
      const r = ext;
      circle = `<circle cx="${fmt(ex + ox * r)}" cy="${fmt(ey + oy * r)}" r="${fmt(r)}" fill="none"/>`;
      d += `M${fmt(ex + ox * 2 * r)} ${fmt(ey + oy * 2 * r)}L${fmt(cx)} ${fmt(cy)}`;
    } else {
      d += `M${fmt(cx)} ${fmt(cy)}L${fmt(ex)} ${fmt(ey)}`;
    }
  }
  if (style === 'clock' || style === 'inverted_clock' || style === 'clock_low') {
    const s = int;
    d += `M${fmt(ex - nx * s)} ${fmt(ey - ny * s)}L${fmt(ex - ox * 2 * s)} ${fmt(ey - oy * 2 * s)}L${fmt(ex + nx * s)} ${fmt(ey + ny * s)}`;
  }
  if (style === 'input_low' || style === 'clock_low') {
    const s = ext * 2;
    d += `M${fmt(ex + ox * s)} ${fmt(ey + oy * s)}L${fmt(ex + ox * s + nx * s)} ${fmt(ey + oy * s + ny * s)}L${fmt(ex)} ${fmt(ey)}`;
  }
  if (style === 'output_low') {
    const s = ext * 2;
    d += `M${fmt(ex + nx * s)} ${fmt(ey + ny * s)}L${fmt(ex + ox * s)} ${fmt(ey + oy * s)}`;
  }
  if (style === 'edge_clock_high') {
    const s = ext;
    d += `M${fmt(ex - nx * s)} ${fmt(ey - ny * s)}L${fmt(ex + ox * 2 * s)} ${fmt(ey + oy * 2 * s)}L${fmt(ex + nx * s)} ${fmt(ey + ny * s)}`;
  }
  if (style === 'non_logic') {
    const s = ext;
    d += `M${fmt(ex - s)} ${fmt(ey - s)}L${fmt(ex + s)} ${fmt(ey + s)}M${fmt(ex - s)} ${fmt(ey + s)}L${fmt(ex + s)} ${fmt(ey - s)}`;
  }
  bounds.add(cx, cy, DEFAULT_LINE);
  bounds.add(ex, ey, DEFAULT_LINE);
  if (style !== 'line') bounds.add(ex + ox * 2 * ext, ey + oy * 2 * ext, ext);

  let out = `<g${attrs}${p.hidden ? ' data-hidden="true" opacity="0.5"' : ''}>`;
  out += `<path d="${d}" fill="none" stroke="${color}" stroke-width="${DEFAULT_LINE}"/>`;
  if (circle) out += `<g stroke="${color}" stroke-width="${DEFAULT_LINE}">${circle}</g>`;

  // Texts (KiCad LIB_PIN text placement).
  const showName = !sym.pinNames.hide && plainText(name) !== '' && !p.nameEffects.hidden;
  const showNumber = !sym.pinNumbers.hide && p.number !== '' && !p.numberEffects.hidden;
  const inside = sym.pinNames.offset > 0;
  const nameSize = p.nameEffects.height;
  const numSize = p.numberEffects.height;
  const mx = (cx + ex) / 2;
  const my = (cy + ey) / 2;
  if (horizontal) {
    const toRight = ux > 0; // body is to the right of the connection point
    if (inside) {
      if (showName) {
        out += svgText(
          { text: name, x: ex + (toRight ? sym.pinNames.offset : -sym.pinNames.offset), y: ey, angle: 0, size: nameSize, h: toRight ? 'left' : 'right', v: 'center', fill: SCHEMATIC_COLORS.pinName, cls: 'pin-name' },
          bounds,
        );
      }
      if (showNumber) {
        out += svgText({ text: p.number, x: mx, y: my - PIN_TEXT_OFFSET, angle: 0, size: numSize, h: 'center', v: 'bottom', fill: SCHEMATIC_COLORS.pinNumber, cls: 'pin-number' }, bounds);
      }
    } else {
      if (showName) {
        out += svgText({ text: name, x: mx, y: my - PIN_TEXT_OFFSET, angle: 0, size: nameSize, h: 'center', v: 'bottom', fill: SCHEMATIC_COLORS.pinName, cls: 'pin-name' }, bounds);
      }
      if (showNumber) {
        out += svgText({ text: p.number, x: mx, y: my + PIN_TEXT_OFFSET, angle: 0, size: numSize, h: 'center', v: 'top', fill: SCHEMATIC_COLORS.pinNumber, cls: 'pin-number' }, bounds);
      }
    }
  } else {
    const down = uy > 0; // body below the connection point (on screen)
    if (inside) {
      if (showName) {
        out += svgText(
          { text: name, x: ex, y: ey + (down ? sym.pinNames.offset : -sym.pinNames.offset), angle: 90, size: nameSize, h: down ? 'right' : 'left', v: 'center', fill: SCHEMATIC_COLORS.pinName, cls: 'pin-name' },
          bounds,
        );
      }
      if (showNumber) {
        out += svgText({ text: p.number, x: mx - PIN_TEXT_OFFSET, y: my, angle: 90, size: numSize, h: 'center', v: 'bottom', fill: SCHEMATIC_COLORS.pinNumber, cls: 'pin-number' }, bounds);
      }
    } else {
      if (showName) {
        out += svgText({ text: name, x: mx - PIN_TEXT_OFFSET, y: my, angle: 90, size: nameSize, h: 'center', v: 'bottom', fill: SCHEMATIC_COLORS.pinName, cls: 'pin-name' }, bounds);
      }
      if (showNumber) {
        out += svgText({ text: p.number, x: mx + PIN_TEXT_OFFSET, y: my, angle: 90, size: numSize, h: 'center', v: 'top', fill: SCHEMATIC_COLORS.pinNumber, cls: 'pin-number' }, bounds);
      }
    }
  }
  return out + '</g>';
}

function fieldSvg(sym: KicadSymbol, prop: SymbolProperty, unit: number, multi: boolean, bounds: Bounds): string {
  // "~" is KiCad's spelling of an empty field.
  if (prop.hidden || prop.key.startsWith('ki_') || prop.value === '~') return '';
  let text = prop.value;
  let fill: string = SCHEMATIC_COLORS.field;
  let cls = 'field';
  if (prop.key === 'Reference') {
    fill = SCHEMATIC_COLORS.reference;
    cls = 'field reference';
    // Unannotated, as the schematic editor shows a freshly placed symbol: "U?" / "U?A".
    if (!sym.power && text !== '' && !text.endsWith('?')) text += '?';
    if (multi) text += unitLetter(unit);
  } else if (prop.key === 'Value') {
    fill = SCHEMATIC_COLORS.value;
    cls = 'field value';
  }
  if (prop.showName) text = `${prop.key}: ${text}`;
  if (text === '') return '';
  return svgText(
    {
      text,
      x: prop.at.x,
      y: -prop.at.y,
      angle: prop.at.rotation,
      size: prop.effects.height,
      h: prop.effects.hAlign,
      v: prop.effects.vAlign,
      fill,
      bold: prop.effects.bold,
      italic: prop.effects.italic,
      cls,
    },
    bounds,
  );
}
