import { gzipSync } from 'node:zlib';

/**
 * Gzipped bytes of all JavaScript a page loads: inline scripts, script src, island component and
 * renderer URLs, and every static import those modules pull in (followed transitively); and,
 * apart, what their dynamic import() calls would load on demand.
 */
export async function pageJavaScript(base: string, path: string, headers: Record<string, string>): Promise<{ files: number; gzipBytes: number; onDemand: Record<string, number> }> {
  const html = await (await fetch(base + path, { headers })).text();
  let gzipBytes = 0;
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)) {
    if (m[1]!.trim()) gzipBytes += gzipSync(m[1]!).length;
  }
  const queue = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) queue.add(new URL(m[1]!, base).href);
  for (const m of html.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)) queue.add(new URL(m[1]!.replace(/&amp;/g, '&'), base).href);
  for (const m of html.matchAll(/import\s*(?:[\w*{}\s,]+from\s*)?["']([^"']+\.js)["']/g)) queue.add(new URL(m[1]!, base).href);
  const seen = new Set<string>();
  const dynamic = new Set<string>();
  const follow = async (start: Set<string>): Promise<number> => {
    let bytes = 0;
    for (const url of start) {
      if (seen.has(url)) continue;
      seen.add(url);
      const code = await (await fetch(url)).text();
      bytes += gzipSync(code).length;
      for (const m of code.matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) start.add(new URL(m[1]!, url).href);
      for (const m of code.matchAll(/import\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g)) dynamic.add(new URL(m[1]!, url).href);
    }
    return bytes;
  };
  gzipBytes += await follow(queue);
  const files = seen.size;
  // Chunks loaded later by import() (the login dialog on first open, the 3D viewer when its frame
  // nears the viewport), each with the static imports it adds: file name without hash → gzip bytes.
  const onDemand: Record<string, number> = {};
  for (const url of [...dynamic].filter((u) => !seen.has(u))) {
    onDemand[url.split('/').pop()!.replace(/\.[\w-]+\.js$/, '')] = await follow(new Set([url]));
  }
  return { files, gzipBytes, onDemand };
}
