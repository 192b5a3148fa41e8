import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { FileKeyError, FileRangeError, FileTooLargeError, type FileStore } from '../../../src/lib/files/file-store.ts';

// What every FileStore must do, run against the local store and the S3 store.

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export function randomBytes(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

/** An endless source that counts what was pulled and whether it was cancelled. */
export function endless(chunk = 64 * 1024) {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled += chunk;
      controller.enqueue(new Uint8Array(chunk).fill(7));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

export function chunked(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
}

export function storeContract(name: string, store: () => FileStore) {
  it(`${name}: put bytes → the SHA-256 key; get, head and exists give them back`, async () => {
    const bytes = randomBytes(100_000, 1);
    const stored = await store().put(bytes, { maxBytes: 1_000_000, contentType: 'application/pdf', filename: '数据手册.pdf' });
    expect(stored).toEqual({ key: sha256(bytes), size: bytes.length, contentType: 'application/pdf' });
    expect(await store().exists(stored.key)).toBe(true);
    expect(await store().head(stored.key)).toEqual(stored);
    const got = await store().get(stored.key);
    expect(got).toMatchObject({ key: stored.key, size: bytes.length, contentType: 'application/pdf' });
    expect(await readAll(got!.stream)).toEqual(bytes);
  });

  it(`${name}: a stream in many chunks is hashed and stored whole; a type off the allow-list is stored as octet-stream`, async () => {
    const bytes = randomBytes(300_001, 2);
    const stored = await store().put(chunked(bytes, 16_384), { maxBytes: bytes.length, contentType: 'text/html' });
    expect(stored).toEqual({ key: sha256(bytes), size: bytes.length, contentType: 'application/octet-stream' });
    expect(await readAll((await store().get(stored.key))!.stream)).toEqual(bytes);
  });

  it(`${name}: a stream over the limit is cut off at maxBytes + 1 and nothing is stored`, async () => {
    const { stream, state } = endless();
    await expect(store().put(stream, { maxBytes: 1_000_000 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(1_000_000 + 4 * 64 * 1024);
    const exact = randomBytes(1000, 3);
    await expect(store().put(exact, { maxBytes: 999 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await store().exists(sha256(exact))).toBe(false);
    expect((await store().put(exact, { maxBytes: 1000 })).key).toBe(sha256(exact));
  });

  it(`${name}: identical bytes land once; concurrent identical puts agree and leave the file whole`, async () => {
    const bytes = randomBytes(50_000, 4);
    const first = await store().put(bytes, { maxBytes: 100_000, contentType: 'image/png' });
    const again = await store().put(bytes, { maxBytes: 100_000, contentType: 'text/plain' });
    expect(again).toEqual(first); // the first type stays with the bytes
    const other = randomBytes(70_000, 5);
    const results = await Promise.all(Array.from({ length: 8 }, () => store().put(chunked(other, 4096), { maxBytes: 100_000, contentType: 'image/webp' })));
    expect(new Set(results.map((r) => r.key))).toEqual(new Set([sha256(other)]));
    expect(await readAll((await store().get(sha256(other)))!.stream)).toEqual(other);
  });

  it(`${name}: byte ranges`, async () => {
    const bytes = randomBytes(10_000, 6);
    const { key } = await store().put(bytes, { maxBytes: 10_000 });
    const part = await store().get(key, { range: { start: 100, end: 199 } });
    expect(part!.range).toEqual({ start: 100, end: 199 });
    expect(part!.size).toBe(10_000);
    expect(await readAll(part!.stream)).toEqual(bytes.slice(100, 200));
    const tail = await store().get(key, { range: { start: 9_990 } });
    expect(await readAll(tail!.stream)).toEqual(bytes.slice(9_990));
    await expect(store().get(key, { range: { start: 10_000 } })).rejects.toBeInstanceOf(FileRangeError);
  });

  it(`${name}: delete is idempotent; a missing key is null`, async () => {
    const bytes = randomBytes(1234, 7);
    const { key } = await store().put(bytes, { maxBytes: 10_000 });
    await store().delete(key);
    await store().delete(key);
    expect(await store().exists(key)).toBe(false);
    expect(await store().get(key)).toBeNull();
    expect(await store().head(key)).toBeNull();
  });

  it(`${name}: keys like ../x are refused before they reach a path or URL`, async () => {
    for (const bad of ['../x', `../${'a'.repeat(61)}`, `${'A'.repeat(64)}`, `${'a'.repeat(63)}/`, '']) {
      await expect(store().get(bad)).rejects.toBeInstanceOf(FileKeyError);
      await expect(store().head(bad)).rejects.toBeInstanceOf(FileKeyError);
      await expect(store().exists(bad)).rejects.toBeInstanceOf(FileKeyError);
      await expect(store().delete(bad)).rejects.toBeInstanceOf(FileKeyError);
    }
  });

  it(`${name}: an empty file is a file`, async () => {
    const stored = await store().put(new Uint8Array(0), { maxBytes: 10 });
    expect(stored.size).toBe(0);
    expect(stored.key).toBe(sha256(new Uint8Array(0)));
    expect(await readAll((await store().get(stored.key))!.stream)).toEqual(new Uint8Array(0));
  });
}
