import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchDatasheetsTool } from '../../src/lib/ai/datasheets/datasheet-tool.server.ts';
import { ingestDatasheet } from '../../src/lib/ai/datasheets/datasheets.server.ts';
import { UPLOAD_THROTTLE } from '../../src/lib/ai/datasheets/rag.routes.ts';
import type { DatasheetView } from '../../src/lib/ai/datasheets/datasheets.server.ts';
import { sharedWorkerPool } from '../../src/lib/jobs/worker-pool.server.ts';
import { createSession } from '../../src/lib/server/auth.server.ts';
import { datasheetPassages, datasheetProducts, datasheets, products, users } from '../../src/lib/server/db/schema/index.ts';
import { call, createWorld, type Caller, type Env, type World } from '../helpers/bom-world.ts';
import { haveDemoCatalogue, loadDemoParts } from '../helpers/design-world.ts';

// /api/rag/* (issue #15 item 4) on PGlite, or PostgreSQL with TEST_DATABASE_URL: upload of real
// datasheets (tests/fixtures/datasheets), hostile files (HTML named .pdf, encrypted, image-only,
// 20 MB and 200 MB), privacy of a user's uploads (list, file, search, delete: another user and a
// guessed id get the same 40400), the catalogue's public datasheets, delete releasing the file,
// and the assistant's datasheet tool with its citations.

const FIXTURES = join(import.meta.dirname, '../fixtures/datasheets');
const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));
const label = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

let w: World;
let mine: DatasheetView;
let catalogueId: string;

function headersOf(caller: Caller): Record<string, string> {
  return { ...(caller.token ? { 'x-token': caller.token } : {}), cookie: `locale=${caller.locale ?? 'en'}` };
}

async function uploadPdf(bytes: Uint8Array | string, name: string, caller: Caller, fields: Record<string, string> = {}): Promise<{ status: number; body: Env<DatasheetView> }> {
  const fd = new FormData();
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  fd.append('file', new Blob([data as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), name);
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  const res = await w.app.request('/api/rag/upload/pdf', { method: 'POST', headers: headersOf(caller), body: fd });
  return { status: res.status, body: (await res.json()) as Env<DatasheetView> };
}

beforeAll(async () => {
  w = await createWorld();
  if (haveDemoCatalogue) await loadDemoParts(w.database as never, ['AMS1117', 'AMS1117-3.3', 'CH340G', 'CH340C']);
  const up = await uploadPdf(fixture('AMS1117-wpmtek.pdf'), 'AMS1117-wpmtek.pdf', { token: w.alice.token }, { mfgMpnCode: 'LM358DR-test' });
  expect(up.body.code, up.body.msg).toBe(200000);
  mine = up.body.result;
  const cat = await ingestDatasheet(w.database.db, w.store, sharedWorkerPool(), { bytes: fixture('CH340DS1.pdf'), name: 'CH340DS1.pdf', ownerId: null, locale: 'en', source: 'tests/fixtures/datasheets (WCH)' });
  catalogueId = cat.id;
}, 120_000);

afterAll(async () => {
  await w?.close();
});

describe(`datasheet upload (${label})`, () => {
  it('indexes a real datasheet page by page, private to the uploader, attached to the part named and to the parts on its first pages', async () => {
    expect(mine).toMatchObject({ name: 'AMS1117-wpmtek.pdf', status: 'ok', error: null, pages: 9, own: true, url: `/api/rag/datasheet/${mine.id}/file` });
    expect(mine.passages).toBeGreaterThan(15);
    expect(mine.parts.map((p) => p.mfgMpnCode)).toContain('LM358DR-test');
    if (haveDemoCatalogue) expect(mine.parts.map((p) => p.mpn)).toEqual(expect.arrayContaining(['AMS1117', 'AMS1117-3.3']));
    const [row] = await w.database.db.select().from(datasheets).where(eq(datasheets.id, mine.id));
    expect(row).toMatchObject({ ownerId: w.alice.id, status: 'ok', source: null });
    const pages = await w.database.db.select({ page: datasheetPassages.page, kind: datasheetPassages.kind, text: datasheetPassages.text }).from(datasheetPassages).where(eq(datasheetPassages.datasheetId, mine.id));
    expect(pages.every((p) => p.page >= 1 && p.page <= 9)).toBe(true);
    for (const n of [1, 2, 3, 5]) expect(pages.some((p) => p.page === n)).toBe(true);
    const ratings = pages.find((p) => p.kind === 'table' && p.text.includes('Absolute Maximum Ratings'));
    expect(ratings?.page).toBe(2);
    expect(ratings?.text).toContain('VIN | Input Voltage | 20 | V');
  });

  it('attaches a catalogue datasheet (owner null) to the parts it names, public to everyone', async () => {
    const res = await call<DatasheetView>(w, 'GET', `/rag/datasheet/${catalogueId}`);
    expect(res.body.code).toBe(200000);
    expect(res.body.result).toMatchObject({ status: 'ok', own: false, title: 'USB 转串口芯片 CH340' });
    if (haveDemoCatalogue) expect(res.body.result.parts.map((p) => p.mpn)).toEqual(expect.arrayContaining(['CH340G', 'CH340C']));
    const file = await w.app.request(`/api/rag/datasheet/${catalogueId}/file`);
    expect(file.status).toBe(200);
  });

  it('refuses logged-out uploads, a missing file and an unknown part, in the caller’s language', async () => {
    const anon = await uploadPdf(fixture('CH340DS1.pdf'), 'x.pdf', { locale: 'zh' });
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe(40001);
    const fd = new FormData();
    fd.append('mfgMpnCode', 'AMS1117');
    const none = await w.app.request('/api/rag/upload/pdf', { method: 'POST', headers: headersOf({ token: w.alice.token, locale: 'zh' }), body: fd });
    const noneBody = (await none.json()) as Env<null>;
    expect(noneBody.code).toBe(40000);
    expect(noneBody.msg).toContain('PDF');
    const unknown = await uploadPdf(fixture('CH340DS1.pdf'), 'x.pdf', { token: w.alice.token }, { mfgMpnCode: 'NO-SUCH-PART' });
    expect(unknown.body).toMatchObject({ code: 40000, msg: 'The catalogue has no part NO-SUCH-PART' });
  });

  it('refuses an HTML file named .pdf by its content, storing nothing', async () => {
    const before = await w.database.db.select({ n: count() }).from(datasheets);
    const zh = await uploadPdf(fixture('html-named.pdf'), 'tps5430.pdf', { token: w.alice.token, locale: 'zh' });
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ code: 40000, msg: 'tps5430.pdf 不是 PDF 文件（内容不是 PDF）' });
    const en = await uploadPdf(fixture('html-named.pdf'), 'tps5430.pdf', { token: w.alice.token, locale: 'en' });
    expect(en.body.msg).toBe('tps5430.pdf is not a PDF (its content is not PDF)');
    const after = await w.database.db.select({ n: count() }).from(datasheets);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('keeps an encrypted PDF and an image-only PDF as failed, saying why plainly', async () => {
    const enc = await uploadPdf(fixture('encrypted-user-password.pdf'), 'locked.pdf', { token: w.alice.token, locale: 'en' });
    expect(enc.body.code).toBe(200000);
    expect(enc.body.result).toMatchObject({ status: 'failed', passages: 0 });
    expect(enc.body.result.error).toContain('encrypted');
    expect(enc.body.msg).toBe(enc.body.result.error);
    const scanZh = await uploadPdf(fixture('scanned-image-only.pdf'), 'scan.pdf', { token: w.alice.token, locale: 'zh' });
    expect(scanZh.body.result).toMatchObject({ status: 'failed', passages: 0, pages: 1 });
    expect(scanZh.body.msg).toContain('没有文字层');
    const scanEn = await uploadPdf(fixture('scanned-image-only.pdf'), 'scan.pdf', { token: w.alice.token, locale: 'en' });
    expect(scanEn.body.msg).toContain('No text layer');
    // Kept: listed, and the file is still served to its owner.
    const list = await call<{ list: DatasheetView[]; total: number }>(w, 'GET', '/rag/datasheets?pageSize=100', { token: w.alice.token });
    expect(list.body.result.list.filter((d) => d.status === 'failed').length).toBeGreaterThanOrEqual(3);
    const file = await w.app.request(`/api/rag/datasheet/${scanEn.body.result.id}/file`, { headers: { 'x-token': w.alice.token } });
    expect(file.status).toBe(200);
  });

  it('refuses more than 20 MB (41300), and a 200 MB upload at once, before reading it', async () => {
    const big = new Uint8Array(20 * 1024 * 1024 + 10);
    big.set(new TextEncoder().encode('%PDF-1.4\n'));
    const over = await uploadPdf(big, 'big.pdf', { token: w.alice.token, locale: 'en' });
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ code: 41300, msg: 'A PDF datasheet may be at most 20 MB' });

    let pulled = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.byteLength;
        if (pulled > 200 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const t0 = performance.now();
    const res = await w.app.request('/api/rag/upload/pdf', {
      method: 'POST',
      headers: { ...headersOf({ token: w.alice.token, locale: 'zh' }), 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(200 * 1024 * 1024) },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    const ms = performance.now() - t0;
    const body = (await res.json()) as Env<null>;
    expect(res.status).toBe(413);
    expect(body).toMatchObject({ code: 41300, msg: 'PDF 数据手册不能超过 20 MB' });
    expect(ms).toBeLessThan(2000);
    expect(pulled).toBeLessThan(25 * 1024 * 1024);
  });
});

describe(`datasheet upload throttle (${label})`, () => {
  it(`refuses a user's upload number ${UPLOAD_THROTTLE.max + 1} within the window (42900, Retry-After), other users unaffected`, async () => {
    // A fresh user, so the other tests' uploads do not count.
    const [carol] = await w.database.db.insert(users).values({ username: 'rag-carol' }).returning({ id: users.id });
    const token = (await createSession(w.database.db, carol!.id, Math.floor(Date.now() / 1000))).token;
    for (let i = 0; i < UPLOAD_THROTTLE.max; i++) expect((await uploadPdf(fixture('html-named.pdf'), 'x.pdf', { token })).body.code).toBe(40000);
    const fd = new FormData();
    fd.append('file', new Blob([fixture('html-named.pdf') as Uint8Array<ArrayBuffer>]), 'x.pdf');
    const res = await w.app.request('/api/rag/upload/pdf', { method: 'POST', headers: headersOf({ token, locale: 'en' }), body: fd });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await res.json()) as Env<null>).code).toBe(42900);
    expect((await uploadPdf(fixture('html-named.pdf'), 'x.pdf', { token: w.bob.token })).body.code).toBe(40000);
  });
});

describe(`datasheet privacy (${label})`, () => {
  it('serves the PDF inline, nosniff, to its owner; 404 to others, to the logged-out and to guessed ids', async () => {
    const own = await w.app.request(`/api/rag/datasheet/${mine.id}/file`, { headers: { 'x-token': w.alice.token } });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('content-disposition')).toMatch(/^inline; filename="AMS1117-wpmtek.pdf"/);
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await own.arrayBuffer()).byteLength).toBe(fixture('AMS1117-wpmtek.pdf').byteLength);
    for (const headers of [{ 'x-token': w.bob.token }, {}] as Record<string, string>[]) {
      const res = await w.app.request(`/api/rag/datasheet/${mine.id}/file`, { headers });
      expect(res.status).toBe(404);
      expect(((await res.json()) as Env<null>).code).toBe(40400);
    }
    for (const guess of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '..%2f..%2fetc%2fpasswd']) {
      const res = await w.app.request(`/api/rag/datasheet/${guess}/file`, { headers: { 'x-token': w.bob.token } });
      expect(res.status).toBe(404);
    }
    const detail = await call(w, 'GET', `/rag/datasheet/${mine.id}`, { token: w.bob.token });
    expect(detail.body.code).toBe(40400);
  });

  it('lists only the caller’s own uploads', async () => {
    const bob = await call<{ list: DatasheetView[]; total: number }>(w, 'GET', '/rag/datasheets', { token: w.bob.token });
    expect(bob.body.result).toEqual({ list: [], total: 0 });
    const alice = await call<{ list: DatasheetView[]; total: number }>(w, 'GET', '/rag/datasheets?pageSize=1', { token: w.alice.token });
    expect(alice.body.result.list).toHaveLength(1);
    expect(alice.body.result.total).toBeGreaterThanOrEqual(4);
    const anon = await call(w, 'GET', '/rag/datasheets');
    expect(anon.body.code).toBe(40001);
  });

  it('searches public datasheets and the caller’s own only, with page citations', async () => {
    const q = encodeURIComponent('AMS1117 maximum input voltage');
    const alice = await call<{ list: { datasheetId: string; page: number; url: string }[] }>(w, 'GET', `/rag/search?question=${q}`, { token: w.alice.token });
    expect(alice.body.result.list[0]).toMatchObject({ datasheetId: mine.id });
    expect([1, 2]).toContain(alice.body.result.list[0]!.page);
    expect(alice.body.result.list[0]!.url).toBe(`/api/rag/datasheet/${mine.id}/file#page=${alice.body.result.list[0]!.page}`);
    for (const caller of [{ token: w.bob.token }, {}]) {
      const other = await call<{ list: { datasheetId: string }[] }>(w, 'GET', `/rag/search?question=${q}`, caller);
      expect(other.body.result.list.every((p) => p.datasheetId !== mine.id)).toBe(true);
    }
    const zh = await call<{ list: { datasheetId: string; page: number }[] }>(w, 'GET', `/rag/search?question=${encodeURIComponent('CH340 支持的波特率')}`);
    expect(zh.body.result.list[0]).toMatchObject({ datasheetId: catalogueId });
    expect([1, 3]).toContain(zh.body.result.list[0]!.page);
    const empty = await call(w, 'GET', '/rag/search?question=', { locale: 'en' });
    expect(empty.body.code).toBe(40000);
  });

  it('the assistant’s tool answers passages as data and citations opening the PDF at the page', async () => {
    const ctx = { db: w.database.db, locale: 'en' as const, userId: w.alice.id, design: null };
    const out = await searchDatasheetsTool.run(ctx, { question: 'What is the dropout voltage of AMS1117?' });
    expect(out.citations?.[0]).toMatchObject({ datasheetId: mine.id, page: 3, url: `/api/rag/datasheet/${mine.id}/file#page=3` });
    expect(out.citations?.[0]?.text).toContain('Dropout Voltage');
    expect((out.data as { passages: { page: number }[] }).passages[0]!.page).toBe(3);
    const bob = await searchDatasheetsTool.run({ ...ctx, userId: w.bob.id }, { question: 'What is the dropout voltage of AMS1117?' });
    expect(bob.citations?.every((c) => c.datasheetId !== mine.id)).toBe(true);
    expect(searchDatasheetsTool.input.safeParse({ question: '' }).success).toBe(false);
    expect(searchDatasheetsTool.input.safeParse({ question: 'x'.repeat(20_000) }).success).toBe(false);
  });
});

describe(`datasheet delete (${label})`, () => {
  it('only the owner deletes; passages and links go, and the file is released', async () => {
    const up = await uploadPdf(fixture('TL431-nexperia.pdf'), 'tl431.pdf', { token: w.alice.token });
    const id = up.body.result.id;
    const [row] = await w.database.db.select({ key: datasheets.fileKey }).from(datasheets).where(eq(datasheets.id, id));
    expect(await w.store.exists(row!.key)).toBe(true);
    const bob = await call(w, 'POST', '/rag/datasheet/del', { token: w.bob.token, locale: 'en' }, { id });
    expect(bob.body).toMatchObject({ code: 40400, msg: 'No such datasheet: it does not exist or is not yours' });
    const catalogue = await call(w, 'POST', '/rag/datasheet/del', { token: w.alice.token }, { id: catalogueId });
    expect(catalogue.body.code).toBe(40400);
    const bad = await call(w, 'POST', '/rag/datasheet/del', { token: w.alice.token }, { id: 'x' });
    expect(bad.body.code).toBe(40000);
    const del = await call(w, 'POST', '/rag/datasheet/del', { token: w.alice.token }, { id });
    expect(del.body).toMatchObject({ code: 200000, result: { id } });
    const left = await w.database.db.select({ n: count() }).from(datasheetPassages).where(eq(datasheetPassages.datasheetId, id));
    expect(left[0]!.n).toBe(0);
    const links = await w.database.db.select({ n: count() }).from(datasheetProducts).where(eq(datasheetProducts.datasheetId, id));
    expect(links[0]!.n).toBe(0);
    expect(await w.store.exists(row!.key)).toBe(false);
    // A file shared by two datasheets stays until the last one goes.
    const a = await uploadPdf(fixture('TL431-nexperia.pdf'), 'a.pdf', { token: w.alice.token });
    const b = await uploadPdf(fixture('TL431-nexperia.pdf'), 'b.pdf', { token: w.bob.token });
    await call(w, 'POST', '/rag/datasheet/del', { token: w.alice.token }, { id: a.body.result.id });
    expect(await w.store.exists(row!.key)).toBe(true);
    await call(w, 'POST', '/rag/datasheet/del', { token: w.bob.token }, { id: b.body.result.id });
    expect(await w.store.exists(row!.key)).toBe(false);
    expect(await w.database.db.select({ id: products.id }).from(products).limit(1)).toHaveLength(1);
  });
});
