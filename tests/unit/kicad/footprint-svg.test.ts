import { describe, it, expect } from 'vitest';
import { parseFootprint, type Footprint } from '../../../src/lib/kicad/footprint.ts';
import { renderFootprintSvg } from '../../../src/lib/kicad/footprint-svg.ts';
import { fixtureText } from './fixtures.ts';
import { assertWellFormedSvg, countMatches, viewBoxOf } from './svg-check.ts';

function load(name: string): Footprint {
  const fp = parseFootprint(fixtureText(name), name).footprint;
  if (!fp) throw new Error(name);
  return fp;
}

const FIXTURES = ['SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod', 'LQFP-48_7x7mm_P0.5mm.kicad_mod', 'L_Sunlord_SWPA40xxS.kicad_mod', 'kicad9-style.kicad_mod'];

function padNumbersIn(svg: string): string[] {
  return [...svg.matchAll(/<g class="pad" data-number="([^"]*)"/g)].map((m) => m[1] ?? '');
}

describe('footprint-svg', () => {
  for (const name of FIXTURES) {
    it(`${name}: one class="pad" element per pad, valid SVG, viewBox around all pads`, () => {
      const fp = load(name);
      const svg = renderFootprintSvg(fp);
      assertWellFormedSvg(svg);
      expect(padNumbersIn(svg).sort()).toEqual(fp.pads.map((p) => p.number).sort());
      const vb = viewBoxOf(svg);
      for (const p of fp.pads) {
        expect(p.at.x).toBeGreaterThan(vb.x);
        expect(p.at.x).toBeLessThan(vb.x + vb.w);
        expect(p.at.y).toBeGreaterThan(vb.y);
        expect(p.at.y).toBeLessThan(vb.y + vb.h);
      }
      expect(svg).toContain('>REF**</text>');
    });
  }

  it('uses KiCad PCB colours and draws layers in KiCad order', () => {
    const svg = renderFootprintSvg(load('SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod'));
    for (const c of ['#001023', '#C83434', '#F2EDA1', '#AFAFAF', '#FF26E2']) expect(svg).toContain(c);
    expect(svg).toContain('opacity="0.8"');
    const front = svg.indexOf('data-side="front"');
    expect(front).toBeGreaterThan(0);
    expect(svg.indexOf('data-layer="F.SilkS"')).toBeGreaterThan(front);
    expect(svg.indexOf('data-layer="F.Fab"')).toBeGreaterThan(svg.indexOf('data-layer="F.SilkS"'));
    expect(svg.indexOf('data-layer="F.CrtYd"')).toBeGreaterThan(svg.indexOf('data-layer="F.Fab"'));
    // Pad numbers centred on their pads.
    expect(svg).toMatch(/<text x="-2.475" y="[-\d.]+" font-size="[\d.]+" fill="#FFFFFF" text-anchor="middle" class="pad-number">1<\/text>/);
    // ${REFERENCE} on F.Fab shows the reference designator.
    expect(countMatches(svg, />REF\*\*<\/text>/g)).toBe(2);
  });

  it('handles rotated, trapezoid, oval-drilled, NPTH, back-side and custom pads', () => {
    const svg = renderFootprintSvg(load('kicad9-style.kicad_mod'));
    expect(svg).toMatch(/data-number="3" data-type="smd" data-shape="trapezoid"><g transform="translate\(0.9375 0\) rotate\(-180\)"[^>]*><path d="M/);
    expect(svg).toMatch(/data-number="4" data-type="thru_hole" data-shape="oval">.*?<g class="hole" transform="translate\(4 0\) rotate\(-90\)"[^>]*><rect [^>]*rx="0.4"/);
    expect(svg).toMatch(/data-number="" data-type="np_thru_hole" data-shape="circle"><g class="hole"/);
    expect(svg).toMatch(/data-number="5" data-type="smd" data-shape="custom"><g transform="translate\(2 1.2\) rotate\(-45\)" fill="#4D7FC4"[^>]*><circle r="0.2"\/><path d="M-0.2 -0.2L0.6 -0.2L0.6 0.2L-0.2 0.2Z"\/>/);
    // Back pads are drawn under front copper.
    expect(svg.indexOf('data-side="back"')).toBeLessThan(svg.indexOf('data-side="front"'));
    // Hidden property texts are not drawn; the visible value is.
    expect(svg).not.toContain('Test footprint');
    expect(svg).toContain('>TEST_SOT-23_Plus_Mount</text>');
  });

  it('escapes text', () => {
    const fp = load('SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod');
    const svg = renderFootprintSvg({ ...fp, name: 'a<b&c', texts: fp.texts.map((t) => ({ ...t, text: '<&>' })), pads: fp.pads.map((p) => ({ ...p, number: '"<1>"' })) });
    assertWellFormedSvg(svg);
    expect(svg).toContain('aria-label="Footprint a&lt;b&amp;c"');
    expect(svg).toContain('data-number="&quot;&lt;1&gt;&quot;"');
  });
});
