import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { catalogRoutes } from '../catalog/catalog.routes.ts';
import { userRoutes } from '../users/users.routes.ts';
import { accountRoutes } from '../users/account.routes.ts';
import { searchRoutes } from '../search/search.routes.ts';
import { jobRoutes } from '../jobs/jobs.routes.ts';
import { apiMessage, localeFromRequest } from './api-locale.ts';
import type { AppEnv } from './app-env.ts';
import type { Db } from './db/client.server.ts';
import { AppError, Code, httpStatusOf } from './errors.ts';
import { logger as rootLogger, type Logger } from './logger.server.ts';
import { renderApiReference } from './openapi-reference.ts';
import { validationHook } from './validation.ts';
import { requestGuard } from './request-guard.ts';
import { getConfig } from './config.server.ts';
import { applyBaseSecurityHeaders, DATA_CSP, frameAncestors } from './security-headers.ts';

export type AppDeps = {
  db: Db;
  /** Origins that may frame us (HOST_ORIGINS); default from the environment. */
  hostOrigins?: readonly string[];
  logger?: Logger;
  /** Seconds since the epoch; tests inject a clock. */
  now?: () => number;
};

const openApiInfo: { openapi: string; info: { title: string; version: string; description: string } } = {
  openapi: '3.1.0',
  info: {
    title: 'Chipedia API',
    version: '0.1.0',
    description:
      'Every response is the envelope { code, msg, result }; code 200000 is success. Errors: 40000 bad input (msg names the field), 40001 no or invalid token, 40002 session expired, 40300 forbidden, 40400 not found, 41300 too large, 42900 rate limited, 50000 internal, 50300 unavailable. Authenticate with the X-token header.',
  },
};

/** The one Hono app behind /api: middleware, envelope, error mapping, one .route() per domain. */
export function createApp(deps: AppDeps) {
  const log = deps.logger ?? rootLogger;
  const now = deps.now ?? (() => Math.floor(Date.now() / 1000));
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).basePath('/api');

  const hostOrigins = deps.hostOrigins ?? getConfig().HOST_ORIGINS;
  app.use(requestId({ headerName: 'X-Request-Id' }));
  // Security headers on every answer; data gets a CSP under which nothing runs (the HTML of
  // /api/docs, its own inline style only).
  app.use(async (c, next) => {
    await next();
    applyBaseSecurityHeaders(c.res.headers, { hostOrigins });
    if (!c.res.headers.has('Content-Security-Policy')) {
      const html = (c.res.headers.get('content-type') ?? '').startsWith('text/html');
      c.res.headers.set('Content-Security-Policy', html ? `default-src 'none'; style-src 'unsafe-inline'; ${frameAncestors(hostOrigins)}` : DATA_CSP);
    }
  });
  app.use(async (c, next) => {
    const started = performance.now();
    c.set('db', deps.db);
    c.set('ip', (c.env?.ip ?? '').trim() || 'unknown');
    c.set('now', now);
    c.set('locale', localeFromRequest(c.req.header('cookie'), c.req.header('accept-language')));
    c.set('log', log.child({ reqId: c.var.requestId }));
    await next();
    c.var.log.info(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  });

  app.use(requestGuard());

  app.route('/', catalogRoutes);
  app.route('/', userRoutes);
  app.route('/', accountRoutes);
  app.route('/', searchRoutes);
  app.route('/', jobRoutes);

  app.doc31('/openapi.json', openApiInfo);
  app.get('/docs', (c) => c.html(renderApiReference(app.getOpenAPI31Document(openApiInfo) as unknown as Record<string, unknown>)));

  app.notFound((c) =>
    c.json({ code: Code.notFound, msg: apiMessage('routeNotFound', c.var.locale ?? 'zh', { path: c.req.path }), result: null }, 404),
  );

  app.onError((error, c) => {
    const locale = c.var.locale ?? 'zh';
    if (error instanceof AppError) {
      const msg = error.hint ? `${error.message} (${error.hint})` : error.message;
      return c.json({ code: error.code, msg, result: null }, httpStatusOf(error.code) as 400);
    }
    if (error instanceof HTTPException) {
      const code = error.status === 413 ? Code.tooLarge : error.status === 404 ? Code.notFound : Code.badInput;
      const msg = code === Code.tooLarge ? apiMessage('tooLarge', locale) : error.message || apiMessage('badInput', locale);
      return c.json({ code, msg, result: null }, httpStatusOf(code) as 400);
    }
    if (isDatabaseUnavailable(error)) {
      c.var.log?.warn({ err: error }, 'database unavailable');
      return c.json({ code: Code.unavailable, msg: apiMessage('unavailable', locale), result: null }, 503);
    }
    (c.var.log ?? log).error({ err: error }, 'unhandled error');
    return c.json({ code: Code.internal, msg: apiMessage('internal', locale), result: null }, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;

/** Connection-level failures (server restarting, pool exhausted) become 503, not 500. */
function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  const code = e?.code ?? e?.cause?.code ?? '';
  return ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P02', '57P03', '08006', '08001', '08003'].includes(code);
}
