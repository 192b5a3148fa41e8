import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../server/db/client.server.ts';
import { modelFormat } from './model-paths.ts';
import { storeModels3d, type ModelFileInput, type StoreModelsResult } from './store-models.server.ts';

// Reads a KiCad 3D library directory (the packages3D layout: <Library>.3dshapes/<model>.wrl|step,
// e.g. Debian's /usr/share/kicad/3dmodels) into models3d, one file in memory at a time.

export const MAX_MODEL_FILE_BYTES = 64 * 1024 * 1024;

export async function importModels3dDir(
  db: Db,
  dir: string,
  provenance: { source: string; licence: string },
  onProgress?: (message: string) => void,
  /** Stops between files (the models stored so far stay; re-running updates them). */
  signal?: AbortSignal,
): Promise<StoreModelsResult & { tooLarge: string[] }> {
  const libraries = readdirSync(dir)
    .filter((d) => d.endsWith('.3dshapes'))
    .sort();
  const tooLarge: string[] = [];
  let total = 0;
  const files = function* (): Generator<ModelFileInput> {
    for (const library of libraries) {
      for (const name of readdirSync(join(dir, library)).sort()) {
        signal?.throwIfAborted();
        const format = modelFormat(name);
        if (!format) continue;
        const file = join(dir, library, name);
        const size = statSync(file).size;
        const key = `${library}/${name}`;
        total++;
        if (format !== 'wrl') yield { key, byteSize: size };
        else if (size > MAX_MODEL_FILE_BYTES) tooLarge.push(key);
        else yield { key, bytes: readFileSync(file) };
      }
    }
  };
  const result = await storeModels3d(db, files(), provenance, (n) => onProgress?.(`3D models: ${n} stored (${total} seen)`));
  return { ...result, tooLarge };
}
