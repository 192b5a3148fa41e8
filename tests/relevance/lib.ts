// Fixtures shared by the search tests: real KiCad libraries imported by our importer, and the
// everyday passives built from makers' ordering codes (the same sources as the demo catalogue).
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildEverydayPassives } from '../../src/lib/catalog/generate/everyday-passives.ts';
import { loadCatalogRecords } from '../../src/lib/catalog/import/bulk-load.server.ts';
import { importKicadLibraries } from '../../src/lib/catalog/kicad-import/import-kicad.server.ts';
import type { Database } from '../../src/lib/server/db/client.server.ts';

/** Debian's kicad-symbols package (CI installs it; see the CI script). */
export const KICAD_SYMBOLS = '/usr/share/kicad/symbols';
export const hasKicadSymbols = existsSync(join(KICAD_SYMBOLS, 'MCU_ST_STM32F1.kicad_sym'));

/** Imports the named libraries (file names without .kicad_sym) through a temporary directory. */
export async function importKicadFixture(database: Database, libraries: readonly string[]): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'chipedia-search-kicad-'));
  try {
    for (const lib of libraries) copyFileSync(join(KICAD_SYMBOLS, `${lib}.kicad_sym`), join(dir, `${lib}.kicad_sym`));
    const stats = await importKicadLibraries(database, {
      symbolsDir: dir,
      sourceLabel: 'KiCad libraries (test fixture)',
    });
    return stats.products;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Yageo RC resistors and Samsung/Murata MLCCs of the demo catalogue (1,510 parts). */
export async function loadEverydayPassives(database: Database): Promise<number> {
  const r = await loadCatalogRecords(database, buildEverydayPassives(), {
    mode: 'upsert',
  });
  return r.imported;
}
