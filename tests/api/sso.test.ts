import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/lib/server/app.ts';
import { SESSION_TTL_SECONDS } from '../../src/lib/server/auth.server.ts';
import { sessions, ssoLoginHistory, users } from '../../src/lib/server/db/schema/index.ts';
import { openDatabase } from '../../src/lib/server/db/client.server.ts';
import { createOpenWechatProvider } from '../../src/lib/sso/providers/wechat-open.server.ts';
import type { SmsProvider } from '../../src/lib/sso/providers/sms.ts';
import { makeSso, silent, type Answer } from '../../src/lib/sso/testing.server.ts';
import { shownNickname } from '../../src/lib/sso/sso-app.server.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

// End-to-end flows of the SSO service over HTTP (app.request), with an injected clock, on PGlite by
// default and on PostgreSQL when TEST_DATABASE_URL is set.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const clock = { now: 1_800_000_000 };
let sso: ReturnType<typeof makeSso>;
let api: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  sso = makeSso(database.db, clock);
  api = createApp({ db: database.db, logger: silent, now: () => clock.now });
});
afterAll(async () => {
  await database?.close();
});

const cookieOf = (res: Response, name: string): string | undefined => {
  for (const line of res.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const [key, ...rest] = pair.split('=');
    if (key?.trim() === name) return `${name}=${rest.join('=')}`;
  }
  return undefined;
};

async function baseGet(token: string) {
  const res = await api.request('/api/chiplet/u/base/get', { method: 'POST', headers: { 'X-token': token } });
  return (await res.json()) as { code: number; result: { id: number; phone: string | null; username: string; nickname: string | null } };
}

/** Advances the clock past every per-phone and per-IP send limit. */
function nextDay() {
  clock.now += 86_400;
}

describe(`SSO flows (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('sends a CSP on every answer, also alone: data runs nothing; its HTML pages are framed by our sites only (issue #9 item 10)', async () => {
    const json = await sso.call('/captcha/challenge');
    expect(json.res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(json.res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const page = await sso.dev('/dev/wechat/scan?uuid=x');
    expect(page.res.headers.get('content-type')).toContain('text/html');
    expect(page.res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(page.res.headers.get('content-security-policy')).not.toContain('script-src');
    expect(json.res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a WeChat nickname is kept only if it passes the rules for visible names (issue #9 item 9)', () => {
    expect(shownNickname('微信用户')).toBe('微信用户');
    expect(shownNickname('\u202eSTM32')).toBeNull();
    expect(shownNickname('\u200b')).toBeNull();
    expect(shownNickname('  ')).toBeNull();
    expect(shownNickname(undefined)).toBeNull();
    expect(shownNickname('x'.repeat(40))).toBe('x'.repeat(30));
  });

  it('full SMS flow: challenge → slider → regsms → dev inbox → smsLogin → token works on the main API', async () => {
    const challenge = await sso.call('/captcha/challenge');
    expect(challenge.res.status).toBe(200);
    const c = challenge.body.data as { challengeId: string; trackWidth: number; height: number; pieceWidth: number; background: string; piece: string };
    expect(c.challengeId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(c).toMatchObject({ trackWidth: 300, height: 150, pieceWidth: 60 });
    expect(c.background).toMatch(/^data:image\/webp;base64,/);
    expect(c.piece).toMatch(/^data:image\/webp;base64,/);
    expect(c).not.toHaveProperty('targetX');

    // The person sees the gap in the picture; the test reads the answer where the server keeps it.
    const targetX = await sso.answerOf(c.challengeId);
    const { humanTrack } = await import('../../src/lib/sso/sso.ts');
    const verify = await sso.call('/captcha/verify', sso.json({ challengeId: c.challengeId, track: humanTrack(targetX) }));
    expect(verify.body.error_code).toBe(0);
    const ticket = verify.body.data as Record<string, string>;
    expect(Object.keys(ticket).sort()).toEqual(['csessionid', 'sessionId', 'sig', 'token']);

    const send = await sso.call(
      '/register/regsms',
      sso.json({ account: '13812341234', areacode: '86', scene: 'quick', aliscene: 'login', siteid: '35', ...ticket }),
    );
    expect(send.body).toMatchObject({ error_code: 0, msg: '验证码已发送' });

    const inbox = await sso.dev('/dev/inbox?phone=13812341234');
    const messages = (inbox.body.data as { messages: { code: string; purpose: string }[] }).messages;
    expect(messages).toHaveLength(1);
    expect(messages[0]!.code).toMatch(/^\d{6}$/);
    expect(messages[0]!.purpose).toBe('login');

    const login = await sso.call(
      '/smsLogin/index.html',
      sso.form({ account: '13812341234', areacode: '86', smscode: messages[0]!.code, scene: 'quick', aliscene: 'login', siteid: '35', ...ticket }),
    );
    expect(login.body.error_code).toBe(0);
    const data = login.body.data as { token: string; syncurl: string[]; expires_at: number; username: string; phone: string };
    expect(data.token.length).toBeGreaterThanOrEqual(43);
    expect(data.syncurl).toEqual([]);
    expect(data.expires_at).toBe(clock.now + SESSION_TTL_SECONDS);
    expect(data.username).toMatch(/^u[0-9a-f]{12}$/);

    const me = await baseGet(data.token);
    expect(me).toMatchObject({ code: 200000, result: { phone: '13812341234', username: data.username } });

    // The same code cannot log in twice.
    const replay = await sso.call('/smsLogin/index.html', sso.form({ account: '13812341234', smscode: messages[0]!.code }));
    expect(replay.body.error_code).toBe(40101);

    // A second login of the same phone finds the same user and gets a new token.
    nextDay();
    await sso.sendCode('+86 138-1234-1234');
    const code2 = sso.inbox('8613812341234')[0]!.code;
    const login2 = await sso.call('/smsLogin/index.html', sso.form({ account: '86 13812341234', smscode: code2 }));
    const data2 = login2.body.data as { token: string; userId: number };
    expect(data2.token).not.toBe(data.token);
    expect(data2.userId).toBe(me.result.id);
    const history = await database.db.select().from(ssoLoginHistory).where(eq(ssoLoginHistory.userId, me.result.id));
    expect(history.map((h) => h.method)).toEqual(['sms', 'sms']);
    expect(history.every((h) => h.ip === null)).toBe(true); // agreeCollectIP is false by default
  });

  it('token expiry: valid until 5 days, then 40002 on the main API', async () => {
    nextDay();
    await sso.sendCode('13900000001');
    const code = sso.inbox('8613900000001')[0]!.code;
    const login = await sso.call('/smsLogin/index.html', sso.form({ account: '13900000001', smscode: code }));
    const token = (login.body.data as { token: string }).token;
    const issuedAt = clock.now;
    clock.now = issuedAt + SESSION_TTL_SECONDS - 60;
    expect((await baseGet(token)).code).toBe(200000);
    clock.now = issuedAt + SESSION_TTL_SECONDS + 60;
    expect((await baseGet(token)).code).toBe(40002);
  });

  it('logout revokes the token at once (X-token header), and is harmless without one', async () => {
    nextDay();
    await sso.sendCode('13900000002');
    const code = sso.inbox('8613900000002')[0]!.code;
    const login = await sso.call('/smsLogin/index.html', sso.form({ account: '13900000002', smscode: code }));
    const token = (login.body.data as { token: string }).token;
    expect((await baseGet(token)).code).toBe(200000);
    const out = await sso.call('/logout', { method: 'POST', headers: { 'X-token': token } });
    expect(out.body).toMatchObject({ error_code: 0 });
    expect((await baseGet(token)).code).toBe(40001);
    const [row] = await database.db.select().from(sessions).where(eq(sessions.userId, (login.body.data as { userId: number }).userId));
    expect(row?.revokedAt).toBeTruthy();
    expect((await sso.call('/logout', { method: 'POST' })).body.error_code).toBe(0);
  });

  it('WeChat bound account: qrlogin → scan → confirm → qrconnect 0 with a working token; the QR then dies', async () => {
    const qr = await sso.call('/wechat/qrlogin?siteid=35');
    expect(qr.body.error_code).toBe(0);
    const info = qr.body.info as { qrcode: string; uuid: string; mode: string };
    expect(info.uuid).toMatch(/^[A-Za-z0-9_-]{22}$/); // 128 bits
    expect(info.mode).toBe('link');
    expect(info.qrcode).toBe(`http://sso.test/dev/wechat/scan?uuid=${info.uuid}`);
    const cookie = cookieOf(qr.res, 'sso_qr')!;
    expect(cookie).toBeTruthy();
    const poll = () => sso.call(`/wechat/qrconnect?siteid=35&uuid=${info.uuid}`, { headers: { cookie } });

    expect((await poll()).body).toMatchObject({ error_code: 1405, msg: '等待扫码' });
    const page = await sso.dev(`/dev/wechat/scan?uuid=${info.uuid}`);
    expect(page.res.headers.get('content-type')).toContain('text/html');
    expect(page.body.msg).toContain('confirm-bound');

    await sso.dev('/dev/wechat/scan', sso.form({ uuid: info.uuid, step: 'scan' }));
    expect((await poll()).body).toMatchObject({ error_code: 1405, msg: '已扫码，请在手机上确认' });
    await sso.dev('/dev/wechat/scan', sso.form({ uuid: info.uuid, step: 'confirm-bound' }));

    const done = await poll();
    expect(done.body.error_code).toBe(0);
    const data = done.body.data as { token: string; syncurl: string[] };
    expect(Array.isArray(data.syncurl)).toBe(true);
    const me = await baseGet(data.token);
    expect(me).toMatchObject({ code: 200000, result: { nickname: '微信测试用户' } });
    expect(JSON.stringify(done.body)).not.toContain('dev-unionid');

    // Dead after the first success.
    expect((await poll()).body.error_code).toBe(1404);
  });

  it('WeChat unbound account: 2000 with a server-held ticket → bind form → login; ticket single use; next scan logs in', async () => {
    nextDay();
    const unionid = 'dev-unionid-flow-test';
    const qr = await sso.call('/wechat/qrlogin');
    const info = qr.body.info as { uuid: string };
    const cookie = cookieOf(qr.res, 'sso_qr')!;
    await sso.dev('/dev/wechat/scan', sso.form({ uuid: info.uuid, step: 'confirm-unbound', unionid }));
    const unbound = await sso.call(`/wechat/qrconnect?uuid=${info.uuid}`, { headers: { cookie } });
    expect(unbound.body.error_code).toBe(2000);
    const bindTicket = (unbound.body.data as { bindTicket: string }).bindTicket;
    expect(bindTicket).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(JSON.stringify(unbound.body)).not.toContain(unionid);
    expect(JSON.stringify(unbound.body)).not.toContain('openid');
    // The QR is dead once it answered 2000.
    expect((await sso.call(`/wechat/qrconnect?uuid=${info.uuid}`, { headers: { cookie } })).body.error_code).toBe(1404);

    // A login-purpose code does not work in the binding flow.
    await sso.sendCode('13900000003');
    const loginCode = sso.inbox('8613900000003')[0]!.code;
    const bindFields = { account: '13900000003', areacode: '86', reg_tid: '0', uuid: bindTicket, agreement: '1', siteid: '35' };
    const wrongPurpose = await sso.call('/oauth/smsbindorreg.html', sso.form({ ...bindFields, smscode: loginCode }));
    expect(wrongPurpose.body.error_code).toBe(40101);

    clock.now += 61;
    const send = await sso.sendCode('13900000003', '10.0.0.1', { uuid: bindTicket });
    expect(send.body.error_code).toBe(0);
    const bindCode = sso.inbox('8613900000003')[0]!;
    expect(bindCode.purpose).toBe('bind');

    const noAgreement = await sso.call('/oauth/smsbindorreg.html', sso.form({ ...bindFields, smscode: bindCode.code, agreement: '0' }));
    expect(noAgreement.body).toMatchObject({ error_code: 40000, msg: '请同意相关协议！' });
    const forgedTicket = await sso.call('/oauth/smsbindorreg.html', sso.form({ ...bindFields, smscode: bindCode.code, uuid: 'A'.repeat(22) }));
    expect(forgedTicket.body.error_code).toBe(40102);

    const bound = await sso.call('/oauth/smsbindorreg.html', sso.form({ ...bindFields, smscode: bindCode.code }));
    expect(bound.body.error_code).toBe(0);
    const token = (bound.body.data as { token: string }).token;
    const me = await baseGet(token);
    expect(me.result.phone).toBe('13900000003');
    const [row] = await database.db.select().from(users).where(eq(users.id, me.result.id));
    expect(row?.wechatUnionid).toBe(unionid);

    // The ticket is single use.
    const again = await sso.call('/oauth/smsbindorreg.html', sso.form({ ...bindFields, smscode: bindCode.code }));
    expect(again.body.error_code).toBe(40102);

    // The same WeChat account now logs straight in.
    const qr2 = await sso.call('/wechat/qrlogin');
    const uuid2 = (qr2.body.info as { uuid: string }).uuid;
    await sso.dev('/dev/wechat/scan', sso.form({ uuid: uuid2, step: 'confirm-unbound', unionid }));
    const direct = await sso.call(`/wechat/qrconnect?uuid=${uuid2}`, { headers: { cookie: cookieOf(qr2.res, 'sso_qr')! } });
    expect(direct.body.error_code).toBe(0);
    expect((await baseGet((direct.body.data as { token: string }).token)).result.id).toBe(me.result.id);
  });

  it('QR expiry after 120 s, unknown uuid → 1404, another browser → 40300, cancel → 1404', async () => {
    const qr = await sso.call('/wechat/qrlogin');
    const uuid = (qr.body.info as { uuid: string }).uuid;
    const cookie = cookieOf(qr.res, 'sso_qr')!;
    const poll = (u = uuid, headers: Record<string, string> = { cookie }) => sso.call(`/wechat/qrconnect?uuid=${u}`, { headers });
    expect((await poll(uuid, {})).body.error_code).toBe(40300);
    expect((await poll(uuid, { cookie: 'sso_qr=someone-else' })).body.error_code).toBe(40300);
    clock.now += 119;
    expect((await poll()).body.error_code).toBe(1405);
    clock.now += 1;
    expect((await poll()).body).toMatchObject({ error_code: 1404, msg: '二维码已失效，请刷新' });
    await sso.dev('/dev/wechat/scan', sso.form({ uuid, step: 'confirm-bound' }));
    expect((await poll()).body.error_code).toBe(1404);

    expect((await poll('B'.repeat(22))).body.error_code).toBe(1404);
    expect((await poll('not-a-uuid')).body.error_code).toBe(1404);

    const qr2 = await sso.call('/wechat/qrlogin');
    const uuid2 = (qr2.body.info as { uuid: string }).uuid;
    await sso.dev('/dev/wechat/scan', sso.form({ uuid: uuid2, step: 'cancel' }));
    expect((await poll(uuid2, { cookie: cookieOf(qr2.res, 'sso_qr')! })).body.error_code).toBe(1404);
  });

  it('sync URLs: one per other site, each a one-time 60 s ticket that sets that site a session cookie', async () => {
    nextDay();
    const multi = makeSso(database.db, clock, {
      sites: [
        { id: 35, name: '芯百科' },
        { id: 36, name: 'Other', syncBase: 'https://other.example.com/sso' },
      ],
    });
    await multi.sendCode('13900000004');
    const code = multi.inbox('8613900000004')[0]!.code;
    const login = await multi.call('/smsLogin/index.html', multi.form({ account: '13900000004', smscode: code, siteid: '35' }));
    const { syncurl, token } = login.body.data as { syncurl: string[]; token: string };
    expect(syncurl).toHaveLength(1);
    const url = new URL(syncurl[0]!);
    expect(url.origin + url.pathname).toBe('https://other.example.com/sso/sync');
    expect(url.search).not.toContain(token);

    const path = `${url.pathname.replace(/^\/sso/, '')}${url.search}`;
    const first = await multi.call(path);
    expect(first.res.headers.get('content-type')).toBe('image/gif');
    const sessionCookie = cookieOf(first.res, 'sso_session')!;
    expect(sessionCookie).toBeTruthy();
    expect(first.res.headers.getSetCookie()[0]).toContain('HttpOnly');
    const replay = await multi.call(path);
    expect(replay.res.headers.get('content-type')).toBe('image/gif');
    expect(cookieOf(replay.res, 'sso_session')).toBeUndefined();

    const session = await multi.call('/session', { headers: { cookie: sessionCookie } });
    expect(session.body.error_code).toBe(0);
    const otherToken = (session.body.data as { token: string }).token;
    expect(otherToken).not.toBe(token);
    expect((await baseGet(otherToken)).code).toBe(200000);
    expect((await multi.call('/session')).body.error_code).toBe(40001);

    // A ticket redeemed after 60 s does nothing.
    await multi.sendCode('13900000005');
    const code5 = multi.inbox('8613900000005')[0]!.code;
    const login5 = await multi.call('/smsLogin/index.html', multi.form({ account: '13900000005', smscode: code5 }));
    const late = new URL((login5.body.data as { syncurl: string[] }).syncurl[0]!);
    clock.now += 60;
    const lateRes = await multi.call(`${late.pathname.replace(/^\/sso/, '')}${late.search}`);
    expect(cookieOf(lateRes.res, 'sso_session')).toBeUndefined();
  });

  it('dev endpoints exist only with the dev providers', async () => {
    const realSms: SmsProvider = { kind: 'aliyun', send: async () => {} };
    const prod = makeSso(database.db, clock, {
      sms: realSms,
      wechat: createOpenWechatProvider({ appId: 'wxappid', appSecret: 'secret', fetch: async () => { throw new Error('no network in tests'); } }),
    });
    expect((await prod.call('/dev/inbox?phone=13812341234')).res.status).toBe(404);
    expect((await prod.call('/dev/wechat/scan?uuid=x')).res.status).toBe(404);
    expect((await prod.dev('/dev/captcha/answer?challengeId=x')).res.status).toBe(404);
    const qr = await prod.call('/wechat/qrlogin');
    const info = qr.body.info as { qrcode: string; mode: string };
    expect(info.mode).toBe('iframe');
    expect(info.qrcode).toMatch(/^https:\/\/open\.weixin\.qq\.com\/connect\/qrconnect\?appid=wxappid&redirect_uri=http%3A%2F%2Fsso\.test%2Fwechat%2Fcallback&response_type=code&scope=snsapi_login&state=[A-Za-z0-9_-]{22}#wechat_redirect$/);
  });

  it('a database failure answers 50300, never a crash', async () => {
    const broken = process.env.TEST_DATABASE_URL
      ? await openDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/none', poolSize: 1 })
      : await openDatabase({ kind: 'pglite', dataDir: 'memory' });
    if (!process.env.TEST_DATABASE_URL) await broken.close();
    const down = makeSso(broken.db, clock);
    const challenge = await down.call('/captcha/challenge');
    expect(challenge.res.status).toBe(503);
    expect(challenge.body).toMatchObject({ error_code: 50300, msg: '验证码加载异常,异常编号2002' });
    const login = await down.call('/smsLogin/index.html', down.form({ account: '13812341234', smscode: '123456' }));
    expect(login.body).toMatchObject({ error_code: 50300, msg: '服务暂时不可用，请稍后再试' });
    const qr = await down.call('/wechat/qrlogin');
    expect(qr.body.error_code).toBe(50300);
    if (process.env.TEST_DATABASE_URL) await broken.close();
  });
});

export type { Answer };
