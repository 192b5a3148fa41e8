// The statements of the SQL side of the search, built but not run (search-hits.server.ts runs
// them). Each SQL word of a plan becomes a predicate and a tier (the score of its best kind of
// match, SCORE in search-scores.ts); a hit row carries: id, one tier per word (t0…), one flag per
// word (f0…, 'found in the text' for dictionary terms), the tier of the whole keyword read as one
// MPN (w), and in the first statement the branch that found it (b) and that branch's text (x).

import { normalizeMpn } from '../catalog/mpn.ts';
import { asciiLower, escapeLike, hasCjk, isCjk, termKey, type QueryToken } from './search.ts';
import { FAMILY_PREFIX_SQL, familyPrefixes, prefixKeysSql, reversePrefixes } from './mpn-lookup.ts';
import type { Plan } from './search-plan.ts';
import { SCORE } from './search-scores.ts';

/** Most rows one SQL candidate scan returns. */
export const HIT_CAP = 1000;

/** The branches of the first statement, by the kind number each row carries in column b. */
export const BRANCH = {
  /** MPNs starting with the primary typed MPN, in index order. */
  prefix: 1,
  /** KiCad families whose literal part is a prefix of the primary typed MPN (x: the family name). */
  family: 2,
  /** Catalogue MPNs the primary typed MPN extends (x: the normalised MPN). */
  reverse: 3,
  /** MPNs starting with the whole keyword read as one MPN ('LM358 DR'). */
  whole: 4,
  wholeFamily: 5,
  wholeReverse: 6,
  /** Given ids (typo neighbours). */
  ids: 7,
} as const;
export type BranchKind = (typeof BRANCH)[keyof typeof BRANCH];

/** Row id → score, for matches found outside the tiers (families, reverse prefixes, typos). */
export type IdScores = Map<number, number>;
/** Typo neighbours of one SQL word, to be fetched and scored with it. */
export type ExtraIds = { token: QueryToken; ids: IdScores };
/** Brand / package filters pushed into SQL (null: not pushed). */
export type Push = { brands: readonly number[] | null; packages: readonly string[] | null };
export type SqlStatement = { text: string; values: unknown[] };

/** The parameter list of a statement being built: `add` returns the placeholder ($1, $2…). */
class StatementParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * Renumbers the parameters a statement uses ($1, $2… in order of first use) and drops the rest:
 * a statement built from shared fragments may leave some parameters unreferenced, which
 * PostgreSQL rejects ('could not determine data type of parameter').
 */
export function compactParams(text: string, values: readonly unknown[]): SqlStatement {
  const renumbered = new Map<number, number>();
  const out: unknown[] = [];
  const sql = text.replace(/\$(\d+)/g, (_, digits: string) => {
    const old = Number(digits);
    let now = renumbered.get(old);
    if (now === undefined) {
      out.push(values[old - 1]);
      now = out.length;
      renumbered.set(old, now);
    }
    return `$${now}`;
  });
  return { text: sql, values: out };
}

/** Text predicate for a Chinese fragment: every character pair as a word of search_text. */
function cjkTextPred(params: StatementParams, text: string): string {
  const chars = [...text].filter(isCjk);
  if (chars.length === 0) return 'false';
  if (chars.length === 1) return `search_text LIKE ${params.add(`%${escapeLike(chars[0]!)}%`)}`;
  const parts: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) parts.push(`search_text LIKE ${params.add(`% ${escapeLike(chars[i]! + chars[i + 1]!)} %`)}`);
  return `(${[...new Set(parts)].join(' AND ')})`;
}

/** Text predicate for a Latin word or phrase ('cortex-m3', 'op amp'). */
function latinTextPred(params: StatementParams, lower: string): string | null {
  const text = lower.trim();
  if (text.length >= 3) return `search_text LIKE ${params.add(`%${escapeLike(text)}%`)}`;
  if (text.length === 2) return `search_text LIKE ${params.add(`% ${escapeLike(text)}%`)}`;
  return null;
}

function surfaceTextPred(params: StatementParams, surface: string): string | null {
  if (hasCjk(surface)) {
    const zh = [...surface].filter(isCjk).join('');
    const latin = asciiLower(surface.replace(new RegExp('[\\u3400-\\u9fff]', 'g'), ' ')).trim();
    const parts = [zh.length ? cjkTextPred(params, zh) : null, latin.length >= 2 ? latinTextPred(params, latin) : null].filter((x): x is string => !!x);
    return parts.length ? `(${parts.join(' AND ')})` : null;
  }
  return latinTextPred(params, asciiLower(surface));
}

/** A dictionary word that is also an MPN fragment ('RS485', 'STM8'). */
function isMpnLikeKey(text: string): boolean {
  const key = normalizeMpn(text);
  return key.length >= 3 && /[0-9]/.test(key) && /[A-Z]/.test(key);
}

type TokenSql = {
  token: QueryToken;
  pred: string;
  /** The tier for rows known to start with the typed key (the prefix branch). */
  prefixTier?: string;
  tier: string | null;
  flag: string | null;
};

function termSql(params: StatementParams, token: Extract<QueryToken, { kind: 'term' }>): TokenSql {
  const key = token.mpn;
  const keyParam = params.add(key);
  const prefixParam = params.add(`${escapeLike(key)}%`);
  const substringParam = key.length >= 3 ? params.add(`%${escapeLike(key)}%`) : null;
  const text = latinTextPred(params, token.lower);
  const parts = [`mpn_normalized LIKE ${prefixParam}`];
  if (substringParam) parts.push(`mpn_normalized LIKE ${substringParam}`);
  if (text) parts.push(text);
  const prefixTier = `${SCORE.mpnPrefix} - least(length(mpn_normalized) - ${key.length}, ${SCORE.prefixLengthCap})`;
  const tier = `CASE WHEN mpn_normalized = ${keyParam} THEN ${SCORE.exactMpn} WHEN mpn_normalized LIKE ${prefixParam} THEN ${prefixTier}${
    substringParam ? ` WHEN mpn_normalized LIKE ${substringParam} THEN ${SCORE.mpnSubstring}` : ''
  }${text ? ` WHEN ${text} THEN ${SCORE.text}` : ''} ELSE 0 END`;
  return {
    token,
    pred: `(${parts.join(' OR ')})`,
    tier,
    flag: null,
    prefixTier: `CASE WHEN mpn_normalized = ${keyParam} THEN ${SCORE.exactMpn} ELSE ${prefixTier} END`,
  };
}

function quantityOrPackageSql(params: StatementParams, token: Extract<QueryToken, { kind: 'quantity' | 'package' }>): TokenSql {
  const lower = asciiLower(token.text);
  const forms = new Set([lower]);
  if (token.kind === 'package') forms.add(asciiLower(token.parts.join('')));
  else {
    const numberAndUnit = /^([0-9.]+)\s*(.+)$/.exec(lower);
    if (numberAndUnit) forms.add(`${numberAndUnit[1]} ${numberAndUnit[2]}`);
  }
  const preds = [...forms].map((form) => latinTextPred(params, form)).filter((x): x is string => !!x);
  return { token, pred: preds.length ? `(${preds.join(' OR ')})` : 'false', tier: null, flag: null };
}

function dictSql(params: StatementParams, plan: Plan, token: Extract<QueryToken, { kind: 'dict' }>): TokenSql {
  const term = plan.sqlDict.find((x) => x.token === token)!;
  const cates = [...term.weights.keys()];
  const parts: string[] = [];
  if (cates.length) parts.push(`cate_id = ANY(${params.add(cates)}::int[])`);
  if (term.brands.size) parts.push(`brand_id = ANY(${params.add([...term.brands])}::int[])`);
  const surfaces = [token.text, ...(plan.index.dict.surfaces.get(token.key) ?? [])];
  const texts = [...new Set(surfaces.map((x) => x.trim()).filter((x) => termKey(x).length >= 2))]
    .slice(0, 6)
    .map((x) => surfaceTextPred(params, x))
    .filter((x): x is string => !!x);
  const textPred = texts.length ? `(${texts.join(' OR ')})` : null;
  if (textPred) parts.push(textPred);
  // A loose/relaxed term that is also an MPN fragment ('RS485', 'STM8').
  if (isMpnLikeKey(token.text)) parts.push(`mpn_normalized LIKE ${params.add(`${escapeLike(normalizeMpn(token.text))}%`)}`);
  return { token, pred: parts.length ? `(${parts.join(' OR ')})` : 'false', tier: null, flag: textPred ? `CASE WHEN ${textPred} THEN 1 ELSE 0 END` : null };
}

/** The fragments both statements share, against one parameter list. */
function hitQuery(plan: Plan, push: Push) {
  const params = new StatementParams();
  const tokens: TokenSql[] = plan.sqlTokens.map((token) => {
    if (token.kind === 'term') return termSql(params, token);
    if (token.kind === 'cjk') return { token, pred: cjkTextPred(params, token.text), tier: null, flag: null };
    if (token.kind === 'quantity' || token.kind === 'package') return quantityOrPackageSql(params, token);
    return dictSql(params, plan, token);
  });
  const whole = plan.parsed.wholeMpn;
  const wholeEq = whole ? params.add(whole) : null;
  const wholePrefix = whole ? params.add(`${escapeLike(whole)}%`) : null;
  /** The hit columns; `prefixOf`: the word whose prefix tier applies (rows known to start with it). */
  const columns = (prefixOf = -1) =>
    [
      'id',
      ...tokens.map((t, i) => `${(i === prefixOf ? t.prefixTier : undefined) ?? t.tier ?? '0'} AS t${i}`),
      ...tokens.map((t, i) => `${t.flag ?? '0'} AS f${i}`),
      whole ? `CASE WHEN mpn_normalized = ${wholeEq} THEN ${SCORE.exactMpn} WHEN mpn_normalized LIKE ${wholePrefix} THEN ${SCORE.mpnPrefix} ELSE 0 END AS w` : '0 AS w',
    ].join(', ');
  const common: string[] = [];
  if (plan.cateFilter) common.push(`cate_id = ANY(${params.add(plan.cateFilter)}::int[])`);
  if (push.brands) common.push(`brand_id = ANY(${params.add(push.brands)}::int[])`);
  if (push.packages) common.push(`package = ANY(${params.add(push.packages)}::text[])`);
  const where = (preds: readonly string[]) => {
    const all = [...preds, ...common];
    return all.length ? `WHERE ${all.join(' AND ')}` : '';
  };
  return { params, tokens, columns, where, allPreds: tokens.map((t) => t.pred), whole, wholePrefix };
}

/** The first statement and what reading its rows needs. */
export type FirstStatement = SqlStatement & {
  tokenCount: number;
  /** Index (in plan.sqlTokens) of the primary typed MPN: the first part-number word of 3+ characters; -1: none. */
  primary: number;
  primaryKey: string | null;
  wholeKey: string | null;
};

/** The index of the primary typed MPN among a plan's SQL words (-1: none). */
export function primaryTerm(plan: Plan): number {
  return plan.sqlTokens.findIndex((token) => token.kind === 'term' && token.mpn.length >= 3);
}

/**
 * What ranks best and is cheap through btree indexes, in one statement of UNION ALL branches
 * (BRANCH): MPN prefix matches in index order, KiCad families of the typed MPN, catalogue MPNs it
 * extends, the same three for the whole keyword as one MPN, and given ids (typo neighbours).
 * `idsOnly`: a second run of the same plan fetches only the extra ids. Empty text: no branch.
 */
export function firstStatement(plan: Plan, push: Push, extra: ExtraIds | null, idsOnly: boolean): FirstStatement {
  const { params, tokens, columns, where, allPreds, whole, wholePrefix } = hitQuery(plan, push);
  const plainColumns = columns();
  const branches: string[] = [];
  const branch = (kind: BranchKind, extraColumn: string, body: string, cols = plainColumns) =>
    branches.push(`(SELECT ${cols}, ${kind} AS b, ${extraColumn} AS x FROM products ${body})`);
  const mpnLookups = (mpnKey: string, others: string[], familyKind: BranchKind, reverseKind: BranchKind) => {
    if (mpnKey.length < 4 || !/[0-9]/.test(mpnKey)) return;
    // KiCad families whose literal part before the first wildcard is a prefix of the typed key
    // (products_mpn_family_prefix_idx); the full wildcard pattern is confirmed on reading.
    const family = [`mpn LIKE '%x%'`, `${FAMILY_PREFIX_SQL} = ANY(${params.add(familyPrefixes(mpnKey))}::text[])`];
    branch(familyKind, 'mpn', `${where([...family, ...others])} LIMIT 200`);
    branch(reverseKind, 'mpn_normalized', `${where([prefixKeysSql('mpn_normalized', reversePrefixes(mpnKey, 3), (v) => params.add(v)), ...others])} LIMIT 200`);
  };
  const primary = primaryTerm(plan);
  const primaryToken = primary >= 0 ? plan.sqlTokens[primary]! : null;
  const primaryKey = primaryToken?.kind === 'term' ? primaryToken.mpn : null;
  if (!idsOnly && primaryToken?.kind === 'term') {
    const others = allPreds.filter((_, i) => i !== primary);
    // Alone, this reads (mpn_normalized, id) from products_mpn_norm_id_idx without visiting rows.
    branch(
      BRANCH.prefix,
      'NULL::text',
      `${where([`mpn_normalized LIKE ${params.add(`${escapeLike(primaryToken.mpn)}%`)}`, ...others])} ORDER BY mpn_normalized USING ~<~ LIMIT ${HIT_CAP + 1}`,
      columns(primary),
    );
    if (primaryToken.mpnLike) mpnLookups(primaryToken.mpn, others, BRANCH.family, BRANCH.reverse);
  }
  // The whole keyword as one MPN ('LM358 DR'), when some word is a part-number term.
  if (whole && primary >= 0 && !idsOnly) {
    branch(BRANCH.whole, 'NULL::text', `${where([`mpn_normalized LIKE ${wholePrefix}`])} ORDER BY mpn_normalized USING ~<~ LIMIT 100`);
    mpnLookups(whole, [], BRANCH.wholeFamily, BRANCH.wholeReverse);
  }
  if (extra && extra.ids.size) {
    const at = tokens.findIndex((t) => t.token === extra.token);
    branch(BRANCH.ids, 'NULL::text', `${where([`id = ANY(${params.add([...extra.ids.keys()])}::int[])`, ...allPreds.filter((_, i) => i !== at)])} LIMIT 500`);
  }
  const statement = branches.length ? compactParams(branches.join(' UNION ALL '), params.values) : { text: '', values: [] };
  return { ...statement, tokenCount: tokens.length, primary, primaryKey, wholeKey: whole };
}

/** Every row matching all SQL words (substring and text matches through pg_trgm), capped at HIT_CAP + 1. */
export function secondStatement(plan: Plan, push: Push): SqlStatement {
  // A statement of its own parameters (the first one's extra parameters would be unreferenced).
  const { params, columns, where, allPreds } = hitQuery(plan, push);
  return { text: `SELECT ${columns()} FROM products ${where(allPreds)} LIMIT ${HIT_CAP + 1}`, values: params.values };
}

/** A row of either statement as a hit: id, a tier and a flag per SQL word, the whole-keyword tier. */
export type SqlHit = { id: number; tiers: number[]; flags: number[]; whole: number };

export function hitOfRow(row: readonly unknown[], tokenCount: number): SqlHit {
  return {
    id: Number(row[0]),
    tiers: Array.from({ length: tokenCount }, (_, i) => Number(row[1 + i] ?? 0)),
    flags: Array.from({ length: tokenCount }, (_, i) => Number(row[1 + tokenCount + i] ?? 0)),
    whole: Number(row[1 + 2 * tokenCount] ?? 0),
  };
}

/** The branch kind and branch text of a first-statement row. */
export function branchOfRow(row: readonly unknown[], tokenCount: number): { kind: number; text: string } {
  const text = row[3 + 2 * tokenCount];
  return { kind: Number(row[2 + 2 * tokenCount]), text: text === null ? '' : String(text) };
}
