// renderBoardSvg's strokeFont option: board texts as stroked paths in KiCad's font; <text> stays the default.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBoard } from '../../../src/lib/kicad/board.ts';
import { renderBoardSvg } from '../../../src/lib/kicad/board-svg.ts';
import { assertWellFormedSvg } from './svg-check.ts';
import { fixtureProjects } from './fixtures.ts';

describe('renderBoardSvg strokeFont', () => {
  it('draws the same texts as stroked paths when asked, <text> by default', () => {
    const p = fixtureProjects().find((x) => x.files.some((f) => f.endsWith('.kicad_pcb')));
    expect(p).toBeDefined();
    if (!p) return;
    const file = p.dir + (p.files.find((f) => f.endsWith('.kicad_pcb')) as string);
    const board = parseBoard(readFileSync(file), file).board;
    expect(board).not.toBeNull();
    if (!board) return;
    const plain = renderBoardSvg(board);
    const stroked = renderBoardSvg(board, { strokeFont: true });
    assertWellFormedSvg(stroked);
    const texts = plain.match(/<text[ >]/g)?.length ?? 0;
    expect(texts).toBeGreaterThan(0);
    expect(stroked).not.toMatch(/<text[ >]/);
    // Each <text> became at most one path (blank texts draw nothing).
    const joins = (svg: string): number => svg.match(/ stroke-linejoin="round"/g)?.length ?? 0;
    const paths = joins(stroked) - joins(plain);
    expect(paths).toBeGreaterThan(texts / 2);
    expect(paths).toBeLessThanOrEqual(texts);
  });
});
