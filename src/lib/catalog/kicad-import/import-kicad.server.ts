import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { decodeKicadText } from '../../kicad/sexpr.ts';
import { parseFootprint } from '../../kicad/footprint.ts';
import { parseSymbolLibrary } from '../../kicad/symbol-lib.ts';
import type { Database } from '../../server/db/client.server.ts';
import { importModels3dDir } from '../model3d/import-models-dir.server.ts';
import { brandKeyOf, deriveMfgMpnCode, type CatalogRecord } from '../import/catalog-record.ts';
import { loadCatalogRecords } from '../import/bulk-load.server.ts';
import { seedCategories } from '../import/seed-categories.server.ts';
import { footprintRow, KICAD_LICENCE, productRecord, symbolRow, type FootprintRef } from './kicad-records.ts';
import { upsertFootprints, upsertSymbols, type FootprintRow, type SymbolRow } from './library-store.server.ts';

// `npm run import:kicad -- <symbols dir> [<footprints dir>] [<3d dir>]`: every .kicad_sym and
// .kicad_mod. A broken file or entry is skipped with file, line and reason; the import goes on.
// Re-running upserts the same rows.

export type KicadImportOptions = {
  symbolsDir: string;
  footprintsDir?: string;
  models3dDir?: string;
  /** e.g. 'kicad-symbols 6.0.10'; stored as each row's source. */
  sourceLabel?: string;
  onProgress?: (message: string) => void;
  onSkip?: (skip: Skip) => void;
  /** Files larger than this are skipped (a 200 MB library is not a library). */
  maxFileBytes?: number;
  /** Stops the import between files (what was stored stays; re-running upserts). */
  signal?: AbortSignal;
};
export type Skip = { file: string; line: number; reason: string };
export type KicadImportStats = {
  symbolLibraries: number;
  symbols: number;
  products: number;
  templates: number;
  footprints: number;
  models3d: number;
  skipped: number;
  duplicates: number;
  seconds: number;
};

export const DEFAULT_MAX_FILE_BYTES = 64 * 1024 * 1024;

function listFiles(dir: string, suffix: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(suffix))
    .sort()
    .map((f) => join(dir, f));
}

export async function importKicadLibraries(database: Database, options: KicadImportOptions): Promise<KicadImportStats> {
  const started = performance.now();
  const source = options.sourceLabel ?? 'KiCad libraries';
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const progress = options.onProgress ?? (() => {});
  const stats: KicadImportStats = { symbolLibraries: 0, symbols: 0, products: 0, templates: 0, footprints: 0, models3d: 0, skipped: 0, duplicates: 0, seconds: 0 };
  const skip = (s: Skip) => {
    stats.skipped++;
    options.onSkip?.(s);
  };
  const readChecked = (file: string): Buffer | null => {
    options.signal?.throwIfAborted();
    const size = statSync(file).size;
    if (size > maxBytes) {
      skip({ file, line: 0, reason: `file is ${Math.round(size / 1048576)} MB, over the ${Math.round(maxBytes / 1048576)} MB limit` });
      return null;
    }
    return readFileSync(file);
  };

  await seedCategories(database);

  // 1. Footprints first, so symbols' default footprints (or their filters) can be linked.
  const footprintRefs: FootprintRef[] = [];
  if (options.footprintsDir) {
    const dirs = readdirSync(options.footprintsDir).filter((d) => d.endsWith('.pretty')).sort();
    let batch: FootprintRow[] = [];
    for (const [i, dir] of dirs.entries()) {
      const library = dir.replace(/\.pretty$/, '');
      for (const file of listFiles(join(options.footprintsDir, dir), '.kicad_mod')) {
        const bytes = readChecked(file);
        if (!bytes) continue;
        const parsed = parseFootprint(bytes, basename(file));
        // A footprint with errors (truncated, unbalanced) is skipped whole: stored text must download intact.
        if (!parsed.footprint || parsed.errors.length > 0) {
          skip({ file, line: parsed.errors[0]?.line ?? 1, reason: parsed.errors[0]?.reason ?? 'not a footprint' });
          continue;
        }
        for (const w of parsed.warnings) skip({ file, line: w.line, reason: `warning: ${w.reason}` });
        batch.push(footprintRow(parsed.footprint, library, decodeKicadText(bytes).text, `${source} (${library}.pretty)`));
        footprintRefs.push({ library, name: parsed.footprint.name, padCount: batch[batch.length - 1]!.padCount });
        stats.footprints++;
      }
      if (batch.length >= 1000 || i === dirs.length - 1) {
        await upsertFootprints(database.db, batch);
        batch = [];
      }
      if (i % 10 === 0 || i === dirs.length - 1) progress(`footprints: ${i + 1}/${dirs.length} libraries, ${stats.footprints} footprints`);
    }
  }

  // 2. Optional 3D models: stored with a preview mesh each (src/lib/catalog/model3d).
  if (options.models3dDir && existsSync(options.models3dDir)) {
    const r = await importModels3dDir(database.db, options.models3dDir, { source: `${source} (packages3D)`, licence: KICAD_LICENCE }, progress, options.signal);
    for (const f of r.failures) skip({ file: join(options.models3dDir, f.key), line: 0, reason: `3D model kept without preview: ${f.reason}` });
    for (const f of r.rejected) skip({ file: join(options.models3dDir, f.key), line: 0, reason: f.reason });
    for (const key of r.tooLarge) skip({ file: join(options.models3dDir, key), line: 0, reason: 'file larger than 64 MB' });
    stats.models3d = r.stored;
    progress(`3D models: ${r.stored} (${r.meshes} with preview)`);
  }

  // 3. Symbols, then the products they name.
  const libraries = listFiles(options.symbolsDir, '.kicad_sym');
  const seenCodes = new Map<string, string>();
  for (const [i, file] of libraries.entries()) {
    const library = basename(file, '.kicad_sym');
    const bytes = readChecked(file);
    if (!bytes) continue;
    const lib = parseSymbolLibrary(bytes, basename(file));
    for (const e of lib.errors) skip({ file, line: e.line, reason: e.symbol ? `symbol ${e.symbol}: ${e.reason}` : e.reason });
    for (const w of lib.warnings) skip({ file, line: w.line, reason: `warning: ${w.reason}` });
    stats.symbolLibraries++;
    const symbolRows: SymbolRow[] = [];
    const records: CatalogRecord[] = [];
    for (const sym of lib.symbols) {
      let row: SymbolRow;
      try {
        row = symbolRow(sym, library, `${source} (${library})`);
      } catch (e) {
        skip({ file, line: sym.line, reason: `symbol ${sym.name}: ${(e as Error).message}` });
        continue;
      }
      symbolRows.push(row);
      const record = productRecord(sym, library, `${source} (${library})`, footprintRefs);
      if (!record) {
        stats.templates++;
        continue;
      }
      const code = deriveMfgMpnCode(record.mpn, brandKeyOf(record.brand));
      const earlier = seenCodes.get(code);
      if (earlier) {
        stats.duplicates++;
        skip({ file, line: sym.line, reason: `duplicate MPN ${record.mpn}: already imported from ${earlier}; kept the first` });
        continue;
      }
      seenCodes.set(code, library);
      records.push({ ...record, mfgMpnCode: code } as CatalogRecord);
    }
    await upsertSymbols(database.db, symbolRows);
    stats.symbols += symbolRows.length;
    const loaded = await loadCatalogRecords(database, records, { mode: 'upsert' });
    stats.products += loaded.imported;
    for (const e of loaded.errors) skip({ file, line: 0, reason: `product ${e.mpn}: ${e.reason}` });
    progress(`symbols: ${i + 1}/${libraries.length} libraries (${library}), ${stats.symbols} symbols, ${stats.products} products`);
  }
  stats.seconds = +((performance.now() - started) / 1000).toFixed(1);
  return stats;
}
