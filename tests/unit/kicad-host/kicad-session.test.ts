import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KicadHostError, KicadSessionError, KicadTimeoutError, parseEnvelope, type KicadEnvelope } from '../../../src/lib/client/kicad-host/kicad-rpc.ts';
import { createKicadSession, kicadTransport, versionFromAnswer, type KicadWindow, type SessionProblem } from '../../../src/lib/client/kicad-host/kicad-session.ts';

// The page's side of the KiCad WebView protocol against a scripted KiCad: what it sends, when,
// and how it reads KiCad's answers.

type Sent = Record<string, unknown> & { message_id: number; command: string };

function fakeKicad(kind: 'webkit' | 'webview2' | 'external' = 'webview2') {
  const sent: Sent[] = [];
  const post = (text: string) => sent.push(JSON.parse(text) as Sent);
  const win: KicadWindow =
    kind === 'webkit' ? { webkit: { messageHandlers: { kicad: { postMessage: post } } } } : kind === 'webview2' ? { chrome: { webview: { postMessage: post } } } : { external: { invoke: post } };
  const deliver = (m: unknown) => win.kiclient!.postMessage!(typeof m === 'string' ? m : JSON.stringify(m));
  const open = (sessionId: number | string = 'S1', messageId = 100) => deliver({ version: 1, session_id: sessionId, message_id: messageId, command: 'NEW_SESSION', parameters: {} });
  const answer = (to: Sent, extra: Partial<KicadEnvelope> = {}) =>
    deliver({ version: 1, session_id: to['session_id'], message_id: 900 + to.message_id, response_to: to.message_id, command: to.command, status: 'OK', parameters: {}, ...extra });
  return { win, sent, deliver, open, answer };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('transports', () => {
  it('picks webkit, then WebView2, then external.invoke; none outside KiCad', () => {
    const post = () => undefined;
    expect(kicadTransport({ webkit: { messageHandlers: { kicad: { postMessage: post } } }, chrome: { webview: { postMessage: post } } })?.kind).toBe('webkit');
    expect(kicadTransport({ chrome: { webview: { postMessage: post } }, external: { invoke: post } })?.kind).toBe('webview2');
    expect(kicadTransport({ external: { invoke: post } })?.kind).toBe('external');
    expect(kicadTransport({})).toBeNull();
    expect(kicadTransport({ chrome: {} })).toBeNull();
  });
  it.each(['webkit', 'webview2', 'external'] as const)('sends JSON text through %s', async (kind) => {
    const k = fakeKicad(kind);
    createKicadSession(k.win);
    k.open();
    expect(k.sent[0]).toMatchObject({ command: 'NEW_SESSION', status: 'OK', response_to: 100 });
  });
});

describe('session opening', () => {
  it('sends nothing before NEW_SESSION and refuses requests', async () => {
    const k = fakeKicad();
    const s = createKicadSession(k.win);
    expect(s.state).toBe('none');
    await expect(s.request('DL_COMPONENT')).rejects.toBeInstanceOf(KicadSessionError);
    expect(k.sent).toEqual([]);
  });
  it('answers NEW_SESSION with OK and its name, adopts the session id, then asks the KiCad version', () => {
    const k = fakeKicad();
    const versions: string[] = [];
    const s = createKicadSession(k.win, { onKicadVersion: (v) => versions.push(v), serverVersion: '2.1' });
    const states: string[] = [];
    s.subscribe((st) => states.push(`${st.state}:${st.kicadVersion}`));
    k.open('abc', 41);
    expect(s.state).toBe('open');
    expect(s.sessionId).toBe('abc');
    expect(k.sent[0]).toEqual({ version: 1, session_id: 'abc', message_id: 42, response_to: 41, command: 'NEW_SESSION', status: 'OK', parameters: { server_name: 'Chipedia', server_version: '2.1' } });
    expect(k.sent[1]).toMatchObject({ session_id: 'abc', message_id: 43, command: 'GET_KICAD_VERSION' });
    k.answer(k.sent[1]!, { parameters: { version: '9.0.6' } });
    return Promise.resolve().then(() => {
      expect(versions).toEqual(['9.0.6']);
      expect(states).toEqual(['none:', 'open:', 'open:9.0.6']);
    });
  });
  it('numbers each request after the last', async () => {
    const k = fakeKicad();
    const s = createKicadSession(k.win);
    k.open('S', 7);
    void s.request('PING').catch(() => undefined);
    void s.request('CAPABILITIES').catch(() => undefined);
    expect(k.sent.map((m) => m.message_id)).toEqual([8, 9, 10, 11]);
  });
  it('a new NEW_SESSION rejects what was pending', async () => {
    const k = fakeKicad();
    const s = createKicadSession(k.win);
    k.open('A');
    const p = s.request('DL_SYMBOL');
    k.open('B', 500);
    await expect(p).rejects.toBeInstanceOf(KicadSessionError);
    expect(s.sessionId).toBe('B');
  });
});

describe('answers', () => {
  it('OK resolves with the envelope, matched by response_to', async () => {
    const k = fakeKicad();
    const s = createKicadSession(k.win);
    k.open();
    const a = s.request('DL_SYMBOL', { library: 'x' }, 'AAAA');
    const b = s.request('DL_FOOTPRINT');
    const [sa, sb] = k.sent.slice(-2) as [Sent, Sent];
    expect(sa).toMatchObject({ command: 'DL_SYMBOL', parameters: { library: 'x' }, data: 'AAAA' });
    k.answer(sb, { parameters: { which: 'b' } });
    k.answer(sa, { parameters: { which: 'a' } });
    expect((await a).parameters).toEqual({ which: 'a' });
    expect((await b).parameters).toEqual({ which: 'b' });
  });
  it('ERROR rejects with the code and message', async () => {
    const k = fakeKicad();
    const s = createKicadSession(k.win);
    k.open();
    const p = s.request('DL_COMPONENT');
    k.answer(k.sent.at(-1)!, { status: 'ERROR', error_code: 'NO_PROJECT', error_message: 'No schematic open' });
    const error = await p.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KicadHostError);
    expect(error).toMatchObject({ code: 'NO_PROJECT', hostMessage: 'No schematic open' });
  });
  it('times out after 4 s by default', async () => {
    const k = fakeKicad();
    const s = createKicadSession(k.win);
    k.open();
    const p = s.request('DL_COMPONENT');
    const seen = p.catch((e: unknown) => e);
    vi.advanceTimersByTime(3999);
    await Promise.resolve();
    vi.advanceTimersByTime(1);
    expect(await seen).toBeInstanceOf(KicadTimeoutError);
  });
  it('the timeout is injectable and PENDING restarts it', async () => {
    const k = fakeKicad();
    const s = createKicadSession(k.win, { timeoutMs: 1000 });
    k.open();
    const p = s.request('DL_COMPONENT');
    const req = k.sent.at(-1)!;
    let settled = false;
    void p.then(() => (settled = true), () => (settled = true));
    vi.advanceTimersByTime(900);
    k.answer(req, { status: 'PENDING' });
    vi.advanceTimersByTime(900);
    await Promise.resolve();
    expect(settled).toBe(false);
    k.answer(req);
    await expect(p).resolves.toMatchObject({ status: 'OK' });
  });
  it('a response to an unknown id is reported and ignored; a late answer after the timeout too', async () => {
    const k = fakeKicad();
    const s = createKicadSession(k.win, { timeoutMs: 10 });
    const problems: SessionProblem[] = [];
    s.onProblem((p) => problems.push(p));
    k.open();
    k.deliver({ version: 1, session_id: 'S1', message_id: 5, response_to: 9999, command: 'DL_SYMBOL', status: 'OK', parameters: {} });
    const p = s.request('PING').catch((e: unknown) => e);
    vi.advanceTimersByTime(10);
    expect(await p).toBeInstanceOf(KicadTimeoutError);
    k.answer(k.sent.at(-1)!);
    expect(problems.map((x) => x.kind)).toEqual(['unknownResponse', 'unknownResponse']);
  });
  it('malformed envelopes are dropped and reported, never thrown into KiCad', () => {
    const k = fakeKicad();
    const s = createKicadSession(k.win);
    const problems: SessionProblem[] = [];
    s.onProblem((p) => problems.push(p));
    expect(() => k.deliver('not json {')).not.toThrow();
    k.deliver({ version: 2, session_id: 'x', message_id: 1, command: 'NEW_SESSION' });
    k.deliver({ version: 1, session_id: 'x', message_id: 1, command: 'RM_RF' });
    k.deliver('x'.repeat(1_000_001));
    expect(problems.map((p) => p.kind)).toEqual(['notJson', 'malformed', 'malformed', 'tooLarge']);
    expect(s.state).toBe('none');
    expect(k.sent).toEqual([]);
  });
  it('KiCad messages before NEW_SESSION are reported, not answered', () => {
    const k = fakeKicad();
    const s = createKicadSession(k.win);
    const problems: SessionProblem[] = [];
    s.onProblem((p) => problems.push(p));
    k.deliver({ version: 1, session_id: 'x', message_id: 1, command: 'PING' });
    expect(problems.map((p) => p.kind)).toEqual(['noSession']);
    expect(k.sent).toEqual([]);
  });
  it('answers PING with PONG', () => {
    const k = fakeKicad();
    createKicadSession(k.win);
    k.open('S', 1);
    k.deliver({ version: 1, session_id: 'S', message_id: 50, command: 'PING' });
    expect(k.sent.at(-1)).toMatchObject({ command: 'PONG', response_to: 50, status: 'OK' });
  });
});

describe('kiclient', () => {
  it('keeps an earlier kiclient.postMessage: both receive KiCad messages; dispose restores it', () => {
    const k = fakeKicad();
    const earlier: unknown[] = [];
    k.win.kiclient = { postMessage: (m: unknown) => earlier.push(m) };
    const s = createKicadSession(k.win);
    k.open();
    expect(s.state).toBe('open');
    expect(earlier).toHaveLength(1);
    s.dispose();
    k.win.kiclient!.postMessage!('x');
    expect(earlier).toHaveLength(2);
  });
  it('accepts objects as well as strings', () => {
    const k = fakeKicad();
    const s = createKicadSession(k.win);
    k.win.kiclient!.postMessage!({ version: 1, session_id: 3, message_id: 0, command: 'NEW_SESSION', parameters: {} });
    expect(s.sessionId).toBe(3);
  });
});

describe('envelope and version parsing', () => {
  it('parses the documented envelope', () => {
    const r = parseEnvelope('{"version":1,"session_id":"a","message_id":3,"response_to":2,"command":"DL_COMPONENT","status":"ERROR","error_message":"x","parameters":{}}');
    expect(r.ok).toBe(true);
  });
  it('reads KiCad version from parameters.version or kicad_version only when it looks like a version', () => {
    const e = (parameters: Record<string, unknown>) => ({ version: 1, session_id: 1, message_id: 1, command: 'GET_KICAD_VERSION', parameters }) as KicadEnvelope;
    expect(versionFromAnswer(e({ version: '9.0.5' }))).toBe('9.0.5');
    expect(versionFromAnswer(e({ kicad_version: '8.0' }))).toBe('8.0');
    expect(versionFromAnswer(e({ version: '<script>' }))).toBe('');
    expect(versionFromAnswer(e({}))).toBe('');
  });
});
