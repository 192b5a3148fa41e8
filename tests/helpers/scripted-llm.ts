import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A real HTTP server speaking the OpenAI chat-completions protocol (POST /v1/chat/completions with
// stream: true → SSE `data:` chunks and `data: [DONE]`), scripted per test: the only test double
// of the assistant's tests, standing in for DeepSeek, Qwen, a local vLLM… Each request takes the
// next scripted reply (or the responder's). It records what it was sent, how long each answer
// took on its side, and whether the caller hung up before the end (stop).
// It also answers POST /v1/embeddings (the OpenAI embeddings protocol) with deterministic vectors
// from conceptEmbedding below: a stand-in for a provider's embedding model, not a real one.

export type Usage = { prompt: number; completion: number };

export type Reply =
  /** Text in chunks (`delayMs` between them). */
  | { kind: 'text'; chunks: string[]; delayMs?: number; usage?: Usage; finish?: 'stop' | 'length' }
  /** One or more tool calls (arguments sent in two pieces, as real providers do). */
  | { kind: 'tools'; calls: Array<{ name: string; args: unknown }>; usage?: Usage }
  /** Headers and a first chunk, then nothing until the caller gives up (a stalled provider). */
  | { kind: 'stall' }
  /** An HTTP error with an OpenAI-style error body. */
  | { kind: 'status'; status: number; message?: string }
  /** A stream whose chunk is not JSON. */
  | { kind: 'malformed' }
  /** A refusal: finish_reason content_filter and the refusal field, no content. */
  | { kind: 'refusal'; text?: string };

export type RecordedRequest = {
  body: { model: string; messages: Array<{ role: string; content?: unknown; tool_calls?: unknown; tool_call_id?: string }>; tools?: Array<{ function: { name: string } }>; stream?: boolean; stream_options?: unknown };
  authorization: string | undefined;
  startedAt: number;
  endedAt: number | null;
  /** The caller closed the connection before the answer ended. */
  closedEarly: boolean;
};

/** Dimensions of the scripted embeddings. */
export const EMBEDDING_DIMS = 64;

// Words of one meaning share a concept, so a paraphrase with no word in common with a passage
// still lands near it, as a real embedding model's would; other words stand for themselves.
const CONCEPTS: Record<string, string> = {
  maximum: 'max', max: 'max', greatest: 'max', highest: 'max', utmost: 'max', ceiling: 'max', absolute: 'max', ratings: 'max', rating: 'max', permissible: 'max',
  input: 'in', supply: 'in', feed: 'in', incoming: 'in', vin: 'in',
  voltage: 'volt', potential: 'volt', volts: 'volt', v: 'volt', emf: 'volt',
  temperature: 'heat', thermal: 'heat', warmth: 'heat', hot: 'heat', junction: 'heat', storage: 'keep', stockpiling: 'keep', keeping: 'keep',
};

/** FNV-1a, 32 bits: the same word always lands in the same dimension. */
function hash(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A deterministic embedding: hashed bag of concepts (counted), L2-normalised. */
export function conceptEmbedding(text: string, dims = EMBEDDING_DIMS): number[] {
  const v = new Array<number>(dims).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const h = hash(CONCEPTS[word] ?? word);
    v[h % dims]! += h & 0x80000000 ? -1 : 1;
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

export type ScriptedLlm = {
  /** Base URL for LLM_BASE_URL ('http://127.0.0.1:port/v1'). */
  url: string;
  requests: RecordedRequest[];
  /** Queues replies for the next requests, in order. */
  script(...replies: Reply[]): void;
  /** Answers requests when the queue is empty (default: a short text). */
  responder: (body: RecordedRequest['body']) => Reply;
  /** Resolves when every request so far has ended (answered or closed). */
  settled(): Promise<void>;
  /** Milliseconds the server spent on each request, from the request's arrival to its end. */
  providerMs(): number[];
  reset(): void;
  close(): Promise<void>;
  /** How /v1/embeddings answers: vectors (the default), or an HTTP error with this status. */
  embeddings: { status?: number };
  /** Texts embedded so far (each input of each request). */
  embeddedTexts: string[];
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startScriptedLlm(): Promise<ScriptedLlm> {
  const queue: Reply[] = [];
  const requests: RecordedRequest[] = [];
  const open = new Set<Promise<void>>();
  let seq = 0;

  const handle = async (res: ServerResponse, record: RecordedRequest) => {
    const reply = queue.shift() ?? llm.responder(record.body);
    const id = `chatcmpl-${++seq}`;
    const created = Math.floor(Date.now() / 1000);
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: record.body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const usageChunk = (u: Usage) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: record.body.model, choices: [], usage: { prompt_tokens: u.prompt, completion_tokens: u.completion, total_tokens: u.prompt + u.completion } })}\n\n`;
    const write = (text: string) => {
      if (!res.destroyed) res.write(text);
    };

    if (reply.kind === 'status') {
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: reply.message ?? 'internal error', type: 'server_error', code: null } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    write(chunk({ role: 'assistant', content: '' }));
    switch (reply.kind) {
      case 'text': {
        for (const [i, piece] of reply.chunks.entries()) {
          if (i > 0 && reply.delayMs) await sleep(reply.delayMs);
          if (res.destroyed) return;
          write(chunk({ content: piece }));
        }
        write(chunk({}, reply.finish ?? 'stop'));
        write(usageChunk(reply.usage ?? { prompt: 100, completion: 20 }));
        break;
      }
      case 'tools': {
        for (const [index, call] of reply.calls.entries()) {
          const args = JSON.stringify(call.args);
          const half = Math.floor(args.length / 2);
          write(chunk({ tool_calls: [{ index, id: `call_${seq}_${index}`, type: 'function', function: { name: call.name, arguments: args.slice(0, half) } }] }));
          write(chunk({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] }));
        }
        write(chunk({}, 'tool_calls'));
        write(usageChunk(reply.usage ?? { prompt: 80, completion: 10 }));
        break;
      }
      case 'stall':
        // Nothing more: the caller's timeout must end it.
        await new Promise<void>((resolve) => res.once('close', () => resolve()));
        return;
      case 'malformed':
        write('data: {"id": "x", "choices": [ {"delta": {"content": "Hel\n\n');
        write('data: this is not json\n\n');
        break;
      case 'refusal':
        write(chunk({ refusal: reply.text ?? 'I cannot help with that.' }));
        write(chunk({}, 'content_filter'));
        write(usageChunk({ prompt: 50, completion: 0 }));
        break;
    }
    write('data: [DONE]\n\n');
    res.end();
  };

  const server = createServer((req, res) => {
    const record: RecordedRequest = { body: { model: '', messages: [] }, authorization: req.headers.authorization, startedAt: performance.now(), endedAt: null, closedEarly: false };
    const done = new Promise<void>((resolve) => {
      res.once('close', () => {
        record.endedAt = performance.now();
        record.closedEarly = !res.writableFinished;
        resolve();
      });
    });
    open.add(done);
    void done.then(() => open.delete(done));
    if (req.method === 'POST' && req.url?.endsWith('/embeddings')) {
      const body: Buffer[] = [];
      req.on('data', (b: Buffer) => body.push(b));
      req.on('end', () => {
        let input: unknown;
        try {
          input = (JSON.parse(Buffer.concat(body).toString('utf8')) as { input?: unknown }).input;
        } catch {
          input = undefined;
        }
        const texts = typeof input === 'string' ? [input] : Array.isArray(input) && input.every((t) => typeof t === 'string') ? (input as string[]) : null;
        if (llm.embeddings.status !== undefined || texts === null) {
          res.writeHead(llm.embeddings.status ?? 400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: texts === null ? 'input must be a string or an array of strings' : 'embeddings unavailable', type: 'server_error', code: null } }));
          return;
        }
        llm.embeddedTexts.push(...texts);
        const data = texts.map((t, index) => ({ object: 'embedding', index, embedding: conceptEmbedding(t) }));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data, model: 'scripted-embed', usage: { prompt_tokens: texts.length * 10, total_tokens: texts.length * 10 } }));
      });
      return;
    }
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    const body: Buffer[] = [];
    req.on('data', (b: Buffer) => body.push(b));
    req.on('end', () => {
      try {
        record.body = JSON.parse(Buffer.concat(body).toString('utf8')) as RecordedRequest['body'];
      } catch {
        res.writeHead(400).end();
        return;
      }
      requests.push(record);
      handle(res, record).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const llm: ScriptedLlm = {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...replies) => void queue.push(...replies),
    responder: () => ({ kind: 'text', chunks: ['OK'] }),
    settled: async () => {
      while (open.size > 0) await Promise.all([...open]);
    },
    providerMs: () => requests.filter((r) => r.endedAt !== null).map((r) => r.endedAt! - r.startedAt),
    embeddings: {},
    embeddedTexts: [],
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      llm.embeddings = {};
      llm.embeddedTexts.length = 0;
      llm.responder = () => ({ kind: 'text', chunks: ['OK'] });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return llm;
}
