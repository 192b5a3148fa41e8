// Matches BOM lines against the catalogue. First version: exact and normalised MPN only
// (the full cascade of notes/bom-matching.md replaces it).

import type { Db } from '../../server/db/client.server.ts';
import { runnerOf } from '../../server/db/raw-sql.server.ts';
import { mpnMatchTier, mpnVariants } from '../mpn-variants.ts';
import type { LineMatch, LineToMatch, MatchOptions, StoredCandidate } from './match-types.ts';
import { MAX_CANDIDATES } from './match-types.ts';

export async function matchLines(db: Db, lines: readonly LineToMatch[], options: MatchOptions): Promise<LineMatch[]> {
  const runner = runnerOf(db);
  const out: LineMatch[] = [];
  for (const [i, line] of lines.entries()) {
    options.signal?.throwIfAborted();
    if (line.dnp) {
      out.push({ status: 'dnp', chosenProductId: null, confidence: null, candidates: [] });
      continue;
    }
    const cell = line.fields.mpn ?? '';
    const keys = mpnVariants(cell).lookups.map((l) => l.key);
    const rows = keys.length === 0 ? [] : await runner.rows<{ id: number; mpn: string }>('SELECT id, mpn FROM products WHERE mpn_normalized = ANY($1) ORDER BY id LIMIT 50', [keys]);
    const candidates: StoredCandidate[] = [];
    for (const r of rows) {
      const m = mpnMatchTier(cell, r.mpn);
      if (!m) continue;
      candidates.push({ productId: r.id, confidence: m.tier === 'exact' ? 1 : m.tier === 'canonical' ? 0.99 : 0.97, tier: m.tier, reasons: [m.reason] });
    }
    candidates.sort((a, b) => b.confidence - a.confidence || a.productId - b.productId);
    const top = candidates.slice(0, MAX_CANDIDATES);
    const best = top[0];
    const unique = best !== undefined && (top.length === 1 || top[1]!.confidence < best.confidence);
    out.push(
      best === undefined
        ? { status: 'notFound', chosenProductId: null, confidence: null, candidates: [] }
        : unique
          ? { status: best.tier === 'packaging' ? 'matched' : 'exact', chosenProductId: best.productId, confidence: best.confidence, candidates: top }
          : { status: 'doubtful', chosenProductId: null, confidence: null, candidates: top },
    );
    options.onProgress?.(i + 1);
  }
  return out;
}
