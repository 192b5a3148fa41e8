import { describe, expect, it } from 'vitest';
import { kindText, moveHighlight, readSuggestions, suggestQuery } from '../../../src/lib/client/search-suggest.ts';

describe('suggestion keyboard navigation', () => {
  it('moves down through the list and back to the input, and up from the input to the last', () => {
    expect(moveHighlight(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveHighlight(1, 3, 'ArrowDown')).toBe(2);
    expect(moveHighlight(2, 3, 'ArrowDown')).toBe(-1);
    expect(moveHighlight(-1, 3, 'ArrowUp')).toBe(2);
    expect(moveHighlight(0, 3, 'ArrowUp')).toBe(-1);
    expect(moveHighlight(-1, 0, 'ArrowDown')).toBe(-1);
  });
});

describe('what is worth asking about', () => {
  it('asks for 2 to 100 characters of trimmed text', () => {
    expect(suggestQuery('  s ')).toBeNull();
    expect(suggestQuery(' 运放 ')).toBe('运放');
    expect(suggestQuery('x'.repeat(100))).toBe('x'.repeat(100));
    expect(suggestQuery('x'.repeat(101))).toBeNull();
  });
});

describe('reading the answer', () => {
  const kinds = { mpn: '型号', brand: '品牌', category: '分类' };

  it('keeps well-formed suggestions of a successful answer', () => {
    const list = readSuggestions({
      code: 200000,
      msg: 'success',
      result: [
        { kind: 'mpn', text: 'NE555P', href: '/productDetail/NE555P_ti', sub: 'TI' },
        { kind: 'category', text: '运算放大器', href: '/filterPage/20101/x', sub: '' },
      ],
    });
    expect(list).toEqual([
      { kind: 'mpn', text: 'NE555P', href: '/productDetail/NE555P_ti', sub: 'TI' },
      { kind: 'category', text: '运算放大器', href: '/filterPage/20101/x' },
    ]);
    expect(list.map((i) => kindText(i, kinds))).toEqual(['型号 · TI', '分类']);
  });

  it('drops failures, odd shapes and links that leave the site', () => {
    expect(readSuggestions({ code: 50000, msg: 'busy', result: null })).toEqual([]);
    expect(readSuggestions('<html>')).toEqual([]);
    expect(
      readSuggestions({
        code: 200000,
        msg: 'success',
        result: [
          { kind: 'mpn', text: 'A', href: 'https://evil.example/' },
          { kind: 'mpn', text: 'B', href: '//evil.example/' },
          { kind: 'mpn', text: 'C', href: '/\\evil.example/' },
          { kind: 'mpn', text: 'D', href: 'javascript:alert(1)' },
          { kind: 'part', text: 'E', href: '/x' },
          { kind: 'brand', text: 5, href: '/x' },
          null,
          { kind: 'brand', text: 'TI', href: '/search?name=TI' },
        ],
      }),
    ).toEqual([{ kind: 'brand', text: 'TI', href: '/search?name=TI' }]);
  });
});
