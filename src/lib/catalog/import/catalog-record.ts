import { z } from 'zod';

// One catalogue part in the operator import format (docs/data-format.md): a line of NDJSON or a
// row of CSV. The same shape is produced by the KiCad importer, the passives builder and the
// scale generator, and consumed by the bulk loader.

export const LIFECYCLES = ['active', 'nrnd', 'obsolete', 'preview', 'unknown'] as const;

const text = (max: number) => z.string().trim().min(1).max(max);

export const ParamSchema = z
  .object({
    /** A key of PARAM_DEFS (src/lib/catalog/param-extract.ts) or an operator-defined key. */
    key: z.string().regex(/^[a-z][a-zA-Z0-9_]{0,63}$/, 'lower camel/snake case key'),
    /** Numeric value in SI base units (ohm, farad, volt, ampere, hertz, byte, watt, °C …). */
    value: z.number().finite().optional(),
    /** Canonical unit symbol of `value` (Ω, F, V, A, Hz, B, W, °C, %, bit …). */
    unit: z.string().max(8).optional(),
    /** Text value (core, interface, dielectric …) when not numeric. */
    text: z.string().trim().min(1).max(200).optional(),
  })
  .refine((p) => p.value !== undefined || p.text !== undefined, { message: 'a parameter needs value or text' });

export const BrandRefSchema = z.union([
  text(64).regex(/^[a-z0-9][a-z0-9-]*$/, 'brand key: lower-case letters, digits and dashes'),
  z.object({
    key: text(64).regex(/^[a-z0-9][a-z0-9-]*$/),
    nameZh: text(120),
    nameEn: text(120),
    country: z.string().length(2).optional(),
    website: z.url().optional(),
  }),
]);

export const LibraryRefSchema = z.object({ library: text(120), name: text(200) });

export const CatalogRecordSchema = z.object({
  mpn: text(120),
  /** Absent when the maker is not known (a generic part such as a KiCad LM7805_TO220 without datasheet). */
  brand: BrandRefSchema.optional(),
  /** Optional explicit URL key; derived from brand and MPN when absent. */
  mfgMpnCode: z.string().regex(/^[A-Za-z0-9._~-]{1,160}$/, 'URL-safe: letters, digits, . _ ~ -').optional(),
  /** A cateId of the category tree. */
  cateId: z.number().int().positive(),
  descriptionZh: z.string().trim().max(2000).optional(),
  descriptionEn: z.string().trim().max(2000).optional(),
  package: z.string().trim().max(120).optional(),
  datasheetUrl: z.url({ protocol: /^https?$/ }).max(2000).optional(),
  lifecycle: z.enum(LIFECYCLES).default('unknown'),
  keywords: z.string().trim().max(1000).optional(),
  params: z.array(ParamSchema).max(200).default([]),
  symbol: LibraryRefSchema.optional(),
  footprint: LibraryRefSchema.optional(),
  /**
   * Distributors' codes of the part (LCSC 'C25804', Digi-Key '296-1395-1-ND', Mouser '595-LM358DR'),
   * looked up first when a BOM line gives one (product_supplier_codes). Loaded in upsert mode.
   */
  supplierCodes: z
    .array(z.object({ supplier: z.enum(['lcsc', 'digikey', 'mouser']), code: text(80).transform((c) => c.toUpperCase()) }))
    .max(20)
    .optional(),
  /**
   * How the KiCad symbol/footprint were chosen for a part from another source (issue #29): 'specific'
   * (the part's own KiCad symbol or its family's), 'generic' (Device:R and the package's standard
   * footprint). Absent: the assets are the source's own (KiCad parts) or there are none.
   */
  assetMatch: z.enum(['specific', 'generic']).optional(),
  /** Where the data came from; 'synthetic' for generated catalogues. */
  source: text(300),
  licence: text(300),
});

export type CatalogRecord = z.infer<typeof CatalogRecordSchema>;
export type CatalogRecordInput = z.input<typeof CatalogRecordSchema>;
export type CatalogParam = z.infer<typeof ParamSchema>;

/** Stable URL key: MPN with unsafe characters replaced, then the brand key when there is one. */
export function deriveMfgMpnCode(mpn: string, brandKey: string | null): string {
  const safe = mpn.trim().replace(/[^A-Za-z0-9.-]+/g, '_').replace(/^_+|_+$/g, '') || 'part';
  return (brandKey ? `${safe}_${brandKey}` : safe).slice(0, 160);
}

export function brandKeyOf(brand: CatalogRecord['brand']): string | null {
  if (brand === undefined) return null;
  return typeof brand === 'string' ? brand : brand.key;
}
