import { createReadStream, createWriteStream, existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, createBrotliDecompress } from 'node:zlib';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client.server.ts';
import { footprints, importRuns, products } from '../../server/db/schema/index.ts';
import { KICAD_LICENCE } from '../kicad-import/kicad-records.ts';
import { isLibraryModelKey, previewCandidates } from '../model3d/model-paths.ts';
import { storeModels3d, type ModelFileInput } from '../model3d/store-models.server.ts';

// The demo catalogue's 3D models: the real KiCad 3D library files (VRML) of the packages most
// demo parts use, so a first start shows 3D previews without the 5 GB packages3D import.
// Brotli-compressed NDJSON of { path, wrl } lines under demo-catalog/ (see its LICENSE.md).

export const DEMO_MODELS_FILE = resolve(process.cwd(), 'demo-catalog/kicad-3dmodels.ndjson.br');
export const DEMO_MODELS_SOURCE = 'KiCad 3D library 6.0.10 (Debian kicad-packages3d), demo selection';

type Line = { path: string; wrl: string };

/**
 * Picks the VRML files behind the footprints that the most products use until `budgetBytes` of
 * VRML text, and writes them. Run on a database holding the demo catalogue.
 */
export async function exportDemoModels(
  database: Database,
  modelsDir: string,
  options: { out?: string; budgetBytes?: number } = {},
): Promise<{ models: number; rawBytes: number; products: number; productsWithModel: number }> {
  const budget = options.budgetBytes ?? 40 * 1024 * 1024;
  const uses = await database.db
    .select({ model: footprints.model3dPath, n: sql<number>`count(*)::int` })
    .from(products)
    .innerJoin(footprints, eq(footprints.id, products.footprintId))
    .where(isNotNull(footprints.model3dPath))
    .groupBy(footprints.model3dPath);
  const byKey = new Map<string, number>();
  for (const u of uses) {
    const key = previewCandidates(u.model!).find((k) => k.endsWith('.wrl') && existsSync(join(modelsDir, k)));
    if (key) byKey.set(key, (byKey.get(key) ?? 0) + u.n);
  }
  const ranked = [...byKey].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const chosen: string[] = [];
  let rawBytes = 0;
  let covered = 0;
  for (const [key, n] of ranked) {
    const size = statSync(join(modelsDir, key)).size;
    if (rawBytes + size > budget) continue;
    chosen.push(key);
    rawBytes += size;
    covered += n;
  }
  chosen.sort();
  const lines = function* () {
    for (const key of chosen) yield `${JSON.stringify({ path: key, wrl: readFileSync(join(modelsDir, key), 'utf8') } satisfies Line)}\n`;
  };
  await pipeline(
    Readable.from(lines()),
    createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24 } }),
    createWriteStream(options.out ?? DEMO_MODELS_FILE),
  );
  const all = [...byKey.values()].reduce((a, b) => a + b, 0);
  return { models: chosen.length, rawBytes, products: all, productsWithModel: covered };
}

export type DemoModelsStats = { models: number; meshes: number; failures: number; seconds: number };

/** Loads the demo 3D models once (their own import run, so older databases get them too). */
export async function loadDemoModels(database: Database, file = DEMO_MODELS_FILE): Promise<DemoModelsStats | null> {
  const db = database.db;
  if (!existsSync(file)) return null;
  const done = await db.select({ id: importRuns.id }).from(importRuns).where(and(eq(importRuns.kind, 'demo-3d'), isNotNull(importRuns.finishedAt))).limit(1);
  if (done.length > 0) return null;
  const started = performance.now();
  const [run] = await db.insert(importRuns).values({ kind: 'demo-3d', source: file }).returning({ id: importRuns.id });
  const encoder = new TextEncoder();
  const files = async function* (): AsyncGenerator<ModelFileInput> {
    const rl = createInterface({ input: createReadStream(file).pipe(createBrotliDecompress()), crlfDelay: Infinity });
    for await (const text of rl) {
      if (!text) continue;
      const line = JSON.parse(text) as Partial<Line>;
      if (typeof line.path !== 'string' || typeof line.wrl !== 'string' || !isLibraryModelKey(line.path)) continue;
      yield { key: line.path, bytes: encoder.encode(line.wrl) };
    }
  };
  const r = await storeModels3d(db, files(), { source: DEMO_MODELS_SOURCE, licence: KICAD_LICENCE });
  const stats = { models: r.stored, meshes: r.meshes, failures: r.failures.length + r.rejected.length, seconds: +((performance.now() - started) / 1000).toFixed(1) };
  await db.update(importRuns).set({ finishedAt: new Date(), imported: r.stored, skipped: stats.failures }).where(eq(importRuns.id, run!.id));
  return stats;
}
