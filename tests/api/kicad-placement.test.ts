import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zstdDecompressSync } from 'node:zlib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearDownloadCaches } from '../../src/lib/catalog/download-cache.server.ts';
import { resetDownloadLimits } from '../../src/lib/catalog/download-limits.server.ts';
import { storeModels3d } from '../../src/lib/catalog/model3d/store-models.server.ts';
import { readZip } from '../../src/lib/files/zip.ts';
import { placementCache } from '../../src/lib/kicad-host/placement.server.ts';
import { PROVENANCE_FIELDS, type BundleEntry, type PlacementPayload } from '../../src/lib/kicad-host/placement.ts';
import { parseSymbolLibrary } from '../../src/lib/kicad/symbol-lib.ts';
import { writeSymbolLibrary } from '../../src/lib/kicad/symbol-write.ts';
import { checkCatalog } from '../../src/lib/library/product-checks.server.ts';
import type { ComponentDetail, UploadResult } from '../../src/lib/library/components.schema.ts';
import { createApp } from '../../src/lib/server/app.ts';
import { call, createWorld, type Env, type World } from '../helpers/bom-world.ts';
import { createTestDatabase } from '../helpers/test-db.ts';
import { seedCatalog } from '../unit/catalog-pages/seed.ts';

// POST /api/chiplet/kicad/placement (ADR 0015 §2): the payload decodes (zstd, base64) back to
// exactly the zip download's files, the symbol carrying the provenance fields; own components for
// their owner only; unknown parts and bad bodies refused with an envelope. PGlite or PostgreSQL.

const label = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const SOIC8 = 'Package_SO.3dshapes/SOIC-8_3.9x4.9mm_P1.27mm.wrl';
const wrl = readFileSync(new URL('../fixtures/wrl/SOIC-8_3.9x4.9mm_P1.27mm.wrl', import.meta.url));

type Db = Awaited<ReturnType<typeof createTestDatabase>>;
let database: Db;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalog(database);
  await storeModels3d(database.db, [{ key: SOIC8, bytes: wrl }], { source: 'KiCad 3D library (test fixture)', licence: 'CC-BY-SA 4.0' });
  await checkCatalog(database.db);
  app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
}, 120_000);
afterAll(async () => {
  await database?.close();
});

let ip = 1;
const place = async (body: unknown, headers: Record<string, string> = {}) => {
  const res = await app.request('/api/chiplet/kicad/placement', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }, { ip: `10.9.0.${ip++}` });
  return { status: res.status, body: (await res.json()) as Env<PlacementPayload> };
};
const unzstd = (b64: string) => zstdDecompressSync(Buffer.from(b64, 'base64'));

/** The zip download's files by kind, as a user downloading the part gets them. */
async function zipFilesOf(request: (path: string) => Response | Promise<Response>, path: string) {
  resetDownloadLimits();
  const res = await request(path);
  expect(res.status).toBe(200);
  const files = readZip(new Uint8Array(await res.arrayBuffer()));
  return {
    symbol: files.find((f) => f.name.endsWith('.kicad_sym'))?.data.toString('utf8'),
    footprint: files.find((f) => f.name.endsWith('.kicad_mod'))?.data,
    model: files.find((f) => f.name.includes('/3d/'))?.data,
  };
}

/** The symbol library without our fields, written the same way: equal to the zip's when nothing else changed. */
function withoutProvenance(text: string): { bare: string; fields: Record<string, { value: string; hidden: boolean }> } {
  const sym = parseSymbolLibrary(text, 'x.kicad_sym').symbols[0]!;
  const ours = new Set<string>(Object.values(PROVENANCE_FIELDS));
  const fields = Object.fromEntries(sym.properties.filter((p) => ours.has(p.key)).map((p) => [p.key, { value: p.value, hidden: p.hidden }]));
  const bare = writeSymbolLibrary([{ ...sym, properties: sym.properties.filter((p) => !ours.has(p.key)) }]);
  return { bare, fields };
}

describe(`placement payload, catalogue parts (${label})`, () => {
  it('DL_COMPONENT decodes to exactly the zip download’s files, the symbol with provenance fields', async () => {
    const r = await place({ mfgMpnCode: 'LM358_ti' });
    expect(r.status).toBe(200);
    expect(r.body.code, r.body.msg).toBe(200000);
    const p = r.body.result;
    expect(p).toMatchObject({ name: 'LM358', command: 'DL_COMPONENT', parameters: { compression: 'ZSTD', library: 'Chipedia' } });
    const bundle = JSON.parse(unzstd(p.data).toString('utf8')) as BundleEntry[];
    expect(bundle.map((b) => b.type)).toEqual(['symbol', 'footprint', '3dmodel']);
    const zip = await zipFilesOf((path) => app.request(path, {}, { ip: '10.9.1.1' }), '/api/chiplet/products/downloadZip?mfgMpnCode=LM358_ti');
    const bytes = Object.fromEntries(bundle.map((b) => [b.type, unzstd(b.content)]));
    for (const b of bundle) expect(b.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(bytes['footprint']!.equals(zip.footprint!)).toBe(true);
    expect(bytes['3dmodel']!.equals(zip.model!)).toBe(true);
    const { bare, fields } = withoutProvenance(bytes['symbol']!.toString('utf8'));
    expect(bare).toBe(zip.symbol);
    expect(fields[PROVENANCE_FIELDS.source]!.value).toContain('Chipedia');
    expect(fields[PROVENANCE_FIELDS.date]!.value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(fields[PROVENANCE_FIELDS.check]!.value).toBe(p.check.quality);
    expect(['ok', 'warnings', 'errors']).toContain(p.check.quality);
    expect(fields[PROVENANCE_FIELDS.url]!.value).toMatch(/\/productDetail\/LM358_ti$/);
    expect(fields[PROVENANCE_FIELDS.url]!.hidden).toBe(true);
    // Asset records: the same bytes, sizes, and the symbol placed, the rest saved.
    expect(p.assets.map((a) => [a.command, a.parameters.mode, a.parameters.content_type])).toEqual([
      ['DL_SYMBOL', 'PLACE', 'KICAD_SYMBOL_V1'],
      ['DL_FOOTPRINT', 'SAVE', 'KICAD_FOOTPRINT_V1'],
      ['DL_3DMODEL', 'SAVE', 'KICAD_3D_MODEL_VRML'],
    ]);
    for (const a of p.assets) expect(unzstd(a.data).length).toBe(a.size_bytes);
    expect(unzstd(p.assets[1]!.data).equals(zip.footprint!)).toBe(true);
  });

  it('DL_SYMBOL / DL_FOOTPRINT / DL_3DMODEL carry that one file', async () => {
    const sym = (await place({ mfgMpnCode: 'LM358_ti', command: 'DL_SYMBOL' })).body.result;
    expect(sym.assets).toHaveLength(1);
    expect(sym.parameters).toMatchObject({ mode: 'PLACE', content_type: 'KICAD_SYMBOL_V1', compression: 'ZSTD' });
    expect(unzstd(sym.data).toString('utf8')).toContain('Chipedia_Source');
    const fp = (await place({ mfgMpnCode: 'LM358_ti', command: 'DL_FOOTPRINT' })).body.result;
    expect(fp.parameters['content_type']).toBe('KICAD_FOOTPRINT_V1');
    expect(unzstd(fp.data).toString('utf8')).toMatch(/^\(footprint "SOIC-8/);
    const m = (await place({ mfgMpnCode: 'LM358_ti', command: 'DL_3DMODEL' })).body.result;
    expect(unzstd(m.data).equals(wrl)).toBe(true);
  });

  it('is built once per version: the second request is a cache hit', async () => {
    placementCache.clear();
    clearDownloadCaches();
    await place({ mfgMpnCode: 'LM358_ti' });
    const before = placementCache.stats();
    await place({ mfgMpnCode: 'LM358_ti' });
    const after = placementCache.stats();
    expect(after.builds).toBe(before.builds);
    expect(after.hits).toBe(before.hits + 1);
  });

  it('unknown part: 404 envelope in the caller’s language', async () => {
    const r = await place({ mfgMpnCode: 'NO-SUCH-PART' });
    expect(r.status).toBe(404);
    expect(r.body.code).toBe(40400);
    const en = await place({ mfgMpnCode: 'NO-SUCH-PART' }, { cookie: 'locale=en' });
    expect(en.body.msg).toMatch(/[A-Za-z]/);
    expect(en.body.msg).not.toBe(r.body.msg);
  });

  it('counts against the zip download limit of the client: 42900 with Retry-After past it', async () => {
    resetDownloadLimits({ zip: { max: 2, windowMs: 60_000 }, svg: { max: 600, windowMs: 60_000 } });
    try {
      const from = (address: string) =>
        app.request('/api/chiplet/kicad/placement', { method: 'POST', headers: { 'content-type': 'application/json', cookie: 'locale=en' }, body: JSON.stringify({ mfgMpnCode: 'LM358_ti' }) }, { ip: address });
      expect((await from('10.9.9.9')).status).toBe(200);
      expect((await app.request('/api/chiplet/products/downloadZip?mfgMpnCode=LM358_ti', {}, { ip: '10.9.9.9' })).status).toBe(200);
      const refused = await from('10.9.9.9');
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ code: 42900, msg: expect.stringContaining('Too many requests') as string });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await from('10.9.9.10')).status).toBe(200);
    } finally {
      resetDownloadLimits();
    }
  });

  it('a part without the asked file: 404 saying so', async () => {
    const r = await place({ mfgMpnCode: 'RC0603FR-0710KL_yageo', command: 'DL_3DMODEL' });
    expect(r.body.code).toBe(40400);
  });

  it.each([
    [{}],
    [{ mfgMpnCode: 'LM358_ti', userCompId: 1 }],
    [{ mfgMpnCode: 'LM358_ti', command: 'DL_SPICE' }],
    [{ mfgMpnCode: '../etc/passwd' }],
    [{ mfgMpnCode: 'LM358_ti', extra: 1 }],
    [{ userCompId: -3 }],
  ])('bad body %j refused with 400', async (body) => {
    const r = await place(body);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(40000);
  });
});

describe(`placement payload, own components (${label})`, () => {
  let w: World;
  let comp: ComponentDetail;
  const DIR = join(import.meta.dirname, '../fixtures/library/components');
  const file = (name: string) => readFileSync(join(DIR, name));

  beforeAll(async () => {
    w = await createWorld();
    const fd = new FormData();
    for (const name of ['OPA333xxD.kicad_sym', 'SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod', 'SOIC-8_3.9x4.9mm_P1.27mm.wrl']) fd.append('file', new Blob([file(name)]), name);
    const res = await w.app.request('/api/chiplet/u/asset/upload/list', { method: 'POST', headers: { 'x-token': w.alice.token }, body: fd });
    const up = (await res.json()) as Env<UploadResult>;
    const [sym, fp, model] = up.result.list.map((a) => (a.ok ? a.id : -1));
    const saved = await call<ComponentDetail>(w, 'POST', '/chiplet/u/comp/save', { token: w.alice.token }, { mpn: 'OPA333AIDR', cateId: 9001, symbolAssetId: sym, footprintAssetId: fp, modelAssetId: model });
    expect(saved.body.code, saved.body.msg).toBe(200000);
    comp = saved.body.result;
  }, 60_000);
  afterAll(async () => {
    await w?.close();
  });

  it('the owner gets the component’s zip files, the check as stored', async () => {
    const r = await call<PlacementPayload>(w, 'POST', '/chiplet/kicad/placement', { token: w.alice.token }, { userCompId: comp.id });
    expect(r.body.code, r.body.msg).toBe(200000);
    const bundle = JSON.parse(unzstd(r.body.result.data).toString('utf8')) as BundleEntry[];
    const zip = await zipFilesOf((path) => w.app.request(path, { headers: { 'x-token': w.alice.token } }), `/api/chiplet/u/comp/download?userCompId=${comp.id}`);
    const bytes = Object.fromEntries(bundle.map((b) => [b.type, unzstd(b.content)]));
    expect(bytes['footprint']!.equals(zip.footprint!)).toBe(true);
    expect(bytes['3dmodel']!.equals(zip.model!)).toBe(true);
    const { bare, fields } = withoutProvenance(bytes['symbol']!.toString('utf8'));
    expect(bare).toBe(zip.symbol);
    expect(fields[PROVENANCE_FIELDS.check]!.value).toBe(comp.quality);
    expect(r.body.result.check.quality).toBe(comp.quality);
  });

  it('someone else gets 404 like a missing one; nobody logged in gets 40001', async () => {
    const bob = await call<PlacementPayload>(w, 'POST', '/chiplet/kicad/placement', { token: w.bob.token }, { userCompId: comp.id });
    expect(bob.status).toBe(404);
    expect(bob.body.code).toBe(40400);
    const missing = await call<PlacementPayload>(w, 'POST', '/chiplet/kicad/placement', { token: w.alice.token }, { userCompId: 999_999 });
    expect(missing.body.code).toBe(40400);
    const anon = await call<PlacementPayload>(w, 'POST', '/chiplet/kicad/placement', {}, { userCompId: comp.id });
    expect(anon.body.code).toBe(40001);
  });
});
