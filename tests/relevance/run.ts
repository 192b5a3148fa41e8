// Relevance runner: runs RELEVANCE_QUERIES against a database and reports top-1 / top-5 accuracy.
// Used by tests/api/search-relevance.test.ts; also a CLI over an existing data directory:
//   node tests/relevance/run.ts /path/to/pglite-data-dir      (the directory holding pglite/)
//   node tests/relevance/run.ts postgres://…                   (a PostgreSQL database)
import { normalizeMpn } from '../../src/lib/catalog/mpn.ts';
import type { Db } from '../../src/lib/server/db/client.server.ts';
import type { SearchItem } from '../../src/lib/search/search.schema.ts';
import { searchProducts } from '../../src/lib/search/search.server.ts';
import { runnerOf } from '../../src/lib/search/search-db.server.ts';
import { RELEVANCE_QUERIES, type Expectation, type RelevanceQuery } from './queries.ts';

export type Miss = { q: string; kind: string; rank: number | null; top: string[] };
export type RelevanceReport = { queries: number; top1: number; top5: number; top1Rate: number; top5Rate: number; byKind: Record<string, { n: number; top1: number; top5: number }>; misses: Miss[] };

export async function runRelevance(db: Db, queries: readonly RelevanceQuery[] = RELEVANCE_QUERIES): Promise<RelevanceReport> {
  const r = runnerOf(db);
  const brandKey = new Map((await r.rows<{ id: number; key: string }>('SELECT id, key FROM brands')).map((b) => [Number(b.id), b.key]));
  const parent = new Map((await r.rows<{ cate_id: number; parent_id: number | null }>('SELECT cate_id, parent_id FROM categories')).map((c) => [Number(c.cate_id), c.parent_id === null ? null : Number(c.parent_id)]));
  const within = (cateId: number, roots: readonly number[]) => {
    for (let c: number | null | undefined = cateId, guard = 0; c !== null && c !== undefined && guard < 10; c = parent.get(c), guard++) if (roots.includes(c)) return true;
    return false;
  };
  const same = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(Math.abs(a), Math.abs(b));
  const relevant = (item: SearchItem, e: Expectation): boolean => {
    if (e.mpn && !e.mpn.includes(item.mpn)) return false;
    if (e.mpnPrefix && !e.mpnPrefix.some((p) => normalizeMpn(item.mpn).startsWith(normalizeMpn(p)))) return false;
    if (e.cate && !within(item.cateId, e.cate)) return false;
    if (e.brand && (item.brandId === null || brandKey.get(item.brandId) !== e.brand)) return false;
    if (e.package && item.package !== e.package) return false;
    for (const want of e.params ?? []) {
      if (!item.params.some((p) => p.value !== null && (want.key ? p.key === want.key : p.unit === want.unit) && same(p.value, want.value))) return false;
    }
    return true;
  };
  const report: RelevanceReport = { queries: queries.length, top1: 0, top5: 0, top1Rate: 0, top5Rate: 0, byKind: {}, misses: [] };
  for (const query of queries) {
    const res = await searchProducts(db, { keyword: query.q, ...(query.cateId ? { cateId: query.cateId } : {}), pageNum: 1, pageSize: 5, locale: 'zh' });
    const rank = res.list.findIndex((item) => relevant(item, query.expect));
    const k = (report.byKind[query.kind] ??= { n: 0, top1: 0, top5: 0 });
    k.n++;
    if (rank === 0) {
      report.top1++;
      k.top1++;
    }
    if (rank >= 0) {
      report.top5++;
      k.top5++;
    }
    if (rank !== 0) report.misses.push({ q: query.q, kind: query.kind, rank: rank < 0 ? null : rank + 1, top: res.list.map((x) => x.mpn) });
  }
  report.top1Rate = +(report.top1 / report.queries).toFixed(4);
  report.top5Rate = +(report.top5 / report.queries).toFixed(4);
  return report;
}

// CLI
if (import.meta.url === `file://${process.argv[1]}`) {
  const target = process.argv[2];
  if (!target) {
    console.error('usage: node tests/relevance/run.ts <pglite data dir | postgres://…>');
    process.exit(2);
  }
  const { openDatabase } = await import('../../src/lib/server/db/client.server.ts');
  const database = await openDatabase(target.startsWith('postgres') ? { kind: 'postgres', url: target } : { kind: 'pglite', dataDir: target });
  const report = await runRelevance(database.db);
  console.log(JSON.stringify(report, null, 2));
  await database.close();
}
