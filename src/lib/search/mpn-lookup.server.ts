// Typo neighbours of a typed part number looked up in PostgreSQL (large catalogues; small ones
// keep their MPNs in memory: fuzzyInMemory in mpn-lookup.ts).

import { typoBudget } from './search.ts';
import type { SqlRunner } from './search-db.server.ts';
import { addTypoNeighbours, fuzzyStatement, rankTypoNeighbours, trigramStatement, type TypoNeighbour } from './mpn-lookup.ts';

/** Neighbours one or two edits away; `small` catalogues add a plain trigram search when that finds none. */
export async function fuzzyCandidates(runner: SqlRunner, mpnKey: string, small: boolean, limit = 20): Promise<TypoNeighbour[]> {
  if (typoBudget(mpnKey.length) === 0) return [];
  const found = new Map<number, TypoNeighbour>();
  const near = fuzzyStatement(mpnKey);
  addTypoNeighbours(found, await runner.arrays(near.text, near.values), mpnKey);
  if (found.size === 0 && small) {
    const trigram = trigramStatement(mpnKey);
    addTypoNeighbours(found, await runner.arrays(trigram.text, trigram.values), mpnKey);
  }
  return rankTypoNeighbours(found, limit);
}
