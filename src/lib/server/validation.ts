import type { Hook } from '@hono/zod-openapi';
import { z } from '@hono/zod-openapi';
import { englishOf, serverMessage } from './messages/server-message.ts';
import type { AppEnv } from './app-env.ts';
import { AppError, Code } from './errors.ts';

/** Turns the first zod issue into a 40000 whose msg names the field. */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result, c) => {
  if (result.success) return;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : result.target;
  const locale = c.var.locale ?? 'zh';
  // A custom rule may carry its English text in params.en (its message is the Chinese one).
  const en = (issue as { params?: { en?: unknown } } | undefined)?.params?.en;
  const problem = locale === 'en' ? (typeof en === 'string' ? en : englishProblem(issue)) : (issue?.message ?? 'invalid');
  throw new AppError(Code.badInput, serverMessage('field', locale, { field, problem }));
};

const CJK = /[\u3400-\u9fff]/;

/**
 * An English problem for an issue whose rule wrote only Chinese (`z.email(text(...).zh)`): the table's
 * English for the same text, else words from the issue's kind, never the Chinese.
 */
function englishProblem(issue: z.core.$ZodIssue | undefined): string {
  const message = issue?.message ?? 'invalid';
  if (!CJK.test(message)) return message;
  const known = englishOf(message);
  if (known) return known;
  const unit = (origin: unknown) => (origin === 'string' ? ' characters' : origin === 'array' ? ' items' : '');
  switch (issue?.code) {
    case 'too_big':
      return `must be at most ${String(issue.maximum)}${unit(issue.origin)}`;
    case 'too_small':
      return `must be at least ${String(issue.minimum)}${unit(issue.origin)}`;
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'invalid_format':
      return `is not a valid ${issue.format}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    default:
      return 'is invalid';
  }
}

/** PostgreSQL `integer` columns hold at most this; larger ids are refused at the route, not by the database. */
export const INT32_MAX = 2_147_483_647;

/** A row id in a path or query: a positive integer that fits its column. */
export const RowId = z.coerce.number().int('must be an integer').positive('must be a positive integer').max(INT32_MAX, `must be ≤ ${INT32_MAX}`);
