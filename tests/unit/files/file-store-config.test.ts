import { describe, expect, it } from 'vitest';
import { ConfigError, fileStoreConfig, parseConfig } from '../../../src/lib/server/config.server.ts';

// FILE_STORE and S3_* (src/lib/server/config.server.ts → fileStoreConfig).

const s3 = { FILE_STORE: 's3', S3_ENDPOINT: 'https://s3.example.com', S3_BUCKET: 'chipedia-files', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };

describe('file store configuration', () => {
  it('defaults to the local store under DATA_DIR/files', () => {
    expect(fileStoreConfig(parseConfig({}))).toEqual({ kind: 'local', root: './data/files' });
    expect(fileStoreConfig(parseConfig({ DATA_DIR: '/srv/chipedia/' }))).toEqual({ kind: 'local', root: '/srv/chipedia/files' });
  });

  it('s3: endpoint, bucket, region, keys and path style', () => {
    expect(fileStoreConfig(parseConfig({ ...s3, S3_FORCE_PATH_STYLE: 'true', S3_REGION: 'cn-east-1' }))).toEqual({
      kind: 's3',
      endpoint: 'https://s3.example.com',
      bucket: 'chipedia-files',
      region: 'cn-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      spoolDir: './data/files/.spool',
    });
    expect(fileStoreConfig(parseConfig(s3))).toMatchObject({ region: 'us-east-1', forcePathStyle: false });
  });

  it('s3 without a bucket or a key names the missing variable', () => {
    for (const variable of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      const config = parseConfig({ ...s3, [variable]: '' });
      expect(() => fileStoreConfig(config)).toThrow(ConfigError);
      expect(() => fileStoreConfig(config)).toThrow(variable);
    }
  });

  it('refuses a bad store kind, bucket name, endpoint or path-style flag', () => {
    expect(() => parseConfig({ FILE_STORE: 'ftp' })).toThrow('FILE_STORE');
    expect(() => parseConfig({ S3_BUCKET: 'Bad_Bucket' })).toThrow('S3_BUCKET');
    expect(() => parseConfig({ S3_ENDPOINT: 'ftp://x' })).toThrow('S3_ENDPOINT');
    expect(() => parseConfig({ S3_FORCE_PATH_STYLE: 'yes' })).toThrow('S3_FORCE_PATH_STYLE');
  });
});
