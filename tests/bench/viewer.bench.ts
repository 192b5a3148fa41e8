// `npm run bench:viewer [board.kicad_pcb] [sheet.kicad_sch]`: the viewer engine in headless
// Chromium (WebGL2 through SwiftShader) on the largest kicad-demos board and sheet; one JSON
// object. Budgets (issue #13): open ≤ 800 ms (file bytes → worker parse + scene → transfer →
// upload → first complete frame), pan/zoom median ≤ 8 ms and p95 ≤ 16 ms over ≥ 200 frames
// (each frame waited for with a pixel read-back, so GPU work counts), JS heap after open (CDP,
// after GC) ≤ 10× the file, parse + model ≥ 30 MB/s in Node and in Chromium.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { parseBoard } from '../../src/lib/kicad/board.ts';
import { parseSchematic } from '../../src/lib/kicad/schematic.ts';
import { buildBoardScene, sceneBytes } from '../../src/lib/kicad-viewer/scene.ts';
import { CHROMIUM_ARGS, startViewerPage } from './viewer/serve.ts';

const boardFile = process.argv[2] ?? '/usr/share/kicad/demos/video/video.kicad_pcb';
const sheetFile = process.argv[3] ?? '/usr/share/kicad/demos/stickhub/StickHub.kicad_sch';
for (const f of [boardFile, sheetFile]) {
  if (!existsSync(f)) {
    console.error(`viewer.bench: file not found: ${f} (install kicad-demos or pass paths)`);
    process.exit(2);
  }
}
const FRAMES = 240;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}
const r2 = (x: number): number => Math.round(x * 100) / 100;

function nodeSpeed(file: string, kind: 'board' | 'sheet', runs: number): { medianMs: number; mbPerS: number; sceneMs?: number } {
  const bytes = readFileSync(file);
  const ms: number[] = [];
  const sc: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const t = performance.now();
    if (kind === 'board') {
      const { board } = parseBoard(bytes, file);
      const t1 = performance.now();
      if (i >= 2) ms.push(t1 - t);
      if (board) buildBoardScene(board);
      if (i >= 2) sc.push(performance.now() - t1);
    } else {
      parseSchematic(bytes, file);
      if (i >= 2) ms.push(performance.now() - t);
    }
  }
  const m = median(ms);
  return { medianMs: r2(m), mbPerS: r2(bytes.length / 1e6 / (m / 1000)), ...(sc.length ? { sceneMs: r2(median(sc)) } : {}) };
}

const node = { board: nodeSpeed(boardFile, 'board', 5), sheet: nodeSpeed(sheetFile, 'sheet', 7) };
const nodeBoard = parseBoard(readFileSync(boardFile), boardFile).board;
if (!nodeBoard) throw new Error(`${boardFile}: not a board`);
const nodeScene = buildBoardScene(nodeBoard);

const server = await startViewerPage({ board: boardFile, sheet: sheetFile });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(server.url);
  await page.waitForFunction(() => document.body.dataset.ready === '1');
  const cdp = await page.context().newCDPSession(page);
  const heap = async (): Promise<number> => {
    await cdp.send('HeapProfiler.collectGarbage');
    const u = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    return u.usedSize;
  };
  type Api = {
    open(url: string, kind: string, o?: object): Promise<Record<string, number | string>>;
    frames(n: number): { pan: object; zoom: object };
    parse(url: string, kind: string, runs: number): Promise<{ mbPerS: number; medianMs: number }>;
  };
  const call = <T>(fn: string, ...args: unknown[]): Promise<T> =>
    page.evaluate(({ fn, args }) => (window as unknown as Record<string, Record<string, (...a: unknown[]) => unknown>>).viewerBench![fn]!(...args), { fn, args }) as Promise<T>;
  void (null as unknown as Api);

  const heapBefore = await heap();
  const openCold = await call<Record<string, number>>('open', '/files/board', 'board', { freshWorker: true });
  const heapAfter = await heap();
  const openWarm: Record<string, number>[] = [];
  for (let i = 0; i < 3; i++) openWarm.push(await call<Record<string, number>>('open', '/files/board', 'board'));
  const frames = await call<{ pan: object; zoom: object }>('frames', FRAMES);
  const glInfo = await page.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl2');
    const ext = gl?.getExtension('WEBGL_debug_renderer_info');
    return gl ? String(ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER)) : 'none';
  });
  const sheetOpen = await call<Record<string, number>>('open', '/files/sheet', 'sheet');
  const chromiumParse = {
    board: await call<{ mbPerS: number; medianMs: number }>('parse', '/files/board', 'board', 5),
    sheet: await call<{ mbPerS: number; medianMs: number }>('parse', '/files/sheet', 'sheet', 9),
  };
  // Canvas 2D fallback on the same board.
  const canvasOpen = await call<Record<string, number>>('open', '/files/board', 'board', { prefer: 'canvas2d' });
  const canvasFrames = await call<{ pan: object; zoom: object }>('frames', 60);

  const size = statSync(boardFile).size;
  const warm = median(openWarm.map((o) => o.openMs as number));
  const result = {
    board: boardFile,
    sheet: sheetFile,
    bytes: { board: size, sheet: statSync(sheetFile).size },
    renderer: glInfo,
    node,
    chromium: { parse: chromiumParse },
    open: { cold: openCold, warmMedianMs: r2(warm), warm: openWarm.map((o) => o.openMs) },
    frames,
    heap: {
      beforeOpenMB: r2(heapBefore / 1e6),
      afterOpenMB: r2(heapAfter / 1e6),
      openCostMB: r2((heapAfter - heapBefore) / 1e6),
      ratioToFile: r2((heapAfter - heapBefore) / size),
      sceneTypedArraysMB: r2(sceneBytes(nodeScene) / 1e6),
    },
    sheetOpen,
    canvas2d: { open: canvasOpen, frames: canvasFrames },
    budgets: {
      openMs: 800,
      openOk: (openCold.openMs as number) <= 800,
      frameMedianMs: 8,
      frameP95Ms: 16,
      heapRatio: 10,
      heapOk: heapAfter - heapBefore <= 10 * size,
      parseMBps: 30,
      parseOk: node.board.mbPerS >= 30 && chromiumParse.board.mbPerS >= 30,
    },
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  await browser.close();
  await server.close();
}
