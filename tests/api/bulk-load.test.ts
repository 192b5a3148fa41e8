import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEverydayPassives } from '../../src/lib/catalog/generate/everyday-passives.ts';
import { generateCatalog } from '../../src/lib/catalog/generate/synthetic.ts';
import { CATALOG_FOREIGN_KEYS, CATALOG_INDEXES, ensureCatalogIndexes, expectedCatalogDdl, loadCatalogRecords } from '../../src/lib/catalog/import/bulk-load.server.ts';
import type { CatalogRecord } from '../../src/lib/catalog/import/catalog-record.ts';
import { seedCategories } from '../../src/lib/catalog/import/seed-categories.server.ts';
import { CATEGORY_TREE } from '../../src/lib/catalog/kicad-library-map.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

type TestDb = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDb;

async function q<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = (database.db as unknown as { $client: { query: (t: string, p?: unknown[]) => Promise<{ rows: T[] }> } }).$client;
  return (await client.query(text, params)).rows;
}

async function count(table: string): Promise<number> {
  return (await q<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n ?? -1;
}

const passives = buildEverydayPassives();

function part(mpn: string, extra: Partial<CatalogRecord> = {}): CatalogRecord {
  return {
    mpn,
    brand: 'yageo',
    cateId: 55001,
    lifecycle: 'unknown',
    params: [{ key: 'resistance', value: 1000, unit: 'Ω' }],
    source: 'test',
    licence: 'test',
    ...extra,
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCategories(database);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe(`seedCategories (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('inserts the whole tree and is idempotent', async () => {
    expect(await seedCategories(database)).toBe(CATEGORY_TREE.length);
    expect(await count('categories')).toBe(CATEGORY_TREE.length);
    const [row] = await q<{ cate_name: string; parent_id: number }>('SELECT cate_name, parent_id FROM categories WHERE cate_id = 55001');
    expect(row).toEqual({ cate_name: '固定电阻', parent_id: 550 });
  });
});

describe('loadCatalogRecords upsert', () => {
  it('loads, skips an unknown cateId and an invalid record with reasons, counts duplicates', async () => {
    await q(`INSERT INTO symbols (library, name, content, source, licence) VALUES ('Device', 'R', '(symbol "R")', 'test', 'test'), ('Device', 'C', '(symbol "C")', 'test', 'test')`);
    const sample = passives.slice(0, 40);
    const records: unknown[] = [
      ...sample,
      part('BAD-CATE-1', { cateId: 999_999 }),
      { mpn: '', brand: 'yageo', cateId: 55001, source: 's', licence: 'l' },
      part('DUP-1', { descriptionEn: 'first' }),
      part('DUP-1', { descriptionEn: 'second' }),
    ];
    const progress: number[] = [];
    const result = await loadCatalogRecords(database, records as CatalogRecord[], { batchSize: 25, onProgress: (d) => progress.push(d), run: { kind: 'test', source: 'upsert test' } });
    expect(result.imported).toBe(41);
    expect(result.skipped).toBe(2);
    expect(result.duplicates).toBe(1);
    expect(result.errors).toEqual([
      { index: 40, mpn: 'BAD-CATE-1', reason: 'unknown cateId 999999' },
      { index: 41, mpn: '', reason: expect.stringMatching(/^mpn:/) },
    ]);
    expect(progress).toEqual([25, 44]);
    // Device:R exists, the footprints do not: products kept, footprint links left empty and noted.
    expect(result.unresolvedRefs).toBe(40);
    expect(result.warnings.some((w) => /footprint Resistor_SMD:R_0402_1005Metric not found/.test(w.reason))).toBe(true);
    const [rc] = await q<{ symbol_id: number | null; footprint_id: number | null; name_zh: string; mpn_normalized: string }>(
      `SELECT p.symbol_id, p.footprint_id, b.name_zh, p.mpn_normalized FROM products p JOIN brands b ON b.id = p.brand_id WHERE p.mpn = 'RC0402FR-071RL'`,
    );
    expect(rc?.symbol_id).not.toBeNull();
    expect(rc?.footprint_id).toBeNull();
    expect(rc?.name_zh).toBe('国巨'); // brand row built from brands.ts
    expect(rc?.mpn_normalized).toBe('RC0402FR071RL');
    const [dup] = await q<{ description_en: string }>(`SELECT description_en FROM products WHERE mpn = 'DUP-1'`);
    expect(dup?.description_en).toBe('second');
    const [run] = await q<{ lines_done: number; imported: number; skipped: number; finished_at: unknown }>(
      'SELECT lines_done::int, imported::int, skipped::int, finished_at FROM import_runs WHERE id = $1',
      [result.runId],
    );
    expect(run).toMatchObject({ lines_done: 44, imported: 41, skipped: 2 });
    expect(run?.finished_at).not.toBeNull();
  });

  it('is idempotent: the same records twice leave the same rows', async () => {
    const sample = passives.slice(0, 40);
    const before = await q<{ id: number; mfg_mpn_code: string }>('SELECT id, mfg_mpn_code FROM products ORDER BY id');
    const paramsBefore = await count('product_params');
    const result = await loadCatalogRecords(database, sample);
    expect(result.imported).toBe(40);
    expect(await q('SELECT id, mfg_mpn_code FROM products ORDER BY id')).toEqual(before);
    expect(await count('product_params')).toBe(paramsBefore);
  });

  it('replaces a product’s parameters and inserts brands from the record or as minimal rows', async () => {
    await loadCatalogRecords(database, [
      part('PARAMS-1', { params: [{ key: 'resistance', value: 1, unit: 'Ω' }, { key: 'package', text: '0603' }] }),
      part('BRAND-OBJ-1', { brand: { key: 'acme-passives', nameZh: '阿克米', nameEn: 'Acme Passives', country: 'CN' } }),
      part('BRAND-MIN-1', { brand: 'unknown-maker' }),
    ]);
    await loadCatalogRecords(database, [part('PARAMS-1', { params: [{ key: 'tolerance', value: 5, unit: '%' }] })]);
    const params = await q<{ key: string; value_num: number }>(
      `SELECT pp.key, pp.value_num FROM product_params pp JOIN products p ON p.id = pp.product_id WHERE p.mpn = 'PARAMS-1'`,
    );
    expect(params).toEqual([{ key: 'tolerance', value_num: 5 }]);
    const brands = await q<{ key: string; name_zh: string; name_en: string; country: string | null }>(
      `SELECT key, name_zh, name_en, country FROM brands WHERE key IN ('acme-passives', 'unknown-maker') ORDER BY key`,
    );
    expect(brands).toEqual([
      { key: 'acme-passives', name_zh: '阿克米', name_en: 'Acme Passives', country: 'CN' },
      { key: 'unknown-maker', name_zh: 'unknown-maker', name_en: 'unknown-maker', country: null },
    ]);
  });

  it('stops between batches when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(loadCatalogRecords(database, passives, { signal: controller.signal })).rejects.toThrow();
  });
});

describe('loadCatalogRecords fresh', () => {
  async function indexNames(): Promise<string[]> {
    return (await q<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE tablename IN ('products', 'product_params')`)).map((r) => r.indexname);
  }

  it('loads into an empty table with COPY, restores every index and foreign key, last duplicate wins', async () => {
    await q('TRUNCATE products CASCADE');
    const synthetic = [...generateCatalog({ parts: 3000, seed: 5 })];
    const repeated = { ...(synthetic[10] as CatalogRecord), descriptionEn: 'the later copy' };
    const result = await loadCatalogRecords(database, [...synthetic, part('BAD-CATE-2', { cateId: 424_242 }), repeated], { mode: 'fresh', batchSize: 1000 });
    expect(result.skipped).toBe(1);
    expect(result.errors[0]).toEqual({ index: 3000, mpn: 'BAD-CATE-2', reason: 'unknown cateId 424242' });
    expect(result.duplicates).toBe(1);
    expect(result.imported).toBe(3000);
    expect(await count('products')).toBe(3000);
    const paramTotal = synthetic.reduce((a, r) => a + r.params.length, 0);
    expect(await count('product_params')).toBe(paramTotal);
    const [kept] = await q<{ description_en: string }>('SELECT description_en FROM products WHERE mfg_mpn_code = $1', [repeated.mfgMpnCode]);
    expect(kept?.description_en).toBe('the later copy');
    const names = await indexNames();
    for (const idx of CATALOG_INDEXES) expect(names).toContain(idx.name);
    const fks = await q<{ conname: string; convalidated: boolean }>(
      `SELECT conname, convalidated FROM pg_constraint WHERE contype = 'f' AND conrelid::regclass::text IN ('products', 'product_params')`,
    );
    expect(fks.map((f) => f.conname).sort()).toEqual(CATALOG_FOREIGN_KEYS.map((f) => f.name).sort());
    expect(fks.every((f) => f.convalidated)).toBe(true);
    const [def] = await q<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE indexname = 'products_mpn_norm_trgm_idx'`);
    expect(def?.indexdef).toMatch(/gin \(mpn_normalized gin_trgm_ops\)/);
    expect(result.timings?.indexes).toBeGreaterThanOrEqual(0);
    // Ids come from the sequence: a later insert does not collide.
    const upsert = await loadCatalogRecords(database, [part('AFTER-FRESH-1')]);
    expect(upsert.imported).toBe(1);
    // Searchable through the rebuilt trigram index.
    const hits = await q<{ n: number }>(`SELECT count(*)::int AS n FROM products WHERE mpn_normalized % $1`, [(synthetic[0] as CatalogRecord).mpn.replace(/[^A-Z0-9]/gi, '').toUpperCase()]);
    expect(hits[0]?.n).toBeGreaterThan(0);
  });

  it('appends to a non-empty table (unique index kept) and refuses codes that already exist', async () => {
    const before = await count('products');
    const more = [...generateCatalog({ parts: 500, seed: 6 })];
    const existing = new Set((await q<{ mfg_mpn_code: string }>('SELECT mfg_mpn_code FROM products')).map((r) => r.mfg_mpn_code));
    const fresh = more.filter((r) => !existing.has(r.mfgMpnCode ?? ''));
    const result = await loadCatalogRecords(database, fresh, { mode: 'fresh' });
    expect(result.imported).toBe(fresh.length);
    expect(await count('products')).toBe(before + fresh.length);
    await expect(loadCatalogRecords(database, [fresh[0] as CatalogRecord], { mode: 'fresh' })).rejects.toThrow(/fresh load refused: Key \(mfg_mpn_code\)=.* already exists.*use mode 'upsert'/);
    expect(await count('products')).toBe(before + fresh.length);
    const names = await indexNames();
    for (const idx of CATALOG_INDEXES) expect(names).toContain(idx.name);
  });

  it('rolls back and restores the indexes when cancelled mid-load', async () => {
    const before = await count('products');
    const paramsBefore = await count('product_params');
    const controller = new AbortController();
    async function* records(): AsyncGenerator<CatalogRecord> {
      let n = 0;
      for (const r of generateCatalog({ parts: 3000, seed: 99 })) {
        if (++n === 1500) controller.abort();
        yield { ...r, mfgMpnCode: `${r.mfgMpnCode}_cancel` };
      }
    }
    await expect(loadCatalogRecords(database, records(), { mode: 'fresh', batchSize: 500, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    const names = await indexNames();
    for (const idx of CATALOG_INDEXES) expect(names).toContain(idx.name);
    if (process.env.TEST_DATABASE_URL) {
      // PostgreSQL: both COPYs roll back together.
      expect(await count('products')).toBe(before);
      expect(await count('product_params')).toBe(paramsBefore);
    } else {
      // PGlite: blocks commit one by one; the ones written before the cancel stay, whole.
      const added = (await count('products')) - before;
      expect(added % 500).toBe(0);
    }
    expect(await ensureCatalogIndexes(database)).toEqual([]);
  });

  it('knows every index and foreign key of the tables from the migrations', async () => {
    const expected = expectedCatalogDdl();
    const names = (await q<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE tablename IN ('products', 'product_params') AND indexname <> 'products_pkey'`)).map((r) => r.indexname);
    expect(expected.indexes.map((i) => i.name).sort()).toEqual(names.sort());
    for (const idx of CATALOG_INDEXES) expect(names).toContain(idx.name);
    expect(expected.fks.map((f) => f.name).sort()).toEqual(CATALOG_FOREIGN_KEYS.map((f) => f.name).sort());
  });

  it('ensureCatalogIndexes repairs missing indexes, including those of later migrations', async () => {
    const expected = expectedCatalogDdl().indexes;
    const last = expected[expected.length - 1]?.name ?? 'products_package_idx';
    const victims = [...new Set(['products_package_idx', last])];
    for (const name of victims) await q(`DROP INDEX "${name}"`);
    expect((await ensureCatalogIndexes(database)).sort()).toEqual(victims.sort());
    expect(await ensureCatalogIndexes(database)).toEqual([]);
  });
});

describe('loadCatalogRecords supplierCodes', () => {
  it('stores distributor codes upper-cased, replaces them on reload and moves a code to its new product', async () => {
    await loadCatalogRecords(database, [
      part('SUPCODE-A', { supplierCodes: [{ supplier: 'lcsc', code: 'c25804' }, { supplier: 'digikey', code: '311-10.0KHRCT-ND' }] }),
      part('SUPCODE-B'),
    ]);
    const codes = async () =>
      q<{ mpn: string; supplier: string; code: string }>(
        `SELECT p.mpn, s.supplier, s.code FROM product_supplier_codes s JOIN products p ON p.id = s.product_id WHERE p.mpn LIKE 'SUPCODE-%' ORDER BY s.code`,
      );
    expect(await codes()).toEqual([
      { mpn: 'SUPCODE-A', supplier: 'digikey', code: '311-10.0KHRCT-ND' },
      { mpn: 'SUPCODE-A', supplier: 'lcsc', code: 'C25804' },
    ]);
    await loadCatalogRecords(database, [part('SUPCODE-B', { supplierCodes: [{ supplier: 'lcsc', code: 'C25804' }] }), part('SUPCODE-A')]);
    expect(await codes()).toEqual([{ mpn: 'SUPCODE-B', supplier: 'lcsc', code: 'C25804' }]);
  });
});
