import { createHash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { renderFootprintSvg } from '../kicad/footprint-svg.ts';
import { parseFootprint } from '../kicad/footprint.ts';
import { renderSymbolSvg } from '../kicad/symbol-svg.ts';
import { parseSymbolLibrary, type KicadSymbol } from '../kicad/symbol-lib.ts';
import { writeSymbolLibrary } from '../kicad/symbol-write.ts';
import { createZip, type ZipEntry } from '../files/zip.ts';
import type { Db } from '../server/db/client.server.ts';
import { footprints, models3d, products, symbols } from '../server/db/schema/index.ts';
import { AppError, Code } from '../server/errors.ts';
import { findStoredModel } from './model3d/find-model.server.ts';

// Symbol and footprint previews and the KiCad download of one part.

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

async function partFiles(db: Db, mfgMpnCode: string): Promise<PartFiles> {
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
  if (!r) throw new AppError(Code.notFound, `No part with mfgMpnCode ${mfgMpnCode}`);
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

export type Svg = { svg: string; etag: string };
const etagOf = (parts: string[]) => `"${createHash('sha1').update(parts.join('\0')).digest('base64url')}"`;

export async function symbolSvg(db: Db, mfgMpnCode: string, unit?: number): Promise<Svg> {
  const part = await partFiles(db, mfgMpnCode);
  if (!part.symbol) throw new AppError(Code.notFound, `Part ${mfgMpnCode} has no symbol`);
  const sym = parseStoredSymbol(part.symbol.content, part.symbol.name);
  const svg = renderSymbolSvg(sym, unit ? { unit } : {});
  return { svg, etag: etagOf(['sym', part.symbol.content, String(unit ?? '')]) };
}

export async function footprintSvg(db: Db, mfgMpnCode: string): Promise<Svg> {
  const part = await partFiles(db, mfgMpnCode);
  if (!part.footprint) throw new AppError(Code.notFound, `Part ${mfgMpnCode} has no footprint`);
  const parsed = parseFootprint(part.footprint.content, `${part.footprint.name}.kicad_mod`);
  if (!parsed.footprint) throw new AppError(Code.internal, `Stored footprint ${part.footprint.name} cannot be read`);
  return { svg: renderFootprintSvg(parsed.footprint), etag: etagOf(['fp', part.footprint.content]) };
}

const safeName = (s: string) => s.replace(/[^\w.-]+/g, '_');

/** The KiCad download: a symbol library, a .pretty folder with the footprint, the 3D model when stored, a licence note. */
export async function partZip(db: Db, mfgMpnCode: string): Promise<{ fileName: string; zip: Buffer }> {
  const part = await partFiles(db, mfgMpnCode);
  const base = safeName(part.mpn);
  const entries: ZipEntry[] = [];
  if (part.symbol) {
    const sym = parseStoredSymbol(part.symbol.content, part.symbol.name);
    entries.push({ name: `${base}/${base}.kicad_sym`, data: writeSymbolLibrary([sym]) });
  }
  let modelNote = '';
  if (part.footprint) {
    entries.push({ name: `${base}/${base}.pretty/${safeName(part.footprint.name)}.kicad_mod`, data: part.footprint.content });
    if (part.footprint.model3dPath) modelNote = await addModel(db, entries, base, part.footprint.model3dPath);
  }
  if (entries.length === 0) throw new AppError(Code.notFound, `Part ${mfgMpnCode} has no KiCad symbol or footprint to download`);
  const readme = `${part.mpn} — KiCad files from Chipedia (芯百科)\n\nSymbol: ${part.symbol ? `${part.symbol.library}:${part.symbol.name}` : 'none'}\nFootprint: ${part.footprint ? `${part.footprint.library}:${part.footprint.name}` : 'none'}\nPart data source: ${part.source} (${part.licence})\n${modelNote}\n${KICAD_LICENCE_NOTE}`;
  entries.push({ name: `${base}/LICENSE.txt`, data: readme });
  return { fileName: `${base}.zip`, zip: createZip(entries) };
}

/**
 * Bundles the footprint's stored 3D model (the file it names, else its VRML twin) under 3d/. The
 * footprint keeps its KiCad library path, which KiCad resolves wherever the 3D library is
 * installed; the bundled copy serves machines without it. Returns the README line about it.
 */
async function addModel(db: Db, entries: ZipEntry[], base: string, model3dPath: string): Promise<string> {
  const ref = await findStoredModel(db, model3dPath, 'content');
  const [row] = ref ? await db.select({ path: models3d.path, content: models3d.content }).from(models3d).where(eq(models3d.id, ref.id)).limit(1) : [];
  if (!row?.content) return `\n3D model: the footprint refers to ${model3dPath} (KiCad 3D library); it is not bundled here.\n`;
  const name = row.path.split('/').pop()!;
  entries.push({ name: `${base}/3d/${name}`, data: brotliDecompressSync(row.content) });
  return `\n3D model: 3d/${name} (${row.path} from the KiCad 3D library). The footprint names ${model3dPath}, which KiCad finds when its 3D library is installed; otherwise point the footprint's 3D model at this file.\n`;
}
