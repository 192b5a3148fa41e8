// "Looks like KiCad" (issue #13 item 8): every plotted layer of five kicad-demos boards, painted
// by our board painter, against KiCad 6's own plot (tests/fixtures/kicad/reference/boards, made
// by scripts/kicad-reference-plots.py), texts included (laid out in KiCad's stroke font, as the
// WebGL view draws them). On failure the diff image (ours red, KiCad blue, both black) is
// written to the temp dir and named in the message.
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareMasks, writeDiffPng, type Scores } from './compare.ts';
import { loadBoard, svgPainterSource, type LayerImageSource } from './board-source.ts';
import { inkCount, readMaskPng } from './mask.ts';
import { DEMOS_DIR, readBoardReferences, REFERENCE_DIR } from './reference.ts';
import { layerClass, THRESHOLDS, TOLERANCE_MM } from './thresholds.ts';

const refs = readBoardReferences();
const sources: Record<string, LayerImageSource> = { svg: svgPainterSource };

function fmt(s: Scores): string {
  return `precision ${s.precision.toFixed(4)}, recall ${s.recall.toFixed(4)}, IoU ${s.iou.toFixed(4)} (ink: ours ${s.ours}, KiCad ${s.reference})`;
}

describe('board layers against KiCad 6 plots', () => {
  it('covers at least four boards, each with copper, mask, silkscreen and Edge.Cuts', () => {
    const boards = Object.values(refs.boards);
    expect(boards.length).toBeGreaterThanOrEqual(4);
    for (const b of boards) {
      const layers = Object.keys(b.layers);
      for (const l of ['F.Cu', 'F.Mask', 'F.Silkscreen', 'Edge.Cuts']) expect(layers).toContain(l);
    }
    expect(Object.keys(refs.boards)).toEqual(expect.arrayContaining(['video', 'custom_pads_test', 'stickhub', 'kit-dev-coldfire-xilinx_5213']));
  });

  for (const [sourceName, source] of Object.entries(sources)) {
    for (const [name, ref] of Object.entries(refs.boards)) {
      describe(`${sourceName}: ${name}`, () => {
        const board = existsSync(DEMOS_DIR + ref.file) ? loadBoard(DEMOS_DIR + ref.file) : null;
        it('has its kicad-demos board', () => expect(board).not.toBeNull());
        for (const [layer, img] of Object.entries(ref.layers)) {
          it(`${layer}${img.textGroups ? ` (${img.textGroups} texts)` : ''}`, async () => {
            if (!board) throw new Error(`missing ${DEMOS_DIR + ref.file}`);
            const reference = await readMaskPng(join(REFERENCE_DIR, 'boards', name, img.png));
            expect(inkCount(reference)).toBe(img.ink);
            const ours = await source({ board, layer, frame: ref.frame, noText: false });
            const scores = compareMasks(ours, reference, TOLERANCE_MM * ref.frame.pxPerMm);
            const want = THRESHOLDS[layerClass(layer)];
            const ok = scores.precision >= want.precision && scores.recall >= want.recall && scores.iou >= want.iou;
            if (!ok) {
              const dir = join(tmpdir(), 'kicad-fidelity');
              mkdirSync(dir, { recursive: true });
              const file = join(dir, `${sourceName}-${name}-${layer}.png`);
              await writeDiffPng(ours, reference, file);
              throw new Error(`${name} ${layer}: ${fmt(scores)}; wanted ≥ ${JSON.stringify(want)}; diff (ours red, KiCad blue): ${file}`);
            }
          });
        }
      });
    }
  }
});
