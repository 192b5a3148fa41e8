import { describe, expect, it } from 'vitest';
import { compactParams } from '../../../src/lib/search/search-sql.ts';
import { isQueryTimeout } from '../../../src/lib/search/search-db.server.ts';

describe('SQL helpers of the search', () => {
  it('renumbers the parameters a statement uses and drops the others', () => {
    expect(compactParams('SELECT $3, $1 WHERE a = $3 OR b = $10', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'])).toEqual({
      text: 'SELECT $1, $2 WHERE a = $1 OR b = $3',
      values: ['c', 'a', 'j'],
    });
    expect(compactParams('SELECT 1', [1, 2])).toEqual({ text: 'SELECT 1', values: [] });
  });

  it('recognises a statement cancelled by statement_timeout', () => {
    expect(isQueryTimeout({ code: '57014' })).toBe(true);
    expect(isQueryTimeout({ cause: { code: '57014' } })).toBe(true);
    expect(isQueryTimeout({ code: '23505' })).toBe(false);
    expect(isQueryTimeout(null)).toBe(false);
  });
});
