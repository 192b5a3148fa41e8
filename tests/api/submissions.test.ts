import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGrant } from '../../scripts/grant.ts';
import { seedCategories } from '../../src/lib/catalog/import/seed-categories.server.ts';
import { fileKeyReferences } from '../../src/lib/files/file-references.server.ts';
import { releaseFile } from '../../src/lib/files/file-refs.server.ts';
import { setFileStore } from '../../src/lib/files/file-store.server.ts';
import { LocalFileStore } from '../../src/lib/files/local-file-store.server.ts';
import type { CheckResult, ComponentParam } from '../../src/lib/library/library.ts';
import type { ReviewDetail, ReviewList, SubmissionCard, SubmissionList } from '../../src/lib/library/submissions.schema.ts';
import { contributorOf } from '../../src/lib/library/submissions.server.ts';
import { parsePhone } from '../../src/lib/library/submissions.ts';
import { createApp } from '../../src/lib/server/app.ts';
import { migrateDatabase, openDatabase } from '../../src/lib/server/db/client.server.ts';
import {
  brands,
  componentSubmissions,
  footprints,
  models3d,
  productChecks,
  productParams,
  products,
  symbolPins,
  symbols,
  userAssets,
  userComponents,
  users,
} from '../../src/lib/server/db/schema/index.ts';
import { createTestDatabase } from '../helpers/test-db.ts';
import { makeUser } from '../helpers/test-user.ts';

// Proposals of own components to the catalogue and their review (issue #16 item 5), on PGlite, or
// on PostgreSQL with TEST_DATABASE_URL. Real KiCad data: the LM2904 symbol, the SOIC-8 footprint
// and its 3D model from the KiCad libraries (tests/fixtures, copied from Debian's packages); the
// own component is TI's LM2904DR (dual op amp, SOIC-8). Own components are written straight into
// the tables here (their upload calls belong to another part of the issue); everything this part
// owns goes through the API.

const label = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const fixture = (path: string) => new Uint8Array(readFileSync(new URL(`../fixtures/${path}`, import.meta.url)));
const SYMBOLS = fixture('kicad/sample-symbols.kicad_sym');
const SOIC8 = fixture('kicad/SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod');
const SOIC8_WRL = fixture('wrl/SOIC-8_3.9x4.9mm_P1.27mm.wrl');
const OK_CHECK: CheckResult = { quality: 'ok', findings: [], version: 1, ms: 3 };
const DUAL_OPAMPS = 20002;

type Env<T> = { code: number; msg: string; result: T };
type Database = Awaited<ReturnType<typeof createTestDatabase>>;
type User = { id: number; token: string };

let database: Database;
let app: ReturnType<typeof createApp>;
let store: LocalFileStore;
let filesDir: string;
let alice: User;
let bob: User;
let operator: User;

async function call<T>(method: string, path: string, token: string | null, body?: unknown, locale?: 'zh' | 'en'): Promise<{ status: number; body: Env<T> }> {
  const headers: Record<string, string> = {};
  if (token) headers['x-token'] = token;
  if (locale) headers['cookie'] = `locale=${locale}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await app.request(`/api${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: res.status, body: (await res.json()) as Env<T> };
}

async function putAsset(ownerId: number, kind: string, format: string, fileName: string, bytes: Uint8Array): Promise<{ id: number; key: string }> {
  const stored = await store.put(bytes, { maxBytes: 50 * 1024 * 1024 });
  const [row] = await database.db.insert(userAssets).values({ ownerId, kind, format, fileName, fileKey: stored.key, size: stored.size }).returning({ id: userAssets.id });
  return { id: row!.id, key: stored.key };
}

/** An own component as the component calls leave it: assets attached, checked. */
async function ownComponent(ownerId: number, fields: Partial<typeof userComponents.$inferInsert> = {}, withModel = true): Promise<number> {
  const sym = await putAsset(ownerId, 'symbol', 'kicad_sym', 'sample-symbols.kicad_sym', SYMBOLS);
  const fp = await putAsset(ownerId, 'footprint', 'kicad_mod', 'SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod', SOIC8);
  const model = withModel ? await putAsset(ownerId, 'model3d', 'wrl', 'SOIC-8_3.9x4.9mm_P1.27mm.wrl', SOIC8_WRL) : null;
  const params: ComponentParam[] = [
    { key: 'channels', value: '2', num: 2, unit: null },
    { key: 'package', value: 'SOIC-8', num: null, unit: null },
  ];
  const [row] = await database.db
    .insert(userComponents)
    .values({
      ownerId,
      mpn: 'LM2904DR',
      brand: 'Texas Instruments',
      cateId: DUAL_OPAMPS,
      description: 'Dual Operational Amplifiers, DIP-8/SOIC-8/TSSOP-8/VSSOP-8',
      params,
      datasheetUrl: 'http://www.ti.com/lit/ds/symlink/lm358.pdf',
      symbolAssetId: sym.id,
      symbolName: 'LM2904',
      footprintAssetId: fp.id,
      modelAssetId: model?.id ?? null,
      status: 'ready',
      quality: 'ok',
      check: OK_CHECK,
      checkedAt: new Date(),
      ...fields,
    })
    .returning({ id: userComponents.id });
  await database.db.update(userAssets).set({ componentId: row!.id }).where(eq(userAssets.ownerId, ownerId));
  return row!.id;
}

const submit = (token: string, userCompId: number, extra: Record<string, unknown> = {}, locale?: 'zh' | 'en') =>
  call<SubmissionCard>('POST', '/chiplet/user/submitComp', token, { userCompId, licence: 'CC-BY-SA-4.0', confirmLicence: true, ...extra }, locale);

beforeAll(async () => {
  database = await createTestDatabase();
  filesDir = await mkdtemp(join(tmpdir(), 'chipedia-submissions-'));
  store = new LocalFileStore(filesDir);
  setFileStore(store);
  app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
  await seedCategories(database);
  alice = await makeUser(database.db, 'sub-alice');
  bob = await makeUser(database.db, 'sub-bob');
  operator = await makeUser(database.db, 'sub-operator');
  await database.db.update(users).set({ phone: '13800138001', nickname: 'Alice 工程师' }).where(eq(users.id, alice.id));
  await database.db.update(users).set({ phone: '13800138002' }).where(eq(users.id, bob.id));
  await database.db.update(users).set({ phone: '13800138009' }).where(eq(users.id, operator.id));
}, 120_000);

afterAll(async () => {
  await database?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

describe(`submissions (${label})`, () => {
  it('reads phone numbers as operators type them', () => {
    expect(parsePhone('13800138000')).toEqual({ areacode: '86', phone: '13800138000' });
    expect(parsePhone('+86 138 0013 8000')).toEqual({ areacode: '86', phone: '13800138000' });
    expect(parsePhone('86-13800138000')).toEqual({ areacode: '86', phone: '13800138000' });
    expect(parsePhone('+8613800138000')).toEqual({ areacode: '86', phone: '13800138000' });
    expect(parsePhone('8613800138000')).toEqual({ areacode: '86', phone: '13800138000' });
    expect(parsePhone('+852 9123 4567')).toEqual({ areacode: '852', phone: '91234567' });
    expect(parsePhone('<b>1</b>')).toBeNull();
    expect(parsePhone('12')).toBeNull();
  });

  it('grant sets and revokes the operator role by phone; a missing user or bad phone changes nothing', async () => {
    const lines: string[] = [];
    const out = (l: string) => lines.push(l);
    expect(await runGrant(database.db, ['operator', '+86 138-0013-8009'], out, out)).toBe(0);
    expect(JSON.parse(lines[0]!)).toMatchObject({ ok: true, userId: operator.id, role: 'operator', previous: 'user', changed: true });
    expect((await call<{ operator: boolean }>('GET', '/chiplet/user/review/role', operator.token)).body.result).toEqual({ operator: true });
    expect(await runGrant(database.db, ['revoke', '13800138009'], out, out)).toBe(0);
    expect((await call<{ operator: boolean }>('GET', '/chiplet/user/review/role', operator.token)).body.result).toEqual({ operator: false });
    lines.length = 0;
    expect(await runGrant(database.db, ['operator', '13900000000'], out, out)).toBe(1);
    expect(lines.join('\n')).toMatch(/no user has the phone \+86 13900000000/);
    expect(await runGrant(database.db, ['operator', 'not-a-phone'], out, out)).toBe(1);
    expect(await runGrant(database.db, ['admin', '13800138009'], out, out)).toBe(2);
    const [row] = await database.db.select({ role: users.role }).from(users).where(eq(users.id, operator.id));
    expect(row!.role).toBe('user');
    // Granted for the rest of the file.
    expect(await runGrant(database.db, ['operator', '86-13800138009'], out, out)).toBe(0);
  });

  it('operator calls answer 40300 to users (and 40001 logged out); the role call tells the page', async () => {
    for (const [method, path, body] of [
      ['POST', '/chiplet/user/review/list', { pageNum: 1, pageSize: 10 }],
      ['GET', '/chiplet/user/review/one?id=1', undefined],
      ['POST', '/chiplet/user/review/accept', { id: 1 }],
      ['POST', '/chiplet/user/review/reject', { id: 1, reason: 'no' }],
    ] as const) {
      const r = await call(method, path, alice.token, body);
      expect(r.status, path).toBe(403);
      expect(r.body.code).toBe(40300);
      expect(r.body.msg).toBe('只有运营人员可以审核提交');
      const anon = await call(method, path, null, body);
      expect(anon.body.code, path).toBe(40001);
    }
    expect((await call('POST', '/chiplet/user/review/list', alice.token, { pageNum: 1 }, 'en')).body.msg).toBe('Only operators can review submissions');
    expect((await call<{ operator: boolean }>('GET', '/chiplet/user/review/role', alice.token)).body.result).toEqual({ operator: false });
  });

  it('no API call sets a role: a role field is refused, the role stays', async () => {
    const comp = await ownComponent(bob.id);
    const tries = [
      await call('POST', '/chiplet/u/base/update', bob.token, { nickname: 'Bob', role: 'operator' }),
      await call('POST', '/chiplet/user/updateLogin', bob.token, { agreeCollectIP: true, role: 'operator' }),
      await call('POST', '/chiplet/user/submitComp', bob.token, { userCompId: comp, licence: 'CC0-1.0', confirmLicence: true, role: 'operator' }),
      await call('POST', '/chiplet/user/getUploadComp', bob.token, { pageNum: 1, role: 'operator' }),
      await call('POST', '/chiplet/user/submitComp/withdraw', bob.token, { id: 1, role: 'operator' }),
    ];
    for (const t of tries) expect(t.body.code, t.body.msg).toBe(40000);
    const [row] = await database.db.select({ role: users.role }).from(users).where(eq(users.id, bob.id));
    expect(row!.role).toBe('user');
    expect((await call('POST', '/chiplet/user/review/list', bob.token, { pageNum: 1 })).body.code).toBe(40300);
  });

  it('submitting needs a ready component (its last check without errors), a category, a symbol and a footprint', async () => {
    const draft = await ownComponent(alice.id, { status: 'draft', quality: 'unchecked', check: null });
    const r1 = await submit(alice.token, draft);
    expect(r1.body.code).toBe(40000);
    expect(r1.body.msg).toMatch(/校验发现了错误/);
    const broken = await ownComponent(alice.id, {
      status: 'ready',
      quality: 'errors',
      check: { quality: 'errors', findings: [{ code: 'pinPadMissing', severity: 'error', vars: { pins: '8' } }], version: 1, ms: 2 },
    });
    expect((await submit(alice.token, broken, {}, 'en')).body.msg).toMatch(/last check found errors/);
    const noCate = await ownComponent(alice.id, { cateId: null });
    expect((await submit(alice.token, noCate)).body.msg).toBe('元件还不能提交：请先为它选择目录分类');
    const noFp = await ownComponent(alice.id, { footprintAssetId: null });
    expect((await submit(alice.token, noFp)).body.code).toBe(40000);
    // The licence must be one of the three, and confirmed.
    const ready = await ownComponent(alice.id);
    expect((await submit(alice.token, ready, { licence: 'GPL-3.0' })).body.code).toBe(40000);
    const unconfirmed = await submit(alice.token, ready, { confirmLicence: false });
    expect(unconfirmed.body.code).toBe(40000);
    expect(unconfirmed.body.msg).toMatch(/请确认您有权以所选许可发布/);
    expect((await submit(alice.token, ready, { confirmLicence: false }, 'en')).body.msg).toMatch(/confirm that you may publish/);
    expect((await submit(alice.token, ready, { note: '<script>x</script>' })).body.msg).toMatch(/纯文本/);
    expect((await submit(alice.token, ready, { note: 'x'.repeat(501) })).body.code).toBe(40000);
    const count = await database.db.select({ id: componentSubmissions.id }).from(componentSubmissions);
    expect(count).toHaveLength(0);
  });

  it("another user's component, or a guessed id, is 404 with the same message", async () => {
    const mine = await ownComponent(alice.id);
    const theirs = await submit(bob.token, mine);
    const guessed = await submit(bob.token, 987_654);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(guessed.body);
    expect(theirs.body).toMatchObject({ code: 40400, msg: '没有这个元件' });
  });

  let submission: SubmissionCard;
  let componentId: number;

  it('submits a ready component once; the list shows it pending; a second submission waits', async () => {
    componentId = await ownComponent(alice.id);
    const r = await submit(alice.token, componentId, { note: '来自 TI 数据手册' });
    expect(r.body.code, r.body.msg).toBe(200000);
    submission = r.body.result;
    expect(submission).toMatchObject({ componentId, mpn: 'LM2904DR', brand: 'Texas Instruments', status: 'pending', statusText: '待审核', licence: 'CC-BY-SA-4.0', quality: 'ok', reason: null, productId: null, mfgMpnCode: null });
    const again = await submit(alice.token, componentId);
    expect(again.body.code).toBe(40900);
    expect(again.body.msg).toMatch(/已有一份待审核的提交/);
    const list = await call<SubmissionList>('POST', '/chiplet/user/getUploadComp', alice.token, { pageNum: 1, pageSize: 10 });
    expect(list.body.result.total).toBe(1);
    expect(list.body.result.list[0]!.id).toBe(submission.id);
    expect((await call<SubmissionList>('POST', '/chiplet/user/getUploadComp', bob.token, { pageNum: 1 })).body.result.total).toBe(0);
    expect((await call<SubmissionList>('POST', '/chiplet/user/getUploadComp', alice.token, { pageNum: 1, status: 'accepted' })).body.result.total).toBe(0);
    // By component: the editor shows its component's latest submission; another user sees none of it.
    expect((await call<SubmissionList>('POST', '/chiplet/user/getUploadComp', alice.token, { pageNum: 1, pageSize: 1, userCompId: componentId })).body.result.list.map((x) => x.id)).toEqual([submission.id]);
    expect((await call<SubmissionList>('POST', '/chiplet/user/getUploadComp', bob.token, { pageNum: 1, userCompId: componentId })).body.result.total).toBe(0);
  });

  it('a pending submission keeps its files even when the owner deletes every asset holding them', async () => {
    const [snap] = await database.db.select({ snapshot: componentSubmissions.snapshot }).from(componentSubmissions).where(eq(componentSubmissions.id, submission.id));
    const keys = (snap!.snapshot as { fileKeys: string[] }).fileKeys;
    expect(keys).toHaveLength(3);
    for (const key of keys) {
      await database.db.delete(userAssets).where(eq(userAssets.fileKey, key));
      expect(await fileKeyReferences(key)(database.db)).toBe(1);
      expect(await releaseFile(database.db, store, key, fileKeyReferences(key))).toBe(false);
      expect(await store.exists(key)).toBe(true);
    }
  });

  it('the operator sees the queue, one submission with previews, params and findings', async () => {
    const q = await call<ReviewList>('POST', '/chiplet/user/review/list', operator.token, { pageNum: 1, pageSize: 20 });
    expect(q.body.code, q.body.msg).toBe(200000);
    expect(q.body.result.list.map((s) => s.id)).toContain(submission.id);
    expect(q.body.result.list.every((s) => s.status === 'pending')).toBe(true);
    expect(q.body.result.list.find((s) => s.id === submission.id)!.submitter).toEqual({ id: alice.id, name: 'Alice 工程师' });
    const one = await call<ReviewDetail>('GET', `/chiplet/user/review/one?id=${submission.id}`, operator.token, undefined, 'en');
    expect(one.body.code, one.body.msg).toBe(200000);
    const d = one.body.result;
    expect(d).toMatchObject({ mpn: 'LM2904DR', symbolName: 'LM2904', cateId: DUAL_OPAMPS, note: '来自 TI 数据手册', statusText: 'pending', existing: null, previewProblems: [] });
    expect(d.cateName).toBeTruthy();
    expect(d.params).toHaveLength(2);
    expect(d.assets.map((a) => [a.kind, a.stored])).toEqual([
      ['symbol', true],
      ['footprint', true],
      ['model3d', true],
    ]);
    expect(d.symbolSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(d.footprintSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect((await call('GET', '/chiplet/user/review/one?id=99999', operator.token)).body.code).toBe(40400);
  });

  let accepted: { id: number; productId: number; mfgMpnCode: string };

  it('accepting makes a catalogue part: symbol, footprint, 3D model, params, source user-submission, submitted_by; searchable by MPN', async () => {
    const r = await call<typeof accepted>('POST', '/chiplet/user/review/accept', operator.token, { id: submission.id });
    expect(r.body.code, r.body.msg).toBe(200000);
    accepted = r.body.result;
    expect(accepted.mfgMpnCode).toBe('LM2904DR_texas-instruments');
    const db = database.db;
    const [p] = await db.select().from(products).where(eq(products.id, accepted.productId));
    expect(p).toMatchObject({ mpn: 'LM2904DR', mpnNormalized: 'LM2904DR', cateId: DUAL_OPAMPS, source: 'user-submission', licence: 'CC-BY-SA-4.0', submittedBy: alice.id, package: 'SOIC-8' });
    expect(p!.descriptionZh).toBe('Dual Operational Amplifiers, DIP-8/SOIC-8/TSSOP-8/VSSOP-8');
    expect(p!.descriptionEn).toBe(p!.descriptionZh);
    expect(p!.datasheetUrl).toBe('http://www.ti.com/lit/ds/symlink/lm358.pdf');
    const [b] = await db.select().from(brands).where(eq(brands.id, p!.brandId!));
    expect(b).toMatchObject({ key: 'texas-instruments', nameEn: 'Texas Instruments' });
    const [s] = await db.select().from(symbols).where(eq(symbols.id, p!.symbolId!));
    expect(s).toMatchObject({ library: 'chipedia-community', name: 'LM2904DR', pinCount: 8, isTemplate: false, source: 'user-submission', licence: 'CC-BY-SA-4.0' });
    expect(s!.content).toMatch(/^\(symbol "LM2904DR"/);
    expect(s!.content).toContain('chipedia-community:LM2904DR');
    expect(await db.select().from(symbolPins).where(eq(symbolPins.symbolId, s!.id))).toHaveLength(8);
    const [f] = await db.select().from(footprints).where(eq(footprints.id, p!.footprintId!));
    expect(f).toMatchObject({ library: 'chipedia-community', name: 'LM2904DR', padCount: 8, smd: true, model3dPath: '${KICAD9_3DMODEL_DIR}/chipedia-community.3dshapes/LM2904DR.wrl' });
    expect(f!.content).toMatch(/^\(footprint "LM2904DR"/);
    const [m] = await db.select({ path: models3d.path, format: models3d.format, mesh: models3d.mesh, licence: models3d.licence }).from(models3d).where(eq(models3d.path, 'chipedia-community.3dshapes/LM2904DR.wrl'));
    expect(m).toMatchObject({ format: 'wrl', licence: 'CC-BY-SA-4.0' });
    expect(m!.mesh!.length).toBeGreaterThan(100);
    const params = await db.select().from(productParams).where(eq(productParams.productId, accepted.productId));
    expect(params.map((x) => [x.key, x.valueNum, x.valueText]).sort()).toEqual([
      ['channels', 2, null],
      ['package', null, 'SOIC-8'],
    ]);
    expect((await db.select().from(productChecks).where(eq(productChecks.productId, accepted.productId)))[0]).toMatchObject({ quality: 'ok' });
    expect(await contributorOf(db, accepted.productId)).toBe('Alice 工程师');

    const found = await call<{ list: { mfgMpnCode: string; mpn: string }[] }>('POST', '/chiplet/products/queryPage', null, { keyword: 'LM2904DR', pageNum: 1, pageSize: 10 });
    expect(found.body.code, found.body.msg).toBe(200000);
    expect(found.body.result.list[0]).toMatchObject({ mfgMpnCode: accepted.mfgMpnCode, mpn: 'LM2904DR' });
    // The product's previews and 3D model are served like any catalogue part's.
    const svg = await app.request(`/api/chiplet/products/symbol.svg?mfgMpnCode=${accepted.mfgMpnCode}`);
    expect(svg.status).toBe(200);
    const model = await app.request(`/api/chiplet/products/model3d?mfgMpnCode=${accepted.mfgMpnCode}`);
    expect(model.status).toBe(200);

    const mine = await call<SubmissionList>('POST', '/chiplet/user/getUploadComp', alice.token, { pageNum: 1, status: 'accepted' });
    expect(mine.body.result.list[0]).toMatchObject({ id: submission.id, status: 'accepted', productId: accepted.productId, mfgMpnCode: accepted.mfgMpnCode });
    expect(mine.body.result.list[0]!.reviewedAt).not.toBeNull();
  });

  it('reviewed submissions are final', async () => {
    const again = await call('POST', '/chiplet/user/review/accept', operator.token, { id: submission.id });
    expect(again.body.code).toBe(40900);
    const reject = await call('POST', '/chiplet/user/review/reject', operator.token, { id: submission.id, reason: 'late' }, 'en');
    expect(reject.body.code).toBe(40900);
    expect(reject.body.msg).toBe('This submission has already been handled (accepted) and cannot change');
    expect((await call('POST', '/chiplet/user/submitComp/withdraw', alice.token, { id: submission.id })).body.code).toBe(40900);
  });

  it('the same part accepted twice gets its own code and library names', async () => {
    // The brand typed differently is the same catalogue brand.
    const comp = await ownComponent(bob.id, { brand: 'texas instruments' }, false);
    const s = await submit(bob.token, comp, { licence: 'CC0-1.0' });
    expect(s.body.code, s.body.msg).toBe(200000);
    const d = await call<ReviewDetail>('GET', `/chiplet/user/review/one?id=${s.body.result.id}`, operator.token);
    expect(d.body.result.existing).toEqual({ mfgMpnCode: accepted.mfgMpnCode, mpn: 'LM2904DR' });
    const r = await call<typeof accepted>('POST', '/chiplet/user/review/accept', operator.token, { id: s.body.result.id });
    expect(r.body.code, r.body.msg).toBe(200000);
    expect(r.body.result.mfgMpnCode).toBe(`LM2904DR_texas-instruments_c${s.body.result.id}`);
    const [p] = await database.db.select().from(products).where(eq(products.id, r.body.result.productId));
    const [sym] = await database.db.select({ name: symbols.name }).from(symbols).where(eq(symbols.id, p!.symbolId!));
    const [fp] = await database.db.select({ name: footprints.name, model: footprints.model3dPath }).from(footprints).where(eq(footprints.id, p!.footprintId!));
    expect(sym!.name).toBe('LM2904DR_2');
    // No model uploaded: the footprint keeps the KiCad library path it names.
    expect(fp).toEqual({ name: 'LM2904DR_2', model: '${KICAD6_3DMODEL_DIR}/Package_SO.3dshapes/SOIC-8_3.9x4.9mm_P1.27mm.wrl' });
    expect(p!.licence).toBe('CC0-1.0');
    const [first] = await database.db.select({ brandId: products.brandId }).from(products).where(eq(products.id, accepted.productId));
    expect(p!.brandId).toBe(first!.brandId);
  });

  it('rejecting needs a plain reason of at most 500 characters; the submitter sees it', async () => {
    const comp = await ownComponent(alice.id);
    const s = (await submit(alice.token, comp)).body.result;
    const id = s.id;
    expect((await call('POST', '/chiplet/user/review/reject', operator.token, { id })).body.code).toBe(40000);
    const empty = await call('POST', '/chiplet/user/review/reject', operator.token, { id, reason: '   ' });
    expect(empty.body.msg).toMatch(/请填写拒绝理由/);
    expect((await call('POST', '/chiplet/user/review/reject', operator.token, { id, reason: 'x'.repeat(501) })).body.msg).toMatch(/最多 500 个字符/);
    expect((await call('POST', '/chiplet/user/review/reject', operator.token, { id, reason: '<b>bad</b>' }, 'en')).body.msg).toMatch(/no HTML markup/);
    const r = await call<SubmissionCard>('POST', '/chiplet/user/review/reject', operator.token, { id, reason: '  目录中已有 LM2904DR，请改为补充参数。 ' });
    expect(r.body.code, r.body.msg).toBe(200000);
    expect(r.body.result).toMatchObject({ status: 'rejected', reason: '目录中已有 LM2904DR，请改为补充参数。' });
    const mine = await call<SubmissionList>('POST', '/chiplet/user/getUploadComp', alice.token, { pageNum: 1, status: 'rejected' }, 'en');
    expect(mine.body.result.list[0]).toMatchObject({ id, status: 'rejected', statusText: 'rejected', reason: '目录中已有 LM2904DR，请改为补充参数。', productId: null });
    expect((await call('POST', '/chiplet/user/review/accept', operator.token, { id })).body.code).toBe(40900);
    // A rejected component may be proposed again (after fixing it).
    expect((await submit(alice.token, comp)).body.code).toBe(200000);
  });

  it("withdrawing: only one's own pending submission", async () => {
    const comp = await ownComponent(bob.id);
    const s = (await submit(bob.token, comp)).body.result;
    const theirs = await call('POST', '/chiplet/user/submitComp/withdraw', alice.token, { id: s.id });
    expect(theirs.body).toEqual((await call('POST', '/chiplet/user/submitComp/withdraw', alice.token, { id: 999_999 })).body);
    expect(theirs.body.code).toBe(40400);
    const w = await call<SubmissionCard>('POST', '/chiplet/user/submitComp/withdraw', bob.token, { id: s.id });
    expect(w.body.result.status).toBe('withdrawn');
    expect((await call('POST', '/chiplet/user/submitComp/withdraw', bob.token, { id: s.id })).body.code).toBe(40900);
    const all = await call<ReviewList>('POST', '/chiplet/user/review/list', operator.token, { pageNum: 1, pageSize: 100, status: 'all' });
    expect(all.body.result.list.map((x) => x.status)).toEqual(expect.arrayContaining(['accepted', 'rejected', 'withdrawn', 'pending']));
    // Newest first.
    const times = all.body.result.list.map((x) => x.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('the grant script runs as an operator command on a PGlite data directory, and refuses one a server holds open', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'chipedia-grant-'));
    try {
      const pg = await openDatabase({ kind: 'pglite', dataDir: dir });
      await migrateDatabase(pg);
      const [u] = await pg.db.insert(users).values({ username: 'grant-me', phone: '13700137000' }).returning({ id: users.id });
      // While this process holds the database open, the command refuses (it would corrupt it).
      const busy = await runScript(['operator', '13700137000'], { DATA_DIR: dir });
      expect(busy.code).toBe(2);
      expect(busy.stderr).toMatch(/is open in another process/);
      await pg.close();
      const done = await runScript(['operator', '+86 13700137000'], { DATA_DIR: dir });
      expect(done.code, done.stderr).toBe(0);
      expect(JSON.parse(done.stdout.trim().split('\n')[0]!)).toMatchObject({ ok: true, userId: u!.id, role: 'operator' });
      const missing = await runScript(['operator', '13700137999'], { DATA_DIR: dir });
      expect(missing.code).toBe(1);
      const again = await openDatabase({ kind: 'pglite', dataDir: dir });
      const [row] = await again.db.select({ role: users.role }).from(users).where(eq(users.id, u!.id));
      await again.close();
      expect(row!.role).toBe('operator');
      expect(existsSync(join(dir, 'pglite', 'postmaster.pid'))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

function runScript(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/grant.ts', ...args], { env: { ...process.env, DATABASE_URL: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
