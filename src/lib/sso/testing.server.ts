// Test and tooling support: an SSO app with dev providers, an injected clock and request helpers.
import pino from 'pino';
import { challengeAnswer } from './captcha.server.ts';
import { powHash, type PowChallenge } from './pow.server.ts';
import { createSsoApp, type SsoAppOptions } from './sso-app.server.ts';
import { createDevSmsProvider } from './providers/sms-dev.server.ts';
import { createDevWechatProvider } from './providers/wechat-dev.server.ts';
import { humanTrack, type TrackPoint } from './sso.ts';
import type { Db } from '../server/db/client.server.ts';

export const silent = pino({ level: 'silent' });
export const SECRET = 'test-secret-0123456789-abcdefghijklmnop';
/** The development key of test apps (the real one is random per process). */
export const DEV_KEY = 'test-dev-key-0123456789abcdefghijk';

export type Answer = { error_code: number; msg: string; data: Record<string, unknown> | null; info?: Record<string, unknown> };

export function makeSso(db: Db, clock: { now: number }, overrides: Partial<SsoAppOptions> = {}) {
  const sms = createDevSmsProvider(silent, () => clock.now);
  const app = createSsoApp({
    db,
    now: () => clock.now,
    sms,
    wechat: createDevWechatProvider(),
    sites: [{ id: 35, name: '芯百科' }],
    secret: SECRET,
    logger: silent,
    secureCookies: false,
    devKey: DEV_KEY,
    ...overrides,
  });
  const call = async (path: string, init: RequestInit = {}, ip = '10.0.0.1') => {
    const res = await app.request(`http://sso.test${path}`, init, { ip });
    const text = await res.text();
    let body: Answer;
    try {
      body = JSON.parse(text) as Answer;
    } catch {
      body = { error_code: -1, msg: text, data: null };
    }
    return { res, body };
  };
  const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const form = (fields: Record<string, string>): RequestInit => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    return { method: 'POST', body: fd };
  };
  /** A development tool (/dev/*) as a developer on another machine with the key would call it. */
  const dev = (path: string, init: RequestInit = {}, ip = '10.0.0.1') =>
    call(path, { ...init, headers: { ...(init.headers as Record<string, string> | undefined), 'X-Dev-Key': DEV_KEY } }, ip);
  /** The answer of a challenge, read where the server keeps it (the client never gets it). */
  const answerOf = async (challengeId: string) => {
    const targetX = await challengeAnswer(db, challengeId);
    if (targetX === undefined) throw new Error(`no challenge ${challengeId}`);
    return targetX;
  };
  /** A challenge and its stored answer. */
  const challenge = async (ip = '10.0.0.1') => {
    const issued = await call('/captcha/challenge', {}, ip);
    const data = issued.body.data as { challengeId: string };
    return { challengeId: data.challengeId, targetX: await answerOf(data.challengeId), body: issued.body };
  };
  /** Challenge → human-like track to the stored answer → ticket fields for regsms. */
  const captcha = async (ip = '10.0.0.1', track?: (targetX: number) => TrackPoint[]) => {
    const { challengeId, targetX } = await challenge(ip);
    const verify = await call('/captcha/verify', json({ challengeId, track: (track ?? humanTrack)(targetX) }), ip);
    return verify.body.data as { sessionId: string; sig: string; token: string; csessionid: string };
  };
  const sendCode = async (account: string, ip = '10.0.0.1', extra: Record<string, string> = {}) => {
    const ticket = await captcha(ip);
    return call('/register/regsms', json({ account, areacode: '86', scene: 'quick', aliscene: 'login', siteid: '35', ...ticket, ...extra }), ip);
  };
  const inbox = (phoneKey: string) => sms.inbox(phoneKey);
  /** A proof-of-work challenge (GET /captcha/pow) as the client gets it. */
  const powChallenge = async (ip = '10.0.0.1') => {
    const issued = await call('/captcha/pow', {}, ip);
    if (issued.body.error_code !== 0) throw new Error(`no proof-of-work challenge: ${issued.body.msg}`);
    return issued.body.data as unknown as PowChallenge;
  };
  /** Proof of work → solved as the browser does (counting from 0) → ticket fields for regsms. */
  const powTicket = async (ip = '10.0.0.1') => {
    const c = await powChallenge(ip);
    const verify = await call('/captcha/pow/verify', json({ ...c, number: solvePow(c) }), ip);
    if (verify.body.error_code !== 0) throw new Error(`proof of work refused: ${verify.body.msg}`);
    return verify.body.data as { sessionId: string; sig: string; token: string; csessionid: string };
  };
  /**
   * A browser at one address: keeps the cookies the SSO sets (sso_client, sso_qr …) and sends them
   * back, as the login dialog's `credentials: 'include'` does.
   */
  const browser = (ip: string) => {
    const jar = new Map<string, string>();
    const bcall = async (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
      const result = await call(path, { ...init, headers }, ip);
      for (const line of result.res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return result;
    };
    const bcaptcha = async () => {
      const issued = await bcall('/captcha/challenge');
      const { challengeId } = issued.body.data as { challengeId: string };
      const verify = await bcall('/captcha/verify', json({ challengeId, track: humanTrack(await answerOf(challengeId)) }));
      return verify.body.data as { sessionId: string; sig: string; token: string; csessionid: string };
    };
    const bsendCode = async (account: string, extra: Record<string, string> = {}) =>
      bcall('/register/regsms', json({ account, areacode: '86', scene: 'quick', aliscene: 'login', siteid: '35', ...(await bcaptcha()), ...extra }));
    return { ip, jar, call: bcall, captcha: bcaptcha, sendCode: bsendCode };
  };
  return { app, sms, call, dev, json, form, answerOf, challenge, captcha, sendCode, inbox, powChallenge, powTicket, browser };
}

/** The client's search: the first number from 0 whose SHA-256(salt + number) is the challenge. */
export function solvePow(c: Pick<PowChallenge, 'challenge' | 'salt' | 'maxnumber'>): number {
  for (let n = 0; n <= c.maxnumber; n++) if (powHash(c.salt, n) === c.challenge) return n;
  throw new Error('unsolvable challenge');
}
