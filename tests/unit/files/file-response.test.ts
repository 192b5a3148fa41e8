import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etagMatches, fileResponse, parseRange, type FileToSend } from '../../../src/lib/files/file-response.ts';
import { LocalFileStore } from '../../../src/lib/files/local-file-store.server.ts';
import { randomBytes } from './store-contract.ts';

// Sending a stored file (src/lib/files/file-response.ts): headers, 304, ranges, a missing file.

let root: string;
let store: LocalFileStore;
let file: FileToSend;
const bytes = randomBytes(5000, 31);

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'chipedia-file-response-'));
  store = new LocalFileStore(root);
  const { key } = await store.put(bytes, { maxBytes: 10_000, contentType: 'application/pdf' });
  file = { key, contentType: 'application/pdf', filename: '数据手册.pdf', disposition: 'attachment', cacheControl: 'private, max-age=60' };
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const headersOf = (h: Record<string, string>) => ({ header: (name: string) => h[name.toLowerCase()] });
const body = async (r: Response) => new Uint8Array(await r.arrayBuffer());

describe('fileResponse', () => {
  it('200 with the bytes, a safe type, the Chinese name in filename*, nosniff, ETag = the key', async () => {
    const r = (await fileResponse(store, file, headersOf({})))!;
    expect(r.status).toBe(200);
    expect(await body(r)).toEqual(bytes);
    expect(Object.fromEntries(r.headers)).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': '5000',
      'content-disposition': `attachment; filename="download.pdf"; filename*=UTF-8''%E6%95%B0%E6%8D%AE%E6%89%8B%E5%86%8C.pdf`,
      'x-content-type-options': 'nosniff',
      etag: `"${file.key}"`,
      'cache-control': 'private, max-age=60',
      'accept-ranges': 'bytes',
    });
  });

  it('a type off the allow-list goes out as octet-stream', async () => {
    const r = (await fileResponse(store, { ...file, contentType: 'text/html', filename: 'x.html' }, headersOf({})))!;
    expect(r.headers.get('content-type')).toBe('application/octet-stream');
  });

  it('304 for a matching If-None-Match', async () => {
    const r = (await fileResponse(store, file, headersOf({ 'if-none-match': `"x", W/"${file.key}"` })))!;
    expect(r.status).toBe(304);
    expect(r.headers.get('etag')).toBe(`"${file.key}"`);
    expect(await body(r)).toEqual(new Uint8Array(0));
  });

  it('206 for one range, 416 past the end, the whole file when If-Range does not match', async () => {
    const part = (await fileResponse(store, file, headersOf({ range: 'bytes=1000-1999' })))!;
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 1000-1999/5000');
    expect(part.headers.get('content-length')).toBe('1000');
    expect(await body(part)).toEqual(bytes.slice(1000, 2000));
    const tail = (await fileResponse(store, file, headersOf({ range: 'bytes=4990-' })))!;
    expect(await body(tail)).toEqual(bytes.slice(4990));
    const past = (await fileResponse(store, file, headersOf({ range: 'bytes=5000-' })))!;
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */5000');
    const stale = (await fileResponse(store, file, headersOf({ range: 'bytes=0-9', 'if-range': '"old"' })))!;
    expect(stale.status).toBe(200);
    expect(await body(stale)).toEqual(bytes);
  });

  it('null when the store has no such file', async () => {
    expect(await fileResponse(store, { ...file, key: '0'.repeat(64) }, headersOf({}))).toBeNull();
  });
});

describe('request header parsing', () => {
  it('ranges: one a-b or a- range only', () => {
    expect(parseRange('bytes=0-99')).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=5-')).toEqual({ start: 5, end: undefined });
    for (const other of ['bytes=-5', 'bytes=0-1,5-6', 'bytes=9-1', 'items=0-1', 'bytes=a-b', undefined]) expect(parseRange(other), String(other)).toBeUndefined();
  });

  it('If-None-Match: lists, weak forms and *', () => {
    expect(etagMatches('"a", "b"', '"b"')).toBe(true);
    expect(etagMatches('W/"b"', '"b"')).toBe(true);
    expect(etagMatches('*', '"b"')).toBe(true);
    expect(etagMatches('"c"', '"b"')).toBe(false);
    expect(etagMatches(undefined, '"b"')).toBe(false);
  });
});
