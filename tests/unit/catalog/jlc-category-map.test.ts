import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JLC_CATEGORY_ROWS, jlcCategoryId } from '../../../src/lib/catalog/jlcparts/category-map.ts';
import { CATEGORY_BY_ID, CATEGORY_TREE, type CategoryDef } from '../../../src/lib/catalog/kicad-library-map.ts';

// The snapshot the table was written for (catalog/jlcparts-2026-05-21, 1,293 pairs).
type ManifestCategory = { category: string; subcategory: string; componentCount: number; id: number };
const MANIFEST = new URL('../../../catalog/jlcparts-2026-05-21/manifest.json', import.meta.url);
const categories = (JSON.parse(readFileSync(MANIFEST, 'utf8')) as { categories: ManifestCategory[] }).categories;

const key = (category: string, subcategory: string) => `${category} | ${subcategory}`;

/** The one node with this Chinese name. */
function node(zh: string): CategoryDef {
  const found = CATEGORY_TREE.filter((c) => c.cateName === zh);
  expect(found, zh).toHaveLength(1);
  return found[0]!;
}

/** JLC's own catch-alls: the only pairs allowed into a node named 其他/Other. */
function otherLike(category: string, subcategory: string): boolean {
  const catchAll = /\b(?:others?|misc|pre-?ordered|global sourcing|old batch|uncategori[sz]ed|new arrivals|no specification|presale)/i;
  return catchAll.test(category) || catchAll.test(subcategory) || category.toLowerCase() === subcategory.toLowerCase();
}

const isOtherNode = (c: CategoryDef) => c.cateName.includes('其他') || /\bother\b/i.test(c.cateNameEn);

describe('JLC_CATEGORY_ROWS', () => {
  it('maps every (category, subcategory) pair of the snapshot', () => {
    expect(categories.length).toBe(1293);
    const unmapped = categories.filter((c) => jlcCategoryId(c.category, c.subcategory) === undefined).map((c) => key(c.category, c.subcategory));
    expect(unmapped).toEqual([]);
  });

  it('has one row per pair and no row for a pair the snapshot does not have', () => {
    const rows = JLC_CATEGORY_ROWS.map(([c, s]) => key(c, s));
    const duplicates = rows.filter((k, i) => rows.indexOf(k) !== i);
    expect(duplicates).toEqual([]);
    const known = new Set(categories.map((c) => key(c.category, c.subcategory)));
    expect(rows.filter((k) => !known.has(k))).toEqual([]);
  });

  it('targets existing level-2 or level-3 nodes only', () => {
    for (const [c, s, id] of JLC_CATEGORY_ROWS) {
      const target = CATEGORY_BY_ID.get(id);
      expect(target, `${key(c, s)} → ${id}`).toBeDefined();
      expect([2, 3], `${key(c, s)} → ${id}`).toContain(target?.level);
    }
  });

  it('sends only JLC catch-all pairs to an "other" node', () => {
    const wrong = JLC_CATEGORY_ROWS.filter(([c, s, id]) => isOtherNode(CATEGORY_BY_ID.get(id)!) && !otherLike(c, s)).map(([c, s, id]) => `${key(c, s)} → ${id}`);
    expect(wrong).toEqual([]);
    // … and the catch-alls that carry no family do land in one.
    expect(isOtherNode(CATEGORY_BY_ID.get(jlcCategoryId('Others', 'Others')!)!)).toBe(true);
    expect(isOtherNode(CATEGORY_BY_ID.get(jlcCategoryId('Global Sourcing Parts', 'Global Sourcing Parts')!)!)).toBe(true);
    expect(jlcCategoryId('Interface ICs', 'Pre-ordered Chips')).toBe(node('其他接口芯片').cateId);
  });

  it('maps every spelling of a subcategory to the same node, whatever the category', () => {
    const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');
    const bySub = new Map<string, Set<number>>();
    for (const [, s, id] of JLC_CATEGORY_ROWS) bySub.set(norm(s), (bySub.get(norm(s)) ?? new Set()).add(id));
    const split = [...bySub].filter(([, ids]) => ids.size > 1).map(([s]) => s);
    // Subcategories that say nothing by themselves: the category decides.
    expect(split.sort()).toEqual(['accessories', 'globalsourcingparts']);
  });

  it('puts the three MOSFET spellings in one node, 场效应管(MOSFET)', () => {
    const ids = [jlcCategoryId('Transistors', 'MOSFETs'), jlcCategoryId('Triode/MOS Tube/Transistor', 'MOSFETs'), jlcCategoryId('Transistors/Thyristors', 'MOSFETs')];
    expect(new Set(ids)).toEqual(new Set([node('场效应管(MOSFET)').cateId]));
    expect(jlcCategoryId('Transistors', 'MOSFET')).toBe(node('场效应管(MOSFET)').cateId);
  });

  it('maps the power-management spellings alike', () => {
    for (const category of ['Power Management ICs', 'Power Supply Chip', 'Power Management']) {
      expect(jlcCategoryId(category, 'Linear Voltage Regulators (LDO)'), category).toBe(node('线性稳压器(LDO)').cateId);
      expect(jlcCategoryId(category, 'DC-DC Converters'), category).toBe(node('DC-DC芯片').cateId);
    }
    expect(jlcCategoryId('Power Management (PMIC)', 'Voltage Regulators - Linear, Low Drop Out (LDO) Regulators')).toBe(node('线性稳压器(LDO)').cateId);
  });

  it.each<[string, string, string]>([
    ['Resistors', 'Chip Resistor - Surface Mount', '贴片电阻'],
    ['Resistors', 'Through Hole Resistors', '插件电阻'],
    ['Resistors', 'Current Sense Resistors/Shunt Resistors', '采样电阻/分流电阻'],
    ['Resistors', 'Resistor Networks & Arrays', '排阻'],
    ['Resistors', 'Varistors', '压敏电阻'],
    ['Sensors', 'NTC Thermistors', '热敏电阻'],
    ['Capacitors', 'Multilayer Ceramic Capacitors MLCC - SMD/SMT', '多层陶瓷电容器MLCC'],
    ['Capacitors', 'Aluminum Electrolytic Capacitors - SMD', '铝电解电容'],
    ['Capacitors', 'Tantalum Capacitors', '钽电容'],
    ['Capacitors', 'Film Capacitors', '薄膜电容'],
    ['Inductors/Coils/Transformers', 'Power Inductors', '功率电感'],
    ['Inductors/Coils/Transformers', 'Inductors (SMD)', '贴片电感'],
    ['Diodes', 'Schottky Barrier Diodes (SBD)', '肖特基二极管'],
    ['Diodes', 'Schottky Diodes', '肖特基二极管'],
    ['Diodes', 'Zener Diodes', '稳压二极管'],
    ['Diodes', 'Switching Diode', '开关二极管'],
    ['Circuit Protection', 'TVS', 'TVS二极管'],
    ['Circuit Protection', 'Resettable Fuses', '自恢复保险丝'],
    ['Transistors', 'Bipolar Transistors - BJT', '三极管(BJT)'],
    ['Optoelectronics', 'Light Emitting Diodes (LED)', '发光二极管'],
    ['Connectors', 'USB Connectors', 'USB连接器'],
    ['Connectors', 'Pin Headers', '排针'],
    ['Connectors', 'Female Headers', '排母'],
    ['Connectors', 'Wire To Board Connector', '线对板/线对线连接器'],
    ['Connectors', 'FFC/FPC Connectors', 'FFC/FPC连接器'],
    ['Connectors', 'Screw terminal', '螺钉式接线端子'],
    ['Switches', 'Tactile Switches', '轻触开关'],
    ['Crystals, Oscillators, Resonators', 'Crystals', '晶振'],
    ['Crystals, Oscillators, Resonators', 'Crystal Oscillators', '有源晶振'],
    ['Embedded Processors & Controllers', 'Microcontroller Units (MCUs/MPUs/SOCs)', '单片机(MCU/MPU/SOC)'],
    ['Single Chip Microcomputer/Microcontroller', 'Microcontroller Units (MCUs/MPUs/SOCs)', '单片机(MCU/MPU/SOC)'],
  ])('%s | %s → %s', (category, subcategory, zh) => {
    expect(jlcCategoryId(category, subcategory)).toBe(node(zh).cateId);
  });

  it('puts pin headers and female headers under 排针排母', () => {
    expect(CATEGORY_BY_ID.get(node('排针').cateId)?.parentId).toBe(node('排针排母').cateId);
    expect(CATEGORY_BY_ID.get(node('排母').cateId)?.parentId).toBe(node('排针排母').cateId);
  });

  it('looks pairs up exactly', () => {
    expect(jlcCategoryId('Resistors', 'chip resistor - surface mount')).toBeUndefined();
    expect(jlcCategoryId('Resistors', 'No Such Subcategory')).toBeUndefined();
    expect(jlcCategoryId('', '')).toBeUndefined();
  });
});
