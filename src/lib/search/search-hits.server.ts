// Runs the SQL side of a plan (search-sql.ts builds the statements, search-hits.ts reads them).

import type { SqlRunner } from './search-db.server.ts';
import { addHitRows, needsSecondStatement, readFirstRows, type Hits } from './search-hits.ts';
import type { Plan } from './search-plan.ts';
import { firstStatement, HIT_CAP, secondStatement, type ExtraIds, type Push } from './search-sql.ts';

/**
 * Candidate rows of the plan's SQL words, in at most two statements: the first fetches what
 * ranks best through btree indexes; the second, when still needed, every row matching all words
 * (capped at HIT_CAP + 1). `prev`: hits of an earlier run of the same plan — only `extra` ids are
 * fetched and merged in.
 */
export async function sqlHits(runner: SqlRunner, plan: Plan, push: Push, extra: ExtraIds | null, prev: Hits | null = null): Promise<Hits> {
  const first = firstStatement(plan, push, extra, prev !== null);
  const rows = first.text ? await runner.arrays(first.text, first.values) : [];
  const read = readFirstRows(plan, first, rows, extra, prev);
  let capped = read.prefixRows > HIT_CAP;
  if (prev) {
    for (const hit of prev.hits) if (!read.byId.has(hit.id)) read.byId.set(hit.id, hit);
    capped = prev.capped;
  } else if (needsSecondStatement(plan, first, read)) {
    const second = secondStatement(plan, push);
    const all = await runner.arrays(second.text, second.values);
    capped = all.length > HIT_CAP;
    addHitRows(read.byId, all, first.tokenCount);
  }
  return {
    hits: [...read.byId.values()],
    capped,
    idLists: read.idLists,
    wholeIds: read.wholeIds,
    hasPrefix: prev ? prev.hasPrefix : read.prefixRows > 0,
    push,
  };
}
