import { Writable } from 'node:stream';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/lib/server/app.ts';
import { nodeId, parseConfig } from '../../src/lib/server/config.server.ts';
import { createLogger } from '../../src/lib/server/logger.server.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

// Logs across nodes (issue #18 item 6): every line names its node next to the request id, and a
// request id set by the proxy in front is kept on the line and returned on the answer.

type TestDb = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDb;
const lines: Array<Record<string, unknown>> = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ db: database.db, logger: createLogger(sink) });
}, 120_000);
afterAll(async () => {
  await database?.close();
});

const requestLine = (reqId: string) => lines.find((l) => l['reqId'] === reqId && typeof l['status'] === 'number');

describe('request logs across nodes', () => {
  it('names the node: NODE_ID, else host:PORT for a server, else host-pid', () => {
    expect(nodeId(parseConfig({ NODE_ID: 'app-2' }), {})).toBe('app-2');
    expect(nodeId(parseConfig({ PORT: '4501' }), { PORT: '4501' })).toBe(`${hostname()}:4501`);
    expect(nodeId(parseConfig({}), {})).toBe(`${hostname()}-${process.pid}`);
    expect(() => parseConfig({ NODE_ID: 'a b' })).toThrow(/NODE_ID/);
  });

  it("keeps the proxy's X-Request-Id, returns it, and logs it with the node", async () => {
    const res = await app.request('/api/chiplet/products/search?keyword=x', { headers: { 'X-Request-Id': 'proxy-7f3a9c' } }, { ip: '192.0.2.1' });
    await res.arrayBuffer();
    expect(res.headers.get('x-request-id')).toBe('proxy-7f3a9c');
    const line = requestLine('proxy-7f3a9c');
    expect(line).toMatchObject({ node: nodeId(), service: 'chipedia', reqId: 'proxy-7f3a9c', method: 'GET' });
  });

  it('makes its own id when none comes, or when the one given is not a plain token', async () => {
    for (const given of [undefined, 'has spaces and "quotes"', 'x'.repeat(300)]) {
      const res = await app.request('/api/chiplet/products/search?keyword=x', { headers: given ? { 'X-Request-Id': given } : {} }, { ip: '192.0.2.1' });
      await res.arrayBuffer();
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(/^[\w-]{16,}$/);
      expect(id).not.toBe(given);
      expect(requestLine(id!)).toMatchObject({ node: nodeId() });
    }
  });
});
