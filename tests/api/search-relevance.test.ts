import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FILE, loadDemoCatalog } from '../../src/lib/catalog/demo/demo-catalog.server.ts';
import { createTestDatabase } from '../helpers/test-db.ts';
import { RELEVANCE_QUERIES } from '../relevance/queries.ts';
import { runRelevance, type RelevanceReport } from '../relevance/run.ts';

// Relevance over the real demo catalogue (KiCad-derived parts + everyday passives): the query set
// of tests/relevance/queries.ts must find its expected parts first (top-1 ≥ 85 %) or among the
// first five (top-5 ≥ 95 %). Skipped while demo-catalog/kicad-demo.ndjson.br is absent.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let report: RelevanceReport;

describe.skipIf(!existsSync(DEMO_FILE))(`search relevance on the demo catalogue (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    await loadDemoCatalog(database);
    report = await runRelevance(database.db);
    // The figures, for the log.
    console.log(
      `relevance: ${report.queries} queries, top-1 ${(report.top1Rate * 100).toFixed(1)} %, top-5 ${(report.top5Rate * 100).toFixed(1)} %` +
        (report.misses.length ? `\n  misses: ${report.misses.map((m) => `${m.q} → ${m.rank ?? '-'} [${m.top.slice(0, 3).join(', ')}]`).join('\n          ')}` : ''),
    );
  }, 600_000);
  afterAll(async () => {
    await database?.close();
  });

  it('has at least 60 realistic queries of every kind', () => {
    expect(RELEVANCE_QUERIES.length).toBeGreaterThanOrEqual(60);
    for (const kind of ['mpn', 'family', 'typo', 'zh', 'en']) expect(RELEVANCE_QUERIES.filter((q) => q.kind === kind).length, kind).toBeGreaterThanOrEqual(5);
  });

  it('finds the expected part among the first five for ≥ 95 % of the queries', () => {
    expect(report.top5Rate).toBeGreaterThanOrEqual(0.95);
  });

  it('puts the expected part first for ≥ 85 % of the queries', () => {
    expect(report.top1Rate).toBeGreaterThanOrEqual(0.85);
  });
});
