// The assistant's plain GET calls (SPEC §7 AI): ai/getProducts (the parts the assistant shows for a
// question, best first) and ai/getLink (the assistant page's address). Problems are message keys
// (ai.question.*), turned into the caller's language by the route's hook.

import { z } from '@hono/zod-openapi';
import type { Locale } from '../i18n/i18n.ts';
import { AppError, Code } from '../server/errors.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import { AI_LIMITS } from './ai.ts';

export const AI_QUESTION_PROBLEMS = ['ai.question.empty', 'ai.question.long', 'ai.link.for'] as const;
type QuestionProblem = (typeof AI_QUESTION_PROBLEMS)[number];

export const GetProductsQuery = z.object({
  question: z
    .string({ error: 'ai.question.empty' })
    .trim()
    .min(1, 'ai.question.empty')
    .max(AI_LIMITS.questionChars, 'ai.question.long')
    .openapi({
      description: `The question (1–${AI_LIMITS.questionChars} characters), Chinese or English`,
      example: '3.3V LDO 1A SOT-223',
    }),
});

export const GetLinkQuery = z.object({
  for: z.enum(['chat', 'ecad'], { error: 'ai.link.for' }).optional().openapi({
    description: "'ecad' for the panel beside the design viewer (/ecadViewer/ai); the assistant page (/aiChat) otherwise",
  }),
});

export const AiParamSchema = z.object({ key: z.string(), name: z.string(), value: z.string() }).openapi('AiParam');

export const AiProductSchema = z
  .object({
    mfgMpnCode: z.string(),
    mpn: z.string(),
    brandName: z.string(),
    cateName: z.string(),
    package: z.string().nullable(),
    params: z.array(AiParamSchema).openapi({
      description: "Shown parameters, the ones that matched the question's constraints first; names in the caller's language",
    }),
  })
  .openapi('AiProduct');

export const AiProductsSchema = z
  .object({
    list: z.array(AiProductSchema),
    answer: z.string().openapi({ description: "The retrieval assistant's answer as Markdown (constraints read, relaxations, the recommendation of a comparison), in the caller's language" }),
  })
  .openapi('AiProducts');
export const AiLinkSchema = z
  .object({
    url: z.string().openapi({ example: 'https://chipedia.example.com/aiChat' }),
  })
  .openapi('AiLink');

/** A 40000 naming the field, with the problem in the caller's language. */
export function questionError(locale: Locale, field: string, message: string | undefined): AppError {
  const problem = (AI_QUESTION_PROBLEMS as readonly string[]).includes(message ?? '')
    ? serverMessage(message as QuestionProblem, locale, {
        max: AI_LIMITS.questionChars,
      })
    : (message ?? 'invalid');
  return new AppError(Code.badInput, serverMessage('field', locale, { field, problem }));
}
