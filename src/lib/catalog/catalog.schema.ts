import { z } from '@hono/zod-openapi';

// The catalogue API's answer shapes, each declared once: catalog.routes.ts documents them in the
// OpenAPI document, and the server modules and pages use the types inferred from them. Type-only
// imports of this module are free for browser code; a value import brings zod along.

// ── Categories ────────────────────────────────────────────────────────────────

const CategoryFields = z.object({
  cateId: z.number().int(),
  cateName: z.string().openapi({ description: "Name in the caller's locale" }),
  cateNameZh: z.string(),
  cateNameEn: z.string(),
  level: z.number().int().min(1).max(3),
  parentId: z.number().int().nullable(),
});

/** GET chosenCateTree: one category of the flat header list. */
export const CategorySchema = CategoryFields.openapi('Category');
export type Category = z.infer<typeof CategorySchema>;

const CateTreeFields = CategoryFields.extend({
  productCount: z.number().int().openapi({ description: 'Products in this category and its descendants' }),
});
// Three explicit levels (the tree has at most three) keep the OpenAPI document free of recursion;
// the type stays recursive.
const CateTreeL3 = CateTreeFields.extend({ children: z.array(z.object({})).openapi({ description: 'Always empty (level 3 is the deepest)' }) });
const CateTreeL2 = CateTreeFields.extend({ children: z.array(CateTreeL3) });
/** POST cateTree: a node of the nested tree with product counts. */
export const CateTreeNodeSchema = CateTreeFields.extend({ children: z.array(CateTreeL2) }).openapi('CateTreeNode');
export type CateTreeItem = z.infer<typeof CateTreeFields> & { children: CateTreeItem[] };

// ── Tracking counters (SPEC §3) ───────────────────────────────────────────────

/** The seven counters of a part; catalog.server.ts maps each to its column. */
export const CountersSchema = z
  .object({
    pdfCount: z.number().int(),
    edaCount: z.number().int(),
    likeCount: z.number().int(),
    moduleCount: z.number().int(),
    componentPlacementCount: z.number().int(),
    modulePlacementCount: z.number().int(),
    tagClickCount: z.number().int(),
  })
  .openapi('TrackingCounters');
export type Counters = z.infer<typeof CountersSchema>;
export type CounterName = keyof Counters;

export const MarkTypeSchema = z
  .enum(['COMPONENT', 'MODULE'])
  .openapi({ description: 'COMPONENT: mKey is a product mfgMpnCode; MODULE: a module mfgMpnCode' });
export type MarkType = z.infer<typeof MarkTypeSchema>;

// ── One part (POST detail, the /productDetail page) ───────────────────────────

export const DetailParamSchema = z.object({
  key: z.string(),
  name: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  unit: z.string().nullable(),
  valueNum: z.number().nullable().openapi({ description: 'Numeric value in SI base units' }),
  valueText: z.string().nullable(),
  display: z.string().openapi({ description: 'Formatted for display', example: '4.7 kΩ' }),
});
export type DetailParam = z.infer<typeof DetailParamSchema>;

export const DetailPinSchema = z.object({ unit: z.number().int(), number: z.string(), name: z.string(), electricalType: z.string() });
export type DetailPin = z.infer<typeof DetailPinSchema>;

export const SimilarPartSchema = z
  .object({
    mfgMpnCode: z.string(),
    mpn: z.string(),
    brandName: z.string().nullable(),
    package: z.string().nullable(),
    description: z.string().nullable(),
    sharedParams: z.number().int().openapi({ description: 'Parameters shared with the part' }),
    distance: z.number().openapi({ description: 'How far the shared parameters are (0 = identical)' }),
    params: z.array(z.object({ key: z.string(), name: z.string(), display: z.string(), same: z.boolean() })),
  })
  .openapi('SimilarPart');
export type SimilarPart = z.infer<typeof SimilarPartSchema>;

export const ProductDetailSchema = z
  .object({
    id: z.number().int(),
    mfgMpnCode: z.string(),
    mpn: z.string(),
    brand: z
      .object({ id: z.number().int(), key: z.string(), name: z.string(), nameZh: z.string(), nameEn: z.string(), country: z.string().nullable(), website: z.string().nullable() })
      .nullable(),
    cateId: z.number().int().nullable(),
    categoryPath: z.array(z.object({ cateId: z.number().int(), cateName: z.string(), level: z.number().int() })),
    description: z.string().nullable(),
    descriptionZh: z.string().nullable(),
    descriptionEn: z.string().nullable(),
    package: z.string().nullable(),
    datasheetUrl: z.string().nullable(),
    lifecycle: z.string(),
    keywords: z.string().nullable(),
    source: z.string().openapi({ description: 'Where the row came from' }),
    licence: z.string(),
    assetMatch: z
      .enum(['specific', 'generic'])
      .nullable()
      .openapi({ description: "How the KiCad symbol/footprint were chosen for a part of another source: the part's (or its family's) own, or the generic symbol and its package's standard footprint; null when they are the source's own or absent" }),
    updatedAt: z.string(),
    counters: CountersSchema,
    params: z.array(DetailParamSchema),
    symbol: z
      .object({ library: z.string(), name: z.string(), unitCount: z.number().int(), pinCount: z.number().int(), hasDeMorgan: z.boolean(), source: z.string(), licence: z.string() })
      .nullable(),
    pins: z.array(DetailPinSchema),
    footprint: z
      .object({
        library: z.string(),
        name: z.string(),
        description: z.string().nullable(),
        padCount: z.number().int(),
        smd: z.boolean(),
        model3dPath: z.string().nullable(),
        model3d: z
          .object({ path: z.string(), format: z.string(), byteSize: z.number() })
          .nullable()
          .openapi({ description: 'The 3D model file when it was imported; null when only referenced or absent' }),
        preview3d: z
          .object({ path: z.string(), source: z.string(), licence: z.string() })
          .nullable()
          .openapi({ description: 'Library model shown by the 3D preview (GET /chiplet/products/model3d); null when there is none' }),
        source: z.string(),
        licence: z.string(),
      })
      .nullable(),
    similar: z.array(SimilarPartSchema),
  })
  .openapi('ProductDetail');
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

// ── A category's filter columns (POST queryHeader, the /filterPage page) ──────

export const FilterValueSchema = z.object({ value: z.string(), count: z.number().int() });
export type FilterValue = z.infer<typeof FilterValueSchema>;

export const FilterColumnSchema = z.object({
  key: z.string(),
  name: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  unit: z.string().nullable(),
  kind: z.enum(['number', 'text']),
  count: z.number().int().openapi({ description: 'Products in the category that state this parameter' }),
  values: z.array(FilterValueSchema).optional().openapi({ description: 'Text parameters: the most common values' }),
  distinctValues: z.number().int().optional().openapi({ description: 'Text parameters: how many distinct values' }),
  min: z.number().optional().openapi({ description: 'Numeric parameters: the smallest value present, in base units' }),
  max: z.number().optional().openapi({ description: 'Numeric parameters: the largest value present, in base units' }),
});
export type FilterColumn = z.infer<typeof FilterColumnSchema>;

export const BrandCountSchema = z.object({ brandId: z.number().int(), name: z.string(), nameZh: z.string(), nameEn: z.string(), count: z.number().int() });
export type BrandCount = z.infer<typeof BrandCountSchema>;

export const QueryHeaderSchema = z
  .object({
    cateId: z.number().int(),
    cateName: z.string(),
    level: z.number().int(),
    path: z.array(z.object({ cateId: z.number().int(), cateName: z.string() })),
    children: z.array(z.object({ cateId: z.number().int(), cateName: z.string(), productCount: z.number().int() })),
    productCount: z.number().int(),
    columns: z.array(FilterColumnSchema),
    brands: z.array(BrandCountSchema),
    packages: z.array(FilterValueSchema),
  })
  .openapi('QueryHeader');
export type QueryHeader = z.infer<typeof QueryHeaderSchema>;
