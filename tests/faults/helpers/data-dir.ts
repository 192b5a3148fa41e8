import { mkdirSync, mkdtempSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** A fresh DATA_DIR for one server under ./data (git-ignored): data/faults-<name>-XXXXXX. */
export function freshDataDirIn(name: string): string {
  mkdirSync(resolve('data'), { recursive: true });
  return mkdtempSync(join(resolve('data'), `faults-${name}-`));
}
