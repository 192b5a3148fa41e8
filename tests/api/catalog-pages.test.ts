import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateCatalogCache } from '../../src/lib/catalog/catalog.server.ts';
import { createApp } from '../../src/lib/server/app.ts';
import { models3d } from '../../src/lib/server/db/schema/index.ts';
import { createTestDatabase } from '../helpers/test-db.ts';
import { FIXED_RESISTORS_CATE, OPAMP_CATE, seedCatalog } from '../unit/catalog-pages/seed.ts';

// POST /api/chiplet/products/{cateTree, detail, queryHeader, similar}, the mark/* tracking calls
// and the GET download link, on PGlite or PostgreSQL (TEST_DATABASE_URL).

type Db = Awaited<ReturnType<typeof createTestDatabase>>;
let database: Db;
let app: ReturnType<typeof createApp>;
let resistorCount = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const { passives } = await seedCatalog(database);
  resistorCount = passives.filter((p) => p.cateId === FIXED_RESISTORS_CATE).length;
  app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
}, 120_000);
afterAll(async () => {
  await database?.close();
});

type Env<T = unknown> = { code: number; msg: string; result: T };
async function post<T = unknown>(path: string, body: unknown, init: { cookie?: string; raw?: string; ip?: string } = {}): Promise<{ status: number; body: Env<T> }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (init.cookie) headers.cookie = init.cookie;
  const res = await app.request(`/api${path}`, { method: 'POST', headers, body: init.raw ?? (body === undefined ? undefined : JSON.stringify(body)) }, { ip: init.ip ?? '10.1.0.1' });
  return { status: res.status, body: (await res.json()) as Env<T> };
}

type Node = { cateId: number; cateName: string; productCount: number; children: Node[]; level: number };
const find = (nodes: Node[], id: number): Node | undefined => {
  for (const n of nodes) {
    if (n.cateId === id) return n;
    const hit = find(n.children, id);
    if (hit) return hit;
  }
  return undefined;
};

describe(`cateTree (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('nests the whole tree with counts rolled up to the ancestors', async () => {
    const { status, body } = await post<Node[]>('/chiplet/products/cateTree', {});
    expect(status).toBe(200);
    expect(body.code).toBe(200000);
    const leaf = find(body.result, FIXED_RESISTORS_CATE)!;
    expect(leaf.productCount).toBe(resistorCount);
    const passive = body.result.find((r) => find([r], FIXED_RESISTORS_CATE))!;
    expect(passive.level).toBe(1);
    expect(passive.productCount).toBeGreaterThan(resistorCount); // resistors + capacitors
    const opamps = find(body.result, OPAMP_CATE)!;
    expect(opamps.productCount).toBe(2);
    expect(opamps.cateName).toBe('运算放大器');
  });

  it('answers without a body, in English, and for one subtree', async () => {
    const res = await app.request('/api/chiplet/products/cateTree', { method: 'POST', headers: { cookie: 'locale=en' } });
    expect(res.status).toBe(200);
    const en = (await res.json()) as Env<Node[]>;
    expect(find(en.result, OPAMP_CATE)!.cateName).toBe('Operational Amplifiers');
    const sub = await post<Node[]>('/chiplet/products/cateTree', { rootId: 550, depth: 1 });
    expect(sub.body.result).toHaveLength(1);
    expect(sub.body.result[0]!.cateId).toBe(550);
    expect(sub.body.result[0]!.children).toEqual([]);
  });

  it('rejects bad input with 40000 and unknown roots with 40400', async () => {
    expect((await post('/chiplet/products/cateTree', { rootId: 'x' })).body.code).toBe(40000);
    expect((await post('/chiplet/products/cateTree', { depth: 9 })).body.code).toBe(40000);
    expect((await post('/chiplet/products/cateTree', { nope: 1 })).body.code).toBe(40000);
    const emptyJson = await app.request('/api/chiplet/products/cateTree', { method: 'POST', headers: { 'Content-Type': 'application/json' } });
    expect(emptyJson.status).toBe(200);
    const bad = await post('/chiplet/products/cateTree', undefined, { raw: '{not json' });
    expect(bad).toMatchObject({ status: 400, body: { code: 40000 } });
    expect(await post('/chiplet/products/cateTree', { rootId: 987654 })).toMatchObject({ status: 404, body: { code: 40400 } });
  });
});

type Detail = {
  mfgMpnCode: string;
  mpn: string;
  brand: { key: string; name: string } | null;
  categoryPath: { cateId: number; cateName: string }[];
  params: { key: string; name: string; display: string }[];
  symbol: { library: string; name: string; unitCount: number; pinCount: number; licence: string } | null;
  pins: { unit: number; number: string; name: string; electricalType: string }[];
  footprint: { name: string; padCount: number; smd: boolean; model3dPath: string | null; model3d: unknown; licence: string } | null;
  similar: { mfgMpnCode: string; sharedParams: number; distance: number; params: { key: string; same: boolean }[] }[];
  source: string;
  licence: string;
  counters: Record<string, number>;
  datasheetUrl: string | null;
};

describe('detail', () => {
  it('returns the part with brand, category path, formatted parameters, symbol, pins, footprint, similar parts and provenance', async () => {
    const { status, body } = await post<Detail>('/chiplet/products/detail', { mfgMpnCode: 'LM358_ti' });
    expect(status).toBe(200);
    const d = body.result;
    expect(d.mpn).toBe('LM358');
    expect(d.brand?.key).toBe('ti');
    expect(d.categoryPath.map((c) => c.cateId)).toEqual([3, OPAMP_CATE]);
    expect(d.params.find((p) => p.key === 'bandwidth')).toMatchObject({ name: '带宽', display: '700 kHz' });
    expect(d.params.find((p) => p.key === 'supplyVoltageMax')?.display).toBe('32 V');
    expect(d.symbol).toMatchObject({ library: 'Amplifier_Operational', name: 'LM358', unitCount: 3 });
    expect(d.pins.length).toBeGreaterThanOrEqual(8);
    expect(d.pins.map((p) => p.number).slice(0, 3)).toEqual(['1', '2', '3']); // sorted by pin number
    expect(d.pins.find((p) => p.number === '4')?.electricalType).toBe('power_in');
    expect(d.footprint).toMatchObject({ name: 'SOIC-8_3.9x4.9mm_P1.27mm', padCount: 8, smd: true, model3d: null });
    expect(d.footprint?.model3dPath).toMatch(/SOIC-8/);
    expect(d.source).toContain('KiCad');
    expect(d.licence).toContain('CC-BY-SA 4.0');
    expect(d.symbol?.licence).toContain('CC-BY-SA 4.0');
    expect(d.similar[0]).toMatchObject({ mfgMpnCode: 'LM2904_ti', sharedParams: 3 });
    expect(d.similar[0]!.params.find((p) => p.key === 'supplyVoltageMax')?.same).toBe(false);
    expect(d.similar[0]!.params.find((p) => p.key === 'channels')?.same).toBe(true);
  });

  it('ranks similar resistors by the nearest value in the same package', async () => {
    const { body } = await post<Detail>('/chiplet/products/detail', { mfgMpnCode: 'RC0603FR-074K7L_yageo' });
    expect(body.code).toBe(200000);
    const first = body.result.similar[0]!;
    const { body: sim } = await post<Detail['similar']>('/chiplet/products/similar', { mfgMpnCode: 'RC0603FR-074K7L_yageo', limit: 3 });
    expect(sim.result).toHaveLength(3);
    expect(sim.result[0]!.mfgMpnCode).toBe(first.mfgMpnCode);
    // Same package, 4.7 kΩ at another tolerance or the neighbouring E-series value.
    expect(first.mfgMpnCode).toMatch(/^RC0603/);
    for (const s of sim.result) expect(s.distance).toBeGreaterThanOrEqual(0);
    const distances = sim.result.map((s) => s.distance);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
  });

  it('gives 40400 for unknown parts and 40000 for malformed codes, never 500', async () => {
    expect(await post('/chiplet/products/detail', { mfgMpnCode: 'NO_SUCH_PART' })).toMatchObject({ status: 404, body: { code: 40400 } });
    expect(await post('/chiplet/products/similar', { mfgMpnCode: 'NO_SUCH_PART' })).toMatchObject({ status: 404, body: { code: 40400 } });
    for (const bad of ['../etc', 'a b', '', 'x'.repeat(161), 42, null]) {
      const r = await post('/chiplet/products/detail', { mfgMpnCode: bad });
      expect(r.status, String(bad)).toBe(400);
      expect(r.body.code).toBe(40000);
      expect(r.body.msg).toContain('mfgMpnCode');
    }
    expect((await post('/chiplet/products/detail', {})).body.code).toBe(40000);
    expect((await post('/chiplet/products/detail', undefined, { raw: '[' })).body.code).toBe(40000);
    expect((await post('/chiplet/products/detail', { mfgMpnCode: 'LM358_ti', extra: 1 })).body.code).toBe(40000);
    const en = await post('/chiplet/products/detail', { mfgMpnCode: 'NOPE' }, { cookie: 'locale=en' });
    expect(en.body.msg).toBe('No part with mfgMpnCode NOPE');
  });
});

type Header = {
  cateId: number;
  cateName: string;
  productCount: number;
  path: { cateId: number }[];
  columns: { key: string; name: string; kind: string; unit: string | null; count: number; min?: number; max?: number; values?: { value: string; count: number }[] }[];
  brands: { brandId: number; name: string; count: number }[];
  packages: { value: string; count: number }[];
};

describe('queryHeader', () => {
  it("gives a category's filter columns: names, units, ranges, brands and packages", async () => {
    const { status, body } = await post<Header>('/chiplet/products/queryHeader', { cateId: FIXED_RESISTORS_CATE });
    expect(status).toBe(200);
    const h = body.result;
    expect(h.cateName).toBe('固定电阻');
    expect(h.productCount).toBe(resistorCount);
    expect(h.path.map((p) => p.cateId)).toEqual([10, 550, FIXED_RESISTORS_CATE]);
    const resistance = h.columns.find((c) => c.key === 'resistance')!;
    expect(resistance).toMatchObject({ name: '阻值', kind: 'number', unit: 'Ω', count: resistorCount });
    expect(resistance.min).toBeLessThanOrEqual(4700);
    expect(resistance.max).toBeGreaterThanOrEqual(10_000);
    expect(h.columns.find((c) => c.key === 'tolerance')).toMatchObject({ kind: 'number', unit: '%' });
    expect(h.columns.some((c) => c.key === 'package')).toBe(false); // package has its own filter
    expect(h.brands).toEqual([expect.objectContaining({ name: '国巨', count: resistorCount })]);
    expect(h.packages.map((p) => p.value)).toEqual(expect.arrayContaining(['0402', '0603', '0805', '1206']));
  });

  it("includes the descendants' parameters and counts text values", async () => {
    const { body } = await post<Header>('/chiplet/products/queryHeader', { cateId: 10 }, { cookie: 'locale=en' });
    expect(body.result.cateName).toBe('Passive Components');
    const keys = body.result.columns.map((c) => c.key);
    expect(keys).toEqual(expect.arrayContaining(['resistance', 'capacitance', 'dielectric']));
    const dielectric = body.result.columns.find((c) => c.key === 'dielectric')!;
    expect(dielectric.kind).toBe('text');
    expect(dielectric.name).toBe('Dielectric');
    expect(dielectric.values!.reduce((s, v) => s + v.count, 0)).toBe(dielectric.count);
  });

  it('rejects bad ids with 40000 and unknown categories with 40400', async () => {
    for (const bad of [-1, 0, 'x', 1.5, null]) expect((await post('/chiplet/products/queryHeader', { cateId: bad })).body.code, String(bad)).toBe(40000);
    expect(await post('/chiplet/products/queryHeader', { cateId: 424242 })).toMatchObject({ status: 404, body: { code: 40400 } });
  });
});

describe('tracking (mark/*)', () => {
  type Mark = { mKey: string; mType: string; counters: Record<string, number> };
  it('adds one to the named counters (once per client and day) and returns the new values', async () => {
    let r = await post<Mark>('/chiplet/mark/add', { mKey: 'LM2904_ti', mType: 'COMPONENT', pdfCount: 1 });
    expect(r.status).toBe(200);
    expect(r.body.result.counters).toMatchObject({ pdfCount: 1, edaCount: 0 });
    // The same client again: pdfCount was counted today already, edaCount is new.
    r = await post<Mark>('/chiplet/mark/add', { mKey: 'LM2904_ti', mType: 'COMPONENT', pdfCount: 1, edaCount: 1, likeCount: 0 });
    expect(r.body.result.counters).toMatchObject({ pdfCount: 1, edaCount: 1, likeCount: 0 });
    r = await post<Mark>('/chiplet/mark/add', { mKey: 'LM2904_ti', mType: 'COMPONENT', pdfCount: 1 }, { ip: '10.1.0.2' });
    expect(r.body.result.counters).toMatchObject({ pdfCount: 2, edaCount: 1, likeCount: 0 });
    r = await post<Mark>('/chiplet/mark/componentPlacement', { mKey: 'LM2904_ti', mType: 'COMPONENT' });
    expect(r.body.result.counters.componentPlacementCount).toBe(1);
    r = await post<Mark>('/chiplet/mark/tagClick', { mKey: 'LM2904_ti', mType: 'COMPONENT' });
    expect(r.body.result.counters.tagClickCount).toBe(1);
    r = await post<Mark>('/chiplet/mark/tagClick', { mKey: 'LM2904_ti' }, { ip: '10.1.0.3' }); // mType defaults to COMPONENT
    expect(r.body.result.counters.tagClickCount).toBe(2);
    const { body } = await post<Detail>('/chiplet/products/detail', { mfgMpnCode: 'LM2904_ti' });
    expect(body.result.counters).toMatchObject({ pdfCount: 2, edaCount: 1, componentPlacementCount: 1, tagClickCount: 2, modulePlacementCount: 0 });
  });

  it('validates the payload: one of the four counters set to 1, known keys only, the right type per call', async () => {
    const bad = [
      ['/chiplet/mark/add', { mKey: 'LM2904_ti', mType: 'COMPONENT' }],
      ['/chiplet/mark/add', { mKey: 'LM2904_ti', mType: 'COMPONENT', pdfCount: 2 }],
      ['/chiplet/mark/add', { mKey: 'LM2904_ti', mType: 'COMPONENT', tagClickCount: 1 }],
      ['/chiplet/mark/add', { mKey: 'LM2904_ti', mType: 'PART', pdfCount: 1 }],
      ['/chiplet/mark/add', { mKey: 'bad key!', mType: 'COMPONENT', pdfCount: 1 }],
      ['/chiplet/mark/add', { mType: 'COMPONENT', pdfCount: 1 }],
      ['/chiplet/mark/componentPlacement', { mKey: 'LM2904_ti', mType: 'MODULE' }],
      ['/chiplet/mark/modulePlacement', { mKey: 'LM2904_ti', mType: 'COMPONENT' }],
      ['/chiplet/mark/tagClick', { mKey: '' }],
    ] as const;
    for (const [path, body] of bad) {
      const r = await post(path, body);
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.code).toBe(40000);
    }
    expect((await post('/chiplet/mark/add', undefined, { raw: 'nope' })).body.code).toBe(40000);
  });

  it('gives 40400 for unknown parts and modules and changes nothing', async () => {
    expect(await post('/chiplet/mark/add', { mKey: 'NOPE_x', mType: 'COMPONENT', likeCount: 1 })).toMatchObject({ status: 404, body: { code: 40400 } });
    expect(await post('/chiplet/mark/modulePlacement', { mKey: 'LM358_ti', mType: 'MODULE' })).toMatchObject({ status: 404, body: { code: 40400 } });
    expect(await post('/chiplet/mark/tagClick', { mKey: 'LM358_ti', mType: 'MODULE' })).toMatchObject({ status: 404, body: { code: 40400 } });
    const { body } = await post<Detail>('/chiplet/products/detail', { mfgMpnCode: 'LM358_ti' });
    expect(Object.values(body.result.counters).every((n) => n === 0)).toBe(true);
  });
});

describe('3D model', () => {
  it('names the imported model file when the footprint’s model is in models3d', async () => {
    await database.db.insert(models3d).values({ path: 'Package_SO.3dshapes/SOIC-8_3.9x4.9mm_P1.27mm.wrl', format: 'wrl', byteSize: 12345, source: 'test', licence: 'CC-BY-SA 4.0' });
    const { body } = await post<Detail>('/chiplet/products/detail', { mfgMpnCode: 'LM358_ti' });
    expect(body.result.footprint?.model3d).toEqual({ path: 'Package_SO.3dshapes/SOIC-8_3.9x4.9mm_P1.27mm.wrl', format: 'wrl', byteSize: 12345 });
  });
});

describe('downloads', () => {
  it('serves the KiCad zip by GET (a plain link) and by POST', async () => {
    const get = await app.request('/api/chiplet/products/downloadZip?mfgMpnCode=LM358_ti');
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toBe('application/zip');
    const bytes = new Uint8Array(await get.arrayBuffer());
    expect([...bytes.slice(0, 2)]).toEqual([0x50, 0x4b]); // 'PK'
    const missing = await app.request('/api/chiplet/products/downloadZip?mfgMpnCode=NOPE');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as Env).code).toBe(40400);
    const bad = await app.request('/api/chiplet/products/downloadZip?mfgMpnCode=%3Cx%3E');
    expect(((await bad.json()) as Env).code).toBe(40000);
  });
});

describe('cache', () => {
  it('counts refresh after invalidation', async () => {
    invalidateCatalogCache(database.db);
    const { body } = await post<Node[]>('/chiplet/products/cateTree', { rootId: OPAMP_CATE });
    expect(body.result[0]!.productCount).toBe(2);
  });
});
