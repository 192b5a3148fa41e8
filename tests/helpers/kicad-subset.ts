import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createBrotliDecompress } from 'node:zlib';
import type { Database } from '../../src/lib/server/db/client.server.ts';
import { DEMO_FILE } from '../../src/lib/catalog/demo/demo-catalog.server.ts';
import { CatalogRecordSchema, type CatalogRecord } from '../../src/lib/catalog/import/catalog-record.ts';
import { loadCatalogRecords } from '../../src/lib/catalog/import/bulk-load.server.ts';
import { upsertFootprints, upsertSymbols, type FootprintRow, type SymbolRow } from '../../src/lib/catalog/kicad-import/library-store.server.ts';

/**
 * Loads part of the committed demo catalogue (real KiCad symbols, footprints and products): the
 * products named, their symbols and footprints, the Device template symbols named, and the
 * footprints named. Faster than the whole demo load for tests that need a few real KiCad parts.
 */
export async function loadKicadSubset(database: Database, want: { products: readonly string[]; templates: readonly string[]; footprints: readonly string[] }): Promise<{ products: number }> {
  const products: CatalogRecord[] = [];
  const symbols: SymbolRow[] = [];
  const footprints: FootprintRow[] = [];
  const rl = createInterface({ input: createReadStream(DEMO_FILE).pipe(createBrotliDecompress()), crlfDelay: Infinity });
  const lines: string[] = [];
  for await (const text of rl) if (text) lines.push(text);
  const wantedProducts = new Set(want.products);
  for (const text of lines) {
    if (!text.includes('"t":"product"')) continue;
    const { t: _t, ...row } = JSON.parse(text) as { t: string } & CatalogRecord;
    if (wantedProducts.has(row.mpn)) products.push(CatalogRecordSchema.parse(row));
  }
  const symbolKeys = new Set([...products.map((p) => `${p.symbol?.library}:${p.symbol?.name}`), ...want.templates]);
  const footprintKeys = new Set([...products.filter((p) => p.footprint).map((p) => `${p.footprint!.library}:${p.footprint!.name}`), ...want.footprints]);
  for (const text of lines) {
    if (text.includes('"t":"product"')) continue;
    const { t, ...row } = JSON.parse(text) as { t: string; library: string; name: string };
    const key = `${row.library}:${row.name}`;
    if (t === 'symbol' && symbolKeys.has(key)) symbols.push(row as unknown as SymbolRow);
    if (t === 'footprint' && footprintKeys.has(key)) footprints.push(row as unknown as FootprintRow);
  }
  await upsertFootprints(database.db, footprints);
  await upsertSymbols(database.db, symbols);
  const r = await loadCatalogRecords(database, products, { mode: 'upsert' });
  return { products: r.imported };
}
