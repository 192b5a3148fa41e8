import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { parseSexpr, type SexprList } from '../../../src/lib/kicad/sexpr.ts';
import { libSymbolFor, parseSchematic, type KicadSchematic } from '../../../src/lib/kicad/schematic.ts';
import { buildSheetHierarchy, joinSheetPath, symbolOccurrences, type SchematicHierarchy } from '../../../src/lib/kicad/schematic-hierarchy.ts';
import { parseProject } from '../../../src/lib/kicad/project.ts';
import { serverMessage, type ServerMessageKey } from '../../../src/lib/server/messages/server-message.ts';
import { filesUnder, HAVE_KICAD_DEMOS, KICAD_DEMOS_DIR } from './fixtures.ts';

const DEMOS = KICAD_DEMOS_DIR;
const HAVE_DEMOS = HAVE_KICAD_DEMOS;


/** Counts of top-level items straight from the raw tree (independent of schematic.ts). */
function rawCounts(text: string): Record<string, number> {
  const root = parseSexpr(text);
  const counts: Record<string, number> = { symbol: 0, wire: 0, label: 0, junction: 0, sheet: 0, bus: 0, no_connect: 0, lib_symbol: 0 };
  for (const it of root.items) {
    if (typeof it !== 'object') continue;
    const h = it.items[0];
    if (h === 'label' || h === 'global_label' || h === 'hierarchical_label' || h === 'netclass_flag' || h === 'directive_label') counts['label']!++;
    else if (h === 'lib_symbols') counts['lib_symbol'] = it.items.filter((x) => typeof x === 'object' && (x as SexprList).items[0] === 'symbol').length;
    else if (typeof h === 'string' && h in counts) counts[h]!++;
  }
  return counts;
}

function diskHierarchy(rootFile: string): SchematicHierarchy {
  const root = parseSchematic(readFileSync(rootFile), basename(rootFile));
  const dir = dirname(rootFile);
  return buildSheetHierarchy(basename(rootFile), root, (f) => {
    const p = join(dir, f);
    return existsSync(p) ? parseSchematic(readFileSync(p), f) : null;
  });
}

describe.skipIf(!HAVE_DEMOS)('schematic: every kicad-demos sheet', () => {
  const files = HAVE_DEMOS ? filesUnder(DEMOS, '.kicad_sch') : [];

  it('finds the demo sheets', () => {
    expect(files.length).toBeGreaterThanOrEqual(30);
  });

  it('parses each without errors, with counts equal to the raw S-expression counts', () => {
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      const sch = parseSchematic(text, f);
      expect(sch.errors, f).toEqual([]);
      expect(sch.version, f).toBeGreaterThanOrEqual(20200000);
      expect(sch.uuid, f).toMatch(/^[0-9a-f-]{36}$/);
      const raw = rawCounts(text);
      expect(
        {
          symbol: sch.symbols.length,
          wire: sch.wires.length,
          label: sch.labels.length,
          junction: sch.junctions.length,
          sheet: sch.sheets.length,
          bus: sch.buses.length,
          no_connect: sch.noConnects.length,
          lib_symbol: sch.libSymbols.length,
        },
        f,
      ).toEqual(raw);
      // Every placed symbol finds its graphics in the embedded library cache.
      for (const s of sch.symbols) expect(libSymbolFor(sch, s), `${f}: ${s.libId}`).toBeDefined();
      expect(sch.unknown.map((u) => u.items[0]), f).toEqual([]);
    }
  });

  it('reads symbol, label, sheet and image details of known sheets', () => {
    const ch = parseSchematic(readFileSync(join(DEMOS, 'complex_hierarchy/complex_hierarchy.kicad_sch')), 'complex_hierarchy.kicad_sch');
    expect(ch.titleBlock.title).toBe('Complex hierarchy: demo');
    expect(ch.paper.size).toBe('A4');
    expect(ch.sheets.map((s) => [s.name, s.fileName])).toEqual([
      ['ampli_ht_vertical', 'ampli_ht.kicad_sch'],
      ['ampli_ht_horizontal', 'ampli_ht.kicad_sch'],
    ]);
    expect(ch.sheets[0]!.size).toEqual({ width: 50.8, height: 36.83 });
    expect(ch.symbolInstances.length).toBeGreaterThan(40);
    const gnd = ch.symbols.find((s) => s.uuid === '00000000-0000-0000-0000-00004ad71b8e')!;
    expect(gnd.reference).toBe('#PWR018');
    expect(gnd.properties[0]!.hidden).toBe(true);

    const amp = parseSchematic(readFileSync(join(DEMOS, 'complex_hierarchy/ampli_ht.kicad_sch')), 'ampli_ht.kicad_sch');
    const c3 = amp.symbols.find((s) => s.uuid === '00000000-0000-0000-0000-00004b3a1358')!;
    expect(c3).toMatchObject({ libId: 'complex_hierarchy_schlib:C', at: { x: 110.49, y: 40.64, rotation: 270 }, reference: 'C3', value: '15nF', inBom: true, onBoard: true, dnp: false });
    expect(c3.pins.map((p) => p.number)).toEqual(['1', '2']);
    expect(amp.labels.map((l) => l.kind)).toEqual(['local', 'local', 'local', 'local']);
    const el = parseSchematic(readFileSync(join(DEMOS, 'electric/electric.kicad_sch')), 'electric.kicad_sch');
    expect(el.labels.find((l) => l.text === 'EC20')).toMatchObject({ kind: 'hierarchical', shape: 'output', at: { x: 80.01, y: 110.49, rotation: 0 } });

    const iu = parseSchematic(readFileSync(join(DEMOS, 'interf_u/interf_u.kicad_sch')), 'interf_u.kicad_sch');
    expect(iu.images.length).toBeGreaterThan(0);
    const png = Buffer.from(iu.images[0]!.data, 'base64');
    expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
  });

  it('resolves the complex_hierarchy demo: 3 sheets, per-instance references of the shared sheet', () => {
    const h = diskHierarchy(join(DEMOS, 'complex_hierarchy/complex_hierarchy.kicad_sch'));
    expect(h.issues).toEqual([]);
    expect(h.sheets.map((s) => [s.namePath, s.fileName, s.page])).toEqual([
      ['/', 'complex_hierarchy.kicad_sch', '1'],
      ['/ampli_ht_vertical/', 'ampli_ht.kicad_sch', '2'],
      ['/ampli_ht_horizontal/', 'ampli_ht.kicad_sch', '3'],
    ]);
    // Both instances share one parsed file.
    expect(h.sheets[1]!.schematic).toBe(h.sheets[2]!.schematic);
    const occ = symbolOccurrences(h);
    const pot = occ.filter((o) => o.symbol.uuid === '00000000-0000-0000-0000-00004b3a1357');
    expect(pot.map((o) => [o.sheet.name, o.reference])).toEqual([
      ['ampli_ht_vertical', 'RV1'],
      ['ampli_ht_horizontal', 'RV2'],
    ]);
    // Every non-power reference and unit is unique across the design (annotation is per instance).
    const refs = occ.filter((o) => !o.reference.startsWith('#')).map((o) => `${o.reference}.${o.unit}`);
    expect(new Set(refs).size).toBe(refs.length);
    expect(refs.every((r) => !r.includes('?'))).toBe(true);
    // The dual op-amp: units 1 and 2 of U3 in one instance, of U4 in the other.
    const opamps = occ.filter((o) => o.value === 'LM358N').map((o) => `${o.sheet.name}:${o.reference}.${o.unit}`).sort();
    expect(opamps).toEqual(['ampli_ht_horizontal:U4.1', 'ampli_ht_horizontal:U4.2', 'ampli_ht_vertical:U3.1', 'ampli_ht_vertical:U3.2']);
  });

  it('resolves the flat_hierarchy demo: root plus two different sheets', () => {
    const h = diskHierarchy(join(DEMOS, 'flat_hierarchy/flat_hierarchy.kicad_sch'));
    expect(h.issues).toEqual([]);
    expect(h.sheets.map((s) => s.name)).toEqual(['', 'pic_programmer', 'sockets']);
    expect(h.sheets.every((s) => s.schematic !== null)).toBe(true);
    const occ = symbolOccurrences(h).filter((o) => !o.reference.startsWith('#'));
    const refs = occ.map((o) => `${o.reference}.${o.unit}`);
    expect(new Set(refs).size).toBe(refs.length);
    // The quad buffer U2 has its four units placed on the pic_programmer sheet.
    expect(occ.filter((o) => o.reference === 'U2').map((o) => [o.sheet.name, o.unit])).toEqual([1, 2, 3, 4].map((u) => ['pic_programmer', u]));
  });

  it('resolves every demo project: sheet instances match the .kicad_pro list, references unique per unit', () => {
    let projects = 0;
    for (const pro of filesUnder(DEMOS, '.kicad_pro')) {
      const rootFile = pro.replace(/\.kicad_pro$/, '.kicad_sch');
      if (!existsSync(rootFile)) continue; // microwave ships a board only
      projects++;
      const project = parseProject(readFileSync(pro), basename(pro)).project;
      const h = diskHierarchy(rootFile);
      expect(h.issues, pro).toEqual([]);
      expect(h.sheets.map((s) => s.sheet?.uuid ?? h.root.schematic!.uuid).sort(), pro).toEqual(project.sheets.map((s) => s.uuid).sort());
      const pages = h.sheets.map((s) => s.page);
      expect(new Set(pages).size, pro).toBe(pages.length);
      const refs = symbolOccurrences(h)
        .filter((o) => !o.reference.startsWith('#'))
        .map((o) => `${o.reference}.${o.unit}`);
      expect(new Set(refs).size, pro).toBe(refs.length);
    }
    expect(projects).toBe(19);
  });

  it('reads the sheet fields of a localised KiCad 6 file by field id', () => {
    const sch = parseSchematic(readFileSync(join(DEMOS, 'kit-dev-coldfire-xilinx_5213/kit-dev-coldfire-xilinx_5213.kicad_sch')), 'k.kicad_sch');
    expect(sch.sheets.map((s) => [s.properties[0]!.key, s.name, s.fileName])).toEqual([
      ['Nom feuille', 'inout_user', 'in_out_conn.kicad_sch'],
      ['Nom feuille', 'xilinx', 'xilinx.kicad_sch'],
    ]);
  });

  it('reads every demo project file', () => {
    for (const f of filesUnder(DEMOS, '.kicad_pro')) {
      const r = parseProject(readFileSync(f), basename(f));
      expect(r.error, f).toBeUndefined();
    }
    const r = parseProject(readFileSync(join(DEMOS, 'complex_hierarchy/complex_hierarchy.kicad_pro')), 'complex_hierarchy.kicad_pro');
    expect(r.project.sheets.map((s) => s.name)).toEqual(['', 'ampli_ht_vertical', 'ampli_ht_horizontal']);
    expect(r.project.netClasses.map((c) => c.name)).toEqual(['Default', 'power']);
    expect(r.project.netClassAssignments['GND']).toBe('power');
    expect(r.project.netClasses[1]!.trackWidth).toBe(0.6);
  });
});

// A KiCad 9 style sheet written by hand from the file-format documentation: every item kind.
const K9_SHEET = `(kicad_sch
	(version 20250114)
	(generator "eeschema")
	(generator_version "9.0")
	(uuid "aaaaaaaa-0000-0000-0000-000000000001")
	(paper "User" 300 200 portrait)
	(title_block (title "Nine") (date "2025-01-01") (rev "B") (company "ACME") (comment 1 "first") (comment 2 "second"))
	(lib_symbols
		(symbol "Device:R" (pin_numbers (hide yes)) (pin_names (offset 0)) (exclude_from_sim no) (in_bom yes) (on_board yes)
			(property "Reference" "R" (at 2.032 0 90) (effects (font (size 1.27 1.27))))
			(property "Value" "R" (at 0 0 90) (effects (font (size 1.27 1.27))))
			(symbol "R_0_1" (rectangle (start -1.016 -2.54) (end 1.016 2.54) (stroke (width 0.254) (type default)) (fill (type none))))
			(symbol "R_1_1"
				(pin passive line (at 0 3.81 270) (length 1.27) (name "~" (effects (font (size 1.27 1.27)))) (number "1" (effects (font (size 1.27 1.27)))))
				(pin passive line (at 0 -3.81 90) (length 1.27) (name "~" (effects (font (size 1.27 1.27)))) (number "2" (effects (font (size 1.27 1.27)))))
			)
			(embedded_fonts no)
		)
		(symbol "Device:R_Small" (extends "Device:R")
			(property "Reference" "R" (at 0 0 0) (effects (font (size 1 1))))
			(property "Value" "R_Small" (at 0 0 0) (effects (font (size 1 1))))
		)
	)
	(junction (at 100 50) (diameter 0.9) (color 255 0 0 1) (uuid "j1"))
	(no_connect (at 120 60) (uuid "nc1"))
	(bus_entry (at 80 40) (size 2.54 2.54) (stroke (width 0) (type default)) (uuid "be1"))
	(wire (pts (xy 90 50) (xy 100 50)) (stroke (width 0) (type default)) (uuid "w1"))
	(wire (pts (xy 100 50) (xy 110 50)) (stroke (width 0.3) (type dash) (color 0 0 255 1)) (uuid "w2"))
	(bus (pts (xy 80 30) (xy 80 60)) (stroke (width 0) (type default)) (uuid "b1"))
	(polyline (pts (xy 10 10) (xy 20 10) (xy 20 20)) (stroke (width 0) (type dot)) (uuid "pl1"))
	(rectangle (start 30 30) (end 40 45) (stroke (width 0.2) (type solid)) (fill (type color) (color 1 2 3 0.5)) (uuid "r1"))
	(circle (center 50 50) (radius 3) (stroke (width 0) (type default)) (fill (type none)) (uuid "c1"))
	(arc (start 60 60) (mid 62 58) (end 64 60) (stroke (width 0) (type default)) (fill (type none)) (uuid "a1"))
	(bezier (pts (xy 0 0) (xy 1 2) (xy 3 2) (xy 4 0)) (stroke (width 0) (type default)) (fill (type none)) (uuid "bz1"))
	(image (at 150 100) (scale 2) (uuid "img1") (data "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk" "+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="))
	(text "Hello ~{world}" (exclude_from_sim no) (at 10 100 90) (effects (font (size 2 2) (bold yes)) (justify left bottom)) (uuid "t1"))
	(text_box "boxed text" (exclude_from_sim no) (at 20 120 0) (size 30 10) (margins 1 1 1 1) (stroke (width 0) (type solid)) (fill (type none)) (effects (font (size 1.27 1.27)) (justify left top)) (uuid "tb1"))
	(label "SDA" (at 90 50 0) (fields_autoplaced yes) (effects (font (size 1.27 1.27)) (justify left bottom)) (uuid "l1"))
	(global_label "VBUS" (shape input) (at 70 20 180) (fields_autoplaced yes) (effects (font (size 1.27 1.27)) (justify right))
		(uuid "g1")
		(property "Intersheetrefs" "\${INTERSHEET_REFS}" (at 60 20 0) (effects (font (size 1.27 1.27)) (justify right) (hide yes)))
	)
	(hierarchical_label "CLK" (shape bidirectional) (at 70 30 0) (effects (font (size 1.27 1.27)) (justify left)) (uuid "h1"))
	(netclass_flag "" (length 2.54) (shape round) (at 110 50 0) (effects (font (size 1.27 1.27)) (justify left bottom)) (uuid "n1")
		(property "Netclass" "HighSpeed" (at 111 47 0) (effects (font (size 1.27 1.27) (italic yes)) (justify left)))
	)
	(directive_label "" (length 5) (shape diamond) (at 112 50 0) (effects (font (size 1.27 1.27))) (uuid "n2"))
	(symbol (lib_id "Device:R") (at 100 40 90) (mirror x) (unit 1) (body_style 2) (exclude_from_sim no) (in_bom no) (on_board yes) (dnp yes) (fields_autoplaced yes)
		(uuid "s1")
		(property "Reference" "R7" (at 100 35 90) (effects (font (size 1.27 1.27))))
		(property "Value" "10k" (at 100 45 90) (effects (font (size 1.27 1.27))))
		(property "Footprint" "Resistor_SMD:R_0603_1608Metric" (at 100 40 0) (hide yes) (effects (font (size 1.27 1.27))))
		(property "MPN" "RC0603FR-0710KL" (at 100 40 0) (show_name yes) (effects (font (size 1.27 1.27)) (hide yes)))
		(pin "1" (uuid "p1"))
		(pin "2" (uuid "p2") (alternate "ALT"))
		(instances (project "nine" (path "/aaaaaaaa-0000-0000-0000-000000000001" (reference "R7") (unit 1))))
	)
	(symbol (lib_name "R_Small_1") (lib_id "Device:R_Small") (at 10 10 0) (convert 1) (unit 1) (in_bom yes) (on_board yes) (uuid "s2")
		(property "Reference" "R8" (at 0 0 0) (effects (font (size 1.27 1.27))))
		(instances (project "nine" (path "/aaaaaaaa-0000-0000-0000-000000000001" (reference "R8") (unit 1))))
	)
	(sheet (at 200 20) (size 40 30) (exclude_from_sim no) (in_bom yes) (on_board yes) (dnp no) (fields_autoplaced yes)
		(stroke (width 0.1524) (type solid)) (fill (color 0 0 0 0.0000)) (uuid "sh1")
		(property "Sheetname" "Power" (at 200 19 0) (effects (font (size 1.27 1.27)) (justify left bottom)))
		(property "Sheetfile" "power.kicad_sch" (at 200 51 0) (effects (font (size 1.27 1.27)) (justify left top)))
		(pin "VIN" input (at 200 30 180) (uuid "sp1") (effects (font (size 1.27 1.27)) (justify left)))
		(pin "VOUT" output (at 240 30 0) (uuid "sp2") (effects (font (size 1.27 1.27)) (justify right)))
		(pin "EN" passive (at 210 20 90) (uuid "sp3") (effects (font (size 1.27 1.27)) (justify right)))
		(instances (project "nine" (path "/aaaaaaaa-0000-0000-0000-000000000001" (page "2"))))
	)
	(table (column_count 2)
		(border (external yes) (header yes) (stroke (width 0.2) (type solid)))
		(separators (rows yes) (cols no) (stroke (width 0) (type solid)))
		(column_widths 10 20) (row_heights 2.54 2.54)
		(uuid "tab1")
		(cells
			(table_cell "Pin" (exclude_from_sim no) (at 180 60 0) (size 30 2.54) (margins 1 1 1 1) (span 2 1) (fill (type none)) (effects (font (size 1.27 1.27)) (justify left top)) (uuid "tc1"))
			(table_cell "" (at 190 60 0) (size 20 2.54) (span 0 0) (fill (type none)) (effects (font (size 1.27 1.27))) (uuid "tc2"))
			(table_cell "SDA" (at 180 62.54 0) (size 10 2.54) (span 1 1) (fill (type none)) (effects (font (size 1.27 1.27))) (uuid "tc3"))
			(table_cell "PB7" (at 190 62.54 0) (size 20 2.54) (span 1 1) (fill (type none)) (effects (font (size 1.27 1.27))) (uuid "tc4"))
		)
	)
	(sheet_instances (path "/" (page "1")))
	(embedded_fonts no)
)
`;

describe('schematic: KiCad 9 sheet with every item kind', () => {
  const sch = parseSchematic(K9_SHEET, 'nine.kicad_sch');

  it('reads header, paper and title block', () => {
    expect(sch.errors).toEqual([]);
    expect(sch.warnings).toEqual([]);
    expect(sch).toMatchObject({ version: 20250114, generator: 'eeschema', generatorVersion: '9.0', uuid: 'aaaaaaaa-0000-0000-0000-000000000001' });
    expect(sch.paper).toEqual({ size: 'User', width: 300, height: 200, portrait: true });
    expect(sch.titleBlock).toEqual({ title: 'Nine', date: '2025-01-01', rev: 'B', company: 'ACME', comments: { 1: 'first', 2: 'second' } });
    // embedded_fonts is not modelled: kept, not fatal.
    expect(sch.unknown.map((u) => u.items[0])).toEqual(['embedded_fonts']);
  });

  it('reads the library cache with extends resolved', () => {
    expect(sch.libSymbols.map((s) => s.name)).toEqual(['Device:R', 'Device:R_Small']);
    const small = sch.libSymbols[1]!;
    expect(small.extends).toBe('Device:R');
    expect(small.units).toBe(sch.libSymbols[0]!.units);
    expect(sch.libSymbols[0]!.pinNumbers.hide).toBe(true);
  });

  it('reads placed symbols: mirror, unit, body style, flags, fields, pins, instances', () => {
    const [r7, r8] = sch.symbols;
    expect(r7).toMatchObject({ libId: 'Device:R', at: { x: 100, y: 40, rotation: 90 }, mirror: 'x', unit: 1, bodyStyle: 2, inBom: false, onBoard: true, dnp: true, excludeFromSim: false, fieldsAutoplaced: true });
    expect(r7!.reference).toBe('R7');
    expect(r7!.footprint).toBe('Resistor_SMD:R_0603_1608Metric');
    const fp = r7!.properties.find((p) => p.key === 'Footprint')!;
    const mpn = r7!.properties.find((p) => p.key === 'MPN')!;
    expect([fp.hidden, mpn.hidden, mpn.showName, r7!.properties[0]!.hidden]).toEqual([true, true, true, false]);
    expect(r7!.pins).toEqual([{ number: '1', uuid: 'p1' }, { number: '2', uuid: 'p2', alternate: 'ALT' }]);
    expect(r7!.instances).toEqual([{ project: 'nine', path: '/aaaaaaaa-0000-0000-0000-000000000001', reference: 'R7', unit: 1 }]);
    expect(r8).toMatchObject({ libName: 'R_Small_1', libId: 'Device:R_Small', bodyStyle: 1 });
    expect(libSymbolFor(sch, r7!)?.name).toBe('Device:R');
    // lib_name points at a cache entry that this file does not have: no silent fallback to lib_id.
    expect(libSymbolFor(sch, r8!)).toBeUndefined();
  });

  it('reads wires, buses, entries, junctions, no-connects', () => {
    expect(sch.wires.map((w) => w.points)).toEqual([
      [{ x: 90, y: 50 }, { x: 100, y: 50 }],
      [{ x: 100, y: 50 }, { x: 110, y: 50 }],
    ]);
    expect(sch.wires[1]!.stroke).toEqual({ width: 0.3, type: 'dash', color: { r: 0, g: 0, b: 255, a: 1 } });
    expect(sch.buses[0]!.points).toHaveLength(2);
    expect(sch.busEntries[0]).toMatchObject({ at: { x: 80, y: 40 }, size: { x: 2.54, y: 2.54 } });
    expect(sch.junctions[0]).toMatchObject({ at: { x: 100, y: 50 }, diameter: 0.9, color: { r: 255, g: 0, b: 0, a: 1 } });
    expect(sch.noConnects[0]).toMatchObject({ uuid: 'nc1', at: { x: 120, y: 60 } });
  });

  it('reads labels of every kind', () => {
    expect(sch.labels.map((l) => [l.kind, l.text, l.shape])).toEqual([
      ['local', 'SDA', undefined],
      ['global', 'VBUS', 'input'],
      ['hierarchical', 'CLK', 'bidirectional'],
      ['directive', '', 'round'],
      ['directive', '', 'diamond'],
    ]);
    const g = sch.labels[1]!;
    expect(g.at.rotation).toBe(180);
    expect(g.properties[0]).toMatchObject({ key: 'Intersheetrefs', hidden: true });
    expect(sch.labels[3]!.length).toBe(2.54);
    expect(sch.labels[3]!.properties[0]).toMatchObject({ key: 'Netclass', value: 'HighSpeed' });
    expect(sch.labels[3]!.properties[0]!.effects.italic).toBe(true);
  });

  it('reads text, text boxes, images and sheet graphics', () => {
    expect(sch.texts[0]).toMatchObject({ text: 'Hello ~{world}', at: { x: 10, y: 100, rotation: 90 } });
    expect(sch.texts[0]!.effects).toMatchObject({ height: 2, bold: true, hAlign: 'left', vAlign: 'bottom' });
    expect(sch.textBoxes[0]).toMatchObject({ text: 'boxed text', at: { x: 20, y: 120, rotation: 0 }, size: { width: 30, height: 10 }, margins: [1, 1, 1, 1] });
    expect(sch.images[0]).toMatchObject({ at: { x: 150, y: 100 }, scale: 2 });
    expect(Buffer.from(sch.images[0]!.data, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(sch.graphics.map((g) => g.kind)).toEqual(['polyline', 'rectangle', 'circle', 'arc', 'bezier']);
    expect(sch.graphics[1]).toMatchObject({ kind: 'rectangle', start: { x: 30, y: 30 }, end: { x: 40, y: 45 }, fill: { type: 'color', color: { r: 1, g: 2, b: 3, a: 0.5 } } });
    expect(sch.graphics[0]!.stroke.type).toBe('dot');
  });

  it('reads KiCad 9 tables', () => {
    const t = sch.tables[0]!;
    expect(t).toMatchObject({ columnCount: 2, columnWidths: [10, 20], rowHeights: [2.54, 2.54], border: { external: true, header: true, stroke: { width: 0.2 } }, separators: { rows: true, cols: false } });
    expect(t.cells.map((c) => [c.text, c.span.cols, c.span.rows, c.at.x, c.at.y])).toEqual([
      ['Pin', 2, 1, 180, 60],
      ['', 0, 0, 190, 60],
      ['SDA', 1, 1, 180, 62.54],
      ['PB7', 1, 1, 190, 62.54],
    ]);
    expect(t.cells[0]!.margins).toEqual([1, 1, 1, 1]);
  });

  it('reads sheet symbols with pins on each side and instances', () => {
    const sh = sch.sheets[0]!;
    expect(sh).toMatchObject({ name: 'Power', fileName: 'power.kicad_sch', at: { x: 200, y: 20 }, size: { width: 40, height: 30 }, dnp: false });
    expect(sh.pins.map((p) => [p.name, p.shape, p.side])).toEqual([
      ['VIN', 'input', 'left'],
      ['VOUT', 'output', 'right'],
      ['EN', 'passive', 'top'],
    ]);
    expect(sh.instances).toEqual([{ project: 'nine', path: '/aaaaaaaa-0000-0000-0000-000000000001', page: '2' }]);
    expect(sch.sheetInstances).toEqual([{ path: '/', page: '1' }]);
  });
});

// KiCad 7+ multi-instance hierarchy: one sub-sheet used twice, references stored per instance on the symbol.
const ROOT_UUID = 'r0000000-0000-0000-0000-000000000000';
function k7Root(sheets: { uuid: string; name: string; file: string }[]): string {
  const sh = sheets
    .map(
      (s, i) => `  (sheet (at ${20 + i * 50} 20) (size 30 20) (uuid "${s.uuid}")
    (property "Sheetname" "${s.name}" (at 0 0 0) (effects (font (size 1.27 1.27))))
    (property "Sheetfile" "${s.file}" (at 0 0 0) (effects (font (size 1.27 1.27))))
    (instances (project "p" (path "/${ROOT_UUID}" (page "${i + 2}")))))`,
    )
    .join('\n');
  return `(kicad_sch (version 20230121) (generator eeschema) (uuid "${ROOT_UUID}") (paper "A4")\n${sh}\n  (sheet_instances (path "/" (page "1"))))\n`;
}
const SUB = `(kicad_sch (version 20230121) (generator eeschema) (uuid "s0000000-0000-0000-0000-000000000000") (paper "A4")
  (symbol (lib_id "Device:R") (at 10 10 0) (unit 1) (in_bom yes) (on_board yes) (uuid "u1")
    (property "Reference" "U?" (at 0 0 0) (effects (font (size 1.27 1.27))))
    (instances (project "p"
      (path "/${ROOT_UUID}/a" (reference "U1") (unit 1))
      (path "/${ROOT_UUID}/b" (reference "U101") (unit 2)))))
)
`;

describe('schematic hierarchy: KiCad 7+ instances, cycles, missing files', () => {
  it('gives each instance of a shared sheet its own reference and unit', () => {
    const root = parseSchematic(k7Root([{ uuid: 'a', name: 'A', file: 'sub.kicad_sch' }, { uuid: 'b', name: 'B', file: 'sub.kicad_sch' }]), 'proj/root.kicad_sch');
    const loads: string[] = [];
    const h = buildSheetHierarchy('proj/root.kicad_sch', root, (f) => {
      loads.push(f);
      return f === 'proj/sub.kicad_sch' ? parseSchematic(SUB, f) : null;
    });
    expect(h.issues).toEqual([]);
    expect(loads).toEqual(['proj/sub.kicad_sch']);
    expect(h.sheets.map((s) => [s.path, s.localPath, s.page])).toEqual([
      [`/${ROOT_UUID}`, '/', '1'],
      [`/${ROOT_UUID}/a`, '/a', '2'],
      [`/${ROOT_UUID}/b`, '/b', '3'],
    ]);
    expect(symbolOccurrences(h).map((o) => [o.sheet.name, o.reference, o.unit])).toEqual([
      ['A', 'U1', 1],
      ['B', 'U101', 2],
    ]);
  });

  it('reports a missing sub-sheet with the file and line of the sheet symbol', () => {
    const root = parseSchematic(k7Root([{ uuid: 'a', name: 'A', file: 'gone.kicad_sch' }]), 'root.kicad_sch');
    const h = buildSheetHierarchy('root.kicad_sch', root, () => null);
    expect(h.sheets).toHaveLength(2);
    expect(h.sheets[1]!.schematic).toBeNull();
    expect(h.issues).toEqual([
      { key: 'kicad.sch.missingSheet', file: 'root.kicad_sch', line: 2, reason: 'gone.kicad_sch not found', vars: { file: 'root.kicad_sch', line: 2, sheet: 'A', target: 'gone.kicad_sch' } },
    ]);
    expect(serverMessage('kicad.sch.missingSheet', 'en', h.issues[0]!.vars)).toBe('root.kicad_sch, line 2: sheet "A" refers to gone.kicad_sch, which was not found');
  });

  it('detects a sheet that includes itself, directly or through another file', () => {
    const self = parseSchematic(k7Root([{ uuid: 'a', name: 'Me', file: 'root.kicad_sch' }]), 'root.kicad_sch');
    const h1 = buildSheetHierarchy('root.kicad_sch', self, () => null);
    expect(h1.issues.map((i) => [i.key, i.file, i.vars['target']])).toEqual([['kicad.sch.sheetCycle', 'root.kicad_sch', 'root.kicad_sch']]);

    const a = parseSchematic(k7Root([{ uuid: 'x', name: 'ToB', file: 'b.kicad_sch' }]), 'a.kicad_sch');
    const b = parseSchematic(k7Root([{ uuid: 'y', name: 'BackToA', file: 'a.kicad_sch' }]), 'b.kicad_sch');
    const h2 = buildSheetHierarchy('a.kicad_sch', a, (f) => (f === 'b.kicad_sch' ? b : null));
    expect(h2.sheets.map((s) => s.name)).toEqual(['', 'ToB', 'BackToA']);
    expect(h2.issues.map((i) => [i.key, i.file])).toEqual([['kicad.sch.sheetCycle', 'b.kicad_sch']]);
  });

  it('caps exponential sharing of sheets', () => {
    // Each level holds two instances of the next: 2^12 instances without the cap.
    const files = new Map<string, KicadSchematic>();
    for (let i = 0; i < 12; i++) {
      files.set(`l${i}.kicad_sch`, parseSchematic(k7Root([{ uuid: `a${i}`, name: 'x', file: `l${i + 1}.kicad_sch` }, { uuid: `b${i}`, name: 'y', file: `l${i + 1}.kicad_sch` }]), `l${i}.kicad_sch`));
    }
    files.set('l12.kicad_sch', parseSchematic(SUB, 'l12.kicad_sch'));
    const h = buildSheetHierarchy('l0.kicad_sch', files.get('l0.kicad_sch')!, (f) => files.get(f) ?? null, { maxSheets: 100 });
    expect(h.sheets.length).toBe(100);
    expect(h.issues.map((i) => i.key)).toEqual(['kicad.sch.tooManySheets']);
  });

  it('normalises sheet paths', () => {
    expect(joinSheetPath('proj/', 'sub/../x.kicad_sch')).toBe('proj/x.kicad_sch');
    expect(joinSheetPath('proj/', 'sheets\\a.kicad_sch')).toBe('proj/sheets/a.kicad_sch');
    expect(joinSheetPath('', './a.kicad_sch')).toBe('a.kicad_sch');
  });
});

describe('schematic: bad input', () => {
  const msg = (key: ServerMessageKey, locale: 'zh' | 'en', vars: Record<string, string | number>): string => serverMessage(key, locale, vars);

  it('refuses a KiCad 5 legacy .sch with a clear message in both languages', () => {
    const legacy = 'EESchema Schematic File Version 4\nEELAYER 30 0\nEELAYER END\n$Descr A4 11693 8268\n$EndDescr\n$EndSCHEMATC\n';
    const sch = parseSchematic(legacy, 'old.sch');
    expect(sch.errors.map((e) => [e.key, e.file, e.line])).toEqual([['kicad.legacyFile', 'old.sch', 1]]);
    expect(sch.symbols).toEqual([]);
    const e = sch.errors[0]!;
    expect(msg(e.key, 'en', e.vars)).toBe('old.sch: KiCad 5 files are not supported; open and save it in KiCad 6 or later');
    expect(msg(e.key, 'zh', e.vars)).toContain('不支持 KiCad 5');
    expect(e.reason).toBe('KiCad 5 legacy file (EESchema Schematic File Version 4)');
    // A KiCad 5 symbol library renamed .kicad_sch gets the same answer.
    expect(parseSchematic('EESchema-LIBRARY Version 2.4\n#encoding utf-8\n', 'lib.kicad_sch').errors.map((x) => x.key)).toEqual(['kicad.legacyFile']);
  });

  it.skipIf(!HAVE_DEMOS)('reports a truncated file at the broken entry and keeps what came before', () => {
    const text = readFileSync(join(DEMOS, 'complex_hierarchy/ampli_ht.kicad_sch'), 'utf8');
    const cut = text.slice(0, Math.floor(text.length * 0.6));
    const sch = parseSchematic(cut, 'ampli_ht.kicad_sch');
    expect(sch.errors.length).toBeGreaterThan(0);
    expect(sch.errors[0]!.key).toBe('kicad.damaged');
    expect(sch.errors[0]!.line).toBeGreaterThan(1);
    expect(sch.libSymbols.length).toBeGreaterThan(0);
    expect(msg('kicad.damaged', 'en', sch.errors[0]!.vars)).toMatch(/^ampli_ht\.kicad_sch, line \d+: the file is damaged/);
  });

  it.skipIf(!HAVE_DEMOS)('never throws on a sheet cut at any of 60 points or with damaged bytes, and always says where', () => {
    const bytes = readFileSync(join(DEMOS, 'video/bus_pci.kicad_sch'));
    for (let k = 1; k <= 60; k++) {
      const at = Math.floor((bytes.length * k) / 61);
      const cut = parseSchematic(bytes.subarray(0, at), 'bus_pci.kicad_sch');
      expect(cut.errors.length, `cut at ${at}`).toBeGreaterThan(0);
      for (const e of cut.errors) expect(e.line, `cut at ${at}`).toBeGreaterThanOrEqual(1);
      const damaged = Uint8Array.from(bytes);
      damaged[at] = 0x28; // an extra '(' somewhere
      expect(() => parseSchematic(damaged, 'bus_pci.kicad_sch'), `'(' at ${at}`).not.toThrow();
    }
  });

  it('refuses binary data renamed .kicad_sch, and other non-schematics', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    expect(parseSchematic(png, 'x.kicad_sch').errors.map((e) => e.key)).toEqual(['kicad.binary']);
    const random = new Uint8Array(4096).map((_, i) => (i * 2654435761) >>> 24);
    expect(parseSchematic(random, 'r.kicad_sch').errors.map((e) => e.key)).toEqual(['kicad.binary']);
    expect(parseSchematic('', 'e.kicad_sch').errors.map((e) => e.key)).toEqual(['kicad.empty']);
    expect(parseSchematic('<!DOCTYPE html><html></html>', 'h.kicad_sch').errors.map((e) => [e.key, e.vars['head']])).toEqual([['kicad.notSchematic', '<!DOCTYPE html><html']]);
    const pcb = parseSchematic('(kicad_pcb (version 20221018))', 'b.kicad_sch');
    expect(pcb.errors.map((e) => [e.key, e.vars['head']])).toEqual([['kicad.notSchematic', '(kicad_pcb']]);
  });

  it('opens a future version: unknown tokens kept, a warning, no error', () => {
    const future = `(kicad_sch (version 20990101) (generator "eeschema") (generator_version "12.0") (uuid "f")
  (hologram (at 1 2) (depth 3) (uuid "h"))
  (wire (pts (xy 0 0) (xy 1 0)) (stroke (width 0) (type default) (glow yes)) (uuid "w") (teleport 1))
  (label "A" (at 0 0 0) (effects (font (size 1.27 1.27) (sparkle))) (uuid "l") (quantum_state superposed))
  (symbol (lib_id "X:Y") (at 0 0 0) (unit 1) (variant "cheap" (dnp yes)) (uuid "s") (property "Reference" "Q1" (at 0 0 0)))
)`;
    const sch = parseSchematic(future, 'future.kicad_sch');
    expect(sch.errors).toEqual([]);
    expect(sch.warnings.map((w) => [w.key, w.vars['version']])).toEqual([['kicad.newerVersion', 20990101]]);
    expect(sch.unknown.map((u) => u.items[0])).toEqual(['hologram']);
    expect([sch.wires.length, sch.labels.length, sch.symbols[0]!.reference]).toEqual([1, 1, 'Q1']);
    expect(msg('kicad.newerVersion', 'zh', sch.warnings[0]!.vars)).toContain('20990101');
  });

  it('has a zh and an en message for every issue key', () => {
    const keys: ServerMessageKey[] = ['kicad.legacyFile', 'kicad.binary', 'kicad.empty', 'kicad.notSchematic', 'kicad.damaged', 'kicad.newerVersion', 'kicad.itemSkipped', 'kicad.invalidUtf8'];
    keys.push('kicad.sch.missingSheet', 'kicad.sch.sheetCycle', 'kicad.sch.tooManySheets', 'kicad.sch.badSheetFile');
    for (const code of keys) {
      for (const locale of ['zh', 'en'] as const) {
        const text = msg(code, locale, { file: 'f.kicad_sch', line: 3 });
        expect(text, `${locale} ${code}`).toContain('f.kicad_sch');
        expect(text).not.toContain('{file}');
      }
    }
  });

  it('reads a damaged project file defensively', () => {
    expect(parseProject('{"sheets": [', 'p.kicad_pro').error?.key).toBe('kicad.pro.invalid');
    expect(parseProject('[1,2]', 'p.kicad_pro').error?.key).toBe('kicad.pro.invalid');
    const r = parseProject(
      JSON.stringify({
        sheets: [['u1', 'Root'], [5, 'bad'], 'x'],
        net_settings: {
          classes: [{ name: 'Default', clearance: 0.2 }, { clearance: 'wide' }, null, { name: 'Power', track_width: '1mm' }],
          netclass_patterns: [{ netclass: 'Power', pattern: 'VCC*' }, { pattern: 3 }],
          netclass_assignments: { GND: 'Power', VBUS: ['Power', 'Default'], __proto__x: 1, ['__proto__']: 'Evil' },
        },
        text_variables: { REV: 'B', bad: 3 },
      }),
      'p.kicad_pro',
    );
    expect(r.error).toBeUndefined();
    expect(r.project.sheets).toEqual([{ uuid: 'u1', name: 'Root' }]);
    expect(r.project.netClasses).toEqual([{ name: 'Default', clearance: 0.2, nets: [] }, { name: 'Power', nets: [] }]);
    expect(r.project.netClassPatterns).toEqual([{ pattern: 'VCC*', netClass: 'Power' }]);
    const assigned = r.project.netClassAssignments;
    expect(Object.keys(assigned).sort()).toEqual(['GND', 'VBUS', '__proto__']);
    expect([assigned['GND'], assigned['VBUS'], assigned['__proto__']]).toEqual(['Power', 'Power', 'Evil']);
    // '__proto__' from the file stays a plain key: nothing is inherited through it.
    expect(Object.getPrototypeOf(assigned)).toBeNull();
    expect({ ...r.project.textVariables }).toEqual({ REV: 'B' });
    expect(parseProject(new Uint8Array([0xff, 0xfe, 0x00]), 'p.kicad_pro').error?.key).toBe('kicad.pro.invalid');
  });
});
