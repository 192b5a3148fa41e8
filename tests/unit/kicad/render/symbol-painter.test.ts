// Symbol painters against the recording Renderer, on hand-built models (library coordinates, Y-up).
import { describe, expect, it } from 'vitest';
import { defaultEffects } from '../../../../src/lib/kicad/kicad-common.ts';
import { paintBodyGraphic, paintBodyText, paintPin, paintSymbolUnit, SCHEMATIC_COLORS } from '../../../../src/lib/kicad/render/symbol-painter.ts';
import type { PathShape } from '../../../../src/lib/kicad/render/renderer.ts';
import type { KicadSymbol, SymbolGraphic, SymbolPin } from '../../../../src/lib/kicad/symbol-lib.ts';
import { RecordingRenderer } from './recording-renderer.ts';

const PIN_TEXT_OFFSET = 0.254; // 4 mil margin + 6 mil default line

function pin(over: Partial<SymbolPin> = {}): SymbolPin {
  return {
    number: '1',
    name: 'CLK',
    electricalType: 'input',
    graphicStyle: 'line',
    x: -5.08,
    y: 0,
    rotation: 0,
    length: 2.54,
    hidden: false,
    nameEffects: defaultEffects(),
    numberEffects: defaultEffects(),
    alternates: [],
    unit: 0,
    bodyStyle: 0,
    ...over,
  };
}

function symbol(over: Partial<KicadSymbol> = {}): KicadSymbol {
  return {
    name: 'TEST',
    line: 1,
    properties: [],
    reference: 'U',
    value: 'TEST',
    footprint: '',
    datasheet: '',
    description: '',
    keywords: '',
    fpFilters: [],
    pinNames: { offset: 0.508, hide: false },
    pinNumbers: { hide: false },
    inBom: true,
    onBoard: true,
    excludeFromSim: false,
    power: false,
    units: [],
    ...over,
  };
}

const stroke = { width: 0.254, type: 'default' };

describe('paintPin', () => {
  it('draws a horizontal pin line, the name inside the body at the offset and the number above the line', () => {
    const r = new RecordingRenderer();
    paintPin(r, symbol(), pin(), false);
    const [line] = r.shapes() as PathShape[];
    expect(line?.kind).toBe('path');
    expect(line?.parts).toEqual([[{ x: -5.08, y: 0 }, { x: -2.54, y: 0 }]]);
    expect(line?.style).toMatchObject({ stroke: SCHEMATIC_COLORS.pin, width: 0.1524 });
    expect(line?.bounds).toBe(false);

    const [name] = r.texts('pin-name');
    expect(name).toMatchObject({ text: 'CLK', angle: 0, h: 'left', v: 'center' });
    expect(name?.at.x).toBeCloseTo(-2.54 + 0.508, 9);
    expect(name?.at.y).toBe(0);
    const [num] = r.texts('pin-number');
    expect(num).toMatchObject({ text: '1', angle: 0, h: 'center', v: 'bottom' });
    expect(num?.at.x).toBeCloseTo(-3.81, 9);
    expect(num?.at.y).toBeCloseTo(PIN_TEXT_OFFSET, 9);

    const group = r.calls.find((c) => c.op === 'group');
    expect(group?.op === 'group' && group.spec.meta).toMatchObject({ class: 'pin', 'data-number': '1', 'data-name': 'CLK', 'aria-label': 'Pin 1 CLK', 'data-type': 'input' });
    // KiCad's pin box: both ends with a line width of slack.
    const declared = r.calls.flatMap((c) => (c.op === 'bounds' ? [[c.x, c.y, c.pad]] : []));
    expect(declared).toEqual([
      [-5.08, 0, 0.1524],
      [-2.54, 0, 0.1524],
    ]);
  });

  it('turns the texts of a pin pointing down (rotation 270) to 90° and places the name below its end', () => {
    const r = new RecordingRenderer();
    paintPin(r, symbol(), pin({ x: 0, y: 5.08, rotation: 270 }), false);
    const [line] = r.shapes() as PathShape[];
    const end = line?.parts[0]?.[1];
    expect(end?.x).toBeCloseTo(0, 9);
    expect(end?.y).toBeCloseTo(2.54, 9);
    const [name] = r.texts('pin-name');
    expect(name).toMatchObject({ angle: 90, h: 'right', v: 'center' });
    expect(name?.at.y).toBeCloseTo(2.54 - 0.508, 9);
    const [num] = r.texts('pin-number');
    expect(num).toMatchObject({ angle: 90, h: 'center', v: 'bottom' });
    expect(num?.at.x).toBeCloseTo(-PIN_TEXT_OFFSET, 9);
    expect(num?.at.y).toBeCloseTo(3.81, 9);
  });

  it('puts the name above and the number below the line when the names offset is 0', () => {
    const r = new RecordingRenderer();
    paintPin(r, symbol({ pinNames: { offset: 0, hide: false } }), pin(), false);
    const [name] = r.texts('pin-name');
    const [num] = r.texts('pin-number');
    expect(name).toMatchObject({ h: 'center', v: 'bottom' });
    expect(name?.at.y).toBeCloseTo(PIN_TEXT_OFFSET, 9);
    expect(num).toMatchObject({ h: 'center', v: 'top' });
    expect(num?.at.y).toBeCloseTo(-PIN_TEXT_OFFSET, 9);
  });

  it('draws an inverted pin with a bubble at the body end and declares the decoration', () => {
    const r = new RecordingRenderer();
    paintPin(r, symbol(), pin({ x: 0, graphicStyle: 'inverted' }), false);
    const [line, bubble] = r.shapes();
    expect(line?.kind === 'path' && line.parts).toEqual([[{ x: 1.27, y: 0 }, { x: 0, y: 0 }]]);
    expect(bubble).toMatchObject({ kind: 'circle', radius: 0.635 });
    expect(bubble?.kind === 'circle' && bubble.center?.x).toBeCloseTo(1.905, 9);
    const declared = r.calls.flatMap((c) => (c.op === 'bounds' ? [[c.x, c.y, c.pad]] : []));
    expect(declared).toContainEqual([1.27, 0, 0.635]);
  });

  it('hides hidden pins unless asked, then draws them translucent', () => {
    const hidden = pin({ hidden: true });
    const r = new RecordingRenderer();
    paintPin(r, symbol(), hidden, false);
    expect(r.shapes()).toEqual([]);
    expect(r.texts()).toEqual([]);
    const g = r.calls[0];
    expect(g?.op === 'group' && g.spec).toMatchObject({ visible: false, keepEmpty: true, meta: { 'data-hidden': 'true' } });

    const shown = new RecordingRenderer();
    paintPin(shown, symbol(), hidden, true);
    expect(shown.shapes()).toHaveLength(1);
    const sg = shown.calls[0];
    expect(sg?.op === 'group' && sg.spec.style).toEqual({ opacity: 0.5 });
  });
});

describe('paintBodyGraphic', () => {
  it('draws a background-filled arc as a pie slice on the fill layer and its outline on the body layer', () => {
    const arc: SymbolGraphic = { kind: 'arc', start: { x: 1, y: 0 }, mid: { x: 0, y: 1 }, end: { x: -1, y: 0 }, stroke, fill: { type: 'background' } };
    const r = new RecordingRenderer();
    paintBodyGraphic(r, arc);
    const [fill] = r.shapes('body-fill');
    const [outline] = r.shapes('body');
    expect(fill).toMatchObject({ kind: 'arc', start: arc.start, mid: arc.mid, end: arc.end, pie: true });
    expect(outline).toMatchObject({ kind: 'arc', start: arc.start, mid: arc.mid, end: arc.end, style: { width: 0.254 } });
    expect(outline?.kind === 'arc' && outline.pie).toBeFalsy();
  });

  it('draws an outline-filled arc as a pie in the stroke colour under an unfilled outline', () => {
    const arc: SymbolGraphic = { kind: 'arc', start: { x: 1, y: 0 }, mid: { x: 0, y: 1 }, end: { x: -1, y: 0 }, stroke, fill: { type: 'outline' } };
    const r = new RecordingRenderer();
    paintBodyGraphic(r, arc);
    expect(r.shapes('body-fill')).toEqual([]);
    const [pie, outline] = r.shapes('body');
    expect(pie).toMatchObject({ pie: true, style: { fill: SCHEMATIC_COLORS.body, stroke: 'none' } });
    expect(outline?.style?.fill).toBeUndefined();
  });

  it('closes a background-filled polyline into a polygon on the fill layer', () => {
    const pts = [
      { x: 0, y: 0 },
      { x: 2, y: 0 },
      { x: 1, y: 2 },
    ];
    const r = new RecordingRenderer();
    paintBodyGraphic(r, { kind: 'polyline', points: pts, stroke, fill: { type: 'background' } });
    expect(r.shapes('body-fill')).toEqual([{ kind: 'path', parts: [pts], closed: true, style: { width: 0.254 } }]);
    expect(r.shapes('body')).toMatchObject([{ kind: 'path', parts: [pts] }]);
  });

  it('draws nothing of a negative-width, unfilled outline (KiCad: no line)', () => {
    const r = new RecordingRenderer();
    paintBodyGraphic(r, { kind: 'rectangle', start: { x: 0, y: 0 }, end: { x: 1, y: 1 }, stroke: { width: -1, type: 'default' }, fill: { type: 'none' } });
    expect(r.shapes()).toEqual([]);
  });
});

describe('paintBodyText and paintSymbolUnit', () => {
  it('keeps text rotation and the anchor in library coordinates (the renderer flips)', () => {
    const r = new RecordingRenderer();
    paintBodyText(r, { kind: 'text', text: 'Vcc', at: { x: 1, y: 2, rotation: 90 }, effects: defaultEffects() });
    expect(r.texts()).toMatchObject([{ text: 'Vcc', at: { x: 1, y: 2 }, angle: 90 }]);
  });

  it('labels a unit above what was drawn (Y-up: above is a larger Y)', () => {
    const sym = symbol({
      units: [{ unit: 1, bodyStyle: 1, graphics: [{ kind: 'rectangle', start: { x: -2, y: -3 }, end: { x: 2, y: 3 }, stroke, fill: { type: 'none' } }], pins: [] }],
    });
    const r = new RecordingRenderer();
    paintSymbolUnit(r, sym, { unit: 1, bodyStyle: 1, multi: true, labelled: true, showHiddenPins: false });
    const [label] = r.texts('unit-label');
    expect(label).toMatchObject({ text: 'Unit A', h: 'center', v: 'bottom', at: { x: 0, y: 3 + 1.27 } });
    expect(r.layers.map((l) => l.name)).toEqual(['body', 'pins', 'unit-label']);
  });
});
