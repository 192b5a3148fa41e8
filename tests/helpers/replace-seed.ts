import type { Db } from '../../src/lib/server/db/client.server.ts';
import { brands, categories, footprints, productParams, products, symbolPins, symbols } from '../../src/lib/server/db/schema/index.ts';

// Real catalogue rows for the replacement tests: 0603 10k resistors of different makers and
// tolerances (plus an 0805 and a 4k7), and SOT-23 MOSFETs whose symbols name the same pins
// differently (G/S/D vs GATE/SOURCE/DRAIN) or put them in another order (G/D/S).

export const R = 1001;
export const FET = 2001;

export async function seedReplaceCatalogue(db: Db): Promise<void> {
  await db.insert(categories).values([
    { cateId: R, cateName: '贴片电阻', cateNameEn: 'Chip resistors', level: 1, parentId: null },
    { cateId: FET, cateName: 'MOS管', cateNameEn: 'MOSFETs', level: 1, parentId: null },
  ]);
  const b = await db
    .insert(brands)
    .values([
      { key: 'yageo', nameZh: '国巨', nameEn: 'Yageo', country: 'TW' },
      { key: 'uniohm', nameZh: '厚声', nameEn: 'UniOhm', country: 'CN' },
      { key: 'aos', nameZh: '万代', nameEn: 'Alpha & Omega', country: 'US' },
      { key: 'cj', nameZh: '长电', nameEn: 'Changjiang (JCET)', country: 'CN' },
    ])
    .returning({ id: brands.id, key: brands.key });
  const brand = (k: string) => b.find((x) => x.key === k)!.id;
  const src = { source: 'test', licence: 'test' };
  const s = await db
    .insert(symbols)
    .values([
      { library: 'Device', name: 'R', content: '(symbol "R")', pinCount: 2, ...src },
      { library: 'Transistor_FET', name: 'AO3400A', content: '(symbol "AO3400A")', pinCount: 3, ...src },
      { library: 'Transistor_FET', name: 'CJ3400', content: '(symbol "CJ3400")', pinCount: 3, ...src },
      { library: 'Transistor_FET', name: 'Q_NMOS_GDS', content: '(symbol "Q_NMOS_GDS")', pinCount: 3, ...src },
    ])
    .returning({ id: symbols.id, name: symbols.name });
  const sym = (n: string) => s.find((x) => x.name === n)!.id;
  const pins = (symbolId: number, names: string[]) => names.map((name, i) => ({ symbolId, unit: 1, number: String(i + 1), name, electricalType: i === 0 ? 'input' : 'passive' }));
  await db.insert(symbolPins).values([
    { symbolId: sym('R'), unit: 1, number: '1', name: '~', electricalType: 'passive' },
    { symbolId: sym('R'), unit: 1, number: '2', name: '~', electricalType: 'passive' },
    ...pins(sym('AO3400A'), ['G', 'S', 'D']),
    ...pins(sym('CJ3400'), ['GATE', 'SOURCE', 'DRAIN']),
    ...pins(sym('Q_NMOS_GDS'), ['G', 'D', 'S']),
  ]);
  const f = await db
    .insert(footprints)
    .values([
      { library: 'Resistor_SMD', name: 'R_0603_1608Metric', content: '(footprint)', padCount: 2, smd: true, ...src },
      { library: 'Resistor_SMD', name: 'R_0805_2012Metric', content: '(footprint)', padCount: 2, smd: true, ...src },
      { library: 'Package_TO_SOT_SMD', name: 'SOT-23', content: '(footprint)', padCount: 3, smd: true, ...src },
    ])
    .returning({ id: footprints.id, name: footprints.name });
  const fp = (n: string) => f.find((x) => x.name === n)!.id;

  type P = { code: string; mpn: string; brand: string; cate: number; pkg: string; fp: string; sym: string; params: [string, number | string, string | null][] };
  const parts: P[] = [
    { code: 'RC0603FR-0710KL_yageo', mpn: 'RC0603FR-0710KL', brand: 'yageo', cate: R, pkg: '0603', fp: 'R_0603_1608Metric', sym: 'R', params: [['resistance', 10_000, 'Ω'], ['tolerance', 1, '%'], ['power', 0.1, 'W'], ['maxWorkingVoltage', 75, 'V']] },
    { code: '0603WAF1002T5E_uniohm', mpn: '0603WAF1002T5E', brand: 'uniohm', cate: R, pkg: '0603', fp: 'R_0603_1608Metric', sym: 'R', params: [['resistance', 10_000, 'Ω'], ['tolerance', 1, '%'], ['power', 0.1, 'W'], ['maxWorkingVoltage', 75, 'V']] },
    { code: 'RC0603JR-0710KL_yageo', mpn: 'RC0603JR-0710KL', brand: 'yageo', cate: R, pkg: '0603', fp: 'R_0603_1608Metric', sym: 'R', params: [['resistance', 10_000, 'Ω'], ['tolerance', 5, '%'], ['power', 0.1, 'W'], ['maxWorkingVoltage', 75, 'V']] },
    { code: 'RC0805FR-0710KL_yageo', mpn: 'RC0805FR-0710KL', brand: 'yageo', cate: R, pkg: '0805', fp: 'R_0805_2012Metric', sym: 'R', params: [['resistance', 10_000, 'Ω'], ['tolerance', 1, '%'], ['power', 0.125, 'W'], ['maxWorkingVoltage', 150, 'V']] },
    { code: 'RC0603FR-074K7L_yageo', mpn: 'RC0603FR-074K7L', brand: 'yageo', cate: R, pkg: '0603', fp: 'R_0603_1608Metric', sym: 'R', params: [['resistance', 4700, 'Ω'], ['tolerance', 1, '%'], ['power', 0.1, 'W'], ['maxWorkingVoltage', 75, 'V']] },
    { code: 'AO3400A_aos', mpn: 'AO3400A', brand: 'aos', cate: FET, pkg: 'SOT-23', fp: 'SOT-23', sym: 'AO3400A', params: [['drainSourceVoltage', 30, 'V'], ['drainCurrent', 5.7, 'A'], ['onResistance', 0.033, 'Ω']] },
    { code: 'CJ3400_cj', mpn: 'CJ3400', brand: 'cj', cate: FET, pkg: 'SOT-23', fp: 'SOT-23', sym: 'CJ3400', params: [['drainSourceVoltage', 30, 'V'], ['drainCurrent', 5.8, 'A'], ['onResistance', 0.028, 'Ω']] },
    { code: 'CJ2302_cj', mpn: 'CJ2302', brand: 'cj', cate: FET, pkg: 'SOT-23', fp: 'SOT-23', sym: 'CJ3400', params: [['drainSourceVoltage', 20, 'V'], ['drainCurrent', 5.8, 'A'], ['onResistance', 0.03, 'Ω']] },
    { code: 'GDS3400_aos', mpn: 'GDS3400', brand: 'aos', cate: FET, pkg: 'SOT-23', fp: 'SOT-23', sym: 'Q_NMOS_GDS', params: [['drainSourceVoltage', 30, 'V'], ['drainCurrent', 6, 'A'], ['onResistance', 0.03, 'Ω']] },
  ];
  for (const p of parts) {
    const [row] = await db
      .insert(products)
      .values({ mfgMpnCode: p.code, mpn: p.mpn, mpnNormalized: p.mpn.replace(/[^A-Z0-9]/gi, '').toUpperCase(), brandId: brand(p.brand), cateId: p.cate, package: p.pkg, descriptionZh: `${p.mpn} 测试`, descriptionEn: `${p.mpn} test`, lifecycle: 'active', symbolId: sym(p.sym), footprintId: fp(p.fp), ...src })
      .returning({ id: products.id });
    await db.insert(productParams).values(p.params.map(([key, v, unit]) => (typeof v === 'number' ? { productId: row!.id, key, unit, valueNum: v } : { productId: row!.id, key, unit, valueText: v })));
  }
}
