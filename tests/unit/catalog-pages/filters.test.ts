import { describe, expect, it } from 'vitest';
import {
  buildRange,
  engineParamFilters,
  filterQueryString,
  formatParamValue,
  needsCanonicalRedirect,
  pageWindow,
  paramLabel,
  paramNames,
  parseFilterQuery,
  parseSearchQuery,
  searchQueryString,
  toggled,
  withoutParam,
  type FilterColumnKind,
} from '../../../src/lib/catalog/filters.ts';

const COLUMNS: FilterColumnKind[] = [
  { key: 'resistance', kind: 'number', unit: 'Ω' },
  { key: 'capacitance', kind: 'number', unit: 'F' },
  { key: 'ratedVoltage', kind: 'number', unit: 'V' },
  { key: 'outputCurrent', kind: 'number', unit: 'A' },
  { key: 'gpioCount', kind: 'number', unit: null },
  { key: 'dielectric', kind: 'text', unit: null },
];
const parse = (qs: string) => parseFilterQuery(new URLSearchParams(qs), COLUMNS);

describe('filter URL → state', () => {
  it('reads the example URL of the issue', () => {
    const s = parse('brand=3&brand=5&p.resistance=4k7..10k&p.dielectric=X7R&package=0603&sort=mpn&page=2');
    expect(s.brandIds).toEqual([3, 5]);
    expect(s.packages).toEqual(['0603']);
    expect(s.text.get('dielectric')).toEqual(['X7R']);
    expect(s.ranges.get('resistance')).toEqual({ lo: '4k7', hi: '10k', exact: false, min: 4700, max: 10_000 });
    expect(s).toMatchObject({ sort: 'mpn', page: 2, size: 25 });
  });

  it('parses the unit notations engineers type', () => {
    const r = (qs: string, key: string) => parse(qs).ranges.get(key);
    expect(r('p.resistance=4.7kΩ..', 'resistance')).toMatchObject({ min: 4700, hi: '' });
    expect(r('p.capacitance=100n..0.1uF', 'capacitance')).toMatchObject({ min: 1e-7, max: 1e-7 });
    expect(r('p.ratedVoltage=..3.3V', 'ratedVoltage')).toMatchObject({ lo: '', max: 3.3 });
    expect(r('p.outputCurrent=500mA..1A', 'outputCurrent')).toMatchObject({ min: 0.5, max: 1 });
    expect(r('p.resistance=4k7-10k', 'resistance')).toMatchObject({ lo: '4k7', hi: '10k', min: 4700, max: 10_000 });
    expect(r('p.resistance=%3E%3D1M', 'resistance')).toMatchObject({ min: 1e6, hi: '' });
    expect(r('p.resistance=<1k', 'resistance')).toMatchObject({ lo: '', max: 1000 });
    expect(r('p.gpioCount=37', 'gpioCount')).toMatchObject({ exact: true, min: 37, max: 37 });
  });

  it('takes the form’s two inputs as [min, max] and a single value as an exact match', () => {
    expect(parse('p.resistance=4k7&p.resistance=').ranges.get('resistance')).toMatchObject({ lo: '4k7', hi: '', min: 4700, exact: false });
    expect(parse('p.resistance=&p.resistance=10k').ranges.get('resistance')).toMatchObject({ lo: '', hi: '10k', max: 10_000 });
    expect(parse('p.resistance=&p.resistance=').ranges.has('resistance')).toBe(false);
    expect(parse('p.resistance=4k7').ranges.get('resistance')).toMatchObject({ exact: true, min: 4700, max: 4700 });
  });

  it('reports unreadable, wrongly-unitted and inverted ranges but keeps the rest of the filter', () => {
    const s = parse('p.resistance=abc..10k&p.capacitance=3.3V..&p.ratedVoltage=50V..10V&p.dielectric=X5R&brand=7');
    expect(s.ranges.get('resistance')?.problem).toEqual({ kind: 'unparsable', side: 'min', text: 'abc' });
    expect(s.ranges.get('capacitance')?.problem).toEqual({ kind: 'wrongUnit', side: 'min', text: '3.3V', unit: 'F' });
    expect(s.ranges.get('ratedVoltage')?.problem).toEqual({ kind: 'inverted', min: '50V', max: '10V' });
    const engine = engineParamFilters(s);
    expect(engine).toEqual([{ key: 'dielectric', values: ['X5R'] }]);
    expect(s.brandIds).toEqual([7]);
  });

  it('ignores parameters the category does not have, junk ids and out-of-range paging', () => {
    const s = parse('p.nope=1&brand=x&brand=-1&brand=4&page=0&size=7&sort=evil');
    expect([...s.ranges.keys(), ...s.text.keys()]).toEqual([]);
    expect(s).toMatchObject({ brandIds: [4], page: 1, size: 25, sort: 'relevance' });
    expect(parse('page=99999').page).toBe(200); // 5000 results can be paged: 200 pages of 25
    expect(parse('page=99999&size=100').page).toBe(50);
  });

  it('matches an exact value within the stored precision', () => {
    const [f] = engineParamFilters(parse('p.resistance=4k7'));
    expect(f!.min).toBeLessThan(4700);
    expect(f!.max).toBeGreaterThan(4700);
    expect(f!.max! - f!.min!).toBeLessThan(1e-3);
  });
});

describe('state → canonical URL', () => {
  it('writes a stable, readable form that parses back to the same state', () => {
    const messy = 'sort=mpn&p.resistance=4k7&p.resistance=10k&package=0603&brand=5&brand=3&p.dielectric=X7R&page=2&p.capacitance=&p.capacitance=&utm=1';
    const state = parse(messy);
    const canonical = filterQueryString(state);
    expect(canonical).toBe('brand=3&brand=5&package=0603&p.dielectric=X7R&p.resistance=4k7..10k&sort=mpn&page=2');
    expect(filterQueryString(parse(canonical))).toBe(canonical);
    expect(needsCanonicalRedirect(new URLSearchParams(messy), state)).toBe(true);
    expect(needsCanonicalRedirect(new URLSearchParams(canonical), parse(canonical))).toBe(false);
    expect(needsCanonicalRedirect(new URLSearchParams(''), parse(''))).toBe(false);
  });

  it('keeps a problem range as typed so the user can fix it', () => {
    expect(filterQueryString(parse('p.resistance=10k..4k7'))).toBe('p.resistance=10k..4k7');
    expect(filterQueryString(parse('p.resistance=4k7'))).toBe('p.resistance=4k7');
    expect(filterQueryString(parse('p.resistance=%3E4k7'))).toBe('p.resistance=4k7..');
  });

  it('toggles facet values and removes parameters, back to page 1', () => {
    const s = parse('brand=3&p.dielectric=X7R&p.resistance=1k..&page=3');
    expect(filterQueryString(toggled(s, { brand: 3 }))).toBe('p.dielectric=X7R&p.resistance=1k..');
    expect(filterQueryString(toggled(s, { brand: 1 }))).toBe('brand=1&brand=3&p.dielectric=X7R&p.resistance=1k..');
    expect(filterQueryString(toggled(s, { param: { key: 'dielectric', value: 'C0G' } }))).toBe('brand=3&p.dielectric=X7R&p.dielectric=C0G&p.resistance=1k..');
    expect(filterQueryString(withoutParam(s, 'resistance'))).toBe('brand=3&p.dielectric=X7R');
    expect(filterQueryString(s, { page: 1, sort: 'popular' })).toBe('brand=3&p.dielectric=X7R&p.resistance=1k..&sort=popular');
  });
});

describe('parameter names and values', () => {
  it('names PARAM_DEFS keys, the passives keys, and humanizes the rest', () => {
    expect(paramNames('flashSize')).toEqual({ nameZh: 'Flash 容量', nameEn: 'Flash Size' });
    expect(paramLabel('resistance', 'zh')).toBe('阻值');
    expect(paramLabel('dielectric', 'en')).toBe('Dielectric');
    expect(paramLabel('maxJunctionTemp', 'en')).toBe('Max Junction Temp');
  });

  it('formats with SI prefixes and keeps text', () => {
    expect(formatParamValue(4700, null, 'Ω')).toBe('4.7 kΩ');
    expect(formatParamValue(1e-7, null, 'F')).toBe('100 nF');
    expect(formatParamValue(65536, null, 'B')).toBe('64 KB');
    expect(formatParamValue(37, null, null)).toBe('37');
    expect(formatParamValue(null, 'X7R', null)).toBe('X7R');
    expect(formatParamValue(3, null, 'mm²')).toBe('3 mm²');
  });

  it('builds ranges directly', () => {
    expect(buildRange('', '', false, 'Ω')).toBeNull();
    expect(buildRange(' 1k ', '2k', false, 'Ω')).toMatchObject({ lo: '1k', min: 1000, max: 2000 });
  });
});

describe('search query', () => {
  it('round-trips name, category, brands, packages, sort and page', () => {
    const q = parseSearchQuery(new URLSearchParams('name=%20NE555%20&cate=10601&brand=2&brand=2&package=SOIC-8&sort=popular&page=3'));
    expect(q).toEqual({ name: 'NE555', cateId: 10601, brandIds: [2], packages: ['SOIC-8'], sort: 'popular', page: 3, size: 25 });
    expect(searchQueryString(q)).toBe('name=NE555&cate=10601&brand=2&package=SOIC-8&sort=popular&page=3');
    expect(searchQueryString(q, { cateId: undefined, page: 1 })).toBe('name=NE555&brand=2&package=SOIC-8&sort=popular');
  });
});

describe('pagination window', () => {
  it('shows the ends and the neighbourhood', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20)).toEqual([1, '…', 8, 9, 10, 11, 12, '…', 20]);
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 6, '…', 20]);
    expect(pageWindow(20, 20)).toEqual([1, '…', 18, 19, 20]);
  });
});
