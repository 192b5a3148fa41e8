import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designAnalysesSettled } from '../../src/lib/designs/design-analysis.server.ts';
import { recomputeDesignScores } from '../../src/lib/designs/design-rank.server.ts';
import { countVisit } from '../../src/lib/designs/designs.server.ts';
import { VISIT_THROTTLE } from '../../src/lib/designs/designs.routes.ts';
import { designScore } from '../../src/lib/designs/designs.ts';
import type { DesignDetail, DesignList } from '../../src/lib/designs/designs.schema.ts';
import { createSession } from '../../src/lib/server/auth.server.ts';
import { boms, designFiles, designLikes, designParts, designs, users } from '../../src/lib/server/db/schema/index.ts';
import { call, createWorld, type World } from '../helpers/bom-world.ts';
import { appWithClock, createDesign, FIXTURES, haveDemoCatalogue, loadDemoParts, projectParts } from '../helpers/design-world.ts';

// /api/design/* (issue #14) on PGlite, or on PostgreSQL with TEST_DATABASE_URL: visibility (a
// private design is 40400 to everyone but its owner, like an id that does not exist), ownership
// of edits and deletes, likes and visits counted once, validation in the caller's language, the
// server analysis (BOM, cover, parts matched in the demo catalogue, a broken project kept as
// 'failed'), gallery search and sorts, and the Top100 score with an injected clock.

const label = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const GLASGOW = join(FIXTURES, 'glasgow-revc');
const OLIMEX = join(FIXTURES, 'olimex-mod-esp32-c5');

let w: World;
let glasgow: DesignDetail;
let olimex: DesignDetail;

const detail = (id: string, token?: string | null, locale?: 'zh' | 'en') => call<DesignDetail>(w, 'GET', `/design/detail?id=${id}`, { token: token ?? null, ...(locale ? { locale } : {}) });
const gallery = (query: string, token?: string) => call<DesignList>(w, 'GET', `/design/all?${query}`, { token: token ?? null });

beforeAll(async () => {
  w = await createWorld();
  if (haveDemoCatalogue) await loadDemoParts(w.database, ['ICE40HX8K-BG121']);
  const g = await createDesign<DesignDetail>(w.app, projectParts(GLASGOW), { token: w.alice.token, fields: { title: 'Glasgow Interface Explorer', tags: 'FPGA, usb ,fpga', licence: 'Apache-2.0' } });
  expect(g.body.code, g.body.msg).toBe(200000);
  glasgow = g.body.result;
  const o = await createDesign<DesignDetail>(w.app, projectParts(OLIMEX), { token: w.alice.token, fields: { description: 'ESP32-C5 module board', visibility: 'public', licence: 'CERN-OHL-S-2.0' } });
  expect(o.body.code, o.body.msg).toBe(200000);
  olimex = o.body.result;
  await designAnalysesSettled();
}, 120_000);

afterAll(async () => {
  await w?.close();
});

describe(`designs API (${label})`, () => {
  it('stores a design with the fields given, private by default, title from the project name otherwise', () => {
    expect(glasgow).toMatchObject({ title: 'Glasgow Interface Explorer', tags: ['fpga', 'usb'], licence: 'Apache-2.0', visibility: 'private', publishedAt: null, own: true, isDemo: false });
    expect(glasgow.files.map((f) => f.kind).sort()).toEqual(['board', 'project', 'schematic', 'schematic', 'schematic']);
    expect(olimex).toMatchObject({ title: 'MOD-ESP32-C5_Rev_A', visibility: 'public', licence: 'CERN-OHL-S-2.0' });
    expect(olimex.publishedAt).not.toBeNull();
  });

  it('analyses in the background: BOM lines, statistics, a cover, parts matched in the catalogue', async () => {
    const { body } = await detail(glasgow.id, w.alice.token);
    const d = body.result;
    expect(d.analysis).toBe('ok');
    expect(d.bom!.length).toBeGreaterThan(20);
    expect(d.stats.footprints).toBe(272);
    expect(d.coverUrl).toMatch(new RegExp(`^/api/design/cover\\?id=${d.id}&v=[0-9a-f]{16}$`));
    const fpga = d.bom!.find((l) => l.value === 'ICE40HX8K-BG121');
    expect(fpga).toBeDefined();
    if (haveDemoCatalogue) {
      expect(d.partCount).toBeGreaterThan(0);
      expect(fpga!.part).toEqual({ mfgMpnCode: 'ICE40HX8K-BG121_lattice', mpn: 'ICE40HX8K-BG121', brandName: expect.any(String) as string });
      const rows = await w.database.db.select().from(designParts).where(eq(designParts.designId, d.id));
      expect(rows.length).toBe(d.partCount);
      expect(rows.find((r) => r.matchedText === 'ICE40HX8K-BG121')?.quantity).toBe(fpga!.quantity);
    }
  });

  it('serves the cover as SVG under a strict CSP, cacheable by its key', async () => {
    const coverUrl = (await detail(glasgow.id, w.alice.token)).body.result.coverUrl!;
    const res = await w.app.request(coverUrl, { headers: { 'x-token': w.alice.token } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(res.headers.get('cache-control')).toBe('private, max-age=86400');
    const svg = await res.text();
    expect(svg.startsWith('<svg') || svg.startsWith('<?xml')).toBe(true);
    expect(svg.length).toBeLessThanOrEqual(300 * 1024);
    const again = await w.app.request(`/api/design/cover?id=${glasgow.id}`, { headers: { 'x-token': w.alice.token, 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('serves a file of a visible design as an attachment', async () => {
    const res = await w.app.request(`/api/design/file?id=${olimex.id}&name=${encodeURIComponent(olimex.files.find((f) => f.kind === 'board')!.name)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect((await res.text()).startsWith('(kicad_pcb')).toBe(true);
    const missing = await call(w, 'GET', `/design/file?id=${olimex.id}&name=nope.kicad_sch`);
    expect(missing.body.code).toBe(40400);
  });

  it('answers a private design with 40400 to others and to logged-out callers, like a made-up id', async () => {
    const unknown = randomUUID();
    const probes: [string, string, string | null, unknown?][] = [
      ['GET', `/design/detail?id=${glasgow.id}`, w.bob.token],
      ['GET', `/design/detail?id=${glasgow.id}`, null],
      ['GET', `/design/detail?id=${unknown}`, w.bob.token],
      ['GET', `/design/file?id=${glasgow.id}&name=glasgow.kicad_pcb`, w.bob.token],
      ['GET', `/design/file?id=${glasgow.id}&name=glasgow.kicad_pcb`, null],
      ['GET', `/design/cover?id=${glasgow.id}`, w.bob.token],
      ['GET', `/design/cover?id=${glasgow.id}`, null],
      ['POST', '/design/incrLikeCount', w.bob.token, { id: glasgow.id }],
      ['POST', '/design/incrVisitCount', w.bob.token, { id: glasgow.id }],
      ['POST', '/design/incrVisitCount', null, { id: glasgow.id }],
      ['POST', '/design/incrVisitCount', null, { id: unknown }],
      ['POST', '/design/user/toBom', w.bob.token, { id: glasgow.id }],
    ];
    const messages = new Set<string>();
    for (const [method, path, token, body] of probes) {
      const res = await call(w, method, path, { token, locale: 'en' }, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code).toBe(40400);
      messages.add(res.body.msg);
    }
    expect([...messages]).toEqual(['No such design: it does not exist, is not public, or is not yours']);
    const zh = await detail(glasgow.id, w.bob.token, 'zh');
    expect(zh.body.msg).toBe('找不到该设计：它不存在、未公开，或不属于你');
    const gal = await gallery('keyword=glasgow');
    expect(gal.body.result.total).toBe(0);
    const [likes] = await w.database.db.select({ n: count() }).from(designLikes).where(eq(designLikes.designId, glasgow.id));
    expect(Number(likes!.n)).toBe(0);
  });

  it('lets only the owner edit: others get 40400 and nothing changes; publishing sets publishedAt', async () => {
    const bob = await call(w, 'PUT', '/design/user', { token: w.bob.token }, { id: glasgow.id, title: 'stolen', visibility: 'public' });
    expect(bob.body.code).toBe(40400);
    const [row] = await w.database.db.select().from(designs).where(eq(designs.id, glasgow.id));
    expect(row).toMatchObject({ title: 'Glasgow Interface Explorer', visibility: 'private', publishedAt: null });
    const before = Date.now();
    const own = await call<DesignDetail>(w, 'PUT', '/design/user', { token: w.alice.token }, { id: glasgow.id, visibility: 'public', tags: [' Open Hardware ', 'FPGA', 'fpga'] });
    expect(own.body.code, own.body.msg).toBe(200000);
    expect(own.body.result).toMatchObject({ visibility: 'public', tags: ['open hardware', 'fpga'] });
    expect(Date.parse(own.body.result.publishedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect((await detail(glasgow.id, w.bob.token)).body.result.own).toBe(false);
  });

  it('refuses bad input with 40000 naming the field, in the caller’s language', async () => {
    const cases: [string, string, unknown][] = [
      ['PUT', '/design/user', { id: glasgow.id, licence: 'WTFPL' }],
      ['PUT', '/design/user', { id: glasgow.id, tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }],
      ['PUT', '/design/user', { id: glasgow.id, title: 'x'.repeat(121) }],
      ['PUT', '/design/user', { id: glasgow.id, ownerId: 2 }],
      ['PUT', '/design/user', { id: 'not-a-uuid' }],
    ];
    for (const [method, path, body] of cases) {
      const en = await call(w, method, path, { token: w.alice.token, locale: 'en' }, body);
      const zh = await call(w, method, path, { token: w.alice.token, locale: 'zh' }, body);
      expect(en.body.code, JSON.stringify(body)).toBe(40000);
      expect(zh.body.code).toBe(40000);
      expect(en.body.msg).not.toBe(zh.body.msg);
    }
    const licence = await call(w, 'PUT', '/design/user', { token: w.alice.token, locale: 'en' }, { id: glasgow.id, licence: 'WTFPL' });
    expect(licence.body.msg).toMatch(/licence/);
    const sort = await call(w, 'GET', '/design/all?sort=random', { locale: 'en' });
    expect(sort.body.code).toBe(40000);
    expect(sort.body.msg).toMatch(/sort/);
    const form = await createDesign(w.app, projectParts(OLIMEX), { token: w.alice.token, fields: { licence: 'WTFPL' } });
    expect(form.body.code).toBe(40000);
    expect(form.body.msg).toMatch(/licence/);
    const [row] = await w.database.db.select().from(designs).where(eq(designs.id, glasgow.id));
    expect(row!.licence).toBe('Apache-2.0');
  });

  it('toggles likes: one per user, twice is none, the count equals the rows; logged out is 40001', async () => {
    const like = (token: string | null) => call<{ liked: boolean; likeCount: number }>(w, 'POST', '/design/incrLikeCount', { token }, { id: olimex.id });
    expect((await like(w.bob.token)).body.result).toMatchObject({ liked: true, likeCount: 1 });
    expect((await like(w.alice.token)).body.result).toMatchObject({ liked: true, likeCount: 2 });
    expect((await like(w.bob.token)).body.result).toMatchObject({ liked: false, likeCount: 1 });
    expect((await like(w.bob.token)).body.result).toMatchObject({ liked: true, likeCount: 2 });
    const anon = await like(null);
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe(40001);
    const [row] = await w.database.db.select({ likeCount: designs.likeCount }).from(designs).where(eq(designs.id, olimex.id));
    const [rows] = await w.database.db.select({ n: count() }).from(designLikes).where(eq(designLikes.designId, olimex.id));
    expect(row!.likeCount).toBe(2);
    expect(Number(rows!.n)).toBe(2);
    const liked = await call<DesignList>(w, 'GET', '/design/liked/page', { token: w.bob.token });
    expect(liked.body.result.list.map((d) => d.id)).toEqual([olimex.id]);
    expect(liked.body.result.list[0]!.liked).toBe(true);
    expect((await detail(olimex.id, null)).body.result.liked).toBe(false);
  });

  it('keeps the like count exact under concurrent likes from many users', async () => {
    const db = w.database.db;
    const now = Math.floor(Date.now() / 1000);
    const tokens: string[] = [];
    for (let i = 0; i < 8; i++) {
      const [u] = await db.insert(users).values({ username: `likes-${i}` }).returning({ id: users.id });
      tokens.push((await createSession(db, u!.id, now)).token);
    }
    const like = (token: string) => call<{ liked: boolean; likeCount: number }>(w, 'POST', '/design/incrLikeCount', { token }, { id: olimex.id });
    const results = await Promise.all(tokens.map(like));
    expect(results.every((r) => r.body.result.liked)).toBe(true);
    const [row] = await db.select({ likeCount: designs.likeCount }).from(designs).where(eq(designs.id, olimex.id));
    expect(row!.likeCount).toBe(10);
    await Promise.all(tokens.map(like));
    const [after] = await db.select({ likeCount: designs.likeCount }).from(designs).where(eq(designs.id, olimex.id));
    const [rows] = await db.select({ n: count() }).from(designLikes).where(eq(designLikes.designId, olimex.id));
    expect(after!.likeCount).toBe(2);
    expect(Number(rows!.n)).toBe(2);
  });

  it('counts a visit once per visitor per design per UTC day (injected clock)', async () => {
    const clock = { now: Date.parse('2026-03-01T10:00:00Z') / 1000 };
    const app = appWithClock(w, clock);
    const visit = async (token: string | null, ip = '203.0.113.7') => {
      const res = await app.request('/api/design/incrVisitCount', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(token ? { 'x-token': token } : {}) },
        body: JSON.stringify({ id: olimex.id }),
      });
      return ((await res.json()) as { result: { visitCount: number; counted: boolean } }).result;
    };
    const start = (await w.database.db.select({ v: designs.visitCount }).from(designs).where(eq(designs.id, olimex.id)))[0]!.v;
    expect(await visit(w.bob.token)).toEqual({ id: olimex.id, visitCount: start + 1, counted: true });
    expect(await visit(w.bob.token)).toEqual({ id: olimex.id, visitCount: start + 1, counted: false });
    clock.now += 13 * 3600; // 23:00 the same UTC day
    expect((await visit(w.bob.token)).counted).toBe(false);
    expect((await visit(w.alice.token)).counted).toBe(true);
    expect((await visit(null)).counted).toBe(true);
    expect((await visit(null)).counted).toBe(false);
    clock.now += 3600; // the next UTC day
    expect(await visit(w.bob.token)).toEqual({ id: olimex.id, visitCount: start + 4, counted: true });
    // The domain function with its own clock, two anonymous visitors.
    const now = new Date('2026-03-05T00:00:01Z');
    expect((await countVisit(w.database.db, olimex.id, { userId: null, key: 'ip:a' }, now, 'en')).counted).toBe(true);
    expect((await countVisit(w.database.db, olimex.id, { userId: null, key: 'ip:b' }, now, 'en')).counted).toBe(true);
    expect((await countVisit(w.database.db, olimex.id, { userId: null, key: 'ip:a' }, now, 'en')).visitCount).toBe(start + 6);
  });

  it('finds public designs by title, tag and a part number, sorted by newest, likes and visits', async () => {
    const byTitle = await gallery('keyword=Interface%20Explorer');
    expect(byTitle.body.result.list.map((d) => d.id)).toEqual([glasgow.id]);
    const byDescription = await gallery('keyword=esp32-c5');
    expect(byDescription.body.result.list.map((d) => d.id)).toEqual([olimex.id]);
    const byTag = await gallery('tag=Open%20Hardware');
    expect(byTag.body.result.list.map((d) => d.id)).toEqual([glasgow.id]);
    // A keyword equal to a tag (any case) finds it too.
    const byTagWord = await gallery('keyword=OPEN%20hardware');
    expect(byTagWord.body.result.list.map((d) => d.id)).toEqual([glasgow.id]);
    const byMpn = await gallery('mpn=ice40hx8k-bg121');
    expect(byMpn.body.result.list.map((d) => d.id)).toEqual([glasgow.id]);
    expect(byMpn.body.result.total).toBe(1);
    if (haveDemoCatalogue) {
      const byPart = await call<DesignList>(w, 'GET', '/design/byPart?mfgMpnCode=ICE40HX8K-BG121_lattice');
      expect(byPart.body.result.list.map((d) => d.id)).toEqual([glasgow.id]);
    }
    const nothing = await gallery('mpn=NO-SUCH-PART-123');
    expect(nothing.body.result).toEqual({ list: [], total: 0 });
    const newest = await gallery('sort=newest');
    expect(newest.body.result.list.map((d) => d.id)).toEqual([olimex.id, glasgow.id]);
    const likes = await gallery('sort=likes');
    expect(likes.body.result.list[0]!.id).toBe(olimex.id);
    const visits = await gallery('sort=visits');
    expect(visits.body.result.list[0]!.id).toBe(olimex.id);
    const card = newest.body.result.list[0]!;
    expect(card.description.length).toBeLessThanOrEqual(280);
    expect(card.owner.nickname.length).toBeGreaterThan(0);
    const mine = await call<DesignList>(w, 'GET', '/design/user/page', { token: w.alice.token });
    expect(mine.body.result.total).toBe(2);
    const paged = await gallery('sort=newest&pageSize=1&pageNum=2');
    expect(paged.body.result).toMatchObject({ total: 2, list: [{ id: glasgow.id }] });
  });

  it('ranks by designScore with an injected clock', async () => {
    const db = w.database.db;
    const now = new Date('2026-06-01T00:00:00Z');
    await db.update(designs).set({ likeCount: 1, visitCount: 10, publishedAt: new Date('2026-05-31T00:00:00Z') }).where(eq(designs.id, glasgow.id));
    await db.update(designs).set({ likeCount: 5, visitCount: 30, publishedAt: new Date('2026-03-01T00:00:00Z') }).where(eq(designs.id, olimex.id));
    expect(await recomputeDesignScores(db, now)).toBe(2);
    const rows = await db.select().from(designs);
    for (const r of rows) expect(r.score!).toBeCloseTo(designScore({ likes: r.likeCount, visits: r.visitCount, publishedAt: r.publishedAt! }, now), 9);
    // 13 points a day old beat 45 points three months old (half-life 30 days).
    const top = await gallery('sort=top');
    expect(top.body.result.list.map((d) => d.id)).toEqual([glasgow.id, olimex.id]);
    // A later clock: both decay, the order holds; a design made private loses its score.
    await db.update(designs).set({ visibility: 'private' }).where(eq(designs.id, olimex.id));
    expect(await recomputeDesignScores(db, new Date('2026-07-01T00:00:00Z'))).toBe(1);
    const [o] = await db.select({ score: designs.score }).from(designs).where(eq(designs.id, olimex.id));
    expect(o!.score).toBeNull();
    await db.update(designs).set({ visibility: 'public' }).where(eq(designs.id, olimex.id));
  });

  it('sends a design’s BOM to the BOM tool as a new BOM owned by the caller', async () => {
    const res = await call<{ bomId: string; lines: number }>(w, 'POST', '/design/user/toBom', { token: w.bob.token }, { id: glasgow.id });
    expect(res.body.code, res.body.msg).toBe(200000);
    const d = (await detail(glasgow.id, w.alice.token)).body.result;
    expect(res.body.result.lines).toBe(d.bom!.length);
    const [bom] = await w.database.db.select().from(boms).where(eq(boms.id, res.body.result.bomId));
    expect(bom!.ownerId).toBe(w.bob.id);
    const head = await call<{ columns: { header: string; field: string }[] }>(w, 'GET', `/chiplet/bom/headerMatch?bomId=${res.body.result.bomId}`, { token: w.bob.token });
    expect(head.body.code, head.body.msg).toBe(200000);
  });

  it('keeps a project whose files do not parse, marked as not analysed with the reason', async () => {
    const res = await createDesign<DesignDetail>(
      w.app,
      [
        { name: 'broken.kicad_pro', bytes: '{}' },
        { name: 'broken.kicad_pcb', bytes: 'PK\u0003\u0004 this is not a board at all' },
      ],
      { token: w.alice.token },
    );
    expect(res.body.code, res.body.msg).toBe(200000);
    expect(res.body.result.analysis).toBe('failed');
    expect(res.body.result.analysisMessage).toMatch(/^The design could not be analysed: .*broken\.kicad_pcb/);
    const zh = await detail(res.body.result.id, w.alice.token, 'zh');
    expect(zh.body.result.analysisMessage).toMatch(/^无法分析该设计：/);
    expect(zh.body.result.files.map((f) => f.name).sort()).toEqual(['broken.kicad_pcb', 'broken.kicad_pro']);
  });

  it('refuses a 100 MB upload with 41300 before reading it', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 2000) controller.close();
        else controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const res = await w.app.request('/api/design/user', {
      method: 'POST',
      headers: { 'x-token': w.alice.token, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(100 * 1024 * 1024), cookie: 'locale=en' },
      body,
      duplex: 'half',
    } as RequestInit);
    const out = (await res.json()) as { code: number; msg: string };
    expect(res.status).toBe(413);
    expect(out.code).toBe(41300);
    expect(out.msg).toMatch(/51 MB/);
    expect(pulled).toBeLessThan(5);
  });

  it('deletes only for the owner, and removes the files and the cover from the store', async () => {
    const db = w.database.db;
    const keys = (await db.select({ key: designFiles.fileKey }).from(designFiles).where(eq(designFiles.designId, olimex.id))).map((r) => r.key);
    const [{ coverKey }] = (await db.select({ coverKey: designs.coverKey }).from(designs).where(eq(designs.id, olimex.id))) as [{ coverKey: string }];
    expect(coverKey).toBeTruthy();
    for (const k of [...keys, coverKey]) expect(await w.store.exists(k)).toBe(true);
    const bob = await call(w, 'DELETE', `/design/user?id=${olimex.id}`, { token: w.bob.token });
    expect(bob.body.code).toBe(40400);
    for (const k of [...keys, coverKey]) expect(await w.store.exists(k)).toBe(true);
    const own = await call(w, 'DELETE', `/design/user?id=${olimex.id}`, { token: w.alice.token });
    expect(own.body).toMatchObject({ code: 200000, result: { id: olimex.id, deleted: true } });
    for (const k of [...keys, coverKey]) expect(await w.store.exists(k)).toBe(false);
    const [left] = await db.select({ n: count() }).from(designs).where(and(eq(designs.id, olimex.id)));
    expect(Number(left!.n)).toBe(0);
    expect((await detail(olimex.id, w.alice.token)).body.code).toBe(40400);
  });

  // Last: it uses up this process's visit allowance for the test client's address.
  it('throttles visit calls per IP with 42900 and Retry-After', async () => {
    let refused: Response | null = null;
    for (let i = 0; i <= VISIT_THROTTLE.max && !refused; i++) {
      const res = await w.app.request('/api/design/incrVisitCount', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: 'locale=en' },
        body: JSON.stringify({ id: glasgow.id }),
      });
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(200);
    }
    expect(refused).not.toBeNull();
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused!.json()) as { code: number }).code).toBe(42900);
  });
});
