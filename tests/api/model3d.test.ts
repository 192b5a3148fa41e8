import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importModels3dDir } from '../../src/lib/catalog/model3d/import-models-dir.server.ts';
import { clearPartModelCache } from '../../src/lib/catalog/model3d/part-model.server.ts';
import { storeModels3d, type StoreModelsResult } from '../../src/lib/catalog/model3d/store-models.server.ts';
import { readZip } from '../../src/lib/files/zip.ts';
import { createApp } from '../../src/lib/server/app.ts';
import { footprints, models3d } from '../../src/lib/server/db/schema/index.ts';
import { decodeMesh, type DecodedMesh } from '../../src/lib/viewer3d/mesh-format.ts';
import { createTestDatabase } from '../helpers/test-db.ts';
import { seedCatalog } from '../unit/catalog-pages/seed.ts';

// The 3D preview end to end below the browser: a real KiCad VRML model stored with its preview
// mesh, the detail call naming it, and GET /api/chiplet/products/model3d placing it on a board
// made from the real SOIC-8 footprint. PGlite, or PostgreSQL with TEST_DATABASE_URL.

const SOIC8 = 'Package_SO.3dshapes/SOIC-8_3.9x4.9mm_P1.27mm.wrl';
const wrl = readFileSync(new URL('../fixtures/wrl/SOIC-8_3.9x4.9mm_P1.27mm.wrl', import.meta.url));

type Db = Awaited<ReturnType<typeof createTestDatabase>>;
let database: Db;
let app: ReturnType<typeof createApp>;
let stored: StoreModelsResult;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalog(database);
  clearPartModelCache();
  stored = await storeModels3d(
    database.db,
    [
      { key: SOIC8, bytes: wrl },
      { key: 'Package_SO.3dshapes/SOIC-8_3.9x4.9mm_P1.27mm.step', byteSize: 253807 },
      { key: 'Broken.3dshapes/truncated.wrl', bytes: wrl.subarray(0, 5000) },
      { key: '../../etc/passwd.wrl', bytes: wrl },
    ],
    { source: 'KiCad 3D library (test fixture)', licence: 'CC-BY-SA 4.0 with the KiCad library exception' },
  );
  app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
}, 120_000);
afterAll(async () => {
  await database?.close();
});

type Env<T = unknown> = { code: number; msg: string; result: T };
type Detail = { footprint: { model3dPath: string | null; model3d: { path: string; format: string } | null; preview3d: { path: string; source: string; licence: string } | null } | null };

async function detail(code: string): Promise<Detail> {
  const res = await app.request('/api/chiplet/products/detail', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ mfgMpnCode: code }) });
  return ((await res.json()) as Env<Detail>).result;
}

async function preview(code: string, headers: Record<string, string> = { 'Accept-Encoding': 'gzip, deflate, br' }): Promise<{ res: Response; mesh: DecodedMesh | null }> {
  const res = await app.request(`/api/chiplet/products/model3d?mfgMpnCode=${encodeURIComponent(code)}`, { headers });
  if (res.status !== 200) return { res, mesh: null };
  let bytes = new Uint8Array(await res.arrayBuffer());
  if (res.headers.get('content-encoding') === 'gzip') bytes = gunzipSync(bytes);
  return { res, mesh: decodeMesh(bytes) };
}

function bbox(mesh: DecodedMesh, kind: string) {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const p of mesh.parts.filter((q) => q.kind === kind)) {
    for (let i = 0; i < p.positions.length; i++) {
      const k = i % 3;
      min[k] = Math.min(min[k]!, p.positions[i]!);
      max[k] = Math.max(max[k]!, p.positions[i]!);
    }
  }
  return { min, max };
}

describe(`3D preview (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('stores VRML with a preview mesh, records STEP, keeps a broken file without preview, refuses odd paths', async () => {
    expect(stored.stored).toBe(3);
    expect(stored.meshes).toBe(1);
    expect(stored.failures.map((f) => f.key)).toEqual(['Broken.3dshapes/truncated.wrl']);
    expect(stored.failures[0]!.reason).toMatch(/line \d+|end of file|unexpected|truncated|brace/i);
    expect(stored.rejected.map((r) => r.key)).toEqual(['../../etc/passwd.wrl']);
    const rows = await database.db.select({ path: models3d.path, format: models3d.format, hasMesh: models3d.mesh, hasContent: models3d.content, meshError: models3d.meshError }).from(models3d);
    const step = rows.find((r) => r.format === 'step')!;
    expect(step.hasMesh).toBeNull();
    expect(step.hasContent).toBeNull();
    const broken = rows.find((r) => r.path.startsWith('Broken'))!;
    expect(broken.hasMesh).toBeNull();
    expect(broken.hasContent).not.toBeNull();
    expect(broken.meshError).toBeTruthy();
  });

  it('names the previewed model, its source and licence in the detail', async () => {
    const d = await detail('LM358_ti');
    expect(d.footprint?.preview3d).toEqual({ path: SOIC8, source: 'KiCad 3D library (test fixture)', licence: 'CC-BY-SA 4.0 with the KiCad library exception' });
  });

  it('serves the model placed on a board made from the footprint, gzip-encoded and cacheable', async () => {
    const { res, mesh } = await preview('LM358_ti');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(mesh!.meta).toMatchObject({ model: SOIC8, footprint: 'Package_SO:SOIC-8_3.9x4.9mm_P1.27mm' });
    expect(new Set(mesh!.parts.map((p) => p.kind))).toEqual(new Set(['board', 'pad', 'model']));
    // SOIC-8 3.9 × 4.9 mm: leads span about 6 mm across (x), the body 4.9 mm along y, 1.75 mm max height.
    const model = bbox(mesh!, 'model');
    expect(model.max[0]! - model.min[0]!).toBeGreaterThan(5.5);
    expect(model.max[0]! - model.min[0]!).toBeLessThan(6.5);
    expect(model.max[1]! - model.min[1]!).toBeGreaterThan(4.7);
    expect(model.max[1]! - model.min[1]!).toBeLessThan(5.2);
    expect(model.min[2]!).toBeGreaterThanOrEqual(-0.01);
    expect(model.max[2]!).toBeGreaterThan(1.2);
    expect(model.max[2]!).toBeLessThan(1.8);
    // The model sits on its pads: the pad rows are where the leads are.
    const pads = bbox(mesh!, 'pad');
    expect(pads.min[0]!).toBeLessThan(model.min[0]! + 0.5);
    expect(pads.max[0]!).toBeGreaterThan(model.max[0]! - 0.5);

    const again = await app.request('/api/chiplet/products/model3d?mfgMpnCode=LM358_ti', { headers: { 'If-None-Match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('sends plain bytes to a client that does not accept gzip', async () => {
    const { res, mesh } = await preview('LM358_ti', {});
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(mesh!.parts.length).toBeGreaterThan(3);
  });

  it('bundles the stored model file, byte for byte, in the KiCad download', async () => {
    const res = await app.request('/api/chiplet/products/downloadZip?mfgMpnCode=LM358_ti');
    expect(res.status).toBe(200);
    const files = readZip(new Uint8Array(await res.arrayBuffer()));
    const model = files.find((f) => f.name === 'LM358/3d/SOIC-8_3.9x4.9mm_P1.27mm.wrl');
    expect(model?.data.equals(wrl)).toBe(true);
    expect(files.find((f) => f.name === 'LM358/LICENSE.txt')!.data.toString()).toContain('3d/SOIC-8_3.9x4.9mm_P1.27mm.wrl');
  });

  it('previews the VRML twin when the footprint names the STEP file', async () => {
    const [fp] = await database.db.select({ id: footprints.id, path: footprints.model3dPath }).from(footprints).where(eq(footprints.name, 'SOIC-8_3.9x4.9mm_P1.27mm'));
    await database.db.update(footprints).set({ model3dPath: '${KICAD8_3DMODEL_DIR}/Package_SO.3dshapes/SOIC-8_3.9x4.9mm_P1.27mm.step' }).where(eq(footprints.id, fp!.id));
    try {
      const d = await detail('LM358_ti');
      expect(d.footprint?.model3d?.format).toBe('step');
      expect(d.footprint?.preview3d?.path).toBe(SOIC8);
      const { res } = await preview('LM358_ti');
      expect(res.status).toBe(200);
    } finally {
      await database.db.update(footprints).set({ model3dPath: fp!.path }).where(eq(footprints.id, fp!.id));
    }
  });

  it('answers 404 (40400) for parts without a model and 40000 for a bad code', async () => {
    const noFootprint = await app.request('/api/chiplet/products/model3d?mfgMpnCode=NOPE_x');
    expect(noFootprint.status).toBe(404);
    expect(((await noFootprint.json()) as Env).code).toBe(40400);
    await database.db.delete(models3d).where(eq(models3d.path, SOIC8));
    clearPartModelCache();
    const gone = await app.request('/api/chiplet/products/model3d?mfgMpnCode=LM358_ti');
    expect(gone.status).toBe(404);
    expect((await detail('LM358_ti')).footprint?.preview3d).toBeNull();
    for (const bad of ['%3Cscript%3E', '', 'a'.repeat(200)]) {
      const res = await app.request(`/api/chiplet/products/model3d?mfgMpnCode=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as Env).code).toBe(40000);
    }
  });
});

describe('import:3d reads a KiCad 3D library directory', () => {
  it('stores every VRML with a preview, records STEP by size, ignores other files and folders', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chipedia-3dlib-'));
    try {
      mkdirSync(join(dir, 'Resistor_SMD.3dshapes'));
      mkdirSync(join(dir, 'Not_a_library'));
      copyFileSync(new URL('../fixtures/wrl/R_0603_1608Metric.wrl', import.meta.url), join(dir, 'Resistor_SMD.3dshapes/R_0603_1608Metric.wrl'));
      const step = 'ISO-10303-21; (not read, only recorded)';
      writeFileSync(join(dir, 'Resistor_SMD.3dshapes/R_0603_1608Metric.step'), step);
      writeFileSync(join(dir, 'Resistor_SMD.3dshapes/README.txt'), 'not a model');
      copyFileSync(new URL('../fixtures/wrl/SOT-23.wrl', import.meta.url), join(dir, 'Not_a_library/SOT-23.wrl'));
      const r = await importModels3dDir(database.db, dir, { source: 'test dir', licence: 'CC-BY-SA 4.0' });
      expect({ stored: r.stored, meshes: r.meshes, failures: r.failures, rejected: r.rejected, tooLarge: r.tooLarge }).toEqual({ stored: 2, meshes: 1, failures: [], rejected: [], tooLarge: [] });
      const rows = await database.db.select({ path: models3d.path, format: models3d.format, byteSize: models3d.byteSize, mesh: models3d.mesh }).from(models3d).where(eq(models3d.source, 'test dir'));
      expect(rows.map((x) => [x.path, x.format, x.mesh !== null]).sort()).toEqual([
        ['Resistor_SMD.3dshapes/R_0603_1608Metric.step', 'step', false],
        ['Resistor_SMD.3dshapes/R_0603_1608Metric.wrl', 'wrl', true],
      ]);
      expect(rows.find((x) => x.format === 'step')!.byteSize).toBe(step.length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
