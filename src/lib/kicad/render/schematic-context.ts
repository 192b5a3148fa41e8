// Shared state and helpers of the schematic sheet painter (schematic-painter.ts
// and its parts schematic-notes.ts, schematic-symbols.ts): the paint options,
// the sheet's layers, text variables, multi-line text and stroked lines.

import type { Point, Rgba, Stroke, TextEffects } from '../kicad-common.ts';
import type { IntersheetRefsSettings } from '../intersheet-refs.ts';
import type { SchematicNetStyle } from '../net-classes.ts';
import type { KicadSchematic } from '../schematic.ts';
import type { SymbolProperty } from '../symbol-lib.ts';
import { measureText, textLines } from '../text/stroke-font.ts';
import { dashPattern, dashPolyline } from './label-shapes.ts';
import type { LayerSpec, Meta, Renderer, Style, TextShape } from './renderer.ts';
import { SCH_DEFAULTS, type SchematicDrawing, type SchematicTheme } from './schematic-theme.ts';

export interface SheetPaint {
  theme: SchematicTheme;
  /** The SheetNode.path of this sheet instance (per-instance references and units). */
  instancePath?: string;
  /** Project name for the instance lookup. */
  project?: string;
  /** The root sheet's schematic: KiCad 6 projects keep per-instance references in its `symbol_instances`. */
  root?: KicadSchematic;
  /** Net name per item uuid and per `${symbolUuid}:${pinNumber}` (written as `data-net`). */
  nets?: { items: Map<string, string>; pins: Map<string, string> };
  /**
   * The frame and title block (the drawing sheet painter's paintDrawingSheet), called first
   * with the 'sheet-frame' layer to draw on and the theme's frame colour.
   */
  drawingSheet?: (r: Renderer, layer: LayerSpec, color: string) => void;
  /** Text variables (project text_variables, ${TITLE} overrides...). */
  vars?: Record<string, string>;
  /** Sheet name, page number and page count for ${SHEETNAME}, ${#}, ${##}. */
  sheetName?: string;
  page?: string;
  pageCount?: number;
  /** The project's drawing settings (`drawingFromProject(.kicad_pro JSON)`): default widths, junction size, label ratios, dashes. */
  drawing?: SchematicDrawing;
  /**
   * Global label name → pages it appears on (`intersheetPages(hierarchy)`): the label's
   * `${INTERSHEET_REFS}` field lists them; without it the field shows `vars.INTERSHEET_REFS`.
   */
  pageRefs?: ReadonlyMap<string, readonly string[]>;
  /** How the page lists are written and whether they show (`intersheetSettingsFromProject`). */
  intersheetRefs?: IntersheetRefsSettings;
  /**
   * Net name → its net class's colour and widths (`schematicNetStyles(project)`): wires,
   * buses, bus entries and junctions of a net in a coloured or wider class draw so,
   * unless the item sets its own. Needs `nets`.
   */
  netStyle?: (netName: string) => SchematicNetStyle;
  /** Draw pins KiCad hides (power symbols' pins), as the editor's "show hidden pins" does. */
  showHiddenPins?: boolean;
}

/** Width of KiCad's text box (stroke font metrics, pen included): label boxes, text box wrapping. */
export function measureLabel(text: string, e: Pick<TextEffects, 'height' | 'width' | 'thickness' | 'bold' | 'italic'>): number {
  return measureText(text, { size: e.height, width: e.width || e.height, thickness: e.thickness, bold: e.bold, italic: e.italic }).width;
}

/** Layer names (bottom to top) of a painted sheet. */
export const SHEET_LAYER_ORDER = [
  'sheet-frame',
  'images',
  'sheet-fill',
  'sym-body-fill',
  'notes',
  'sheets',
  'wires',
  'bus-entries',
  'buses',
  'sym-body',
  'sym-body-text',
  'sym-pins',
  'labels',
  'junctions',
  'no-connects',
  'sym-fields',
  'texts',
  'dnp',
] as const;
export type LayerName = (typeof SHEET_LAYER_ORDER)[number];

function themeLayers(t: SchematicTheme): Record<LayerName, LayerSpec> {
  const style: Partial<Record<LayerName, Style>> = {
    'sym-body-fill': { stroke: 'none', fill: t.bodyFill },
    'sym-body': { fill: 'none', stroke: t.body },
    wires: { fill: 'none', stroke: t.wire, width: SCH_DEFAULTS.wire, cap: 'round' },
    buses: { fill: 'none', stroke: t.bus, width: SCH_DEFAULTS.bus, cap: 'round' },
    'bus-entries': { fill: 'none', stroke: t.wire, width: SCH_DEFAULTS.wire, cap: 'round' },
    junctions: { fill: t.junction, stroke: 'none' },
    'no-connects': { fill: 'none', stroke: t.noConnect, width: SCH_DEFAULTS.line, cap: 'round' },
    notes: { fill: 'none', stroke: t.notes, width: SCH_DEFAULTS.line },
    sheets: { fill: 'none', stroke: t.sheetBorder, width: SCH_DEFAULTS.line },
    dnp: { fill: 'none', stroke: t.dnp, cap: 'round' },
  };
  const out = {} as Record<LayerName, LayerSpec>;
  SHEET_LAYER_ORDER.forEach((name, z) => {
    const spec: LayerSpec = { name, z, meta: { class: name } };
    const s = style[name];
    out[name] = s ? { ...spec, style: s } : spec;
  });
  out['sym-pins'] = { ...out['sym-pins'], keepEmpty: true };
  return out;
}

const layerCache = new WeakMap<SchematicTheme, Record<LayerName, LayerSpec>>();
export function layersFor(t: SchematicTheme): Record<LayerName, LayerSpec> {
  let l = layerCache.get(t);
  if (!l) layerCache.set(t, (l = themeLayers(t)));
  return l;
}


export function rgba(c: Rgba): string {
  return `rgba(${Math.round(c.r)},${Math.round(c.g)},${Math.round(c.b)},${c.a})`;
}

/** A colour written in the file, when it is one (KiCad writes 0,0,0,0 for "use the theme"). */
export function fileColor(c: Rgba | undefined): string | undefined {
  return c && c.a > 0 ? rgba(c) : undefined;
}

export const KICAD6_LAST = 20211123;

// ---------------------------------------------------------------------------
// Text variables

const VAR = /\$\{([^{}]+)\}/g;

/** Substitute ${NAME} from `lookup`; unknown names stay as written (as KiCad shows them). */
export function expandVars(text: string, lookup: (name: string) => string | undefined): string {
  if (!text.includes('${')) return text;
  let s = text;
  // Variables may expand to other variables; a few rounds, never endlessly.
  for (let i = 0; i < 4 && s.includes('${'); i++) {
    const next = s.replace(VAR, (m, name: string) => lookup(name) ?? m);
    if (next === s) break;
    s = next;
  }
  return s;
}

export interface Ctx {
  r: Renderer;
  sch: KicadSchematic;
  o: SheetPaint;
  t: SchematicTheme;
  L: Record<LayerName, LayerSpec>;
  sheetVar: (name: string) => string | undefined;
  kicad6: boolean;
  d: SchematicDrawing;
}

export function sheetVars(sch: KicadSchematic, o: SheetPaint): (name: string) => string | undefined {
  const tb = sch.titleBlock;
  const base = sch.fileName.split(/[\\/]/).pop() ?? sch.fileName;
  return (name) => {
    const v = o.vars?.[name];
    if (v !== undefined) return v;
    switch (name) {
      case 'SHEETNAME':
        return o.sheetName ?? '';
      case 'FILENAME':
        return base;
      case 'SHEETPATH':
        return '/';
      case '#':
        return o.page ?? '';
      case '##':
        return o.pageCount !== undefined ? String(o.pageCount) : undefined;
      case 'TITLE':
        return tb.title;
      case 'REVISION':
        return tb.rev;
      case 'ISSUE_DATE':
      case 'DATE':
        return tb.date;
      case 'COMPANY':
        return tb.company;
      case 'PAPER':
        return sch.paper.size;
      case 'PROJECTNAME':
        return o.project;
    }
    const c = /^COMMENT([1-9])$/.exec(name);
    if (c) return tb.comments[Number(c[1])] ?? '';
    return undefined;
  };
}


// ---------------------------------------------------------------------------
// Text

export function textShape(text: string, at: Point, angle: number, e: TextEffects, fill: string, cls: string): TextShape {
  const t: TextShape = { text, at, angle, size: e.height, h: e.hAlign, v: e.vAlign, fill, cls };
  if (e.width > 0 && e.width !== e.height) t.width = e.width;
  if (e.thickness !== undefined && e.thickness > 0) t.thickness = e.thickness;
  if (e.bold) t.bold = true;
  if (e.italic) t.italic = true;
  return t;
}

/** KiCad's line pitch: 1.61 × the glyph height (× line_spacing). */
const INTERLINE = 1.61;

/**
 * Multi-line text as one text per line, stacked along the text's down
 * direction as KiCad stacks them (the block is justified as a whole), so
 * every renderer draws it alike.
 */
export function emitText(r: Renderer, t: TextShape): void {
  if (!t.text.includes('\n')) {
    r.text(t);
    return;
  }
  const lines = textLines(t.text);
  const pitch = t.size * INTERLINE * (t.lineSpacing ?? 1);
  const n = lines.length;
  const first = t.v === 'top' ? 0 : t.v === 'bottom' ? -(n - 1) * pitch : (-(n - 1) * pitch) / 2;
  const a = (t.angle * Math.PI) / 180;
  // Glyph-down direction on a Y-down sheet: (0, 1) at 0°, (1, 0) at 90°.
  const dx = Math.round(Math.sin(a) * 1e12) / 1e12;
  const dy = Math.round(Math.cos(a) * 1e12) / 1e12;
  for (let i = 0; i < n; i++) {
    const line = lines[i] as string;
    if (line === '') continue;
    const off = first + i * pitch;
    r.text({ ...t, text: line, at: { x: t.at.x + dx * off, y: t.at.y + dy * off } });
  }
}

/** Sheet-level text (notes, fields not owned by a symbol): 180° turns to 0°, 270° to 90°, justification kept as KiCad saves it. */
export function paintText(c: Ctx, text: string, at: Point, angle: number, e: TextEffects, fill: string, cls: string): void {
  if (text === '') return;
  const q = ((Math.round(angle) % 360) + 360) % 360;
  const a = q === 180 ? 0 : q === 270 ? 90 : q;
  emitText(c.r, textShape(text, { x: at.x, y: at.y }, a, e, fill, cls));
}

// ---------------------------------------------------------------------------
// Lines

export function strokeWidth(s: Stroke, dflt: number): number {
  return s.width > 0 ? s.width : dflt;
}

/**
 * A polyline with the stroke's width, colour and line style: `dflt` is the
 * width a 0 in the file means, `layerWidth` and `layerColor` what the layer
 * already sets (only differences are written), `classColor` the colour when
 * the file sets none (a wire's net class).
 */
export function strokedPath(c: Ctx, parts: readonly (readonly Point[])[], s: Stroke, dflt: number, layerWidth: number, layerColor: string, closed = false, classColor?: string): void {
  const w = strokeWidth(s, dflt);
  const style: Style = {};
  // The file's colour first, then the net class's (wires), then the layer's.
  const color = fileColor(s.color) ?? classColor;
  if (color && color !== layerColor) style.stroke = color;
  if (w !== layerWidth) style.width = w;
  const pattern = dashPattern(s.type, w, c.d.dashRatio, c.d.gapRatio);
  if (pattern) {
    const dashed: (readonly Point[])[] = [];
    for (const p of parts) dashed.push(...dashPolyline(closed && p.length > 1 ? [...p, p[0] as Point] : p, pattern));
    style.cap = 'round';
    c.r.shape({ kind: 'path', parts: dashed, style });
    return;
  }
  c.r.shape({ kind: 'path', parts, closed: closed || undefined, style: style.stroke || style.width !== undefined ? style : undefined });
}


export function itemMeta(cls: string, uuid: string, nets?: Map<string, string>): Meta {
  const m: Record<string, string> = { class: cls, 'data-uuid': uuid };
  const net = nets?.get(uuid);
  if (net !== undefined) m['data-net'] = net;
  return m;
}


/** Fields of labels and sheets: in sheet coordinates, readable, hidden ones skipped. */
export function paintFields(c: Ctx, props: readonly SymbolProperty[], fill: string, special: (key: string) => string | undefined, cls: string, colorOf?: (key: string) => string): void {
  const visible = props.filter((p) => !p.hidden && !p.effects.hidden);
  if (visible.length === 0) return;
  c.r.beginLayer(c.L['sym-fields']);
  for (const p of visible) {
    let text = special(p.key) ?? expandVars(p.value, c.sheetVar);
    if (text === '' || text === '~') continue;
    if (p.showName) text = `${p.key}: ${text}`;
    paintText(c, text, p.at, p.at.rotation, p.effects, colorOf?.(p.key) ?? fill, cls);
  }
  c.r.endLayer();
}
