import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModuleApp } from '../../src/lib/modules/modules.routes.ts';
import { createApp } from '../../src/lib/server/app.ts';
import { makeSso, silent } from '../../src/lib/sso/testing.server.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

// The one plumbing of /api, /api_module and /sso (src/lib/server/create-app.ts): the same failure
// answered the same way by each app, in its own envelope. The database really fails: a table is
// replaced by a view whose rows come from a function raising the SQLSTATE under test.

type Database = Awaited<ReturnType<typeof createTestDatabase>>;
let database: Database;
const clock = { now: 1_800_000_000 };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** From now on every read of `table` fails with `sqlstate` (53300: too_many_connections). */
async function failReads(table: string, sqlstate: string): Promise<void> {
  await database.exec(`
    ALTER TABLE ${table} RENAME TO ${table}_held;
    CREATE FUNCTION ${table}_failing() RETURNS SETOF ${table}_held LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'sorry, too many clients already' USING ERRCODE = '${sqlstate}'; END $$;
    CREATE VIEW ${table} AS SELECT * FROM ${table}_failing();`);
}
async function restore(table: string): Promise<void> {
  await database.exec(`DROP VIEW ${table}; DROP FUNCTION ${table}_failing(); ALTER TABLE ${table}_held RENAME TO ${table};`);
}

describe(`one failure, one answer in each app (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('/api: too_many_connections (53300) is 503 with 50300, in the caller\'s language; a query\'s own error stays 500', async () => {
    const api = createApp({ db: database.db, logger: silent, hostOrigins: [] });
    await failReads('categories', '53300');
    try {
      const zh = await api.request('/api/chiplet/products/cateTree', { method: 'POST' });
      expect(zh.status).toBe(503);
      expect(zh.headers.get('retry-after')).toBe('5');
      expect(await zh.json()).toEqual({ code: 50300, msg: '服务暂时不可用，请稍后再试', result: null });
      const en = await api.request('/api/chiplet/products/cateTree', { method: 'POST', headers: { cookie: 'locale=en' } });
      expect(en.status).toBe(503);
      expect(((await en.json()) as { msg: string }).msg).toBe('Service temporarily unavailable; please try again later');
      expect(zh.headers.get('x-request-id')).toBeTruthy();
      expect(zh.headers.get('content-security-policy')).toContain("default-src 'none'");
    } finally {
      await restore('categories');
    }
    await failReads('categories', '22012');
    try {
      const res = await api.request('/api/chiplet/products/cateTree', { method: 'POST' });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ code: 50000, msg: '服务器内部错误，请稍后再试', result: null });
    } finally {
      await restore('categories');
    }
  });

  it('/api_module: 503 on 53300, 413 on an oversize body, 40000 on text the database cannot hold, like /api', async () => {
    const modules = createModuleApp({ db: database.db, logger: silent, hostOrigins: [] });
    await failReads('module_categories', '53300');
    try {
      const res = await modules.request('/api_module/module/listByCategoryId?categoryId=1');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ code: 50300, msg: '服务暂时不可用，请稍后再试', result: null });
    } finally {
      await restore('module_categories');
    }
    const big = await modules.request('/api_module/module/pageByNameLike', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'locale=en' },
      body: JSON.stringify({ name: 'x'.repeat(70 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ code: 41300, msg: 'Request body too large', result: null });
    const nul = await modules.request('/api_module/module/allByNameLike?name=a%00b');
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject({ code: 40000, msg: '参数 name 无效：含有空字符（NUL）' });
    const headers = (await modules.request('/api_module/moduleCategory/list')).headers;
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-request-id')).toBeTruthy();
  });

  it('/sso: 53300 is still 503 with 50300 in the { error_code, msg, data } envelope', async () => {
    const sso = makeSso(database.db, clock);
    await failReads('sso_rate_events', '53300');
    try {
      const login = await sso.call('/smsLogin/index.html', sso.form({ account: '13812341234', smscode: '123456' }));
      expect(login.res.status).toBe(503);
      expect(login.res.headers.get('retry-after')).toBe('5');
      expect(login.body).toEqual({ error_code: 50300, msg: '服务暂时不可用，请稍后再试', data: null });
    } finally {
      await restore('sso_rate_events');
    }
    const missing = await sso.call('/no/such/route');
    expect(missing.res.status).toBe(404);
    expect(missing.body).toEqual({ error_code: 40400, msg: '接口不存在', data: null });
  });
});

describe('an upload over its limit, wherever it is thrown', () => {
  it('FileTooLargeError from any /api route is 413 with 41300 and the limit, in the caller\'s language', async () => {
    const { Hono } = await import('hono');
    const { plumb } = await import('../../src/lib/server/create-app.ts');
    const { apiPlumbing } = await import('../../src/lib/server/api-plumbing.ts');
    const { FileTooLargeError } = await import('../../src/lib/files/file-store.ts');
    const app = plumb(new Hono<import('../../src/lib/server/app-env.ts').AppEnv>(), apiPlumbing({ db: database.db, logger: silent, hostOrigins: [], now: () => clock.now }));
    app.post('/upload', () => {
      throw new FileTooLargeError(10 * 1024 * 1024);
    });
    const en = await app.request('/upload', { method: 'POST', headers: { 'Accept-Language': 'en' } });
    expect(en.status).toBe(413);
    expect(await en.json()).toEqual({ code: 41300, msg: 'The file must be at most 10 MB', result: null });
    const zh = await app.request('/upload', { method: 'POST' });
    expect(await zh.json()).toEqual({ code: 41300, msg: '文件不能超过 10MB', result: null });
  });
});
