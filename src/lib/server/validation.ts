import type { Hook } from '@hono/zod-openapi';
import { apiMessage } from './api-locale.ts';
import type { AppEnv } from './app-env.ts';
import { AppError, Code } from './errors.ts';

/** Turns the first zod issue into a 40000 whose msg names the field. */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result, c) => {
  if (result.success) return;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : result.target;
  throw new AppError(
    Code.badInput,
    apiMessage('field', c.var.locale ?? 'zh', { field, problem: issue?.message ?? 'invalid' }),
  );
};
