import { describe, expect, it, vi } from 'vitest';
import { avatarError, emailError, nicknameError } from '../../../src/islands/account/profile-rules.ts';
import { installHostAuth } from '../../../src/lib/client/host-auth.ts';
import { decideHostAuth, handleHostAuth, HOST_LOGIN_FRESHNESS_SECONDS, parseHostAuthPayload, type HostAuthEffects } from '../../../src/lib/client/host-auth-handler.ts';
import {
  createTrackRecorder,
  isCaptchaTicket,
  keepPolling,
  loginFormFields,
  phoneError,
  precheckTrack,
  qrPhaseFromPoll,
  readLoginAnswer,
  readSliderChallenge,
  readUserPicName,
  safeRedirect,
  secondsLeft,
  sendCodeError,
  smsButtonEnabled,
  smsButtonLabel,
  smsButtonReducer,
  ssoErrorText,
  submitError,
  type SmsButtonState,
} from '../../../src/lib/client/login-flow.ts';
import { humanTrack } from '../../../src/lib/sso/sso.ts';

const TOKEN = 'a'.repeat(43);

describe('validation (SPEC §5)', () => {
  it('phone: required, then 1[3-9] plus 9 digits', () => {
    expect(phoneError('')).toBe('phoneRequired');
    expect(phoneError('   ')).toBe('phoneRequired');
    expect(phoneError('12812341234')).toBe('phoneInvalid');
    expect(phoneError('1381234123')).toBe('phoneInvalid');
    expect(phoneError('138123412345')).toBe('phoneInvalid');
    expect(phoneError('13812341234')).toBeNull();
    expect(phoneError(' 19912341234 ')).toBeNull();
  });
  it("'get code' needs the phone first, then the slider", () => {
    expect(sendCodeError({ phone: '', sliderDone: false })).toBe('phoneRequired');
    expect(sendCodeError({ phone: '123', sliderDone: true })).toBe('phoneInvalid');
    expect(sendCodeError({ phone: '13812341234', sliderDone: false })).toBe('sliderRequired');
    expect(sendCodeError({ phone: '13812341234', sliderDone: true })).toBeNull();
  });
  it('submit needs the code and, when binding, the agreement', () => {
    expect(submitError({ phone: '13812341234', code: ' ' })).toBe('codeRequired');
    expect(submitError({ phone: '', code: '123456' })).toBe('phoneRequired');
    expect(submitError({ phone: '13812341234', code: '123456' })).toBeNull();
    expect(submitError({ phone: '13812341234', code: '123456', agreement: false })).toBe('agreementRequired');
    expect(submitError({ phone: '13812341234', code: '123456', agreement: true })).toBeNull();
  });
});

describe('SMS button (SPEC §4)', () => {
  const labels = { getCode: 'get code', sending: 'sending', countdown: '{n}s', resend: 're-send' };
  it('idle → sending → 60 s countdown → idle', () => {
    let s: SmsButtonState = { kind: 'idle' };
    expect(smsButtonEnabled(s)).toBe(true);
    s = smsButtonReducer(s, { type: 'send' });
    expect(s).toEqual({ kind: 'sending' });
    expect(smsButtonEnabled(s)).toBe(false);
    expect(smsButtonReducer(s, { type: 'send' })).toBe(s);
    s = smsButtonReducer(s, { type: 'sent', now: 1_000 });
    expect(s).toEqual({ kind: 'countdown', endsAt: 61_000 });
    expect(smsButtonLabel(s, 1_000, labels)).toBe('60s');
    expect(smsButtonLabel(s, 1_500, labels)).toBe('60s');
    expect(smsButtonLabel(s, 2_000, labels)).toBe('59s');
    expect(smsButtonLabel(s, 60_001, labels)).toBe('1s');
    expect(smsButtonEnabled(s)).toBe(false);
    expect(smsButtonReducer(s, { type: 'send' })).toBe(s);
    expect(smsButtonReducer(s, { type: 'tick', now: 30_000 })).toBe(s);
    s = smsButtonReducer(s, { type: 'tick', now: 61_000 });
    expect(s).toEqual({ kind: 'idle' });
    expect(smsButtonLabel(s, 0, labels)).toBe('get code');
  });
  it("failure shows 're-send', which can send again", () => {
    const s = smsButtonReducer({ kind: 'sending' }, { type: 'failed' });
    expect(smsButtonLabel(s, 0, labels)).toBe('re-send');
    expect(smsButtonEnabled(s)).toBe(true);
    expect(smsButtonReducer(s, { type: 'send' })).toEqual({ kind: 'sending' });
  });
  it('the server may give its own resend delay', () => {
    expect(smsButtonReducer({ kind: 'sending' }, { type: 'sent', now: 0, seconds: 30 })).toEqual({ kind: 'countdown', endsAt: 30_000 });
    expect(secondsLeft(0, 5_000)).toBe(0);
  });
});

describe('WeChat QR poll (SPEC §4)', () => {
  it('maps the answer codes; only 1405 keeps polling', () => {
    const waiting = qrPhaseFromPoll({ error_code: 1405, data: { scanned: false } });
    expect(waiting).toEqual({ kind: 'shown', scanned: false });
    expect(keepPolling(waiting)).toBe(true);
    expect(qrPhaseFromPoll({ error_code: 1405, data: { scanned: true } })).toEqual({ kind: 'shown', scanned: true });
    const success = qrPhaseFromPoll({ error_code: 0, data: { token: TOKEN } });
    expect(success).toEqual({ kind: 'success' });
    expect(keepPolling(success)).toBe(false);
    expect(qrPhaseFromPoll({ error_code: 1404 })).toEqual({ kind: 'expired' });
    expect(qrPhaseFromPoll({ error_code: 2000, data: { bindTicket: 't'.repeat(22), nickname: 'wx' } })).toEqual({ kind: 'bind', bindTicket: 't'.repeat(22), nickname: 'wx' });
    expect(qrPhaseFromPoll({ error_code: 2000, data: {} })).toMatchObject({ kind: 'error' });
    const foreign = qrPhaseFromPoll({ error_code: 40300, msg: '二维码不属于当前浏览器，请刷新' });
    expect(foreign).toEqual({ kind: 'error', message: '二维码不属于当前浏览器，请刷新' });
    expect(keepPolling(foreign)).toBe(false);
    expect(qrPhaseFromPoll(null)).toMatchObject({ kind: 'error' });
  });
});

describe('slider track', () => {
  it('records server units, clamped, with strictly rising times', () => {
    const r = createTrackRecorder(300 / 260, 256);
    r.start(100, 1000);
    expect(r.move(26, 101, 1016)).toBe(30);
    r.move(30, 102, 1016); // same millisecond: replaces, no repeated t
    r.move(-10, 100, 1030);
    expect(r.move(1000, 99, 1050)).toBe(256);
    expect(r.points.map((p) => p.t)).toEqual([0, 16, 30, 50]);
    expect(r.points[1]).toEqual({ x: 34.6, y: 2, t: 16 });
    expect(r.points[2]!.x).toBe(0);
    expect(r.lastX).toBe(256);
    // A move in the start's own millisecond is kept, one millisecond later.
    const k = createTrackRecorder(1, 256);
    k.start(0, 500);
    k.move(2, 0, 500);
    expect(k.points).toEqual([{ x: 0, y: 0, t: 0 }, { x: 2, y: 0, t: 1 }]);
  });
  it("runs the server's judge before sending, on what the dialog knows (never the target)", () => {
    expect(precheckTrack(humanTrack(150), 300)).toEqual({ ok: true });
    // Wherever the drag ends: whether that is the gap, only the server knows.
    expect(precheckTrack(humanTrack(40), 300)).toEqual({ ok: true });
    expect(precheckTrack(humanTrack(236), 300)).toEqual({ ok: true });
    const keyboard = Array.from({ length: 40 }, (_, i) => ({ x: Math.min(150, i * 5), y: 0, t: i * 100 }));
    expect(precheckTrack(keyboard, 300)).toEqual({ ok: false, failure: 1007 });
    expect(precheckTrack(humanTrack(150, { durationMs: 200 }), 300)).toEqual({ ok: false, failure: 1002 });
    expect(precheckTrack(humanTrack(150, { points: 8 }), 300)).toEqual({ ok: false, failure: 1003 });
  });
  it('reads a picture challenge; anything without both pictures is a load error', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const webp = 'data:image/webp;base64,UklGRg==';
    const good = { challengeId: 'c'.repeat(22), trackWidth: 300, height: 150, pieceWidth: 60, background: webp, piece: png, expiresIn: 120 };
    expect(readSliderChallenge(good)).toEqual({ challengeId: 'c'.repeat(22), trackWidth: 300, height: 150, pieceWidth: 60, background: webp, piece: png });
    expect(readSliderChallenge({ ...good, trackWidth: undefined, height: -1 })).toMatchObject({ trackWidth: 300, height: 150 });
    // The old answer (target and piece y in the JSON) is not a challenge any more.
    expect(readSliderChallenge({ challengeId: 'c'.repeat(22), trackWidth: 300, pieceWidth: 44, targetX: 120, pieceY: 40 })).toBeNull();
    expect(readSliderChallenge({ ...good, background: 'javascript:alert(1)' })).toBeNull();
    expect(readSliderChallenge({ ...good, piece: 'https://evil.example/x.png' })).toBeNull();
    expect(readSliderChallenge(null)).toBeNull();
  });
  it('recognises a ticket', () => {
    expect(isCaptchaTicket({ sessionId: 'a', sig: 'b', token: 'c', csessionid: 'd' })).toBe(true);
    expect(isCaptchaTicket({ sessionId: 'a', sig: '', token: 'c', csessionid: 'd' })).toBe(false);
    expect(isCaptchaTicket(null)).toBe(false);
  });
});

describe('SSO forms (SPEC §3)', () => {
  const ticket = { sessionId: 's', sig: 'g', token: 't', csessionid: 'c' };
  it('login form fields', () => {
    expect(loginFormFields({ phone: ' 13812341234 ', smscode: '123456', ticket, referer: 'http://x/bom' })).toEqual([
      ['account', '13812341234'],
      ['areacode', '86'],
      ['smscode', '123456'],
      ['scene', 'quick'],
      ['sessionId', 's'],
      ['sig', 'g'],
      ['token', 't'],
      ['csessionid', 'c'],
      ['aliscene', 'login'],
      ['siteid', '35'],
      ['referer', 'http://x/bom'],
    ]);
  });
  it('binding form adds reg_tid 0, uuid and agreement 1', () => {
    const fields = Object.fromEntries(loginFormFields({ phone: '13812341234', smscode: '1', ticket: null, referer: '', bindTicket: 'B' }));
    expect(fields).toMatchObject({ reg_tid: '0', uuid: 'B', agreement: '1', aliscene: 'bind', sessionId: '' });
  });
});

describe('answers', () => {
  it('reads a login answer; error_code other than 0 shows msg', () => {
    const ok = readLoginAnswer({ error_code: 0, msg: '登录成功', data: { token: TOKEN, syncurl: ['https://b.example/sso/sync?ticket=x', 'javascript:alert(1)', 3], userId: 7, username: 'u1', nickname: null, phone: '13812341234', lastLoginTime: 5 } });
    expect(ok).toEqual({ ok: true, data: { token: TOKEN, syncurl: ['https://b.example/sso/sync?ticket=x'], userId: 7, username: 'u1', nickname: null, phone: '13812341234', lastLoginTime: 5 } });
    expect(readLoginAnswer({ error_code: 40101, msg: '验证码错误或已过期，请重新获取', data: null })).toMatchObject({ ok: false, code: 40101, msg: '验证码错误或已过期，请重新获取' });
    expect(readLoginAnswer({ error_code: 0, data: { token: 'bad token' } })).toMatchObject({ ok: false });
    expect(readLoginAnswer(undefined)).toMatchObject({ ok: false, code: -1 });
  });
  it("getUserPicName: code 200000 gives the fields, anything else raises 'get user info failed, code'", () => {
    expect(readUserPicName({ code: 200000, result: { id: 3, nickname: 'n', phone: '1', username: 'u', email: null, headimage: '/a' } })).toEqual({
      id: 3,
      nickname: 'n',
      phone: '1',
      username: 'u',
      email: null,
      headimage: '/a',
    });
    expect(() => readUserPicName({ code: 40001, result: null })).toThrow('get user info failed, 40001');
    expect(() => readUserPicName(null)).toThrow('get user info failed, undefined');
  });
  it('error texts: zh shows msg; en translates known SSO messages', () => {
    const labels = { sliderFailed: 'Slider failed {n}', sliderLoadError: 'Load error {n}', tooSoon: 'Wait {n} s', generic: 'Failed', codeWrong: 'Wrong code' };
    expect(ssoErrorText('zh', '验证码错误或已过期，请重新获取', labels)).toBe('验证码错误或已过期，请重新获取');
    expect(ssoErrorText('en', '验证码错误或已过期，请重新获取', labels)).toBe('Wrong code');
    expect(ssoErrorText('en', '滑动验证失败,失败编号1004', labels)).toBe('Slider failed 1004');
    expect(ssoErrorText('en', '验证码加载异常,异常编号2001', labels)).toBe('Load error 2001');
    expect(ssoErrorText('en', '发送过于频繁，请42秒后再试', labels)).toBe('Wait 42 s');
    expect(ssoErrorText('en', '未知', labels)).toBe('未知');
    expect(ssoErrorText('zh', '', labels)).toBe('Failed');
  });
  it('post-login redirects stay on this site', () => {
    expect(safeRedirect('/bom?x=1')).toBe('/bom?x=1');
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});

describe('host auth callback (SPEC §4)', () => {
  const now = 1_800_000_000;
  const payload = { userId: 12, username: 'u1', token: TOKEN, phone: '13812341234', nickname: '小王', lastLoginTime: now - 100 };

  it('states: 1 ignored, 2 and 4 log out, 3 logs in, others ignored', () => {
    expect(decideHostAuth(1, payload, now)).toMatchObject({ action: 'ignore' });
    expect(decideHostAuth(2, null, now)).toEqual({ action: 'logout' });
    expect(decideHostAuth(4, undefined, now)).toEqual({ action: 'logout' });
    expect(decideHostAuth('4', undefined, now)).toEqual({ action: 'logout' });
    expect(decideHostAuth(3, payload, now)).toEqual({ action: 'login', auth: { ...payload, userId: '12' } });
    expect(decideHostAuth(5, payload, now)).toMatchObject({ action: 'ignore' });
    expect(decideHostAuth('x', payload, now)).toMatchObject({ action: 'ignore' });
  });
  it('a last login older than 432000 s asks the host login dialog', () => {
    expect(decideHostAuth(3, { ...payload, lastLoginTime: now - HOST_LOGIN_FRESHNESS_SECONDS }, now)).toMatchObject({ action: 'login' });
    expect(decideHostAuth(3, { ...payload, lastLoginTime: now - HOST_LOGIN_FRESHNESS_SECONDS - 1 }, now)).toEqual({ action: 'askHostLogin' });
    // Milliseconds are understood.
    expect(decideHostAuth(3, { ...payload, lastLoginTime: (now - 100) * 1000 }, now)).toMatchObject({ action: 'login' });
  });
  it('validates the payload', () => {
    expect(parseHostAuthPayload(JSON.stringify(payload))).toMatchObject({ token: TOKEN, lastLoginTime: now - 100 });
    expect(parseHostAuthPayload({ ...payload, lastLoginTime: String(now) })).toMatchObject({ lastLoginTime: now });
    for (const bad of [
      null,
      'not json',
      [],
      { ...payload, token: 'short' },
      { ...payload, token: 'a b'.repeat(10) },
      { ...payload, token: 42 },
      { ...payload, phone: '<script>' },
      { ...payload, userId: 'abc' },
      { ...payload, nickname: 'x'.repeat(65) },
      { ...payload, nickname: 'a\u0000b' },
      { ...payload, username: {} },
      { ...payload, lastLoginTime: 'yesterday' },
      { ...payload, lastLoginTime: -1 },
      { ...payload, lastLoginTime: undefined },
    ]) {
      expect(parseHostAuthPayload(bad), JSON.stringify(bad)).toBeNull();
      expect(decideHostAuth(3, bad, now).action).toBe('ignore');
    }
    expect(parseHostAuthPayload({ token: TOKEN, lastLoginTime: now })).toEqual({ token: TOKEN, userId: '', username: '', phone: '', nickname: '', lastLoginTime: now });
  });
  it('runs the effects, and installs window.chipediaHostAuth plus the parent-frame message', async () => {
    const effects: HostAuthEffects = { login: vi.fn(), logout: vi.fn(), askHostLogin: vi.fn(), now: () => now };
    expect(handleHostAuth(3, payload, effects)).toBe('login');
    expect(effects.login).toHaveBeenCalledWith({ ...payload, userId: '12' });
    expect(handleHostAuth(3, { ...payload, lastLoginTime: 0 }, effects)).toBe('askHostLogin');
    expect(effects.askHostLogin).toHaveBeenCalledTimes(1);

    const listeners: ((e: MessageEvent) => void)[] = [];
    const parent = {};
    // The host's origin must be one of HOST_ORIGINS (the page carries them in data-host-origins).
    const host = 'https://host.example';
    const win = {
      parent,
      document: { documentElement: { dataset: { hostOrigins: host } } },
      addEventListener: (_: string, fn: (e: MessageEvent) => void) => listeners.push(fn),
    } as unknown as Parameters<typeof installHostAuth>[0] & {
      chipediaHostAuth: (s: unknown, p: unknown) => Promise<string>;
    };
    installHostAuth(win, effects);
    installHostAuth(win, effects); // idempotent
    expect(listeners).toHaveLength(1);
    expect(await win.chipediaHostAuth(2, null)).toBe('logout');
    expect(effects.logout).toHaveBeenCalledTimes(1);
    // The handler loads on first use (a dynamic import): wait for the effects.
    const message = (source: unknown, data: unknown, origin = host) => listeners[0]!({ source, data, origin } as MessageEvent);
    message(parent, { source: 'kicad-host', type: 'auth', state: 4 });
    await vi.waitFor(() => expect(effects.logout).toHaveBeenCalledTimes(2));
    message(parent, { source: 'kicad-host', type: 'auth', state: 4 }, 'https://stranger.example'); // not an allowed host
    message({}, { source: 'kicad-host', type: 'auth', state: 4 }); // not the parent frame
    message(parent, { source: 'other', type: 'auth', state: 4 });
    message(parent, { source: 'kicad-host', type: 'other', state: 4 });
    message(parent, 'text');
    await new Promise((r) => setTimeout(r, 50));
    expect(effects.logout).toHaveBeenCalledTimes(2);
  });
});

describe('profile rules', () => {
  it('nickname ≤ 30 characters, no control characters', () => {
    expect(nicknameError('x'.repeat(30))).toBeNull();
    expect(nicknameError('x'.repeat(31))).toBe('nicknameTooLong');
    expect(nicknameError('a\tb')).toBe('nicknameBad');
  });
  it('email: empty clears, otherwise must be an address', () => {
    expect(emailError('')).toBeNull();
    expect(emailError('a@b.cn')).toBeNull();
    expect(emailError('a@b')).toBe('emailInvalid');
    expect(emailError('a..b@c.com')).toBe('emailInvalid');
  });
  it('avatar: PNG, JPEG or WebP, at most 2 MB', () => {
    expect(avatarError({ size: 2 * 1024 * 1024, type: 'image/png' })).toBeNull();
    expect(avatarError({ size: 2 * 1024 * 1024 + 1, type: 'image/jpeg' })).toBe('avatarTooLarge');
    expect(avatarError({ size: 10, type: 'image/gif' })).toBe('avatarType');
  });
});
