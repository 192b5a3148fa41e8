import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../server/db/client.server.ts';
import { models3d } from '../../server/db/schema/index.ts';
import { previewCandidates } from './model-paths.ts';

// The stored library model behind a footprint's model path: the file itself, else its VRML twin
// (model-paths.ts). The detail query picks the same row in SQL for the page's preview3d field.

export interface StoredModelRef {
  id: number;
  path: string;
  sha256: string | null;
  source: string;
  licence: string;
}

/** `needs`: the preview mesh (3D preview) or the file's bytes (downloads). Blobs are not read here. */
export async function findStoredModel(db: Db, model3dPath: string, needs: 'mesh' | 'content'): Promise<StoredModelRef | null> {
  const candidates = previewCandidates(model3dPath);
  if (candidates.length === 0) return null;
  const rows = await db
    .select({ id: models3d.id, path: models3d.path, sha256: models3d.sha256, source: models3d.source, licence: models3d.licence })
    .from(models3d)
    .where(and(inArray(models3d.path, candidates), isNotNull(needs === 'mesh' ? models3d.mesh : models3d.content)));
  return candidates.map((c) => rows.find((r) => r.path === c)).find((r) => r !== undefined) ?? null;
}
