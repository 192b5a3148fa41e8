import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linesFromSheet, type BomSourceField } from '../../../src/lib/bom/bom-line.ts';
import { matchHeader } from '../../../src/lib/bom/header-match.ts';
import { nonPartOf, type NonPartKind } from '../../../src/lib/bom/non-part.ts';
import { readBomFile } from '../../../src/lib/bom/read/read-bom-file.ts';

type Fields = Partial<Record<BomSourceField, string>>;
/** The verdict for a row given as its mapped fields (cells = the fields' texts) and designators. */
const kindOf = (fields: Fields, designators: readonly string[] = []): NonPartKind | null =>
  nonPartOf({ fields, designators, cells: Object.values(fields) })?.kind ?? null;

// Cell texts below are quoted from real BOMs: tests/fixtures/bom-real (its tuning files only, never
// the held-out ones) and tests/fixtures/bom/eval (file and row named). Cases marked "hand-written"
// are ours, for classes those files do not have.
describe('nonPartOf: mechanical hardware and consumables', () => {
  it('recognises screws, nuts, washers, standoffs, glue, cable ties, magnets, heatsinks (rubiks-robot-purchase.xlsx)', () => {
    for (const d of ['M3x6螺丝', 'M3机米螺丝', 'M3滚花螺母(M3x4x5)', 'M6垫片', '塑料垫柱', '螺纹胶', '热熔胶', '尼龙扎带', '方形锅磁', '磁铁', '9x9x12mm 散热器', '泡棉', '润滑油', '5mm法兰盘联轴器(内径5外径10)', '3D打印耗材 ABS', '6061铝条'])
      expect(kindOf({ description: d, quantity: '2个' }), d).toBe('hardware');
  });

  it('reads the name column beside a spec column (py-apple-bldc-purchase.xlsx: 螺丝 M3*10, 轴承 6701ZZ, 同步带, 杜邦线)', () => {
    expect(kindOf({ description: '螺丝', value: 'M3*10', quantity: '20' })).toBe('hardware');
    expect(kindOf({ description: '轴承', value: '6701ZZ', quantity: '2' })).toBe('hardware');
    expect(kindOf({ description: '防松螺母', value: 'M3', quantity: '10' })).toBe('hardware');
    expect(kindOf({ description: '同步带', value: 'HTD-3M 318 6MM', quantity: '2' })).toBe('hardware');
    expect(kindOf({ description: '杜邦线', quantity: '若干' })).toBe('hardware');
  });

  it('recognises keycaps and screws of a keyboard BOM (keyboard-nano.csv rows 8, 9, 11)', () => {
    for (const d of ['M2*5螺丝', 'M2螺母', '键盘帽']) expect(kindOf({ value: d, quantity: '4' }), d).toBe('hardware');
    // Its switches are parts (they have designators and footprints).
    expect(kindOf({ value: '键盘键轴', package: 'CHERRY_MX_RGB', quantity: '3', description: 'MX轴体或其脚针兼容键轴' }, ['SW1', 'SW2', 'SW3'])).toBeNull();
  });

  it('recognises English hardware, also with a "Generic" maker (eval ring-light-bom.csv rows 11-12; tomu-kicad-bom.csv)', () => {
    expect(kindOf({ description: 'M3x15 SHCS', manufacturer: 'Generic', quantity: '2' })).toBe('hardware');
    expect(kindOf({ description: 'M3 Hex Nut', manufacturer: 'Generic', quantity: '2' })).toBe('hardware');
    expect(kindOf({ value: 'Plastic Case', notes: 'Case to be consigned from external plastics vendor' }, ['XX4'])).toBe('hardware');
    expect(kindOf({ value: 'ESD Bag Sticker' }, ['XX2'])).toBe('hardware');
  });

  it('recognises keycaps, cases, heat-shrink, labels and solder (hand-written)', () => {
    for (const d of ['键帽', 'Keycap DSA 1u', '外壳', 'Top case', '热缩管 Φ3mm', '标签纸', 'Label', '焊锡丝 0.8mm', '锡膏', 'Solder paste', 'Heat shrink tubing 3mm', 'Standoff M2.5 8mm', '铜柱 M3*10', 'Rubber feet'])
      expect(kindOf({ description: d, quantity: '1' }), d).toBe('hardware');
  });

  it('keeps a row with a supplier code or a named maker\'s part number as a part (eval hipi-dac-bom.xlsx row 35, archimajor-altium-bom.xlsx row 44)', () => {
    expect(kindOf({ description: 'Standoff M2.5 8mm B2B', mpn: 'V6622B', supplierPn: 'AE10794-ND', quantity: '4' })).toBeNull();
    expect(kindOf({ mpn: '9774050243R', manufacturer: 'Würth Elektronik', value: 'Standoff 2mm', description: 'Round Standoff Threaded M2x0.4 Steel 0.197" (5.00mm)' }, ['H4'])).toBeNull();
  });

  it('never takes connectors, sockets for cards or wires, switches, motors or fans for hardware (rubiks-robot-purchase.xlsx, l-ink-card.xlsx, hand-written)', () => {
    for (const d of ['XH-3A 2.54mm间距插座', 'XH-2Y 2.54mm间距插头', '2.54mm间距单排针', '16PIN TYPE-C 母座', '42步进电机', '4010风扇', '直插6x6微动开关', 'A3144霍尔传感器', '330uF 25V直插电解电容'])
      expect(kindOf({ description: d, quantity: '1' }, ['X1']), d).toBeNull();
    for (const d of ['螺丝端子 5.08mm 2P', 'Screw terminal 2P 5.08mm', '弹簧顶针 P50', 'Spring contact', 'Battery holder CR2032', 'LED spacer 5mm', 'Header-Female-2.54_2x9'])
      expect(kindOf({ description: d, quantity: '1' }), d).toBeNull();
  });
});

describe('nonPartOf: the PCB, IC sockets and board features', () => {
  it('recognises the PCB by name or by its fabrication spec, with no designator', () => {
    // rubiks-robot-purchase.xlsx row 36; esp32-s3-box-lite-mb.xlsx row 44; eval ring-light-bom.csv rows 9-10.
    expect(kindOf({ description: '印制板', quantity: '1', notes: 'Gerber_PCB1_2023-12-20.zip' })).toBe('pcb');
    expect(kindOf({ value: 'PCB', description: 'EPS32-S3-BOX-Lite_MB,四层,板厚1mm,48.624mm*61.605mm,哑光黑色,白色字符,覆盖塞孔,化学沉金', quantity: '1' })).toBe('pcb');
    expect(kindOf({ description: 'LED Ring Light PCB [PPLG]', manufacturer: 'Capable Robot', supplierPn: 'Ring Light', quantity: '1' })).toBe('pcb');
    expect(kindOf({ description: 'Clamp PCB [PPLG]', quantity: '1' })).toBe('pcb');
    // Hand-written: 电路板 / 线路板 / Bare PCB; a board's spec in English.
    for (const d of ['电路板', '线路板', 'Bare PCB', 'PCB板']) expect(kindOf({ description: d, quantity: '1' }), d).toBe('pcb');
    expect(kindOf({ description: 'Main board, 2 layers, 1.6mm FR4, HASL', quantity: '1' })).toBe('pcb');
  });

  it('does not take PCB-mounted parts or parts with designators for the PCB (eval archimajor-altium-bom.xlsx row 41)', () => {
    expect(kindOf({ mpn: '3557-2', manufacturer: 'Keystone', value: '3557-2', description: 'Fuse Block 30A 500V 1 Circuit Blade PCB' }, ['F1', 'F2'])).toBeNull();
    expect(kindOf({ description: 'Battery holder PCB', quantity: '1' })).toBeNull();
    expect(kindOf({ description: 'PCB mount terminal block', quantity: '1' })).toBeNull();
  });

  it('recognises IC sockets (hand-written) and keeps one with its LCSC code', () => {
    // keyboard-nano.csv row 12: Kailh hot-swap sockets are sockets too.
    expect(kindOf({ value: '热拔插底座', quantity: '3', description: '凯华kailh热拔插底座' })).toBe('socket');
    expect(kindOf({ value: 'Kailh hot-swap socket MX', quantity: '60' })).toBe('socket');
    for (const d of ['IC座', 'DIP-8 IC座', '8P IC座', 'IC插座 DIP-28', '芯片座', '圆孔IC座 DIP-16', 'DIP-28 IC Socket', 'IC socket 14-pin', 'ZIF socket 40 pin'])
      expect(kindOf({ description: d, quantity: '1' }), d).toBe('socket');
    expect(kindOf({ description: 'DIP-8 IC座', supplierPn: 'C72120', quantity: '1' })).toBeNull();
    for (const d of ['TF卡座', 'SIM卡座', 'USB座', 'DIP开关 4位']) expect(kindOf({ description: d, quantity: '1' }), d).toBeNull();
  });

  it('recognises mounting holes, fiducials, test points, pads and logos that the row names', () => {
    // voron-klipper-expander.csv row 5; eval o2p-integrated-board-bom.csv row 6.
    expect(kindOf({ value: 'MountingHole', package: 'KlipperExpander:MountingHole_3.2mm_M3' }, ['H1', 'H2'])).toBe('mountingHole');
    expect(kindOf({ value: 'MountingHole', package: 'MountingHole_3.2mm_M3_DIN965', quantity: '4' }, ['H3', 'H2', 'H1', 'H4'])).toBe('mountingHole');
    // limesdr-mini-1v3.xls row 21; eval archimajor-altium-bom.xlsx row 43.
    expect(kindOf({ value: 'Fiducial', quantity: '1', package: 'Fiducial_local' }, ['FL1'])).toBe('fiducial');
    expect(kindOf({ mpn: 'NOTAPART-Fiducial', notes: 'NOTAPART-Fiducial', quantity: '7', value: 'FIDUCIAL' }, ['FD1', 'FD2', 'FD3'])).toBe('fiducial');
    // x-knob-superdial-v2.xlsx row 12 (solder pads, "无需买").
    expect(kindOf({ quantity: '8', mpn: '焊盘', package: '焊盘', notes: '无需买' }, ['P1', 'P2', 'P3'])).toBe('pad');
    // Hand-written: KiCad test points and logos.
    expect(kindOf({ value: 'TestPoint', package: 'TestPoint:TestPoint_Pad_D1.0mm' }, ['TP1', 'TP2'])).toBe('testPoint');
    expect(kindOf({ value: 'Test point', description: 'test point' }, ['TP3'])).toBe('testPoint');
    expect(kindOf({ value: 'Logo' }, ['G1'])).toBe('logo');
  });

  it('keeps orderable test points and rows that only mention a feature as parts (hand-written)', () => {
    // A Keystone test loop is bought: its maker and part number say so.
    expect(kindOf({ value: 'TestPoint', mpn: '5015', manufacturer: 'Keystone', description: 'PC TEST POINT MINIATURE SMT' }, ['TP1'])).toBeNull();
    expect(kindOf({ value: 'TestPoint', supplierPn: 'C238122' }, ['TP1'])).toBeNull();
    // 'TP' in a description is no test point on a U line; a mounting-hole footprint on a connector line is no hole.
    expect(kindOf({ value: 'TP4056', description: 'Li-ion charger, TP pin' }, ['U1'])).toBeNull();
    expect(kindOf({ value: 'Conn_01x02', package: 'Connector:MountingHole_Pad' }, ['J1'])).toBeNull();
    expect(kindOf({ value: 'FL-100', description: 'Fiducial-free filter' }, ['FL1'])).toBeNull();
    // A mention without designators of that kind decides nothing: the screw is hardware, the coded standoff a part.
    expect(kindOf({ description: 'M3 screws for the mounting holes', quantity: '4' })).toBe('hardware');
    expect(kindOf({ description: 'Standoff for mounting hole M3', supplierPn: '36-24337-ND', quantity: '4' })).toBeNull();
  });
});

describe('nonPartOf: blank rows and headings', () => {
  it('sets apart rows with nothing that identifies a part and no designator', () => {
    // eval lora-ardupilot-easyeda-bom.csv row 21 ('Sky' in the ID column); x-knob-superdial-v2.xlsx row 48.
    expect(nonPartOf({ fields: {}, designators: [], cells: ['Sky'] })).toEqual({ kind: 'blank', text: 'Sky' });
    expect(nonPartOf({ fields: { package: 'r17 4.7k' }, designators: [], cells: ['', '', '', '', 'r17 4.7k'] })?.kind).toBe('blank');
    expect(nonPartOf({ fields: { quantity: '3' }, designators: [], cells: ['12', '3'] })?.kind).toBe('blank');
    // With a designator the line stays a line to fix (bom-line's nothingToMatch).
    expect(nonPartOf({ fields: { notes: 'spare' }, designators: ['R1'], cells: ['R1', '', '1', 'spare'] })).toBeNull();
  });

  it('recognises section titles, second header rows and summary lines', () => {
    // rubiks-robot-purchase.xlsx rows 34-35.
    expect(nonPartOf({ fields: { description: 'PCBA上的元器件:' }, designators: [], cells: ['PCBA上的元器件:'] })?.kind).toBe('heading');
    expect(nonPartOf({ fields: { description: '型号', quantity: '数量', notes: '位号 | 备注' }, designators: [], cells: ['型号', '数量', '位号', '备注'] })?.kind).toBe('heading');
    // x-knob-superdial-v2.xlsx row 26: a title merged across the row (its designator column too).
    const merged = Array<string>(7).fill('驱动板');
    expect(nonPartOf({ fields: { quantity: '驱动板', mpn: '驱动板', designators: '驱动板', package: '驱动板', value: '驱动板' }, designators: ['驱动板'], cells: merged })?.kind).toBe('heading');
    // eval ulx3s-kibom.csv rows 59-60 (KiBoM's footer), hipi-dac-bom.xlsx row 36.
    expect(nonPartOf({ fields: { notes: 'Component Groups:', description: '52' }, designators: [], cells: ['Component Groups:', '52'] })?.kind).toBe('heading');
    expect(nonPartOf({ fields: {}, designators: [], cells: ['', '', '', '', '', '', '', '', 'Total:', '29'] })?.kind).toBe('heading');
    // Hand-written: section names.
    for (const t of ['电源部分', 'Mechanical parts', '辅料']) expect(nonPartOf({ fields: { description: t }, designators: [], cells: [t] })?.kind, t).toBe('heading');
  });

  it('does not take a part line with a number, a quantity or designators for a heading', () => {
    expect(nonPartOf({ fields: { description: 'RP2040', quantity: '1' }, designators: ['U1'], cells: ['RP2040', '1', 'U1'] })).toBeNull();
    expect(nonPartOf({ fields: { description: '10K' }, designators: [], cells: ['10K', '10K'] })).toBeNull();
    expect(nonPartOf({ fields: { description: 'Ferrite bead' }, designators: [], cells: ['Ferrite bead'] })).toBeNull();
    // 'No' and 'DNP' are header words and data: a row of them is no header.
    expect(nonPartOf({ fields: { value: '10k', notes: 'DNP | No' }, designators: ['R1'], cells: ['R1', '10k', 'DNP', 'No'] })).toBeNull();
  });
});

describe('linesFromSheet: non-part lines', () => {
  it('keeps them, marked DNP (the matcher skips DNP lines) with one problem saying what they are', () => {
    const rows = [['物料名称', '物料数量', '备注'], ['M3x6螺丝', '12个', ''], ['RP2040', '1', ''], ['PCBA上的元器件:'], ['印制板', '1', 'Gerber_PCB1_2023-12-20.zip']];
    const lines = linesFromSheet(rows, matchHeader(rows));
    expect(lines.map((l) => l.nonPart?.kind ?? null)).toEqual(['hardware', null, 'heading', 'pcb']);
    expect(lines.map((l) => l.dnp)).toEqual([true, false, true, true]);
    expect(lines[0]?.problems).toEqual([{ key: 'bom.line.notAPartHardware', vars: { text: 'M3x6螺丝' } }]);
    expect(lines[3]?.problems).toEqual([{ key: 'bom.line.notAPartPcb', vars: { text: '印制板' } }]);
    // Read as parts when asked (the user's override).
    expect(linesFromSheet(rows, matchHeader(rows), { nonParts: false }).every((l) => l.nonPart === null)).toBe(true);
  });

  it('does not report a merged title repeated between sections as a repeated designator', () => {
    const header = ['序号', '数量', '名称', '丝印', '封装'];
    const title = Array<string>(5).fill('驱动板');
    const rows = [header, ['1', '1', 'AP2300', 'Q1', 'SOT-23'], title, ['2', '1', 'AP2300', 'Q2', 'SOT-23'], title];
    const lines = linesFromSheet(rows, matchHeader(rows));
    expect(lines.map((l) => l.nonPart?.kind ?? null)).toEqual([null, 'heading', null, 'heading']);
    expect(lines.flatMap((l) => l.problems.map((p) => p.key))).toEqual(['bom.line.notAPartHeading', 'bom.line.notAPartHeading']);
  });
});

// The graded real BOMs (tests/fixtures/bom-real): on the manifest's tuning files (heldOut: false),
// no line graded a part is set apart; the graded non-parts that are caught are counted and printed.
describe('non-part lines on the graded real BOMs (tuning files)', () => {
  const ROOT = join(import.meta.dirname, '../../fixtures/bom-real');
  type Answer = { lines: { row: number; kind: 'part' | 'not-a-part'; note?: string }[] };
  const manifest = JSON.parse(readFileSync(join(ROOT, 'manifest.json'), 'utf8')) as { file: string; heldOut: boolean }[];
  const tuning = manifest.filter((m) => m.heldOut === false && existsSync(join(ROOT, 'answers', m.file.replace(/\.[^.]+$/, '.json'))));

  it('sets apart no graded part, and most graded non-parts (the rest are listed)', () => {
    const wrong: string[] = [];
    const missed: string[] = [];
    let caught = 0;
    let nonParts = 0;
    for (const m of tuning) {
      const rows = readBomFile(new Uint8Array(readFileSync(join(ROOT, 'files', m.file))), m.file).sheets[0]?.rows ?? [];
      const answer = JSON.parse(readFileSync(join(ROOT, 'answers', m.file.replace(/\.[^.]+$/, '.json')), 'utf8')) as Answer;
      const lines = new Map(linesFromSheet(rows, matchHeader(rows)).map((l) => [l.row, l]));
      for (const a of answer.lines) {
        const line = lines.get(a.row);
        // A row linesFromSheet skips (a repeat of the header) is set apart too; DNP lines are skipped by the matcher.
        const apart = line === undefined || line.dnp;
        if (a.kind === 'part' && line?.nonPart) wrong.push(`${m.file} row ${a.row}: ${line.nonPart.kind} "${line.nonPart.text}"`);
        if (a.kind !== 'part') {
          nonParts++;
          if (apart) caught++;
          else missed.push(`${m.file} row ${a.row}: ${a.note ?? ''}`.slice(0, 160));
        }
      }
    }
    console.info([`non-part rows set apart on ${tuning.length} tuning files: ${caught}/${nonParts}; parts set apart: ${wrong.length}`, ...wrong, ...missed.map((s) => `  missed ${s}`)].join('\n'));
    expect(wrong).toEqual([]);
    expect(caught / nonParts).toBeGreaterThanOrEqual(0.9);
  });
});
