import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readZip } from '../../src/lib/files/zip.ts';
import type { CheckInput, CheckResult } from '../../src/lib/library/library.ts';
import { LIBRARY_LIMITS } from '../../src/lib/library/library.ts';
import type { ComponentDetail, ComponentList, ParamKeys, UploadResult } from '../../src/lib/library/components.schema.ts';
import { userAssets, userCategories, userCategoryLinks, userComponents } from '../../src/lib/server/db/schema/index.ts';
import { decodeMesh } from '../../src/lib/viewer3d/mesh-format.ts';
import { call, createWorld, type Caller, type Env, type World } from '../helpers/bom-world.ts';
import { makeUser } from '../helpers/test-user.ts';

// Own components (issue #16 item 3) through /api/chiplet/u/comp* and u/asset/upload/list, on
// PGlite or on PostgreSQL (TEST_DATABASE_URL): real KiCad files uploaded and recognised, bad files
// refused with their reason and nothing stored, parameters in the catalogue's keys and units, the
// check stored and 'ready' refused on an error, previews, the zip, ownership (404 like a missing
// id, guessed ids too), limits, and delete releasing the files.

// The check itself is H3's (asset-check.ts); the refusal path is driven here by a forced result.
const forced = vi.hoisted(() => ({ result: null as null | ((input: CheckInput) => CheckResult) }));
vi.mock('../../src/lib/library/asset-check.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/library/asset-check.ts')>();
  return { ...real, checkComponentAssets: (input: CheckInput) => (forced.result ? forced.result(input) : real.checkComponentAssets(input)) };
});
const { checkComponentAssets } = await vi.importActual<typeof import('../../src/lib/library/asset-check.ts')>('../../src/lib/library/asset-check.ts');

const label = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const DIR = join(import.meta.dirname, '../fixtures/library/components');
const file = (name: string) => readFileSync(join(DIR, name));
const SYM = 'OPA333xxD.kicad_sym';
const SOIC = 'SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod';
const SOT = 'SOT-23-5.kicad_mod';
const WRL = 'SOIC-8_3.9x4.9mm_P1.27mm.wrl';

let w: World;
let carol: { id: number; token: string };

type Upload = { status: number; body: Env<UploadResult> };
async function upload(files: { name: string; bytes: Uint8Array | string }[], caller: Caller, userCompId?: number): Promise<Upload> {
  const fd = new FormData();
  for (const f of files) fd.append('file', new Blob([(typeof f.bytes === 'string' ? new TextEncoder().encode(f.bytes) : f.bytes) as Uint8Array<ArrayBuffer>]), f.name);
  const q = userCompId !== undefined ? `?userCompId=${userCompId}` : '';
  const res = await w.app.request(`/api/chiplet/u/asset/upload/list${q}`, { method: 'POST', headers: { ...(caller.token ? { 'x-token': caller.token } : {}), ...(caller.locale ? { cookie: `locale=${caller.locale}` } : {}) }, body: fd });
  return { status: res.status, body: (await res.json()) as Env<UploadResult> };
}
const save = (token: string, body: Record<string, unknown>, locale?: 'zh' | 'en') => call<ComponentDetail>(w, 'POST', '/chiplet/u/comp/save', { token, ...(locale ? { locale } : {}) }, body);
const one = (token: string, id: number) => call<ComponentDetail>(w, 'GET', `/chiplet/u/comp/one?userCompId=${id}`, { token });
const list = (token: string, body: Record<string, unknown> = {}) => call<ComponentList>(w, 'POST', '/chiplet/u/comp', { token }, { pageNum: 1, pageSize: 20, ...body });
const get = (path: string, token: string) => w.app.request(path, { headers: { 'x-token': token } });
const assetIds = (u: Upload) => u.body.result.list.map((a) => (a.ok ? a.id : -1));

/** Alice's OPA333 with its real SOIC-8 footprint and 3D model. */
let good: ComponentDetail;
let ids: { sym: number; soic: number; sot: number; wrl: number };

beforeAll(async () => {
  w = await createWorld();
  carol = await makeUser(w.database.db, 'comp-carol');
  const u = await upload(
    [
      { name: SYM, bytes: file(SYM) },
      { name: SOIC, bytes: file(SOIC) },
      { name: SOT, bytes: file(SOT) },
      { name: WRL, bytes: file(WRL) },
    ],
    w.alice,
  );
  expect(u.body.code, u.body.msg).toBe(200000);
  const [sym, soic, sot, wrl] = assetIds(u) as [number, number, number, number];
  ids = { sym, soic, sot, wrl };
  const s = await save(w.alice.token, {
    mpn: 'OPA333AIDR',
    brand: 'Texas Instruments',
    cateId: 9001,
    description: 'Zero-drift CMOS op amp, SOIC-8',
    params: [
      { key: 'supplyVoltageMin', value: '1.8V' },
      { key: 'supplyVoltageMax', value: '5.5 V' },
      { key: 'package', value: 'SOIC-8' },
    ],
    symbolAssetId: sym,
    footprintAssetId: soic,
    modelAssetId: wrl,
  });
  expect(s.body.code, s.body.msg).toBe(200000);
  good = s.body.result;
}, 60_000);

afterAll(async () => {
  forced.result = null;
  await w?.close();
});

describe(`own components API (${label})`, () => {
  it('recognises real KiCad files by name and content and says what they hold', async () => {
    const u = await upload([{ name: SYM, bytes: file(SYM) }, { name: SOIC, bytes: file(SOIC) }, { name: WRL, bytes: file(WRL) }], w.bob);
    expect(u.body.code).toBe(200000);
    const [sym, fp, model] = u.body.result.list;
    expect(sym).toMatchObject({ ok: true, kind: 'symbol', format: 'kicad_sym', fileName: SYM, info: { symbols: [{ name: 'OPA333xxD', pins: 8, units: 1 }] } });
    expect(fp).toMatchObject({ ok: true, kind: 'footprint', format: 'kicad_mod', info: { name: 'SOIC-8_3.9x4.9mm_P1.27mm', pads: 8, padNumbers: ['1', '2', '3', '4', '5', '6', '7', '8'], smd: true } });
    expect(model).toMatchObject({ ok: true, kind: 'model3d', format: 'wrl' });
    expect((model as unknown as { info: { triangles: number } }).info.triangles).toBeGreaterThan(100);
    expect(u.body.result.component).toBeNull();
  });

  it('saves the component with its check, parameters in base units and the assets attached', async () => {
    expect(good).toMatchObject({ mpn: 'OPA333AIDR', brand: 'Texas Instruments', cateId: 9001, cate: '运算放大器', status: 'draft', symbolName: 'OPA333xxD' });
    expect(good.assets).toEqual({ symbol: true, footprint: true, model3d: true, datasheet: false });
    expect(good.params.map((p) => [p.key, p.num, p.unit])).toEqual([
      ['supplyVoltageMin', 1.8, 'V'],
      ['supplyVoltageMax', 5.5, 'V'],
      ['package', null, null],
    ]);
    // What is stored is what the check (asset-check.ts) says of these very files.
    const expected = checkComponentAssets({ mpn: 'OPA333AIDR', symbol: { text: file(SYM).toString('utf8'), name: 'OPA333xxD' }, footprint: { text: file(SOIC).toString('utf8') }, model: { bytes: new Uint8Array(file(WRL)), name: WRL, format: 'wrl' } });
    expect(good.quality).toBe(expected.quality);
    expect(good.check.findings.map((f) => f.code)).toEqual(expected.findings.map((f) => f.code));
    for (const f of good.check.findings) expect(f.text.length).toBeGreaterThan(0);
    const rows = await w.database.db.select().from(userAssets).where(eq(userAssets.componentId, good.id));
    expect(rows.map((r) => r.id).sort()).toEqual([ids.sym, ids.soic, ids.wrl].sort());
  });

  it('renders the previews and builds the KiCad zip in the catalogue layout', async () => {
    const sym = await get(good.previews.symbolSvg!, w.alice.token);
    expect(sym.status).toBe(200);
    expect(sym.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect(await sym.text()).toMatch(/<svg[\s\S]*OPA333xxD/);
    const fp = await get(good.previews.footprintSvg!, w.alice.token);
    expect(await fp.text()).toMatch(/<svg[\s\S]*class="pad"/);
    const again = await w.app.request(good.previews.footprintSvg!, { headers: { 'x-token': w.alice.token, 'if-none-match': fp.headers.get('etag')! } });
    expect(again.status).toBe(304);
    const m = await get(good.previews.model3d!, w.alice.token);
    expect(m.status).toBe(200);
    const mesh = decodeMesh(gunzipSync(Buffer.from(await m.arrayBuffer())));
    expect(mesh.parts.some((p) => p.kind === 'board')).toBe(true);
    expect(mesh.parts.some((p) => p.kind === 'model')).toBe(true);
    expect(mesh.meta?.alignment).toBe('aligned');
    const z = await get(good.previews.download!, w.alice.token);
    expect(z.status).toBe(200);
    expect(z.headers.get('content-disposition')).toContain('OPA333AIDR.zip');
    const entries = readZip(new Uint8Array(await z.arrayBuffer()));
    expect(entries.map((e) => e.name).sort()).toEqual(['OPA333AIDR/3d/SOIC-8_3.9x4.9mm_P1.27mm.wrl', 'OPA333AIDR/LICENSE.txt', 'OPA333AIDR/OPA333AIDR.kicad_sym', 'OPA333AIDR/OPA333AIDR.pretty/SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod']);
    const symText = entries.find((e) => e.name.endsWith('.kicad_sym'))!.data.toString('utf8');
    expect(symText).toMatch(/^\(kicad_symbol_lib[\s\S]*"OPA333xxD"/);
    expect(entries.find((e) => e.name.endsWith('.kicad_mod'))!.data.equals(file(SOIC))).toBe(true);
    expect(entries.find((e) => e.name.endsWith('LICENSE.txt'))!.data.toString('utf8')).toMatch(/uploaded by bom-alice/);
  });

  it("refuses 'ready' while the check finds an error, keeps a draft and names the pins; a fixed footprint is accepted", async () => {
    const u = await upload([{ name: SOT, bytes: file(SOT) }], w.alice);
    const sot = assetIds(u)[0]!;
    forced.result = (input) =>
      /SOT-23-5/.test(input.footprint?.text ?? '')
        ? { quality: 'errors', findings: [{ code: 'pins.noPad', severity: 'error', vars: { count: 3, pins: '6, 7, 8', pinCount: 8, padCount: 5 } }], version: 1, ms: 1 }
        : { quality: 'ok', findings: [], version: 1, ms: 1 };
    try {
      const refused = await save(w.alice.token, { id: good.id, mpn: 'OPA333AIDR', footprintAssetId: sot, status: 'ready' }, 'en');
      expect(refused.body.code).toBe(200000);
      expect(refused.body.msg).toMatch(/1 error/);
      expect(refused.body.result).toMatchObject({ status: 'draft', quality: 'errors' });
      expect(refused.body.result.readyRefused!.findings[0]).toMatchObject({ code: 'pins.noPad', severity: 'error' });
      expect(refused.body.result.readyRefused!.findings[0]!.text).toContain('6, 7, 8');
      // Nothing lost: the fields and the other assets are there; the replaced footprint file went.
      const kept = (await one(w.alice.token, good.id)).body.result;
      expect(kept).toMatchObject({ mpn: 'OPA333AIDR', brand: 'Texas Instruments', description: 'Zero-drift CMOS op amp, SOIC-8', status: 'draft' });
      expect(kept.params).toHaveLength(3);
      expect(kept.footprint?.id).toBe(sot);
      expect(await w.database.db.select().from(userAssets).where(eq(userAssets.id, ids.soic))).toHaveLength(0);
      // Re-uploading the matching footprint for the component re-runs the check.
      const fixed = await upload([{ name: SOIC, bytes: file(SOIC) }], w.alice, good.id);
      expect(fixed.body.result.component).toMatchObject({ quality: 'ok', status: 'draft' });
      const ready = await save(w.alice.token, { id: good.id, mpn: 'OPA333AIDR', status: 'ready' });
      expect(ready.body.result).toMatchObject({ status: 'ready', quality: 'ok' });
      expect(ready.body.result.readyRefused).toBeUndefined();
      good = ready.body.result;
    } finally {
      forced.result = null;
    }
  });

  it('refuses bad files with a clear message each, storing nothing of them', async () => {
    const db = w.database.db;
    const before = Number((await db.select({ n: count() }).from(userAssets))[0]!.n);
    const text = file(SYM).toString('utf8');
    const body = text.slice(text.indexOf('  (symbol "OPA333xxD"'), text.lastIndexOf(')'));
    const many = `(kicad_symbol_lib (version 20211014) (generator kicad_symbol_editor)\n${Array.from({ length: 500 }, (_, i) => body.replaceAll('OPA333xxD', `OPA333_${i}`)).join('\n')}\n)\n`;
    const none = '(kicad_symbol_lib (version 20211014) (generator kicad_symbol_editor)\n)\n';
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const zh = await upload(
      [
        { name: 'many.kicad_sym', bytes: many },
        { name: 'none.kicad_sym', bytes: none },
        { name: 'SOIC-8_KiCad5.kicad_mod', bytes: file('SOIC-8_KiCad5.kicad_mod') },
        { name: 'photo.wrl', bytes: png },
        { name: 'model.step', bytes: file(WRL) },
        { name: 'datasheet.pdf', bytes: png },
        { name: 'notes.txt', bytes: 'hello' },
      ],
      w.alice,
    );
    expect(zh.body.code).toBe(200000);
    const msgs = zh.body.result.list.map((a) => (a.ok ? 'stored' : a.msg));
    expect(msgs).toEqual([
      '符号库 many.kicad_sym 有 500 个符号，最多 50 个：请只上传这个元件用的符号',
      '符号库 none.kicad_sym 里一个符号也没有',
      '文件 SOIC-8_KiCad5.kicad_mod 是 KiCad 5 格式的封装（module），请在 KiCad 6 或更新版本中打开并保存后再上传',
      '文件 photo.wrl 不是 3D 模型（它是 PNG 图片）：只接受 VRML（.wrl）和 STEP（.step）',
      '文件 model.step 的扩展名是 .step，内容却是 VRML 模型，请改正扩展名',
      '文件 datasheet.pdf 不是 PDF（它是 PNG 图片）',
      expect.stringContaining('不认识文件 notes.txt 的类型') as unknown as string,
    ]);
    const en = await upload([{ name: 'photo.wrl', bytes: png }, { name: 'old.kicad_mod', bytes: file('SOIC-8_KiCad5.kicad_mod') }], { ...w.alice, locale: 'en' });
    expect(en.body.result.list.map((a) => (a.ok ? '' : a.msg))).toEqual([
      'File photo.wrl is not a 3D model (it is a PNG image): only VRML (.wrl) and STEP (.step) are accepted',
      'File old.kicad_mod is a KiCad 5 footprint (module): open it in KiCad 6 or later, save it and upload it again',
    ]);
    expect(Number((await db.select({ n: count() }).from(userAssets))[0]!.n)).toBe(before);
  });

  it('refuses a 100 MB upload with 41300 before reading it, storing nothing', async () => {
    const db = w.database.db;
    const before = Number((await db.select({ n: count() }).from(userAssets))[0]!.n);
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 1600) controller.close();
        else controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const res = await w.app.request('/api/chiplet/u/asset/upload/list', {
      method: 'POST',
      headers: { 'x-token': w.alice.token, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(100 * 1024 * 1024), cookie: 'locale=en' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    const out = (await res.json()) as { code: number; msg: string };
    expect(res.status).toBe(413);
    expect(out).toMatchObject({ code: 41300, msg: 'An upload may be at most 21 MB' });
    expect(pulled).toBeLessThan(5);
    expect(Number((await db.select({ n: count() }).from(userAssets))[0]!.n)).toBe(before);
  });

  it('checks parameters against the catalogue keys and their units', async () => {
    const r = await save(w.alice.token, { mpn: 'RC0603FR-0710KL', params: [{ key: 'resistance', value: '10 kV' }] });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('参数“阻值”的值 10 kV 单位不对：应为 Ω');
    const en = await save(w.alice.token, { mpn: 'RC0603FR-0710KL', params: [{ key: 'resistance', value: '10 kV' }] }, 'en');
    expect(en.body.msg).toBe('The value 10 kV of “Resistance” has the wrong unit: it should be Ω');
    const unknown = await save(w.alice.token, { mpn: 'RC0603FR-0710KL', params: [{ key: 'flux', value: '3' }] });
    expect(unknown.body.msg).toBe('参数 flux 不是目录中的参数，请从列表中选择');
    const nan = await save(w.alice.token, { mpn: 'RC0603FR-0710KL', params: [{ key: 'resistance', value: 'ten' }] });
    expect(nan.body.msg).toContain('不是有效的数值');
    const many = await save(w.alice.token, { mpn: 'RC0603FR-0710KL', params: Array.from({ length: LIBRARY_LIMITS.paramsPerComponent + 1 }, () => ({ key: 'tolerance', value: '1%' })) });
    expect(many.body.msg).toBe(`参数最多 ${LIBRARY_LIMITS.paramsPerComponent} 个`);
    const dup = await save(w.alice.token, { mpn: 'RC0603FR-0710KL', params: [{ key: 'tolerance', value: '1%' }, { key: 'tolerance', value: '5%' }] });
    expect(dup.body.msg).toBe('参数“精度”填了两次');
    const okay = await save(w.alice.token, { mpn: 'RC0603FR-0710KL', params: [{ key: 'resistance', value: '10k' }, { key: 'tolerance', value: '±1%' }, { key: 'power', value: '1/10W' }] });
    expect(okay.body.code, okay.body.msg).toBe(200000);
    expect(okay.body.result.params.map((p) => [p.num, p.unit, p.display])).toEqual([
      [10_000, 'Ω', '10 kΩ'],
      [1, '%', '1%'],
      [0.1, 'W', '100 mW'],
    ]);
    const keys = await call<ParamKeys>(w, 'GET', '/chiplet/u/comp/params', { token: w.alice.token, locale: 'en' });
    const resistance = keys.body.result.list.find((k) => k.key === 'resistance');
    expect(resistance).toMatchObject({ name: 'Resistance', unit: 'Ω', kind: 'number' });
    const missing = await call(w, 'GET', '/chiplet/u/comp/params?cateId=424242', { token: w.alice.token });
    expect(missing.body.msg).toBe('没有编号为 424242 的目录分类');
  });

  it('refuses markup, control characters and overlong text, changing nothing', async () => {
    const html = await save(w.alice.token, { id: good.id, mpn: 'OPA333AIDR', brand: '<b>TI</b>' });
    expect(html.status).toBe(400);
    expect(html.body.msg).toBe('品牌 最多 100 个字符，且只能是纯文本（不能含 HTML 标记或控制字符）');
    expect((await save(w.alice.token, { id: good.id, mpn: 'x'.repeat(101) })).body.msg).toBe('型号不能为空，最多 100 个字符，且只能是纯文本');
    expect((await save(w.alice.token, { id: good.id, mpn: '   ' })).status).toBe(400);
    expect((await save(w.alice.token, { id: good.id, mpn: 'OPA\u0007333' })).status).toBe(400);
    expect((await save(w.alice.token, { id: good.id, mpn: 'OPA333AIDR', description: 'd'.repeat(LIBRARY_LIMITS.descriptionMaxChars + 1) })).status).toBe(400);
    expect((await save(w.alice.token, { id: good.id, mpn: 'OPA333AIDR', datasheetUrl: 'javascript:alert(1)' })).body.msg).toBe('数据手册链接应是 http:// 或 https:// 开头的网址');
    expect((await save(w.alice.token, { id: good.id, mpn: 'OPA333AIDR', cateId: 777777 })).body.msg).toBe('没有编号为 777777 的目录分类');
    expect((await save(w.alice.token, { id: good.id, mpn: 'OPA333AIDR', symbolAssetId: ids.wrl })).body.msg).toBe('文件 SOIC-8_3.9x4.9mm_P1.27mm.wrl 不是KiCad 符号库（.kicad_sym）');
    const after = (await one(w.alice.token, good.id)).body.result;
    expect(after).toMatchObject({ mpn: 'OPA333AIDR', brand: 'Texas Instruments', status: 'ready', datasheetUrl: null });
  });

  it('answers another user’s component or file exactly like a missing one, guessed ids too', async () => {
    const missing = await one(w.bob.token, 2_147_483_647);
    expect(missing.status).toBe(404);
    const theirs = await one(w.bob.token, good.id);
    expect(theirs).toEqual(missing);
    expect((await save(w.bob.token, { id: good.id, mpn: 'STOLEN' })).body).toEqual(missing.body);
    expect((await call(w, 'POST', '/chiplet/u/comp/del', { token: w.bob.token }, { id: good.id })).body).toEqual(missing.body);
    for (const path of ['symbolSvg', 'footprintSvg', 'model3d', 'download']) {
      const res = await get(`/api/chiplet/u/comp/${path}?userCompId=${good.id}`, w.bob.token);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as Env<null>).msg).toBe('没有这个元件');
    }
    const up = await upload([{ name: SOIC, bytes: file(SOIC) }], w.bob, good.id);
    expect(up.body).toEqual(missing.body);
    // Alice's files cannot be placed in Bob's component or read by Bob.
    const useTheirs = await save(w.bob.token, { mpn: 'MINE', symbolAssetId: ids.sym });
    expect(useTheirs.status).toBe(404);
    expect(useTheirs.body.msg).toBe(`没有这个文件（编号 ${ids.sym}）`);
    const guessed = await save(w.bob.token, { mpn: 'MINE', symbolAssetId: 2_000_000_000 });
    expect(guessed.body.msg).toBe('没有这个文件（编号 2000000000）');
    const read = await get(`/api/chiplet/u/asset/file?id=${ids.sym}`, w.bob.token);
    expect(read.status).toBe(404);
    expect((await get(`/api/chiplet/u/asset/file?id=${ids.sym}`, w.alice.token)).status).toBe(200);
    // Bob's list holds none of Alice's; without a token the calls ask for login.
    expect((await list(w.bob.token)).body.result.list.map((c) => c.mpn)).not.toContain('OPA333AIDR');
    expect((await call(w, 'POST', '/chiplet/u/comp', {}, { pageNum: 1, pageSize: 20 })).body.code).toBe(40001);
    expect((await one(w.alice.token, good.id)).body.result.mpn).toBe('OPA333AIDR');
  });

  it('lists with paging, keyword, quality and own-category filters', async () => {
    const db = w.database.db;
    const all = await list(w.alice.token);
    expect(all.body.result.total).toBe(2);
    expect(all.body.result.list[0]).toMatchObject({ mpn: 'RC0603FR-0710KL' });
    expect((await list(w.alice.token, { keyword: 'zero-drift' })).body.result.list.map((c) => c.mpn)).toEqual(['OPA333AIDR']);
    expect((await list(w.alice.token, { keyword: '%' })).body.result.total).toBe(0);
    expect((await list(w.alice.token, { pageSize: 1, pageNum: 2 })).body.result).toMatchObject({ total: 2, list: [{ mpn: 'OPA333AIDR' }] });
    expect((await list(w.alice.token, { quality: good.quality })).body.result.list.map((c) => c.mpn)).toContain('OPA333AIDR');
    const [top] = await db.insert(userCategories).values({ ownerId: w.alice.id, scope: 'part', name: 'Analog', level: 1 }).returning();
    const [sub] = await db.insert(userCategories).values({ ownerId: w.alice.id, scope: 'part', name: 'Op amps', level: 2, parentId: top!.id }).returning();
    await db.insert(userCategoryLinks).values({ ownerId: w.alice.id, categoryId: sub!.id, componentId: good.id });
    expect((await list(w.alice.token, { categoryId: top!.id })).body.result.list.map((c) => c.mpn)).toEqual(['OPA333AIDR']);
    expect((await list(w.alice.token, { categoryId: sub!.id })).body.result.total).toBe(1);
    const foreign = await list(w.bob.token, { categoryId: top!.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('没有这个自建分类');
    expect((await list(w.alice.token, { pageSize: LIBRARY_LIMITS.pageSizeMax + 1 })).status).toBe(400);
  });

  it('keeps to the limits: files per upload, components per user', async () => {
    const eleven = Array.from({ length: LIBRARY_LIMITS.assetsPerUpload + 1 }, (_, i) => ({ name: `f${i}.kicad_mod`, bytes: file(SOIC) }));
    const r = await upload(eleven, w.alice);
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe(`一次最多上传 ${LIBRARY_LIMITS.assetsPerUpload} 个文件（收到 ${LIBRARY_LIMITS.assetsPerUpload + 1} 个）`);
    // One file over the asset limit is refused by name; the others of the upload are stored.
    const big = new Uint8Array(LIBRARY_LIMITS.assetMaxBytes + 1);
    big.set(new TextEncoder().encode('#VRML V2.0 utf8\n'));
    const over = await upload([{ name: 'huge.wrl', bytes: big }, { name: SOIC, bytes: file(SOIC) }], w.alice);
    expect(over.body.result.list.map((a) => (a.ok ? 'stored' : a.msg))).toEqual([`文件 huge.wrl 超过 ${LIBRARY_LIMITS.assetMaxBytes / 1024 / 1024} MB`, 'stored']);
    const db = w.database.db;
    await db.insert(userComponents).values(Array.from({ length: LIBRARY_LIMITS.componentsPerUser }, (_, i) => ({ ownerId: carol.id, mpn: `BULK-${i}` })));
    const full = await save(carol.token, { mpn: 'ONE-MORE' });
    expect(full.status).toBe(400);
    expect(full.body.msg).toBe(`每个账号最多 ${LIBRARY_LIMITS.componentsPerUser} 个自建元件，请先删除不用的元件`);
    const [first] = await db.select({ id: userComponents.id }).from(userComponents).where(eq(userComponents.ownerId, carol.id)).limit(1);
    const edit = await save(carol.token, { id: first!.id, mpn: 'BULK-EDITED' });
    expect(edit.body.code, edit.body.msg).toBe(200000);
  });

  it('deletes a component and releases its files (a file another row still holds stays)', async () => {
    const db = w.database.db;
    const held = await db.select().from(userAssets).where(eq(userAssets.componentId, good.id));
    expect(held.length).toBe(3);
    // Bob uploaded the same symbol bytes: that file is shared and must survive Alice's delete.
    const shared = held.find((a) => a.kind === 'symbol')!;
    const solo = held.filter((a) => a.kind !== 'symbol');
    const [bobCopy] = await db.select().from(userAssets).where(eq(userAssets.fileKey, shared.fileKey));
    expect(bobCopy).toBeDefined();
    const del = await call<{ id: number }>(w, 'POST', '/chiplet/u/comp/del', { token: w.alice.token }, { id: good.id });
    expect(del.body).toMatchObject({ code: 200000, result: { id: good.id } });
    expect(await db.select().from(userComponents).where(eq(userComponents.id, good.id))).toHaveLength(0);
    expect(await db.select().from(userAssets).where(eq(userAssets.componentId, good.id))).toHaveLength(0);
    for (const a of solo) {
      const others = await db.select().from(userAssets).where(eq(userAssets.fileKey, a.fileKey));
      expect(await w.store.exists(a.fileKey)).toBe(others.length > 0);
    }
    expect(await w.store.exists(shared.fileKey)).toBe(true);
    expect((await one(w.alice.token, good.id)).status).toBe(404);
  });
});
