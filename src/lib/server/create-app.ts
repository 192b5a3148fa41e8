import type { Context, Env, Hono, MiddlewareHandler, Schema } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';
import { observeRequest } from './observability/metrics.server.ts';
import { enterActivity, startStallGuard } from './observability/stall-guard.server.ts';
import { dbFailure, loggableError, UNAVAILABLE_RETRY_AFTER_SECONDS } from './db-failure.server.ts';
import type { Logger } from './logger.server.ts';

// The plumbing every server app shares (/api, /api_module, /sso): request id, per-request variables
// and log line, security headers, the input guard, and one mapping of failures (unknown route, body
// too large, bad input, database unavailable, bug) onto the app's own envelope. Each app keeps its
// class (OpenAPIHono for the documented APIs, Hono for the SSO) and its envelope; this is why it is
// a function over an app rather than Hono's createFactory, whose createApp() makes a plain Hono.

/** What every plumbed app finds on `c.var`, whatever else it adds. */
export type PlumbedEnv = {
  Bindings: { ip?: string | undefined };
  Variables: { ip: string; log: Logger; requestId: string };
};

/** The failures the plumbing answers itself; an app's own errors are answered by `thrown`. */
export type FailureKind = 'notFound' | 'tooLarge' | 'badInput' | 'unavailable' | 'internal';

export type Envelope<E extends Env> = {
  /** The answer for a failure, in this app's envelope and status. */
  fail(c: Context<E>, kind: FailureKind, msg: string): Response;
  /** The message for a failure, in the caller's language (`error`: an HTTPException's own text). */
  message(c: Context<E>, kind: FailureKind, error?: Error): string;
  /** Answers the app's own error class (AppError, SsoError); undefined for anything else. */
  thrown?(c: Context<E>, error: Error): Response | undefined;
};

export type PlumbingOptions<E extends Env> = {
  envelope: Envelope<E>;
  /** The app's logger; each request logs through a child carrying its request id. */
  logger: Logger;
  /** The message of the one log line per request ('request', 'sso request'). */
  requestLog: string;
  /** The `app` label of this app's request metrics (api, api_module, sso, mcp). */
  metricsApp: string;
  /** Sets the app's own variables (db, locale, clock, …) before any handler runs. */
  variables?(c: Context<E>): void;
  /** Headers every answer carries unless its handler set its own. */
  headers: Readonly<Record<string, string>>;
  /** The Content-Security-Policy of an answer without one: `html` documents, else data. */
  csp(html: boolean): string;
  /** Run before the routes, after the variables are set: input guards, CORS, body limits. */
  guards?: readonly MiddlewareHandler<E>[];
};

/**
 * Installs the shared plumbing on a fresh app (before its routes, since middleware runs in the
 * order it is added) and returns it, so `plumb(new OpenAPIHono<AppEnv>(…).basePath('/api'), …)`
 * keeps the app's own type.
 */
export function plumb<E extends PlumbedEnv, A extends Hono<E, Schema, string>>(app: A, options: PlumbingOptions<E>): A {
  const { envelope } = options;
  // Every app logs the event-loop stalls its requests cause (issue #36 item 1).
  startStallGuard();
  app.use(requestId({ headerName: 'X-Request-Id' }));
  const served = async (c: Context<E>, next: () => Promise<void>) => {
    const started = performance.now();
    c.set('ip', (c.env?.ip ?? '').trim() || 'unknown');
    c.set('log', options.logger.child({ reqId: c.var.requestId }));
    options.variables?.(c);
    await next();
    for (const [name, value] of Object.entries(options.headers)) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    // A 503 (database away, search timed out) tells clients and proxies when to come back.
    if (c.res.status === 503 && !c.res.headers.has('Retry-After')) c.res.headers.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    if (!c.res.headers.has('Content-Security-Policy')) {
      c.res.headers.set('Content-Security-Policy', options.csp((c.res.headers.get('content-type') ?? '').startsWith('text/html')));
    }
    c.var.log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) }, options.requestLog);
    // The matched pattern, not the URL, so labels stay few; the catch-all means no route matched.
    const route = routePath(c);
    observeRequest(options.metricsApp, route.endsWith('*') ? null : route, c.req.method, c.res.status, (performance.now() - started) / 1000);
  };
  // Marks the request as running for the stall guard, whatever its answer.
  app.use(async (c, next) => {
    const leave = enterActivity(`${c.req.method} ${c.req.path}`);
    try {
      await served(c, next);
    } finally {
      leave();
    }
  });
  for (const guard of options.guards ?? []) app.use(guard);

  app.notFound((c) => envelope.fail(c, 'notFound', envelope.message(c, 'notFound')));
  app.onError((error, c) => {
    const own = envelope.thrown?.(c, error);
    if (own) return own;
    if (error instanceof HTTPException) {
      const kind: FailureKind = error.status === 413 ? 'tooLarge' : error.status === 404 ? 'notFound' : 'badInput';
      return envelope.fail(c, kind, envelope.message(c, kind, error));
    }
    // The request's logger is missing only when the failure came before it was set.
    const log = (c.var as { log?: Logger }).log ?? options.logger;
    const reason = dbFailure(error);
    if (reason) {
      log.warn({ ...loggableError(error), reason }, 'database unavailable');
      return envelope.fail(c, 'unavailable', envelope.message(c, 'unavailable'));
    }
    log.error({ ...loggableError(error), stack: error.stack }, 'unhandled error');
    return envelope.fail(c, 'internal', envelope.message(c, 'internal'));
  });
  return app;
}
