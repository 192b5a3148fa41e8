import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { Locale } from '../i18n/i18n.ts';
import { inSlices, SliceSizer, yieldToLoop } from '../jobs/slices.ts';
import { sharedWorkerPool } from '../jobs/worker-pool.server.ts';
import type { Db } from '../server/db/client.server.ts';
import { bomLines } from '../server/db/schema/index.ts';
import { rowsOf } from './bom-match-run.server.ts';
import type { ExportInput, ExportLine } from './bom-export.ts';
import { EXPORT_BOM_TASK } from './bom-export-task.ts';
import type { BomPart } from './bom.schema.ts';
import { partsByIds } from './bom-view.server.ts';

// The reads and the xlsx writing of /bom/download off the request loop's long stretches (issue #36
// item 1): lines read in pages sized by time, parts in slices, the header row alone (not the
// sheet's 20,000 rows), and the workbook written in the worker pool.

export type ExportLineRow = { id: number; position: number; row: number | null; source: unknown; chosenProductId: number | null; status: string; confidence: number | null; quantity: number | null; dnp: boolean };

/** A BOM's lines in grid order, read in pages whose size follows the time the last one took. */
export async function exportLines(db: Db, bomId: string): Promise<ExportLineRow[]> {
  const out: ExportLineRow[] = [];
  const sizer = new SliceSizer({ targetMs: 25, first: 500, min: 50, max: 5000 });
  let after: { position: number; id: number } | null = null;
  for (;;) {
    await yieldToLoop();
    const n = sizer.next;
    const started = performance.now();
    const page: ExportLineRow[] = await db
      .select({
        id: bomLines.id,
        position: bomLines.position,
        row: bomLines.row,
        source: bomLines.source,
        chosenProductId: bomLines.chosenProductId,
        status: bomLines.status,
        confidence: bomLines.confidence,
        quantity: bomLines.quantity,
        dnp: bomLines.dnp,
      })
      .from(bomLines)
      .where(
        and(
          eq(bomLines.bomId, bomId),
          after ? or(gt(bomLines.position, after.position), and(eq(bomLines.position, after.position), gt(bomLines.id, after.id))) : undefined,
        ),
      )
      .orderBy(asc(bomLines.position), asc(bomLines.id))
      .limit(n);
    sizer.took(Math.max(page.length, 1), performance.now() - started);
    out.push(...page);
    if (page.length < n) return out;
    const last = page[page.length - 1]!;
    after = { position: last.position, id: last.id };
  }
}

/** The parts chosen on these lines, read in slices. */
export async function exportParts(db: Db, ids: readonly number[], locale: Locale): Promise<Map<number, BomPart>> {
  const out = new Map<number, BomPart>();
  await inSlices(
    [...new Set(ids)],
    async (slice) => {
      for (const [id, part] of await partsByIds(db, slice, locale)) out.set(id, part);
    },
    { targetMs: 25, first: 200, min: 50, max: 5000 },
  );
  return out;
}

/** One row of a stored sheet (the header), without reading the others. */
export async function sheetRowOf(db: Db, bomId: string, sheetIndex: number, row: number | null): Promise<{ name: string | null; cells: string[] | null }> {
  const [found] = rowsOf<{ name: string; cells: string[] | null }>(
    await db.execute(sql`SELECT name, CASE WHEN ${row}::int IS NULL THEN NULL ELSE rows -> ${row}::int END AS cells FROM bom_sheets WHERE bom_id = ${bomId} AND index = ${sheetIndex}`),
  );
  return { name: found?.name ?? null, cells: found?.cells ?? null };
}

/** The workbook of bomExportSheet, written in the worker pool. */
export async function exportXlsx(input: ExportInput): Promise<Uint8Array> {
  const linePieces: string[] = [];
  await inSlices(
    input.lines,
    async (slice: readonly ExportLine[]) => {
      linePieces.push(JSON.stringify(slice));
    },
    { targetMs: 20, first: 1000, min: 100, max: 10_000 },
  );
  const { lines: _lines, ...rest } = input;
  return sharedWorkerPool().run(EXPORT_BOM_TASK, { ...rest, linePieces });
}
