import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import compression from 'compression';
import { eq, inArray, isNull, or, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AiTool } from '../../src/lib/ai/ai-tools.ts';
import { createMcpApp, MCP_BODY_LIMIT_BYTES, MCP_SERVER_INFO } from '../../src/lib/ai/mcp/mcp.server.ts';
import { mcpTools } from '../../src/lib/ai/mcp/mcp-tools.server.ts';
import { seedCategories } from '../../src/lib/catalog/import/seed-categories.server.ts';
import { searchProducts } from '../../src/lib/search/search.server.ts';
import { createSession } from '../../src/lib/server/auth.server.ts';
import { datasheets, products, users } from '../../src/lib/server/db/schema/index.ts';
import { createRateLimit } from '../../src/lib/server/rate-limit.server.ts';
import { createTestDatabase } from '../helpers/test-db.ts';
import { loadEverydayPassives } from '../relevance/lib.ts';

// The MCP server end to end: the SDK's own client over Streamable HTTP against a real HTTP server
// (Node's, with the site's compression in front, as scripts/start.ts serves) on a random port, on
// a real database holding the demo catalogue's passives. The tools are real: a catalogue search
// through the search engine and a datasheet listing that honours the caller, built here for the
// cases they pin down; the last test serves the assistant's own tool set. PGlite, or PostgreSQL with TEST_DATABASE_URL.

type TestDb = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDb;
const servers: Server[] = [];
let base: URL;
let limitedBase: URL;
let token: string;

const searchParts: AiTool = {
  name: 'searchParts',
  description: 'Search the catalogue by part number, category or parameters.',
  input: z.strictObject({ query: z.string().trim().min(1).max(200), limit: z.number().int().min(1).max(20).default(5) }),
  async run(ctx, input: { query: string; limit: number }) {
    const r = await searchProducts(ctx.db, { keyword: input.query, pageNum: 1, pageSize: input.limit, locale: ctx.locale });
    return { data: { total: r.total, parts: r.list.map((p) => ({ mfgMpnCode: p.mfgMpnCode, mpn: p.mpn, brand: p.brandName, package: p.package, description: p.description })) } };
  },
};

/** The datasheets the caller may read: the catalogue's, and their own uploads when logged in. */
const searchDatasheets: AiTool = {
  name: 'searchDatasheets',
  description: 'List datasheets visible to the caller.',
  input: z.strictObject({}),
  async run(ctx) {
    const visible = ctx.userId === null ? isNull(datasheets.ownerId) : or(isNull(datasheets.ownerId), eq(datasheets.ownerId, ctx.userId));
    const rows = await ctx.db.select({ name: datasheets.name }).from(datasheets).where(visible).orderBy(datasheets.name);
    return { data: { datasheets: rows.map((r) => r.name) } };
  },
};

/** A tool whose query the database refuses (a table that does not exist): a real failure inside a tool. */
const brokenTool: AiTool = {
  name: 'partDetails',
  description: 'Reads a table that is not there.',
  input: z.strictObject({}),
  async run(ctx) {
    await ctx.db.execute(sql`select * from no_such_table_for_mcp`);
    return { data: {} };
  },
};

async function listen(app: ReturnType<typeof createMcpApp>): Promise<URL> {
  // The client address from the socket, as the Astro endpoint passes it (never X-Forwarded-For).
  const listener = getRequestListener((request, env) => app.fetch(request, { ip: (env as HttpBindings).incoming.socket.remoteAddress }));
  const compress = compression({ threshold: 1024 });
  const server = createServer((req, res) => compress(req as never, res as never, () => void listener(req, res)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
}

async function connect(url: URL, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'chipedia-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
  return client;
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) => (result.content as Array<{ type: string; text: string }>)[0]!.text;

/** A raw JSON-RPC POST, for what the SDK's client never sends. */
function post(body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(base, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body });
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

describe(`MCP server at /mcp (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedCategories(database);
    expect(await loadEverydayPassives(database)).toBeGreaterThan(1000);
    const [owner] = await database.db.insert(users).values({ username: 'mcp-owner' }).returning({ id: users.id });
    token = (await createSession(database.db, owner!.id, Math.floor(Date.now() / 1000))).token;
    await database.db.insert(datasheets).values([
      { name: 'public-yageo-rc.pdf', fileKey: 'a'.repeat(64), size: 1000, ownerId: null },
      { name: 'private-notes.pdf', fileKey: 'b'.repeat(64), size: 1000, ownerId: owner!.id },
    ]);
    const logger = pino({ level: 'silent' });
    const tools = [searchParts, searchDatasheets];
    base = await listen(createMcpApp({ db: database.db, tools: [...tools, brokenTool], logger }));
    limitedBase = await listen(createMcpApp({ db: database.db, tools, logger, throttle: createRateLimit('mcp', { max: 4, windowMs: 60_000 }, { fresh: true }) }));
  }, 180_000);
  afterAll(async () => {
    for (const s of servers) s.close();
    await database?.close();
  });

  it('lists the tools with their input schemas, read-only', async () => {
    const client = await connect(base);
    expect(client.getServerVersion()?.name).toBe(MCP_SERVER_INFO.name);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['searchParts', 'searchDatasheets', 'partDetails']);
    const search = tools[0]!;
    expect(search.inputSchema.type).toBe('object');
    expect(Object.keys(search.inputSchema.properties ?? {})).toEqual(['query', 'limit']);
    expect(search.inputSchema.required).toEqual(['query']);
    expect(search.annotations?.readOnlyHint).toBe(true);
    await client.close();
  });

  it('calls searchParts and gets real catalogue rows back, as text and structured content', async () => {
    const client = await connect(base);
    const started = performance.now();
    const result = await client.callTool({ name: 'searchParts', arguments: { query: 'RC0603FR-0710KL', limit: 3 } });
    const ms = performance.now() - started;
    expect(result.isError).toBeFalsy();
    const data = JSON.parse(textOf(result)) as { total: number; parts: Array<{ mfgMpnCode: string; mpn: string; brand: string }> };
    expect(result.structuredContent).toEqual(data);
    expect(data.parts[0]?.mpn).toBe('RC0603FR-0710KL');
    // Every part handed back is a catalogue row.
    const codes = data.parts.map((p) => p.mfgMpnCode);
    const rows = await database.db.select({ code: products.mfgMpnCode, mpn: products.mpn }).from(products).where(inArray(products.mfgMpnCode, codes));
    expect(rows).toHaveLength(codes.length);
    // A parametric question in Chinese finds the matching passives too.
    const parametric = JSON.parse(textOf(await client.callTool({ name: 'searchParts', arguments: { query: '10k 0603 电阻' } }))) as typeof data;
    expect(parametric.parts.length).toBeGreaterThan(0);
    expect(parametric.parts.every((p) => /0603/.test(p.mpn))).toBe(true);
    // What the MCP layer adds (HTTP, JSON-RPC, validation) over the search itself, warm.
    const roundTrips: number[] = [];
    const direct: number[] = [];
    for (let i = 0; i < 30; i++) {
      let t = performance.now();
      await client.callTool({ name: 'searchParts', arguments: { query: 'RC0603FR-0710KL', limit: 3 } });
      roundTrips.push(performance.now() - t);
      t = performance.now();
      await searchProducts(database.db, { keyword: 'RC0603FR-0710KL', pageNum: 1, pageSize: 3, locale: 'zh' });
      direct.push(performance.now() - t);
    }
    const p = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
    console.log(
      `mcp searchParts: first call ${ms.toFixed(1)} ms (builds the search index); warm round trip p50 ${p(roundTrips, 0.5).toFixed(1)} ms p95 ${p(roundTrips, 0.95).toFixed(1)} ms; searchProducts alone p50 ${p(direct, 0.5).toFixed(1)} ms p95 ${p(direct, 0.95).toFixed(1)} ms`,
    );
    expect(p(roundTrips, 0.5) - p(direct, 0.5)).toBeLessThan(100);
    await client.close();
  });

  it('answers invalid arguments with an error result naming the field, in the caller language', async () => {
    const zh = await connect(base);
    const bad = await zh.callTool({ name: 'searchParts', arguments: { query: 42 } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/^工具 searchParts 的参数 query 无效/);
    expect(textOf(bad)).toContain('期望 string');
    const extra = await zh.callTool({ name: 'searchParts', arguments: { query: 'LM358', drop: 'table' } });
    expect(extra.isError).toBe(true);
    expect(textOf(extra)).toMatch(/^工具 searchParts 的参数 drop 无效/);
    await zh.close();

    const en = await connect(base, { 'Accept-Language': 'en-US,en;q=0.9' });
    const empty = await en.callTool({ name: 'searchParts', arguments: { query: '  ' } });
    expect(empty.isError).toBe(true);
    expect(textOf(empty)).toMatch(/^Invalid argument query of tool searchParts/);
    // A failure inside a tool is an error result without internals (no SQL, no table names).
    const broken = await en.callTool({ name: 'partDetails', arguments: {} });
    expect(broken.isError).toBe(true);
    expect(textOf(broken)).toBe('Internal server error; please try again later');
    // A tool that is not listed is a protocol error, not a result.
    await expect(en.callTool({ name: 'deleteEverything', arguments: {} })).rejects.toThrow(/There is no tool named deleteEverything/);
    await en.close();
  });

  it('treats a token as the caller: their private datasheets become visible; a bad token is refused', async () => {
    const anonymous = await connect(base);
    const seen = JSON.parse(textOf(await anonymous.callTool({ name: 'searchDatasheets', arguments: {} }))) as { datasheets: string[] };
    expect(seen.datasheets).toEqual(['public-yageo-rc.pdf']);
    await anonymous.close();

    for (const headers of [{ Authorization: `Bearer ${token}` }, { 'X-token': token }] as Record<string, string>[]) {
      const user = await connect(base, headers);
      const mine = JSON.parse(textOf(await user.callTool({ name: 'searchDatasheets', arguments: {} }))) as { datasheets: string[] };
      expect(mine.datasheets).toEqual(['private-notes.pdf', 'public-yageo-rc.pdf']);
      await user.close();
    }

    const refused = await connect(base, { Authorization: 'Bearer not-a-token', 'Accept-Language': 'en' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StreamableHTTPError);
    expect((refused as StreamableHTTPError).code).toBe(401);
    expect(String((refused as Error).message)).toMatch(/token is invalid or has expired/);
  });

  it('refuses past the per-address limit with a clear JSON-RPC error and Retry-After', async () => {
    // 4 POSTs a minute: initialize, the initialized notification, one listing, one call; the next is refused.
    const client = await connect(limitedBase, { 'Accept-Language': 'en' });
    await client.listTools();
    await client.callTool({ name: 'searchParts', arguments: { query: 'RC0402FR-071RL' } });
    const refused = await client.callTool({ name: 'searchParts', arguments: { query: 'RC0402FR-071RL' } }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StreamableHTTPError);
    expect((refused as StreamableHTTPError).code).toBe(429);
    expect(String((refused as Error).message)).toMatch(/Too many requests; try again in \d+ s/);
    await client.close();

    const raw = await fetch(limitedBase, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: initialize });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await raw.json()) as { jsonrpc: string; error: { code: number; message: string; data: { code: number } }; id: null };
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, data: { code: 42900 } } });
    expect(body.error.message).toMatch(/^请求过于频繁/);
  });

  it('answers bad JSON-RPC per the spec, never with a 500', async () => {
    const cases: Array<{ label: string; res: Promise<Response>; status: number; code: number }> = [
      { label: 'not JSON', res: post('{"jsonrpc":'), status: 400, code: -32700 },
      { label: 'not UTF-8', res: fetch(base, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: new Uint8Array([0x7b, 0xff, 0x7d]) }), status: 400, code: -32700 },
      { label: 'JSON, not JSON-RPC', res: post('{"hello":"world"}'), status: 400, code: -32700 },
      { label: 'NUL in a string', res: post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: 'a\u0000b' } })), status: 400, code: -32600 },
      { label: 'too large', res: post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(MCP_BODY_LIMIT_BYTES) } })), status: 413, code: -32000 },
      { label: 'GET (no SSE stream)', res: fetch(base, { headers: { accept: 'text/event-stream' } }), status: 405, code: -32000 },
      { label: 'wrong Accept', res: post(initialize, { accept: 'application/json' }), status: 406, code: -32000 },
      { label: 'trailing slash is the same endpoint', res: fetch(new URL('/mcp/', base), { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '[' }), status: 400, code: -32700 },
      { label: 'unknown method', res: post(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'resources/list' })), status: 200, code: -32601 },
    ];
    for (const c of cases) {
      const res = await c.res;
      expect(res.status, c.label).toBe(c.status);
      const body = (await res.json()) as { jsonrpc: string; error: { code: number; message: string } };
      expect(body.jsonrpc, c.label).toBe('2.0');
      expect(body.error.code, c.label).toBe(c.code);
      expect(body.error.message.length, c.label).toBeGreaterThan(0);
    }
    // The refusals before the protocol speak the caller's language.
    const en = await post('{"jsonrpc":', { 'accept-language': 'en' });
    expect(((await en.json()) as { error: { message: string } }).error.message).toBe('The request body is not valid JSON');
    // Stateless: a call needs no session from an earlier initialize.
    const call = await post(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'searchParts', arguments: { query: 'RC0402FR-071RL' } } }), {
      'mcp-protocol-version': '2025-06-18',
    });
    expect(call.status).toBe(200);
    const answer = (await call.json()) as { id: number; result: { content: Array<{ text: string }> } };
    expect(answer.id).toBe(3);
    expect(answer.result.content[0]!.text).toContain('RC0402FR-071RL');
  });

  it('serves the assistant\'s own tool set (mcpTools = aiTools) and its searchParts finds real parts', async () => {
    const served = await listen(createMcpApp({ db: database.db, tools: await mcpTools(), logger: pino({ level: 'silent' }) }));
    const client = await connect(served);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['compareParts', 'findReplacements', 'matchBomLine', 'partDetails', 'searchDatasheets', 'searchParts']);
    expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
    const found = JSON.parse(textOf(await client.callTool({ name: 'searchParts', arguments: { keyword: 'RC0603FR-0710KL', limit: 3 } }))) as { parts?: Array<{ mfgMpnCode: string }> };
    expect(found.parts?.length).toBeGreaterThan(0);
    const codes = found.parts!.map((p) => p.mfgMpnCode);
    const rows = await database.db.select({ code: products.mfgMpnCode }).from(products).where(inArray(products.mfgMpnCode, codes));
    expect(rows.length).toBe(codes.length);
    await client.close();
  });
});
