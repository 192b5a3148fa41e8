import { createReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';
import { clampRange, FileRangeError, fileKeyPath, safeContentType, type ByteRange, type FileBody, type FileKey, type FileStore, type PutOptions, type StoredFile } from './file-store.ts';
import { spoolToFile } from './spool.server.ts';

// Files in an S3-compatible bucket, for deployments with several nodes (ADR 0008). Objects use the
// local store's layout (ab/cd/<sha256>), so `data/files` can be synced into a bucket as it is.
//
// Upload: the stream is spooled to a local temp file while it is hashed and counted (the size limit
// holds while streaming, as on disk); then a HEAD skips bytes the bucket already has, else one
// PutObject sends the file with its Content-Length and `x-amz-content-sha256` = the key, so the
// signed payload hash IS the content address and S3 refuses bytes that do not match it. No temp
// objects in the bucket, no CopyObject, no multipart bookkeeping to abort; one PUT takes up to 5 GB,
// far above any per-kind limit we set.

export type S3Settings = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** https://endpoint/bucket/key instead of https://bucket.endpoint/key (MinIO, Garage, s3rver). */
  forcePathStyle: boolean;
  /** Local directory for spooling uploads before they are sent. */
  spoolDir: string;
};

/** A bucket answer we did not expect; carries S3's error code, never the credentials. */
export class S3Error extends Error {
  readonly status: number;
  readonly s3Code: string | undefined;
  constructor(operation: string, status: number, s3Code: string | undefined) {
    super(`S3 ${operation} failed: HTTP ${status}${s3Code ? ` ${s3Code}` : ''}`);
    this.name = 'S3Error';
    this.status = status;
    this.s3Code = s3Code;
  }
}

const RETRIES = 2;

export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  private readonly client: AwsClient;
  private readonly settings: S3Settings;

  constructor(settings: S3Settings) {
    this.settings = settings;
    // Our own retry loop (send): aws4fetch's would resend a consumed upload stream.
    this.client = new AwsClient({ accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, service: 's3', region: settings.region, retries: 0 });
  }

  /** The object URL for a validated key (fileKeyPath refuses anything but 64 hex digits). */
  objectUrl(key: FileKey): string {
    const endpoint = new URL(this.settings.endpoint);
    const base = endpoint.pathname.replace(/\/+$/, '');
    const bucket = encodeURIComponent(this.settings.bucket);
    if (this.settings.forcePathStyle) return `${endpoint.origin}${base}/${bucket}/${fileKeyPath(key)}`;
    return `${endpoint.protocol}//${bucket}.${endpoint.host}${base}/${fileKeyPath(key)}`;
  }

  async put(body: ReadableStream<Uint8Array> | Uint8Array, options: PutOptions): Promise<StoredFile> {
    const contentType = safeContentType(options.contentType);
    const spooled = await spoolToFile(body, this.settings.spoolDir, options.maxBytes);
    try {
      const existing = await this.head(spooled.key);
      if (existing) return existing;
      const res = await this.send('PUT', spooled.key, () => ({
        body: Readable.toWeb(createReadStream(spooled.path)) as ReadableStream<Uint8Array>,
        headers: { 'content-length': String(spooled.size), 'content-type': contentType, 'x-amz-content-sha256': spooled.key },
      }));
      if (!res.ok) throw await s3Error('PutObject', res);
      await res.body?.cancel();
      return { key: spooled.key, size: spooled.size, contentType };
    } finally {
      await unlink(spooled.path).catch(() => {});
    }
  }

  async get(key: FileKey, options: { range?: ByteRange | undefined } = {}): Promise<FileBody | null> {
    const range = options.range;
    if (range) clampRange(range, Number.MAX_SAFE_INTEGER); // refuse a negative or inverted range before asking
    const res = await this.send('GET', key, () => (range ? { headers: { range: `bytes=${range.start}-${range.end ?? ''}` } } : {}));
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (res.status === 416) {
      await res.body?.cancel();
      throw new FileRangeError(totalOf(res.headers.get('content-range')) ?? (await this.head(key))?.size ?? 0);
    }
    if (!res.ok || !res.body) throw await s3Error('GetObject', res);
    const contentType = safeContentType(res.headers.get('content-type'));
    const length = Number(res.headers.get('content-length') ?? 0);
    if (res.status === 206) {
      const served = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.headers.get('content-range') ?? '');
      if (!served) throw new S3Error('GetObject', 206, 'BadContentRange');
      return { key, size: Number(served[3]), contentType, stream: res.body, range: { start: Number(served[1]), end: Number(served[2]) } };
    }
    // A 200 to a ranged request means the server ignored the range: the body is the whole file.
    return { key, size: length, contentType, stream: res.body, range: undefined };
  }

  async head(key: FileKey): Promise<StoredFile | null> {
    const res = await this.send('HEAD', key, () => ({}));
    if (res.status === 404) return null;
    if (!res.ok) throw await s3Error('HeadObject', res);
    return { key, size: Number(res.headers.get('content-length') ?? 0), contentType: safeContentType(res.headers.get('content-type')) };
  }

  async exists(key: FileKey): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async delete(key: FileKey): Promise<void> {
    const res = await this.send('DELETE', key, () => ({}));
    await res.body?.cancel();
    if (!res.ok && res.status !== 404) throw await s3Error('DeleteObject', res);
  }

  /** Signs and sends, retrying 5xx, 429 and network errors with a fresh body each time. */
  private async send(method: string, key: FileKey, init: () => { body?: ReadableStream<Uint8Array>; headers?: Record<string, string> }): Promise<Response> {
    const url = this.objectUrl(key);
    for (let attempt = 0; ; attempt++) {
      try {
        const request = await this.client.sign(url, { method, ...init() });
        const res = await fetch(request, { signal: AbortSignal.timeout(method === 'PUT' ? 300_000 : 30_000) });
        if ((res.status >= 500 || res.status === 429) && attempt < RETRIES) {
          await res.body?.cancel();
          await delay(100 * 2 ** attempt);
          continue;
        }
        return res;
      } catch (error) {
        if (attempt >= RETRIES) throw error;
        await delay(100 * 2 ** attempt);
      }
    }
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function totalOf(contentRange: string | null): number | undefined {
  const total = /\/(\d+)$/.exec(contentRange ?? '')?.[1];
  return total === undefined ? undefined : Number(total);
}

async function s3Error(operation: string, res: Response): Promise<S3Error> {
  const text = await res.text().catch(() => '');
  return new S3Error(operation, res.status, /<Code>([^<]{1,64})<\/Code>/.exec(text)?.[1]);
}
