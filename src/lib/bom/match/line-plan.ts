// What one BOM line asks the catalogue, worked out before any SQL so every tier can be looked up
// for all lines at once: supplier codes, MPN cells with their variants (mpn-variants.ts), ordering
// families, the parametric reading of value + description + footprint + designator, and the text
// for the last-resort keyword search. Also the line's signature, the key of remembered choices.
// Pure.

import { normalizeMpn } from '../../catalog/mpn.ts';
import { parseDescription, type ParsedDescription } from '../describe-line.ts';
import { footprintPackage } from '../footprint-package.ts';
import { mpnVariants, type BomReason, type MpnVariants, type SupplierPn } from '../mpn-variants.ts';
import type { LineToMatch } from './match-types.ts';
import { manufacturerForms } from './manufacturer.ts';
import { MAIN_KEY, wantedOf, type Wanted } from './parametric.ts';

export type MpnSource = 'mpn' | 'supplierPn' | 'value' | 'description' | 'package';

export type MpnCell = {
  readonly text: string;
  readonly from: MpnSource;
  readonly variants: MpnVariants;
  /** The maker written for this MPN when the line gives several MPN / maker pairs ('PN', 'PN_1'). */
  readonly maker?: string;
  /**
   * A part number read from the description that opens it ('W25Q16JVSNIQ', 'XH-4A插座(2.54mm间距)'),
   * on a line without an MPN column: purchasing sheets name the part so, and it may be accepted.
   */
  readonly leading?: true;
};

export type LinePlan = {
  readonly signature: string;
  readonly manufacturer: string | undefined;
  /** Distributor codes to look up in product_supplier_codes. */
  readonly supplierCodes: readonly SupplierPn[];
  readonly mpnCells: readonly MpnCell[];
  readonly families: readonly { readonly pattern: NonNullable<MpnVariants['family']>['pattern']; readonly reason: BomReason }[];
  readonly parsed: ParsedDescription | null;
  readonly wanted: Wanted | null;
  /** Text for the keyword search when nothing else finds a part; null when the line has none. */
  readonly keyword: string | null;
};

/** Several columns of one field arrive joined by ' | ' (bom-line.ts). */
function cellsOf(text: string | undefined): string[] {
  if (typeof text !== 'string') return [];
  return text
    .split(' | ')
    .map((s) => s.trim())
    .filter((s) => s !== '' && !/^(?:-|—|n\/?a|none|tbd|\?)$/i.test(s));
}

/** A cell shaped like a part number: letters and digits, no inner spaces, not a bare value. */
export function mpnShaped(text: string): boolean {
  const t = text.normalize('NFKC').trim();
  if (t.length < 4 || t.length > 60 || /\s/.test(t)) return false;
  if (!/[A-Za-z]/.test(t) || !/\d/.test(t)) return false;
  // '10k', '4k7', '100nF', '0.1uF/50V', '10uH': values, read by the parametric tier.
  if (/^[\d.,]+\s*[pnuµμmkKMGR]?[FHΩRr]?(?:[/_]\d+(?:\.\d+)?V)?$/.test(t) || /^\d+[pnuµμkKMR]\d+$/.test(t)) return false;
  // '40MHz', '32.768kHz': a crystal's frequency.
  if (/^[\d.,]+\s*[kKMG]?(?:Hz|HZ|hz)$/.test(t)) return false;
  return true;
}

/**
 * The part a distributor's product URL names (ERL-VIO's BOM links Mouser pages): Mouser
 * '/ProductDetail/<maker>/<MPN>', Digi-Key '/product-detail/<lang>/<maker>/<MPN>/<code>', LCSC
 * '…_C25804.html'. Returns the MPN or supplier code, or null for any other text.
 */
export function partFromUrl(cell: string): { mpn?: string; code?: string } | null {
  if (!/^https?:\/\//i.test(cell)) return null;
  let url: URL;
  try {
    url = new URL(cell);
  } catch {
    return null;
  }
  const parts = url.pathname.split('/').filter(Boolean).map((p) => decodeURIComponent(p));
  const host = url.hostname.toLowerCase();
  if (host.endsWith('mouser.com') || host.endsWith('mouser.cn')) {
    const i = parts.findIndex((p) => /^productdetail$/i.test(p));
    const mpn = i >= 0 ? (parts[i + 2] ?? parts[i + 1]) : undefined;
    return mpn ? { mpn } : null;
  }
  if (host.endsWith('digikey.com') || host.endsWith('digikey.cn')) {
    const i = parts.findIndex((p) => /^product-detail$/i.test(p));
    // The current form: '/en/products/detail/<maker>/<MPN>/<id>'.
    const j = parts.findIndex((p, k) => /^detail$/i.test(p) && /^products$/i.test(parts[k - 1] ?? ''));
    const mpn = i >= 0 ? parts[i + 3] : j >= 0 ? parts[j + 2] : undefined;
    return mpn ? { mpn } : null;
  }
  if (host.endsWith('lcsc.com') || host.endsWith('szlcsc.com')) {
    const m = /(C\d{3,9})(?:\.html)?$/i.exec(url.pathname);
    return m?.[1] ? { code: m[1].toUpperCase() } : null;
  }
  return null;
}

/**
 * MPNs written into a footprint name (LCSC reads them too): 'JST_XH_B2B-XH-A_1x02_P2.50mm_Vertical'
 * → 'B2B-XH-A', 'USB_Micro-B_Molex_47346-0001' → '47346-0001'. Only upper-case tokens with a dash
 * and a digit that are not package names.
 */
export function footprintMpns(cell: string): string[] {
  const name = cell.replace(/^[A-Za-z0-9_.-]+:/, '');
  return name
    .split('_')
    // 'Molex-105017-0001-USBMicroB': a maker's name before the number, a description after it.
    .map((t) => t.replace(FOOTPRINT_MAKER, '').replace(/-[A-Za-z]*[a-z][A-Za-z0-9]*$/, ''))
    .filter((t) => t.length >= 6 && t.length <= 40 && /-/.test(t) && /\d/.test(t) && !/[a-z]/.test(t) && /^[A-Z0-9][A-Z0-9.-]*$/.test(t))
    // Package names ('0603-CAP', 'SOT223-4P230') and EasyEDA's dimensions ('L2.7-W1.6-LS3.8-RD', 'P1.27-V-F-R2').
    .filter((t) => footprintPackage(t) === null && !/^(?:[LWHDP]|LS|PS)\d+(?:\.\d+)?-/.test(t) && !/^\d+P-P\d/.test(t))
    .filter((t) => !/^(?:SOT|SOD|SOIC|SOP|SSOP|TSSOP|QFN|DFN|QFP|LQFP|TQFP|BGA|DIP|PDIP|TO|DO|SMA|SMB|SMC|MSOP|VSSOP|HTSSOP|WSON|SON|USON|UDFN|TSOT|SC|LGA|PLCC|ESOP|HSOP|MICRO|USB|MINI)-/.test(t));
}

/** Connector makers whose names KiCad-style footprints put before the part number ('Molex-105017-0001…'). */
const FOOTPRINT_MAKER = /^(?:Molex|JST|TE|Amphenol|Wurth|Hirose|Samtec|FCI|Harwin|Kycon|CUI|Phoenix|Lumberg|Switchcraft|Keystone|GCT|Korean[-_]Hroparts|HRO)-(?=\d)/i;

/**
 * A cell of the MPN column that starts with a maker's name ('MOLEX 436500200', 'TI LM358DR'):
 * the part number after it, or null. The first word must be letters only and the rest one
 * MPN-shaped token.
 */
export function mpnAfterMaker(cell: string): string | null {
  const m = /^([A-Za-z][A-Za-z&.-]{1,19})\s+(\S+)$/.exec(cell.normalize('NFKC').trim());
  const rest = m?.[2] ?? '';
  // Connector makers number their parts in digits only ('MOLEX 436500200').
  return m && (mpnShaped(rest) || /^\d{6,12}$/.test(rest)) && /\d/.test(rest) ? rest : null;
}

/** '10 mΩ' → '10mΩ': a value and its unit split by a space are one quantity. */
function joinUnits(text: string): string {
  return text.replace(/(\d)\s+([pnuµμmkKMG]?(?:Ω|[Oo]hms?|F|H|Hz))(?![A-Za-z])/g, '$1$2');
}

/** A cell of the MPN column that is really a description ('100nF 25V 0603电容', '0805 LED'). */
function descriptionLike(text: string): boolean {
  const t = text.trim();
  if (/[\u4e00-\u9fff]/.test(t)) return true;
  // Words with a value and unit ('0.1uF 50V 0402'); 'PTS645SL50SMTR92 LFS' stays an MPN.
  return /\s/.test(t) && /\d\s*(?:[pnuµμmkKM]?(?:F|Ω|H|Hz|V|W)|%)(?![A-Za-z0-9])/.test(t);
}

/** A cell starting with a number that reads as a passive's value ('4k7', '10K(1002)', '104 0603'). */
function valueLike(text: string, designator: string | undefined): boolean {
  const t = text.trim();
  if (!/^\d/.test(t) || t.length > 40) return false;
  if (/^[\d.]+\s*(?:[pnuµμmkKMG]?(?:Hz|F|H|Ω)|MHz|kHz)(?![A-Za-z])/.test(t)) return true;
  const p = parseDescription(t, designator ? { designator } : {});
  return p.value !== null && p.kind !== null && ['resistor', 'capacitor', 'inductor', 'ferrite', 'crystal'].includes(p.kind);
}

/**
 * A part number the parser read (upper-cased) as the text writes it: KiCad's lower-case 'x'
 * wildcards ('STM32F042F6Px') must stay wildcards.
 */
function asWritten(text: string, upper: string): string {
  const i = text.normalize('NFKC').toUpperCase().indexOf(upper);
  return i >= 0 ? text.normalize('NFKC').slice(i, i + upper.length) : upper;
}

/**
 * Words of a board or module built around a part ('STM32F103C8T6最小系统板', 'ESP32 dev board'):
 * the part number in such a description is not what the line buys.
 */
const ASSEMBLY_WORDS = /模块|模组|开发板|最小系统|核心板|评估板|扩展板|底板|转接板|\b(?:module|board|breakout|kit|shield|eval)\b/i;

/** Whether a cell begins with the part number, followed by nothing, a space, punctuation or Chinese. */
function opens(cell: string, pn: string): boolean {
  const t = cell.normalize('NFKC').trim();
  if (pn.length < 4 || !t.toUpperCase().startsWith(pn.toUpperCase())) return false;
  return !/[A-Za-z0-9]/.test(t.charAt(pn.length));
}

function clean(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The key a user's confirmed choice is remembered under (bom_match_memory.signature): the
 * supplier code and the MPN with its maker when the line has them, else its value, description
 * and package as written (case and spacing folded). Lines with the same signature ask for the
 * same part. Exported for the API, which stores confirmations under it.
 */
export function lineSignature(fields: LineToMatch['fields']): string {
  const sup = cellsOf(fields.supplierPn).map((s) => s.toUpperCase());
  const mpns = cellsOf(fields.mpn).map(normalizeMpn).filter(Boolean);
  if (sup.length || mpns.length) {
    const maker = manufacturerForms(fields.manufacturer ?? '')[0] ?? '';
    return ['p', sup.join(','), mpns.join(','), maker].join('|');
  }
  return ['d', clean(fields.value ?? ''), clean(fields.description ?? ''), clean(fields.package ?? '')].join('|');
}

export function planLine(line: LineToMatch): LinePlan {
  const f = line.fields;
  const supplierCodes: SupplierPn[] = [];
  const mpnCells: MpnCell[] = [];
  const families: LinePlan['families'][number][] = [];
  const addCell = (text: string, from: MpnSource, maker?: string, leading?: boolean): void => {
    const variants = mpnVariants(text);
    if (variants.text === '') return;
    if (variants.supplierPn && !supplierCodes.some((s) => s.code === variants.supplierPn!.code)) supplierCodes.push(variants.supplierPn);
    if (variants.family) families.push(variants.family);
    if (variants.lookups.length && !mpnCells.some((c) => c.variants.text === variants.text)) mpnCells.push({ text: variants.text, from, variants, ...(maker ? { maker } : {}), ...(leading ? { leading: true as const } : {}) });
  };
  const mpnAsText: string[] = [];
  let makerInMpn: string | undefined;
  const designator0 = line.designators[0];
  const mpnTexts = cellsOf(f.mpn);
  const makers = cellsOf(f.manufacturer);
  // Several MPN columns with as many maker columns: each MPN with its own maker.
  const makerOf = (i: number): string | undefined => (mpnTexts.length > 1 && makers.length === mpnTexts.length ? makers[i] : undefined);
  for (const [ci, c] of mpnTexts.entries()) {
    // Purchasing sheets put values in the 型号 column ('4k7', '2R2', '1uF/25V', '10K(1002)', '8MHz').
    if (descriptionLike(c) || valueLike(c, designator0)) mpnAsText.push(c);
    else if (!/\d/.test(c) || /^(?:any|generic|various|tbd|dnp|nc|n\/a|see\s.*)$/i.test(c)) continue;
    else {
      addCell(c, 'mpn', makerOf(ci));
      const after = mpnAfterMaker(c);
      if (after) {
        addCell(after, 'mpn', makerOf(ci));
        makerInMpn ??= c.trim().split(/\s+/)[0];
      }
    }
  }
  for (const c of cellsOf(f.supplierPn)) {
    const fromUrl = partFromUrl(c);
    if (fromUrl) {
      if (fromUrl.mpn) addCell(fromUrl.mpn, 'supplierPn');
      if (fromUrl.code) addCell(fromUrl.code, 'supplierPn');
      continue;
    }
    const v = mpnVariants(c);
    // A code of a known supplier is looked up as such; an unknown one may be the maker's MPN.
    if (v.supplierPn) addCell(c, 'supplierPn');
    else if (mpnShaped(c)) addCell(c, 'supplierPn');
  }

  const designator = line.designators[0];
  // KiCad writes ohms without a unit ('130', '1.6') on R lines; elsewhere a bare number stays unread.
  const bareOhms = designator !== undefined && /^R\d/i.test(designator);
  const valueText = cellsOf(f.value)
    .map((v) => (bareOhms && /^\d+(?:\.\d+)?$/.test(v) ? `${v}Ω` : v))
    .join(' ');
  const descText = cellsOf(f.description).join(' ');
  const text = joinUnits([valueText, descText, ...mpnAsText].filter(Boolean).join(' ')).slice(0, 500);
  const parsed = text === '' && !f.package ? null : parseDescription(text, { ...(designator ? { designator } : {}), ...(f.package ? { footprint: cellsOf(f.package)[0] ?? '' } : {}) });

  // KiCad and JLC BOMs often carry the MPN in the value column ('AMS1117-3.3', 'SS34').
  if (mpnCells.length === 0) {
    for (const c of cellsOf(f.value)) if (mpnShaped(c) && !(parsed?.value && parsed.kind && parsed.kind in MAIN_KEY)) addCell(c, 'value');
    if (parsed?.partNumber) {
      const pn = asWritten(text, parsed.partNumber);
      const desc = cellsOf(f.description)[0] ?? '';
      addCell(pn, 'description', undefined, cellsOf(f.mpn).length === 0 && opens(desc, pn) && !ASSEMBLY_WORDS.test(desc));
    }
  }
  if (!mpnCells.some((c) => c.from === 'mpn')) for (const c of cellsOf(f.package)) for (const m of footprintMpns(c)) addCell(m, 'package');

  const wanted = parsed ? wantedOf(parsed) : null;
  const keyword = text.length >= 2 ? text.slice(0, 100) : mpnCells[0]?.text ?? null;
  return { signature: lineSignature(f), manufacturer: cellsOf(f.manufacturer)[0] ?? makerInMpn, supplierCodes, mpnCells, families, parsed, wanted, keyword };
}
