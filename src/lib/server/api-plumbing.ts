import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { FileTooLargeError } from '../files/file-store.ts';
import { STORAGE_FULL_RETRY_AFTER_SECONDS, storageFull } from '../files/storage-full.ts';
import { LOCALE_HEADER, localeFromRequest } from './api-locale.ts';
import type { AppEnv } from './app-env.ts';
import type { Envelope, FailureKind, PlumbingOptions } from './create-app.ts';
import type { Db } from './db/client.server.ts';
import { AppError, Code, httpStatusOf } from './errors.ts';
import type { Logger } from './logger.server.ts';
import { serverMessage } from './messages/server-message.ts';
import { requestGuard } from './request-guard.ts';
import { baseSecurityHeaders, DATA_CSP, frameAncestors } from './security-headers.ts';

// The plumbing of the two `{ code, msg, result }` APIs, /api and /api_module (create-app.ts).

const codeOf: Record<FailureKind, number> = {
  notFound: Code.notFound,
  tooLarge: Code.tooLarge,
  badInput: Code.badInput,
  unavailable: Code.unavailable,
  internal: Code.internal,
};

/**
 * The caller's locale; read from the request when the plumbing's variables were never set (a path
 * outside the app's base, e.g. `/api/x/..\..\y` normalised to `/y`, meets only the not-found handler).
 */
const localeOf = (c: Context<AppEnv>) => c.var.locale ?? localeFromRequest(c.req.header('cookie'), c.req.header('accept-language'), c.req.header(LOCALE_HEADER));

/** `{ code, msg, result: null }` with the status of the code's class; AppError says its own code. */
export const apiEnvelope: Envelope<AppEnv> = {
  fail: (c, kind, msg) => c.json({ code: codeOf[kind], msg, result: null }, httpStatusOf(codeOf[kind]) as 400),
  message: (c, kind, error) => {
    const locale = localeOf(c);
    switch (kind) {
      case 'notFound':
        return error?.message || serverMessage('routeNotFound', locale, { path: c.req.path });
      case 'badInput':
        // Hono's own refusals (validator, body parsing) speak English: said again in the caller's language.
        if (error instanceof HTTPException) return serverMessage(/json/i.test(error.message) ? 'malformedJson' : /formdata/i.test(error.message) ? 'malformedForm' : 'badInput', locale);
        return error?.message || serverMessage('badInput', locale);
      default:
        return serverMessage(kind, locale);
    }
  },
  thrown: (c, error) => {
    // An upload over its kind's limit (src/lib/files/upload-limits.ts), wherever a route forgot to say so.
    if (error instanceof FileTooLargeError) {
      const megabytes = Math.max(1, Math.round(error.maxBytes / 1048576));
      return c.json({ code: Code.tooLarge, msg: serverMessage('fileTooLarge', localeOf(c), { megabytes }), result: null }, 413);
    }
    // The file store's disk is full: the upload was not saved (the spool removed its part file).
    if (storageFull(error)) {
      c.header('Retry-After', String(STORAGE_FULL_RETRY_AFTER_SECONDS));
      return c.json({ code: Code.storageFull, msg: serverMessage('storageFull', c.var.locale ?? 'zh'), result: null }, 507);
    }
    if (!(error instanceof AppError)) return undefined;
    const msg = error.hint ? `${error.message} (${error.hint})` : error.message;
    return c.json({ code: error.code, msg, result: null }, httpStatusOf(error.code) as 400);
  },
};

export type ApiPlumbingDeps = {
  db: Db;
  logger: Logger;
  /** Origins that may frame us (HOST_ORIGINS). */
  hostOrigins: readonly string[];
  /** Seconds since the epoch. */
  now: () => number;
};

/** Variables (db, clock, locale), security headers (data answers run nothing) and the input guard. */
export function apiPlumbing(deps: ApiPlumbingDeps): PlumbingOptions<AppEnv> {
  return {
    envelope: apiEnvelope,
    logger: deps.logger,
    requestLog: 'request',
    metricsApp: 'api',
    variables: (c) => {
      c.set('db', deps.db);
      c.set('now', deps.now);
      c.set('locale', localeFromRequest(c.req.header('cookie'), c.req.header('accept-language'), c.req.header(LOCALE_HEADER)));
    },
    headers: baseSecurityHeaders({ hostOrigins: deps.hostOrigins }),
    // Only /api/docs is HTML: its own inline style, nothing else.
    csp: (html) => (html ? `default-src 'none'; style-src 'unsafe-inline'; ${frameAncestors([])}` : DATA_CSP),
    guards: [requestGuard()],
  };
}
