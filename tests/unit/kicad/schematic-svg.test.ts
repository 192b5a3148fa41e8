// renderSchematicSvg: standalone SVG documents of real sheets, parsed by the DOM's XML parser; themes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parseSchematic, type KicadSchematic } from '../../../src/lib/kicad/schematic.ts';
import { SCHEMATIC_THEMES } from '../../../src/lib/kicad/render/schematic-theme.ts';
import { renderSchematicSvg } from '../../../src/lib/kicad/schematic-svg.ts';
import { fixtureProjects, filesUnder, HAVE_KICAD_DEMOS, KICAD_DEMOS_DIR } from './fixtures.ts';

const FIXTURE_SHEETS = fixtureProjects().flatMap((p) => p.files.filter((f) => f.endsWith('.kicad_sch')).map((f) => p.dir + f));
const DEMO_SHEETS = HAVE_KICAD_DEMOS ? filesUnder(KICAD_DEMOS_DIR, '.kicad_sch') : [];
const load = (f: string): KicadSchematic => parseSchematic(readFileSync(f), f);

// jsdom's XML parser (jsdom ships no types; only its DOMParser is used).
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html?: string) => { window: Window & typeof globalThis } };
const { DOMParser } = new JSDOM('').window;

function parse(svg: string): Document {
  return new DOMParser().parseFromString(svg, 'image/svg+xml');
}

describe('renderSchematicSvg', () => {
  it('the parser used here reports broken markup', () => {
    expect(parse('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>').getElementsByTagName('parsererror').length).toBeGreaterThan(0);
  });

  // Every fixture sheet (KiCad 7–9) and the first demo sheets (KiCad 6).
  it.each([...FIXTURE_SHEETS, ...DEMO_SHEETS.slice(0, 6)])('%s is a well-formed SVG document with its items', (f) => {
    const sch = load(f);
    const doc = parse(renderSchematicSvg(sch));
    expect(doc.getElementsByTagName('parsererror').length).toBe(0);
    expect(doc.documentElement.tagName).toBe('svg');
    const uuids = (sel: string): number => new Set([...doc.querySelectorAll(sel)].map((e) => e.getAttribute('data-uuid'))).size;
    expect(uuids('g.symbol')).toBe(sch.symbols.length);
    expect(doc.querySelectorAll('g.wire').length).toBe(sch.wires.length);
    expect(uuids('g.sheet')).toBe(sch.sheets.length);
    // Each placed symbol's groups carry its reference and library id.
    for (const g of doc.querySelectorAll('g.symbol')) {
      expect(g.getAttribute('data-ref')).toBeTruthy();
      expect(g.getAttribute('data-lib-id')).toBeTruthy();
    }
    for (const s of doc.querySelectorAll('g.sheet')) expect(s.getAttribute('data-file')).toMatch(/\.kicad_sch$/);
  });

  it('the dark theme changes the background and the wire colour', () => {
    const file = FIXTURE_SHEETS.find((f) => load(f).wires.length > 20) as string;
    const sch = load(file);
    const { light, dark } = SCHEMATIC_THEMES;
    expect(dark.background).not.toBe(light.background);
    expect(dark.wire).not.toBe(light.wire);
    for (const t of [light, dark]) {
      const doc = parse(renderSchematicSvg(sch, { theme: t }));
      const bg = doc.querySelector('rect.background');
      expect(bg?.getAttribute('fill')).toBe(t.background);
      expect(doc.querySelector('g.wires')?.getAttribute('stroke')).toBe(t.wire);
    }
  });

  it('writes texts in KiCad\'s stroke font (stroked paths, the editor pen), or <text> when asked', () => {
    const file = FIXTURE_SHEETS.find((f) => f.includes('olimex')) as string;
    const sch = load(file);
    const stroked = parse(renderSchematicSvg(sch));
    expect(stroked.getElementsByTagName('text').length).toBe(0);
    const texts = [...stroked.querySelectorAll('path[stroke-linecap="round"][stroke-linejoin="round"]')];
    expect(texts.length).toBeGreaterThan(sch.symbols.length);
    // The editor's text pen: 6 mil for texts that set none.
    expect(texts.some((p) => p.getAttribute('stroke-width') === '0.1524')).toBe(true);
    const plain = parse(renderSchematicSvg(sch, { strokeFont: false }));
    expect(plain.getElementsByTagName('text').length).toBeGreaterThan(sch.symbols.length);
  });
});
