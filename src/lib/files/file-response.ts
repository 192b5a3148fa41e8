import { FileRangeError, fileResponseHeaders, type ByteRange, type FileKey, type FileStore } from './file-store.ts';

// The one way a route sends a stored file: safe headers (file-store.ts), ETag and 304, and a
// single byte range (206/416) for large downloads. Multi-range requests get the whole file.

export type FileToSend = {
  key: FileKey;
  /** The type the referencing row recorded; sent only if allow-listed. */
  contentType: string;
  filename: string;
  disposition: 'inline' | 'attachment';
  /** Strong validator without quotes; defaults to the key (content addressed, so never stale). */
  etag?: string;
  cacheControl: string;
};

/** Response for a stored file, or null when the store no longer has it (the caller answers 404). */
export async function fileResponse(store: FileStore, file: FileToSend, request: { header(name: string): string | undefined }): Promise<Response | null> {
  const etag = `"${file.etag ?? file.key}"`;
  const cache = { ETag: etag, 'Cache-Control': file.cacheControl, 'X-Content-Type-Options': 'nosniff' };
  if (etagMatches(request.header('if-none-match'), etag)) return new Response(null, { status: 304, headers: cache });

  const ifRange = request.header('if-range');
  const range = ifRange === undefined || ifRange === etag ? parseRange(request.header('range')) : undefined;
  let body;
  try {
    body = await store.get(file.key, { range });
  } catch (error) {
    if (!(error instanceof FileRangeError)) throw error;
    return new Response(null, { status: 416, headers: { ...cache, 'Content-Range': `bytes */${error.size}` } });
  }
  if (!body) return null;
  const headers: Record<string, string> = {
    ...fileResponseHeaders({ contentType: file.contentType, size: body.size, filename: file.filename, disposition: file.disposition }),
    ...cache,
    'Accept-Ranges': 'bytes',
  };
  if (!body.range) return new Response(body.stream, { status: 200, headers });
  headers['Content-Length'] = String(body.range.end - body.range.start + 1);
  headers['Content-Range'] = `bytes ${body.range.start}-${body.range.end}/${body.size}`;
  return new Response(body.stream, { status: 206, headers });
}

/** If-None-Match against a strong ETag: a list, weak forms and `*` (RFC 9110 §13.1.2, weak comparison). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === '*' || t === etag;
  });
}

/**
 * One range of `Range: bytes=…` (`a-b`, `a-`); undefined for anything else, which is then served
 * whole. A suffix range (`-n`) needs the size, so it is served whole as well (allowed by RFC 9110).
 */
export function parseRange(header: string | undefined): ByteRange | undefined {
  const m = /^bytes=(\d{1,15})-(\d{0,15})$/.exec(header?.trim() ?? '');
  if (!m) return undefined;
  const start = Number(m[1]);
  const end = m[2] ? Number(m[2]) : undefined;
  return end !== undefined && end < start ? undefined : { start, end };
}
