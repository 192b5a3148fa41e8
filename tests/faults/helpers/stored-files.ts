import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// The local file store on disk (DATA_DIR/files/ab/cd/<sha256>, src/lib/files/local-file-store.server.ts),
// read directly: the fault tests check what a kill or a full disk left there.

export function storedPath(dataDir: string, key: string): string {
  return join(dataDir, 'files', key.slice(0, 2), key.slice(2, 4), key);
}

/** Whether the key's file is there, with its type beside it, and its bytes hash to the key. */
export function storedIntact(dataDir: string, key: string): boolean {
  const path = storedPath(dataDir, key);
  if (!existsSync(path) || !existsSync(`${path}.type`)) return false;
  return createHash('sha256').update(readFileSync(path)).digest('hex') === key;
}

/** Files outside the store's temp directory that are not a key, a key's type, or a directory. */
export function strayFiles(dataDir: string): string[] {
  const root = join(dataDir, 'files');
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (path === join(root, '.tmp')) continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (!/^[0-9a-f]{64}(\.type)?$/.test(name)) out.push(path);
    }
  };
  if (existsSync(root)) walk(root);
  return out;
}

export const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
