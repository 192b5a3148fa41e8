// Matches BOM lines against the catalogue (issue #12 item 3; notes/bom-matching.md §2): the
// user's remembered choice, supplier codes, exact / canonical / packaging-variant MPN with the
// maker checked, ordering-code families, look-alike MPN typos, the parametric reading of value +
// description + footprint + designator, and a keyword search last. Lines go in chunks; each tier
// is one statement for the whole chunk (match-queries.server.ts). Scoring and the status decision
// are pure (decide.ts, parametric.ts, manufacturer.ts).

import type { Db } from '../../server/db/client.server.ts';
import { runnerOf, type SqlRunner } from '../../server/db/raw-sql.server.ts';
import { familyMatches, familyPrefixes } from '../../search/mpn-lookup.ts';
import { searchProducts } from '../../search/search.server.ts';
import { footprintPackage, isExactPackage, packagesCompatible } from '../footprint-package.ts';
import { mpnMatchTier, mpnVariants, type BomReason } from '../mpn-variants.ts';
import { decide, rankDrafts, TIER_CONFIDENCE, type Draft } from './decide.ts';
import { planLine, type LinePlan } from './line-plan.ts';
import { lookalikeKeys } from './lookalike.ts';
import { brandResolver, manufacturerAgreement, type BrandResolver, type ManufacturerAgreement } from './manufacturer.ts';
import { brandRows, familyRecordHits, idsByCode, mpnHits, parametricHits, prefixHits, productFacts, supplierHits, type ParamGroup } from './match-queries.server.ts';
import type { LineMatch, LineToMatch, MatchOptions } from './match-types.ts';
import { dielectricsAtLeast, kindOfCategory, MAIN_KEY, parametricFit, type ProductFacts } from './parametric.ts';

export { lineSignature } from './line-plan.ts';

/** Lines per chunk: progress is reported after each. */
export const MATCH_CHUNK = 500;
/** Keyword searches per call (each is a full search): the rest of such lines stay notFound. */
export const MAX_KEYWORD_LINES = 20;
/** Parametric rows fetched per group meeting every stated attribute, and per group otherwise. */
const PER_GROUP = 60;
const PER_LOOSE_GROUP = 20;

/** What one call shares across its chunks. */
type MatchCache = { keywordLeft: number; readonly groups: Map<string, number[]> };

type Found = { productId: number; tier: Draft['tier']; confidence: number; reasons: BomReason[]; auto: boolean; fromMpn?: string; source?: string };

export async function matchLines(db: Db, lines: readonly LineToMatch[], options: MatchOptions): Promise<LineMatch[]> {
  const runner = runnerOf(db);
  options.signal?.throwIfAborted();
  const resolver = brandResolver(lines.some((l) => l.fields.manufacturer) ? await brandRows(runner) : []);
  const out: LineMatch[] = [];
  const cache: MatchCache = { keywordLeft: MAX_KEYWORD_LINES, groups: new Map() };
  for (let start = 0; start < lines.length; start += MATCH_CHUNK) {
    options.signal?.throwIfAborted();
    const chunk = lines.slice(start, start + MATCH_CHUNK);
    out.push(...(await matchChunk(db, runner, chunk, options, resolver, cache)));
    options.onProgress?.(out.length);
  }
  return out;
}

async function matchChunk(db: Db, r: SqlRunner, lines: readonly LineToMatch[], options: MatchOptions, resolver: BrandResolver, cache: MatchCache): Promise<LineMatch[]> {
  const plans = lines.map((l) => (l.dnp ? null : planLine(l)));
  const found: Found[][] = lines.map(() => []);
  const live = (i: number): LinePlan | null => plans[i] ?? null;

  // Remembered choices.
  plans.forEach((p, i) => {
    const id = p ? options.memory?.get(p.signature) : undefined;
    if (id !== undefined) found[i]!.push({ productId: id, tier: 'memory', confidence: TIER_CONFIDENCE.memory, reasons: [{ key: 'bom.reason.memory', vars: {} }], auto: true });
  });

  // Supplier codes.
  const codes = [...new Set(plans.flatMap((p) => p?.supplierCodes.map((s) => s.code) ?? []))];
  const supplierByCode = new Map<string, number[]>();
  for (const h of await timed(options, 'supplier', () => supplierHits(r, codes))) supplierByCode.set(h.code, [...(supplierByCode.get(h.code) ?? []), h.productId]);
  plans.forEach((p, i) => {
    for (const s of p?.supplierCodes ?? []) {
      for (const id of supplierByCode.get(s.code) ?? []) found[i]!.push({ productId: id, tier: 'supplier', confidence: TIER_CONFIDENCE.supplier, reasons: [s.reason], auto: true, source: s.code });
    }
  });

  // Exact, canonical and packaging-variant MPNs.
  options.signal?.throwIfAborted();
  const keys = [...new Set(plans.flatMap((p) => p?.mpnCells.flatMap((c) => c.variants.lookups.map((l) => l.key)) ?? []))];
  const byKey = groupBy(await timed(options, 'mpn', () => mpnHits(r, keys)), (h) => h.key);
  plans.forEach((p, i) => {
    for (const cell of p?.mpnCells ?? []) {
      for (const l of cell.variants.lookups) {
        for (const h of byKey.get(l.key) ?? []) {
          const m = mpnMatchTier(cell.text, h.mpn);
          if (!m) continue;
          // An MPN read from a Digi-Key / Mouser code: as sure as the code when equal, else a packaging variant.
          const inner = m.tier === 'supplier' ? mpnMatchTier(String(m.reason.vars.mpn ?? ''), h.mpn) : null;
          const tier = m.tier === 'supplier' ? (inner?.tier === 'packaging' ? 'packaging' : 'supplier') : m.tier;
          const confidence = m.tier === 'supplier' ? (inner?.tier === 'packaging' ? TIER_CONFIDENCE.packaging : 0.97) : TIER_CONFIDENCE[tier];
          found[i]!.push({ productId: h.id, tier, confidence, reasons: [m.reason], auto: cell.from !== 'description', fromMpn: cell.text });
        }
      }
    }
  });

  // MPN lines with no hit: look-alike typos and KiCad family records; wildcard families in the line.
  options.signal?.throwIfAborted();
  const unmatched = plans.map((p, i) => (p && p.mpnCells.length > 0 && found[i]!.length === 0 ? p : null));
  const lookalikes = new Map<string, { line: number; mpn: string }[]>();
  const prefixes = new Set<string>();
  unmatched.forEach((p, i) => {
    for (const cell of p?.mpnCells ?? []) {
      const key = cell.variants.lookups[0]?.key ?? '';
      for (const k of lookalikeKeys(key)) lookalikes.set(k, [...(lookalikes.get(k) ?? []), { line: i, mpn: cell.text }]);
      if (key.length >= 5) for (const pf of familyPrefixes(key)) if (pf.length >= 5) prefixes.add(pf);
    }
  });
  for (const h of await timed(options, 'fuzzy', () => mpnHits(r, [...lookalikes.keys()]))) {
    for (const { line } of lookalikes.get(h.key) ?? []) {
      found[line]!.push({ productId: h.id, tier: 'fuzzy', confidence: TIER_CONFIDENCE.fuzzy, reasons: [{ key: 'bom.reason.mpnLookalike', vars: { mpn: h.mpn } }], auto: false });
    }
  }
  const familyRecords = await timed(options, 'family', () => familyRecordHits(r, [...prefixes]));
  unmatched.forEach((p, i) => {
    for (const cell of p?.mpnCells ?? []) {
      const key = cell.variants.lookups[0]?.key ?? '';
      for (const fr of familyRecords) {
        if (familyMatches(fr.mpn, key)) found[i]!.push({ productId: fr.id, tier: 'family', confidence: TIER_CONFIDENCE.family, reasons: [{ key: 'bom.reason.mpnFamily', vars: { family: fr.mpn } }], auto: false });
      }
    }
  });
  const linePrefixes = [...new Set(plans.flatMap((p) => p?.families.map((f) => f.pattern.prefix) ?? []))];
  const byPrefix = groupBy(await timed(options, 'family', () => prefixHits(r, linePrefixes)), (h) => h.prefix);
  plans.forEach((p, i) => {
    for (const f of p?.families ?? []) {
      for (const h of byPrefix.get(f.pattern.prefix) ?? []) {
        if (f.pattern.regex.test(h.key)) found[i]!.push({ productId: h.id, tier: 'family', confidence: TIER_CONFIDENCE.family, reasons: [f.reason], auto: false });
      }
    }
  });

  // Parametric: lines without an MPN or supplier hit that state a kind and value. Groups are
  // shared by lines asking for the same thing, and across chunks (cache).
  options.signal?.throwIfAborted();
  const lineGroups = plans.map((p, i) => {
    if (!p?.wanted || found[i]!.some((f) => f.tier !== 'fuzzy' && f.tier !== 'family')) return null;
    const w = p.wanted;
    const pkg = w.package && isExactPackage(footprintPackage(w.package)) ? w.package : null;
    const group: ParamGroup = {
      key: w.key,
      value: w.value,
      pkg,
      tolMax: w.tolerance,
      voltMin: w.kind === 'capacitor' ? w.voltage : null,
      powerMin: w.power,
      dielectrics: w.dielectric ? dielectricsAtLeast(w.dielectric) : null,
    };
    return JSON.stringify(group);
  });
  const missing = [...new Set(lineGroups.filter((g): g is string => g !== null && !cache.groups.has(g)))];
  const strictHits = groupBy(await timed(options, 'parametric', () => parametricHits(r, missing.map((g) => JSON.parse(g) as ParamGroup), true, PER_GROUP)), (h) => h.g);
  missing.forEach((g, i) => cache.groups.set(g, (strictHits.get(i) ?? []).map((h) => h.id)));
  // Nothing meets every stated attribute: the nearest parts, for the user to judge.
  const empty = missing.filter((g) => cache.groups.get(g)!.length === 0);
  const looseHits = groupBy(await timed(options, 'parametric', () => parametricHits(r, empty.map((g) => JSON.parse(g) as ParamGroup), false, PER_LOOSE_GROUP)), (h) => h.g);
  empty.forEach((g, i) => cache.groups.set(g, (looseHits.get(i) ?? []).map((h) => h.id)));

  // Facts of every product found so far (brand, package, category, parameters).
  const ids = new Set<number>();
  for (const fs of found) for (const f of fs) ids.add(f.productId);
  for (const g of lineGroups) for (const id of g === null ? [] : (cache.groups.get(g) ?? [])) ids.add(id);
  const facts = await timed(options, 'facts', () => productFacts(r, [...ids]));

  plans.forEach((p, i) => {
    const g = lineGroups[i];
    if (!p?.wanted || !g) return;
    const auto = p.mpnCells.length === 0 && p.supplierCodes.length === 0 && p.wanted.package !== null;
    for (const id of cache.groups.get(g) ?? []) {
      const f = facts.get(id);
      const fit = f ? parametricFit(p.wanted, f) : null;
      if (!fit) continue;
      const confidence = fit.satisfied ? 0.85 + 0.1 * fit.defaults : 0.6 - 0.05 * fit.unmet.length + 0.05 * fit.defaults;
      found[i]!.push({ productId: id, tier: 'parametric', confidence, reasons: [...fit.reasons], auto: auto && fit.satisfied });
    }
  });

  // Keyword search, last and bounded: only lines that read as an electronic part and found nothing.
  for (let i = 0; i < plans.length; i++) {
    const p = plans[i];
    // A line read as a kind and value was searched parametrically: a keyword hit could only be another value.
    // A part number that no tier found is not in the catalogue; searching its text finds other parts.
    // Passives are found by their value or not at all.
    if (!p || found[i]!.length > 0 || !p.keyword || !p.parsed?.kind || p.wanted || p.mpnCells.length > 0 || cache.keywordLeft <= 0) continue;
    if (p.parsed.kind in MAIN_KEY) continue;
    options.signal?.throwIfAborted();
    cache.keywordLeft--;
    const result = await timed(options, 'keyword', () => searchProducts(db, { keyword: p.keyword, pageNum: 1, pageSize: 5, locale: 'zh' }).catch(() => null));
    const list = result?.list ?? [];
    const idOf = await idsByCode(r, list.map((x) => x.mfgMpnCode));
    const more = await productFacts(r, [...idOf.values()].filter((id) => !facts.has(id)));
    for (const [id, f] of more) facts.set(id, f);
    list.forEach((x, rank) => {
      const id = idOf.get(x.mfgMpnCode);
      if (id !== undefined) found[i]!.push({ productId: id, tier: 'keyword', confidence: TIER_CONFIDENCE.keyword - rank * 0.01, reasons: [{ key: 'bom.reason.keyword', vars: { text: p.keyword! } }], auto: false });
    });
  }

  return lines.map((_line, i) => {
    const p = live(i);
    if (!p) return decide([], true);
    const drafts = found[i]!.filter((f) => facts.has(f.productId)).map((f) => toDraft(f, p, facts.get(f.productId)!, resolver));
    return decide(rankDrafts(drafts, options.trends, facts), false);
  });
}

/** Kinds a line and a product may both be without contradiction (a 'D' line may be an LED). */
function kindsAgree(a: string, b: string): boolean {
  return a === b || (a === 'diode' && b === 'led') || (a === 'led' && b === 'diode');
}

function toDraft(f: Found, p: LinePlan, product: ProductFacts, resolver: BrandResolver): Draft {
  const reasons = [...f.reasons];
  let confidence = f.confidence;
  let auto = f.auto;
  const agreement: ManufacturerAgreement = f.tier === 'memory' ? 'unknown' : manufacturerAgreement(resolver, p.manufacturer, product.brandKey);
  if (agreement === 'agree') {
    confidence += 0.004;
    reasons.push({ key: 'bom.reason.makerAgrees', vars: { maker: p.manufacturer ?? '' } });
  } else if (agreement === 'conflict') {
    confidence -= 0.3;
    auto = false;
    reasons.push({ key: 'bom.reason.makerConflict', vars: { maker: p.manufacturer ?? '' } });
  }
  // A product known only by its supplier code (its MPN is that code) cannot contradict an MPN.
  const knownMpn = product.mpn.toUpperCase() !== f.source?.toUpperCase();
  if (f.tier === 'supplier' && f.source && knownMpn && p.mpnCells.length > 0 && !p.mpnCells.some((c) => mpnMatchTier(c.text, product.mpn))) {
    // The code and the MPN column name different parts: the user decides which is meant.
    auto = false;
    confidence -= 0.1;
    reasons.push({ key: 'bom.reason.supplierMpnConflict', vars: { code: f.source, mpn: product.mpn } });
  }
  if (f.tier !== 'memory' && f.tier !== 'parametric') {
    const lineKind = p.parsed?.kind ?? null;
    const productKind = kindOfCategory(product.cateId);
    if (lineKind && productKind && !kindsAgree(lineKind, productKind) && (p.parsed?.confidence ?? 0) >= 0.5) {
      auto = false;
      confidence -= 0.2;
      reasons.push({ key: 'bom.reason.kindConflict', vars: { kind: lineKind } });
    }
    const linePkg = p.parsed?.package ?? null;
    if (linePkg && product.package && footprintPackage(linePkg)?.chip && footprintPackage(product.package)?.chip && packagesCompatible(linePkg, product.package) === 'different') {
      auto = false;
      confidence -= 0.2;
      reasons.push({ key: 'bom.reason.packageConflict', vars: { product: product.package, line: linePkg } });
    }
  }
  return { productId: f.productId, tier: f.tier, confidence, reasons, group: groupOf(f, product), auto, agreement, defaults: 0 };
}

/** Packaging variants of one base MPN from one maker are one part; anything else is its own. */
function groupOf(f: Found, product: ProductFacts): string {
  if (f.tier === 'parametric' || f.tier === 'keyword' || f.tier === 'memory' || (f.tier === 'supplier' && f.fromMpn === undefined)) return `id:${product.id}`;
  const lookups = mpnVariants(product.mpn).lookups.filter((l) => !l.added);
  const base = lookups[lookups.length - 1]?.key ?? product.mpnNormalized;
  return `${product.brandKey ?? ''}:${base}`;
}

async function timed<T>(options: MatchOptions, stage: string, fn: () => Promise<T>): Promise<T> {
  if (!options.onStage) return fn();
  const t0 = performance.now();
  try {
    return await fn();
  } finally {
    options.onStage(stage, performance.now() - t0);
  }
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const m = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = m.get(k);
    if (list) list.push(row);
    else m.set(k, [row]);
  }
  return m;
}
