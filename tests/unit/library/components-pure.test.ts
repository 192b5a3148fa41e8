import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatOfName, inspectAsset, sniff } from '../../../src/lib/library/assets.ts';
import { COMPONENT_PARAM_SPECS, parseComponentParam, parseComponentParams } from '../../../src/lib/library/component-params.ts';
import { cleanText, isPlainText, isWebLink } from '../../../src/lib/library/components.ts';

// The pure rules of own components (issue #16 item 3): parameters in the catalogue's keys and
// units, plain text, and what an uploaded file is, from its name and its bytes.

const DIR = join(import.meta.dirname, '../../fixtures/library/components');
const spec = (key: string) => COMPONENT_PARAM_SPECS.get(key)!;

describe('parameters', () => {
  it('parses values in the key’s unit, in the notations the catalogue reads', () => {
    const ok = (key: string, value: string) => {
      const r = parseComponentParam(spec(key), value);
      if (!r.ok) throw new Error(JSON.stringify(r.problem));
      return [r.param.num, r.param.unit];
    };
    expect(ok('resistance', '4k7')).toEqual([4700, 'Ω']);
    expect(ok('resistance', '10 kΩ')).toEqual([10_000, 'Ω']);
    expect(ok('capacitance', '100n')).toEqual([1e-7, 'F']);
    expect(ok('supplyVoltageMax', '3V3')).toEqual([3.3, 'V']);
    expect(ok('maxFrequency', '72MHz')).toEqual([72e6, 'Hz']);
    expect(ok('flashSize', '64KB')).toEqual([65_536, 'B']);
    expect(ok('operatingTempMin', '-40°C')).toEqual([-40, '°C']);
    expect(ok('gpioCount', '37')).toEqual([37, null]);
  });

  it('refuses a unit that does not fit the key, a bare count with a unit, text that is not a value', () => {
    expect(parseComponentParam(spec('resistance'), '10 kV')).toEqual({ ok: false, problem: { code: 'badUnit', key: 'resistance', value: '10 kV', unit: 'Ω' } });
    expect(parseComponentParam(spec('capacitance'), '5 mA')).toMatchObject({ ok: false, problem: { code: 'badUnit', unit: 'F' } });
    expect(parseComponentParam(spec('gpioCount'), '37 V')).toMatchObject({ ok: false, problem: { code: 'badUnit', unit: '—' } });
    expect(parseComponentParam(spec('resistance'), 'lots')).toMatchObject({ ok: false, problem: { code: 'badValue' } });
    expect(parseComponentParam(spec('package'), '<b>SOIC</b>')).toMatchObject({ ok: false, problem: { code: 'badText' } });
    expect(parseComponentParams([{ key: 'nonsense', value: '1' }])).toEqual({ ok: false, problem: { code: 'unknownKey', key: 'nonsense' } });
    // A category's own column (not a global key) is accepted when the category offers it.
    const extra = new Map([['ripple', { key: 'ripple', unit: 'V' as const, kind: 'number' as const }]]);
    expect(parseComponentParams([{ key: 'ripple', value: '20mV' }], extra)).toEqual({ ok: true, params: [{ key: 'ripple', value: '20mV', num: 0.02, unit: 'V' }] });
  });
});

describe('plain text', () => {
  it('refuses markup and control characters, keeps a lone < and Chinese', () => {
    expect(isPlainText('<5 mA quiescent, 低功耗')).toBe(true);
    expect(isPlainText('<script>')).toBe(false);
    expect(isPlainText('a &amp; b')).toBe(false);
    expect(isPlainText('line\nbreak')).toBe(false);
    expect(isPlainText('line\nbreak', true)).toBe(true);
    expect(cleanText('  OPA333  ', 100)).toBe('OPA333');
    expect(cleanText('x'.repeat(51), 50)).toBeNull();
    expect(isWebLink('https://www.ti.com/lit/ds/symlink/opa333.pdf')).toBe(true);
    expect(isWebLink('javascript:alert(1)')).toBe(false);
  });
});

describe('uploaded files', () => {
  it('knows the formats by name and the bytes by their magic', () => {
    expect(['a.kicad_sym', 'b.KICAD_MOD', 'c.wrl', 'd.stp', 'e.STEP', 'f.pdf', 'g.lib'].map(formatOfName)).toEqual(['kicad_sym', 'kicad_mod', 'wrl', 'step', 'step', 'pdf', null]);
    const text = (s: string) => new TextEncoder().encode(s);
    expect(sniff(text('ISO-10303-21;\nHEADER;'))).toBe('step');
    expect(sniff(text('#VRML V2.0 utf8\n'))).toBe('vrml');
    expect(sniff(text('%PDF-1.7'))).toBe('pdf');
    expect(sniff(text('EESchema-LIBRARY Version 2.4'))).toBe('legacyLib');
    expect(sniff(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
  });

  it('reads a real symbol and footprint; a STEP by its header; refuses a KiCad 5 .lib', () => {
    const sym = inspectAsset('OPA333xxD.kicad_sym', readFileSync(join(DIR, 'OPA333xxD.kicad_sym')));
    expect(sym).toMatchObject({ ok: true, kind: 'symbol', info: { version: 20211014, symbols: [{ name: 'OPA333xxD', pins: 8 }] } });
    const fp = inspectAsset('SOT-23-5.kicad_mod', readFileSync(join(DIR, 'SOT-23-5.kicad_mod')));
    expect(fp).toMatchObject({ ok: true, kind: 'footprint', info: { name: 'SOT-23-5', pads: 5, models: ['${KICAD6_3DMODEL_DIR}/Package_TO_SOT_SMD.3dshapes/SOT-23-5.wrl'] } });
    expect(inspectAsset('m.step', new TextEncoder().encode('ISO-10303-21;\nHEADER;\nENDSEC;'))).toMatchObject({ ok: true, kind: 'model3d', format: 'step', info: { triangles: null } });
    expect(inspectAsset('old.kicad_sym', new TextEncoder().encode('EESchema-LIBRARY Version 2.4\n#encoding utf-8\n'))).toMatchObject({ ok: false, key: 'components.upload.legacySymbol' });
    expect(inspectAsset('broken.wrl', new TextEncoder().encode('#VRML V2.0 utf8\nShape { geometry IndexedFaceSet { coord Coordinate { point [ 0 0 0, 1 0 0'))).toMatchObject({ ok: false });
  });
});
