import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeMpn } from '../../src/lib/catalog/mpn.ts';
import type { Deleted, ItemList, OpenResult, RelateResult, Saved, Shared, Tree } from '../../src/lib/library/categories.schema.ts';
import { LIBRARY_LIMITS } from '../../src/lib/library/library.ts';
import { createApp } from '../../src/lib/server/app.ts';
import { brands, designBlocks, products, userCategories, userCategoryLinks, userComponents } from '../../src/lib/server/db/schema/index.ts';
import { createTestDatabase } from '../helpers/test-db.ts';
import { makeUser } from '../helpers/test-user.ts';

// Own categories (issue #16 item 2; SPEC §7 u/cate*, u/relate/*) on PGlite, or on PostgreSQL with
// TEST_DATABASE_URL: the tree (three levels, no cycles, unique sibling names), delete keeps the
// parts and own components, sharing is read-only by token and dies with unshare, another user's
// category / link / component is 40400 exactly like a missing one (guessed ids too), limits and
// bad names get a clear message in the caller's language.

const label = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

type Env<T> = { code: number; msg: string; result: T };
type Db = Awaited<ReturnType<typeof createTestDatabase>>;
let database: Db;
let app: ReturnType<typeof createApp>;
let alice: { id: number; token: string };
let bob: { id: number; token: string };
const productIds: number[] = [];
let aliceComp: number;
let bobComp: number;

async function call<T>(method: string, path: string, token: string | null, body?: unknown, locale?: 'zh' | 'en'): Promise<{ status: number; body: Env<T> }> {
  const headers: Record<string, string> = {};
  if (token) headers['x-token'] = token;
  if (locale) headers.cookie = `locale=${locale}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await app.request(`/api${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return { status: res.status, body: (await res.json()) as Env<T> };
}
const post = <T>(path: string, token: string | null, body?: unknown, locale?: 'zh' | 'en') => call<T>('POST', `/chiplet/u/${path}`, token, body, locale);
const save = (token: string, body: Record<string, unknown>, locale?: 'zh' | 'en') => post<Saved>('cate/save', token, body, locale);
async function made(token: string, body: Record<string, unknown>): Promise<Saved> {
  const r = await save(token, body);
  expect(r.body.code, r.body.msg).toBe(200000);
  return r.body.result;
}
const tree = async (token: string, scope?: 'part' | 'block') => (await post<Tree>('cate', token, scope ? { scope } : undefined)).body.result;

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
  const db = database.db;
  // Test rows standing for catalogue parts (named as such, not presented as real catalogue data).
  const [brand] = await db.insert(brands).values({ key: 'test-brand', nameZh: '测试品牌', nameEn: 'Test brand' }).returning();
  const rows = await db
    .insert(products)
    .values(
      ['LM358DR', 'NE555P', 'TLV9062IDR'].map((mpn) => ({
        mfgMpnCode: `${mpn}-test`,
        mpn,
        mpnNormalized: normalizeMpn(mpn),
        brandId: brand!.id,
        descriptionZh: `测试件 ${mpn}`,
        descriptionEn: `Test part ${mpn}`,
        package: 'SOIC-8',
        source: 'test fixture',
        licence: 'CC0-1.0',
      })),
    )
    .returning({ id: products.id });
  productIds.push(...rows.map((r) => r.id));
  alice = await makeUser(db, 'cate-alice');
  bob = await makeUser(db, 'cate-bob');
  const [a] = await db.insert(userComponents).values({ ownerId: alice.id, mpn: 'ALICE-OWN-1', brand: 'Own', description: 'Alice’s own op amp', quality: 'warnings' }).returning();
  const [b] = await db.insert(userComponents).values({ ownerId: bob.id, mpn: 'BOB-OWN-1', brand: 'Own' }).returning();
  aliceComp = a!.id;
  bobComp = b!.id;
}, 60_000);

afterAll(async () => {
  await database?.close();
});

describe(`own categories API (${label})`, () => {
  it('needs a login for every call but the shared read', async () => {
    for (const path of ['cate', 'cate/save', 'cate/del', 'cate/open', 'relate/cate', 'relate/c', 'relate/cate/del']) {
      const r = await post(path, null, {});
      expect(r.status, path).toBe(401);
      expect(r.body.code, path).toBe(40001);
    }
  });

  it('builds a three-level tree with counts, refuses a fourth level, cycles and duplicate sibling names', async () => {
    const top = await made(alice.token, { name: '  运放  ' });
    expect(top).toMatchObject({ name: '运放', level: 1, parentId: null, scope: 'part' });
    const mid = await made(alice.token, { name: '双运放', parentId: top.id });
    const leaf = await made(alice.token, { name: 'SOIC-8', parentId: mid.id });
    expect(leaf.level).toBe(3);

    const fourth = await save(alice.token, { name: '太深', parentId: leaf.id });
    expect(fourth.body.code).toBe(40000);
    expect(fourth.body.msg).toContain('3');
    const fourthEn = await save(alice.token, { name: 'too deep', parentId: leaf.id }, 'en');
    expect(fourthEn.body.msg).toMatch(/at most 3 levels/);

    // Moving a node under its own descendant (or itself) is refused; so is a move that makes four levels.
    expect((await save(alice.token, { id: top.id, name: '运放', parentId: leaf.id })).body.msg).toMatch(/子分类/);
    expect((await save(alice.token, { id: top.id, name: '运放', parentId: top.id }, 'en')).body.msg).toMatch(/under itself/);
    const other = await made(alice.token, { name: '比较器' });
    expect((await save(alice.token, { id: mid.id, name: '双运放', parentId: other.id })).body.code).toBe(200000);
    const sub = await made(alice.token, { name: '另一个', parentId: other.id });
    expect((await save(alice.token, { id: other.id, name: '比较器', parentId: sub.id })).body.code).toBe(40000);
    // To the top level and back: the levels below follow each move.
    expect((await save(alice.token, { id: mid.id, name: '双运放', parentId: null })).body.result.level).toBe(1);
    expect((await tree(alice.token)).list.find((n) => n.id === mid.id)!.children[0]).toMatchObject({ id: leaf.id, level: 2 });
    expect((await save(alice.token, { id: mid.id, name: '双运放', parentId: top.id })).body.code).toBe(200000);
    const [leafRow] = await database.db.select().from(userCategories).where(eq(userCategories.id, leaf.id));
    expect(leafRow!.level).toBe(3);
    // A scope that does not exist, or a switch of tree, is refused.
    expect((await post('cate', alice.token, { scope: 'x' })).body.code).toBe(40000);
    expect((await save(alice.token, { id: mid.id, name: '双运放', scope: 'block' })).body.code).toBe(40000);

    const dup = await save(alice.token, { name: '双运放', parentId: top.id }, 'en');
    expect(dup.body.code).toBe(40000);
    expect(dup.body.msg).toMatch(/already a category named/);
    // The same name elsewhere is fine.
    await made(alice.token, { name: '双运放', parentId: other.id });

    await post<RelateResult>('relate/cate', alice.token, { categoryId: leaf.id, productIds: [productIds[0]], componentIds: [aliceComp] });
    await post<RelateResult>('relate/cate', alice.token, { categoryId: top.id, mfgMpnCodes: ['NE555P-test'] });
    const t = await tree(alice.token);
    const opamp = t.list.find((n) => n.name === '运放')!;
    expect(opamp.counts).toEqual({ parts: 1, components: 0, blocks: 0, totalParts: 2, totalComponents: 1, totalBlocks: 0 });
    expect(opamp.children[0]!.children[0]).toMatchObject({ name: 'SOIC-8', level: 3, counts: { parts: 1, components: 1, totalParts: 1, totalComponents: 1 } });
    expect(t.total).toBe(t.list.reduce(function n(s: number, x: Tree['list'][number]): number {
      return s + 1 + x.children.reduce(n, 0);
    }, 0));
    // The block tree is separate.
    expect((await tree(alice.token, 'block')).list).toEqual([]);
  });

  it('refuses bad names with a clear message and keeps what was saved', async () => {
    const cat = await made(alice.token, { name: '名字测试' });
    const cases: [unknown, RegExp][] = [
      ['x'.repeat(10_000), /50|字符/],
      ['x'.repeat(51), /50/],
      ['<b>粗</b>', /纯文本/],
      ['<script>alert(1)</script>', /纯文本/],
      ['a\nb', /控制/],
      ['\u202eevil', /控制/],
      ['   ', /不能为空/],
      [42, /name/],
    ];
    for (const [name, msg] of cases) {
      const r = await save(alice.token, { id: cat.id, name });
      expect(r.body.code, String(name).slice(0, 20)).toBe(40000);
      expect(r.body.msg, String(name).slice(0, 20)).toMatch(msg);
    }
    expect((await save(alice.token, { name: '<i>x</i>' }, 'en')).body.msg).toMatch(/plain text/);
    // Plain names with brackets or ampersands are fine; 50 characters exactly is fine.
    expect((await save(alice.token, { id: cat.id, name: 'R < 10k & C > 1µF' })).body.code).toBe(200000);
    expect((await save(alice.token, { id: cat.id, name: '电'.repeat(50) })).body.code).toBe(200000);
    const [row] = await database.db.select().from(userCategories).where(eq(userCategories.id, cat.id));
    expect(row!.name).toBe('电'.repeat(50));
    // Unknown keys are refused too.
    expect((await save(alice.token, { name: 'ok', ownerId: bob.id })).body.code).toBe(40000);
  });

  it('deleting a category removes its subtree and links, never the parts or own components', async () => {
    const root = await made(alice.token, { name: '待删除' });
    const child = await made(alice.token, { name: '子', parentId: root.id });
    const block = await made(alice.token, { name: '模块分类', scope: 'block' });
    await post('relate/cate', alice.token, { categoryId: root.id, productIds: [productIds[1]] });
    await post('relate/cate', alice.token, { categoryId: child.id, productIds: [productIds[2]], componentIds: [aliceComp] });
    const [blk] = await database.db
      .insert(designBlocks)
      .values({ ownerId: alice.id, name: 'blk', categoryId: block.id, schKey: 'k', schSize: 1 })
      .returning();
    // The block tree counts its blocks.
    expect((await tree(alice.token, 'block')).list.find((n) => n.id === block.id)!.counts).toMatchObject({ blocks: 1, totalBlocks: 1 });
    const del = await post<Deleted>('cate/del', alice.token, { id: root.id });
    expect(del.body.result).toEqual({ categories: 2, unlinkedParts: 2, unlinkedComponents: 1 });
    const [{ n: parts } = { n: 0 }] = await database.db.select({ n: count() }).from(products);
    expect(Number(parts)).toBe(3);
    const [comp] = await database.db.select().from(userComponents).where(eq(userComponents.id, aliceComp));
    expect(comp).toBeDefined();
    expect(await database.db.select().from(userCategories).where(eq(userCategories.id, child.id))).toEqual([]);
    // A block category's deletion leaves its blocks, uncategorised.
    await post('cate/del', alice.token, { id: block.id });
    const [after] = await database.db.select().from(designBlocks).where(eq(designBlocks.id, blk!.id));
    expect(after!.categoryId).toBeNull();
    await database.db.delete(designBlocks).where(eq(designBlocks.id, blk!.id));
  });

  it('lists what a category holds, paged, with descendants and a keyword', async () => {
    const top = await made(alice.token, { name: '列表' });
    const child = await made(alice.token, { name: '列表子', parentId: top.id });
    await post('relate/cate', alice.token, { categoryId: top.id, productIds: [productIds[0], productIds[1]] });
    const again = await post<RelateResult>('relate/cate', alice.token, { categoryId: top.id, productIds: [productIds[0]], mfgMpnCodes: ['TLV9062IDR-test'] });
    expect(again.body.result).toEqual({ linked: 1, already: 1 });
    // A part number as printed (not the page key) works when exactly one part has it.
    expect((await post<RelateResult>('relate/cate', alice.token, { categoryId: top.id, mfgMpnCodes: ['lm358dr'] })).body.result).toEqual({ linked: 0, already: 1 });
    await post('relate/cate', alice.token, { categoryId: child.id, componentIds: [aliceComp] });
    const own = await post<ItemList>('relate/c', alice.token, { categoryId: top.id, pageNum: 1, pageSize: 2 });
    expect(own.body.result.total).toBe(3);
    expect(own.body.result.list).toHaveLength(2);
    const all = await post<ItemList>('relate/c', alice.token, { categoryId: top.id, pageNum: 1, pageSize: 10, includeDescendants: true }, 'en');
    expect(all.body.result.total).toBe(4);
    const comp = all.body.result.list.find((i) => i.kind === 'component')!;
    expect(comp).toMatchObject({ componentId: aliceComp, mpn: 'ALICE-OWN-1', brand: 'Own', quality: 'warnings', productId: null });
    const part = all.body.result.list.find((i) => i.mfgMpnCode === 'LM358DR-test')!;
    expect(part).toMatchObject({ kind: 'part', mpn: 'LM358DR', brand: 'Test brand', description: 'Test part LM358DR', quality: 'unchecked' });
    const kw = await post<ItemList>('relate/c', alice.token, { categoryId: top.id, pageNum: 1, pageSize: 10, includeDescendants: true, keyword: 'ne555' });
    expect(kw.body.result.list.map((i) => i.mpn)).toEqual(['NE555P']);
    // A keyword with LIKE wildcards matches them literally.
    expect((await post<ItemList>('relate/c', alice.token, { categoryId: top.id, pageNum: 1, pageSize: 10, keyword: '%' })).body.result.total).toBe(0);

    // Unlink by part, by component and by link id.
    expect((await post<{ removed: number }>('relate/cate/del', alice.token, { categoryId: top.id, productIds: [productIds[0]] })).body.result.removed).toBe(1);
    expect((await post<{ removed: number }>('relate/cate/del', alice.token, { categoryId: child.id, componentIds: [aliceComp] })).body.result.removed).toBe(1);
    const linkId = (await post<ItemList>('relate/c', alice.token, { categoryId: top.id, pageNum: 1, pageSize: 10 })).body.result.list[0]!.linkId;
    expect((await post<{ removed: number }>('relate/cate/del', alice.token, { categoryId: top.id, linkIds: [linkId] })).body.result.removed).toBe(1);
    expect((await post<ItemList>('relate/c', alice.token, { categoryId: top.id, pageNum: 1, pageSize: 10, includeDescendants: true })).body.result.total).toBe(1);

    // A part the catalogue does not have, nothing to link, a block category: clear refusals, nothing linked.
    const missing = await post('relate/cate', alice.token, { categoryId: top.id, mfgMpnCodes: ['NO-SUCH-PART'], productIds: [productIds[0]] });
    expect(missing.body.code).toBe(40400);
    expect(missing.body.msg).toContain('NO-SUCH-PART');
    expect((await post<ItemList>('relate/c', alice.token, { categoryId: top.id, pageNum: 1, pageSize: 10 })).body.result.total).toBe(1);
    expect((await post('relate/cate', alice.token, { categoryId: top.id })).body.code).toBe(40000);
    const blockCat = await made(alice.token, { name: '模块', scope: 'block' });
    expect((await post('relate/cate', alice.token, { categoryId: blockCat.id, productIds: [productIds[0]] }, 'en')).body.msg).toMatch(/design-block category/);
    // A page size beyond the limit is refused.
    expect((await post('relate/c', alice.token, { categoryId: top.id, pageNum: 1, pageSize: LIBRARY_LIMITS.pageSizeMax + 1 })).body.code).toBe(40000);
  });

  it('another user’s category, link or component is 40400 like a missing one, also for guessed ids', async () => {
    const mine = await made(alice.token, { name: '私有' });
    await post('relate/cate', alice.token, { categoryId: mine.id, productIds: [productIds[0]] });
    const link = (await post<ItemList>('relate/c', alice.token, { categoryId: mine.id, pageNum: 1, pageSize: 10 })).body.result.list[0]!;
    const bobs = await made(bob.token, { name: 'Bob 的' });
    const missingId = 2_000_000_000;
    const calls: [string, (id: number) => unknown][] = [
      ['cate/save', (id) => ({ id, name: '改名' })],
      ['cate/save', (id) => ({ name: '放进去', parentId: id })],
      ['cate/del', (id) => ({ id })],
      ['cate/open', (id) => ({ id, open: true })],
      ['relate/cate', (id) => ({ categoryId: id, productIds: [productIds[0]] })],
      ['relate/c', (id) => ({ categoryId: id, pageNum: 1, pageSize: 10 })],
      ['relate/cate/del', (id) => ({ categoryId: id, productIds: [productIds[0]] })],
    ];
    for (const [path, bodyOf] of calls) {
      const theirs = await post(path, bob.token, bodyOf(mine.id));
      const none = await post(path, bob.token, bodyOf(missingId));
      expect(theirs.status, path).toBe(404);
      expect(theirs.body, path).toEqual(none.body);
      expect(theirs.body.code).toBe(40400);
    }
    // Guessing every id near Alice's finds nothing either.
    for (let id = Math.max(1, mine.id - 5); id <= mine.id + 5; id++) {
      if (id === bobs.id) continue;
      expect((await post('relate/c', bob.token, { categoryId: id, pageNum: 1, pageSize: 1 })).body.code, String(id)).toBe(40400);
    }
    // Bob cannot link Alice's own component into his category, nor unlink Alice's link through his.
    const comp = await post('relate/cate', bob.token, { categoryId: bobs.id, componentIds: [aliceComp] });
    const noComp = await post('relate/cate', bob.token, { categoryId: bobs.id, componentIds: [missingId] });
    expect(comp.body.code).toBe(40400);
    expect(comp.body).toEqual(noComp.body);
    const unlinkTheirs = await post('relate/cate/del', bob.token, { categoryId: bobs.id, linkIds: [link.linkId] });
    expect(unlinkTheirs.body.code).toBe(40400);
    expect((await post('relate/cate/del', alice.token, { categoryId: mine.id, componentIds: [bobComp] })).body.code).toBe(40400);
    // Nothing of Alice's changed.
    expect((await post<ItemList>('relate/c', alice.token, { categoryId: mine.id, pageNum: 1, pageSize: 10 })).body.result.total).toBe(1);
    const [row] = await database.db.select().from(userCategories).where(eq(userCategories.id, mine.id));
    expect(row).toMatchObject({ name: '私有', shareToken: null });
    // Bob's tree shows only his own.
    expect((await tree(bob.token)).list.map((n) => n.name)).toEqual(['Bob 的']);
  });

  it('shares a category read-only by an unguessable token; unshare kills the link', async () => {
    const top = await made(alice.token, { name: '分享' });
    const child = await made(alice.token, { name: '分享子', parentId: top.id });
    const grand = await made(alice.token, { name: '分享孙', parentId: child.id });
    const outside = await made(alice.token, { name: '不分享' });
    await post('relate/cate', alice.token, { categoryId: top.id, productIds: [productIds[0]] });
    await post('relate/cate', alice.token, { categoryId: grand.id, componentIds: [aliceComp] });
    await post('relate/cate', alice.token, { categoryId: outside.id, productIds: [productIds[2]] });
    // A sub-category shared on its own: its token must not leak through the parent's share.
    const childShare = (await post<OpenResult>('cate/open', alice.token, { id: child.id, open: true })).body.result;

    const opened = await post<OpenResult>('cate/open', alice.token, { id: top.id, open: true });
    expect(opened.body.result).toMatchObject({ id: top.id, shared: true });
    const token = opened.body.result.token!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(opened.body.result.shareUrl).toBe(`/share/category/${token}`);
    // Opening again keeps the same link.
    expect((await post<OpenResult>('cate/open', alice.token, { id: top.id, open: true })).body.result.token).toBe(token);
    expect((await tree(alice.token)).list.find((n) => n.id === top.id)).toMatchObject({ shared: true, shareUrl: `/share/category/${token}` });

    const shared = await call<Shared>('GET', `/chiplet/u/cate/shared?token=${token}`, null);
    expect(shared.body.code, shared.body.msg).toBe(200000);
    const s = shared.body.result;
    expect(s.tree).toMatchObject({ id: top.id, name: '分享', counts: { totalParts: 1, totalComponents: 1 } });
    expect(s.tree.children[0]).toMatchObject({ id: child.id, shared: false, shareUrl: null });
    expect(JSON.stringify(s)).not.toContain(childShare.token!);
    expect(s.items.list.map((i) => i.mpn).sort()).toEqual(['ALICE-OWN-1', 'LM358DR']);
    expect(JSON.stringify(s)).not.toContain('不分享');
    // A category inside may be picked; one outside may not.
    const sub = await call<Shared>('GET', `/chiplet/u/cate/shared?token=${token}&categoryId=${grand.id}`, null);
    expect(sub.body.result.items.list.map((i) => i.mpn)).toEqual(['ALICE-OWN-1']);
    expect((await call('GET', `/chiplet/u/cate/shared?token=${token}&categoryId=${outside.id}`, null)).body.code).toBe(40400);

    // The token writes nothing: every write needs a login, and a token in its place is refused.
    for (const [path, b] of [
      ['cate/save', { id: top.id, name: 'hacked' }],
      ['cate/del', { id: top.id }],
      ['relate/cate', { categoryId: top.id, productIds: [productIds[1]] }],
      ['relate/cate/del', { categoryId: top.id, productIds: [productIds[0]] }],
      ['cate/open', { id: top.id, open: false }],
    ] as const) {
      const r = await post(path, token, b);
      expect(r.body.code, path).toBe(40001);
      const r2 = await call('POST', `/chiplet/u/${path}?token=${token}`, null, b);
      expect(r2.body.code, path).toBe(40001);
    }
    // Writes to the shared read are not routes at all.
    expect((await call('POST', `/chiplet/u/cate/shared?token=${token}`, null, {})).status).toBe(404);
    const [row] = await database.db.select().from(userCategories).where(eq(userCategories.id, top.id));
    expect(row!.name).toBe('分享');

    // Malformed and unknown tokens.
    expect((await call('GET', '/chiplet/u/cate/shared?token=abc', null)).body.code).toBe(40000);
    const unknown = await call('GET', `/chiplet/u/cate/shared?token=${'A'.repeat(32)}`, null, undefined, 'en');
    expect(unknown.body.code).toBe(40400);
    expect(unknown.body.msg).toMatch(/not valid or has been turned off/);

    // Unshare: the old link dies; sharing again makes a new one.
    expect((await post<OpenResult>('cate/open', alice.token, { id: top.id, open: false })).body.result).toMatchObject({ shared: false, token: null, shareUrl: null });
    expect((await call('GET', `/chiplet/u/cate/shared?token=${token}`, null)).body.code).toBe(40400);
    const again = (await post<OpenResult>('cate/open', alice.token, { id: top.id, open: true })).body.result.token!;
    expect(again).not.toBe(token);
    expect((await call<Shared>('GET', `/chiplet/u/cate/shared?token=${again}`, null)).body.code).toBe(200000);
    // Deleting the category ends its share too.
    await post('cate/del', alice.token, { id: top.id });
    expect((await call('GET', `/chiplet/u/cate/shared?token=${again}`, null)).body.code).toBe(40400);
    expect((await call('GET', `/chiplet/u/cate/shared?token=${childShare.token}`, null)).body.code).toBe(40400);
  });

  it('documents the calls in the OpenAPI reference', async () => {
    const res = await app.request('/api/openapi.json');
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    for (const path of ['/api/chiplet/u/cate', '/api/chiplet/u/cate/save', '/api/chiplet/u/cate/del', '/api/chiplet/u/cate/open', '/api/chiplet/u/cate/shared', '/api/chiplet/u/relate/cate', '/api/chiplet/u/relate/c', '/api/chiplet/u/relate/cate/del'])
      expect(doc.paths[path], path).toBeDefined();
  });

  it('keeps to the category limit per user', async () => {
    const carol = await makeUser(database.db, 'cate-carol');
    const [{ n: existing } = { n: 0 }] = await database.db.select({ n: count() }).from(userCategories).where(eq(userCategories.ownerId, carol.id));
    expect(Number(existing)).toBe(0);
    await database.db.insert(userCategories).values(
      Array.from({ length: LIBRARY_LIMITS.categoriesPerUser }, (_, i) => ({ ownerId: carol.id, name: `c${i}`, level: 1, sort: i })),
    );
    const over = await save(carol.token, { name: '一个太多' });
    expect(over.body.code).toBe(40000);
    expect(over.body.msg).toContain(String(LIBRARY_LIMITS.categoriesPerUser));
    const t = await tree(carol.token);
    expect(t.total).toBe(LIBRARY_LIMITS.categoriesPerUser);
    // Too many ids in one call are refused before any work.
    expect((await post('relate/cate', carol.token, { categoryId: 1, productIds: Array.from({ length: LIBRARY_LIMITS.pageSizeMax + 1 }, (_, i) => i + 1) })).body.code).toBe(40000);
    const [{ n: links } = { n: 0 }] = await database.db.select({ n: count() }).from(userCategoryLinks).where(eq(userCategoryLinks.ownerId, carol.id));
    expect(Number(links)).toBe(0);
  });
});
