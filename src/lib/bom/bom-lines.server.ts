import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '../i18n/i18n.ts';
import type { Db } from '../server/db/client.server.ts';
import { bomLines, bomMatchMemory, boms } from '../server/db/schema/index.ts';
import { AppError, Code } from '../server/errors.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import { INT32_MAX } from '../server/validation.ts';
import { touchBom, type BomRow, type Tx } from './bom-access.server.ts';
import type { BomConfirmBody, BomTrends } from './bom.schema.ts';
import { matchAndSave, rowsOf } from './bom-match-run.server.ts';
import { CONFIRM_LINES_TASK, type ConfirmLinesInput } from './confirm-lines-task.ts';
import { UPLOAD_READ_LIMITS } from './bom-upload.server.ts';
import { getFileStore } from '../files/file-store.server.ts';
import { sharedWorkerPool } from '../jobs/worker-pool.server.ts';
import { inSlices, SliceSizer, yieldToLoop } from '../jobs/slices.ts';
import { rawOf } from '../server/db/raw-sql.server.ts';
import { startBomMatch } from './bom-job.server.ts';
import { loadSheet, sheetList } from './bom-store.server.ts';
import { partByCode, trendsOf, type LineRow } from './bom-view.server.ts';
import type { HeaderColumn } from './header-match.ts';
import { cellsWithFields, lineSignature, mergeFields, rebuildLine, SOURCE_FIELDS, type LineFields } from './line-fields.ts';
import type { StoredCandidate } from './match/match-types.ts';

// Confirming a mapping and every edit of a BOM's lines (issue #12 items 2 and 4). Each edit is one
// transaction that locks the line (SELECT … FOR UPDATE): a `version` sent with the edit that is no
// longer the line's answers 40900 with the line as it is now; without one, concurrent edits of
// different fields both land (the second reads the first's result under the lock). Every edit
// also bumps the BOM's version and, for an anonymous BOM, its expiry.

/** A stale `version`: the route answers 40900 with this line (the current state) as the result. */
export class StaleLineError extends AppError {
  readonly line: LineRow;
  constructor(line: LineRow, locale: Locale) {
    super(Code.conflict, serverMessage('bom.api.conflict', locale));
    this.line = line;
  }
}

const IDENTIFYING = new Set<keyof LineFields>(['mpn', 'value', 'description', 'supplierPn']);
/** Fields whose change makes the line's match stale. */
const MATCH_FIELDS = new Set<keyof LineFields>(['mpn', 'manufacturer', 'description', 'package', 'value', 'supplierPn']);

function badInput(locale: Locale, key: Parameters<typeof serverMessage>[0], vars: Record<string, string | number> = {}): AppError {
  return new AppError(Code.badInput, serverMessage(key, locale, vars));
}

type Source = { fields: LineFields; cells: string[] };
const sourceOf = (row: LineRow): Source => {
  const s = (row.source ?? {}) as Partial<Source>;
  return { fields: s.fields ?? {}, cells: s.cells ?? [] };
};

// ── Confirm ───────────────────────────────────────────────────────────────────

/**
 * Checks the mapping against the sheet, replaces the BOM's lines and starts matching them. The
 * lines are made in the worker pool and written in statements sized by time, the loop given back
 * between them (issue #36 item 1, ADR 0019): the call answers once the lines are in, as before.
 */
export async function confirmMapping(db: Db, bom: BomRow, body: BomConfirmBody, locale: Locale): Promise<{ bomId: string; lines: number; jobId: string }> {
  const sheets = await sheetList(db, bom.id);
  const sheet = body.sheet !== undefined ? sheets.find((s) => s.name === body.sheet) : sheets.find((s) => s.index === bom.sheetIndex);
  if (!sheet) throw badInput(locale, 'bom.api.sheetNotFound', { sheet: body.sheet ?? '' });
  const out = await sharedWorkerPool().run(CONFIRM_LINES_TASK, {
    source: await sheetSource(db, bom, sheet.index),
    sheetIndex: sheet.index,
    headerRow: body.headerRow,
    columns: body.columns,
    identifying: [...IDENTIFYING],
  });
  if (!out.ok) throw badInput(locale, out.problem.key as Parameters<typeof serverMessage>[0], out.problem.vars);
  await replaceLines(db, bom.id, out.pieces, { sheetIndex: sheet.index, headerRow: body.headerRow, columns: body.columns, state: 'confirmed' });
  const { job } = await startBomMatch(db, bom, 'pending');
  return { bomId: bom.id, lines: out.lines, jobId: job.id };
}

/** The sheet's rows for the worker: the stored file read again (bytes move, not objects), or the stored rows. */
async function sheetSource(db: Db, bom: BomRow, sheetIndex: number): Promise<ConfirmLinesInput['source']> {
  const file = bom.fileKey ? await getFileStore().get(bom.fileKey) : null;
  if (file) {
    const bytes = new Uint8Array(await new Response(file.stream).arrayBuffer());
    return { bytes, fileName: bom.fileName, limits: UPLOAD_READ_LIMITS };
  }
  const stored = await loadSheet(db, bom.id, { index: sheetIndex });
  return { rows: (stored?.rows ?? []) as string[][] };
}

const LINE_COLUMNS = sql`x(position float8, "row" int, designators jsonb, quantity int, source jsonb, dnp boolean, problems jsonb)`;

/** Confirms of one BOM in this process run one after the other (the later one's lines stay). */
const replacing = new Map<string, Promise<unknown>>();

/**
 * Replaces a BOM's lines with the serialised pieces and updates the BOM. On PostgreSQL in one
 * transaction (its statements leave this thread free). PGlite runs one statement at a time for the
 * whole process and a transaction holds it for every other request, so there the old lines are
 * deleted and the new ones inserted in short statements, one after another; a reader meanwhile sees
 * the BOM being remade, and the matching job starts when it is whole.
 */
async function replaceLines(db: Db, bomId: string, pieces: readonly string[], set: Parameters<typeof touchBom>[2]): Promise<void> {
  const previous = replacing.get(bomId) ?? Promise.resolve();
  const run = previous.catch(() => {}).then(async () => {
    const write = async (q: Db | Tx) => {
      const deleted = new SliceSizer({ targetMs: 25, first: 500, max: 5000 });
      for (;;) {
        await yieldToLoop();
        const n = deleted.next;
        const started = performance.now();
        const gone = rowsOf<{ id: number }>(
          await q.execute(sql`DELETE FROM bom_lines WHERE id IN (SELECT id FROM bom_lines WHERE bom_id = ${bomId} LIMIT ${n}) RETURNING id`),
        ).length;
        deleted.took(Math.max(gone, 1), performance.now() - started);
        if (gone < n) break;
      }
      await inSlices(
        pieces,
        async (slice) => {
          const json = `[${slice.map((p) => p.slice(1, -1)).filter((p) => p !== '').join(',')}]`;
          await q.execute(sql`
            INSERT INTO bom_lines (bom_id, position, "row", designators, quantity, source, dnp, problems, status)
            SELECT ${bomId}::uuid, x.position, x."row", x.designators, x.quantity, x.source, x.dnp, x.problems, 'pending'
              FROM jsonb_to_recordset(${json}::jsonb) AS ${LINE_COLUMNS}`);
        },
        { targetMs: 25, first: 2, max: 40 },
      );
      await touchBom(q, bomId, set);
    };
    if (rawOf(db).kind === 'postgres') {
      await db.transaction(async (tx) => {
        await tx.select({ id: boms.id }).from(boms).where(eq(boms.id, bomId)).for('update');
        await write(tx);
      });
    } else await write(db);
  });
  replacing.set(bomId, run);
  try {
    await run;
  } finally {
    if (replacing.get(bomId) === run) replacing.delete(bomId);
  }
}

// ── Line edits ────────────────────────────────────────────────────────────────

/** The line under a row lock, checked against the version the caller saw. */
async function lockLine(tx: Tx, bom: BomRow, lineId: number, version: number | undefined, locale: Locale): Promise<LineRow> {
  // An id past the column's range names no line (and must not reach the database as one).
  const [line] = lineId > INT32_MAX ? [] : await tx
    .select()
    .from(bomLines)
    .where(and(eq(bomLines.id, lineId), eq(bomLines.bomId, bom.id)))
    .for('update');
  if (!line) throw new AppError(Code.notFound, serverMessage('bom.api.lineNotFound', locale, { lineId }));
  if (version !== undefined && version !== line.version) throw new StaleLineError(line, locale);
  return line;
}

async function readLine(db: Db, id: number): Promise<LineRow> {
  const [line] = await db.select().from(bomLines).where(eq(bomLines.id, id));
  return line!;
}

/** /bom/change: the user's part for a line (a candidate or any catalogue part), or none. */
export async function chooseLinePart(db: Db, bom: BomRow, body: { lineId: number; version?: number | undefined; mfgMpnCode: string | null }, locale: Locale): Promise<LineRow> {
  const part = body.mfgMpnCode === null ? null : await partByCode(db, body.mfgMpnCode, locale);
  if (part === undefined) throw new AppError(Code.notFound, serverMessage('catalog.noPart', locale, { code: body.mfgMpnCode ?? '' }));
  return db.transaction(async (tx) => {
    const line = await lockLine(tx, bom, body.lineId, body.version, locale);
    const candidates = line.candidates as StoredCandidate[];
    const status = line.dnp ? 'dnp' : part ? 'matched' : candidates.length > 0 ? 'doubtful' : 'notFound';
    const [updated] = await tx
      .update(bomLines)
      .set({
        chosenProductId: part?.productId ?? null,
        chosenBy: part ? 'user' : null,
        confidence: part ? (candidates.find((c) => c.productId === part.productId)?.confidence ?? null) : null,
        status,
        version: sql`${bomLines.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(bomLines.id, line.id))
      .returning();
    // Remembered for the owner's next BOMs (never for anonymous ones: nobody to remember it for).
    const signature = lineSignature(sourceOf(line).fields);
    if (bom.ownerId !== null && part && signature) {
      await tx
        .insert(bomMatchMemory)
        .values({ ownerId: bom.ownerId, signature, productId: part.productId })
        .onConflictDoUpdate({ target: [bomMatchMemory.ownerId, bomMatchMemory.signature], set: { productId: part.productId, updatedAt: sql`now()` } });
    }
    await touchBom(tx, bom.id);
    return updated!;
  });
}

/** /bom/changeSet: a line's cells; identifying changes match the line again at once. */
export async function setLineFields(db: Db, bom: BomRow, body: { lineId: number; version?: number | undefined; fields: LineFields & { dnp?: boolean | undefined } }, locale: Locale): Promise<LineRow> {
  const { dnp, ...patch } = body.fields;
  const changed = SOURCE_FIELDS.filter((f) => patch[f] !== undefined);
  if (changed.length === 0 && dnp === undefined) throw badInput(locale, 'bom.api.noFields');
  const rematch = dnp !== undefined || changed.some((f) => MATCH_FIELDS.has(f));
  const saved = await db.transaction(async (tx) => {
    const line = await lockLine(tx, bom, body.lineId, body.version, locale);
    const source = sourceOf(line);
    const fields = mergeFields(source.fields, patch);
    const rebuilt = rebuildLine(fields, dnp ?? line.dnp);
    if (!rebuilt.ok) throw badInput(locale, 'bom.api.badQuantity', { problem: serverMessage(rebuilt.problem.key, locale, rebuilt.problem.vars) });
    const cells = cellsWithFields(source.cells, (bom.columns ?? []) as HeaderColumn[], patch);
    const [updated] = await tx
      .update(bomLines)
      .set({
        source: { fields, cells },
        designators: rebuilt.designators,
        quantity: rebuilt.quantity,
        dnp: rebuilt.dnp,
        problems: rebuilt.problems,
        ...(rematch ? { status: 'pending', chosenProductId: null, chosenBy: null, confidence: null, candidates: [] } : {}),
        version: sql`${bomLines.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(bomLines.id, line.id))
      .returning();
    await touchBom(tx, bom.id);
    return updated!;
  });
  if (!rematch) return saved;
  await matchAndSave(db, [saved], { ownerId: bom.ownerId, trends: trendsOf(bom), by: 'auto' });
  return readLine(db, saved.id);
}

/** /bom/add: a line typed by the user, placed last and matched at once. */
export async function addLine(db: Db, bom: BomRow, input: LineFields & { dnp?: boolean | undefined }, locale: Locale): Promise<LineRow> {
  const { dnp, ...patch } = input;
  const fields = mergeFields({}, patch);
  const rebuilt = rebuildLine(fields, dnp);
  if (!rebuilt.ok) throw badInput(locale, 'bom.api.badQuantity', { problem: serverMessage(rebuilt.problem.key, locale, rebuilt.problem.vars) });
  const cells = cellsWithFields([], (bom.columns ?? []) as HeaderColumn[], fields);
  const saved = await db.transaction(async (tx) => {
    const [line] = await tx
      .insert(bomLines)
      .values({
        bomId: bom.id,
        // One statement: two concurrent adds may share a position; the id orders them.
        position: sql`(SELECT coalesce(max(${bomLines.position}), -1) + 1 FROM ${bomLines} WHERE ${bomLines.bomId} = ${bom.id})`,
        row: null,
        designators: rebuilt.designators,
        quantity: rebuilt.quantity,
        source: { fields, cells },
        dnp: rebuilt.dnp,
        problems: rebuilt.problems,
        status: 'pending',
      })
      .returning();
    await touchBom(tx, bom.id);
    return line!;
  });
  await matchAndSave(db, [saved], { ownerId: bom.ownerId, trends: trendsOf(bom), by: 'auto' });
  return readLine(db, saved.id);
}

/** /bom/delete: the given lines of this BOM (ids of other BOMs are ignored); 40400 when none was there. */
export async function deleteLines(db: Db, bom: BomRow, lineIds: readonly number[], locale: Locale): Promise<number> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(bomLines)
      .where(and(eq(bomLines.bomId, bom.id), inArray(bomLines.id, lineIds.filter((id) => id <= INT32_MAX))))
      .returning({ id: bomLines.id });
    if (gone.length === 0) throw new AppError(Code.notFound, serverMessage('bom.api.lineNotFound', locale, { lineId: lineIds[0] ?? '' }));
    await touchBom(tx, bom.id);
    return gone.length;
  });
}

/** /bom/changeCount: boards to build (totals are quantity × boards, computed when read). */
export async function setBoardCount(db: Db, bom: BomRow, boardCount: number): Promise<BomRow> {
  return (await touchBom(db, bom.id, { boardCount }))!;
}

/** /bom/changeTrend: preferences merged in one statement, then the automatic choices re-ranked. */
export async function setTrends(db: Db, bom: BomRow, trends: Partial<BomTrends>): Promise<{ bom: BomRow; jobId: string }> {
  const updated = (await touchBom(db, bom.id, { trends: sql`${boms.trends} || ${JSON.stringify(trends)}::jsonb` }))!;
  const { job } = await startBomMatch(db, updated, 'auto');
  return { bom: updated, jobId: job.id };
}

/** /bom/changeByAI: doubtful and not-found lines (all, or the given ones) matched again. */
export async function rematchDoubtful(db: Db, bom: BomRow, lineIds?: readonly number[]): Promise<string> {
  const { job } = await startBomMatch(db, bom, 'doubtful', lineIds);
  return job.id;
}
