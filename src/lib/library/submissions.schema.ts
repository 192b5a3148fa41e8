import { z } from '@hono/zod-openapi';
import { bothMessages } from '../server/messages/server-message.ts';
import { RowId } from '../server/validation.ts';
import { plainTextProblem, SUBMISSION_LICENCES, SUBMISSION_LIMITS, SUBMISSION_STATUSES } from './submissions.ts';

// The shapes of the submission calls (issue #16 item 5): user/submitComp, user/getUploadComp,
// withdrawing, and the operator's review calls. Lists are { list, total } with pageNum/pageSize.

const text = (key: Parameters<typeof bothMessages>[0], vars: Record<string, string | number> = {}) => {
  const m = bothMessages(key);
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
  return { zh: fill(m.zh), en: fill(m.en) };
};

/** Free plain text: trimmed, at most `max` characters, no markup or control characters. */
function plainText(max: number, tooLong: Parameters<typeof bothMessages>[0]) {
  const long = text(tooLong, { max });
  return z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (v.length > max) ctx.addIssue({ code: 'custom', message: long.zh, params: { en: long.en } });
      const problem = plainTextProblem(v);
      if (problem) {
        const m = text(problem === 'markup' ? 'submissions.textMarkup' : 'submissions.textControl');
        ctx.addIssue({ code: 'custom', message: m.zh, params: { en: m.en } });
      }
    });
}

export const LicenceSchema = z.enum(SUBMISSION_LICENCES).openapi({ description: 'SPDX id the submitter puts the symbol, footprint, 3D model and data under' });
export const StatusSchema = z.enum(SUBMISSION_STATUSES);

const confirm = text('submissions.licenceConfirm');
export const SubmitBodySchema = z
  .strictObject({
    userCompId: RowId.openapi({ description: 'The own component (u/comp) to propose' }),
    licence: LicenceSchema,
    confirmLicence: z
      .boolean({ error: confirm.zh })
      .refine((v) => v, { message: confirm.zh, params: { en: confirm.en } })
      .openapi({ description: 'Must be true: the submitter confirms they may license the files so' }),
    note: plainText(SUBMISSION_LIMITS.noteMaxChars, 'submissions.noteTooLong').optional().openapi({ description: 'A note to the reviewer, plain text' }),
  })
  .openapi('SubmitComp');

export const IdBodySchema = z.strictObject({ id: RowId }).openapi('SubmissionId');

const PageFields = {
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(SUBMISSION_LIMITS.pageSizeMax).default(20),
};
export const MyListBodySchema = z
  .strictObject({ ...PageFields, status: StatusSchema.optional(), userCompId: RowId.optional().openapi({ description: 'Only the submissions of this own component' }) })
  .openapi('GetUploadComp');
export const ReviewListBodySchema = z
  .strictObject({ ...PageFields, status: z.enum([...SUBMISSION_STATUSES, 'all']).default('pending').openapi({ description: "'pending' (default) or another status, or 'all'" }) })
  .openapi('ReviewList');

const reasonRequired = text('submissions.reasonRequired');
export const RejectBodySchema = z
  .strictObject({
    id: RowId,
    reason: plainText(SUBMISSION_LIMITS.reasonMaxChars, 'submissions.reasonTooLong')
      .refine((v) => v.length > 0, { message: reasonRequired.zh, params: { en: reasonRequired.en } })
      .openapi({ description: 'Required, plain text, at most 500 characters; the submitter sees it' }),
  })
  .openapi('RejectSubmission');

export const SubmissionCardSchema = z
  .object({
    id: z.number().int(),
    /** The own component it was made from; null once the component was deleted. */
    componentId: z.number().int().nullable(),
    mpn: z.string(),
    brand: z.string(),
    status: StatusSchema,
    /** The status in the caller's language. */
    statusText: z.string(),
    licence: LicenceSchema,
    quality: z.string(),
    /** Why it was rejected (null otherwise). */
    reason: z.string().nullable(),
    createdAt: z.string().openapi({ format: 'date-time' }),
    reviewedAt: z.string().nullable().openapi({ format: 'date-time' }),
    /** The catalogue part made from it, when accepted. */
    productId: z.number().int().nullable(),
    mfgMpnCode: z.string().nullable(),
  })
  .openapi('SubmissionCard');
export type SubmissionCard = z.infer<typeof SubmissionCardSchema>;

export const SubmissionListSchema = z.object({ list: z.array(SubmissionCardSchema), total: z.number().int() }).openapi('SubmissionList');
export type SubmissionList = z.infer<typeof SubmissionListSchema>;

export const ReviewCardSchema = SubmissionCardSchema.extend({ submitter: z.object({ id: z.number().int(), name: z.string() }) }).openapi('ReviewCard');
export type ReviewCard = z.infer<typeof ReviewCardSchema>;
export const ReviewListSchema = z.object({ list: z.array(ReviewCardSchema), total: z.number().int() }).openapi('ReviewListResult');
export type ReviewList = z.infer<typeof ReviewListSchema>;

export const ReviewDetailSchema = ReviewCardSchema.extend({
  description: z.string(),
  datasheetUrl: z.string().nullable(),
  cateId: z.number().int().nullable(),
  cateName: z.string().nullable(),
  symbolName: z.string().nullable(),
  note: z.string(),
  params: z.array(z.object({ key: z.string(), value: z.string(), num: z.number().nullable(), unit: z.string().nullable() })),
  findings: z.array(z.object({ code: z.string(), severity: z.enum(['error', 'warning', 'info']), text: z.string() })),
  assets: z.array(z.object({ kind: z.string(), format: z.string(), fileName: z.string(), size: z.number().int(), stored: z.boolean() })),
  /** Previews drawn by the KiCad engine, as on product pages (null when the file is absent or unreadable). */
  symbolSvg: z.string().nullable(),
  footprintSvg: z.string().nullable(),
  /** Why a preview could not be drawn. */
  previewProblems: z.array(z.string()),
  /** A catalogue part with the same MPN and brand already exists. */
  existing: z.object({ mfgMpnCode: z.string(), mpn: z.string() }).nullable(),
}).openapi('ReviewDetail');
export type ReviewDetail = z.infer<typeof ReviewDetailSchema>;

export const AcceptResultSchema = z.object({ id: z.number().int(), productId: z.number().int(), mfgMpnCode: z.string() }).openapi('AcceptResult');
export const RoleSchema = z.object({ operator: z.boolean() }).openapi('ReviewRole');
