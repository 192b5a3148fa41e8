// `npx node tests/bench/jlc-param-coverage.bench.ts [dir]`: how much of the JLCPCB/LCSC snapshot
// (default catalog/jlcparts-2026-05-21) becomes filterable parameters through paramsOfAttribute
// (src/lib/catalog/jlcparts/attribute-params.ts). Streams every component shard named by the
// manifest, maps each part's attributes with its manifest subcategory, and prints ONE JSON object.
//
// Counted per part, keys deduplicated (a key from two attributes counts once):
// - filterable: parameters whose key is in PARAM_DEFS, from paramsOfAttribute only (the 'Package'
//   attribute, which the importer stores as the part's package, is not counted here);
// - resistors: subcategories whose name contains 'Resistor' that are fixed resistors (chip,
//   through-hole, current sense, networks; not variable/potentiometer/thermistor/photo);
// - capacitors: subcategories of the category 'Capacitors' whose name contains 'Capacitor', except
//   trimmers/variable capacitors;
// - value: resistance / capacitance; tolerance (resistors);
// - voltageRating (capacitors): a stated rated voltage, the catalogue key 'ratedVoltage' (DC, the
//   key the BOM matcher, search and replacement finder use) or, for X/Y suppression and safety
//   capacitors that LCSC rates in AC only, 'ratedVoltageAc'; the DC-only share is printed too;
// - package: the part's 'Package' attribute present and not '-'.
// Budgets: ≥ 95 % of resistors and capacitors with value, tolerance (resistors), voltage rating
// (capacitors) and package; ≥ 80 % of all parts with ≥ 3 filterable parameters.
import { createReadStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { gunzipSync, createGunzip } from 'node:zlib';
import { paramsOfAttribute, type JlcAttributeEntry } from '../../src/lib/catalog/jlcparts/attribute-params.ts';
import { PARAM_DEF_BY_KEY } from '../../src/lib/catalog/param-extract.ts';

type Category = { id: number; category: string; subcategory: string; shards: string[]; componentCount: number };
type Manifest = { attributesLut: string; categories: Category[]; totalComponents: number };

const dir = process.argv[2] ?? 'catalog/jlcparts-2026-05-21';
const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
const t0 = performance.now();
const lut = JSON.parse(gunzipSync(readFileSync(join(dir, manifest.attributesLut))).toString('utf8')) as JlcAttributeEntry[];

const isFixedResistor = (c: Category): boolean => /Resistor/.test(c.subcategory) && !/Variable|Potentiometer|Trimmer|Thermistor|Varistor|Photo/i.test(c.subcategory);
const isCapacitor = (c: Category): boolean => c.category === 'Capacitors' && /Capacitor/i.test(c.subcategory) && !/Trimmer|Variable/i.test(c.subcategory);

type ClassStat = { parts: number; value: number; tolerance: number; ratedVoltage: number; ratedVoltageAcOnly: number; package: number; subcategories: Record<string, number> };
const newStat = (): ClassStat => ({ parts: 0, value: 0, tolerance: 0, ratedVoltage: 0, ratedVoltageAcOnly: 0, package: 0, subcategories: {} });
const resistors = newStat();
const capacitors = newStat();

let parts = 0;
let shards = 0;
let withThree = 0;
let paramsTotal = 0;
const keyUse = new Map<string, number>();

function hasPackage(attrs: readonly number[]): boolean {
  for (const i of attrs) {
    const e = lut[i];
    if (!e || e[0] !== 'Package') continue;
    const v = e[1].values['default']?.[0];
    if (typeof v === 'string' && v.trim() !== '' && v.trim() !== '-') return true;
  }
  return false;
}

for (const cat of manifest.categories) {
  const cls = isFixedResistor(cat) ? resistors : isCapacitor(cat) ? capacitors : null;
  for (const shard of cat.shards) {
    shards++;
    const lines = createInterface({ input: createReadStream(join(dir, shard)).pipe(createGunzip()), crlfDelay: Infinity });
    let attrCol = -1;
    for await (const line of lines) {
      if (line === '') continue;
      if (attrCol < 0) {
        const header = JSON.parse(line) as Record<string, number>;
        attrCol = header['attributes'] ?? -1;
        if (attrCol < 0) throw new Error(`${shard}: header without 'attributes'`);
        continue;
      }
      const row = JSON.parse(line) as unknown[];
      const attrs = (row[attrCol] ?? []) as number[];
      parts++;
      const keys = new Set<string>();
      for (const i of attrs) {
        const e = lut[i];
        if (!e) continue;
        for (const p of paramsOfAttribute(e, cat.subcategory)) {
          if (keys.has(p.key)) continue;
          keys.add(p.key);
          paramsTotal++;
          keyUse.set(p.key, (keyUse.get(p.key) ?? 0) + 1);
        }
      }
      let filterable = 0;
      for (const k of keys) if (PARAM_DEF_BY_KEY.has(k)) filterable++;
      if (filterable >= 3) withThree++;
      if (cls) {
        cls.parts++;
        cls.subcategories[`${cat.category} | ${cat.subcategory}`] = (cls.subcategories[`${cat.category} | ${cat.subcategory}`] ?? 0) + 1;
        if (keys.has(cls === resistors ? 'resistance' : 'capacitance')) cls.value++;
        if (keys.has('tolerance')) cls.tolerance++;
        if (keys.has('ratedVoltage')) cls.ratedVoltage++;
        else if (keys.has('ratedVoltageAc')) cls.ratedVoltageAcOnly++;
        if (hasPackage(attrs)) cls.package++;
      }
    }
  }
}

const seconds = (performance.now() - t0) / 1000;
const share = (n: number, d: number): number => (d === 0 ? 0 : Number((n / d).toFixed(4)));
const BUDGET_CLASS = 0.95;
const BUDGET_THREE = 0.8;
const check = (value: number, budget: number) => ({ share: value, budget, ok: value >= budget });

const res = {
  parts: resistors.parts,
  value: check(share(resistors.value, resistors.parts), BUDGET_CLASS),
  tolerance: check(share(resistors.tolerance, resistors.parts), BUDGET_CLASS),
  package: check(share(resistors.package, resistors.parts), BUDGET_CLASS),
  subcategories: resistors.subcategories,
};
const cap = {
  parts: capacitors.parts,
  value: check(share(capacitors.value, capacitors.parts), BUDGET_CLASS),
  voltageRating: { keys: ['ratedVoltage', 'ratedVoltageAc'], ...check(share(capacitors.ratedVoltage + capacitors.ratedVoltageAcOnly, capacitors.parts), BUDGET_CLASS) },
  voltageRatingDc: { key: 'ratedVoltage', share: share(capacitors.ratedVoltage, capacitors.parts) },
  voltageRatingAcOnly: { key: 'ratedVoltageAc', share: share(capacitors.ratedVoltageAcOnly, capacitors.parts), note: 'X/Y suppression and safety capacitors that state only an AC rating' },
  package: check(share(capacitors.package, capacitors.parts), BUDGET_CLASS),
  subcategories: capacitors.subcategories,
};
const three = check(share(withThree, parts), BUDGET_THREE);
const ok = three.ok && res.value.ok && res.tolerance.ok && res.package.ok && cap.value.ok && cap.voltageRating.ok && cap.package.ok;

console.log(
  JSON.stringify(
    {
      dir,
      parts,
      manifestParts: manifest.totalComponents,
      shards,
      lutEntries: lut.length,
      seconds: Number(seconds.toFixed(1)),
      paramsPerPart: share(paramsTotal, parts),
      keysUsed: keyUse.size,
      keysNotInParamDefs: [...keyUse.keys()].filter((k) => !PARAM_DEF_BY_KEY.has(k)),
      atLeastThreeFilterable: three,
      resistors: res,
      capacitors: cap,
      ok,
    },
    null,
    2,
  ),
);
