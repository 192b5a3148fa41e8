import fc from 'fast-check';
import { bodyValue, hostileString, hostileValue, validValue, type KnownValues } from './hostile-values.ts';
import type { Operation, Schema } from './openapi-operations.ts';
import { httpStatusOf } from '../../../src/lib/server/errors.ts';

// One generated request for an operation, the way a hostile client would send it, and the check of
// its answer: never a 5xx, never a hang, every refusal in the envelope in the caller's language.

export type Lang = 'zh' | 'en';
export type FuzzRequest = {
  method: string;
  /** Path and query string, already encoded (sometimes wrongly, on purpose). */
  url: string;
  headers: Record<string, string>;
  body: string | Uint8Array | FormData | undefined;
  lang: Lang;
  ip: string;
};

/** Who calls: a live session, nobody, or a token that is not one. */
export type Caller = 'user' | 'anonymous' | 'badToken';

const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/u;

/** Header values must be Latin-1 without CR, LF or NUL (fetch refuses others before sending). */
export function headerSafe(s: string): string {
  return [...s].filter((ch) => { const c = ch.codePointAt(0)!; return c >= 0x20 && c <= 0xff && c !== 0x7f; }).join('');
}

const badToken = fc.oneof(
  fc.constantFrom('', 'null', 'undefined', 'Bearer abc', 'x'.repeat(8000), '0'.repeat(64), 'ÿÿÿÿ', "' OR 1=1 --", '%00', '../'),
  fc.string({ maxLength: 80 }).map(headerSafe),
);

const acceptLanguage = (lang: Lang) => (lang === 'en' ? 'en-US,en;q=0.9' : 'zh-CN,zh;q=0.9');
const junkAcceptLanguage = fc.constantFrom('*', 'en;q=NaN, zh;q=abc', ';;;,,,', 'xx-YY', 'en;q=1e309', 'zh;q=-1', 'q=1'.repeat(500));

/** Text of a query value or path segment, percent-encoded the way browsers do, or deliberately not. */
function encodePart(value: string, raw: boolean): string {
  if (raw) return value.replace(/[#?&/ ]/g, (ch) => encodeURIComponent(ch));
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate cannot be percent-encoded as UTF-8: send the bytes of its CESU-8 form.
    return '%ED%A0%80';
  }
}

const scalarText = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v) ?? '');

function paramValue(schema: Schema, known: KnownValues): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 3, arbitrary: validValue(schema, known).map(scalarText) },
    { weight: 4, arbitrary: fc.oneof(hostileString, hostileValue.map(scalarText)) },
  );
}

const rawQueryJunk = fc.constantFrom('', '', '', '%', '%FF', '%E0%A4%A', 'a=%00', '&&&=&', '=x', 'x[]=1&x[]=2', 'pageNum=1&pageNum=2', `x=${'y'.repeat(9000)}`, '__proto__[a]=1');

/** Bodies that are not the JSON they claim to be. */
const brokenJson = fc.oneof(
  fc.constantFrom('', '{', '{"a":', 'null', '[]', '"x"', '1', 'true', '{"a":1,"a":2}', '\ufeff{}', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`),
  fc.string({ unit: 'binary', maxLength: 200 }),
);
const invalidUtf8 = fc.constantFrom(
  Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  Uint8Array.from([0xc0, 0xaf, 0xed, 0xa0, 0x80]),
  Uint8Array.from([0x00, 0x00, 0x00, 0x7b, 0x7d]),
  Uint8Array.from([0xfe, 0xff, 0x00, 0x7b, 0x00, 0x7d]),
);

/** A small file for a multipart field: junk, a real-looking header, or text. */
const smallFile = fc.oneof(
  fc.uint8Array({ maxLength: 512 }),
  fc.constantFrom(
    new TextEncoder().encode('Reference,Value\nR1,10k\n'),
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
    Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]),
    new TextEncoder().encode('%PDF-1.7\n%%EOF'),
    new TextEncoder().encode('(kicad_symbol_lib (version 20231120)'),
  ),
);
const fileName = fc.oneof(
  fc.constantFrom('a.csv', 'a.xlsx', 'a.zip', 'a.png', 'a.pdf', 'a.kicad_sym', 'a.kicad_mod', 'a.kicad_sch', 'a.kicad_pcb', 'a.kicad_pro', 'a.wrl', 'a.step', '../../etc/passwd', 'a\u0000.csv', '\u202egpj.exe', '', '.', 'CON', 'a'.repeat(1000)),
  hostileString.map((s) => s.slice(0, 300)),
);

function multipartBody(schema: Schema, known: KnownValues): fc.Arbitrary<FormData> {
  const props = Object.entries(schema.properties ?? {});
  const field = ([name, s]: [string, Schema]) =>
    s.format === 'binary'
      ? fc.option(fc.array(fc.tuple(smallFile, fileName), { minLength: 1, maxLength: 3 }), { nil: undefined }).map((files) => ({ name, files, text: undefined }))
      : paramValue(s, known).map((text) => ({ name, files: undefined, text }));
  return fc
    .tuple(fc.tuple(...props.map(field)), fc.option(fc.tuple(hostileString, hostileString), { nil: undefined }))
    .map(([fields, extra]) => {
      const fd = new FormData();
      for (const f of fields) {
        if (f.text !== undefined) fd.append(f.name, f.text);
        for (const [bytes, name] of f.files ?? []) fd.append(f.name, new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
      }
      if (extra) fd.append(extra[0], extra[1]);
      return fd;
    });
}

type BodyChoice = { body: FuzzRequest['body']; contentType: string | undefined };

function bodyFor(op: Operation, known: KnownValues): fc.Arbitrary<BodyChoice> {
  if (op.method === 'GET' || op.method === 'HEAD') return fc.constant({ body: undefined, contentType: undefined });
  const wrongType = fc.oneof(
    brokenJson.map((body) => ({ body, contentType: 'application/json' })),
    invalidUtf8.map((body) => ({ body, contentType: 'application/json; charset=utf-8' })),
    fc
      .tuple(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=zz', 'application/xml'))
      .map(([v, contentType]) => ({ body: JSON.stringify(v), contentType })),
    fc.constant({ body: `${'['.repeat(5000)}1${']'.repeat(5000)}`, contentType: 'application/json' }),
  );
  if (!op.body) return fc.oneof({ weight: 3, arbitrary: fc.constant({ body: undefined, contentType: undefined }) }, { weight: 1, arbitrary: wrongType });
  if (op.body.kind === 'multipart') {
    return fc.oneof(
      { weight: 6, arbitrary: multipartBody(op.body.schema, known).map((body) => ({ body, contentType: undefined })) },
      { weight: 1, arbitrary: wrongType },
      { weight: 1, arbitrary: fc.constant({ body: '--zz\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc', contentType: 'multipart/form-data; boundary=zz' }) },
    );
  }
  return fc.oneof(
    { weight: 8, arbitrary: bodyValue(op.body.schema, known).map((v) => ({ body: JSON.stringify(v) ?? 'null', contentType: 'application/json' })) },
    { weight: 2, arbitrary: wrongType },
  );
}

/** Stands for a live session in a generated request; replaced by a fresh one as it is sent. */
export const SESSION = '<session>';

export type RequestContext = { known: KnownValues; ips: () => string };

/** Every part of a request to `op` generated: who, which language, path, query, headers, body. */
export function requestFor(op: Operation, base: string, ctx: RequestContext): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  return fc
    .record({
      caller: fc.constantFrom<Caller>('user', 'user', 'anonymous', 'badToken'),
      badToken,
      lang: fc.constantFrom<Lang>('zh', 'en'),
      langVia: fc.constantFrom('cookie', 'cookie', 'accept'),
      junkAccept: junkAcceptLanguage,
      path: fc.tuple(...pathParams.map((p) => fc.tuple(fc.oneof(validValue(p.schema, ctx.known).map(scalarText), hostileString), fc.boolean()))),
      query: fc.tuple(...queryParams.map((p) => fc.tuple(paramValue(p.schema, ctx.known), fc.boolean()))),
      extraQuery: fc.option(fc.tuple(hostileString, hostileString), { nil: undefined, freq: 4 }),
      rawQuery: rawQueryJunk,
      body: bodyFor(op, ctx.known),
    })
    .map((g) => {
      let path = `${base}${op.path}`;
      pathParams.forEach((p, i) => {
        const [value, raw] = g.path[i]!;
        path = path.replace(`{${p.name}}`, encodePart(value, raw) || '%20');
      });
      const pairs: string[] = [];
      queryParams.forEach((p, i) => {
        const [value, raw] = g.query[i]!;
        if (value !== undefined) pairs.push(`${p.name}=${encodePart(value, raw)}`);
      });
      if (g.extraQuery) pairs.push(`${encodePart(g.extraQuery[0], false)}=${encodePart(g.extraQuery[1], false)}`);
      if (g.rawQuery) pairs.push(g.rawQuery);
      const headers: Record<string, string> = {};
      if (g.langVia === 'cookie') {
        headers.cookie = `locale=${g.lang}`;
        headers['accept-language'] = g.junkAccept;
      } else headers['accept-language'] = acceptLanguage(g.lang);
      if (g.caller === 'user') headers['x-token'] = SESSION;
      if (g.caller === 'badToken') headers['x-token'] = g.badToken;
      if (g.body.contentType) headers['content-type'] = g.body.contentType;
      return { method: op.method, url: pairs.length > 0 ? `${path}?${pairs.join('&')}` : path, headers, body: g.body.body, lang: g.lang, ip: ctx.ips() };
    });
}

/** The texts a request carried, so an English refusal may echo Chinese the caller sent. */
export function requestText(req: FuzzRequest): string {
  let text = req.url;
  // Piece by piece: one deliberately malformed escape must not hide the others' text.
  for (const piece of req.url.split(/[?&=/]/)) {
    try {
      text += decodeURIComponent(piece.replace(/\+/g, ' '));
    } catch {
      // A malformed escape: the raw piece is already in the text.
    }
  }
  if (typeof req.body === 'string') text += req.body;
  if (req.body instanceof FormData) for (const [k, v] of req.body.entries()) text += k + (typeof v === 'string' ? v : v.name);
  return text;
}

/** A JSON body's own `locale` (the assistant's chat: the page's language) wins over the request's. */
function bodyLocale(req: FuzzRequest): Lang | undefined {
  if (typeof req.body !== 'string' || !req.headers['content-type']?.startsWith('application/json')) return undefined;
  try {
    const locale = (JSON.parse(req.body) as { locale?: unknown } | null)?.locale;
    return locale === 'zh' || locale === 'en' ? locale : undefined;
  } catch {
    return undefined;
  }
}

export type Answer = { status: number; contentType: string; body: unknown; ms: number };

/**
 * What is wrong with an answer, or null. `envelope`: which shape refusals must have; 'ssoPage' is an
 * SSO page a browser opens (the WeChat callback, the development tools), which may refuse in HTML.
 */
export function answerProblem(answer: Answer, req: FuzzRequest, envelope: 'api' | 'sso' | 'ssoPage'): string | null {
  if (answer.status >= 500) return `status ${answer.status}`;
  if (answer.status < 400) {
    if (envelope === 'api' && answer.contentType.includes('json')) {
      const b = answer.body as { code?: unknown; msg?: unknown } | null;
      if (!b || typeof b.code !== 'number' || typeof b.msg !== 'string' || !('result' in b)) return `success outside the envelope: ${JSON.stringify(answer.body).slice(0, 200)}`;
    }
    return null;
  }
  if (envelope === 'ssoPage' && answer.contentType.startsWith('text/html')) return null;
  if (!answer.contentType.includes('json')) return `refusal ${answer.status} is not JSON (${answer.contentType})`;
  const b = answer.body as Record<string, unknown> | null;
  const code = envelope === 'api' ? b?.code : b?.error_code;
  const keys = envelope === 'api' ? ['code', 'msg', 'result'] : ['error_code', 'msg', 'data'];
  if (!b || typeof code !== 'number' || typeof b.msg !== 'string' || !keys.every((k) => k in b)) return `refusal outside the envelope: ${JSON.stringify(answer.body).slice(0, 200)}`;
  const msg = b.msg;
  if (msg.trim() === '') return `refusal ${code} without a message`;
  if (envelope === 'api' && httpStatusOf(code) !== answer.status) return `code ${code} with status ${answer.status}`;
  // The SSO speaks Chinese to everyone (SPEC §8: the dialog shows msg; en pages translate known texts).
  // A body's own locale may speak instead of the request's, once the body has been read.
  const langs = envelope === 'api' ? [req.lang, bodyLocale(req) ?? req.lang] : ['zh'];
  const problems = langs.map((lang) => languageProblem(msg, lang as Lang, req));
  return problems.includes(null) ? null : problems[0]!;
}

function languageProblem(msg: string, lang: Lang, req: FuzzRequest): string | null {
  if (lang === 'zh') return CJK.test(msg) ? null : `zh refusal without Chinese: ${msg.slice(0, 200)}`;
  const sent = requestText(req);
  const foreign = [...msg].filter((ch) => CJK.test(ch) && !sent.includes(ch));
  return foreign.length > 0 || !/[A-Za-z]{2,}/.test(msg) ? `en refusal not in English: ${msg.slice(0, 200)}` : null;
}

/** Sends the request with a deadline; a hang is a finding like a 500. */
export async function send(fetcher: (url: string, init: RequestInit, ip: string) => Response | Promise<Response>, req: FuzzRequest, timeoutMs: number): Promise<Answer> {
  const started = performance.now();
  const work = (async () => {
    const res = await fetcher(req.url, { method: req.method, headers: req.headers, body: req.body as BodyInit | undefined }, req.ip);
    const contentType = res.headers.get('content-type') ?? '';
    // Streams (SSE, downloads) may stay open: only JSON and refusals are read.
    let body: unknown = null;
    if (contentType.includes('json') || res.status >= 400) {
      const text = await res.text();
      try {
        body = JSON.parse(text);
      } catch {
        body = text.slice(0, 300);
      }
    } else await res.body?.cancel();
    return { status: res.status, contentType, body, ms: performance.now() - started };
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<Answer>((resolve) => {
    timer = setTimeout(() => resolve({ status: 599, contentType: 'timeout', body: `no answer within ${timeoutMs} ms`, ms: timeoutMs }), timeoutMs);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** A short, printable description of a request for a failure report. */
export function describe(req: FuzzRequest): string {
  const body = req.body instanceof FormData ? `form{${[...req.body.keys()].join(',')}}` : typeof req.body === 'string' ? req.body.slice(0, 300) : req.body ? `bytes(${req.body.length})` : '';
  return `${req.method} ${req.url.slice(0, 300)} [${req.lang}${req.headers['x-token'] !== undefined ? ', x-token' : ''}] ${body}`;
}
