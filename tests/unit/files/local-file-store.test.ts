import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStore } from '../../../src/lib/files/local-file-store.server.ts';
import { endless, randomBytes, sha256, storeContract } from './store-contract.ts';

// The local-disk store (src/lib/files/local-file-store.server.ts) in a temp directory.

let root: string;
let store: LocalFileStore;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'chipedia-files-'));
  store = new LocalFileStore(root);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Every file under root, relative, sorted. */
async function tree(): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(root.length + 1))
    .sort();
}

describe('LocalFileStore', () => {
  storeContract('local', () => store);

  it('lays files out as ab/cd/<sha256> with the type beside them, and leaves no temp file behind', async () => {
    const bytes = randomBytes(5000, 11);
    const key = sha256(bytes);
    await Promise.all([store.put(bytes, { maxBytes: 5000, contentType: 'image/png' }), store.put(bytes, { maxBytes: 5000, contentType: 'image/png' })]);
    const files = await tree();
    expect(files).toContain(`${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`);
    expect(files).toContain(`${key.slice(0, 2)}/${key.slice(2, 4)}/${key}.type`);
    expect(files.filter((f) => f.startsWith('.tmp/'))).toEqual([]);
  });

  it('an upload over the limit leaves nothing on disk, not even its temp file', async () => {
    const before = await tree();
    const { stream } = endless();
    await expect(store.put(stream, { maxBytes: 200_000 })).rejects.toThrow('larger than 200000 bytes');
    expect(await tree()).toEqual(before);
  });
});

describe('LocalFileStore temp files', () => {
  it('the first put in a process deletes temp files a crash left over a day ago, and keeps younger ones', async () => {
    const { mkdir, utimes, writeFile, readdir: list } = await import('node:fs/promises');
    const fresh = await mkdtemp(join(tmpdir(), 'chipedia-files-sweep-'));
    try {
      await mkdir(join(fresh, '.tmp'));
      await writeFile(join(fresh, '.tmp', 'old.part'), 'x');
      await writeFile(join(fresh, '.tmp', 'young.part'), 'y');
      const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
      await utimes(join(fresh, '.tmp', 'old.part'), twoDaysAgo, twoDaysAgo);
      await new LocalFileStore(fresh).put(randomBytes(10, 41), { maxBytes: 10 });
      expect(await list(join(fresh, '.tmp'))).toEqual(['young.part']);
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  });
});
