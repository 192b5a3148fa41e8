import { describe, expect, it } from 'vitest';
import { BRANDS } from '../../../src/lib/catalog/brands.ts';
import { brandResolver, manufacturerAgreement, manufacturerForms } from '../../../src/lib/bom/match/manufacturer.ts';

const resolver = brandResolver(BRANDS.map((b) => ({ key: b.key, nameZh: b.nameZh, nameEn: b.nameEn })));

describe('manufacturerForms', () => {
  it('folds case, punctuation and legal suffixes, and keeps a parenthesised name apart', () => {
    expect(manufacturerForms('SAMSUNG(三星)')).toEqual(['samsung', '三星']);
    expect(manufacturerForms('Yageo Corporation')).toEqual(['yageo']);
    expect(manufacturerForms('Diodes Incorporated')).toEqual(['diodes']);
    expect(manufacturerForms('  ')).toEqual([]);
    expect(manufacturerForms(42 as unknown as string)).toEqual([]);
  });
});

describe('brandResolver', () => {
  it.each([
    ['SAMSUNG(三星)', 'samsung-em'],
    ['Samsung Electro-Mechanics', 'samsung-em'],
    ['Yageo', 'yageo'],
    ['muRata', 'murata'],
    ['Murata Electronics', 'murata'],
    ['TI', 'ti'],
    ['Texas Instruments', 'ti'],
    ['ON Semiconductor', 'onsemi'],
    ['Didoes', 'diodes'],
    ['Littlefuse', 'littelfuse'],
    ['村田', 'murata'],
  ])('%s → %s', (cell, key) => {
    expect(resolver.resolve(cell)).toContain(key);
  });

  it('names nothing for a maker it does not know', () => {
    expect(resolver.resolve('Acme Widgets Ltd')).toEqual([]);
  });
});

describe('manufacturerAgreement', () => {
  it('agrees on aliases and owners, conflicts on another known maker, else unknown', () => {
    expect(manufacturerAgreement(resolver, 'Murata Electronics', 'murata')).toBe('agree');
    expect(manufacturerAgreement(resolver, 'Linear Technology', 'adi')).toBe('agree');
    expect(manufacturerAgreement(resolver, 'Maxim', 'adi')).toBe('agree');
    expect(manufacturerAgreement(resolver, 'Yageo', 'murata')).toBe('conflict');
    expect(manufacturerAgreement(resolver, 'Acme', 'murata')).toBe('unknown');
    expect(manufacturerAgreement(resolver, undefined, 'murata')).toBe('unknown');
    expect(manufacturerAgreement(resolver, 'Yageo', null)).toBe('unknown');
  });
});

describe('brand aliases of the JLCPCB/LCSC snapshot (brandAliases)', () => {
  // No database rows: the snapshot's spellings alone.
  const bare = brandResolver([]);
  it.each([
    ['TI', 'ti'],
    ['德州仪器', 'ti'],
    ['TI(德州仪器)', 'ti'],
    ['Texas Instruments', 'ti'],
    ['UNI-ROYAL(厚声)', 'uniroyal'],
    ['厚声', 'uniroyal'],
    ['JSCJ', 'cj'],
    ['长晶', 'cj'],
    ['CJ(江苏长电/长晶)', 'cj'],
    ['SLKOR(萨科微)', 'slkor'],
    ['FH(风华)', 'fenghua'],
    ['国巨', 'yageo'],
    ['乐鑫', 'espressif'],
    ['MDD(辰达行)', 'mdd'],
  ])('%s → %s', (cell, key) => {
    expect(bare.resolve(cell)).toContain(key);
  });

  it("reads 'AMS' as Advanced Monolithic Systems too (AMS1117), and never a place name as a maker", () => {
    expect(bare.resolve('AMS')).toContain('advanced-monolithic');
    expect(manufacturerAgreement(bare, 'AMS', 'advanced-monolithic')).toBe('agree');
    // 'Shenzhen …' makers are many; the city alone names none of them.
    expect(bare.resolve('Shenzhen Nonexistent Widgets')).toEqual([]);
  });

  it('agrees across languages and conflicts with another maker of the same part number', () => {
    expect(manufacturerAgreement(bare, '长晶', 'cj')).toBe('agree');
    expect(manufacturerAgreement(bare, 'JSCJ', 'mdd')).toBe('conflict');
    expect(manufacturerAgreement(bare, 'Slkor', 'advanced-monolithic')).toBe('conflict');
  });
});
