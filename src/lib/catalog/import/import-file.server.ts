import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../server/db/client.server.ts';
import { categories, importRuns } from '../../server/db/schema/index.ts';
import type { CatalogRecord } from './catalog-record.ts';
import { loadCatalogRecords } from './bulk-load.server.ts';
import { readRecords } from './read-records.ts';

// `npm run import:catalog -- file [--dry-run] [--restart]`: validate every line, skip and count
// bad ones with their line numbers, commit good ones in batches, and record progress so an
// interrupted import of a huge file resumes where it stopped.

export type ImportOptions = {
  dryRun?: boolean;
  restart?: boolean;
  batchSize?: number;
  onProgress?: (p: { lines: number; imported: number; skipped: number }) => void;
  onError?: (e: { line: number; reason: string }) => void;
  /** Stops the import between lines (its run stays open, so the next start resumes it). */
  signal?: AbortSignal;
};

export type ImportSummary = { file: string; lines: number; imported: number; skipped: number; resumedFromLine: number; dryRun: boolean; seconds: number };

export async function importCatalogFile(database: Database, file: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const started = performance.now();
  const path = resolve(file);
  const info = await stat(path);
  const source = `${path}:${info.size}`;
  const batchSize = options.batchSize ?? 1000;
  const db = database.db;
  const knownCategories = new Set((await db.select({ id: categories.cateId }).from(categories)).map((r) => r.id));

  let runId: number | undefined;
  let resumeAfter = 0;
  if (!options.dryRun) {
    const open = await db
      .select()
      .from(importRuns)
      .where(and(eq(importRuns.kind, 'catalog'), eq(importRuns.source, source), isNull(importRuns.finishedAt)))
      .limit(1);
    if (open[0] && !options.restart) {
      runId = open[0].id;
      resumeAfter = open[0].linesDone;
    } else {
      const [row] = await db.insert(importRuns).values({ kind: 'catalog', source }).returning({ id: importRuns.id });
      runId = row!.id;
    }
  }

  let lines = 0;
  let imported = 0;
  let skipped = 0;
  let batch: { line: number; record: CatalogRecord }[] = [];
  const fail = (line: number, reason: string) => {
    skipped++;
    options.onError?.({ line, reason });
  };

  const flush = async (lastLine: number) => {
    if (batch.length > 0 && !options.dryRun) {
      const result = await loadCatalogRecords(database, batch.map((b) => b.record), { mode: 'upsert', batchSize });
      imported += result.imported;
      for (const e of result.errors) fail(batch[e.index]?.line ?? lastLine, e.reason);
    } else if (options.dryRun) imported += batch.length;
    batch = [];
    if (runId !== undefined) await db.update(importRuns).set({ linesDone: lastLine, imported, skipped }).where(eq(importRuns.id, runId));
    options.onProgress?.({ lines, imported, skipped });
  };

  let lastLine = 0;
  for await (const item of readRecords(path)) {
    options.signal?.throwIfAborted();
    lastLine = Math.max(lastLine, item.line);
    if (item.line <= resumeAfter) continue;
    lines++;
    if ('error' in item) fail(item.line, item.error);
    else if (!knownCategories.has(item.record.cateId)) fail(item.line, `cateId: unknown category ${item.record.cateId}`);
    else batch.push(item);
    if (batch.length >= batchSize) await flush(item.line);
  }
  await flush(lastLine);
  if (runId !== undefined) await db.update(importRuns).set({ finishedAt: new Date() }).where(eq(importRuns.id, runId));
  return { file: path, lines, imported, skipped, resumedFromLine: resumeAfter, dryRun: options.dryRun ?? false, seconds: +((performance.now() - started) / 1000).toFixed(2) };
}
