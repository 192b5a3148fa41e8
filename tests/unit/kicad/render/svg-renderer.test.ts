// SvgRenderer: the view flip, group transforms, layers, style inheritance and bounds.
import { describe, expect, it } from 'vitest';
import { SvgRenderer } from '../../../../src/lib/kicad/render/svg-renderer.ts';
import { measureText, strokeTextPath } from '../../../../src/lib/kicad/text/stroke-font.ts';

describe('SvgRenderer', () => {
  it('flips a Y-up world numerically: shapes land upside down, text stays unmirrored', () => {
    const r = new SvgRenderer({ yUp: true });
    r.beginLayer({ name: 'a', z: 0 });
    r.shape({ kind: 'rect', x0: 0, y0: 1, x1: 2, y1: 3 });
    r.shape({ kind: 'path', parts: [[{ x: 0, y: 1 }, { x: 1, y: 2 }]] });
    r.text({ text: 'A', at: { x: 0, y: 5 }, angle: 0, size: 1, h: 'left', v: 'bottom', fill: '#000' });
    r.endLayer();
    const { svg } = r.finish();
    expect(svg).toContain('<rect x="0" y="-3" width="2" height="2"/>');
    expect(svg).toContain('<path d="M0 -1L1 -2"/>');
    expect(svg).toContain('<text x="0" y="-5"');
    expect(svg).not.toContain('scale(');
    const b = r.bounds();
    expect(b?.minY).toBeLessThanOrEqual(1);
    expect(b?.maxY).toBeGreaterThanOrEqual(5);
  });

  it('applies group placement to bounds (rotation counter-clockwise on screen) and writes it as a transform', () => {
    // Y-down: a point 1 mm to the right, turned 90° counter-clockwise on screen, goes up (negative Y).
    const down = new SvgRenderer();
    down.beginGroup({ transform: { x: 10, y: 5, rotation: 90 } });
    down.addBounds(1, 0);
    down.shape({ kind: 'rect', x0: -1, y0: -0.5, x1: 1, y1: 0.5 });
    down.endGroup();
    const b = down.bounds();
    expect(b?.minX).toBeCloseTo(9.5, 9);
    expect(b?.maxX).toBeCloseTo(10.5, 9);
    expect(b?.minY).toBeCloseTo(4, 9);
    expect(b?.maxY).toBeCloseTo(6, 9);
    expect(down.finish().svg).toMatch(/^<g transform="translate\(10 5\) rotate\(-90\)"><rect /);

    // Y-up: the same turn goes to positive Y in world coordinates, and the SVG agrees: (1, 0) is written
    // as (1, -0) under rotate(-90), which lands at SVG (0, -1), i.e. world (0, 1).
    const up = new SvgRenderer({ yUp: true });
    up.beginGroup({ transform: { x: 0, y: 2, rotation: 90 } });
    up.addBounds(1, 0);
    up.shape({ kind: 'path', parts: [[{ x: 1, y: 0 }, { x: 1, y: 1 }]], bounds: false });
    up.endGroup();
    const ub = up.bounds();
    expect(ub?.maxX).toBeCloseTo(0, 9);
    expect(ub?.maxY).toBeCloseTo(3, 9);
    expect(ub?.minY).toBeCloseTo(3, 9);
    expect(up.finish().svg).toBe('<g transform="translate(0 -2) rotate(-90)"><path d="M1 0L1 -1"/></g>');
  });

  it('bounds a circle in a rotated group by its centre and radius', () => {
    const r = new SvgRenderer();
    r.beginGroup({ transform: { x: 0, y: 0, rotation: 45 } });
    r.shape({ kind: 'circle', center: { x: 2, y: 0 }, radius: 1 });
    r.endGroup();
    const b = r.bounds();
    const c = Math.SQRT1_2 * 2;
    expect(b?.minX).toBeCloseTo(c - 1, 9);
    expect(b?.maxX).toBeCloseTo(c + 1, 9);
    expect(b?.minY).toBeCloseTo(-c - 1, 9);
    expect(b?.maxY).toBeCloseTo(-c + 1, 9);
  });

  it('composites layers by z, merges consecutive runs of a layer, drops empty groups unless kept', () => {
    const r = new SvgRenderer();
    const top = { name: 'top', z: 2, meta: { class: 'top' } };
    const bottom = { name: 'bottom', z: 1, meta: { class: 'bottom' } };
    r.beginLayer(top);
    r.shape({ kind: 'circle', center: { x: 0, y: 0 }, radius: 1 });
    r.endLayer();
    r.beginLayer(top);
    r.shape({ kind: 'circle', center: { x: 1, y: 0 }, radius: 1 });
    r.endLayer();
    r.beginLayer(bottom);
    r.beginGroup({ meta: { class: 'empty' } });
    r.endGroup();
    r.beginGroup({ meta: { class: 'kept' }, keepEmpty: true, visible: false });
    r.endGroup();
    r.endLayer();
    r.beginLayer({ name: 'unused', z: 0, meta: { class: 'unused' } });
    r.endLayer();
    expect(r.finish().svg).toBe(
      '<g class="bottom"><g class="kept" display="none"></g></g>' + '<g class="top"><circle cx="0" cy="0" r="1"/><circle cx="1" cy="0" r="1"/></g>',
    );
  });

  it('inherits stroke: a width is written only where a stroke is drawn, and text under a stroked layer is not outlined', () => {
    const r = new SvgRenderer();
    r.beginLayer({ name: 'fill', z: 0, style: { stroke: 'none', fill: '#ff0' } });
    r.shape({ kind: 'circle', center: { x: 0, y: 0 }, radius: 1, style: { width: 0.5 } });
    r.endLayer();
    r.beginLayer({ name: 'ink', z: 1, style: { fill: 'none', stroke: '#f00', color: '#f00' } });
    r.shape({ kind: 'circle', center: { x: 0, y: 0 }, radius: 1, style: { width: 0.5, fill: 'currentColor' } });
    r.text({ text: 'T', at: { x: 0, y: 0 }, angle: 0, size: 1, h: 'left', v: 'bottom', fill: 'currentColor' });
    r.endLayer();
    const { svg, box } = r.finish();
    expect(svg).toContain('<g stroke="none" fill="#ff0"><circle cx="0" cy="0" r="1"/></g>');
    expect(svg).toContain('<circle cx="0" cy="0" r="1" stroke-width="0.5" fill="currentColor"/>');
    expect(svg).toContain('<g stroke="none"><text');
    // Radius plus half the width, even where the outline is not drawn.
    expect(box.minX).toBeCloseTo(-1.25, 9);
  });

  it('leaves shapes drawn with bounds: false out of the box, and closes a pie through the arc centre', () => {
    const r = new SvgRenderer();
    r.shape({ kind: 'circle', center: { x: 100, y: 100 }, radius: 1, bounds: false });
    r.shape({ kind: 'arc', start: { x: 1, y: 0 }, mid: { x: 0, y: 1 }, end: { x: -1, y: 0 }, pie: true });
    const { svg, box } = r.finish();
    expect(box.maxX).toBeLessThan(2);
    expect(svg).toContain('<path d="M0 0L1 0A1 1 0 0 1 -1 0Z"/>');
  });
});

describe('SvgRenderer in KiCad stroke font', () => {
  const parseD = (d: string): number[][] =>
    d
      .split('M')
      .filter(Boolean)
      .map((run) => run.split(/[L ]/).map(Number));

  it('writes a text as a stroked path whose box is KiCad\'s text box (measureText)', () => {
    const t = { text: 'R12 ~{RESET}', at: { x: 10, y: 20 }, angle: 0, size: 1.27, h: 'left', v: 'bottom', fill: '#840000', cls: 'field' } as const;
    const r = new SvgRenderer({ strokeFont: true });
    r.text(t);
    const { svg } = r.finish();
    expect(svg).not.toContain('<text');
    const ref = strokeTextPath(t, 4);
    expect(svg).toBe(`<path d="${ref.d}" fill="none" stroke="#840000" stroke-width="0.1588" stroke-linecap="round" stroke-linejoin="round" class="field"/>`);
    const m = measureText(t.text, { size: 1.27 });
    const b = r.bounds();
    expect(b).not.toBeNull();
    expect((b?.maxX ?? 0) - (b?.minX ?? 0)).toBeCloseTo(m.width, 9);
    expect((b?.maxY ?? 0) - (b?.minY ?? 0)).toBeCloseTo(m.height, 9);
    expect(b?.minX).toBeCloseTo(10, 9);
    // Ink stays inside the box (pen half-width aside).
    for (const run of parseD(ref.d)) {
      for (let i = 0; i < run.length; i += 2) {
        expect(run[i]).toBeGreaterThanOrEqual((b?.minX ?? 0) - 1e-3);
        expect(run[i]).toBeLessThanOrEqual((b?.maxX ?? 0) + 1e-3);
      }
    }
  });

  it('lays out multi-line text in the font (one path, box of all lines), mirrored and rotated texts included', () => {
    const t = { text: 'LINE ONE\nTWO', at: { x: 0, y: 0 }, angle: 90, size: 2, h: 'center', v: 'center', fill: '#000' } as const;
    const r = new SvgRenderer({ strokeFont: true });
    r.text(t);
    const m = measureText(t.text, { size: 2 });
    const b = r.bounds();
    // Turned 90°: the box's width on the page is the text's height.
    expect((b?.maxX ?? 0) - (b?.minX ?? 0)).toBeCloseTo(m.height, 9);
    expect((b?.maxY ?? 0) - (b?.minY ?? 0)).toBeCloseTo(m.width, 9);
    expect(r.finish().svg.match(/<path /g)).toHaveLength(1);

    const mirrored = new SvgRenderer({ strokeFont: true });
    mirrored.text({ ...t, angle: 0, h: 'left', mirror: true });
    const mb = mirrored.bounds();
    expect(mb?.maxX).toBeCloseTo(0, 9);
    expect((mb?.maxX ?? 0) - (mb?.minX ?? 0)).toBeCloseTo(m.width, 9);
  });

  it('keeps text readable under a rotated group, uses the default pen and flips Y-up worlds', () => {
    const t = { text: 'ABC', at: { x: 1, y: 0 }, angle: 90, size: 1, h: 'left', v: 'bottom', fill: '#000' } as const;
    const r = new SvgRenderer({ strokeFont: true, textPen: 0.1524 });
    r.beginGroup({ transform: { x: 10, y: 10, rotation: 90 } });
    r.text(t);
    r.endGroup();
    const svg = r.finish().svg;
    // 90° + 90° on screen = upside down: drawn turned back to 0° locally with its justification swapped.
    const turned = strokeTextPath({ ...t, angle: 270, h: 'right', v: 'top', thickness: 0.1524 }, 4);
    expect(svg).toContain(`d="${turned.d}"`);
    expect(svg).toContain('stroke-width="0.1524"');
    const b = r.bounds();
    const m = measureText('ABC', { size: 1, thickness: 0.1524 });
    // On the page: anchor (10, 9), text reads left to right ending at the anchor.
    expect(b?.maxX).toBeCloseTo(10, 9);
    expect((b?.maxX ?? 0) - (b?.minX ?? 0)).toBeCloseTo(m.width, 9);
    expect((b?.maxY ?? 0) - (b?.minY ?? 0)).toBeCloseTo(m.height, 9);

    // Small text: the default pen is clamped to 0.18 × height, as KiCad clamps it.
    const small = new SvgRenderer({ strokeFont: true, textPen: 0.1524 });
    small.text({ ...t, size: 0.5 });
    expect(small.finish().svg).toContain('stroke-width="0.09"');

    const up = new SvgRenderer({ yUp: true, strokeFont: true });
    up.text({ ...t, angle: 0, at: { x: 0, y: 5 } });
    const ub = up.bounds();
    // World Y-up: a bottom-justified text sits above its anchor.
    expect(ub?.minY).toBeCloseTo(5 - 0.75 * (1 / 8), 9);
    expect(up.finish().svg).toContain(`d="${strokeTextPath({ ...t, angle: 0, at: { x: 0, y: -5 } }, 4).d}"`);
  });
});
