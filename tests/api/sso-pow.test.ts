import { createHash, createHmac } from 'node:crypto';
import { verifySolution } from 'altcha-lib/v1';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoCaptchaTickets, ssoPowChallenges } from '../../src/lib/server/db/schema/index.ts';
import { readPowTask, solvePow as solveInBrowser } from '../../src/islands/login/pow-solver.ts';
import { POW_MAX_NUMBER, powKey, type PowChallenge } from '../../src/lib/sso/pow.server.ts';
import { humanTrack } from '../../src/lib/sso/sso.ts';
import { makeSso, SECRET, solvePow } from '../../src/lib/sso/testing.server.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

// The slider's accessible alternative (src/lib/sso/README.md "Proof of work"): an ALTCHA-style
// challenge solved without a pointer. It must be as strict as the slider: server-verified, one
// ticket per challenge, once, from the IP that asked, before expiry, behind the same per-IP rate
// limit and 5-failure lock; and guessing must not be cheaper than doing the work.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const clock = { now: 1_960_000_000 };
let sso: ReturnType<typeof makeSso>;
let ipCounter = 0;
/** A fresh client address, so per-IP limits of one test do not touch another. */
const freshIp = () => `203.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
let phoneCounter = 0;
const freshPhone = () => `1350000${String(++phoneCounter).padStart(4, '0')}`;

beforeAll(async () => {
  database = await createTestDatabase();
  sso = makeSso(database.db, clock);
});
afterAll(async () => {
  await database?.close();
});

const label = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

type Solution = { algorithm: string; challenge: string; number: number; salt: string; signature: string };

const solved = (c: PowChallenge): Solution => ({ algorithm: c.algorithm, challenge: c.challenge, salt: c.salt, signature: c.signature, number: solvePow(c) });
const verify = (body: unknown, ip: string) => sso.call('/captcha/pow/verify', sso.json(body), ip);
const regsms = (ticket: Record<string, string>, ip: string, account = freshPhone()) =>
  sso.call('/register/regsms', sso.json({ account, areacode: '86', scene: 'quick', aliscene: 'login', siteid: '35', ...ticket }), ip);
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const flip = (hex: string) => hex.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));

describe(`Proof of work: challenge (${label})`, () => {
  it('GET /captcha/pow issues an altcha v1 challenge: SHA-256, random salt with expiry, HMAC keyed by SSO_SECRET, maxnumber 150 000; the number is not in it', async () => {
    const ip = freshIp();
    const c = await sso.powChallenge(ip);
    expect(Object.keys(c).sort()).toEqual(['algorithm', 'challenge', 'expiresIn', 'maxnumber', 'salt', 'signature']);
    expect(c).toMatchObject({ algorithm: 'SHA-256', maxnumber: POW_MAX_NUMBER, expiresIn: 120 });
    expect(POW_MAX_NUMBER).toBe(150_000);
    const salt = /^([0-9a-f]{24})\?expires=(\d+)&$/.exec(c.salt);
    expect(salt, c.salt).not.toBeNull();
    expect(Number(salt![2])).toBe(clock.now + 120);
    expect(c.challenge).toMatch(/^[0-9a-f]{64}$/);
    // The signature is HMAC-SHA256 over the challenge, keyed by a key derived from SSO_SECRET.
    expect(c.signature).toBe(createHmac('sha256', powKey(SECRET)).update(c.challenge).digest('hex'));
    expect(c.signature).not.toBe(createHmac('sha256', powKey('another-secret-0123456789-abcdefghijkl')).update(c.challenge).digest('hex'));
    // Salts and challenges differ every time; the stored row holds no number either.
    const again = await sso.powChallenge(ip);
    expect(again.salt).not.toBe(c.salt);
    const [row] = await database.db.select().from(ssoPowChallenges).where(eq(ssoPowChallenges.challenge, c.challenge));
    expect(Object.keys(row!).sort()).toEqual(['challenge', 'createdAt', 'expiresAt', 'id', 'ipHash', 'usedAt']);
    expect(row).toMatchObject({ expiresAt: clock.now + 120, usedAt: null });
    expect(row!.ipHash).not.toContain(ip);
    // altcha-lib's own verifier accepts our challenges (same format; the expiry is ours to check).
    expect(await verifySolution({ ...solved(c), algorithm: 'SHA-256' }, powKey(SECRET), false)).toBe(true);
  });
});

describe(`Proof of work: verification (${label})`, () => {
  it('a valid solution gets the slider’s one-time ticket, which regsms accepts once; the code logs in', async () => {
    const ip = freshIp();
    const c = await sso.powChallenge(ip);
    const ok = await verify(solved(c), ip);
    expect(ok.res.status).toBe(200);
    expect(ok.body).toMatchObject({ error_code: 0, msg: '验证通过' });
    const ticket = ok.body.data as Record<string, string>;
    expect(Object.keys(ticket).sort()).toEqual(['csessionid', 'sessionId', 'sig', 'token']);
    const [row] = await database.db.select().from(ssoPowChallenges).where(eq(ssoPowChallenges.challenge, c.challenge));
    expect(ticket['csessionid']).toBe(row!.id);
    expect(row!.usedAt).toBe(clock.now);

    const phone = freshPhone();
    const send = await regsms(ticket, ip, phone);
    expect(send.body).toMatchObject({ error_code: 0, msg: '验证码已发送' });
    const [stored] = await database.db.select().from(ssoCaptchaTickets).where(eq(ssoCaptchaTickets.sessionId, ticket['sessionId']!));
    expect(stored!.phoneKey).toBe(`86${phone}`);
    // The ticket is single use, as the slider's.
    expect((await regsms(ticket, ip)).body).toMatchObject({ error_code: 40100, msg: '滑动验证已失效，请重新滑动' });
    // And it is the ticket a login needs: the code it sent logs in.
    const code = sso.inbox(`86${phone}`)[0]!.code;
    const login = await sso.call('/smsLogin/index.html', sso.form({ account: phone, areacode: '86', smscode: code, siteid: '35' }), ip);
    expect(login.body.error_code).toBe(0);
  });

  it('the browser’s solver (pow-solver.ts, crypto.subtle in batches) finds the number the server accepts; it reports progress and stops when aborted', async () => {
    const ip = freshIp();
    const c = await sso.powChallenge(ip);
    const task = readPowTask(c);
    expect(task).not.toBeNull();
    const progress: number[] = [];
    const batch = 16;
    const found = await solveInBrowser(task!, { batch, onProgress: (tried) => progress.push(tried) });
    expect(found?.number).toBe(solvePow(c));
    // One report after every batch that did not hold the number (none when the number is in the
    // first batch: the secret is uniform in 1…150,000, so that happens, rarely).
    expect(progress).toEqual(Array.from({ length: Math.floor(found!.number / batch) }, (_, i) => (i + 1) * batch));
    const ok = await verify({ algorithm: task!.algorithm, challenge: task!.challenge, salt: task!.salt, signature: task!.signature, number: found!.number }, ip);
    expect(ok.body.error_code).toBe(0);

    const stop = new AbortController();
    stop.abort();
    expect(await solveInBrowser(task!, { signal: stop.signal })).toBeNull();
    // Nothing but a well-formed SHA-256 challenge is taken up.
    expect(readPowTask({ ...c, algorithm: 'SHA-1' })).toBeNull();
    expect(readPowTask({ ...c, challenge: 'xyz' })).toBeNull();
    expect(readPowTask({ ...c, maxnumber: 1e9 })).toBeNull();
    expect(readPowTask(null)).toBeNull();
  });

  it('accepts ALTCHA’s widget payload too (base64 JSON under `altcha`), as JSON or a form', async () => {
    const ip = freshIp();
    const packed = (c: PowChallenge) => Buffer.from(JSON.stringify({ ...solved(c), took: 420 })).toString('base64');
    expect((await verify({ altcha: packed(await sso.powChallenge(ip)) }, ip)).body.error_code).toBe(0);
    expect((await sso.call('/captcha/pow/verify', sso.form({ altcha: packed(await sso.powChallenge(ip)) }), ip)).body.error_code).toBe(0);
  });

  it('replay: a solved challenge answers once (1104); of 8 simultaneous verifies exactly one wins', async () => {
    const ip = freshIp();
    const c = await sso.powChallenge(ip);
    const solution = solved(c);
    expect((await verify(solution, ip)).body.error_code).toBe(0);
    const replay = await verify(solution, ip);
    expect(replay.res.status).toBe(401);
    expect(replay.body).toMatchObject({ error_code: 40100, msg: '验证失败,失败编号1104', data: { failure: 1104 } });

    const racer = freshIp();
    const raced = solved(await sso.powChallenge(racer));
    const answers = await Promise.all(Array.from({ length: 8 }, () => verify(raced, racer)));
    const codes = answers.map((a) => a.body.error_code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.error_code !== 0).every((a) => (a.body.data as { failure: number }).failure === 1104 || a.body.error_code === 42900)).toBe(true);
  });

  it('another IP: a challenge cannot be solved from an address other than the one that asked (1101); the owner still can', async () => {
    const owner = freshIp();
    const c = await sso.powChallenge(owner);
    const solution = solved(c);
    const stranger = await verify(solution, freshIp());
    expect(stranger.body).toMatchObject({ error_code: 40100, msg: '验证失败,失败编号1101' });
    expect((await verify(solution, owner)).body.error_code).toBe(0);
  });

  it('expiry: accepted 119 s after issue, refused at 120 s (1101)', async () => {
    const ip = freshIp();
    const early = await sso.powChallenge(ip);
    const late = await sso.powChallenge(ip);
    clock.now += 119;
    expect((await verify(solved(early), ip)).body.error_code).toBe(0);
    clock.now += 1;
    expect((await verify(solved(late), ip)).body).toMatchObject({ error_code: 40100, msg: '验证失败,失败编号1101' });
  });

  it('forged signature, salt, number, challenge or algorithm, and malformed solutions fail (1102, 1103, 1105)', async () => {
    const expectFailure = async (make: (c: PowChallenge, s: Solution) => unknown, failure: number) => {
      const ip = freshIp();
      const c = await sso.powChallenge(ip);
      const res = await verify(make(c, solved(c)), ip);
      expect(res.body, JSON.stringify(make(c, solved(c)))).toMatchObject({ error_code: 40100, msg: `验证失败,失败编号${failure}`, data: { failure } });
    };
    // Signature altered, or made with another key.
    await expectFailure((_, s) => ({ ...s, signature: flip(s.signature) }), 1102);
    await expectFailure((_, s) => ({ ...s, signature: createHmac('sha256', 'guessed-key').update(s.challenge).digest('hex') }), 1102);
    // A challenge of the client's own making (easy number, its own hash) has no signature of ours.
    await expectFailure((_, s) => ({ ...s, salt: 'aaaaaaaaaaaaaaaaaaaaaaaa&', number: 1, challenge: sha256('aaaaaaaaaaaaaaaaaaaaaaaa&1') }), 1102);
    await expectFailure((_, s) => ({ ...s, algorithm: 'SHA-1' }), 1102);
    // Salt altered (a later expiry), number altered: the hash no longer matches.
    await expectFailure((_, s) => ({ ...s, salt: s.salt.replace(/expires=\d+/, `expires=${clock.now + 86_400}`) }), 1103);
    await expectFailure((_, s) => ({ ...s, number: (s.number + 1) % POW_MAX_NUMBER }), 1103);
    // Malformed: missing fields, not hex, numbers out of range or not integers.
    await expectFailure(() => ({}), 1105);
    await expectFailure((_, s) => ({ ...s, number: undefined }), 1105);
    await expectFailure((_, s) => ({ ...s, number: -1 }), 1105);
    await expectFailure((_, s) => ({ ...s, number: POW_MAX_NUMBER + 1 }), 1105);
    await expectFailure((_, s) => ({ ...s, number: s.number + 0.5 }), 1105);
    await expectFailure((_, s) => ({ ...s, signature: 'zz' }), 1105);
    await expectFailure((_, s) => ({ ...s, salt: `${s.salt}"<script>` }), 1105);
    await expectFailure(() => ({ altcha: 'not base64 json' }), 1105);
  });

  it('a wrong number burns the challenge: its right number afterwards is refused (1104)', async () => {
    const ip = freshIp();
    const c = await sso.powChallenge(ip);
    const s = solved(c);
    expect((await verify({ ...s, number: (s.number + 7) % POW_MAX_NUMBER }, ip)).body.msg).toBe('验证失败,失败编号1103');
    expect((await verify(s, ip)).body.msg).toBe('验证失败,失败编号1104');
  });
});

describe(`Proof of work: limits shared with the slider (${label})`, () => {
  it('5 failures lock the IP for 360 s, counted across slider and proof of work; challenges answer 2003, verifies 1106 even when right', async () => {
    const ip = freshIp();
    // Two slider failures (off-target tracks) and two forged proofs of work…
    for (let i = 0; i < 2; i++) {
      const slider = await sso.challenge(ip);
      expect((await sso.call('/captcha/verify', sso.json({ challengeId: slider.challengeId, track: humanTrack(slider.targetX + 30) }), ip)).body.error_code).toBe(40100);
      const c = await sso.powChallenge(ip);
      expect((await verify({ ...solved(c), signature: flip(c.signature) }, ip)).body.error_code).toBe(40100);
    }
    // …and a wrong number: the fifth failure starts the lock.
    const c5 = await sso.powChallenge(ip);
    const s5 = solved(c5);
    const fifth = await verify({ ...s5, number: (s5.number + 1) % POW_MAX_NUMBER }, ip);
    expect(fifth.res.status).toBe(429);
    expect(fifth.res.headers.get('retry-after')).toBe('360');
    expect(fifth.body).toMatchObject({ error_code: 42900, msg: '验证失败,失败编号1103', data: { failure: 1103, retryAfter: 360 } });

    // Locked: no challenge of either kind, and a right solution of a challenge fetched earlier fails.
    expect((await sso.call('/captcha/pow', {}, ip)).body).toMatchObject({ error_code: 42900, msg: '验证码加载异常,异常编号2003', data: { loadError: 2003 } });
    expect((await sso.call('/captcha/challenge', {}, ip)).body).toMatchObject({ error_code: 42900, msg: '验证码加载异常,异常编号2003' });
    clock.now += 359;
    expect((await sso.call('/captcha/pow', {}, ip)).body.error_code).toBe(42900);
    clock.now += 1;
    const held = await sso.powChallenge(ip);
    // A right solution during a fresh lock is refused too (the lock is checked first, 1106).
    for (let i = 0; i < 5; i++) await verify({ ...solved(held), signature: flip(held.signature) }, ip);
    const locked = await verify(solved(held), ip);
    expect(locked.res.status).toBe(429);
    expect(locked.body).toMatchObject({ error_code: 42900, msg: '验证失败,失败编号1106', data: { failure: 1106 } });
    clock.now += 360;
    // After the lock the held challenge has expired (120 s); a fresh one works, and the ticket with it.
    expect((await verify(solved(held), ip)).body.msg).toBe('验证失败,失败编号1101');
    expect((await regsms(await sso.powTicket(ip), ip)).body.error_code).toBe(0);
  });

  it('30 challenges a minute per IP, slider and proof of work together (验证码加载异常,异常编号2001)', async () => {
    clock.now += 3600;
    const ip = freshIp();
    for (let i = 0; i < 15; i++) expect((await sso.call('/captcha/challenge', {}, ip)).body.error_code).toBe(0);
    for (let i = 0; i < 15; i++) expect((await sso.call('/captcha/pow', {}, ip)).body.error_code).toBe(0);
    const over = await sso.call('/captcha/pow', {}, ip);
    expect(over.res.status).toBe(429);
    expect(over.res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(over.body).toMatchObject({ error_code: 42900, msg: '验证码加载异常,异常编号2001', data: { loadError: 2001 } });
    expect((await sso.call('/captcha/challenge', {}, ip)).body.msg).toBe('验证码加载异常,异常编号2001');
    clock.now += 60;
    expect((await sso.call('/captcha/pow', {}, ip)).body.error_code).toBe(0);
  });

  it('brute force without solving is not cheaper than solving: one guess per challenge, 5 per 360 s, numbers uniform', async () => {
    clock.now += 3600;
    // The number is uniform over 1…maxnumber: an honest solver counting from 0 does maxnumber / 2
    // hashes on average (about 0.5 s in a browser here, see README), and nothing in the challenge
    // narrows it down for a guesser.
    const numbers: number[] = [];
    for (let i = 0; i < 40; i++) numbers.push(solvePow(await sso.powChallenge(freshIp())));
    const mean = numbers.reduce((a, b) => a + b, 0) / numbers.length;
    expect(mean).toBeGreaterThan(POW_MAX_NUMBER * 0.3);
    expect(mean).toBeLessThan(POW_MAX_NUMBER * 0.7);
    expect(Math.max(...numbers)).toBeLessThanOrEqual(POW_MAX_NUMBER);

    // Guessers: the likeliest-looking numbers (small ones, the middle, the top, digits from the salt)
    // each once on fresh challenges from fresh addresses: none wins, and every guess burnt its
    // challenge (its right number afterwards is refused): a guess costs a whole challenge.
    const guesses = (c: PowChallenge) => [1, 2, 1000, POW_MAX_NUMBER / 2, POW_MAX_NUMBER, Number.parseInt(c.salt.slice(0, 4), 16) % POW_MAX_NUMBER, Number(/expires=(\d+)/.exec(c.salt)![1]) % POW_MAX_NUMBER];
    let wins = 0;
    for (const pick of [0, 1, 2, 3, 4, 5, 6]) {
      for (let round = 0; round < 4; round++) {
        const ip = freshIp();
        const c = await sso.powChallenge(ip);
        const guess = guesses(c)[pick]!;
        const right = solvePow(c);
        const res = await verify({ algorithm: c.algorithm, challenge: c.challenge, salt: c.salt, signature: c.signature, number: guess }, ip);
        if (res.body.error_code === 0) {
          wins++;
          expect(guess).toBe(right);
          continue;
        }
        expect(res.body.msg).toBe('验证失败,失败编号1103');
        expect((await verify(solved(c), ip)).body.msg).toBe('验证失败,失败编号1104');
      }
    }
    expect(wins).toBeLessThanOrEqual(1); // 28 guesses at 1 / 150 000 each

    // One address guessing as fast as it can: 5 guesses are judged, then the lock refuses even the
    // right number. At 5 guesses per 360 s a ticket takes on average maxnumber / 5 × 360 s ≈ 125 days
    // of guessing, against maxnumber / 2 hashes (under a second) of solving.
    const ip = freshIp();
    let judged = 0;
    for (let i = 0; i < 8; i++) {
      const issued = await sso.call('/captcha/pow', {}, ip);
      if (issued.body.error_code !== 0) {
        expect(issued.body.msg).toBe('验证码加载异常,异常编号2003');
        break;
      }
      const c = issued.body.data as unknown as PowChallenge;
      const right = solvePow(c);
      const res = await verify({ algorithm: c.algorithm, challenge: c.challenge, salt: c.salt, signature: c.signature, number: right === 1 ? 2 : 1 }, ip);
      if (res.body.error_code === 40100 || (res.body.error_code === 42900 && (res.body.data as { failure: number }).failure === 1103)) judged++;
    }
    expect(judged).toBe(5);
    expect((await sso.call('/captcha/pow', {}, ip)).body.error_code).toBe(42900);
  });

  it('a database failure answers 50300 with 验证码加载异常,异常编号2002', async () => {
    const { openDatabase } = await import('../../src/lib/server/db/client.server.ts');
    const broken = process.env.TEST_DATABASE_URL
      ? await openDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/none', poolSize: 1 })
      : await openDatabase({ kind: 'pglite', dataDir: 'memory' });
    if (!process.env.TEST_DATABASE_URL) await broken.close();
    const down = makeSso(broken.db, clock);
    const res = await down.call('/captcha/pow');
    expect(res.res.status).toBe(503);
    expect(res.body).toMatchObject({ error_code: 50300, msg: '验证码加载异常,异常编号2002', data: { loadError: 2002 } });
    if (process.env.TEST_DATABASE_URL) await broken.close();
  });
});
