import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { loadCatalogRecords } from '../../src/lib/catalog/import/bulk-load.server.ts';
import { createApp } from '../../src/lib/server/app.ts';
import { searchRoutes } from '../../src/lib/search/search.routes.ts';
import { invalidateSearchIndex } from '../../src/lib/search/search-index.server.ts';
import { isQueryTimeout, SEARCH_STATEMENT_TIMEOUT_MS, withSearchRunner } from '../../src/lib/search/search-db.server.ts';
import type { SearchResult, Suggestion } from '../../src/lib/search/search.schema.ts';
import { searchProducts } from '../../src/lib/search/search.server.ts';
import { createTestDatabase } from '../helpers/test-db.ts';
import { hasKicadSymbols, importKicadFixture, loadEverydayPassives } from '../relevance/lib.ts';

// Real data: a few KiCad libraries imported by our importer (needs Debian's kicad-symbols, which
// CI installs; skipped where /usr/share/kicad is absent) plus the everyday passives built from
// makers' ordering codes. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.

type TestDb = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDb;
let app: ReturnType<typeof createApp>;

const LIBRARIES = ['MCU_ST_STM32F1', 'Amplifier_Operational', 'Timer', 'Regulator_Linear', 'Interface_USB', 'MCU_Microchip_ATmega'];

type Envelope<T> = { code: number; msg: string; result: T };

async function post<T = SearchResult>(body: unknown, locale: 'zh' | 'en' = 'zh'): Promise<{ status: number; body: Envelope<T> }> {
  const res = await app.request('/api/chiplet/products/queryPage', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `locale=${locale}` },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

async function search(body: Record<string, unknown>, locale: 'zh' | 'en' = 'zh'): Promise<SearchResult> {
  const r = await post({ pageNum: 1, pageSize: 20, ...body }, locale);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.code).toBe(200000);
  return r.body.result;
}

const mpns = (r: SearchResult) => r.list.map((x) => x.mpn);

describe.skipIf(!hasKicadSymbols)(`part search API (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
    // Until app.ts mounts the search routes, mount them here (idempotent once it does).
    if (!app.routes.some((r) => r.path === '/api/chiplet/products/queryPage')) app.route('/', searchRoutes);
    await importKicadFixture(database, LIBRARIES);
    await loadEverydayPassives(database);
  }, 180_000);
  afterAll(async () => {
    await database?.close();
  });

  describe('part numbers', () => {
    it('finds a part by exact MPN and by prefix, exact first', async () => {
      const exact = await search({ keyword: 'LM358' });
      expect(mpns(exact)[0]).toBe('LM358');
      const prefix = await search({ keyword: 'stm32f103c8' });
      expect(mpns(prefix)[0]).toBe('STM32F103C8Tx');
      expect(prefix.list[0]!.highlight.mpn).toBe('<mark>STM32F103C8</mark>Tx');
      const longer = await search({ keyword: 'STM32F103' });
      expect(longer.total).toBeGreaterThan(5);
      expect(mpns(longer).every((m) => m.startsWith('STM32F103'))).toBe(true);
    });

    it('matches a full orderable MPN to its KiCad family (STM32F103C8T6 → STM32F103C8Tx)', async () => {
      const r = await search({ keyword: 'STM32F103C8T6' });
      expect(mpns(r)[0]).toBe('STM32F103C8Tx');
      expect(r.didYouMean).toBeNull();
    });

    it('ignores case, separators and packaging suffixes', async () => {
      for (const q of ['lm358dr', 'LM358DR', 'LM358-DR', 'LM358 DR', 'LM358/TR']) expect(mpns(await search({ keyword: q }))[0], q).toBe('LM358');
      expect(
        mpns(await search({ keyword: 'ne555' }))
          .slice(0, 2)
          .sort(),
      ).toEqual(['NE555D', 'NE555P']);
      expect(mpns(await search({ keyword: 'NE555DR' }))[0]).toBe('NE555D');
      expect(mpns(await search({ keyword: 'ams1117-3.3' }))[0]).toBe('AMS1117-3.3');
      expect(mpns(await search({ keyword: 'AMS1117 3.3' }))[0]).toBe('AMS1117-3.3');
    });

    it('finds MPNs with one or two typos and offers the correction', async () => {
      const r = await search({ keyword: 'STM32F10C8T6' });
      expect(mpns(r)[0]).toBe('STM32F103C8Tx');
      expect(r.didYouMean).toBe('STM32F103C8Tx');
      const swapped = await search({ keyword: 'LM538' });
      expect(mpns(swapped)).toContain('LM358');
      expect(swapped.didYouMean).not.toBeNull();
    });

    it('offers nothing it cannot back with a part', async () => {
      const r = await search({ keyword: 'QQZZ99887766' });
      expect(r.total).toBe(0);
      expect(r.list).toEqual([]);
    });
  });

  describe('keywords', () => {
    it('understands Chinese and English synonyms of part kinds', async () => {
      for (const q of ['运放', '运算放大器', 'op amp', 'operational amplifier']) {
        const r = await search({ keyword: q });
        expect(r.total, q).toBeGreaterThan(20);
        expect(
          r.list.every((x) => /运放|运算放大器|Op Amp|Operational/i.test(x.cateName + x.description)),
          q,
        ).toBe(true);
        expect(mpns(r)[0], q).toBe('LM358'); // the popularity prior
      }
      const mcu = await search({ keyword: '单片机' });
      expect(mcu.total).toBeGreaterThan(50);
      expect(mpns(mcu)[0]).toBe('STM32F103C8Tx');
    });

    it('combines a part kind with a quantity: 单片机 64KB, LDO 3.3V', async () => {
      const r = await search({ keyword: '单片机 64KB' });
      expect(r.total).toBeGreaterThan(0);
      for (const x of r.list)
        expect(
          x.params.some((p) => p.unit === 'B' && p.value === 65536),
          x.mpn,
        ).toBe(true);
      const ldo = await search({ keyword: 'LDO 3.3V' });
      expect(ldo.total).toBeGreaterThan(0);
      for (const x of ldo.list)
        expect(
          x.params.some((p) => p.key === 'outputVoltage' && p.value === 3.3),
          x.mpn,
        ).toBe(true);
      expect(ldo.list[0]!.highlight.description).toContain('<mark>');
    });

    it('combines a brand with a part kind: 意法 MCU', async () => {
      const r = await search({ keyword: '意法 MCU' });
      expect(r.total).toBeGreaterThan(20);
      expect(new Set(r.list.map((x) => x.brandName))).toEqual(new Set(['意法半导体']));
      expect(r.facets.brands).toEqual([expect.objectContaining({ brandName: '意法半导体', count: r.total })]);
    });

    it('searches passives by kind, value and package', async () => {
      const caps = await search({ keyword: '贴片电容' });
      expect(caps.total).toBe(154);
      const r = await search({ keyword: '10k 0603' });
      expect(r.total).toBeGreaterThan(0);
      for (const x of r.list) {
        expect(x.package).toBe('0603');
        expect(x.params.find((p) => p.key === 'resistance')?.value).toBe(10000);
      }
      const nf = await search({ keyword: '电容 100nF' });
      expect(nf.total).toBeGreaterThan(0);
      for (const x of nf.list) expect(x.params.find((p) => p.key === 'capacitance')?.value).toBeCloseTo(1e-7, 12);
    });

    it('falls back to the words of the text when the strict reading finds nothing', async () => {
      // No USB category part is an STM32; descriptions that say both still match.
      const r = await search({ keyword: 'CH340 USB' });
      expect(mpns(r)[0]).toMatch(/^CH340/);
    });

    it('answers in English with English names', async () => {
      const r = await search({ keyword: 'op amp' }, 'en');
      expect(r.list[0]!.cateName).toMatch(/Op Amps|Operational/);
      expect(r.list[0]!.brandName).toBe('Texas Instruments');
      expect(r.facets.categories[0]!.cateName).toMatch(/Op Amps/);
    });

    it('suggests a spelling for an unknown word', async () => {
      const r = await search({ keyword: '运方' });
      expect(r.total).toBe(0);
      expect(r.didYouMean).toBe('运放');
    });
  });

  describe('filters and facets', () => {
    it('lists a category for an empty keyword, with exact facets', async () => {
      const r = await search({ cateId: 100, pageSize: 50 });
      expect(r.total).toBeGreaterThan(100);
      expect(r.totalExact).toBe(true);
      expect(r.facets.categories.reduce((s, c) => s + c.count, 0)).toBe(r.total);
      expect(r.facets.brands.reduce((s, c) => s + c.count, 0)).toBe(r.total);
      expect(r.list).toHaveLength(50);
      expect(r.list.every((x) => x.cateName !== '')).toBe(true);
    });

    it('filters by parameters (range and values) and counts facets on the filtered set', async () => {
      const body = {
        cateId: 551,
        params: [
          { key: 'capacitance', min: 1e-7, max: 1e-6 },
          { key: 'ratedVoltage', min: 16 },
          { key: 'dielectric', values: ['X7R', 'X5R'] },
        ],
        pageSize: 100,
      };
      const r = await search(body);
      expect(r.total).toBeGreaterThan(0);
      expect(r.total).toBeLessThan(154);
      for (const x of r.list) {
        const p = Object.fromEntries(x.params.map((q) => [q.key, q.value ?? q.text]));
        expect(p.capacitance as number).toBeGreaterThanOrEqual(1e-7 * (1 - 1e-9));
        expect(p.capacitance as number).toBeLessThanOrEqual(1e-6 * (1 + 1e-9));
        expect(p.ratedVoltage as number).toBeGreaterThanOrEqual(16);
        expect(['X7R', 'X5R']).toContain(p.dielectric);
      }
      expect(r.facets.packages.reduce((s, c) => s + c.count, 0)).toBe(r.total);
      // A value given as a quantity.
      const q = await search({
        cateId: 551,
        params: [{ key: 'capacitance', values: ['100nF'] }],
      });
      expect(q.total).toBeGreaterThan(0);
      expect(q.list.every((x) => x.params.some((p) => p.key === 'capacitance' && Math.abs(p.value! - 1e-7) < 1e-15))).toBe(true);
    });

    it('keeps other brands and packages in their facets when one is chosen (multi-select)', async () => {
      const all = await search({ cateId: 551 });
      expect(all.facets.brands.length).toBe(2);
      const murata = all.facets.brands.find((b) => b.brandName === '村田')!;
      const r = await search({ cateId: 551, brandIds: [murata.brandId] });
      expect(r.total).toBe(murata.count);
      expect(r.facets.brands.map((b) => b.brandName).sort()).toEqual(['三星电机', '村田'].sort());
      const pkg = await search({ cateId: 551, package: ['0603'] });
      expect(pkg.list.every((x) => x.package === '0603')).toBe(true);
      expect(pkg.facets.packages.length).toBeGreaterThan(1);
      expect(pkg.facets.brands.reduce((s, c) => s + c.count, 0)).toBe(pkg.total);
    });

    it('sorts by MPN both ways and pages without overlap', async () => {
      const up = await search({ cateId: 10003, sort: 'mpn', pageSize: 10 });
      expect(mpns(up)).toEqual([...mpns(up)].sort((a, b) => (a < b ? -1 : 1)));
      const down = await search({
        cateId: 10003,
        sort: 'mpnDesc',
        pageSize: 10,
      });
      expect(down.list[0]!.mpn > up.list[0]!.mpn).toBe(true);
      const p2 = await search({
        cateId: 10003,
        sort: 'mpn',
        pageSize: 10,
        pageNum: 2,
      });
      expect(mpns(p2).some((m) => mpns(up).includes(m))).toBe(false);
      const beyond = await search({
        cateId: 10003,
        pageSize: 100,
        pageNum: 10,
      });
      expect(beyond.list).toEqual([]);
      expect(beyond.total).toBe(up.total);
    });

    it('restricts a keyword to a category (drill-down)', async () => {
      const r = await search({ keyword: 'STM32', cateId: 10003 });
      expect(r.total).toBeGreaterThan(0);
      expect(r.facets.categories.map((c) => c.cateId)).toEqual([10003]);
    });
  });

  describe('bad input', () => {
    it('answers an empty keyword with the catalogue, not an error', async () => {
      for (const keyword of ['', '   ', null]) {
        const r = await search({ keyword });
        expect(r.total).toBeGreaterThan(1000);
      }
    });

    it('rejects a 10,000-character keyword naming the field', async () => {
      const r = await post({ keyword: 'a'.repeat(10_000) });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(40000);
      expect(r.body.msg).toContain('keyword');
      expect(r.body.msg).toContain('200');
    });

    it('treats SQL, regex, LIKE wildcards and emoji as text (no error, no match-all)', async () => {
      for (const keyword of ["'; DROP TABLE products;--", '.*[(', '%_', '%', '_', '🙂🙂🙂', '\\', "' OR 1=1 --", '$1', '((((']) {
        const started = performance.now();
        const r = await search({ keyword });
        expect(r.total, keyword).toBe(0);
        expect(performance.now() - started, keyword).toBeLessThan(5000);
      }
      // The table is still there.
      expect((await search({ keyword: 'LM358' })).total).toBeGreaterThan(0);
    });

    it('rejects an unknown category, bad pages and page sizes with the field named', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ cateId: 999999 }, 'cateId'],
        [{ cateId: -3 }, 'cateId'],
        [{ cateId: 'abc' }, 'cateId'],
        [{ pageSize: 100000 }, 'pageSize'],
        [{ pageSize: 0 }, 'pageSize'],
        [{ pageNum: -1 }, 'pageNum'],
        [{ pageNum: 0 }, 'pageNum'],
        [{ pageNum: 1.5 }, 'pageNum'],
        [{ pageNum: 11, pageSize: 100 }, 'pageNum'],
        [{ sort: 'price' }, 'sort'],
        [{ brandIds: ['x'] }, 'brandIds.0'],
        [{ keyword: 42 }, 'keyword'],
      ];
      for (const [body, field] of cases) {
        const r = await post({ pageNum: 1, pageSize: 20, ...body });
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.code).toBe(40000);
        expect(r.body.msg, JSON.stringify(body)).toContain(field);
      }
    });

    it('rejects inverted and non-numeric parameter ranges', async () => {
      const inverted = await post({
        pageNum: 1,
        pageSize: 20,
        params: [{ key: 'capacitance', min: 1e-6, max: 1e-7 }],
      });
      expect(inverted.body.code).toBe(40000);
      expect(inverted.body.msg).toContain('params.0.min');
      const nonNumeric = await post({
        pageNum: 1,
        pageSize: 20,
        params: [{ key: 'capacitance', min: 'abc' }],
      });
      expect(nonNumeric.body.code).toBe(40000);
      expect(nonNumeric.body.msg).toContain('params.0.min');
      const empty = await post({
        pageNum: 1,
        pageSize: 20,
        params: [{ key: 'capacitance' }],
      });
      expect(empty.body.code).toBe(40000);
      const badKey = await post({
        pageNum: 1,
        pageSize: 20,
        params: [{ key: 'DROP TABLE', min: 1 }],
      });
      expect(badKey.body.code).toBe(40000);
      expect(badKey.body.msg).toContain('params.0.key');
      // An unknown (well-formed) key simply matches nothing.
      expect((await search({ params: [{ key: 'noSuchKey', min: 1 }] })).total).toBe(0);
    });

    it('rejects a body that is not JSON', async () => {
      const r = await post('{not json');
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(40000);
    });

    it('validates in the domain function too (pages call it in-process)', async () => {
      await expect(
        searchProducts(database.db, {
          pageNum: 0,
          pageSize: 10,
          locale: 'en',
        }),
      ).rejects.toMatchObject({
        code: 40000,
        message: expect.stringContaining('pageNum'),
      });
      await expect(
        searchProducts(database.db, {
          pageNum: 1,
          pageSize: 10,
          locale: 'en',
          cateId: 424242,
        }),
      ).rejects.toMatchObject({
        code: 40000,
        message: expect.stringContaining('cateId'),
      });
      await expect(
        searchProducts(database.db, {
          pageNum: 1,
          pageSize: 10,
          locale: 'zh',
          params: [{ key: 'ratedVoltage', min: 50, max: 10 }],
        }),
      ).rejects.toMatchObject({
        code: 40000,
        message: expect.stringContaining('params.0.min'),
      });
    });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('cancels a search statement that runs past the timeout (PostgreSQL)', async () => {
    const started = performance.now();
    const error = await withSearchRunner(database.db, (r) => r.arrays('SELECT pg_sleep(10)')).catch((e: unknown) => e);
    expect(isQueryTimeout(error)).toBe(true);
    expect(performance.now() - started).toBeLessThan(SEARCH_STATEMENT_TIMEOUT_MS + 2000);
  });

  describe('suggestions', () => {
    async function sug(q: string, locale: 'zh' | 'en' = 'zh'): Promise<{ status: number; body: Envelope<Suggestion[]> }> {
      const res = await app.request(`/api/chiplet/products/suggest?q=${encodeURIComponent(q)}`, { headers: { cookie: `locale=${locale}` } });
      return {
        status: res.status,
        body: (await res.json()) as Envelope<Suggestion[]>,
      };
    }

    it('suggests part numbers, categories and brands with links', async () => {
      const mpn = (await sug('stm32f103c')).body.result;
      expect(mpn[0]).toMatchObject({
        kind: 'mpn',
        text: expect.stringMatching(/^STM32F103C/),
        href: expect.stringMatching(/^\/productDetail\//),
      });
      const cat = (await sug('运放')).body.result;
      expect(cat.some((s) => s.kind === 'category' && s.href.startsWith('/filterPage/200'))).toBe(true);
      const brand = (await sug('意法')).body.result;
      expect(brand.some((s) => s.kind === 'brand' && s.text === '意法半导体')).toBe(true);
      const en = (await sug('LM35', 'en')).body.result;
      expect(en[0]!.href.startsWith('/en/productDetail/')).toBe(true);
      const family = (await sug('STM32F103C8T6')).body.result;
      expect(family[0]).toMatchObject({ kind: 'mpn', text: 'STM32F103C8Tx' });
    });

    it('answers empty and odd input calmly, rejects over-long input', async () => {
      expect((await sug('')).body.result).toEqual([]);
      expect((await sug('%_')).body.result).toEqual([]);
      expect((await sug('🙂')).body.code).toBe(200000);
      const long = await sug('x'.repeat(300));
      expect(long.body.code).toBe(40000);
      expect(long.body.msg).toContain('q');
    });
  });

  describe('freshness', () => {
    it('sees parts added after the first search', async () => {
      expect((await search({ keyword: 'ZZTEST4242' })).total).toBe(0);
      await loadCatalogRecords(database, [
        {
          mpn: 'ZZTEST4242',
          brand: 'ti',
          cateId: 20001,
          descriptionZh: '测试运放',
          descriptionEn: 'test op amp',
          lifecycle: 'active',
          params: [],
          source: 'test',
          licence: 'test',
        },
      ]);
      const r = await search({ keyword: 'ZZTEST4242' });
      expect(mpns(r)).toEqual(['ZZTEST4242']);
      invalidateSearchIndex(database.db);
      expect((await search({ keyword: '测试运放' })).total).toBeGreaterThan(0);
    });
  });
});
