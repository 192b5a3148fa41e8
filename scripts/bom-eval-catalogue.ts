// Builds tests/fixtures/bom/eval/catalogue.ndjson, the catalogue the BOM matcher's evaluation
// (tests/api/bom-match-eval.test.ts) runs against. `node scripts/bom-eval-catalogue.ts`.
// Deterministic; construction and limits in tests/fixtures/bom/eval/README.md:
// 1. real records: every part a real BOM line names (MPN, maker, kind, value, package and the
//    LCSC / Digi-Key codes the line pairs with it), `source` naming the BOM file and repository,
//    `licence` the file's licence; a line with only a supplier code becomes a record named by it;
//    ambiguous lines (expected.json) add nothing;
// 2. makers' ordering codes: the demo's everyday passives plus Yageo RC resistors (F and J,
//    0402–1206) and Yageo MFR axial resistors (MFR-25 / MFR-50, ±1 %) for every resistance a
//    value-only line asks for, built from Yageo's schemes;
// 3. synthetic distractors (source 'synthetic …'): for each real MPN a same-family neighbour
//    and a packaging sibling, a second source under another maker where the line names its
//    maker, and 3,000 background parts from the scale generator.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BRANDS } from '../src/lib/catalog/brands.ts';
import { everydayPassiveRecords, linkPassive } from '../src/lib/catalog/demo/passives.ts';
import { syntheticProvenance } from '../src/lib/catalog/generate/common.ts';
import { generateCatalog } from '../src/lib/catalog/generate/synthetic.ts';
import { isMfrValue, mfrRecord, MFR_STYLES, type MfrStyle } from '../src/lib/catalog/generate/yageo-mfr.ts';
import { rcRecord, RC_VALUES, YAGEO_RC_PROVENANCE, type RcSize } from '../src/lib/catalog/generate/yageo-rc.ts';
import type { CatalogRecord } from '../src/lib/catalog/import/catalog-record.ts';
import { normalizeMpn } from '../src/lib/catalog/mpn.ts';
import { brandResolver } from '../src/lib/bom/match/manufacturer.ts';

const DIR = 'tests/fixtures/bom/eval';
type Expect = Record<string, unknown> & { mpn?: string; alternatives?: string[]; manufacturer?: string; lcsc?: string | string[]; digikey?: string | string[]; kind?: string; value?: number; unit?: string; package?: string; dnp?: boolean; notFound?: boolean; color?: string; voltage?: number; tolerance?: number; dielectric?: string; polarized?: boolean };
type Line = { row: number; ambiguous?: boolean; expect: Expect };
type EvalFile = { file: string; real: boolean; columns: Record<string, string>; lines: Line[] };

const expected = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as { files: EvalFile[] };
const sources = new Map<string, { repo: string; path: string; commit: string; licence: string }>();
let lastLicence = '';
for (const line of readFileSync(join(DIR, 'SOURCES.md'), 'utf8').split('\n')) {
  const m = /^\| `([^`]+)` \| ([^|]+) \| `([^`]+)` \| ([0-9a-f]{40}) \| ([^|]+) \|/.exec(line);
  if (!m) continue;
  const licence = m[5]!.trim() === 'as above' ? lastLicence : m[5]!.trim().replace(/, notice below$/, '');
  lastLicence = licence;
  sources.set(m[1]!, { repo: m[2]!.trim(), path: m[3]!, commit: m[4]!, licence });
}

const KIND_CATE: Record<string, number> = {
  resistor: 55001, capacitor: 55101, inductor: 55201, ferrite: 55202, led: 50001, diode: 45001, transistor: 45301, ic: 313, module: 751,
  connector: 600, switch: 65101, crystal: 55401, oscillator: 55402, fuse: 80101, buzzer: 652, sensor: 414, 'battery-holder': 850, display: 502, potentiometer: 55002,
};
const MAIN_KEY: Record<string, [string, string]> = { resistor: ['resistance', 'Ω'], capacitor: ['capacitance', 'F'], inductor: ['inductance', 'H'], ferrite: ['impedance', 'Ω'], crystal: ['frequency', 'Hz'], oscillator: ['frequency', 'Hz'] };
const resolver = brandResolver(BRANDS.map((b) => ({ key: b.key, nameZh: b.nameZh, nameEn: b.nameEn })));

function brandOf(name: string | undefined): CatalogRecord['brand'] {
  if (!name) return undefined;
  const known = resolver.resolve(name)[0];
  if (known) return known;
  const key = name.normalize('NFKC').toLowerCase().replace(/[(（].*$/, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40);
  return key ? { key, nameZh: name.slice(0, 120), nameEn: name.slice(0, 120) } : undefined;
}

const asList = (x: string | string[] | undefined): string[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);
const records = new Map<string, CatalogRecord>();
/** MPNs whose line names its maker in a manufacturer column: they get a second-source distractor. */
const makerNamed = new Set<string>();
const usedCodes = new Set<string>();
const brandKeyOf = (b: CatalogRecord['brand']): string => (b === undefined ? '' : typeof b === 'string' ? b : b.key);
const keyOf = (r: CatalogRecord): string => `${normalizeMpn(r.mpn)}|${brandKeyOf(r.brand)}`;

function put(r: CatalogRecord): void {
  // One part named with and without its maker by different lines is one record (the maker's).
  const mpnKey = normalizeMpn(r.mpn);
  const same = [...records.keys()].find((k) => k.startsWith(`${mpnKey}|`) && (r.brand === undefined || k === `${mpnKey}|`));
  const k = same && (r.brand === undefined || same === `${mpnKey}|`) ? same : keyOf(r);
  if (same === `${mpnKey}|` && r.brand !== undefined) {
    const old = records.get(same)!;
    records.delete(same);
    records.set(keyOf(r), { ...r, supplierCodes: [...(old.supplierCodes ?? []), ...(r.supplierCodes ?? [])], package: r.package ?? old.package });
    return;
  }
  const prev = records.get(k);
  if (!prev) {
    records.set(k, r);
    return;
  }
  // The same part named by several lines: codes and attributes add up.
  const codes = [...(prev.supplierCodes ?? []), ...(r.supplierCodes ?? [])];
  records.set(k, { ...prev, package: prev.package ?? r.package, params: prev.params.length ? prev.params : r.params, supplierCodes: codes.length ? codes : undefined });
}

function codesOf(e: Expect): NonNullable<CatalogRecord['supplierCodes']> {
  const out: NonNullable<CatalogRecord['supplierCodes']> = [];
  const add = (supplier: 'lcsc' | 'digikey', code: string): void => {
    const c = code.toUpperCase();
    if (usedCodes.has(`${supplier}|${c}`)) return;
    usedCodes.add(`${supplier}|${c}`);
    out.push({ supplier, code: c });
  };
  // Two LCSC codes on one line are two parts the line allows; the record takes the first.
  const lcsc = asList(e.lcsc)[0];
  if (lcsc) add('lcsc', lcsc);
  for (const d of asList(e.digikey)) add('digikey', d);
  return out;
}

function paramsOf(e: Expect): CatalogRecord['params'] {
  const out: CatalogRecord['params'] = [];
  const main = e.kind ? MAIN_KEY[e.kind] : undefined;
  if (main && typeof e.value === 'number' && e.value > 0) out.push({ key: main[0], value: e.value, unit: main[1] });
  if (typeof e.tolerance === 'number') out.push({ key: 'tolerance', value: e.tolerance * 100, unit: '%' });
  if (typeof e.voltage === 'number' && e.kind === 'capacitor') out.push({ key: 'ratedVoltage', value: e.voltage, unit: 'V' });
  if (typeof e.dielectric === 'string') out.push({ key: 'dielectric', text: e.dielectric });
  if (typeof e.color === 'string') out.push({ key: 'color', text: e.color });
  return out;
}

// 1. Real records.
const resistances = new Set<number>();
for (const f of expected.files) {
  const src = sources.get(f.file);
  for (const l of f.lines) {
    const e = l.expect;
    if (e.dnp || e.notFound) continue;
    if (!e.mpn && !e.lcsc && !e.digikey && e.kind === 'resistor' && typeof e.value === 'number') resistances.add(e.value);
    // An ambiguous line's reading is a guess (a generic 'TL072', a code naming another part than
    // the MPN): no record is made from it, so the catalogue does not settle what the line leaves open.
    if (!f.real || !src || l.ambiguous) continue;
    const cateId = KIND_CATE[e.kind ?? ''];
    if (cateId === undefined) continue;
    const source = `BOM ${f.file} row ${l.row}: github.com/${src.repo} ${src.path} @ ${src.commit.slice(0, 12)}`;
    const base = { cateId, lifecycle: 'unknown' as const, source, licence: src.licence, params: paramsOf(e), ...(e.package ? { package: e.package } : {}) };
    const mpns = [e.mpn, ...(e.alternatives ?? [])].filter((m): m is string => typeof m === 'string' && m.trim() !== '');
    if (e.manufacturer && Object.values(f.columns).includes('manufacturer')) for (const m of mpns) makerNamed.add(normalizeMpn(m));
    if (mpns.length) {
      mpns.forEach((mpn, i) => {
        const brand = brandOf(e.manufacturer);
        put({ ...base, mpn: mpn.trim().slice(0, 120), ...(brand ? { brand } : {}), ...(i === 0 ? { supplierCodes: codesOf(e) } : {}) });
      });
    } else {
      const codes = codesOf(e);
      const first = codes[0];
      if (!first) continue;
      // The maker's MPN is not in the BOM: the record is named by the supplier's code.
      put({ ...base, mpn: first.code, descriptionEn: `Part sold as ${first.supplier.toUpperCase()} ${first.code}; the BOM does not give the maker's MPN`, supplierCodes: codes });
    }
  }
}
const realCount = records.size;

// 2. Makers' ordering codes: everyday passives, and Yageo RC and MFR for every value-only resistance.
const makers: CatalogRecord[] = [...everydayPassiveRecords()];
const SIZES: RcSize[] = ['0402', '0603', '0805', '1206'];
for (const ohms of [...resistances].sort((a, b) => a - b)) {
  for (const tol of ['F', 'J'] as const) {
    if (ohms !== 0 && !RC_VALUES[tol].some((v) => Math.abs(v - ohms) < ohms * 1e-9)) continue;
    for (const size of SIZES) makers.push(linkPassive(rcRecord({ size, tolerance: tol, packaging: 'R', reel: '07', ohms }, YAGEO_RC_PROVENANCE)));
  }
  // Through-hole: Yageo MFR axial metal film (DIN 0207 and 0309 bodies) where the series offers the value.
  if (isMfrValue(ohms)) for (const style of Object.keys(MFR_STYLES) as MfrStyle[]) makers.push(mfrRecord(style, ohms));
}

// A part the makers' codes already list keeps the maker's record; the BOM adds its supplier codes.
const makerByMpn = new Map(makers.map((m, i) => [normalizeMpn(m.mpn), i]));
for (const [k, r] of [...records]) {
  const i = makerByMpn.get(normalizeMpn(r.mpn));
  if (i === undefined) continue;
  const m = makers[i]!;
  if (r.brand !== undefined && brandKeyOf(r.brand) !== brandKeyOf(m.brand)) continue;
  makers[i] = { ...m, supplierCodes: [...(m.supplierCodes ?? []), ...(r.supplierCodes ?? [])] };
  records.delete(k);
}

// 3. Synthetic distractors.
const prov = syntheticProvenance(12);
const distractors: CatalogRecord[] = [];
const bump = (mpn: string): string | null => {
  // The last digit changed: a same-family neighbour ('LM358' → 'LM359', 'AP2112K-3.3' → 'AP2112K-3.4').
  const m = /^(.*?)(\d)(\D*)$/.exec(mpn);
  return m ? `${m[1]}${(Number(m[2]) + 1) % 10}${m[3]}` : null;
};
for (const r of [...records.values(), ...makers.filter((m) => m.supplierCodes?.length)]) {
  if (/^C\d+$/.test(r.mpn)) continue;
  const syn = { cateId: r.cateId, lifecycle: 'unknown' as const, source: `${prov.source}; distractor of ${r.mpn}`, licence: prov.licence, params: r.params, ...(r.package ? { package: r.package } : {}) };
  const n = bump(r.mpn);
  if (n && !records.has(`${normalizeMpn(n)}|${brandKeyOf(r.brand)}`)) distractors.push({ ...syn, mpn: n, ...(r.brand ? { brand: r.brand } : {}) });
  distractors.push({ ...syn, mpn: `${r.mpn}-TR`, ...(r.brand ? { brand: r.brand } : {}) });
  if (r.brand && makerNamed.has(normalizeMpn(r.mpn))) distractors.push({ ...syn, mpn: r.mpn, brand: { key: 'synthetic-second-source', nameZh: '合成第二来源', nameEn: 'Synthetic Second Source' } });
}
const background = [...generateCatalog({ parts: 3000, seed: 12 })];

const all = [...background, ...distractors, ...makers, ...records.values()];
writeFileSync(join(DIR, 'catalogue.ndjson'), all.map((r) => JSON.stringify(r)).join('\n') + '\n');
console.log(JSON.stringify({ real: realCount, realKeptApart: records.size, makers: makers.length, distractors: distractors.length, background: background.length, total: all.length }));
