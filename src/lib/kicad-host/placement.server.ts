import { eq } from 'drizzle-orm';
import { ByteLruCache } from '../catalog/download-cache.server.ts';
import { notFoundPart } from '../catalog/detail.server.ts';
import { partZip } from '../catalog/product-files.server.ts';
import type { FileStore } from '../files/file-store.ts';
import { readZip, type ZipChunks } from '../files/zip.ts';
import type { Locale } from '../i18n/i18n.ts';
import { componentAssets, componentZip } from '../library/components.server.ts';
import { partCheck } from '../library/product-checks.server.ts';
import type { Db } from '../server/db/client.server.ts';
import { products } from '../server/db/schema/index.ts';
import { AppError, Code } from '../server/errors.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import { buildPlacementPayload, MissingAssetError, type PlaceCommand, type PlacementPayload, type ZipFile } from './placement.ts';

// POST /api/chiplet/kicad/placement (ADR 0015 §2): the part's zip files (catalogue: partZip, its
// own cache; own components: componentZip, owner only), the check's verdict and the provenance,
// made into the payload KiCad places. Catalogue payloads are kept per zip version, verdict and
// origin, so a repeated placement costs a lookup.

export type PlacementTarget = { mfgMpnCode: string } | { userCompId: number };

const MB = 1024 * 1024;
const sizeOf = (p: PlacementPayload) => p.data.length + p.assets.reduce((n, a) => n + a.data.length, 0);
export const placementCache = new ByteLruCache<PlacementPayload>({ maxBytes: 32 * MB, sizeOf });

function zipFiles(zip: ZipChunks): ZipFile[] {
  return readZip(Buffer.concat(zip.chunks.map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength))), { maxEntries: 50, maxTotalBytes: 64 * MB });
}

const day = (d: Date) => d.toISOString().slice(0, 10);

function build(command: PlaceCommand, name: string, input: Omit<Parameters<typeof buildPlacementPayload>[0], 'command' | 'name'>, locale: Locale): PlacementPayload {
  try {
    return buildPlacementPayload({ command, name, ...input });
  } catch (error) {
    if (error instanceof MissingAssetError) throw new AppError(Code.notFound, serverMessage(`placement.noAsset.${command}`, locale, { name }));
    throw error;
  }
}

export async function catalogPlacement(db: Db, mfgMpnCode: string, command: PlaceCommand, origin: string, locale: Locale): Promise<PlacementPayload> {
  const [part] = await db
    .select({ id: products.id, mpn: products.mpn, source: products.source, licence: products.licence, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.mfgMpnCode, mfgMpnCode))
    .limit(1);
  if (!part) throw notFoundPart(mfgMpnCode, locale);
  let zip;
  try {
    zip = await partZip(db, mfgMpnCode, locale);
  } catch (error) {
    if (error instanceof AppError && error.code === Code.notFound) throw new AppError(Code.notFound, serverMessage(`placement.noAsset.${command}`, locale, { name: part.mpn }));
    throw error;
  }
  const check = await partCheck(db, part.id, locale);
  const date = day(part.updatedAt);
  const key = [zip.etag, command, check.quality, check.checkedAt ?? '', date, origin].join('|');
  return placementCache.get(key, async () => {
    const files = zipFiles(await zip.load());
    const code = encodeURIComponent(mfgMpnCode);
    const value = build(
      command,
      part.mpn,
      {
        image: `${origin}/api/chiplet/products/symbol.svg?mfgMpnCode=${code}`,
        files,
        check: { quality: check.quality, checkedAt: check.checkedAt },
        provenance: { source: `Chipedia (芯百科) catalogue: ${part.source} (${part.licence})`, date, check: check.quality, url: `${origin}/productDetail/${code}` },
      },
      locale,
    );
    return { value };
  });
}

export async function ownPlacement(db: Db, store: FileStore, ownerId: number, id: number, command: PlaceCommand, origin: string, locale: Locale): Promise<PlacementPayload> {
  // Someone else's component is 40400, like a missing one (components.server.ts).
  const { row } = await componentAssets(db, ownerId, id, locale);
  let zip;
  try {
    zip = await componentZip(db, store, ownerId, id, locale);
  } catch (error) {
    if (error instanceof AppError && error.code === Code.notFound) throw new AppError(Code.notFound, serverMessage(`placement.noAsset.${command}`, locale, { name: row.mpn }));
    throw error;
  }
  return build(
    command,
    row.mpn,
    {
      image: `${origin}/api/chiplet/u/comp/symbolSvg?userCompId=${id}`,
      files: zipFiles(zip.zip),
      check: { quality: row.quality, checkedAt: row.updatedAt.toISOString() },
      provenance: { source: 'Chipedia (芯百科) own component, uploaded by its owner', date: day(row.updatedAt), check: row.quality, url: `${origin}/singleInfo` },
    },
    locale,
  );
}
