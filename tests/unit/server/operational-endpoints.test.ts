import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/lib/server/db/client.server.ts';
import { operationalEndpoint } from '../../../scripts/lib/operational-endpoints.ts';

// /metrics is for the operator: loopback, or a Bearer METRICS_TOKEN from elsewhere.

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

  it('answers healthz to anyone and leaves other paths to the site', async () => {
    expect(await call(handler, '/healthz', '203.0.113.9')).toMatchObject({ status: 200 });
    expect(await call(handler, '/productDetail/LM358', '203.0.113.9')).toBe('passed');
  });

  it('says not ready while no search index is loaded', async () => {
    const answer = (await call(handler, '/readyz?x=1', '127.0.0.1')) as Answer;
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body)).toMatchObject({ ready: false, database: 'ok', searchIndex: { loaded: false } });
  });

  it('serves metrics to loopback and to the token, refuses others', async () => {
    expect(await call(handler, '/metrics', '127.0.0.1')).toMatchObject({ status: 200 });
    expect(await call(handler, '/metrics', '::1')).toMatchObject({ status: 200 });
    expect(await call(handler, '/metrics', '203.0.113.9')).toMatchObject({ status: 403 });
    expect(await call(handler, '/metrics', '203.0.113.9', 'Bearer wrong-token-of-the-same-len')).toMatchObject({ status: 403 });
    expect(await call(handler, '/metrics', '203.0.113.9', `Bearer ${token}`)).toMatchObject({ status: 200 });
    const withoutToken = operationalEndpoint(database, undefined);
    expect(await call(withoutToken, '/metrics', '203.0.113.9', `Bearer ${token}`)).toMatchObject({ status: 403 });
  });
});
