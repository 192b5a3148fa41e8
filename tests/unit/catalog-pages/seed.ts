// A small, real catalogue for the catalogue-pages tests: the category tree, two KiCad symbols and
// a footprint from the test fixtures (KiCad libraries, CC-BY-SA 4.0 with the library exception),
// two op-amps that use them, and a slice of the everyday passives (Yageo RC resistors, Samsung
// CL capacitors) built from the manufacturers' ordering codes.
import { readFileSync } from 'node:fs';
import { buildEverydayPassives } from '../../../src/lib/catalog/generate/everyday-passives.ts';
import { loadCatalogRecords } from '../../../src/lib/catalog/import/bulk-load.server.ts';
import type { CatalogRecord } from '../../../src/lib/catalog/import/catalog-record.ts';
import { seedCategories } from '../../../src/lib/catalog/import/seed-categories.server.ts';
import { footprintRow, KICAD_LICENCE, symbolRow } from '../../../src/lib/catalog/kicad-import/kicad-records.ts';
import { upsertFootprints, upsertSymbols } from '../../../src/lib/catalog/kicad-import/library-store.server.ts';
import { parseFootprint } from '../../../src/lib/kicad/footprint.ts';
import { parseSymbolLibrary } from '../../../src/lib/kicad/symbol-lib.ts';
import type { Database } from '../../../src/lib/server/db/client.server.ts';

export const OPAMP_CATE = 200;
export const FIXED_RESISTORS_CATE = 55001;
const FIXTURES = new URL('../../fixtures/kicad/', import.meta.url);
const SOURCE = 'KiCad libraries (test fixture)';

export const LM358: CatalogRecord = {
  mpn: 'LM358',
  brand: 'ti',
  mfgMpnCode: 'LM358_ti',
  cateId: OPAMP_CATE,
  descriptionEn: 'Low-Power, Dual Operational Amplifiers, DIP-8/SOIC-8/TO-99-8',
  descriptionZh: '低功耗双运算放大器',
  package: 'SOIC-8',
  datasheetUrl: 'https://www.ti.com/lit/ds/symlink/lm358.pdf',
  lifecycle: 'active',
  params: [
    { key: 'channels', value: 2 },
    { key: 'supplyVoltageMax', value: 32, unit: 'V' },
    { key: 'bandwidth', value: 700_000, unit: 'Hz' },
  ],
  symbol: { library: 'Amplifier_Operational', name: 'LM358' },
  footprint: { library: 'Package_SO', name: 'SOIC-8_3.9x4.9mm_P1.27mm' },
  source: SOURCE,
  licence: KICAD_LICENCE,
};

export const LM2904: CatalogRecord = {
  ...LM358,
  mpn: 'LM2904',
  mfgMpnCode: 'LM2904_ti',
  descriptionEn: 'Dual Operational Amplifiers, automotive temperature range',
  descriptionZh: '双运算放大器',
  params: [
    { key: 'channels', value: 2 },
    { key: 'supplyVoltageMax', value: 26, unit: 'V' },
    { key: 'bandwidth', value: 700_000, unit: 'Hz' },
  ],
  symbol: { library: 'Amplifier_Operational', name: 'LM2904' },
};

/** Resistors of every 0402…1206 size around 4k7–10k plus a few capacitors. */
export function passivesSample(): CatalogRecord[] {
  const all = buildEverydayPassives();
  const resistors = all.filter((r) => r.cateId === FIXED_RESISTORS_CATE);
  const caps = all.filter((r) => r.cateId !== FIXED_RESISTORS_CATE).slice(0, 20);
  return [...resistors, ...caps];
}

export async function seedCatalog(database: Database): Promise<{ passives: CatalogRecord[] }> {
  await seedCategories(database);
  const lib = parseSymbolLibrary(readFileSync(new URL('sample-symbols.kicad_sym', FIXTURES), 'utf8'), 'Amplifier_Operational.kicad_sym');
  const rows = lib.symbols.filter((s) => s.name === 'LM358' || s.name === 'LM2904').map((s) => symbolRow(s, 'Amplifier_Operational', SOURCE));
  await upsertSymbols(database.db, rows);
  const fpText = readFileSync(new URL('SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod', FIXTURES), 'utf8');
  const fp = parseFootprint(fpText, 'SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod').footprint!;
  await upsertFootprints(database.db, [footprintRow(fp, 'Package_SO', fpText, SOURCE)]);
  const passives = passivesSample();
  const result = await loadCatalogRecords(database, [LM358, LM2904, ...passives]);
  if (result.skipped > 0) throw new Error(`seed skipped records: ${JSON.stringify(result.errors.slice(0, 3))}`);
  return { passives };
}
