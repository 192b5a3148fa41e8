import { z } from '@hono/zod-openapi';
import { RowId } from '../server/validation.ts';
import { ASSET_FORMATS } from './assets.ts';
import { COMPONENT_STATUSES, QUALITIES } from './components.ts';
import { ASSET_KINDS, LIBRARY_LIMITS } from './library.ts';

// Own components' calls (issue #16 item 3; SPEC §7 u/comp*, u/asset/upload/list). Lists are
// { list, total } with pageNum/pageSize ≤ LIBRARY_LIMITS.pageSizeMax. Text fields are checked
// as plain text on the server (components.server.ts), which says which field and why.

const Id = RowId.openapi({ example: 12 });
const AssetId = RowId.nullable().optional();

export const ComponentListQuerySchema = z
  .strictObject({
    pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(LIBRARY_LIMITS.pageSizeMax).default(20),
    keyword: z.string().max(100).optional().openapi({ description: 'Part number, brand or description contains it (case-insensitive)' }),
    categoryId: RowId.optional().openapi({ description: "An own category of scope 'part' (user_category_links), its descendants included" }),
    quality: z.enum(QUALITIES).optional(),
  })
  .openapi('ComponentListQuery');
export type ComponentListQuery = z.infer<typeof ComponentListQuerySchema>;

export const ComponentSaveSchema = z
  .strictObject({
    id: Id.optional().openapi({ description: 'Absent: create; else the caller’s component to change' }),
    // Bounds here only stop abuse (the body is at most 64 KB anyway); the real limits are checked on
    // the server with a message in the caller's language (components.server.ts).
    mpn: z.string().max(10_000).openapi({ description: 'Plain text, 1..100 characters' }),
    brand: z.string().max(10_000).optional().openapi({ description: 'Plain text, at most 100 characters' }),
    cateId: RowId.nullable().optional().openapi({ description: 'A catalogue category (its parameter keys are offered)' }),
    description: z.string().max(60_000).optional().openapi({ description: `Plain text, at most ${LIBRARY_LIMITS.descriptionMaxChars} characters` }),
    params: z
      .array(z.strictObject({ key: z.string().max(1000), value: z.string().max(1000) }))
      .optional()
      .openapi({ description: `At most ${LIBRARY_LIMITS.paramsPerComponent}; keys from GET /u/comp/params, values with the key's unit` }),
    datasheetUrl: z.string().max(2000).nullable().optional(),
    datasheetAssetId: AssetId,
    symbolAssetId: AssetId,
    symbolName: z.string().max(300).nullable().optional().openapi({ description: 'Which symbol of the uploaded library (the first when absent)' }),
    footprintAssetId: AssetId,
    modelAssetId: AssetId,
    status: z.enum(COMPONENT_STATUSES).optional().openapi({ description: "'ready' is refused while the check finds an error: the component is then saved as 'draft' and readyRefused says why" }),
  })
  .openapi('ComponentSave');
export type ComponentSave = z.infer<typeof ComponentSaveSchema>;

export const ComponentIdBodySchema = z.strictObject({ id: Id });
export const ComponentIdQuerySchema = z.object({ userCompId: Id });

const FindingSchema = z
  .object({
    code: z.string(),
    severity: z.enum(['error', 'warning', 'info']),
    vars: z.record(z.string(), z.union([z.string(), z.number()])),
    text: z.string().openapi({ description: 'The plain sentence, in the caller’s language' }),
  })
  .openapi('ComponentFinding');

export const AssetSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(ASSET_KINDS),
    format: z.enum(ASSET_FORMATS),
    fileName: z.string(),
    size: z.number().int(),
    info: z.record(z.string(), z.unknown()).nullable().openapi({ description: 'What reading the file found: symbol names and pin counts, pad numbers, triangles…' }),
    url: z.string().openapi({ description: 'The file itself (owner only, X-token)' }),
  })
  .openapi('ComponentAsset');
export type AssetOut = z.infer<typeof AssetSchema>;

export const ComponentSummarySchema = z
  .object({
    id: z.number().int(),
    mpn: z.string(),
    brand: z.string(),
    cateId: z.number().int().nullable(),
    cate: z.string().nullable().openapi({ description: 'The catalogue category’s name in the caller’s language' }),
    description: z.string(),
    quality: z.enum(QUALITIES),
    status: z.enum(COMPONENT_STATUSES),
    updatedAt: z.string().openapi({ format: 'date-time' }),
    assets: z.object({ symbol: z.boolean(), footprint: z.boolean(), model3d: z.boolean(), datasheet: z.boolean() }),
  })
  .openapi('ComponentSummary');
export type ComponentSummary = z.infer<typeof ComponentSummarySchema>;

export const ComponentListSchema = z.object({ list: z.array(ComponentSummarySchema), total: z.number().int() }).openapi('ComponentList');
export type ComponentList = z.infer<typeof ComponentListSchema>;

export const ComponentDetailSchema = ComponentSummarySchema.extend({
  params: z.array(z.object({ key: z.string(), name: z.string(), value: z.string(), num: z.number().nullable(), unit: z.string().nullable(), display: z.string() })),
  datasheetUrl: z.string().nullable(),
  symbolName: z.string().nullable(),
  symbol: AssetSchema.nullable(),
  footprint: AssetSchema.nullable(),
  model3d: AssetSchema.nullable(),
  datasheet: AssetSchema.nullable(),
  check: z.object({ quality: z.enum(QUALITIES), findings: z.array(FindingSchema), checkedAt: z.string().nullable(), ms: z.number().nullable(), version: z.number().int().nullable() }),
  previews: z.object({
    symbolSvg: z.string().nullable(),
    footprintSvg: z.string().nullable(),
    model3d: z.string().nullable().openapi({ description: 'CPM1 mesh for the 3D viewer; null without a VRML model' }),
    download: z.string().nullable(),
  }),
  createdAt: z.string().openapi({ format: 'date-time' }),
  readyRefused: z
    .object({ msg: z.string(), findings: z.array(FindingSchema) })
    .optional()
    .openapi({ description: "Present when 'ready' was asked for and refused: the errors, and the component kept as draft" }),
}).openapi('ComponentDetail');
export type ComponentDetail = z.infer<typeof ComponentDetailSchema>;

export const UploadQuerySchema = z.object({ userCompId: RowId.optional().openapi({ description: 'Attach to this component: each file takes its kind’s place and the check runs again' }) });

export const UploadResultSchema = z
  .object({
    list: z.array(
      z.union([
        AssetSchema.extend({ name: z.string(), ok: z.literal(true) }),
        z.object({ name: z.string(), ok: z.literal(false), msg: z.string().openapi({ description: 'Why this file was refused, in the caller’s language; nothing of it was stored' }) }),
      ]),
    ),
    component: ComponentDetailSchema.nullable().openapi({ description: 'With userCompId: the component after the new files and the check' }),
  })
  .openapi('AssetUploadResult');
export type UploadResult = z.infer<typeof UploadResultSchema>;

export const ParamKeysQuerySchema = z.object({ cateId: RowId.optional() });
export const ParamKeysSchema = z
  .object({
    list: z.array(
      z.object({
        key: z.string(),
        name: z.string(),
        unit: z.string().nullable(),
        kind: z.enum(['number', 'text']),
        inCategory: z.boolean().openapi({ description: 'Used by the catalogue parts of this category' }),
        example: z.string().nullable(),
      }),
    ),
  })
  .openapi('ComponentParamKeys');
export type ParamKeys = z.infer<typeof ParamKeysSchema>;
