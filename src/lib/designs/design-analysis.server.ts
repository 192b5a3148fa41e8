import { and, eq } from 'drizzle-orm';
import { fileKeyReferences } from '../files/file-references.server.ts';
import { linkFile, releaseFile } from '../files/file-refs.server.ts';
import { getFileStore } from '../files/file-store.server.ts';
import type { FileStore } from '../files/file-store.ts';
import { sharedWorkerPool, type WorkerPool } from '../jobs/worker-pool.server.ts';
import type { InputFile } from '../kicad-viewer/protocol.ts';
import type { Db } from '../server/db/client.server.ts';
import { designFiles, designs } from '../server/db/schema/index.ts';
import { logger } from '../server/logger.server.ts';
import { ANALYSE_DESIGN_TASK } from './design-analysis-task.ts';
import type { AnalysisProblem } from './design-analysis.ts';
import { linkDesignParts } from './design-parts.server.ts';

// Runs the server analysis of a stored design (issue #14 item 1): its files from the store, the
// work in the jobs' worker pool (never on the request loop), then BOM, statistics and cover on the
// design and its lines linked to catalogue parts. A design that does not read keeps its files and
// is marked 'failed' with the reason. Analyses queue here, one at a time, so a burst of uploads
// (or the demo seed) never takes more than one worker from searches and BOM reads.

const COVER_MAX_BYTES = 1024 * 1024;

export type AnalysisResult = { state: 'ok'; partCount: number } | { state: 'failed'; problem: AnalysisProblem } | { state: 'gone' };

async function bytesOf(store: FileStore, key: string): Promise<Uint8Array | null> {
  const body = await store.get(key);
  if (!body) return null;
  return new Uint8Array(await new Response(body.stream).arrayBuffer());
}

async function markFailed(db: Db, designId: string, problem: AnalysisProblem): Promise<AnalysisResult> {
  await db.update(designs).set({ analysis: 'failed', analysisError: problem }).where(eq(designs.id, designId));
  return { state: 'failed', problem };
}

export async function analyseDesign(db: Db, store: FileStore, pool: WorkerPool, designId: string): Promise<AnalysisResult> {
  const rows = await db.select({ name: designFiles.name, kind: designFiles.kind, key: designFiles.fileKey }).from(designFiles).where(eq(designFiles.designId, designId));
  const kicad = rows.filter((r) => r.kind !== 'document');
  if (kicad.length === 0) {
    const [d] = await db.select({ id: designs.id }).from(designs).where(eq(designs.id, designId));
    return d ? markFailed(db, designId, { key: 'design.analysis.noContent', vars: {} }) : { state: 'gone' };
  }
  const files: InputFile[] = [];
  for (const r of kicad) {
    const bytes = await bytesOf(store, r.key);
    if (!bytes) return markFailed(db, designId, { key: 'design.filesMissing', vars: {} });
    files.push({ path: r.name, bytes });
  }
  let outcome;
  try {
    outcome = await pool.run(ANALYSE_DESIGN_TASK, { files }, { transfer: files.map((f) => f.bytes.buffer as ArrayBuffer) });
  } catch (error) {
    logger.warn({ err: error, designId }, 'design analysis crashed');
    return markFailed(db, designId, { key: 'design.analysis.crashed', vars: { reason: error instanceof Error ? error.message.slice(0, 200) : 'error' } });
  }
  if (!outcome.ok) return markFailed(db, designId, outcome.problem);
  const { bom, stats, cover } = outcome.result;

  if (cover) {
    const bytes = new TextEncoder().encode(cover);
    const put = () => store.put(bytes, { maxBytes: COVER_MAX_BYTES, contentType: 'image/svg+xml', filename: 'cover.svg' });
    const { key } = await put();
    // The cover is linked under its key's lock, so a concurrent release cannot delete it meanwhile.
    const old = await linkFile(db, store, key, put, async (tx) => {
      const [prev] = await tx.select({ coverKey: designs.coverKey }).from(designs).where(eq(designs.id, designId));
      if (!prev) return undefined;
      await tx.update(designs).set({ coverKey: key }).where(eq(designs.id, designId));
      return prev.coverKey;
    });
    if (old === undefined) {
      await releaseFile(db, store, key, fileKeyReferences(key));
      return { state: 'gone' };
    }
    if (old && old !== key) await releaseFile(db, store, old, fileKeyReferences(old));
  }
  const updated = await db
    .update(designs)
    .set({ analysis: 'ok', analysisError: null, stats, bom })
    .where(and(eq(designs.id, designId)))
    .returning({ id: designs.id });
  if (updated.length === 0) return { state: 'gone' };
  const linked = await linkDesignParts(db, designId, bom);
  return { state: 'ok', partCount: linked.partCount };
}

// --- the queue -------------------------------------------------------------------------------------

type Queued = { db: Db; designId: string; store?: FileStore | undefined; pool?: WorkerPool | undefined };
const queue: Queued[] = [];
let running: Promise<void> | null = null;

/** Analyses the design in the background, after those queued before it; returns at once. */
export function queueDesignAnalysis(db: Db, designId: string, deps: { store?: FileStore; pool?: WorkerPool } = {}): void {
  queue.push({ db, designId, store: deps.store, pool: deps.pool });
  running ??= drain().finally(() => {
    running = null;
  });
}

async function drain(): Promise<void> {
  for (let next = queue.shift(); next; next = queue.shift()) {
    try {
      await analyseDesign(next.db, next.store ?? getFileStore(), next.pool ?? sharedWorkerPool(), next.designId);
    } catch (error) {
      logger.warn({ err: error, designId: next.designId }, 'design analysis failed');
    }
  }
}

/** Resolves when every queued analysis has finished (tests, the seed). */
export async function designAnalysesSettled(): Promise<void> {
  while (running) await running;
}

/** At start: designs a stop left unanalysed go back in the queue; returns how many. */
export async function resumeDesignAnalysis(db: Db): Promise<number> {
  const pending = await db.select({ id: designs.id }).from(designs).where(eq(designs.analysis, 'pending')).orderBy(designs.createdAt);
  for (const p of pending) queueDesignAnalysis(db, p.id);
  return pending.length;
}
