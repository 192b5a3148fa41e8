// Net classes in the schematic: KiCad's class lookup (assignments, then patterns, then Default),
// colour strings, and wires painted in their class's colour and width on a real project whose
// .kicad_pro gives its Power class a schematic colour (olimex-mod-esp32-c5).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { kicadCssColor, netClassOf, netClassPatternMatcher, schematicNetStyles } from '../../../src/lib/kicad/net-classes.ts';
import { parseProject } from '../../../src/lib/kicad/project.ts';
import { buildSchematicNets } from '../../../src/lib/kicad/schematic-nets.ts';
import { paintSchematicSheet } from '../../../src/lib/kicad/render/schematic-painter.ts';
import { SCHEMATIC_THEMES, SCH_DEFAULTS } from '../../../src/lib/kicad/render/schematic-theme.ts';
import { designProjects, loadHierarchy } from './design-projects.ts';
import { RecordingRenderer } from './render/recording-renderer.ts';

describe('net class lookup', () => {
  it('matches patterns on the whole name, as wildcards or regular expressions', () => {
    expect(netClassPatternMatcher('+3.3V')('+3.3V')).toBe(true);
    expect(netClassPatternMatcher('+3.3V')('+3.3V2')).toBe(false);
    expect(netClassPatternMatcher('/USB_D*')('/USB_D+')).toBe(true);
    expect(netClassPatternMatcher('/USB_D?')('/USB_DP')).toBe(true);
    expect(netClassPatternMatcher('/USB_D?')('/USB_DP1')).toBe(false);
    expect(netClassPatternMatcher('V(CC|DD)_.*')('VDD_3V3')).toBe(true);
    expect(netClassPatternMatcher('Net-(C15-Pad1)')('Net-(C15-Pad1)')).toBe(true);
    expect(netClassPatternMatcher('/GPIO21\\PHI2(CLK)')('/GPIO21\\PHI2(CLK)')).toBe(true);
    // A pattern built to backtrack forever is read as a wildcard only, and answers at once.
    const t0 = performance.now();
    expect(netClassPatternMatcher('(a+)+$')(`${'a'.repeat(40)}!`)).toBe(false);
    expect(performance.now() - t0).toBeLessThan(100);
  });

  it('takes an assignment first, then the first matching pattern, else Default', () => {
    const json = JSON.stringify({
      net_settings: {
        classes: [
          { name: 'Default', wire_width: 6, bus_width: 12, schematic_color: 'rgba(0, 0, 0, 0.000)' },
          { name: 'Power', wire_width: 12, bus_width: 20, schematic_color: 'rgb(204, 102, 0)' },
          { name: 'Fast', wire_width: 8, schematic_color: 'rgba(0, 0, 255, 0.5)' },
        ],
        netclass_patterns: [
          { netclass: 'Power', pattern: '+*V' },
          { netclass: 'Fast', pattern: '+5V' },
        ],
        netclass_assignments: { '/CLK': 'Fast', '+12V': ['Fast', 'Power'] },
      },
    });
    const { project } = parseProject(json, 't.kicad_pro');
    expect(netClassOf(project, '+5V')).toBe('Power');
    expect(netClassOf(project, '+12V')).toBe('Fast');
    expect(netClassOf(project, '/CLK')).toBe('Fast');
    expect(netClassOf(project, '/DATA')).toBe('Default');
    const style = schematicNetStyles(project);
    expect(style('+5V')).toEqual({ netClass: 'Power', color: 'rgb(204,102,0)', wireWidth: 12 * 0.0254, busWidth: 20 * 0.0254 });
    expect(style('/CLK')).toEqual({ netClass: 'Fast', color: 'rgba(0,0,255,0.5)', wireWidth: 8 * 0.0254 });
    expect(style('/DATA')).toEqual({ netClass: 'Default', wireWidth: 6 * 0.0254, busWidth: 12 * 0.0254 });
  });

  it('reads KiCad colour strings; unset (alpha 0) and anything else give none', () => {
    expect(kicadCssColor('rgb(204, 102, 0)')).toBe('rgb(204,102,0)');
    expect(kicadCssColor('rgba(10, 20, 30, 0.250)')).toBe('rgba(10,20,30,0.25)');
    expect(kicadCssColor('rgba(0, 0, 0, 0.000)')).toBeUndefined();
    expect(kicadCssColor('red" onload="x')).toBeUndefined();
    expect(kicadCssColor(undefined)).toBeUndefined();
  });
});

describe('wires in their net class colour and width', () => {
  const p = designProjects().find((x) => x.name === 'olimex-mod-esp32-c5');

  it('olimex: Power nets (a schematic_color in its .kicad_pro) draw orange and 12 mil; others keep the theme', () => {
    expect(p).toBeDefined();
    if (!p) return;
    const proText = readFileSync(`${p.dir}${p.stem}.kicad_pro`, 'utf8');
    const raw = JSON.parse(proText) as { net_settings: { classes: { name: string; schematic_color: string; wire_width: number }[]; netclass_patterns: { netclass: string; pattern: string }[] } };
    const power = raw.net_settings.classes.find((c) => c.name === 'Power');
    expect(power?.schematic_color).toBe('rgb(204, 102, 0)');
    // Nets named literally in the file's patterns (no wildcard characters), by class.
    const literal = new Map<string, string>();
    for (const q of raw.net_settings.netclass_patterns) if (!/[*?]/.test(q.pattern) && !literal.has(q.pattern)) literal.set(q.pattern, q.netclass);

    const { project } = parseProject(proText, `${p.stem}.kicad_pro`);
    const h = loadHierarchy(p);
    const nets = buildSchematicNets(h, p.stem);
    const netStyle = schematicNetStyles(project);
    let powerWires = 0;
    let defaultWires = 0;
    for (const sheet of h.sheets) {
      if (!sheet.schematic) continue;
      const r = new RecordingRenderer();
      paintSchematicSheet(r, sheet.schematic, { theme: SCHEMATIC_THEMES.light, root: h.root.schematic ?? undefined, instancePath: sheet.path, project: p.stem, nets: nets.sheets.get(sheet.path), netStyle });
      const plain = new RecordingRenderer();
      paintSchematicSheet(plain, sheet.schematic, { theme: SCHEMATIC_THEMES.light, root: h.root.schematic ?? undefined, instancePath: sheet.path, project: p.stem, nets: nets.sheets.get(sheet.path) });
      const wireShapes = (rec: RecordingRenderer) =>
        rec.calls.flatMap((c) => {
          if (c.op !== 'shape' || c.layer !== 'wires') return [];
          const g = c.groups.find((x) => x.meta?.class === 'wire');
          return g ? [{ net: g.meta?.['data-net'], uuid: g.meta?.['data-uuid'], style: c.shape.style }] : [];
        });
      const withClasses = wireShapes(r);
      const without = wireShapes(plain);
      expect(withClasses.length).toBe(without.length);
      for (const [i, w] of withClasses.entries()) {
        const file = sheet.schematic.wires.find((x) => x.uuid === w.uuid);
        const own = file !== undefined && (file.stroke.width > 0 || (file.stroke.color?.a ?? 0) > 0);
        const cls = w.net === undefined ? undefined : literal.get(w.net);
        if (own || cls === undefined) continue;
        if (cls === 'Power') {
          powerWires++;
          expect(w.style?.stroke, w.net).toBe('rgb(204,102,0)');
          expect(w.style?.width).toBeCloseTo(power!.wire_width * 0.0254, 9);
        } else if (cls === 'Default') {
          defaultWires++;
          // Default: 6 mil, the layer's width and colour, as without classes.
          expect(w.style, w.net).toEqual(without[i]?.style);
          expect(w.style?.width ?? SCH_DEFAULTS.wire).toBeCloseTo(SCH_DEFAULTS.wire, 9);
        }
      }
    }
    expect(powerWires).toBeGreaterThan(5);
    expect(defaultWires).toBeGreaterThan(5);
  });
});
