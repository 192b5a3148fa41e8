import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_SECRETS_FILE } from '../../playwright.config.ts';
import { CAPTCHA_TRACK_WIDTH, humanTrack } from '../../src/lib/sso/sso.ts';

// Helpers of the login and account journeys: distinct phones (the SSO allows one SMS per phone a
// minute), a human-like mouse drag of the slider, the dev inbox, and a login through the SSO's API.
// The slider's answer is only in its picture; the tests read it from the development tool
// GET /sso/dev/captcha/answer (dev SMS provider only; open to this machine, as the tests are).

/** Islands answer clicks once hydrated (Astro drops their `ssr` attribute then). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
}

/** Remembers a value that must never reach the server's log (zz-secrets-in-logs.spec.ts looks for each). */
export function noteSecret(kind: 'phone' | 'code' | 'token' | 'ticket', value: string): void {
  mkdirSync(dirname(E2E_SECRETS_FILE), { recursive: true });
  appendFileSync(E2E_SECRETS_FILE, `${JSON.stringify({ kind, value })}\n`);
}

const used = new Set<string>();
/** A fresh mainland mobile number (1[3-9] + 9 digits) for this run. */
export function uniquePhone(prefix = '138'): string {
  for (;;) {
    const phone = prefix + String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
    if (!used.has(phone)) {
      used.add(phone);
      noteSecret('phone', phone);
      return phone;
    }
  }
}

export const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

/** The stored answer of a slider challenge (the piece's left edge in the 300-unit track). */
export async function captchaAnswer(request: APIRequestContext, challengeId: string): Promise<number> {
  const res = await request.get(`/sso/dev/captcha/answer?challengeId=${encodeURIComponent(challengeId)}`);
  const body = (await res.json()) as { error_code: number; msg: string; data: { targetX: number } | null };
  expect(body.error_code, body.msg).toBe(0);
  return body.data!.targetX;
}

/**
 * Where to drag the slider shown in `scope`: the knob's centre and the distance in CSS pixels that
 * puts the piece onto the gap (the answer scaled from the 300-unit track to the drawn one).
 */
export async function sliderDrag(page: Page, scope: Locator): Promise<{ x0: number; y0: number; dx: number }> {
  const slider = scope.getByTestId('login-slider');
  await expect(slider).toHaveAttribute('data-status', 'idle');
  const challengeId = await slider.getAttribute('data-challenge-id');
  expect(challengeId).toMatch(/^[\w-]{22}$/);
  const targetX = await captchaAnswer(page.request, challengeId!);
  const drawn = await scope.getByTestId('login-slider-track').evaluate((el) => el.clientWidth);
  const knob = (await scope.getByTestId('login-slider-knob').boundingBox())!;
  return { x0: knob.x + knob.width / 2, y0: knob.y + knob.height / 2, dx: (targetX * drawn) / CAPTCHA_TRACK_WIDTH };
}

/**
 * Drags the slider in `scope` so the piece fills the gap, the way a hand does: ease-out over ~0.8 s,
 * the pointer wobbling a pixel or two vertically, then waits for the server's verdict. The puzzle
 * picture opens while the pointer is on the slider.
 */
export async function dragSlider(page: Page, scope: Locator): Promise<void> {
  const slider = scope.getByTestId('login-slider');
  const { x0, y0, dx } = await sliderDrag(page, scope);
  await page.mouse.move(x0, y0);
  await expect(scope.getByTestId('login-slider-picture')).toBeVisible();
  await page.mouse.down();
  const steps = 28;
  for (let i = 1; i <= steps; i++) {
    const f = i / steps;
    await page.mouse.move(x0 + dx * (1 - (1 - f) ** 3), y0 + Math.round(Math.sin(i * 1.3) * 2));
    await page.waitForTimeout(25);
  }
  await page.mouse.up();
  await expect(slider).toHaveAttribute('data-status', 'ok');
}

type Inbox = { data: { messages: { code: string; purpose: string; at: number }[] } };

/** The newest code the dev SMS provider "sent" to `phone` (GET /sso/dev/inbox). */
export async function inboxCode(request: APIRequestContext, phone: string, purpose: 'login' | 'bind' = 'login'): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const body = (await (await request.get(`/sso/dev/inbox?phone=${phone}`)).json()) as Inbox;
      code = body.data.messages.find((m) => m.purpose === purpose)?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  noteSecret('code', code);
  return code;
}

/** A slider ticket solved through the API: the answer from the dev tool, a synthetic human-like track. */
export async function apiTicket(request: APIRequestContext): Promise<Record<string, string>> {
  const challenge = (await (await request.get('/sso/captcha/challenge')).json()) as { data: { challengeId: string } };
  const targetX = await captchaAnswer(request, challenge.data.challengeId);
  const verify = (await (
    await request.post('/sso/captcha/verify', { data: { challengeId: challenge.data.challengeId, track: humanTrack(targetX) } })
  ).json()) as { error_code: number; data: Record<string, string> };
  expect(verify.error_code).toBe(0);
  for (const value of Object.values(verify.data)) if (typeof value === 'string' && value.length >= 16) noteSecret('ticket', value);
  return verify.data;
}

/** Sends a login code to `phone` through the API (slider solved by the API too). */
export async function apiSendCode(request: APIRequestContext, phone: string): Promise<void> {
  const ticket = await apiTicket(request);
  const send = (await (
    await request.post('/sso/register/regsms', { form: { account: phone, areacode: '86', scene: 'quick', aliscene: 'login', siteid: '35', ...ticket } })
  ).json()) as { error_code: number; msg: string };
  expect(send.error_code, send.msg).toBe(0);
}

export type SsoLogin = { token: string; userId: number; username: string; nickname: string | null; phone: string | null; lastLoginTime: number };

/** A full SMS login through the SSO's API: the session the dialog would get. */
export async function apiLogin(request: APIRequestContext, phone: string): Promise<SsoLogin> {
  await apiSendCode(request, phone);
  const smscode = await inboxCode(request, phone);
  const login = (await (
    await request.post('/sso/smsLogin/index.html', { multipart: { account: phone, areacode: '86', smscode, siteid: '35' } })
  ).json()) as { error_code: number; msg: string; data: SsoLogin };
  expect(login.error_code, login.msg).toBe(0);
  noteSecret('token', login.data.token);
  return login.data;
}

/** Puts a session into the page's storage the way setUserInfo does, and reloads. */
export async function useSession(page: Page, login: SsoLogin): Promise<void> {
  await page.evaluate((l) => {
    localStorage.setItem('token', l.token);
    if (l.phone) localStorage.setItem('userPhone', l.phone);
    if (l.nickname) localStorage.setItem('nickname', l.nickname);
    localStorage.setItem('userId', String(l.userId));
    localStorage.setItem('username', l.username);
  }, login);
  await page.reload();
}
