import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createBrotliDecompress } from 'node:zlib';
import { DEMO_FILE } from '../../src/lib/catalog/demo/demo-catalog.server.ts';
import { loadCatalogRecords } from '../../src/lib/catalog/import/bulk-load.server.ts';
import { CatalogRecordSchema, type CatalogRecord } from '../../src/lib/catalog/import/catalog-record.ts';
import { seedCategories } from '../../src/lib/catalog/import/seed-categories.server.ts';
import { upsertFootprints, upsertSymbols, type FootprintRow, type SymbolRow } from '../../src/lib/catalog/kicad-import/library-store.server.ts';
import type { Database } from '../../src/lib/server/db/client.server.ts';

// Real catalogue parts for the personal library's tests (issue #16): the wanted records of the
// committed demo catalogue with the KiCad symbols and footprints they name, and the category tree.

export async function loadRealParts(database: Database, mpns: readonly string[]): Promise<CatalogRecord[]> {
  const wanted = new Set(mpns);
  const recs: CatalogRecord[] = [];
  const syms = new Map<string, SymbolRow>();
  const fps = new Map<string, FootprintRow>();
  const rl = createInterface({ input: createReadStream(DEMO_FILE).pipe(createBrotliDecompress()), crlfDelay: Infinity });
  for await (const text of rl) {
    const row = JSON.parse(text) as { t: string; library?: string; name?: string; mpn?: string };
    const { t, ...rest } = row;
    if (t === 'symbol') syms.set(`${row.library}:${row.name}`, rest as SymbolRow);
    else if (t === 'footprint') fps.set(`${row.library}:${row.name}`, rest as FootprintRow);
    else if (t === 'product' && wanted.has(row.mpn!)) recs.push(CatalogRecordSchema.parse(rest));
  }
  const need = <T>(map: Map<string, T>, keys: (string | null)[]) => [...new Set(keys)].flatMap((k) => (k && map.has(k) ? [map.get(k)!] : []));
  await seedCategories(database);
  await upsertFootprints(database.db, need(fps, recs.map((r) => (r.footprint ? `${r.footprint.library}:${r.footprint.name}` : null))));
  await upsertSymbols(database.db, need(syms, recs.map((r) => (r.symbol ? `${r.symbol.library}:${r.symbol.name}` : null))));
  await loadCatalogRecords(database, recs, { mode: 'upsert' });
  return recs;
}
