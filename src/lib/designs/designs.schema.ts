import { z } from '@hono/zod-openapi';
import { DesignFileSchema, DesignIdSchema, DesignStatsSchema } from '../viewer/viewer.schema.ts';
import { DESIGN_LICENCES, DESIGN_VISIBILITIES, MAX_DESCRIPTION_LENGTH, MAX_TAG_LENGTH, MAX_TAGS, MAX_TITLE_LENGTH } from './designs.ts';

// The designs calls' shapes (issue #14; SPEC §7 "Design drawings"): the names here are read by
// checks outside the suite, keep them. Lists are { list, total } with pageNum/pageSize ≤ 100.

export const LicenceSchema = z.enum(DESIGN_LICENCES).openapi({ description: "SPDX id of the design's licence; 'none' = all rights reserved" });
export const VisibilitySchema = z.enum(DESIGN_VISIBILITIES).openapi({ description: "'private' (default): only the owner; 'public': the gallery and anyone with the link" });
export const AnalysisStateSchema = z.enum(['pending', 'ok', 'failed']).openapi({ description: "Server analysis: 'failed' designs keep their files and say why (analysisMessage)" });

const Title = z.string().trim().min(1).max(MAX_TITLE_LENGTH);
const Description = z.string().max(MAX_DESCRIPTION_LENGTH);
const Tags = z.array(z.string().max(MAX_TAG_LENGTH)).max(MAX_TAGS).openapi({ description: 'Normalised on the server: trimmed, lower-cased, no repeats' });

/** One BOM line of a design (references grouped by value, footprint and part fields). */
export const DesignBomLineSchema = z
  .object({
    value: z.string(),
    footprint: z.string(),
    refs: z.array(z.string()),
    quantity: z.number().int(),
    mpn: z.string().optional(),
    manufacturer: z.string().optional(),
    lcsc: z.string().optional(),
    description: z.string().optional(),
    dnp: z.boolean(),
    /** The catalogue part this line matched exactly, when it did. */
    part: z.object({ mfgMpnCode: z.string(), mpn: z.string(), brandName: z.string() }).optional(),
  })
  .openapi('DesignBomLine');
export type DesignBomLine = z.infer<typeof DesignBomLineSchema>;

/** A design as lists show it (gallery card, my designs, liked). */
export const DesignCardSchema = z
  .object({
    id: DesignIdSchema,
    title: z.string(),
    description: z.string().openapi({ description: 'Plain text; lists cut it to 280 characters' }),
    tags: z.array(z.string()),
    licence: LicenceSchema,
    visibility: VisibilitySchema,
    /** /api/design/cover?id=…, null until the analysis drew one. */
    coverUrl: z.string().nullable(),
    stats: DesignStatsSchema,
    likeCount: z.number().int(),
    visitCount: z.number().int(),
    /** The caller liked it (false when logged out). */
    liked: z.boolean(),
    owner: z.object({ nickname: z.string() }),
    createdAt: z.string().openapi({ format: 'date-time' }),
    updatedAt: z.string().openapi({ format: 'date-time' }),
    publishedAt: z.string().nullable().openapi({ format: 'date-time' }),
    analysis: AnalysisStateSchema,
    /** Why the analysis failed, in the caller's language. */
    analysisMessage: z.string().optional(),
    /** Distinct catalogue parts the design's BOM matched. */
    partCount: z.number().int(),
    /** Published by the system from KiCad's demo projects (or the viewer's fixtures). */
    isDemo: z.boolean(),
    /** Origin and licence of a demo design. */
    attribution: z.string().nullable(),
    /** Top100 score (designScore), null until first computed. */
    score: z.number().nullable(),
  })
  .openapi('DesignCard');
export type DesignCard = z.infer<typeof DesignCardSchema>;

/** One design in full (GET /design/detail). */
export const DesignDetailSchema = DesignCardSchema.extend({
  files: z.array(DesignFileSchema),
  bom: z.array(DesignBomLineSchema).nullable(),
  /** The caller owns it (edit, delete, send to BOM). */
  own: z.boolean(),
}).openapi('DesignDetail');
export type DesignDetail = z.infer<typeof DesignDetailSchema>;

export const DesignListSchema = z.object({ list: z.array(DesignCardSchema), total: z.number().int() }).openapi('DesignList');
export type DesignList = z.infer<typeof DesignListSchema>;

const Page = {
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(24),
};

export const GallerySortSchema = z.enum(['newest', 'likes', 'visits', 'top']).openapi({ description: "'top' = Top100 score" });

/** GET /api/design/all: public designs; keyword matches title, description and tags; mpn = a part number its BOM uses. */
export const GalleryQuerySchema = z.object({
  keyword: z.string().trim().max(100).optional(),
  tag: z.string().trim().max(MAX_TAG_LENGTH).optional(),
  mpn: z.string().trim().max(100).optional(),
  sort: GallerySortSchema.default('newest'),
  ...Page,
});
export type GalleryQuery = z.infer<typeof GalleryQuerySchema>;

/** GET /api/design/user/page: the caller's designs, any visibility. */
export const OwnDesignsQuerySchema = z.object({ keyword: z.string().trim().max(100).optional(), ...Page });
export type OwnDesignsQuery = z.infer<typeof OwnDesignsQuerySchema>;

/** GET /api/design/liked/page: designs the caller liked, newest like first. */
export const LikedDesignsQuerySchema = z.object({ ...Page });

/** GET /api/design/byPart: public designs whose BOM uses a catalogue part. */
export const DesignsByPartQuerySchema = z.object({ mfgMpnCode: z.string().regex(/^[A-Za-z0-9._~-]{1,160}$/), ...Page });

/** POST /api/design/user (multipart): the project's files (as for viewer/upload) and these fields. */
export const DesignCreateFieldsSchema = z.object({
  title: Title.optional(),
  description: Description.optional(),
  /** Comma-separated in the form (splitTags). */
  tags: z.string().max(MAX_TAGS * (MAX_TAG_LENGTH + 2)).optional(),
  licence: LicenceSchema.optional(),
  visibility: VisibilitySchema.optional(),
});

/** PUT /api/design/user: what the owner changes. */
export const DesignUpdateSchema = z
  .strictObject({
    id: DesignIdSchema,
    title: Title.optional(),
    description: Description.optional(),
    tags: Tags.optional(),
    licence: LicenceSchema.optional(),
    visibility: VisibilitySchema.optional(),
  })
  .openapi('DesignUpdate');
export type DesignUpdate = z.infer<typeof DesignUpdateSchema>;

export const DesignIdBodySchema = z.strictObject({ id: DesignIdSchema });

/** POST /api/design/incrLikeCount: toggles the caller's like. */
export const LikeResultSchema = z.object({ id: DesignIdSchema, liked: z.boolean(), likeCount: z.number().int() }).openapi('DesignLike');
/** POST /api/design/incrVisitCount: counted once per visitor per design per day. */
export const VisitResultSchema = z.object({ id: DesignIdSchema, visitCount: z.number().int(), counted: z.boolean() }).openapi('DesignVisit');
/** POST /api/design/user/toBom: the design's BOM as a new BOM in the BOM tool. */
export const ToBomResultSchema = z.object({ bomId: z.string(), lines: z.number().int() }).openapi('DesignToBom');
export const DeleteResultSchema = z.object({ id: DesignIdSchema, deleted: z.literal(true) });

// --- Parts in designs and Top200 -----------------------------------------------------------------

/** POST /api/chiplet/products/queryEcadPage: parts with the public designs that use them. */
export const EcadPageBodySchema = z
  .strictObject({
    keyword: z.string().trim().max(100).optional().openapi({ description: 'Part number (prefix, any case)' }),
    cateId: z.number().int().positive().max(999_999_999).optional().openapi({ description: 'Category at any level' }),
    sort: z.enum(['use', 'mpn']).default('use').openapi({ description: "'use' = most public designs first" }),
    pageNum: z.number().int().min(1).max(10_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(20),
  })
  .openapi('EcadPageQuery');

export const EcadPartSchema = z
  .object({
    mfgMpnCode: z.string(),
    mpn: z.string(),
    brandName: z.string(),
    cateName: z.string(),
    package: z.string().nullable(),
    designCount: z.number().int(),
    /** A few of those designs, most liked first. */
    designs: z.array(z.object({ id: DesignIdSchema, title: z.string() })),
  })
  .openapi('EcadPart');
export const EcadPageSchema = z.object({ list: z.array(EcadPartSchema), total: z.number().int() });

export const PartUseSchema = z
  .object({
    designs: z.number().int(),
    componentPlacementCount: z.number().int(),
    modulePlacementCount: z.number().int(),
    edaCount: z.number().int(),
    pdfCount: z.number().int(),
    likeCount: z.number().int(),
    moduleCount: z.number().int(),
    tagClickCount: z.number().int(),
  })
  .openapi('PartUse');

/** GET /api/chiplet/top200?scope=all|<level-1 cateId>. */
export const Top200EntrySchema = z
  .object({
    rank: z.number().int(),
    prevRank: z.number().int().nullable(),
    trend: z.enum(['up', 'down', 'same', 'new']),
    score: z.number(),
    counts: PartUseSchema,
    product: z.object({ mfgMpnCode: z.string(), mpn: z.string(), brandName: z.string(), cateName: z.string(), package: z.string().nullable() }),
  })
  .openapi('Top200Entry');
export const Top200Schema = z.object({ scope: z.string(), computedAt: z.string().nullable(), list: z.array(Top200EntrySchema) }).openapi('Top200');
