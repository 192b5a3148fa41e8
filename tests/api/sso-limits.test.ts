import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoCaptchaTickets, ssoSmsCodes } from '../../src/lib/server/db/schema/index.ts';
import { consumeCode, generateCode, MAX_CODE_TRIES, storeCode, type CodeTarget } from '../../src/lib/sso/codes.server.ts';
import type { SmsMessage, SmsProvider } from '../../src/lib/sso/providers/sms.ts';
import { createOpenWechatProvider } from '../../src/lib/sso/providers/wechat-open.server.ts';
import { humanTrack, judgeTrack, SsoCode, type TrackPoint } from '../../src/lib/sso/sso.ts';
import { QR_POLL_WINDOWS } from '../../src/lib/sso/sso-app.server.ts';
import { makeSso, SECRET } from '../../src/lib/sso/testing.server.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

// The security figures of the SSO (issue 5 point 4; shared/notes/security-checklist.md), each
// checked with an injected clock over HTTP (app.request), or on the verify function directly for
// the concurrency rounds.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const clock = { now: 1_900_000_000 };
let sso: ReturnType<typeof makeSso>;
let ipCounter = 0;
/** A fresh client address, so per-IP limits of one test do not touch another. */
const freshIp = () => `192.0.2.${++ipCounter}`;

beforeAll(async () => {
  database = await createTestDatabase();
  sso = makeSso(database.db, clock);
});
afterAll(async () => {
  await database?.close();
});

const label = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

describe(`SMS codes (${label})`, () => {
  it('are 6 digits from a CSPRNG, uniform enough (χ² on 100 000 codes)', () => {
    const counts = new Array<number>(10).fill(0);
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      const code = generateCode();
      expect(code).toMatch(/^\d{6}$/);
      counts[Number(code[0])]!++;
    }
    const expected = n / 10;
    const chi2 = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(27.88); // 9 degrees of freedom, p = 0.001
  });

  it('are stored as HMAC only and never logged (real providers), phones not logged in clear', async () => {
    const lines: string[] = [];
    const capture = pino({ level: 'trace' }, { write: (s: string) => void lines.push(s) });
    const sent: SmsMessage[] = [];
    const provider: SmsProvider = { kind: 'aliyun', send: async (m) => void sent.push(m) };
    const logged = makeSso(database.db, clock, { sms: provider, logger: capture });
    const ip = freshIp();
    const send = await logged.sendCode('13700000001', ip);
    expect(send.body.error_code).toBe(0);
    const code = sent[0]!.code;
    const login = await logged.call('/smsLogin/index.html', logged.form({ account: '13700000001', smscode: code }), ip);
    expect(login.body.error_code).toBe(0);
    const token = (login.body.data as { token: string }).token;
    const [row] = await database.db.select().from(ssoSmsCodes).where(eq(ssoSmsCodes.phoneKey, '8613700000001'));
    expect(row!.codeHmac).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    const log = lines.join('\n');
    expect(log).toContain('sso request');
    expect(log).not.toContain(code);
    expect(log).not.toContain('13700000001');
    expect(log).not.toContain(token);
  });

  it('live 300 s: accepted at 299 s, rejected at 300 s', async () => {
    const ip = freshIp();
    await sso.sendCode('13700000002', ip);
    const code = sso.inbox('8613700000002')[0]!.code;
    const sentAt = clock.now;
    clock.now = sentAt + 300;
    expect((await sso.call('/smsLogin/index.html', sso.form({ account: '13700000002', smscode: code }), ip)).body.error_code).toBe(40101);
    clock.now = sentAt + 299;
    expect((await sso.call('/smsLogin/index.html', sso.form({ account: '13700000002', smscode: code }), ip)).body.error_code).toBe(0);
    clock.now = sentAt + 3600;
  });

  it('are bound to phone and purpose, and replaced by a resend', async () => {
    const ip = freshIp();
    await sso.sendCode('13700000003', ip);
    const codeA = sso.inbox('8613700000003')[0]!.code;
    await sso.sendCode('13700000004', ip);
    // Phone A's code does not log in phone B (unless by chance B's code is the same digits).
    const codeB = sso.inbox('8613700000004')[0]!.code;
    if (codeA !== codeB) {
      expect((await sso.call('/smsLogin/index.html', sso.form({ account: '13700000004', smscode: codeA }), ip)).body.error_code).toBe(40101);
    }
    // Purpose: a login code is not a bind code (direct check; the HTTP case is in sso.test.ts).
    const target: CodeTarget = { phoneKey: '8613700000003', purpose: 'bind', flow: 'x' };
    expect(await consumeCode(database.db, SECRET, target, codeA, clock.now)).toBe(false);

    clock.now += 60;
    await sso.sendCode('13700000003', ip);
    const resent = sso.inbox('8613700000003')[0]!.code;
    if (resent !== codeA) {
      expect((await sso.call('/smsLogin/index.html', sso.form({ account: '13700000003', smscode: codeA }), ip)).body.error_code).toBe(40101);
    }
    expect((await sso.call('/smsLogin/index.html', sso.form({ account: '13700000003', smscode: resent }), ip)).body.error_code).toBe(0);
  });

  it('allow at most 5 tries per code: 5 wrong guesses, then the right code is rejected', async () => {
    const target: CodeTarget = { phoneKey: '8613700000005', purpose: 'login', flow: '' };
    await storeCode(database.db, SECRET, target, '123456', clock.now);
    for (let i = 0; i < MAX_CODE_TRIES; i++) expect(await consumeCode(database.db, SECRET, target, '000000', clock.now)).toBe(false);
    expect(await consumeCode(database.db, SECRET, target, '123456', clock.now)).toBe(false);
  });

  it('count 50 concurrent wrong guesses: all count, the right code then fails', async () => {
    const target: CodeTarget = { phoneKey: '8613700000006', purpose: 'login', flow: '' };
    await storeCode(database.db, SECRET, target, '654321', clock.now);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => consumeCode(database.db, SECRET, target, String(100000 + i), clock.now)));
    expect(results.every((r) => r === false)).toBe(true);
    const [row] = await database.db
      .select()
      .from(ssoSmsCodes)
      .where(and(eq(ssoSmsCodes.phoneKey, target.phoneKey), eq(ssoSmsCodes.purpose, 'login')));
    expect(row!.tries).toBe(MAX_CODE_TRIES);
    expect(await consumeCode(database.db, SECRET, target, '654321', clock.now)).toBe(false);
  });

  it('are single use under concurrency: 16 verifications released together, 100 rounds, exactly one wins each', async () => {
    const target: CodeTarget = { phoneKey: '8613700000007', purpose: 'login', flow: '' };
    for (let round = 0; round < 100; round++) {
      const code = generateCode();
      await storeCode(database.db, SECRET, target, code, clock.now);
      const results = await Promise.all(Array.from({ length: 16 }, () => consumeCode(database.db, SECRET, target, code, clock.now)));
      expect(results.filter(Boolean)).toHaveLength(1);
    }
  });

  it('5 wrong codes lock the guessing client for 10 minutes, even with the right code (issue #36: not the phone)', async () => {
    const ip = freshIp();
    await sso.sendCode('13700000008', ip);
    const code = sso.inbox('8613700000008')[0]!.code;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await sso.call('/smsLogin/index.html', sso.form({ account: '13700000008', smscode: wrong }), ip)).body.error_code).toBe(40101);
    }
    const locked = await sso.call('/smsLogin/index.html', sso.form({ account: '13700000008', smscode: code }), ip);
    expect(locked.res.status).toBe(429);
    expect(locked.body).toMatchObject({ error_code: 42900, msg: '验证码错误次数过多，请10分钟后再试' });
    clock.now += 600;
    await sso.sendCode('13700000008', ip);
    const fresh = sso.inbox('8613700000008')[0]!.code;
    expect((await sso.call('/smsLogin/index.html', sso.form({ account: '13700000008', smscode: fresh }), ip)).body.error_code).toBe(0);
  });
});

describe(`SMS send limits (${label})`, () => {
  it('per phone: 1 per 60 s, 5 per hour, 10 per day; +86 138…, 86138… and 138… share one bucket', async () => {
    clock.now += 86_400;
    const ip = () => freshIp();
    const forms = ['+86 136 0000 0001', '8613600000001', '13600000001', '136-0000-0001'];
    const start = clock.now;
    expect((await sso.sendCode(forms[0]!, ip())).body.error_code).toBe(0);
    clock.now = start + 59;
    const tooSoon = await sso.sendCode(forms[1]!, ip());
    expect(tooSoon.res.status).toBe(429);
    expect(tooSoon.body).toMatchObject({ error_code: 42900, msg: '发送过于频繁，请1秒后再试' });
    expect(tooSoon.res.headers.get('retry-after')).toBe('1');
    for (let i = 1; i < 5; i++) {
      clock.now = start + 60 * i;
      expect((await sso.sendCode(forms[i % forms.length]!, ip())).body.error_code).toBe(0);
    }
    clock.now = start + 300;
    expect((await sso.sendCode(forms[2]!, ip())).body).toMatchObject({ error_code: 42900, msg: '发送次数过多，请1小时后再试' });
    for (let i = 0; i < 5; i++) {
      clock.now = start + 3600 + 60 * i;
      expect((await sso.sendCode(forms[3]!, ip())).body.error_code).toBe(0);
    }
    clock.now = start + 7200 + 60;
    expect((await sso.sendCode(forms[0]!, ip())).body).toMatchObject({ error_code: 42900, msg: '今日发送次数已达上限，请明天再试' });
    clock.now = start + 86_400;
    expect((await sso.sendCode(forms[1]!, ip())).body.error_code).toBe(0);
    expect(sso.inbox('8613600000001')).toHaveLength(11);
  });

  it('per IP: 20 per hour, whatever the phones', async () => {
    clock.now += 86_400;
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      expect((await sso.sendCode(`1350000${String(i).padStart(4, '0')}`, ip)).body.error_code).toBe(0);
    }
    const blocked = await sso.sendCode('13500009999', ip);
    expect(blocked.body).toMatchObject({ error_code: 42900, msg: '当前网络请求过于频繁，请稍后再试' });
    expect(sso.inbox('8613500009999')).toHaveLength(0);
    // Spoofed forwarding headers change nothing: the address comes from the socket.
    const ticket = await sso.captcha(ip);
    const spoofed = await sso.call(
      '/register/regsms',
      { ...sso.json({ account: '13500009998', ...ticket }), headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' } },
      ip,
    );
    expect(spoofed.body.error_code).toBe(42900);
    clock.now += 3600;
    expect((await sso.sendCode('13500009999', ip)).body.error_code).toBe(0);
  });

  it('answers the same whether or not the phone is registered', async () => {
    clock.now += 86_400;
    await sso.sendCode('13400000001');
    const code = sso.inbox('8613400000001')[0]!.code;
    expect((await sso.call('/smsLogin/index.html', sso.form({ account: '13400000001', smscode: code }))).body.error_code).toBe(0);
    const known = await sso.sendCode('13400000001', freshIp());
    expect(known.body.error_code).toBe(42900); // same phone within 60 s: the limit, not the registration, speaks
    clock.now += 60;
    const a = await sso.sendCode('13400000001', freshIp());
    const b = await sso.sendCode('13400000002', freshIp());
    expect(a.res.status).toBe(b.res.status);
    expect(a.body).toEqual(b.body);
  });
});

describe(`Input rules (${label})`, () => {
  it('enforces the phone rules of SPEC §5 with its messages', async () => {
    const ip = freshIp();
    const ticket = await sso.captcha(ip);
    const cases: [string, string][] = [
      ['', '请输入手机号码'],
      ['   ', '请输入手机号码'],
      ['12345678901', '手机号码格式不正确'],
      ['1381234123', '手机号码格式不正确'],
      ['138123412345', '手机号码格式不正确'],
      ['1381234123a', '手机号码格式不正确'],
    ];
    for (const [account, msg] of cases) {
      const res = await sso.call('/register/regsms', sso.json({ account, areacode: '86', ...ticket }), ip);
      expect(res.body).toMatchObject({ error_code: 40000, msg });
      expect(res.res.status).toBe(400);
    }
    const login = await sso.call('/smsLogin/index.html', sso.form({ account: '', smscode: '123456' }), ip);
    expect(login.body.msg).toBe('请输入手机号码');
  });

  it('rejects codes with letters or the wrong length, and asks for a missing code', async () => {
    for (const [smscode, msg] of [
      ['12345a', '验证码格式不正确'],
      ['12345', '验证码格式不正确'],
      ['1234567', '验证码格式不正确'],
      ['', '请输入验证码'],
    ] as const) {
      const res = await sso.call('/smsLogin/index.html', sso.form({ account: '13812341234', smscode }), freshIp());
      expect(res.body).toMatchObject({ error_code: 40000, msg });
    }
  });

  it('refuses bodies over 64 KB with 41300', async () => {
    const big = sso.form({ account: '13812341234', smscode: '123456', referer: 'x'.repeat(70 * 1024) });
    const res = await sso.call('/smsLogin/index.html', big, freshIp());
    expect(res.res.status).toBe(413);
    expect(res.body.error_code).toBe(41300);
    const json = await sso.call('/register/regsms', sso.json({ account: '13812341234', pad: 'y'.repeat(65 * 1024) }), freshIp());
    expect(json.body.error_code).toBe(41300);
  });

  it('refuses file parts and malformed JSON', async () => {
    const fd = new FormData();
    fd.append('account', new Blob(['13812341234']), 'a.txt');
    expect((await sso.call('/smsLogin/index.html', { method: 'POST', body: fd })).body.error_code).toBe(40000);
    const bad = await sso.call('/register/regsms', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' });
    expect(bad.body).toMatchObject({ error_code: 40000, msg: '请求体不是有效的 JSON' });
  });

  it('rejects unknown sites', async () => {
    const res = await sso.call('/wechat/qrlogin?siteid=99');
    expect(res.body).toMatchObject({ error_code: 40000, msg: '站点不存在' });
  });
});

describe(`Captcha tickets (${label})`, () => {
  const regsms = (ticket: Record<string, string>, ip: string, account = '13300000001') =>
    sso.call('/register/regsms', sso.json({ account, areacode: '86', ...ticket }), ip);

  it('missing → 请滑动验证; forged sig → rejected; replayed → rejected; SMS not sent', async () => {
    clock.now += 86_400;
    const ip = freshIp();
    expect((await regsms({}, ip)).body).toMatchObject({ error_code: 40100, msg: '请滑动验证' });
    const ticket = await sso.captcha(ip);
    const forged = { ...ticket, sig: ticket.sig.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) };
    expect((await regsms(forged, ip)).body).toMatchObject({ error_code: 40100, msg: '滑动验证已失效，请重新滑动' });
    const otherToken = { ...ticket, token: 'A'.repeat(22) };
    expect((await regsms(otherToken, ip)).body.error_code).toBe(40100);
    expect((await regsms(ticket, ip)).body.error_code).toBe(0);
    expect((await regsms(ticket, ip, '13300000002')).body.error_code).toBe(40100);
    expect(sso.inbox('8613300000002')).toHaveLength(0);
    const [row] = await database.db.select().from(ssoCaptchaTickets).where(eq(ssoCaptchaTickets.sessionId, ticket.sessionId));
    expect(row!.phoneKey).toBe('8613300000001'); // bound to the phone of its first use
  });

  it('expire after 120 s and are bound to the IP they were issued to', async () => {
    const ip = freshIp();
    const ticket = await sso.captcha(ip);
    clock.now += 120;
    expect((await regsms(ticket, ip, '13300000003')).body.error_code).toBe(40100);
    const ticket2 = await sso.captcha(ip);
    expect((await regsms(ticket2, freshIp(), '13300000004')).body.error_code).toBe(40100);
    clock.now += 119;
    const ticket3 = await sso.captcha(ip);
    clock.now += 119;
    expect((await regsms(ticket3, ip, '13300000005')).body.error_code).toBe(0);
  });
});

describe(`Slider verification (${label})`, () => {
  /** A challenge, then a track made for its stored answer (the picture's gap). */
  const attempt = async (ip: string, make: (targetX: number) => TrackPoint[], challengeId?: string) => {
    const data = await sso.challenge(ip);
    return sso.call('/captcha/verify', sso.json({ challengeId: challengeId ?? data.challengeId, track: make(data.targetX) }), ip);
  };
  const linear = (targetX: number, n = 30, ms = 900): TrackPoint[] =>
    Array.from({ length: n }, (_, i) => ({ x: (targetX * i) / (n - 1), y: i % 3, t: (ms * i) / (n - 1) }));

  it('judges tracks: human-like passes; fast, sparse, off-target, jumping, straight and constant-speed fail', () => {
    const target = 150;
    expect(judgeTrack(humanTrack(target), target)).toEqual({ ok: true });
    expect(judgeTrack(humanTrack(target, { durationMs: 250 }), target)).toEqual({ ok: false, failure: 1002 });
    expect(judgeTrack(humanTrack(target, { points: 9 }), target)).toEqual({ ok: false, failure: 1003 });
    expect(judgeTrack(humanTrack(target + 6), target)).toEqual({ ok: false, failure: 1004 });
    expect(judgeTrack(humanTrack(target + 5), target)).toEqual({ ok: true });
    expect(judgeTrack(humanTrack(250, { points: 10 }), 250)).toEqual({ ok: false, failure: 1005 });
    expect(judgeTrack(humanTrack(target).map((p) => ({ ...p, y: 0 })), target)).toEqual({ ok: false, failure: 1007 });
    expect(judgeTrack(linear(target), target)).toEqual({ ok: false, failure: 1008 });
    expect(judgeTrack(humanTrack(target).reverse(), target)).toEqual({ ok: false, failure: 1009 });
  });

  it('answers failures as 滑动验证失败,失败编号{n}; a challenge works once; expires after 120 s', async () => {
    const ip = freshIp();
    const fast = await attempt(ip, (x) => humanTrack(x, { durationMs: 200 }));
    expect(fast.body).toMatchObject({ error_code: 40100, msg: '滑动验证失败,失败编号1002' });
    const data = await sso.challenge(ip);
    const ok = await sso.call('/captcha/verify', sso.json({ challengeId: data.challengeId, track: humanTrack(data.targetX) }), ip);
    expect(ok.body.error_code).toBe(0);
    const replay = await sso.call('/captcha/verify', sso.json({ challengeId: data.challengeId, track: humanTrack(data.targetX) }), ip);
    expect(replay.body.msg).toBe('滑动验证失败,失败编号1010');
    const lateData = await sso.challenge(ip);
    clock.now += 120;
    const expired = await sso.call('/captcha/verify', sso.json({ challengeId: lateData.challengeId, track: humanTrack(lateData.targetX) }), ip);
    expect(expired.body.msg).toBe('滑动验证失败,失败编号1001');
  });

  it('a challenge issued to one IP cannot be solved from another', async () => {
    const data = await sso.challenge(freshIp());
    const res = await sso.call('/captcha/verify', sso.json({ challengeId: data.challengeId, track: humanTrack(data.targetX) }), freshIp());
    expect(res.body.msg).toBe('滑动验证失败,失败编号1001');
  });

  it('5 failures lock the IP for 360 s (verify and challenge), then it works again', async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i++) expect((await attempt(ip, (x) => humanTrack(x + 20))).body.error_code).toBe(40100);
    const fifth = await attempt(ip, (x) => humanTrack(x + 20));
    expect(fifth.res.status).toBe(429);
    expect(fifth.body).toMatchObject({ error_code: 42900, msg: '滑动验证失败,失败编号1004' });
    const challenge = await sso.call('/captcha/challenge', {}, ip);
    expect(challenge.body).toMatchObject({ error_code: 42900, msg: '验证码加载异常,异常编号2003' });
    clock.now += 359;
    expect((await sso.call('/captcha/challenge', {}, ip)).body.error_code).toBe(42900);
    clock.now += 1;
    expect((await attempt(ip, humanTrack)).body.error_code).toBe(0);
  });

  it('limits challenges to 30 a minute per IP (验证码加载异常,异常编号2001)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) expect((await sso.call('/captcha/challenge', {}, ip)).body.error_code).toBe(0);
    expect((await sso.call('/captcha/challenge', {}, ip)).body).toMatchObject({ error_code: 42900, msg: '验证码加载异常,异常编号2001' });
  });
});

describe(`WeChat state and identifiers (${label})`, () => {
  it('the Open Platform callback accepts a state once, only from the browser that asked', async () => {
    let exchanges = 0;
    const open = makeSso(database.db, clock, {
      wechat: createOpenWechatProvider({
        appId: 'wx123',
        appSecret: 'appsecret',
        fetch: async (url) => {
          exchanges++;
          const u = new URL(url);
          if (u.pathname === '/sns/oauth2/access_token') {
            expect(u.searchParams.get('code')).toBe('CODE1');
            return { ok: true, status: 200, json: async () => ({ access_token: 'AT', openid: 'OPENID', unionid: 'UNION-open-1' }) };
          }
          return { ok: true, status: 200, json: async () => ({ nickname: '微信昵称', headimgurl: 'https://thirdwx.qlogo.cn/x' }) };
        },
      }),
    });
    const qr = await open.call('/wechat/qrlogin');
    const info = qr.body.info as { qrcode: string; uuid: string };
    const state = new URL(info.qrcode).searchParams.get('state')!;
    const cookieLine = qr.res.headers.getSetCookie().find((l) => l.startsWith('sso_qr='))!;
    const cookie = cookieLine.split(';')[0]!;
    expect(cookieLine).toContain('HttpOnly');

    const noCookie = await open.call(`/wechat/callback?code=CODE1&state=${state}`);
    expect(noCookie.res.status).toBe(400);
    const foreign = await open.call(`/wechat/callback?code=CODE1&state=${state}`, { headers: { cookie: 'sso_qr=stranger' } });
    expect(foreign.res.status).toBe(400);
    expect(exchanges).toBe(0); // rejected before the code exchange

    const ok = await open.call(`/wechat/callback?code=CODE1&state=${state}`, { headers: { cookie } });
    expect(ok.res.status).toBe(200);
    expect(exchanges).toBe(2);
    const replay = await open.call(`/wechat/callback?code=CODE1&state=${state}`, { headers: { cookie } });
    expect(replay.res.status).toBe(400);
    expect(replay.body.msg).toContain('微信授权已失效');
    expect(exchanges).toBe(2);

    const poll = await open.call(`/wechat/qrconnect?uuid=${info.uuid}`, { headers: { cookie } });
    expect(poll.body.error_code).toBe(2000);
    expect(JSON.stringify(poll.body)).not.toContain('UNION-open-1');
    expect(JSON.stringify(poll.body)).not.toContain('OPENID');
  });

  it('one QR answers at most 60 polls a minute, counted in the database across two app instances', async () => {
    // Two SSO apps on one database stand for two nodes behind a proxy: the count is shared.
    const nodeA = sso;
    const nodeB = makeSso(database.db, clock);
    const qr = await nodeA.call('/wechat/qrlogin', {}, freshIp());
    const uuid = (qr.body.info as { uuid: string }).uuid;
    const cookie = qr.res.headers.getSetCookie().find((l) => l.startsWith('sso_qr='))!.split(';')[0]!;
    const poll = (node: typeof sso) => node.call(`/wechat/qrconnect?uuid=${uuid}`, { headers: { cookie } });
    for (let i = 0; i < QR_POLL_WINDOWS[0]!.max; i++) {
      const r = await poll(i % 2 === 0 ? nodeA : nodeB);
      expect(r.body.error_code, `poll ${i + 1}`).toBe(SsoCode.qrWaiting);
    }
    const refused = await poll(nodeB);
    expect(refused.res.status).toBe(429);
    expect(refused.body.error_code).toBe(42900);
    expect(refused.body.msg).toBe('二维码状态查询过于频繁，请稍后再试');
    expect(Number(refused.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await poll(nodeA)).body.error_code).toBe(42900);
    // Another QR is not affected, and the first one polls again once the minute has passed.
    const other = await nodeA.call('/wechat/qrlogin', {}, freshIp());
    const otherCookie = other.res.headers.getSetCookie().find((l) => l.startsWith('sso_qr='))!.split(';')[0]!;
    const otherPoll = await nodeB.call(`/wechat/qrconnect?uuid=${(other.body.info as { uuid: string }).uuid}`, { headers: { cookie: otherCookie } });
    expect(otherPoll.body.error_code).toBe(SsoCode.qrWaiting);
    clock.now += 61;
    expect((await poll(nodeB)).body.error_code).toBe(SsoCode.qrWaiting);
  });

  it('QR uuids are 128-bit random and distinct', async () => {
    const seen = new Set<string>();
    const ip = freshIp();
    for (let i = 0; i < 30; i++) {
      const qr = await sso.call('/wechat/qrlogin', {}, ip);
      const uuid = (qr.body.info as { uuid: string }).uuid;
      expect(Buffer.from(uuid, 'base64url')).toHaveLength(16);
      seen.add(uuid);
    }
    expect(seen.size).toBe(30);
  });
});
