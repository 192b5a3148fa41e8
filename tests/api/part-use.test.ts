import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { categoryPathOf, categoryTree } from '../../src/lib/catalog/catalog.server.ts';
import { EcadPageSchema, Top200Schema } from '../../src/lib/designs/designs.schema.ts';
import { partScore, PART_SCORE_WEIGHTS } from '../../src/lib/designs/designs.ts';
import { partRankCard, readPartRanks, refreshPartRanks } from '../../src/lib/designs/part-rank.server.ts';
import { publicDesignCount, publicDesignsOfPart } from '../../src/lib/designs/part-use.server.ts';
import { createApp } from '../../src/lib/server/app.ts';
import { designParts, designs, products, users } from '../../src/lib/server/db/schema/index.ts';
import { createTestDatabase } from '../helpers/test-db.ts';
import { FIXED_RESISTORS_CATE, OPAMP_CATE, seedCatalog } from '../unit/catalog-pages/seed.ts';

// Parts in public designs (POST /api/chiplet/products/queryEcadPage, the product page's count) and
// Top200 (refreshPartRanks, GET /api/chiplet/top200, the productCard data) on PGlite or PostgreSQL.

type Db = Awaited<ReturnType<typeof createTestDatabase>>;
type Env<T = unknown> = { code: number; msg: string; result: T };
let database: Db;
let app: ReturnType<typeof createApp>;
const ids: Record<string, number> = {};
let resistor = '';
let opampRoot = 0;
let resistorRoot = 0;

async function design(ownerId: number, title: string, visibility: 'public' | 'private', likeCount: number, parts: string[]): Promise<string> {
  const [d] = await database.db
    .insert(designs)
    .values({ ownerId, name: title.toLowerCase().replace(/\W+/g, '-'), title, visibility, likeCount, stats: {}, publishedAt: visibility === 'public' ? new Date() : null, coverKey: likeCount > 0 ? 'a'.repeat(64) : null })
    .returning({ id: designs.id });
  if (parts.length) await database.db.insert(designParts).values(parts.map((code) => ({ designId: d!.id, productId: ids[code]!, quantity: 2, matchedText: code.split('_')[0]! })));
  return d!.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalog(database);
  const [r0] = await database.db.select({ code: products.mfgMpnCode }).from(products).where(eq(products.cateId, FIXED_RESISTORS_CATE)).orderBy(products.id).limit(1);
  resistor = r0!.code;
  const rows = await database.db.select({ id: products.id, code: products.mfgMpnCode }).from(products).where(inArray(products.mfgMpnCode, ['LM358_ti', 'LM2904_ti', resistor]));
  for (const r of rows) ids[r.code] = r.id;
  const tree = await categoryTree(database.db);
  opampRoot = categoryPathOf(tree, OPAMP_CATE)[0]!.cateId;
  resistorRoot = categoryPathOf(tree, FIXED_RESISTORS_CATE)[0]!.cateId;
  const [owner] = await database.db.insert(users).values({ username: 'designer' }).returning({ id: users.id });
  // LM358 in three public designs and one private; LM2904 in one public; the resistor only in a private one.
  await design(owner!.id, 'Mic preamp', 'public', 5, ['LM358_ti']);
  await design(owner!.id, 'Active filter', 'public', 9, ['LM358_ti', 'LM2904_ti']);
  await design(owner!.id, 'Battery monitor', 'public', 0, ['LM358_ti']);
  await design(owner!.id, 'Secret board', 'private', 50, ['LM358_ti', resistor]);
  app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
}, 120_000);
afterAll(async () => {
  await database?.close();
});

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, locale = 'zh'): Promise<{ status: number; body: Env<T> }> {
  const headers: Record<string, string> = { cookie: `locale=${locale}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await app.request(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }, { ip: '10.7.0.1' });
  return { status: res.status, body: (await res.json()) as Env<T> };
}

type EcadPage = { list: { mfgMpnCode: string; mpn: string; brandName: string; cateName: string; designCount: number; designs: { id: string; title: string }[] }[]; total: number };

describe(`parts in public designs (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('counts public designs only, and lists them most liked first', async () => {
    expect(await publicDesignCount(database.db, ids.LM358_ti!)).toBe(3);
    expect(await publicDesignCount(database.db, ids.LM2904_ti!)).toBe(1);
    expect(await publicDesignCount(database.db, ids[resistor]!)).toBe(0);
    const list = await publicDesignsOfPart(database.db, ids.LM358_ti!, 6);
    expect(list.map((d) => d.title)).toEqual(['Active filter', 'Mic preamp', 'Battery monitor']);
    expect(list[0]!.coverUrl).toMatch(new RegExp(`^/api/design/cover\\?id=${list[0]!.id}(&|$)`));
    expect(list[2]!.coverUrl).toBeNull();
    expect((await publicDesignsOfPart(database.db, ids.LM358_ti!, 1)).length).toBe(1);
  });

  it('queryEcadPage: parts of public designs by use, with their designs; private designs count for nothing', async () => {
    const { status, body } = await call<EcadPage>('POST', '/chiplet/products/queryEcadPage', {});
    expect(status).toBe(200);
    expect(EcadPageSchema.safeParse(body.result).success).toBe(true);
    expect(body.result.total).toBe(2);
    expect(body.result.list.map((p) => [p.mfgMpnCode, p.designCount])).toEqual([
      ['LM358_ti', 3],
      ['LM2904_ti', 1],
    ]);
    expect(body.result.list[0]!.designs.map((d) => d.title)).toEqual(['Active filter', 'Mic preamp', 'Battery monitor']);
    expect(body.result.list[0]!.brandName).not.toBe('');
    expect(body.result.list[0]!.cateName).not.toBe('');
  });

  it('filters by part-number prefix (any case, punctuation ignored) and by category at any level; sorts by part number', async () => {
    const byPrefix = await call<EcadPage>('POST', '/chiplet/products/queryEcadPage', { keyword: 'lm-29' });
    expect(byPrefix.body.result.list.map((p) => p.mfgMpnCode)).toEqual(['LM2904_ti']);
    expect((await call<EcadPage>('POST', '/chiplet/products/queryEcadPage', { keyword: 'M358' })).body.result.total).toBe(0);
    expect((await call<EcadPage>('POST', '/chiplet/products/queryEcadPage', { keyword: '---' })).body.result.total).toBe(0);
    expect((await call<EcadPage>('POST', '/chiplet/products/queryEcadPage', { cateId: OPAMP_CATE })).body.result.total).toBe(2);
    expect((await call<EcadPage>('POST', '/chiplet/products/queryEcadPage', { cateId: opampRoot })).body.result.total).toBe(2);
    expect((await call<EcadPage>('POST', '/chiplet/products/queryEcadPage', { cateId: FIXED_RESISTORS_CATE })).body.result.total).toBe(0);
    const byMpn = await call<EcadPage>('POST', '/chiplet/products/queryEcadPage', { sort: 'mpn' });
    expect(byMpn.body.result.list.map((p) => p.mpn)).toEqual(['LM2904', 'LM358']);
    const page2 = await call<EcadPage>('POST', '/chiplet/products/queryEcadPage', { pageSize: 1, pageNum: 2 });
    expect(page2.body.result).toMatchObject({ total: 2, list: [{ mfgMpnCode: 'LM2904_ti' }] });
    const past = await call<EcadPage>('POST', '/chiplet/products/queryEcadPage', { pageSize: 1, pageNum: 5 });
    expect(past.body.result).toEqual({ total: 2, list: [] });
  });

  it('rejects bad bodies with 40000', async () => {
    for (const bad of [{ pageSize: 101 }, { sort: 'likes' }, { cateId: -1 }, { keyword: 'x'.repeat(101) }, { extra: 1 }]) {
      const r = await call('POST', '/chiplet/products/queryEcadPage', bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.code).toBe(40000);
    }
  });
});

type Top200 = { scope: string; computedAt: string | null; list: { rank: number; prevRank: number | null; trend: string; score: number; counts: Record<string, number>; product: { mfgMpnCode: string } }[] };

describe('Top200', () => {
  it('is empty before the first refresh', async () => {
    const r = await call<Top200>('GET', '/chiplet/top200');
    expect(r.body.result).toEqual({ scope: 'all', computedAt: null, list: [] });
    expect((await call<Top200>('GET', '/chiplet/top200?scope=')).body.result.scope).toBe('all');
  });

  it('ranks by partScore, per scope, with the trend since the refresh before', async () => {
    await database.db.update(products).set({ pdfCount: 4 }).where(eq(products.id, ids.LM2904_ti!));
    const first = new Date('2026-03-01T10:00:00Z');
    const counts = await refreshPartRanks(database.db, first);
    expect(counts.all).toBe(2);
    let r = await call<Top200>('GET', '/chiplet/top200?scope=all');
    expect(Top200Schema.safeParse(r.body.result).success).toBe(true);
    expect(r.body.result.computedAt).toBe(first.toISOString());
    expect(r.body.result.list.map((e) => [e.product.mfgMpnCode, e.rank, e.trend])).toEqual([
      ['LM358_ti', 1, 'new'],
      ['LM2904_ti', 2, 'new'],
    ]);
    expect(r.body.result.list[0]!.score).toBe(3 * PART_SCORE_WEIGHTS.designs);
    expect(r.body.result.list[1]!.counts).toMatchObject({ designs: 1, pdfCount: 4 });
    expect(r.body.result.list[1]!.score).toBe(partScore({ designs: 1, pdfCount: 4, componentPlacementCount: 0, modulePlacementCount: 0, edaCount: 0, likeCount: 0, moduleCount: 0, tagClickCount: 0 }));

    // LM2904 is downloaded a lot, the resistor gets tag clicks (it is in no public design).
    await database.db.update(products).set({ edaCount: 10 }).where(eq(products.id, ids.LM2904_ti!));
    await database.db.update(products).set({ tagClickCount: 2 }).where(eq(products.id, ids[resistor]!));
    const second = new Date('2026-03-01T11:00:00Z');
    await refreshPartRanks(database.db, second);
    r = await call<Top200>('GET', '/chiplet/top200');
    expect(r.body.result.computedAt).toBe(second.toISOString());
    expect(r.body.result.list.map((e) => [e.product.mfgMpnCode, e.rank, e.prevRank, e.trend])).toEqual([
      ['LM2904_ti', 1, 2, 'up'],
      ['LM358_ti', 2, 1, 'down'],
      [resistor, 3, null, 'new'],
    ]);
    // Per top-level category: the op-amps' and the resistors' own lists.
    const opamps = await call<Top200>('GET', `/chiplet/top200?scope=${opampRoot}`);
    expect(opamps.body.result.list.map((e) => [e.product.mfgMpnCode, e.rank, e.trend])).toEqual([
      ['LM2904_ti', 1, 'up'],
      ['LM358_ti', 2, 'down'],
    ]);
    const resistors = await call<Top200>('GET', `/chiplet/top200?scope=${resistorRoot}`);
    expect(resistors.body.result.list.map((e) => [e.product.mfgMpnCode, e.rank, e.trend])).toEqual([[resistor, 1, 'new']]);

    // A third refresh with nothing changed: every trend is 'same'.
    await refreshPartRanks(database.db, new Date('2026-03-01T12:00:00Z'));
    const same = await readPartRanks(database.db, 'all', 'en');
    expect(same.list.map((e) => e.trend)).toEqual(['same', 'same', 'same']);
  });

  it('checks the scope: 40000 for a malformed one, 40400 for a category that is not top-level', async () => {
    expect((await call('GET', '/chiplet/top200?scope=abc')).body.code).toBe(40000);
    expect((await call('GET', '/chiplet/top200?scope=0')).body.code).toBe(40000);
    const notTop = await call('GET', `/chiplet/top200?scope=${OPAMP_CATE}`, undefined, 'en');
    expect(notTop).toMatchObject({ status: 404, body: { code: 40400 } });
    expect(notTop.body.msg).toContain(String(OPAMP_CATE));
  });

  it('productCard data: ranks overall and in the category, the counts now, the trend', async () => {
    const card = await partRankCard(database.db, 'LM2904_ti', 'en');
    expect(card).not.toBeNull();
    expect(card!.all).toMatchObject({ rank: 1, trend: 'same' });
    expect(card!.inCategory).toMatchObject({ rank: 1 });
    expect(card!.rootScope?.scope).toBe(String(opampRoot));
    expect(card!.counts).toMatchObject({ designs: 1, edaCount: 10, pdfCount: 4 });
    const [other] = await database.db.select({ code: products.mfgMpnCode }).from(products).where(eq(products.cateId, FIXED_RESISTORS_CATE)).orderBy(products.id).offset(1).limit(1);
    const unranked = await partRankCard(database.db, other!.code, 'zh');
    expect(unranked).toMatchObject({ all: null, inCategory: null, counts: { designs: 0, pdfCount: 0 } });
    expect(await partRankCard(database.db, 'NOPE_x', 'zh')).toBeNull();
  });
});
