import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { createSession, resolveSession, revokeSession, SESSION_TTL_SECONDS } from '../server/auth.server.ts';
import { getConfig } from '../server/config.server.ts';
import { plumb, type Envelope, type FailureKind } from '../server/create-app.ts';
import { dbFailure, loggableError } from '../server/db-failure.server.ts';
import { AppError } from '../server/errors.ts';
import { DATA_CSP } from '../server/security-headers.ts';
import { visibleNameProblem } from '../users/visible-name.ts';
import type { Db } from '../server/db/client.server.ts';
import { ssoLoginHistory, users } from '../server/db/schema/index.ts';
import { logger as rootLogger, type Logger } from '../server/logger.server.ts';
import { challengeAnswer, consumeTicket, issueChallenge, verifyChallenge } from './captcha.server.ts';
import { issuePowChallenge, readPowSolution, verifyPowSolution } from './pow.server.ts';
import { CODE_TTL_SECONDS, consumeCode, generateCode, liveCodeCreatedAt, storeCode, type CodePurpose, type CodeTarget } from './codes.server.ts';
import { clearClientFailures, gateAttempt, isRequester, noteRequester, recordClientFailure, type VerifyClient } from './verify-guard.server.ts';
import { hmacHex, ID_PATTERN, randomId, sha256Hex } from './crypto.server.ts';
import { devCookieValue, isLocalRequest, processDevKey, sameKey } from './dev-access.server.ts';
import { renderKeyPage, renderMessagePage, renderScanPage } from './dev-pages.server.ts';
import {
  findOrCreateUserByPhone,
  findUserById,
  findUserByPhone,
  findUserByUnionid,
  issueLogin,
  newUsername,
  QR_POLL_KEY_PREFIX,
  redeemSyncTicket,
} from './login.server.ts';
import { secretFromConfig, sitesFromConfig, smsProviderFromConfig, wechatProviderFromConfig } from './options.server.ts';
import { isDevSmsProvider, type SmsProvider } from './providers/sms.ts';
import { metrics } from '../server/observability/metrics.server.ts';
import { noteSmsSend } from './sms-budget.server.ts';
import { DEFAULT_SMS_DAILY_BUDGET } from '../server/config.server.ts';
import { DEV_BOUND_UNIONID } from './providers/wechat-dev.server.ts';
import type { WechatIdentity, WechatProvider } from './providers/wechat.ts';
import {
  cancelQr,
  confirmQr,
  consumeBindTicket,
  consumeState,
  createBindTicket,
  createQr,
  createState,
  liveQr,
  markScanned,
  peekBindTicket,
  pollQr,
  QR_TTL_SECONDS,
  BIND_TICKET_TTL_SECONDS,
} from './qr.server.ts';
import { hitRateLimits, type RateWindow } from './rate-limit.server.ts';
import { eq } from 'drizzle-orm';
import {
  captchaFailureMessage,
  captchaLoadErrorMessage,
  CaptchaLoadError,
  powFailureMessage,
  checkPhone,
  checkSmsCode,
  DEFAULT_SITE_ID,
  ssoHttpStatus,
  ssoMessage,
  SsoCode,
  type SsoSite,
} from './sso.ts';

// The single sign-on service (SPEC §7 "Single sign-on service"): one Hono app answering
// { error_code, msg, data }, mounted at /sso by src/pages/sso/[...path].ts or run alone by
// scripts/sso.ts. Protocol, codes and configuration: README.md beside this file.

/** What the host passes as the second argument of fetch: the client address from the socket. */
export type SsoBindings = { ip?: string | undefined };

type SsoEnv = {
  Bindings: SsoBindings;
  Variables: { log: Logger; ip: string; ipHash: string; requestId: string };
};
type Ctx = Context<SsoEnv>;

export type SsoAppOptions = {
  /** QR code lifetime; 120 s unless SSO_QR_TTL_SECONDS says otherwise (end-to-end tests shorten it). */
  qrTtlSeconds?: number;
  db: Db;
  /** Seconds since the epoch; tests inject a clock. */
  now?: () => number;
  sms?: SmsProvider;
  wechat?: WechatProvider;
  /** Sites sharing the logins; default SSO_SITES (site 35, this site). */
  sites?: readonly SsoSite[];
  /** HMAC key for codes, tickets and IP digests; default SSO_SECRET. */
  secret?: string;
  logger?: Logger;
  /** Where the app is mounted: '' (alone, scripts/sso.ts) or '/sso' (embedded). */
  basePath?: string;
  /** Sends a day past which the alarm goes off (sms-budget.server.ts); default SMS_DAILY_BUDGET. */
  smsDailyBudget?: number;
  /** Secure cookies; default: APP_ENV=production or an https request. */
  secureCookies?: boolean;
  /**
   * The key that opens the development tools (/dev/*) to clients other than this machine; default
   * the process's own (dev-access.server.ts `processDevKey`, printed at start-up).
   */
  devKey?: string;
};

/** SMS sends: per phone 1 a minute, 5 an hour, 10 a day (Aliyun's defaults); per IP 20 an hour. */
export const SMS_PHONE_WINDOWS: readonly RateWindow[] = [
  { seconds: 60, max: 1 },
  { seconds: 3600, max: 5 },
  { seconds: 86_400, max: 10 },
];
export const SMS_IP_WINDOWS: readonly RateWindow[] = [{ seconds: 3600, max: 20 }];
/** QR creations per IP. */
export const QR_IP_WINDOWS: readonly RateWindow[] = [{ seconds: 60, max: 30 }];
/** Polls of one QR (security checklist row 18): the page polls every 1.5 s, 40 a minute. */
export const QR_POLL_WINDOWS: readonly RateWindow[] = [{ seconds: 60, max: 60 }];
/** Multipart and JSON bodies larger than this are refused (41300). */
export const MAX_BODY_BYTES = 64 * 1024;

const POLL_COOKIE = 'sso_qr';
const SESSION_COOKIE = 'sso_session';
/** A random id per browser, so that a lock falls on the guessing client, not on the phone (verify-guard.server.ts). */
const CLIENT_COOKIE = 'sso_client';
/** Left by the development key form; holds a digest of the key, not the key. */
const DEV_COOKIE = 'sso_dev';
const TRANSPARENT_GIF = Uint8Array.from([
  0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0x21, 0xf9, 0x04,
  0x01, 0x00, 0x00, 0x00, 0x00, 0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b,
]);

/** An SSO answer other than success; thrown by handlers, answered in one place. */
export class SsoError extends Error {
  readonly code: number;
  readonly data: unknown;
  readonly retryAfter: number | undefined;
  constructor(code: number, message: string, options: { data?: unknown; retryAfter?: number } = {}) {
    super(message);
    this.name = 'SsoError';
    this.code = code;
    this.data = options.data ?? null;
    this.retryAfter = options.retryAfter;
  }
}

const field = (max: number) => z.string().trim().max(max).optional();
const siteIdField = z
  .string()
  .trim()
  .regex(/^\d{1,7}$/, 'must be a site number')
  .optional();

/** SPEC §3 login form; unknown fields are ignored. */
const loginFields = z.object({
  account: field(64),
  areacode: field(8),
  smscode: field(32),
  scene: field(32),
  sessionId: field(64),
  sig: field(128),
  token: field(64),
  csessionid: field(64),
  aliscene: field(32),
  siteid: siteIdField,
  referer: field(2048),
  /** Binding flow only: the binding ticket of answer 2000. */
  uuid: field(64),
});
const bindFields = loginFields.extend({ reg_tid: field(16), agreement: field(8) });

const trackSchema = z.object({
  challengeId: z.string().regex(ID_PATTERN, 'unknown challenge'),
  track: z
    .array(z.object({ x: z.number(), y: z.number(), t: z.number() }))
    .max(1500, 'too many points'),
});

export function createSsoApp(options: SsoAppOptions) {
  const needsConfig = !options.sms || !options.wechat || !options.sites || !options.secret;
  const config = needsConfig || options.secureCookies === undefined ? getConfig() : undefined;
  const log = options.logger ?? rootLogger.child({ component: 'sso' });
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const db = options.db;
  const sms = options.sms ?? smsProviderFromConfig(config!, log, now);
  const wechat = options.wechat ?? wechatProviderFromConfig(config!);
  const sites: readonly SsoSite[] = options.sites ?? sitesFromConfig(config!);
  const secret = options.secret ?? secretFromConfig(config!, log);
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const qrTtl = options.qrTtlSeconds ?? config?.SSO_QR_TTL_SECONDS ?? QR_TTL_SECONDS;
  const smsIpWindows: readonly RateWindow[] = config ? [{ seconds: 3600, max: config.SSO_SMS_PER_IP_HOUR }] : SMS_IP_WINDOWS;
  const productionCookies = options.secureCookies ?? config?.APP_ENV === 'production';
  const smsDailyBudget = options.smsDailyBudget ?? config?.SMS_DAILY_BUDGET ?? DEFAULT_SMS_DAILY_BUDGET;

  const devTools = isDevSmsProvider(sms) || wechat.kind === 'dev';
  const devKey = options.devKey ?? processDevKey();
  const devPath = `${basePath}/dev`;
  if (sms.kind === 'dev') {
    log.warn(
      `!!! SMS_PROVIDER=dev (development): SMS codes are NOT sent. They are written to this log and to GET ${devPath}/inbox?phone= ; the slider's answer is at GET ${devPath}/captcha/answer?challengeId=`,
    );
  }
  if (wechat.kind === 'dev') {
    log.warn(`!!! WECHAT_PROVIDER=dev (development): WeChat login is simulated at GET ${devPath}/wechat/scan?uuid=`);
  }
  if (devTools) {
    log.warn(`!!! ${devPath}/* answers this machine only; from elsewhere give the development key (?key= or X-Dev-Key): ${devKey}`);
  }

  const allowedOrigins = new Set(
    sites.flatMap((s) => {
      try {
        return s.syncBase ? [new URL(s.syncBase).origin] : [];
      } catch {
        return [];
      }
    }),
  );

  const ssoPageCsp = `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'self'${[...allowedOrigins].map((o) => ` ${o}`).join('')}`;
  const app = plumb(basePath ? new Hono<SsoEnv>().basePath(basePath) : new Hono<SsoEnv>(), {
    envelope: ssoEnvelope,
    logger: log,
    requestLog: 'sso request',
    metricsApp: 'sso',
    variables: (c) => c.set('ipHash', hmacHex(secret, 'ip', c.var.ip).slice(0, 32)),
    headers: { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' },
    // A CSP on every answer, also when the SSO runs alone (npm run sso). Its few HTML pages (the
    // WeChat callback, the dev tools) run no script and may be framed by our sites only: the
    // callback page opens inside the login dialog's iframe.
    csp: (html) => (html ? ssoPageCsp : DATA_CSP),
    guards: [
      ...(allowedOrigins.size > 0
        ? [
            cors({
              origin: (origin) => (allowedOrigins.has(origin) ? origin : null),
              credentials: true,
              allowMethods: ['GET', 'POST'],
              allowHeaders: ['Content-Type', 'X-token'],
              maxAge: 600,
            }),
          ]
        : []),
      bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => answer(c as Ctx, SsoCode.tooLarge, ssoMessage('tooLarge')) }),
    ],
  });

  const secure = (c: Ctx) => productionCookies || new URL(c.req.url).protocol === 'https:';
  const ssoBase = (c: Ctx) => `${new URL(c.req.url).origin}${basePath}`;
  const siteOf = (siteid: string | undefined): SsoSite => {
    const id = siteid ? Number(siteid) : DEFAULT_SITE_ID;
    const site = sites.find((s) => s.id === id);
    if (!site) throw new SsoError(SsoCode.badInput, ssoMessage('sso.siteUnknown'));
    return site;
  };
  const phoneOrThrow = (account: string | undefined, areacode: string | undefined) => {
    const phone = checkPhone(account, areacode);
    if (!phone.ok) throw new SsoError(SsoCode.badInput, phone.message);
    return phone;
  };
  const codeOrThrow = (smscode: string | undefined) => {
    const code = checkSmsCode(smscode);
    if (!code.ok) throw new SsoError(SsoCode.badInput, code.message);
    return code.code;
  };
  const phoneDigest = (phoneKey: string) => hmacHex(secret, 'phone', phoneKey).slice(0, 32);

  /**
   * The caller as the code limits see it: its address and its browser (the sso_client cookie, set
   * here when missing; a client without cookies is known by its address and User-Agent).
   */
  const clientOf = (c: Ctx): VerifyClient => {
    const cookie = getCookie(c, CLIENT_COOKIE);
    const browserOf = (id: string) => `b${hmacHex(secret, 'browser', id).slice(0, 32)}`;
    if (cookie && ID_PATTERN.test(cookie)) return { ipHash: c.var.ipHash, browsers: [browserOf(cookie)] };
    const fresh = randomId();
    setCookie(c, CLIENT_COOKIE, fresh, { path: basePath || '/', httpOnly: true, sameSite: 'Lax', secure: secure(c), maxAge: 365 * 86_400 });
    // Without the cookie: this address with this User-Agent (never the User-Agent alone, which anyone can copy).
    return { ipHash: c.var.ipHash, browsers: [`u${hmacHex(secret, 'ua', c.var.ipHash, c.req.header('user-agent') ?? '').slice(0, 32)}`, browserOf(fresh)] };
  };

  /**
   * Verifies and consumes a code under the limits of verify-guard.server.ts: a lock falls on the
   * guessing client; strangers to the live code are counted per address and per phone, and past
   * the phone's free attempts each needs a fresh captcha ticket in the request.
   */
  const verifyCode = async (c: Ctx, target: CodeTarget, code: string, f: z.infer<typeof loginFields>, t: number) => {
    const digest = phoneDigest(target.phoneKey);
    const client = clientOf(c);
    const requester = await isRequester(db, target.purpose, digest, client, await liveCodeCreatedAt(db, target, t));
    const gate = await gateAttempt(db, digest, client, requester, t, async () => {
      if (!f.sessionId || !f.sig || !f.token || !f.csessionid) return 'none';
      const ticket = { sessionId: f.sessionId, sig: f.sig, token: f.token, csessionid: f.csessionid, ipHash: c.var.ipHash, phoneKey: target.phoneKey };
      return (await consumeTicket(db, secret, ticket, t)) ? 'spent' : 'invalid';
    });
    if (!gate.ok) {
      if (gate.reason === 'captchaNeeded' || gate.reason === 'captchaInvalid') {
        const msg = ssoMessage(gate.reason === 'captchaNeeded' ? 'sso.captchaRequired' : 'sso.captchaExpired');
        throw new SsoError(SsoCode.captchaInvalid, msg, { data: { captchaRequired: true } });
      }
      const msg = ssoMessage(gate.reason === 'clientLocked' ? 'sso.verifyLocked' : gate.reason === 'ipLimit' ? 'sso.ipLimit' : 'sso.verifyPhoneDayLimit');
      const retryAfter = 'retryAfter' in gate ? gate.retryAfter : 60;
      throw new SsoError(SsoCode.rateLimited, msg, { retryAfter, data: { retryAfter } });
    }
    if (!(await consumeCode(db, secret, target, code, t, requester))) {
      await recordClientFailure(db, digest, client, t);
      throw new SsoError(SsoCode.smsCodeInvalid, ssoMessage('sso.codeWrong'));
    }
    await clearClientFailures(db, digest, client);
  };

  // ---- Slider captcha -------------------------------------------------------------------------

  /** Issues a challenge of either kind: the same load errors (database down, rate, lock) for both. */
  const answerChallenge = async (c: Ctx, issue: () => Promise<{ ok: true; challenge: unknown } | { ok: false; loadError: number; retryAfter: number }>) => {
    let result;
    try {
      result = await issue();
    } catch (error) {
      const reason = dbFailure(error);
      if (reason) {
        logDbError(c.var.log, error, reason);
        return answer(c, SsoCode.unavailable, captchaLoadErrorMessage(CaptchaLoadError.unavailable), { loadError: CaptchaLoadError.unavailable });
      }
      throw error;
    }
    if (!result.ok) {
      c.header('Retry-After', String(result.retryAfter));
      return answer(c, SsoCode.rateLimited, captchaLoadErrorMessage(result.loadError), { loadError: result.loadError, retryAfter: result.retryAfter });
    }
    return answer(c, SsoCode.ok, ssoMessage('ok'), result.challenge);
  };

  app.get('/captcha/challenge', (c) => {
    clientOf(c); // the browser id exists before its first code request
    return answerChallenge(c, () => issueChallenge(db, c.var.ipHash, now()));
  });

  app.post('/captcha/verify', async (c) => {
    const raw = await readFields(c, true);
    const parsed = trackSchema.safeParse({ challengeId: raw['challengeId'] ?? raw['csessionid'], track: raw['track'] });
    if (!parsed.success) throw new SsoError(SsoCode.badInput, fieldMessage(parsed.error));
    const result = await verifyChallenge(db, secret, { ...parsed.data, ipHash: c.var.ipHash }, now());
    if (!result.ok) {
      if (result.retryAfter) c.header('Retry-After', String(result.retryAfter));
      return answer(c, result.locked ? SsoCode.rateLimited : SsoCode.captchaInvalid, captchaFailureMessage(result.failure), {
        failure: result.failure,
        retryAfter: result.retryAfter,
      });
    }
    return answer(c, SsoCode.ok, ssoMessage('sso.captchaOk'), result.ticket);
  });

  // ---- Proof of work: the slider's accessible alternative (pow.server.ts) ----------------------

  app.get('/captcha/pow', (c) => {
    clientOf(c);
    return answerChallenge(c, () => issuePowChallenge(db, secret, c.var.ipHash, now()));
  });

  app.post('/captcha/pow/verify', async (c) => {
    const raw = await readFields(c);
    const result = await verifyPowSolution(db, secret, { solution: readPowSolution(raw), ipHash: c.var.ipHash }, now());
    if (!result.ok) {
      if (result.retryAfter) c.header('Retry-After', String(result.retryAfter));
      return answer(c, result.locked ? SsoCode.rateLimited : SsoCode.captchaInvalid, powFailureMessage(result.failure), {
        failure: result.failure,
        retryAfter: result.retryAfter,
      });
    }
    return answer(c, SsoCode.ok, ssoMessage('sso.captchaOk'), result.ticket);
  });

  // ---- SMS ------------------------------------------------------------------------------------

  app.post('/register/regsms', async (c) => {
    const f = parseFields(loginFields, await readFields(c));
    const phone = phoneOrThrow(f.account, f.areacode);
    siteOf(f.siteid);
    const t = now();
    const bindTicket = f.uuid ?? '';
    const purpose: CodePurpose = bindTicket || ['bind', 'reg', 'bindorreg'].includes(f.aliscene ?? '') ? 'bind' : 'login';
    let flow = '';
    if (purpose === 'bind') {
      if (!ID_PATTERN.test(bindTicket) || !(await peekBindTicket(db, bindTicket, t))) {
        throw new SsoError(SsoCode.bindTicketInvalid, ssoMessage('sso.bindTicketInvalid'));
      }
      flow = sha256Hex(bindTicket);
    }
    if (!f.sessionId || !f.sig || !f.token || !f.csessionid) throw new SsoError(SsoCode.captchaInvalid, ssoMessage('sso.captchaRequired'));
    const ticketOk = await consumeTicket(
      db,
      secret,
      { sessionId: f.sessionId, sig: f.sig, token: f.token, csessionid: f.csessionid, ipHash: c.var.ipHash, phoneKey: phone.key },
      t,
    );
    if (!ticketOk) throw new SsoError(SsoCode.captchaInvalid, ssoMessage('sso.captchaExpired'));

    const phoneBucket = `sms-phone:${phoneDigest(phone.key)}`;
    const limit = await hitRateLimits(
      db,
      [
        { key: phoneBucket, windows: SMS_PHONE_WINDOWS },
        { key: `sms-ip:${c.var.ipHash}`, windows: smsIpWindows },
      ],
      t,
    );
    if (!limit.ok) {
      const msg =
        limit.key !== phoneBucket
          ? ssoMessage('sso.ipLimit')
          : limit.window.seconds === 60
            ? ssoMessage('sso.smsTooSoon', { seconds: limit.retryAfter })
            : limit.window.seconds === 3600
              ? ssoMessage('sso.smsHourLimit')
              : ssoMessage('sso.smsDayLimit');
      throw new SsoError(SsoCode.rateLimited, msg, { retryAfter: limit.retryAfter, data: { retryAfter: limit.retryAfter } });
    }

    const code = generateCode();
    await storeCode(db, secret, { phoneKey: phone.key, purpose, flow }, code, t);
    await noteRequester(db, purpose, phoneDigest(phone.key), clientOf(c), t);
    try {
      await sms.send({ phoneKey: phone.key, national: phone.national, areacode: phone.areacode, code, purpose });
      metrics().smsSends.inc({ provider: sms.kind, outcome: 'sent' });
      await noteSmsSend(db, t, smsDailyBudget, c.var.log);
    } catch (error) {
      metrics().smsSends.inc({ provider: sms.kind, outcome: 'failed' });
      c.var.log.error({ provider: sms.kind, problem: error instanceof Error ? error.message : 'unknown' }, 'SMS send failed');
      throw new SsoError(SsoCode.providerFailed, ssoMessage('sso.smsFailed'));
    }
    return answer(c, SsoCode.ok, ssoMessage('sso.codeSent'), { expiresIn: CODE_TTL_SECONDS, resendIn: 60 });
  });

  app.post('/smsLogin/index.html', async (c) => {
    const f = parseFields(loginFields, await readFields(c));
    const phone = phoneOrThrow(f.account, f.areacode);
    const code = codeOrThrow(f.smscode);
    const site = siteOf(f.siteid);
    const t = now();
    await verifyCode(c, { phoneKey: phone.key, purpose: 'login', flow: '' }, code, f, t);
    const { user } = await findOrCreateUserByPhone(db, phone.national);
    const result = await issueLogin(db, { user, method: 'sms', siteId: site.id, sites, ip: c.var.ip, userAgent: c.req.header('user-agent'), now: t });
    return answer(c, SsoCode.ok, ssoMessage('sso.loginOk'), result);
  });

  // ---- WeChat QR ------------------------------------------------------------------------------

  app.get('/wechat/qrlogin', async (c) => {
    const site = siteOf(parseFields(z.object({ siteid: siteIdField }), c.req.query()).siteid);
    const t = now();
    const limit = await hitRateLimits(db, [{ key: `qr-ip:${c.var.ipHash}`, windows: QR_IP_WINDOWS }], t);
    if (!limit.ok) throw new SsoError(SsoCode.rateLimited, ssoMessage('sso.ipLimit'), { retryAfter: limit.retryAfter });
    const { uuid, pollKey } = await createQr(db, site.id, t, qrTtl);
    const state = wechat.kind === 'open' ? await createState(db, uuid, pollKey, t) : '';
    setCookie(c, POLL_COOKIE, pollKey, {
      path: `${basePath}/wechat`,
      httpOnly: true,
      sameSite: 'Lax',
      secure: secure(c),
      maxAge: 600,
    });
    const shown = wechat.present({ uuid, state, ssoBase: ssoBase(c) });
    return c.json({ error_code: SsoCode.ok, msg: ssoMessage('ok'), info: { qrcode: shown.qrcode, uuid, mode: shown.mode, expiresIn: qrTtl } });
  });

  app.get('/wechat/qrconnect', async (c) => {
    const uuid = c.req.query('uuid') ?? '';
    if (!ID_PATTERN.test(uuid)) return answer(c, SsoCode.qrInvalid, ssoMessage('sso.qrInvalid'));
    const t = now();
    // Counted in the database, so the limit holds however many nodes answer the polls.
    const limit = await hitRateLimits(db, [{ key: `${QR_POLL_KEY_PREFIX}${uuid}`, windows: QR_POLL_WINDOWS }], t);
    if (!limit.ok) throw new SsoError(SsoCode.rateLimited, ssoMessage('sso.qrPollLimit'), { retryAfter: limit.retryAfter, data: { retryAfter: limit.retryAfter } });
    const result = await pollQr(db, uuid, getCookie(c, POLL_COOKIE), t);
    switch (result.kind) {
      case 'invalid':
        return answer(c, SsoCode.qrInvalid, ssoMessage('sso.qrInvalid'));
      case 'foreign':
        return answer(c, SsoCode.forbidden, ssoMessage('sso.qrForeign'));
      case 'waiting':
        return answer(c, SsoCode.qrWaiting, result.scanned ? ssoMessage('sso.qrScanned') : ssoMessage('sso.qrWaiting'), { scanned: result.scanned });
    }
    const user = await findUserByUnionid(db, result.identity.unionid);
    if (user) {
      const login = await issueLogin(db, { user, method: 'wechat', siteId: result.siteId, sites, ip: c.var.ip, userAgent: c.req.header('user-agent'), now: t });
      return answer(c, SsoCode.ok, ssoMessage('sso.loginOk'), login);
    }
    const bindTicket = await createBindTicket(db, result.identity, result.siteId, t);
    return answer(c, SsoCode.phoneNotBound, ssoMessage('sso.phoneNotBound'), {
      bindTicket,
      nickname: result.identity.nickname ?? null,
      expiresIn: BIND_TICKET_TTL_SECONDS,
    });
  });

  app.get('/wechat/callback', async (c) => {
    if (wechat.kind !== 'open') return answer(c, SsoCode.notFound, ssoMessage('sso.notFound'));
    const code = c.req.query('code') ?? '';
    const state = c.req.query('state') ?? '';
    const t = now();
    const page = (status: ContentfulStatusCode, title: string, message: string) => c.html(renderMessagePage(title, message), status);
    if (!code || code.length > 512 || !ID_PATTERN.test(state)) return page(400, '微信登录', ssoMessage('sso.stateInvalid'));
    const uuid = await consumeState(db, state, getCookie(c, POLL_COOKIE), t);
    if (!uuid) return page(400, '微信登录', ssoMessage('sso.stateInvalid'));
    if (!(await liveQr(db, uuid, t))) return page(400, '微信登录', ssoMessage('sso.qrInvalid'));
    let identity: WechatIdentity;
    try {
      identity = await wechat.exchangeCode(code);
    } catch (error) {
      c.var.log.error({ provider: wechat.kind, problem: error instanceof Error ? error.message : 'unknown' }, 'WeChat code exchange failed');
      return page(502, '微信登录', ssoMessage('sso.wechatFailed'));
    }
    if (!(await confirmQr(db, uuid, identity, now()))) return page(400, '微信登录', ssoMessage('sso.qrInvalid'));
    return page(200, '微信登录', '授权成功，请返回登录窗口');
  });

  app.post('/oauth/smsbindorreg.html', async (c) => {
    const f = parseFields(bindFields, await readFields(c));
    const phone = phoneOrThrow(f.account, f.areacode);
    const code = codeOrThrow(f.smscode);
    if (!['1', 'true', 'on', 'yes'].includes((f.agreement ?? '').toLowerCase())) {
      throw new SsoError(SsoCode.badInput, ssoMessage('sso.agreementRequired'));
    }
    const ticket = f.uuid ?? '';
    const t = now();
    if (!ID_PATTERN.test(ticket) || !(await peekBindTicket(db, ticket, t))) {
      throw new SsoError(SsoCode.bindTicketInvalid, ssoMessage('sso.bindTicketInvalid'));
    }
    await verifyCode(c, { phoneKey: phone.key, purpose: 'bind', flow: sha256Hex(ticket) }, code, f, t);
    const bound = await consumeBindTicket(db, ticket, t);
    if (!bound) throw new SsoError(SsoCode.bindTicketInvalid, ssoMessage('sso.bindTicketInvalid'));
    let user = await findUserByPhone(db, phone.national);
    if (user) {
      if (user.wechatUnionid && user.wechatUnionid !== bound.unionid) {
        throw new SsoError(SsoCode.conflict, ssoMessage('sso.phoneBoundElsewhere'));
      }
      const rows = await db
        .update(users)
        .set({ wechatUnionid: bound.unionid, nickname: user.nickname ?? shownNickname(bound.nickname) })
        .where(eq(users.id, user.id))
        .returning();
      user = rows[0]!;
    } else {
      const rows = await db
        .insert(users)
        .values({ phone: phone.national, areacode: '86', username: newUsername(), nickname: shownNickname(bound.nickname), wechatUnionid: bound.unionid })
        .returning();
      user = rows[0]!;
    }
    const result = await issueLogin(db, { user, method: 'bind', siteId: bound.siteId, sites, ip: c.var.ip, userAgent: c.req.header('user-agent'), now: t });
    return answer(c, SsoCode.ok, ssoMessage('sso.loginOk'), result);
  });

  // ---- Sessions across sites ------------------------------------------------------------------

  /** The target of data.syncurl: redeems a one-time ticket, sets this site's SSO cookie, answers a GIF. */
  app.get('/sync', async (c) => {
    const ticket = c.req.query('ticket') ?? '';
    const siteid = c.req.query('siteid') ?? '';
    const t = now();
    if (ID_PATTERN.test(ticket) && /^\d{1,7}$/.test(siteid)) {
      const userId = await redeemSyncTicket(db, ticket, Number(siteid), t);
      const user = userId === undefined ? undefined : await findUserById(db, userId);
      if (user) {
        const session = await createSession(db, user.id, t);
        await db.insert(ssoLoginHistory).values({ userId: user.id, method: 'sync', siteId: Number(siteid), at: t });
        setCookie(c, SESSION_COOKIE, session.token, {
          path: basePath || '/',
          httpOnly: true,
          secure: secure(c),
          sameSite: secure(c) ? 'None' : 'Lax',
          maxAge: SESSION_TTL_SECONDS,
        });
      }
    }
    return c.body(TRANSPARENT_GIF, 200, { 'Content-Type': 'image/gif' });
  });

  /** Hands this site's SSO cookie session to its own pages (same origin; no CORS for strangers). */
  app.get('/session', async (c) => {
    const token = getCookie(c, SESSION_COOKIE);
    if (!token) return answer(c, SsoCode.notLoggedIn, ssoMessage('sso.notLoggedIn'));
    try {
      const user = await resolveSession(db, token, now());
      return answer(c, SsoCode.ok, ssoMessage('ok'), { token, userId: user.id, username: user.username, nickname: user.nickname, phone: user.phone });
    } catch (error) {
      // Only a refused token means "not logged in"; anything else is answered by onError.
      if (!(error instanceof AppError)) throw error;
      deleteCookie(c, SESSION_COOKIE, { path: basePath || '/' });
      return answer(c, SsoCode.notLoggedIn, ssoMessage('sso.notLoggedIn'));
    }
  });

  /** Revokes the X-token session (and this browser's SSO cookie session); always answers 0. */
  app.post('/logout', async (c) => {
    const token = c.req.header('x-token');
    if (token && token.length <= 200) await revokeSession(db, token);
    const cookieToken = getCookie(c, SESSION_COOKIE);
    if (cookieToken && cookieToken.length <= 200) {
      await revokeSession(db, cookieToken);
      deleteCookie(c, SESSION_COOKIE, { path: basePath || '/' });
    }
    return answer(c, SsoCode.ok, ssoMessage('sso.logoutOk'));
  });

  // ---- Development tools (only with the dev providers) ----------------------------------------

  if (devTools) {
    const devCookie = devCookieValue(devKey);
    const setDevCookie = (c: Ctx) =>
      setCookie(c, DEV_COOKIE, devCookie, { path: devPath, httpOnly: true, sameSite: 'Lax', secure: secure(c), maxAge: 12 * 3600 });
    const scanPath = `${devPath}/wechat/scan`;
    const keyPath = `${devPath}/key`;

    // This machine, or the development key (dev-access.server.ts); everyone else gets 403.
    app.use('/dev/*', async (c, next) => {
      if (c.req.path === keyPath || isLocalRequest(c.env?.ip, c.req.raw.headers, c.req.url)) return next();
      const queryKey = c.req.query('key');
      const given = queryKey ?? c.req.header('x-dev-key');
      if (given !== undefined && sameKey(given, devKey)) {
        if (queryKey !== undefined && c.req.method === 'GET' && c.req.path === scanPath) {
          // As Jupyter does: the access goes into a cookie and the key out of the address bar.
          setDevCookie(c);
          const url = new URL(c.req.url);
          url.searchParams.delete('key');
          return c.redirect(`${url.pathname}${url.search}`, 303);
        }
        return next();
      }
      const cookie = getCookie(c, DEV_COOKIE);
      if (cookie !== undefined && sameKey(cookie, devCookie)) return next();
      c.var.log.warn({ path: c.req.path, keyGiven: given !== undefined }, 'sso dev tool refused: not this machine and no development key');
      if (c.req.path === scanPath) {
        let uuid = c.req.query('uuid') ?? '';
        if (c.req.method === 'POST') {
          const body = await readFields(c).catch(() => ({}) as Record<string, unknown>);
          uuid = typeof body['uuid'] === 'string' ? body['uuid'] : '';
        }
        return c.html(renderKeyPage({ action: keyPath, uuid: ID_PATTERN.test(uuid) ? uuid : '', wrong: given !== undefined }), 403);
      }
      return answer(c, SsoCode.forbidden, ssoMessage('sso.devKeyRequired'));
    });

    /** The key form's target: a right key leaves the cookie and goes on to the simulator. */
    app.post('/dev/key', async (c) => {
      const f = await readFields(c);
      const key = typeof f['key'] === 'string' ? f['key'] : '';
      const uuid = typeof f['uuid'] === 'string' && ID_PATTERN.test(f['uuid']) ? f['uuid'] : '';
      if (!sameKey(key, devKey)) {
        c.var.log.warn({ path: c.req.path }, 'sso dev tool refused: wrong development key');
        return c.html(renderKeyPage({ action: keyPath, uuid, wrong: true }), 403);
      }
      setDevCookie(c);
      return c.redirect(uuid ? `${scanPath}?uuid=${encodeURIComponent(uuid)}` : scanPath, 303);
    });
  }

  if (isDevSmsProvider(sms)) {
    const devSms = sms;
    app.get('/dev/inbox', (c) => {
      const phone = phoneOrThrow(c.req.query('phone'), c.req.query('areacode'));
      return answer(c, SsoCode.ok, ssoMessage('ok'), { phone: phone.national, messages: devSms.inbox(phone.key) });
    });
    /**
     * The slider's stored answer, so that browser tests can drag to the right place. Only with the
     * dev SMS provider, whose inbox already hands out the codes the slider protects.
     */
    app.get('/dev/captcha/answer', async (c) => {
      const challengeId = c.req.query('challengeId') ?? '';
      if (!ID_PATTERN.test(challengeId)) throw new SsoError(SsoCode.badInput, ssoMessage('field', { field: 'challengeId', problem: 'unknown challenge' }));
      const targetX = await challengeAnswer(db, challengeId);
      if (targetX === undefined) return answer(c, SsoCode.notFound, ssoMessage('sso.challengeUnknown'));
      return answer(c, SsoCode.ok, ssoMessage('ok'), { targetX });
    });
  }

  if (wechat.kind === 'dev') {
    const scanAction = `${devPath}/wechat/scan`;
    const statusOf = async (uuid: string) => {
      if (!ID_PATTERN.test(uuid)) return 'missing';
      const row = await liveQr(db, uuid, now());
      return row?.status ?? 'missing';
    };
    app.get('/dev/wechat/scan', async (c) => {
      const uuid = c.req.query('uuid') ?? '';
      return c.html(renderScanPage({ action: scanAction, uuid, status: await statusOf(uuid) }));
    });
    app.post('/dev/wechat/scan', async (c) => {
      const f = parseFields(
        z.object({ uuid: z.string().regex(ID_PATTERN), step: z.enum(['scan', 'confirm-bound', 'confirm-unbound', 'cancel']), unionid: field(64) }),
        await readFields(c),
      );
      const t = now();
      let note: string;
      if (f.step === 'scan') {
        note = (await markScanned(db, f.uuid, t)) ? '已扫码' : '二维码无法扫码';
      } else if (f.step === 'cancel') {
        note = (await cancelQr(db, f.uuid, t)) ? '已取消' : '无法取消';
      } else {
        let identity: WechatIdentity;
        if (f.step === 'confirm-bound') {
          identity = { unionid: DEV_BOUND_UNIONID, openid: 'dev-openid-bound', nickname: '微信测试用户' };
          if (!(await findUserByUnionid(db, DEV_BOUND_UNIONID))) {
            await db.insert(users).values({ username: newUsername(), nickname: '微信测试用户', wechatUnionid: DEV_BOUND_UNIONID });
          }
        } else {
          const unionid = f.unionid || `dev-unionid-${randomId(9)}`;
          identity = { unionid, openid: `dev-openid-${unionid.slice(-12)}`, nickname: '新微信用户' };
        }
        note = (await confirmQr(db, f.uuid, identity, t)) ? '已确认登录，请回到网页' : '二维码已失效';
      }
      return c.html(renderScanPage({ action: scanAction, uuid: f.uuid, status: await statusOf(f.uuid), note }));
    });
  }

  return app;
}

export type SsoApp = ReturnType<typeof createSsoApp>;

/** A WeChat nickname becomes ours only if it passes the rules for names others see (docs/security.md). */
export function shownNickname(nickname: string | null | undefined): string | null {
  const name = nickname?.trim().slice(0, 30) ?? '';
  return name !== '' && visibleNameProblem(name) === null ? name : null;
}

function answer(c: Ctx, code: number, msg: string, data: unknown = null) {
  return c.json({ error_code: code, msg, data }, ssoHttpStatus(code) as ContentfulStatusCode);
}

const ssoCodeOf: Record<FailureKind, number> = {
  notFound: SsoCode.notFound,
  tooLarge: SsoCode.tooLarge,
  badInput: SsoCode.badInput,
  unavailable: SsoCode.unavailable,
  internal: SsoCode.internal,
};

/** SPEC §7's `{ error_code, msg, data }`, in Chinese; SsoError says its own code (and Retry-After). */
const ssoEnvelope: Envelope<SsoEnv> = {
  fail: (c, kind, msg) => answer(c, ssoCodeOf[kind], msg),
  message: (_c, kind) => ssoMessage(kind === 'notFound' ? 'sso.notFound' : kind),
  thrown: (c, error) => {
    if (!(error instanceof SsoError)) return undefined;
    if (error.retryAfter) c.header('Retry-After', String(error.retryAfter));
    return answer(c, error.code, error.message, error.data);
  },
};

/** Reads JSON, multipart or urlencoded bodies into plain fields; files are refused. */
async function readFields(c: Ctx, allowNested = false): Promise<Record<string, unknown>> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  let raw: Record<string, unknown>;
  if (type.startsWith('application/json')) {
    const body: unknown = await c.req.json().catch(() => {
      throw new SsoError(SsoCode.badInput, ssoMessage('malformedJson'));
    });
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new SsoError(SsoCode.badInput, ssoMessage('malformedJson'));
    raw = body as Record<string, unknown>;
  } else if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    const body = await c.req.parseBody().catch((error: unknown) => {
      if (error instanceof HTTPException && error.status === 413) throw error;
      throw new SsoError(SsoCode.badInput, ssoMessage('badInput'));
    });
    raw = body as Record<string, unknown>;
  } else {
    raw = {};
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === 'string') out[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = String(value);
    else if (value instanceof Blob) throw new SsoError(SsoCode.badInput, ssoMessage('sso.filesRejected'));
    else if (allowNested) out[key] = value;
  }
  return out;
}

function parseFields<T extends z.ZodType>(schema: T, raw: Record<string, unknown>): z.infer<T> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new SsoError(SsoCode.badInput, fieldMessage(parsed.error));
  return parsed.data;
}

function fieldMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  return ssoMessage('field', { field: issue?.path.join('.') || 'body', problem: issue?.message ?? 'invalid' });
}

/** Logs a database failure without the query parameters (they may hold phones or digests). */
function logDbError(log: Logger, error: unknown, reason: string): void {
  log.warn({ ...loggableError(error), reason }, 'database unavailable');
}
