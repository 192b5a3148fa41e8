// matchLines against a small catalogue (PGlite, or PostgreSQL with TEST_DATABASE_URL): each tier
// of the cascade, the maker check, remembered choices, preferences, progress and cancelling.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BOM_TRENDS } from '../../src/lib/bom/bom.schema.ts';
import { lineSignature, matchLines } from '../../src/lib/bom/match/match-lines.server.ts';
import type { LineToMatch } from '../../src/lib/bom/match/match-types.ts';
import { mfrRecord } from '../../src/lib/catalog/generate/yageo-mfr.ts';
import { loadCatalogRecords } from '../../src/lib/catalog/import/bulk-load.server.ts';
import type { CatalogRecord } from '../../src/lib/catalog/import/catalog-record.ts';
import { seedCategories } from '../../src/lib/catalog/import/seed-categories.server.ts';
import { runnerOf } from '../../src/lib/server/db/raw-sql.server.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const ids = new Map<string, number>();

const rec = (mpn: string, over: Partial<CatalogRecord> = {}): CatalogRecord => ({ mpn, cateId: 20002, lifecycle: 'unknown', params: [], source: 'test', licence: 'test', ...over });
const res = (mpn: string, ohms: number, pkg: string, tol: number, brand = 'yageo'): CatalogRecord =>
  rec(mpn, { brand, cateId: 55001, package: pkg, params: [{ key: 'resistance', value: ohms, unit: 'Ω' }, { key: 'tolerance', value: tol, unit: '%' }] });

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCategories(database);
  await loadCatalogRecords(database, [
    rec('LM358DR', { brand: 'ti', package: 'SOIC-8', supplierCodes: [{ supplier: 'lcsc', code: 'C7950' }] }),
    rec('LM358D', { brand: 'ti', package: 'SOIC-8' }),
    rec('NE5532DR', { brand: 'ti', package: 'SOIC-8' }),
    rec('NE5532DR', { brand: 'st', package: 'SOIC-8' }),
    rec('MCP1700-3302E/TT', { brand: 'microchip', cateId: 15001, package: 'SOT-23' }),
    res('RC0603FR-0710KL', 10_000, '0603', 1),
    res('RC0603JR-0710KL', 10_000, '0603', 5),
    res('RC0805FR-0710KL', 10_000, '0805', 1),
    res('RC0603FR-074K7L', 4_700, '0603', 1),
    rec('MCP6001T-I/OT', { brand: 'microchip', cateId: 15001, package: 'SOT-23-5' }),
    rec('MCP6002-I/SN', { brand: 'microchip', cateId: 15001, package: 'SOIC-8' }),
    rec('MCP6002T-I/SN', { brand: 'microchip', cateId: 15001, package: 'SOIC-8' }),
    res('RC0603FR-071K8L', 1_800, '0603', 1),
    mfrRecord('MFR-25', 1_800),
    mfrRecord('MFR-50', 1_800),
    rec('ZZCN-0603-10K', { brand: { key: 'uniroyal', nameZh: '厚声', nameEn: 'UNI-ROYAL', country: 'CN' }, cateId: 55001, package: '0603', params: [{ key: 'resistance', value: 10_000, unit: 'Ω' }, { key: 'tolerance', value: 1, unit: '%' }] }),
  ]);
  for (const r of await runnerOf(database.db).rows<{ id: number; mpn: string; brand: string }>('SELECT p.id, p.mpn, b.key AS brand FROM products p JOIN brands b ON b.id = p.brand_id')) {
    ids.set(`${r.mpn}|${r.brand}`, r.id);
  }
}, 120_000);

afterAll(async () => {
  await database?.close();
});

const line = (fields: LineToMatch['fields'], designators: string[] = [], dnp = false): LineToMatch => ({ fields, designators, dnp });
const match = (lines: LineToMatch[], options: Partial<Parameters<typeof matchLines>[2]> = {}) => matchLines(database.db, lines, { trends: DEFAULT_BOM_TRENDS, ...options });

describe(`matchLines (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('goes through the cascade in one call', async () => {
    const [supplier, exact, packaging, conflict, sameMpn, lookalike, passive, loose, unknown, dnp] = await match([
      line({ supplierPn: 'C7950' }),
      line({ mpn: 'lm358d' }),
      line({ mpn: 'MCP1700T-3302E/TT' }),
      line({ mpn: 'LM358DR', manufacturer: 'STMicroelectronics' }),
      line({ mpn: 'NE5532DR' }),
      line({ mpn: 'LM3S8DR' }),
      line({ value: '10k 1%', package: 'Resistor_SMD:R_0603_1608Metric' }, ['R1']),
      line({ value: '4k7' }, ['R2']),
      line({ mpn: 'NOPE-12345' }),
      line({ mpn: 'LM358DR' }, ['U9'], true),
    ]);
    expect(supplier).toMatchObject({ status: 'exact', chosenProductId: ids.get('LM358DR|ti') });
    expect(supplier!.candidates[0]).toMatchObject({ tier: 'supplier', reasons: [{ key: 'bom.reason.supplierPn' }] });
    // LM358D is here only as a record without an offer or distributor code; its orderable packing
    // variant LM358DR (LCSC C7950) is what gets chosen (issue #30: an orderable part before a bare record).
    expect(exact).toMatchObject({ status: 'matched', chosenProductId: ids.get('LM358DR|ti') });
    expect(exact!.candidates.map((c) => c.productId)).toContain(ids.get('LM358D|ti'));
    expect(packaging).toMatchObject({ status: 'matched', chosenProductId: ids.get('MCP1700-3302E/TT|microchip') });
    expect(packaging!.candidates[0]?.tier).toBe('packaging');
    expect(conflict).toMatchObject({ status: 'doubtful', chosenProductId: null });
    expect(conflict!.candidates[0]?.reasons.map((r) => r.key)).toContain('bom.reason.makerConflict');
    expect(sameMpn).toMatchObject({ status: 'doubtful' });
    expect(sameMpn!.candidates).toHaveLength(2);
    expect(lookalike).toMatchObject({ status: 'doubtful' });
    expect(lookalike!.candidates[0]).toMatchObject({ productId: ids.get('LM358DR|ti'), tier: 'fuzzy' });
    // 10k 1 % 0603: the two parts meeting it are ranked; the 5 % and the 0805 are never proposed.
    expect(passive).toMatchObject({ status: 'matched' });
    expect(passive!.candidates.map((c) => c.productId).sort()).toEqual([ids.get('RC0603FR-0710KL|yageo'), ids.get('ZZCN-0603-10K|uniroyal')].sort());
    expect(loose).toMatchObject({ status: 'doubtful' });
    expect(loose!.candidates[0]).toMatchObject({ productId: ids.get('RC0603FR-074K7L|yageo'), tier: 'parametric' });
    expect(unknown).toMatchObject({ status: 'notFound', candidates: [] });
    expect(dnp!.status).toBe('dnp');
  });

  it('finds the reel a catalogue lists when the BOM names the part without its T', async () => {
    const [reelOnly, both] = await match([line({ mpn: 'MCP6001-I/OT' }), line({ mpn: 'MCP6002-I/SN' })]);
    expect(reelOnly).toMatchObject({ status: 'matched', chosenProductId: ids.get('MCP6001T-I/OT|microchip') });
    expect(reelOnly!.candidates[0]).toMatchObject({ tier: 'packaging', reasons: [{ key: 'bom.reason.mpnPackaging', vars: { suffix: 'T' } }] });
    // The part as written wins; its reel is the same part, no rival.
    expect(both).toMatchObject({ status: 'exact', chosenProductId: ids.get('MCP6002-I/SN|microchip') });
    expect(both!.candidates.map((c) => c.productId)).toContain(ids.get('MCP6002T-I/SN|microchip'));
  });

  it('matches an axial resistor only to parts of the same body', async () => {
    const [din0207, din0309, box, noPackage] = await match([
      line({ value: '1.8k', package: 'Resistor_THT:R_Axial_DIN0207_L6.3mm_D2.5mm_P10.16mm_Horizontal' }, ['R1']),
      line({ value: '1K8 5%', package: 'R_Axial_DIN0309_L9.0mm_D3.2mm_P12.70mm_Horizontal' }, ['R2']),
      line({ value: '1.8k', package: 'R_Box_L13.0mm_W4.0mm_P9.00mm' }, ['R3']),
      line({ value: '1.8k' }, ['R4']),
    ]);
    expect(din0207).toMatchObject({ status: 'matched', chosenProductId: ids.get('MFR-25FBF52-1K8|yageo') });
    expect(din0207!.candidates.map((c) => c.productId)).toEqual([ids.get('MFR-25FBF52-1K8|yageo')]);
    // 1 % meets the stated 5 %.
    expect(din0309).toMatchObject({ status: 'matched', chosenProductId: ids.get('MFR-50FTE52-1K8|yageo') });
    expect(din0309!.candidates.map((c) => c.productId)).toEqual([ids.get('MFR-50FTE52-1K8|yageo')]);
    // A body the parser does not read, or no package at all: the user chooses among every 1.8 kΩ part.
    for (const l of [box, noPackage]) {
      expect(l).toMatchObject({ status: 'doubtful', chosenProductId: null });
      expect(l!.candidates).toHaveLength(3);
    }
  });

  it('orders equally good parts by the preferences without changing the status', async () => {
    const l = line({ value: '10k 1%', package: '0603' }, ['R1']);
    const [domestic] = await match([l], { trends: { ...DEFAULT_BOM_TRENDS, preferDomestic: true } });
    expect(domestic).toMatchObject({ status: 'matched', chosenProductId: ids.get('ZZCN-0603-10K|uniroyal') });
    const [plain] = await match([l]);
    expect(plain).toMatchObject({ status: 'matched', chosenProductId: ids.get('RC0603FR-0710KL|yageo') });
  });

  it('reuses a remembered choice by the line signature', async () => {
    const fields = { mpn: 'NE5532DR' };
    const chosen = ids.get('NE5532DR|st')!;
    const [m] = await match([line(fields)], { memory: new Map([[lineSignature({ mpn: 'ne5532dr ' }), chosen]]) });
    expect(m).toMatchObject({ status: 'matched', chosenProductId: chosen });
    expect(m!.candidates[0]).toMatchObject({ tier: 'memory', reasons: [{ key: 'bom.reason.memory' }] });
  });

  it('reports progress as lines finish and stops when cancelled', async () => {
    const lines = Array.from({ length: 1200 }, (_, i) => line({ mpn: i % 2 ? 'LM358DR' : 'NOPE-1' }));
    const seen: number[] = [];
    const out = await match(lines, { onProgress: (n) => seen.push(n) });
    expect(out).toHaveLength(1200);
    expect(seen).toEqual([500, 1000, 1200]);
    const controller = new AbortController();
    controller.abort();
    await expect(match(lines, { signal: controller.signal })).rejects.toThrow();
  });
});
