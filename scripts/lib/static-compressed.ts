import { existsSync, statSync } from 'node:fs';
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, normalize } from 'node:path';

// Sends the .br or .gz twin of a hashed build asset (written by scripts/lib/precompress.mjs) when
// the browser accepts it; anything else falls through to Astro's static handler. Names under
// /_astro/ carry a content hash, so they are cached for a year.

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  json: 'application/json',
  wasm: 'application/wasm',
};

export function createCompressedAssets(clientDir: string) {
  const twins = new Map<string, { path: string; size: number } | null>();
  const twin = (file: string) => {
    let found = twins.get(file);
    if (found === undefined) {
      found = existsSync(file) ? { path: file, size: statSync(file).size } : null;
      twins.set(file, found);
    }
    return found;
  };
  /** True when it answered the request. */
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url?.startsWith('/_astro/')) return false;
    const path = req.url.split('?')[0]!;
    const type = TYPES[path.slice(path.lastIndexOf('.') + 1)];
    if (!type || path.includes('..')) return false;
    const accept = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : '';
    if (!encoding) return false;
    const file = twin(join(clientDir, normalize(path)) + (encoding === 'br' ? '.br' : '.gz'));
    if (!file) return false;
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Encoding': encoding,
      'Content-Length': String(file.size),
      'Cache-Control': 'public, max-age=31536000, immutable',
      Vary: 'Accept-Encoding',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file.path).pipe(res);
    return true;
  };
}
