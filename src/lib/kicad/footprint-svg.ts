// Renders a parsed footprint to an SVG string that looks like KiCad's PCB /
// footprint editor (default colour theme, dark background). Footprints are
// Y-down like SVG, so coordinates are used as-is; KiCad rotations are
// counter-clockwise on screen, hence `rotate(-angle)`. Layers are stacked in
// KiCad's drawing order (back layers first, front copper, then front
// technical layers on top), pads are grouped per pad with their hole and
// number.

import { arcBounds, tessellateArc, type Point } from './kicad-common.ts';
import { padCopperSides, type Footprint, type FootprintGraphic, type FootprintText, type Pad, type PadPrimitive } from './footprint.ts';
import { arcPath, Bounds, esc, fmt, svgDocument, svgText, textWidth } from './svg-text.ts';

export interface FootprintSvgOptions {
  /** Background colour, or null for transparent (default KiCad's #001023). */
  background?: string | null;
  /** Output width/height attributes at this many px per mm (default 20). */
  pxPerMm?: number;
  /** Draw pad numbers (default true). */
  padNumbers?: boolean;
}

/** KiCad default PCB colours. */
export const PCB_COLORS = {
  background: '#001023',
  'F.Cu': '#C83434',
  'B.Cu': '#4D7FC4',
  'In.Cu': '#C2C200',
  'F.SilkS': '#F2EDA1',
  'B.SilkS': '#E8B2A7',
  'F.Fab': '#AFAFAF',
  'B.Fab': '#585D84',
  'F.CrtYd': '#FF26E2',
  'B.CrtYd': '#26E9FF',
  'F.Mask': '#D864FF',
  'B.Mask': '#02FFEE',
  'F.Paste': '#B4A09D',
  'B.Paste': '#00C2C2',
  'F.Adhes': '#840084',
  'B.Adhes': '#0000C2',
  'Dwgs.User': '#C2C2C2',
  'Cmts.User': '#5994DC',
  'Eco1.User': '#B4DBD2',
  'Eco2.User': '#D8C852',
  'Edge.Cuts': '#D0D2CD',
  Margin: '#FF26E2',
  user: '#C2C2C2',
  hole: '#06080C',
  npthHole: '#06080C',
  npthRing: '#1AC4D2',
  padNumber: '#FFFFFF',
} as const;

const COLOR_BY_LAYER: Readonly<Record<string, string | undefined>> = PCB_COLORS;

/** Layer aliases (KiCad 7+ user-visible names) mapped to canonical names. */
const ALIASES: Record<string, string> = {
  'F.Silkscreen': 'F.SilkS',
  'B.Silkscreen': 'B.SilkS',
  'F.Courtyard': 'F.CrtYd',
  'B.Courtyard': 'B.CrtYd',
  'F.Adhesive': 'F.Adhes',
  'B.Adhesive': 'B.Adhes',
  'User.Drawings': 'Dwgs.User',
  'User.Comments': 'Cmts.User',
  'User.Eco1': 'Eco1.User',
  'User.Eco2': 'Eco2.User',
};

// Bottom-to-top drawing order; pads go right after their copper layer.
const ORDER = [
  'B.Adhes', 'B.CrtYd', 'B.Fab', 'B.SilkS', 'B.Paste', 'B.Mask', 'B.Cu',
  'In.Cu', 'F.Cu',
  'F.Adhes', 'F.Mask', 'F.Paste', 'F.SilkS', 'F.Fab', 'F.CrtYd',
  'User', 'Margin', 'Edge.Cuts', 'Eco2.User', 'Eco1.User', 'Cmts.User', 'Dwgs.User',
];
const TRANSLUCENT: Record<string, number> = { 'F.Mask': 0.4, 'B.Mask': 0.4, 'F.Paste': 0.9, 'B.Paste': 0.9 };
const PAD_OPACITY = 0.8;

function canonical(layer: string): string {
  const a = ALIASES[layer];
  if (a) return a;
  if (/^In\d+\.Cu$/.test(layer)) return 'In.Cu';
  if (/^User\.\d+$/.test(layer)) return 'User';
  return layer;
}

function layerRank(layer: string): number {
  const i = ORDER.indexOf(canonical(layer));
  return i < 0 ? ORDER.indexOf('User') : i;
}

function layerColor(layer: string): string {
  return COLOR_BY_LAYER[canonical(layer)] ?? PCB_COLORS.user;
}

/** Render a footprint to a standalone SVG document string. */
export function renderFootprintSvg(fp: Footprint, opts: FootprintSvgOptions = {}): string {
  const bounds = new Bounds();
  const layers = new Map<number, { layer: string; body: string }[]>();
  const push = (layer: string, svg: string): void => {
    if (!svg) return;
    const rank = layerRank(layer);
    let list = layers.get(rank);
    if (!list) layers.set(rank, (list = []));
    const last = list[list.length - 1];
    if (last && last.layer === layer) last.body += svg;
    else list.push({ layer, body: svg });
  };

  for (const g of fp.graphics) push(g.layer, graphicSvg(g, bounds));
  for (const t of fp.texts) push(t.layer, textSvg(fp, t, bounds));

  // Pads: back-only pads with B.Cu, everything else with F.Cu.
  const showNumbers = opts.padNumbers !== false;
  let backPads = '';
  let frontPads = '';
  for (const pad of fp.pads) {
    const sides = padCopperSides(pad);
    const svg = padSvg(pad, sides.back && !sides.front, showNumbers, bounds);
    if (sides.back && !sides.front) backPads += svg;
    else frontPads += svg;
  }

  let body = '';
  const ranks = [...new Set([...layers.keys(), layerRank('B.Cu'), layerRank('F.Cu')])].sort((a, b) => a - b);
  for (const rank of ranks) {
    for (const { layer, body: b } of layers.get(rank) ?? []) {
      const color = layerColor(layer);
      const op = TRANSLUCENT[canonical(layer)];
      body +=
        `<g class="layer" data-layer="${esc(layer)}" fill="none" stroke="${color}" color="${color}"${op !== undefined ? ` opacity="${op}"` : ''}>` +
        b +
        '</g>';
    }
    if (rank === layerRank('B.Cu') && backPads) body += `<g class="pads" data-side="back">${backPads}</g>`;
    if (rank === layerRank('F.Cu') && frontPads) body += `<g class="pads" data-side="front">${frontPads}</g>`;
  }

  if (bounds.isEmpty()) bounds.add(0, 0, 1);
  const margin = Math.max(0.5, Math.max(bounds.width, bounds.height) * 0.04);
  return svgDocument({
    className: 'kicad-footprint',
    label: `Footprint ${fp.name}`,
    title: fp.name,
    bounds: bounds,
    margin: margin,
    pxPerMm: opts.pxPerMm ?? 20,
    background: opts.background === undefined ? PCB_COLORS.background : opts.background,
    body,
  });
}

function lineWidth(w: number): number {
  return w > 0 ? w : 0.05;
}

function graphicSvg(g: FootprintGraphic, bounds: Bounds): string {
  const sw = lineWidth(g.width);
  const pad = sw / 2;
  const strokeAttr = g.width > 0 || !g.filled ? ` stroke-width="${fmt(sw)}"` : ' stroke="none"';
  switch (g.kind) {
    case 'line':
      bounds.add(g.start.x, g.start.y, pad);
      bounds.add(g.end.x, g.end.y, pad);
      return `<path d="M${fmt(g.start.x)} ${fmt(g.start.y)}L${fmt(g.end.x)} ${fmt(g.end.y)}" stroke-width="${fmt(sw)}"/>`;
    case 'rect': {
      const x0 = Math.min(g.start.x, g.end.x);
      const y0 = Math.min(g.start.y, g.end.y);
      const x1 = Math.max(g.start.x, g.end.x);
      const y1 = Math.max(g.start.y, g.end.y);
      bounds.add(x0, y0, pad);
      bounds.add(x1, y1, pad);
      return `<rect x="${fmt(x0)}" y="${fmt(y0)}" width="${fmt(x1 - x0)}" height="${fmt(y1 - y0)}"${strokeAttr}${fill(g.filled)}/>`;
    }
    case 'circle':
      bounds.add(g.center.x - g.radius, g.center.y - g.radius, pad);
      bounds.add(g.center.x + g.radius, g.center.y + g.radius, pad);
      return `<circle cx="${fmt(g.center.x)}" cy="${fmt(g.center.y)}" r="${fmt(g.radius)}"${strokeAttr}${fill(g.filled)}/>`;
    case 'arc': {
      const b = arcBounds(g.start, g.mid, g.end);
      bounds.add(b.minX, b.minY, pad);
      bounds.add(b.maxX, b.maxY, pad);
      return `<path d="${arcPath(g.start, g.mid, g.end)}" stroke-width="${fmt(sw)}"/>`;
    }
    case 'poly':
    case 'curve': {
      if (g.points.length === 0) return '';
      for (const p of g.points) bounds.add(p.x, p.y, pad);
      const pts = g.points;
      let d: string;
      if (g.kind === 'curve' && pts.length >= 4) {
        const [a, b, c, e] = pts as [Point, Point, Point, Point];
        d = `M${fmt(a.x)} ${fmt(a.y)}C${fmt(b.x)} ${fmt(b.y)} ${fmt(c.x)} ${fmt(c.y)} ${fmt(e.x)} ${fmt(e.y)}`;
      } else d = polyPath(pts, g.kind === 'poly');
      return `<path d="${d}"${strokeAttr}${fill(g.filled)}/>`;
    }
    case 'textbox': {
      const x0 = Math.min(g.start.x, g.end.x);
      const y0 = Math.min(g.start.y, g.end.y);
      bounds.add(x0, y0);
      bounds.add(Math.max(g.start.x, g.end.x), Math.max(g.start.y, g.end.y));
      return (
        (g.width > 0 ? `<rect x="${fmt(x0)}" y="${fmt(y0)}" width="${fmt(Math.abs(g.end.x - g.start.x))}" height="${fmt(Math.abs(g.end.y - g.start.y))}" stroke-width="${fmt(g.width)}"/>` : '') +
        `<g stroke="none">${svgText({ text: g.text, x: x0 + 0.2, y: y0 + 0.2, angle: 0, size: g.effects.height, h: 'left', v: 'top', fill: 'currentColor' }, bounds)}</g>`
      );
    }
  }
}

function fill(filled: boolean): string {
  return filled ? ' fill="currentColor"' : '';
}

function polyPath(pts: Point[], close: boolean): string {
  let d = '';
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i] as Point;
    d += (i === 0 ? 'M' : 'L') + fmt(p.x) + ' ' + fmt(p.y);
  }
  return close ? d + 'Z' : d;
}

function textSvg(fp: Footprint, t: FootprintText, bounds: Bounds): string {
  if (t.hidden || t.text === '') return '';
  const text = t.text.replace(/\$\{REFERENCE\}/g, fp.reference || 'REF**').replace(/\$\{VALUE\}/g, fp.value || fp.name);
  const color = layerColor(t.layer);
  const svg = svgText(
    {
      text,
      x: t.at.x,
      y: t.at.y,
      angle: t.at.rotation,
      size: t.effects.height,
      h: t.effects.hAlign,
      v: t.effects.vAlign,
      fill: color,
      bold: t.effects.bold,
      italic: t.effects.italic,
      cls: `text ${t.kind}`,
    },
    bounds,
  );
  const body = `<g stroke="none">${svg}</g>`;
  if (!t.effects.mirror) return body;
  return `<g transform="translate(${fmt(t.at.x)} 0) scale(-1 1) translate(${fmt(-t.at.x)} 0)">${body}</g>`;
}

/** Pad outline in pad-local coordinates (centre 0,0, before rotation). */
function padShapeSvg(pad: Pad): string {
  const w = pad.size.width;
  const h = pad.size.height;
  const hw = w / 2;
  const hh = h / 2;
  const rectEl = (rx: number): string =>
    `<rect x="${fmt(-hw)}" y="${fmt(-hh)}" width="${fmt(w)}" height="${fmt(h)}"${rx > 0 ? ` rx="${fmt(rx)}"` : ''}/>`;
  switch (pad.shape) {
    case 'circle':
      return `<circle r="${fmt(hw)}"/>`;
    case 'oval':
      return rectEl(Math.min(w, h) / 2);
    case 'roundrect':
    case 'rect': {
      if (pad.chamfer && pad.chamfer.length > 0 && (pad.chamferRatio ?? 0) > 0) return chamferedRect(pad);
      if (pad.shape === 'rect') return rectEl(0);
      const ratio = Math.min(0.5, Math.max(0, pad.roundrectRatio ?? 0.25));
      return rectEl(ratio * Math.min(w, h));
    }
    case 'trapezoid': {
      // Corners as KiCad builds them from (rect_delta dx dy).
      const dx = (pad.rectDelta?.x ?? 0) / 2;
      const dy = (pad.rectDelta?.y ?? 0) / 2;
      const pts: Point[] = [
        { x: -hw - dy, y: hh + dx },
        { x: -hw + dy, y: -hh - dx },
        { x: hw - dy, y: -hh + dx },
        { x: hw + dy, y: hh - dx },
      ];
      return `<path d="${polyPath(pts, true)}"/>`;
    }
    case 'custom': {
      let out = pad.anchor === 'circle' ? `<circle r="${fmt(hw)}"/>` : rectEl(0);
      for (const prim of pad.primitives) out += primitiveSvg(prim);
      return out;
    }
    default:
      return rectEl(0);
  }
}

function chamferedRect(pad: Pad): string {
  const w = pad.size.width;
  const h = pad.size.height;
  const hw = w / 2;
  const hh = h / 2;
  const c = (pad.chamferRatio ?? 0) * Math.min(w, h);
  const has = (k: string): boolean => pad.chamfer?.includes(k) ?? false;
  const pts: Point[] = [];
  if (has('top_left')) pts.push({ x: -hw, y: -hh + c }, { x: -hw + c, y: -hh });
  else pts.push({ x: -hw, y: -hh });
  if (has('top_right')) pts.push({ x: hw - c, y: -hh }, { x: hw, y: -hh + c });
  else pts.push({ x: hw, y: -hh });
  if (has('bottom_right')) pts.push({ x: hw, y: hh - c }, { x: hw - c, y: hh });
  else pts.push({ x: hw, y: hh });
  if (has('bottom_left')) pts.push({ x: -hw + c, y: hh }, { x: -hw, y: hh - c });
  else pts.push({ x: -hw, y: hh });
  return `<path d="${polyPath(pts, true)}"/>`;
}

function primitiveSvg(p: PadPrimitive): string {
  const stroke = (w: number): string => (w > 0 ? ` stroke="currentColor" stroke-width="${fmt(w)}"` : '');
  switch (p.kind) {
    case 'line':
      return `<path d="M${fmt(p.start.x)} ${fmt(p.start.y)}L${fmt(p.end.x)} ${fmt(p.end.y)}" fill="none" stroke="currentColor" stroke-width="${fmt(lineWidth(p.width))}"/>`;
    case 'rect': {
      const x0 = Math.min(p.start.x, p.end.x);
      const y0 = Math.min(p.start.y, p.end.y);
      return `<rect x="${fmt(x0)}" y="${fmt(y0)}" width="${fmt(Math.abs(p.end.x - p.start.x))}" height="${fmt(Math.abs(p.end.y - p.start.y))}"${p.filled ? '' : ' fill="none"'}${stroke(p.width)}/>`;
    }
    case 'circle':
      return `<circle cx="${fmt(p.center.x)}" cy="${fmt(p.center.y)}" r="${fmt(p.radius)}"${p.filled || p.width <= 0 ? '' : ' fill="none"'}${stroke(p.width)}/>`;
    case 'arc':
      return `<path d="${arcPath(p.start, p.mid, p.end)}" fill="none" stroke="currentColor" stroke-width="${fmt(lineWidth(p.width))}"/>`;
    case 'poly':
      return p.points.length ? `<path d="${polyPath(p.points, true)}"${p.filled ? '' : ' fill="none"'}${stroke(p.width)}/>` : '';
    case 'curve': {
      if (p.points.length < 4) return '';
      const [a, b, c, e] = p.points as [Point, Point, Point, Point];
      return `<path d="M${fmt(a.x)} ${fmt(a.y)}C${fmt(b.x)} ${fmt(b.y)} ${fmt(c.x)} ${fmt(c.y)} ${fmt(e.x)} ${fmt(e.y)}" fill="none" stroke="currentColor" stroke-width="${fmt(lineWidth(p.width))}"/>`;
    }
  }
}

/** Local-space extent of a pad (for bounds), including custom primitives. */
function padLocalPoints(pad: Pad): Point[] {
  const hw = pad.size.width / 2;
  const hh = pad.size.height / 2;
  const pts: Point[] = [
    { x: -hw, y: -hh },
    { x: hw, y: -hh },
    { x: hw, y: hh },
    { x: -hw, y: hh },
  ];
  if (pad.rectDelta) {
    const m = Math.max(Math.abs(pad.rectDelta.x), Math.abs(pad.rectDelta.y)) / 2;
    pts.push({ x: -hw - m, y: -hh - m }, { x: hw + m, y: hh + m });
  }
  for (const p of pad.primitives) {
    const w = (p.width ?? 0) / 2;
    switch (p.kind) {
      case 'line':
      case 'rect':
        pts.push({ x: p.start.x - w, y: p.start.y - w }, { x: p.end.x + w, y: p.end.y + w }, { x: p.start.x + w, y: p.start.y + w }, { x: p.end.x - w, y: p.end.y - w });
        break;
      case 'circle':
        pts.push({ x: p.center.x - p.radius - w, y: p.center.y - p.radius - w }, { x: p.center.x + p.radius + w, y: p.center.y + p.radius + w });
        break;
      case 'arc':
        for (const q of tessellateArc(p.start, p.mid, p.end, 8)) pts.push(q);
        break;
      case 'poly':
      case 'curve':
        for (const q of p.points) pts.push(q);
        break;
    }
  }
  return pts;
}

function padSvg(pad: Pad, back: boolean, showNumber: boolean, bounds: Bounds): string {
  const { x, y, rotation } = pad.at;
  const tr = `translate(${fmt(x)} ${fmt(y)})${rotation ? ` rotate(${fmt(-rotation)})` : ''}`;
  const a = (-rotation * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  for (const p of padLocalPoints(pad)) bounds.add(x + p.x * cos - p.y * sin, y + p.x * sin + p.y * cos);

  const sides = padCopperSides(pad);
  const copper = sides.front || sides.back;
  const color = back ? PCB_COLORS['B.Cu'] : copper ? PCB_COLORS['F.Cu'] : layerColor(pad.layers[0] ?? 'F.Paste');
  let out = `<g class="pad" data-number="${esc(pad.number)}" data-type="${esc(pad.type)}" data-shape="${esc(pad.shape)}">`;
  if (pad.type !== 'np_thru_hole') {
    out += `<g transform="${tr}" fill="${color}" color="${color}" stroke="none" opacity="${PAD_OPACITY}">${padShapeSvg(pad)}</g>`;
  }
  if (pad.drill && pad.drill.width > 0) {
    const d = pad.drill;
    const ox = d.offset?.x ?? 0;
    const oy = d.offset?.y ?? 0;
    const npth = pad.type === 'np_thru_hole';
    const ring = npth ? ` stroke="${PCB_COLORS.npthRing}" stroke-width="0.05"` : ' stroke="none"';
    const holeFill = npth ? PCB_COLORS.npthHole : PCB_COLORS.hole;
    let hole: string;
    if (d.oval && d.height !== d.width) {
      const r = Math.min(d.width, d.height) / 2;
      hole = `<rect x="${fmt(ox - d.width / 2)}" y="${fmt(oy - d.height / 2)}" width="${fmt(d.width)}" height="${fmt(d.height)}" rx="${fmt(r)}"/>`;
    } else hole = `<circle cx="${fmt(ox)}" cy="${fmt(oy)}" r="${fmt(d.width / 2)}"/>`;
    out += `<g class="hole" transform="${tr}" fill="${holeFill}"${ring}>${hole}</g>`;
    const r = Math.max(d.width, d.height) / 2;
    bounds.add(x, y, r + Math.hypot(ox, oy));
  }
  if (showNumber && pad.number !== '') {
    // Along the pad's long side, sized to fit (KiCad shows numbers on pads this way).
    const tall = pad.size.height > pad.size.width;
    const long = Math.max(pad.size.width, pad.size.height);
    const short = Math.min(pad.size.width, pad.size.height);
    const perUnit = textWidth(pad.number, 1) || 1;
    const size = Math.min(short * 0.55, (long * 0.8) / perUnit, 1.5);
    if (size > 0.05) {
      out += svgText(
        { text: pad.number, x, y, angle: rotation + (tall ? 90 : 0), size, h: 'center', v: 'center', fill: PCB_COLORS.padNumber, cls: 'pad-number' },
        null,
      );
    }
  }
  return out + '</g>';
}
