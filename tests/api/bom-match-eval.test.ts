// The BOM matcher's quality on the evaluation set (issue #12 item 7; tests/fixtures/bom/eval,
// scoring as its README describes). Loads the evaluation catalogue (catalogue.ndjson, built by
// scripts/bom-eval-catalogue.ts), runs the real pipeline per file — readBomFile → matchHeader →
// linesFromSheet → matchLines — scores every line against expected.json, prints a JSON report
// (per metric, per style, real and hand-written lines apart) and fails below the issue's budgets.
// PGlite by default; PostgreSQL with TEST_DATABASE_URL.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDS } from '../../src/lib/catalog/brands.ts';
import { loadCatalogRecords } from '../../src/lib/catalog/import/bulk-load.server.ts';
import type { CatalogRecord } from '../../src/lib/catalog/import/catalog-record.ts';
import { readNdjson } from '../../src/lib/catalog/import/read-records.ts';
import { seedCategories } from '../../src/lib/catalog/import/seed-categories.server.ts';
import { DEFAULT_BOM_TRENDS } from '../../src/lib/bom/bom.schema.ts';
import { linesFromSheet } from '../../src/lib/bom/bom-line.ts';
import { packagesCompatible } from '../../src/lib/bom/footprint-package.ts';
import { matchHeader, type BomField, type HeaderColumn } from '../../src/lib/bom/header-match.ts';
import { brandResolver, manufacturerAgreement } from '../../src/lib/bom/match/manufacturer.ts';
import { matchLines } from '../../src/lib/bom/match/match-lines.server.ts';
import type { LineMatch } from '../../src/lib/bom/match/match-types.ts';
import { kindOfCategory } from '../../src/lib/bom/match/parametric.ts';
import { mpnMatchTier } from '../../src/lib/bom/mpn-variants.ts';
import { readBomFile } from '../../src/lib/bom/read/read-bom-file.ts';
import { runnerOf } from '../../src/lib/server/db/raw-sql.server.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

const DIR = join(import.meta.dirname, '../fixtures/bom/eval');

type Expect = {
  mpn?: string; alternatives?: string[]; manufacturer?: string; lcsc?: string | string[]; digikey?: string | string[]; kind?: string;
  value?: number; package?: string; tolerance?: number; voltage?: number; dielectric?: string; color?: string; dnp?: boolean; notFound?: boolean;
};
type GoldLine = { row: number; expect: Expect; ambiguous?: boolean };
type GoldFile = { file: string; real: boolean; style: string; sheet?: string; headerRow: number; columns: Record<string, BomField>; lines: GoldLine[] };

/** Budgets of issue #12 ("Budgets"). */
const BUDGET = { autoPrecision: 0.995, criticalRate: 0.002, top1Mpn: 0.97, top1Value: 0.9, top5: 0.97, manualKicadAltium: 0.2, headerNoEdit: 0.95 };
// Lines left to the user on KiCad files: 19.6 % (41 of 209). 27 of them are ambiguous by the gold
// set's own reading and must go to the user; most others are disc and electrolytic capacitors,
// LEDs by colour and connectors that no catalogue part matches. A thin margin: the budget is asserted.
// The one Altium file (Archimajor, 111 lines, nearly all with MPN and maker) leaves 6.3 %, which brings
// KiCad + Altium to 15 %; the KiCad files alone still sit at 19.6 %.

const gold = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as { files: GoldFile[] };
type Product = { id: number; mpn: string; cateId: number | null; package: string | null; brandKey: string | null; codes: Set<string>; params: Map<string, { num: number | null; text: string | null }> };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const products = new Map<number, Product>();
const resolver = brandResolver(BRANDS.map((b) => ({ key: b.key, nameZh: b.nameZh, nameEn: b.nameEn })));

const MAIN: Record<string, string> = { resistor: 'resistance', capacitor: 'capacitance', inductor: 'inductance', ferrite: 'impedance', crystal: 'frequency' };
const list = (x: string | string[] | undefined): string[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

/** The README's rule: is this catalogue part a right answer for the line? */
function correct(e: Expect, p: Product): boolean {
  const codes = [...list(e.lcsc), ...list(e.digikey)].map((c) => c.toUpperCase());
  if (codes.some((c) => p.codes.has(c))) return true;
  const mpns = [e.mpn, ...(e.alternatives ?? [])].filter((m): m is string => !!m);
  if (mpns.length) {
    if (!mpns.some((m) => mpnMatchTier(m, p.mpn))) return false;
    return manufacturerAgreement(resolver, e.manufacturer, p.brandKey) !== 'conflict';
  }
  if (codes.length) return false;
  return attributesMet(e, p) && e.value !== undefined;
}

/** Every stated attribute satisfied (value-only lines). */
function attributesMet(e: Expect, p: Product): boolean {
  const kind = kindOfCategory(p.cateId);
  if (e.kind && kind !== e.kind && !(e.kind === 'diode' && kind === 'led')) return false;
  const key = e.kind ? MAIN[e.kind] : undefined;
  if (key && e.value !== undefined) {
    const v = p.params.get(key)?.num;
    if (v === null || v === undefined || Math.abs(v - e.value) > Math.abs(e.value) * 1e-6) return false;
  }
  if (e.package && (!p.package || packagesCompatible(e.package, p.package) !== 'same')) return false;
  const num = (k: string) => p.params.get(k)?.num ?? null;
  if (e.tolerance !== undefined && !((num('tolerance') ?? 1e9) <= e.tolerance * 100 + 1e-9)) return false;
  if (e.voltage !== undefined && e.kind === 'capacitor' && !((num('ratedVoltage') ?? -1) >= e.voltage - 1e-9)) return false;
  return true;
}

/** A wrong part of another kind, value or size. */
function critical(e: Expect, p: Product): boolean {
  const kind = kindOfCategory(p.cateId);
  if (e.kind && kind && kind !== e.kind && !(e.kind === 'diode' && kind === 'led')) return true;
  const key = e.kind ? MAIN[e.kind] : undefined;
  const v = key ? p.params.get(key)?.num : undefined;
  if (e.value !== undefined && v !== undefined && v !== null && Math.abs(v - e.value) > Math.abs(e.value) * 1e-6) return true;
  if (e.package && p.package && packagesCompatible(e.package, p.package) === 'different') return true;
  return false;
}

type Scored = { detail: string; file: string; style: string; real: boolean; cls: 'mpn' | 'value' | 'other' | 'dnp' | 'notFound' | 'ambiguous'; status: LineMatch['status']; auto: boolean; autoCorrect: boolean; critical: boolean; top1: boolean; top5: boolean; answerable: boolean };

const scored: Scored[] = [];
const headerFiles: { file: string; real: boolean; noEdit: boolean }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCategories(database);
  async function* records(): AsyncGenerator<CatalogRecord> {
    for await (const r of readNdjson(join(DIR, 'catalogue.ndjson'))) if ('record' in r) yield r.record;
  }
  const loaded = await loadCatalogRecords(database, records(), { batchSize: 2000 });
  expect(loaded.errors).toEqual([]);
  const r = runnerOf(database.db);
  const rows = await r.rows<{ id: number; mpn: string; cate_id: number | null; package: string | null; brand_key: string | null }>(
    'SELECT p.id, p.mpn, p.cate_id, p.package, b.key AS brand_key FROM products p LEFT JOIN brands b ON b.id = p.brand_id',
  );
  for (const x of rows) products.set(x.id, { id: x.id, mpn: x.mpn, cateId: x.cate_id, package: x.package, brandKey: x.brand_key, codes: new Set(), params: new Map() });
  for (const c of await r.rows<{ product_id: number; code: string }>('SELECT product_id, code FROM product_supplier_codes')) products.get(c.product_id)?.codes.add(c.code);
  for (const p of await r.rows<{ product_id: number; key: string; value_num: number | null; value_text: string | null }>('SELECT product_id, key, value_num, value_text FROM product_params')) {
    products.get(p.product_id)?.params.set(p.key, { num: p.value_num === null ? null : Number(p.value_num), text: p.value_text });
  }

  for (const f of gold.files) {
    const read = readBomFile(readFileSync(join(DIR, f.file)), f.file);
    const sheet = f.sheet === undefined ? read.sheets[read.defaultSheet] : read.sheets.find((s) => s.name === f.sheet);
    if (!sheet) throw new Error(`${f.file}: no sheet`);
    const rows = sheet.rows;
    const detected = matchHeader(rows);
    // Header figures: the detected row and every listed column as expected.
    const headerRow = f.headerRow - 1;
    const header = rows[headerRow] ?? [];
    const fieldAt = new Map(detected.columns.map((c) => [c.index, c.field]));
    const noEdit = detected.headerRow === headerRow && header.every((h, i) => f.columns[h.trim()] === undefined || fieldAt.get(i) === f.columns[h.trim()]);
    headerFiles.push({ file: f.file, real: f.real, noEdit });
    // Lines are matched on the mapping the user would confirm (the detected one, fixed where wrong).
    const columns: HeaderColumn[] = header.map((h, index) => ({ index, header: h, field: f.columns[h.trim()] ?? (detected.headerRow === headerRow ? fieldAt.get(index) : undefined) ?? 'ignore' }));
    const lines = linesFromSheet(rows, { headerRow, columns });
    const matches = await matchLines(database.db, lines.map((l) => ({ fields: l.source.fields, designators: l.designators, dnp: l.dnp })), { trends: DEFAULT_BOM_TRENDS });
    const byRow = new Map(lines.map((l, i) => [l.row + 1, matches[i]!]));
    for (const g of f.lines) {
      const m = byRow.get(g.row) ?? { status: 'notFound' as const, chosenProductId: null, confidence: null, candidates: [] };
      const e = g.expect;
      const cls: Scored['cls'] = e.dnp ? 'dnp' : e.notFound ? 'notFound' : g.ambiguous ? 'ambiguous' : e.mpn || e.lcsc || e.digikey ? 'mpn' : e.value !== undefined ? 'value' : 'other';
      const auto = m.status === 'exact' || m.status === 'matched';
      const chosen = m.chosenProductId === null ? undefined : products.get(m.chosenProductId);
      const ok = (id: number | undefined) => (id === undefined ? false : (() => { const p = products.get(id); return p !== undefined && correct(e, p); })());
      const gradable = cls === 'mpn' || cls === 'value' || cls === 'other';
      // notes §5: top-1 and top-5 count over lines whose right part the catalogue holds; the
      // others are NIL lines (the right answer is to leave them to the user).
      const answerable = gradable && [...products.values()].some((p) => correct(e, p));
      const line = lines.find((l) => l.row + 1 === g.row);
      const name = (id: number | undefined) => (id === undefined ? '-' : `${products.get(id)?.mpn}/${products.get(id)?.brandKey}/${products.get(id)?.package}`);
      scored.push({
        detail: `${f.file}:${g.row} ${m.status} want=${JSON.stringify(e)} got=${JSON.stringify(line?.source.fields ?? null)} top=${m.candidates.slice(0, 3).map((c) => `${name(c.productId)}(${c.tier} ${c.confidence})`).join(', ')}`,
        file: f.file,
        style: f.style,
        real: f.real,
        cls,
        status: m.status,
        auto,
        autoCorrect: auto && gradable && chosen !== undefined && correct(e, chosen),
        critical: auto && chosen !== undefined && (!gradable || !correct(e, chosen)) && (cls === 'notFound' || cls === 'dnp' || critical(e, chosen)),
        top1: gradable && ok(m.candidates[0]?.productId),
        top5: gradable && m.candidates.slice(0, 5).some((c) => ok(c.productId)),
        answerable,
      });
    }
  }
}, 600_000);

afterAll(async () => {
  await database?.close();
});

type Figures = ReturnType<typeof figures>;
function figures(lines: readonly Scored[]) {
  const ratio = (n: number, d: number) => (d === 0 ? null : Math.round((n / d) * 10000) / 10000);
  const auto = lines.filter((l) => l.auto && l.cls !== 'ambiguous');
  const mpn = lines.filter((l) => l.cls === 'mpn' && l.answerable);
  const value = lines.filter((l) => l.cls === 'value' && l.answerable);
  const gradable = lines.filter((l) => l.answerable);
  const nil = lines.filter((l) => (l.cls === 'mpn' || l.cls === 'value' || l.cls === 'other') && !l.answerable);
  const count = (s: LineMatch['status']) => lines.filter((l) => l.status === s).length;
  return {
    lines: lines.length,
    statuses: { exact: count('exact'), matched: count('matched'), doubtful: count('doubtful'), notFound: count('notFound'), dnp: count('dnp') },
    autoAccepted: auto.length,
    autoPrecision: ratio(auto.filter((l) => l.autoCorrect).length, auto.length),
    criticalRate: ratio(auto.filter((l) => l.critical).length, auto.length),
    top1Mpn: ratio(mpn.filter((l) => l.top1).length, mpn.length),
    top1Value: ratio(value.filter((l) => l.top1).length, value.length),
    top5: ratio(gradable.filter((l) => l.top5).length, gradable.length),
    answerable: { mpn: mpn.length, value: value.length, all: gradable.length },
    /** Lines whose right part the catalogue lacks, and how many were kept from auto-acceptance. */
    nil: { lines: nil.length, notAutoAccepted: nil.filter((l) => !l.auto).length },
    /** The same over every gradable line, answer in the catalogue or not (coverage included). */
    top1CoverageIncluded: {
      mpn: ratio(lines.filter((l) => l.cls === 'mpn' && l.top1).length, lines.filter((l) => l.cls === 'mpn').length),
      value: ratio(lines.filter((l) => l.cls === 'value' && l.top1).length, lines.filter((l) => l.cls === 'value').length),
    },
    manual: ratio(count('doubtful') + count('notFound'), lines.length),
    dnpKept: ratio(lines.filter((l) => l.cls === 'dnp' && l.status === 'dnp').length, lines.filter((l) => l.cls === 'dnp').length),
    notFoundKept: ratio(lines.filter((l) => l.cls === 'notFound' && l.status === 'notFound').length, lines.filter((l) => l.cls === 'notFound').length),
    ambiguousSentToUser: ratio(lines.filter((l) => l.cls === 'ambiguous' && !l.auto).length, lines.filter((l) => l.cls === 'ambiguous').length),
  };
}

describe(`BOM matcher on the evaluation set (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let real: Figures;
  it('reports its figures', () => {
    const realLines = scored.filter((l) => l.real);
    real = figures(realLines);
    const styles = [...new Set(scored.map((l) => l.style))];
    const header = (xs: typeof headerFiles) => ({ files: xs.length, noEdit: xs.filter((x) => x.noEdit).length, needEdit: xs.filter((x) => !x.noEdit).map((x) => x.file) });
    const report = {
      real,
      handwritten: figures(scored.filter((l) => !l.real)),
      all: figures(scored),
      byStyle: Object.fromEntries(styles.map((s) => [s, figures(realLines.filter((l) => l.style === s))])),
      kicadAltium: figures(realLines.filter((l) => l.style === 'kicad' || l.style === 'altium')),
      header: { real: header(headerFiles.filter((x) => x.real)), handwritten: header(headerFiles.filter((x) => !x.real)) },
      misses: scored.filter((l) => l.real && (l.cls === 'mpn' || l.cls === 'value') && !l.top1).length,
    };
    console.log(`bom-match-eval ${JSON.stringify(report, null, 1)}`);
    // BOM_EVAL_DEBUG=1: every real line that is not right, to see why.
    if (process.env.BOM_EVAL_DEBUG) for (const l of scored) if ((process.env.BOM_EVAL_DEBUG === "handwritten" ? !l.real : l.real) && ((process.env.BOM_EVAL_DEBUG === "manual" && (l.status === "doubtful" || l.status === "notFound")) || (l.cls !== 'ambiguous' && l.cls !== 'dnp' && l.cls !== 'notFound' && (!l.top1 || (l.auto && !l.autoCorrect))) || l.critical || (l.cls === "ambiguous" && l.auto) || (l.cls === "dnp" && l.status !== "dnp"))) console.log(`MISS ${l.cls} ${l.detail}`);
    expect(scored.length).toBeGreaterThanOrEqual(600);
  });

  it('keeps the budgets of issue #12 on real lines', () => {
    const kicad = figures(scored.filter((l) => l.real && (l.style === 'kicad' || l.style === 'altium')));
    const headerReal = headerFiles.filter((x) => x.real);
    expect(real.autoPrecision ?? 0).toBeGreaterThanOrEqual(BUDGET.autoPrecision);
    expect(real.criticalRate ?? 1).toBeLessThanOrEqual(BUDGET.criticalRate);
    expect(real.top1Mpn ?? 0).toBeGreaterThanOrEqual(BUDGET.top1Mpn);
    expect(real.top1Value ?? 0).toBeGreaterThanOrEqual(BUDGET.top1Value);
    expect(real.top5 ?? 0).toBeGreaterThanOrEqual(BUDGET.top5);
    console.log(`bom-match-eval KiCad/Altium manual ${kicad.manual} (budget ${BUDGET.manualKicadAltium})`);
    expect(kicad.manual ?? 1).toBeLessThanOrEqual(BUDGET.manualKicadAltium);
    expect(headerReal.filter((x) => x.noEdit).length / headerReal.length).toBeGreaterThanOrEqual(BUDGET.headerNoEdit);
  });
});
