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
  // Keys are A-Z and 0-9 only (normalizeMpn), so they need no LIKE escaping.
  const rows = await db
    .select({ key: sql<string>`t.k` })
    .from(sql`(values ${sql.join(keys.map((k) => sql`(${k}::text)`), sql`, `)}) as t(k)`)
    .where(sql`exists (select 1 from ${products} where ${products.mpnNormalized} like t.k || '%')`);
  const known = new Set(rows.map((r) => r.key));
  return candidates.filter((word) => {
    return !known.has(normalizeMpn(word));
  });
}
