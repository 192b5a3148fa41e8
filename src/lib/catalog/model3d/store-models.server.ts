import { createHash } from 'node:crypto';
import { brotliCompressSync, constants } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.server.ts';
import { models3d } from '../../server/db/schema/index.ts';
import { wrlToMesh } from '../../kicad/vrml.ts';
import { encodeMesh } from '../../viewer3d/mesh-format.ts';
import { isLibraryModelKey, modelFormat } from './model-paths.ts';

// Stores KiCad 3D library files in models3d. A VRML file is read once here: its bytes are kept
// (brotli) for downloads and its preview mesh is made now, so a detail page never parses VRML.
// STEP files are recorded with their size only.

export interface ModelFileInput {
  /** Library key, e.g. Package_SO.3dshapes/SOIC-8_3.9x4.9mm_P1.27mm.wrl */
  key: string;
  /** The file's bytes; required for VRML, ignored for STEP. */
  bytes?: Uint8Array;
  /** Size on disk when the bytes are not read (STEP). */
  byteSize?: number;
}

export interface StoreModelsResult {
  stored: number;
  meshes: number;
  /** Files kept without a preview mesh, with the parser's reason. */
  failures: { key: string; reason: string }[];
  /** Inputs refused outright (bad key, VRML without bytes). */
  rejected: { key: string; reason: string }[];
}

type Row = typeof models3d.$inferInsert;

const BATCH_BYTES = 8 * 1024 * 1024;

export async function storeModels3d(
  db: Db,
  files: Iterable<ModelFileInput> | AsyncIterable<ModelFileInput>,
  provenance: { source: string; licence: string },
  onProgress?: (stored: number) => void,
): Promise<StoreModelsResult> {
  const result: StoreModelsResult = { stored: 0, meshes: 0, failures: [], rejected: [] };
  let batch: Row[] = [];
  let batchBytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await db
      .insert(models3d)
      .values(batch)
      .onConflictDoUpdate({
        target: models3d.path,
        set: {
          format: sql`excluded.format`,
          byteSize: sql`excluded.byte_size`,
          source: sql`excluded.source`,
          licence: sql`excluded.licence`,
          content: sql`excluded.content`,
          mesh: sql`excluded.mesh`,
          meshError: sql`excluded.mesh_error`,
          sha256: sql`excluded.sha256`,
        },
      });
    result.stored += batch.length;
    onProgress?.(result.stored);
    batch = [];
    batchBytes = 0;
  };
  for await (const file of files) {
    const row = modelRow(file, provenance, result);
    if (!row) continue;
    batch.push(row);
    batchBytes += (row.content?.length ?? 0) + (row.mesh?.length ?? 0);
    if (batchBytes >= BATCH_BYTES || batch.length >= 500) await flush();
  }
  await flush();
  return result;
}

function modelRow(file: ModelFileInput, provenance: { source: string; licence: string }, result: StoreModelsResult): Row | null {
  const format = modelFormat(file.key);
  if (!format || !isLibraryModelKey(file.key)) {
    result.rejected.push({ key: file.key, reason: 'not a KiCad 3D library path (<Library>.3dshapes/<name>.wrl|step)' });
    return null;
  }
  const base = { path: file.key, format, source: provenance.source, licence: provenance.licence };
  if (format !== 'wrl') return { ...base, byteSize: file.byteSize ?? file.bytes?.length ?? 0 };
  if (!file.bytes) {
    result.rejected.push({ key: file.key, reason: 'VRML file without its bytes' });
    return null;
  }
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  // Quality 5: a tenth of the text's size at import speed; downloads are rare next to previews.
  const content = brotliCompressSync(file.bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: file.bytes.length } });
  let mesh: Uint8Array | null = null;
  let meshError: string | null = null;
  try {
    mesh = encodeMesh(wrlToMesh(new TextDecoder().decode(file.bytes)));
    result.meshes++;
  } catch (error) {
    meshError = error instanceof Error ? error.message : String(error);
    result.failures.push({ key: file.key, reason: meshError });
  }
  return { ...base, byteSize: file.bytes.length, content, mesh, meshError, sha256 };
}
