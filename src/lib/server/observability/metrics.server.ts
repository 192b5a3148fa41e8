import client from 'prom-client';

// Prometheus metrics (issue #18 item 6) in one registry per process. `npm start` and the server
// bundle load this module twice (two copies), so the registry and the metrics live on globalThis,
// as the database and the search index do.

type Metrics = {
  registry: client.Registry;
  requests: client.Counter<'app' | 'route' | 'method' | 'status'>;
  latency: client.Histogram<'app' | 'route' | 'method'>;
  smsSends: client.Counter<'provider' | 'outcome'>;
  smsBudgetExceeded: client.Counter;
};

const KEY = Symbol.for('chipedia.metrics');

function create(): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'chipedia_' });
  return {
    registry,
    requests: new client.Counter({
      name: 'chipedia_http_requests_total',
      help: 'HTTP requests by app (page, api, api_module, sso, mcp, static), route pattern, method and status',
      labelNames: ['app', 'route', 'method', 'status'],
      registers: [registry],
    }),
    latency: new client.Histogram({
      name: 'chipedia_http_request_duration_seconds',
      help: 'Time to the response headers, by app and route pattern',
      labelNames: ['app', 'route', 'method'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    smsSends: new client.Counter({ name: 'chipedia_sms_sends_total', help: 'SMS codes handed to the provider', labelNames: ['provider', 'outcome'], registers: [registry] }),
    smsBudgetExceeded: new client.Counter({
      name: 'chipedia_sms_budget_exceeded_total',
      help: 'SMS sends past the operator-set daily budget (SMS_DAILY_BUDGET): the alarm',
      registers: [registry],
    }),
  };
}

export function metrics(): Metrics {
  const g = globalThis as Record<symbol, Metrics | undefined>;
  return (g[KEY] ??= create());
}

// Route labels must stay few: an unmatched path (a 404 probe) is one label, not one per URL.
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function observeRequest(app: string, route: string | null | undefined, method: string, status: number, seconds: number): void {
  const m = metrics();
  const labels = { app, route: route && route.length <= 200 ? route : 'unmatched', method: METHODS.has(method) ? method : 'OTHER' };
  m.requests.inc({ ...labels, status: String(status) });
  m.latency.observe(labels, seconds);
}

/** A gauge whose value is read when Prometheus scrapes (the pool, the search index). */
export function registerGauge(name: string, help: string, read: () => number | null): void {
  const m = metrics();
  if (m.registry.getSingleMetric(name)) m.registry.removeSingleMetric(name);
  new client.Gauge({
    name,
    help,
    registers: [m.registry],
    collect() {
      const value = read();
      if (value !== null) this.set(value);
    },
  });
}

export async function metricsText(): Promise<{ contentType: string; body: string }> {
  const m = metrics();
  return { contentType: m.registry.contentType, body: await m.registry.metrics() };
}
