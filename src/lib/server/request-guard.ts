import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { serverMessage } from './messages/server-message.ts';
import type { Locale } from '../i18n/i18n.ts';
import type { AppEnv } from './app-env.ts';
import { AppError, Code } from './errors.ts';
import { jsonProblem, queryProblem, textProblem, type JsonProblem } from './input-text.ts';

// The API's first line of validation, for every route at once (issue #9 items 5 and 6): one body
// limit (64 KB, larger only where an upload route declares it), and text that the database or the
// pages cannot hold (NUL, invalid UTF-8, lone surrogates) refused with 40000 naming the field,
// before any handler runs. Route schemas (strict, bounded) do the rest.

/** Request bodies above this are refused with 41300 unless the route declared a larger limit. */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

type Localized = Readonly<Record<Locale, string>>;
const declaredLimits = new Map<string, { bytes: number; message: Localized | undefined }>();

/**
 * An upload route's own body limit, by its full path (e.g. /api/chiplet/u/base/uploadImage), with
 * the message its users should read when they exceed it ('the image must be at most 2 MB').
 */
export function declareBodyLimit(path: string, bytes: number, message?: Localized): void {
  declaredLimits.set(path, { bytes, message });
}

export function bodyLimitOf(path: string): number {
  return declaredLimits.get(path)?.bytes ?? DEFAULT_BODY_LIMIT_BYTES;
}

export function describeProblem({ field, problem }: JsonProblem, locale: Locale): string {
  return serverMessage('field', locale, { field, problem: serverMessage(`input.${problem}`, locale) });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Middleware: body limit, then the query string and any JSON body checked as text. */
export function requestGuard(): MiddlewareHandler<AppEnv> {
  const limiters = new Map<string, MiddlewareHandler<AppEnv>>();
  const limiterFor = (path: string) => {
    const declared = declaredLimits.get(path);
    const key = declared ? path : '';
    let limiter = limiters.get(key);
    if (!limiter) {
      // Streams are counted as they arrive: an oversize body is refused before it is buffered.
      limiter = bodyLimit({
        maxSize: declared?.bytes ?? DEFAULT_BODY_LIMIT_BYTES,
        onError: (c) => {
          const locale = (c.var as { locale?: Locale }).locale ?? 'zh';
          throw new AppError(Code.tooLarge, declared?.message?.[locale] ?? serverMessage('tooLarge', locale));
        },
      }) as MiddlewareHandler<AppEnv>;
      limiters.set(key, limiter);
    }
    return limiter;
  };
  return async (c, next) => {
    const locale = c.var.locale ?? 'zh';
    const url = new URL(c.req.url);
    let pathProblem: JsonProblem | null = null;
    try {
      const p = textProblem(decodeURIComponent(url.pathname));
      if (p) pathProblem = { field: 'path', problem: p };
    } catch {
      pathProblem = { field: 'path', problem: 'encoding' };
    }
    const problem = pathProblem ?? queryProblem(url.search);
    if (problem) throw new AppError(Code.badInput, describeProblem(problem, locale));

    return limiterFor(url.pathname)(c, async () => {
      const type = (c.req.header('content-type') ?? '').toLowerCase();
      if (type.startsWith('application/json') && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
        // Read once (Hono caches it for the route's validator), bounded by the limit above.
        const bytes = await c.req.arrayBuffer();
        let text: string;
        try {
          text = utf8.decode(bytes);
        } catch {
          throw new AppError(Code.badInput, describeProblem({ field: 'body', problem: 'encoding' }, locale));
        }
        if (text.trim() !== '') {
          let value: unknown;
          try {
            value = JSON.parse(text);
          } catch {
            throw new AppError(Code.badInput, serverMessage('malformedJson', locale));
          }
          const found = jsonProblem(value);
          if (found) throw new AppError(Code.badInput, describeProblem(found, locale));
        }
      }
      await next();
    });
  };
}
