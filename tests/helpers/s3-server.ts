import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';

// A real S3-compatible server on 127.0.0.1 (a free port), for the S3 file store's tests. It checks
// SigV4 signatures like S3 (a wrong secret is refused); it does not check the payload hash.

export const S3_TEST_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export async function startS3Server(bucket: string): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const directory = await mkdtemp(join(tmpdir(), 'chipedia-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
