import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../../src/lib/files/zip.ts';
import type { Block, BlockList, PersistedFile } from '../../src/lib/library/blocks.schema.ts';
import { designBlocks, persistedFiles, userCategories } from '../../src/lib/server/db/schema/index.ts';
import { call, createWorld, type Caller, type Env, type World } from '../helpers/bom-world.ts';
import { makeUser } from '../helpers/test-user.ts';

// Design blocks and persisted files (issue #16 item 6) on PGlite, or PostgreSQL with
// TEST_DATABASE_URL: the sheet persisted as JSON text and as a multipart upload, saved as a block
// (info, preview, download as a KiCad 9 design-block folder), listed by words and by category
// (sub-categories included), changed and deleted with its files released; KiCad 5 sheets, empty
// sheets, oversize bodies, bad names and the block limit refused in the caller's language; and
// ownership: another user's block, file or category, or a guessed id, is 40400 like a missing one.

const label = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const FIXTURES = join(import.meta.dirname, '../fixtures');
const RECTIFIER = readFileSync(join(FIXTURES, 'library/blocks/rectifier.kicad_sch'), 'utf8');
const FAN9 = readFileSync(join(FIXTURES, 'kicad/projects/bitaxe-gamma/fan.kicad_sch'), 'utf8');
const KICAD5 = 'EESchema Schematic File Version 4\nEELAYER 30 0\nEELAYER END\n$Descr A4 11693 8268\n$EndDescr\n$EndSCHEMATC\n';
const GUESSED_UUID = '3f2a1c4e-8b7d-4e6f-9a0b-1c2d3e4f5a6b';

let w: World;
let carol: { id: number; token: string };
const as = (token: string, locale?: 'zh' | 'en'): Caller => ({ token, ...(locale ? { locale } : {}) });

async function uploadFile(token: string, data: string | Uint8Array, fileName: string): Promise<{ status: number; body: Env<PersistedFile> }> {
  const fd = new FormData();
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  fd.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), fileName);
  const res = await w.app.request('/api/file/operation/persistence/file', { method: 'POST', headers: { 'x-token': token }, body: fd });
  return { status: res.status, body: (await res.json()) as Env<PersistedFile> };
}

const get = (path: string, token: string | null) => w.app.request(`/api${path}`, { headers: token ? { 'x-token': token } : {} });
const save = (token: string, body: unknown, locale?: 'zh' | 'en') => call<Block>(w, 'POST', '/chiplet/u/fragment/save', as(token, locale), body);
const list = (token: string, body: unknown = {}) => call<BlockList>(w, 'POST', '/chiplet/u/fragment', as(token), body);

let cats: { root: number; child: number; grandchild: number; other: number; partScope: number; bobs: number };

beforeAll(async () => {
  w = await createWorld();
  carol = await makeUser(w.database.db, 'blocks-carol');
  const db = w.database.db;
  const cat = async (ownerId: number, name: string, level: number, parentId: number | null, scope = 'block') =>
    (await db.insert(userCategories).values({ ownerId, name, level, parentId, scope }).returning({ id: userCategories.id }))[0]!.id;
  const root = await cat(w.alice.id, '电源', 1, null);
  const child = await cat(w.alice.id, '线性稳压', 2, root);
  const grandchild = await cat(w.alice.id, '整流', 3, child);
  const other = await cat(w.alice.id, '接口', 1, null);
  const partScope = await cat(w.alice.id, '元件分类', 1, null, 'part');
  const bobs = await cat(w.bob.id, 'Bob 的分类', 1, null);
  cats = { root, child, grandchild, other, partScope, bobs };
}, 60_000);

afterAll(async () => {
  await w?.close();
});

describe(`design blocks API (${label})`, () => {
  let persisted: PersistedFile;
  let block: Block;

  it('persists a sheet sent as JSON text; only its owner reads it back', async () => {
    const r = await call<PersistedFile>(w, 'POST', '/file/operation/persistence', as(w.alice.token), { fileName: 'rectifier.kicad_sch', content: RECTIFIER });
    expect(r.body.code, r.body.msg).toBe(200000);
    persisted = r.body.result;
    expect(persisted).toMatchObject({ fileName: 'rectifier.kicad_sch', mime: 'text/plain', size: Buffer.byteLength(RECTIFIER) });
    expect(persisted.url).toBe(`/api/file/operation/persistence/file?id=${persisted.id}`);
    const mine = await w.app.request(persisted.url, { headers: { 'x-token': w.alice.token } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-disposition')).toContain('attachment');
    expect(await mine.text()).toBe(RECTIFIER);
    const theirs = await w.app.request(persisted.url, { headers: { 'x-token': w.bob.token } });
    const guessed = await get(`/file/operation/persistence/file?id=${GUESSED_UUID}`, w.bob.token);
    expect(theirs.status).toBe(404);
    expect(guessed.status).toBe(404);
    expect(await theirs.json()).toEqual(await guessed.json());
    expect((await get(`/file/operation/persistence/file?id=${persisted.id}`, null)).status).toBe(401);
  });

  it('persists an uploaded file (multipart, field file)', async () => {
    const r = await uploadFile(w.alice.token, FAN9, 'fan.kicad_sch');
    expect(r.body.code, r.body.msg).toBe(200000);
    expect(r.body.result).toMatchObject({ fileName: 'fan.kicad_sch', size: Buffer.byteLength(FAN9) });
    const missing = await w.app.request('/api/file/operation/persistence/file', { method: 'POST', headers: { 'x-token': w.alice.token, cookie: 'locale=en' }, body: new FormData() });
    expect(missing.status).toBe(400);
  });

  it('refuses a 100 MB upload before reading it, in the caller’s language', async () => {
    const hundredMb = 100 * 1024 * 1024;
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 64 * 1024;
        if (pulled > hundredMb) controller.close();
        else controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const res = await w.app.request('/api/file/operation/persistence/file', {
      method: 'POST',
      headers: { 'x-token': w.alice.token, cookie: 'locale=en', 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(hundredMb) },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as Env<null>).msg).toBe('The upload must be at most 10 MB');
    expect(pulled).toBeLessThan(hundredMb / 4);
    const json = await w.app.request('/api/file/operation/persistence', {
      method: 'POST',
      headers: { 'x-token': w.alice.token, 'content-type': 'application/json', 'content-length': String(hundredMb) },
      body: new ReadableStream<Uint8Array>({ pull: (c) => c.enqueue(new Uint8Array(64 * 1024)) }),
      duplex: 'half',
    } as RequestInit);
    expect(json.status).toBe(413);
    expect(((await json.json()) as Env<null>).msg).toBe('上传内容不能超过 10 MB');
  });

  it('saves a block from a persisted sheet: info, preview, its category', async () => {
    const r = await save(w.alice.token, { name: '半波整流', description: 'Half-wave rectifier\nfrom KiCad’s demos', keywords: 'rectifier, diode', categoryId: cats.grandchild, fileId: persisted.id });
    expect(r.body.code, r.body.msg).toBe(200000);
    block = r.body.result;
    expect(block).toMatchObject({ name: '半波整流', keywords: 'rectifier, diode', categoryId: cats.grandchild, category: { id: cats.grandchild, name: '整流' }, schSize: Buffer.byteLength(RECTIFIER) });
    expect(block.info).toMatchObject({ symbols: 7, parts: 5, sheets: 0, version: 20210621, kicad: 'KiCad 6', preview: true });
    expect(block.previewUrl).toMatch(new RegExp(`^/api/chiplet/u/fragment/preview\\?id=${block.id}&v=[0-9a-f]{16}$`));
    const one = await call<Block>(w, 'GET', `/chiplet/u/fragment/one?id=${block.id}`, as(w.alice.token));
    expect(one.body.result).toEqual(block);
  });

  it('serves the preview as SVG to its owner, immutable under its key, under a strict CSP', async () => {
    const res = await get(block.previewUrl!.replace('/api', ''), w.alice.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(await res.text()).toMatch(/^<svg[\s>]/);
  });

  it('downloads the block as a KiCad 9 design-block folder in a zip', async () => {
    const res = await get(`/chiplet/u/fragment/download?id=${block.id}`, w.alice.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''%E5%8D%8A%E6%B3%A2%E6%95%B4%E6%B5%81.kicad_block.zip");
    const entries = readZip(new Uint8Array(await res.arrayBuffer()));
    expect(entries.map((e) => e.name)).toEqual(['半波整流.kicad_block/半波整流.kicad_sch', '半波整流.kicad_block/半波整流.json']);
    expect(entries[0]!.data.toString('utf8')).toBe(RECTIFIER);
    expect(JSON.parse(entries[1]!.data.toString('utf8'))).toEqual({ description: 'Half-wave rectifier\nfrom KiCad’s demos', keywords: 'rectifier, diode', fields: {} });
  });

  it('saves a block from the sheet text; lists by words and by category, sub-categories included', async () => {
    const r = await save(w.alice.token, { name: 'Fan PWM', schematic: FAN9, fileName: 'fan.kicad_sch', categoryId: cats.other });
    expect(r.body.code, r.body.msg).toBe(200000);
    expect(r.body.result.info).toMatchObject({ kicad: 'KiCad 9' });
    const all = await list(w.alice.token);
    expect(all.body.result.total).toBe(2);
    expect(all.body.result.list.map((b) => b.name)).toEqual(['Fan PWM', '半波整流']);
    expect((await list(w.alice.token, { keyword: 'DIODE' })).body.result.list.map((b) => b.name)).toEqual(['半波整流']);
    expect((await list(w.alice.token, { keyword: '整流' })).body.result.total).toBe(1);
    expect((await list(w.alice.token, { keyword: '%' })).body.result.total).toBe(0);
    expect((await list(w.alice.token, { categoryId: cats.root })).body.result.list.map((b) => b.name)).toEqual(['半波整流']);
    expect((await list(w.alice.token, { categoryId: cats.other })).body.result.list.map((b) => b.name)).toEqual(['Fan PWM']);
    const paged = await list(w.alice.token, { pageNum: 2, pageSize: 1 });
    expect(paged.body.result).toMatchObject({ total: 2, list: [{ name: '半波整流' }] });
  });

  it('changes a block’s fields; a new sheet replaces the old one, whose file is released', async () => {
    const [before] = await w.database.db.select().from(designBlocks).where(eq(designBlocks.id, block.id));
    const r = await save(w.alice.token, { id: block.id, name: 'Rectifier', description: '', categoryId: null });
    expect(r.body.code, r.body.msg).toBe(200000);
    expect(r.body.result).toMatchObject({ name: 'Rectifier', description: '', categoryId: null, category: null, keywords: 'rectifier, diode', previewUrl: block.previewUrl });
    const swapped = await save(w.alice.token, { id: block.id, schematic: FAN9 });
    expect(swapped.body.code, swapped.body.msg).toBe(200000);
    expect(swapped.body.result.info?.kicad).toBe('KiCad 9');
    // The rectifier's bytes are still the persisted file's; its preview had no other holder.
    expect(await w.store.exists(before!.schKey)).toBe(true);
    expect(await w.store.exists(before!.previewKey!)).toBe(false);
  });

  it('refuses a KiCad 5 sheet, an empty one, none at all, and both at once, saving nothing', async () => {
    const zh = await save(w.alice.token, { name: 'old', schematic: KICAD5, fileName: 'old.sch' });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe('old.sch：不支持 KiCad 5 及更早版本的文件，请先在 KiCad 6 或更高版本中打开并保存后再试');
    const en = await save(w.alice.token, { name: 'old', schematic: KICAD5, fileName: 'old.kicad_sch' }, 'en');
    expect(en.body.msg).toMatch(/KiCad 5/);
    const empty = await save(w.alice.token, { name: 'empty', schematic: '(kicad_sch (version 20250114) (generator "eeschema") (paper "A4"))' }, 'en');
    expect(empty.body.msg).toBe('block.kicad_sch holds no symbol, wire or label: it cannot be a design block');
    expect((await save(w.alice.token, { name: 'none' }, 'en')).body.msg).toBe('Upload or paste a KiCad schematic (.kicad_sch)');
    expect((await save(w.alice.token, { name: 'both', schematic: RECTIFIER, fileId: persisted.id }, 'en')).body.msg).toBe('Give either fileId or schematic, not both');
    expect((await list(w.alice.token)).body.result.total).toBe(2);
  });

  it('renders a sheet before saving it, storing nothing', async () => {
    const r = await call<{ svg: string; info: Block['info'] }>(w, 'POST', '/chiplet/u/fragment/render', as(w.alice.token), { schematic: RECTIFIER });
    expect(r.body.code, r.body.msg).toBe(200000);
    expect(r.body.result.svg).toMatch(/^<svg[\s>]/);
    expect(r.body.result.info).toMatchObject({ symbols: 7 });
    expect((await list(w.alice.token)).body.result.total).toBe(2);
  });

  it('refuses bad names and descriptions in the caller’s language', async () => {
    const long = await save(w.alice.token, { name: 'x'.repeat(10_000), schematic: RECTIFIER }, 'en');
    expect(long.status).toBe(400);
    expect(long.body.msg).toBe('Invalid field name: must be at most 50 characters');
    const html = await save(w.alice.token, { name: '<b>bold</b>', schematic: RECTIFIER });
    expect(html.body.msg).toBe('参数 name 无效：只能是纯文本，不能包含 HTML 等标记（如 <b>）');
    const blank = await save(w.alice.token, { name: '   ', schematic: RECTIFIER }, 'en');
    expect(blank.body.msg).toBe('Invalid field name: must not be empty');
    const ctl = await save(w.alice.token, { name: 'a\u0007b', schematic: RECTIFIER }, 'en');
    expect(ctl.body.msg).toBe('Invalid field name: must not contain control characters');
    const desc = await save(w.alice.token, { name: 'ok', description: 'y'.repeat(2001), schematic: RECTIFIER }, 'en');
    expect(desc.body.msg).toBe('Invalid field description: must be at most 2000 characters');
    const trimmed = await save(w.alice.token, { name: '  Trimmed  ', schematic: RECTIFIER });
    expect(trimmed.body.result.name).toBe('Trimmed');
    expect((await call(w, 'POST', '/chiplet/u/fragment/del', as(w.alice.token), { id: trimmed.body.result.id })).body.code).toBe(200000);
  });

  it('refuses a sheet over 10 MB', async () => {
    const big = `${RECTIFIER.slice(0, -2)}${' '.repeat(10 * 1024 * 1024)})\n`;
    const r = await save(w.alice.token, { name: 'big', schematic: big }, 'en');
    expect(r.status).toBe(413);
    expect(r.body.msg).toBe('The schematic must be at most 10 MB (received 10.0 MB)');
    const persistedBig = await call(w, 'POST', '/file/operation/persistence', as(w.alice.token, 'en'), { fileName: 'big.kicad_sch', content: '€'.repeat(4 * 1024 * 1024) });
    expect(persistedBig.status).toBe(413);
    expect(persistedBig.body.msg).toBe('The file must be at most 10 MB');
  });

  it('answers another user’s block, file and category, and guessed ids, exactly like missing ones', async () => {
    const missing = await call(w, 'GET', '/chiplet/u/fragment/one?id=2147483000', as(w.bob.token));
    expect(missing.status).toBe(404);
    const calls: [string, string, unknown?][] = [
      ['GET', `/chiplet/u/fragment/one?id=${block.id}`],
      ['POST', '/chiplet/u/fragment/del', { id: block.id }],
      ['POST', '/chiplet/u/fragment/save', { id: block.id, name: 'stolen' }],
    ];
    for (const [method, path, body] of calls) {
      const r = await call(w, method, path, as(w.bob.token), body);
      expect(r.status, path).toBe(404);
      expect(r.body, path).toEqual(missing.body);
    }
    expect((await get(`/chiplet/u/fragment/preview?id=${block.id}`, w.bob.token)).status).toBe(404);
    expect((await get(`/chiplet/u/fragment/download?id=${block.id}`, w.bob.token)).status).toBe(404);
    const theirFile = await save(w.bob.token, { name: 'x', fileId: persisted.id });
    const guessedFile = await save(w.bob.token, { name: 'x', fileId: GUESSED_UUID });
    expect(theirFile.status).toBe(404);
    expect(theirFile.body).toEqual(guessedFile.body);
    for (const categoryId of [cats.root, cats.partScope, 2147483000]) {
      expect((await list(w.bob.token, { categoryId })).status).toBe(404);
      expect((await save(w.bob.token, { name: 'x', schematic: RECTIFIER, categoryId })).status).toBe(404);
    }
    // Alice cannot file a block under her own part-scope category or Bob's.
    expect((await save(w.alice.token, { name: 'x', schematic: RECTIFIER, categoryId: cats.partScope })).status).toBe(404);
    expect((await save(w.alice.token, { name: 'x', schematic: RECTIFIER, categoryId: cats.bobs })).status).toBe(404);
    expect((await list(w.bob.token)).body.result).toEqual({ list: [], total: 0 });
    expect((await call(w, 'GET', `/chiplet/u/fragment/one?id=${block.id}`, as(w.alice.token))).status).toBe(200);
    expect((await call(w, 'POST', '/chiplet/u/fragment', {}, {})).status).toBe(401);
  });

  it('keeps a user within the block limit, losing nothing', async () => {
    const db = w.database.db;
    const [model] = await db.select().from(designBlocks).where(eq(designBlocks.id, block.id));
    const rows = Array.from({ length: 1000 }, (_, i) => ({ ownerId: carol.id, name: `b${i}`, schKey: model!.schKey, schSize: model!.schSize }));
    await db.insert(designBlocks).values(rows);
    const r = await save(carol.token, { name: 'one more', schematic: RECTIFIER }, 'en');
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('At most 1000 design blocks; delete some you no longer use first');
    const [n] = await db.select({ n: count() }).from(designBlocks).where(eq(designBlocks.ownerId, carol.id));
    expect(Number(n!.n)).toBe(1000);
    await db.delete(designBlocks).where(eq(designBlocks.ownerId, carol.id));
  });

  it('deletes a block and releases its files; the persisted file stays until its own release', async () => {
    const [row] = await w.database.db.select().from(designBlocks).where(eq(designBlocks.id, block.id));
    const r = await call(w, 'POST', '/chiplet/u/fragment/del', as(w.alice.token), { id: block.id });
    expect(r.body).toMatchObject({ code: 200000, result: { id: block.id, deleted: true } });
    expect((await call(w, 'GET', `/chiplet/u/fragment/one?id=${block.id}`, as(w.alice.token))).status).toBe(404);
    // The fan sheet is still Alice's other block's; its preview too (same bytes, same key).
    expect(await w.store.exists(row!.schKey)).toBe(true);
    const [p] = await w.database.db.select().from(persistedFiles).where(eq(persistedFiles.id, persisted.id));
    expect(await w.store.exists(p!.fileKey)).toBe(true);
  });
});
