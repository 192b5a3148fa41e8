// The parametric tier's bounded fetch (match-queries.server.ts parametricHits) is deterministic and
// ranked: many parts of one value, inserted in an order that puts the preferred ones last, still
// come back active first, then by MPN. PGlite, or PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parametricHits, type ParamGroup } from '../../src/lib/bom/match/match-queries.server.ts';
import { loadCatalogRecords } from '../../src/lib/catalog/import/bulk-load.server.ts';
import type { CatalogRecord } from '../../src/lib/catalog/import/catalog-record.ts';
import { seedCategories } from '../../src/lib/catalog/import/seed-categories.server.ts';
import { runnerOf } from '../../src/lib/server/db/raw-sql.server.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const mpnOf = new Map<number, string>();

const resistor = (mpn: string, ohms: number, lifecycle: CatalogRecord['lifecycle']): CatalogRecord => ({
  mpn,
  brand: 'yageo',
  cateId: 55001,
  package: '0603',
  lifecycle,
  params: [{ key: 'resistance', value: ohms, unit: 'Ω' }, { key: 'tolerance', value: 1, unit: '%' }],
  source: 'test',
  licence: 'test',
});

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCategories(database);
  // 10 kΩ: MPNs inserted in descending order, the one active part last.
  const tenK = Array.from({ length: 40 }, (_x, i) => resistor(`R10K-${String(39 - i).padStart(2, '0')}`, 10_000, 'unknown'));
  // 4.7 kΩ: ascending order, the active part first.
  const fourK7 = Array.from({ length: 40 }, (_x, i) => resistor(`R4K7-${String(i).padStart(2, '0')}`, 4_700, 'unknown'));
  await loadCatalogRecords(database, [resistor('R4K7-ZZ', 4_700, 'active'), ...fourK7, ...tenK, resistor('R10K-ZZ', 10_000, 'active')]);
  for (const r of await runnerOf(database.db).rows<{ id: number; mpn: string }>('SELECT id, mpn FROM products')) mpnOf.set(Number(r.id), r.mpn);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

const group = (value: number): ParamGroup => ({ key: 'resistance', value, pkg: '0603', tolMax: null, voltMin: null, powerMin: null, dielectrics: null });

describe(`parametricHits order (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('returns active parts first, then by MPN, whatever the insertion order', async () => {
    // 24 asked: the window (2 × 24 rows in id order) holds all 41 parts of each value.
    const hits = await parametricHits(runnerOf(database.db), [group(10_000), group(4_700)], true, 24);
    const names = (g: number) => hits.filter((h) => h.g === g).map((h) => mpnOf.get(h.id)).slice(0, 4);
    expect(names(0)).toEqual(['R10K-ZZ', 'R10K-00', 'R10K-01', 'R10K-02']);
    expect(names(1)).toEqual(['R4K7-ZZ', 'R4K7-00', 'R4K7-01', 'R4K7-02']);
  });

  it('requires stated attributes in strict mode and not in loose mode', async () => {
    const tight = { ...group(10_000), tolMax: 0.5 };
    expect(await parametricHits(runnerOf(database.db), [tight], true, 24)).toEqual([]);
    expect((await parametricHits(runnerOf(database.db), [tight], false, 24)).map((h) => mpnOf.get(h.id)).slice(0, 4)).toEqual(['R10K-ZZ', 'R10K-00', 'R10K-01', 'R10K-02']);
  });

  it('reads a bounded window in id order when a value has more parts than it holds', async () => {
    // 3 asked: a window of 6 rows, the first 6 inserted 10 kΩ parts (R10K-39 … R10K-34), ranked by MPN.
    const hits = await parametricHits(runnerOf(database.db), [group(10_000)], true, 3);
    expect(hits.map((h) => mpnOf.get(h.id))).toEqual(['R10K-34', 'R10K-35', 'R10K-36']);
  });
});
