// One JLC/LCSC row → our catalogue record (docs/data-format.md, "JLCPCB/LCSC snapshot"), its LCSC
// supplier code and its dated LCSC offer. Pure: the importer supplies the look-up table and the
// KiCad index. Nothing is invented: a field the row does not carry stays absent.

import type { CatalogParam, CatalogRecord } from '../import/catalog-record.ts';
import { deriveMfgMpnCode } from '../import/catalog-record.ts';
import { describePart } from '../part-description.ts';
import type { JlcAttributeEntry } from './attribute-params.ts';
import { paramsOfAttribute } from './attribute-params.ts';
import { jlcBrandOf } from './brand-map.ts';
import { jlcCategoryId } from './category-map.ts';
import type { JlcManifestCategory, JlcRow } from './jlc-read.ts';
import { genericKindOf, matchKicadAssets, type AssetMatch, type KicadIndex } from './kicad-merge.ts';

export const JLC_SNAPSHOT_DATE = '2026-05-21';
/** The `source` of every row from the snapshot; merged rows carry it after the KiCad source. */
export const JLC_SOURCE = `jlcparts ${JLC_SNAPSHOT_DATE} (JLCPCB/LCSC parts catalogue)`;
export const JLC_LICENCE = 'JLCPCB/LCSC catalogue facts; no licence stated for the data (catalog/jlcparts-2026-05-21/README.md)';
/** The offers' distributor and their `source` (a dated snapshot, never live data). */
export const LCSC_DISTRIBUTOR = 'LCSC';
export const JLC_OFFER_SOURCE = `snapshot:jlcparts-${JLC_SNAPSHOT_DATE}`;

/** The product code (URL key) of a snapshot part: MPN and brand, or MPN and LCSC code when the maker is blank. */
export function jlcProductCode(mpn: string, brandKey: string | null, lcsc: string): string {
  return brandKey ? deriveMfgMpnCode(mpn, brandKey) : `${deriveMfgMpnCode(mpn, null).slice(0, 140)}_${lcsc}`;
}

export type JlcOffer = { sku: string; stock: number; moq: number; priceBreaks: { qty: number; price: number }[] };

export type JlcConverted =
  | { ok: true; record: CatalogRecord; lcsc: string; offer: JlcOffer | null; assets: AssetMatch | null; partClass: 'basic' | 'preferred' | 'extended' | null }
  | { ok: false; lcsc: string; reason: string };

export type JlcContext = {
  lut: readonly JlcAttributeEntry[];
  kicad: KicadIndex | null;
};

const SKIP_NAMES = new Set(['Manufacturer', 'Package', 'Basic/Extended', 'Status', 'Mpn', 'Description']);

function defaultText(entry: JlcAttributeEntry | undefined): string | null {
  const v = entry?.[1]?.values?.['default']?.[0];
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t === '' || t === '-' ? null : t;
}

const LIFECYCLE: Readonly<Record<string, CatalogRecord['lifecycle']>> = {
  active: 'active',
  'not recommended for new designs': 'nrnd',
  nrnd: 'nrnd',
  discontinued: 'obsolete',
  obsolete: 'obsolete',
  eol: 'obsolete',
  preview: 'preview',
};

/** Price breaks as our offers want them (quantities ascending, positive; prices finite ≥ 0). */
export function offerOf(row: JlcRow): JlcOffer | null {
  const breaks: { qty: number; price: number }[] = [];
  for (const b of row.price) {
    if (!b || !Number.isInteger(b.qFrom) || b.qFrom < 1 || typeof b.price !== 'number' || !Number.isFinite(b.price) || b.price < 0) continue;
    if (breaks.length && b.qFrom <= breaks[breaks.length - 1]!.qty) continue;
    breaks.push({ qty: b.qFrom, price: b.price });
    if (breaks.length === 50) break;
  }
  if (breaks.length === 0 || !Number.isInteger(row.stock) || row.stock < 0) return null;
  return { sku: row.lcsc, stock: row.stock, moq: breaks[0]!.qty, priceBreaks: breaks };
}

const HTTP_URL = /^https?:\/\/[^\s"<>]+$/i;

export function convertJlcRow(row: JlcRow, category: JlcManifestCategory, ctx: JlcContext): JlcConverted {
  const cateId = jlcCategoryId(category.category, category.subcategory);
  if (cateId === undefined) return { ok: false, lcsc: row.lcsc, reason: `category: no mapping for "${category.category} | ${category.subcategory}"` };
  if (row.mfr.length > 120) return { ok: false, lcsc: row.lcsc, reason: `mfr: longer than 120 characters` };
  let maker: string | null = null;
  let pkg: string | null = null;
  let partClass: 'basic' | 'preferred' | 'extended' | null = null;
  let lifecycle: CatalogRecord['lifecycle'] = 'unknown';
  const params: CatalogParam[] = [];
  const seenKeys = new Set<string>();
  for (const index of row.attributes) {
    const entry = ctx.lut[index];
    if (!entry) return { ok: false, lcsc: row.lcsc, reason: `attributes: index ${index} is not in the attribute table` };
    const name = entry[0];
    if (SKIP_NAMES.has(name)) {
      const text = defaultText(entry);
      if (name === 'Manufacturer') maker = text;
      else if (name === 'Package') pkg = text;
      else if (name === 'Basic/Extended' && text) partClass = /basic/i.test(text) ? 'basic' : /preferred/i.test(text) ? 'preferred' : 'extended';
      else if (name === 'Status' && text) lifecycle = LIFECYCLE[text.toLowerCase()] ?? 'unknown';
      continue;
    }
    for (const p of paramsOfAttribute(entry, category.subcategory)) {
      // The first statement of a key wins (a part lists e.g. two voltages: keep the primary one).
      if (seenKeys.has(p.key)) continue;
      seenKeys.add(p.key);
      params.push(p);
    }
  }
  // A blank maker stays blank (never guessed): the part is kept without a brand.
  // The brand map files non-names ('rohs', '?', a part number) under 'unknown': no brand either.
  const mapped = maker ? jlcBrandOf(maker) : null;
  const brand = mapped && mapped.key !== 'unknown' ? mapped : null;
  if (pkg && pkg.length > 120) pkg = pkg.slice(0, 120);
  const facts = { mpn: row.mfr, brandKey: brand?.key ?? null, package: pkg, kind: genericKindOf(category.category, category.subcategory) };
  const assets = ctx.kicad ? matchKicadAssets(ctx.kicad, facts) : null;
  const description = row.description.trim();
  const record: CatalogRecord = {
    mpn: row.mfr,
    ...(brand ? { brand: { key: brand.key, nameZh: brand.nameZh, nameEn: brand.nameEn, ...(brand.country ? { country: brand.country } : {}), ...(brand.website ? { website: brand.website } : {}) } } : {}),
    mfgMpnCode: assets?.kind === 'same' ? assets.part.mfgMpnCode : jlcProductCode(row.mfr, brand?.key ?? null, row.lcsc),
    cateId,
    descriptionZh: describePart({ cateId, params, ...(pkg ? { package: pkg } : {}) }, 'zh') || undefined,
    // The snapshot's own English text, kept as the source wrote it (the page labels it so).
    descriptionEn: description ? description.slice(0, 2000) : undefined,
    ...(pkg ? { package: pkg } : {}),
    ...(HTTP_URL.test(row.datasheet.trim()) && row.datasheet.trim().length <= 2000 ? { datasheetUrl: row.datasheet.trim() } : {}),
    lifecycle,
    // The LCSC code and JLC's category words make the part findable by them in free text.
    keywords: `${row.lcsc} ${category.subcategory}`.slice(0, 1000),
    params,
    ...(assets && assets.kind !== 'same' && assets.symbol ? { symbol: assets.symbol } : {}),
    ...(assets && assets.kind !== 'same' && assets.footprint ? { footprint: assets.footprint } : {}),
    ...(assets?.kind === 'same' && assets.part.symbol ? { symbol: assets.part.symbol } : {}),
    ...(assets?.kind === 'same' && assets.part.footprint ? { footprint: assets.part.footprint } : {}),
    assetMatch: assets ? (assets.kind === 'generic' ? 'generic' : 'specific') : undefined,
    supplierCodes: [{ supplier: 'lcsc', code: row.lcsc }],
    source: assets?.kind === 'same' ? `${assets.part.source}; ${JLC_SOURCE}` : JLC_SOURCE,
    licence: assets?.kind === 'same' ? `${assets.part.licence}; ${JLC_LICENCE}` : JLC_LICENCE,
  };
  if (partClass) params.push({ key: 'jlcPartClass', text: partClass });
  return { ok: true, record, lcsc: row.lcsc, offer: offerOf(row), assets, partClass };
}
