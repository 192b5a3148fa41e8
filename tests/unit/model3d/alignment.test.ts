import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkAlignment } from '../../../src/lib/catalog/model3d/alignment.ts';
import { placeParts } from '../../../src/lib/catalog/model3d/place-model.ts';
import { parseFootprint } from '../../../src/lib/kicad/footprint.ts';
import { wrlToMesh } from '../../../src/lib/kicad/vrml.ts';
import { fixtureText } from '../kicad/fixtures.ts';

// The real SOIC-8 model from KiCad's 3D library on the real SOIC-8 footprint, then the same
// model put wrong the ways downloaded CAD data goes wrong: turned, shifted, lifted.
const fp = parseFootprint(fixtureText('SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod'), 'SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod').footprint!;
const model = wrlToMesh(readFileSync(new URL('../../fixtures/wrl/SOIC-8_3.9x4.9mm_P1.27mm.wrl', import.meta.url), 'utf8')).parts;
const none = { offset: { x: 0, y: 0, z: 0 }, scale: { x: 1, y: 1, z: 1 }, rotate: { x: 0, y: 0, z: 0 } };

describe('checkAlignment: does the model stand on its pads?', () => {
  it('finds the library SOIC-8 on all eight pads', () => {
    expect(checkAlignment(fp, model)).toEqual({ verdict: 'aligned', pads: 8, met: 8 });
  });

  it('flags the model turned by 90°', () => {
    const turned = checkAlignment(fp, placeParts(model, { ...none, rotate: { x: 0, y: 0, z: 90 } }));
    // Only the corner pads still touch a (now crosswise) lead.
    expect(turned.verdict).not.toBe('aligned');
    expect(turned.met).toBeLessThanOrEqual(4);
  });

  it('flags the model shifted by one pitch as not aligned', () => {
    const shifted = checkAlignment(fp, placeParts(model, { ...none, offset: { x: 0, y: 1.27, z: 0 } }));
    expect(shifted.verdict).not.toBe('aligned');
    expect(shifted.met).toBeLessThan(8);
  });

  it('flags the model floating above the board', () => {
    expect(checkAlignment(fp, placeParts(model, { ...none, offset: { x: 0, y: 0, z: 2 } })).verdict).toBe('unknown');
  });

  it('does not accuse a model that draws no leads near the board (nothing to judge by)', () => {
    const leadless = placeParts(model, { ...none, rotate: { x: 0, y: 0, z: 90 } }).map((p) => ({ ...p, name: 'IC-BODY' }));
    expect(checkAlignment(fp, leadless).verdict).toBe('unknown');
  });

  it('counts a pad number once, however many pads share it', () => {
    const withVias = parseFootprint(
      `(footprint "EP" (version 20211014) (generator test) (layer "F.Cu")
        (pad "1" smd rect (at -2.475 -1.905) (size 1.95 0.6) (layers "F.Cu"))
        (pad "9" smd rect (at 0 0) (size 2 2) (layers "F.Cu"))
        (pad "9" thru_hole circle (at 0.5 0.5) (size 0.5 0.5) (drill 0.2) (layers *.Cu))
        (pad "" np_thru_hole circle (at 5 5) (size 1 1) (drill 1) (layers *.Cu)))`,
      'EP.kicad_mod',
    ).footprint!;
    expect(checkAlignment(withVias, model).pads).toBe(2);
  });
});
