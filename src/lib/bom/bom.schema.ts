import { z } from '@hono/zod-openapi';
import { BOM_FIELDS } from './header-match.ts';

// The BOM tool's API shapes (issue #12; SPEC §7 BOM, user BOM and replacement calls), declared
// once: bom.routes.ts / replace.routes.ts document them, server modules and the grid use the
// inferred types. Names the issue fixes are kept exactly (checks outside the suite read them):
// upload { bomId, sheets: [{ name, rows }], sheet }; headerMatch { headerRow, columns: [{ index,
// header, field }] }; queryMatch { list, total, summary } with lines { lineId, row, designators,
// quantity, source, status, chosen, candidates }; chosen { mfgMpnCode, mpn, brandName, package,
// cateName }. Type-only imports are free for browser code.
//
// Rows and column indexes are 0-based everywhere in the API (the page shows row + 1).

export const BomFieldSchema = z.enum(BOM_FIELDS);
export type BomFieldName = z.infer<typeof BomFieldSchema>;

/** Request bodies refuse unknown keys and bound every integer to int4 (security probe, issue #9 item 5). */
const INT4_MAX = 2_147_483_647;
const LineIdSchema = z.number().int().positive().max(INT4_MAX);

export const BomIdSchema = z.string().uuid().openapi({ description: 'bomId (SPEC §3): random; a logged-out BOM is reached by it alone' });

// ── Upload ────────────────────────────────────────────────────────────────────

export const BomSheetInfoSchema = z.object({
  name: z.string(),
  rows: z.number().int().openapi({ description: 'Non-empty rows in the sheet' }),
  hidden: z.boolean(),
});

/** POST /bom/upload (multipart `file`, optional `name`). */
export const BomUploadResultSchema = z
  .object({
    bomId: BomIdSchema,
    sheets: z.array(BomSheetInfoSchema),
    sheet: z.string().openapi({ description: 'The sheet chosen by default (the first visible one with a header and lines)' }),
    format: z.enum(['xlsx', 'xls', 'csv', 'tsv']),
    warnings: z.array(z.string()).openapi({ description: "Things the user should know (encoding guessed, empty sheets), in the caller's language" }),
  })
  .openapi('BomUpload');
export type BomUploadResult = z.infer<typeof BomUploadResultSchema>;

// ── Header match and confirm ──────────────────────────────────────────────────

export const BomColumnSchema = z.strictObject({
  index: z.number().int().min(0).max(199),
  header: z.string().max(500),
  field: BomFieldSchema,
});
export type BomColumn = z.infer<typeof BomColumnSchema>;

/** GET /bom/headerMatch?bomId=&sheet= */
export const BomHeaderMatchSchema = z
  .object({
    bomId: BomIdSchema,
    sheet: z.string(),
    headerRow: z.number().int().nullable().openapi({ description: '0-based row of the header; null when the sheet has none' }),
    columns: z.array(BomColumnSchema),
    confidence: z.number().min(0).max(1),
    problems: z.array(z.string()).openapi({ description: "What to check, in the caller's language" }),
    preview: z.array(z.array(z.string())).openapi({ description: 'The first rows of the sheet (from row 0, at most 30)' }),
    confirmed: z.boolean().openapi({ description: 'True when this is the mapping the user confirmed' }),
  })
  .openapi('BomHeaderMatch');
export type BomHeaderMatch = z.infer<typeof BomHeaderMatchSchema>;

/** POST /bom/confirm: the same shape back, fixed by the user. */
export const BomConfirmBodySchema = z
  .strictObject({
    bomId: BomIdSchema,
    sheet: z.string().max(200).optional(),
    headerRow: z.number().int().min(0).max(INT4_MAX).nullable(),
    columns: z.array(BomColumnSchema).max(200),
  })
  .openapi('BomConfirm');
export type BomConfirmBody = z.infer<typeof BomConfirmBodySchema>;

export const BomConfirmResultSchema = z.object({
  bomId: BomIdSchema,
  lines: z.number().int(),
  jobId: z.string().uuid().openapi({ description: 'The matching job: follow it at /api/jobs/{id}/events' }),
});

// ── Lines ─────────────────────────────────────────────────────────────────────

export const BOM_LINE_STATUSES = ['pending', 'exact', 'matched', 'doubtful', 'notFound', 'dnp', 'notAPart'] as const;
export const BomLineStatusSchema = z.enum(BOM_LINE_STATUSES).openapi({
  description:
    'pending: not matched yet; exact: supplier code or MPN equal (auto-accepted); matched: packaging variant or a unique full match (auto-accepted); doubtful: candidates need the user; notFound: nothing fits; dnp: not fitted; notAPart: not an electronic part (the PCB, hardware, a heading…), never matched',
});
export type BomLineStatus = z.infer<typeof BomLineStatusSchema>;

/** A catalogue part as the grid shows it. */
export const BomPartSchema = z.object({
  productId: z.number().int(),
  mfgMpnCode: z.string(),
  mpn: z.string(),
  brandName: z.string().nullable(),
  package: z.string().nullable(),
  cateName: z.string().nullable(),
  description: z.string().nullable(),
  domestic: z.boolean().openapi({ description: 'A Chinese brand' }),
  hasKicad: z.boolean().openapi({ description: 'Has a KiCad symbol and footprint' }),
});
export type BomPart = z.infer<typeof BomPartSchema>;

export const MATCH_TIERS = ['supplier', 'exact', 'canonical', 'packaging', 'memory', 'family', 'fuzzy', 'parametric', 'keyword'] as const;
export const MatchTierSchema = z.enum(MATCH_TIERS);
export type MatchTier = z.infer<typeof MatchTierSchema>;

export const BomCandidateSchema = BomPartSchema.extend({
  confidence: z.number().min(0).max(1),
  tier: MatchTierSchema,
  reason: z.string().openapi({ description: "Why, in the caller's language ('MPN equal after removing packaging suffix (#TRPBF)')" }),
  reasons: z.array(z.string()),
});
export type BomCandidate = z.infer<typeof BomCandidateSchema>;

/** The chosen part's best offer as stored (issue #30 item 5: the grid shows price and stock when known). */
export const BomChosenOfferSchema = z.object({
  distributor: z.string(),
  stock: z.number().int(),
  /** Unit price at the smallest price break, in `currency`; null when the offer has no price. */
  unitPrice: z.number().nullable(),
  currency: z.string(),
  /** When the distributor's data was taken. */
  dataTime: z.string(),
  /** A dated catalogue snapshot (e.g. the LCSC offers of 2026-05-21), not live data. */
  snapshot: z.boolean(),
});
export type BomChosenOffer = z.infer<typeof BomChosenOfferSchema>;

export const BomChosenSchema = BomPartSchema.extend({
  by: z.enum(['auto', 'user', 'replacement', 'ai', 'memory']),
  confidence: z.number().min(0).max(1).nullable(),
  offer: BomChosenOfferSchema.nullable().optional().openapi({ description: 'The offer with the most stock (in-stock first), null when the part has none' }),
});
export type BomChosen = z.infer<typeof BomChosenSchema>;

/** The user's cells by field (several notes columns joined by ' | '), plus the row as uploaded. */
export const BomSourceSchema = z.object({
  mpn: z.string().optional(),
  manufacturer: z.string().optional(),
  description: z.string().optional(),
  package: z.string().optional(),
  value: z.string().optional(),
  quantity: z.string().optional(),
  designators: z.string().optional(),
  supplierPn: z.string().optional(),
  notes: z.string().optional(),
  cells: z.array(z.string()),
});
export type BomSource = z.infer<typeof BomSourceSchema>;

export const BomLineSchema = z
  .object({
    lineId: z.number().int(),
    row: z.number().int().nullable().openapi({ description: '0-based sheet row; null for a line added by the user' }),
    designators: z.array(z.string()),
    quantity: z.number().int().nullable().openapi({ description: 'Per board' }),
    totalQuantity: z.number().int().nullable().openapi({ description: 'quantity × boardCount' }),
    source: BomSourceSchema,
    status: BomLineStatusSchema,
    chosen: BomChosenSchema.nullable(),
    candidates: z.array(BomCandidateSchema).openapi({ description: 'Best first, at most 10' }),
    dnp: z.boolean(),
    problems: z.array(z.string()).openapi({ description: "Doubts about the line's cells, in the caller's language" }),
    version: z.number().int().openapi({ description: 'Send it back with an edit; a stale one answers 40900 with the current line' }),
  })
  .openapi('BomLine');
export type BomLineView = z.infer<typeof BomLineSchema>;

export const BomSummarySchema = z
  .object({
    bomId: BomIdSchema,
    name: z.string(),
    state: z.enum(['uploaded', 'confirmed', 'matching', 'matched']),
    boardCount: z.number().int(),
    lines: z.number().int(),
    counts: z.object({ pending: z.number().int(), exact: z.number().int(), matched: z.number().int(), doubtful: z.number().int(), notFound: z.number().int(), dnp: z.number().int(), notAPart: z.number().int() }),
    /** Parts to buy for boardCount boards (sum of fitted lines' totals). */
    totalParts: z.number().int(),
    jobId: z.string().uuid().nullable().openapi({ description: 'The last matching job' }),
    trends: z.lazy(() => BomTrendsSchema),
    owned: z.boolean().openapi({ description: 'Kept in an account (else reached by bomId alone)' }),
    version: z.number().int(),
    updatedAt: z.string(),
  })
  .openapi('BomSummary');
export type BomSummary = z.infer<typeof BomSummarySchema>;

/** GET /bom/queryMatch?bomId=&pageNum=&pageSize=&status= */
export const BomQueryMatchQuerySchema = z.object({
  bomId: BomIdSchema,
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(5000).default(100),
  status: BomLineStatusSchema.optional(),
});
export const BomQueryMatchSchema = z
  .object({ list: z.array(BomLineSchema), total: z.number().int(), summary: BomSummarySchema })
  .openapi('BomQueryMatch');
export type BomQueryMatch = z.infer<typeof BomQueryMatchSchema>;

// ── Edits (each saved at once; lines answer with their new state) ─────────────

const LineRef = { bomId: BomIdSchema, lineId: LineIdSchema, version: z.number().int().min(0).max(INT4_MAX).optional() };

/** POST /bom/change: choose a candidate (or any catalogue part), or clear with null. */
export const BomChangeBodySchema = z.strictObject({ ...LineRef, mfgMpnCode: z.string().min(1).max(200).nullable() });

/** POST /bom/changeSet: set a line's cells; the line is matched again. */
export const BomLineFieldsSchema = z.strictObject({
  mpn: z.string().max(200).optional(),
  manufacturer: z.string().max(200).optional(),
  description: z.string().max(500).optional(),
  package: z.string().max(200).optional(),
  value: z.string().max(200).optional(),
  supplierPn: z.string().max(200).optional(),
  notes: z.string().max(1000).optional(),
  designators: z.string().max(20_000).optional(),
  quantity: z.string().max(50).optional().openapi({ description: "As typed ('1,000', '2pcs'): parsed like an uploaded cell" }),
  dnp: z.boolean().optional(),
});
export const BomChangeSetBodySchema = z.strictObject({ ...LineRef, fields: BomLineFieldsSchema });

/** POST /bom/add */
export const BomAddBodySchema = z.strictObject({ bomId: BomIdSchema, fields: BomLineFieldsSchema });

/** POST /bom/delete */
export const BomDeleteBodySchema = z.strictObject({ bomId: BomIdSchema, lineIds: z.array(LineIdSchema).min(1).max(5000) });

/** POST /bom/changeCount */
export const BomChangeCountBodySchema = z.strictObject({ bomId: BomIdSchema, boardCount: z.number().int().min(1).max(1_000_000) });

/** POST /bom/queryByDesc: search parts for a line by a description or MPN typed by the user. */
export const BomQueryByDescBodySchema = z.strictObject({
  bomId: BomIdSchema.optional(),
  lineId: LineIdSchema.optional(),
  keyword: z.string().trim().min(1).max(200),
  pageNum: z.number().int().min(1).max(100).default(1),
  pageSize: z.number().int().min(1).max(50).default(10),
});
export const BomQueryByDescSchema = z.object({ list: z.array(BomCandidateSchema), total: z.number().int() });

// ── Matching preferences (trends) ─────────────────────────────────────────────

export const BOM_TRENDS = ['preferOriginalBrand', 'preferDomestic', 'preferKicad', 'preferActive'] as const;
export const BomTrendsSchema = z
  .object({
    preferOriginalBrand: z.boolean().openapi({ description: "Rank parts of the brand the line names first (on by default)" }),
    preferDomestic: z.boolean().openapi({ description: 'Rank Chinese brands first among equally good candidates' }),
    preferKicad: z.boolean().openapi({ description: 'Rank parts with a KiCad symbol and footprint first' }),
    preferActive: z.boolean().openapi({ description: 'Rank parts in production above NRND/obsolete ones (on by default)' }),
  })
  .openapi('BomTrends');
export type BomTrends = z.infer<typeof BomTrendsSchema>;
export const DEFAULT_BOM_TRENDS: BomTrends = { preferOriginalBrand: true, preferDomestic: false, preferKicad: false, preferActive: true };

/** GET /bom/addTrend?bomId=: the BOM's preferences and what each means. */
export const BomTrendOptionsSchema = z.object({
  trends: BomTrendsSchema,
  options: z.array(z.object({ key: z.enum(BOM_TRENDS), label: z.string(), description: z.string() })),
});
/** POST /bom/changeTrend: set preferences; the BOM's automatic choices are ranked again (a job). */
export const BomChangeTrendBodySchema = z.strictObject({ bomId: BomIdSchema, trends: BomTrendsSchema.partial().strict() });

/** POST /bom/changeByAI: re-match doubtful lines (all, or the given ones) with the assistant's parser. */
export const BomChangeByAiBodySchema = z.strictObject({ bomId: BomIdSchema, lineIds: z.array(LineIdSchema).max(5000).optional() });
export const BomJobStartedSchema = z.object({ bomId: BomIdSchema, jobId: z.string().uuid(), parser: z.enum(['rules', 'llm']).optional() });

/** POST /bom/download: the xlsx (blob). */
export const BomDownloadBodySchema = z.strictObject({ bomId: BomIdSchema });

// ── The user's BOM list (user/bom, user/bom/del, user/bom/update) ─────────────

export const UserBomListBodySchema = z.strictObject({ pageNum: z.number().int().min(1).max(10_000).default(1), pageSize: z.number().int().min(1).max(100).default(20) });
export const UserBomItemSchema = BomSummarySchema.pick({ bomId: true, name: true, state: true, boardCount: true, lines: true, counts: true, updatedAt: true }).extend({
  fileName: z.string(),
  createdAt: z.string(),
});
export const UserBomListSchema = z.object({ list: z.array(UserBomItemSchema), total: z.number().int() });
export const UserBomUpdateBodySchema = z.strictObject({ bomId: BomIdSchema, name: z.string().trim().min(1).max(100) });
