// Dev tool: full-frame cost per layer (each layer soloed) on the bench page in headless Chromium.
// `npx node tests/bench/viewer/profile-layers.ts [board]`
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, startViewerPage } from './serve.ts';

const boardFile = process.argv[2] ?? '/usr/share/kicad/demos/video/video.kicad_pcb';
const server = await startViewerPage({ board: boardFile });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: Number(process.env.W ?? 1280), height: Number(process.env.H ?? 800) }, deviceScaleFactor: 1 });
  await page.goto(server.url);
  await page.waitForFunction(() => document.body.dataset.ready === '1');
  if (process.env.W) await page.addStyleTag({ content: `#view{width:${process.env.W}px !important;height:${process.env.H}px !important}` });
  const call = <R>(fn: string, ...args: unknown[]): Promise<R> =>
    page.evaluate(({ fn, args }) => (window as unknown as { viewerBench: Record<string, (...a: unknown[]) => unknown> }).viewerBench[fn]!(...args), { fn, args }) as Promise<R>;
  if (process.env.PROBE) console.log(await call('renderer'));
  if (process.env.HEAP) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    console.log(JSON.stringify(await cdp.send('Runtime.getHeapUsage')));
  }
  console.log(JSON.stringify(await call('open', '/files/board', 'board', { freshWorker: true })));
  for (let i = 0; i < Number(process.env.REOPEN ?? 0); i++) console.log(JSON.stringify(await call('open', '/files/board', 'board')));
  const frame = (): Promise<number> => call<number>('fullFrameMs', 3);
  console.log('all', await frame());
  console.log('interactive', JSON.stringify(await call('frames', 100, 'interactive')));
  if (process.env.ALL !== '1') process.exit(0);
  for (const l of await call<string[]>('layers')) {
    await call('solo', l);
    console.log(l.padEnd(12), await frame());
  }
  await call('solo', null);
} finally {
  await browser.close();
  await server.close();
}
