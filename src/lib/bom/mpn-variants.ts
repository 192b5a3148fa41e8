// The lookups a BOM's MPN cell leads to, in cascade order (notes/bom-matching.md §2.2): a
// supplier's own code (LCSC 'C25804', Digi-Key '…-ND', Mouser '595-…'), the MPN as written, the
// same without case/punctuation, and base MPNs with packaging / compliance suffixes removed. Each
// lookup and each confirmed hit carries its reason as a `bom.reason.*` server message key + vars,
// so the grid can say why ('MPN equal after removing packaging suffix (#TRPBF)'). Pure.

import { canonicalMpn, kicadWildcardPattern, MPN_LOOSE_SUFFIX_RULES, MPN_SUFFIX_RULES, normalizeMpn, type WildcardPattern } from '../catalog/mpn.ts';
import type { ServerMessageKey } from '../server/messages/zh.ts';

export type BomReason = { readonly key: ServerMessageKey & `bom.reason.${string}`; readonly vars: Readonly<Record<string, string | number>> };

/** Best first: exact text, canonical text, packaging variant, MPN read from a supplier's code. */
export const MPN_TIERS = ['exact', 'canonical', 'packaging', 'supplier'] as const;
export type MpnTier = (typeof MPN_TIERS)[number];

export type Supplier = 'lcsc' | 'digikey' | 'mouser';
const SUPPLIER_NAME: Readonly<Record<Supplier, string>> = { lcsc: 'LCSC', digikey: 'Digi-Key', mouser: 'Mouser' };

export type SupplierPn = { readonly supplier: Supplier; readonly code: string; readonly reason: BomReason };

export type MpnLookup = {
  /** The best tier a product found under this key can reach (mpnMatchTier decides per product). */
  readonly tier: MpnTier;
  /** The MPN text this lookup stands for ('LT1763CS8-3.3', 'LM358DR' from '595-LM358DR'). */
  readonly mpn: string;
  /** normalizeMpn form: the value to look up in products.mpn_normalized. */
  readonly key: string;
  readonly reason: BomReason;
  /** The cell with a packaging mark added (Microchip's reel 'T'), not one with marks removed: never a base. */
  readonly added?: true;
};

export type MpnVariants = {
  /** The cell, NFKC, trimmed, inner spaces collapsed; '' when unusable. */
  readonly text: string;
  /** The cell as an MPN, or null when it is only a supplier code. */
  readonly mpn: string | null;
  /** A supplier's own code in the MPN column: look it up as supplierPn, not as an MPN. */
  readonly supplierPn: SupplierPn | null;
  /** Distinct lookups, best first. */
  readonly lookups: readonly MpnLookup[];
  /**
   * Lower-case 'x' ordering wildcards ('STM32F407VGTx', 'MCP1700x-330xxTT'): the family's
   * pattern (mpn.ts) to list candidates with, never to auto-choose; null for an ordinary MPN.
   */
  readonly family: { readonly pattern: WildcardPattern; readonly reason: BomReason } | null;
};

/** The makers whose numbers drop a leading zero in their dashed form. */
const MOLEX: readonly string[] = ['molex'];

/** Longer cells are not part numbers. */
export const MAX_MPN_LENGTH = 80;

function clean(cell: string): string {
  return cell.normalize('NFKC').replace(/\s+/g, ' ').trim();
}

/**
 * The tail normalizeMpn removed from `text` (whose key is `keptKey`), written as in the cell with
 * the separator that introduced it ('#TRPBF', ',215', '-ND'); '' when nothing was removed.
 */
function suffixOf(text: string, keptKey: string): string {
  const upper = text.toUpperCase();
  let seen = 0;
  for (let i = 0; i < upper.length; i++) {
    if (!/[A-Z0-9]/.test(upper.charAt(i))) continue;
    if (seen === keptKey.length) {
      let j = i;
      while (j > 0 && /[^A-Z0-9]/.test(upper.charAt(j - 1))) j--;
      return text.slice(j).trim();
    }
    seen++;
  }
  return '';
}

/**
 * Microchip puts tape-and-reel as a 'T' before the dash ('MCP1700T-3302E/TT' is the reel of
 * 'MCP1700-3302E/TT'); only for Microchip's own prefixes, since elsewhere 'T-' is part of the code.
 */
const MICROCHIP_REEL_T = /^((?:MCP|PIC|MIC|24(?:AA|LC|FC)|25(?:AA|LC)|93(?:AA|LC|C))[0-9A-Z]*?\d[A-Z]*)T(-)/;

/** The same MPN without Microchip's reel 'T', or null ('MCP1700-3302E/TT' → 'MCP1700T-3302E/TT'). */
// Microchip's own prefixes only (not Micrel's MIC, whose reels are a '-TR' suffix).
const MICROCHIP_NO_REEL = /^((?:MCP|PIC|24(?:AA|LC|FC)|25(?:AA|LC)|93(?:AA|LC|C))[0-9A-Z]*?\d[A-Z]*)(-)/;

/** The tape-and-reel form of a Microchip MPN written without its 'T', or null. */
function microchipReel(text: string): string | null {
  const s = text.toUpperCase();
  if (MICROCHIP_REEL_T.test(s)) return null;
  const m = MICROCHIP_NO_REEL.exec(s);
  return m ? s.replace(MICROCHIP_NO_REEL, '$1T$2') : null;
}

/**
 * Base MPNs after the loose packaging rules, each with the suffixes removed so far and, when a
 * rule removed holds only for some makers (TI's reel 'R'), those makers (every such rule's).
 */
function looseBases(text: string): Array<{ base: string; key: string; suffix: string; makers?: readonly string[] }> {
  const out: Array<{ base: string; key: string; suffix: string; makers?: readonly string[] }> = [];
  let s = text.toUpperCase();
  const mchp = MICROCHIP_REEL_T.exec(s);
  if (mchp) {
    s = s.replace(MICROCHIP_REEL_T, '$1$2');
    out.push({ base: s, key: normalizeMpn(s), suffix: 'T' });
  }
  // The strict rules first, as the catalogue's keys were built with them ('LM358DR/TR' → 'LM358DR').
  const strictKey = normalizeMpn(s);
  for (let guard = 0; guard < 5; guard++) {
    const before = s;
    for (const rule of MPN_SUFFIX_RULES) {
      const next = s.replace(rule.re, '');
      if (next !== s && /[A-Z0-9]/.test(next)) s = next.trim();
    }
    if (s === before) break;
  }
  const removed: string[] = [];
  let makers: readonly string[] | undefined;
  for (let guard = 0; guard < 3; guard++) {
    let changed = false;
    for (const rule of MPN_LOOSE_SUFFIX_RULES) {
      const m = rule.re.exec(s);
      if (!m) continue;
      const next = s.slice(0, m.index);
      if (!/[A-Z0-9]{3}/.test(next)) continue;
      removed.unshift(s.slice(m.index));
      s = next;
      if (rule.makers) makers = makers ? makers.filter((k) => rule.makers!.includes(k)) : rule.makers;
      const key = normalizeMpn(s);
      if (key !== strictKey && !out.some((o) => o.key === key)) out.push({ base: s, key, suffix: removed.join(''), ...(makers ? { makers } : {}) });
      changed = true;
      break;
    }
    if (!changed) break;
  }
  return out;
}

/** A supplier's code in the MPN column, and the maker's MPN it contains when it has one. */
function supplierCode(text: string): { pn: SupplierPn; mpn: string | null } | null {
  const reason = (supplier: Supplier, code: string): BomReason => ({ key: 'bom.reason.supplierPn', vars: { supplier: SUPPLIER_NAME[supplier], code } });
  const upper = text.toUpperCase();
  if (/^C\d{3,9}$/.test(upper)) return { pn: { supplier: 'lcsc', code: upper, reason: reason('lcsc', upper) }, mpn: null };
  const dk = /^(.+?)(?:CT|TR|DKR)?-ND$/.exec(upper);
  if (dk && dk[1]) {
    // Digi-Key's own numbers start with a maker prefix ('296-1395-1-ND', '311-10.0KHRCT-ND'):
    // no MPN inside; otherwise the MPN comes before the packaging letters ('LM358DRCT-ND').
    const inner = /^\d{2,4}-/.test(dk[1]) ? null : dk[1];
    return { pn: { supplier: 'digikey', code: upper, reason: reason('digikey', upper) }, mpn: inner };
  }
  // Mouser: 2–3 digit maker prefix ('595-LM358DR', '71-CRCW060310K0FKEA'). Two-digit prefixes
  // collide with maker numbers such as Molex '22-23-2021', so they count only before letters.
  const mo = /^(\d{2,3})-([A-Z0-9][A-Z0-9./#+,-]*)$/.exec(upper);
  if (mo && mo[1] && mo[2] && (mo[1].length === 3 || /^[0-9-]*[A-Z]/.test(mo[2])) && /[A-Z]/.test(mo[2])) {
    return { pn: { supplier: 'mouser', code: upper, reason: reason('mouser', upper) }, mpn: mo[2] };
  }
  return null;
}

/**
 * The cascade of lookups for one MPN cell. Invalid input (not a string, empty, longer than
 * MAX_MPN_LENGTH) gives no lookups. An LCSC code gives a supplierPn and no MPN lookups; a Mouser
 * code keeps the cell's own lookups first (it may be a real MPN) and adds the MPN inside it.
 */
export function mpnVariants(cell: string): MpnVariants {
  const text = typeof cell === 'string' ? clean(cell) : '';
  if (text === '' || text.length > MAX_MPN_LENGTH || !/[A-Za-z0-9]/.test(text)) {
    return { text: '', mpn: null, supplierPn: null, lookups: [], family: null };
  }
  // EasyEDA / JLC exports write 'MPN_C45783': the maker's number and the LCSC code in one cell.
  const joined = /^(.*[A-Za-z0-9])_(C\d{3,9})$/.exec(text);
  if (joined && joined[1] && joined[2] && /[A-Za-z]/.test(joined[1]) && /\d/.test(joined[1])) {
    const inner = mpnVariants(joined[1]);
    const code = joined[2].toUpperCase();
    // `text` is the MPN part: it is what candidates are compared with.
    return { ...inner, supplierPn: { supplier: 'lcsc', code, reason: { key: 'bom.reason.supplierPn', vars: { supplier: SUPPLIER_NAME.lcsc, code } } } };
  }
  const sup = supplierCode(text);
  const lookups: MpnLookup[] = [];
  const add = (l: MpnLookup): void => {
    if (l.key !== '' && !lookups.some((o) => o.key === l.key)) lookups.push(l);
  };
  const addMpn = (mpn: string, fromSupplier: SupplierPn | null): void => {
    const key = normalizeMpn(mpn);
    const base: MpnLookup = fromSupplier
      ? { tier: 'supplier', mpn, key, reason: { key: 'bom.reason.mpnFromSupplier', vars: { supplier: SUPPLIER_NAME[fromSupplier.supplier], code: fromSupplier.code, mpn } } }
      : { tier: 'exact', mpn, key, reason: { key: 'bom.reason.mpnExact', vars: {} } };
    add(base);
    for (const b of looseBases(mpn)) {
      add({
        tier: fromSupplier ? 'supplier' : 'packaging',
        mpn: b.base,
        key: b.key,
        reason: fromSupplier ? base.reason : { key: 'bom.reason.mpnPackaging', vars: { suffix: b.suffix } },
      });
    }
    // A voltage written with its unit as the decimal point ('AMS1117-3V3' is AMS1117-3.3).
    const volts = /-(\d)V(\d)(?![0-9])/i.exec(mpn);
    if (volts) {
      const dotted = mpn.replace(/-(\d)V(\d)(?![0-9])/i, '-$1.$2');
      add({ tier: fromSupplier ? 'supplier' : 'canonical', mpn: dotted, key: normalizeMpn(dotted), reason: fromSupplier ? base.reason : { key: 'bom.reason.mpnCanonical', vars: {} }, added: true });
    }
    // Molex numbers with and without their leading zeros ('0436500200' ↔ '436500200').
    const digits = canonicalMpn(mpn);
    if (/^\d{8,10}$/.test(digits)) {
      const bare = digits.replace(/^0+/, '');
      for (const k of [bare, bare.padStart(10, '0')]) {
        if (k !== digits && k.length >= 8) add({ tier: fromSupplier ? 'supplier' : 'canonical', mpn: k, key: k, reason: fromSupplier ? base.reason : { key: 'bom.reason.mpnCanonical', vars: {} }, added: true });
      }
    }
    // Catalogues may list only the reel ('MCP1700T-3302E/TT') of a part the BOM names without it.
    const reel = microchipReel(mpn);
    if (reel) {
      add({
        tier: fromSupplier ? 'supplier' : 'packaging',
        mpn: reel,
        key: normalizeMpn(reel),
        reason: fromSupplier ? base.reason : { key: 'bom.reason.mpnPackaging', vars: { suffix: 'T' } },
        added: true,
      });
    }
  };
  if (sup?.pn.supplier === 'lcsc') return { text, mpn: null, supplierPn: sup.pn, lookups: [], family: null };
  if (sup?.pn.supplier === 'digikey') {
    if (sup.mpn) addMpn(sup.mpn, sup.pn);
    return { text, mpn: sup.mpn, supplierPn: sup.pn, lookups, family: null };
  }
  const pattern = kicadWildcardPattern(text);
  if (pattern.hasWildcard && pattern.prefix.length >= 3) {
    // Also looked up as written: an 'x' between digits is often literal ('A2541HWR-2x6P', 2 × 6 pins),
    // and a KiCad family record found so is the family, not a part (the matcher knows it by its name).
    add({ tier: 'exact', mpn: text, key: normalizeMpn(text), reason: { key: 'bom.reason.mpnExact', vars: {} } });
    return { text, mpn: text, supplierPn: null, lookups, family: { pattern, reason: { key: 'bom.reason.mpnFamily', vars: { family: text } } } };
  }
  addMpn(text, null);
  if (sup?.pn.supplier === 'mouser' && sup.mpn) addMpn(sup.mpn, sup.pn);
  return { text, mpn: text, supplierPn: sup?.pn ?? null, lookups, family: null };
}

export type MpnMatch = {
  readonly tier: MpnTier;
  readonly reason: BomReason;
  /** The match holds only for these makers' parts (brand keys): a packing rule of theirs was used. */
  readonly makers?: readonly string[];
};

/**
 * How a catalogue product's MPN relates to the BOM cell, or null when it does not: 'exact' (same
 * text ignoring case and surrounding space), 'canonical' (same ignoring punctuation), 'packaging'
 * (same after removing packaging suffixes on either side), 'supplier' (the MPN inside a Digi-Key
 * or Mouser code). Run it on every product a lookup found: the lookup's tier is only the best case.
 */
export function mpnMatchTier(cell: string, productMpn: string): MpnMatch | null {
  if (typeof cell !== 'string' || typeof productMpn !== 'string') return null;
  const a = clean(cell);
  const b = clean(productMpn);
  if (a === '' || b === '' || a.length > MAX_MPN_LENGTH) return null;
  const sup = supplierCode(a);
  if (sup?.pn.supplier !== 'digikey' && sup?.pn.supplier !== 'lcsc') {
    const direct = compareMpns(a, b);
    if (direct) return direct;
  }
  const inner = sup?.mpn ? compareMpns(sup.mpn, b) : null;
  if (sup?.mpn && inner) {
    return { tier: 'supplier', reason: { key: 'bom.reason.mpnFromSupplier', vars: { supplier: SUPPLIER_NAME[sup.pn.supplier], code: sup.pn.code, mpn: sup.mpn } }, ...(inner.makers ? { makers: inner.makers } : {}) };
  }
  return null;
}

/**
 * A decimal point between digits is part of the number ('RMC060352.3K1%N' is 52.3 kΩ,
 * 'RMC0603523K1%N' 523 kΩ; '1.5KE6.8CA' is not '1.5KE68CA'; 'AMS1117-3.3' not 'AMS1117-33'):
 * two MPNs are the same part only if they write the same decimal numbers.
 */
function sameDecimals(a: string, b: string): boolean {
  const decimals = (x: string) => [...new Set(x.normalize('NFKC').match(/\d+\.\d+/g) ?? [])].sort().join(' ');
  return decimals(a) === decimals(b);
}

function compareMpns(a: string, b: string): MpnMatch | null {
  if (a.toUpperCase() === b.toUpperCase()) return { tier: 'exact', reason: { key: 'bom.reason.mpnExact', vars: {} } };
  const ca = canonicalMpn(a);
  const cb = canonicalMpn(b);
  if (ca === '' || cb === '') return null;
  const written = (tier: MpnTier, makers?: readonly string[]): MpnMatch => ({ tier, reason: { key: 'bom.reason.mpnWritten', vars: { written: a, mpn: b } }, ...(makers ? { makers } : {}) });
  // 'AMS1117-3V3' writes the voltage of 'AMS1117-3.3' with its unit as the point.
  const voltsAsPoint = (x: string) => x.replace(/-(\d)V(\d)(?![0-9])/i, '-$1.$2');
  if (voltsAsPoint(a) !== a || voltsAsPoint(b) !== b) {
    const va = voltsAsPoint(a);
    const vb = voltsAsPoint(b);
    if ((va !== a || vb !== b) && canonicalMpn(va) === canonicalMpn(vb) && sameDecimals(va, vb)) return written('canonical');
  }
  if (!sameDecimals(a, b)) return null;
  if (ca === cb) return { tier: 'canonical', reason: { key: 'bom.reason.mpnCanonical', vars: {} } };
  // Molex writes its numbers as ten digits with leading zeros and without them ('0436500200' is
  // 43650-0200, '0022232021' is 22-23-2021).
  if (/^\d{8,10}$/.test(ca) && /^\d{8,10}$/.test(cb) && ca !== cb && ca.replace(/^0+/, '') === cb.replace(/^0+/, '')) return written('canonical', MOLEX);
  const na = normalizeMpn(a);
  const nb = normalizeMpn(b);
  const packaging = (suffix: string, makers?: readonly string[]): MpnMatch => ({ tier: 'packaging', reason: { key: 'bom.reason.mpnPackaging', vars: { suffix } }, ...(makers ? { makers } : {}) });
  if (na === nb) {
    const suffixes = [na !== ca ? suffixOf(a, na) : '', nb !== cb ? suffixOf(b, nb) : ''].filter(Boolean);
    return packaging(suffixes.join(' / '));
  }
  type Base = { key: string; suffix: string; makers?: readonly string[] };
  const la: Base[] = [{ key: na, suffix: na !== ca ? suffixOf(a, na) : '' }, ...looseBases(a)];
  const lb: Base[] = [{ key: nb, suffix: nb !== cb ? suffixOf(b, nb) : '' }, ...looseBases(b)];
  // Plain rules first: a match that needs no maker's own rule is the better reading.
  const pairs: Array<{ x: Base; y: Base; makers?: readonly string[] }> = [];
  for (const x of la) {
    for (const y of lb) {
      if (x.key !== y.key) continue;
      const makers = x.makers && y.makers ? x.makers.filter((k) => y.makers!.includes(k)) : (x.makers ?? y.makers);
      pairs.push({ x, y, ...(makers ? { makers } : {}) });
    }
  }
  const best = pairs.find((p) => !p.makers) ?? pairs.find((p) => p.makers && p.makers.length > 0);
  return best ? packaging([best.x.suffix, best.y.suffix].filter(Boolean).join(' / '), best.makers) : null;
}

/**
 * A catalogue MPN that is a maker's full ordering code of the cell's part number: the cell's key
 * followed by ordering letters and digits (package, temperature grade, packing: 'LM358' →
 * 'LM358DR', 'STM32F103C8' → 'STM32F103C8T6', 'AP2127K-3.3' → 'AP2127K-3.3TRG1'). Not when the
 * tail continues the number ('TPS5430' is not 'TPS54302…': a digit after a digit), nor for tails
 * longer than 12 characters (a switch's force and height codes: '1TS003B-2500-3500A-CT') or cells
 * shorter than 4. Returns the tail as written in the catalogue
 * MPN, or null. Only a candidate to confirm: the tail may name another package or grade.
 */
export function orderingTail(cell: string, productMpn: string): string | null {
  if (typeof cell !== 'string' || typeof productMpn !== 'string') return null;
  const key = normalizeMpn(cell);
  const pk = normalizeMpn(productMpn);
  if (key.length < 4 || pk.length <= key.length || !pk.startsWith(key)) return null;
  const tail = pk.slice(key.length);
  if (tail.length > 12) return null;
  if (/\d$/.test(key) && /^\d/.test(tail)) return null;
  return suffixOf(clean(productMpn), key) || tail;
}
