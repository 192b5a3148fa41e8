import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../../src/lib/search/search.ts';
import type { SearchParams, SearchSort } from '../../../src/lib/search/search.schema.ts';
import { collectFromMemory } from '../../../src/lib/search/search-collect.ts';
import { facetsOf } from '../../../src/lib/search/search-facets.ts';
import { makePlan, needsSql, relaxable } from '../../../src/lib/search/search-plan.ts';
import { SCORE } from '../../../src/lib/search/search-scores.ts';
import { handIndex } from './hand-index.ts';

// Planning and in-memory collection on a hand-built index (tests/unit/search/hand-index.ts).

const index = handIndex();
type Request = Partial<Omit<SearchParams, 'locale' | 'pageNum' | 'pageSize'>> & { pageNum?: number; pageSize?: number };

function answer(request: Request, relaxed = false) {
  const parsed = parseQuery(request.keyword ?? '', index.dict);
  const plan = makePlan(index, request, parsed, relaxed);
  const sort: SearchSort = request.sort ?? 'relevance';
  const pageSize = request.pageSize ?? 20;
  const collected = collectFromMemory(plan, sort, ((request.pageNum ?? 1) - 1) * pageSize, pageSize);
  return { plan, collected, mpns: collected.page.map((entry) => index.mpns![entry.row]) };
}

describe('search plan', () => {
  it('answers dictionary terms, quantities and packages in memory and sends other words to SQL', () => {
    const memory = answer({ keyword: '电容 0603' }).plan;
    expect(memory.sqlTokens).toEqual([]);
    expect(memory.mem).toHaveLength(2);
    const sql = answer({ keyword: 'STM32 电容' }).plan;
    expect(sql.sqlTokens.map((t) => t.kind)).toEqual(['term']);
    expect(needsSql(parseQuery('STM32', index.dict))).toBe(true);
    expect(relaxable(parseQuery('STM32', index.dict))).toBe(false);
    expect(relaxable(parseQuery('电容', index.dict))).toBe(true);
  });

  it('relaxes dictionary terms, quantities and packages into SQL words', () => {
    const plan = answer({ keyword: '电容 0603' }, true).plan;
    expect(plan.mem).toEqual([]);
    expect(plan.sqlTokens.map((t) => t.kind).sort()).toEqual(['dict', 'package']);
  });

  it('marks a strict reading with nothing behind a word as impossible', () => {
    expect(answer({ keyword: 'QFN32' }).plan.impossible).toBe(true);
    expect(answer({ keyword: 'QFN32' }).collected.total).toBe(0);
    expect(answer({ keyword: 'LQFP48' }).plan.impossible).toBe(false);
  });
});

describe('collecting from memory', () => {
  it('browses a category with its subtree, most popular first, with exact facets', () => {
    const { collected, mpns } = answer({ cateId: 2 });
    expect(mpns).toEqual(['GRM188R71H104', 'GRM21BR61A106']);
    expect(collected.total).toBe(2);
    expect(collected.totalExact && collected.facetsExact).toBe(true);
    expect([...collected.cateCounts]).toEqual([[21, 2]]);
    expect([...collected.brandCounts]).toEqual([[3, 2]]);
  });

  it('sorts by MPN both ways and pages', () => {
    expect(answer({ sort: 'mpn' }).mpns).toEqual(index.mpns);
    expect(answer({ sort: 'mpnDesc' }).mpns).toEqual([...index.mpns!].reverse());
    // Popularity: 10, 9, 7, 5, 2, 0.
    expect(answer({ sort: 'popular', pageNum: 2, pageSize: 2 }).mpns).toEqual(['STM32F407VGT6', 'GRM188R71H104']);
  });

  it('filters by parameter ranges and by values given as quantities', () => {
    expect(answer({ params: [{ key: 'capacitance', min: 1e-7, max: 1e-7 }] }).mpns).toEqual(['GRM188R71H104']);
    expect(answer({ params: [{ key: 'capacitance', values: ['100nF'] }] }).mpns).toEqual(['GRM188R71H104']);
    expect(answer({ params: [{ key: 'dielectric', values: ['x5r'] }] }).mpns).toEqual(['GRM21BR61A106']);
    expect(answer({ params: [{ key: 'ratedVoltage', min: 20 }, { key: 'capacitance', max: 1e-6 }] }).mpns).toEqual(['GRM188R71H104']);
    expect(answer({ params: [{ key: 'noSuchKey', min: 1 }] }).collected.total).toBe(0);
  });

  it('counts brand and package facets without their own filter', () => {
    const { collected, mpns } = answer({ package: ['0603'], brandIds: [3] });
    expect(mpns).toEqual(['GRM188R71H104']);
    // Brands: every part in 0603 (Murata's capacitor; the resistor has no brand).
    expect([...collected.brandCounts]).toEqual([[3, 1]]);
    // Packages: every Murata part, whatever its package.
    expect(new Map(collected.pkgCounts)).toEqual(new Map([[index.packages.indexOf('0603'), 1], [index.packages.indexOf('0805'), 1]]));
  });

  it('reads a bare quantity as the parameter its unit prefers', () => {
    const { plan, mpns } = answer({ keyword: '64KB' });
    expect(mpns).toEqual(['STM32F103C8T6']);
    expect(plan.mem[0]!.score(index.rowOf(105))).toBe(SCORE.quantityPreferred);
  });

  it('ranks by the summed score of the constraints before popularity', () => {
    // 单片机 names category 1; a brand term scores SCORE.brand on its parts.
    const { mpns, collected } = answer({ keyword: '意法半导体' });
    expect(mpns).toEqual(['STM32F103C8T6', 'STM32F407VGT6']);
    expect(collected.page.every((entry) => entry.score === SCORE.brand)).toBe(true);
  });

  it('names and cuts the facets in the caller\'s language', () => {
    const { collected } = answer({});
    const zh = facetsOf(index, collected, 'zh');
    const en = facetsOf(index, collected, 'en');
    expect(zh.categories[0]).toEqual({ cateId: 1, cateName: '单片机', count: 2 });
    expect(en.categories.map((c) => c.cateName)).toEqual(['Chip Capacitors', 'Microcontrollers', 'Op Amps', 'Resistors']);
    expect(en.brands.map((b) => [b.brandName, b.count])).toEqual([
      ['Murata', 2],
      ['STMicroelectronics', 2],
      ['Texas Instruments', 1],
    ]);
    expect(zh.packages.find((p) => p.package === '0603')!.count).toBe(2);
  });
});
