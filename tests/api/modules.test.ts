import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModuleApp } from '../../src/lib/modules/modules.routes.ts';
import { moduleCategories, modules } from '../../src/lib/server/db/schema/index.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

// GET /api_module/* (SPEC §7) over the modules tables: correct empty answers while no module data
// exists, then paging, name search and validation over rows inserted by the test itself.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: ReturnType<typeof createModuleApp>;
beforeAll(async () => {
  database = await createTestDatabase();
  app = createModuleApp({ db: database.db, logger: pino({ level: 'silent' }) });
}, 60_000);
afterAll(async () => {
  await database?.close();
});

type Env<T = unknown> = { code: number; msg: string; result: T };
async function get<T = unknown>(path: string, cookie?: string): Promise<{ status: number; body: Env<T> }> {
  const res = await app.request(`/api_module${path}`, cookie ? { headers: { cookie } } : {});
  return { status: res.status, body: (await res.json()) as Env<T> };
}
type Page = { list: { id: number; name: string; nameZh: string; categoryId: number | null; hasSymbol: boolean }[]; total: number; pageNum: number; pageSize: number };

describe(`module API, empty catalogue (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('answers empty lists and pages, not errors', async () => {
    expect(await get('/moduleCategory/list')).toEqual({ status: 200, body: { code: 200000, msg: 'success', result: [] } });
    expect((await get<Page>('/module/pageByNameLike?name=esp')).body.result).toEqual({ list: [], total: 0, pageNum: 1, pageSize: 20 });
    expect((await get('/module/allByNameLike')).body.result).toEqual([]);
  });

  it('documents itself at /api_module/openapi.json', async () => {
    const res = await app.request('/api_module/openapi.json');
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api_module/moduleCategory/list', '/api_module/module/pageByNameLike', '/api_module/module/detail']));
  });

  it('gives 40400 for unknown modules and categories', async () => {
    expect(await get('/module/detail?id=1')).toMatchObject({ status: 404, body: { code: 40400 } });
    expect(await get('/module/listByCategoryId?categoryId=1')).toMatchObject({ status: 404, body: { code: 40400 } });
    expect(await get('/module/pageByCategoryId?categoryId=1')).toMatchObject({ status: 404, body: { code: 40400 } });
    expect((await get('/module/nope')).body.code).toBe(40400);
  });

  it('validates query parameters with 40000 naming the field', async () => {
    for (const path of [
      '/module/detail',
      '/module/detail?id=abc',
      '/module/detail?id=-3',
      '/module/detail?id=99999999999',
      '/module/pageByNameLike?pageSize=1000',
      '/module/pageByNameLike?pageNum=0',
      `/module/allByNameLike?name=${'x'.repeat(101)}`,
      '/module/listByCategoryId',
      '/module/pageByCategoryId?categoryId=1.5',
    ]) {
      const r = await get(path);
      expect(r.status, path).toBe(400);
      expect(r.body.code, path).toBe(40000);
    }
    expect((await get('/module/detail?id=abc')).body.msg).toContain('id');
  });
});

describe('module API with rows', () => {
  beforeAll(async () => {
    const [a, b] = await database.db
      .insert(moduleCategories)
      .values([
        { name: '测试分类甲', nameEn: 'Test category A', sort: 2 },
        { name: '测试分类乙', nameEn: 'Test category B', sort: 1 },
      ])
      .returning({ id: moduleCategories.id });
    const rows = Array.from({ length: 25 }, (_, i) => ({
      categoryId: i < 20 ? a!.id : b!.id,
      name: `测试模块 ${String(i).padStart(2, '0')}`,
      nameEn: `Test module ${String(i).padStart(2, '0')}`,
      source: 'test',
      licence: 'test',
    }));
    rows.push({ categoryId: b!.id, name: '百分比_100%', nameEn: 'Percent_100%', source: 'test', licence: 'test' });
    await database.db.insert(modules).values(rows);
  });

  it('lists categories by sort with module counts, localized', async () => {
    const { body } = await get<{ name: string; moduleCount: number }[]>('/moduleCategory/list', 'locale=en');
    expect(body.result.map((c) => [c.name, c.moduleCount])).toEqual([
      ['Test category B', 6],
      ['Test category A', 20],
    ]);
  });

  it('pages by name (zh or en), with totals', async () => {
    const p1 = (await get<Page>('/module/pageByNameLike?name=module&pageNum=2&pageSize=10')).body.result;
    expect(p1.total).toBe(25);
    expect(p1.list).toHaveLength(10);
    expect(p1.list[0]!.nameZh).toBe('测试模块 10');
    const zh = (await get<Page>(`/module/pageByNameLike?name=${encodeURIComponent('模块 2')}`)).body.result;
    expect(zh.total).toBe(5);
    const last = (await get<Page>('/module/pageByNameLike?name=module&pageNum=9&pageSize=10')).body.result;
    expect(last).toMatchObject({ list: [], total: 25 });
  });

  it('takes % and _ in names literally', async () => {
    expect((await get<Page['list']>('/module/allByNameLike?name=%25')).body.result.map((m) => m.nameZh)).toEqual(['百分比_100%']);
    expect((await get<Page['list']>('/module/allByNameLike?name=_')).body.result).toHaveLength(1);
  });

  it('lists and pages by category; detail by id', async () => {
    const cats = (await get<{ id: number; nameZh: string }[]>('/moduleCategory/list')).body.result;
    const a = cats.find((c) => c.nameZh === '测试分类甲')!;
    expect((await get<Page['list']>(`/module/listByCategoryId?categoryId=${a.id}`)).body.result).toHaveLength(20);
    const page = (await get<Page>(`/module/pageByCategoryId?categoryId=${a.id}&pageSize=7&pageNum=3`)).body.result;
    expect(page).toMatchObject({ total: 20, pageNum: 3, pageSize: 7 });
    expect(page.list).toHaveLength(6);
    const id = page.list[0]!.id;
    const detail = (await get<Page['list'][number]>(`/module/detail?id=${id}`, 'locale=en')).body.result;
    expect(detail).toMatchObject({ id, categoryId: a.id, hasSymbol: false });
    expect(detail.name).toMatch(/^Test module/);
  });
});
