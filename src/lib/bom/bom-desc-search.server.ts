import type { Locale } from '../i18n/i18n.ts';
import { searchProducts } from '../search/search.server.ts';
import type { Db } from '../server/db/client.server.ts';
import { AppError } from '../server/errors.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import type { BomCandidate, BomTrends } from './bom.schema.ts';
import { candidateViews, partsByCodes, partsByIds } from './bom-view.server.ts';
import { descriptionReason, parseDescription } from './describe-line.ts';
import type { LineFields } from './line-fields.ts';
import { matchLines } from './match/match-lines.server.ts';

// POST /bom/queryByDesc: parts for what the user typed beside a line ('100nF 0402 X7R',
// 'LM358DR'). The matcher reads it first, as an MPN and as a description, with the line's own
// cells (package, designators) as hints; the catalogue search adds what the matcher did not
// find, ranked after it as keyword candidates.

/** Search hits considered beyond the matcher's candidates. */
const SEARCH_HITS = 50;
/** Keyword candidates rank below anything the matcher proposes. */
const KEYWORD_CONFIDENCE = 0.4;

export type DescQuery = {
  readonly keyword: string;
  /** The line's cells, when the search is for a line. */
  readonly line: { fields: LineFields; designators: readonly string[] } | null;
  readonly trends: BomTrends;
  readonly pageNum: number;
  readonly pageSize: number;
};

export async function partsForDescription(db: Db, query: DescQuery, locale: Locale): Promise<{ list: BomCandidate[]; total: number }> {
  const { keyword } = query;
  const fields: LineFields = { ...(query.line?.fields ?? {}), mpn: keyword, description: keyword };
  delete fields.value;
  delete fields.supplierPn;
  const [matched] = await matchLines(db, [{ fields, designators: query.line?.designators ?? [], dnp: false }], { trends: query.trends });
  const stored = matched?.candidates ?? [];
  const parts = await partsByIds(db, stored.map((c) => c.productId), locale);
  const list = candidateViews(stored, parts, locale);

  const seen = new Set(list.map((c) => c.productId));
  const items = await searchHits(db, keyword, locale);
  const found = await partsByCodes(db, items, locale);
  const parsed = descriptionReason(parseDescription(keyword, query.line?.fields.package ? { footprint: query.line.fields.package } : {}));
  const reasons = [...(parsed ? [serverMessage(parsed.key, locale, parsed.vars)] : []), serverMessage('bom.api.searchHit', locale, { keyword })];
  items.forEach((code, i) => {
    const part = found.get(code);
    if (!part || seen.has(part.productId)) return;
    seen.add(part.productId);
    const confidence = Math.round(KEYWORD_CONFIDENCE * (1 - i / (items.length + 1)) * 100) / 100;
    list.push({ ...part, confidence, tier: 'keyword', reason: reasons[0]!, reasons });
  });
  const start = (query.pageNum - 1) * query.pageSize;
  return { list: list.slice(start, start + query.pageSize), total: list.length };
}

/** The search's first hits as mfgMpnCodes; a query the search refuses is simply no hits. */
async function searchHits(db: Db, keyword: string, locale: Locale): Promise<string[]> {
  try {
    const result = await searchProducts(db, { keyword, pageNum: 1, pageSize: SEARCH_HITS, locale });
    return result.list.map((item) => item.mfgMpnCode);
  } catch (error) {
    if (error instanceof AppError) return [];
    throw error;
  }
}
