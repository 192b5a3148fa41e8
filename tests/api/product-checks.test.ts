import { readFileSync } from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogRecords } from '../../src/lib/catalog/import/bulk-load.server.ts';
import { footprintRow } from '../../src/lib/catalog/kicad-import/kicad-records.ts';
import { upsertFootprints } from '../../src/lib/catalog/kicad-import/library-store.server.ts';
import { storeModels3d } from '../../src/lib/catalog/model3d/store-models.server.ts';
import { parseFootprint } from '../../src/lib/kicad/footprint.ts';
import { CHECK_VERSION } from '../../src/lib/library/asset-check.ts';
import { checkCatalog, checkStaleCatalog, partCheck, staleProductChecks } from '../../src/lib/library/product-checks.server.ts';
import { productChecks, products } from '../../src/lib/server/db/schema/index.ts';
import { createTestDatabase } from '../helpers/test-db.ts';
import { LM2904, seedCatalog } from '../unit/catalog-pages/seed.ts';

// check:catalog below the command line: the cross-asset check over a small real catalogue (the
// KiCad op-amps LM358/LM2904 on the SOIC-8 footprint with the library's SOIC-8 VRML model, the
// everyday passives, and the LM2904 put on a SOT-23-5 footprint), the verdicts in product_checks,
// the product page's reading of them in plain sentences, and the start-up run of stale parts only.
// PGlite, or PostgreSQL with TEST_DATABASE_URL.

type Db = Awaited<ReturnType<typeof createTestDatabase>>;
let database: Db;
const SOT = readFileSync(new URL('../fixtures/library/SOT-23-5.kicad_mod', import.meta.url), 'utf8');
const wrl = readFileSync(new URL('../fixtures/wrl/SOIC-8_3.9x4.9mm_P1.27mm.wrl', import.meta.url));
const idOf = async (code: string) => (await database.db.select({ id: products.id }).from(products).where(eq(products.mfgMpnCode, code)))[0]!.id;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalog(database);
  await upsertFootprints(database.db, [footprintRow(parseFootprint(SOT, 'SOT-23-5.kicad_mod').footprint!, 'Package_TO_SOT_SMD', SOT, 'KiCad libraries (test fixture)')]);
  const wrong = await loadCatalogRecords(database, [{ ...LM2904, mfgMpnCode: 'LM2904_sot', mpn: 'LM2904-SOT', package: 'SOT-23-5', footprint: { library: 'Package_TO_SOT_SMD', name: 'SOT-23-5' } }]);
  expect(wrong.skipped).toBe(0);
  await storeModels3d(database.db, [{ key: 'Package_SO.3dshapes/SOIC-8_3.9x4.9mm_P1.27mm.wrl', bytes: wrl }], { source: 'KiCad 3D library (test fixture)', licence: 'CC-BY-SA 4.0 with the KiCad library exception' });
}, 120_000);
afterAll(async () => {
  await database?.close();
});

describe(`check:catalog (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('checks every product with a symbol or footprint and stores each verdict', async () => {
    const withAssets = await database.db.$count(products);
    const stale = await staleProductChecks(database.db);
    expect(stale).toBeGreaterThan(2);
    const figures = await checkCatalog(database.db, { batchSize: 7 });
    expect(figures.checked).toBe(stale);
    expect(figures.checked).toBeLessThanOrEqual(withAssets);
    expect(figures.byQuality.ok + figures.byQuality.warnings + figures.byQuality.errors).toBe(figures.checked);
    expect(figures.version).toBe(CHECK_VERSION);
    expect(figures.msPerPart.p95).toBeGreaterThan(0);
    expect(await database.db.$count(productChecks)).toBe(figures.checked);
    expect(await staleProductChecks(database.db)).toBe(0);

    const ids = await Promise.all(['LM358_ti', 'LM2904_ti', 'LM2904_sot'].map(idOf));
    const rows = await database.db.select().from(productChecks).where(inArray(productChecks.productId, ids));
    const byId = new Map(rows.map((r) => [r.productId, r]));
    // The op-amps on their SOIC-8 with the library model standing on its eight pads.
    expect(byId.get(ids[0]!)).toMatchObject({ quality: 'ok', version: CHECK_VERSION, findings: [{ code: 'model.aligned', severity: 'info', vars: { pads: 8, met: 8 } }] });
    expect(byId.get(ids[1]!)!.quality).toBe('ok');
    // The LM2904 on a SOT-23-5: its pins 6, 7, 8 have no pad.
    expect(byId.get(ids[2]!)).toMatchObject({ quality: 'errors' });
    expect(byId.get(ids[2]!)!.findings).toContainEqual({ code: 'pins.noPad', severity: 'error', vars: { pins: '6, 7, 8', count: 3, pinCount: 8, padCount: 5 } });
    expect(figures.byCode['pins.noPad:error']).toBeGreaterThanOrEqual(1);
  });

  it('gives the product page its badge and findings in plain sentences, in the reader language', async () => {
    const wrong = await idOf('LM2904_sot');
    const zh = await partCheck(database.db, wrong, 'zh');
    expect(zh.quality).toBe('errors');
    expect(zh.findings[0]).toEqual({ code: 'pins.noPad', severity: 'error', text: '3 个引脚在封装上找不到对应焊盘：6, 7, 8（符号 8 个引脚编号，封装 5 个焊盘编号）。' });
    const en = await partCheck(database.db, wrong, 'en');
    expect(en.findings.map((f) => f.text)).toContain('3 pin(s) have no pad on the footprint: 6, 7, 8 (symbol: 8 pin numbers, footprint: 5 pad numbers).');
    const good = await partCheck(database.db, await idOf('LM358_ti'), 'en');
    expect(good).toMatchObject({ quality: 'ok', findings: [{ code: 'model.aligned', text: 'The 3D model stands on its pads: it touches 8 of 8 pad numbers.' }] });
    expect(await partCheck(database.db, 987654321, 'en')).toEqual({ quality: 'unchecked', findings: [], checkedAt: null });
  });

  it('re-checks only parts made by an older check at start-up, and says unchecked for them until then', async () => {
    const id = await idOf('LM358_ti');
    await database.db.update(productChecks).set({ version: CHECK_VERSION - 1, quality: 'errors', findings: [] }).where(eq(productChecks.productId, id));
    expect((await partCheck(database.db, id, 'en')).quality).toBe('unchecked');
    expect(await staleProductChecks(database.db)).toBe(1);
    const logged: string[] = [];
    const figures = await checkStaleCatalog(database.db, { info: (_o, m) => logged.push(m), error: (_o, m) => logged.push(m) });
    expect(figures?.checked).toBe(1);
    expect(logged).toEqual(['catalogue cross-asset check done']);
    expect((await partCheck(database.db, id, 'en')).quality).toBe('ok');
    expect(await checkStaleCatalog(database.db, { info: () => {}, error: () => {} })).toBeNull();
  });
});
