// "Looks like KiCad" (issue #13 item 8): every plotted layer of five kicad-demos boards, painted
// by our board painter onto SvgRenderer (texts in KiCad's stroke font), against KiCad 6's own
// plot (tests/fixtures/kicad/reference/boards, made by scripts/kicad-reference-plots.py).
import { describe, expect, it } from 'vitest';
import { svgPainterSource } from './board-source.ts';
import { boardFidelitySuite } from './board-suite.ts';
import { readBoardReferences } from './reference.ts';

describe('board layers against KiCad 6 plots', () => {
  it('covers at least four boards, each with copper, mask, silkscreen and Edge.Cuts', () => {
    const refs = readBoardReferences();
    const boards = Object.values(refs.boards);
    expect(boards.length).toBeGreaterThanOrEqual(4);
    for (const b of boards) {
      const layers = Object.keys(b.layers);
      for (const l of ['F.Cu', 'F.Mask', 'F.Silkscreen', 'Edge.Cuts']) expect(layers).toContain(l);
    }
    expect(Object.keys(refs.boards)).toEqual(expect.arrayContaining(['video', 'custom_pads_test', 'stickhub', 'kit-dev-coldfire-xilinx_5213']));
  });

  boardFidelitySuite('svg', () => svgPainterSource);
});
