import { readMaskPng } from '/work/wt-fid/tests/unit/kicad/fidelity/mask.ts';
import { compareMasks, writeDiffPng } from '/work/wt-fid/tests/unit/kicad/fidelity/compare.ts';
import { loadBoard, svgPainterSource } from '/work/wt-fid/tests/unit/kicad/fidelity/board-source.ts';
import { readBoardReferences, REFERENCE_DIR, DEMOS_DIR } from '/work/wt-fid/tests/unit/kicad/fidelity/reference.ts';
const idx = readBoardReferences();
const only = process.argv[2];
const onlyLayer = process.argv[3];
for (const [name, b] of Object.entries(idx.boards)) {
  if (only && only !== name) continue;
  const board = loadBoard(DEMOS_DIR + b.file);
  for (const [layer, ref] of Object.entries(b.layers)) {
    if (onlyLayer && onlyLayer !== layer) continue;
    const noText = false; if (ref.notext === undefined) continue;
    const refMask = await readMaskPng(REFERENCE_DIR + 'boards/' + name + '/' + ref.png);
    const t = Date.now();
    const ours = await svgPainterSource({ board, layer, frame: b.frame, noText });
    const s = compareMasks(ours, refMask, 2);
    console.log(name.padEnd(30), layer.padEnd(14), `P=${s.precision.toFixed(3)} R=${s.recall.toFixed(3)} IoU=${s.iou.toFixed(3)} ours=${s.ours} ref=${s.reference} ${Date.now() - t}ms`);
    await writeDiffPng(ours, refMask, `/tmp/diff/text-${name}-${layer}.png`);
  }
}
