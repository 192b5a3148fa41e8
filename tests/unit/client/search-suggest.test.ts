import { describe, expect, it } from 'vitest';
import { moveHighlight } from '../../../src/lib/client/search-suggest.ts';

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
