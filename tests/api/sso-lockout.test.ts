import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSso } from '../../src/lib/sso/testing.server.ts';
import { VERIFY_IP_WINDOWS, VERIFY_PHONE_DAY_WINDOWS, VERIFY_PHONE_FREE_WINDOWS } from '../../src/lib/sso/verify-guard.server.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

// Issue #36 item 2: no SMS-code limit can be aimed at a stranger. The policy is written down in
// ADR 0016 "Lockouts" (ASVS 5.0 V6; security checklist rows 4, 5, 9, 11). Over HTTP with an injected clock.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const clock = { now: 1_910_000_000 };
let sso: ReturnType<typeof makeSso>;
let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;
const label = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

beforeAll(async () => {
  database = await createTestDatabase();
  sso = makeSso(database.db, clock);
});
afterAll(async () => {
  await database?.close();
});

/** A six-digit guess that is not the code (so that a test's budget is counted, not its luck). */
const wrongGuess = (i: number, code: string) => {
  const guess = String((i * 7919) % 1_000_000).padStart(6, '0');
  return guess === code ? String((i * 7919 + 1) % 1_000_000).padStart(6, '0') : guess;
};

describe(`SMS code lockouts cannot be aimed at strangers (${label})`, () => {
  it("an attacker's 1,000 wrong codes from 10 addresses leave the owner able to log in with the code and with the next one", async () => {
    clock.now += 86_400;
    const account = '13600000001';
    const owner = sso.browser(freshIp());
    expect((await owner.sendCode(account)).body.error_code).toBe(0);
    const code = sso.inbox(`86${account}`)[0]!.code;

    const attackers = Array.from({ length: 10 }, () => sso.browser(freshIp()));
    const answers = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const attacker = attackers[i % 10]!;
      const { body } = await attacker.call('/smsLogin/index.html', sso.form({ account, smscode: wrongGuess(i, code) }));
      answers.set(body.error_code, (answers.get(body.error_code) ?? 0) + 1);
      if (i % 100 === 99) clock.now += 1; // the attack takes time; the code (300 s) stays alive
    }
    // Only refusals: 5 compared and wrong (40101), then "slide first" (40100) or limits (42900).
    expect(answers.get(0)).toBeUndefined();
    expect(answers.get(40101)).toBe(VERIFY_PHONE_FREE_WINDOWS[0]!.max);
    expect((answers.get(40100) ?? 0) + (answers.get(42900) ?? 0)).toBe(1000 - VERIFY_PHONE_FREE_WINDOWS[0]!.max);

    // The owner requested the live code: the attack used none of its tries, and no lock is on them.
    const login = await owner.call('/smsLogin/index.html', sso.form({ account, smscode: code }));
    expect(login.body).toMatchObject({ error_code: 0, msg: '登录成功' });

    // The next code, asked for through the captcha, works too, while the attack goes on.
    clock.now += 61;
    expect((await owner.sendCode(account)).body.error_code).toBe(0);
    const next = sso.inbox(`86${account}`)[0]!.code;
    for (let i = 0; i < 20; i++) {
      const { body } = await attackers[i % 10]!.call('/smsLogin/index.html', sso.form({ account, smscode: wrongGuess(5000 + i, next) }));
      expect(body.error_code).not.toBe(0);
    }
    expect((await owner.call('/smsLogin/index.html', sso.form({ account, smscode: next }))).body.error_code).toBe(0);
  }, 240_000);

  it('a lock falls on the guessing client (address + browser), not on the phone: the owner binds and logs in', async () => {
    clock.now += 86_400;
    const account = '13600000002';
    const owner = sso.browser(freshIp());
    const attacker = sso.browser(freshIp());
    await owner.sendCode(account);
    const code = sso.inbox(`86${account}`)[0]!.code;
    for (let i = 0; i < 5; i++) {
      expect((await attacker.call('/smsLogin/index.html', sso.form({ account, smscode: wrongGuess(i, code) }))).body.error_code).toBe(40101);
    }
    // The guesser's own lock answers first: 5 wrong codes lock it for 10 minutes.
    const needs = await attacker.call('/smsLogin/index.html', sso.form({ account, smscode: code }));
    expect(needs.body).toMatchObject({ error_code: 42900, msg: '验证码错误次数过多，请10分钟后再试' });
    expect(Number(needs.res.headers.get('retry-after'))).toBeGreaterThan(500);

    // Another browser at the attacker's own address is another client, but the phone asks it to slide.
    const neighbour = sso.browser(attacker.ip);
    const slide = await neighbour.call('/smsLogin/index.html', sso.form({ account, smscode: code }));
    expect(slide.body).toMatchObject({ error_code: 40100, msg: '请滑动验证' });

    // WeChat binding of the same phone is not blocked either (it used to share the phone's lock).
    const qr = await owner.call('/wechat/qrlogin');
    const uuid = (qr.body.info as { uuid: string }).uuid;
    await sso.dev('/dev/wechat/scan', sso.form({ uuid, step: 'confirm-unbound', unionid: 'dev-unionid-lockout' }));
    const unbound = await owner.call(`/wechat/qrconnect?uuid=${uuid}`);
    expect(unbound.body.error_code).toBe(2000);
    const bindTicket = (unbound.body.data as { bindTicket: string }).bindTicket;
    clock.now += 61;
    expect((await owner.sendCode(account, { uuid: bindTicket })).body.error_code).toBe(0);
    const bindCode = sso.inbox(`86${account}`)[0]!;
    expect(bindCode.purpose).toBe('bind');
    const bindFields = { account, areacode: '86', reg_tid: '0', uuid: bindTicket, agreement: '1', siteid: '35' };
    for (let i = 0; i < 5; i++) await attacker.call('/oauth/smsbindorreg.html', sso.form({ ...bindFields, smscode: wrongGuess(i, bindCode.code) }));
    expect((await owner.call('/oauth/smsbindorreg.html', sso.form({ ...bindFields, smscode: bindCode.code }))).body.error_code).toBe(0);
  });

  it('after the free attempts each stranger attempt needs a fresh slider ticket: one ticket, one attempt, bound to its address', async () => {
    clock.now += 86_400;
    const account = '13600000003';
    const owner = sso.browser(freshIp());
    await owner.sendCode(account);
    const code = sso.inbox(`86${account}`)[0]!.code;
    // Five strangers use the free attempts (one each, so no client lock is involved).
    for (let i = 0; i < 5; i++) {
      expect((await sso.browser(freshIp()).call('/smsLogin/index.html', sso.form({ account, smscode: wrongGuess(i, code) }))).body.error_code).toBe(40101);
    }
    const stranger = sso.browser(freshIp());
    expect((await stranger.call('/smsLogin/index.html', sso.form({ account, smscode: wrongGuess(9, code) }))).body.error_code).toBe(40100);
    const ticket = await stranger.captcha();
    expect((await stranger.call('/smsLogin/index.html', sso.form({ account, smscode: wrongGuess(10, code), ...ticket }))).body.error_code).toBe(40101);
    // Replayed ticket: refused before the code is compared.
    expect((await stranger.call('/smsLogin/index.html', sso.form({ account, smscode: code, ...ticket }))).body).toMatchObject({
      error_code: 40100,
      msg: '滑动验证已失效，请重新滑动',
    });
    // A ticket solved at another address does not work here.
    const elsewhere = await sso.browser(freshIp()).captcha();
    expect((await stranger.call('/smsLogin/index.html', sso.form({ account, smscode: code, ...elsewhere }))).body.error_code).toBe(40100);
    // The owner at another address, in another browser, slides once and logs in.
    const moved = sso.browser(freshIp());
    const fresh = await moved.captcha();
    expect((await moved.call('/smsLogin/index.html', sso.form({ account, smscode: code, ...fresh }))).body.error_code).toBe(0);
  });

  it("the requester's own 5 wrong codes lock it for 10 minutes; a new code through the captcha lifts its lock", async () => {
    clock.now += 86_400;
    const account = '13600000004';
    const owner = sso.browser(freshIp());
    await owner.sendCode(account);
    const code = sso.inbox(`86${account}`)[0]!.code;
    for (let i = 0; i < 5; i++) {
      expect((await owner.call('/smsLogin/index.html', sso.form({ account, smscode: wrongGuess(i, code) }))).body.error_code).toBe(40101);
    }
    const locked = await owner.call('/smsLogin/index.html', sso.form({ account, smscode: code }));
    expect(locked.res.status).toBe(429);
    expect(locked.body).toMatchObject({ error_code: 42900, msg: '验证码错误次数过多，请10分钟后再试' });
    clock.now += 61;
    expect((await owner.sendCode(account)).body.error_code).toBe(0);
    const fresh = sso.inbox(`86${account}`)[0]!.code;
    expect((await owner.call('/smsLogin/index.html', sso.form({ account, smscode: fresh }))).body.error_code).toBe(0);
  });

  it('brute force of a 6-digit code fails within its budget: strangers with a slider ticket for every try get 100 a day per phone', async () => {
    clock.now += 86_400;
    const account = '13600000005';
    const owner = sso.browser(freshIp());
    await owner.sendCode(account);
    const code = sso.inbox(`86${account}`)[0]!.code;
    const dayCap = VERIFY_PHONE_DAY_WINDOWS[0]!.max;
    const perAddress = VERIFY_IP_WINDOWS[0]!.max;
    // 10 addresses, a new browser for each try (so no client lock), a slider ticket whenever asked.
    const addresses = Array.from({ length: 10 }, () => freshIp());
    let compared = 0;
    let refusedUncompared = 0;
    let guess = 0;
    for (const ip of addresses) {
      for (let n = 0; n < perAddress + 5; n++) {
        const browser = sso.browser(ip);
        let answer = await browser.call('/smsLogin/index.html', sso.form({ account, smscode: wrongGuess(guess, code) }));
        if (answer.body.error_code === 40100) {
          answer = await browser.call('/smsLogin/index.html', sso.form({ account, smscode: wrongGuess(guess, code), ...(await browser.captcha()) }));
        }
        guess++;
        if (answer.body.error_code === 40101) compared++;
        else if (answer.body.error_code === 42900) refusedUncompared++;
        else throw new Error(`unexpected answer ${JSON.stringify(answer.body)}`);
        clock.now += 2; // slider challenges: at most 30 a minute per address
      }
    }
    expect(compared).toBe(dayCap);
    expect(refusedUncompared).toBe(addresses.length * (perAddress + 5) - dayCap);
    // The attack outlived the code (300 s): the owner asks for the next one through the captcha.
    expect((await owner.sendCode(account)).body.error_code).toBe(0);
    const next = sso.inbox(`86${account}`)[0]!.code;
    // Past the budget even the right code from a stranger is not compared.
    const late = sso.browser(freshIp());
    const lateTry = await late.call('/smsLogin/index.html', sso.form({ account, smscode: next, ...(await late.captcha()) }));
    expect(lateTry.body).toMatchObject({ error_code: 42900, msg: '该手机号验证次数过多，请重新获取验证码' });
    // Budget per phone and day: 100 stranger guesses + 5 per code of the requester × 10 codes a day
    // = 150 of 10^6 codes, p ≤ 1.5e-4. The owner, meanwhile, logs in.
    expect((await owner.call('/smsLogin/index.html', sso.form({ account, smscode: next }))).body.error_code).toBe(0);
  }, 120_000);
});
