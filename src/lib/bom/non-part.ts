// Rows of a BOM that are not electronic parts (issue #30): the PCB itself, IC sockets, mechanical
// hardware and consumables (screws, nuts, standoffs, keycaps, cases, glue, solder…), test points,
// fiducials, mounting holes and pads that the row itself names, rows with nothing to identify a
// part, and section headings. Such a line is kept (nothing is dropped) but set apart as
// 非元器件 / "Not a part", and the matcher skips it. Conservative: a row is a part unless one of
// these rules says otherwise, and a row that carries a supplier code, or a maker's part number with
// the maker named, stays a part even when it names hardware (an SMT standoff, a Keystone test
// loop, an IC socket with its LCSC code are all orderable parts). Pure; no DOM, no server code.

import type { BomSourceField } from './bom-line.ts';
import { isKnownHeader } from './header-match.ts';

export const NON_PART_KINDS = ['blank', 'heading', 'pcb', 'socket', 'hardware', 'testPoint', 'fiducial', 'mountingHole', 'pad', 'logo'] as const;
export type NonPartKind = (typeof NON_PART_KINDS)[number];

export type NonPart = {
  readonly kind: NonPartKind;
  /** The cell that decided (as written, trimmed), '' for a blank row. */
  readonly text: string;
};

export type NonPartInput = {
  readonly fields: Readonly<Partial<Record<BomSourceField, string>>>;
  readonly designators: readonly string[];
  /** The row as uploaded. */
  readonly cells: readonly string[];
};

const IDENTIFYING: readonly BomSourceField[] = ['mpn', 'value', 'description', 'supplierPn'];

const clean = (t: string): string => t.normalize('NFKC').replace(/\s+/g, ' ').trim();

/** Words that name an electronic part: a cell with one of them is never hardware or a PCB by its words. */
const ELECTRONIC =
  /terminal|connector|\bconn\b|header|socket|receptacle|holder|contact|pogo|switch|relay|fuse|batter|\bled\b|resistor|capacitor|inductor|diode|transistor|mosfet|crystal|oscillator|sensor|module|\bic\b|端子|连接器|插座|插头|排针|排母|座子|母座|开关|继电器|电池|传感器|模块|弹簧针|顶针|探针|电阻|电容|电感|二极管|三极管|晶振|芯片|保险丝|发光|按键|接插件/i;

/** Mechanical hardware and consumables, in Chinese (the names end with the thing: 'M3x6螺丝', '塑料垫柱'). */
const HARDWARE_ZH =
  /螺丝|螺钉|螺栓|螺母|螺帽|垫片|垫圈|平垫|弹垫|铜柱|隔离柱|六角柱|支撑柱|垫柱|螺柱|键帽|键盘帽|按键帽|外壳|机壳|壳体|热缩管|热缩套管|扎带|标签纸|贴纸|铭牌|胶水|热熔胶|螺纹胶|双面胶|导热胶|导热硅脂|硅脂|焊锡|锡丝|锡膏|焊膏|助焊剂|散热片|散热器|磁铁|锅磁|弹簧|泡棉|脚垫|耗材|润滑油|轴承|联轴器|同步带|同步轮|铝条|铝型材|铁棒|光轴|亚克力板|杜邦线/;
/** The same in English; 'case', 'cover', 'lid' only as the whole name ('Top case', 'Acrylic lid'). */
const HARDWARE_EN =
  /\b(?:screws?|bolts?|nuts?|washers?|stand-?offs?|spacers?|key\s?caps?|enclosures?|heat[-\s]?shrink|heat[-\s]?sinks?|cable\s+ties|zip\s+ties?|labels?|stickers?|glue|adhesive|thermal\s+(?:paste|compound|grease)|magnets?|springs?|rubber\s+feet|bumpers?|shcs|bhcs|fhcs|bearings?|filament|timing\s+belt|dupont\s+wires?|jumper\s+wires?)\b|^(?:solder|solder\s+(?:wire|paste|flux)|flux)$|^(?:(?:top|bottom|front|back|rear|upper|lower|acrylic|plastic|metal|alumini?um|3d[-\s]?printed)\s+)?(?:case|cover|lid|shell)$/i;

/** IC sockets ('IC座', 'DIP-8 IC座', '芯片座', '圆孔IC座', 'IC socket', 'DIP-28 socket', 'ZIF socket') and keyboard switches' hot-swap sockets ('热拔插底座'). */
const IC_SOCKET =
  /热(?:插拔|拔插)(?:底)?座|\bhot[-\s]?swap\s+sockets?\b|IC\s*[-_]?\s*(?:插)?座|芯片(?:插)?座|(?:DIP|DIL|SIP|PLCC|ZIF|SOP)[-\s_]?\d*\s*(?:IC\s*)?(?:插座|座子|座)|\bIC[-\s_]?sockets?\b|\b(?:DIP|DIL|PLCC|ZIF|SIP)[-\s_]?\d*[-\s_]+(?:IC[-\s_]+)?sockets?\b|圆孔(?:IC)?座/i;

/** The PCB by name: 'PCB', '印制板', '电路板', 'Bare PCB', 'LED Ring Light PCB [PPLG]', 'Main PCB'. */
const PCB_NAME = /^(?:bare\s+)?(?:pcb|pwb|pcb\s*board|printed\s+circuit\s+board|印制板|印制电路板|印刷电路板|电路板|线路板|pcb板|pcb\s*裸板|裸板|光板|空板)(?:\s*[(（[].*[)）\]])?$/i;
const PCB_AT_END = /\bPCBA?(?:\s*\[[^\]]*\])?$/i;
/** '… Blade PCB', 'Battery holder PCB': a part mounted on the PCB, not the PCB ('LED Ring Light PCB' is one). */
const PCB_MOUNTED = /holder|connector|terminal|header|socket|receptacle|fuse|batter|relay|switch|mount|jack|plug|端子|座|连接器|插座|插头/i;
/** A board's fabrication spec ('四层,板厚1mm,…,沉金', '2 layers, 1.6 mm, ENIG'): two of these, and a board named, say it is the PCB. */
const FAB_TERMS = [/板厚/, /[二两四六八\d]\s*层/, /沉金|喷锡|镀金|OSP/i, /阻焊|字符|丝印/, /\bFR-?4\b/i, /\b\d+\s*layers?\b/i, /\bENIG\b|\bHASL\b/i, /solder\s*mask|silk\s*screen/i, /gerber/i, /\d+(?:\.\d+)?\s*mm\s*[*×x]\s*\d+(?:\.\d+)?\s*mm/i];

const SAYS_TEST_POINT = /test\s*point|testpoint|测试点|\bTP\b/i;
const SAYS_FIDUCIAL = /fiducial|\bfid\b|基准点|mark点|光学定位/i;
const SAYS_MOUNTING_HOLE = /mounting\s*hole|mountinghole|mount\s*hole|安装孔|定位孔|螺丝孔|固定孔|\bNPTH\b/i;
const FIDUCIAL_NAME = /^(?:fiducials?|fiducial[\s_-]?(?:mark|local|global|\d+(?:\.\d+)?mm)?|notapart-?fiducial|基准点|mark点|光学定位点)$/i;
const MOUNTING_HOLE_NAME = /^(?:mounting\s*holes?|mountinghole(?:_[\w.]+)?|mount\s*holes?|安装孔|定位孔|螺丝孔|固定孔)$/i;
const TEST_POINT_NAME = /^(?:test\s*points?|testpoint(?:_[\w.]+)?|测试点)$/i;
const PAD_NAME = /^(?:焊盘|测试焊盘|pads?|solder\s*pads?|test\s*pads?|testpad)$/i;
const LOGO_NAME = /^(?:logo|[\w-]*[_-]logo|oshw|graphic|art|artwork|label\s+logo)$/i;

const FLAG_WORD = /^(?:no\.?|yes|dnp|dnf|dni|nc|optional\??|fitted|populate|x|#|id)$/i;

const allDesignators = (designators: readonly string[], re: RegExp): boolean => designators.every((d) => re.test(d));
/** A cell ending in a colon: a section title ('PCBA上的元器件:') or a summary key ('Component Count:'). */
const COLON_END = /[:：]$/;
/** Section names: '电源部分', '机械件', '辅料', 'Mechanical parts', 'Hardware'. */
const SECTION_NAME = /(?:部分|清单|物料|元器件|器件|辅料|材料|配件|机械件|结构件|类)$|^(?:mechanical(?:\s+parts)?|hardware|electronics|electronic\s+parts|accessories|consumables|other\s+parts|section\b.*)$/i;

function cellsOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(' | ')
    .map(clean)
    .filter((c) => c !== '');
}

/** A part number of the maker, with the maker named (or a supplier code): the row is an orderable part. */
function orderable(fields: NonPartInput['fields']): boolean {
  if (cellsOf(fields.supplierPn).some((c) => /\d/.test(c))) return true;
  const maker = clean(fields.manufacturer ?? '');
  if (maker === '' || /^(?:generic|any|various|n\/?a|none|tbd|-|通用|任意|不限|无)$/i.test(maker)) return false;
  // Keystone's test loops are '5015': digits suffice; a thread size ('M3x8') is no part number.
  return cellsOf(fields.mpn).some((c) => /\d/.test(c) && c.length >= 4 && !/^M\d/i.test(c));
}

function firstMatch(cells: readonly string[], test: (c: string) => boolean): string | null {
  return cells.find(test) ?? null;
}

/** Why a row is not a part, or null when it is (or may be) one. */
export function nonPartOf(row: NonPartInput): NonPart | null {
  const { fields, designators } = row;
  const filled = row.cells.map(clean).filter((c) => c !== '');
  const identifying = IDENTIFYING.flatMap((f) => cellsOf(fields[f]));

  // Nothing to identify a part and no designator: a blank row (only a row number, a stray note) or a heading.
  if (identifying.length === 0 && designators.length === 0) {
    const first = filled[0] ?? '';
    return { kind: COLON_END.test(first) ? 'heading' : 'blank', text: first };
  }

  // A second header row of another layout ('型号 | 数量 | 位号 | 备注' below a purchasing list).
  // Words that are headers and also data ('No', 'DNP') are not counted.
  const headers = filled.filter((c) => isKnownHeader(c) && !FLAG_WORD.test(c)).length;
  if ((headers >= 3 && headers >= filled.length * 0.6) || (headers >= 2 && headers === filled.length)) return { kind: 'heading', text: filled.join(' | ') };
  const distinct = [...new Set(filled)];
  if (distinct.length === 1) {
    const only = distinct[0]!;
    // A title merged across the row ('驱动板' in every cell).
    if (filled.length >= 2 && !/\d/.test(only)) return { kind: 'heading', text: only };
    // A lone title: 'PCBA上的元器件:', '电源部分', 'Mechanical'.
    if (designators.length === 0 && clean(fields.quantity ?? '') === '' && (COLON_END.test(only) || SECTION_NAME.test(only))) return { kind: 'heading', text: only };
  }
  // A summary line: 'Component Count:' and its figure, 'Total:' and a sum.
  if (designators.length === 0 && filled.length <= 3 && COLON_END.test(filled[0] ?? '') && !/\d/.test(filled[0] ?? '')) return { kind: 'heading', text: filled[0]! };

  const names = [...cellsOf(fields.value), ...cellsOf(fields.description), ...cellsOf(fields.mpn)];
  const withPackage = [...names, ...cellsOf(fields.package)];

  // The PCB itself: named so, or described by its fabrication spec, with no designator (or 'PCB1').
  if (designators.length === 0 || allDesignators(designators, /^PCB\d*$/i)) {
    const pcb =
      firstMatch(names, (c) => PCB_NAME.test(c) || (PCB_AT_END.test(c) && !PCB_MOUNTED.test(c))) ??
      firstMatch(names, (c) => /PCB|板|board/i.test(c) && FAB_TERMS.filter((t) => t.test(c)).length >= 2);
    if (pcb !== null) return { kind: 'pcb', text: pcb };
  }

  // Board features named as the part's whole name ('Fiducial', 'MountingHole', '焊盘').
  const named = (re: RegExp): string | null => firstMatch(names, (c) => re.test(c));
  const fiducial = named(FIDUCIAL_NAME);
  if (fiducial !== null) return { kind: 'fiducial', text: fiducial };
  const hole = named(MOUNTING_HOLE_NAME);
  if (hole !== null) return { kind: 'mountingHole', text: hole };
  const logo = named(LOGO_NAME);
  if (logo !== null && designators.length > 0 && allDesignators(designators, /^(?:G|LOGO|GR|ART)\d+/i)) return { kind: 'logo', text: logo };

  // Past this point a supplier code, or a named maker's part number, keeps the row a part.
  if (orderable(fields)) return null;
  const pad = named(PAD_NAME);
  if (pad !== null) return { kind: 'pad', text: pad };
  const testPoint = named(TEST_POINT_NAME);
  if (testPoint !== null) return { kind: 'testPoint', text: testPoint };
  // Features the row's text (or footprint) mentions, on designators of that kind only ('FID1', 'H1', 'TP1').
  const mentions = (re: RegExp, des: RegExp): string | null => (designators.length > 0 && allDesignators(designators, des) ? firstMatch(withPackage, (c) => re.test(c)) : null);
  const mentioned =
    ((f) => (f ? { kind: 'fiducial' as const, text: f } : null))(mentions(SAYS_FIDUCIAL, /^(?:FID|FD|FM|MK|MARK|REF)\d+/i)) ??
    ((h) => (h ? { kind: 'mountingHole' as const, text: h } : null))(mentions(SAYS_MOUNTING_HOLE, /^(?:H|MH|HOLE|MTG|MP)\d+/i)) ??
    ((t) => (t ? { kind: 'testPoint' as const, text: t } : null))(mentions(SAYS_TEST_POINT, /^TP\d+/i));
  if (mentioned) return mentioned;

  const socket = firstMatch(names, (c) => IC_SOCKET.test(c));
  if (socket !== null) return { kind: 'socket', text: socket };
  const hardware = firstMatch(names, (c) => (HARDWARE_ZH.test(c) || HARDWARE_EN.test(c)) && !ELECTRONIC.test(c));
  if (hardware !== null) return { kind: 'hardware', text: hardware };
  return null;
}

/**
 * Why a stored line (bom_lines.source: { fields, cells }) is not a part, read again from its
 * cells, or null. A line is set apart only while it is skipped (dnp): the user's "match it anyway"
 * (dnp: false through /bom/changeSet) makes it a part again, so nothing needs storing.
 */
export function nonPartOfStored(source: unknown, designators: readonly string[]): NonPart | null {
  const s = (source ?? {}) as { fields?: NonPartInput['fields']; cells?: readonly string[] };
  return nonPartOf({ fields: s.fields ?? {}, designators, cells: s.cells ?? [] });
}
