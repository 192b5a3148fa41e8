// Placed symbols of the schematic painter: each library symbol drawn through
// PlacedRenderer (unit, De Morgan body, rotation and mirror as KiCad places
// them, pins with the instance's identity and nets), the instance's fields at
// their sheet positions, and the do-not-populate cross.

import type { SchematicSymbol } from '../schematic.ts';
import { resolveSymbolInstance, type SheetNode } from '../schematic-hierarchy.ts';
import { unitCount, unitItems, unitLetter, type KicadSymbol } from '../symbol-lib.ts';
import { FLIP_Y, mul, PlacedRenderer, placementMatrix, readableText, type Mat2 } from './placed-symbol.ts';
import type { Meta, Style } from './renderer.ts';
import { emitText, expandVars, textShape, type Ctx } from './schematic-context.ts';
import type { SchematicTheme } from './schematic-theme.ts';
import { paintBodyGraphic, paintBodyText, paintPin, SCHEMATIC_COLORS, SYMBOL_LAYERS } from './symbol-painter.ts';

function symbolColorMap(t: SchematicTheme): Map<string, string> {
  return new Map([
    [SCHEMATIC_COLORS.body, t.body],
    [SCHEMATIC_COLORS.bodyFill, t.bodyFill],
    [SCHEMATIC_COLORS.pinNumber, t.pinNumber],
    [SCHEMATIC_COLORS.pinName, t.pinName],
    [SCHEMATIC_COLORS.field, t.fields],
    [SCHEMATIC_COLORS.unitLabel, t.hidden],
  ]);
}


export function paintSymbols(c: Ctx): void {
  const { sch, o, L } = c;
  if (sch.symbols.length === 0) return;
  const lib = new Map<string, KicadSymbol>();
  for (const s of sch.libSymbols) lib.set(s.name, s);
  // Without a path, the sheet is taken as the root (KiCad 7+ root instances are "/<root uuid>").
  const sheetNode = instanceNode(o.instancePath ?? `/${sch.uuid}`);
  const pr = new PlacedRenderer(c.r, {
    layers: {
      [SYMBOL_LAYERS.bodyFill.name]: L['sym-body-fill'],
      [SYMBOL_LAYERS.body.name]: L['sym-body'],
      [SYMBOL_LAYERS.bodyText.name]: L['sym-body-text'],
      [SYMBOL_LAYERS.pins.name]: L['sym-pins'],
      [SYMBOL_LAYERS.fields.name]: L['sym-fields'],
      [SYMBOL_LAYERS.label.name]: L['sym-fields'],
    },
    colors: symbolColorMap(c.t),
    meta: {},
  });
  for (const sym of sch.symbols) {
    const inst = resolveSymbolInstance(sym, sheetNode, o.root ?? sch, o.project);
    paintPlacedSymbol(c, pr, sym, lib.get(sym.libName ?? sym.libId), inst);
  }
}

/** The parts of a SheetNode that instance lookups read, from its path ("/<root-uuid>/<sheet-uuid>..."). */
function instanceNode(path: string): SheetNode {
  const parts = path.split('/').filter(Boolean);
  const localPath = parts.length <= 1 ? '/' : '/' + parts.slice(1).join('/');
  return { path, localPath, name: '', namePath: '', fileName: '', schematic: null, children: [] };
}

interface Instance {
  reference: string;
  unit: number;
  value: string;
  footprint: string;
}

function paintPlacedSymbol(c: Ctx, pr: PlacedRenderer, sym: SchematicSymbol, lib: KicadSymbol | undefined, inst: Instance): void {
  const meta: Record<string, string> = { class: 'symbol', 'data-ref': inst.reference, 'data-uuid': sym.uuid, 'data-value': inst.value, 'data-lib-id': sym.libId };
  if (sym.dnp) meta['data-dnp'] = 'true';
  if (sym.excludeFromSim) meta['data-exclude-from-sim'] = 'true';
  if (!lib) meta['data-missing'] = 'true';
  const place = placementMatrix(sym.at.rotation, sym.mirror);
  const multi = lib ? unitCount(lib) > 1 : false;
  if (lib) {
    pr.meta = meta;
    // KiCad draws a do-not-populate symbol faded (its colours mixed half with the background).
    pr.groupStyle = sym.dnp ? DNP_FADE : undefined;
    pr.body = null;
    pr.origin = { x: sym.at.x, y: sym.at.y };
    const nets = c.o.nets?.pins;
    const alt = new Map(sym.pins.filter((p) => p.alternate).map((p) => [p.number, p.alternate as string]));
    pr.pinMeta = (num) => {
      const m: Record<string, string> = { 'data-ref': inst.reference };
      const net = nets?.get(`${sym.uuid}:${num}`);
      if (net !== undefined) m['data-net'] = net;
      return m;
    };
    const { graphics, pins } = unitItems(lib, inst.unit, sym.bodyStyle);
    pr.matrix = mul(place, FLIP_Y);
    for (const g of graphics) {
      if (g.kind === 'text' || g.kind === 'textbox') paintBodyText(pr, g);
      else paintBodyGraphic(pr, g);
    }
    // Pins are turned in the library frame first, so the symbol painter places their
    // names and numbers by KiCad's rules for the pin's final orientation.
    const ov = mul(mul(FLIP_Y, place), FLIP_Y);
    pr.matrix = FLIP_Y;
    pr.beginLayer(SYMBOL_LAYERS.pins);
    for (const p of pins) {
      const d = dirOf(ov, p.rotation);
      const a = alt.get(p.number);
      const altDef = a ? p.alternates.find((x) => x.name === a) : undefined;
      paintPin(pr, lib, { ...p, x: ov[0] * p.x + ov[1] * p.y, y: ov[2] * p.x + ov[3] * p.y, rotation: d, ...(altDef ? { name: altDef.name, graphicStyle: altDef.graphicStyle, electricalType: altDef.electricalType } : {}) }, c.o.showHiddenPins === true, !c.kicad6);
    }
    pr.endLayer();
  }
  paintSymbolFields(c, sym, lib, inst, multi, place, meta);
  if (sym.dnp && pr.body) {
    const b = pr.body;
    c.r.beginLayer(c.L.dnp);
    c.r.beginGroup({ meta: { class: 'dnp', 'data-uuid': sym.uuid } });
    c.r.shape({
      kind: 'path',
      parts: [
        [
          { x: b.minX, y: b.minY },
          { x: b.maxX, y: b.maxY },
        ],
        [
          { x: b.maxX, y: b.minY },
          { x: b.minX, y: b.maxY },
        ],
      ],
      style: { width: 3 * c.d.line },
    });
    c.r.endGroup();
    c.r.endLayer();
  }
}

const DNP_FADE: Style = { opacity: 0.5 };

function dirOf(m: Mat2, rotation: number): number {
  const a = (rotation * Math.PI) / 180;
  const x = Math.round((m[0] * Math.cos(a) + m[1] * Math.sin(a)) * 1e9) / 1e9;
  const y = Math.round((m[2] * Math.cos(a) + m[3] * Math.sin(a)) * 1e9) / 1e9;
  return ((Math.round((Math.atan2(y, x) * 180) / Math.PI) % 360) + 360) % 360;
}

/**
 * The instance's fields, at their sheet positions. KiCad keeps a field's
 * justification in the symbol's own frame: the text box turns with the
 * symbol, then the text is set upright.
 */
function paintSymbolFields(c: Ctx, sym: SchematicSymbol, lib: KicadSymbol | undefined, inst: Instance, multi: boolean, place: Mat2, meta: Meta): void {
  const own: Record<string, string> = {};
  for (const p of sym.properties) own[p.key.toUpperCase()] = p.value;
  const vars = (name: string): string | undefined => {
    switch (name) {
      case 'REFERENCE':
        return inst.reference + (multi ? unitLetter(inst.unit) : '');
      case 'VALUE':
        return inst.value;
      case 'FOOTPRINT':
        return inst.footprint;
      case 'UNIT':
        return unitLetter(inst.unit);
      case 'SYMBOL_NAME':
        return sym.libId.split(':').pop();
      case 'SYMBOL_LIBRARY':
        return sym.libId.includes(':') ? sym.libId.split(':')[0] : '';
      case 'DNP':
        return sym.dnp ? 'DNP' : '';
    }
    return own[name.toUpperCase()] ?? c.sheetVar(name);
  };
  let open = false;
  for (const p of sym.properties) {
    if (p.hidden || p.effects.hidden || p.key.startsWith('ki_')) continue;
    let text: string;
    let fill = c.t.fields;
    let cls = 'field';
    if (p.key === 'Reference') {
      text = inst.reference + (multi && !lib?.power ? unitLetter(inst.unit) : '');
      fill = c.t.reference;
      cls = 'field reference';
    } else if (p.key === 'Value') {
      text = expandVars(inst.value, vars);
      fill = c.t.value;
      cls = 'field value';
    } else if (p.key === 'Footprint') text = inst.footprint;
    else text = expandVars(p.value, vars);
    if (text === '' || text === '~') continue;
    if (p.showName) text = `${p.key}: ${text}`;
    const a = (p.at.rotation * Math.PI) / 180;
    // Baseline and glyph-down directions of the field in the symbol's frame (Y-down), turned by the placement.
    const d = { x: place[0] * Math.cos(a) - place[1] * Math.sin(a), y: place[2] * Math.cos(a) - place[3] * Math.sin(a) };
    const n = { x: place[0] * Math.sin(a) + place[1] * Math.cos(a), y: place[2] * Math.sin(a) + place[3] * Math.cos(a) };
    const rt = readableText(d, n, p.effects.hAlign, p.effects.vAlign);
    if (!open) {
      c.r.beginLayer(c.L['sym-fields']);
      c.r.beginGroup(sym.dnp ? { meta, style: DNP_FADE } : { meta });
      open = true;
    }
    const t = textShape(text, { x: p.at.x, y: p.at.y }, rt.angle, p.effects, fill, cls);
    t.h = rt.h;
    t.v = rt.v;
    emitText(c.r, t);
  }
  if (open) {
    c.r.endGroup();
    c.r.endLayer();
  }
}
