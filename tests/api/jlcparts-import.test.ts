import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJlcparts, jlcImportFinished, type JlcImportSummary, type JlcProblem } from '../../src/lib/catalog/jlcparts/import-jlcparts.server.ts';
import { CATEGORY_BY_ID } from '../../src/lib/catalog/kicad-library-map.ts';
import { seedCategories } from '../../src/lib/catalog/import/seed-categories.server.ts';
import { productDetail } from '../../src/lib/catalog/detail.server.ts';
import { searchSupplyChain } from '../../src/lib/offers/offers.server.ts';
import { isSnapshotOffer } from '../../src/lib/offers/offers.ts';
import { runnerOf } from '../../src/lib/server/db/raw-sql.server.ts';
import { createTestDatabase } from '../helpers/test-db.ts';
import { loadKicadSubset } from '../helpers/kicad-subset.ts';

// Issue #29: the JLCPCB/LCSC snapshot importer on a fixture cut from the real shards
// (tests/fixtures/jlcparts-mini, its README names the source), on PGlite and on PostgreSQL.
const FIXTURE = resolve('tests/fixtures/jlcparts-mini');
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let summary: JlcImportSummary;
const problems: JlcProblem[] = [];
const rows = <T>(text: string, values: unknown[] = []) => runnerOf(database.db).rows<T>(text, values);
const byLcsc = async (code: string) =>
  (
    await rows<{ id: number; mpn: string; code: string; cate_id: number; brand: string | null; country: string | null; package: string | null; source: string; asset_match: string | null; sym: string | null; fp: string | null }>(
      `SELECT p.id, p.mpn, p.mfg_mpn_code AS code, p.cate_id, b.key AS brand, b.country, p.package, p.source, p.asset_match, s.library || ':' || s.name AS sym, f.library || ':' || f.name AS fp
         FROM product_supplier_codes c JOIN products p ON p.id = c.product_id LEFT JOIN brands b ON b.id = p.brand_id
         LEFT JOIN symbols s ON s.id = p.symbol_id LEFT JOIN footprints f ON f.id = p.footprint_id
        WHERE c.supplier = 'lcsc' AND c.code = $1`,
      [code],
    )
  )[0];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCategories(database);
  // Real KiCad parts the snapshot's parts merge with or take assets from.
  await loadKicadSubset(database, {
    products: ['STM32F103C8Tx', 'NE555D', 'NE555P', 'TPS5430DDA', 'AMS1117-3.3', '1N4148', '1N4148W', 'LM358', 'CH340G', 'CH340C'],
    templates: ['Device:R', 'Device:C', 'Device:L', 'Device:LED', 'Device:D', 'Device:D_Schottky', 'Device:D_Zener', 'Device:C_Polarized'],
    footprints: ['Resistor_SMD:R_0603_1608Metric', 'Capacitor_SMD:C_0603_1608Metric', 'Diode_SMD:D_SMA', 'Diode_SMD:D_SMB', 'Diode_SMD:D_SOD-123'],
  });
  summary = await importJlcparts(database, FIXTURE, { batchSize: 100, onProblem: (p) => problems.push(p) });
}, 120_000);
afterAll(async () => {
  await database?.close();
});

describe('npm run import:jlcparts on real rows', () => {
  it('reads every row, reports each malformed line with its place and reason, and counts consistently', () => {
    // 224 real rows + one malformed row that parses (its attribute index is outside the table).
    expect(summary.rows).toBe(225);
    const bad = problems.filter((p) => /:\d+$/.test(p.where) || p.where === 'C999999999');
    expect(bad.map((p) => p.reason)).toEqual(
      expect.arrayContaining([expect.stringMatching(/not valid JSON/), expect.stringMatching(/^lcsc: /), expect.stringMatching(/^mfr: /), expect.stringMatching(/^attributes: index/), expect.stringMatching(/array of fields/)]),
    );
    expect(summary.skipped).toBe(problems.length);
    expect(summary.skipped).toBeGreaterThanOrEqual(5);
    // Every good row is a new product, a merge into a KiCad product, or a second LCSC code of one.
    expect(summary.imported + summary.merged + summary.duplicates + summary.resumed).toBe(summary.rows - (summary.skipped - 4));
    expect(summary.supplierCodes).toBe(224 - (summary.skipped - 5));
  });

  it('maps every part onto a level-2 or level-3 category', async () => {
    const cats = await rows<{ cate_id: number }>(`SELECT DISTINCT cate_id FROM products WHERE source LIKE '%jlcparts%'`);
    expect(cats.length).toBeGreaterThan(20);
    for (const c of cats) expect([2, 3]).toContain(CATEGORY_BY_ID.get(c.cate_id)?.level);
  });

  it('merges the spellings of one maker into one brand and marks domestic makers', async () => {
    const a = await byLcsc('C14267'); // CH340G, 'WCH(Jiangsu Qin Heng)'
    const b = await byLcsc('C84681'); // CH340C, 'WCH Jiangsu Qin Heng'
    expect(a?.brand).toBe('wch');
    expect(b?.brand).toBe('wch');
    expect(a?.country).toBe('CN');
    expect((await byLcsc('C77994'))?.country).toBe('CN'); // GigaDevice
    expect((await byLcsc('C8734'))?.country).not.toBe('CN'); // ST
  });

  it('stores parameters in SI units', async () => {
    const p = await byLcsc('C25804'); // 0603WAF1002T5E: 10 kΩ ±1 % 0603
    const params = await rows<{ key: string; value_num: number | null; unit: string | null }>('SELECT key, value_num, unit FROM product_params WHERE product_id = $1', [p!.id]);
    const get = (k: string) => params.find((x) => x.key === k);
    expect(get('resistance')).toMatchObject({ value_num: 10_000, unit: 'Ω' });
    expect(get('tolerance')?.value_num).toBe(1);
    expect(p?.package).toBe('0603');
    const c = await byLcsc('C14663'); // 100 nF MLCC
    const cp = await rows<{ key: string; value_num: number | null }>('SELECT key, value_num FROM product_params WHERE product_id = $1', [c!.id]);
    expect(cp.find((x) => x.key === 'capacitance')?.value_num).toBeCloseTo(1e-7, 12);
    expect(cp.find((x) => x.key === 'ratedVoltage')?.value_num).toBeGreaterThan(0);
  });

  it('finds a part by its LCSC code and offers its price breaks as a dated LCSC snapshot', async () => {
    const p = await byLcsc('C8734');
    expect(p?.mpn).toBe('STM32F103C8T6');
    const offers = await searchSupplyChain(database.db, [p!.code], { locale: 'zh', currency: 'USD' });
    const offer = offers.list[0]?.offers.find((o) => o.distributorSku === 'C8734');
    expect(offer).toMatchObject({ distributor: 'LCSC', currency: 'USD' });
    expect(offer!.dataTime.slice(0, 10)).toBe('2026-05-21');
    expect(isSnapshotOffer(offer!.source)).toBe(true);
    expect(offer!.priceBreaks.length).toBeGreaterThan(0);
  });

  it('merges with the KiCad parts: one product for the same part, family and generic assets, packages respected', async () => {
    // AMS1117-3.3 of Advanced Monolithic Systems in SOT-223 is the KiCad part itself: one row, both sources.
    const ams = await byLcsc('C6186');
    expect(ams?.code).toBe('AMS1117-3.3_advanced-monolithic');
    expect(ams?.source).toMatch(/KiCad.*; jlcparts/);
    expect((await rows<{ n: number }>(`SELECT count(*)::int AS n FROM products WHERE mpn = 'AMS1117-3.3' AND brand_id = (SELECT id FROM brands WHERE key = 'advanced-monolithic')`))[0]!.n).toBe(1);
    // Another maker's AMS1117-3.3 in SOT-89 never gets the SOT-223 footprint.
    const sot89 = await byLcsc('C880752');
    expect(sot89?.fp ?? '').not.toMatch(/SOT-223/);
    // STM32F103C8T6 takes the STM32F103C8Tx family's symbol and LQFP-48 footprint.
    const stm = await byLcsc('C8734');
    expect(stm).toMatchObject({ asset_match: 'specific', sym: 'MCU_ST_STM32F1:STM32F103C8Tx', fp: 'Package_QFP:LQFP-48_7x7mm_P0.5mm' });
    // TI's NE555DR and TPS5430DDAR are packing variants of KiCad's NE555D and TPS5430DDA.
    expect((await byLcsc('C7593'))?.sym).toBe('Timer:NE555D');
    expect((await byLcsc('C9864'))?.sym).toBe('Regulator_Switching:TPS5430DDA');
    // A 0603 chip resistor gets the generic symbol and the standard footprint of its package.
    expect(await byLcsc('C25804')).toMatchObject({ asset_match: 'generic', sym: 'Device:R', fp: 'Resistor_SMD:R_0603_1608Metric' });
    expect(summary.assets.specific).toBeGreaterThan(0);
    expect(summary.assets.generic).toBeGreaterThan(0);
  });

  it('shows the source line, the asset kind and both sources on the product page data', async () => {
    const stm = await byLcsc('C8734');
    const detail = await productDetail(database.db, stm!.code, 'zh', { similar: false });
    expect(detail.assetMatch).toBe('specific');
    expect(detail.source).toMatch(/jlcparts 2026-05-21/);
    expect(detail.descriptionZh ?? '').not.toMatch(/，，| ，|，$/);
  });

  it('a second run imports nothing again and the finished run is recorded', async () => {
    const codes = (await rows<{ n: number }>('SELECT count(*)::int AS n FROM product_supplier_codes'))[0]!.n;
    const offers = (await rows<{ n: number }>('SELECT count(*)::int AS n FROM supply_offers'))[0]!.n;
    const products = (await rows<{ n: number }>('SELECT count(*)::int AS n FROM products'))[0]!.n;
    expect(await jlcImportFinished(database, FIXTURE)).toBe(true);
    const again = await importJlcparts(database, FIXTURE, { batchSize: 100 });
    expect(again.imported).toBe(0);
    expect(again.resumed).toBe(summary.imported + summary.merged);
    expect((await rows<{ n: number }>('SELECT count(*)::int AS n FROM products'))[0]!.n).toBe(products);
    expect((await rows<{ n: number }>('SELECT count(*)::int AS n FROM product_supplier_codes'))[0]!.n).toBe(codes);
    expect((await rows<{ n: number }>('SELECT count(*)::int AS n FROM supply_offers'))[0]!.n).toBe(offers);
  });
});
