// The bench's worker (until the project worker, src/lib/kicad-viewer/viewer.worker.ts, is
// merged): file bytes in → parseBoard → buildBoardScene → the scene back, its typed arrays
// transferred. Schematic sheets are parsed only (their painter is not merged yet).
import { parseBoard } from '../../../src/lib/kicad/board.ts';
import { parseSchematic } from '../../../src/lib/kicad/schematic.ts';
import { buildBoardScene, packScene } from '../../../src/lib/kicad-viewer/scene.ts';

interface Req {
  kind: 'board' | 'sheet';
  name: string;
  bytes: Uint8Array;
}

const scope = self as unknown as { onmessage: ((e: MessageEvent<Req>) => void) | null; postMessage(m: unknown, t?: Transferable[]): void };

scope.onmessage = (e) => {
  const { kind, name, bytes } = e.data;
  const t0 = performance.now();
  if (kind === 'sheet') {
    const sch = parseSchematic(bytes, name);
    const t1 = performance.now();
    scope.postMessage({ kind, parseMs: t1 - t0, sceneMs: 0, errors: sch.errors.length, scene: null });
    return;
  }
  const { board, errors } = parseBoard(bytes, name);
  const t1 = performance.now();
  if (!board) {
    scope.postMessage({ kind, parseMs: t1 - t0, sceneMs: 0, errors: errors.length, scene: null });
    return;
  }
  const scene = buildBoardScene(board);
  const t2 = performance.now();
  const { packed, transfer } = packScene(scene);
  scope.postMessage({ kind, parseMs: t1 - t0, sceneMs: t2 - t1, errors: errors.length, scene: packed }, transfer);
};
