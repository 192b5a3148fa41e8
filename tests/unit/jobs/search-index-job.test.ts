import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { importCatalogFile } from '../../../src/lib/catalog/import/import-file.server.ts';
import { seedCategories } from '../../../src/lib/catalog/import/seed-categories.server.ts';
import { CATEGORY_TREE } from '../../../src/lib/catalog/kicad-library-map.ts';
import { getSearchIndex, warmSearchIndex } from '../../../src/lib/search/search-index.server.ts';
import { jobs } from '../../../src/lib/server/db/schema/index.ts';
import { createTestDatabase } from '../../helpers/test-db.ts';

// The search index's warm-up as a `search-index` job, its rows crunched in the shared worker pool.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const cateId = CATEGORY_TREE.find((c) => c.level === 3)!.cateId;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCategories(database);
  const file = join(mkdtempSync(join(tmpdir(), 'index-job-')), 'parts.ndjson');
  // More parts than one chunk of the loader (4,000), with parameters, so chunks are merged.
  const lines = Array.from({ length: 4500 }, (_, i) =>
    JSON.stringify({ mpn: `IDX-${String(i).padStart(5, '0')}`, brand: 'yageo', cateId, package: i % 2 ? '0603' : '0402', source: 'test', licence: 'test', params: [{ key: 'resistance', value: (i % 10) * 100, unit: 'Ω' }] }),
  );
  writeFileSync(file, lines.join('\n'));
  await importCatalogFile(database, file);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

describe(`search index as a job (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('warms the index through a search-index job and installs what the worker computed', async () => {
    const warm = await warmSearchIndex(database.db);
    expect(warm.parts).toBe(4500);
    const [job] = await database.db.select().from(jobs).where(eq(jobs.kind, 'search-index'));
    expect(job).toMatchObject({ state: 'succeeded', ownerId: null, input: { reason: 'warm-up' }, phase: 'built', progressDone: 4500, progressTotal: 4500 });
    expect(job!.result).toMatchObject({ parts: 4500 });
    const index = await getSearchIndex(database.db);
    expect(index.n).toBe(4500);
    // Rows are in MPN order; every id maps back to its row.
    expect(index.mpns?.[0]).toBe('IDX-00000');
    expect(index.mpns?.[4499]).toBe('IDX-04499');
    for (const row of [0, 1234, 4499]) expect(index.rowOf(index.ids[row]!)).toBe(row);
    // Parameter groups from both id chunks are merged: 450 parts per resistance value.
    const resistance = index.params.get('resistance')!;
    expect([...resistance.nums]).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900]);
    expect(resistance.numRows.map((r) => r.length)).toEqual(Array(10).fill(450));
    expect(index.packageRows.map((r) => r.length).sort()).toEqual([2250, 2250]);
    expect(index.cateRows.get(cateId)?.length).toBe(4500);
    expect(index.dict.terms.size).toBeGreaterThan(0);
  });
});
