import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_KEY, makeSso } from '../../src/lib/sso/testing.server.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

// The development tools (/dev/*: SMS inbox, WeChat simulator, slider answer) exist only with the
// dev providers, which a deployment that forgets APP_ENV gets by default. They answer this machine
// (a loopback socket, a loopback Host, no proxy header) or whoever gives the development key that
// the process prints at start-up; everyone else gets 403.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const clock = { now: 1_960_000_000 };
let sso: ReturnType<typeof makeSso>;

beforeAll(async () => {
  database = await createTestDatabase();
  sso = makeSso(database.db, clock);
});
afterAll(async () => {
  await database?.close();
});

const LAN = '192.168.1.23';
const local = { host: '127.0.0.1:4321' };
const inbox = '/dev/inbox?phone=13812341234';

/** A live QR uuid, for the simulator's page. */
const qrUuid = async () => ((await sso.call('/wechat/qrlogin')).body.info as { uuid: string }).uuid;

describe(`Development tools guard (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('refuses a client on another machine without the key: 403 envelope for JSON, a key form for the simulator', async () => {
    const json = await sso.call(inbox, {}, LAN);
    expect(json.res.status).toBe(403);
    expect(json.body).toMatchObject({ error_code: 40300, data: null });
    expect(json.body.msg).toContain('开发密钥');
    const challenge = (await sso.call('/captcha/challenge', {}, LAN)).body.data as { challengeId: string };
    const answer = await sso.call(`/dev/captcha/answer?challengeId=${challenge.challengeId}`, {}, LAN);
    expect(answer.res.status).toBe(403);
    expect(answer.body).toMatchObject({ error_code: 40300, data: null });

    const uuid = await qrUuid();
    const page = await sso.call(`/dev/wechat/scan?uuid=${uuid}`, {}, LAN);
    expect(page.res.status).toBe(403);
    expect(page.res.headers.get('content-type')).toContain('text/html');
    expect(page.body.msg).toContain('<form method="post" action="/dev/key">');
    expect(page.body.msg).toContain(`name="uuid" value="${uuid}"`);
    expect(page.body.msg).toContain('name="key" type="password"');
    expect(page.body.msg).not.toContain(DEV_KEY);
    // The simulator's own form posts are refused too, and change nothing.
    const post = await sso.call('/dev/wechat/scan', sso.form({ uuid, step: 'confirm-bound' }), LAN);
    expect(post.res.status).toBe(403);
    expect(post.body.msg).toContain(`name="uuid" value="${uuid}"`);
    expect((await sso.call(`/dev/wechat/scan?uuid=${uuid}`, { headers: local }, '127.0.0.1')).body.msg).toContain('等待扫码');
    // No client address at all (a host that cannot tell) is not this machine either.
    expect((await sso.app.request(`http://localhost${inbox}`, { headers: local })).status).toBe(403);
  });

  it('refuses a wrong key, in the query, the header or the form', async () => {
    for (const wrong of ['nope', DEV_KEY.slice(0, -1), `${DEV_KEY}x`, DEV_KEY.toUpperCase(), '']) {
      expect((await sso.call(`${inbox}&key=${encodeURIComponent(wrong)}`, {}, LAN)).res.status).toBe(403);
      expect((await sso.call(inbox, { headers: { 'X-Dev-Key': wrong } }, LAN)).res.status).toBe(403);
    }
    const form = await sso.call('/dev/key', sso.form({ key: 'nope', uuid: 'A'.repeat(22) }), LAN);
    expect(form.res.status).toBe(403);
    expect(form.body.msg).toContain('密钥不正确');
    expect(form.res.headers.getSetCookie()).toEqual([]);
  });

  it('answers the right key, in the query or the X-Dev-Key header', async () => {
    const byQuery = await sso.call(`${inbox}&key=${DEV_KEY}`, {}, LAN);
    expect(byQuery.res.status).toBe(200);
    expect(byQuery.body).toMatchObject({ error_code: 0, data: { phone: '13812341234', messages: [] } });
    expect((await sso.call(inbox, { headers: { 'X-Dev-Key': DEV_KEY } }, LAN)).res.status).toBe(200);
    expect((await sso.dev(inbox, {}, '203.0.113.9')).res.status).toBe(200); // the tests' helper does the same
  });

  it('the key form and ?key= on the simulator leave a cookie (not the key) and take the key out of the address', async () => {
    const uuid = await qrUuid();
    const unlocked = await sso.call('/dev/key', sso.form({ key: DEV_KEY, uuid }), LAN);
    expect(unlocked.res.status).toBe(303);
    expect(unlocked.res.headers.get('location')).toBe(`/dev/wechat/scan?uuid=${uuid}`);
    const line = unlocked.res.headers.getSetCookie().find((l) => l.startsWith('sso_dev='))!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/Path=\/dev/);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).not.toContain(DEV_KEY);
    const cookie = line.split(';')[0]!;
    const page = await sso.call(`/dev/wechat/scan?uuid=${uuid}`, { headers: { cookie } }, LAN);
    expect(page.res.status).toBe(200);
    expect(page.body.msg).toContain('confirm-bound');
    expect(page.body.msg).not.toContain(DEV_KEY);
    const scanned = await sso.call('/dev/wechat/scan', { ...sso.form({ uuid, step: 'scan' }), headers: { cookie } }, LAN);
    expect(scanned.body.msg).toContain('已扫码');
    expect((await sso.call(inbox, { headers: { cookie } }, LAN)).res.status).toBe(200);
    expect((await sso.call(inbox, { headers: { cookie: 'sso_dev=forged' } }, LAN)).res.status).toBe(403);

    const byQuery = await sso.call(`/dev/wechat/scan?uuid=${uuid}&key=${DEV_KEY}`, {}, LAN);
    expect(byQuery.res.status).toBe(303);
    expect(byQuery.res.headers.get('location')).toBe(`/dev/wechat/scan?uuid=${uuid}`);
    expect(byQuery.res.headers.getSetCookie().some((l) => l.startsWith('sso_dev='))).toBe(true);

    // The QR code every visitor sees carries no key.
    const qr = await sso.call('/wechat/qrlogin', {}, LAN);
    expect(JSON.stringify(qr.body)).not.toContain(DEV_KEY);
  });

  it('answers this machine without a key: loopback socket and host, no proxy header', async () => {
    for (const ip of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1']) {
      const res = await sso.call(inbox, { headers: local }, ip);
      expect(res.res.status, ip).toBe(200);
    }
    expect((await sso.call(inbox, { headers: { host: 'localhost:4321' } }, '127.0.0.1')).res.status).toBe(200);
    expect((await sso.call(inbox, { headers: { host: '[::1]:4321' } }, '::1')).res.status).toBe(200);
  });

  it('treats a loopback request with a proxy header or a foreign Host as another machine', async () => {
    const proxied: Record<string, string>[] = [
      { 'X-Forwarded-For': '127.0.0.1' },
      { 'X-Forwarded-For': '198.51.100.7' },
      { Forwarded: 'for=198.51.100.7' },
      { 'X-Real-IP': '198.51.100.7' },
      { 'X-Forwarded-Host': 'www.example.com' },
    ];
    for (const headers of proxied) {
      const res = await sso.call(inbox, { headers: { ...local, ...headers } }, '127.0.0.1');
      expect(res.res.status, JSON.stringify(headers)).toBe(403);
      expect((await sso.call(inbox, { headers: { ...local, ...headers, 'X-Dev-Key': DEV_KEY } }, '127.0.0.1')).res.status).toBe(200);
    }
    // A page whose DNS name was rebound to 127.0.0.1 sends its own name.
    expect((await sso.call(inbox, { headers: { host: 'attacker.example:4321' } }, '127.0.0.1')).res.status).toBe(403);
    // Neighbours of loopback are not loopback.
    for (const ip of ['128.0.0.1', '::2', '::ffff:128.0.0.1', '10.127.0.1', 'localhost', 'unknown']) {
      expect((await sso.call(inbox, { headers: local }, ip)).res.status, ip).toBe(403);
    }
  });

  it('no spelling of a /dev/ path gets past the guard', async () => {
    for (const path of ['/dev/inbox/?phone=13812341234', '/dev//inbox?phone=13812341234', '/%64ev/inbox?phone=13812341234', '/dev/%69nbox?phone=13812341234', '/./dev/inbox?phone=13812341234', '//dev/inbox?phone=13812341234']) {
      const res = await sso.call(path, {}, LAN);
      expect([403, 404], path).toContain(res.res.status);
      expect(JSON.stringify(res.body), path).not.toContain('messages');
    }
  });

  it('the process key: 24 random bytes, made once per process and shared through globalThis', async () => {
    const { isLoopbackAddress, isLoopbackHost, processDevKey, sameKey } = await import('../../src/lib/sso/dev-access.server.ts');
    const key = processDevKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(processDevKey()).toBe(key);
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('chipedia.sso.devKey')]).toBe(key);
    expect(sameKey(key, key)).toBe(true);
    expect(sameKey(`${key}x`, key)).toBe(false);
    expect(isLoopbackAddress('::ffff:7f00:1')).toBe(true);
    expect(isLoopbackAddress('::ffff:7e00:1')).toBe(false);
    expect(isLoopbackAddress('fe80::1%lo0')).toBe(false);
    expect(isLoopbackHost('app.localhost')).toBe(true);
    expect(isLoopbackHost('127.0.0.1.nip.io')).toBe(false);
  });

  it('without the dev providers there are no development tools at all (404, not 403)', async () => {
    const { createOpenWechatProvider } = await import('../../src/lib/sso/providers/wechat-open.server.ts');
    const real = makeSso(database.db, clock, {
      sms: { kind: 'tencent', send: async () => {} },
      wechat: createOpenWechatProvider({ appId: 'wx', appSecret: 's', fetch: async () => ({ ok: false, status: 500, json: async () => ({}) }) }),
    });
    for (const path of [inbox, '/dev/wechat/scan?uuid=x', '/dev/captcha/answer?challengeId=x', '/dev/key']) {
      expect((await real.call(path, {}, LAN)).res.status, path).toBe(404);
      expect((await real.call(path, { headers: local }, '127.0.0.1')).res.status, path).toBe(404);
    }
  });
});
