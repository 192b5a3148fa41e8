import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.server.ts';
import { bomMatchMemory } from '../server/db/schema/index.ts';
import type { BomTrends } from './bom.schema.ts';
import { lineSignature, type LineFields } from './line-fields.ts';
import { matchLines } from './match/match-lines.server.ts';
import { nonPartOfStored } from './non-part.ts';
import type { LineMatch, LineToMatch } from './match/match-types.ts';

// Matching some lines of a BOM and saving the results: used by the matching job for each batch
// and by edits that re-match one line at once. A result is written only if the line is still
// the version that was matched, so an edit made meanwhile is never overwritten by a stale match
// (the edit re-matches the line itself).

export type LineToRun = { readonly id: number; readonly version: number; readonly source: unknown; readonly designators: unknown; readonly dnp: boolean };

export type RunOptions = {
  readonly ownerId: number | null;
  readonly trends: BomTrends;
  /** Who the automatic choice is credited to: the matcher, or the re-match of changeByAI. */
  readonly by: 'auto' | 'ai';
  readonly signal?: AbortSignal;
  readonly onProgress?: (done: number) => void;
};

function fieldsOf(source: unknown): LineFields {
  return ((source as { fields?: LineFields } | null)?.fields ?? {}) as LineFields;
}

/** The owner's remembered choices for these lines (none for anonymous BOMs). */
async function memoryFor(db: Db, ownerId: number | null, signatures: readonly string[]): Promise<Map<string, number>> {
  if (ownerId === null || signatures.length === 0) return new Map();
  const rows = await db
    .select({ signature: bomMatchMemory.signature, productId: bomMatchMemory.productId })
    .from(bomMatchMemory)
    .where(and(eq(bomMatchMemory.ownerId, ownerId), inArray(bomMatchMemory.signature, [...new Set(signatures)])));
  return new Map(rows.map((r) => [r.signature, r.productId]));
}

/** Matches the lines and writes what is still current; returns how many were written and skipped. */
export async function matchAndSave(db: Db, lines: readonly LineToRun[], options: RunOptions): Promise<{ written: number; skipped: number }> {
  if (lines.length === 0) return { written: 0, skipped: 0 };
  const toMatch: LineToMatch[] = lines.map((l) => {
    const designators = (l.designators ?? []) as string[];
    // A skipped line whose cells say it is not a part (non-part.ts) gets its own status, notAPart.
    return { fields: fieldsOf(l.source), designators, dnp: l.dnp, notAPart: l.dnp && nonPartOfStored(l.source, designators) !== null };
  });
  const signatures = toMatch.map((l) => lineSignature(l.fields)).filter((s): s is string => s !== null);
  const memory = await memoryFor(db, options.ownerId, signatures);
  const results = await matchLines(db, toMatch, {
    trends: options.trends,
    memory,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  const written = await saveMatches(db, lines, results, options.by);
  return { written, skipped: lines.length - written };
}

/** One statement for the whole batch, each row conditional on its version. */
async function saveMatches(db: Db, lines: readonly LineToRun[], results: readonly LineMatch[], by: 'auto' | 'ai'): Promise<number> {
  const records = lines.map((line, i) => {
    const r = results[i]!;
    const top = r.candidates[0];
    const chosenBy = r.chosenProductId === null ? null : top?.tier === 'memory' && top.productId === r.chosenProductId ? 'memory' : by;
    return { id: line.id, version: line.version, status: r.status, chosen: r.chosenProductId, chosen_by: chosenBy, confidence: r.confidence, candidates: r.candidates };
  });
  const updated = await db.execute<{ id: number }>(sql`
    UPDATE bom_lines AS b
       SET status = x.status, chosen_product_id = x.chosen, chosen_by = x.chosen_by, confidence = x.confidence,
           candidates = x.candidates, version = b.version + 1, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
           AS x(id int, version int, status text, chosen int, chosen_by text, confidence real, candidates jsonb)
     WHERE b.id = x.id AND b.version = x.version
 RETURNING b.id`);
  return rowsOf(updated).length;
}

/** Drizzle's execute answers rows (PGlite) or a result with rows (pg). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
