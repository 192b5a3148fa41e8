// The WebGL view as an image source for the board comparison: gl-page.ts bundled with esbuild,
// served from 127.0.0.1 with the kicad-demos boards, run in Debian's Chromium (WebGL2 through
// SwiftShader, the flags of the viewer's own browser tests), driven through Playwright.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build } from 'esbuild';
import type { LayerImageSource } from './board-source.ts';
import { DEMOS_DIR } from './reference.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const HTML = `<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;background:#fff}#view{display:block}</style></head><body><canvas id="view"></canvas><script type="module" src="./page.js"></script></body></html>`;
export const GL_CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
  '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
];

export interface GlSource {
  source: LayerImageSource;
  close(): Promise<void>;
}

export async function startGlSource(): Promise<GlSource> {
  const out = await build({ entryPoints: { page: HERE + 'gl-page.ts' }, bundle: true, format: 'esm', target: 'es2022', write: false, outdir: '/virtual', logLevel: 'error' });
  const js = out.outputFiles[0]?.contents;
  if (!js) throw new Error('bundle failed');
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent((req.url ?? '/').split('?')[0] as string);
      if (path === '/') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HTML);
      } else if (path === '/page.js') {
        res.writeHead(200, { 'content-type': 'text/javascript' }).end(js);
      } else if (path.startsWith('/demos/') && !path.includes('..')) {
        try {
          res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(await readFile(DEMOS_DIR + path.slice('/demos/'.length)));
        } catch {
          res.writeHead(404).end();
        }
      } else res.writeHead(404).end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser: Browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: GL_CHROMIUM_ARGS });
  const page: Page = await browser.newPage({ viewport: { width: 1100, height: 1100 }, deviceScaleFactor: 1 });
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.ready === '1');

  const source: LayerImageSource = async ({ board, layer, frame }) => {
    const file = `/demos/${board.fileName.slice(DEMOS_DIR.length)}`;
    await page.evaluate((f) => (window as unknown as { fidelity: { load(u: string): Promise<number> } }).fidelity.load(f), file);
    const r = await page.evaluate(
      ({ f, l, fr }) => (window as unknown as { fidelity: { render(u: string, l: string, fr: unknown): { backend: string; data: string } } }).fidelity.render(f, l, fr),
      { f: file, l: layer, fr: frame },
    );
    if (r.backend !== 'webgl2') throw new Error(`WebGL2 unavailable (backend ${r.backend})`);
    return { width: frame.width, height: frame.height, data: new Uint8Array(Buffer.from(r.data, 'base64')) };
  };
  return {
    source,
    async close() {
      await browser.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
