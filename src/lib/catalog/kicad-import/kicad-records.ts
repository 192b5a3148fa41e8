import type { Footprint } from '../../kicad/footprint.ts';
import { serialize } from '../../kicad/sexpr.ts';
import { allPins, hasDeMorgan, unitCount, type KicadSymbol } from '../../kicad/symbol-lib.ts';
import { symbolToSexpr } from '../../kicad/symbol-write.ts';
import { brandFromLibraryAndSymbol } from '../brands.ts';
import { CATEGORY_BY_ID, categoryForSymbol, isGenericLibrarySymbol } from '../kicad-library-map.ts';
import { looksLikePartNumber } from '../mpn.ts';
import { extractParams, type ExtractedParam } from '../param-extract.ts';
import { formatQuantity, type Unit } from '../units.ts';
import type { CatalogRecord } from '../import/catalog-record.ts';
import type { FootprintRow, SymbolRow } from './library-store.server.ts';

// Turns parsed KiCad library items into catalogue rows: footprints, symbols (flattened, with
// pins) and, for symbols that name a real part, product records. Pure: the importer does the I/O.

export const KICAD_LICENCE = 'CC-BY-SA 4.0 with the KiCad library exception';

export function footprintRow(fp: Footprint, library: string, content: string, source: string): FootprintRow {
  return {
    library,
    name: fp.name,
    content,
    description: fp.description || null,
    tags: fp.tags.length ? fp.tags.join(' ') : null,
    padCount: new Set(fp.pads.filter((p) => p.number !== '').map((p) => p.number)).size,
    smd: fp.attributes.type === 'smd',
    model3dPath: fp.models[0]?.path ?? null,
    source,
    licence: KICAD_LICENCE,
  };
}

export function isTemplateSymbol(sym: KicadSymbol, library: string): boolean {
  return sym.power || isGenericLibrarySymbol(library, sym.name, sym.description) || !looksLikePartNumber(sym.name, library);
}

export function symbolRow(sym: KicadSymbol, library: string, source: string): SymbolRow {
  const pins = allPins(sym).map((p) => ({ unit: p.unit, number: p.number, name: p.name, electricalType: p.electricalType }));
  return {
    library,
    name: sym.name,
    // Flattened (no `extends`), so the stored text renders and downloads on its own.
    content: serialize(symbolToSexpr(sym, 20211014)),
    unitCount: unitCount(sym),
    pinCount: new Set(pins.map((p) => p.number)).size,
    hasDeMorgan: hasDeMorgan(sym),
    isTemplate: isTemplateSymbol(sym, library),
    description: sym.description || null,
    keywords: sym.keywords || null,
    footprintFilters: sym.fpFilters.length ? sym.fpFilters.join(' ') : null,
    source,
    licence: KICAD_LICENCE,
    pins,
  };
}

const isHttpUrl = (s: string) => /^https?:\/\/[^\s]+$/i.test(s.trim());

/** A Chinese description built only from facts we extracted (category and parameters), never translated guesses. */
export function chineseDescription(cateId: number, params: readonly ExtractedParam[]): string {
  const cate = CATEGORY_BY_ID.get(cateId)?.cateName ?? '';
  const facts = params
    .filter((p) => p.name !== 'package')
    .slice(0, 8)
    .map((p) => `${p.nameZh} ${p.value !== null && p.unit ? formatQuantity(p.value, p.unit as Unit) : (p.text ?? '')}`);
  const pkg = params.find((p) => p.name === 'package')?.text;
  return [cate, ...facts, pkg ? `封装 ${pkg}` : ''].filter(Boolean).join('，');
}

export type FootprintRef = { library: string; name: string; padCount?: number };

/** KiCad footprint filters are globs over footprint names ('SOIC*3.9x4.9mm*P1.27mm*'). */
export function filterRegex(filters: readonly string[]): RegExp | null {
  const parts = filters.filter((f) => f.trim() !== '').map((f) => f.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.'));
  return parts.length ? new RegExp(`^(?:${parts.join('|')})$`) : null;
}

/**
 * For a symbol without a default footprint: the footprint its own filters point to, preferring
 * the plain variant (no hand-solder or thermal-via variants), then the shortest name.
 */
export function footprintFromFilters(filters: readonly string[], available: readonly FootprintRef[], pinCount?: number): FootprintRef | undefined {
  const re = filterRegex(filters);
  if (!re) return undefined;
  // 'DIP*W7.62mm*' covers DIP-4 to DIP-64: only a footprint with one pad per pin will do.
  const variant = (n: string) => (/HandSolder|ThermalVias|_Pad\d|Clearance/.test(n) ? 1 : 0);
  return available
    .filter((f) => re.test(f.name) && (pinCount === undefined || f.padCount === pinCount))
    .sort((a, b) => variant(a.name) - variant(b.name) || a.name.length - b.name.length || a.name.localeCompare(b.name))[0];
}

/** The product record for a symbol that names a real part, or null for a template. */
export function productRecord(sym: KicadSymbol, library: string, source: string, footprints: readonly FootprintRef[] = []): CatalogRecord | null {
  if (isTemplateSymbol(sym, library)) return null;
  const datasheet = isHttpUrl(sym.datasheet) ? sym.datasheet.trim() : undefined;
  const brand = brandFromLibraryAndSymbol(library, sym.name, sym.description, sym.keywords, datasheet ?? '') ?? undefined;
  const cateId = categoryForSymbol(library, sym.name, sym.description, sym.keywords);
  const extracted = extractParams(library, sym.name, sym.description, sym.keywords);
  const pkg = extracted.find((p) => p.name === 'package')?.text ?? footprintPackage(sym.footprint);
  const [defLibrary, defName] = sym.footprint.includes(':') ? sym.footprint.split(':', 2) : [];
  const pinCount = new Set(allPins(sym).map((p) => p.number)).size;
  const fromFilters = defLibrary && defName ? undefined : footprintFromFilters(sym.fpFilters, footprints, pinCount);
  const [fpLibrary, fpName] = defLibrary && defName ? [defLibrary, defName] : [fromFilters?.library, fromFilters?.name];
  return {
    mpn: sym.name,
    ...(brand ? { brand } : {}),
    cateId,
    descriptionEn: sym.description || undefined,
    descriptionZh: chineseDescription(cateId, extracted) || undefined,
    package: pkg,
    datasheetUrl: datasheet,
    lifecycle: 'unknown',
    keywords: sym.keywords || undefined,
    params: extracted.map((p) =>
      p.value !== null ? { key: p.name, value: p.value, ...(p.unit ? { unit: p.unit } : {}) } : { key: p.name, text: p.text ?? '' },
    ),
    symbol: { library, name: sym.name },
    ...(fpLibrary && fpName ? { footprint: { library: fpLibrary, name: fpName } } : {}),
    source,
    licence: KICAD_LICENCE,
  };
}

/** 'Package_QFP:LQFP-48_7x7mm_P0.5mm' -> 'LQFP-48'. */
export function footprintPackage(footprint: string): string | undefined {
  const name = footprint.split(':')[1];
  if (!name) return undefined;
  return name.split('_')[0] || undefined;
}
