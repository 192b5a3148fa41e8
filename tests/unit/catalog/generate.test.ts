import { brandKeyOf } from '../../../src/lib/catalog/import/catalog-record.ts';
import { describe, expect, it } from 'vitest';
import { capacitanceCode, E12, E24, E6, E96, eValues, parseCapacitanceCode } from '../../../src/lib/catalog/generate/e-series.ts';
import { buildEverydayPassives } from '../../../src/lib/catalog/generate/everyday-passives.ts';
import { decodeGrm, encodeGrm, EVERYDAY_GRM_PARTS, everydayMurataGrm, isValidGrm } from '../../../src/lib/catalog/generate/murata-grm.ts';
import { decodeCl, encodeCl, everydaySamsungCl, isValidCl } from '../../../src/lib/catalog/generate/samsung-cl.ts';
import { decodeMcu, encodeMcu, isValidMcu } from '../../../src/lib/catalog/generate/stm32.ts';
import { decodeRc, encodeRc, everydayYageoRc, isValidRc, parseRcValueCode, rcValueCode } from '../../../src/lib/catalog/generate/yageo-rc.ts';
import { CatalogRecordSchema, deriveMfgMpnCode } from '../../../src/lib/catalog/import/catalog-record.ts';
import { CATEGORY_BY_ID } from '../../../src/lib/catalog/kicad-library-map.ts';
import { checkRecordAgainstScheme } from './generate-helpers.ts';

describe('E-series and value codes', () => {
  it('has the IEC 60063 series sizes', () => {
    expect([E6.length, E12.length, E24.length, E96.length]).toEqual([6, 12, 24, 96]);
    expect(eValues(E24, 1, 10e6)).toHaveLength(7 * 24 + 1);
    expect(eValues(E12, 10e-12, 1e-9)).toHaveLength(2 * 12 + 1);
    expect(eValues(E24, 1000, 10000).slice(0, 4)).toEqual([1000, 1100, 1200, 1300]);
  });

  it('writes and reads three-character capacitance codes', () => {
    const cases: [number, string][] = [
      [100e-9, '104'],
      [10e-12, '100'],
      [22e-12, '220'],
      [100e-12, '101'],
      [4.7e-9, '472'],
      [1e-6, '105'],
      [10e-6, '106'],
      [4.7e-12, '4R7'],
      [1e-12, '1R0'],
    ];
    for (const [farads, code] of cases) {
      expect(capacitanceCode(farads)).toBe(code);
      expect(parseCapacitanceCode(code)).toBeCloseTo(farads, 20);
    }
    expect(() => capacitanceCode(4.75e-9)).toThrow(RangeError);
    expect(parseCapacitanceCode('0A1')).toBeNull();
  });

  it('writes and reads Yageo resistance codes', () => {
    const cases: [number, string][] = [
      [0, '0R'],
      [1, '1R'],
      [4.7, '4R7'],
      [9.76, '9R76'],
      [10, '10R'],
      [100, '100R'],
      [1000, '1K'],
      [4700, '4K7'],
      [10_000, '10K'],
      [10_200, '10K2'],
      [49_900, '49K9'],
      [100_000, '100K'],
      [1e6, '1M'],
      [2.2e6, '2M2'],
      [10e6, '10M'],
    ];
    for (const [ohms, code] of cases) {
      expect(rcValueCode(ohms)).toBe(code);
      expect(parseRcValueCode(code)).toBe(ohms);
    }
    expect(parseRcValueCode('10K0')).toBeNull(); // not canonical
    expect(() => rcValueCode(4701)).toThrow(RangeError);
  });
});

describe('Yageo RC_L ordering codes', () => {
  it('reproduces real part numbers', () => {
    expect(encodeRc({ size: '0603', tolerance: 'F', packaging: 'R', reel: '07', ohms: 10_000 })).toBe('RC0603FR-0710KL');
    expect(encodeRc({ size: '0402', tolerance: 'J', packaging: 'R', reel: '07', ohms: 0 })).toBe('RC0402JR-070RL');
    expect(encodeRc({ size: '0805', tolerance: 'F', packaging: 'R', reel: '07', ohms: 4700 })).toBe('RC0805FR-074K7L');
    expect(encodeRc({ size: '1206', tolerance: 'J', packaging: 'R', reel: '07', ohms: 1e6 })).toBe('RC1206JR-071ML');
    expect(encodeRc({ size: '0603', tolerance: 'F', packaging: 'R', reel: '07', ohms: 49_900 })).toBe('RC0603FR-0749K9L');
    expect(encodeRc({ size: '2512', tolerance: 'F', packaging: 'K', reel: '07', ohms: 10 })).toBe('RC2512FK-0710RL');
  });

  it('decodes fields', () => {
    expect(decodeRc('RC0603FR-0710KL')).toEqual({ size: '0603', tolerance: 'F', packaging: 'R', reel: '07', ohms: 10_000 });
    expect(decodeRc('RC0603FR-0710K')).toBeNull();
    expect(decodeRc('RC0604FR-0710KL')).toBeNull();
  });

  it('builds 0402–1206, ±1 %/±5 %, E24 1 Ω–10 MΩ and jumpers, all decodable and valid', () => {
    const parts = everydayYageoRc();
    expect(parts).toHaveLength(4 * (2 * 169 + 1));
    for (const f of parts) {
      expect(isValidRc(f)).toBe(true);
      expect(decodeRc(encodeRc(f))).toEqual(f);
    }
  });
});

describe('Samsung CL ordering codes', () => {
  it('reproduces real part numbers', () => {
    expect(encodeCl({ size: '10', dielectric: 'B', farads: 100e-9, tolerance: 'K', voltage: 'B', thickness: '8', packaging: 'C' })).toBe('CL10B104KB8NNNC');
    expect(encodeCl({ size: '05', dielectric: 'A', farads: 1e-6, tolerance: 'K', voltage: 'P', thickness: '5', packaging: 'C' })).toBe('CL05A105KP5NNNC');
    expect(encodeCl({ size: '21', dielectric: 'B', farads: 1e-6, tolerance: 'K', voltage: 'B', thickness: 'F', packaging: 'E' })).toBe('CL21B105KBFNNNE');
    expect(encodeCl({ size: '05', dielectric: 'C', farads: 10e-12, tolerance: 'J', voltage: 'B', thickness: '5', packaging: 'C' })).toBe('CL05C100JB5NNNC');
  });

  it('decodes fields', () => {
    const f = decodeCl('CL10B104KB8NNNC');
    expect(f).toMatchObject({ size: '10', dielectric: 'B', tolerance: 'K', voltage: 'B', thickness: '8', packaging: 'C' });
    expect(f?.farads).toBeCloseTo(100e-9, 20);
    expect(decodeCl('CL10B104KB8NNNX')).toBeNull();
    expect(decodeCl('CL10B104KB8NSNC')).toBeNull();
  });

  it('builds a line-up in which every code decodes back to its fields', () => {
    const parts = everydaySamsungCl();
    expect(parts.length).toBeGreaterThan(80);
    for (const f of parts) {
      expect(isValidCl(f)).toBe(true);
      const back = decodeCl(encodeCl(f));
      expect(back).toEqual({ ...f, farads: back?.farads });
      expect(back?.farads).toBeCloseTo(f.farads, 20);
    }
  });
});

describe('Murata GRM ordering codes', () => {
  it('reproduces real part numbers', () => {
    expect(encodeGrm({ size: '18', thickness: '8', dielectric: 'R7', voltage: '1H', farads: 100e-9, tolerance: 'K', spec: 'A93', packaging: 'D' })).toBe('GRM188R71H104KA93D');
    expect(encodeGrm({ size: '15', thickness: '5', dielectric: '5C', voltage: '1H', farads: 100e-12, tolerance: 'J', spec: 'A01', packaging: 'D' })).toBe('GRM1555C1H101JA01D');
  });

  it('decodes every field of GRM188R71H104KA93D', () => {
    const f = decodeGrm('GRM188R71H104KA93D');
    expect(f).toMatchObject({ size: '18', thickness: '8', dielectric: 'R7', voltage: '1H', tolerance: 'K', spec: 'A93', packaging: 'D' });
    expect(f?.farads).toBeCloseTo(100e-9, 20);
    expect(decodeGrm('GRM188R71H104KA93')).toBeNull();
  });

  it('decodes and validates every hand-listed part and the C0G series', () => {
    for (const mpn of EVERYDAY_GRM_PARTS) {
      const f = decodeGrm(mpn);
      expect(f, mpn).not.toBeNull();
      if (f) {
        expect(isValidGrm(f), mpn).toBe(true);
        expect(encodeGrm(f)).toBe(mpn);
      }
    }
    const all = everydayMurataGrm();
    expect(new Set(all.map(encodeGrm)).size).toBe(all.length);
  });
});

describe('STM32 / GD32 order codes', () => {
  it('decodes STM32F103C8T6 per the ordering scheme', () => {
    const f = decodeMcu('STM32F103C8T6');
    expect(f).toEqual({ line: 'STM32F103', pins: 'C', flash: '8', packageCode: 'T', temp: '6', tapeAndReel: false });
    if (f) {
      expect(isValidMcu(f)).toBe(true);
      expect(encodeMcu(f)).toBe('STM32F103C8T6');
    }
    expect(decodeMcu('STM32F407VGT6TR')).toMatchObject({ line: 'STM32F407', pins: 'V', flash: 'G', tapeAndReel: true });
    expect(decodeMcu('GD32VF103C8T6')).toMatchObject({ line: 'GD32VF103', pins: 'C', flash: '8' });
    expect(decodeMcu('STM32F103C8X6')).toBeNull();
  });
});

describe('buildEverydayPassives', () => {
  const records = buildEverydayPassives();

  it('counts by maker and size', () => {
    const counts: Record<string, number> = {};
    for (const r of records) {
      const k = `${brandKeyOf(r.brand)} ${r.package}`;
      counts[k] = (counts[k] ?? 0) + 1;
    }
    expect(counts['yageo 0603']).toBe(339);
    expect(counts['samsung-em 0402']).toBeGreaterThan(30);
    expect(counts['murata 0603']).toBeGreaterThan(25);
    expect(Object.keys(counts).every((k) => /(0402|0603|0805|1206)$/.test(k))).toBe(true);
  });

  it('includes the reference parts with their ratings', () => {
    const byMpn = new Map(records.map((r) => [r.mpn, r]));
    const rc = byMpn.get('RC0603FR-0710KL');
    expect(rc?.descriptionZh).toBe('贴片电阻 10kΩ ±1% 0603 1/10W');
    expect(rc?.descriptionEn).toBe('Chip resistor 10 kΩ ±1% 0603 0.1 W');
    expect(rc?.params).toEqual(
      expect.arrayContaining([
        { key: 'resistance', value: 10_000, unit: 'Ω' },
        { key: 'tolerance', value: 1, unit: '%' },
        { key: 'power', value: 0.1, unit: 'W' },
      ]),
    );
    const cl = byMpn.get('CL10B104KB8NNNC');
    expect(cl?.descriptionEn).toBe('MLCC 100 nF ±10% 50 V X7R 0603');
    expect(cl?.params).toEqual(expect.arrayContaining([{ key: 'dielectric', text: 'X7R' }, { key: 'ratedVoltage', value: 50, unit: 'V' }]));
    expect(byMpn.get('GRM188R71H104KA93D')?.descriptionZh).toBe('贴片电容 100nF ±10% 50V X7R 0603');
  });

  it('produces valid, consistent, uniquely keyed, non-synthetic records', () => {
    const codes = new Set<string>();
    const problems: string[] = [];
    for (const r of records) {
      expect(CatalogRecordSchema.safeParse(r).success).toBe(true);
      expect(CATEGORY_BY_ID.has(r.cateId)).toBe(true);
      expect(r.lifecycle).toBe('unknown');
      expect(r.source).toMatch(/^Built from (Yageo|Samsung|Murata)/);
      expect(r.licence).toBe('Facts (part numbers and ratings) from manufacturer ordering information');
      expect(r.mfgMpnCode).toBeUndefined();
      expect(r.datasheetUrl).toBeUndefined();
      codes.add(deriveMfgMpnCode(r.mpn, brandKeyOf(r.brand)));
      problems.push(...checkRecordAgainstScheme(r));
    }
    expect(problems).toEqual([]);
    expect(codes.size).toBe(records.length);
  });
});
