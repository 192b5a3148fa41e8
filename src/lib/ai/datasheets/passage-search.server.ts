import { sql, type SQL } from 'drizzle-orm';
import { normalizeMpn } from '../../catalog/mpn.ts';
import { escapeLike } from '../../search/search.ts';
import type { Db } from '../../server/db/client.server.ts';
import { looksLikePartNumber, questionTerms, searchTextOf } from './datasheet-text.ts';
import { fuseRanks, nearestPassageIds } from './passage-vectors.server.ts';

// Lexical search over datasheet passages (issue #15 item 4), on PostgreSQL and PGlite alike:
// - the tsv GIN index finds passages holding the question's words (every word, else any two of
//   them; a word matches its spelled-out form too: 'max' → 'maximum', '最大' → 'max');
// - the trigram index finds passages naming a part number of the question literally;
// - passages of datasheets attached to the named parts (datasheet_products, or the part number
//   on the datasheet's first three pages) are searched on their own with any word, and ranked up.
// Candidates are few (LIMITs on each branch), so ranking them (words matched, ts_rank, trigram
// word similarity) is cheap. Only public datasheets and the caller's own are ever read.
// With an embedding model configured and pgvector present (passage-vectors.server.ts), the
// question's nearest passages join the candidates and the two orders are fused by reciprocal
// rank, so a question worded unlike the datasheet still finds its page; otherwise this path is
// exactly the lexical one.

export type Passage = {
  datasheetId: string;
  title: string;
  page: number;
  kind: 'text' | 'table';
  text: string;
  score: number;
};

export type PassageQuery = {
  query: string;
  userId: number | null;
  /** Catalogue parts the question is about (mfgMpnCode): their datasheets rank first. */
  mfgMpnCodes?: string[];
  /** Only this datasheet. */
  datasheetId?: string;
  limit?: number;
};

const BRANCH_LIMIT = 40;
const MAX_LIMIT = 20;
/** Pairs of words ('any two of them') are built for at most this many words. */
const PAIR_WORDS = 6;

type Row = { id: string; datasheet_id: string; title: string; page: number; kind: string; text: string; matched: boolean[]; rank: number; wsim: number; boosted: boolean };

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

function visible(userId: number | null): SQL {
  return userId === null ? sql`d.owner_id IS NULL` : sql`(d.owner_id IS NULL OR d.owner_id = ${userId})`;
}

/** A word and its alternatives as one tsquery: (w || alt…); each part is plainto_tsquery, so the parser splits it as it split the passages. */
function termQuery(term: { word: string; alts: string[] }): SQL {
  const parts = [term.word, ...term.alts].map((w) => sql`plainto_tsquery('simple', ${w})`);
  return sql`(${sql.join(parts, sql` || `)})`;
}

/** The part numbers as typed and their base ('AMS1117-3.3' → also 'AMS1117'). */
function familiesOf(partNumbers: readonly string[]): string[] {
  const out = new Set<string>();
  for (const p of partNumbers.slice(0, 5)) {
    out.add(p);
    const base = p.split(/[-/_.]/)[0] ?? '';
    if (base.length >= 4 && looksLikePartNumber(base)) out.add(base);
  }
  return [...out];
}

export async function searchPassages(db: Db, q: PassageQuery): Promise<Passage[]> {
  const limit = Math.max(1, Math.min(q.limit ?? 5, MAX_LIMIT));
  const { terms, partNumbers } = questionTerms(q.query.slice(0, 2000));
  if (terms.length === 0) return [];
  if (q.datasheetId !== undefined && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(q.datasheetId)) return [];
  // The question's embedding is fetched while the lexical branches run; [] when vectors are off.
  const nearest = nearestPassageIds(db, { query: q.query.slice(0, 2000), userId: q.userId, datasheetId: q.datasheetId });
  const partKeys = [...new Set(partNumbers.map((p) => normalizeMpn(p)).filter((k) => k.length >= 4))];

  // Datasheets the question is about: attached to the named parts, or naming one on their first pages.
  const boost = new Set<string>();
  const codes = (q.mfgMpnCodes ?? []).filter((c) => c.length > 0 && c.length <= 200).slice(0, 20);
  if (codes.length || partKeys.length) {
    const byCode = codes.length ? sql`pr.mfg_mpn_code IN (${sql.join(codes.map((c) => sql`${c}`), sql`, `)})` : sql`false`;
    const byKey = partKeys.length ? sql`pr.mpn_normalized IN (${sql.join(partKeys.map((k) => sql`${k}`), sql`, `)})` : sql`false`;
    // A part number on a datasheet's first pages (title, ordering information), found through the
    // trigram index; the base of a compound counts too ('AMS1117-3.3' → 'ams1117').
    const onFirstPages = partKeys.length
      ? sql.join(
          familiesOf(partNumbers).map((p) => sql`p.search_text LIKE ${`%${escapeLike(searchTextOf(p).split(' ').pop() ?? '')}%`}`),
          sql` OR `,
        )
      : sql`false`;
    const ids = rowsOf<{ id: string }>(
      await db.execute(sql`
        SELECT dp.datasheet_id::text AS id FROM datasheet_products dp
          JOIN products pr ON pr.id = dp.product_id
          JOIN datasheets d ON d.id = dp.datasheet_id
         WHERE (${byCode} OR ${byKey}) AND d.status = 'ok' AND ${visible(q.userId)}
        UNION
        (SELECT p.datasheet_id::text AS id FROM datasheet_passages p JOIN datasheets d ON d.id = p.datasheet_id
          WHERE (${onFirstPages}) AND p.page <= 3 AND d.status = 'ok' AND ${visible(q.userId)} LIMIT 200)
        LIMIT 50`),
    );
    for (const r of ids) boost.add(r.id);
  }

  const qAny = sql.join(terms.map(termQuery), sql` || `);
  // Words that are not the part numbers themselves (those only pick the datasheet).
  const content = terms.filter((t) => !partKeys.includes(normalizeMpn(t.word)));
  const strict = content.length ? content : terms;
  let qMatch: SQL;
  if (strict.length === 1) qMatch = termQuery(strict[0]!);
  else {
    const words = strict.slice(0, PAIR_WORDS);
    const pairs: SQL[] = [];
    for (let i = 0; i < words.length; i++) for (let j = i + 1; j < words.length; j++) pairs.push(sql`(${termQuery(words[i]!)} && ${termQuery(words[j]!)})`);
    qMatch = sql.join(pairs, sql` || `);
  }
  const question = terms.map((t) => t.word).join(' ');
  const only = q.datasheetId ? sql`AND p.datasheet_id = ${q.datasheetId}` : sql``;
  const boostIds = [...boost];
  const boostedExpr = boostIds.length ? sql`p.datasheet_id IN (${sql.join(boostIds.map((id) => sql`${id}::uuid`), sql`, `)})` : sql`false`;

  const found = new Set<string>();
  const collect = async (query: SQL) => {
    for (const r of rowsOf<{ id: string }>(await db.execute(query))) found.add(r.id);
  };
  // 1. Within the datasheets the question is about: any word will do. Their passages are read by
  //    the datasheet index first (MATERIALIZED), never by the words' large posting lists.
  if (boostIds.length) {
    await collect(sql`WITH docp AS MATERIALIZED (
        SELECT p.id, p.tsv FROM datasheet_passages p WHERE ${boostedExpr} ${only})
      SELECT id::text AS id FROM docp WHERE tsv @@ (${qAny})
      ORDER BY ts_rank(tsv, ${qAny}, 1) DESC LIMIT ${BRANCH_LIMIT}`);
  }
  // 2. Everywhere visible, unless the named parts' datasheets already answered: every word, then
  //    any two of them. No ORDER BY here: ranking every passage holding two common words is what
  //    costs, and the few candidates are ranked below.
  const global = async (match: SQL) =>
    collect(sql`SELECT p.id::text AS id FROM datasheet_passages p JOIN datasheets d ON d.id = p.datasheet_id
       WHERE p.tsv @@ (${match}) AND d.status = 'ok' AND ${visible(q.userId)} ${only} LIMIT ${BRANCH_LIMIT}`);
  if (found.size < limit) {
    const qAll = sql.join(strict.map(termQuery), sql` && `);
    await global(q.datasheetId ? qAny : qAll);
    if (found.size < limit && strict.length > 1 && !q.datasheetId) await global(qMatch);
  }
  // 3. Passages naming a part number of the question (trigram index), when no datasheet is attached to it.
  if (partKeys.length && boostIds.length === 0) {
    // In the search form a compound appears joined ('ams1117-3.3' → 'ams11173.3').
    const like = sql.join(
      partNumbers.slice(0, 3).map((p) => sql`p.search_text LIKE ${`%${escapeLike(searchTextOf(p).split(' ').pop() ?? '')}%`}`),
      sql` OR `,
    );
    await collect(sql`SELECT p.id::text AS id FROM datasheet_passages p JOIN datasheets d ON d.id = p.datasheet_id
       WHERE (${like}) AND d.status = 'ok' AND ${visible(q.userId)} ${only} LIMIT ${BRANCH_LIMIT}`);
  }
  const lexical = new Set(found);
  const vectorIds = await nearest;
  for (const id of vectorIds) found.add(id);
  if (found.size === 0) return [];

  const ids = [...found].map((id) => sql`${id}::bigint`);
  // The words' tsqueries are made once (a CTE), not once per candidate row.
  const termArray = sql.join(strict.map(termQuery), sql`, `);
  const flags = sql.join(
    strict.map((_, i) => sql`p.tsv @@ q.terms[${sql.raw(String(i + 1))}]`),
    sql`, `,
  );
  const rows = rowsOf<Row>(
    await db.execute(sql`
      WITH q AS MATERIALIZED (SELECT ARRAY[${termArray}]::tsquery[] AS terms, (${qAny}) AS any)
      SELECT p.id::text AS id, p.datasheet_id::text AS datasheet_id, d.title, p.page, p.kind, p.text,
             ARRAY[${flags}] AS matched,
             ts_rank(p.tsv, q.any, 1) AS rank,
             word_similarity(${question}, p.search_text) AS wsim,
             ${boostedExpr} AS boosted
        FROM q, datasheet_passages p JOIN datasheets d ON d.id = p.datasheet_id
       WHERE p.id IN (${sql.join(ids, sql`, `)})`),
  );

  // A word found in few candidates says more than one found in all (an IDF over the candidates):
  // 'storage temperature range' should prefer the page with 'storage'.
  const df = strict.map((_, i) => rows.filter((r) => r.matched[i]).length);
  const weights = df.map((n) => Math.log(1 + (rows.length + 1) / (n + 1)));
  const totalWeight = weights.reduce((a, b) => a + b, 0) || 1;
  const scored = rows.map((r) => {
    const matched = weights.reduce((sum, w, i) => sum + (r.matched[i] ? w : 0), 0) / totalWeight;
    // Words matched dominate; ts_rank and trigram similarity order the ties; the datasheet of the named part ranks first.
    const score = matched + Math.min(Number(r.rank), 1) * 0.3 + Number(r.wsim) * 0.3 + (r.boosted ? 0.6 : 0) + (r.kind === 'table' ? 0.05 : 0);
    return { datasheetId: r.datasheet_id, title: r.title, page: Number(r.page), kind: r.kind === 'table' ? ('table' as const) : ('text' as const), text: r.text, score: Math.round(score * 1000) / 1000, id: r.id };
  });
  scored.sort((a, b) => b.score - a.score || a.page - b.page || a.id.localeCompare(b.id));
  if (vectorIds.length) {
    // Reciprocal-rank fusion of the lexical order (its own candidates only) and the vectors' order.
    const fused = fuseRanks([scored.filter((p) => lexical.has(p.id)).map((p) => p.id), vectorIds]);
    for (const p of scored) p.score = Math.round((fused.get(p.id) ?? 0) * 10000) / 10000;
    scored.sort((a, b) => b.score - a.score || a.page - b.page || a.id.localeCompare(b.id));
  }
  return scored.slice(0, limit).map(({ id: _id, ...p }) => p);
}
