import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/lib/server/app.ts';
import { createSession } from '../../src/lib/server/auth.server.ts';
import { products, users } from '../../src/lib/server/db/schema/index.ts';
import { INT32_MAX } from '../../src/lib/server/validation.ts';
import { silent } from '../../src/lib/sso/testing.server.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

// Regression tests of issue #9 at the API level (the findings of the outside probe): body limit and
// strict schemas (item 5), integers and text the database cannot hold (item 6), anonymous counter
// pumping (item 8), invisible and reversing names (item 9), security headers (item 10). Each
// failed on the code before the fix.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let clock = 1_900_000_000;
let app: ReturnType<typeof createApp>;
let token: string;
const PART = 'PROBE555_test';

type Env<T = unknown> = { code: number; msg: string; result: T };

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ db: database.db, logger: silent, now: () => clock, hostOrigins: [] });
  const [user] = await database.db.insert(users).values({ username: 'uprobe', phone: '13812349999' }).returning();
  token = (await createSession(database.db, user!.id, clock)).token;
  // A test fixture row (not a real part): the counters need something to count on.
  await database.db.insert(products).values({ mfgMpnCode: PART, mpn: 'PROBE555', mpnNormalized: 'PROBE555', source: 'test fixture', licence: 'CC0-1.0' });
}, 60_000);
afterAll(async () => {
  await database?.close();
});

async function call<T = unknown>(path: string, init: RequestInit & { ip?: string; locale?: 'zh' | 'en' } = {}) {
  const headers = new Headers(init.headers);
  if (init.locale) headers.set('cookie', `locale=${init.locale}`);
  const res = await app.request(`/api${path}`, { ...init, headers }, { ip: init.ip ?? '10.9.0.1' });
  const type = res.headers.get('content-type') ?? '';
  return { res, status: res.status, body: (type.includes('json') ? await res.json() : null) as Env<T> };
}
const json = (body: unknown, extra: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...extra },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe(`item 5: one body limit and strict schemas (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('a JSON body over 64 KB is refused with 41300 before it is parsed', async () => {
    const big = json({ keyword: 'stm32', junk: 'x'.repeat(1024 * 1024) });
    const r = await call('/chiplet/products/queryPage', big);
    expect(r.status).toBe(413);
    expect(r.body.code).toBe(41300);
  });

  it('a streamed body without Content-Length is counted as it arrives', async () => {
    const chunk = new TextEncoder().encode(`"${'y'.repeat(16 * 1024)}",`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"junk":['));
        if (sent++ < 64) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const r = await call('/chiplet/products/queryPage', { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit);
    expect(r.body.code).toBe(41300);
  });

  it('unknown keys are refused with 40000 naming them', async () => {
    const r = await call('/chiplet/products/queryPage', json({ keyword: 'stm32', evil: 1 }));
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(40000);
    expect(r.body.msg).toContain('evil');
    const nested = await call('/chiplet/products/queryPage', json({ keyword: 'r', params: [{ key: 'resistance', min: 1, extra: true }] }));
    expect(nested.body.code).toBe(40000);
    const zip = await call('/chiplet/products/downloadZip', json({ mfgMpnCode: PART, x: 1 }));
    expect(zip.body.code).toBe(40000);
  });

  it('every JSON request body in the OpenAPI document refuses unknown keys; every integer input is bounded to int4', async () => {
    const doc = (await (await app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { parameters?: { name: string; schema?: Schema }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
      components?: { schemas?: Record<string, Schema> };
    };
    type Schema = { $ref?: string; type?: string | string[]; properties?: Record<string, Schema>; additionalProperties?: unknown; items?: Schema; anyOf?: Schema[]; allOf?: Schema[]; maximum?: number };
    const resolve = (s: Schema): Schema => (s.$ref ? (doc.components?.schemas?.[s.$ref.split('/').pop()!] ?? {}) : s);
    const problems: string[] = [];
    const walk = (s0: Schema | undefined, where: string, depth = 0) => {
      if (!s0 || depth > 8) return;
      const s = resolve(s0);
      for (const sub of [...(s.anyOf ?? []), ...(s.allOf ?? [])]) walk(sub, where, depth + 1);
      if (s.properties) {
        if (s.additionalProperties !== false) problems.push(`${where}: object accepts unknown keys`);
        for (const [k, v] of Object.entries(s.properties)) walk(v, `${where}.${k}`, depth + 1);
      }
      if (s.items) walk(s.items, `${where}[]`, depth + 1);
      const types = Array.isArray(s.type) ? s.type : [s.type];
      if (types.includes('integer') && (s.maximum === undefined || s.maximum > INT32_MAX)) problems.push(`${where}: integer without a bound ≤ ${INT32_MAX}`);
    };
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const p of op.parameters ?? []) {
          const s = p.schema ? resolve(p.schema) : undefined;
          const types = Array.isArray(s?.type) ? s.type : [s?.type];
          if (types.includes('integer') && (s?.maximum === undefined || s.maximum > INT32_MAX)) problems.push(`${method} ${path} ${p.name}: integer without a bound`);
        }
        const body = op.requestBody?.content?.['application/json']?.schema;
        if (body) walk(body, `${method} ${path} body`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

describe('item 6: integers and text the database cannot hold are 40000, never 500', () => {
  it('an avatar id beyond int4', async () => {
    const r = await call(`/chiplet/user/avatar/${INT32_MAX + 1}`);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(40000);
    expect((await call(`/chiplet/user/avatar/${INT32_MAX}`)).body.code).toBe(40400);
  });

  it('NUL in a JSON string, a key, or the query string', async () => {
    for (const body of [{ package: ['a\u0000b'] }, { keyword: 'st\u0000m' }, { ['k\u0000']: 1 }]) {
      const r = await call('/chiplet/products/queryPage', json(body));
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe(40000);
    }
    const q = await call('/chiplet/products/suggest?q=a%00b');
    expect(q.body.code).toBe(40000);
    expect(q.body.msg).toContain('q');
  });

  it('invalid UTF-8 in the body or the query, and lone surrogates', async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('{"keyword":"'), 0xff, 0xfe, ...new TextEncoder().encode('"}')]);
    const r = await call('/chiplet/products/queryPage', { method: 'POST', headers: { 'content-type': 'application/json' }, body: bytes });
    expect(r.body.code).toBe(40000);
    expect((await call('/chiplet/products/suggest?q=%FF')).body.code).toBe(40000);
    expect((await call('/chiplet/products/queryPage', json('{"keyword":"\\ud800x"}'))).body.code).toBe(40000);
  });

  it('speaks the caller’s language', async () => {
    const r = await call('/chiplet/products/queryPage', { ...json({ package: ['a\u0000b'] }), locale: 'en' });
    expect(r.body.msg).toBe('Invalid field package[0]: contains a NUL character');
    const zh = await call('/chiplet/products/queryPage', json({ package: ['a\u0000b'] }));
    expect(zh.body.msg).toBe('参数 package[0] 无效：含有空字符（NUL）');
  });
});

type Mark = { counters: Record<string, number> };
describe('item 8: counters move once per client, part and day; calls are throttled per IP', () => {
  it('300 calls with every counter set move each counter by one', async () => {
    const body = { mKey: PART, mType: 'COMPONENT', pdfCount: 1, edaCount: 1, likeCount: 1, moduleCount: 1 };
    const before = (await call<Mark>('/chiplet/mark/add', { ...json(body), ip: '10.8.0.1' })).body.result.counters;
    for (let i = 0; i < 100; i++) await call('/chiplet/mark/add', { ...json(body), ip: '10.8.0.1' });
    const after = (await call<Mark>('/chiplet/mark/add', { ...json(body), ip: '10.8.0.1' })).body.result.counters;
    expect(after).toEqual(before);
    expect(before).toMatchObject({ pdfCount: 1, edaCount: 1, likeCount: 1, moduleCount: 1 });
  });

  it('past 120 calls a minute from one IP: 429 with Retry-After, while another IP is served', async () => {
    const body = json({ mKey: PART, mType: 'COMPONENT' });
    let limited: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 130 && !limited; i++) {
      const r = await call('/chiplet/mark/tagClick', { ...body, ip: '10.8.0.2' });
      if (r.status === 429) limited = r;
    }
    expect(limited?.body.code).toBe(42900);
    expect(Number(limited?.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await call('/chiplet/mark/tagClick', { ...body, ip: '10.8.0.3' })).status).toBe(200);
  });

  it('a signed-in caller, another IP and the next day each count once more; values other than 0 or 1 are refused', async () => {
    const body = { mKey: PART, mType: 'COMPONENT', likeCount: 1 };
    const base = (await call<Mark>('/chiplet/mark/add', { ...json(body), ip: '10.8.0.4' })).body.result.counters.likeCount!;
    expect((await call<Mark>('/chiplet/mark/add', { ...json(body), ip: '10.8.0.4' })).body.result.counters.likeCount).toBe(base);
    expect((await call<Mark>('/chiplet/mark/add', { ...json(body, { 'X-token': token }), ip: '10.8.0.4' })).body.result.counters.likeCount).toBe(base + 1);
    expect((await call<Mark>('/chiplet/mark/add', { ...json(body, { 'X-token': token }), ip: '10.8.0.5' })).body.result.counters.likeCount).toBe(base + 1);
    clock += 86_400;
    expect((await call<Mark>('/chiplet/mark/add', { ...json(body), ip: '10.8.0.4' })).body.result.counters.likeCount).toBe(base + 2);
    for (const v of [300, 2, -1, '1', true]) {
      expect((await call('/chiplet/mark/add', { ...json({ ...body, likeCount: v }), ip: '10.8.0.6' })).body.code, String(v)).toBe(40000);
    }
    expect((await call('/chiplet/mark/add', { ...json({ ...body, likeCount: 0, pdfCount: 1 }), ip: '10.8.0.6' })).status).toBe(200);
  });
});

describe('item 9: names others see cannot hide or reverse text', () => {
  const update = (nickname: string, locale?: 'zh' | 'en') => call('/chiplet/u/base/update', { ...json({ nickname }, { 'X-token': token }), ...(locale ? { locale } : {}) });
  it('refuses bidi overrides, zero-width and invalid characters', async () => {
    for (const nickname of ['\u202eSTM32', '\u200b', 'a\u200bb', 'ab\u2066c', '\u3164', 'x\ue000', 'x\ud800']) {
      const r = await update(nickname);
      expect(r.status, JSON.stringify(nickname)).toBe(400);
      expect(r.body.code).toBe(40000);
    }
    expect((await update('\u202eSTM32')).body.msg).toContain('文字方向');
    expect((await update('\u202eSTM32', 'en')).body.msg).toContain('text-direction');
  });
  it('keeps ordinary names, Chinese, and emoji sequences', async () => {
    for (const nickname of ['芯片工程师', 'Ada Lovelace', '👨‍👩‍👧 family', 'café']) {
      const r = await update(nickname);
      expect(r.status, nickname).toBe(200);
      expect((r.body.result as { nickname: string }).nickname).toBe(nickname);
    }
  });
});

describe('item 10: one set of security headers on every API answer', () => {
  it('JSON, errors, files and the docs page all carry them', async () => {
    const answers = [
      await app.request('/api/chiplet/products/chosenCateTree'),
      await app.request('/api/nope'),
      await app.request(`/api/chiplet/user/avatar/${INT32_MAX + 1}`),
      await app.request('/api/openapi.json'),
      await app.request('/api/docs'),
    ];
    for (const res of answers) {
      expect(res.headers.get('x-content-type-options'), res.url).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/default-src 'none'/);
    }
  });
});
