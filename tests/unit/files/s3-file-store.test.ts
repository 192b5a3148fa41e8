import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Error, S3FileStore, type S3Settings } from '../../../src/lib/files/s3-file-store.server.ts';
import { S3_TEST_KEYS, startS3Server } from '../../helpers/s3-server.ts';
import { randomBytes, readAll, sha256, storeContract } from './store-contract.ts';

// The S3 store (src/lib/files/s3-file-store.server.ts) against a real S3-compatible server on
// 127.0.0.1 (@20minutes/s3rver, a devDependency), started here on a free port.

let server: Awaited<ReturnType<typeof startS3Server>>;
let settings: S3Settings;
let store: S3FileStore;
let spoolDir: string;

beforeAll(async () => {
  server = await startS3Server('chipedia-files');
  spoolDir = await mkdtemp(join(tmpdir(), 'chipedia-s3-spool-'));
  settings = {
    endpoint: server.endpoint,
    bucket: 'chipedia-files',
    region: 'us-east-1',
    ...S3_TEST_KEYS,
    forcePathStyle: true,
    spoolDir,
  };
  store = new S3FileStore(settings);
});
afterAll(async () => {
  await server?.close();
  await rm(spoolDir, { recursive: true, force: true });
});

describe('S3FileStore', () => {
  storeContract('s3', () => store);

  it('signs its requests: a wrong secret is refused with the S3 error code, and nothing is stored', async () => {
    const wrong = new S3FileStore({ ...settings, secretAccessKey: 'not-the-secret' });
    const bytes = randomBytes(2000, 21);
    const error = await wrong.put(bytes, { maxBytes: 10_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3Error);
    expect(error).toMatchObject({ status: 403 });
    expect(await store.exists(sha256(bytes))).toBe(false);
  });

  it('objects sit under the same ab/cd/<sha256> layout as on disk, path-style or virtual-host', async () => {
    const bytes = randomBytes(3000, 22);
    const { key } = await store.put(bytes, { maxBytes: 10_000, contentType: 'image/webp' });
    const url = `${server.endpoint}/chipedia-files/${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`;
    expect(store.objectUrl(key)).toBe(url);
    const virtualHost = new S3FileStore({ ...settings, endpoint: 'https://s3.example.com', forcePathStyle: false });
    expect(virtualHost.objectUrl(key)).toBe(`https://chipedia-files.s3.example.com/${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`);
    expect(await readAll((await store.get(key))!.stream)).toEqual(bytes);
  });
});
