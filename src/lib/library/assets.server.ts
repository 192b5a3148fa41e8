import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { and, count, eq, inArray } from 'drizzle-orm';
import { svgCache } from '../catalog/download-cache.server.ts';
import { checkAlignment } from '../catalog/model3d/alignment.ts';
import { boardParts } from '../catalog/model3d/board-mesh.ts';
import { placeParts } from '../catalog/model3d/place-model.ts';
import { fileKeyReferences } from '../files/file-references.server.ts';
import { linkFile, releaseFile } from '../files/file-refs.server.ts';
import type { FileStore } from '../files/file-store.ts';
import type { Locale } from '../i18n/i18n.ts';
import { renderFootprintSvg } from '../kicad/footprint-svg.ts';
import { parseFootprint } from '../kicad/footprint.ts';
import { renderSymbolSvg } from '../kicad/symbol-svg.ts';
import { parseSymbolLibrary } from '../kicad/symbol-lib.ts';
import { wrlToMesh } from '../kicad/vrml.ts';
import type { Db } from '../server/db/client.server.ts';
import { userAssets } from '../server/db/schema/index.ts';
import { AppError, Code } from '../server/errors.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import { boundingBox, encodeMesh } from '../viewer3d/mesh-format.ts';
import { foundKeyOf, inspectAsset, type AssetFormat, type AssetInfo } from './assets.ts';
import { LIBRARY_LIMITS, type AssetKind } from './library.ts';

// Own components' uploaded files (issue #16 item 3): recognised (assets.ts), kept in the file
// store by content key with a user_assets row each, read back for the check, the previews and the
// zip, and released (the bytes go when no row of any domain holds the key any more).

export type AssetRow = typeof userAssets.$inferSelect;
export type UploadedAsset = { name: string; ok: true; id: number; kind: AssetKind; format: AssetFormat; fileName: string; size: number; info: AssetInfo };
export type RefusedAsset = { name: string; ok: false; msg: string };
export type UploadAnswer = UploadedAsset | RefusedAsset;

/** Files a user may keep (attached or not): components × 5 slots, generous for replaced uploads. */
export const ASSETS_PER_USER = LIBRARY_LIMITS.componentsPerUser * 5;

const CONTENT_TYPE: Record<AssetFormat, string> = { kicad_sym: 'text/plain', kicad_mod: 'text/plain', wrl: 'text/plain', step: 'model/step', pdf: 'application/pdf' };
const MB = 1024 * 1024;

export const assetNotFound = (id: number, locale: Locale) => new AppError(Code.notFound, serverMessage('components.assetNotFound', locale, { id }));

/**
 * Reads, recognises and stores each upload; a file that is refused is answered with its reason
 * and stores nothing. Every stored file gets a user_assets row (attached to `componentId` when
 * given; the caller has checked that it is the user's).
 */
export async function uploadAssets(
  db: Db,
  store: FileStore,
  input: { ownerId: number; files: { blob: Blob; name: string }[]; componentId: number | null; locale: Locale },
): Promise<UploadAnswer[]> {
  const { ownerId, locale } = input;
  const [held] = await db.select({ n: count() }).from(userAssets).where(eq(userAssets.ownerId, ownerId));
  if (Number(held?.n ?? 0) + input.files.length > ASSETS_PER_USER) throw new AppError(Code.badInput, serverMessage('components.tooManyAssets', locale, { max: ASSETS_PER_USER }));
  const out: UploadAnswer[] = [];
  for (const { blob, name: rawName } of input.files) {
    const name = safeAssetName(rawName);
    if (blob.size > LIBRARY_LIMITS.assetMaxBytes) {
      out.push({ name, ok: false, msg: serverMessage('components.upload.fileTooLarge', locale, { name, megabytes: LIBRARY_LIMITS.assetMaxBytes / MB }) });
      continue;
    }
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const seen = inspectAsset(name, bytes);
    if (!seen.ok) {
      const foundKey = foundKeyOf(seen.found);
      const found = foundKey ? serverMessage(foundKey, locale) : '';
      const vars = { ...seen.vars, found: seen.key === 'components.upload.wrongModel' ? serverMessage(seen.found === 'step' ? 'components.found.step' : 'components.found.vrml', locale) : found };
      out.push({ name, ok: false, msg: serverMessage(seen.key, locale, vars) });
      continue;
    }
    const put = () => store.put(bytes, { maxBytes: LIBRARY_LIMITS.assetMaxBytes, contentType: CONTENT_TYPE[seen.format], filename: name });
    const { key } = await put();
    const row = await linkFile(db, store, key, put, async (tx) => {
      const [r] = await tx
        .insert(userAssets)
        .values({ ownerId, componentId: input.componentId, kind: seen.kind, format: seen.format, fileName: name, fileKey: key, size: bytes.length, info: seen.info })
        .returning();
      return r!;
    });
    out.push({ name, ok: true, id: row.id, kind: seen.kind, format: seen.format, fileName: name, size: bytes.length, info: seen.info });
  }
  return out;
}

/** The last path segment, without control characters, at most 200 characters. */
export function safeAssetName(name: string): string {
  const base = (name.split(/[/\\]/).pop() ?? '').replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  return [...base].slice(-200).join('') || 'file';
}

/** The user's assets among `ids` (others' and missing ones are simply absent). */
export async function ownedAssets(db: Db, ownerId: number, ids: readonly number[]): Promise<AssetRow[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  return db
    .select()
    .from(userAssets)
    .where(and(eq(userAssets.ownerId, ownerId), inArray(userAssets.id, wanted)));
}

export async function assetsOfComponent(db: Db, componentId: number): Promise<AssetRow[]> {
  return db.select().from(userAssets).where(eq(userAssets.componentId, componentId));
}

/** The stored bytes of an asset (at most assetMaxBytes). */
export async function assetBytes(store: FileStore, asset: Pick<AssetRow, 'fileKey' | 'id'>, locale: Locale): Promise<Uint8Array> {
  const body = await store.get(asset.fileKey);
  if (!body) throw assetNotFound(asset.id, locale);
  return new Uint8Array(await new Response(body.stream).arrayBuffer());
}

export async function assetText(store: FileStore, asset: Pick<AssetRow, 'fileKey' | 'id'>, locale: Locale): Promise<string> {
  return new TextDecoder('utf-8').decode(await assetBytes(store, asset, locale));
}

/** Deletes the rows, then each file no row of any domain still holds. */
export async function releaseAssets(db: Db, store: FileStore, rows: readonly Pick<AssetRow, 'id' | 'fileKey'>[]): Promise<void> {
  if (rows.length === 0) return;
  await db.delete(userAssets).where(
    inArray(
      userAssets.id,
      rows.map((r) => r.id),
    ),
  );
  for (const key of new Set(rows.map((r) => r.fileKey))) await releaseFile(db, store, key, fileKeyReferences(key));
}

// ── Previews ────────────────────────────────────────────────────────────────
// Content-addressed inputs make the cache keys: the same file renders once whoever uploaded it.

export type Preview = { etag: string; load(): Promise<Buffer> };

export function symbolPreview(store: FileStore, asset: AssetRow, symbolName: string | null, locale: Locale): Preview {
  const etag = `"usym-${createHash('sha1').update(`${asset.fileKey}\0${symbolName ?? ''}`).digest('base64url')}"`;
  return {
    etag,
    load: () =>
      svgCache.get(etag, async () => {
        const lib = parseSymbolLibrary(await assetBytes(store, asset, locale), asset.fileName);
        const sym = (symbolName ? lib.symbols.find((s) => s.name === symbolName) : null) ?? lib.symbols[0];
        if (!sym) throw new AppError(Code.notFound, serverMessage('components.preview.noSymbol', locale));
        return { value: Buffer.from(renderSymbolSvg(sym), 'utf8') };
      }),
  };
}

export function footprintPreview(store: FileStore, asset: AssetRow, locale: Locale): Preview {
  const etag = `"ufp-${asset.fileKey.slice(0, 40)}"`;
  return {
    etag,
    load: () =>
      svgCache.get(etag, async () => {
        const parsed = parseFootprint(await assetBytes(store, asset, locale), asset.fileName);
        if (!parsed.footprint) throw new AppError(Code.notFound, serverMessage('components.preview.noFootprint', locale));
        return { value: Buffer.from(renderFootprintSvg(parsed.footprint), 'utf8') };
      }),
  };
}

const meshCache = new Map<string, Buffer>();
const MESH_CACHE_ENTRIES = 64;

/**
 * The 3D preview as the product page has it (part-model.server.ts): the VRML model placed as the
 * footprint says (its first model entry's offset, rotation and scale), standing on a board made
 * from the footprint's pads, with the alignment verdict in the mesh's meta. CPM1, gzip-compressed.
 */
export async function modelPreview(store: FileStore, model: AssetRow, footprint: AssetRow | null, locale: Locale): Promise<{ etag: string; gzip: Buffer }> {
  if (model.format !== 'wrl') throw new AppError(Code.notFound, serverMessage('components.preview.step', locale));
  const key = `${model.fileKey}:${footprint?.fileKey ?? ''}`;
  const etag = `"um3-${createHash('sha1').update(key).digest('base64url')}"`;
  const hit = meshCache.get(key);
  if (hit) return { etag, gzip: hit };
  const mesh = wrlToMesh(await assetText(store, model, locale));
  const fp = footprint ? parseFootprint(await assetBytes(store, footprint, locale), footprint.fileName).footprint : null;
  const placement = fp?.models[0];
  const placed = placement ? placeParts(mesh.parts, placement) : mesh.parts;
  const board = fp ? boardParts(fp, boundingBox(placed)) : [];
  const alignment = fp ? checkAlignment(fp, placed) : { verdict: 'unknown', pads: 0, met: 0 };
  const bytes = encodeMesh({
    parts: [...board, ...placed],
    meta: { model: model.fileName, footprint: footprint?.fileName ?? '', alignment: alignment.verdict, alignmentPads: String(alignment.pads), alignmentMet: String(alignment.met) },
  });
  const gzip = gzipSync(bytes, { level: 6 });
  meshCache.set(key, gzip);
  if (meshCache.size > MESH_CACHE_ENTRIES) meshCache.delete(meshCache.keys().next().value as string);
  return { etag, gzip };
}
