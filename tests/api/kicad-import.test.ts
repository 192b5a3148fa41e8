import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importKicadLibraries, type Skip } from '../../src/lib/catalog/kicad-import/import-kicad.server.ts';
import { readZip } from '../../src/lib/files/zip.ts';
import { parseFootprint } from '../../src/lib/kicad/footprint.ts';
import { allPins, parseSymbolLibrary } from '../../src/lib/kicad/symbol-lib.ts';
import { createApp } from '../../src/lib/server/app.ts';
import { brands, products, symbolPins, symbols } from '../../src/lib/server/db/schema/index.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

const fixtures = 'tests/fixtures/kicad';
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: ReturnType<typeof createApp>;
const root = mkdtempSync(join(tmpdir(), 'kicad-import-'));
const symbolsDir = join(root, 'symbols');
const footprintsDir = join(root, 'footprints');

function layout() {
  mkdirSync(symbolsDir, { recursive: true });
  mkdirSync(join(footprintsDir, 'Package_QFP.pretty'), { recursive: true });
  mkdirSync(join(footprintsDir, 'Package_SO.pretty'), { recursive: true });
  copyFileSync(join(fixtures, 'sample-symbols.kicad_sym'), join(symbolsDir, 'MCU_ST_STM32F1.kicad_sym'));
  // The same symbols again under another library: duplicate MPNs across libraries.
  copyFileSync(join(fixtures, 'sample-symbols.kicad_sym'), join(symbolsDir, 'ZZ_Copy.kicad_sym'));
  copyFileSync(join(fixtures, 'kicad9-style.kicad_sym'), join(symbolsDir, 'Newer_KiCad9.kicad_sym'));
  // A truncated library: unbalanced parentheses from line 3 on.
  const sample = readFileSync(join(fixtures, 'sample-symbols.kicad_sym'), 'utf8');
  writeFileSync(join(symbolsDir, 'Broken_Truncated.kicad_sym'), sample.slice(0, Math.floor(sample.length / 3)));
  copyFileSync(join(fixtures, 'LQFP-48_7x7mm_P0.5mm.kicad_mod'), join(footprintsDir, 'Package_QFP.pretty', 'LQFP-48_7x7mm_P0.5mm.kicad_mod'));
  copyFileSync(join(fixtures, 'SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod'), join(footprintsDir, 'Package_SO.pretty', 'SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod'));
  writeFileSync(join(footprintsDir, 'Package_SO.pretty', 'Broken.kicad_mod'), '(footprint "Broken" (layer "F.Cu")\n  (pad "1" smd rect (at 0 0) (size 1 1)\n');
  writeFileSync(join(footprintsDir, 'Package_SO.pretty', 'Latin1.kicad_mod'), Buffer.concat([Buffer.from('(footprint "Latin1" (layer "F.Cu") (descr "caf'), Buffer.from([0xe9]), Buffer.from('")\n  (pad "1" smd rect (at 0 0) (size 1 1) (layers "F.Cu"))\n)\n')]));
}

const skips: Skip[] = [];
let firstStats: Awaited<ReturnType<typeof importKicadLibraries>>;

beforeAll(async () => {
  layout();
  database = await createTestDatabase();
  app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
  firstStats = await importKicadLibraries(database, { symbolsDir, footprintsDir, onSkip: (s) => skips.push(s) });
}, 120_000);
afterAll(async () => {
  await database?.close();
});

describe('KiCad importer', () => {
  it('turns part symbols into products and generic ones into templates', async () => {
    expect(firstStats.footprints).toBe(3); // LQFP-48, SOIC-8, Latin1 (bad bytes replaced, kept)
    const stm = await database.db
      .select({ mpn: products.mpn, brand: brands.key, footprintId: products.footprintId, pkg: products.package, cateId: products.cateId })
      .from(products)
      .leftJoin(brands, eq(brands.id, products.brandId))
      .where(eq(products.mpn, 'STM32F103C8Tx'));
    expect(stm).toHaveLength(1);
    expect(stm[0]!.brand).toBe('st');
    expect(stm[0]!.footprintId).not.toBeNull();
    expect(stm[0]!.pkg).toBe('LQFP-48');
    const r = await database.db.select({ isTemplate: symbols.isTemplate }).from(symbols).where(eq(symbols.name, 'R'));
    expect(r.every((x) => x.isTemplate)).toBe(true);
    expect(await database.db.select().from(products).where(eq(products.mpn, 'R'))).toHaveLength(0);
  });

  it('stores every pin with number, name and electrical type', async () => {
    const [sym] = await database.db.select({ id: symbols.id, pinCount: symbols.pinCount }).from(symbols).where(eq(symbols.name, 'STM32F103C8Tx')).limit(1);
    const pins = await database.db.select().from(symbolPins).where(eq(symbolPins.symbolId, sym!.id));
    expect(sym!.pinCount).toBe(48);
    expect(pins.find((p) => p.name === 'PA0')?.electricalType).toBe('bidirectional');
    expect(new Set(pins.map((p) => p.number)).size).toBe(48);
  });

  it('skips broken files and entries with file, line and reason, and goes on', () => {
    const truncated = skips.filter((s) => s.file.endsWith('Broken_Truncated.kicad_sym'));
    expect(truncated.length).toBeGreaterThan(0);
    expect(truncated[0]!.line).toBeGreaterThan(0);
    expect(truncated[0]!.reason).toMatch(/\S/);
    const brokenFp = skips.find((s) => s.file.endsWith('Broken.kicad_mod'));
    expect(brokenFp?.reason).toMatch(/\S/);
    expect(skips.some((s) => s.file.endsWith('Latin1.kicad_mod') && /UTF-8/i.test(s.reason))).toBe(true);
    // Duplicate MPNs across libraries are reported, the first kept.
    const dup = skips.filter((s) => s.file.endsWith('ZZ_Copy.kicad_sym') && /duplicate MPN/.test(s.reason));
    expect(dup.length).toBeGreaterThan(0);
    expect(firstStats.duplicates).toBe(skips.filter((s) => /duplicate MPN/.test(s.reason)).length);
  });

  it('reads newer-KiCad files, ignoring unknown tokens', async () => {
    const rows = await database.db.select({ name: symbols.name }).from(symbols).where(eq(symbols.library, 'Newer_KiCad9'));
    expect(rows.length).toBeGreaterThan(0);
  });

  it('re-running is idempotent', async () => {
    const count = async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]!.n;
    const pinCount = async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(symbolPins))[0]!.n;
    const before = [await count(), await pinCount()];
    const again = await importKicadLibraries(database, { symbolsDir, footprintsDir });
    expect(again.products).toBe(firstStats.products);
    expect([await count(), await pinCount()]).toEqual(before);
  });

  it('skips an oversized file with a clear reason', async () => {
    const big: Skip[] = [];
    await importKicadLibraries(database, { symbolsDir, maxFileBytes: 10_000, onSkip: (s) => big.push(s) });
    expect(big.find((s) => s.file.endsWith('MCU_ST_STM32F1.kicad_sym'))?.reason).toMatch(/over the 0 MB limit|MB limit/);
  });
});

describe('previews and downloads', () => {
  const code = async () => (await database.db.select({ c: products.mfgMpnCode }).from(products).where(eq(products.mpn, 'STM32F103C8Tx')))[0]!.c;

  it('renders the symbol with an SVG pin for every pin, cached by ETag', async () => {
    const res = await app.request(`/api/chiplet/products/symbol.svg?mfgMpnCode=${await code()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(res.headers.get('cache-control')).toContain('max-age=');
    const svg = await res.text();
    expect(svg.match(/class="pin"/g)).toHaveLength(48);
    expect(svg).toContain('aria-label="Pin 10 PA0"');
    const again = await app.request(`/api/chiplet/products/symbol.svg?mfgMpnCode=${await code()}`, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('renders the footprint with a pad for every pad', async () => {
    const res = await app.request(`/api/chiplet/products/footprint.svg?mfgMpnCode=${await code()}`);
    expect(res.status).toBe(200);
    const svg = await res.text();
    const parsed = parseFootprint(readFileSync(join(fixtures, 'LQFP-48_7x7mm_P0.5mm.kicad_mod')), 'x').footprint!;
    expect(svg.match(/class="pad"/g)).toHaveLength(parsed.pads.length);
  });

  it('downloads a zip our reader parses back without loss', async () => {
    const res = await app.request('/api/chiplet/products/downloadZip', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mfgMpnCode: await code() }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const entries = readZip(new Uint8Array(await res.arrayBuffer()));
    const names = entries.map((e) => e.name);
    expect(names).toContain('STM32F103C8Tx/STM32F103C8Tx.kicad_sym');
    expect(names).toContain('STM32F103C8Tx/STM32F103C8Tx.pretty/LQFP-48_7x7mm_P0.5mm.kicad_mod');
    expect(names).toContain('STM32F103C8Tx/LICENSE.txt');
    const lib = parseSymbolLibrary(entries.find((e) => e.name.endsWith('.kicad_sym'))!.data, 'x.kicad_sym');
    expect(lib.errors).toEqual([]);
    const original = parseSymbolLibrary(readFileSync(join(fixtures, 'sample-symbols.kicad_sym')), 'y').symbols.find((s) => s.name === 'STM32F103C8Tx')!;
    const pins = (s: typeof original) => allPins(s).map((p) => [p.number, p.name, p.electricalType, p.x, p.y, p.rotation, p.length]).sort();
    expect(pins(lib.symbols[0]!)).toEqual(pins(original));
    const fpText = entries.find((e) => e.name.endsWith('.kicad_mod'))!.data.toString('utf8');
    expect(fpText).toBe(readFileSync(join(fixtures, 'LQFP-48_7x7mm_P0.5mm.kicad_mod'), 'utf8'));
    expect(entries.find((e) => e.name.endsWith('LICENSE.txt'))!.data.toString()).toContain('CC-BY-SA 4.0');
  });

  it('a non-existent part gets the 40400 envelope, not a broken zip', async () => {
    const res = await app.request('/api/chiplet/products/downloadZip', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mfgMpnCode: 'NOPE_x' }) });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: number }).code).toBe(40400);
    const bad = await app.request('/api/chiplet/products/symbol.svg?mfgMpnCode=%3Cscript%3E');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: number; msg: string }).msg).toContain('mfgMpnCode');
  });
});
