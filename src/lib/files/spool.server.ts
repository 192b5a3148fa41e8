import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { FileTooLargeError, type FileKey } from './file-store.ts';

export type Spooled = { path: string; key: FileKey; size: number };

/** A one-chunk stream, so bytes and streams take the same path (and the same limit). */
export function toStream(body: ReadableStream<Uint8Array> | Uint8Array): ReadableStream<Uint8Array> {
  if (body instanceof ReadableStream) return body;
  return new ReadableStream({
    start(controller) {
      if (body.byteLength > 0) controller.enqueue(body);
      controller.close();
    },
  });
}

/**
 * Writes a stream to a fresh temp file in `dir`, hashing as it goes. At maxBytes + 1 the source is
 * cancelled, the temp file deleted and FileTooLargeError thrown, so an oversized upload never
 * occupies more than maxBytes on disk. The file is fsynced before it is handed back, so a rename
 * after this cannot publish a key whose bytes are still in the page cache only.
 */
export async function spoolToFile(body: ReadableStream<Uint8Array> | Uint8Array, dir: string, maxBytes: number): Promise<Spooled> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${randomBytes(12).toString('hex')}.part`);
  const handle = await open(path, 'wx', 0o640);
  const hash = createHash('sha256');
  const reader = toStream(body).getReader();
  let size = 0;
  let done = false;
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      size += chunk.value.byteLength;
      if (size > maxBytes) throw new FileTooLargeError(maxBytes);
      hash.update(chunk.value);
      await handle.write(chunk.value);
    }
    await handle.sync();
    done = true;
  } finally {
    if (!done) await reader.cancel().catch(() => {});
    await handle.close();
    if (!done) await unlink(path).catch(() => {});
  }
  return { path, key: hash.digest('hex'), size };
}
