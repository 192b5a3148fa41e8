import { sql } from 'drizzle-orm';
import { normalizeMpn } from '../../catalog/mpn.ts';
import type { Db } from '../../server/db/client.server.ts';
import { products } from '../../server/db/schema/catalog.ts';
import { partNumberCandidates } from './unverified.ts';

// The words of an answer that look like part numbers and that the catalogue does not hold: not a
// part shown by a tool, not a catalogue MPN, and not the beginning of one (a family name such as
// AMS1117 for AMS1117-3.3 is ours). One indexed query (products_mpn_norm_prefix_idx).

export async function unverifiedPartNumbers(db: Db, text: string, shownMpns: readonly string[]): Promise<string[]> {
  const shown = new Set(shownMpns.map(normalizeMpn));
  const candidates = partNumberCandidates(text).filter((word) => !shown.has(normalizeMpn(word)));
  if (candidates.length === 0) return [];
  const keys = [...new Set(candidates.map(normalizeMpn))];
  // Keys are A-Z and 0-9 only (normalizeMpn): the MPNs beginning with one lie in [key, key with its
  // last character raised), a range the text_pattern_ops index answers (LIKE with a pattern
  // taken from a column could not use it).
  const upper = (k: string) => k.slice(0, -1) + String.fromCharCode(k.charCodeAt(k.length - 1) + 1);
  const rows = await db
    .select({ key: sql<string>`t.k` })
    .from(sql`(values ${sql.join(keys.map((k) => sql`(${k}::text, ${upper(k)}::text)`), sql`, `)}) as t(k, below)`)
    .where(sql`exists (select 1 from ${products} where ${products.mpnNormalized} ~>=~ t.k and ${products.mpnNormalized} ~<~ t.below)`);
  const known = new Set(rows.map((r) => r.key));
  return candidates.filter((word) => {
    return !known.has(normalizeMpn(word));
  });
}
