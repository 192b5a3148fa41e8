import { and, count, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogRecord } from '../../src/lib/catalog/import/catalog-record.ts';
import type { AddResultSchema, CollectFolder, CollectItemList } from '../../src/lib/library/collections.schema.ts';
import { LIBRARY_LIMITS } from '../../src/lib/library/library.ts';
import { createApp } from '../../src/lib/server/app.ts';
import { collectFolders, collectItems, moduleCategories, modules } from '../../src/lib/server/db/schema/index.ts';
import { createTestDatabase } from '../helpers/test-db.ts';
import { makeUser } from '../helpers/test-user.ts';
import { loadRealParts } from '../helpers/library-parts.ts';
import type { z } from '@hono/zod-openapi';

// Collections (issue #16 items 1 and 7) on PGlite, or on PostgreSQL with TEST_DATABASE_URL: every
// call of SPEC §7 Collections (user/collect/*) and the host's Collect (u/collect*), folders made
// on first use, idempotent collecting, moving, folder deletion moving items to the default folder,
// ownership (another user's folder or item is 40400 like a missing one, guessed ids included),
// the limits, bad names in both languages. Parts are real records of the committed demo catalogue
// (with their KiCad symbols and footprints); modules are test rows (no real module data exists).

const label = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const MPNS = ['NE555D', 'LM358', 'TL072', 'STM32F103C8Tx', 'AMS1117-3.3', 'LM7805_TO220'];

type Env<T> = { code: number; msg: string; result: T };
type AddResult = z.infer<typeof AddResultSchema>;
type User = { id: number; token: string };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: ReturnType<typeof createApp>;
let alice: User;
let bob: User;
let carol: User;
let parts: CatalogRecord[];
const moduleIds: number[] = [];

async function call<T>(path: string, user: User | null, body?: unknown, locale?: 'zh' | 'en'): Promise<{ status: number; body: Env<T> }> {
  const headers: Record<string, string> = {};
  if (user) headers['x-token'] = user.token;
  if (locale) headers['cookie'] = `locale=${locale}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await app.request(`/api/chiplet${path}`, { method: body === undefined ? 'GET' : 'POST', headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: res.status, body: (await res.json()) as Env<T> };
}
const ok = async <T>(path: string, user: User, body?: unknown, locale?: 'zh' | 'en'): Promise<T> => {
  const r = await call<T>(path, user, body, locale);
  expect(r.body.code, `${path}: ${r.body.msg}`).toBe(200000);
  return r.body.result;
};
const code = (mpn: string): string => parts.find((p) => p.mpn === mpn)!.mfgMpnCode!;
const folders = (user: User, locale?: 'zh' | 'en') => ok<CollectFolder[]>('/user/collect/userCate', user, undefined, locale);

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
  parts = await loadRealParts(database, MPNS);
  const [cat] = await database.db.insert(moduleCategories).values({ name: '测试模块分类', nameEn: 'Test module category' }).returning();
  const mods = await database.db
    .insert(modules)
    .values([
      { categoryId: cat!.id, name: '测试模块甲', nameEn: 'Test module A', source: 'test', licence: 'test' },
      { categoryId: cat!.id, name: '测试模块乙', nameEn: 'Test module B', source: 'test', licence: 'test' },
    ])
    .returning({ id: modules.id });
  moduleIds.push(...mods.map((m) => m.id));
  alice = await makeUser(database.db, 'collect-alice');
  bob = await makeUser(database.db, 'collect-bob');
  carol = await makeUser(database.db, 'collect-carol');
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe(`collections API (${label})`, () => {
  it('loaded the real parts with their KiCad symbols and footprints', () => {
    expect(parts.map((p) => p.mpn).sort()).toEqual([...MPNS].sort());
  });

  it('needs login on every call', async () => {
    const paths = [
      '/user/collect/userCate',
      '/user/collect/userCate/add',
      '/user/collect/userCate/update',
      '/user/collect/userCate/del',
      '/user/collect/prod',
      '/user/collect/prod/add',
      '/user/collect/prod/del',
      '/user/collect/prod/move',
      '/user/collect/state',
      '/u/collect',
      '/u/collect/save',
      '/u/collect/del',
      '/u/collect/get',
      '/u/collect/comp',
      '/u/collect/mod',
    ];
    for (const p of paths) {
      const r = await call(p, null, p === '/user/collect/userCate' ? undefined : {});
      expect(r.status, p).toBe(401);
      expect(r.body.code, p).toBe(40001);
    }
  });

  it('makes the default folder on first use, once, named per locale', async () => {
    const [zh, en] = await Promise.all([folders(alice), folders(alice, 'en')]);
    expect(zh).toHaveLength(1);
    expect(zh[0]).toMatchObject({ name: '默认收藏夹', isDefault: true, count: 0 });
    expect(en).toEqual([{ ...zh[0], name: 'Default' }]);
    const [n] = await database.db.select({ n: count() }).from(collectFolders).where(eq(collectFolders.ownerId, alice.id));
    expect(Number(n!.n)).toBe(1);
  });

  it('creates, renames and orders folders; names are trimmed plain text', async () => {
    const f = await ok<CollectFolder>('/user/collect/userCate/add', alice, { name: '  运放  ' });
    expect(f).toMatchObject({ name: '运放', isDefault: false, count: 0 });
    const g = await ok<CollectFolder>('/user/collect/userCate/add', alice, { name: '<10Ω resistors', sort: -1 });
    expect(g.name).toBe('<10Ω resistors');
    const renamed = await ok<CollectFolder>('/user/collect/userCate/update', alice, { id: f.id, name: 'Op amps', sort: 5 });
    expect(renamed).toMatchObject({ id: f.id, name: 'Op amps', sort: 5 });
    expect((await folders(alice)).map((x) => x.name)).toEqual(['默认收藏夹', '<10Ω resistors', 'Op amps']);
    await ok('/user/collect/userCate/del', alice, { id: g.id });
  });

  it('refuses bad names with a clear message in the caller’s language, and changes nothing', async () => {
    const before = await folders(alice);
    const cases: [unknown, string, string][] = [
      ['x'.repeat(10_000), '不能超过 50 个字符（收到 10000 个）', 'at most 50 characters (got 10000)'],
      ['   ', '不能为空', 'must not be empty'],
      ['<b>bold</b>', '不能包含 HTML', 'without HTML'],
      ['<script>alert(1)</script>', '不能包含 HTML', 'without HTML'],
      ['a &lt; b', '不能包含 HTML', 'without HTML'],
      ['evil\u202Etxt', '控制字符', 'control'],
      ['tab\there', '控制字符', 'control'],
      ['Default', '默认收藏夹的名称', 'default folder’s name'],
      ['默认收藏夹', '默认收藏夹的名称', 'default folder’s name'],
      ['Op amps', '已有名为“Op amps”的收藏夹', 'already have a folder named “Op amps”'],
      [42, 'name', 'name'],
    ];
    for (const [name, zhText, enText] of cases) {
      const zh = await call('/user/collect/userCate/add', alice, { name });
      expect(zh.status, String(name).slice(0, 20)).toBe(400);
      expect(zh.body.code).toBe(40000);
      expect(zh.body.msg).toContain(zhText);
      const en = await call('/user/collect/userCate/add', alice, { name }, 'en');
      expect(en.body.msg).toContain(enText);
    }
    const opAmps = before.find((f) => f.name === 'Op amps')!;
    expect((await call('/user/collect/userCate/update', alice, { id: opAmps.id, name: '<i>x</i>' })).status).toBe(400);
    expect(await folders(alice)).toEqual(before);
  });

  it('collects parts by code or id and modules by id, newest first, with the part’s fields', async () => {
    const a = await ok<AddResult>('/user/collect/prod/add', alice, { mfgMpnCode: code('NE555D') });
    expect(a).toMatchObject({ kind: 'part', created: true, moved: false, module: null });
    const def = (await folders(alice))[0]!;
    expect(a.folderId).toBe(def.id);
    expect(a.product).toMatchObject({
      mfgMpnCode: 'NE555D_ti',
      mpn: 'NE555D',
      package: 'SOIC-8',
      description: '定时器 (555 等)，SOIC-8 封装',
      symbol: 'Timer:NE555D',
      footprint: 'Package_SO:SOIC-8_3.9x4.9mm_P1.27mm',
      imageUrl: '/api/chiplet/products/symbol.svg?mfgMpnCode=NE555D_ti',
    });
    expect(a.product!.brandName).toBeTruthy();
    expect(a.product!.cateName).toBeTruthy();
    const opAmps = (await folders(alice)).find((f) => f.name === 'Op amps')!;
    await ok('/user/collect/prod/add', alice, { mfgMpnCode: code('LM358'), folderId: opAmps.id });
    const tl072 = await ok<AddResult>('/user/collect/prod/add', alice, { mfgMpnCode: code('TL072'), folderId: opAmps.id });
    const byId = await ok<AddResult>('/user/collect/prod/add', alice, { productId: tl072.product!.id });
    expect(byId).toMatchObject({ created: false, moved: false, folderId: opAmps.id });
    const mod = await ok<AddResult>('/user/collect/prod/add', alice, { moduleId: moduleIds[0] });
    expect(mod).toMatchObject({ kind: 'module', product: null, created: true, module: { id: moduleIds[0], name: '测试模块甲' } });

    const all = await ok<CollectItemList>('/user/collect/prod', alice, { pageNum: 1, pageSize: 10 });
    expect(all.total).toBe(4);
    expect(all.list.map((i) => i.product?.mpn ?? i.module?.name)).toEqual(['测试模块甲', 'TL072', 'LM358', 'NE555D']);
    const en = await ok<CollectItemList>('/user/collect/prod', alice, { pageNum: 1, pageSize: 10 }, 'en');
    expect(en.list.find((i) => i.product?.mpn === 'NE555D')!.product!.description).toBe('Precision Timers, 555 compatible, SOIC-8');
    expect(en.list[0]!.module!.name).toBe('Test module A');
    const counts = Object.fromEntries((await folders(alice)).map((f) => [f.name, f.count]));
    expect(counts).toEqual({ 默认收藏夹: 2, 'Op amps': 2 });
  });

  it('is idempotent: collecting again keeps the item, moving it only when a folder is named', async () => {
    const opAmps = (await folders(alice)).find((f) => f.name === 'Op amps')!;
    const again = await ok<AddResult>('/user/collect/prod/add', alice, { mfgMpnCode: code('LM358') });
    expect(again).toMatchObject({ created: false, moved: false, folderId: opAmps.id });
    const def = (await folders(alice))[0]!;
    const moved = await ok<AddResult>('/user/collect/prod/add', alice, { mfgMpnCode: code('LM358'), folderId: def.id });
    expect(moved).toMatchObject({ created: false, moved: true, folderId: def.id });
    await ok('/user/collect/prod/add', alice, { mfgMpnCode: code('LM358'), folderId: opAmps.id });
    const [n] = await database.db.select({ n: count() }).from(collectItems).where(eq(collectItems.ownerId, alice.id));
    expect(Number(n!.n)).toBe(4);
  });

  it('refuses unknown parts and modules and malformed targets', async () => {
    const r = await call('/user/collect/prod/add', alice, { mfgMpnCode: 'NO_SUCH_PART_x' });
    expect(r).toMatchObject({ status: 404, body: { code: 40400, msg: '元器件 NO_SUCH_PART_x 不存在' } });
    expect((await call('/user/collect/prod/add', alice, { mfgMpnCode: 'NO_SUCH_PART_x' }, 'en')).body.msg).toBe('No part with mfgMpnCode NO_SUCH_PART_x');
    expect((await call('/user/collect/prod/add', alice, { moduleId: 999_999 })).body).toMatchObject({ code: 40400, msg: '模块 999999 不存在' });
    expect((await call('/user/collect/prod/add', alice, { productId: 999_999 })).body.code).toBe(40400);
    for (const b of [{}, { mfgMpnCode: code('NE555D'), moduleId: moduleIds[0] }, { mfgMpnCode: 'bad code!' }, { productId: -1 }, { moduleId: 2 ** 31 }, { mfgMpnCode: code('NE555D'), extra: 1 }]) {
      const x = await call('/user/collect/prod/add', alice, b);
      expect(x.status, JSON.stringify(b)).toBe(400);
    }
    expect((await call('/user/collect/prod/add', alice, {})).body.msg).toContain('mfgMpnCode、productId 或 moduleId');
  });

  it('lists by folder, keyword and kind, paged', async () => {
    const opAmps = (await folders(alice)).find((f) => f.name === 'Op amps')!;
    const inFolder = await ok<CollectItemList>('/user/collect/prod', alice, { folderId: opAmps.id, pageNum: 1, pageSize: 20 });
    expect(inFolder.list.map((i) => i.product!.mpn).sort()).toEqual(['LM358', 'TL072']);
    const kw = async (keyword: string) => (await ok<CollectItemList>('/user/collect/prod', alice, { keyword, pageNum: 1, pageSize: 20 })).list.map((i) => i.product?.mpn ?? i.module?.name);
    expect(await kw('ne555')).toEqual(['NE555D']);
    expect(await kw('定时器')).toEqual(['NE555D']);
    expect(await kw('soic-8')).toEqual(expect.arrayContaining(['NE555D']));
    expect(await kw('模块甲')).toEqual(['测试模块甲']);
    expect((await kw('texas instruments')).sort()).toEqual(['LM358', 'NE555D', 'TL072']);
    expect(await kw('ne 555-d')).toEqual(['NE555D']);
    expect(await kw('100%_')).toEqual([]);
    const modulesOnly = await ok<CollectItemList>('/user/collect/prod', alice, { kind: 'module', pageNum: 1, pageSize: 20 });
    expect(modulesOnly.list.map((i) => i.kind)).toEqual(['module']);
    const p1 = await ok<CollectItemList>('/user/collect/prod', alice, { pageNum: 1, pageSize: 3 });
    const p2 = await ok<CollectItemList>('/user/collect/prod', alice, { pageNum: 2, pageSize: 3 });
    const p9 = await ok<CollectItemList>('/user/collect/prod', alice, { pageNum: 9, pageSize: 3 });
    expect([p1.list.length, p2.list.length, p9.list.length, p1.total, p2.total, p9.total]).toEqual([3, 1, 0, 4, 4, 4]);
    expect(new Set([...p1.list, ...p2.list].map((i) => i.id)).size).toBe(4);
    for (const b of [{ pageNum: 0 }, { pageSize: 101 }, { keyword: 'x'.repeat(101) }, { kind: 'symbol' }]) expect((await call('/user/collect/prod', alice, b)).status, JSON.stringify(b)).toBe(400);
  });

  it('tells the Collect buttons which codes are collected and where', async () => {
    const opAmps = (await folders(alice)).find((f) => f.name === 'Op amps')!;
    const def = (await folders(alice))[0]!;
    const s = await ok<{ collected: Record<string, number>; modules: Record<string, number> }>('/user/collect/state', alice, {
      codes: [code('NE555D'), code('LM358'), code('STM32F103C8Tx'), 'NO_SUCH_x'],
      moduleIds: moduleIds,
    });
    expect(s).toEqual({ collected: { [code('NE555D')]: def.id, [code('LM358')]: opAmps.id }, modules: { [String(moduleIds[0]!)]: def.id } });
    expect(await ok('/user/collect/state', bob, { codes: [code('NE555D')] })).toEqual({ collected: {}, modules: {} });
    expect((await call('/user/collect/state', alice, { codes: Array.from({ length: 101 }, (_, i) => `P${i}`) })).status).toBe(400);
  });

  it('moves items between folders by id or code; all or nothing', async () => {
    const fs = await folders(alice);
    const def = fs[0]!;
    const opAmps = fs.find((f) => f.name === 'Op amps')!;
    const list = await ok<CollectItemList>('/user/collect/prod', alice, { pageNum: 1, pageSize: 20 });
    const ne555 = list.list.find((i) => i.product?.mpn === 'NE555D')!;
    expect(await ok('/user/collect/prod/move', alice, { ids: [ne555.id, code('TL072')], folderId: opAmps.id })).toEqual({ moved: 1, folderId: opAmps.id });
    const bad = await call('/user/collect/prod/move', alice, { ids: [ne555.id, 999_999], folderId: def.id });
    expect(bad.body).toMatchObject({ code: 40400, msg: '找不到收藏项 999999：它不存在，或不属于你' });
    expect((await ok<CollectItemList>('/user/collect/prod', alice, { folderId: opAmps.id, pageNum: 1, pageSize: 20 })).total).toBe(3);
  });

  it('answers another user’s folders and items exactly like missing ones, guessed ids included', async () => {
    const fs = await folders(alice);
    const aliceItems = (await ok<CollectItemList>('/user/collect/prod', alice, { pageNum: 1, pageSize: 20 })).list;
    const bobFolders = await folders(bob);
    const missingFolder = await call('/user/collect/userCate/update', bob, { id: 999_999, name: 'x' });
    expect(missingFolder.status).toBe(404);
    const missingItem = await call('/user/collect/prod/del', bob, { ids: [999_999] });
    for (const f of fs) {
      for (const [path, b] of [
        ['/user/collect/userCate/update', { id: f.id, name: 'mine now' }],
        ['/user/collect/userCate/del', { id: f.id }],
        ['/user/collect/prod', { folderId: f.id, pageNum: 1, pageSize: 20 }],
        ['/user/collect/prod/add', { mfgMpnCode: code('AMS1117-3.3'), folderId: f.id }],
        ['/user/collect/prod/move', { ids: [code('AMS1117-3.3')], folderId: f.id }],
        ['/u/collect/save', { mfgMpnCode: code('AMS1117-3.3'), folderId: f.id }],
      ] as const) {
        const r = await call(path, bob, b);
        expect(r.status, `${path} ${f.id}`).toBe(404);
        expect(r.body.msg).toBe(missingFolder.body.msg);
      }
    }
    for (const item of aliceItems) {
      for (const [path, b] of [
        ['/user/collect/prod/del', { ids: [item.id] }],
        ['/user/collect/prod/move', { ids: [item.id], folderId: bobFolders[0]!.id }],
        ['/u/collect/del', { id: item.id }],
      ] as const) {
        const r = await call(path, bob, b);
        expect(r.status, `${path} ${item.id}`).toBe(404);
        expect(r.body.msg).toBe(missingItem.body.msg.replace('999999', String(item.id)));
      }
    }
    // Guessing: every id up to well past the largest is either Bob's or answered as missing.
    const bobFolderIds = new Set(bobFolders.map((f) => f.id));
    for (let id = 1; id <= Math.max(...fs.map((f) => f.id)) + 3; id++) {
      if (bobFolderIds.has(id)) continue;
      const r = await call('/user/collect/userCate/del', bob, { id });
      expect(r.status, `folder ${id}`).toBe(404);
      expect(r.body.msg).toBe(missingFolder.body.msg);
    }
    for (let id = 1; id <= Math.max(...aliceItems.map((i) => i.id)) + 3; id++) {
      const r = await call('/user/collect/prod/del', bob, { ids: [id] });
      expect(r.status, `item ${id}`).toBe(404);
    }
    // Nothing of Alice's changed.
    expect(await folders(alice)).toEqual(fs);
    expect((await ok<CollectItemList>('/user/collect/prod', alice, { pageNum: 1, pageSize: 20 })).list).toEqual(aliceItems);
  });

  it('deletes a folder by moving its items to the default folder; the default folder stays', async () => {
    const fs = await folders(alice);
    const def = fs[0]!;
    const opAmps = fs.find((f) => f.name === 'Op amps')!;
    expect(opAmps.count).toBe(3);
    const r = await ok<{ id: number; moved: number; defaultFolderId: number }>('/user/collect/userCate/del', alice, { id: opAmps.id });
    expect(r).toEqual({ id: opAmps.id, moved: 3, defaultFolderId: def.id });
    const after = await folders(alice);
    expect(after).toHaveLength(1);
    expect(after[0]!.count).toBe(4);
    expect((await call('/user/collect/userCate/del', alice, { id: opAmps.id })).status).toBe(404);
    const noDelete = await call('/user/collect/userCate/del', alice, { id: def.id });
    expect(noDelete).toMatchObject({ status: 400, body: { code: 40000 } });
    expect(noDelete.body.msg).toContain('默认收藏夹不能删除');
    expect((await call('/user/collect/userCate/del', alice, { id: def.id }, 'en')).body.msg).toContain('The default folder cannot be deleted');
    const noRename = await call('/user/collect/userCate/update', alice, { id: def.id, name: 'Favourites' });
    expect(noRename.body.msg).toBe('默认收藏夹不能改名');
    expect(await ok('/user/collect/userCate/update', alice, { id: def.id, sort: 3 })).toMatchObject({ id: def.id, name: '默认收藏夹', sort: 3, count: 4 });
  });

  it('un-collects by item id or code; all or nothing', async () => {
    const items = (await ok<CollectItemList>('/user/collect/prod', alice, { pageNum: 1, pageSize: 20 })).list;
    const bad = await call('/user/collect/prod/del', alice, { ids: [items[0]!.id, 'NO_SUCH_x'] });
    expect(bad.body).toMatchObject({ code: 40400, msg: '找不到收藏项 NO_SUCH_x：它不存在，或不属于你' });
    expect((await ok<CollectItemList>('/user/collect/prod', alice, { pageNum: 1, pageSize: 20 })).total).toBe(4);
    expect(await ok('/user/collect/prod/del', alice, { ids: [items[0]!.id, code('NE555D'), code('NE555D')] })).toEqual({ removed: 2 });
    expect((await ok<CollectItemList>('/user/collect/prod', alice, { pageNum: 1, pageSize: 20 })).total).toBe(2);
    for (const b of [{ ids: [] }, { ids: Array.from({ length: 101 }, (_, i) => i + 1) }, { ids: [1.5] }]) expect((await call('/user/collect/prod/del', alice, b)).status).toBe(400);
  });

  it('serves the KiCad host’s Collect calls over the same rows', async () => {
    const saved = await ok<AddResult>('/u/collect/save', bob, { mfgMpnCode: code('STM32F103C8Tx') });
    expect(saved).toMatchObject({ created: true, kind: 'part', product: { mpn: 'STM32F103C8Tx', symbol: 'MCU_ST_STM32F1:STM32F103C8Tx' } });
    expect(saved.product!.footprint).toMatch(/^Package_QFP:LQFP-48/);
    expect(await ok<AddResult>('/u/collect/save', bob, { mfgMpnCode: code('STM32F103C8Tx') })).toMatchObject({ created: false, id: saved.id });
    await ok('/u/collect/save', bob, { moduleId: moduleIds[1] });
    await ok('/u/collect/save', bob, { mfgMpnCode: code('LM7805_TO220') });
    expect(await ok('/u/collect/get', bob, { mfgMpnCode: code('STM32F103C8Tx') })).toEqual({ collected: true, id: saved.id, folderId: saved.folderId });
    expect(await ok('/u/collect/get', bob, { mfgMpnCode: code('NE555D') })).toEqual({ collected: false, id: null, folderId: null });
    // KiCad 9.0.5 and later call the same under /u/kicad/ (SPEC §7 Kicad variants).
    expect(await ok('/u/kicad/collect/get', bob, { mfgMpnCode: code('STM32F103C8Tx') })).toEqual({ collected: true, id: saved.id, folderId: saved.folderId });
    expect((await ok<CollectItemList>('/u/kicad/collect/comp', bob, { pageNum: 1, pageSize: 10 })).total).toBe(2);
    expect((await call('/u/kicad/collect', null, {})).status).toBe(401);
    expect((await call('/u/collect/get', bob, { mfgMpnCode: 'NO_SUCH_x' })).status).toBe(404);
    const comp = await ok<CollectItemList>('/u/collect/comp', bob, { pageNum: 1, pageSize: 10 });
    expect(comp.list.map((i) => i.product!.mpn)).toEqual(['LM7805_TO220', 'STM32F103C8Tx']);
    const mod = await ok<CollectItemList>('/u/collect/mod', bob, { pageNum: 1, pageSize: 10 });
    expect(mod.list.map((i) => i.module!.id)).toEqual([moduleIds[1]]);
    const any = await ok<CollectItemList>('/u/collect', bob, { pageNum: 1, pageSize: 2 });
    expect([any.total, any.list.length]).toEqual([3, 2]);
    // The personal centre's list shows what the host saved.
    expect((await ok<CollectItemList>('/user/collect/prod', bob, { pageNum: 1, pageSize: 10 })).total).toBe(3);
    expect(await ok('/u/collect/del', bob, { moduleId: moduleIds[1] })).toEqual({ removed: 1 });
    expect(await ok('/u/collect/del', bob, { mfgMpnCode: code('LM7805_TO220') })).toEqual({ removed: 1 });
    expect(await ok('/u/collect/del', bob, { id: saved.id })).toEqual({ removed: 1 });
    const gone = await call('/u/collect/del', bob, { mfgMpnCode: code('LM7805_TO220') });
    expect(gone.body).toMatchObject({ code: 40400, msg: `${code('LM7805_TO220')} 不在你的收藏中` });
    for (const b of [{}, { mfgMpnCode: code('NE555D'), moduleId: 1 }]) expect((await call('/u/collect/save', bob, b)).status).toBe(400);
  });

  it('keeps to the limits: folders and items per user', async () => {
    const def = (await folders(carol))[0]!;
    await database.db.insert(collectFolders).values(Array.from({ length: LIBRARY_LIMITS.foldersPerUser - 1 }, (_, i) => ({ ownerId: carol.id, name: `folder ${i}` })));
    const tooMany = await call('/user/collect/userCate/add', carol, { name: 'one more' });
    expect(tooMany.body).toMatchObject({ code: 40000, msg: `收藏夹最多 ${LIBRARY_LIMITS.foldersPerUser} 个，请先删除不用的收藏夹` });
    // Filler rows (no part) up to the item limit: the next collect is refused, nothing is added.
    await database.exec(`INSERT INTO collect_items (owner_id, folder_id, kind) SELECT ${carol.id}, ${def.id}, 'part' FROM generate_series(1, ${LIBRARY_LIMITS.itemsPerUser})`);
    const full = await call('/user/collect/prod/add', carol, { mfgMpnCode: code('NE555D') }, 'en');
    expect(full.body).toMatchObject({ code: 40000, msg: `At most ${LIBRARY_LIMITS.itemsPerUser} collected items; please remove some first` });
    const [n] = await database.db
      .select({ n: count() })
      .from(collectItems)
      .where(and(eq(collectItems.ownerId, carol.id)));
    expect(Number(n!.n)).toBe(LIBRARY_LIMITS.itemsPerUser);
  });
});
