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
//    value-vs-MPN for Comment/Value columns; a strong header is not overruled otherwise.
// 4. One column per field: the best-scoring column wins (a column with data beats an empty one,
//    then the leftmost); the others become `notes` when they hold data, `ignore` when empty.
//    Supplier codes are the exception: every supplier column with data keeps `supplierPn` (a
//    KiBoM sheet has LCSC, Digikey and Mouser columns side by side); empty ones become `ignore`.

import type { ServerMessageKey } from '../server/messages/zh.ts';
import { looksLikeDesignators } from './designators.ts';
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

type Verdict = { readonly field: BomField; readonly score: number };

/** Exact synonyms (already normalised). */
const SYNONYMS: ReadonlyMap<string, Verdict> = (() => {
  const m = new Map<string, Verdict>();
  const add = (field: BomField, score: number, names: readonly string[]): void => {
    for (const n of names) m.set(normalizeHeader(n), { field, score });
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
    'Mfr. Part Number', 'Mfg PN', 'MFG_PN', 'Mfg Part No', 'Mfg Part Number', 'Mfr PN', 'MPN1', 'Mrf#', 'Part Number', 'PartNumber', 'PN', 'Part No',
    'Manufacturer_Part_Number', 'Mfr No', 'MF_PN', 'Model', '型号', '元件型号', '规格型号', '制造商料号', '厂商型号', '物料型号', '器件型号', '厂家型号', '原厂型号', '芯片型号',
  ]);
  add('mpn', MEDIUM, ['LibRef', 'Design Item ID', 'Value/Model', 'MPN/Value']);
  // 'Part' is the designator in Eagle exports and the MPN in JLCPCB's: content decides.
  add('mpn', WEAK, ['Part #', 'Part']);
  add('manufacturer', STRONG, [
    'Manufacturer', 'Manufacturers', 'Mfr', 'Mfr.', 'Mfg', 'MF', 'MFG1', 'MFR1', 'Manufacturer 1', 'Manufacturer Name', 'Brand', 'Maker', 'MFG',
    '品牌', '制造商', '厂商', '厂家', '生产厂家', '生产商', '制造商名称', '厂牌',
  ]);
  // 'Designation': KiCad's PCB-editor BOM export names its value column so.
  add('value', STRONG, ['Value', 'Val', 'Comment', 'Designation', '值', '参数', '阻值', '容值', '标称值', '参数值', '规格值']);
  add('description', STRONG, [
    'Description', 'Desc', 'Specification', 'Spec', 'Part Description', 'Component Description', 'Item Description',
    '描述', '规格', '名称', '品名', '元件类型', '说明', '物料名称', '物料描述', '元件名称', '器件名称', '规格描述', '器件描述', '元件描述',
  ]);
  add('description', WEAK, ['Item']);
  add('description', MEDIUM, ['Name', 'Item Name', 'Part Name', 'Plain Name', 'Component', 'Device', 'Type', 'Part Type', 'Title', 'Category', '类别', '分类']);
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
    '库存', '库存数量', '单价', '总价', '价格', '金额', '链接', '采购链接', '购买链接', '图片', '供应商', '交期', '最小包装', '起订量',
  ]);
  return m;
})();

/** Patterns for headers not in the table, tried in order (negative ones first). */
const PATTERNS: ReadonlyArray<{ readonly re: RegExp; readonly field: BomField; readonly score: number }> = [
  { re: /price|cost|subtotal|usd|rmb|cny|eur|gbp|aud|价|金额|费用/, field: 'ignore', score: MEDIUM },
  { re: /url|link|http|datasheet|链接|网址|手册/, field: 'ignore', score: MEDIUM },
  { re: /stock|库存|availab|leadtime|交期|moq|spq|orderq|起订|包装/, field: 'ignore', score: MEDIUM },
  { re: /^(?:qty|quantity|数量)[2-9]$/, field: 'ignore', score: MEDIUM },
  { re: /lcsc|jlc|digikey|mouser|farnell|newark|arrow|element14|rspart|supplier(?:p|and|ref|code|no)|sku|立创|商品编号|供应商(?:编号|料号)/, field: 'supplierPn', score: MEDIUM },
  { re: /customerpart|internalpart|物料编码|料号|物料代码|存货编码/, field: 'notes', score: MEDIUM },
  { re: /designator|reference|refdes|位号|标号/, field: 'designators', score: MEDIUM },
  { re: /(?:manufacturer|mfr|mfg|maker)(?:part|pn|no|number)|partnumber|partno|mpn|型号|料号/, field: 'mpn', score: MEDIUM },
  { re: /manufacturer|mfr|mfg|brand|品牌|厂商|厂家|制造商|生产商/, field: 'manufacturer', score: MEDIUM },
  { re: /footprint|package|封装/, field: 'package', score: MEDIUM },
  { re: /^(?:qty|quantity|qnty|数量|用量)|(?:数量|用量)$/, field: 'quantity', score: MEDIUM },
  { re: /description|desc|规格|描述|说明|名称|name$/, field: 'description', score: MEDIUM },
  { re: /^value|^comment$|阻值|容值/, field: 'value', score: MEDIUM },
  { re: /note|remark|comment|备注/, field: 'notes', score: MEDIUM },
];

/** '<who> #' / '<who> No.': a part number named after its owner. */
const NUMBERED_HEADER = /^(manufacturer|mfr\.?|mfg|maker|distributor|supplier|vendor)\s*(?:#|no\.?)$/i;

function numberedVerdict(who: string): Verdict {
  return /^(?:manufacturer|mfr|mfg|maker)/.test(who) ? { field: 'mpn', score: STRONG } : { field: 'supplierPn', score: STRONG };
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
  for (const p of PATTERNS) if (p.re.test(key)) return { field: p.field, score: p.score };
  return null;
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
  readonly price: number;
  readonly value: number;
  readonly mpn: number;
  /** MPN shape without any space: what a 'Name' column of part numbers holds ('NE555P'). */
  readonly mpnStrict: number;
  /** Cells without whitespace: values and part names, not descriptions ('1206 Capacitor'). */
  readonly oneWord: number;
};

/** 'NE555P' and 'CD4017' also have a designator's shape; a short number ('R1', 'U12') is a designator. */
function mpnShaped(c: string): boolean {
  return MPN_SHAPE.test(c) && !PASSIVE_VALUE.test(c) && !LCSC_CODE.test(c) && !(looksLikeDesignators(c) && !/\d{3}/.test(c));
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
    price: share((c) => PRICE.test(c)),
    value: share((c) => PASSIVE_VALUE.test(c)),
    mpn: share(mpnShaped),
    mpnStrict: share((c) => !/\s/.test(c) && mpnShaped(c)),
    oneWord: share((c) => !/\s/.test(c)),
  };
}

/** What the cells alone say; null when they say nothing clear. Score: STRONG or WEAK. */
function contentVerdict(s: ContentStats): Verdict | null {
  if (s.filled === 0) return null;
  if (s.url >= 0.6) return { field: 'ignore', score: STRONG };
  // 'C101' is an LCSC code or a capacitor: LCSC only when nothing else says designators.
  if (s.lcsc >= 0.6 && !(s.designators >= 0.6 && s.otherDesignators)) return { field: 'supplierPn', score: STRONG };
  if (s.digikey >= 0.6) return { field: 'supplierPn', score: STRONG };
  if (s.sequential) return { field: 'ignore', score: WEAK };
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

type Candidate = { index: number; header: string; field: BomField; score: number; filled: number; headerScore: number; stats: ContentStats };

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
    const stats = contentStats(sample.map((r) => cellAt(r, i)));
    const h = headerVerdict(headerText);
    const c = contentVerdict(stats);
    let field: BomField = 'ignore';
    let score = 0;
    if (h && c && h.field === c.field) {
      field = h.field;
      score = h.score + c.score;
    } else if (h && h.score === WEAK && !c && stats.filled === 0) {
      // A weak header needs its cells to confirm it; an empty column stays unused.
      field = 'ignore';
    } else if (h && h.score === WEAK && h.field === 'mpn' && !c && stats.mpn < 0.3) {
      // 'Part' over cells that are not part numbers (KiCad symbol names 'C_Small', 'Pololu_Breakout_A4988'):
      // kept for the user to read, but not the MPN.
      field = 'notes';
    } else if (h && (h.score >= MEDIUM || !c)) {
      field = h.field;
      score = h.score;
      // A strong header with contradicting content keeps its field but with less certainty.
      if (c && c.score === STRONG && h.field !== 'ignore' && h.field !== 'notes') score -= 1;
      // Quantity headers over non-counts (an 'Amount' of prices) are not quantities.
      if (field === 'quantity' && stats.filled > 0 && stats.count < 0.5) field = 'ignore';
    } else if (c) {
      field = c.field;
      score = c.score;
    }
    candidates.push({ index: i, header: headerText, field, score, filled: stats.filled, headerScore: h?.score ?? 0, stats });
  }

  decideValueOrMpn(candidates);
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
 * Altium's Comment and KiCad's Value hold either values ('10k', '100nF') or part numbers; a
 * purchasing sheet's 'Name' often holds part numbers ('NE555P'). When no other column is the MPN
 * and the cells are mostly part numbers, the column is the MPN (a Value column first).
 */
function decideValueOrMpn(cands: Candidate[]): void {
  nameAsValue(cands);
  if (cands.some((c) => c.field === 'mpn' && c.filled > 0)) return;
  const valueColumn = cands.find((c) => c.field === 'value' && c.stats.mpn >= 0.6 && c.stats.value < 0.2);
  const nameColumn = cands.find((c) => c.field === 'description' && c.headerScore === MEDIUM && c.stats.mpnStrict >= 0.6);
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
  if (name) name.field = 'value';
}

/** One column per unique field: highest score, then the one with data, then the leftmost. */
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
