// One candidate of a line, as found by a tier, turned into a ranked draft (decide.ts ranks them
// and sets the status): the maker the line names against the part's brand (aliases in Chinese
// and English), a supplier code against the line's MPN, the kind and the package the line states
// against the part's (a contradiction blocks auto-accept and ranks the part below those in the
// stated package), packing rules that hold for some makers only, library records without an
// offer, and second sources of one part number. Pure.

import { canonicalMpn, kicadWildcardPattern } from '../../catalog/mpn.ts';
import { footprintPackage, packagesCompatible, packagesContradict } from '../footprint-package.ts';
import { mpnMatchTier, mpnVariants, orderingTail, type BomReason } from '../mpn-variants.ts';
import { TIER_CONFIDENCE, type Draft } from './decide.ts';
import type { LinePlan } from './line-plan.ts';
import { manufacturerAgreement, type BrandResolver, type ManufacturerAgreement } from './manufacturer.ts';
import { kindOfCategory, type ProductFacts } from './parametric.ts';

export type Found = {
  productId: number;
  tier: Draft['tier'];
  confidence: number;
  reasons: BomReason[];
  auto: boolean;
  /** The line's MPN cell this was found from. */
  fromMpn?: string;
  /** The supplier code this was found from. */
  source?: string;
  /** The MPN match holds only for these makers (a packing rule of theirs, mpn-variants.ts). */
  makers?: readonly string[];
};

/** A catalogue record that is a KiCad ordering family ('STM32F103C8Tx'), not an orderable part. */
export function isFamilyRecord(mpn: string): boolean {
  return /x/.test(mpn) && kicadWildcardPattern(mpn).hasWildcard;
}

/** Kinds a line and a product may both be without contradiction (a 'D' line may be an LED, an 'L' line a ferrite bead). */
function kindsAgree(a: string, b: string): boolean {
  const pair = `${a}:${b}`;
  return a === b || ['diode:led', 'led:diode', 'inductor:ferrite', 'ferrite:inductor'].includes(pair);
}

/** Bonus for a candidate in the package the line states: ranks it above the same part in another (more than a tie). */
const PACKAGE_SAME_BONUS = 0.006;
/** A part in a package the line contradicts: below the family tier's candidates in the stated package. */
const PACKAGE_CONFLICT_PENALTY = 0.3;
/** A record one cannot order falls below a packaging variant one can (0.95) of the same number. */
const NOT_ORDERABLE_PENALTY = 0.08;

/**
 * `contradicting`: the line's MPN cells that found a catalogue part themselves (exact, canonical
 * or packaging), the only ones that can disagree with a supplier code. `orderableOnLine`: another
 * candidate of the line can be ordered (has a supplier code or an offer).
 */
export function toDraft(f: Found, p: LinePlan, product: ProductFacts, resolver: BrandResolver, contradicting: readonly string[] = [], orderableOnLine = false): Draft {
  const reasons = [...f.reasons];
  let confidence = f.confidence;
  let auto = f.auto;
  let tier = f.tier;
  // A packing rule that holds for some makers only ('R' is TI's reel): another maker's part is
  // a different one as often as not.
  if (f.makers && !(product.brandKey && f.makers.some((k) => k === product.brandKey || resolver.ownerOf(product.brandKey!) === resolver.ownerOf(k)))) {
    tier = 'family';
    confidence = TIER_CONFIDENCE.family;
    auto = false;
  }
  // The maker written with the MPN this was found from (several MPN / maker pairs), else the line's.
  const maker = (f.fromMpn !== undefined ? p.mpnCells.find((c) => c.text === f.fromMpn)?.maker : undefined) ?? p.manufacturer;
  const agreement: ManufacturerAgreement = f.tier === 'memory' ? 'unknown' : manufacturerAgreement(resolver, maker, product.brandKey);
  if (agreement === 'agree') {
    confidence += 0.004;
    reasons.push({ key: 'bom.reason.makerAgrees', vars: { maker: maker ?? '' } });
  } else if (agreement === 'conflict') {
    confidence -= 0.3;
    auto = false;
    reasons.push({ key: 'bom.reason.makerConflict', vars: { maker: maker ?? '' } });
  }
  // A product known only by its supplier code (its MPN is that code) cannot contradict an MPN.
  const knownMpn = product.mpn.toUpperCase() !== f.source?.toUpperCase();
  if (f.tier === 'supplier' && f.source && knownMpn && contradicting.length > 0 && !p.mpnCells.some((c) => mpnMatchTier(c.text, product.mpn) || orderingTail(c.text, product.mpn) !== null || c.variants.family?.pattern.regex.test(product.mpnNormalized))) {
    // The code and an MPN of the line name different catalogue parts: the user decides which is
    // meant. An MPN cell that names no catalogue part ('Header-Female-2.54_2x9', EasyEDA's name)
    // contradicts nothing, and a code whose part is a full ordering code of the line's MPN
    // ('AP2127K-3.3' and C156285, AP2127K-3.3TRG1) names the same part more precisely.
    auto = false;
    confidence -= 0.1;
    reasons.push({ key: 'bom.reason.supplierMpnConflict', vars: { code: f.source, mpn: product.mpn } });
  }
  let packageSame = false;
  if (f.tier !== 'memory') {
    const lineKind = p.parsed?.kind ?? null;
    const productKind = kindOfCategory(product.cateId);
    if (f.tier !== 'parametric' && lineKind && productKind && !kindsAgree(lineKind, productKind) && (p.parsed?.confidence ?? 0) >= 0.5) {
      auto = false;
      confidence -= 0.2;
      reasons.push({ key: 'bom.reason.kindConflict', vars: { kind: lineKind } });
    }
    // The package the line states (footprint first, else the text) against the part's: a
    // different body blocks auto-accept and ranks the part below those in the stated package.
    const linePkg = p.parsed?.package ?? null;
    if (linePkg && product.package && f.tier !== 'parametric') {
      if (packagesContradict(linePkg, product.package, f.tier === 'supplier')) {
        // Below an ordering code of the number in the stated package (family tier, 0.7): the
        // footprint is what is on the board.
        auto = false;
        confidence -= PACKAGE_CONFLICT_PENALTY;
        reasons.push({ key: 'bom.reason.packageConflict', vars: { product: product.package, line: linePkg } });
      } else if (packagesCompatible(linePkg, product.package) === 'same') {
        packageSame = true;
        confidence += PACKAGE_SAME_BONUS;
      }
    }
  }
  // A library record without any offer (a KiCad symbol's part) ranks below the orderable parts of
  // its number (its reel, a maker's full ordering code), and is not chosen alone while the line
  // has such a part to order; in a catalogue of library records only, it is the part.
  if (product.orderable === false && f.tier !== 'memory') {
    if (orderableOnLine) auto = false;
    confidence -= NOT_ORDERABLE_PENALTY;
  }
  // Second sources: an exact part number from several makers on a line naming none, in the package it states.
  const secondSource = !p.manufacturer && packageSame && (tier === 'exact' || tier === 'canonical') ? canonicalMpn(product.mpn) : undefined;
  return { productId: f.productId, tier, confidence, reasons, group: groupOf(f, product), auto, agreement, defaults: 0, ...(secondSource ? { secondSource } : {}) };
}

/**
 * Packaging variants of one base MPN from one maker, in one package, are one part; anything else
 * is its own (one maker's same number in two packages is two parts).
 */
function groupOf(f: Found, product: ProductFacts): string {
  if (f.tier === 'parametric' || f.tier === 'keyword' || f.tier === 'memory' || (f.tier === 'supplier' && f.fromMpn === undefined)) return `id:${product.id}`;
  const lookups = mpnVariants(product.mpn).lookups.filter((l) => !l.added);
  const base = lookups[lookups.length - 1]?.key ?? product.mpnNormalized;
  const pkg = product.package ? (footprintPackage(product.package)?.package ?? product.package.toUpperCase()) : '';
  return `${product.brandKey ?? ''}:${base}:${pkg}`;
}
