import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BRANDS, BRANDS_BY_KEY } from '../../../src/lib/catalog/brands.ts';
import { brandAliases, jlcBrandOf, jlcBrands, type JlcBrand } from '../../../src/lib/catalog/jlcparts/brand-map.ts';

// The spellings come from the snapshot itself: every "Manufacturer" value of its attribute table.
const LUT = 'catalog/jlcparts-2026-05-21/attributes-lut.json.gz';
type LutEntry = [string, { values: { default: [string, string] } }];
const lut = JSON.parse(gunzipSync(readFileSync(LUT)).toString('utf8')) as LutEntry[];
const SPELLINGS = lut.filter((e) => e[0] === 'Manufacturer').map((e) => e[1].values.default[0]);

const KEY = /^[a-z0-9][a-z0-9-]*$/;
const CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/g;
const loose = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '');
const brandsOf = (re: RegExp): Set<string> => new Set(SPELLINGS.filter((s) => re.test(s)).map((s) => jlcBrandOf(s).key));

describe('JLCPCB/LCSC maker spellings → brands', () => {
  it('reads the 2,293 spellings of the snapshot', () => {
    expect(SPELLINGS.length).toBe(2293);
    expect(new Set(SPELLINGS).size).toBe(SPELLINGS.length);
  });

  it('maps every spelling to a brand with a valid key and both names', () => {
    for (const s of SPELLINGS) {
      const b = jlcBrandOf(s);
      expect(b.key, s).toMatch(KEY);
      expect(b.key.length, s).toBeLessThanOrEqual(64);
      expect(b.nameZh.trim(), s).not.toBe('');
      expect(b.nameEn.trim(), s).not.toBe('');
      if (b.country !== undefined) expect(b.country, s).toMatch(/^[A-Z]{2}$/);
      if (b.website !== undefined) expect(b.website, s).toMatch(/^https?:\/\/[a-z0-9.-]+\.[a-z]{2,}/);
      expect(jlcBrandOf(s), s).toBe(b);
    }
  });

  it('merges the spellings into fewer brands, one brand object per key', () => {
    const keys = new Set(SPELLINGS.map((s) => jlcBrandOf(s).key));
    console.log(`${SPELLINGS.length} spellings → ${keys.size} brands`);
    expect(keys.size).toBeLessThan(SPELLINGS.length * 0.75);
    expect(keys.size).toBeGreaterThan(1000);
    const table = jlcBrands();
    expect(new Set(table.map((b) => b.key)).size).toBe(table.length);
    expect(new Set(table.map((b) => b.key))).toEqual(keys);
  });

  it('gives WCH one brand, wch, shown as 沁恒', () => {
    const wch = SPELLINGS.filter((s) => /^WCH\b|Qin ?heng|沁恒/i.test(s));
    expect(wch.length).toBeGreaterThanOrEqual(5);
    expect(brandsOf(/^WCH\b|Qin ?heng|沁恒/i)).toEqual(new Set(['wch']));
    expect(jlcBrandOf('WCH(Jiangsu Qin Heng)')).toMatchObject({ key: 'wch', nameZh: '沁恒', country: 'CN' });
  });

  it('reuses the brands.ts keys and their names for the makers already there', () => {
    expect(brandsOf(/gigadevice/i)).toEqual(new Set(['gigadevice']));
    expect(jlcBrandOf('GigaDevice Semicon Beijing')).toMatchObject({ key: 'gigadevice', nameZh: '兆易创新', country: 'CN' });
    const cases: Array<[string, string]> = [
      ['Texas Instruments', 'ti'], ['TI(德州仪器)', 'ti'], ['STMicroelectronics', 'st'], ['Murata Electronics', 'murata'],
      ['YAGEO', 'yageo'], ['onsemi', 'onsemi'], ['Diodes Incorporated', 'diodes'], ['Microchip Tech', 'microchip'],
      ['Analog Devices', 'adi'], ['Maxim Integrated', 'maxim'], ['Cypress Semicon', 'infineon'], ['Intersil(Renesas Electronics)', 'renesas'],
      ['Kyocera AVX', 'kyocera'], ['HRS(Hirose)', 'hirose'], ['Espressif Systems', 'espressif'], ['Samsung Electro-Mechanics', 'samsung-em'],
    ];
    for (const [s, key] of cases) expect(jlcBrandOf(s).key, s).toBe(key);
    for (const b of jlcBrands()) {
      const known = BRANDS_BY_KEY.get(b.key);
      if (known) expect(b.nameEn, b.key).toBe(known.nameEn);
    }
  });

  it('keeps keys unique per company: different keys never share an English name', () => {
    const byName = new Map<string, string>();
    for (const b of jlcBrands()) {
      const n = loose(b.nameEn);
      expect(byName.get(n) ?? b.key, `${b.nameEn}: ${byName.get(n)} / ${b.key}`).toBe(b.key);
      byName.set(n, b.key);
    }
    // No maker of brands.ts was given a second key.
    const known = new Map(BRANDS.map((b) => [loose(b.nameEn), b.key]));
    for (const b of jlcBrands()) expect(known.get(loose(b.nameEn)) ?? b.key, b.nameEn).toBe(b.key);
  });

  it('keeps the Chinese name a spelling carries', () => {
    const withZh = SPELLINGS.filter((s) => CJK.test(s));
    expect(withZh.length).toBeGreaterThan(20);
    for (const s of withZh) {
      const { nameZh } = jlcBrandOf(s);
      const runs = s.match(CJK) ?? [];
      const shares = runs.some((r) => nameZh.includes(r) || r.includes(nameZh) || [...r].some((_, i) => i < r.length - 1 && nameZh.includes(r.slice(i, i + 2))));
      expect(shares, `${s} → ${nameZh}`).toBe(true);
    }
    expect(jlcBrandOf('SET(赛尔特)').nameZh).toBe('赛尔特');
    expect(jlcBrandOf('PUYA(普冉)')).toMatchObject({ key: 'puya', nameZh: '普冉', country: 'CN' });
    expect(jlcBrandOf('PULSE(普思)')).toMatchObject({ key: 'pulse', nameZh: '普思' });
  });

  it('marks the domestic makers CN and the Taiwanese ones TW', () => {
    const cn = [
      'UNI-ROYAL(Uniroyal Elec)', 'FH(Guangdong Fenghua Advanced Tech)', 'Sunlord', '3PEAK', 'SGMICRO', 'ARTERY', 'Geehy', 'PUYA)',
      'CHIPSEA', 'MICRONE(Nanjing Micro One Elec)', 'HDSC', 'MindMotion Microelectronics', 'Allwinner Tech', 'Rockchip', 'Espressif Systems',
      'Jiangsu Changjing Electronics Technology Co., Ltd.', 'Changjiang Electronics Tech (CJ)', 'LRC', 'Slkor(SLKORMICRO Elec.)', 'TECH PUBLIC',
      'MDD (Microdiode Electronics)', 'Yangzhou Yangjie Elec Tech', 'Guangdong Hottech', 'BORN', 'Shikues', 'RUILON(Shenzhen Ruilongyuan Elec)',
      'HXY MOSFET', 'XBLW', 'ElecSuper', 'COSINE', 'AWINIC(Shanghai Awinic Tech)', 'WCH', 'GigaDevice Semicon Beijing',
    ];
    for (const s of cn) expect(jlcBrandOf(s).country, s).toBe('CN');
    for (const s of ['Richtek Tech', 'Everlight Elec', 'Walsin Tech Corp', 'RALEC', 'Viking Tech', 'PANJIT International', 'YAGEO']) expect(jlcBrandOf(s).country, s).toBe('TW');
    expect(jlcBrandOf('UNI-ROYAL(Uniroyal Elec)')).toMatchObject({ key: 'uniroyal', nameZh: '厚声' });
    expect(new Set(['FH(Guangdong Fenghua Advanced Tech)', 'FH (Guangdong Fenghua Advanced Tech)', 'FH'].map((s) => jlcBrandOf(s).key))).toEqual(new Set(['fenghua']));
  });

  it('lists the aliases of a brand: its spellings and names', () => {
    expect(brandAliases('wch')).toEqual(expect.arrayContaining(['WCH(Jiangsu Qin Heng)', 'WCH', 'WCH(南京沁恒)', '沁恒', 'WCH (Nanjing Qinheng Microelectronics)']));
    expect(brandAliases('uniroyal')).toEqual(expect.arrayContaining(['UNI-ROYAL(Uniroyal Elec)', 'UNI-ROYAL', '厚声']));
    expect(brandAliases('no-such-brand')).toEqual([]);
    // Every non-blank spelling is an alias of its brand (the blank one maps to 'unknown').
    for (const s of SPELLINGS) if (s.trim() !== '') expect(brandAliases(jlcBrandOf(s).key), s).toContain(s);
    expect(jlcBrandOf('').key).toBe('unknown');
  });

  it('derives a brand for spellings of a future snapshot', () => {
    expect(jlcBrandOf('Texas Instruments Inc.').key).toBe('ti');
    expect(jlcBrandOf('SUNLORD').key).toBe('sunlord');
    expect(jlcBrandOf('厚声').key).toBe('uniroyal');
    const acme: JlcBrand = jlcBrandOf('Acme Elec(阿克米)');
    expect(acme).toMatchObject({ key: 'acme-elec', nameZh: '阿克米', nameEn: 'Acme Elec' });
    expect(acme.country).toBeUndefined();
    expect(jlcBrandOf('Shenzhen Foobar Elec')).toMatchObject({ key: 'shenzhen-foobar-elec', country: 'CN' });
    expect(jlcBrandOf('未知厂').key).toMatch(/^maker-[0-9a-z]+$/);
    expect(jlcBrandOf('   ').key).toBe('unknown');
    expect(jlcBrandOf('Acme Elec(阿克米)')).toBe(acme);
  });

  it('is fast enough for the 582,280 parts of the snapshot', () => {
    const t0 = performance.now();
    let n = 0;
    for (let i = 0; i < 254; i++) for (const s of SPELLINGS) n += jlcBrandOf(s).key.length;
    expect(n).toBeGreaterThan(0);
    expect(performance.now() - t0).toBeLessThan(5000);
  });
});
