// Checks the BOM evaluation set itself (tests/fixtures/bom/eval): every gold entry points at a
// real row of a file that is there, states only keys the format defines, and quotes codes that
// the row really contains; every part row has an entry; SOURCES.md names every file; the set is
// large enough and mostly real. The matcher's precision/recall test builds on this set later.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeMpn } from '../../../src/lib/catalog/mpn.ts';
import { readBomFile } from '../../../src/lib/bom/read/read-bom-file.ts';

const DIR = join(import.meta.dirname, '../../fixtures/bom/eval');

const STYLES = ['kicad', 'altium', 'jlc', 'easyeda', 'purchasing'] as const;
const FIELDS = ['mpn', 'manufacturer', 'description', 'package', 'value', 'quantity', 'designators', 'supplierPn', 'notes', 'ignore'];
const KINDS = [
  'resistor', 'capacitor', 'inductor', 'ferrite', 'led', 'diode', 'transistor', 'ic', 'module', 'connector', 'switch',
  'crystal', 'oscillator', 'fuse', 'buzzer', 'sensor', 'battery-holder', 'display', 'potentiometer', 'motor', 'fan', 'pcb', 'mechanical', 'other',
];
const UNITS = ['Ω', 'F', 'H', 'Hz', 'A'];
const EXPECT_KEYS = new Set([
  'mpn', 'alternatives', 'manufacturer', 'lcsc', 'digikey', 'supplierPn', 'kind', 'value', 'unit', 'tolerance', 'voltage',
  'power', 'dielectric', 'package', 'polarized', 'array', 'color', 'dnp', 'notFound',
]);

type Expect = Record<string, unknown>;
type Line = { row: number; expect: Expect; ambiguous?: boolean; reason?: string; note?: string };
type FileEntry = {
  file: string; real: boolean; style: string; language: string; source: string; sheet?: string; delimiter?: string;
  headerRow: number; columns: Record<string, string>; notLines?: number[]; lines: Line[];
};

const gold = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as { version: number; files: FileEntry[] };

/** The file's rows, index 0 = spreadsheet row 1, read by the upload's own reader (src/lib/bom/read). */
function readRows(entry: FileEntry): string[][] {
  const { sheets, defaultSheet } = readBomFile(readFileSync(join(DIR, entry.file)), entry.file);
  const sheet = entry.sheet === undefined ? sheets[defaultSheet] : sheets.find((s) => s.name === entry.sheet);
  if (!sheet) throw new Error(`${entry.file} has no sheet ${entry.sheet ?? ''}`);
  return sheet.rows;
}

const isBlank = (cells: string[] | undefined): boolean => !cells || cells.every((c) => c.trim() === '');
const rowKey = (cells: string[]): string => normalizeMpn(cells.join(' '));
const codes = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : []);

describe('BOM evaluation set', () => {
  const files = gold.files;

  it('has the documented shape', () => {
    expect(gold.version).toBe(1);
    expect(new Set(files.map((f) => f.file)).size).toBe(files.length);
    for (const f of files) {
      expect(STYLES, f.file).toContain(f.style);
      expect(['en', 'zh'], f.file).toContain(f.language);
      expect(f.real, f.file).toBe(f.file !== 'handwritten.csv');
      expect(Object.keys(f.columns).length, f.file).toBeGreaterThan(0);
      for (const field of Object.values(f.columns)) expect(FIELDS, f.file).toContain(field);
      const rows = f.lines.map((l) => l.row);
      expect(new Set(rows).size, `${f.file}: a row listed twice`).toBe(rows.length);
      for (const l of f.lines) {
        const where = `${f.file} row ${l.row}`;
        expect(Number.isInteger(l.row) && l.row > f.headerRow, where).toBe(true);
        expect(Object.keys(l.expect).length, where).toBeGreaterThan(0);
        for (const k of Object.keys(l.expect)) expect(EXPECT_KEYS.has(k), `${where}: unknown key ${k}`).toBe(true);
        const e = l.expect;
        if (e.kind !== undefined) expect(KINDS, where).toContain(e.kind);
        if (e.value !== undefined) {
          expect(typeof e.value === 'number' && Number.isFinite(e.value) && e.value >= 0, where).toBe(true);
          expect(UNITS, where).toContain(e.unit);
        }
        if (e.tolerance !== undefined) expect(Number(e.tolerance) > 0 && Number(e.tolerance) < 0.5, where).toBe(true);
        // LCSC codes run to ten digits ('C9900002359'), not only the usual three to eight.
        for (const c of codes(e.lcsc)) expect(c, where).toMatch(/^C\d{3,11}$/);
        if (e.package !== undefined) expect(String(e.package).trim().length, where).toBeGreaterThan(1);
        if (l.ambiguous) expect((l.reason ?? '').length, where).toBeGreaterThan(10);
        else expect(l.reason, where).toBeUndefined();
      }
    }
  });

  it('points every entry at an existing file and row, and quotes codes the row really holds', () => {
    const present = new Set(readdirSync(DIR));
    for (const f of files) {
      expect(present.has(f.file), `${f.file} missing`).toBe(true);
      const rows = readRows(f);
      const header = rows[f.headerRow - 1] ?? [];
      for (const col of Object.keys(f.columns)) expect(header, `${f.file}: header ${col}`).toContain(col);
      for (const l of f.lines) {
        const cells = rows[l.row - 1];
        const where = `${f.file} row ${l.row}`;
        expect(isBlank(cells), `${where} is blank or past the end`).toBe(false);
        const key = rowKey(cells ?? []);
        const e = l.expect;
        // Gold MPNs and supplier codes are read from the line, never invented: they occur in its cells.
        for (const m of [...codes(e.mpn), ...codes(e.alternatives)]) expect(key, `${where}: ${m}`).toContain(normalizeMpn(m));
        // A chip size code is read from the line too (a footprint such as 'C_0603_1608Metric' holds it).
        if (typeof e.package === 'string' && /^\d{4}$/.test(e.package)) expect(key, `${where}: ${e.package}`).toContain(e.package);
        for (const c of [...codes(e.lcsc), ...codes(e.digikey), ...codes(e.supplierPn)]) {
          expect((cells ?? []).some((cell) => cell.includes(c)), `${where}: ${c}`).toBe(true);
        }
      }
    }
  });

  it('gives every part row of every file an entry, and lists every file in SOURCES.md', () => {
    const sources = readFileSync(join(DIR, 'SOURCES.md'), 'utf8');
    const documented = new Set(['README.md', 'SOURCES.md', 'expected.json', '.gitattributes', 'catalogue.ndjson']);
    const bomFiles = readdirSync(DIR).filter((n) => !documented.has(n));
    expect(bomFiles.sort()).toEqual(files.map((f) => f.file).sort());
    for (const f of files) {
      expect(sources, f.file).toContain(`\`${f.file}\``);
      const rows = readRows(f);
      const listed = new Set([...f.lines.map((l) => l.row), ...(f.notLines ?? [])]);
      for (let r = f.headerRow + 1; r <= rows.length; r++) {
        if (!isBlank(rows[r - 1])) expect(listed.has(r), `${f.file} row ${r} has no entry`).toBe(true);
      }
      for (const r of f.notLines ?? []) expect(isBlank(rows[r - 1]), `${f.file} notLines ${r}`).toBe(false);
    }
  });

  it('is large enough, mostly real, and covers the EDA styles', () => {
    const count = (pred: (f: FileEntry) => boolean): number => files.filter(pred).reduce((n, f) => n + f.lines.length, 0);
    const total = count(() => true);
    const real = count((f) => f.real);
    const byStyle = Object.fromEntries(STYLES.map((s) => [s, {
      files: files.filter((f) => f.style === s && f.real).length,
      realLines: count((f) => f.style === s && f.real),
      handwrittenLines: count((f) => f.style === s && !f.real),
    }]));
    const lines = files.flatMap((f) => f.lines);
    const summary = {
      total, real, handwritten: total - real, files: files.length,
      withMpn: lines.filter((l) => l.expect.mpn !== undefined).length,
      withLcsc: lines.filter((l) => l.expect.lcsc !== undefined).length,
      valueOnlyPassives: lines.filter((l) => l.expect.value !== undefined && l.expect.mpn === undefined && l.expect.lcsc === undefined).length,
      dnp: lines.filter((l) => l.expect.dnp === true).length,
      notFound: lines.filter((l) => l.expect.notFound === true).length,
      ambiguous: lines.filter((l) => l.ambiguous === true).length,
      realZhLines: count((f) => f.real && f.language === 'zh'),
      byStyle,
    };
    console.log(`BOM evaluation set: ${JSON.stringify(summary, null, 1)}`);
    expect(total).toBeGreaterThanOrEqual(300);
    expect(real).toBeGreaterThanOrEqual(250);
    expect(byStyle.kicad?.files).toBeGreaterThanOrEqual(4);
    expect((byStyle.jlc?.files ?? 0) + (byStyle.easyeda?.files ?? 0)).toBeGreaterThanOrEqual(3);
    // Chinese purchasing spreadsheets, the rarest kind in public repositories, from real files.
    expect(files.filter((f) => f.real && f.style === 'purchasing' && f.language === 'zh').length).toBeGreaterThanOrEqual(2);
    // The JLC files must carry LCSC C-codes, the point of that style.
    for (const f of files.filter((x) => x.style === 'jlc')) expect(f.lines.some((l) => l.expect.lcsc !== undefined), f.file).toBe(true);
  });
});
