import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { previewCandidates } from '../catalog/model3d/model-paths.ts';
import type { Locale } from '../i18n/i18n.ts';
import type { Db } from '../server/db/client.server.ts';
import { footprints, models3d, productChecks, products, symbols } from '../server/db/schema/index.ts';
import { decodeMesh, type MeshPart } from '../viewer3d/mesh-format.ts';
import { CHECK_VERSION, checkComponentAssets } from './asset-check.ts';
import { yieldToRequests } from '../jobs/slices.ts';
import { findingText } from './check-messages.ts';
import type { Finding, Quality, Severity } from './library.ts';

// The cross-asset check over the catalogue (issue #16 item 4): every product with a symbol and/or
// footprint goes through checkComponentAssets, as own components do; the verdicts land in
// product_checks, which product pages read for their quality badge. Stored symbols are
// self-contained `(symbol …)` nodes (wrapped into a library as product-files.server.ts does);
// 3D models are the meshes made at import (decoded once per model, shared by the parts using it).

export type CatalogCheckFigures = {
  /** Products checked in this run. */
  checked: number;
  byQuality: Record<Exclude<Quality, 'unchecked'>, number>;
  /** Products with at least one finding of the code, by code and severity. */
  byCode: Record<string, number>;
  seconds: number;
  msPerPart: { p50: number; p95: number; max: number };
  /** The five slowest parts (part number, ms): what to look at when the budget is missed. */
  slowest: { mpn: string; ms: number }[];
  version: number;
};

export type CatalogCheckOptions = {
  /** Only products never checked or checked by an older CHECK_VERSION (the start-up run). */
  staleOnly?: boolean;
  batchSize?: number;
  onProgress?: (done: number) => void;
  /** Stop early (tests, benches). */
  limit?: number;
  /** Let requests in between parts and batches, and wait while they are answered (the start-up run shares the server's thread). */
  yieldBetweenBatches?: boolean;
};

const wrapSymbol = (content: string) => `(kicad_symbol_lib (version 20211014) (generator chipedia)\n${content}\n)`;

/** Runs the check over the catalogue and stores each verdict. */
export async function checkCatalog(db: Db, options: CatalogCheckOptions = {}): Promise<CatalogCheckFigures> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 500;
  const meshes = new Map<string, { parts: MeshPart[]; name: string } | null>();
  const modelMemo = new Map<string, Finding[]>();
  const times: number[] = [];
  const slowest: { mpn: string; ms: number }[] = [];
  const byQuality = { ok: 0, warnings: 0, errors: 0 };
  const byCode: Record<string, number> = {};
  let lastId = 0;
  for (;;) {
    const remaining = options.limit === undefined ? batchSize : Math.min(batchSize, options.limit - times.length);
    if (remaining <= 0) break;
    const rows = await db
      .select({
        id: products.id,
        mpn: products.mpn,
        symbol: symbols.content,
        footprint: footprints.content,
        footprintId: footprints.id,
        model3dPath: footprints.model3dPath,
      })
      .from(products)
      .leftJoin(symbols, eq(symbols.id, products.symbolId))
      .leftJoin(footprints, eq(footprints.id, products.footprintId))
      .leftJoin(productChecks, eq(productChecks.productId, products.id))
      .where(
        and(
          gt(products.id, lastId),
          or(isNotNull(products.symbolId), isNotNull(products.footprintId)),
          options.staleOnly ? or(isNull(productChecks.productId), lt(productChecks.version, CHECK_VERSION)) : undefined,
        ),
      )
      .orderBy(asc(products.id))
      .limit(remaining);
    if (rows.length === 0) break;
    lastId = rows.at(-1)!.id;
    await loadMeshes(db, rows.map((r) => r.model3dPath).filter((p): p is string => !!p && !meshes.has(p)), meshes);
    const values: (typeof productChecks.$inferInsert)[] = [];
    let slice = performance.now();
    for (const r of rows) {
      const result = checkComponentAssets({
        mpn: r.mpn,
        symbol: r.symbol ? { text: wrapSymbol(r.symbol) } : null,
        footprint: r.footprint ? { text: r.footprint } : null,
        modelMesh: r.model3dPath ? (meshes.get(r.model3dPath) ?? null) : null,
        modelMemo: r.model3dPath && r.footprintId ? { key: `${r.footprintId}:${r.model3dPath}`, map: modelMemo } : undefined,
      });
      times.push(result.ms);
      if (slowest.length < 5 || result.ms > slowest.at(-1)!.ms) {
        slowest.push({ mpn: r.mpn, ms: result.ms });
        slowest.sort((a, b) => b.ms - a.ms);
        slowest.length = Math.min(slowest.length, 5);
      }
      byQuality[result.quality as keyof typeof byQuality]++;
      for (const code of new Set(result.findings.map((f) => `${f.code}:${f.severity}`))) byCode[code] = (byCode[code] ?? 0) + 1;
      values.push({ productId: r.id, quality: result.quality, findings: result.findings, version: result.version, checkedAt: new Date() });
      // In the server (start-up run), requests get the thread back at least every 20 ms.
      if (options.yieldBetweenBatches && performance.now() - slice > 20) {
        await yieldToRequests();
        slice = performance.now();
      }
    }
    await db
      .insert(productChecks)
      .values(values)
      .onConflictDoUpdate({
        target: productChecks.productId,
        set: { quality: sql`excluded.quality`, findings: sql`excluded.findings`, version: sql`excluded.version`, checkedAt: sql`excluded.checked_at` },
      });
    options.onProgress?.(times.length);
    if (rows.length < remaining) break;
    if (options.yieldBetweenBatches) await yieldToRequests();
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => (times.length ? times[Math.min(times.length - 1, Math.floor(p * times.length))]! : 0);
  return {
    checked: times.length,
    byQuality,
    byCode: Object.fromEntries(Object.entries(byCode).sort((a, b) => b[1] - a[1])),
    seconds: +((performance.now() - started) / 1000).toFixed(1),
    msPerPart: { p50: q(0.5), p95: q(0.95), max: times.at(-1) ?? 0 },
    slowest,
    version: CHECK_VERSION,
  };
}

/** Decoded meshes of footprint model paths (the file itself, else its VRML twin), null when none is stored. */
async function loadMeshes(db: Db, paths: string[], into: Map<string, { parts: MeshPart[]; name: string } | null>): Promise<void> {
  const unique = [...new Set(paths)];
  if (unique.length === 0) return;
  const candidates = unique.flatMap((p) => previewCandidates(p));
  const rows = candidates.length
    ? await db.select({ path: models3d.path, mesh: models3d.mesh }).from(models3d).where(and(inArray(models3d.path, [...new Set(candidates)]), isNotNull(models3d.mesh)))
    : [];
  const byPath = new Map(rows.map((r) => [r.path, r.mesh!]));
  for (const p of unique) {
    const hit = previewCandidates(p).find((c) => byPath.has(c));
    let value: { parts: MeshPart[]; name: string } | null = null;
    if (hit) {
      try {
        value = { parts: decodeMesh(byPath.get(hit)!).parts, name: hit };
      } catch {
        value = null; // an unreadable stored mesh is the import's problem; the part counts as without a model
      }
    }
    into.set(p, value);
  }
}

export type PartCheck = {
  quality: Quality;
  findings: { code: string; severity: Severity; text: string }[];
  checkedAt: string | null;
};

/** A product's stored verdict with its findings in plain sentences; 'unchecked' when none or made by an older check. */
export async function partCheck(db: Db, productId: number, locale: Locale): Promise<PartCheck> {
  const [row] = await db.select().from(productChecks).where(eq(productChecks.productId, productId)).limit(1);
  if (!row || row.version !== CHECK_VERSION) return { quality: 'unchecked', findings: [], checkedAt: null };
  const findings = (row.findings as Finding[]).map((f) => ({ code: f.code, severity: f.severity, text: findingText(f, locale) }));
  return { quality: row.quality as Quality, findings, checkedAt: row.checkedAt.toISOString() };
}

/** How many catalogue products still need the check (never checked, or by an older version). */
export async function staleProductChecks(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .leftJoin(productChecks, eq(productChecks.productId, products.id))
    .where(and(or(isNotNull(products.symbolId), isNotNull(products.footprintId)), or(isNull(productChecks.productId), lt(productChecks.version, CHECK_VERSION))));
  return row?.n ?? 0;
}

/**
 * At server start (start-jobs.server.ts): parts never checked, or checked by an older version of
 * the check, are checked in the background in small batches, so a fresh install's demo catalogue
 * shows its badges a little after start without delaying it. Logged, never fatal.
 */
export async function checkStaleCatalog(db: Db, log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void }): Promise<CatalogCheckFigures | null> {
  try {
    const stale = await staleProductChecks(db);
    if (stale === 0) return null;
    const figures = await checkCatalog(db, { staleOnly: true, batchSize: 100, yieldBetweenBatches: true });
    log.info({ checked: figures.checked, byQuality: figures.byQuality, seconds: figures.seconds, msPerPart: figures.msPerPart }, 'catalogue cross-asset check done');
    return figures;
  } catch (error) {
    log.error({ err: error }, 'catalogue cross-asset check failed');
    return null;
  }
}
