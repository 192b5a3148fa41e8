// Matches BOM lines against the catalogue (issue #12 item 3; notes/bom-matching.md §2): the
// user's remembered choice, supplier codes, exact / canonical / packaging-variant MPN with the
// maker checked, ordering-code families, look-alike MPN typos, the parametric reading of value +
// description + footprint + designator, and a keyword search last. Lines go in chunks; each tier
// is one statement for the whole chunk (match-queries.server.ts). Scoring and the status decision
// are pure (draft.ts, decide.ts, parametric.ts, manufacturer.ts).

import type { Db } from '../../server/db/client.server.ts';
import { runnerOf, type SqlRunner } from '../../server/db/raw-sql.server.ts';
import { familyMatches, familyPrefixes } from '../../search/mpn-lookup.ts';
import { searchProducts } from '../../search/search.server.ts';
import { bodyDimensions, footprintPackage, IMPERIAL_TO_METRIC, isExactPackage, packagesContradict } from '../footprint-package.ts';
import { mpnMatchTier, orderingTail } from '../mpn-variants.ts';
import { decide, NOT_A_PART_MATCH, rankDrafts, TIER_CONFIDENCE } from './decide.ts';
import { isFamilyRecord, toDraft, type Found } from './draft.ts';
import { planLine, type LinePlan } from './line-plan.ts';
import { lookalikeKeys } from './lookalike.ts';
import { brandResolver, type BrandResolver } from './manufacturer.ts';
import { brandRows, familyRecordHits, idsByCode, mpnHits, parametricHits, preferredParts, prefixedHits, prefixHits, productFacts, supplierHits, type ParamGroup } from './match-queries.server.ts';
import type { LineMatch, LineToMatch, MatchOptions } from './match-types.ts';
import { categoriesOf, dielectricsAtLeast, MAIN_KEY, parametricAutoAllowed, parametricFit } from './parametric.ts';

type PreferredPart = { id: number; key: string; value: number; package: string | null };

export { lineSignature } from './line-plan.ts';

/** Lines per chunk: progress is reported after each. */
export const MATCH_CHUNK = 500;
/** Keyword searches per call (each is a full search): the rest of such lines stay notFound. */
export const MAX_KEYWORD_LINES = 20;
/** Parametric rows fetched per group meeting every stated attribute, and per group otherwise. */
const PER_GROUP = 60;
const PER_LOOSE_GROUP = 20;

/** What one call shares across its chunks. */
type MatchCache = { keywordLeft: number; readonly groups: Map<string, number[]>; preferred: PreferredPart[] | null };

export async function matchLines(db: Db, lines: readonly LineToMatch[], options: MatchOptions): Promise<LineMatch[]> {
  const runner = runnerOf(db);
  options.signal?.throwIfAborted();
  const resolver = brandResolver(lines.some((l) => l.fields.manufacturer) ? await brandRows(runner) : []);
  const out: LineMatch[] = [];
  const cache: MatchCache = { keywordLeft: MAX_KEYWORD_LINES, groups: new Map(), preferred: null };
  for (let start = 0; start < lines.length; start += MATCH_CHUNK) {
    options.signal?.throwIfAborted();
    const chunk = lines.slice(start, start + MATCH_CHUNK);
    out.push(...(await matchChunk(db, runner, chunk, options, resolver, cache)));
    options.onProgress?.(out.length);
  }
  return out;
}

async function matchChunk(db: Db, r: SqlRunner, lines: readonly LineToMatch[], options: MatchOptions, resolver: BrandResolver, cache: MatchCache): Promise<LineMatch[]> {
  const plans = lines.map((l) => (l.dnp || l.notAPart ? null : planLine(l)));
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
  // Cells whose hits include a part one can order: their ordering codes need no further look-up.
  const orderableHit = new Set<string>();
  plans.forEach((p, i) => {
    for (const cell of p?.mpnCells ?? []) {
      for (const l of cell.variants.lookups) {
        for (const h of byKey.get(l.key) ?? []) {
          const m = mpnMatchTier(cell.text, h.mpn);
          if (!m) continue;
          // A KiCad family record ('STM32F042F6Px', no offer) is the family of the cell's part, not the part.
          if (!h.orderable && isFamilyRecord(h.mpn)) {
            found[i]!.push({ productId: h.id, tier: 'family', confidence: TIER_CONFIDENCE.family, reasons: [{ key: 'bom.reason.mpnFamily', vars: { family: h.mpn } }], auto: false, fromMpn: cell.text });
            continue;
          }
          // An orderable hit in a package the line does not contradict answers the cell; one in
          // another package ('1N4148' DO-35 for a SOD-323 footprint) leaves its ordering codes to look at.
          const linePkg = p?.parsed?.package ?? null;
          if (h.orderable && !(linePkg && h.package && packagesContradict(linePkg, h.package))) orderableHit.add(`${i}:${cell.text}`);
          // An MPN read from a Digi-Key / Mouser code: as sure as the code when equal, else a packaging variant.
          const inner = m.tier === 'supplier' ? mpnMatchTier(String(m.reason.vars.mpn ?? ''), h.mpn) : null;
          const tier = m.tier === 'supplier' ? (inner?.tier === 'packaging' ? 'packaging' : 'supplier') : m.tier;
          const confidence = m.tier === 'supplier' ? (inner?.tier === 'packaging' ? TIER_CONFIDENCE.packaging : 0.97) : TIER_CONFIDENCE[tier];
          // A number read from a footprint name is the land pattern's part (an FPC connector for a
          // display module, a socket): a candidate to confirm, never accepted alone.
          const sure = (cell.from !== 'description' || cell.leading === true) && cell.from !== 'package';
          found[i]!.push({ productId: h.id, tier, confidence, reasons: [m.reason], auto: sure, fromMpn: cell.text, ...(m.makers ? { makers: m.makers } : {}) });
        }
      }
    }
  });

  // Makers' full ordering codes of a part number the line gives without them ('NE555D' → the reel
  // 'NE555DR'; 'LM358' → 'LM358DR', 'LM358P' …), for cells no orderable part answered: packing
  // tails are packaging variants, other tails (package, grade) candidates to confirm.
  options.signal?.throwIfAborted();
  const orderingPrefixes = new Map<string, { line: number; cell: string; from: string }[]>();
  plans.forEach((p, i) => {
    for (const cell of p?.mpnCells ?? []) {
      if (orderableHit.has(`${i}:${cell.text}`) || (cell.variants.supplierPn && cell.variants.supplierPn.supplier !== 'lcsc')) continue;
      const key = cell.variants.lookups[0]?.key ?? '';
      if (key.length < 5) continue;
      orderingPrefixes.set(key, [...(orderingPrefixes.get(key) ?? []), { line: i, cell: cell.text, from: cell.leading ? 'mpn' : cell.from === 'package' ? 'description' : cell.from }]);
    }
  });
  for (const h of await timed(options, 'ordering', () => prefixHits(r, [...orderingPrefixes.keys()]))) {
    if (isFamilyRecord(h.mpn) && !/\dx\d/.test(h.mpn)) continue;
    for (const { line, cell, from } of orderingPrefixes.get(h.prefix) ?? []) {
      if (h.key === h.prefix || found[line]!.some((f) => f.productId === h.id)) continue;
      const tail = orderingTail(cell, h.mpn);
      if (tail === null) continue;
      const m = mpnMatchTier(cell, h.mpn);
      if (m?.tier === 'packaging') {
        found[line]!.push({ productId: h.id, tier: 'packaging', confidence: TIER_CONFIDENCE.packaging, reasons: [m.reason], auto: from !== 'description', fromMpn: cell, ...(m.makers ? { makers: m.makers } : {}) });
      } else {
        found[line]!.push({ productId: h.id, tier: 'family', confidence: TIER_CONFIDENCE.family, reasons: [{ key: 'bom.reason.mpnOrdering', vars: { mpn: cell, tail } }], auto: false, fromMpn: cell });
      }
    }
  }

  // MPN lines with no hit: look-alike typos and KiCad family records; wildcard families in the line.
  options.signal?.throwIfAborted();
  // Lines whose MPN cells found no part (ordering-code candidates to confirm do not count).
  const unmatched = plans.map((p, i) => (p && p.mpnCells.length > 0 && !found[i]!.some((f) => f.tier !== 'family') ? p : null));
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
  // A number written without its series letters ('5819W': B5819W, 1N5819W): only keys that start
  // with a digit and found nothing else.
  const bare = new Map<string, number[]>();
  unmatched.forEach((p, i) => {
    for (const cell of p?.mpnCells ?? []) {
      const key = cell.variants.lookups[0]?.key ?? '';
      if (/^\d/.test(key) && /[A-Z]/.test(key) && key.length >= 4 && key.length <= 20) bare.set(key, [...(bare.get(key) ?? []), i]);
    }
  });
  for (const h of await timed(options, 'prefixed', () => prefixedHits(r, [...bare.keys()]))) {
    for (const line of bare.get(h.key) ?? []) {
      found[line]!.push({ productId: h.id, tier: 'family', confidence: TIER_CONFIDENCE.family, reasons: [{ key: 'bom.reason.mpnFamily', vars: { family: h.key } }], auto: false });
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
    const info = w.package ? footprintPackage(w.package) : null;
    const body = w.package ? bodyDimensions(w.package) : null;
    const pkg = w.package && !body && isExactPackage(info) ? w.package : null;
    const pkgLike = body
      ? body.axial
        ? null
        : `${body.mounting === 'smd' ? 'SMD' : '插件'},D${body.d}x%`
      : info && !pkg
        ? `%${info.package.replace(/[^A-Za-z0-9]+/g, '%')}%`
        : // A chip capacitor may be a tantalum or polymer chip the snapshot names by its metric case ('CASE-A-3216-18(mm)').
          pkg && info?.chip && w.kind === 'capacitor' && w.subtype !== null && w.subtype !== 'ceramic' && IMPERIAL_TO_METRIC[pkg]
          ? `%-${IMPERIAL_TO_METRIC[pkg]}-%`
          : null;
    const group: ParamGroup = {
      key: w.key,
      value: w.value,
      pkg,
      pkgLike,
      mounting: w.mounting,
      cates: categoriesOf(w.kind, w.subtype, w.mounting),
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
  // JLC's basic and preferred parts holding the value (and the chip size) join every group: the
  // window above is in index order, these are the parts an assembler stocks.
  if (missing.length > 0) {
    cache.preferred ??= await timed(options, 'parametric', () => preferredParts(r, Object.values(MAIN_KEY)));
    for (const g of missing) {
      const q = JSON.parse(g) as ParamGroup;
      const extra = cache.preferred
        .filter((x) => x.key === q.key && Math.abs(x.value - q.value) <= Math.abs(q.value) * 1e-6 + 1e-15 && (q.pkg === null || x.package === q.pkg) && (!q.pkgLike || (x.package !== null && likeRegex(q.pkgLike).test(x.package))))
        .map((x) => x.id);
      const ids = cache.groups.get(g)!;
      cache.groups.set(g, [...new Set([...extra, ...ids])]);
    }
  }

  // Facts of every product found so far (brand, package, category, parameters).
  const ids = new Set<number>();
  for (const fs of found) for (const f of fs) ids.add(f.productId);
  for (const g of lineGroups) for (const id of g === null ? [] : (cache.groups.get(g) ?? [])) ids.add(id);
  const facts = await timed(options, 'facts', () => productFacts(r, [...ids]));

  plans.forEach((p, i) => {
    const g = lineGroups[i];
    if (!p?.wanted || !g) return;
    const auto = p.mpnCells.length === 0 && p.supplierCodes.length === 0 && p.wanted.package !== null && parametricAutoAllowed(p.wanted);
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

  return lines.map((line, i) => {
    const p = live(i);
    if (!p) return line.notAPart ? NOT_A_PART_MATCH : decide([], true);
    const named = [...new Set(found[i]!.filter((f) => f.fromMpn !== undefined && (f.tier === 'exact' || f.tier === 'canonical' || f.tier === 'packaging')).map((f) => f.fromMpn!))];
    const orderable = new Set(found[i]!.filter((f) => facts.get(f.productId)?.orderable).map((f) => f.productId));
    const drafts = found[i]!.filter((f) => facts.has(f.productId)).map((f) => toDraft(f, p, facts.get(f.productId)!, resolver, named, [...orderable].some((id) => id !== f.productId)));
    return decide(rankDrafts(drafts, options.trends, facts), false);
  });
}

/** A SQL ILIKE pattern of '%' and literal text as a regular expression. */
function likeRegex(like: string): RegExp {
  return new RegExp(`^${like.split('%').map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 'i');
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
