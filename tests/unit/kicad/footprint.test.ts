import { describe, it, expect } from 'vitest';
import { padCopperSides, padNumbers, parseFootprint, type Footprint } from '../../../src/lib/kicad/footprint.ts';
import { fixtureBytes, fixtureText } from './fixtures.ts';

function load(name: string): Footprint {
  const r = parseFootprint(fixtureBytes(name), name);
  expect(r.errors).toEqual([]);
  expect(r.footprint).not.toBeNull();
  return r.footprint as Footprint;
}

describe('footprint: KiCad 6 files (fixtures)', () => {
  it('SOIC-8', () => {
    const fp = load('SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod');
    expect(fp.format).toBe('footprint');
    expect(fp.name).toBe('SOIC-8_3.9x4.9mm_P1.27mm');
    expect(fp.version).toBe(20211014);
    expect(fp.layer).toBe('F.Cu');
    expect(fp.description).toMatch(/^SOIC, 8 Pin/);
    expect(fp.tags).toEqual(['SOIC', 'SO']);
    expect(fp.attributes.type).toBe('smd');
    expect(fp.reference).toBe('REF**');
    expect(fp.value).toBe('SOIC-8_3.9x4.9mm_P1.27mm');
    expect(fp.texts.map((t) => [t.kind, t.layer])).toEqual([
      ['reference', 'F.SilkS'],
      ['value', 'F.Fab'],
      ['user', 'F.Fab'],
    ]);
    expect(fp.graphics).toHaveLength(13);
    expect(fp.graphics.every((g) => g.kind === 'line')).toBe(true);
    expect(fp.graphics.filter((g) => g.layer === 'F.CrtYd').map((g) => g.width)).toEqual([0.05, 0.05, 0.05, 0.05]);
    expect(padNumbers(fp)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(fp.pads[0]).toMatchObject({
      number: '1',
      type: 'smd',
      shape: 'roundrect',
      at: { x: -2.475, y: -1.905, rotation: 0 },
      size: { width: 1.95, height: 0.6 },
      layers: ['F.Cu', 'F.Paste', 'F.Mask'],
      roundrectRatio: 0.25,
    });
    expect(padCopperSides(fp.pads[0] as NonNullable<(typeof fp.pads)[0]>)).toEqual({ front: true, back: false });
    expect(fp.models).toEqual([
      {
        path: '${KICAD6_3DMODEL_DIR}/Package_SO.3dshapes/SOIC-8_3.9x4.9mm_P1.27mm.wrl',
        offset: { x: 0, y: 0, z: 0 },
        scale: { x: 1, y: 1, z: 1 },
        rotate: { x: 0, y: 0, z: 0 },
        hidden: false,
      },
    ]);
  });

  it('LQFP-48', () => {
    const fp = load('LQFP-48_7x7mm_P0.5mm.kicad_mod');
    expect(fp.pads).toHaveLength(48);
    expect(new Set(fp.pads.map((p) => p.number)).size).toBe(48);
    expect(fp.pads.find((p) => p.number === '13')?.size).toEqual({ width: 0.3, height: 1.475 });
  });

  it('a KiCad 5 (module ...) file with bare atoms and an inch model offset', () => {
    const fp = load('L_Sunlord_SWPA40xxS.kicad_mod');
    expect(fp.format).toBe('module');
    expect(fp.version).toBeNull();
    expect(fp.name).toBe('L_Sunlord_SWPA40xxS');
    expect(fp.reference).toBe('REF**');
    expect(fp.pads.map((p) => [p.number, p.shape, p.layers])).toEqual([
      ['1', 'rect', ['F.Cu', 'F.Mask', 'F.Paste']],
      ['2', 'rect', ['F.Cu', 'F.Mask', 'F.Paste']],
    ]);
    expect(fp.texts.find((t) => t.kind === 'user')?.text).toBe('${REFERENCE}');
    expect(fp.models[0]?.offset).toEqual({ x: 0, y: 0, z: 0 });
  });
});

describe('footprint: KiCad 8/9 syntax (fixture written for these tests)', () => {
  const fp = load('kicad9-style.kicad_mod');

  it('reads properties (with (hide yes)), attributes and header', () => {
    expect(fp.version).toBe(20241229);
    expect(fp.generatorVersion).toBe('9.0');
    expect(fp.reference).toBe('REF**');
    expect(fp.value).toBe('TEST_SOT-23_Plus_Mount');
    expect(fp.properties).toEqual({ Datasheet: '', Description: 'Test footprint' });
    expect(fp.texts.find((t) => t.key === 'Description')?.hidden).toBe(true);
    expect(fp.texts.find((t) => t.kind === 'reference')?.hidden).toBe(false);
    expect(fp.attributes).toMatchObject({ type: 'smd', allowMissingCourtyard: true, boardOnly: false });
  });

  it('reads (stroke ...) widths and (fill yes|no)', () => {
    expect(fp.graphics.map((g) => [g.kind, g.layer, g.width, g.filled])).toEqual([
      ['line', 'F.SilkS', 0.12, false],
      ['poly', 'F.SilkS', 0.12, true],
      ['rect', 'F.CrtYd', 0.05, false],
      ['circle', 'F.Fab', 0.1, false],
      ['arc', 'F.Fab', 0.1, false],
    ]);
    const circle = fp.graphics.find((g) => g.kind === 'circle');
    expect(circle?.kind === 'circle' && circle.radius).toBe(1.5);
  });

  it('reads every pad type and shape, oval drills with offsets, and custom primitives', () => {
    expect(fp.pads.map((p) => [p.number, p.type, p.shape])).toEqual([
      ['1', 'smd', 'roundrect'],
      ['2', 'smd', 'roundrect'],
      ['3', 'smd', 'trapezoid'],
      ['4', 'thru_hole', 'oval'],
      ['', 'np_thru_hole', 'circle'],
      ['5', 'smd', 'custom'],
    ]);
    const p3 = fp.pads[2];
    expect(p3?.at.rotation).toBe(180);
    expect(p3?.rectDelta).toEqual({ x: 0.2, y: 0 });
    const p4 = fp.pads[3];
    expect(p4?.drill).toEqual({ oval: true, width: 0.8, height: 1.4, offset: { x: 0, y: 0.1 } });
    expect(p4?.layers).toEqual(['*.Cu', '*.Mask']);
    expect(padCopperSides(p4 as NonNullable<typeof p4>)).toEqual({ front: true, back: true });
    const p5 = fp.pads[5];
    expect(p5?.anchor).toBe('circle');
    expect(p5?.primitives).toHaveLength(1);
    expect(p5?.primitives[0]).toMatchObject({ kind: 'poly', filled: true, width: 0 });
    expect(padCopperSides(p5 as NonNullable<typeof p5>)).toEqual({ front: false, back: true });
    expect(padNumbers(fp)).toEqual(['1', '2', '3', '4', '5']);
  });
});

describe('footprint: bad input', () => {
  const soic = fixtureText('SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod');
  const lineOf = (needle: string): number => soic.slice(0, soic.indexOf(needle)).split('\n').length;

  it('truncated file: keeps what was read, reports end of input', () => {
    const r = parseFootprint(soic.slice(0, soic.indexOf('(pad "5"') + 20), 'cut.kicad_mod');
    expect(r.footprint?.pads.map((p) => p.number)).toEqual(['1', '2', '3', '4']);
    expect(r.errors[0]?.reason).toMatch(/unexpected end of input/);
    expect(r.errors[0]?.line).toBe(lineOf('(pad "5"'));
  });

  it('unterminated string: drops that item only', () => {
    const broken = soic.replace('(pad "3" smd', '(pad "3 smd');
    const r = parseFootprint(broken, 'broken.kicad_mod');
    expect(r.footprint?.pads.map((p) => p.number)).toEqual(['1', '2', '4', '5', '6', '7', '8']);
    expect(r.errors[0]?.reason).toMatch(/unterminated string/);
    expect(r.errors[0]?.line).toBe(lineOf('(pad "3" smd'));
  });

  it('unbalanced parentheses: drops that item only', () => {
    const broken = soic.replace('(pad "6" smd roundrect (at 2.475 0.635)', '(pad "6" smd roundrect (at 2.475 0.635');
    const r = parseFootprint(broken, 'broken.kicad_mod');
    expect(r.footprint?.pads.map((p) => p.number)).toEqual(['1', '2', '3', '4', '5', '7', '8']);
    expect(r.errors[0]?.reason).toMatch(/unbalanced parentheses/);
    expect(r.errors[0]?.line).toBe(lineOf('(pad "6"'));
  });

  it('non-UTF-8 bytes: replaced and reported', () => {
    const at = soic.indexOf('SOIC, 8 Pin');
    const bytes = Buffer.concat([Buffer.from(soic.slice(0, at)), Buffer.from([0xe9]), Buffer.from(soic.slice(at))]);
    const r = parseFootprint(bytes, 'latin1.kicad_mod');
    expect(r.errors).toEqual([]);
    expect(r.warnings[0]?.line).toBe(lineOf('SOIC, 8 Pin'));
    expect(r.footprint?.description.startsWith('\ufffdSOIC')).toBe(true);
    expect(r.footprint?.pads).toHaveLength(8);
  });

  it('not a footprint', () => {
    const r = parseFootprint(fixtureText('kicad9-style.kicad_sym'), 'x.kicad_mod');
    expect(r.footprint).toBeNull();
    expect(r.errors[0]?.reason).toMatch(/not a footprint/);
  });
});
