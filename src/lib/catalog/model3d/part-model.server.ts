import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client.server.ts';
import { footprints, models3d, products } from '../../server/db/schema/index.ts';
import { AppError, Code } from '../../server/errors.ts';
import { serverMessage } from '../../server/messages/server-message.ts';
import type { Locale } from '../../i18n/i18n.ts';
import { parseFootprint } from '../../kicad/footprint.ts';
import { boundingBox, decodeMesh, encodeMesh } from '../../viewer3d/mesh-format.ts';
import { checkAlignment } from './alignment.ts';
import { boardParts } from './board-mesh.ts';
import { findStoredModel } from './find-model.server.ts';
import { modelKey } from './model-paths.ts';
import { placeParts } from './place-model.ts';

// A part's 3D preview: the library model placed as its footprint says, standing on a board made
// from the footprint's own pads. Parts share footprints (every SOIC-8 op-amp), so the composed
// mesh is cached per footprint and model; the ETag lets browsers keep it.

export interface PartModel {
  /** CPM1 bytes, gzip-compressed. */
  gzip: Buffer;
  etag: string;
}

const CACHE_ENTRIES = 256;
const CACHE_BYTES = 64 * 1024 * 1024;
const cache = new Map<string, PartModel>();
let cacheBytes = 0;

function remember(key: string, value: PartModel): void {
  cache.set(key, value);
  cacheBytes += value.gzip.length;
  while (cache.size > CACHE_ENTRIES || cacheBytes > CACHE_BYTES) {
    const oldest = cache.keys().next().value as string;
    cacheBytes -= cache.get(oldest)!.gzip.length;
    cache.delete(oldest);
  }
}

export async function partModel(db: Db, mfgMpnCode: string, locale: Locale = 'zh'): Promise<PartModel> {
  const [part] = await db
    .select({ footprintId: footprints.id, library: footprints.library, name: footprints.name, content: footprints.content, model3dPath: footprints.model3dPath })
    .from(products)
    .leftJoin(footprints, eq(footprints.id, products.footprintId))
    .where(eq(products.mfgMpnCode, mfgMpnCode))
    .limit(1);
  if (!part) throw new AppError(Code.notFound, serverMessage('catalog.noPart', locale, { code: mfgMpnCode }));
  if (!part.footprintId || !part.content) throw new AppError(Code.notFound, serverMessage('catalog.noFootprintModel', locale, { code: mfgMpnCode }));
  const row = part.model3dPath ? await findStoredModel(db, part.model3dPath, 'mesh') : null;
  if (!row) throw new AppError(Code.notFound, serverMessage('catalog.noModel3d', locale, { code: mfgMpnCode }));
  const key = `${part.footprintId}:${row.id}:${row.sha256 ?? ''}:${createHash('sha1').update(part.content).digest('base64url')}`;
  const hit = cache.get(key);
  if (hit) {
    // Refresh recency: Map keeps insertion order.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const [stored] = await db.select({ mesh: models3d.mesh }).from(models3d).where(eq(models3d.id, row.id)).limit(1);
  if (!stored?.mesh) throw new AppError(Code.notFound, serverMessage('catalog.noModel3d', locale, { code: mfgMpnCode }));
  const parsed = parseFootprint(part.content, `${part.name}.kicad_mod`);
  const fp = parsed.footprint;
  const model = decodeMesh(stored.mesh);
  const placement = fp?.models.find((m) => modelKey(m.path) === modelKey(part.model3dPath!)) ?? fp?.models[0];
  const placed = placement ? placeParts(model.parts, placement) : model.parts;
  const board = fp ? boardParts(fp, boundingBox(placed)) : [];
  const alignment = fp ? checkAlignment(fp, placed) : { verdict: 'unknown', pads: 0, met: 0 };
  const mesh = encodeMesh({
    parts: [...board, ...placed],
    meta: {
      model: row.path,
      footprint: `${part.library}:${part.name}`,
      source: row.source,
      licence: row.licence,
      alignment: alignment.verdict,
      alignmentPads: String(alignment.pads),
      alignmentMet: String(alignment.met),
    },
  });
  const value: PartModel = { gzip: gzipSync(mesh, { level: 6 }), etag: `"m3-${createHash('sha1').update(key).digest('base64url')}"` };
  remember(key, value);
  return value;
}

/** For tests: forget composed previews. */
export function clearPartModelCache(): void {
  cache.clear();
  cacheBytes = 0;
}
