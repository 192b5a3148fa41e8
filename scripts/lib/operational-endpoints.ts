import type { IncomingMessage, ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { Database } from '../../src/lib/server/db/client.server.ts';
import { readiness, registerRuntimeGauges } from '../../src/lib/server/observability/health.server.ts';
import { metricsText, observeRequest } from '../../src/lib/server/observability/metrics.server.ts';

// The operator's endpoints, answered before the site (issue #18 item 6): /healthz, /readyz and
// /metrics. They bypass Astro so a stuck page render cannot make a node look dead.
//
// Issue #36 item 4: the public listener serves /metrics only for a Bearer METRICS_TOKEN, whatever
// the peer's address: a proxy on the same host makes every visitor a loopback peer. Without a
// token, metrics live on their own listener (METRICS_PORT, bound to METRICS_HOST, loopback by
// default), which no proxy forwards to unless told. /healthz and /readyz stay open to anyone (the
// proxy's health checks) and say nothing but up / ready; /readyz's details (database, search
// index, seeding, replica) go to the token or the metrics listener only.

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  res.end(body);
}

const JSON_TYPE = 'application/json; charset=utf-8';

type Handler = (req: IncomingMessage, res: ServerResponse) => boolean;

/** Answers the three paths; `operator` says whether this request may see metrics and details. */
function answer(database: Database, req: IncomingMessage, res: ServerResponse, operator: boolean): boolean {
  const path = (req.url ?? '/').split('?')[0];
  if (path === '/healthz') {
    send(res, 200, JSON_TYPE, JSON.stringify({ status: 'ok' }));
    return true;
  }
  if (path === '/readyz') {
    void readiness(database).then(
      (r) => send(res, r.ready ? 200 : 503, JSON_TYPE, JSON.stringify(operator ? r : { ready: r.ready })),
      () => send(res, 503, JSON_TYPE, JSON.stringify({ ready: false })),
    );
    return true;
  }
  if (path === '/metrics') {
    if (!operator) {
      send(res, 403, 'text/plain; charset=utf-8', 'forbidden: /metrics needs Authorization: Bearer <METRICS_TOKEN>, or METRICS_PORT\n');
      return true;
    }
    void metricsText().then((m) => send(res, 200, m.contentType, m.body));
    return true;
  }
  return false;
}

/** The public listener's handler: answers the three paths (true) or leaves the request alone (false). */
export function operationalEndpoint(database: Database, metricsToken: string | undefined): Handler {
  registerRuntimeGauges(database);
  return (req, res) => {
    const auth = req.headers.authorization ?? '';
    const operator = metricsToken !== undefined && auth.startsWith('Bearer ') && sameToken(auth.slice(7), metricsToken);
    return answer(database, req, res, operator);
  };
}

/** The metrics listener's handler (METRICS_PORT): the three paths with details, 404 for the rest. */
export function metricsListenerHandler(database: Database): (req: IncomingMessage, res: ServerResponse) => void {
  registerRuntimeGauges(database);
  return (req, res) => {
    if (!answer(database, req, res, true)) send(res, 404, 'text/plain; charset=utf-8', 'not found\n');
  };
}

/** Static files (served before Astro) are counted under one label. */
export function countStatic(req: IncomingMessage, res: ServerResponse, started: number): void {
  const observe = () => observeRequest('static', 'static', req.method ?? 'GET', res.statusCode, (performance.now() - started) / 1000);
  if (res.writableFinished) observe();
  else res.once('finish', observe);
}
