// Pure, browser-safe parts of the single sign-on protocol: answer codes, messages, phone and code
// rules (SPEC §5), shared by the SSO service and the login dialog. No Node APIs here.

import { serverMessage, type ServerMessageKey } from '../server/messages/server-message.ts';

/** `error_code` values of every SSO answer. 0 is success; see README.md for the full table. */
export const SsoCode = {
  ok: 0,
  /** qrconnect: QR unknown, expired, cancelled or already used. */
  qrInvalid: 1404,
  /** qrconnect: keep polling (not scanned yet, or scanned and not confirmed). */
  qrWaiting: 1405,
  /** qrconnect: WeChat identity has no phone yet; data.bindTicket goes to /oauth/smsbindorreg.html. */
  phoneNotBound: 2000,
  badInput: 40000,
  /** GET /session: no SSO cookie session in this browser. */
  notLoggedIn: 40001,
  /** Slider ticket missing, forged, expired, replayed or from another IP. */
  captchaInvalid: 40100,
  /** SMS code wrong, expired, used, replaced or out of tries. */
  smsCodeInvalid: 40101,
  /** Binding ticket unknown, expired or used. */
  bindTicketInvalid: 40102,
  /** OAuth state missing, foreign or replayed. */
  stateInvalid: 40103,
  /** Not the browser that created the QR (poll key cookie missing or wrong). */
  forbidden: 40300,
  notFound: 40400,
  /** The phone is already bound to another WeChat account. */
  conflict: 40900,
  tooLarge: 41300,
  rateLimited: 42900,
  internal: 50000,
  /** The SMS or WeChat provider failed. */
  providerFailed: 50200,
  /** The database is unavailable. */
  unavailable: 50300,
} as const;
export type SsoCode = (typeof SsoCode)[keyof typeof SsoCode];

/** HTTP status mirrors the class of the code (DESIGN.md); 0, 1404, 1405 and 2000 are 200. */
export function ssoHttpStatus(code: number): number {
  if (code < 40000) return 200;
  const status = Math.floor(code / 100);
  return status >= 400 && status < 600 ? status : 500;
}

/** Slider failure numbers shown in '滑动验证失败,失败编号{n}'. */
export const CaptchaFailure = {
  /** Challenge unknown, expired or from another IP. */
  challengeInvalid: 1001,
  /** The drag took less than 300 ms (or longer than the challenge lives). */
  tooFast: 1002,
  /** Fewer than 10 points, or more than 5 × track width. */
  pointCount: 1003,
  /** Final x more than 5 px from the target. */
  missedTarget: 1004,
  /** A jump over 50 px between two points. */
  jump: 1005,
  /** The track does not start near 0 or leaves the track. */
  badStart: 1006,
  /** y never varies: a ruler-straight line. */
  straight: 1007,
  /** No slowing down at the end: constant speed. */
  noDeceleration: 1008,
  /** Malformed track: time not increasing, values out of range. */
  malformed: 1009,
  /** Challenge already used (a replayed track). */
  replayed: 1010,
  /** Locked: 5 failures, wait 360 s. */
  locked: 1011,
} as const;

/**
 * Proof-of-work failure numbers (POST /captcha/pow/verify, the slider's accessible alternative)
 * shown in '验证失败,失败编号{n}'. Every one of them but `locked` counts toward the failure lock
 * the slider shares.
 */
export const PowFailure = {
  /** Challenge unknown, expired (120 s) or issued to another IP. */
  challengeInvalid: 1101,
  /** The signature is not ours: a forged or altered challenge, or another algorithm. */
  badSignature: 1102,
  /** The number does not solve the challenge: SHA-256(salt + number) differs (the challenge is burnt). */
  wrongNumber: 1103,
  /** Challenge already used (a replayed solution). */
  replayed: 1104,
  /** Malformed solution: missing fields, not hex, number out of range. */
  malformed: 1105,
  /** Locked: 5 failures (slider and proof of work together) within 360 s; wait 360 s. */
  locked: 1106,
} as const;

/** Slider load error numbers shown in '验证码加载异常,异常编号{n}'. */
export const CaptchaLoadError = {
  /** Too many challenges requested from this IP (30 a minute). */
  tooMany: 2001,
  /** The service (database) is unavailable. */
  unavailable: 2002,
  /** Locked after 5 failures. */
  locked: 2003,
} as const;

/**
 * An SSO message. The SSO answers in Chinese only, the texts SPEC.md gives; they live in the
 * servers' one table (src/lib/server/messages/zh.ts), the SSO's own under `sso.`.
 */
export function ssoMessage(key: ServerMessageKey, vars?: Readonly<Record<string, string | number>>): string {
  return serverMessage(key, 'zh', vars);
}

export function captchaFailureMessage(n: number): string {
  return ssoMessage('sso.captchaFailure', { n });
}
export function powFailureMessage(n: number): string {
  return ssoMessage('sso.powFailure', { n });
}
export function captchaLoadErrorMessage(n: number): string {
  return ssoMessage('sso.captchaLoadError', { n });
}

/** SPEC §9: phone pattern 1[3-9] plus 9 digits; default area code 86. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const DEFAULT_AREACODE = '86';
export const DEFAULT_SITE_ID = 35;

/** A site sharing the SSO's logins; `syncBase` is where its SSO mount answers GET {syncBase}/sync. */
export type SsoSite = { id: number; name: string; syncBase?: string | undefined };

export type PhoneCheck =
  | { ok: true; national: string; areacode: '86'; /** E.164 digits: one rate-limit bucket per phone. */ key: string }
  | { ok: false; message: string };

/**
 * Normalizes and checks a phone per SPEC §5. `+86 138…`, `86138…`, `0086…` and `138…` (with spaces
 * or dashes) are one phone. Only mainland China (86) is served, as the spec's pattern implies.
 */
export function checkPhone(account: string | undefined, areacode: string | undefined): PhoneCheck {
  const raw = (account ?? '').trim();
  if (raw === '') return { ok: false, message: ssoMessage('sso.phoneRequired') };
  const area = (areacode ?? '').trim().replace(/^\+|^00/, '') || DEFAULT_AREACODE;
  if (area !== DEFAULT_AREACODE) return { ok: false, message: ssoMessage('sso.areacodeUnsupported') };
  let digits = raw.replace(/[\s\-()]/g, '');
  if (digits.startsWith('+86')) digits = digits.slice(3);
  else if (digits.startsWith('0086')) digits = digits.slice(4);
  else if (digits.length === 13 && digits.startsWith('86')) digits = digits.slice(2);
  if (!PHONE_PATTERN.test(digits)) return { ok: false, message: ssoMessage('sso.phoneInvalid') };
  return { ok: true, national: digits, areacode: '86', key: `86${digits}` };
}

export type CodeCheck = { ok: true; code: string } | { ok: false; message: string };

/** SMS codes are exactly 6 digits; anything with letters or other lengths is rejected. */
export function checkSmsCode(smscode: string | undefined): CodeCheck {
  const code = (smscode ?? '').trim();
  if (code === '') return { ok: false, message: ssoMessage('sso.codeRequired') };
  if (!/^\d{6}$/.test(code)) return { ok: false, message: ssoMessage('sso.codeInvalidFormat') };
  return { ok: true, code };
}

/** 13812341234 -> 138****1234 (SPEC §5: only phones of exactly 11 digits are masked). */
export function maskPhone(phone: string): string {
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
}

/**
 * The slider's fixed geometry: the background picture is CAPTCHA_TRACK_WIDTH × CAPTCHA_HEIGHT, the
 * piece a full-height strip CAPTCHA_PIECE_WIDTH wide whose left edge is dragged onto the gap. The
 * target x exists only on the server and in the pixels.
 */
export const CAPTCHA_TRACK_WIDTH = 300;
export const CAPTCHA_HEIGHT = 150;
export const CAPTCHA_PIECE_WIDTH = 60;

export type TrackPoint = { x: number; y: number; t: number };

export type TrackVerdict = { ok: true } | { ok: false; failure: number };

/**
 * Server-side check of a drag track (tianai / AJ-Captcha style): at least 300 ms and 10 points, at
 * most 5 × width points, starts near 0, never jumps over 50 px, y varies, slows down at the end, and
 * ends within ±5 px of the target. Pure: the dialog may run it too, but only the server's verdict counts.
 */
export function judgeTrack(track: readonly TrackPoint[], targetX: number, width = CAPTCHA_TRACK_WIDTH): TrackVerdict {
  const shape = judgeTrackShape(track, width);
  if (!shape.ok) return shape;
  if (Math.abs(track[track.length - 1]!.x - targetX) > 5) return { ok: false, failure: CaptchaFailure.missedTarget };
  return { ok: true };
}

/**
 * Everything judgeTrack checks but the target: what the dialog can check itself before sending (it
 * never knows the target, which is only in the picture).
 */
export function judgeTrackShape(track: readonly TrackPoint[], width = CAPTCHA_TRACK_WIDTH): TrackVerdict {
  const fail = (failure: number): TrackVerdict => ({ ok: false, failure });
  if (track.length < 10 || track.length > width * 5) return fail(CaptchaFailure.pointCount);
  for (let i = 0; i < track.length; i++) {
    const p = track[i]!;
    if (![p.x, p.y, p.t].every(Number.isFinite)) return fail(CaptchaFailure.malformed);
    if (i > 0 && p.t <= track[i - 1]!.t) return fail(CaptchaFailure.malformed);
  }
  const first = track[0]!;
  const last = track[track.length - 1]!;
  if (Math.abs(first.x) > 10 || track.some((p) => p.x < -10 || p.x > width + 10)) return fail(CaptchaFailure.badStart);
  const duration = last.t - first.t;
  if (duration < 300) return fail(CaptchaFailure.tooFast);
  if (duration > 60_000) return fail(CaptchaFailure.tooFast);
  for (let i = 1; i < track.length; i++) {
    if (Math.abs(track[i]!.x - track[i - 1]!.x) > 50) return fail(CaptchaFailure.jump);
  }
  if (track.every((p) => p.y === first.y)) return fail(CaptchaFailure.straight);
  // Speed over the last quarter of the time must drop below 80 % of the mean speed.
  const mean = pathLength(track) / duration;
  const tailStart = last.t - duration / 4;
  let k = track.length - 1;
  while (k > 0 && track[k]!.t > tailStart) k--;
  const tail = track.slice(k);
  const tailDuration = last.t - tail[0]!.t;
  if (tailDuration <= 0 || pathLength(tail) / tailDuration > 0.8 * mean) return fail(CaptchaFailure.noDeceleration);
  return { ok: true };
}

function pathLength(points: readonly TrackPoint[]): number {
  let sum = 0;
  for (let i = 1; i < points.length; i++) sum += Math.abs(points[i]!.x - points[i - 1]!.x);
  return sum;
}

/** A synthetic human-like track (ease-out, jitter in y) for tests and the dev tools. */
export function humanTrack(targetX: number, options: { points?: number; durationMs?: number; startT?: number } = {}): TrackPoint[] {
  const n = options.points ?? 30;
  const duration = options.durationMs ?? 900;
  const start = options.startT ?? 0;
  const track: TrackPoint[] = [];
  for (let i = 0; i < n; i++) {
    const f = i / (n - 1);
    const eased = 1 - (1 - f) ** 3;
    track.push({ x: Math.round(targetX * eased * 10) / 10, y: Math.round(Math.sin(i * 1.7) * 2), t: Math.round(start + f * duration) });
  }
  return track;
}
