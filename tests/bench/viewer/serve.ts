// Bundles the viewer bench/test page (bench-page.ts + the app's worker, viewer.worker.ts) with esbuild in memory
// and serves it, with a fixed set of files, from 127.0.0.1 on a free port. Used by
// tests/bench/viewer.bench.ts and tests/e2e/viewer-engine.spec.ts (no Astro server needed).
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const HERE = fileURLToPath(new URL('.', import.meta.url));

const HTML = `<!doctype html><html><head><meta charset="utf-8"><title>viewer bench</title>
<style>html,body{margin:0;background:#111}#view{display:block;width:1280px;height:800px}</style></head>
<body><canvas id="view"></canvas><script type="module" src="./page.js"></script></body></html>`;

export interface ViewerPageServer {
  url: string;
  close(): Promise<void>;
}

/** `files`: name → path on disk, served at `/files/<name>`. */
export async function startViewerPage(files: Record<string, string>, opts: { minify?: boolean } = {}): Promise<ViewerPageServer> {
  const out = await build({
    entryPoints: { page: HERE + 'bench-page.ts', worker: HERE + '../../../src/lib/kicad-viewer/viewer.worker.ts' },
    bundle: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    outdir: '/virtual',
    minify: opts.minify ?? true,
    sourcemap: false,
    logLevel: 'error',
  });
  const assets = new Map<string, Uint8Array>();
  for (const f of out.outputFiles) assets.set('/' + f.path.split('/').pop(), f.contents);
  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0] as string;
      if (path === '/' || path === '/index.html') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(HTML);
        return;
      }
      const js = assets.get(path);
      if (js) {
        res.writeHead(200, { 'content-type': 'text/javascript' });
        res.end(js);
        return;
      }
      const m = /^\/files\/(.+)$/.exec(path);
      const file = m ? files[decodeURIComponent(m[1] as string)] : undefined;
      if (file) {
        const body = await readFile(file);
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(body);
        return;
      }
      res.writeHead(404);
      res.end();
    })().catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Chromium flags for headless WebGL2 through SwiftShader (docs: common rules of this project). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];
