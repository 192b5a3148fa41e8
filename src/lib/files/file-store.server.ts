import { fileStoreConfig } from '../server/config.server.ts';
import type { FileStore } from './file-store.ts';
import { LocalFileStore } from './local-file-store.server.ts';
import { S3FileStore } from './s3-file-store.server.ts';

// One file store per process, built from the configuration (FILE_STORE=local|s3). Shared through
// globalThis because `npm start` and the built server bundle each hold a copy of this module.
const key = Symbol.for('chipedia.fileStore');
type Holder = { [key]?: FileStore };
const holder = globalThis as Holder;

export function getFileStore(): FileStore {
  holder[key] ??= createFileStore();
  return holder[key];
}

/** Lets tests and scripts install their own store as the process-wide one. */
export function setFileStore(store: FileStore): void {
  holder[key] = store;
}

function createFileStore(): FileStore {
  const config = fileStoreConfig();
  return config.kind === 'local' ? new LocalFileStore(config.root) : new S3FileStore(config);
}
