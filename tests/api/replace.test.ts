import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBomFile } from '../../src/lib/bom/read/read-bom-file.ts';
import { createApp } from '../../src/lib/server/app.ts';
import { bomLines, boms } from '../../src/lib/server/db/schema/index.ts';
import type { ReplaceCandidate, ReplaceList } from '../../src/lib/replace/replace.schema.ts';
import { seedReplaceCatalogue } from '../helpers/replace-seed.ts';
import { createTestDatabase } from '../helpers/test-db.ts';
import { makeUser } from '../helpers/test-user.ts';

// Every replace/* call on real catalogue rows inserted here: 0603 10k resistors of different
// makers and tolerances (and an 0805 and a 4k7 that must not be a drop-in), a SOT-23 MOSFET set
// whose symbols differ in pin order; a BOM line to apply a replacement to, stale versions, access
// rules and bad inputs. PGlite by default, PostgreSQL with TEST_DATABASE_URL.

type Env<T = unknown> = { code: number; msg: string; result: T };
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: ReturnType<typeof createApp>;
let alice: { id: number; token: string };
let bob: { id: number; token: string };

async function post<T = unknown>(path: string, body: unknown, opts: { token?: string; locale?: 'en' | 'zh' } = {}): Promise<{ status: number; body: Env<T>; res: Response }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-language': opts.locale === 'en' ? 'en' : 'zh-CN' };
  if (opts.token) headers['x-token'] = opts.token;
  const res = await app.request(`/api/chiplet/replace/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const isJson = (res.headers.get('content-type') ?? '').includes('json');
  return { status: res.status, body: (isJson ? await res.clone().json() : null) as Env<T>, res };
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
  const db = database.db;
  const make = (username: string) => makeUser(db, username);
  alice = await make('alice');
  bob = await make('bob');

  await seedReplaceCatalogue(db);
}, 60_000);

afterAll(async () => {
  await database?.close();
});

const codes = (list: ReplaceCandidate[]) => list.map((c) => c.mfgMpnCode);

describe(`replace/getReplaces (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('grades resistors: drop-in (domestic), pin-compatible (wider tolerance), functional (0805); another value is no replacement', async () => {
    const r = await post<ReplaceList>('getReplaces', { mfgMpnCode: 'RC0603FR-0710KL_yageo' });
    expect(r.status).toBe(200);
    const { original, list, total, counts } = r.body.result;
    expect(original).toMatchObject({ mpn: 'RC0603FR-0710KL', brandName: '国巨', package: '0603', domestic: false, hasKicad: true, pinCount: 2 });
    expect(original.params.map((p) => [p.name, p.display])).toEqual([
      ['最大工作电压', '75 V'],
      ['功率', '100 mW'],
      ['阻值', '10 kΩ'],
      ['精度', '1%'],
    ]);
    expect(codes(list)).toEqual(['0603WAF1002T5E_uniohm', 'RC0603JR-0710KL_yageo', 'RC0805FR-0710KL_yageo']);
    expect(list.map((c) => c.grade)).toEqual(['dropIn', 'pinCompatible', 'functional']);
    expect(total).toBe(3);
    expect(counts).toEqual({ dropIn: 1, pinCompatible: 1, packageCompatible: 0, functional: 1, domestic: 1 });
    const [drop, pin, func] = list as [ReplaceCandidate, ReplaceCandidate, ReplaceCandidate];
    expect(drop).toMatchObject({ domestic: true, brandName: '厚声', score: 1, reason: '同封装、同引脚定义，参数均在原型号范围内', userPair: null });
    expect(pin.diff.find((d) => d.key === 'tolerance')).toEqual({ key: 'tolerance', name: '精度', original: '1%', candidate: '5%', verdict: 'worse' });
    expect(pin.reason).toBe('超出原型号范围：精度 5%（原 1%）');
    expect(func.reason).toBe('封装不同：0603 → 0805');
    // Issue #33: the pin tables' sources are named (the seeded parts carry KiCad symbols).
    expect(drop.pinTables.original).toMatch(/^KiCad .+:.+/);
    expect(Object.keys(drop.pinTables)).toEqual(['original', 'candidate']);
    expect(func.diff.find((d) => d.key === 'power')?.verdict).toBe('better');
    expect(drop.score).toBeGreaterThan(pin.score);
    expect(pin.score).toBeGreaterThan(func.score);
  });

  it('answers in English for an English caller', async () => {
    const r = await post<ReplaceList>('getReplaces', { mfgMpnCode: 'RC0603FR-0710KL_yageo' }, { locale: 'en' });
    const pin = r.body.result.list[1]!;
    expect(pin.reason).toBe("Outside the original's range: Tolerance 5% (original 1%)");
    expect(pin.diff.map((d) => d.name)).toContain('Tolerance');
    expect(r.body.result.list[0]!.brandName).toBe('UniOhm');
  });

  it('filters by grade and domestic brands, and pages', async () => {
    expect(codes((await post<ReplaceList>('getReplaces', { mfgMpnCode: 'RC0603FR-0710KL_yageo', grade: 'pinCompatible' })).body.result.list)).toEqual(['RC0603JR-0710KL_yageo']);
    const dom = (await post<ReplaceList>('getReplaces', { mfgMpnCode: 'RC0603FR-0710KL_yageo', domesticOnly: true })).body.result;
    expect([codes(dom.list), dom.total]).toEqual([['0603WAF1002T5E_uniohm'], 1]);
    const page2 = (await post<ReplaceList>('getReplaces', { mfgMpnCode: 'RC0603FR-0710KL_yageo', pageNum: 2, pageSize: 2 })).body.result;
    expect([codes(page2.list), page2.total]).toEqual([['RC0805FR-0710KL_yageo'], 3]);
  });

  it('reads pin maps from the symbols: same pins by function are drop-in, swapped pins functional', async () => {
    const list = (await post<ReplaceList>('getReplaces', { mfgMpnCode: 'AO3400A_aos' })).body.result.list;
    expect(list.map((c) => [c.mfgMpnCode, c.grade, c.domestic])).toEqual([
      ['CJ3400_cj', 'dropIn', true],
      ['CJ2302_cj', 'pinCompatible', true],
      ['GDS3400_aos', 'functional', false],
    ]);
    expect(list[1]!.reason).toBe('超出原型号范围：漏源电压 (Vds) 20 V（原 30 V）');
    expect(list[2]!.reason).toBe('引脚定义不同（2: S ≠ D）');
  });

  it('refuses unknown parts (40400, zh and en) and bad input (40000 naming the field)', async () => {
    const zh = await post('getReplaces', { mfgMpnCode: 'NOPE_x' });
    expect([zh.status, zh.body.code, zh.body.msg]).toEqual([404, 40400, '元器件 NOPE_x 不存在']);
    expect((await post('getReplaces', { mfgMpnCode: 'NOPE_x' }, { locale: 'en' })).body.msg).toBe('Part NOPE_x not found');
    for (const bad of [{}, { mfgMpnCode: '' }, { mfgMpnCode: 'a b' }, { mfgMpnCode: 'x'.repeat(161) }, { mfgMpnCode: 'AO3400A_aos', grade: 'best' }, { mfgMpnCode: 'AO3400A_aos', pageSize: 1000 }, { mfgMpnCode: 'AO3400A_aos', domesticOnly: 'yes' }, { mfgMpnCode: 'AO3400A_aos', sort: 'price' }]) {
      const r = await post('getReplaces', bad);
      expect([r.status, r.body.code], JSON.stringify(bad)).toEqual([400, 40000]);
    }
    expect((await post('getReplaces', { mfgMpnCode: 'AO3400A_aos', grade: 'best' })).body.msg).toContain('grade');
  });
});

describe('replace/getRepInDetail and replace/download', () => {
  it('gives the best few for the detail page', async () => {
    const r = await post<{ list: ReplaceCandidate[]; total: number }>('getRepInDetail', { mfgMpnCode: 'RC0603FR-0710KL_yageo' });
    expect(r.body.result.total).toBe(3);
    expect(codes(r.body.result.list)[0]).toBe('0603WAF1002T5E_uniohm');
    expect(r.body.result.list.length).toBeLessThanOrEqual(6);
    expect((await post('getRepInDetail', { mfgMpnCode: 'NOPE_x' })).body.code).toBe(40400);
  });

  it('exports the graded list with diffs as xlsx that reads back', async () => {
    const { res, status } = await post('download', { mfgMpnCode: 'RC0603FR-0710KL_yageo' });
    expect(status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toContain('replacements-RC0603FR-0710KL_yageo.xlsx');
    const book = readBomFile(new Uint8Array(await res.arrayBuffer()), 'r.xlsx');
    expect(book.sheets.map((s) => s.name)).toEqual(['替代料', '参数对比']);
    const rows = book.sheets[0]!.rows;
    expect(rows[0]!.slice(0, 8)).toEqual(['替代等级', '型号', '品牌', '国产', '封装', '分类', '评分', '说明']);
    expect(rows[1]!.slice(0, 2)).toEqual(['原型号', 'RC0603FR-0710KL']);
    expect(rows.slice(2).map((r) => [r[0], r[1], r[3]])).toEqual([
      ['可直接替换', '0603WAF1002T5E', '是'],
      ['引脚兼容', 'RC0603JR-0710KL', ''],
      ['功能替代', 'RC0805FR-0710KL', ''],
    ]);
    const tol = rows[0]!.indexOf('精度');
    expect(rows[3]![tol]).toBe('5% (更差)');
    const diff = book.sheets[1]!.rows;
    expect(diff).toContainEqual(['RC0603JR-0710KL', '引脚兼容', '精度', '1%', '5%', '更差']);
    expect((await post('download', { mfgMpnCode: 'NOPE_x' })).body.code).toBe(40400);
  });
});

describe('own pairs and preferences', () => {
  it('need a login', async () => {
    expect((await post('add', { mfgMpnCode: 'RC0603FR-0710KL_yageo', replacementMpnCode: 'RC0603FR-074K7L_yageo' })).body.code).toBe(40001);
    expect((await post('delete', { id: 1 })).body.code).toBe(40001);
    expect((await post('changeTrend', {})).body.code).toBe(40001);
    // Open calls serve logged-out callers, but a token that is sent must be valid (as on bom/*).
    expect((await post('getReplaces', { mfgMpnCode: 'AO3400A_aos' }, { token: 'x'.repeat(43) })).body.code).toBe(40001);
  });

  it("list the owner's pair first (even one the catalogue would not offer), only for the owner, until deleted", async () => {
    const added = await post<{ id: number; note: string | null }>('add', { mfgMpnCode: 'RC0603FR-0710KL_yageo', replacementMpnCode: 'RC0603FR-074K7L_yageo', note: '分压可接受' }, { token: alice.token });
    expect(added.body).toMatchObject({ code: 200000, result: { note: '分压可接受', mfgMpnCode: 'RC0603FR-0710KL_yageo', replacementMpnCode: 'RC0603FR-074K7L_yageo' } });
    const mine = (await post<ReplaceList>('getReplaces', { mfgMpnCode: 'RC0603FR-0710KL_yageo' }, { token: alice.token })).body.result;
    expect(mine.list[0]).toMatchObject({ mfgMpnCode: 'RC0603FR-074K7L_yageo', userPair: { id: added.body.result.id, note: '分压可接受' }, grade: 'functional' });
    expect(mine.list[0]!.reason.startsWith('您添加的替代关系: 分压可接受')).toBe(true);
    expect(mine.total).toBe(4);
    expect(codes((await post<ReplaceList>('getReplaces', { mfgMpnCode: 'RC0603FR-0710KL_yageo' }, { token: bob.token })).body.result.list)).not.toContain('RC0603FR-074K7L_yageo');
    // Adding again re-notes the same pair.
    const again = await post<{ id: number }>('add', { mfgMpnCode: 'RC0603FR-0710KL_yageo', replacementMpnCode: 'RC0603FR-074K7L_yageo' }, { token: alice.token });
    expect(again.body.result.id).toBe(added.body.result.id);
    expect((await post('delete', { id: added.body.result.id }, { token: bob.token })).body.code).toBe(40400);
    expect((await post('delete', { id: added.body.result.id }, { token: alice.token })).body).toMatchObject({ code: 200000, result: { id: added.body.result.id } });
    expect((await post('delete', { id: added.body.result.id }, { token: alice.token })).body.code).toBe(40400);
    expect(codes((await post<ReplaceList>('getReplaces', { mfgMpnCode: 'RC0603FR-0710KL_yageo' }, { token: alice.token })).body.result.list)).not.toContain('RC0603FR-074K7L_yageo');
  });

  it('refuses unknown and identical parts', async () => {
    const unknown = await post('add', { mfgMpnCode: 'RC0603FR-0710KL_yageo', replacementMpnCode: 'NOPE_x' }, { token: alice.token, locale: 'en' });
    expect([unknown.body.code, unknown.body.msg]).toEqual([40400, 'Replacement part NOPE_x not found']);
    expect((await post('add', { mfgMpnCode: 'RC0603FR-0710KL_yageo', replacementMpnCode: 'RC0603FR-0710KL_yageo' }, { token: alice.token })).body).toMatchObject({ code: 40000, msg: '替代型号不能与原型号相同' });
    expect((await post('add', { mfgMpnCode: 'RC0603FR-0710KL_yageo', replacementMpnCode: 'AO3400A_aos', note: 'x'.repeat(501) }, { token: alice.token })).body.code).toBe(40000);
    expect((await post('delete', { id: 0 }, { token: alice.token })).body.code).toBe(40000);
  });

  it('domestic first and the grades listed follow the preference', async () => {
    expect((await post('changeTrend', {}, { token: bob.token })).body.result).toEqual({ domesticFirst: false, grades: ['dropIn', 'pinCompatible', 'packageCompatible', 'functional'] });
    expect((await post('changeTrend', { grades: ['functional', 'dropIn', 'dropIn'] }, { token: bob.token })).body.result).toEqual({ domesticFirst: false, grades: ['dropIn', 'functional'] });
    expect((await post('changeTrend', { domesticFirst: true }, { token: bob.token })).body.result).toEqual({ domesticFirst: true, grades: ['dropIn', 'functional'] });
    expect((await post('changeTrend', { grades: [] }, { token: bob.token })).body.code).toBe(40000);
    const list = (await post<ReplaceList>('getReplaces', { mfgMpnCode: 'RC0603FR-0710KL_yageo' }, { token: bob.token })).body.result;
    expect(list.list.map((c) => c.grade)).toEqual(['dropIn', 'functional']);
    // An explicit grade still wins over the preference.
    expect(codes((await post<ReplaceList>('getReplaces', { mfgMpnCode: 'RC0603FR-0710KL_yageo', grade: 'pinCompatible' }, { token: bob.token })).body.result.list)).toEqual(['RC0603JR-0710KL_yageo']);
    // Alice's order is unchanged.
    expect((await post<ReplaceList>('getReplaces', { mfgMpnCode: 'RC0603FR-0710KL_yageo' }, { token: alice.token })).body.result.total).toBe(3);
  });
});

describe('replace/change on a BOM line', () => {
  let anonBom: string;
  let ownedBom: string;
  let line: number;
  let ownedLine: number;
  beforeAll(async () => {
    const db = database.db;
    const [a] = await db.insert(boms).values({ name: 'anon', fileName: 'a.csv', format: 'csv', expiresAt: new Date(Date.now() + 86_400_000) }).returning({ id: boms.id });
    const [o] = await db.insert(boms).values({ name: 'owned', fileName: 'o.csv', format: 'csv', ownerId: alice.id }).returning({ id: boms.id });
    anonBom = a!.id;
    ownedBom = o!.id;
    const [l] = await db.insert(bomLines).values({ bomId: anonBom, position: 1, row: 1, source: { cells: ['R1', 'RC0603FR-0710KL'] }, status: 'exact', chosenBy: 'auto', confidence: 1 }).returning({ id: bomLines.id });
    const [ol] = await db.insert(bomLines).values({ bomId: ownedBom, position: 1, row: 1, source: { cells: ['Q1', 'AO3400A'] }, status: 'doubtful' }).returning({ id: bomLines.id });
    line = l!.id;
    ownedLine = ol!.id;
  });

  it('applies a replacement: chosen by replacement, matched, version + 1', async () => {
    const r = await post<{ lineId: number; version: number; status: string; chosen: { mfgMpnCode: string; by: string; domestic: boolean } }>('change', { bomId: anonBom, lineId: line, mfgMpnCode: '0603WAF1002T5E_uniohm', version: 0 });
    // The answer is the line as /bom/queryMatch shows it.
    expect(r.body).toMatchObject({ code: 200000, result: { lineId: line, version: 1, status: 'matched', chosen: { mfgMpnCode: '0603WAF1002T5E_uniohm', by: 'replacement', domestic: true, confidence: null } } });
    const [bom] = await database.db.select().from(boms).where(eq(boms.id, anonBom));
    expect(bom!.version).toBe(1);
    const rows = await database.db.select().from(bomLines);
    expect(rows.find((x) => x.id === line)).toMatchObject({ chosenBy: 'replacement', status: 'matched', version: 1, confidence: null });
    // Without a version the change applies to whatever is there.
    expect((await post<{ version: number }>('change', { bomId: anonBom, lineId: line, mfgMpnCode: 'RC0603JR-0710KL_yageo' })).body.result.version).toBe(2);
  });

  it('answers a stale version with 40900 and the current version, changing nothing', async () => {
    const r = await post<{ lineId: number; version: number }>('change', { bomId: anonBom, lineId: line, mfgMpnCode: '0603WAF1002T5E_uniohm', version: 0 });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 40900, msg: '该行已被修改（当前版本 2），请刷新后再试', result: { lineId: line, version: 2, chosen: { mfgMpnCode: 'RC0603JR-0710KL_yageo' } } });
    const rows = await database.db.select().from(bomLines);
    expect(rows.find((x) => x.id === line)?.version).toBe(2);
  });

  it('lets exactly one of two concurrent edits of the same version through', async () => {
    const both = await Promise.all([
      post('change', { bomId: anonBom, lineId: line, mfgMpnCode: '0603WAF1002T5E_uniohm', version: 2 }),
      post('change', { bomId: anonBom, lineId: line, mfgMpnCode: 'RC0805FR-0710KL_yageo', version: 2 }),
    ]);
    expect(both.map((r) => r.body.code).sort((a, b) => a - b)).toEqual([40900, 200000]);
    const rows = await database.db.select().from(bomLines);
    expect(rows.find((x) => x.id === line)?.version).toBe(3);
  });

  it("follows the BOM's access rule (the bom/* calls' own): someone else's BOM is an unknown one", async () => {
    const body = { bomId: ownedBom, lineId: ownedLine, mfgMpnCode: 'CJ3400_cj' };
    expect((await post('change', body)).body).toMatchObject({ code: 40400, msg: 'BOM 不存在或已过期' });
    expect((await post('change', body, { token: bob.token })).body.code).toBe(40400);
    expect((await post('change', body, { token: alice.token })).body).toMatchObject({ code: 200000, result: { version: 1, status: 'matched' } });
    // A line of another BOM is not reached through this one.
    expect((await post('change', { ...body, bomId: anonBom })).body.code).toBe(40400);
  });

  it('refuses unknown BOMs, lines and parts, and bad input', async () => {
    expect((await post('change', { bomId: '00000000-0000-4000-8000-000000000000', lineId: line, mfgMpnCode: 'CJ3400_cj' }, { locale: 'en' })).body).toMatchObject({ code: 40400, msg: 'No such BOM, or it has expired' });
    expect((await post('change', { bomId: anonBom, lineId: 999_999, mfgMpnCode: 'CJ3400_cj' })).body.code).toBe(40400);
    expect((await post('change', { bomId: anonBom, lineId: line, mfgMpnCode: 'NOPE_x' })).body.code).toBe(40400);
    for (const bad of [{ bomId: 'not-a-uuid', lineId: line, mfgMpnCode: 'CJ3400_cj' }, { bomId: anonBom, lineId: -1, mfgMpnCode: 'CJ3400_cj' }, { bomId: anonBom, lineId: line, mfgMpnCode: 'CJ3400_cj', version: -1 }, { bomId: anonBom, lineId: line }]) {
      expect((await post('change', bad)).body.code, JSON.stringify(bad)).toBe(40000);
    }
  });
});
