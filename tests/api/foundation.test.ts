import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/lib/server/app.ts';
import { createSession, hashToken, SESSION_TTL_SECONDS } from '../../src/lib/server/auth.server.ts';
import { categories, sessions, users } from '../../src/lib/server/db/schema/index.ts';
import { createTestDatabase } from '../helpers/test-db.ts';
import { eq } from 'drizzle-orm';
import pino from 'pino';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let clock = 1_800_000_000;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ db: database.db, logger: pino({ level: 'silent' }), now: () => clock });
});
afterAll(async () => {
  await database?.close();
});

describe(`API envelope and auth (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('chosenCateTree answers from the database: empty, then the rows inserted, localized', async () => {
    let res = await app.request('/api/chiplet/products/chosenCateTree');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 200000, msg: 'success', result: [] });

    await database.db.insert(categories).values([
      { cateId: 1, cateName: '集成电路', cateNameEn: 'Integrated circuits', level: 1, parentId: null },
      { cateId: 11, cateName: '微控制器', cateNameEn: 'Microcontrollers', level: 2, parentId: 1 },
    ]);
    res = await app.request('/api/chiplet/products/chosenCateTree', { headers: { cookie: 'locale=en' } });
    const body = (await res.json()) as { result: { cateId: number; cateName: string; parentId: number | null }[] };
    expect(body.result.map((c) => [c.cateId, c.cateName, c.parentId])).toEqual([
      [1, 'Integrated circuits', null],
      [11, 'Microcontrollers', 1],
    ]);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('unknown API route gives 40400 in the envelope', async () => {
    const res = await app.request('/api/nope', { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(res.status).toBe(404);
    const body = (await res.json()) as { code: number; msg: string; result: unknown };
    expect(body).toEqual({ code: 40400, msg: 'No such API route: /api/nope', result: null });
  });

  it('no token gives 40001; unknown token 40001; expired 40002; revoked 40001; valid passes', async () => {
    const noToken = await app.request('/api/chiplet/u/base/get', { method: 'POST' });
    expect(noToken.status).toBe(401);
    expect(((await noToken.json()) as { code: number }).code).toBe(40001);

    const bogus = await app.request('/api/chiplet/u/base/get', { method: 'POST', headers: { 'X-token': 'abc' } });
    expect(((await bogus.json()) as { code: number }).code).toBe(40001);

    const [user] = await database.db
      .insert(users)
      .values({ username: 'u138', phone: '13812341234', nickname: null })
      .returning({ id: users.id });
    const { token, expiresAt } = await createSession(database.db, user!.id, clock);
    expect(expiresAt - clock).toBe(SESSION_TTL_SECONDS);
    // Only the hash is stored.
    const stored = await database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);

    const okRes = await app.request('/api/chiplet/u/base/get', { method: 'POST', headers: { 'X-token': token } });
    expect(okRes.status).toBe(200);
    expect(await okRes.json()).toMatchObject({ code: 200000, result: { id: user!.id, phone: '13812341234', username: 'u138' } });

    // Token only from the header, never from the query.
    const inQuery = await app.request(`/api/chiplet/u/base/get?token=${token}`, { method: 'POST' });
    expect(((await inQuery.json()) as { code: number }).code).toBe(40001);

    clock += SESSION_TTL_SECONDS;
    const expired = await app.request('/api/chiplet/u/base/get', { method: 'POST', headers: { 'X-token': token } });
    expect(await expired.json()).toMatchObject({ code: 40002, msg: '登录已过期，请重新登录' });
    clock -= SESSION_TTL_SECONDS;

    await database.db.update(sessions).set({ revokedAt: new Date() });
    const revoked = await app.request('/api/chiplet/u/base/get', { method: 'POST', headers: { 'X-token': token } });
    expect(((await revoked.json()) as { code: number }).code).toBe(40001);
  });

  it('serves the OpenAPI document generated from the zod schemas, and a browsable reference', async () => {
    const res = await app.request('/api/openapi.json');
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/chiplet/products/chosenCateTree', '/api/chiplet/u/base/get']),
    );
    const html = await (await app.request('/api/docs')).text();
    expect(html).toContain('/api/chiplet/products/chosenCateTree');
    expect(html).toContain('X-token');
  });
});

describe('logout', () => {
  it('revokes the session at once', async () => {
    const [user] = await database.db.insert(users).values({ username: 'logout-user' }).returning({ id: users.id });
    const { token } = await createSession(database.db, user!.id, clock);
    const before = await app.request('/api/chiplet/u/base/get', { method: 'POST', headers: { 'X-token': token } });
    expect(((await before.json()) as { code: number }).code).toBe(200000);
    const out = await app.request('/api/chiplet/user/logout', { method: 'POST', headers: { 'X-token': token } });
    expect(await out.json()).toEqual({ code: 200000, msg: 'success', result: null });
    const after = await app.request('/api/chiplet/u/base/get', { method: 'POST', headers: { 'X-token': token } });
    expect(((await after.json()) as { code: number }).code).toBe(40001);
  });

  it('malformed JSON and bad bodies get 40000, never 500', async () => {
    const res = await app.request('/api/chiplet/u/base/get', { method: 'POST', body: '{bad', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBeLessThan(500);
  });
});
