// Test and tooling support: an SSO app with dev providers, an injected clock and request helpers.
import pino from 'pino';
import { createSsoApp, type SsoAppOptions } from './sso-app.server.ts';
import { createDevSmsProvider } from './providers/sms-dev.server.ts';
import { createDevWechatProvider } from './providers/wechat-dev.server.ts';
import { humanTrack, type TrackPoint } from './sso.ts';
import type { Db } from '../server/db/client.server.ts';

export const silent = pino({ level: 'silent' });
export const SECRET = 'test-secret-0123456789-abcdefghijklmnop';

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
  /** Challenge → human-like track → ticket fields for regsms. */
  const captcha = async (ip = '10.0.0.1', track?: (targetX: number) => TrackPoint[]) => {
    const challenge = await call('/captcha/challenge', {}, ip);
    const data = challenge.body.data as { challengeId: string; targetX: number };
    const verify = await call('/captcha/verify', json({ challengeId: data.challengeId, track: (track ?? humanTrack)(data.targetX) }), ip);
    return verify.body.data as { sessionId: string; sig: string; token: string; csessionid: string };
  };
  const sendCode = async (account: string, ip = '10.0.0.1', extra: Record<string, string> = {}) => {
    const ticket = await captcha(ip);
    return call('/register/regsms', json({ account, areacode: '86', scene: 'quick', aliscene: 'login', siteid: '35', ...ticket, ...extra }), ip);
  };
  const inbox = (phoneKey: string) => sms.inbox(phoneKey);
  return { app, sms, call, json, form, captcha, sendCode, inbox };
}
