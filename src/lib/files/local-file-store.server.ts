import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { assertFileKey, clampRange, fileKeyPath, safeContentType, type ByteRange, type FileBody, type FileKey, type FileStore, type PutOptions, type StoredFile } from './file-store.ts';
import { spoolToFile } from './spool.server.ts';

// Files on one node's disk: <root>/ab/cd/<sha256>, with a <sha256>.type beside it holding the
// content type. Temp files live in <root>/.tmp (same file system, so the final rename is atomic).
// Paths are built from validated keys only; no name from a request ever reaches the file system.

export class LocalFileStore implements FileStore {
  readonly kind = 'local' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: FileKey): string {
    return join(this.root, fileKeyPath(key));
  }

  async put(body: ReadableStream<Uint8Array> | Uint8Array, options: PutOptions): Promise<StoredFile> {
    const contentType = safeContentType(options.contentType);
    const spooled = await spoolToFile(body, join(this.root, '.tmp'), options.maxBytes);
    const target = this.pathOf(spooled.key);
    try {
      const existing = await this.head(spooled.key);
      if (existing) return existing; // dedupe: same bytes, same key; the first type stays
      await mkdir(dirname(target), { recursive: true });
      // The type first, then the bytes: a key that exists always has its type beside it.
      await writeAtomically(`${target}.type`, contentType, join(this.root, '.tmp'));
      // A concurrent identical put may rename first; renaming the same bytes over it is harmless.
      await rename(spooled.path, target);
      await syncDirectory(dirname(target));
      return { key: spooled.key, size: spooled.size, contentType };
    } finally {
      await unlink(spooled.path).catch(() => {});
    }
  }

  async get(key: FileKey, options: { range?: ByteRange | undefined } = {}): Promise<FileBody | null> {
    const meta = await this.head(key);
    if (!meta) return null;
    const range = options.range ? clampRange(options.range, meta.size) : undefined;
    const nodeStream = createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
    return { ...meta, stream: Readable.toWeb(nodeStream) as ReadableStream<Uint8Array>, range };
  }

  async head(key: FileKey): Promise<StoredFile | null> {
    const path = this.pathOf(key);
    try {
      const info = await stat(path);
      const type = await readFile(`${path}.type`, 'utf8').catch(() => '');
      return { key, size: info.size, contentType: safeContentType(type) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: FileKey): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async delete(key: FileKey): Promise<void> {
    const path = this.pathOf(assertFileKey(key));
    for (const p of [path, `${path}.type`]) {
      await unlink(p).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    }
  }
}

/**
 * Writes `text` to a temp file in `tmpDir` (the spool's directory, same file system), then renames
 * it over `path`. A kill between the two leaves a `.part` file there, which the spool's sweep
 * removes, never a stray file beside the keys.
 */
async function writeAtomically(path: string, text: string, tmpDir: string): Promise<void> {
  const temp = join(tmpDir, `${randomBytes(12).toString('hex')}.type.part`);
  try {
    await writeFile(temp, text, { mode: 0o640 });
    await rename(temp, path);
  } catch (error) {
    // A full disk fails the write after creating the file: leave no stray temp behind.
    await unlink(temp).catch(() => {});
    throw error;
  }
}

/** fsync the directory so the rename itself survives a power cut (best effort: not every FS allows it). */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => undefined);
  if (!handle) return;
  await handle.sync().catch(() => {});
  await handle.close();
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}
