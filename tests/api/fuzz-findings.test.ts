import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type World } from '../helpers/bom-world.ts';

// What the bad-input campaign (fuzz-operations, fuzz-uploads) found, each pinned as the smallest
// request that showed it. Each failed before its fix: a 500 from a stack overflow, and refusals in
// the wrong language.

let world: World;
beforeAll(async () => {
  world = await createWorld();
}, 60_000);
afterAll(async () => {
  await world?.close();
});

type Env = { code: number; msg: string; result: unknown };
async function call(path: string, init: RequestInit, locale: 'zh' | 'en') {
  const headers = new Headers(init.headers);
  headers.set('cookie', `locale=${locale}`);
  const res = await world.app.request(`/api${path}`, { ...init, headers }, { ip: '10.66.0.1' });
  return { status: res.status, body: (await res.json()) as Env };
}
const jsonPost = (body: string, token?: string): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) }, body });

describe(`the campaign's findings (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('JSON nested thousands deep is 40000 naming the depth, not a 500 from the guard’s recursion', async () => {
    // 30 000 levels: just under the 64 KB body limit.
    for (const levels of [3000, 30_000]) {
      const deep = `${'['.repeat(levels)}1${']'.repeat(levels)}`;
      const en = await call('/chiplet/products/detail', jsonPost(deep), 'en');
      expect(en.status).toBe(400);
      expect(en.body).toEqual({ code: 40000, msg: expect.stringContaining('nested too deeply'), result: null });
    }
    const zh = await call('/chiplet/products/queryPage', jsonPost(`{"keyword":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`), 'zh');
    expect(zh.body.msg).toContain('嵌套层级过深');
    // Ordinary nesting (a dozen levels) still passes the guard and meets the route's schema.
    const ok = await call('/chiplet/products/queryPage', jsonPost('{"keyword":"stm32","params":[{"key":"resistance","min":1}]}'), 'en');
    expect(ok.status).toBe(200);
  });

  it('a multipart body that does not parse is refused in the caller’s language', async () => {
    const init = (): RequestInit => ({
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=zz', 'x-token': world.alice.token },
      body: '--zz\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc',
    });
    const zh = await call('/chiplet/bom/upload', init(), 'zh');
    expect(zh.body).toEqual({ code: 40000, msg: '请求体不是有效的表单（multipart/form-data）', result: null });
    const en = await call('/rag/upload/pdf', init(), 'en');
    expect(en.body.msg).toBe('The request body is not a valid form (multipart/form-data)');
  });

  it('a zod rule written with Chinese text only answers in English for en callers', async () => {
    const en = await call('/chiplet/u/base/update', jsonPost('{"email":" "}', world.alice.token), 'en');
    expect(en.body).toEqual({ code: 40000, msg: 'Invalid field email: Invalid email address', result: null });
    const zh = await call('/chiplet/u/base/update', jsonPost('{"email":" "}', world.alice.token), 'zh');
    expect(zh.body.msg).toBe('参数 email 无效：邮箱格式不正确');
  });

  it('a part without files is refused in Chinese for zh callers (symbol, footprint, 3D model, download)', async () => {
    const get = (path: string, locale: 'zh' | 'en') => call(path, { method: 'GET' }, locale);
    expect((await get('/chiplet/products/symbol.svg?mfgMpnCode=NOPE', 'zh')).body).toEqual({ code: 40400, msg: '元器件 NOPE 不存在', result: null });
    expect((await get('/chiplet/products/footprint.svg?mfgMpnCode=LM358DR-test', 'zh')).body.msg).toBe('元器件 LM358DR-test 没有 KiCad 封装');
    expect((await get('/chiplet/products/model3d?mfgMpnCode=LM358DR-test', 'zh')).body.msg).toBe('元器件 LM358DR-test 没有封装，因此没有 3D 模型');
    expect((await get('/chiplet/products/downloadZip?mfgMpnCode=LM358DR-test', 'zh')).body.msg).toBe('元器件 LM358DR-test 没有可下载的 KiCad 符号或封装');
    expect((await get('/chiplet/products/downloadZip?mfgMpnCode=LM358DR-test', 'en')).body.msg).toBe('Part LM358DR-test has no KiCad symbol or footprint to download');
  });

  it('a path that leaves the API (backslashes normalised to ../) is refused in the caller’s language', async () => {
    const en = await call('/jobs/..\\..\\windows\\win.ini', { method: 'GET' }, 'en');
    expect(en.status).toBe(404);
    expect(en.body).toEqual({ code: 40400, msg: 'No such API route: /windows/win.ini', result: null });
  });
});
