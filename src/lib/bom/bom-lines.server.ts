import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '../i18n/i18n.ts';
import type { Db } from '../server/db/client.server.ts';
import { bomLines, bomMatchMemory, boms } from '../server/db/schema/index.ts';
import { AppError, Code } from '../server/errors.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import { touchBom, type BomRow, type Tx } from './bom-access.server.ts';
import { linesFromSheet } from './bom-line.ts';
import type { BomConfirmBody, BomTrends } from './bom.schema.ts';
import { matchAndSave } from './bom-match-run.server.ts';
import { startBomMatch } from './bom-job.server.ts';
import { loadSheet } from './bom-store.server.ts';
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
const INSERT_CHUNK = 500;

function badInput(locale: Locale, key: Parameters<typeof serverMessage>[0], vars: Record<string, string | number> = {}): AppError {
  return new AppError(Code.badInput, serverMessage(key, locale, vars));
}

type Source = { fields: LineFields; cells: string[] };
const sourceOf = (row: LineRow): Source => {
  const s = (row.source ?? {}) as Partial<Source>;
  return { fields: s.fields ?? {}, cells: s.cells ?? [] };
};

// ── Confirm ───────────────────────────────────────────────────────────────────

/** Checks the mapping against the sheet, replaces the BOM's lines and starts matching them. */
export async function confirmMapping(db: Db, bom: BomRow, body: BomConfirmBody, locale: Locale): Promise<{ bomId: string; lines: number; jobId: string }> {
  const sheet = await loadSheet(db, bom.id, { name: body.sheet, index: bom.sheetIndex });
  if (!sheet) throw badInput(locale, 'bom.api.sheetNotFound', { sheet: body.sheet ?? '' });
  const rows = sheet.rows as string[][];
  if (body.headerRow !== null && body.headerRow >= rows.length) throw badInput(locale, 'bom.api.headerRowOutOfRange', { row: body.headerRow, max: rows.length });
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0);
  const seen = new Set<number>();
  for (const c of body.columns) {
    if (c.index >= width) throw badInput(locale, 'bom.api.columnOutOfRange', { index: c.index, max: width });
    if (seen.has(c.index)) throw badInput(locale, 'bom.api.columnRepeated', { index: c.index });
    seen.add(c.index);
  }
  if (!body.columns.some((c) => IDENTIFYING.has(c.field as keyof LineFields))) throw badInput(locale, 'bom.header.noIdentifyingColumn');

  const lines = linesFromSheet(rows, { headerRow: body.headerRow, columns: body.columns });
  await db.transaction(async (tx) => {
    // Two confirms of one BOM run one after the other: the later one's lines stay.
    await tx.select({ id: boms.id }).from(boms).where(eq(boms.id, bom.id)).for('update');
    await tx.delete(bomLines).where(eq(bomLines.bomId, bom.id));
    for (let i = 0; i < lines.length; i += INSERT_CHUNK) {
      await tx.insert(bomLines).values(
        lines.slice(i, i + INSERT_CHUNK).map((l, j) => ({
          bomId: bom.id,
          position: i + j,
          row: l.row,
          designators: l.designators,
          quantity: l.quantity,
          source: { fields: l.source.fields, cells: l.source.cells },
          dnp: l.dnp,
          problems: l.problems,
          status: 'pending',
        })),
      );
    }
    await touchBom(tx, bom.id, { sheetIndex: sheet.index, headerRow: body.headerRow, columns: body.columns, state: 'confirmed' });
  });
  const { job } = await startBomMatch(db, bom, 'pending');
  return { bomId: bom.id, lines: lines.length, jobId: job.id };
}

// ── Line edits ────────────────────────────────────────────────────────────────

/** The line under a row lock, checked against the version the caller saw. */
async function lockLine(tx: Tx, bom: BomRow, lineId: number, version: number | undefined, locale: Locale): Promise<LineRow> {
  const [line] = await tx
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
      .where(and(eq(bomLines.bomId, bom.id), inArray(bomLines.id, [...lineIds])))
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
