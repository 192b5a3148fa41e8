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
      if (!board) throw new Error(`not a board: ${file}`);
      buildBoardScene(board);
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
const parsed = parseBoard(readFileSync(boardFile), boardFile).board;
if (!parsed) throw new Error(`not a board: ${boardFile}`);
const nodeScene = buildBoardScene(parsed);

// A mid-size board too, for the Canvas 2D fallback (which may not survive the large one).
const smallFile = new URL('../fixtures/kicad/projects/bitaxe-gamma/bitaxeGamma.kicad_pcb', import.meta.url).pathname;
const server = await startViewerPage({ board: boardFile, sheet: sheetFile, small: smallFile });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
/** A fresh page per section: a crash or stall in one (software GL under load) does not lose the others. */
async function section<T>(name: string, fn: (call: <R>(fn: string, ...args: unknown[]) => Promise<R>, heap: () => Promise<number>) => Promise<T>): Promise<T | { error: string }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  page.on('pageerror', (e) => console.error(`${name}: page error:`, e.message));
  try {
    await page.goto(server.url);
    await page.waitForFunction(() => document.body.dataset.ready === '1');
    const cdp = await page.context().newCDPSession(page);
    const heap = async (): Promise<number> => {
      await cdp.send('HeapProfiler.collectGarbage');
      const u = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
      return u.usedSize;
    };
    const call = <R>(fn: string, ...args: unknown[]): Promise<R> =>
      page.evaluate(({ fn, args }) => (window as unknown as { viewerBench: Record<string, (...a: unknown[]) => unknown> }).viewerBench[fn]!(...args), { fn, args }) as Promise<R>;
    return await fn(call, heap);
  } catch (e) {
    return { error: (e as Error).message.split('\n')[0] as string };
  } finally {
    await page.close().catch(() => undefined);
  }
}

const size = statSync(boardFile).size;
try {
  const board = await section('board', async (call, heap) => {
    const renderer = await call<string>('renderer');
    const heapBefore = await heap();
    const cold = await call<Record<string, number>>('open', '/files/board', 'board', { freshWorker: true });
    const heapAfter = await heap();
    const warm: Record<string, number>[] = [];
    for (let i = 0; i < 3; i++) warm.push(await call<Record<string, number>>('open', '/files/board', 'board'));
    const interactive = await call<object>('frames', FRAMES, 'interactive');
    const full = await call<object>('frames', 30, 'full');
    return {
      renderer,
      open: { cold, warmMedianMs: r2(median(warm.map((o) => o.openMs as number))), warm: warm.map((o) => o.openMs) },
      frames: interactive,
      fullRedrawFrames: full,
      heap: {
        beforeOpenMB: r2(heapBefore / 1e6),
        afterOpenMB: r2(heapAfter / 1e6),
        openCostMB: r2((heapAfter - heapBefore) / 1e6),
        ratioToFile: r2((heapAfter - heapBefore) / size),
        sceneTypedArraysMB: r2(sceneBytes(nodeScene) / 1e6),
      },
    };
  });
  const chromiumParse = await section('parse', async (call) => ({
    board: await call<{ mbPerS: number; medianMs: number }>('parse', '/files/board', 'board', 7),
    sheet: await call<{ mbPerS: number; medianMs: number }>('parse', '/files/sheet', 'sheet', 15),
  }));
  const sheet = await section('sheet', async (call) => {
    await call('open', '/files/sheet', 'sheet', { freshWorker: true });
    return call<Record<string, number>>('open', '/files/sheet', 'sheet');
  });
  const canvas2d = await section('canvas2d', async (call) => ({
    open: await call<Record<string, number>>('open', '/files/board', 'board', { prefer: 'canvas2d' }),
    frames: await call<object>('frames', 10, 'full'),
  }));
  const small = await section('small', async (call) => ({
    file: smallFile,
    webgl2: { open: await call<Record<string, number>>('open', '/files/small', 'board', { freshWorker: true }), frames: await call<object>('frames', 200, 'interactive') },
    canvas2d: { open: await call<Record<string, number>>('open', '/files/small', 'board', { prefer: 'canvas2d' }), frames: await call<object>('frames', 10, 'full') },
  }));
  const b = board as { open?: { cold: { openMs: number } }; heap?: { openCostMB: number } };
  const p = chromiumParse as { board?: { mbPerS: number } };
  const result = {
    board: boardFile,
    sheet: sheetFile,
    bytes: { board: size, sheet: statSync(sheetFile).size },
    node,
    chromium: { parse: chromiumParse },
    boardView: board,
    sheetOpen: sheet,
    canvas2d,
    smallBoard: small,
    budgets: {
      openMs: 800,
      openOk: b.open ? b.open.cold.openMs <= 800 : false,
      frameMedianMs: 8,
      frameP95Ms: 16,
      heapRatio: 10,
      heapOk: b.heap ? b.heap.openCostMB * 1e6 <= 10 * size : false,
      parseMBps: 30,
      parseOk: node.board.mbPerS >= 30 && (p.board?.mbPerS ?? 0) >= 30,
    },
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  await browser.close();
  await server.close();
}
