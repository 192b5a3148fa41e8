import type { Footprint } from '../../kicad/footprint.ts';
import { serialize } from '../../kicad/sexpr.ts';
import { allPins, hasDeMorgan, unitCount, type KicadSymbol } from '../../kicad/symbol-lib.ts';
import { symbolToSexpr } from '../../kicad/symbol-write.ts';
import { brandFromLibraryAndSymbol } from '../brands.ts';
import { categoryForSymbol, isGenericLibrarySymbol } from '../kicad-library-map.ts';
import { looksLikePartNumber } from '../mpn.ts';
import { extractParams } from '../param-extract.ts';
import { describePart } from '../part-description.ts';
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
  const params: CatalogRecord['params'] = extracted.map((p) =>
    p.value !== null ? { key: p.name, value: p.value, ...(p.unit ? { unit: p.unit } : {}) } : { key: p.name, text: p.text ?? '' },
  );
  return {
    mpn: sym.name,
    ...(brand ? { brand } : {}),
    cateId,
    // KiCad's own ki_description; the Chinese is built from the facts extracted from it.
    descriptionEn: sym.description || undefined,
    descriptionZh: describePart({ cateId, params, package: pkg }, 'zh') || undefined,
    package: pkg,
    datasheetUrl: datasheet,
    lifecycle: 'unknown',
    keywords: sym.keywords || undefined,
    params,
    symbol: { library, name: sym.name },
    ...(fpLibrary && fpName ? { footprint: { library: fpLibrary, name: fpName } } : {}),
    source,
    licence: KICAD_LICENCE,
  };
}

// ── Package from a footprint name ────────────────────────────────────────────
//
// KiCad names footprints '[Maker_]Package[_dimensions…][_variant]' (KLC F2.x): the package is the
// first name part, after a maker prefix for maker-specific packages ('TI_SO-PowerPAD-8_ThermalVias',
// 'Texas_HSOP-8-1EP_…', 'Infineon_PG-DSO-8-43'). Outside the Package_* libraries the name starts
// with the device class and often the maker ('D_SMA', 'LED_SMD:LED_1206_3216Metric',
// 'Converter_DCDC_XP_POWER-ITxxxxxS_THT', 'Relay_SPDT_Finder_40.11'): only a recognised package
// is taken there, and a footprint that names none ('Relay_…', 'Module:Arduino_Nano') gives none.

/** Maker prefixes of KiCad footprint names (the first name part, never a package). */
// prettier-ignore
const FOOTPRINT_MAKERS = new Set([
  'AKM', 'AMS', 'AO', 'Allegro', 'Analog', 'Avago', 'Bosch', 'Broadcom', 'Diodes', 'Everlight', 'Fairchild', 'Infineon', 'InvenSense', 'Kingbright',
  'Kionix', 'Kodenshi', 'Lattice', 'Linear', 'Littelfuse', 'Maxim', 'Micrel', 'MicroCrystal', 'Microchip', 'Microsemi', 'NXP', 'Nexperia', 'Nordic',
  'ONSemi', 'OnSemi', 'Osram', 'Panasonic', 'PowerIntegrations', 'ROHM', 'Rohm', 'ST', 'STC', 'Sanyo', 'Sensirion', 'SiliconLabs', 'TI', 'Texas',
  'Toshiba', 'Vishay', 'Zetex', 'pSemi',
]);

/** Device-class and mounting words that start footprint names outside the Package_* libraries. */
const FOOTPRINT_CLASS_WORDS = new Set(['C', 'CP', 'D', 'L', 'R', 'LED', 'Diode', 'Bridge', 'RTC', 'SMD', 'THT']);

// A package with its pin count as KiCad writes it: 'SOIC-8', 'HTSOP-8-1EP', 'VSOP-24', 'QFN-12-10-1EP',
// 'PLCC4', 'SC70-6L', 'SOD-123F', 'DO-201AD', 'TO-220F-6L', 'eSOP-12B'. The short families (SO, TO,
// DO, SC …) take no prefix letters, so series names ('SC3316F', 'DOGL128-6', 'ASCO-4Pin') stay out.
const PIN_PACKAGE_RE =
  /^(?:[a-z]?[A-Z]{0,3}(?:SOP|SOIC|SSOP|SON|QFN|DFN|QFP|LGA|BGA|CSP|WLP|MLF|DIP|SIP|PLCC)[A-Z]{0,2}(?:-?\d+)|(?:SO|SOT|SOD|TO|DO|SC)(?:-\d+|\d{1,3}))[A-Z]{0,2}(?:-\d+[A-Z]{0,2})*(?:-\d?EP)?$/;
/** Packages named without a pin count: diode bodies, bridge rectifier cases, power packages. */
const NAMED_PACKAGE_RE = /^(?:SMA|SMB|SMC|SMF|MELF|MiniMELF|MicroMELF|P600|ABS|MBLS|GBU|KBU|KBP|KBPC\d*|LFPAK\d+|DPAK|D2PAK|D3PAK)$/;
const CHIP_SIZE_RE = /^(?:01005|0201|0402|0603|0805|1008|1206|1210|1806|1812|2010|2220|2512)$/;

/** Maker package families whose name spans two name parts ('PowerPAK_SO-8', 'DirectFET_MX'). */
function joinedPackage(parts: readonly string[]): string | null {
  const [a, b, c] = parts;
  if ((a === 'PowerPAK' || a === 'DirectFET') && b) return `${a} ${b}`;
  if (a === 'MicroStar' && b === 'Junior' && c) return `MicroStar Junior ${c}`;
  // TI's PowerPAD variants: 'SO-PowerPAD-8' is an SO-8 body with the PowerPAD exposed pad.
  const pad = a ? /^([A-Z]+)-PowerPAD-(\d+)$/.exec(a) : null;
  if (pad) return `${pad[1]}-${pad[2]} PowerPAD`;
  // 'Texas_RGY_R-PVQFN-N16_…': TI's three-letter designator, then the package outline it stands for.
  if (a && b && /^[A-Z]{3}$/.test(a) && /^[RS]-P[A-Z0-9]+-[A-Z]?\d+$/.test(b)) return b;
  return null;
}

function recognisedPackage(parts: readonly string[], i: number): string | null {
  const part = parts[i] ?? '';
  const joined = joinedPackage(parts.slice(i));
  if (joined) return joined;
  if (PIN_PACKAGE_RE.test(part) || NAMED_PACKAGE_RE.test(part)) return part;
  // 'R_0603_1608Metric', 'LED_1206_3216Metric': the imperial chip size.
  if (CHIP_SIZE_RE.test(part) && /^\d{4,5}Metric$/.test(parts[i + 1] ?? '')) return part;
  // 'R_Axial_DIN0207_L6.3mm_…', written as the catalogue's passives are ('Axial-DIN0207').
  if (part === 'Axial' && /^DIN\d{4}$/.test(parts[i + 1] ?? '')) return `Axial-${parts[i + 1]}`;
  return null;
}

/**
 * The package a KiCad footprint name states: 'Package_QFP:LQFP-48_7x7mm_P0.5mm' → 'LQFP-48',
 * 'Package_SO:TI_SO-PowerPAD-8_ThermalVias' → 'SO-8 PowerPAD', 'Diode_SMD:D_SMA' → 'SMA',
 * 'Package_SO:Infineon_PG-DSO-8-43' → 'PG-DSO-8-43'; undefined when the name states none
 * ('Relay_THT:Relay_SPDT_Finder_40.11', 'Module:Arduino_Nano').
 */
export function footprintPackage(footprint: string): string | undefined {
  if (typeof footprint !== 'string') return undefined;
  const colon = footprint.indexOf(':');
  if (colon < 0) return undefined;
  const library = footprint.slice(0, colon);
  const parts = footprint
    .slice(colon + 1)
    .split('_')
    .filter((p) => p !== '');
  if (parts.length === 0) return undefined;
  let i = 0;
  while (i < parts.length - 1 && (FOOTPRINT_CLASS_WORDS.has(parts[i]!) || FOOTPRINT_MAKERS.has(parts[i]!))) i++;
  if (/^Package_/.test(library)) {
    // By the naming convention the first part after the maker is the package.
    return recognisedPackage(parts, i) ?? parts[i];
  }
  for (let j = i; j < parts.length; j++) {
    const pkg = recognisedPackage(parts, j);
    if (pkg) return pkg;
  }
  return undefined;
}
