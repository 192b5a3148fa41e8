import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, stat, unlink } from 'node:fs/promises';
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
  await sweepOnce(dir);
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

const STALE_MS = 24 * 60 * 60 * 1000;
const swept = new Set<string>();

/**
 * The first spool into a directory in this process deletes temp files older than a day: what a
 * crash or a kill in the middle of an upload left behind. Younger files may be another node's or
 * process's upload in flight (a shared volume), so they stay.
 */
async function sweepOnce(dir: string, now = Date.now()): Promise<void> {
  if (swept.has(dir)) return;
  swept.add(dir);
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.endsWith('.part')) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (info && now - info.mtimeMs > STALE_MS) await unlink(path).catch(() => {});
  }
}
