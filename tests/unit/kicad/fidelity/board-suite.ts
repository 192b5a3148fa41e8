// One board-fidelity suite per image source: every plotted layer of every reference board
// against KiCad's plot, with the pass marks of thresholds.ts; on failure the diff image (ours
// red, KiCad blue, both black) is written to the temp dir and named in the message.
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareMasks, writeDiffPng, type Scores } from './compare.ts';
import { loadBoard, type LayerImageSource } from './board-source.ts';
import { inkCount, readMaskPng } from './mask.ts';
import { DEMOS_DIR, readBoardReferences, REFERENCE_DIR } from './reference.ts';
import { layerClass, THRESHOLDS, TOLERANCE_MM } from './thresholds.ts';

function fmt(s: Scores): string {
  return `precision ${s.precision.toFixed(4)}, recall ${s.recall.toFixed(4)}, IoU ${s.iou.toFixed(4)} (ink: ours ${s.ours}, KiCad ${s.reference})`;
}

/** `iouMark` overrides the IoU marks of filled layers (a source without anti-aliasing loses some edge pixels). */
export function boardFidelitySuite(sourceName: string, source: () => LayerImageSource, opts: { iouMark?: number } = {}): void {
  const refs = readBoardReferences();
  for (const [name, ref] of Object.entries(refs.boards)) {
    describe(`${sourceName}: ${name}`, () => {
      const board = existsSync(DEMOS_DIR + ref.file) ? loadBoard(DEMOS_DIR + ref.file) : null;
      it('has its kicad-demos board', () => expect(board).not.toBeNull());
      for (const [layer, img] of Object.entries(ref.layers)) {
        it(`${layer}${img.textGroups ? ` (${img.textGroups} texts)` : ''}`, async () => {
          if (!board) throw new Error(`missing ${DEMOS_DIR + ref.file}`);
          const reference = await readMaskPng(join(REFERENCE_DIR, 'boards', name, img.png));
          expect(inkCount(reference)).toBe(img.ink);
          const ours = await source()({ board, layer, frame: ref.frame, noText: false });
          const scores = compareMasks(ours, reference, TOLERANCE_MM * ref.frame.pxPerMm);
          const base = THRESHOLDS[layerClass(layer)];
          const want = { ...base, iou: base.iou > 0 && opts.iouMark !== undefined ? opts.iouMark : base.iou };
          if (scores.precision >= want.precision && scores.recall >= want.recall && scores.iou >= want.iou) return;
          const dir = join(tmpdir(), 'kicad-fidelity');
          mkdirSync(dir, { recursive: true });
          const file = join(dir, `${sourceName}-${name}-${layer}.png`);
          await writeDiffPng(ours, reference, file);
          throw new Error(`${name} ${layer}: ${fmt(scores)}; wanted ≥ ${JSON.stringify(want)}; diff (ours red, KiCad blue): ${file}`);
        });
      }
    });
  }
}
