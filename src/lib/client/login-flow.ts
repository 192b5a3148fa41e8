// Pure state logic of the login dialog (SPEC §2, §4, §5, §8, §9): validation, the SMS button's
// countdown, the WeChat poll decisions, the slider's track recorder, the SSO form bodies and the
// user-info read after login. No DOM and no fetch here, so all of it is unit-tested.
import { DEFAULT_AREACODE, DEFAULT_SITE_ID, judgeTrackShape, PHONE_PATTERN, SsoCode, type TrackPoint } from '../sso/sso.ts';

/** SPEC §9. */
export const SMS_RESEND_SECONDS = 60;
export const QR_POLL_MS = 1500;
export const SUCCESS_CODE = 200000;
/** A solved slider's ticket lives 120 s on the server; give it up a little earlier. */
export const SLIDER_TICKET_LIFE_MS = 110_000;
/** A challenge lives 120 s; reload it a little earlier if nobody touched it. */
export const SLIDER_CHALLENGE_LIFE_MS = 110_000;

// ---- Validation (SPEC §5) ---------------------------------------------------------------------

/** Message keys of the dialog's own checks; the dictionaries hold the texts under `login.*`. */
export type ValidationKey = 'phoneRequired' | 'phoneInvalid' | 'sliderRequired' | 'codeRequired' | 'agreementRequired';

export function phoneError(phone: string): ValidationKey | null {
  const value = phone.trim();
  if (value === '') return 'phoneRequired';
  if (!PHONE_PATTERN.test(value)) return 'phoneInvalid';
  return null;
}

/** 'get code' needs a valid phone and a solved slider, in that order. */
export function sendCodeError(input: { phone: string; sliderDone: boolean }): ValidationKey | null {
  return phoneError(input.phone) ?? (input.sliderDone ? null : 'sliderRequired');
}

/** Submit needs a valid phone, a code and, for the WeChat binding form, the agreement. */
export function submitError(input: { phone: string; code: string; agreement?: boolean | undefined }): ValidationKey | null {
  const phone = phoneError(input.phone);
  if (phone) return phone;
  if (input.code.trim() === '') return 'codeRequired';
  if (input.agreement === false) return 'agreementRequired';
  return null;
}

// ---- SMS button (SPEC §4: idle, sending, 60 s countdown, back to 'get code'; failure 're-send') --

export type SmsButtonState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'countdown'; endsAt: number } | { kind: 'resend' };

export type SmsButtonEvent = { type: 'send' } | { type: 'sent'; now: number; seconds?: number } | { type: 'failed' } | { type: 'tick'; now: number };

export function smsButtonReducer(state: SmsButtonState, event: SmsButtonEvent): SmsButtonState {
  switch (event.type) {
    case 'send':
      return state.kind === 'idle' || state.kind === 'resend' ? { kind: 'sending' } : state;
    case 'sent':
      return { kind: 'countdown', endsAt: event.now + (event.seconds ?? SMS_RESEND_SECONDS) * 1000 };
    case 'failed':
      return { kind: 'resend' };
    case 'tick':
      return state.kind === 'countdown' && secondsLeft(state.endsAt, event.now) <= 0 ? { kind: 'idle' } : state;
  }
}

export function secondsLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** The button is clickable only when idle or after a failure. */
export function smsButtonEnabled(state: SmsButtonState): boolean {
  return state.kind === 'idle' || state.kind === 'resend';
}

export function smsButtonLabel(
  state: SmsButtonState,
  now: number,
  labels: { getCode: string; sending: string; countdown: string; resend: string },
): string {
  switch (state.kind) {
    case 'idle':
      return labels.getCode;
    case 'sending':
      return labels.sending;
    case 'resend':
      return labels.resend;
    case 'countdown':
      return labels.countdown.replace('{n}', String(secondsLeft(state.endsAt, now)));
  }
}

// ---- WeChat QR polling (SPEC §4: 0 success, 1405 keep polling, 1404 expired, 2000 bind) ------

export type QrPhase =
  | { kind: 'loading' }
  | { kind: 'shown'; scanned: boolean }
  | { kind: 'success' }
  | { kind: 'expired' }
  | { kind: 'bind'; bindTicket: string; nickname: string | null }
  | { kind: 'error'; message: string };

type PollAnswer = { error_code?: unknown; msg?: unknown; data?: unknown };

/** What one qrconnect answer means. Polling goes on only while the result is `shown`. */
export function qrPhaseFromPoll(answer: PollAnswer | null | undefined): QrPhase {
  const code = Number(answer?.error_code);
  const data = (answer?.data ?? null) as Record<string, unknown> | null;
  if (code === SsoCode.qrWaiting) return { kind: 'shown', scanned: data?.['scanned'] === true };
  if (code === SsoCode.ok) return { kind: 'success' };
  if (code === SsoCode.qrInvalid) return { kind: 'expired' };
  if (code === SsoCode.phoneNotBound) {
    const ticket = typeof data?.['bindTicket'] === 'string' ? data['bindTicket'] : '';
    if (ticket) return { kind: 'bind', bindTicket: ticket, nickname: typeof data?.['nickname'] === 'string' ? data['nickname'] : null };
  }
  return { kind: 'error', message: typeof answer?.msg === 'string' ? answer.msg : '' };
}

export function keepPolling(phase: QrPhase): boolean {
  return phase.kind === 'shown';
}

// ---- Slider track (the server judges it; see src/lib/sso/README.md) ---------------------------

/**
 * Records a drag as server-unit points: x scaled from the drawn track to the challenge's track
 * width and clamped to it, y as the pointer's offset, t in ms from the first point, strictly rising.
 */
export function createTrackRecorder(scale: number, maxX: number) {
  const points: TrackPoint[] = [];
  let t0 = 0;
  let y0 = 0;
  return {
    start(y: number, time: number) {
      points.length = 0;
      t0 = time;
      y0 = y;
      points.push({ x: 0, y: 0, t: 0 });
    },
    /** dx: pointer offset from the drag start in drawn pixels; returns the server-unit x. */
    move(dx: number, y: number, time: number): number {
      const x = Math.round(Math.min(maxX, Math.max(0, dx * scale)) * 10) / 10;
      const t = Math.round(time - t0);
      const last = points[points.length - 1];
      if (last && t <= last.t) {
        // Same millisecond: keep the newest position, never a repeated time (the start point stays).
        if (points.length > 1) points[points.length - 1] = { x, y: Math.round(y - y0), t: last.t };
        else points.push({ x, y: Math.round(y - y0), t: last.t + 1 });
        return x;
      }
      points.push({ x, y: Math.round(y - y0), t });
      return x;
    },
    get points(): readonly TrackPoint[] {
      return points;
    },
    get lastX(): number {
      return points[points.length - 1]?.x ?? 0;
    },
  };
}

/**
 * The dialog's own run of the server's judge before sending, on what the dialog knows: duration,
 * points, start, jumps, wobble and slowing down. A track that would surely fail is not sent, so a
 * human's slips do not count towards the server's 5-failure lock. Whether the piece landed on the
 * gap only the server knows (the dialog has the picture, not the answer); only its verdict grants
 * a ticket.
 */
export function precheckTrack(track: readonly TrackPoint[], width: number): { ok: true } | { ok: false; failure: number } {
  return judgeTrackShape(track, width);
}

/** A challenge as the dialog uses it; null when the answer is not one (missing pictures…). */
export type SliderChallenge = { challengeId: string; trackWidth: number; height: number; pieceWidth: number; background: string; piece: string };

const IMAGE_URL = /^data:image\/(png|webp|jpeg);base64,[A-Za-z0-9+/=]+$/;

export function readSliderChallenge(data: unknown): SliderChallenge | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  const size = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= 2000 ? v : fallback);
  if (typeof d['challengeId'] !== 'string' || !d['challengeId']) return null;
  if (typeof d['background'] !== 'string' || !IMAGE_URL.test(d['background'])) return null;
  if (typeof d['piece'] !== 'string' || !IMAGE_URL.test(d['piece'])) return null;
  return {
    challengeId: d['challengeId'],
    trackWidth: size(d['trackWidth'], 300),
    height: size(d['height'], 150),
    pieceWidth: size(d['pieceWidth'], 60),
    background: d['background'],
    piece: d['piece'],
  };
}

// ---- SSO bodies (SPEC §3 login form, WeChat binding form) ------------------------------------

export type CaptchaTicket = { sessionId: string; sig: string; token: string; csessionid: string };

export function isCaptchaTicket(value: unknown): value is CaptchaTicket {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return ['sessionId', 'sig', 'token', 'csessionid'].every((k) => typeof v[k] === 'string' && (v[k] as string).length > 0);
}

export type LoginFormInput = {
  phone: string;
  smscode?: string;
  ticket: CaptchaTicket | null;
  siteId?: number;
  referer: string;
  /** The WeChat binding ticket: the binding form (reg_tid 0, uuid, agreement 1). */
  bindTicket?: string;
};

/** SPEC §3 login form fields, in order; the binding form adds reg_tid, uuid and agreement. */
export function loginFormFields(input: LoginFormInput): [string, string][] {
  const t = input.ticket;
  const fields: [string, string][] = [
    ['account', input.phone.trim()],
    ['areacode', DEFAULT_AREACODE],
    ['smscode', (input.smscode ?? '').trim()],
    ['scene', 'quick'],
    ['sessionId', t?.sessionId ?? ''],
    ['sig', t?.sig ?? ''],
    ['token', t?.token ?? ''],
    ['csessionid', t?.csessionid ?? ''],
    ['aliscene', input.bindTicket ? 'bind' : 'login'],
    ['siteid', String(input.siteId ?? DEFAULT_SITE_ID)],
    ['referer', input.referer],
  ];
  if (input.bindTicket) fields.push(['reg_tid', '0'], ['uuid', input.bindTicket], ['agreement', '1']);
  return fields;
}

// ---- Answers -----------------------------------------------------------------------------------

export type LoginData = {
  token: string;
  syncurl: string[];
  userId: number | null;
  username: string | null;
  nickname: string | null;
  phone: string | null;
  lastLoginTime: number | null;
};

const TOKEN_PATTERN = /^[\w-]{16,200}$/;

/** SPEC §7: login answers read error_code, msg, data.token, data.syncurl; not '0' shows msg. */
export function readLoginAnswer(answer: unknown): { ok: true; data: LoginData } | { ok: false; code: number; msg: string; data: unknown } {
  const a = (answer ?? {}) as { error_code?: unknown; msg?: unknown; data?: unknown };
  const code = Number(a.error_code);
  const msg = typeof a.msg === 'string' ? a.msg : '';
  const d = (a.data ?? {}) as Record<string, unknown>;
  if (String(a.error_code) !== '0' || typeof d['token'] !== 'string' || !TOKEN_PATTERN.test(d['token'])) {
    return { ok: false, code: Number.isFinite(code) ? code : -1, msg, data: a.data };
  }
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    ok: true,
    data: {
      token: d['token'],
      syncurl: Array.isArray(d['syncurl']) ? d['syncurl'].filter((u): u is string => typeof u === 'string' && /^https?:\/\//.test(u)) : [],
      userId: typeof d['userId'] === 'number' ? d['userId'] : null,
      username: str(d['username']),
      nickname: str(d['nickname']),
      phone: str(d['phone']),
      lastLoginTime: typeof d['lastLoginTime'] === 'number' ? d['lastLoginTime'] : null,
    },
  };
}

export type UserPicName = {
  id: number | string | null;
  nickname: string | null;
  phone: string | null;
  username: string | null;
  email: string | null;
  headimage: string | null;
};

/**
 * getUserPicName (SPEC §7, §8): reads code, result.id, nickname, phone, username, email, headimage;
 * a code other than 200000 raises 'get user info failed, {code}'.
 */
export function readUserPicName(body: unknown): UserPicName {
  const b = (body ?? {}) as { code?: unknown; result?: unknown };
  if (b.code !== SUCCESS_CODE) throw new Error(`get user info failed, ${String(b.code)}`);
  const r = (b.result ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    id: typeof r['id'] === 'number' || typeof r['id'] === 'string' ? r['id'] : null,
    nickname: str(r['nickname']),
    phone: str(r['phone']),
    username: str(r['username']),
    email: str(r['email']),
    headimage: str(r['headimage']),
  };
}

// ---- Error texts -------------------------------------------------------------------------------

/** The English texts of the SSO's Chinese messages the dialog may show (zh shows msg as is). */
export type SsoErrorLabels = {
  sliderFailed: string;
  sliderLoadError: string;
  tooSoon: string;
  generic: string;
} & Partial<Record<string, string>>;

const ZH_TO_KEY: Record<string, string> = {
  请输入手机号码: 'phoneRequired',
  手机号码格式不正确: 'phoneInvalid',
  请输入验证码: 'codeRequired',
  验证码格式不正确: 'codeFormat',
  '验证码错误或已过期，请重新获取': 'codeWrong',
  '请同意相关协议！': 'agreementRequired',
  请滑动验证: 'sliderRequired',
  '滑动验证已失效，请重新滑动': 'sliderExpired',
  '发送次数过多，请1小时后再试': 'hourLimit',
  '今日发送次数已达上限，请明天再试': 'dayLimit',
  '当前网络请求过于频繁，请稍后再试': 'ipLimit',
  '验证码错误次数过多，请10分钟后再试': 'verifyLocked',
  '该手机号验证次数过多，请重新获取验证码': 'verifyPhoneDayLimit',
  '短信发送失败，请稍后再试': 'smsFailed',
  '二维码已失效，请刷新': 'qrExpired',
  '二维码不属于当前浏览器，请刷新': 'qrForeign',
  '绑定已失效，请重新扫码': 'bindExpired',
  该手机号已绑定其他微信账号: 'boundElsewhere',
  '服务暂时不可用，请稍后再试': 'unavailable',
  '服务器内部错误，请稍后再试': 'internal',
};

/**
 * The text to show for an SSO answer that failed. zh: the server's msg (SPEC §8 "show msg"); en:
 * the English equivalent when the msg is one of the SSO's known texts, else the msg itself.
 */
export function ssoErrorText(locale: 'zh' | 'en', msg: string, labels: SsoErrorLabels): string {
  if (!msg) return labels.generic;
  if (locale === 'zh') return msg;
  const slider = /^滑动验证失败,失败编号(\d+)$/.exec(msg);
  if (slider) return labels.sliderFailed.replace('{n}', slider[1]!);
  const load = /^验证码加载异常,异常编号(\d+)$/.exec(msg);
  if (load) return labels.sliderLoadError.replace('{n}', load[1]!);
  const soon = /^发送过于频繁，请(\d+)秒后再试$/.exec(msg);
  if (soon) return labels.tooSoon.replace('{n}', soon[1]!);
  const key = ZH_TO_KEY[msg];
  return (key && labels[key]) || msg;
}

/** Only same-origin paths may be a post-login destination (no open redirect). */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return null;
  return target;
}
