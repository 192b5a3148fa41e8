// Header match (#12 item 2): find the header row of an uploaded sheet and map each column to a BOM
// field, from Chinese and English header synonyms and from what the cells contain. Pure: the
// API route and the job call it on rows the upload parser produced.
//
// How it decides, in order:
// 1. The header row: each of the first HEADER_SCAN_ROWS rows is scored by how many of its cells
//    are known headers (title and preamble rows — LCSC's quotation lines, KiCad ≤ 6's
//    Date/Tool lines — score nothing). No row with two known headers: the sheet has no header.
// 2. Per column, a header verdict (exact synonym: strong; pattern: medium; ambiguous word such as
//    'Part' or 'Amount': weak) and a content verdict from the first data rows (designator lists,
//    LCSC C-codes, Digi-Key '-ND' codes, whole counts, KiCad 'Lib:Name' footprints, URLs,
//    passive values, MPN shapes).
// 3. Content confirms the header, or replaces it when the header is weak or unknown, or decides
//    value-vs-MPN for Comment/Value columns; a strong header is not overruled otherwise, with
//    these exceptions (issue #30): a 'Part Number' of internal stock codes ('ABC-000123',
//    '10.02.0033') or a LibRef of library names ('C', 'R', 'LED', '电容-0402', few repeated
//    values) is not the MPN (notes); a link column of LCSC codes or LCSC product pages is the
//    supplier code; a supplier-named column of flags ('LCSC Assembly': Yes) is a note.
// 4. One column per field: a column with data beats an empty one; for the MPN a maker's column
//    ('Manufacturer1 PN', 'Mfr. Part #', 'Manufacturer Part Number 1') of part numbers beats a
//    generic 'Part Number'; for the value a column holding another's cells and more (EasyEDA Pro's
//    Comment over its Value) wins; then the best score, then the leftmost. The others become
//    `notes` when they hold data, `ignore` when empty. A Chinese 规格 beside a 名称 is the value.
//    Supplier codes are the exception: every supplier column with data keeps `supplierPn` (a
//    KiBoM sheet has LCSC, Digikey and Mouser columns side by side); empty ones become `ignore`.

import type { ServerMessageKey } from '../server/messages/zh.ts';
import { looksLikeDesignators } from './designators.ts';
import { cellSaysDnp } from './dnp.ts';
import { looksLikeCount } from './quantity.ts';

export const BOM_FIELDS = ['mpn', 'manufacturer', 'description', 'package', 'value', 'quantity', 'designators', 'supplierPn', 'notes', 'ignore'] as const;
export type BomField = (typeof BOM_FIELDS)[number];

export type HeaderColumn = { readonly index: number; readonly header: string; readonly field: BomField };
export type BomHeaderProblemKey = Extract<ServerMessageKey, `bom.header.${string}`>;
export type HeaderMatch = {
  /** Index of the header row in `rows`; null when the sheet has none (mapped by content). */
  readonly headerRow: number | null;
  readonly columns: readonly HeaderColumn[];
  /** 0..1: how sure the mapping is (the page asks the user to check below ~0.7). */
  readonly confidence: number;
  /** What the user should look at on the mapping page (message keys of the server tables). */
  readonly problems: readonly BomHeaderProblemKey[];
};

export const HEADER_SCAN_ROWS = 20;
/** Data rows read for the content checks. */
const CONTENT_SAMPLE_ROWS = 50;
/** Fields a sheet may have only once. */
/** Fields a line can be matched on. */
const IDENTIFYING_FIELDS: ReadonlySet<BomField> = new Set(['mpn', 'value', 'description', 'supplierPn']);
/** Supplier codes may come in several columns (one per distributor); `resolveDuplicates` keeps those with data. */
const UNIQUE_FIELDS: ReadonlySet<BomField> = new Set(['mpn', 'manufacturer', 'description', 'package', 'value', 'quantity', 'designators', 'supplierPn']);

/** NFKC, lower case, whitespace and `_-.#()/:：` (and quotes, ?) removed. */
export function normalizeHeader(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[\s_\-.#()/:：'"?？’*]/g, '');
}

const STRONG = 3;
const MEDIUM = 2;
const WEAK = 1;

/**
 * What kind of header a verdict came from, where the field alone does not say enough:
 * - `maker`: a maker's part number by name ('Manufacturer Part Number', 'Mfr. Part #', 'MPN',
 *   'Manufacturer1 PN'), preferred over a `generic` 'Part Number' when its cells are part numbers;
 * - `generic`: 'Part Number', 'PN', 'Part #': an MPN, or a company's internal stock code;
 * - `libref`: a CAD library reference ('LibRef', 'Design Item ID'): 'C', 'R', 'AMS1117', rarely an MPN;
 * - `name`: an item's name ('Name', '名称', '元件名'): a value, a part number or words;
 * - `spec`: a Chinese 规格 (specification) column: the value when a name column is the description;
 * - `link`: a link column: ignored, unless its cells are LCSC codes or LCSC product links.
 */
type HeaderTag = 'maker' | 'generic' | 'libref' | 'name' | 'spec' | 'link';
type Verdict = { readonly field: BomField; readonly score: number; readonly tag?: HeaderTag };

/** Exact synonyms (already normalised). */
const SYNONYMS: ReadonlyMap<string, Verdict> = (() => {
  const m = new Map<string, Verdict>();
  const add = (field: BomField, score: number, names: readonly string[], tag?: HeaderTag): void => {
    for (const n of names) m.set(normalizeHeader(n), tag ? { field, score, tag } : { field, score });
  };
  add('designators', STRONG, [
    'Designator', 'Designators', 'Reference', 'References', 'Reference(s)', 'Ref', 'Refs', 'RefDes', 'Ref Des', 'Reference Designator',
    'Reference Designators', 'Part Reference', 'Customer Reference', 'Location', 'Top Designator', 'Parts',
    '位号', '位置号', '元件位号', '器件位号', '标号', '元件标号', '位号/标号',
  ]);
  add('designators', MEDIUM, ['Bottom Designator', 'Identifier', 'Refdes List']);
  add('quantity', STRONG, [
    'Qty', 'Qnty', 'Quantity', 'Count', 'Quantity Per PCB', 'Quantity Per Side', 'Qty (used)', 'Qty per board', 'Quantity(per unit)',
    'Quantity per unit', 'Quantity 1', 'QTY/PCB', 'Usage', '数量', '用量', '物料数量', '单板用量', '单机用量', '数量(pcs)', '数量/pcs', '需求数量', '每板数量',
  ]);
  add('quantity', WEAK, ['Amount', 'Number']);
  add('mpn', STRONG, [
    'MPN', 'Manufacturer Part', 'Manufacturer Part Number', "Manufacturer's Part Number", 'Manufacturer Part No', 'Mfr Part', 'Mfr Part #',
    'Mfr. Part Number', 'Mfg PN', 'MFG_PN', 'Mfg Part No', 'Mfg Part Number', 'Mfr PN', 'MPN1', 'Mrf#', 'Manufacturer_Part_Number', 'Mfr No', 'MF_PN',
    '制造商料号', '制造商型号', '厂商型号', '厂家型号', '原厂型号', '原厂料号',
  ], 'maker');
  add('mpn', STRONG, ['Part Number', 'PartNumber', 'PN', 'P/N', 'Part No', 'Part Num'], 'generic');
  add('mpn', STRONG, ['Model', '型号', '元件型号', '规格型号', '型号规格', '物料型号', '器件型号', '芯片型号']);
  // Library references: 'C', 'R', 'AMS1117' (Altium's LibRef), a company code or, rarely, the MPN: content decides.
  add('mpn', WEAK, ['LibRef', 'Lib Ref', 'Design Item ID'], 'libref');
  add('mpn', MEDIUM, ['Value/Model', 'MPN/Value']);
  // 'Part' is the designator in Eagle exports and the MPN in JLCPCB's: content decides.
  add('mpn', WEAK, ['Part #', 'Part'], 'generic');
  add('manufacturer', STRONG, [
    'Manufacturer', 'Manufacturers', 'Mfr', 'Mfr.', 'Mfg', 'MF', 'MFG1', 'MFR1', 'Manufacturer 1', 'Manufacturer Name', 'Brand', 'Maker', 'MFG',
    '品牌', '制造商', '厂商', '厂家', '生产厂家', '生产商', '制造商名称', '厂牌',
  ]);
  // 'Designation': KiCad's PCB-editor BOM export names its value column so.
  add('value', STRONG, ['Value', 'Val', 'Comment', 'Designation', '值', '参数', '阻值', '容值', '标称值', '参数值', '规格值']);
  add('description', STRONG, [
    'Description', 'Desc', 'Specification', 'Spec', 'Part Description', 'Component Description', 'Item Description',
    '描述', '元件类型', '说明', '物料描述', '规格描述', '器件描述', '元件描述',
  ]);
  add('description', STRONG, ['名称', '品名', '物料名称', '元件名称', '器件名称', '元器件名称'], 'name');
  add('description', STRONG, ['规格', '物料规格', '规格参数', '参数规格'], 'spec');
  add('description', WEAK, ['Item']);
  add('description', MEDIUM, ['Name', 'Item Name', 'Part Name', 'Plain Name', 'Component', 'Device', '元件名', '器件名', '元器件'], 'name');
  add('description', MEDIUM, ['Type', 'Part Type', 'Title', 'Category', '类别', '分类']);
  add('package', STRONG, [
    'Footprint', 'Package', 'PCB Footprint', 'Case', 'Case/Package', 'Package/Case', 'Footprint Name', 'Pattern',
    '封装', '元件封装', '封装规格', '封装尺寸', '器件封装', 'PCB封装',
  ]);
  add('supplierPn', STRONG, [
    'LCSC', 'LCSC Part #', 'LCSC Part', 'LCSC#', 'LCSC Part Number', 'LCSC PN', 'LCSC Part No', 'JLCPCB Part #', 'JLCPCB Part', 'JLC Part',
    'Supplier Part', 'Supplier Part Number', 'Supplier Part #', 'Supplier PN', 'Supplier Part No', 'Digi-Key Part Number', 'Digikey', 'Digi-Key',
    'Digikey PN', 'DigiKey Part', 'DK', 'Mouser', 'Mouser Part Number', 'Mouser PN', 'Mouser Part', 'Mouser_Part_Number', 'Farnell', 'Farnell Part Number',
    'RS Part Number', 'RS Components Part No', 'RS', 'TME', 'Newark', 'Arrow', 'Avnet', 'AvnetEU', 'Chip1stop', 'Onlinecomponents', 'SKU', 'Order Code', '立创编号', '商品编号', '供应商编号', '供应商料号', '立创商城编号', '嘉立创编号', 'LCSC编号',
  ]);
  add('notes', STRONG, [
    'Notes', 'Note', 'Remark', 'Remarks', 'Comments', 'Customer Notes', 'Customer Part Number', 'Optional', 'Optional?', 'Assembly Notes',
    'DNP', 'DNF', 'DNI', 'Do Not Populate', 'Fitted', 'Populate', 'Exclude from BOM', '备注', '备注说明', '是否贴片', '贴片', '不贴',
  ]);
  add('ignore', STRONG, [
    '#', 'No', 'No.', 'Item No', 'Line', 'Index', 'ID', 'Item Number', '序号', '编号', '行号',
    'Datasheet', 'Data Sheet', 'Datasheet URL', 'LibPart', 'Lib Part', 'Symbol', 'Library', 'Library Ref', 'Source', 'Supplier', 'Distributor',
    'Vendor', 'Lib Type', 'Matches', 'Matched status', 'Warning', 'Stock Status', 'Availability', 'Order Qty', 'Order Qty.', 'Min', 'Mult',
    'SPQ', 'MOQ', 'Stock', 'Image', 'Weight', 'Lead Time', 'Mfg Std Lead Time', 'RoHS', 'RoHS Status', 'Lead Free Status', 'REACH Status',
    'Price', 'Unit Price', 'Ext Price', 'Total', 'Total Price', 'Cost', 'Currency', 'Price Unit', 'Line Price', 'Price Each', 'Amount (USD)',
    'Quantity 2', 'Quantity 3', 'Qty 2', 'Qty 3', 'Maximum Package Height', 'Height', 'PartRev', 'Standard', 'Side', 'Layer', 'Board Side',
    '库存', '库存数量', '单价', '总价', '价格', '金额', '图片', '供应商', '交期', '最小包装', '起订量',
  ]);
  // Links: ignored unless their cells are LCSC codes or LCSC product pages (then the supplier code).
  add('ignore', MEDIUM, ['Link', 'URL', 'Links', 'Buy Link', 'Purchase Link', 'Product Link', '链接', '采购链接', '购买链接', '商品链接', '淘宝链接', '购买地址', '采购地址'], 'link');
  return m;
})();

/** Patterns for headers not in the table, tried in order (negative ones first). */
const PATTERNS: ReadonlyArray<{ readonly re: RegExp; readonly field: BomField; readonly score: number; readonly tag?: HeaderTag }> = [
  { re: /price|cost|subtotal|usd|rmb|cny|eur|gbp|aud|价|金额|费用/, field: 'ignore', score: MEDIUM },
  { re: /datasheet|手册/, field: 'ignore', score: MEDIUM },
  { re: /url|link|http|链接|网址|地址/, field: 'ignore', score: MEDIUM, tag: 'link' },
  { re: /stock|库存|availab|leadtime|交期|moq|spq|orderq|起订|包装/, field: 'ignore', score: MEDIUM },
  { re: /^(?:qty|quantity|数量)[2-9]$/, field: 'ignore', score: MEDIUM },
  { re: /lcsc|jlc|digikey|mouser|farnell|newark|arrow|element14|rspart|supplier(?:p|and|ref|code|no)|sku|立创|商品编号|供应商(?:编号|料号)/, field: 'supplierPn', score: MEDIUM },
  { re: /customerpart|internalpart|物料编码|料号|物料代码|存货编码/, field: 'notes', score: MEDIUM },
  { re: /designator|reference|refdes|位号|标号/, field: 'designators', score: MEDIUM },
  // 'Manufacturer1 PN', 'Manufacturer Part Number 1', 'Mfr 2 Part #': the maker's number (the first one wins).
  { re: /(?:manufacturer|mfr|mfg|maker)\d*(?:part|pn|no|number)|mpn/, field: 'mpn', score: MEDIUM, tag: 'maker' },
  { re: /partnumber|partno|partnum/, field: 'mpn', score: MEDIUM, tag: 'generic' },
  { re: /型号|料号/, field: 'mpn', score: MEDIUM },
  { re: /manufacturer|mfr|mfg|brand|品牌|厂商|厂家|制造商|生产商/, field: 'manufacturer', score: MEDIUM },
  { re: /footprint|package|封装/, field: 'package', score: MEDIUM },
  { re: /^(?:qty|quantity|qnty|数量|用量)|(?:数量|用量)$/, field: 'quantity', score: MEDIUM },
  { re: /规格$/, field: 'description', score: MEDIUM, tag: 'spec' },
  { re: /名称$|name$/, field: 'description', score: MEDIUM, tag: 'name' },
  { re: /description|desc|规格|描述|说明|名称/, field: 'description', score: MEDIUM },
  { re: /^value|^comment$|阻值|容值/, field: 'value', score: MEDIUM },
  { re: /note|remark|comment|备注/, field: 'notes', score: MEDIUM },
];

/** '<who> #' / '<who> No.': a part number named after its owner. */
const NUMBERED_HEADER = /^(manufacturer|mfr\.?|mfg|maker|distributor|supplier|vendor)\s*(?:#|no\.?)$/i;

function numberedVerdict(who: string): Verdict {
  return /^(?:manufacturer|mfr|mfg|maker)/.test(who) ? { field: 'mpn', score: STRONG, tag: 'maker' } : { field: 'supplierPn', score: STRONG };
}

/** What a header alone says; null when unknown. */
export function headerVerdict(header: string): Verdict | null {
  // Normalising drops '#', so 'MANUFACTURER #' (the maker's part number in Altium BOM templates)
  // would read as the maker and 'DISTRIBUTOR #' as the distributor's name: decide them first.
  const numbered = NUMBERED_HEADER.exec(header.normalize('NFKC').trim());
  if (numbered) return numberedVerdict(numbered[1]!.toLowerCase());
  const key = normalizeHeader(header);
  if (key === '') return null;
  const exact = SYNONYMS.get(key);
  if (exact) return exact;
  for (const p of PATTERNS) if (p.re.test(key)) return p.tag ? { field: p.field, score: p.score, tag: p.tag } : { field: p.field, score: p.score };
  return null;
}

/** Whether a cell is a header the table knows by name ('型号', 'Qty', 'Manufacturer #'), not by a pattern. */
export function isKnownHeader(cell: string): boolean {
  const text = cell.normalize('NFKC').trim();
  if (NUMBERED_HEADER.test(text)) return true;
  const key = normalizeHeader(text);
  return key !== '' && SYNONYMS.has(key);
}

// ── Content checks ───────────────────────────────────────────────────────────

/** LCSC codes, not the imperial size codes some footprints are named after ('C0603'). */
const LCSC_CODE = /^C(?!(?:0201|0402|0603|0805|1206|1210|1812|2010|2512)$)\d{3,9}$/;
/** Digi-Key's own part numbers end in '-ND' ('296-1395-1-ND'). */
const DIGIKEY_CODE = /^\S+-ND$/;
const KICAD_FOOTPRINT = /^[A-Za-z0-9_.+-]+:[^\s:]+$/;
const URL = /^(?:https?:\/\/|www\.)\S+$/i;
const PRICE = /^(?:[$€£¥￥]\s*\d+(?:\.\d+)?|\d+\.\d{2,}\s*(?:usd|rmb|cny|eur|gbp)?)$/i;
/** Passive values: '10k', '4k7', '100nF', '0.1uF', '22u', '27Ω', '10 uF', '1uF/25V', '2R2', 'C 1uf'. */
const PASSIVE_VALUE = /^(?:[CRL]\s?)?(?:\d+(?:[.,]\d+)?\s*(?:[pnuµμmkKMG]|meg)?\s*(?:F|H|Ω|ohms?|R)?|\d+[pnuµμkKMRr]\d+\s*(?:F|H|Ω)?)(?:\s*[/, ]\s*\d+(?:\.\d+)?\s*V)?(?:\s*[±]?\s*\d+(?:\.\d+)?\s*%)?$/i;
/** An LCSC product page ('https://item.szlcsc.com/23932.html', 'lcsc.com/product-detail/…_C25804.html'). */
const LCSC_URL = /^(?:https?:\/\/)?(?:[a-z0-9-]+\.)*(?:lcsc|szlcsc)\.com\//i;
/** The C-code an LCSC product URL names, when it names one (the product-detail pages do; item.szlcsc.com/<n>.html does not). */
export function lcscCodeFromUrl(cell: string): string | null {
  const text = cell.normalize('NFKC').trim();
  if (!LCSC_URL.test(text)) return null;
  const m = /[_/](C\d{3,10})\.html?(?:[?#].*)?$/i.exec(text) ?? /[?&](?:productCode|code|k|keyword)=(C\d{3,10})(?:&|$)/i.exec(text);
  return m?.[1] ? m[1].toUpperCase() : null;
}

/**
 * CAD library references rather than part numbers: a generic symbol name, alone or with a
 * variant or package ('C', 'R', 'LED', 'Cap', 'Res', 'C_Small', 'R_0603', 'MOSFET-N', '电容-0402').
 */
const LIBRARY_NAME =
  /^(?:(?:[CRLDQUYFJPKTXSM]|SW|LED|BAT|BATTERY|CAPACITOR|RESISTOR|INDUCTOR|FB|FERRITE|BEAD|TP|XTAL|CRYSTAL|FUSE|DIODE|ZENER|SCHOTTKY|TVS|NPN|PNP|NMOS|PMOS|MOSFET|TRANSISTOR|CONN|CONNECTOR|HEADER|JUMPER|BUZZER|SPEAKER|MIC|ANTENNA|TESTPOINT|MOUNTINGHOLE|FIDUCIAL|SWITCH|BUTTON|RELAY|OPAMP|POT|FFC|FPC|USB|电容|电阻|电感|磁珠|二极管|三极管|晶体管|晶振|跳线|排针|排母|按键|开关|连接器|发光二极管|保险丝)(?:[\s_\-.:][\w\s.:\-\u4e00-\u9fff]*)?|(?:CAP|RES|IND|HDR)(?:[\s_\-.:\d][\w.-]*)?)$/i;
/** Yes/no cells ('Yes', 'N', '✓', '是'): a flag column, never a part number. */
const FLAG_CELL = /^(?:y|n|yes|no|true|false|x|✓|✔|✗|是|否|有|无)$/i;
/** A company's internal stock code: letters (optional), then digit groups ('ABC-000123', '10.02.0033', 'P00123'). */
const CODE_SHAPED = /^([A-Za-z]{0,6})[-_./]?\d+(?:[-_./]\d+)*$/;

/**
 * A column of internal stock codes: one shape for nearly every cell, one letter prefix, at least
 * four digits, and running numbers that are zero-padded ('000123', '10.02.0033') or follow a
 * prefix and separator ('ABC-123456'). MPN columns mix makers and shapes; 'LM358', 'LM393' have
 * too few digits; Molex '22-23-2021' has no padding and no prefix.
 */
function internalCodeColumn(filled: readonly string[]): boolean {
  if (filled.length < 3) return false;
  const shaped = filled.filter((c) => CODE_SHAPED.test(c));
  if (shaped.length < filled.length * 0.8) return false;
  const mode = <T,>(xs: readonly T[]): [T, number] => {
    const n = new Map<T, number>();
    for (const x of xs) n.set(x, (n.get(x) ?? 0) + 1);
    return [...n].reduce((a, b) => (b[1] > a[1] ? b : a));
  };
  const [shape, shapeN] = mode(shaped.map((c) => c.replace(/[A-Za-z]/g, 'A').replace(/\d/g, '9')));
  const [prefix, prefixN] = mode(shaped.map((c) => CODE_SHAPED.exec(c)![1]!.toUpperCase()));
  if (shapeN < filled.length * 0.8 || prefixN < filled.length * 0.8) return false;
  if ((shape.match(/9/g) ?? []).length < 4) return false;
  if (new Set(shaped).size < Math.min(3, shaped.length)) return false;
  const padded = shaped.filter((c) => /(?:^|[^\d])0\d/.test(c)).length >= shaped.length * 0.5;
  const prefixed = prefix !== '' && /^A+[-_./]/.test(shape) && (shape.match(/9/g) ?? []).length >= 5;
  return padded || prefixed;
}

/** An MPN: a letter and a digit, 4–40 characters, no underscore (KiCad symbol names have them), at most one space ('PTS645SL50SMTR92 LFS'). */
const MPN_SHAPE = /^(?=.*[A-Za-z])(?=.*\d)(?!.*\s.*\s)[A-Za-z0-9][A-Za-z0-9\-+/.,#() ]{3,39}$/;

type ContentStats = {
  readonly filled: number;
  readonly designators: number;
  /** Some cell has a designator other than 'C…' or a list: not a column of LCSC codes. */
  readonly otherDesignators: boolean;
  readonly lcsc: number;
  readonly digikey: number;
  readonly count: number;
  /** Counts that run 1, 2, 3 … (a line-number column). */
  readonly sequential: boolean;
  readonly footprint: number;
  readonly url: number;
  /** LCSC product pages, and those of them with a C-code that can be read. */
  readonly lcscUrl: number;
  readonly lcscUrlCode: number;
  readonly price: number;
  readonly value: number;
  readonly mpn: number;
  /** MPN shape without any space: what a 'Name' column of part numbers holds ('NE555P'). */
  readonly mpnStrict: number;
  /** Cells without whitespace: values and part names, not descriptions ('1206 Capacitor'). */
  readonly oneWord: number;
  /** Generic CAD library names ('C', 'R_0603', 'LED', '电容-0402'). */
  readonly libraryName: number;
  /** Distinct cells / filled cells: a BOM's part numbers differ line by line, library names repeat. */
  readonly distinct: number;
  /** Yes/no flags. */
  readonly flag: number;
  /** Cells with a digit: every part number and supplier code has one. */
  readonly digit: number;
  /** The column holds internal stock codes (see internalCodeColumn). */
  readonly internalCode: boolean;
};

/** A rating, not a part number: '6.3V, X5R', '5V DC FAN', '2A', '50%'. */
const RATING = /^\d+(?:\.\d+)?\s*(?:V|A|W|mA|mW|kV|Hz|kHz|MHz|%)(?![A-Za-z0-9])/;

/** 'NE555P' and 'CD4017' also have a designator's shape; a short number ('R1', 'U12') is a designator. */
function mpnShaped(c: string): boolean {
  return MPN_SHAPE.test(c) && !PASSIVE_VALUE.test(c) && !LCSC_CODE.test(c) && !RATING.test(c) && !(looksLikeDesignators(c) && !/\d{3}/.test(c));
}

function contentStats(cells: readonly string[]): ContentStats {
  const filled = cells.filter((c) => c !== '');
  const share = (pred: (c: string) => boolean): number => (filled.length === 0 ? 0 : filled.filter(pred).length / filled.length);
  const counts = filled.filter(looksLikeCount).map((c) => Number(c.normalize('NFKC').trim()));
  const sequential = counts.length >= 3 && counts.length === filled.length && counts.every((n, i) => i === 0 || n === (counts[i - 1] as number) + 1);
  return {
    filled: filled.length,
    designators: share(looksLikeDesignators),
    otherDesignators: filled.some((c) => /^[A-BD-Za-z]/.test(c) || /[\s,;，、；~-]/.test(c)),
    lcsc: share((c) => LCSC_CODE.test(c)),
    digikey: share((c) => DIGIKEY_CODE.test(c)),
    count: share(looksLikeCount),
    sequential,
    footprint: share((c) => KICAD_FOOTPRINT.test(c) && !URL.test(c)),
    url: share((c) => URL.test(c)),
    lcscUrl: share((c) => LCSC_URL.test(c) && !/datasheet|\.pdf(?:$|[?#])/i.test(c)),
    lcscUrlCode: share((c) => lcscCodeFromUrl(c) !== null),
    price: share((c) => PRICE.test(c)),
    value: share((c) => PASSIVE_VALUE.test(c)),
    mpn: share(mpnShaped),
    mpnStrict: share((c) => !/\s/.test(c) && mpnShaped(c)),
    oneWord: share((c) => !/\s/.test(c)),
    libraryName: share((c) => LIBRARY_NAME.test(c)),
    distinct: filled.length === 0 ? 0 : new Set(filled.map((c) => c.toUpperCase())).size / filled.length,
    flag: share((c) => FLAG_CELL.test(c)),
    digit: share((c) => /\d/.test(c)),
    internalCode: internalCodeColumn(filled),
  };
}

/** What the cells alone say; null when they say nothing clear. Score: STRONG or WEAK. */
function contentVerdict(s: ContentStats): Verdict | null {
  if (s.filled === 0) return null;
  // LCSC product pages give the LCSC code (the matcher reads it from the URL); other links are ignored.
  if (s.lcscUrl >= 0.6) return { field: 'supplierPn', score: STRONG };
  if (s.url >= 0.6) return { field: 'ignore', score: STRONG };
  // 'C101' is an LCSC code or a capacitor: LCSC only when nothing else says designators.
  if (s.lcsc >= 0.6 && !(s.designators >= 0.6 && s.otherDesignators)) return { field: 'supplierPn', score: STRONG };
  if (s.digikey >= 0.6) return { field: 'supplierPn', score: STRONG };
  if (s.sequential) return { field: 'ignore', score: WEAK };
  if (s.internalCode) return { field: 'notes', score: STRONG };
  if (s.designators >= 0.6 && s.count < 0.5) return { field: 'designators', score: STRONG };
  if (s.footprint >= 0.6) return { field: 'package', score: STRONG };
  if (s.count >= 0.8) return { field: 'quantity', score: WEAK };
  if (s.price >= 0.6) return { field: 'ignore', score: WEAK };
  if (s.value >= 0.6) return { field: 'value', score: WEAK };
  if (s.mpn >= 0.6) return { field: 'mpn', score: WEAK };
  return null;
}

// ── Header row ───────────────────────────────────────────────────────────────

/** How header-like a row is: known headers count, data-looking cells count against. */
function headerRowScore(row: readonly string[]): { score: number; fields: number } {
  let score = 0;
  const fields = new Set<BomField>();
  for (const raw of row) {
    const cell = raw.trim();
    if (cell === '') continue;
    const v = headerVerdict(cell);
    if (v) {
      score += v.field === 'ignore' ? 0.5 : v.score / STRONG;
      if (v.field !== 'ignore' && v.field !== 'notes') fields.add(v.field);
    } else if (looksLikeCount(cell) || LCSC_CODE.test(cell) || URL.test(cell)) {
      score -= 0.5;
    }
  }
  return { score, fields: fields.size };
}

/** The header row among the first rows, or null when no row names two different fields. */
export function findHeaderRow(rows: readonly (readonly string[])[]): number | null {
  let best: number | null = null;
  let bestScore = 0;
  const n = Math.min(rows.length, HEADER_SCAN_ROWS);
  for (let i = 0; i < n; i++) {
    const { score, fields } = headerRowScore(rows[i] ?? []);
    if (fields >= 2 && score > bestScore) {
      best = i;
      bestScore = score;
    }
  }
  return best;
}

// ── The match ────────────────────────────────────────────────────────────────

function cellAt(row: readonly string[] | undefined, i: number): string {
  return (row?.[i] ?? '').normalize('NFKC').trim();
}

function isBlankRow(row: readonly string[]): boolean {
  return row.every((c) => c.trim() === '');
}

type Candidate = {
  index: number;
  header: string;
  field: BomField;
  score: number;
  filled: number;
  headerScore: number;
  tag: HeaderTag | undefined;
  stats: ContentStats;
  /** The sampled cells (NFKC, trimmed), in sample order. */
  cells: readonly string[];
  /** The header is a loose MPN header (see looseMpn). */
  loose: boolean;
};

/** An MPN header that content may overrule: a generic 'Part Number', a library reference, a weak 'Part'. */
const looseMpn = (h: Verdict | null): boolean => h !== null && h.field === 'mpn' && (h.tag === 'generic' || h.tag === 'libref' || h.score === WEAK);

/** A column's field from its header verdict and its content verdict (rules in order). */
function decideColumn(h: Verdict | null, c: Verdict | null, stats: ContentStats): { field: BomField; score: number } {
  // A link column of LCSC codes or LCSC product pages gives the supplier code ('link', '立创链接', '购买链接').
  if (h && h.field === 'ignore' && (h.tag === 'link' || h.score <= MEDIUM) && c?.field === 'supplierPn' && c.score === STRONG) return { field: 'supplierPn', score: c.score };
  if (h && h.field === 'mpn' && h.tag !== 'maker') {
    // A 'Part Number' of internal stock codes ('ABC-000123', '10.02.0033') is the company's code, not the MPN.
    if (stats.internalCode) return { field: 'notes', score: STRONG };
    // Library references ('C', 'R', 'LED', 'Cap', 'C_Small', '电容-0402'): not the MPN (see also libraryRefs).
    if (looseMpn(h) && stats.filled > 0 && stats.libraryName >= 0.3) return { field: 'notes', score: MEDIUM };
  }
  if (h && c && h.field === c.field) return { field: h.field, score: h.score + c.score };
  // A weak header needs its cells to confirm it; an empty column stays unused.
  if (h && h.score === WEAK && !c && stats.filled === 0) return { field: 'ignore', score: 0 };
  // 'Part' over cells that are not part numbers (KiCad symbol names 'C_Small', 'Pololu_Breakout_A4988'):
  // kept for the user to read, but not the MPN.
  if (h && h.score === WEAK && h.field === 'mpn' && !c && stats.mpn < 0.3) return { field: 'notes', score: 0 };
  // A supplier column of flags ('LCSC Assembly': Yes) or words holds no supplier code.
  if (h && h.field === 'supplierPn' && stats.filled > 0 && (stats.flag >= 0.6 || stats.digit < 0.3)) return { field: 'notes', score: MEDIUM };
  if (h && (h.score >= MEDIUM || !c)) {
    let score = h.score;
    // A strong header with contradicting content keeps its field but with less certainty.
    if (c && c.score === STRONG && h.field !== 'ignore' && h.field !== 'notes') score -= 1;
    // Quantity headers over non-counts (an 'Amount' of prices) are not quantities.
    if (h.field === 'quantity' && stats.filled > 0 && stats.count < 0.5) return { field: 'ignore', score };
    return { field: h.field, score };
  }
  if (c) return { field: c.field, score: c.score };
  return { field: 'ignore', score: 0 };
}

export function matchHeader(rows: readonly (readonly string[])[]): HeaderMatch {
  const headerRow = findHeaderRow(rows);
  const header = headerRow === null ? [] : (rows[headerRow] ?? []);
  const sample: (readonly string[])[] = [];
  for (let r = headerRow === null ? 0 : headerRow + 1; r < rows.length && sample.length < CONTENT_SAMPLE_ROWS; r++) {
    const row = rows[r] ?? [];
    if (!isBlankRow(row)) sample.push(row);
  }
  // Columns up to the last one with a header or a sampled value (xlsx rows can be padded wide).
  let width = 0;
  for (const row of [header, ...sample]) {
    for (let i = row.length - 1; i >= width; i--) {
      if ((row[i] ?? '').trim() !== '') {
        width = i + 1;
        break;
      }
    }
  }

  const candidates: Candidate[] = [];
  for (let i = 0; i < width; i++) {
    const headerText = cellAt(header, i);
    const cells = sample.map((r) => cellAt(r, i));
    const stats = contentStats(cells);
    const h = headerVerdict(headerText);
    const { field, score } = decideColumn(h, contentVerdict(stats), stats);
    candidates.push({ index: i, header: headerText, field, score, filled: stats.filled, headerScore: h?.score ?? 0, tag: h?.tag, stats, cells, loose: looseMpn(h) });
  }

  libraryRefs(candidates);
  specAsValue(candidates);
  decideValueOrMpn(candidates);
  notesAsDescription(candidates);
  nameCopiesMpn(candidates);
  resolveDuplicates(candidates);

  const problems: BomHeaderProblemKey[] = [];
  if (width === 0) return { headerRow, columns: [], confidence: 0, problems };
  if (headerRow === null) problems.push('bom.header.notFound');
  if (!candidates.some((c) => IDENTIFYING_FIELDS.has(c.field))) problems.push('bom.header.noIdentifyingColumn');
  return {
    headerRow,
    columns: candidates.map((c) => ({ index: c.index, header: c.header, field: c.field })),
    confidence: confidenceOf(candidates, headerRow),
    problems,
  };
}

/**
 * Library references repeat: one 'C' or 'AMS1117' for many values ('10uF', '100nF'…). A loose
 * MPN column with far fewer distinct cells than the value column beside it is not the MPN. (An
 * ungrouped BOM repeats its part numbers as often as its values, so it is not caught.)
 */
function libraryRefs(cands: Candidate[]): void {
  const value = cands.find((c) => c.field === 'value' && c.filled >= 6);
  if (!value) return;
  for (const c of cands) {
    if (c.field === 'mpn' && c.loose && c.filled >= 6 && c.stats.distinct <= 0.4 && c.stats.distinct * 2 <= value.stats.distinct) c.field = 'notes';
  }
}

/**
 * A Chinese purchasing sheet with no description column often describes its parts in 备注
 * ('MX轴体或其脚针兼容键轴', '直径3MM 柱长3MM 用于吸附外壳'): such a column of free text is the
 * description (once a Name column has become the value). Notes of flags, DNP marks, short codes
 * or one repeated instruction stay notes.
 */
function notesAsDescription(cands: Candidate[]): void {
  if (cands.some((c) => c.field === 'description' && c.filled > 0)) return;
  const remarks = cands.filter((c) => c.field === 'notes' && c.headerScore === STRONG && /^(?:备注|备注说明|说明)$/.test(c.header.normalize('NFKC').trim()));
  if (remarks.length !== 1) return;
  const r = remarks[0]!;
  const text = r.cells.filter((c) => c !== '');
  const free = text.filter((c) => c.length >= 6 && /[\u4e00-\u9fff]{2}/.test(c) && !cellSaysDnp(c));
  // Descriptions differ line by line; a repeated instruction ('Leave empty' twelve times) is a note.
  const distinct = new Set(free.map((c) => c.toUpperCase())).size;
  if (text.length >= 3 && free.length >= text.length * 0.6 && distinct >= Math.max(3, free.length * 0.5)) r.field = 'description';
}

/**
 * A Chinese purchasing sheet's 规格 ('物料规格': 'M3*10', '6701ZZ', '10K 0603') beside its 名称
 * ('物料名称': 螺丝, 轴承, 电阻) is the value: the name describes, the specification says which.
 */
function specAsValue(cands: Candidate[]): void {
  if (cands.some((c) => c.field === 'value' && c.filled > 0)) return;
  const spec = cands.find((c) => c.field === 'description' && c.tag === 'spec' && c.filled > 0);
  if (spec && cands.some((c) => c !== spec && c.field === 'description' && c.tag !== 'spec' && c.filled > 0)) spec.field = 'value';
}

/**
 * Altium's Comment and KiCad's Value hold either values ('10k', '100nF') or part numbers; a
 * purchasing sheet's 'Name' or 名称 often holds part numbers ('NE555P'). When no other column is
 * the MPN and the cells are mostly part numbers, the column is the MPN (a Value column first).
 */
function decideValueOrMpn(cands: Candidate[]): void {
  nameAsValue(cands);
  if (cands.some((c) => c.field === 'mpn' && c.filled > 0)) return;
  // A 规格 made the value stays the value (the matcher also tries its part-number-shaped cells as MPNs).
  const valueColumn = cands.find((c) => c.field === 'value' && c.tag !== 'spec' && c.stats.mpn >= 0.6 && c.stats.value < 0.2);
  const nameColumn = cands.find((c) => c.field === 'description' && (c.headerScore === MEDIUM || c.tag === 'name') && c.stats.mpnStrict >= 0.6);
  const chosen = valueColumn ?? nameColumn;
  if (chosen) chosen.field = 'mpn';
}

/**
 * EasyEDA's 'Name' holds the value ('22pF', '100kΩ') or the part's name ('1N5819', 'XH-5A'):
 * single words, some of them passive values. Such a Name column is the value column when the
 * sheet has none; a Name of descriptions ('1206 Capacitor') has words with spaces and stays.
 */
function nameAsValue(cands: Candidate[]): void {
  if (cands.some((c) => c.field === 'value' && c.filled > 0)) return;
  const name = cands.find((c) => c.field === 'description' && c.headerScore === MEDIUM && c.stats.oneWord >= 0.8 && c.stats.value >= 0.2);
  if (name) {
    name.field = 'value';
    return;
  }
  // Beside a real Description column ('4u7, 50V, 0805, Ceramic'), a Name column is the short label
  // a purchasing sheet or Altium export gives each line ('4.7uF/50V', '100n', 'LED, 0603, Red',
  // 'SM4005PL-TP'): not a second description but the value, when some of its cells are values.
  const described = cands.some((c) => c.field === 'description' && c.headerScore === STRONG && c.tag !== 'name' && c.tag !== 'spec' && c.filled > 0);
  const label = cands.find((c) => c.field === 'description' && c.headerScore === MEDIUM && c.tag === 'name' && c.stats.value >= 0.2);
  if (described && label) label.field = 'value';
}

/**
 * EasyEDA's 'Device' (and other name columns) often repeats the maker's part number line by line
 * ('CL05B104KO5NNNC' in both): a copy adds nothing to the match and must not pass for a
 * description; it stays in the notes for the reader.
 */
function nameCopiesMpn(cands: Candidate[]): void {
  const mpn = cands.find((c) => c.field === 'mpn' && c.filled > 0);
  if (!mpn) return;
  for (const c of cands) {
    if (c === mpn || c.field !== 'description' || c.tag !== 'name' || c.filled < 3) continue;
    const { both, same } = agreement(c, mpn);
    if (both >= 3 && same >= both * 0.8) c.field = 'notes';
  }
}

/**
 * Whether column a holds everything column b holds: b's cells equal a's wherever b has one, and
 * a has more (EasyEDA Pro's Comment repeats its Value for passives and names the other parts).
 */
function covers(a: Candidate, b: Candidate): boolean {
  if (a.filled <= b.filled || b.filled === 0) return false;
  return agreement(a, b).same >= b.filled * 0.9;
}

/** Sampled rows where both columns have a cell, and those where the cells are equal (case aside). */
function agreement(a: Candidate, b: Candidate): { both: number; same: number } {
  let both = 0;
  let same = 0;
  a.cells.forEach((cell, i) => {
    const other = b.cells[i] ?? '';
    if (cell === '' || other === '') return;
    both++;
    if (cell.toUpperCase() === other.toUpperCase()) same++;
  });
  return { both, same };
}

/** A maker's part-number column whose cells are part numbers: preferred over a generic 'Part Number'. */
const makerMpn = (c: Candidate): boolean => c.field === 'mpn' && c.tag === 'maker' && c.stats.mpn >= 0.5;

/** One column per unique field: the one with data, then (MPN) a maker's column of part numbers, then the highest score, then the leftmost. */
function resolveDuplicates(cands: Candidate[]): void {
  for (const field of UNIQUE_FIELDS) {
    const group = cands.filter((c) => c.field === field);
    if (group.length < 2) continue;
    if (field === 'supplierPn' && group.some((c) => c.filled > 0)) {
      for (const c of group) if (c.filled === 0) c.field = 'ignore';
      continue;
    }
    const winner = group.reduce((best, c) => {
      if (c.filled > 0 !== best.filled > 0) return c.filled > 0 ? c : best;
      // A maker's column beats a generic or loose one; between two makers' columns the usual order holds.
      if (field === 'mpn' && (c.tag === 'maker') !== (best.tag === 'maker') && makerMpn(c) !== makerMpn(best)) return makerMpn(c) ? c : best;
      if (field === 'value' && covers(c, best)) return c;
      if (field === 'value' && covers(best, c)) return best;
      return c.score > best.score ? c : best;
    });
    for (const c of group) if (c !== winner) c.field = c.filled > 0 ? 'notes' : 'ignore';
  }
}

function confidenceOf(cands: readonly Candidate[], headerRow: number | null): number {
  const used = cands.filter((c) => c.field !== 'ignore' && c.field !== 'notes');
  if (used.length === 0) return 0;
  const identifying = used.some((c) => IDENTIFYING_FIELDS.has(c.field));
  const perColumn = used.reduce((sum, c) => sum + Math.min(1, c.score / (STRONG + 1)), 0) / used.length;
  const base = headerRow === null ? perColumn * 0.7 : perColumn;
  return Math.round((identifying ? base : base * 0.5) * 100) / 100;
}
