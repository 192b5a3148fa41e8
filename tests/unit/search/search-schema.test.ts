import { describe, expect, it } from 'vitest';
import {
  MAX_PAGE_SIZE,
  MAX_WINDOW,
  problemText,
  QueryPageRequest,
  SuggestQuery,
  validateSearchParams,
  type SearchParams,
} from '../../../src/lib/search/search.schema.ts';

// The search request shapes, declared once (search.schema.ts): the same rules and the same
// localized messages for the route and for in-process callers.

const base: SearchParams = { pageNum: 1, pageSize: 20, locale: 'en' };

/** The message validateSearchParams throws for a request (deliberately untyped: bad input), or null. */
function messageOf(params: Record<string, unknown>): string | null {
  try {
    validateSearchParams({ ...base, ...params } as SearchParams);
    return null;
  } catch (error) {
    expect(error).toMatchObject({ code: 40000 });
    return (error as Error).message;
  }
}

describe('search request schema', () => {
  it('accepts a plain request and fills the paging defaults', () => {
    expect(messageOf({ keyword: 'STM32', cateId: 1, brandIds: [1], params: [{ key: 'capacitance', min: 1e-7 }], package: ['0603'], sort: 'mpn' })).toBeNull();
    expect(QueryPageRequest.parse({ keyword: '  lm358 ' })).toEqual({ keyword: 'lm358', pageNum: 1, pageSize: 20 });
  });

  it('names the field and the problem in the caller\'s language', () => {
    expect(messageOf({ pageSize: 0 })).toBe(`Invalid field pageSize: ${problemText('pageSize', 'en')}`);
    expect(messageOf({ pageSize: MAX_PAGE_SIZE + 1, locale: 'zh' })).toBe(`参数 pageSize 无效：必须是 1 到 ${MAX_PAGE_SIZE} 之间的整数`);
    expect(messageOf({ pageNum: 1.5 })).toBe(`Invalid field pageNum: ${problemText('pageNum', 'en')}`);
    expect(messageOf({ pageNum: 11, pageSize: 100 })).toBe(`Invalid field pageNum: ${problemText('window', 'en')}`);
    expect(messageOf({ pageNum: MAX_WINDOW + 1, pageSize: 1 })).toContain('pageNum');
    expect(messageOf({ keyword: 'a'.repeat(201), locale: 'zh' })).toBe('参数 keyword 无效：不能超过 200 个字符');
    expect(messageOf({ sort: 'price' })).toBe(`Invalid field sort: ${problemText('sort', 'en')}`);
    expect(messageOf({ cateId: -3 })).toBe(`Invalid field cateId: ${problemText('id', 'en')}`);
    expect(messageOf({ brandIds: ['x'] })).toBe(`Invalid field brandIds.0: ${problemText('id', 'en')}`);
  });

  it('checks parameter filters', () => {
    expect(messageOf({ params: [{ key: 'capacitance', min: 1e-6, max: 1e-7 }] })).toBe(`Invalid field params.0.min: ${problemText('paramRange', 'en')}`);
    expect(messageOf({ params: [{ key: 'capacitance', min: 'abc' }] })).toBe(`Invalid field params.0.min: ${problemText('paramNumber', 'en')}`);
    expect(messageOf({ params: [{ key: 'capacitance' }] })).toBe(`Invalid field params.0: ${problemText('paramEmpty', 'en')}`);
    expect(messageOf({ params: [{ key: 'DROP TABLE', min: 1 }] })).toBe(`Invalid field params.0.key: ${problemText('paramKey', 'en')}`);
    expect(messageOf({ params: [{ key: 'capacitance', min: Infinity }] })).toContain('params.0.min');
    expect(messageOf({ params: Array.from({ length: 21 }, () => ({ key: 'capacitance', min: 1 })) })).toBe(`Invalid field params: ${problemText('tooManyParams', 'en')}`);
    expect(messageOf({ package: Array.from({ length: 51 }, (_, i) => `P${i}`) })).toBe(`Invalid field package: ${problemText('tooMany', 'en')}`);
    expect(messageOf({ package: ['x'.repeat(201)] })).toBe(`Invalid field package.0: ${problemText('value', 'en')}`);
  });

  it('bounds the suggestions request', () => {
    expect(SuggestQuery.parse({})).toEqual({ q: '', limit: 8 });
    expect(SuggestQuery.parse({ q: ' op ', limit: '5' })).toEqual({ q: 'op', limit: 5 });
    expect(SuggestQuery.safeParse({ limit: '21' }).error?.issues[0]?.message).toBe('suggestLimit');
    expect(SuggestQuery.safeParse({ q: 'a'.repeat(201) }).error?.issues[0]?.message).toBe('keywordLong');
  });
});
