// Dev tool: CPU profile of parseBoard on the bench page's main thread in headless Chromium
// (CDP Profiler), top self-time functions printed. `npx node tests/bench/viewer/profile-parse.ts [board]`
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, startViewerPage } from './serve.ts';

const boardFile = process.argv[2] ?? '/usr/share/kicad/demos/video/video.kicad_pcb';
const server = await startViewerPage({ board: boardFile }, { minify: false });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...(process.env.JSFLAGS ? [`--js-flags=${process.env.JSFLAGS}`] : [])] });
try {
  const page = await browser.newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => document.body.dataset.ready === '1');
  const call = <R>(fn: string, ...args: unknown[]): Promise<R> =>
    page.evaluate(({ fn, args }) => (window as unknown as { viewerBench: Record<string, (...a: unknown[]) => unknown> }).viewerBench[fn]!(...args), { fn, args }) as Promise<R>;
  console.log('warm', JSON.stringify(await call('parse', '/files/board', 'board', 3)));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  console.log('profiled', JSON.stringify(await call('parse', '/files/board', 'board', 5)));
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[]; samples: number[]; timeDeltas: number[] } };
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (let i = 0; i < profile.samples.length; i++) {
    const n = byId.get(profile.samples[i]!)!;
    const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
    self.set(k, (self.get(k) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const tot = [...self.values()].reduce((a, b) => a + b, 0);
  for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(((v / tot) * 100).toFixed(1).padStart(5) + '%', (v / 1000).toFixed(0).padStart(6) + 'ms', k);
} finally {
  await browser.close();
  await server.close();
}
