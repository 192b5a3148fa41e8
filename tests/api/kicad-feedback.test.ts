import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogRecord } from '../../src/lib/catalog/import/catalog-record.ts';
import { FEEDBACK_LIMITS } from '../../src/lib/kicad-host/feedback.ts';
import type { Feedback, FeedbackPage } from '../../src/lib/kicad-host/feedback.schema.ts';
import type { KicadRefs } from '../../src/lib/kicad-host/kicad-ids.ts';
import { createApp } from '../../src/lib/server/app.ts';
import { kicadFeedback, userComponents, users } from '../../src/lib/server/db/schema/index.ts';
import { createTestDatabase } from '../helpers/test-db.ts';
import { loadRealParts } from '../helpers/library-parts.ts';
import { makeUser } from '../helpers/test-user.ts';

// kicad/productDetail and kicad/feedback (issue #17, ADR 0015 §3) on PGlite, or on PostgreSQL with
// TEST_DATABASE_URL: the detail is products/detail plus KiCad refs; a logged-in user reports a
// catalogue part or an own component (someone else's is 40400), bad reports are refused in the
// caller's language with nothing stored, a user is rate-limited, only operators list and resolve,
// and the reporter sees the reply. Parts are real records of the committed demo catalogue.

const label = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
type Env<T> = { code: number; msg: string; result: T };
type User = { id: number; token: string };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: ReturnType<typeof createApp>;
let parts: CatalogRecord[];
let alice: User;
let bob: User;
let operator: User;
let aliceComp: number;

async function call<T>(path: string, user: User | null, body?: unknown, locale?: 'zh' | 'en'): Promise<{ status: number; body: Env<T>; headers: Headers }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (user) headers['x-token'] = user.token;
  if (locale) headers['cookie'] = `locale=${locale}`;
  const res = await app.request(`/api/chiplet${path}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body ?? {}) });
  return { status: res.status, body: (await res.json()) as Env<T>, headers: res.headers };
}
async function ok<T>(path: string, user: User | null, body?: unknown): Promise<T> {
  const r = await call<T>(path, user, body);
  expect(r.body.code, `${path}: ${r.body.msg}`).toBe(200000);
  return r.body.result;
}
const code = (mpn: string): string => parts.find((p) => p.mpn === mpn)!.mfgMpnCode!;
const stored = async () => (await database.db.select({ n: count() }).from(kicadFeedback))[0]!.n;

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
  parts = await loadRealParts(database, ['LM358', 'NE555D']);
  alice = await makeUser(database.db, 'fb-alice');
  bob = await makeUser(database.db, 'fb-bob');
  operator = await makeUser(database.db, 'fb-operator');
  await database.db.update(users).set({ role: 'operator' }).where(eq(users.id, operator.id));
  const [comp] = await database.db.insert(userComponents).values({ ownerId: alice.id, mpn: 'MY-PART-1' }).returning({ id: userComponents.id });
  aliceComp = comp!.id;
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe(`kicad/productDetail (${label})`, () => {
  it('is products/detail plus the part’s KiCad refs', async () => {
    const mfgMpnCode = code('LM358');
    const plain = await ok<Record<string, unknown>>('/products/detail', null, { mfgMpnCode });
    const variant = await ok<Record<string, unknown> & { kicad: KicadRefs }>('/kicad/productDetail', null, { mfgMpnCode });
    const strip = (v: unknown) => JSON.parse(JSON.stringify(v, (k, x: unknown) => (k === 'kicad' ? undefined : x))) as unknown;
    expect(strip(variant)).toEqual(plain);
    const record = parts.find((p) => p.mpn === 'LM358')!;
    expect(variant.kicad.symbolLibId).toBe(`${record.symbol!.library}:${record.symbol!.name}`);
    expect(variant.kicad.footprintLibId).toBe(`${record.footprint!.library}:${record.footprint!.name}`);
    expect(variant.kicad.placementUrl).toBe('http://localhost/api/chiplet/kicad/placement');
    const fp = await app.request(variant.kicad.footprintUrl!.replace('http://localhost', ''));
    expect(fp.status).toBe(200);
  });

  it('refuses unknown parts, unknown fields and wrong types', async () => {
    expect((await call('/kicad/productDetail', null, { mfgMpnCode: 'NO-SUCH-PART' })).body.code).toBe(40400);
    expect((await call('/kicad/productDetail', null, { mfgMpnCode: code('LM358'), extra: 1 })).body.code).toBe(40000);
    const wrong = await call('/kicad/productDetail', null, { mfgMpnCode: 42 });
    expect(wrong.body.code).toBe(40000);
    expect(wrong.body.msg).toContain('mfgMpnCode');
  });
});

describe(`kicad/feedback (${label})`, () => {
  it('needs login', async () => {
    for (const path of ['/kicad/feedback', '/kicad/feedback/mine', '/kicad/feedback/list', '/kicad/feedback/resolve']) {
      const r = await call(path, null, {});
      expect(r.body.code, path).toBe(40001);
    }
  });

  it('stores a report of a catalogue part and of an own component; the reporter lists them', async () => {
    const part = await ok<Feedback>('/kicad/feedback', alice, { mfgMpnCode: code('LM358'), kind: 'footprint', message: '焊盘间距不对\n第 3 脚', hostVersion: '9.0.5' });
    expect(part).toMatchObject({ kind: 'footprint', state: 'open', mfgMpnCode: code('LM358'), mpn: 'LM358', userCompId: null, hostVersion: '9.0.5', reply: null, message: '焊盘间距不对\n第 3 脚' });
    expect(part).not.toHaveProperty('reporter');
    const comp = await ok<Feedback>('/kicad/feedback', alice, { userCompId: aliceComp, kind: 'symbol', message: '  pin 2 named wrong  ' });
    expect(comp).toMatchObject({ userCompId: aliceComp, mfgMpnCode: null, mpn: 'MY-PART-1', message: 'pin 2 named wrong' });
    const mine = await ok<FeedbackPage>('/kicad/feedback/mine', alice, { pageNum: 1, pageSize: 10 });
    expect(mine.list.map((f) => f.id)).toEqual([comp.id, part.id]);
    expect(mine.total).toBe(2);
    expect((await ok<FeedbackPage>('/kicad/feedback/mine', bob, {})).total).toBe(0);
  });

  it('someone else’s component is 40400 like a missing one; unknown parts too; nothing stored', async () => {
    const before = await stored();
    const theirs = await call('/kicad/feedback', bob, { userCompId: aliceComp, kind: 'symbol', message: 'x' }, 'en');
    const missing = await call('/kicad/feedback', bob, { userCompId: 999_999, kind: 'symbol', message: 'x' }, 'en');
    expect(theirs.body.code).toBe(40400);
    expect(missing.body.code).toBe(40400);
    expect(theirs.body.msg.replace(String(aliceComp), '#')).toBe(missing.body.msg.replace('999999', '#'));
    expect((await call('/kicad/feedback', bob, { mfgMpnCode: 'NO-SUCH', kind: 'other', message: 'x' })).body.code).toBe(40400);
    expect(await stored()).toBe(before);
  });

  it('refuses bad reports with 40000 naming the field, in zh and en, storing nothing', async () => {
    const before = await stored();
    const cases: { body: Record<string, unknown>; field: string; zh: string; en: string }[] = [
      { body: { mfgMpnCode: code('LM358'), kind: 'pins', message: 'x' }, field: 'kind', zh: '必须是 symbol、footprint、model3d 或 other 之一', en: 'must be one of symbol, footprint, model3d or other' },
      { body: { mfgMpnCode: code('LM358'), kind: 'symbol', message: '   ' }, field: 'message', zh: '不能为空', en: 'must not be empty' },
      { body: { mfgMpnCode: code('LM358'), kind: 'symbol', message: 'x'.repeat(1001) }, field: 'message', zh: '不能超过 1000 个字符', en: 'must be at most 1000 characters' },
      { body: { mfgMpnCode: code('LM358'), kind: 'symbol', message: 'bad\u0007bell' }, field: 'message', zh: '不能包含控制字符', en: 'must not contain control' },
      { body: { mfgMpnCode: code('LM358'), kind: 'symbol', message: 'rtl\u202eevil' }, field: 'message', zh: '不能包含控制字符', en: 'must not contain control' },
      { body: { kind: 'symbol', message: 'x' }, field: 'mfgMpnCode', zh: '请给出 mfgMpnCode 或 userCompId 其中之一', en: 'give exactly one of mfgMpnCode or userCompId' },
      { body: { mfgMpnCode: code('LM358'), userCompId: aliceComp, kind: 'symbol', message: 'x' }, field: 'mfgMpnCode', zh: '请给出 mfgMpnCode 或 userCompId 其中之一', en: 'give exactly one of' },
      { body: { mfgMpnCode: code('LM358'), kind: 'symbol', message: 'x', hostVersion: 'nine' }, field: 'hostVersion', zh: '必须是版本号', en: 'must be a version number' },
    ];
    for (const { body, field, zh, en } of cases) {
      const z = await call('/kicad/feedback', alice, body, 'zh');
      expect(z.status, JSON.stringify(body)).toBe(400);
      expect(z.body.code).toBe(40000);
      expect(z.body.msg).toContain(field);
      expect(z.body.msg).toContain(zh);
      const e = await call('/kicad/feedback', alice, body, 'en');
      expect(e.body.msg).toContain(en);
    }
    // Unknown fields and wrong types: the envelope's validation error.
    expect((await call('/kicad/feedback', alice, { mfgMpnCode: code('LM358'), kind: 'symbol', message: 'x', severity: 'high' })).body.code).toBe(40000);
    expect((await call('/kicad/feedback', alice, { userCompId: '1', kind: 'symbol', message: 'x' })).body.code).toBe(40000);
    expect((await call('/kicad/feedback', alice, { mfgMpnCode: code('LM358'), kind: 'symbol', message: 7 })).body.code).toBe(40000);
    expect((await call('/kicad/feedback', alice, '{not json')).body.code).toBe(40000);
    expect(await stored()).toBe(before);
  });

  it('only operators list and resolve; the reporter sees the reply; a handled report stays handled', async () => {
    const report = await ok<Feedback>('/kicad/feedback', bob, { mfgMpnCode: code('NE555D'), kind: 'model3d', message: '3D body is rotated 90°' });
    for (const path of ['/kicad/feedback/list', '/kicad/feedback/resolve']) {
      const denied = await call(path, bob, path.endsWith('list') ? {} : { id: report.id, state: 'resolved', reply: 'x' }, 'en');
      expect(denied.status, path).toBe(403);
      expect(denied.body.code).toBe(40300);
    }
    const open = await ok<FeedbackPage>('/kicad/feedback/list', operator, { state: 'open', pageNum: 1, pageSize: 50 });
    const listed = open.list.find((f) => f.id === report.id)!;
    expect(listed.reporter).toBe('fb-bob');
    expect(open.list.every((f) => f.state === 'open')).toBe(true);
    const resolved = await ok<Feedback>('/kicad/feedback/resolve', operator, { id: report.id, state: 'resolved', reply: '已修正 3D 模型的方向' });
    expect(resolved).toMatchObject({ state: 'resolved', reply: '已修正 3D 模型的方向' });
    expect(resolved.resolvedAt).not.toBeNull();
    const again = await call('/kicad/feedback/resolve', operator, { id: report.id, state: 'rejected', reply: 'no' }, 'en');
    expect(again.body.code).toBe(40000);
    expect(again.body.msg).toContain('already been handled');
    const missing = await call('/kicad/feedback/resolve', operator, { id: 999_999, state: 'rejected', reply: 'no' });
    expect(missing.body.code).toBe(40400);
    const badState = await call('/kicad/feedback/resolve', operator, { id: report.id, state: 'open', reply: 'no' }, 'en');
    expect(badState.body.msg).toContain('must be resolved or rejected');
    const badReply = await call('/kicad/feedback/resolve', operator, { id: report.id, state: 'rejected', reply: '' }, 'zh');
    expect(badReply.body.msg).toContain('reply');
    const mine = await ok<FeedbackPage>('/kicad/feedback/mine', bob, {});
    expect(mine.list.find((f) => f.id === report.id)).toMatchObject({ state: 'resolved', reply: '已修正 3D 模型的方向' });
    const closed = await ok<FeedbackPage>('/kicad/feedback/list', operator, { state: 'resolved' });
    expect(closed.list.map((f) => f.id)).toContain(report.id);
    expect((await call('/kicad/feedback/list', operator, { state: 'done' }, 'en')).body.msg).toContain('must be one of open, resolved or rejected');
  });

  it(`rate-limits a user after ${FEEDBACK_LIMITS.perUserMax} reports, in the caller’s language, other users unaffected`, async () => {
    const flooder = await makeUser(database.db, 'fb-flooder');
    for (let i = 0; i < FEEDBACK_LIMITS.perUserMax; i++) await ok('/kicad/feedback', flooder, { mfgMpnCode: code('LM358'), kind: 'other', message: `report ${i}` });
    const before = await stored();
    const zh = await call('/kicad/feedback', flooder, { mfgMpnCode: code('LM358'), kind: 'other', message: 'one more' }, 'zh');
    expect(zh.status).toBe(429);
    expect(zh.body.code).toBe(42900);
    expect(zh.body.msg).toMatch(/反馈提交过于频繁，请 \d+ 秒后再试/);
    expect(Number(zh.headers.get('retry-after'))).toBeGreaterThan(0);
    const en = await call('/kicad/feedback', flooder, { mfgMpnCode: code('LM358'), kind: 'other', message: 'one more' }, 'en');
    expect(en.body.msg).toMatch(/Too many reports; try again in \d+ s/);
    expect(await stored()).toBe(before);
    await ok('/kicad/feedback', alice, { mfgMpnCode: code('LM358'), kind: 'other', message: 'still fine' });
  });
});
