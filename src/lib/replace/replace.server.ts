import { and, eq, sql } from 'drizzle-orm';
import type { Locale } from '../i18n/i18n.ts';
import { paramLabel, formatParamValue } from '../catalog/filters.ts';
import { normalizeMpn } from '../catalog/mpn.ts';
import { localizeParamText } from '../i18n/param-values.ts';
import type { Db } from '../server/db/client.server.ts';
import { runnerOf } from '../server/db/raw-sql.server.ts';
import { bomLines, products, userReplacePrefs, userReplacements } from '../server/db/schema/index.ts';
import { AppError, Code } from '../server/errors.ts';
import { createMemo } from '../server/memo.server.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import { ANONYMOUS_BOM_TTL_MS, openBom } from '../bom/bom-access.server.ts';
import type { BomLineView } from '../bom/bom.schema.ts';
import { lineViews } from '../bom/bom-view.server.ts';
import {
  compareCandidates,
  diffParams,
  gradeCandidate,
  numberAffinity,
  REPLACE_GRADES,
  ruleOf,
  sameFootprint,
  scoreOf,
  type GradeNote,
  type Graded,
  type PartFacts,
  type PinRow,
  type ReplaceGrade,
} from './replace.ts';
import {
  DEFAULT_REPLACE_PREFS,
  ReplacePrefsSchema,
  type GetReplacesBody,
  type ReplaceCandidate,
  type ReplaceList,
  type ReplaceOriginal,
  type ReplacePart,
  type ReplacePrefs,
} from './replace.schema.ts';

// Replacement queries (SPEC §7 replace/*): candidates read from the catalogue by index probes,
// graded in memory (replace.ts), the user's own pairs and preferences, and applying a
// replacement to a BOM line.

/** Candidates read per original: enough for every maker's version of a value in one package. */
export const CANDIDATES_SAME_PACKAGE = 400;
export const CANDIDATES_ANY_PACKAGE = 200;
/** The product detail page's section. */
export const DETAIL_LIMIT = 6;

type Facts = PartFacts & {
  mfgMpnCode: string;
  mpn: string;
  lifecycle: string;
  descriptionZh: string | null;
  descriptionEn: string | null;
  brandZh: string | null;
  brandEn: string | null;
  domestic: boolean;
  cateZh: string | null;
  cateEn: string | null;
  hasKicad: boolean;
  /** The symbol's pin count (0 without a symbol). */
  symbolPinCount: number;
  /** The pin table's source, 'KiCad <library>:<symbol>' (null without a symbol). */
  pinTable: string | null;
};

type ProductRow = {
  id: number;
  mfg_mpn_code: string;
  mpn: string;
  cate_id: number | null;
  package: string | null;
  symbol_id: number | null;
  footprint_id: number | null;
  lifecycle: string;
  description_zh: string | null;
  description_en: string | null;
  footprint: string | null;
  brand_zh: string | null;
  brand_en: string | null;
  country: string | null;
  cate_zh: string | null;
  cate_en: string | null;
  pin_count: number | null;
  symbol_name: string | null;
  /** [key, unit, value_num, value_text][] (JSON: parsed by pg, text on some drivers). */
  params: [string, string | null, number | null, string | null][] | string;
};

/**
 * Parts with their parameters in one statement (each statement costs a round trip, several
 * milliseconds on PGlite whatever it does): `where` selects the products, as `p`.
 */
async function factsWhere(db: Db, where: string, args: readonly unknown[]): Promise<Facts[]> {
  const rows = await runnerOf(db).rows<ProductRow>(
    `SELECT p.id, p.mfg_mpn_code, p.mpn, p.cate_id, p.package, p.symbol_id, p.footprint_id, p.lifecycle, p.description_zh, p.description_en,
            f.name AS footprint, b.name_zh AS brand_zh, b.name_en AS brand_en, b.country, c.cate_name AS cate_zh, c.cate_name_en AS cate_en, sy.pin_count, CASE WHEN sy.id IS NULL THEN NULL ELSE 'KiCad ' || sy.library || ':' || sy.name END AS symbol_name,
            (SELECT coalesce(json_agg(json_build_array(pp.key, pp.unit, pp.value_num, pp.value_text) ORDER BY pp.key), '[]'::json)
               FROM product_params pp WHERE pp.product_id = p.id) AS params
     FROM products p
     LEFT JOIN brands b ON b.id = p.brand_id
     LEFT JOIN footprints f ON f.id = p.footprint_id
     LEFT JOIN categories c ON c.cate_id = p.cate_id
     LEFT JOIN symbols sy ON sy.id = p.symbol_id
     WHERE ${where}`,
    args,
  );
  return rows.map((r) => {
    const params = (typeof r.params === 'string' ? JSON.parse(r.params) : r.params) as [string, string | null, number | null, string | null][];
    return {
      id: r.id,
      cateId: r.cate_id,
      package: r.package,
      footprint: r.footprint,
      symbolId: r.symbol_id,
      pins: [],
      params: params.map(([key, unit, valueNum, valueText]) => ({ key, unit, valueNum: valueNum === null ? null : Number(valueNum), valueText })),
      mfgMpnCode: r.mfg_mpn_code,
      mpn: r.mpn,
      lifecycle: r.lifecycle,
      descriptionZh: r.description_zh,
      descriptionEn: r.description_en,
      brandZh: r.brand_zh,
      brandEn: r.brand_en,
      domestic: r.country === 'CN',
      cateZh: r.cate_zh,
      cateEn: r.cate_en,
      hasKicad: r.symbol_id !== null && r.footprint_id !== null,
      symbolPinCount: r.pin_count ?? 0,
      pinTable: r.symbol_name,
    };
  });
}

async function loadFacts(db: Db, ids: readonly number[]): Promise<Map<number, Facts>> {
  if (ids.length === 0) return new Map();
  return new Map((await factsWhere(db, 'p.id = ANY($1::int[])', [ids])).map((f) => [f.id, f]));
}

/** Fills in the pins of the given parts' symbols (one statement for all). */
async function attachPins(db: Db, parts: readonly Facts[]): Promise<void> {
  const symbolIds = [...new Set(parts.map((f) => f.symbolId).filter((x): x is number => x !== null))];
  if (symbolIds.length === 0) return;
  // One text per symbol instead of a row per pin: several times faster to read (PGlite above all).
  const rows = await runnerOf(db).rows<{ symbol_id: number; pins: string }>(
    `SELECT symbol_id, string_agg(unit || E'\\x1f' || number || E'\\x1f' || name || E'\\x1f' || electrical_type, E'\\x1e') AS pins
     FROM symbol_pins WHERE symbol_id = ANY($1::int[]) GROUP BY symbol_id`,
    [symbolIds],
  );
  const bySymbol = new Map<number, PinRow[]>();
  for (const r of rows) {
    bySymbol.set(
      r.symbol_id,
      r.pins.split('\x1e').map((text) => {
        const [unit, number, name, electricalType] = text.split('\x1f');
        return { unit: Number(unit), number: number ?? '', name: name ?? '', electricalType: electricalType ?? '' };
      }),
    );
  }
  for (const f of parts) if (f.symbolId !== null) f.pins = bySymbol.get(f.symbolId) ?? [];
}

export async function productIdOf(db: Db, mfgMpnCode: string, locale: Locale, key: 'replace.noPart' | 'replace.noReplacementPart' = 'replace.noPart'): Promise<number> {
  const r = await db.select({ id: products.id }).from(products).where(eq(products.mfgMpnCode, mfgMpnCode)).limit(1);
  if (!r[0]) throw new AppError(Code.notFound, serverMessage(key, locale, { code: mfgMpnCode }));
  return r[0].id;
}

/**
 * Candidates for an original, read in one statement: parts of its category sharing its main value
 * (the first 'equal' parameter: resistance, capacitance, core…) by the (key, value) indexes, same
 * package first; for parts with no main value, parts of the category, same package first.
 */
async function candidateFacts(db: Db, original: Facts, kinds: readonly number[]): Promise<Facts[]> {
  if (original.cateId === null) return [];
  const anchor = original.params.find((p) => ruleOf(p.key) === 'equal' && (p.valueNum !== null || p.valueText));
  const base = [kinds, original.id, original.package ?? ''];
  let probe: (samePackage: boolean, limit: number) => string;
  let args: unknown[];
  if (anchor && anchor.valueNum !== null) {
    const v = anchor.valueNum;
    args = [...base, anchor.key, v - Math.abs(v) * 1e-6, v + Math.abs(v) * 1e-6];
    probe = (samePackage, limit) => `(SELECT pp.product_id FROM product_params pp JOIN products p ON p.id = pp.product_id
        WHERE pp.key = $4 AND pp.value_num BETWEEN $5 AND $6 AND p.cate_id = ANY($1::int[]) AND p.id <> $2 ${samePackage ? SAME_PACKAGE : ''} LIMIT ${limit})`;
  } else if (anchor) {
    // A core is written several ways ('ARM Cortex-M3', WCH's 'ARM-M3'): probed by its last word, graded exactly after.
    const core = anchor.key === 'core' ? /([A-Za-z]*\d+[A-Za-z+]*)\s*$/.exec(anchor.valueText ?? '')?.[1] : undefined;
    args = [...base, anchor.key, core ? `%${core.toUpperCase()}` : anchor.valueText];
    const match = core ? 'upper(pp.value_text) LIKE $5' : 'pp.value_text = $5';
    probe = (samePackage, limit) => `(SELECT pp.product_id FROM product_params pp JOIN products p ON p.id = pp.product_id
        WHERE pp.key = $4 AND ${match} AND p.cate_id = ANY($1::int[]) AND p.id <> $2 ${samePackage ? SAME_PACKAGE : ''} LIMIT ${limit})`;
  } else {
    args = base;
    probe = (samePackage, limit) => `(SELECT p.id FROM products p WHERE p.cate_id = ANY($1::int[]) AND p.id <> $2 ${samePackage ? SAME_PACKAGE : ''} LIMIT ${limit})`;
  }
  return factsWhere(db, `p.id IN (${probe(true, CANDIDATES_SAME_PACKAGE)} UNION ${probe(false, CANDIDATES_ANY_PACKAGE)})`, args);
}

/** The same package, also with the body size the snapshot appends ('LQFP-48' and 'LQFP-48(7x7)'). */
const SAME_PACKAGE = `AND (p.package = $3 OR p.package LIKE $3 || '(%' OR $3 LIKE p.package || '(%')`;

type GradedFacts = { facts: Facts; graded: Graded; /** numberAffinity to the original's MPN. */ affinity: number };

/**
 * The categories holding the same kind of part as this one: itself, its children, and its parent
 * when that is not a top-level branch. The KiCad demo files STM32F103C8Tx under 'ARM Cortex-M3',
 * the JLC snapshot files GD32F103C8T6 under 'Microcontrollers' above it: one kind (issue #33).
 */
async function sameKindCategories(db: Db, cateId: number | null): Promise<number[]> {
  if (cateId === null) return [];
  const rows = await runnerOf(db).rows<{ cate_id: number }>(
    `SELECT c.cate_id FROM categories c WHERE c.cate_id = $1 OR c.parent_id = $1
     UNION SELECT p.cate_id FROM categories c JOIN categories p ON p.cate_id = c.parent_id WHERE c.cate_id = $1 AND p.parent_id IS NOT NULL`,
    [cateId],
  );
  return [...new Set([cateId, ...rows.map((r) => Number(r.cate_id))])];
}

/**
 * The original and its graded catalogue candidates, by part code (cached: they change only with
 * imports; an unknown code is not kept, the part may be imported next). Two statements, three
 * when pins must decide.
 */
const gradedMemo = createMemo<string, { original: Facts; list: GradedFacts[] } | null>({ ttlMs: 10 * 60_000, maxEntries: 1000, keep: (v) => v !== null });

async function gradedFor(db: Db, mfgMpnCode: string): Promise<{ original: Facts; list: GradedFacts[] } | null> {
  return gradedMemo.get(db, mfgMpnCode, async () => {
    const original = (await factsWhere(db, 'p.mfg_mpn_code = $1', [mfgMpnCode]))[0];
    if (!original) return null;
    const kinds = await sameKindCategories(db, original.cateId);
    const candidates = await candidateFacts(db, original, kinds);
    const sameKind = new Set(kinds);
    // Pins decide only between parts on the same footprint with another symbol: read just those.
    const needPins = candidates.filter((f) => f.symbolId !== original.symbolId && sameFootprint(original, f));
    if (needPins.length > 0) await attachPins(db, [original, ...needPins]);
    const list: GradedFacts[] = [];
    for (const f of candidates) {
      // Another record of the same maker's same number (a second LCSC listing) is the part itself, not a replacement.
      if (f.brandEn === original.brandEn && f.brandZh === original.brandZh && normalizeMpn(f.mpn) === normalizeMpn(original.mpn)) continue;
      const graded = gradeCandidate(original, f, sameKind);
      // Once graded, a candidate's parameters and pins are not read again (views use its names,
      // the diff is in `graded`): kept, they made an entry ~4× larger (issue #18 load test).
      if (graded) list.push({ facts: { ...f, params: [], pins: [] }, graded, affinity: numberAffinity(original.mpn, f.mpn) });
    }
    // Kept in the default order (no pairs, domestic not first): most requests use it as it is.
    list.sort((a, b) => compareCandidates(rankItem({ g: a, pair: null }), rankItem({ g: b, pair: null }), false));
    return { original, list };
  });
}

/** Forgets graded lists (tests and imports that change the catalogue). */
export function forgetReplaceCache(db: Db): void {
  gradedMemo.clear(db);
}

function partView(f: Facts, locale: Locale): ReplacePart {
  const en = locale === 'en';
  return {
    productId: f.id,
    mfgMpnCode: f.mfgMpnCode,
    mpn: f.mpn,
    brandName: (en ? f.brandEn : f.brandZh) ?? null,
    package: f.package,
    cateName: (en ? f.cateEn || f.cateZh : f.cateZh) ?? null,
    description: (en ? f.descriptionEn || f.descriptionZh : f.descriptionZh || f.descriptionEn) ?? null,
    domestic: f.domestic,
    hasKicad: f.hasKicad,
    lifecycle: f.lifecycle,
  };
}

function originalView(f: Facts, locale: Locale): ReplaceOriginal {
  return {
    ...partView(f, locale),
    params: f.params.filter((p) => p.key !== 'package').map((p) => ({ key: p.key, name: paramLabel(p.key, locale), display: formatParamValue(p.valueNum, p.valueText, p.unit, locale) })),
    pinCount: f.symbolPinCount,
  };
}

/** The grade's reason in the caller's language. */
export function reasonText(notes: readonly GradeNote[], graded: Graded, locale: Locale): string {
  const parts = notes.map((n) => {
    switch (n.kind) {
      case 'dropIn':
        return serverMessage('replace.reason.dropIn', locale);
      case 'package':
        return serverMessage('replace.reason.package', locale, { original: n.original, candidate: n.candidate });
      case 'pins':
        return serverMessage('replace.reason.pins', locale, { detail: n.detail });
      case 'pinsUnknown':
        return serverMessage('replace.reason.pinsUnknown', locale);
      case 'outside': {
        const params = n.keys
          .map((key) => graded.diff.find((d) => d.key === key))
          .filter((d) => d !== undefined)
          .map((d) => serverMessage('replace.reason.param', locale, { name: paramLabel(d.key, locale), candidate: d.candidate ?? '—', original: d.original ?? '—' }))
          .join(locale === 'en' ? '; ' : '；');
        return serverMessage('replace.reason.outside', locale, { params });
      }
    }
  });
  return parts.join(locale === 'en' ? '. ' : '。');
}

function candidateView(g: GradedFacts, locale: Locale, userPair: { id: number; note: string | null } | null, original: Facts): ReplaceCandidate {
  const reason = reasonText(g.graded.notes, g.graded, locale);
  return {
    ...partView(g.facts, locale),
    grade: g.graded.grade,
    score: scoreOf(g.graded.grade, g.graded.closeness),
    reason: userPair ? [serverMessage('replace.reason.userPair', locale) + (userPair.note ? `: ${userPair.note}` : ''), reason].filter(Boolean).join(locale === 'en' ? '. ' : '。') : reason,
    diff: g.graded.diff.map((d) => ({ key: d.key, name: paramLabel(d.key, locale), original: d.original === null ? null : localizeParamText(d.original, locale), candidate: d.candidate === null ? null : localizeParamText(d.candidate, locale), verdict: d.verdict })),
    userPair,
    pinTables: { original: original.pinTable, candidate: g.facts.pinTable },
  };
}

export async function readPrefs(db: Db, userId: number | null): Promise<ReplacePrefs> {
  if (userId === null) return DEFAULT_REPLACE_PREFS;
  const r = await db.select({ prefs: userReplacePrefs.prefs }).from(userReplacePrefs).where(eq(userReplacePrefs.ownerId, userId)).limit(1);
  const parsed = ReplacePrefsSchema.partial().safeParse(r[0]?.prefs ?? {});
  return { ...DEFAULT_REPLACE_PREFS, ...(parsed.success ? parsed.data : {}) };
}

type Ranked = { g: GradedFacts; pair: { id: number; note: string | null } | null };
const rankItem = (r: Ranked) => ({ grade: r.g.graded.grade, closeness: r.g.graded.closeness, domestic: r.g.facts.domestic, userPair: r.pair !== null, mpn: r.g.facts.mpn, affinity: r.g.affinity });
export type RankedList = { original: Facts; ranked: Ranked[] };

/** Every candidate of a part, own pairs first, ordered (replace.ts compareCandidates). */
async function rankedFor(db: Db, mfgMpnCode: string, locale: Locale, userId: number | null, domesticFirst: boolean): Promise<RankedList> {
  const base = await gradedFor(db, mfgMpnCode);
  if (!base) throw new AppError(Code.notFound, serverMessage('replace.noPart', locale, { code: mfgMpnCode }));
  const productId = base.original.id;
  const pairs =
    userId === null
      ? []
      : await db
          .select({ id: userReplacements.id, replacementId: userReplacements.replacementId, note: userReplacements.note })
          .from(userReplacements)
          .where(and(eq(userReplacements.ownerId, userId), eq(userReplacements.productId, productId)));
  const pairFacts = await loadFacts(db, pairs.map((p) => p.replacementId));
  const needPins = [...pairFacts.values()].filter((f) => f.symbolId !== base.original.symbolId && sameFootprint(base.original, f));
  if (needPins.length > 0) await attachPins(db, base.original.pins.length > 0 ? needPins : [base.original, ...needPins]);
  const pairIds = new Set(pairs.map((p) => p.replacementId));
  const items: Ranked[] = [];
  for (const p of pairs) {
    const f = pairFacts.get(p.replacementId);
    if (!f) continue;
    // The user said it replaces the part: keep it even when the catalogue cannot confirm (functional).
    const graded = gradeCandidate(base.original, f) ?? { grade: 'functional' as const, closeness: 0, diff: diffParams(base.original.params, f.params), notes: [] };
    items.push({ g: { facts: f, graded, affinity: numberAffinity(base.original.mpn, f.mpn) }, pair: { id: p.id, note: p.note } });
  }
  for (const g of base.list) if (!pairIds.has(g.facts.id)) items.push({ g, pair: null });
  // The cached list is already in order; sorting again is needed only for pairs or domestic first.
  if (pairs.length > 0 || domesticFirst) items.sort((a, b) => compareCandidates(rankItem(a), rankItem(b), domesticFirst));
  return { original: base.original, ranked: items };
}

/** replace/getReplaces: one page of graded candidates, with counts for the filter chips. */
export async function getReplaces(db: Db, body: GetReplacesBody, locale: Locale, userId: number | null): Promise<ReplaceList> {
  const prefs = await readPrefs(db, userId);
  const { original, ranked } = await rankedFor(db, body.mfgMpnCode, locale, userId, prefs.domesticFirst);
  const grades: readonly ReplaceGrade[] = body.grade ? [body.grade] : prefs.grades;
  const shown = ranked.filter((r) => r.pair !== null || (grades.includes(r.g.graded.grade) && (!body.domesticOnly || r.g.facts.domestic)));
  const counts = { dropIn: 0, pinCompatible: 0, packageCompatible: 0, functional: 0, domestic: 0 };
  for (const r of ranked) {
    counts[r.g.graded.grade]++;
    if (r.g.facts.domestic) counts.domestic++;
  }
  const start = (body.pageNum - 1) * body.pageSize;
  // Views (names, reasons in the caller's language) only for the page shown.
  const list = shown.slice(start, start + body.pageSize).map((r) => candidateView(r.g, locale, r.pair, original));
  return { original: originalView(original, locale), list, total: shown.length, counts };
}

/** replace/getRepInDetail: the best few for the product detail page (no account, no filters). */
export async function replacementsForDetail(db: Db, mfgMpnCode: string, locale: Locale, userId: number | null = null): Promise<{ list: ReplaceCandidate[]; total: number }> {
  const prefs = await readPrefs(db, userId);
  const { original, ranked } = await rankedFor(db, mfgMpnCode, locale, userId, prefs.domesticFirst);
  return { list: ranked.slice(0, DETAIL_LIMIT).map((r) => candidateView(r.g, locale, r.pair, original)), total: ranked.length };
}

/** Everything the export needs: the original and every candidate, ordered. */
export async function replacementsForExport(db: Db, mfgMpnCode: string, locale: Locale, userId: number | null): Promise<{ original: ReplaceOriginal; list: ReplaceCandidate[] }> {
  const prefs = await readPrefs(db, userId);
  const { original, ranked } = await rankedFor(db, mfgMpnCode, locale, userId, prefs.domesticFirst);
  return { original: originalView(original, locale), list: ranked.map((r) => candidateView(r.g, locale, r.pair, original)) };
}

// ── Preferences and own pairs (logged in) ─────────────────────────────────────

export async function changePrefs(db: Db, userId: number, change: Partial<ReplacePrefs>): Promise<ReplacePrefs> {
  const current = await readPrefs(db, userId);
  const next: ReplacePrefs = {
    domesticFirst: change.domesticFirst ?? current.domesticFirst,
    // Listed in the grades' own order, once each.
    grades: change.grades ? REPLACE_GRADES.filter((g) => change.grades!.includes(g)) : current.grades,
  };
  await db
    .insert(userReplacePrefs)
    .values({ ownerId: userId, prefs: next })
    .onConflictDoUpdate({ target: userReplacePrefs.ownerId, set: { prefs: next, updatedAt: sql`now()` } });
  return next;
}

export async function addPair(db: Db, userId: number, body: { mfgMpnCode: string; replacementMpnCode: string; note?: string | undefined }, locale: Locale) {
  const productId = await productIdOf(db, body.mfgMpnCode, locale);
  const replacementId = await productIdOf(db, body.replacementMpnCode, locale, 'replace.noReplacementPart');
  if (productId === replacementId) throw new AppError(Code.badInput, serverMessage('replace.samePart', locale));
  const note = body.note ? body.note : null;
  const [row] = await db
    .insert(userReplacements)
    .values({ ownerId: userId, productId, replacementId, note })
    .onConflictDoUpdate({ target: [userReplacements.ownerId, userReplacements.productId, userReplacements.replacementId], set: { note } })
    .returning({ id: userReplacements.id, note: userReplacements.note, createdAt: userReplacements.createdAt });
  return { id: row!.id, mfgMpnCode: body.mfgMpnCode, replacementMpnCode: body.replacementMpnCode, note: row!.note, createdAt: row!.createdAt.toISOString() };
}

export async function deletePair(db: Db, userId: number, id: number, locale: Locale): Promise<{ id: number }> {
  const gone = await db
    .delete(userReplacements)
    .where(and(eq(userReplacements.id, id), eq(userReplacements.ownerId, userId)))
    .returning({ id: userReplacements.id });
  // Someone else's pair answers as an unknown one: ids say nothing about other accounts.
  if (gone.length === 0) throw new AppError(Code.notFound, serverMessage('replace.noPair', locale, { id }));
  return { id };
}

// ── Applying a replacement to a BOM line ──────────────────────────────────────

/** A stale version: the route answers 40900 with the line as it is now (its current version). */
export class StaleLineError extends AppError {
  readonly line: BomLineView;
  constructor(line: BomLineView, message: string) {
    super(Code.conflict, message);
    this.line = line;
  }
}

/**
 * The version check and the write are one statement: the line changes only when its version is
 * still the one the caller saw (or none was sent), so concurrent edits never overwrite each other.
 * As every BOM edit does (bom-access.server.ts touchBom), the BOM's version and time move with it
 * and an anonymous BOM's expiry restarts.
 */
const CHANGE_SQL = `WITH l AS (
    UPDATE bom_lines SET chosen_product_id = $3, chosen_by = 'replacement', status = CASE WHEN dnp THEN 'dnp' ELSE 'matched' END,
      confidence = NULL, version = version + 1, updated_at = now()
    WHERE id = $1 AND bom_id = $2 AND ($4::int IS NULL OR version = $4::int)
    RETURNING id
  ), b AS (
    UPDATE boms SET version = version + 1, updated_at = now(),
      expires_at = CASE WHEN owner_id IS NULL THEN now() + make_interval(secs => $5::int) ELSE NULL END
    WHERE id = $2 AND EXISTS (SELECT 1 FROM l)
  )
  SELECT id FROM l`;

/** replace/change: the BOM's access rule (openBom: its owner, or an anonymous BOM's creating browser), then the one guarded write. */
export async function applyReplacement(
  db: Db,
  body: { bomId: string; lineId: number; mfgMpnCode: string; version?: number | undefined },
  caller: { userId: number | null; ownerKey?: string | null; locale: Locale; now: Date },
): Promise<BomLineView> {
  const { locale } = caller;
  const bom = await openBom(db, body.bomId, caller);
  const productId = await productIdOf(db, body.mfgMpnCode, locale);
  const changed = await runnerOf(db).rows<{ id: number }>(CHANGE_SQL, [body.lineId, bom.id, productId, body.version ?? null, ANONYMOUS_BOM_TTL_MS / 1000]);
  const [line] = await db.select().from(bomLines).where(and(eq(bomLines.id, body.lineId), eq(bomLines.bomId, bom.id)));
  if (!line) throw new AppError(Code.notFound, serverMessage('bom.api.lineNotFound', locale, { lineId: body.lineId }));
  const [view] = await lineViews(db, [line], bom.boardCount, locale);
  if (changed.length === 0) throw new StaleLineError(view!, serverMessage('replace.stale', locale, { version: line.version }));
  return view!;
}
