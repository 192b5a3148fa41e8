import { z } from '@hono/zod-openapi';
import { Code, type Envelope } from './errors.ts';

export function ok<T>(result: T, msg = 'success'): Envelope<T> {
  return { code: Code.ok, msg, result };
}

/** The OpenAPI shape of `{ code, msg, result }` around a result schema. */
export function envelopeOf<T extends z.ZodType>(result: T) {
  return z.object({ code: z.number().int().openapi({ example: Code.ok }), msg: z.string(), result });
}

export const errorEnvelope = z
  .object({ code: z.number().int().openapi({ example: Code.badInput }), msg: z.string(), result: z.null() })
  .openapi('ErrorEnvelope');

/** Standard error responses every route may return. */
export const errorResponses = {
  400: { description: 'Bad input (40000); msg names the field', content: { 'application/json': { schema: errorEnvelope } } },
  500: { description: 'Internal error (50000)', content: { 'application/json': { schema: errorEnvelope } } },
} as const;

export const authErrorResponses = {
  ...errorResponses,
  401: {
    description: 'No or invalid token (40001), or session expired (40002)',
    content: { 'application/json': { schema: errorEnvelope } },
  },
} as const;
