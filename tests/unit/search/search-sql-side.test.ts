import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../../src/lib/search/search.ts';
import { addTypoNeighbours, familyMatches, familyPrefixes, fuzzyInMemory, prefixKeysSql, rankTypoNeighbours, reversePrefixes, type TypoNeighbour } from '../../../src/lib/search/mpn-lookup.ts';
import { readFirstRows, needsSecondStatement, type Hits } from '../../../src/lib/search/search-hits.ts';
import { makePlan } from '../../../src/lib/search/search-plan.ts';
import { collectFromSql } from '../../../src/lib/search/search-rank.ts';
import { reverseScore, SCORE, typoScore } from '../../../src/lib/search/search-scores.ts';
import { BRANCH, firstStatement, HIT_CAP, hitOfRow, secondStatement, type SqlHit } from '../../../src/lib/search/search-sql.ts';
import { handIndex } from './hand-index.ts';

// The SQL side without a database: statements as text, rows written by hand in the statements'
// column layout (id, t0…, f0…, w, b, x), read and ranked against a hand-built index.

const index = handIndex();
const noPush = { brands: null, packages: null };
const planOf = (keyword: string, request: Parameters<typeof makePlan>[1] = {}) => makePlan(index, request, parseQuery(keyword, index.dict), false);

/** Every $n a statement uses has a value, and every value is used. */
function placeholdersMatch(text: string, values: readonly unknown[]): boolean {
  const used = new Set([...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
  return used.size === values.length && [...used].every((n) => n >= 1 && n <= values.length);
}

/** A first-statement row for a one-word plan: id, tier, flag, whole tier, branch kind, branch text. */
const firstRow = (id: number, kind: number, text: string | null = null, tier = 0): unknown[] => [id, tier, 0, 0, kind, text];

describe('statements', () => {
  it('builds the prefix, family and reverse branches for a typed part number, parameters compacted', () => {
    const plan = planOf('STM32F103C8T6');
    const first = firstStatement(plan, noPush, null, false);
    expect(first.primary).toBe(0);
    expect(first.primaryKey).toBe('STM32F103C8T6');
    expect(first.tokenCount).toBe(1);
    for (const kind of [BRANCH.prefix, BRANCH.family, BRANCH.reverse]) expect(first.text).toContain(`${kind} AS b`);
    expect(first.text).not.toContain(`${BRANCH.ids} AS b`);
    expect(first.text).toContain(`LIMIT ${HIT_CAP + 1}`);
    expect(first.values).toContain('STM32F103C8T6%');
    expect(first.values).toContainEqual(reversePrefixes('STM32F103C8T6', 3));
    // The shorter-MPN branch bounds its keys by a pattern-operator range (the btree's), so the
    // planner cannot answer `= ANY` from the trigram index (40 ms on the demo catalogue).
    expect(first.text).toMatch(/mpn_normalized ~>=~ \$\d+ AND mpn_normalized ~<=~ \$\d+ AND mpn_normalized = ANY/);
    expect(first.values).toContain('STM32F10');
    expect(first.values).toContain('STM32F103C8T');
    expect(placeholdersMatch(first.text, first.values)).toBe(true);
  });

  it('fetches only the extra ids on a second run of the same plan', () => {
    const plan = planOf('STM32F103C8T7');
    const token = plan.sqlTokens[0]!;
    const first = firstStatement(plan, noPush, { token, ids: new Map([[105, typoScore(1)]]) }, true);
    expect(first.text).toContain(`${BRANCH.ids} AS b`);
    expect(first.text).not.toContain(`${BRANCH.prefix} AS b`);
    expect(first.values).toContainEqual([105]);
    expect(firstStatement(plan, noPush, null, true).text).toBe('');
  });

  it('builds the second statement from the same words, with pushed filters and the category', () => {
    const plan = planOf('cortex', { cateId: 1 });
    const second = secondStatement(plan, { brands: [1], packages: ['LQFP-48'] });
    expect(second.text).toContain('search_text LIKE');
    expect(second.text).toContain(`LIMIT ${HIT_CAP + 1}`);
    expect(second.values).toEqual(expect.arrayContaining([[1, 21].filter((id) => index.subtree(1).includes(id)), [1], ['LQFP-48'], '%cortex%']));
    expect(placeholdersMatch(second.text, second.values)).toBe(true);
  });

  it('reads a hit row in the column layout', () => {
    expect(hitOfRow([7, 900, 300, 1, 0, 1000, BRANCH.whole, null], 2)).toEqual({ id: 7, tiers: [900, 300], flags: [1, 0], whole: 1000 });
  });
});

describe('reading the first statement', () => {
  it('keeps a KiCad family whose wildcards match the typed MPN and drops one that does not', () => {
    const plan = planOf('STM32F103C8T6');
    const first = firstStatement(plan, noPush, null, false);
    const read = readFirstRows(plan, first, [firstRow(105, BRANCH.family, 'STM32F103C8Tx'), firstRow(106, BRANCH.family, 'STM32F407VGTx')], null, null);
    expect([...read.byId.keys()]).toEqual([105]);
    expect(read.idLists.get(plan.sqlTokens[0]!)?.get(105)).toBe(SCORE.family);
  });

  it('counts a catalogue MPN the typed one extends only when nothing starts with what was typed', () => {
    const plan = planOf('LM358DRG4');
    const first = firstStatement(plan, noPush, null, false);
    const alone = readFirstRows(plan, first, [firstRow(103, BRANCH.reverse, 'LM358DR')], null, null);
    expect(alone.idLists.get(plan.sqlTokens[0]!)?.get(103)).toBe(reverseScore(2));
    const withPrefix = readFirstRows(plan, first, [firstRow(103, BRANCH.reverse, 'LM358DR'), firstRow(999, BRANCH.prefix, null, SCORE.exactMpn)], null, null);
    expect(withPrefix.byId.has(103)).toBe(false);
    expect(withPrefix.prefixRows).toBe(1);
    // A typed part number that begins catalogue MPNs means those parts: no second statement.
    expect(needsSecondStatement(plan, first, withPrefix)).toBe(false);
    expect(needsSecondStatement(plan, first, alone)).toBe(true);
  });

  it('runs the second statement for a plain word even when MPNs start with it', () => {
    const plan = planOf('cortex');
    const first = firstStatement(plan, noPush, null, false);
    expect(needsSecondStatement(plan, first, readFirstRows(plan, first, [firstRow(105, BRANCH.prefix)], null, null))).toBe(true);
  });
});

describe('ranking SQL hits', () => {
  const hitsOf = (plan: ReturnType<typeof planOf>, hits: SqlHit[], capped = false, idScores = new Map<number, number>()): Hits => ({
    hits,
    capped,
    idLists: new Map([[plan.sqlTokens[0]!, idScores]]),
    wholeIds: new Map(),
    hasPrefix: false,
    push: noPush,
  });

  it('orders by tier, raised by id scores, then popularity; memory constraints filter', () => {
    const plan = planOf('STM32');
    const hits = [
      { id: 106, tiers: [SCORE.mpnPrefix - 8], flags: [0], whole: 0 },
      { id: 105, tiers: [SCORE.mpnPrefix - 8], flags: [0], whole: 0 },
      { id: 103, tiers: [SCORE.text], flags: [0], whole: 0 },
      { id: 101, tiers: [0], flags: [0], whole: 0 },
    ];
    const collected = collectFromSql(plan, hitsOf(plan, hits, false, new Map([[101, SCORE.family]])), 'relevance', 0, 20);
    // Prefix (900 less 8 extra characters) over family (850) over text (300); ties by popularity.
    expect(collected.page.map((entry) => index.ids[entry.row])).toEqual([105, 106, 101, 103]);
    expect(collected.total).toBe(4);
    expect(collected.totalExact).toBe(true);
    const inCategory = collectFromSql(makePlan(index, { cateId: 1 }, parseQuery('STM32', index.dict), false), hitsOf(plan, hits, true), 'relevance', 0, 20);
    expect(inCategory.page.map((entry) => index.ids[entry.row])).toEqual([105, 106]);
    expect(inCategory.totalExact || inCategory.facetsExact).toBe(false);
  });

  it('skips hits the index does not know yet (added after it was built)', () => {
    const plan = planOf('STM32');
    expect(collectFromSql(plan, hitsOf(plan, [{ id: 424242, tiers: [SCORE.exactMpn], flags: [0], whole: 0 }]), 'relevance', 0, 20).total).toBe(0);
  });
});

describe('MPN lookups', () => {
  it('lists the prefixes a family or a shorter catalogue MPN may have', () => {
    expect(familyPrefixes('LM358D')).toEqual(['LM3', 'LM35', 'LM358', 'LM358D']);
    // At most five characters shorter.
    expect(reversePrefixes('STM32F103C8T6', 3)).toEqual(['STM32F10', 'STM32F103', 'STM32F103C', 'STM32F103C8', 'STM32F103C8T']);
    expect(reversePrefixes('LM358DR', 4)).toEqual(['LM35', 'LM358', 'LM358D']);
    const values: unknown[] = [];
    const sql = prefixKeysSql('k', ['LM358D', 'LM35', 'LM358'], (v) => `$${values.push(v)}`);
    expect(sql).toBe('k ~>=~ $1 AND k ~<=~ $2 AND k = ANY($3::text[])');
    expect(values).toEqual(['LM35', 'LM358D', ['LM35', 'LM358', 'LM358D']]);
    expect(familyMatches('STM32F103C8Tx', 'STM32F103C8T6')).toBe(true);
    expect(familyMatches('STM32F103C8Tx', 'STM32F103CBT6')).toBe(false);
    expect(familyMatches('MAX232', 'MAX232')).toBe(false);
  });

  it('finds typo neighbours in memory, fewest edits first', () => {
    const found = fuzzyInMemory(index, 'STM32F103C8T7');
    expect(found[0]).toEqual({ id: 105, mpn: 'STM32F103C8T6', distance: 1, similarity: 0 });
    expect(fuzzyInMemory(index, 'STM32F103C8T6').map((n) => n.id)).not.toContain(105);
  });

  it('confirms and ranks typo candidates from SQL rows', () => {
    const found = new Map<number, TypoNeighbour>();
    addTypoNeighbours(
      found,
      [
        [1, 'LM358DR', 'LM358DR', 0.5],
        [2, 'LM358DT', 'LM358DT', 0.6],
        [3, 'LM324DR', 'LM324DR', 0.9],
        [4, 'LM358DX', 'LM358DX', 0.4],
      ],
      'LM358DQ',
    );
    expect([...found.keys()].sort()).toEqual([1, 2, 4]);
    expect(rankTypoNeighbours(found).map((n) => n.mpn)).toEqual(['LM358DT', 'LM358DR', 'LM358DX']);
  });
});
