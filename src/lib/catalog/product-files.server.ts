import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import { and, eq, isNull } from 'drizzle-orm';
import { renderFootprintSvg } from '../kicad/footprint-svg.ts';
import { parseFootprint } from '../kicad/footprint.ts';
import { renderSymbolSvg } from '../kicad/symbol-svg.ts';
import { parseSymbolLibrary, type KicadSymbol } from '../kicad/symbol-lib.ts';
import { writeSymbolLibrary } from '../kicad/symbol-write.ts';
import type { Db } from '../server/db/client.server.ts';
import { footprints, models3d, products, symbols } from '../server/db/schema/index.ts';
import { AppError, Code } from '../server/errors.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import type { Locale } from '../i18n/i18n.ts';
import { modelDataCache, svgCache, zipCache, type Built } from './download-cache.server.ts';
import { findStoredModel, type StoredModelRef } from './model3d/find-model.server.ts';
import { assembleZip, compressData, compressDataAsync, type CompressedData, type ZipChunks } from '../files/zip.ts';

// Symbol and footprint previews and the KiCad download of one part, each built once per content
// version and kept in download-cache.server.ts.

export const KICAD_LICENCE_NOTE = `KiCad library data: Creative Commons CC-BY-SA 4.0 with the following exception:
"To the extent that the creation of electronic designs that use 'Licensed Material' can be
considered to be 'Adapted Material', then the copyright holder waives article 3 of the license
with respect to these designs and any generated files which use data provided as part of the
'Licensed Material'." Source: the KiCad libraries (https://gitlab.com/kicad/libraries).
`;

type PartFiles = {
  mpn: string;
  mfgMpnCode: string;
  source: string;
  licence: string;
  symbol: { library: string; name: string; content: string; licence: string } | null;
  footprint: { library: string; name: string; content: string; model3dPath: string | null; licence: string } | null;
};

async function partFiles(db: Db, mfgMpnCode: string, locale: Locale): Promise<PartFiles> {
  const rows = await db
    .select({
      mpn: products.mpn,
      mfgMpnCode: products.mfgMpnCode,
      source: products.source,
      licence: products.licence,
      symLibrary: symbols.library,
      symName: symbols.name,
      symContent: symbols.content,
      symLicence: symbols.licence,
      fpLibrary: footprints.library,
      fpName: footprints.name,
      fpContent: footprints.content,
      fpModel: footprints.model3dPath,
      fpLicence: footprints.licence,
    })
    .from(products)
    .leftJoin(symbols, eq(symbols.id, products.symbolId))
    .leftJoin(footprints, eq(footprints.id, products.footprintId))
    .where(eq(products.mfgMpnCode, mfgMpnCode))
    .limit(1);
  const r = rows[0];
  if (!r) throw new AppError(Code.notFound, serverMessage('catalog.noPart', locale, { code: mfgMpnCode }));
  return {
    mpn: r.mpn,
    mfgMpnCode: r.mfgMpnCode,
    source: r.source,
    licence: r.licence,
    symbol: r.symContent ? { library: r.symLibrary!, name: r.symName!, content: r.symContent, licence: r.symLicence! } : null,
    footprint: r.fpContent ? { library: r.fpLibrary!, name: r.fpName!, content: r.fpContent, model3dPath: r.fpModel, licence: r.fpLicence! } : null,
  };
}

/** Parses a stored, self-contained symbol S-expression. */
export function parseStoredSymbol(content: string, name: string): KicadSymbol {
  const lib = parseSymbolLibrary(`(kicad_symbol_lib (version 20211014) (generator chipedia)\n${content}\n)`, `${name}.kicad_sym`);
  const sym = lib.symbols[0];
  if (!sym) throw new AppError(Code.internal, `Stored symbol ${name} cannot be read: ${lib.errors[0]?.reason ?? 'empty'}`);
  return sym;
}

/** An answer known by its version before it is built: a matching If-None-Match needs no `load()`. */
export type Versioned<T> = { etag: string; load(): Promise<T> };
export type Svg = Versioned<Buffer>;
export type PartZip = Versioned<ZipChunks> & { fileName: string };

const etagOf = (parts: readonly (string | null | undefined)[]) =>
  `"${createHash('sha1').update(parts.map((p) => p ?? '\u0001').join('\0')).digest('base64url')}"`;

/** The symbol as SVG, rendered once per symbol content and unit (download-cache.server.ts). */
export async function symbolSvg(db: Db, mfgMpnCode: string, unit?: number, locale: Locale = 'zh'): Promise<Svg> {
  const part = await partFiles(db, mfgMpnCode, locale);
  if (!part.symbol) throw new AppError(Code.notFound, serverMessage('catalog.noSymbol', locale, { code: mfgMpnCode }));
  const { content, name } = part.symbol;
  const etag = etagOf(['sym', content, String(unit ?? '')]);
  return {
    etag,
    load: () => svgCache.get(etag, async () => ({ value: Buffer.from(renderSymbolSvg(parseStoredSymbol(content, name), unit ? { unit } : {}), 'utf8') })),
  };
}

/** The footprint as SVG, rendered once per footprint content. */
export async function footprintSvg(db: Db, mfgMpnCode: string, locale: Locale = 'zh'): Promise<Svg> {
  const part = await partFiles(db, mfgMpnCode, locale);
  if (!part.footprint) throw new AppError(Code.notFound, serverMessage('catalog.noFootprint', locale, { code: mfgMpnCode }));
  const { content, name } = part.footprint;
  const etag = etagOf(['fp', content]);
  return {
    etag,
    load: () =>
      svgCache.get(etag, async () => {
        const parsed = parseFootprint(content, `${name}.kicad_mod`);
        if (!parsed.footprint) throw new AppError(Code.internal, `Stored footprint ${name} cannot be read`);
        return { value: Buffer.from(renderFootprintSvg(parsed.footprint), 'utf8') };
      }),
  };
}

const brotliDecompressAsync = promisify(brotliDecompress);
const safeName = (s: string) => s.replace(/[^\w.-]+/g, '_');

/** Bump when the zip's layout or texts change, so clients holding an old ETag get the new file. */
const ZIP_LAYOUT = 'kicad-zip-2';

/**
 * The KiCad download: a symbol library, a .pretty folder with the footprint, the 3D model when
 * stored, a licence note. Its version (the ETag and cache key) hashes everything the zip is made of
 * (part fields, symbol and footprint text, the model row and its content hash), so a re-import of
 * any of them makes a new zip; the zip itself is built once per version (download-cache.server.ts).
 */
export async function partZip(db: Db, mfgMpnCode: string, locale: Locale = 'zh'): Promise<PartZip> {
  const part = await partFiles(db, mfgMpnCode, locale);
  if (!part.symbol && !part.footprint) throw new AppError(Code.notFound, serverMessage('catalog.noDownload', locale, { code: mfgMpnCode }));
  const model = part.footprint?.model3dPath ? await findStoredModel(db, part.footprint.model3dPath, 'content') : null;
  const { symbol: sym, footprint: fp } = part;
  const etag = etagOf([
    ZIP_LAYOUT, part.mpn, part.source, part.licence,
    sym?.library, sym?.name, sym?.content,
    fp?.library, fp?.name, fp?.content, fp?.model3dPath,
    model ? `${model.id}|${model.path}|${model.sha256 ?? ''}` : null,
  ]);
  return { etag, fileName: `${safeName(part.mpn)}.zip`, load: () => zipCache.get(etag, () => buildZip(db, part, model)) };
}

async function buildZip(db: Db, part: PartFiles, model: StoredModelRef | null): Promise<Built<ZipChunks>> {
  const base = safeName(part.mpn);
  const entries: { name: string; data: CompressedData }[] = [];
  let keep = true;
  if (part.symbol) {
    const sym = parseStoredSymbol(part.symbol.content, part.symbol.name);
    entries.push({ name: `${base}/${base}.kicad_sym`, data: compressData(writeSymbolLibrary([sym])) });
  }
  let modelNote = '';
  if (part.footprint) {
    entries.push({ name: `${base}/${base}.pretty/${safeName(part.footprint.name)}.kicad_mod`, data: compressData(part.footprint.content) });
    const path = part.footprint.model3dPath;
    if (path) {
      // The footprint keeps its KiCad library path, which KiCad resolves wherever the 3D library is
      // installed; the bundled copy (the file it names, else its VRML twin) serves machines without it.
      const data = model ? await modelData(db, model) : null;
      if (model && data) {
        const name = model.path.split('/').pop()!;
        entries.push({ name: `${base}/3d/${name}`, data });
        modelNote = `\n3D model: 3d/${name} (${model.path} from the KiCad 3D library). The footprint names ${path}, which KiCad finds when its 3D library is installed; otherwise point the footprint's 3D model at this file.\n`;
      } else {
        modelNote = `\n3D model: the footprint refers to ${path} (KiCad 3D library); it is not bundled here.\n`;
        keep = !model; // a model that vanished or changed since the version was read: serve, do not keep
      }
    }
  }
  const readme = `${part.mpn} — KiCad files from Chipedia (芯百科)\n\nSymbol: ${part.symbol ? `${part.symbol.library}:${part.symbol.name}` : 'none'}\nFootprint: ${part.footprint ? `${part.footprint.library}:${part.footprint.name}` : 'none'}\nPart data source: ${part.source} (${part.licence})\n${modelNote}\n${KICAD_LICENCE_NOTE}`;
  entries.push({ name: `${base}/LICENSE.txt`, data: compressData(readme) });
  return { value: assembleZip(entries), keep };
}

/**
 * The stored model's original bytes, deflated for the zip, once per model version. Read only if
 * the row still has the content hash the zip's version was computed from (else null).
 */
function modelData(db: Db, model: StoredModelRef): Promise<CompressedData | null> {
  return modelDataCache.get(`${model.id}|${model.sha256 ?? ''}`, async () => {
    const [row] = await db
      .select({ content: models3d.content })
      .from(models3d)
      .where(and(eq(models3d.id, model.id), eq(models3d.path, model.path), model.sha256 === null ? isNull(models3d.sha256) : eq(models3d.sha256, model.sha256)))
      .limit(1);
    if (!row?.content) return { value: null, keep: false };
    // Both steps on the thread pool: a 1.5 MB model takes ~20 ms, which the event loop should not wait for.
    return { value: await compressDataAsync(await brotliDecompressAsync(row.content)) };
  });
}
