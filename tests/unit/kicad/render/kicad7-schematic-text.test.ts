// Text placement of KiCad 7 and later in schematics, as eeschema 7.0.11 / 9.0.7 plot it (the
// olimex and bms-c1 PDFs, tests/unit/kicad/fidelity/sheet-fidelity.test.ts): the line origin
// rule of KiCad 7+ fonts, the 0.25 mm lift of sheet texts, the line split on "\n", the X on
// "not connected" pins. KiCad 6 files keep KiCad 6's placement.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TextShape } from '../../../../src/lib/kicad/render/renderer.ts';
import { paintSchematicSheet } from '../../../../src/lib/kicad/render/schematic-painter.ts';
import { SCHEMATIC_THEMES } from '../../../../src/lib/kicad/render/schematic-theme.ts';
import { parseSchematic, type KicadSchematic } from '../../../../src/lib/kicad/schematic.ts';
import { kicad7LineShift, strokeText, textLines } from '../../../../src/lib/kicad/text/stroke-font.ts';
import { KICAD_PROJECTS_DIR } from '../fixtures.ts';
import { RecordingRenderer } from './recording-renderer.ts';

/** Vertical extent of a text's ink (strokes' y range, pen not included). */
function inkY(t: TextShape): { top: number; bottom: number } {
  let top = Infinity;
  let bottom = -Infinity;
  for (const s of strokeText(t).strokes) {
    for (let i = 1; i < s.length; i += 2) {
      top = Math.min(top, s[i] as number);
      bottom = Math.max(bottom, s[i] as number);
    }
  }
  return { top, bottom };
}

const base: TextShape = { text: 'HEH', at: { x: 0, y: 0 }, angle: 0, size: 5.08, thickness: 0.1524, h: 'left', v: 'bottom', fill: '#000' };

describe('KiCad 7+ line placement', () => {
  it('lifts bottom-justified text by 0.075 × size (the bms-c1 title, 5.08 mm: 4 px at 10 px/mm)', () => {
    const k6 = inkY(base);
    const k7 = inkY({ ...base, metrics: 'kicad7' });
    const lift = k6.bottom - k7.bottom;
    expect(lift).toBeGreaterThan(0.35);
    expect(lift).toBeLessThan(0.45);
    expect(k6.top - k7.top).toBeCloseTo(lift, 5);
  });

  it('moves top-justified text down, centred text hardly at all', () => {
    expect(inkY({ ...base, v: 'top', metrics: 'kicad7' }).top - inkY({ ...base, v: 'top' }).top).toBeGreaterThan(0.4);
    expect(Math.abs(inkY({ ...base, v: 'center', metrics: 'kicad7' }).top - inkY({ ...base, v: 'center' }).top)).toBeLessThan(0.05);
    // Proportional to the size, the pen only a little.
    expect(kicad7LineShift(2.54, 0.1524, 'bottom')).toBeCloseTo(kicad7LineShift(5.08, 0.1524, 'bottom') / 2 - 0.052 * 0.1524 / 2, 9);
  });

  it('splits lines as KiCad does: a trailing newline adds no line', () => {
    expect(textLines('UEXT\n')).toEqual(['UEXT']);
    expect(textLines('a\n\nb')).toEqual(['a', '', 'b']);
    expect(textLines('a\n\n')).toEqual(['a', '']);
    expect(textLines('')).toEqual(['']);
  });
});

function paint(sch: KicadSchematic): RecordingRenderer {
  const r = new RecordingRenderer();
  paintSchematicSheet(r, sch, { theme: SCHEMATIC_THEMES.light });
  return r;
}

const TEXT = '(text "Note" (at 10 20 0) (effects (font (size 2.54 2.54)) (justify left bottom)) (uuid "11111111-1111-1111-1111-111111111111"))';
const sheet = (version: number): KicadSchematic =>
  parseSchematic(`(kicad_sch (version ${version}) (generator eeschema) (uuid "00000000-0000-0000-0000-000000000000") (paper "A4") ${TEXT})`, 't.kicad_sch');

describe('schematic texts by file version', () => {
  it('KiCad 7+ sheets: texts 0.25 mm above their anchor and marked for KiCad 7+ placement', () => {
    const [t] = paint(sheet(20230121)).texts('text');
    expect(t?.at).toEqual({ x: 10, y: 19.75 });
    expect(t?.metrics).toBe('kicad7');
  });

  it('KiCad 6 sheets: texts on their anchor, KiCad 6 placement', () => {
    const [t] = paint(sheet(20211123)).texts('text');
    expect(t?.at).toEqual({ x: 10, y: 20 });
    expect(t?.metrics).toBeUndefined();
  });

  it("marks the 14 'not connected' pins of the ESP32-C3 module with an X (bms-c1 esp32-c3 sheet)", () => {
    const f = `${KICAD_PROJECTS_DIR}libresolar-bms-c1/esp32-c3.kicad_sch`;
    const sch = parseSchematic(readFileSync(f), f);
    const r = paint(sch);
    // Each X is two 2 × 0.381 mm diagonals inside a pin's path.
    let marks = 0;
    for (const s of r.shapes()) {
      if (s.kind !== 'path') continue;
      for (const part of s.parts) {
        const [a, b] = part;
        if (part.length === 2 && a && b && Math.abs(Math.abs(b.x - a.x) - 0.762) < 1e-9 && Math.abs(Math.abs(b.y - a.y) - 0.762) < 1e-9) marks++;
      }
    }
    expect(marks).toBe(2 * 14);
  });
});
