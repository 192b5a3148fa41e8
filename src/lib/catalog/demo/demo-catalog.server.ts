import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { constants, createBrotliCompress, createBrotliDecompress } from 'node:zlib';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../server/db/client.server.ts';
import { brands, footprints, importRuns, productParams, products, symbolPins, symbols } from '../../server/db/schema/index.ts';
import { CatalogRecordSchema, type CatalogRecord } from '../import/catalog-record.ts';
import { loadCatalogRecords } from '../import/bulk-load.server.ts';
import { seedCategories } from '../import/seed-categories.server.ts';
import { upsertFootprints, upsertSymbols, type FootprintRow, type SymbolRow } from '../kicad-import/library-store.server.ts';
import { everydayPassiveRecords } from './passives.ts';

// The demo catalogue: a Brotli-compressed NDJSON file committed under demo-catalog/, derived
// from the KiCad libraries by our importer (see demo-catalog/LICENSE.md), plus the everyday
// passives built from manufacturers' ordering codes. Loaded on first start, skipped afterwards.

export const DEMO_FILE = resolve(process.cwd(), 'demo-catalog/kicad-demo.ndjson.br');
type Line = ({ t: 'footprint' } & FootprintRow) | ({ t: 'symbol' } & SymbolRow) | ({ t: 'product' } & CatalogRecord);

/** Writes every product with its symbol and footprint, plus the template symbols and footprints passives use. */
export async function exportDemoCatalog(database: Database, out = DEMO_FILE, templateLibraries = ['Device']): Promise<{ products: number; symbols: number; footprints: number }> {
  const db = database.db;
  const rows = await db
    .select({ p: products, brandKey: brands.key, symLibrary: symbols.library, symName: symbols.name, fpLibrary: footprints.library, fpName: footprints.name })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(symbols, eq(symbols.id, products.symbolId))
    .leftJoin(footprints, eq(footprints.id, products.footprintId))
    .where(isNotNull(products.symbolId))
    .orderBy(asc(products.id));
  const symbolIds = new Set(rows.map((r) => r.p.symbolId!));
  for (const t of await db.select({ id: symbols.id }).from(symbols).where(and(eq(symbols.isTemplate, true), inArray(symbols.library, templateLibraries)))) symbolIds.add(t.id);
  const footprintIds = new Set(rows.filter((r) => r.p.footprintId).map((r) => r.p.footprintId!));
  // Footprints the passives link to (chip resistor and capacitor sizes).
  for (const f of await db.select({ id: footprints.id }).from(footprints).where(inArray(footprints.library, ['Resistor_SMD', 'Capacitor_SMD', 'Inductor_SMD']))) footprintIds.add(f.id);

  async function* lines(): AsyncGenerator<string> {
    const fpIds = [...footprintIds];
    for (let i = 0; i < fpIds.length; i += 500) {
      for (const f of await db.select().from(footprints).where(inArray(footprints.id, fpIds.slice(i, i + 500)))) {
        const { id: _id, ...row } = f;
        yield `${JSON.stringify({ t: 'footprint', ...row })}\n`;
      }
    }
    const symIds = [...symbolIds];
    for (let i = 0; i < symIds.length; i += 500) {
      const chunk = symIds.slice(i, i + 500);
      const pins = await db.select().from(symbolPins).where(inArray(symbolPins.symbolId, chunk));
      const bySymbol = new Map<number, SymbolRow['pins']>();
      for (const p of pins) {
        const list = bySymbol.get(p.symbolId) ?? [];
        list.push({ unit: p.unit, number: p.number, name: p.name, electricalType: p.electricalType });
        bySymbol.set(p.symbolId, list);
      }
      for (const s of await db.select().from(symbols).where(inArray(symbols.id, chunk))) {
        const { id, ...row } = s;
        yield `${JSON.stringify({ t: 'symbol', ...row, pins: bySymbol.get(id) ?? [] })}\n`;
      }
    }
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      const params = await db.select().from(productParams).where(inArray(productParams.productId, chunk.map((r) => r.p.id)));
      for (const r of chunk) {
        const p = r.p;
        const record: CatalogRecord = {
          mpn: p.mpn,
          ...(r.brandKey ? { brand: r.brandKey } : {}),
          mfgMpnCode: p.mfgMpnCode,
          cateId: p.cateId!,
          ...(p.descriptionZh ? { descriptionZh: p.descriptionZh } : {}),
          ...(p.descriptionEn ? { descriptionEn: p.descriptionEn } : {}),
          ...(p.package ? { package: p.package } : {}),
          ...(p.datasheetUrl ? { datasheetUrl: p.datasheetUrl } : {}),
          lifecycle: p.lifecycle as CatalogRecord['lifecycle'],
          ...(p.keywords ? { keywords: p.keywords } : {}),
          params: params
            .filter((x) => x.productId === p.id)
            .map((x) => ({ key: x.key, ...(x.valueNum !== null ? { value: x.valueNum } : {}), ...(x.unit ? { unit: x.unit } : {}), ...(x.valueText ? { text: x.valueText } : {}) })),
          symbol: { library: r.symLibrary!, name: r.symName! },
          ...(r.fpLibrary ? { footprint: { library: r.fpLibrary, name: r.fpName! } } : {}),
          source: p.source,
          licence: p.licence,
        } as CatalogRecord;
        yield `${JSON.stringify({ t: 'product', ...record })}\n`;
      }
    }
  }
  await pipeline(Readable.from(lines()), createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_LGWIN]: 24 } }), createWriteStream(out));
  return { products: rows.length, symbols: symbolIds.size, footprints: footprintIds.size };
}

export type DemoLoadStats = { footprints: number; symbols: number; products: number; passives: number; skipped: number; seconds: number };

/** Loads the demo catalogue once; later calls see the finished run and return null. */
export async function loadDemoCatalog(database: Database, file = DEMO_FILE, onProgress?: (m: string) => void): Promise<DemoLoadStats | null> {
  const db = database.db;
  const done = await db.select({ id: importRuns.id }).from(importRuns).where(and(eq(importRuns.kind, 'demo'), isNotNull(importRuns.finishedAt))).limit(1);
  if (done.length > 0) return null;
  const started = performance.now();
  const [run] = await db.insert(importRuns).values({ kind: 'demo', source: file }).returning({ id: importRuns.id });
  await seedCategories(database);
  const stats: DemoLoadStats = { footprints: 0, symbols: 0, products: 0, passives: 0, skipped: 0, seconds: 0 };
  if (existsSync(file)) {
    let fps: FootprintRow[] = [];
    let syms: SymbolRow[] = [];
    let recs: CatalogRecord[] = [];
    const flush = async () => {
      if (fps.length) await upsertFootprints(db, fps);
      if (syms.length) await upsertSymbols(db, syms);
      if (recs.length) {
        const r = await loadCatalogRecords(database, recs, { mode: 'upsert' });
        stats.products += r.imported;
        stats.skipped += r.errors.length;
      }
      stats.footprints += fps.length;
      stats.symbols += syms.length;
      fps = [];
      syms = [];
      recs = [];
      onProgress?.(`demo catalogue: ${stats.footprints} footprints, ${stats.symbols} symbols, ${stats.products} products`);
    };
    const rl = createInterface({ input: createReadStream(file).pipe(createBrotliDecompress()), crlfDelay: Infinity });
    for await (const text of rl) {
      if (!text) continue;
      const { t, ...row } = JSON.parse(text) as Line;
      if (t === 'footprint') fps.push(row as FootprintRow);
      else if (t === 'symbol') syms.push(row as SymbolRow);
      else {
        const parsed = CatalogRecordSchema.safeParse(row);
        if (parsed.success) recs.push(parsed.data);
        else stats.skipped++;
      }
      // Small batches, each followed by a macrotask turn: PGlite runs on this thread, so a big batch
      // would hold pages and progress lines while npm start loads this behind the first page.
      if (fps.length + syms.length + recs.length >= 400) {
        await flush();
        await new Promise((r) => setImmediate(r));
      }
    }
    await flush();
  }
  const passives = await loadCatalogRecords(database, everydayPassiveRecords(), { mode: 'upsert' });
  stats.passives = passives.imported;
  stats.skipped += passives.errors.length;
  stats.seconds = +((performance.now() - started) / 1000).toFixed(1);
  await db.update(importRuns).set({ finishedAt: new Date(), imported: stats.products + stats.passives, skipped: stats.skipped }).where(eq(importRuns.id, run!.id));
  return stats;
}
