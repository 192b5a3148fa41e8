import { describe, it, expect } from 'vitest';
import { parseSymbolLibrary, unitCount, unitItems, type KicadSymbol, type SymbolLibrary } from '../../../src/lib/kicad/symbol-lib.ts';
import { renderSymbolSvg } from '../../../src/lib/kicad/symbol-svg.ts';
import { fixtureText } from './fixtures.ts';
import { assertWellFormedSvg, countMatches, pinElements, viewBoxOf } from './svg-check.ts';

const sample = parseSymbolLibrary(fixtureText('sample-symbols.kicad_sym'), 'sample-symbols.kicad_sym');
const k9 = parseSymbolLibrary(fixtureText('kicad9-style.kicad_sym'), 'kicad9-style.kicad_sym');

function byName(lib: SymbolLibrary, name: string): KicadSymbol {
  const s = lib.symbols.find((x) => x.name === name);
  if (!s) throw new Error(name);
  return s;
}

/** Pins drawn when rendering all units of a body style. */
function expectedPins(sym: KicadSymbol, bodyStyle = 1): string[] {
  const out: string[] = [];
  for (let u = 1; u <= unitCount(sym); u++) for (const p of unitItems(sym, u, bodyStyle).pins) out.push(p.number);
  return out;
}

function firstPoint(body: string): { x: number; y: number } {
  const m = /<path d="M([-\d.]+) ([-\d.]+)/.exec(body);
  return { x: Number(m?.[1]), y: Number(m?.[2]) };
}

function textAttrs(body: string, cls: string): { x: number; y: number; anchor: string; transform: string } | null {
  const m = new RegExp(`<text((?:(?!>).)*?)class="${cls}"`).exec(body);
  if (!m) return null;
  const a = m[1] ?? '';
  return {
    x: Number(/ x="([-\d.]+)"/.exec(a)?.[1] ?? NaN),
    y: Number(/ y="([-\d.]+)"/.exec(a)?.[1] ?? NaN),
    anchor: /text-anchor="(\w+)"/.exec(a)?.[1] ?? 'start',
    transform: /transform="([^"]+)"/.exec(a)?.[1] ?? '',
  };
}

describe('symbol-svg: structure', () => {
  for (const sym of [...sample.symbols, ...k9.symbols]) {
    it(`${sym.name}: one class="pin" element per pin of every rendered unit, valid SVG`, () => {
      const svg = renderSymbolSvg(sym);
      assertWellFormedSvg(svg);
      const pins = pinElements(svg);
      expect(pins.map((p) => p.number)).toEqual(expectedPins(sym));
      for (const p of pins) expect(p.label.startsWith(`Pin ${p.number}`)).toBe(true);
      const vb = viewBoxOf(svg);
      for (const v of Object.values(vb)) expect(Number.isFinite(v)).toBe(true);
      expect(vb.w).toBeGreaterThan(0);
      expect(vb.h).toBeGreaterThan(0);
      expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    });
  }

  it('renders the De Morgan body style on request', () => {
    const s = byName(sample, '74LS00');
    const normal = renderSymbolSvg(s);
    const alt = renderSymbolSvg(s, { bodyStyle: 2 });
    expect(pinElements(alt).map((p) => p.number)).toEqual(expectedPins(s, 2));
    expect(alt).not.toEqual(normal);
    expect(alt).toContain('data-body-style="2"');
    // Inverted inputs are drawn with a bubble.
    expect(countMatches(alt, /<circle /g)).toBeGreaterThan(countMatches(normal, /<circle /g));
  });

  it('lays out all units side by side with "Unit A/B/C" labels, or a single unit on request', () => {
    const s = byName(sample, 'LM358');
    const all = renderSymbolSvg(s);
    expect(countMatches(all, /<g class="unit"/g)).toBe(3);
    for (const l of ['Unit A', 'Unit B', 'Unit C']) expect(all).toContain(`>${l}</text>`);
    expect(all).toContain('U?A');
    const one = renderSymbolSvg(s, { unit: 2 });
    expect(countMatches(one, /<g class="unit"/g)).toBe(1);
    expect(one).not.toContain('Unit B');
    expect(pinElements(one).map((p) => p.number).sort()).toEqual(['5', '6', '7']);
    expect(one).toContain('>U?B</text>');
    const first = renderSymbolSvg(s, { allUnits: false });
    expect(pinElements(first).map((p) => p.number).sort()).toEqual(['1', '2', '3']);
  });

  it('renders a symbol without units (e.g. an unresolved extends) as an empty but valid SVG', () => {
    const base = byName(sample, 'R');
    const svg = renderSymbolSvg({ ...base, units: [] });
    assertWellFormedSvg(svg);
    expect(pinElements(svg)).toEqual([]);
    expect(viewBoxOf(svg).w).toBeGreaterThan(0);
  });

  it('clamps an out-of-range unit number', () => {
    const svg = renderSymbolSvg(byName(sample, 'LM358'), { unit: 99 });
    expect(pinElements(svg).map((p) => p.number)).toEqual(['4', '8']);
  });

  it('uses KiCad schematic colours', () => {
    const svg = renderSymbolSvg(byName(sample, 'STM32F103C8Tx'));
    for (const c of ['#840000', '#FFFFC2', '#A90000', '#006464', '#F5F4EF']) expect(svg).toContain(c);
    expect(renderSymbolSvg(byName(sample, 'R'), { background: null })).not.toContain('class="background"');
  });
});

describe('symbol-svg: geometry', () => {
  it('flips the Y axis (library Y-up -> SVG Y-down) and keeps the viewBox around every pin', () => {
    const s = byName(sample, 'STM32F103C8Tx');
    const svg = renderSymbolSvg(s);
    const vb = viewBoxOf(svg);
    const pins = pinElements(svg);
    for (const pin of unitItems(s, 1).pins) {
      const el = pins.find((p) => p.number === pin.number);
      const pt = firstPoint(el?.body ?? '');
      expect(pt.x).toBeCloseTo(pin.x, 3);
      expect(pt.y).toBeCloseTo(-pin.y, 3);
      expect(pt.x).toBeGreaterThanOrEqual(vb.x);
      expect(pt.x).toBeLessThanOrEqual(vb.x + vb.w);
      expect(pt.y).toBeGreaterThanOrEqual(vb.y);
      expect(pt.y).toBeLessThanOrEqual(vb.y + vb.h);
    }
    // VDD pins sit on top of the body in KiCad: smallest SVG y.
    const vdd = pins.find((p) => p.name === 'VDD');
    const vss = pins.find((p) => p.name === 'VSS');
    expect(firstPoint(vdd?.body ?? '').y).toBeLessThan(firstPoint(vss?.body ?? '').y);
  });

  it('puts pin names inside the body and numbers above the pin line (pin_names offset > 0)', () => {
    const s = byName(sample, 'STM32F103C8Tx');
    const pa0 = pinElements(renderSymbolSvg(s)).find((p) => p.name === 'PA0');
    // PA0 is on the right edge pointing left (rotation 180): body end at x = 7.62... the name is left of it.
    const line = firstPoint(pa0?.body ?? '');
    const name = textAttrs(pa0?.body ?? '', 'pin-name');
    const num = textAttrs(pa0?.body ?? '', 'pin-number');
    expect(name?.anchor).toBe('end');
    expect(name?.x).toBeLessThan(line.x - 2.54);
    expect(name?.transform).toBe('');
    expect(num?.anchor).toBe('middle');
    expect(num?.y).toBeLessThan(line.y);
  });

  it('puts pin names above the line and numbers below when pin_names offset is 0', () => {
    const base = byName(sample, 'LM2904');
    const outside: KicadSymbol = { ...base, pinNames: { offset: 0, hide: false } };
    const pin3 = pinElements(renderSymbolSvg(outside)).find((p) => p.number === '3');
    const line = firstPoint(pin3?.body ?? '');
    const name = textAttrs(pin3?.body ?? '', 'pin-name');
    const num = textAttrs(pin3?.body ?? '', 'pin-number');
    expect(name?.anchor).toBe('middle');
    expect(name?.y).toBeLessThan(line.y);
    expect(num?.y).toBeGreaterThan(line.y);
  });

  it('rotates names of vertical pins to read bottom-to-top, never mirrored', () => {
    const svg = renderSymbolSvg(byName(sample, 'STM32F103C8Tx'));
    const vdd = pinElements(svg).find((p) => p.name === 'VDD');
    expect(textAttrs(vdd?.body ?? '', 'pin-name')?.transform).toMatch(/rotate\(-90\)$/);
    expect(svg).not.toMatch(/scale\(-1/);
  });

  it('respects hidden pins, hidden pin names and hidden pin numbers', () => {
    const gnd = renderSymbolSvg(byName(sample, 'GND'));
    const pins = pinElements(gnd);
    expect(pins).toHaveLength(1);
    expect(pins[0]?.hidden).toBe(true);
    expect(gnd).toContain('display="none"');
    expect(gnd).toContain('>GND</text>'); // the Value field
    const shown = pinElements(renderSymbolSvg(byName(sample, 'GND'), { showHiddenPins: true }));
    expect(shown[0]?.body).toContain('<path');
    const r = renderSymbolSvg(byName(sample, 'R'));
    expect(r).not.toContain('class="pin-number"');
    expect(r).not.toContain('class="pin-name"');
    expect(r).toContain('>R?</text>');
  });

  it('draws overbars for ~{NAME} as lines, not text-decoration', () => {
    const svg = renderSymbolSvg(byName(k9, 'TEST_DUAL_GATE'));
    const y = pinElements(svg).find((p) => p.number === '3');
    expect(y?.name).toBe('~{Y}');
    expect(y?.label).toBe('Pin 3 Y');
    expect(y?.body).toMatch(/>Y<\/text><path d="M[-\d.]+ [-\d.]+h[\d.]+"/);
    expect(svg).not.toContain('text-decoration');
  });
});

describe('symbol-svg: escaping', () => {
  it('escapes every text for XML', () => {
    const base = byName(sample, 'LM2904');
    const evil: KicadSymbol = {
      ...base,
      name: 'A<&>"\'B',
      properties: base.properties.map((p) => (p.key === 'Value' ? { ...p, value: '<script>alert("x")</script>&' } : p)),
      units: base.units.map((u) => ({ ...u, pins: u.pins.map((p) => ({ ...p, name: '<IN&"\'>', number: `${p.number}"&` })) })),
    };
    const svg = renderSymbolSvg(evil);
    assertWellFormedSvg(svg);
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('<IN');
    expect(svg).toContain('&lt;IN&amp;&quot;&apos;&gt;');
    expect(svg).toContain('aria-label="Symbol A&lt;&amp;&gt;&quot;&apos;B"');
    expect(svg).toContain('data-number="3&quot;&amp;"');
  });

  it('drops characters XML forbids', () => {
    const base = byName(sample, 'R');
    const svg = renderSymbolSvg({ ...base, properties: base.properties.map((p) => (p.key === 'Value' ? { ...p, value: 'R\u0001\u0008x' } : p)) });
    assertWellFormedSvg(svg);
    expect(svg).toContain('>Rx</text>');
  });
});
