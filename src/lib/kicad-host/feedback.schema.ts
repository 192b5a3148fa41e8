import { z } from '@hono/zod-openapi';
import { bothMessages } from '../server/messages/server-message.ts';
import type { ServerMessageKey } from '../server/messages/server-message.ts';
import { INT32_MAX } from '../server/validation.ts';
import { FEEDBACK_KINDS, FEEDBACK_LIMITS, FEEDBACK_RESOLUTIONS, FEEDBACK_STATES, messageProblem } from './feedback.ts';

// The shapes of kicad/feedback*, declared once for the routes, the OpenAPI document and the
// islands (types only). Each refusal carries zh as its message and en in params.en, which the
// validation hook picks by the caller's language.

const issue = (key: ServerMessageKey, vars: Record<string, string | number> = {}) => {
  const { zh, en } = bothMessages(key);
  const fill = (t: string) => t.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));
  return { message: fill(zh), params: { en: fill(en) } };
};
const problemKeys = { empty: 'kicadHost.feedback.messageEmpty', tooLong: 'kicadHost.feedback.messageLong', control: 'kicadHost.feedback.control' } as const;

/** A report or a reply: 1–1000 characters after trimming, line breaks allowed, no control characters. */
const MessageText = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = messageProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', ...issue(problemKeys[problem], { max: FEEDBACK_LIMITS.messageMaxChars }) });
  })
  .openapi({ description: `Plain text, 1–${FEEDBACK_LIMITS.messageMaxChars} characters; line breaks allowed, control characters refused` });

const Id = z.number().int().positive().max(INT32_MAX);
const MfgMpnCode = z.string().regex(/^[A-Za-z0-9._~-]{1,160}$/, 'URL-safe part code');
const Page = {
  pageNum: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(FEEDBACK_LIMITS.pageSizeMax).default(20),
};

/**
 * One of `values`, refused with a message in both languages (a zod enum's own issue cannot carry
 * the English text the validation hook looks for).
 */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T, key: ServerMessageKey) =>
  z
    .string()
    .superRefine((value, ctx) => {
      if (!values.includes(value)) ctx.addIssue({ code: 'custom', ...issue(key) });
    })
    .transform((value) => value as T[number])
    .openapi({ type: 'string', enum: [...values] });

export const FeedbackKindSchema = z.enum(FEEDBACK_KINDS);
export const FeedbackStateSchema = z.enum(FEEDBACK_STATES);

export const FeedbackSubmitSchema = z
  .strictObject({
    mfgMpnCode: MfgMpnCode.optional().openapi({ description: 'A catalogue part (exclusive with userCompId)' }),
    userCompId: Id.optional().openapi({ description: 'One of the caller’s own components (exclusive with mfgMpnCode)' }),
    kind: oneOf(FEEDBACK_KINDS, 'kicadHost.feedback.kind'),
    message: MessageText,
    hostVersion: z
      .string()
      .superRefine((value, ctx) => {
        if (!/^\d{1,3}(\.\d{1,4}){0,3}$/.test(value)) ctx.addIssue({ code: 'custom', ...issue('kicadHost.feedback.hostVersion') });
      })
      .optional()
      .openapi({ description: 'The KiCad host’s version, when reported from inside KiCad', example: '9.0.5' }),
  })
  .refine((b) => (b.mfgMpnCode === undefined) !== (b.userCompId === undefined), { ...issue('kicadHost.feedback.target'), path: ['mfgMpnCode'] })
  .openapi('KicadFeedbackSubmit');
export type FeedbackSubmit = z.infer<typeof FeedbackSubmitSchema>;

export const FeedbackSchema = z
  .object({
    id: z.number().int(),
    kind: FeedbackKindSchema,
    message: z.string(),
    state: FeedbackStateSchema,
    reply: z.string().nullable(),
    hostVersion: z.string().nullable(),
    createdAt: z.string().openapi({ format: 'date-time' }),
    resolvedAt: z.string().nullable().openapi({ format: 'date-time' }),
    /** What was reported: a catalogue part (mfgMpnCode) or an own component (userCompId). */
    mfgMpnCode: z.string().nullable(),
    userCompId: z.number().int().nullable(),
    mpn: z.string().openapi({ description: 'The part’s or component’s MPN' }),
    /** Operators' lists only: who reported it. */
    reporter: z.string().optional(),
  })
  .openapi('KicadFeedback');
export type Feedback = z.infer<typeof FeedbackSchema>;

export const FeedbackPageSchema = z
  .object({ list: z.array(FeedbackSchema), total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() })
  .openapi('KicadFeedbackPage');
export type FeedbackPage = z.infer<typeof FeedbackPageSchema>;

export const FeedbackMineSchema = z.strictObject(Page).openapi('KicadFeedbackMine');
export const FeedbackListSchema = z.strictObject({ ...Page, state: oneOf(FEEDBACK_STATES, 'kicadHost.feedback.state').optional() }).openapi('KicadFeedbackList');
export type FeedbackListQuery = z.infer<typeof FeedbackListSchema>;

export const FeedbackResolveSchema = z
  .strictObject({ id: Id, state: oneOf(FEEDBACK_RESOLUTIONS, 'kicadHost.feedback.resolution'), reply: MessageText })
  .openapi('KicadFeedbackResolve');
export type FeedbackResolve = z.infer<typeof FeedbackResolveSchema>;
