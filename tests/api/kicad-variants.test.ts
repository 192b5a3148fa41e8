import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogRecord } from '../../src/lib/catalog/import/catalog-record.ts';
import type { KicadRefs } from '../../src/lib/kicad-host/kicad-ids.ts';
import { invalidateSearchIndex } from '../../src/lib/search/search-index.server.ts';
import { createApp } from '../../src/lib/server/app.ts';
import { products } from '../../src/lib/server/db/schema/index.ts';
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
