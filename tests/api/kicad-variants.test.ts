import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogRecord } from '../../src/lib/catalog/import/catalog-record.ts';
import type { KicadRefs } from '../../src/lib/kicad-host/kicad-ids.ts';
import { invalidateSearchIndex } from '../../src/lib/search/search-index.server.ts';
import { createModuleApp } from '../../src/lib/modules/modules.routes.ts';
import { createApp } from '../../src/lib/server/app.ts';
import { moduleCategories, modules, products } from '../../src/lib/server/db/schema/index.ts';
import { createTestDatabase } from '../helpers/test-db.ts';
import { loadRealParts } from '../helpers/library-parts.ts';
import { makeUser } from '../helpers/test-user.ts';

// The kicad variants (issue #17, ADR 0015 §3) on PGlite, or on PostgreSQL with TEST_DATABASE_URL:
// each variant answers what its plain route answers for the same request, plus `kicad` refs per
// part and own component; products/kicad/queryPage's haveEdaModel keeps parts with both a symbol
// and a footprint; bad input is the envelope's 40000. Parts are real records of the committed demo
// catalogue; one of them loses its footprint here to have a part without an EDA model.

const label = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const MPNS = ['NE555D', 'LM358', 'TL072', 'STM32F103C8Tx', 'AMS1117-3.3'];
/** The part whose footprint link is removed (a part without a full EDA model). */
const NO_FOOTPRINT = 'TL072';

type Env<T> = { code: number; msg: string; result: T };
type User = { id: number; token: string };
type WithRefs = { mfgMpnCode: string; kicad?: KicadRefs };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: ReturnType<typeof createApp>;
let alice: User;
let bob: User;
/** Alice's own component: a real KiCad symbol, footprint and 3D model uploaded. */
let compId: number;
let symbolName: string;
let moduleApp: ReturnType<typeof createModuleApp>;
let moduleId: number;
const FIXTURES = join(import.meta.dirname, '../fixtures/library/components');
const SYM = 'OPA333xxD.kicad_sym';
const SOIC = 'SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod';
const WRL = 'SOIC-8_3.9x4.9mm_P1.27mm.wrl';
let parts: CatalogRecord[];

async function call<T>(path: string, user: User | null, body?: unknown, locale?: 'zh' | 'en', base = '/api/chiplet'): Promise<{ status: number; body: Env<T> }> {
  const headers: Record<string, string> = {};
  if (user) headers['x-token'] = user.token;
  if (locale) headers['cookie'] = `locale=${locale}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await app.request(`${base}${path}`, { method: body === undefined ? 'GET' : 'POST', headers, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }) });
  return { status: res.status, body: (await res.json()) as Env<T> };
}
async function ok<T>(path: string, user: User | null, body?: unknown): Promise<T> {
  const r = await call<T>(path, user, body);
  expect(r.body.code, `${path}: ${r.body.msg}`).toBe(200000);
  return r.body.result;
}
const code = (mpn: string): string => parts.find((p) => p.mpn === mpn)!.mfgMpnCode!;

/** The answer with every `kicad` field removed: what the plain route must have answered. */
function withoutRefs<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'kicad' ? undefined : v))) as T;
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
  parts = await loadRealParts(database, MPNS);
  await database.db.update(products).set({ footprintId: null, updatedAt: sql`now()` }).where(eq(products.mfgMpnCode, code(NO_FOOTPRINT)));
  invalidateSearchIndex(database.db);
  alice = await makeUser(database.db, 'kicad-alice');
  bob = await makeUser(database.db, 'kicad-bob');
  const fd = new FormData();
  for (const name of [SYM, SOIC, WRL]) fd.append('file', new Blob([readFileSync(join(FIXTURES, name)) as Uint8Array<ArrayBuffer>]), name);
  const up = await app.request('/api/chiplet/u/asset/upload/list', { method: 'POST', headers: { 'x-token': alice.token }, body: fd });
  const uploaded = ((await up.json()) as Env<{ list: { ok: boolean; id: number }[] }>).result.list.map((a) => a.id);
  const saved = await ok<{ id: number; symbolName: string }>('/u/comp/save', alice, {
    mpn: 'OPA333AIDR',
    brand: 'Texas Instruments',
    description: 'Zero-drift CMOS op amp, SOIC-8',
    symbolAssetId: uploaded[0],
    footprintAssetId: uploaded[1],
    modelAssetId: uploaded[2],
  });
  compId = saved.id;
  symbolName = saved.symbolName;
  moduleApp = createModuleApp({ db: database.db, logger: pino({ level: 'silent' }) });
  const [cat] = await database.db.insert(moduleCategories).values({ name: '测试模块分类', nameEn: 'Test module category' }).returning();
  const [mod] = await database.db
    .insert(modules)
    .values({ categoryId: cat!.id, name: '测试模块', nameEn: 'Test module', mfgMpnCode: code('NE555D'), source: 'test', licence: 'test' })
    .returning({ id: modules.id });
  moduleId = mod!.id;
}, 120_000);

afterAll(async () => {
  await database?.close();
});

type Page = { list: (WithRefs & { mpn: string })[]; total: number; facets: unknown };

describe(`kicad variants: catalogue (${label})`, () => {
  it('products/kicad/queryPage answers what queryPage does, plus KiCad refs per part', async () => {
    const body = { keyword: 'LM358', pageNum: 1, pageSize: 10 };
    const plain = await ok<Page>('/products/queryPage', null, body);
    const variant = await ok<Page>('/products/kicad/queryPage', null, body);
    expect(plain.list.length).toBeGreaterThan(0);
    expect(withoutRefs(variant)).toEqual(plain);
    const lm358 = variant.list.find((p) => p.mpn === 'LM358')!;
    const record = parts.find((p) => p.mpn === 'LM358')!;
    expect(lm358.kicad).toEqual({
      symbolLibId: `${record.symbol!.library}:${record.symbol!.name}`,
      footprintLibId: `${record.footprint!.library}:${record.footprint!.name}`,
      symbolUrl: `http://localhost/api/chiplet/products/symbol.svg?mfgMpnCode=${encodeURIComponent(lm358.mfgMpnCode)}`,
      footprintUrl: `http://localhost/api/chiplet/products/footprint.svg?mfgMpnCode=${encodeURIComponent(lm358.mfgMpnCode)}`,
      model3dUrl: expect.stringMatching(/^http:\/\/localhost\/api\/chiplet\/products\/model3d\?mfgMpnCode=|^$/) as unknown as string,
      placementUrl: 'http://localhost/api/chiplet/kicad/placement',
    });
    // The URLs work: the symbol preview is served.
    const svg = await app.request(lm358.kicad!.symbolUrl!.replace('http://localhost', ''));
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('haveEdaModel keeps only parts with both a symbol and a footprint; totals follow', async () => {
    const body = { pageNum: 1, pageSize: 50 };
    const all = await ok<Page>('/products/kicad/queryPage', null, body);
    const eda = await ok<Page>('/products/kicad/queryPage', null, { ...body, haveEdaModel: true });
    const off = await ok<Page>('/products/kicad/queryPage', null, { ...body, haveEdaModel: false });
    const mpnsOf = (page: Page) => page.list.map((p) => p.mpn).sort();
    expect(mpnsOf(all)).toContain(NO_FOOTPRINT);
    expect(mpnsOf(eda)).not.toContain(NO_FOOTPRINT);
    expect(mpnsOf(eda)).toEqual(mpnsOf(all).filter((m) => m !== NO_FOOTPRINT));
    expect(eda.total).toBe(all.total - 1);
    expect(mpnsOf(off)).toEqual(mpnsOf(all));
    for (const part of eda.list) {
      expect(part.kicad!.symbolLibId).toMatch(/^[^:]+:.+$/);
      expect(part.kicad!.footprintLibId).toMatch(/^[^:]+:.+$/);
    }
    const tl072 = all.list.find((p) => p.mpn === NO_FOOTPRINT)!;
    expect(tl072.kicad!.footprintLibId).toBeNull();
    expect(tl072.kicad!.footprintUrl).toBeNull();
    // With a keyword (the SQL path) the filter holds as well.
    const byWord = await ok<Page>('/products/kicad/queryPage', null, { keyword: 'TL072', pageNum: 1, pageSize: 10, haveEdaModel: true });
    expect(byWord.list.map((p) => p.mpn)).not.toContain(NO_FOOTPRINT);
  });

  it('queryPage variant refuses unknown fields and wrong types with 40000 naming the field, in zh and en', async () => {
    const wrong = await call('/products/kicad/queryPage', null, { pageNum: 1, haveEdaModel: 'yes' }, 'zh');
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe(40000);
    expect(wrong.body.msg).toContain('haveEdaModel');
    expect(wrong.body.msg).toContain('必须是 true 或 false');
    const wrongEn = await call('/products/kicad/queryPage', null, { pageNum: 1, haveEdaModel: 1 }, 'en');
    expect(wrongEn.body.msg).toContain('must be true or false');
    const unknown = await call('/products/kicad/queryPage', null, { pageNum: 1, colour: 'red' }, 'en');
    expect(unknown.body.code).toBe(40000);
    const size = await call('/products/kicad/queryPage', null, { pageSize: 500 }, 'en');
    expect(size.body.code).toBe(40000);
    expect(size.body.msg).toContain('pageSize');
  });

  it('products/kicad/cateTree is the same tree as cateTree, with the same validation', async () => {
    expect(await ok('/products/kicad/cateTree', null, { depth: 2 })).toEqual(await ok('/products/cateTree', null, { depth: 2 }));
    const bad = await call('/products/kicad/cateTree', null, { depth: 9 });
    expect(bad.body.code).toBe(40000);
  });
});

describe(`kicad variants: the personal library (${label})`, () => {
  it('u/kicad/comp and u/kicad/comp/one answer as u/comp does, each component with its KiCad refs', async () => {
    const body = { pageNum: 1, pageSize: 20 };
    const plain = await ok<{ list: { id: number }[] }>('/u/comp', alice, body);
    const variant = await ok<{ list: { id: number; kicad?: KicadRefs }[] }>('/u/kicad/comp', alice, body);
    expect(plain.list.map((c) => c.id)).toEqual([compId]);
    expect(withoutRefs(variant)).toEqual(plain);
    const refs = variant.list[0]!.kicad!;
    expect(refs).toEqual({
      symbolLibId: `OPA333AIDR:${symbolName}`,
      footprintLibId: 'OPA333AIDR:SOIC-8_3.9x4.9mm_P1.27mm',
      symbolUrl: `http://localhost/api/chiplet/u/comp/symbolSvg?userCompId=${compId}`,
      footprintUrl: `http://localhost/api/chiplet/u/comp/footprintSvg?userCompId=${compId}`,
      model3dUrl: `http://localhost/api/chiplet/u/comp/model3d?userCompId=${compId}`,
      placementUrl: 'http://localhost/api/chiplet/kicad/placement',
    });
    const footprint = await app.request(refs.footprintUrl!.replace('http://localhost', ''), { headers: { 'x-token': alice.token } });
    expect(footprint.status).toBe(200);
    const onePlain = await ok(`/u/comp/one?userCompId=${compId}`, alice);
    const oneVariant = await ok<{ kicad?: KicadRefs }>(`/u/kicad/comp/one?userCompId=${compId}`, alice);
    expect(withoutRefs(oneVariant)).toEqual(onePlain);
    expect(oneVariant.kicad).toEqual(refs);
  });

  it('the library variants need login, keep ownership and validate as their plain routes do', async () => {
    for (const path of ['/u/kicad/comp', '/u/kicad/cate', '/u/kicad/fragment', '/u/kicad/base/get', '/u/kicad/collect/comp']) {
      const r = await call(path, null, {});
      expect(r.status, path).toBe(401);
      expect(r.body.code, path).toBe(40001);
    }
    const theirs = await call(`/u/kicad/comp/one?userCompId=${compId}`, bob);
    const plainTheirs = await call(`/u/comp/one?userCompId=${compId}`, bob);
    expect(theirs.body.code).toBe(40400);
    expect(theirs.body).toEqual(plainTheirs.body);
    const unknown = await call('/u/kicad/comp/save', alice, { mpn: 'X1', colour: 'red' }, 'en');
    const plainUnknown = await call('/u/comp/save', alice, { mpn: 'X1', colour: 'red' }, 'en');
    expect(unknown.body.code).toBe(40000);
    expect(unknown.body).toEqual(plainUnknown.body);
    const wrongType = await call('/u/kicad/comp', alice, { pageNum: 'one' }, 'zh');
    expect(wrongType.body.code).toBe(40000);
    expect(wrongType.body).toEqual((await call('/u/comp', alice, { pageNum: 'one' }, 'zh')).body);
  });

  it('u/kicad/cate, u/kicad/fragment and u/kicad/base/get answer as their plain routes', async () => {
    const saved = await ok<{ id: number }>('/u/kicad/cate/save', alice, { name: 'KiCad 分类' });
    expect(saved.id).toBeGreaterThan(0);
    expect(await ok('/u/kicad/cate', alice, {})).toEqual(await ok('/u/cate', alice, {}));
    const fragments = { pageNum: 1, pageSize: 10 };
    expect(await ok('/u/kicad/fragment', alice, fragments)).toEqual(await ok('/u/fragment', alice, fragments));
    expect(await ok('/u/kicad/base/get', alice, {})).toEqual(await ok('/u/base/get', alice, {}));
  });

  it('u/kicad/collect adds KiCad refs to each collected part', async () => {
    await ok('/u/kicad/collect/save', alice, { mfgMpnCode: code('LM358') });
    const body = { pageNum: 1, pageSize: 10 };
    const plain = await ok<{ list: { product: WithRefs | null }[] }>('/u/collect/comp', alice, body);
    const variant = await ok<{ list: { product: (WithRefs & { symbol: string; footprint: string }) | null }[] }>('/u/kicad/collect/comp', alice, body);
    expect(withoutRefs(variant)).toEqual(plain);
    const product = variant.list[0]!.product!;
    expect(product.kicad!.symbolLibId).toBe(product.symbol);
    expect(product.kicad!.footprintLibId).toBe(product.footprint);
  });

  it('file/operation/kicad/persistence/file stores and serves like the plain path', async () => {
    const fd = new FormData();
    fd.append('file', new Blob([new TextEncoder().encode('(kicad_sch (version 20231120) (generator "eeschema"))')]), 'sheet.kicad_sch');
    const res = await app.request('/api/file/operation/kicad/persistence/file', { method: 'POST', headers: { 'x-token': alice.token }, body: fd });
    const stored = (await res.json()) as Env<{ id: string; url: string }>;
    expect(stored.code, stored.msg).toBe(200000);
    const plain = await app.request(`/api/file/operation/persistence/file?id=${stored.result.id}`, { headers: { 'x-token': alice.token } });
    const variant = await app.request(`/api/file/operation/kicad/persistence/file?id=${stored.result.id}`, { headers: { 'x-token': alice.token } });
    expect(variant.status).toBe(200);
    expect(await variant.text()).toBe(await plain.text());
    expect((await app.request(`/api/file/operation/kicad/persistence/file?id=${stored.result.id}`)).status).toBe(401);
  });
});

describe(`kicad variants: /api_module (${label})`, () => {
  const get = async <T>(path: string): Promise<Env<T>> => (await (await moduleApp.request(`/api_module${path}`)).json()) as Env<T>;

  it('kicad/moduleCategory/list and kicad/module/* answer as the plain calls, modules with their part’s KiCad refs', async () => {
    expect(await get('/kicad/moduleCategory/list')).toEqual(await get('/moduleCategory/list'));
    for (const path of [`/module/detail?id=${moduleId}`, '/module/pageByNameLike?name=%E6%B5%8B%E8%AF%95', '/module/allByNameLike?name=Test']) {
      const plain = await get(path);
      const variant = await get(`/kicad${path}`);
      expect(plain.code, path).toBe(200000);
      expect(withoutRefs(variant), path).toEqual(plain);
    }
    const detail = await get<WithRefs>(`/kicad/module/detail?id=${moduleId}`);
    const record = parts.find((p) => p.mpn === 'NE555D')!;
    expect(detail.result.kicad!.symbolLibId).toBe(`${record.symbol!.library}:${record.symbol!.name}`);
    const bad = await get('/kicad/module/detail?id=abc');
    expect(bad.code).toBe(40000);
    expect(bad).toEqual(await get('/module/detail?id=abc'));
  });
});

describe('kicad variants in the OpenAPI documents', () => {
  it('lists every variant with the KiCad summary and a description of what differs', async () => {
    const doc = (await (await app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, { summary?: string; description?: string }>> };
    const variants = Object.entries(doc.paths).filter(([path]) => /\/kicad\//.test(path));
    const paths = variants.map(([path]) => path);
    for (const path of ['/api/chiplet/u/kicad/cate', '/api/chiplet/u/kicad/comp', '/api/chiplet/u/kicad/comp/one', '/api/chiplet/u/kicad/fragment', '/api/chiplet/u/kicad/collect', '/api/chiplet/u/kicad/base/get', '/api/file/operation/kicad/persistence/file', '/api/chiplet/products/kicad/queryPage', '/api/chiplet/products/kicad/cateTree']) {
      expect(paths, path).toContain(path);
    }
    for (const [path, ops] of variants) {
      if (!/\/(u|products|operation)\/kicad\//.test(path)) continue;
      for (const op of Object.values(ops)) {
        expect(op.summary, path).toContain('(KiCad ≥ 9.0.5 path)');
        expect(op.description, path).toBeTruthy();
      }
    }
    const docs = await app.request('/api/docs');
    expect(docs.status).toBe(200);
    const moduleDoc = (await (await moduleApp.request('/api_module/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(moduleDoc.paths)).toContain('/api_module/kicad/moduleCategory/list');
    expect(Object.keys(moduleDoc.paths)).toContain('/api_module/kicad/module/detail');
  });
});
