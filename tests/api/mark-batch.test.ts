import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { BUSY_MARKS, MarkBatcher } from '../../src/lib/catalog/mark-batch.server.ts';
import { createApp } from '../../src/lib/server/app.ts';
import { products, trackingMarks } from '../../src/lib/server/db/schema/index.ts';
import { Code } from '../../src/lib/server/errors.ts';
import { createTestDatabase } from '../helpers/test-db.ts';
import { seedCatalog } from '../unit/catalog-pages/seed.ts';

// mark/* at scale (issue #14 item 6): calls are written in batches (mark-batch.server.ts), each
// distinct client still counts once per part, counter and day, and the answers keep their shape.

type Db = Awaited<ReturnType<typeof createTestDatabase>>;
type Env<T = unknown> = { code: number; msg: string; result: T };
type Mark = { mKey: string; mType: string; counters: Record<string, number> };
let database: Db;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalog(database);
  app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
}, 120_000);
afterAll(async () => {
  await database?.close();
});

async function post<T = Mark>(path: string, body: unknown, ip: string): Promise<{ status: number; body: Env<T> }> {
  const res = await app.request(`/api/chiplet${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', cookie: 'locale=en' }, body: JSON.stringify(body) }, { ip });
  return { status: res.status, body: (await res.json()) as Env<T> };
}
const ipOf = (i: number) => `10.${20 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;
async function counters(code: string) {
  const [row] = await database.db.select().from(products).where(eq(products.mfgMpnCode, code));
  return row!;
}
const markCount = async () => Number((await database.db.select({ n: sql<number>`count(*)::int` }).from(trackingMarks))[0]!.n);

describe(`batched tracking (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('2,000 concurrent calls: every distinct client counted once per day, the counts exact', async () => {
    const CLIENTS = 1000;
    const calls: Promise<{ status: number; body: Env<Mark> }>[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      calls.push(post('/mark/add', { mKey: 'LM358_ti', mType: 'COMPONENT', pdfCount: 1 }, ipOf(i)));
      // Even clients repeat the same mark (not counted again); odd ones click a tag of another part.
      calls.push(i % 2 === 0 ? post('/mark/add', { mKey: 'LM358_ti', mType: 'COMPONENT', pdfCount: 1 }, ipOf(i)) : post('/mark/tagClick', { mKey: 'LM2904_ti' }, ipOf(i)));
    }
    const started = performance.now();
    const answers = await Promise.all(calls);
    const ms = performance.now() - started;
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body)).toEqual([]);
    const lm358 = answers.filter((a) => a.body.result.mKey === 'LM358_ti').map((a) => a.body.result.counters.pdfCount!);
    expect(Math.max(...lm358)).toBe(CLIENTS);
    expect(Math.min(...lm358)).toBeGreaterThan(0);
    expect(answers[1]!.body.result).toMatchObject({ mKey: 'LM358_ti', mType: 'COMPONENT' });
    expect(Object.keys(answers[0]!.body.result.counters).sort()).toEqual(['componentPlacementCount', 'edaCount', 'likeCount', 'moduleCount', 'modulePlacementCount', 'pdfCount', 'tagClickCount']);
    const a = await counters('LM358_ti');
    const b = await counters('LM2904_ti');
    expect(a.pdfCount).toBe(CLIENTS);
    expect(b.tagClickCount).toBe(CLIENTS / 2);
    expect([a.edaCount, a.tagClickCount, b.pdfCount]).toEqual([0, 0, 0]);
    expect(await markCount()).toBe(CLIENTS + CLIENTS / 2);
    // Batched: far quicker than 2,000 one-by-one transactions behind a 200 ms window would be.
    expect(ms).toBeLessThan(60_000);
    // The same clients again, later the same day: nothing moves.
    const again = await Promise.all(Array.from({ length: 50 }, (_, i) => post('/mark/add', { mKey: 'LM358_ti', mType: 'COMPONENT', pdfCount: 1 }, ipOf(i))));
    expect(again.every((r) => r.status === 200 && r.body.result.counters.pdfCount === CLIENTS)).toBe(true);
    expect((await counters('LM358_ti')).pdfCount).toBe(CLIENTS);
  }, 120_000);

  it('an unknown part is 40400 and writes nothing', async () => {
    const before = await markCount();
    const r = await post('/mark/add', { mKey: 'NOPE_x', mType: 'COMPONENT', edaCount: 1 }, '10.99.0.1');
    expect(r).toMatchObject({ status: 404, body: { code: Code.notFound } });
    expect(r.body.msg).toContain('NOPE_x');
    expect((await post('/mark/componentPlacement', { mKey: 'NOPE_y' }, '10.99.0.1')).status).toBe(404);
    expect(await markCount()).toBe(before);
  });

  it('negative, fractional, too large or non-numeric counters are 40000 and write nothing', async () => {
    const before = await markCount();
    const lm2904 = await counters('LM2904_ti');
    for (const value of [-1, 2, 300, 0.5, '1', true, null]) {
      const r = await post('/mark/add', { mKey: 'LM2904_ti', mType: 'COMPONENT', edaCount: value }, '10.99.0.2');
      expect(r.status, JSON.stringify(value)).toBe(400);
      expect(r.body.code).toBe(Code.badInput);
    }
    expect((await post('/mark/add', { mKey: 'LM2904_ti', mType: 'COMPONENT', edaCount: 0 }, '10.99.0.2')).body.code).toBe(Code.badInput);
    expect(await markCount()).toBe(before);
    expect((await counters('LM2904_ti')).edaCount).toBe(lm2904.edaCount);
  });

  it('a batch the database refuses is answered 50300 and counts nothing; later batches work', async () => {
    const before = (await counters('LM2904_ti')).likeCount;
    await database.db.execute(sql`ALTER TABLE tracking_marks RENAME TO tracking_marks_away`);
    let failed;
    try {
      failed = await Promise.all([post('/mark/add', { mKey: 'LM2904_ti', mType: 'COMPONENT', likeCount: 1 }, '10.99.1.1'), post('/mark/add', { mKey: 'LM2904_ti', mType: 'COMPONENT', likeCount: 1 }, '10.99.1.2')]);
    } finally {
      await database.db.execute(sql`ALTER TABLE tracking_marks_away RENAME TO tracking_marks`);
    }
    for (const r of failed) expect(r).toMatchObject({ status: 503, body: { code: Code.unavailable } });
    expect((await counters('LM2904_ti')).likeCount).toBe(before);
    const ok = await post('/mark/add', { mKey: 'LM2904_ti', mType: 'COMPONENT', likeCount: 1 }, '10.99.1.1');
    expect(ok.body.result.counters.likeCount).toBe(before + 1);
  });

  it('a flush with nothing queued leaves the batcher working', async () => {
    const batcher = new MarkBatcher(database.db, { logger: pino({ level: 'silent' }) });
    const day = Math.floor(Date.now() / 86_400_000);
    await batcher.flush();
    await batcher.flush();
    const counters = await batcher.mark({ mKey: 'LM2904_ti', mType: 'COMPONENT', names: ['pdfCount'], client: { client: 'ip:empty-flush', day }, locale: 'zh' });
    expect(counters.pdfCount).toBeGreaterThan(0);
    await batcher.close();
  });

  it('close() writes what is queued before the database goes, then refuses new marks', async () => {
    const batcher = new MarkBatcher(database.db, { flushMs: 60_000, logger: pino({ level: 'silent' }) });
    const day = Math.floor(Date.now() / 86_400_000);
    // A trickle goes out at once; under load (BUSY_MARKS in a window) a mark waits for the 60 s window.
    const first = await batcher.mark({ mKey: 'LM358_ti', mType: 'COMPONENT', names: ['moduleCount'], client: { client: 'ip:shutdown-test-1', day }, locale: 'zh' });
    expect(first.moduleCount).toBe(1);
    const load = await Promise.all(Array.from({ length: BUSY_MARKS }, (_, i) => batcher.mark({ mKey: 'LM2904_ti', mType: 'COMPONENT', names: ['moduleCount'], client: { client: `ip:load-${i}`, day }, locale: 'zh' })));
    expect(load.at(-1)!.moduleCount).toBe(BUSY_MARKS);
    const pending = batcher.mark({ mKey: 'LM358_ti', mType: 'COMPONENT', names: ['moduleCount'], client: { client: 'ip:shutdown-test-2', day }, locale: 'zh' });
    await new Promise((r) => setTimeout(r, 100));
    expect((await counters('LM358_ti')).moduleCount).toBe(1); // still queued
    await batcher.close();
    expect((await pending).moduleCount).toBe(2);
    expect((await counters('LM358_ti')).moduleCount).toBe(2);
    await expect(batcher.mark({ mKey: 'LM358_ti', mType: 'COMPONENT', names: ['likeCount'], client: { client: 'ip:late', day }, locale: 'zh' })).rejects.toMatchObject({ code: Code.unavailable });
  });
});
