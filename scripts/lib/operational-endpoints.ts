import type { IncomingMessage, ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { Database } from '../../src/lib/server/db/client.server.ts';
import { readiness, registerRuntimeGauges } from '../../src/lib/server/observability/health.server.ts';
import { metricsText, observeRequest } from '../../src/lib/server/observability/metrics.server.ts';

// The operator's endpoints, answered before the site (issue #18 item 6): /healthz, /readyz and
// /metrics. They bypass Astro so a stuck page render cannot make a node look dead.

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  res.end(body);
}

/** Returns a handler that answers the three paths (true) or leaves the request alone (false). */
export function operationalEndpoint(database: Database, metricsToken: string | undefined): (req: IncomingMessage, res: ServerResponse) => boolean {
  registerRuntimeGauges(database);
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/healthz') {
      send(res, 200, 'application/json; charset=utf-8', JSON.stringify({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) }));
      return true;
    }
    if (path === '/readyz') {
      void readiness(database).then((r) => send(res, r.ready ? 200 : 503, 'application/json; charset=utf-8', JSON.stringify(r)));
      return true;
    }
    if (path === '/metrics') {
      const auth = req.headers.authorization ?? '';
      const allowed = LOOPBACK.has(req.socket.remoteAddress ?? '') || (metricsToken !== undefined && auth.startsWith('Bearer ') && sameToken(auth.slice(7), metricsToken));
      if (!allowed) {
        send(res, 403, 'text/plain; charset=utf-8', 'forbidden: /metrics answers loopback, or a Bearer METRICS_TOKEN\n');
        return true;
      }
      void metricsText().then((m) => send(res, 200, m.contentType, m.body));
      return true;
    }
    return false;
  };
}

/** Static files (served before Astro) are counted under one label. */
export function countStatic(req: IncomingMessage, res: ServerResponse, started: number): void {
  const observe = () => observeRequest('static', 'static', req.method ?? 'GET', res.statusCode, (performance.now() - started) / 1000);
  if (res.writableFinished) observe();
  else res.once('finish', observe);
}
