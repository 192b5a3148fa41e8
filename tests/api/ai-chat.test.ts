import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { DefaultChatTransport, readUIMessageStream } from 'ai';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetChatThrottles } from '../../src/lib/ai/chat/chat.routes.ts';
import { dayOf } from '../../src/lib/ai/chat/budget.server.ts';
import { setChatModelSettings } from '../../src/lib/ai/chat/model.server.ts';
import type { ChatUIMessage } from '../../src/lib/ai/chat/answer.ts';
import { createApp } from '../../src/lib/server/app.ts';
import { aiConversations, aiMessages, aiUsage } from '../../src/lib/server/db/schema/ai.ts';
import { designs } from '../../src/lib/server/db/schema/index.ts';
import { seedReplaceCatalogue } from '../helpers/replace-seed.ts';
import { startScriptedLlm, type ScriptedLlm } from '../helpers/scripted-llm.ts';
import { createTestDatabase } from '../helpers/test-db.ts';
import { makeUser } from '../helpers/test-user.ts';

// The chat end to end (issue #15 items 1, 2, 3, 7): the model path against a scripted
// OpenAI-compatible server over real HTTP (tool loop on real catalogue rows, streaming, stop,
// provider errors, timeout, malformed stream, refusal, budget), retrieval mode, conversations,
// limits and refusals in zh and en. PGlite by default, PostgreSQL with TEST_DATABASE_URL.

type Chunk = { type: string; id?: string; delta?: string; data?: Record<string, unknown>; messageId?: string; messageMetadata?: { conversationId: string | null; mode: string } };
type Env<T = unknown> = { code: number; msg: string; result: T };

const KEY = 'sk-test-SECRET-0123456789abcdef';
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: ReturnType<typeof createApp>;
let llm: ScriptedLlm;
let alice: { id: number; token: string };
let bob: { id: number; token: string };
const bodies: string[] = [];
/** Every log line the app wrote (JSON), for the checks that keys and phone numbers stay out. */
const logLines: string[] = [];

const userMessage = (text: string, id = randomUUID()) => ({ id, role: 'user' as const, parts: [{ type: 'text' as const, text }] });

function request(body: unknown, opts: { token?: string; locale?: 'zh' | 'en'; signal?: AbortSignal } = {}): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-language': opts.locale === 'en' ? 'en' : 'zh-CN' };
  if (opts.token) headers['x-token'] = opts.token;
  return Promise.resolve(app.request('/api/chiplet/ai/chat', { method: 'POST', headers, body: JSON.stringify(body), ...(opts.signal ? { signal: opts.signal } : {}) }));
}

/** Reads the SSE body into UI message chunks (and keeps the raw text for the key check). */
async function chunksOf(res: Response): Promise<Chunk[]> {
  const text = await res.text();
  bodies.push(text);
  return text
    .split('\n\n')
    .map((block) => block.replace(/^data: /, '').trim())
    .filter((data) => data !== '' && data !== '[DONE]')
    .map((data) => JSON.parse(data) as Chunk);
}

async function ask(question: string, opts: { token?: string; locale?: 'zh' | 'en'; conversationId?: string | null; history?: unknown[] } = {}) {
  const res = await request({ id: 'chat-1', messages: [...(opts.history ?? []), userMessage(question)], trigger: 'submit-message', conversationId: opts.conversationId ?? null }, opts);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const chunks = await chunksOf(res);
  const text = chunks.filter((c) => c.type === 'text-delta').map((c) => c.delta).join('');
  const data = (name: string) => chunks.filter((c) => c.type === `data-${name}`).at(-1)?.data;
  const start = chunks.find((c) => c.type === 'start')!;
  const finish = chunks.find((c) => c.type === 'finish');
  return { chunks, text, data, start, finish, conversationId: start.messageMetadata?.conversationId ?? null };
}

async function api<T>(method: 'GET' | 'POST', path: string, opts: { token?: string; locale?: 'zh' | 'en'; body?: unknown } = {}): Promise<{ status: number; body: Env<T> }> {
  const headers: Record<string, string> = { 'accept-language': opts.locale === 'en' ? 'en' : 'zh-CN' };
  if (opts.token) headers['x-token'] = opts.token;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await app.request(`/api${path}`, { method, headers, ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}) });
  const text = await res.text();
  bodies.push(text);
  return { status: res.status, body: JSON.parse(text) as Env<T> };
}

const useModel = (extra: Parameters<typeof setChatModelSettings>[0] = {}) =>
  setChatModelSettings({ baseUrl: llm.url, apiKey: KEY, model: 'scripted-model', dailyTokens: 1_000_000, timeoutMs: 5_000, maxSteps: 5, ...extra });

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ db: database.db, logger: pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) }) });
  const db = database.db;
  const make = (username: string) => makeUser(db, username);
  alice = await make('alice');
  bob = await make('bob');
  await seedReplaceCatalogue(db);
  llm = await startScriptedLlm();
}, 60_000);

beforeEach(async () => {
  llm.reset();
  resetChatThrottles();
  useModel();
  await database.db.delete(aiUsage);
});

afterEach(async () => {
  await llm.settled();
});

afterAll(async () => {
  setChatModelSettings(null);
  for (const body of bodies) expect(body).not.toContain(KEY);
  for (const line of logLines) expect(line).not.toContain(KEY);
  await llm?.close();
  await database?.close();
});

describe(`ai chat: the model path (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('runs the tool loop: the model calls searchParts, reads real catalogue data, answers; cards and text stream in order', async () => {
    llm.script(
      { kind: 'tools', calls: [{ name: 'searchParts', args: { keyword: 'AO3400A' } }] },
      { kind: 'text', chunks: ['推荐 ', 'AO3400A', '（万代，SOT-23）', '，30 V / 5.7 A。'], delayMs: 20, usage: { prompt: 300, completion: 40 } },
    );
    const r = await ask('SOT-23 的 N 沟道 MOS 管，30V', { token: alice.token });
    expect(r.start.messageMetadata).toMatchObject({ mode: 'model' });
    expect(r.finish?.messageMetadata).toMatchObject({ mode: 'model', conversationId: r.conversationId });
    expect(r.text).toBe('推荐 AO3400A（万代，SOT-23），30 V / 5.7 A。');
    // Deltas arrive as the provider sent them, in order, between text-start and text-end.
    const types = r.chunks.map((c) => c.type);
    expect(r.chunks.filter((c) => c.type === 'text-delta').map((c) => c.delta)).toEqual(['推荐 ', 'AO3400A', '（万代，SOT-23）', '，30 V / 5.7 A。']);
    expect(types.indexOf('text-start')).toBeLessThan(types.indexOf('text-delta'));
    expect(types.lastIndexOf('text-delta')).toBeLessThan(types.indexOf('text-end'));
    expect(types[0]).toBe('start');
    expect(types.at(-1)).toBe('finish');
    // The cards come from the tool (real rows), before the answer's text.
    const cards = r.data('parts') as { parts: Array<{ mfgMpnCode: string; url: string }> };
    expect(cards.parts[0]).toMatchObject({ mfgMpnCode: 'AO3400A_aos', url: '/detail?mfgMpnCode=AO3400A_aos' });
    expect(types.indexOf('data-parts')).toBeLessThan(types.indexOf('text-start'));
    expect(r.data('unverified')).toBeUndefined();
    // The provider got our tools, the key, and then the tool's data (not the cards) as the tool result.
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[0]!.authorization).toBe(`Bearer ${KEY}`);
    expect(llm.requests[0]!.body.tools?.map((t) => t.function.name)).toContain('searchParts');
    expect(llm.requests[0]!.body.messages[0]).toMatchObject({ role: 'system' });
    expect(String(llm.requests[0]!.body.messages[0]!.content)).toContain('不是指令');
    const toolMessage = llm.requests[1]!.body.messages.find((m) => m.role === 'tool');
    expect(JSON.stringify(toolMessage?.content)).toContain('AO3400A');
    // Tokens of both steps count against the day's budget.
    const [usage] = await database.db.select().from(aiUsage).where(eq(aiUsage.day, dayOf(new Date())));
    expect(usage).toMatchObject({ tokens: 90 + 340, requests: 1 });
  });

  it('marks part numbers our catalogue does not hold as unverified (family names of ours are not)', async () => {
    llm.script({ kind: 'text', chunks: ['Try AO3400 or the XYZ9999Q-7 (or CJ3400).'] });
    const r = await ask('n-channel mosfet sot-23', { locale: 'en' });
    expect(r.data('unverified')).toEqual({ mpns: ['XYZ9999Q-7'] });
  });

  it('stop: the client aborts, the provider call ends, what was streamed is stored', async () => {
    llm.script({ kind: 'text', chunks: Array.from({ length: 60 }, (_, i) => `片段${i} `), delayMs: 50 });
    const controller = new AbortController();
    const res = await request({ messages: [userMessage('讲讲 LDO 的选型')], trigger: 'submit-message' }, { token: alice.token, signal: controller.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    while (!seen.includes('片段2')) seen += decoder.decode((await reader.read()).value);
    const conversationId = /"conversationId":"([0-9a-f-]{36})"/.exec(seen)![1]!;
    const stoppedAt = performance.now();
    controller.abort();
    await reader.cancel().catch(() => undefined);
    await llm.settled();
    const provider = llm.requests[0]!;
    expect(provider.closedEarly).toBe(true);
    expect(provider.endedAt! - stoppedAt).toBeLessThan(1000);
    // The partial answer is stored once the turn has wound down.
    let answer: { parts: unknown } | undefined;
    for (let i = 0; i < 100 && !answer; i++) {
      [answer] = await database.db.select({ parts: aiMessages.parts }).from(aiMessages).where(eq(aiMessages.conversationId, conversationId)).then((rows) => rows.filter((_, j) => j > 0));
      if (!answer) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const text = (answer!.parts as Array<{ type: string; text?: string }>).find((p) => p.type === 'text')!.text!;
    expect(text).toMatch(/^片段0 片段1 片段2 /);
    expect(text).not.toContain('片段59');
  });

  it('stop over real HTTP: the browser hangs up, the server notices and ends the provider call', async () => {
    llm.script({ kind: 'text', chunks: Array.from({ length: 60 }, (_, i) => `part${i} `), delayMs: 50 });
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const controller = new AbortController();
      const res = await fetch(`http://127.0.0.1:${port}/api/chiplet/ai/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify({ id: 'c', messages: [userMessage('tell me about LDOs')], trigger: 'submit-message' }),
        signal: controller.signal,
      });
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let seen = '';
      while (!seen.includes('part1 ')) seen += decoder.decode((await reader.read()).value);
      expect(seen.indexOf('"type":"start"')).toBeLessThan(seen.indexOf('"type":"text-delta"'));
      const stoppedAt = performance.now();
      controller.abort();
      await llm.settled();
      expect(llm.requests[0]!.closedEarly).toBe(true);
      expect(llm.requests[0]!.endedAt! - stoppedAt).toBeLessThan(1000);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('provider error (500) → retrieval answer with a provider-error notice in the user language; the conversation is kept', async () => {
    llm.script({ kind: 'text', chunks: ['第一轮回答'] }, { kind: 'status', status: 500, message: `upstream failed for key ${KEY}` });
    const first = await ask('AO3400A', { token: alice.token });
    expect(first.text).toBe('第一轮回答');
    const second = await ask('CJ3400', { token: alice.token, conversationId: first.conversationId });
    expect(second.data('notice')).toEqual({ notice: 'provider-error', message: expect.stringContaining('服务出错') });
    expect(second.finish?.messageMetadata).toMatchObject({ mode: 'retrieval', conversationId: first.conversationId });
    expect(second.text).toContain('CJ3400');
    expect((second.data('parts') as { parts: Array<{ mpn: string }> }).parts[0]!.mpn).toBe('CJ3400');
    const detail = await api<{ messages: Array<{ role: string }> }>('GET', `/chiplet/ai/conversations/${first.conversationId}`, { token: alice.token });
    expect(detail.body.result.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);

    llm.script({ kind: 'status', status: 503 });
    const en = await ask('AO3400A', { locale: 'en' });
    expect(en.data('notice')).toEqual({ notice: 'provider-error', message: expect.stringContaining('the service failed') });
  });

  it('logs each turn with mode, tokens and timings, the question redacted and the key removed', async () => {
    llm.script({ kind: 'status', status: 500, message: `bad key ${KEY}` });
    logLines.length = 0;
    await ask('我的手机 13812345678，验证码 482913，推荐 AO3400A 的替代');
    const turn = logLines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'ai chat turn')!;
    expect(turn).toMatchObject({ mode: 'retrieval', failure: 'error', tokens: 0, question: '我的手机 [phone]，验证码 [code]，推荐 AO3400A 的替代' });
    expect(turn.totalMs).toEqual(expect.any(Number));
    expect(turn.firstTextMs).toEqual(expect.any(Number));
    expect(String(turn.failureDetail)).toContain('[key]');
    expect(logLines.join('\n')).not.toContain('13812345678');
  });

  it('a provider that stalls times out (LLM_TIMEOUT_MS) and the turn falls back', async () => {
    useModel({ timeoutMs: 300 });
    llm.script({ kind: 'stall' });
    const r = await ask('AO3400A', { locale: 'en' });
    expect(r.data('notice')).toEqual({ notice: 'provider-error', message: expect.stringContaining('timed out') });
    expect(r.text).toContain('AO3400A');
    await llm.settled();
    // The stalled call was hung up after the timeout (300 ms), not left open.
    const stalled = llm.requests[0]!;
    expect(stalled.closedEarly).toBe(true);
    expect(stalled.endedAt! - stalled.startedAt).toBeGreaterThanOrEqual(250);
    expect(stalled.endedAt! - stalled.startedAt).toBeLessThan(2000);
  });

  it('a malformed stream and a refusal fall back too, each said plainly', async () => {
    llm.script({ kind: 'malformed' });
    const bad = await ask('AO3400A');
    expect(bad.data('notice')).toMatchObject({ notice: 'provider-error', message: expect.stringContaining('无法解析') });
    llm.script({ kind: 'refusal' });
    const refused = await ask('AO3400A', { locale: 'en' });
    expect(refused.data('notice')).toMatchObject({ notice: 'provider-error', message: expect.stringContaining('refused') });
    expect(refused.text).toContain('AO3400A');
  });

  it('a tool loop that reaches the step cap without an answer says so and answers from retrieval', async () => {
    useModel({ maxSteps: 2 });
    llm.script({ kind: 'tools', calls: [{ name: 'searchParts', args: { keyword: 'AO3400A' } }] }, { kind: 'tools', calls: [{ name: 'searchParts', args: { keyword: 'CJ3400' } }] });
    const r = await ask('AO3400A', { locale: 'en' });
    expect(llm.requests).toHaveLength(2);
    expect(r.data('notice')).toMatchObject({ notice: 'limit', message: expect.stringContaining('limit of lookup steps') });
    expect(r.finish?.messageMetadata).toMatchObject({ mode: 'retrieval' });
    expect(r.text).toContain('AO3400A');
  });

  it('cuts an over-long answer with a truncated notice', async () => {
    llm.script({ kind: 'text', chunks: Array.from({ length: 30 }, () => '很长的回答'.repeat(100)) });
    const r = await ask('AO3400A');
    expect(r.text.length).toBe(12_000);
    expect(r.data('notice')).toMatchObject({ notice: 'truncated' });
  });

  it('budget reached → retrieval mode with the budget notice; the provider is not called', async () => {
    useModel({ dailyTokens: 1000 });
    await database.db.insert(aiUsage).values({ day: dayOf(new Date()), tokens: 1000, requests: 3 });
    const r = await ask('AO3400A');
    expect(r.data('notice')).toMatchObject({ notice: 'budget', message: expect.stringContaining('用量已达上限') });
    expect(r.start.messageMetadata).toMatchObject({ mode: 'retrieval' });
    expect(r.text).toContain('AO3400A');
    expect(llm.requests).toHaveLength(0);
  });
});

describe('ai chat: beside the viewer', () => {
  it('a design the caller may see gives the model its BOM and statistics; another user’s private design is 404', async () => {
    const stats = { sheets: 1, symbols: 2, footprints: 2, pads: 10, vias: 0, tracks: 12, nets: 4, copperLayers: 2, boardWidthMm: 30, boardHeightMm: 20 };
    const bom = [
      { value: 'LM358', footprint: 'Package_SO:SOIC-8', refs: ['U1'], quantity: 1, mpn: 'LM358DR', manufacturer: 'TI', dnp: false },
      { value: '10k', footprint: 'Resistor_SMD:R_0603', refs: ['R1', 'R2'], quantity: 2, dnp: false, part: { mfgMpnCode: 'RC0603FR-0710KL_yageo', mpn: 'RC0603FR-0710KL', brandName: '国巨' } },
    ];
    const [design] = await database.db.insert(designs).values({ ownerId: alice.id, name: 'amp', title: 'Amp board', stats, bom, analysis: 'done' }).returning({ id: designs.id });
    llm.script({ kind: 'text', chunks: ['U1 is an LM358DR.'] });
    const res = await request({ messages: [userMessage('what op-amp does this board use?')], origin: 'ecad', designId: design!.id }, { token: alice.token, locale: 'en' });
    const chunks = await chunksOf(res);
    expect(chunks.some((c) => c.type === 'text-delta')).toBe(true);
    const system = String(llm.requests[0]!.body.messages[0]!.content);
    expect(system).toContain('"Amp board"');
    expect(system).toContain('U1 | LM358 | Package_SO:SOIC-8 | LM358DR | TI | x1');
    expect(system).toContain('copperLayers=2');
    const [conversation] = await database.db.select({ origin: aiConversations.origin }).from(aiConversations).where(eq(aiConversations.id, chunks[0]!.messageMetadata!.conversationId!));
    expect(conversation).toEqual({ origin: 'ecad' });

    const other = await request({ messages: [userMessage('what is on it?')], origin: 'ecad', designId: design!.id }, { token: bob.token, locale: 'en' });
    expect(other.status).toBe(404);
    bodies.push(await other.text());
  });
});

describe('ai chat: retrieval mode without a model', () => {
  it('answers from the catalogue in zh and en, saying no model is configured', async () => {
    setChatModelSettings({ baseUrl: undefined, model: undefined });
    const zh = await ask('AO3400A');
    expect(zh.data('notice')).toEqual({ notice: 'no-model', message: expect.stringContaining('未配置语言模型') });
    expect(zh.text).toContain('| 型号 |');
    expect(zh.text).toContain('AO3400A');
    // Said once, as the notice: the answer's text does not repeat it.
    expect(zh.text).not.toContain('未配置语言模型');
    expect(zh.chunks.findIndex((c) => c.type === 'data-notice')).toBeLessThan(zh.chunks.findIndex((c) => c.type === 'text-delta'));
    const en = await ask('AO3400A', { locale: 'en' });
    expect(en.data('notice')).toEqual({ notice: 'no-model', message: expect.stringContaining('No language model is configured') });
    expect((en.data('parts') as { parts: Array<{ mfgMpnCode: string }> }).parts[0]!.mfgMpnCode).toBe('AO3400A_aos');
  });
});

describe('ai chat: conversations', () => {
  it('stores a logged-in user’s conversation; lists, renames, deletes; others get 404; guests store nothing', async () => {
    llm.script({ kind: 'text', chunks: ['答一'] }, { kind: 'text', chunks: ['答二'] }, { kind: 'text', chunks: ['答二（重新生成）'] });
    const first = await ask('  0603 10k 电阻  ', { token: alice.token });
    const id = first.conversationId!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await ask('国产的呢？', { token: alice.token, conversationId: id });
    // The server's history is what the model read: the first question and answer, not the client's.
    const sent = llm.requests[1]!.body.messages.map((m) => `${m.role}:${String(m.content)}`);
    expect(sent.slice(1)).toEqual(['user:0603 10k 电阻', 'assistant:答一', 'user:国产的呢？']);

    // Regenerate replaces the last answer.
    const stored = await api<{ messages: Array<{ id: string; role: string; parts: Array<{ type: string; text?: string }> }> }>('GET', `/chiplet/ai/conversations/${id}`, { token: alice.token });
    const msgs = stored.body.result.messages;
    const res = await request({ messages: msgs.slice(0, 3), trigger: 'regenerate-message', messageId: msgs[3]!.id, conversationId: id }, { token: alice.token });
    await chunksOf(res);
    const after = await api<{ title: string; messages: Array<{ role: string; parts: Array<{ type: string; text?: string }> }> }>('GET', `/chiplet/ai/conversations/${id}`, { token: alice.token });
    expect(after.body.result.messages.map((m) => m.parts.find((p) => p.type === 'text')?.text)).toEqual(['0603 10k 电阻', '答一', '国产的呢？', '答二（重新生成）']);
    expect(after.body.result.title).toBe('0603 10k 电阻');

    const list = await api<{ list: Array<{ id: string; title: string }>; total: number }>('GET', '/chiplet/ai/conversations?pageNum=1&pageSize=10', { token: alice.token });
    expect(list.body.result.list[0]).toMatchObject({ id, title: '0603 10k 电阻' });
    expect((await api('GET', '/chiplet/ai/conversations', { token: bob.token })).body.result).toEqual({ list: [], total: 0 });

    const renamed = await api<{ title: string }>('POST', '/chiplet/ai/conversations/rename', { token: alice.token, body: { id, title: '电阻选型' } });
    expect(renamed.body.result.title).toBe('电阻选型');
    expect((await api('POST', '/chiplet/ai/conversations/rename', { token: alice.token, body: { id, title: 'x'.repeat(101) } })).status).toBe(400);

    // Bob reaches none of it, and cannot continue it.
    const notBob = await api('GET', `/chiplet/ai/conversations/${id}`, { token: bob.token, locale: 'en' });
    expect(notBob).toMatchObject({ status: 404, body: { code: 40400, msg: 'No such conversation: it does not exist or is not yours' } });
    expect((await api('POST', '/chiplet/ai/conversations/rename', { token: bob.token, body: { id, title: 'mine' } })).status).toBe(404);
    expect((await api('POST', '/chiplet/ai/conversations/del', { token: bob.token, body: { id } })).status).toBe(404);
    const hijack = await request({ messages: [userMessage('hi')], conversationId: id }, { token: bob.token });
    expect(hijack.status).toBe(404);
    expect((await api('GET', '/chiplet/ai/conversations')).status).toBe(401);

    expect((await api('POST', '/chiplet/ai/conversations/del', { token: alice.token, body: { id } })).body.result).toEqual({ id, deleted: true });
    expect((await api('GET', `/chiplet/ai/conversations/${id}`, { token: alice.token })).status).toBe(404);

    // A guest's turn stores nothing.
    const before = await database.db.select({ n: count() }).from(aiMessages);
    const conversationsBefore = await database.db.select({ n: count() }).from(aiConversations);
    setChatModelSettings({ baseUrl: undefined, model: undefined });
    const guest = await ask('AO3400A', { history: [userMessage('hello'), { id: randomUUID(), role: 'assistant', parts: [{ type: 'text', text: 'hi' }] }] });
    expect(guest.conversationId).toBeNull();
    expect(await database.db.select({ n: count() }).from(aiMessages)).toEqual(before);
    expect(await database.db.select({ n: count() }).from(aiConversations)).toEqual(conversationsBefore);
  });
});

describe('ai chat: guests and the API description', () => {
  it("a guest's own history reaches the model (nothing stored), and the calls are documented", async () => {
    llm.script({ kind: 'text', chunks: ['CJ3400 is the domestic one.'] });
    const history = [userMessage('AO3400A?'), { id: randomUUID(), role: 'assistant', parts: [{ type: 'text', text: 'AO3400A is a 30 V MOSFET.' }, { type: 'data-parts', id: 'parts', data: { parts: [] } }] }];
    const r = await ask('and a domestic one?', { history, locale: 'en' });
    expect(r.conversationId).toBeNull();
    expect(llm.requests[0]!.body.messages.slice(1).map((m) => `${m.role}:${String(m.content)}`)).toEqual(['user:AO3400A?', 'assistant:AO3400A is a 30 V MOSFET.', 'user:and a domestic one?']);
    const doc = await app.request('/api/openapi.json');
    const paths = Object.keys(((await doc.json()) as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/chiplet/ai/chat', '/api/chiplet/ai/conversations', '/api/chiplet/ai/conversations/{id}', '/api/chiplet/ai/conversations/rename', '/api/chiplet/ai/conversations/del']));
  });
});

describe('ai chat: the AI SDK client', () => {
  it("useChat's default transport sends a body the server takes, and its reader assembles the answer twice in a row", async () => {
    llm.script({ kind: 'tools', calls: [{ name: 'searchParts', args: { keyword: 'AO3400A' } }] }, { kind: 'text', chunks: ['**AO3400A** fits.'] }, { kind: 'text', chunks: ['CJ3400 too.'] });
    let conversationId: string | null = null;
    const transport = new DefaultChatTransport<ChatUIMessage>({
      api: 'http://localhost/api/chiplet/ai/chat',
      headers: { 'x-token': alice.token, 'accept-language': 'en' },
      body: () => ({ conversationId, origin: 'chat' }),
      fetch: ((url: string, init: RequestInit) => app.request(url, init)) as typeof fetch,
    });
    const messages: ChatUIMessage[] = [{ id: randomUUID(), role: 'user', parts: [{ type: 'text', text: 'a 30 V SOT-23 MOSFET' }] }];
    const turn = async () => {
      const stream = await transport.sendMessages({ chatId: 'c1', messages, trigger: 'submit-message', messageId: undefined, abortSignal: undefined });
      let last: ChatUIMessage | undefined;
      for await (const m of readUIMessageStream<ChatUIMessage>({ stream })) last = m;
      return last!;
    };
    const first = await turn();
    expect(first.metadata).toMatchObject({ mode: 'model' });
    expect(first.parts.find((p) => p.type === 'text')).toMatchObject({ text: '**AO3400A** fits.' });
    expect(first.parts.find((p) => p.type === 'data-parts')).toMatchObject({ data: { parts: [expect.objectContaining({ mfgMpnCode: 'AO3400A_aos' })] } });
    conversationId = first.metadata!.conversationId;
    // The client sends the whole chat back, the answer's parts included; the server accepts it.
    messages.push(first, { id: randomUUID(), role: 'user', parts: [{ type: 'text', text: 'a domestic one?' }] });
    const second = await turn();
    expect(second.metadata).toMatchObject({ mode: 'model', conversationId });
    expect(second.parts.find((p) => p.type === 'text')).toMatchObject({ text: 'CJ3400 too.' });
  });
});

describe('ai chat: refusals', () => {
  const refuse = async (body: unknown, locale: 'zh' | 'en', token?: string) => {
    const res = await request(body, { locale, ...(token ? { token } : {}) });
    const text = await res.text();
    bodies.push(text);
    return { status: res.status, body: JSON.parse(text) as Env };
  };

  it('an empty or 20,000-character question, in zh and en', async () => {
    expect(await refuse({ messages: [userMessage('   ')] }, 'zh')).toMatchObject({ status: 400, body: { code: 40000, msg: '请输入问题' } });
    expect(await refuse({ messages: [userMessage('')] }, 'en')).toMatchObject({ status: 400, body: { code: 40000, msg: 'Please type a question' } });
    const long = 'LDO '.repeat(5000);
    expect(await refuse({ messages: [userMessage(long)] }, 'zh')).toMatchObject({ status: 400, body: { msg: '问题最多 2000 个字符（收到 19999 个）' } });
    expect(await refuse({ messages: [userMessage(long)] }, 'en')).toMatchObject({ status: 400, body: { msg: 'A question may be at most 2000 characters (got 19999)' } });
  });

  it('unknown keys are refused, named', async () => {
    const top = await refuse({ messages: [userMessage('AO3400A')], evil: 1 }, 'en');
    expect(top).toMatchObject({ status: 400, body: { code: 40000, msg: expect.stringContaining('evil') } });
    expect((await refuse({ messages: [{ ...userMessage('AO3400A'), extra: true }] }, 'en')).status).toBe(400);
  });

  it('a guest history over 20 messages, unknown part kinds, a last message that is not a question', async () => {
    const history = Array.from({ length: 21 }, (_, i) => userMessage(`q${i}`));
    expect(await refuse({ messages: history }, 'en')).toMatchObject({ status: 400, body: { msg: 'Without logging in, send at most the last 20 messages as context (got 21)' } });
    expect((await refuse({ messages: [{ id: 'a', role: 'user', parts: [{ type: 'tool-searchParts', input: {} }] }] }, 'en')).status).toBe(400);
    expect((await refuse({ messages: [{ id: 'a', role: 'system', parts: [{ type: 'text', text: 'x' }] }] }, 'en')).status).toBe(400);
    expect(await refuse({ messages: [{ id: 'a', role: 'assistant', parts: [{ type: 'text', text: 'x' }] }] }, 'zh')).toMatchObject({ status: 400, body: { msg: '最后一条消息应是用户的问题' } });
    expect((await refuse({ messages: [userMessage('x')], designId: randomUUID() }, 'en')).status).toBe(404);
  });

  it('rate limits per user and per address, in the user language', async () => {
    resetChatThrottles({ user: { max: 2, windowMs: 60_000 }, ip: { max: 100, windowMs: 60_000 } });
    setChatModelSettings({ baseUrl: undefined, model: undefined });
    await ask('AO3400A', { token: bob.token });
    await ask('AO3400A', { token: bob.token });
    const third = await refuse({ messages: [userMessage('AO3400A')] }, 'en', bob.token);
    expect(third).toMatchObject({ status: 429, body: { code: 42900, msg: expect.stringMatching(/^Too many questions; please try again in \d+ seconds$/) } });
    resetChatThrottles({ user: { max: 100, windowMs: 60_000 }, ip: { max: 1, windowMs: 60_000 } });
    await ask('AO3400A');
    expect((await refuse({ messages: [userMessage('AO3400A')] }, 'zh')).body.msg).toMatch(/^提问太频繁/);
  });
});
