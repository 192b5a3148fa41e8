import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/lib/server/db/client.server.ts';
import { metricsListenerHandler, operationalEndpoint } from '../../../scripts/lib/operational-endpoints.ts';
import { parseConfig } from '../../../src/lib/server/config.server.ts';

// /metrics is for the operator (issue #36 item 4): a Bearer METRICS_TOKEN on the public listener,
// whatever the peer (a same-host proxy makes everyone loopback), or its own listener (METRICS_PORT).
// /healthz and /readyz answer anyone and say nothing but up / ready.

type Answer = { status: number; body: string };
function call(handler: ReturnType<typeof operationalEndpoint>, url: string, remoteAddress: string, authorization?: string): Promise<Answer | 'passed'> {
  return new Promise((resolve) => {
    const req = { url, headers: authorization ? { authorization } : {}, socket: { remoteAddress } } as unknown as IncomingMessage;
    let status = 0;
    const res = Object.assign(new EventEmitter(), {
      writeHead(s: number) {
        status = s;
      },
      end(body: string) {
        resolve({ status, body });
      },
    }) as unknown as ServerResponse;
    if (!handler(req, res)) resolve('passed');
  });
}

describe('operational endpoints', async () => {
  const database = await openDatabase({ kind: 'pglite', dataDir: 'memory' });
  const token = 'a-metrics-token-of-enough-length';
  const handler = operationalEndpoint(database, token);

  it('answers healthz to anyone with nothing but its status, and leaves other paths to the site', async () => {
    const answer = (await call(handler, '/healthz', '203.0.113.9')) as Answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ status: 'ok' });
    expect(await call(handler, '/productDetail/LM358', '203.0.113.9')).toBe('passed');
  });

  it('readyz says only whether the node is ready; its details need the token', async () => {
    for (const peer of ['127.0.0.1', '203.0.113.9']) {
      const answer = (await call(handler, '/readyz?x=1', peer)) as Answer;
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toEqual({ ready: false });
    }
    const detailed = (await call(handler, '/readyz', '203.0.113.9', `Bearer ${token}`)) as Answer;
    expect(detailed.status).toBe(503);
    expect(JSON.parse(detailed.body)).toMatchObject({ ready: false, database: 'ok', searchIndex: { loaded: false } });
  });

  it('serves metrics to the token only, whatever the peer: loopback (a same-host proxy) and proxy headers do not open it', async () => {
    expect(await call(handler, '/metrics', '127.0.0.1')).toMatchObject({ status: 403 });
    expect(await call(handler, '/metrics', '::1')).toMatchObject({ status: 403 });
    expect(await call(handler, '/metrics', '::ffff:127.0.0.1')).toMatchObject({ status: 403 });
    expect(await call(handler, '/metrics', '203.0.113.9')).toMatchObject({ status: 403 });
    expect(await call(handler, '/metrics', '203.0.113.9', 'Bearer wrong-token-of-the-same-len')).toMatchObject({ status: 403 });
    expect(await call(handler, '/metrics', '203.0.113.9', `Basic ${token}`)).toMatchObject({ status: 403 });
    const ok = (await call(handler, '/metrics', '203.0.113.9', `Bearer ${token}`)) as Answer;
    expect(ok.status).toBe(200);
    expect(ok.body).toContain('chipedia_db_pool_total');
    const withoutToken = operationalEndpoint(database, undefined);
    expect(await call(withoutToken, '/metrics', '127.0.0.1', `Bearer ${token}`)).toMatchObject({ status: 403 });
    expect(await call(withoutToken, '/metrics', '127.0.0.1', 'Bearer ')).toMatchObject({ status: 403 });
  });

  it('the metrics listener serves metrics and details without a token, and nothing else', async () => {
    const listener = metricsListenerHandler(database);
    const asHandler = (req: IncomingMessage, res: ServerResponse) => (listener(req, res), true);
    const metrics = (await call(asHandler, '/metrics', '127.0.0.1')) as Answer;
    expect(metrics.status).toBe(200);
    expect(metrics.body).toContain('chipedia_db_pool_total');
    expect(JSON.parse(((await call(asHandler, '/readyz', '127.0.0.1')) as Answer).body)).toMatchObject({ database: 'ok' });
    expect(await call(asHandler, '/productDetail/LM358', '127.0.0.1')).toMatchObject({ status: 404 });
  });

  it('METRICS_PORT and METRICS_HOST are read from the environment (loopback by default)', () => {
    const base = { DATA_DIR: 'data/test-config' };
    expect(parseConfig({ ...base }).METRICS_PORT).toBeUndefined();
    expect(parseConfig({ ...base }).METRICS_HOST).toBe('127.0.0.1');
    expect(parseConfig({ ...base, METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(() => parseConfig({ ...base, METRICS_PORT: 'x' })).toThrow();
  });
});
