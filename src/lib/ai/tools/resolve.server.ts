// A typed part number ('AMS1117', 'LM358N', 'TPS5430' with a typo) to catalogue parts, through
// the search engine (exact, prefix, family and typo matching live there, not here).

import { normalizeMpn } from '../../catalog/mpn.ts';
import type { Locale } from '../../server/api-locale.ts';
import type { Db } from '../../server/db/client.server.ts';
import { searchProducts } from '../../search/search.server.ts';
import { idsOfCodes } from './parts.server.ts';

export type Resolved = {
  typed: string;
  /** Catalogue product ids, best first (empty: not in our catalogue). */
  ids: number[];
  codes: string[];
  mpns: string[];
  /** The best part's MPN equals the typed one (normalised), or begins with it. */
  exact: boolean;
  didYouMean: string | null;
};

/** Codes look like 'AMS1117-3.3_advanced-monolithic'; anything else is read as a part number. */
export async function resolvePart(db: Db, typed: string, locale: Locale, limit = 3): Promise<Resolved> {
  const word = typed.trim().slice(0, 200);
  const byCode = /_/.test(word) ? await idsOfCodes(db, [word]) : [];
  if (byCode.length)
    return {
      typed: word,
      ids: byCode,
      codes: [word],
      mpns: [word.split('_')[0]!],
      exact: true,
      didYouMean: null,
    };
  const result = await searchProducts(db, {
    keyword: word,
    locale,
    pageNum: 1,
    pageSize: limit,
    sort: 'relevance',
  });
  const codes = result.list.map((item) => item.mfgMpnCode);
  const ids = await idsOfCodes(db, codes);
  const key = normalizeMpn(word);
  const first = result.list[0] ? normalizeMpn(result.list[0].mpn) : '';
  return {
    typed: word,
    ids,
    codes,
    mpns: result.list.map((i) => i.mpn),
    exact: first !== '' && (first === key || first.startsWith(key)),
    didYouMean: result.didYouMean,
  };
}
