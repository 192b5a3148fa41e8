import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.server.ts';
import { footprints, symbolPins, symbols } from '../../server/db/schema/index.ts';

// Stores KiCad symbols (with pins) and footprints. Used by the KiCad importer and by the demo
// catalogue loader; both upsert on (library, name), so re-running changes nothing.

export type FootprintRow = {
  library: string;
  name: string;
  content: string;
  description: string | null;
  tags: string | null;
  padCount: number;
  smd: boolean;
  model3dPath: string | null;
  source: string;
  licence: string;
};

export type SymbolPinRow = { unit: number; number: string; name: string; electricalType: string };

export type SymbolRow = {
  library: string;
  name: string;
  content: string;
  unitCount: number;
  pinCount: number;
  hasDeMorgan: boolean;
  isTemplate: boolean;
  description: string | null;
  keywords: string | null;
  footprintFilters: string | null;
  source: string;
  licence: string;
  pins: SymbolPinRow[];
};

const CHUNK = 500;

export async function upsertFootprints(db: Db, rows: readonly FootprintRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await db
      .insert(footprints)
      .values(chunk)
      .onConflictDoUpdate({
        target: [footprints.library, footprints.name],
        set: {
          content: sql`excluded.content`,
          description: sql`excluded.description`,
          tags: sql`excluded.tags`,
          padCount: sql`excluded.pad_count`,
          smd: sql`excluded.smd`,
          model3dPath: sql`excluded.model3d_path`,
          source: sql`excluded.source`,
          licence: sql`excluded.licence`,
        },
      });
  }
}

/** Upserts symbols and replaces their pins; returns `library:name` → id. */
export async function upsertSymbols(db: Db, rows: readonly SymbolRow[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(symbols)
        .values(chunk.map(({ pins: _pins, ...row }) => row))
        .onConflictDoUpdate({
          target: [symbols.library, symbols.name],
          set: {
            content: sql`excluded.content`,
            unitCount: sql`excluded.unit_count`,
            pinCount: sql`excluded.pin_count`,
            hasDeMorgan: sql`excluded.has_demorgan`,
            isTemplate: sql`excluded.is_template`,
            description: sql`excluded.description`,
            keywords: sql`excluded.keywords`,
            footprintFilters: sql`excluded.footprint_filters`,
            source: sql`excluded.source`,
            licence: sql`excluded.licence`,
          },
        })
        .returning({ id: symbols.id, library: symbols.library, name: symbols.name });
      const byKey = new Map(inserted.map((r) => [`${r.library}:${r.name}`, r.id]));
      await tx.delete(symbolPins).where(inArray(symbolPins.symbolId, [...byKey.values()]));
      const pinRows = chunk.flatMap((s) => {
        const symbolId = byKey.get(`${s.library}:${s.name}`)!;
        return s.pins.map((p) => ({ symbolId, ...p }));
      });
      for (let j = 0; j < pinRows.length; j += 2000) await tx.insert(symbolPins).values(pinRows.slice(j, j + 2000));
      for (const [k, v] of byKey) ids.set(k, v);
    });
  }
  return ids;
}
