import { z } from '@hono/zod-openapi';
import { BomIdSchema, BomLineSchema, BomPartSchema } from '../bom/bom.schema.ts';
import { REPLACE_GRADES, VERDICTS } from './replace.ts';

// The replacement calls' shapes (SPEC §7 Replacements: POST /api/chiplet/replace/*), declared
// once: replace.routes.ts documents them, replace.server.ts and the island use the inferred types.
// Type-only imports are free for browser code.

/** mfgMpnCode as the catalogue writes it (URL-safe). */
export const MfgMpnCodeSchema = z.string().trim().min(1).max(160).regex(/^[A-Za-z0-9._~-]+$/, 'URL-safe part code');

export const ReplaceGradeSchema = z.enum(REPLACE_GRADES).openapi({
  description:
    "dropIn: same footprint, same pin map, every parameter within the original's envelope; pinCompatible: same footprint and pin map, some parameter outside; packageCompatible: same footprint, a pin table unknown on either side (pins not verified); functional: same category and main value, different package or pins",
});
export type ReplaceGradeName = z.infer<typeof ReplaceGradeSchema>;

export const VerdictSchema = z.enum(VERDICTS).openapi({ description: "The candidate's value against the original's: same, better (within the envelope), worse, different, missing" });

export const ReplaceDiffSchema = z.object({
  key: z.string(),
  name: z.string().openapi({ description: "The parameter's name in the caller's language" }),
  original: z.string().nullable(),
  candidate: z.string().nullable(),
  verdict: VerdictSchema,
});
export type ReplaceDiff = z.infer<typeof ReplaceDiffSchema>;

export const ReplacePartSchema = BomPartSchema.extend({ lifecycle: z.string() });
export type ReplacePart = z.infer<typeof ReplacePartSchema>;

export const ReplaceOriginalSchema = ReplacePartSchema.extend({
  params: z.array(z.object({ key: z.string(), name: z.string(), display: z.string() })),
  pinCount: z.number().int(),
}).openapi('ReplaceOriginal');
export type ReplaceOriginal = z.infer<typeof ReplaceOriginalSchema>;

export const ReplaceCandidateSchema = ReplacePartSchema.extend({
  grade: ReplaceGradeSchema,
  score: z.number().min(0).max(1),
  reason: z.string().openapi({ description: "Why this grade, in the caller's language" }),
  diff: z.array(ReplaceDiffSchema),
  userPair: z
    .object({ id: z.number().int(), note: z.string().nullable() })
    .nullable()
    .openapi({ description: "The caller's own pair (replace/add), listed first; null otherwise" }),
  pinTables: z
    .object({ original: z.string().nullable(), candidate: z.string().nullable() })
    .openapi({ description: "Where each side's pin table comes from ('KiCad MCU_ST_STM32F1:STM32F103C8Tx'); null: the part has none, so its pins are not verified" }),
}).openapi('ReplaceCandidate');
export type ReplaceCandidate = z.infer<typeof ReplaceCandidateSchema>;

export const GetReplacesBodySchema = z
  .strictObject({
    mfgMpnCode: MfgMpnCodeSchema,
    grade: ReplaceGradeSchema.optional(),
    domesticOnly: z.boolean().optional(),
    pageNum: z.number().int().min(1).max(100).default(1),
    pageSize: z.number().int().min(1).max(100).default(20),
  })
  .openapi('GetReplaces');
export type GetReplacesBody = z.infer<typeof GetReplacesBodySchema>;

export const ReplaceListSchema = z
  .object({ original: ReplaceOriginalSchema, list: z.array(ReplaceCandidateSchema), total: z.number().int(), counts: z.object({ dropIn: z.number().int(), pinCompatible: z.number().int(), packageCompatible: z.number().int(), functional: z.number().int(), domestic: z.number().int() }) })
  .openapi('ReplaceList');
export type ReplaceList = z.infer<typeof ReplaceListSchema>;

export const ReplaceDetailBodySchema = z.strictObject({ mfgMpnCode: MfgMpnCodeSchema });
export const ReplaceDetailSchema = z.object({ list: z.array(ReplaceCandidateSchema).max(6), total: z.number().int() }).openapi('ReplaceDetail');
export type ReplaceDetail = z.infer<typeof ReplaceDetailSchema>;

export const ReplaceChangeBodySchema = z
  .strictObject({ bomId: BomIdSchema, lineId: z.number().int().positive().max(2_147_483_647), mfgMpnCode: MfgMpnCodeSchema, version: z.number().int().min(0).max(2_147_483_647).optional() })
  .openapi('ReplaceChange');
/** The line as /bom/queryMatch shows it, after the change (or, with 40900, as it is now). */
export const ReplaceChangeResultSchema = BomLineSchema;

export const ReplacePrefsSchema = z
  .object({
    domesticFirst: z.boolean().openapi({ description: 'Rank Chinese brands first within each grade' }),
    grades: z.array(ReplaceGradeSchema).min(1).openapi({ description: 'Grades listed when getReplaces names none' }),
  })
  .openapi('ReplacePrefs');
export type ReplacePrefs = z.infer<typeof ReplacePrefsSchema>;
export const DEFAULT_REPLACE_PREFS: ReplacePrefs = { domesticFirst: false, grades: ['dropIn', 'pinCompatible', 'packageCompatible', 'functional'] };
export const ReplaceChangeTrendBodySchema = z
  .strictObject({ domesticFirst: z.boolean().optional(), grades: z.array(ReplaceGradeSchema).min(1).max(4).optional() })
  .openapi('ReplaceChangeTrend');

export const ReplaceDownloadBodySchema = z.strictObject({ mfgMpnCode: MfgMpnCodeSchema });

export const ReplaceAddBodySchema = z
  .strictObject({ mfgMpnCode: MfgMpnCodeSchema, replacementMpnCode: MfgMpnCodeSchema, note: z.string().trim().max(500).optional() })
  .openapi('ReplaceAdd');
export const ReplacePairSchema = z.object({ id: z.number().int(), mfgMpnCode: z.string(), replacementMpnCode: z.string(), note: z.string().nullable(), createdAt: z.string() });
export const ReplaceDeleteBodySchema = z.strictObject({ id: z.number().int().positive().max(2_147_483_647) });
