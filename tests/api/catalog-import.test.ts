import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogFile } from '../../src/lib/catalog/import/import-file.server.ts';
import { seedCategories } from '../../src/lib/catalog/import/seed-categories.server.ts';
import { CATEGORY_TREE } from '../../src/lib/catalog/kicad-library-map.ts';
import { importRuns, productParams, products } from '../../src/lib/server/db/schema/index.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

// The operator import command end to end: validation with line numbers, batches, dry run, resume.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const dir = mkdtempSync(join(tmpdir(), 'catalog-import-'));
const cateId = CATEGORY_TREE.find((c) => c.level === 3)!.cateId;
const record = (i: number) => ({ mpn: `TEST-PART-${i}`, brand: 'yageo', cateId, source: 'test feed', licence: 'test', params: [{ key: 'resistance', value: i, unit: 'Ω' }] });
const count = async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]!.n;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCategories(database);
});
afterAll(async () => {
  await database?.close();
});

describe('npm run import:catalog', () => {
  it('commits good lines in batches, skips bad ones with their line numbers', async () => {
    const lines = [JSON.stringify(record(1)), '{oops', JSON.stringify({ ...record(2), cateId: 999_999 }), JSON.stringify({ ...record(3), cateId: 'x' }), JSON.stringify(record(4)), JSON.stringify(record(5))];
    const file = join(dir, 'a.ndjson');
    writeFileSync(file, lines.join('\n'));
    const errors: { line: number; reason: string }[] = [];
    const summary = await importCatalogFile(database, file, { batchSize: 2, onError: (e) => errors.push(e) });
    expect(summary).toMatchObject({ lines: 6, imported: 3, skipped: 3, dryRun: false });
    expect(errors.map((e) => e.line)).toEqual([2, 3, 4]);
    expect(errors[1]!.reason).toBe('cateId: unknown category 999999');
    expect(errors[2]!.reason).toMatch(/^cateId: /);
    expect(await count()).toBe(3);
    const [p] = await database.db.select({ id: products.id }).from(products).where(eq(products.mpn, 'TEST-PART-4'));
    expect(await database.db.select().from(productParams).where(eq(productParams.productId, p!.id))).toHaveLength(1);
  });

  it('a dry run validates and writes nothing', async () => {
    const file = join(dir, 'dry.ndjson');
    writeFileSync(file, [JSON.stringify(record(10)), 'nope'].join('\n'));
    const before = await count();
    const summary = await importCatalogFile(database, file, { dryRun: true });
    expect(summary).toMatchObject({ imported: 1, skipped: 1, dryRun: true });
    expect(await count()).toBe(before);
  });

  it('re-importing updates in place; an interrupted run resumes after its last committed batch', async () => {
    const file = join(dir, 'resume.ndjson');
    writeFileSync(file, Array.from({ length: 6 }, (_, i) => JSON.stringify(record(100 + i))).join('\n'));
    // Simulate a run that stopped after line 4: an unfinished import_runs row for this file.
    const { statSync } = await import('node:fs');
    await database.db.insert(importRuns).values({ kind: 'catalog', source: `${file}:${statSync(file).size}`, linesDone: 4 });
    const resumed = await importCatalogFile(database, file, { batchSize: 2 });
    expect(resumed).toMatchObject({ resumedFromLine: 4, lines: 2, imported: 2 });
    const again = await importCatalogFile(database, file, { batchSize: 2, restart: true });
    expect(again).toMatchObject({ resumedFromLine: 0, lines: 6, imported: 6 });
    const codes = await database.db.select({ n: sql<number>`count(*)::int` }).from(products).where(sql`${products.mpn} like 'TEST-PART-10%'`);
    expect(codes[0]!.n).toBe(6);
  });

  it('imports CSV with parameter columns', async () => {
    const file = join(dir, 'b.csv');
    writeFileSync(file, `mpn,brand,cateId,package,param:resistance[Ω],source,licence\nCSV-1,yageo,${cateId},0603,4700,feed,test\nCSV-2,yageo,${cateId},0603,abc,feed,test\n`);
    const errors: { line: number; reason: string }[] = [];
    const summary = await importCatalogFile(database, file, { onError: (e) => errors.push(e) });
    expect(summary).toMatchObject({ imported: 1, skipped: 1 });
    expect(errors[0]!.line).toBe(3);
  });
});
