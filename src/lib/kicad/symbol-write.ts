// Writers: typed models back to KiCad files. Symbols are written flattened
// (a derived symbol gets its parent's units under its own name and no
// `extends`), so a library assembled from several sources is self-contained.
// Output is built as an S-expression tree and pretty-printed by sexpr.ts, so
// quoting/escaping rules live in one place.

import type { Rgba, Stroke, TextEffects } from './kicad-common.ts';
import type { Footprint, FootprintGraphic, FootprintText, Pad, PadPrimitive } from './footprint.ts';
import { q, serialize, sx, type SexprList } from './sexpr.ts';
import type { Fill, KicadSymbol, SymbolGraphic, SymbolPin, SymbolProperty, SymbolUnit } from './symbol-lib.ts';

/** KiCad 6 (20211014) or KiCad 8 (20231120) symbol library format. */
export type SymbolLibVersion = 20211014 | 20231120;

export interface WriteSymbolOptions {
  /** Default 20231120 (KiCad 8; readable by KiCad 8 and later). */
  version?: SymbolLibVersion;
  /** Written as `(generator ...)`. KiCad asks third-party tools not to claim to be KiCad. */
  generator?: string;
}

const yn = (b: boolean): string => (b ? 'yes' : 'no');

function colorNode(c: Rgba | undefined): SexprList | null {
  return c ? sx('color', c.r, c.g, c.b, c.a) : null;
}

function effectsNode(e: TextEffects, hidden: boolean, withThickness = false): SexprList {
  const font = sx('font', sx('size', e.height, e.width), withThickness && e.thickness !== undefined ? sx('thickness', e.thickness) : null, e.bold ? 'bold' : null, e.italic ? 'italic' : null);
  if (e.face !== undefined) font.items.splice(1, 0, sx('face', q(e.face)));
  const just: string[] = [];
  if (e.hAlign !== 'center') just.push(e.hAlign);
  if (e.vAlign !== 'center') just.push(e.vAlign);
  if (e.mirror) just.push('mirror');
  return sx('effects', font, just.length ? sx('justify', ...just) : null, hidden ? 'hide' : null);
}

function strokeNode(s: Stroke): SexprList {
  return sx('stroke', sx('width', s.width), sx('type', s.type || 'default'), colorNode(s.color));
}

function fillNode(f: Fill, version: SymbolLibVersion): SexprList {
  // KiCad 6 has no explicit fill colour: degrade to background.
  const type = version === 20211014 && f.type === 'color' ? 'background' : f.type;
  return sx('fill', sx('type', type), version !== 20211014 ? colorNode(f.color) : null);
}

function propertyNode(p: SymbolProperty, id: number, version: SymbolLibVersion): SexprList {
  const key = version === 20211014 && p.key === 'Description' ? 'ki_description' : p.key;
  return sx(
    'property',
    q(key),
    q(p.value),
    version === 20211014 ? sx('id', id) : null,
    sx('at', p.at.x, p.at.y, p.at.rotation),
    p.showName ? sx('show_name') : null,
    effectsNode(p.effects, p.hidden),
  );
}

function graphicNode(g: SymbolGraphic, version: SymbolLibVersion): SexprList[] {
  switch (g.kind) {
    case 'rectangle':
      return [sx('rectangle', sx('start', g.start.x, g.start.y), sx('end', g.end.x, g.end.y), strokeNode(g.stroke), fillNode(g.fill, version))];
    case 'circle':
      return [sx('circle', sx('center', g.center.x, g.center.y), sx('radius', g.radius), strokeNode(g.stroke), fillNode(g.fill, version))];
    case 'arc':
      return [sx('arc', sx('start', g.start.x, g.start.y), sx('mid', g.mid.x, g.mid.y), sx('end', g.end.x, g.end.y), strokeNode(g.stroke), fillNode(g.fill, version))];
    case 'polyline':
    case 'bezier':
      return [sx(g.kind, sx('pts', ...g.points.map((p) => sx('xy', p.x, p.y))), strokeNode(g.stroke), fillNode(g.fill, version))];
    case 'text':
      // Symbol-library text angles are written in tenths of a degree.
      return [sx('text', q(g.text), sx('at', g.at.x, g.at.y, g.at.rotation * 10), effectsNode(g.effects, g.effects.hidden))];
    case 'textbox': {
      if (version === 20211014) {
        const rect: SymbolGraphic = { kind: 'rectangle', start: g.start, end: g.end, stroke: g.stroke, fill: g.fill };
        const text: SymbolGraphic = { kind: 'text', text: g.text, at: { x: g.start.x, y: g.start.y, rotation: g.rotation }, effects: { ...g.effects, hAlign: 'left', vAlign: 'top' } };
        return [...graphicNode(rect, version), ...graphicNode(text, version)];
      }
      return [
        sx(
          'text_box',
          q(g.text),
          sx('at', g.start.x, g.start.y, g.rotation),
          sx('size', g.end.x - g.start.x, g.start.y - g.end.y),
          strokeNode(g.stroke),
          fillNode(g.fill, version),
          effectsNode(g.effects, g.effects.hidden),
        ),
      ];
    }
  }
}

function pinNode(p: SymbolPin): SexprList {
  return sx(
    'pin',
    p.electricalType,
    p.graphicStyle,
    sx('at', p.x, p.y, p.rotation),
    sx('length', p.length),
    p.hidden ? 'hide' : null,
    sx('name', q(p.name), effectsNode(p.nameEffects, p.nameEffects.hidden)),
    sx('number', q(p.number), effectsNode(p.numberEffects, p.numberEffects.hidden)),
    ...p.alternates.map((a) => sx('alternate', q(a.name), a.electricalType, a.graphicStyle)),
  );
}

function unitNode(name: string, u: SymbolUnit, version: SymbolLibVersion): SexprList {
  const node = sx('symbol', q(`${name}_${u.unit}_${u.bodyStyle}`));
  if (u.name !== undefined && version !== 20211014) node.items.push(sx('unit_name', q(u.name)));
  for (const g of u.graphics) for (const n of graphicNode(g, version)) node.items.push(n);
  for (const p of u.pins) node.items.push(pinNode(p));
  return node;
}

/** One symbol as an S-expression node (flattened: no `extends`). */
export function symbolToSexpr(sym: KicadSymbol, version: SymbolLibVersion = 20231120): SexprList {
  const node = sx(
    'symbol',
    q(sym.name),
    sym.power ? sx('power') : null,
    sym.pinNumbers.hide ? sx('pin_numbers', 'hide') : null,
    sx('pin_names', sx('offset', sym.pinNames.offset), sym.pinNames.hide ? 'hide' : null),
    version !== 20211014 ? sx('exclude_from_sim', yn(sym.excludeFromSim)) : null,
    sx('in_bom', yn(sym.inBom)),
    sx('on_board', yn(sym.onBoard)),
  );
  sym.properties.forEach((p, i) => node.items.push(propertyNode(p, i, version)));
  for (const u of sym.units) node.items.push(unitNode(sym.name, u, version));
  return node;
}

/** A complete .kicad_sym file holding the given symbols (flattened, self-contained). */
export function writeSymbolLibrary(symbols: readonly KicadSymbol[], opts: WriteSymbolOptions = {}): string {
  const version = opts.version ?? 20231120;
  const root = sx('kicad_symbol_lib', sx('version', version), sx('generator', q(opts.generator ?? 'chipedia')));
  for (const s of symbols) root.items.push(symbolToSexpr(s, version));
  return serialize(root, { indent: version === 20211014 ? '  ' : '\t' });
}

// ---------------------------------------------------------------------------
// Footprints

export interface WriteFootprintOptions {
  generator?: string;
}

/** KiCad 8 footprint format version written by writeFootprint. */
export const FOOTPRINT_VERSION = 20240108;

function fpTextNode(t: FootprintText): SexprList {
  const at = sx('at', t.at.x, t.at.y, t.at.rotation);
  const layer = sx('layer', q(t.layer));
  // KiCad 8 spelling of a text that does not keep upright.
  const unlocked = t.keepUpright === false ? sx('unlocked', 'yes') : null;
  if (t.kind === 'user') return sx('fp_text', 'user', q(t.text), at, unlocked, layer, t.hidden ? 'hide' : null, effectsNode(t.effects, false, true));
  const key = t.key ?? (t.kind === 'reference' ? 'Reference' : t.kind === 'value' ? 'Value' : 'Field');
  return sx('property', q(key), q(t.text), at, unlocked, layer, t.hidden ? 'hide' : null, effectsNode(t.effects, false, true));
}

function fpStroke(width: number): SexprList {
  return sx('stroke', sx('width', width), sx('type', 'solid'));
}

function fpGraphicNode(g: FootprintGraphic): SexprList {
  const layer = sx('layer', q(g.layer));
  const fill = sx('fill', g.filled ? 'solid' : 'none');
  switch (g.kind) {
    case 'line':
      return sx('fp_line', sx('start', g.start.x, g.start.y), sx('end', g.end.x, g.end.y), fpStroke(g.width), layer);
    case 'rect':
      return sx('fp_rect', sx('start', g.start.x, g.start.y), sx('end', g.end.x, g.end.y), fpStroke(g.width), fill, layer);
    case 'circle':
      return sx('fp_circle', sx('center', g.center.x, g.center.y), sx('end', g.end.x, g.end.y), fpStroke(g.width), fill, layer);
    case 'arc':
      return sx('fp_arc', sx('start', g.start.x, g.start.y), sx('mid', g.mid.x, g.mid.y), sx('end', g.end.x, g.end.y), fpStroke(g.width), layer);
    case 'poly':
      return sx('fp_poly', sx('pts', ...g.points.map((p) => sx('xy', p.x, p.y))), fpStroke(g.width), fill, layer);
    case 'curve':
      return sx('fp_curve', sx('pts', ...g.points.map((p) => sx('xy', p.x, p.y))), fpStroke(g.width), layer);
    case 'textbox':
      return sx('fp_text_box', q(g.text), sx('start', g.start.x, g.start.y), sx('end', g.end.x, g.end.y), layer, fpStroke(g.width), effectsNode(g.effects, false, true));
  }
}

function primitiveNode(p: PadPrimitive): SexprList {
  const w = sx('width', p.width);
  switch (p.kind) {
    case 'line':
      return sx('gr_line', sx('start', p.start.x, p.start.y), sx('end', p.end.x, p.end.y), w);
    case 'rect':
      return sx('gr_rect', sx('start', p.start.x, p.start.y), sx('end', p.end.x, p.end.y), w, sx('fill', yn(p.filled)));
    case 'circle':
      return sx('gr_circle', sx('center', p.center.x, p.center.y), sx('end', p.end.x, p.end.y), w, sx('fill', yn(p.filled)));
    case 'arc':
      return sx('gr_arc', sx('start', p.start.x, p.start.y), sx('mid', p.mid.x, p.mid.y), sx('end', p.end.x, p.end.y), w);
    case 'poly':
      return sx('gr_poly', sx('pts', ...p.points.map((pt) => sx('xy', pt.x, pt.y))), w, sx('fill', yn(p.filled)));
    case 'curve':
      return sx('gr_curve', sx('pts', ...p.points.map((pt) => sx('xy', pt.x, pt.y))), w);
  }
}

function padNode(p: Pad): SexprList {
  const node = sx(
    'pad',
    q(p.number),
    p.type,
    p.shape,
    p.at.rotation ? sx('at', p.at.x, p.at.y, p.at.rotation) : sx('at', p.at.x, p.at.y),
    sx('size', p.size.width, p.size.height),
  );
  if (p.drill) {
    const d = p.drill;
    node.items.push(
      sx('drill', d.oval ? 'oval' : null, d.width, d.oval ? d.height : null, d.offset ? sx('offset', d.offset.x, d.offset.y) : null),
    );
  }
  if (p.rectDelta) node.items.push(sx('rect_delta', p.rectDelta.x, p.rectDelta.y));
  node.items.push(sx('layers', ...p.layers.map((l) => q(l))));
  if (p.roundrectRatio !== undefined) node.items.push(sx('roundrect_rratio', p.roundrectRatio));
  if (p.chamferRatio !== undefined) node.items.push(sx('chamfer_ratio', p.chamferRatio));
  if (p.chamfer && p.chamfer.length) node.items.push(sx('chamfer', ...p.chamfer));
  if (p.net) node.items.push(p.net.number === undefined ? sx('net', q(p.net.name)) : sx('net', p.net.number, q(p.net.name)));
  if (p.pinFunction !== undefined) node.items.push(sx('pinfunction', q(p.pinFunction)));
  if (p.pinType !== undefined) node.items.push(sx('pintype', q(p.pinType)));
  if (p.zoneConnect !== undefined) node.items.push(sx('zone_connect', p.zoneConnect));
  if (p.shape === 'custom') {
    node.items.push(sx('options', sx('clearance', 'outline'), sx('anchor', p.anchor ?? 'rect')));
    node.items.push(sx('primitives', ...p.primitives.map(primitiveNode)));
  }
  return node;
}

/** Footprint as an S-expression node (KiCad 8 format). */
export function footprintToSexpr(fp: Footprint, opts: WriteFootprintOptions = {}): SexprList {
  const root = sx('footprint', q(fp.name), sx('version', FOOTPRINT_VERSION), sx('generator', q(opts.generator ?? 'chipedia')), sx('layer', q(fp.layer)));
  if (fp.description) root.items.push(sx('descr', q(fp.description)));
  if (fp.tags.length) root.items.push(sx('tags', q(fp.tags.join(' '))));
  const keyed = new Set<string>();
  for (const t of fp.texts) {
    if (t.kind === 'user') continue;
    root.items.push(fpTextNode(t));
    keyed.add(t.key ?? t.kind);
  }
  for (const [key, value] of Object.entries(fp.properties)) {
    if (keyed.has(key)) continue;
    // A field read without placement (KiCad 6/7 key-value property): KiCad 8 wants one.
    root.items.push(
      sx('property', q(key), q(value), sx('at', 0, 0, 0), sx('layer', q('F.Fab')), 'hide', sx('effects', sx('font', sx('size', 1, 1), sx('thickness', 0.15)))),
    );
  }
  for (const t of fp.texts) if (t.kind === 'user') root.items.push(fpTextNode(t));
  const a = fp.attributes;
  const attr = sx(
    'attr',
    a.type === 'unspecified' ? null : a.type,
    a.boardOnly ? 'board_only' : null,
    a.excludeFromPosFiles ? 'exclude_from_pos_files' : null,
    a.excludeFromBom ? 'exclude_from_bom' : null,
    a.allowMissingCourtyard ? 'allow_missing_courtyard' : null,
    a.dnp ? 'dnp' : null,
  );
  if (attr.items.length > 1) root.items.push(attr);
  for (const g of fp.graphics) root.items.push(fpGraphicNode(g));
  for (const p of fp.pads) root.items.push(padNode(p));
  for (const m of fp.models) {
    root.items.push(
      sx(
        'model',
        q(m.path),
        m.hidden ? 'hide' : null,
        sx('offset', sx('xyz', m.offset.x, m.offset.y, m.offset.z)),
        sx('scale', sx('xyz', m.scale.x, m.scale.y, m.scale.z)),
        sx('rotate', sx('xyz', m.rotate.x, m.rotate.y, m.rotate.z)),
      ),
    );
  }
  return root;
}

/** A complete .kicad_mod file for the footprint (KiCad 8 format). */
export function writeFootprint(fp: Footprint, opts: WriteFootprintOptions = {}): string {
  return serialize(footprintToSexpr(fp, opts));
}
